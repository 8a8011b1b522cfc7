"""The plugin's options, as written under `plugins: - paperlist:` in mkdocs.yml.

A typed `Config` class, as Material's own plugins have: MkDocs validates each option and
reports a wrong one with its name before the build starts.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from mkdocs.config import base
from mkdocs.config import config_options as c

#: Set (to anything but '') by `paperlist serve` for its `mkdocs serve`: a page that would
#: fail the build is shown as its problems instead of stopping the whole preview. An
#: environment variable rather than an option, so that no mkdocs.yml can make a deployed
#: build lenient; a --strict build ignores it.
SHOW_PROBLEMS_ENV = "PAPERLIST_SHOW_PROBLEMS"


class _Count(c.Type):
    """A whole number, 0 or more."""

    def __init__(self, default: int) -> None:
        super().__init__(int, default=default)

    def run_validation(self, value: object) -> int:
        value = super().run_validation(value)
        if isinstance(value, bool) or value < 0:
            raise base.ValidationError(f"expected a whole number, 0 or more, not {value!r}")
        return value


class PaperlistConfig(base.Config):
    #: The folder of paper pages (`<id>.md`), relative to mkdocs.yml. Papers are served
    #: under its name (`papers/prorl.md` -> `/papers/prorl/`), and the edit button opens
    #: the page in this folder, not a copy.
    papers_dir = c.Type(str, default="papers")
    #: The taxonomy that tags resolve against: a YAML file relative to mkdocs.yml, or
    #: empty for the one shipped with paperlist (`paperlist/data/taxonomy.yml`).
    taxonomy = c.Optional(c.File(exists=True))
    #: `pagefind` answers Material's search box from an index of the papers in Pagefind's
    #: format, searched by Pagefind's code (search/index.py); `lunr` leaves Material's own
    #: search as it is.
    search = c.Choice(("pagefind", "lunr"), default="pagefind")
    #: The catalogue's repository, e.g. https://github.com/owner/name: every edit button
    #: opens `<repo>/edit/<branch>/papers/<id>.md`, the footer and the contribute pages
    #: link there. Default: mkdocs.yml's repo_url, else, in GitHub Actions, the repository
    #: the workflow runs in (GITHUB_REPOSITORY); none, no edit buttons. `owner/name` and
    #: `git@github.com:owner/name.git` are read as that URL, anything else is refused
    #: (structure/hosting.py `repository_url`).
    repo = c.Optional(c.Type(str))
    #: The branch edit links open. Default: in GitHub Actions the branch built (a pull
    #: request's base), else `main`.
    branch = c.Optional(c.Type(str))
    #: Papers in the Atom feed, feed.xml (the newest venue's first, html/feed.py); 0 for
    #: every paper. A feed reader downloads the whole feed on every poll: 500 papers are
    #: about 1 MB, 30,000 would be 50 MB.
    feed_entries = _Count(default=500)


class _LenientLoader(yaml.SafeLoader):
    """mkdocs.yml as data: MkDocs' own tags (`!ENV`, `!relative`, `!!python/name:`) read
    as nothing, since only the plugin's options are wanted."""


_LenientLoader.add_multi_constructor("!", lambda loader, suffix, node: None)
_LenientLoader.add_multi_constructor("tag:yaml.org,2002:python/",
                                     lambda loader, suffix, node: None)


def configured_taxonomy(config_file: Path) -> Path | None:
    """The taxonomy file mkdocs.yml's paperlist plugin names (`taxonomy:`, relative to
    mkdocs.yml), or None when there is no mkdocs.yml or it names none. What `paperlist
    import`, `retag`, `check` and `explain` tag with unless given --taxonomy, so that they
    tag as the build does: a catalogue made by `paperlist init` names its own taxonomy.yml,
    and `paperlist retag` without --taxonomy used the shipped one, after which check blamed
    the editors for the tags."""
    try:
        text = config_file.read_text(encoding="utf-8")
    except OSError:
        return None
    try:
        config = yaml.load(text, Loader=_LenientLoader)  # noqa: S506 - a safe loader
    except yaml.YAMLError:
        return None  # the build says what is wrong with it
    plugins = config.get("plugins") if isinstance(config, dict) else None
    entries = plugins.items() if isinstance(plugins, dict) else [
        next(iter(p.items())) if isinstance(p, dict) and len(p) == 1 else (p, None)
        for p in plugins or [] if isinstance(p, (str, dict))]
    for name, options in entries:
        if name == "paperlist" and isinstance(options, dict) and options.get("taxonomy"):
            return config_file.parent / str(options["taxonomy"])
    return None
