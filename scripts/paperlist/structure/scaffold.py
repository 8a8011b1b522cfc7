"""`paperlist init`: a new catalogue repository for any venue, ready to build and deploy.

Everything it writes comes from the package (`data/init/`), so an installed paperlist can
make one: this repository's own docs/, mkdocs.yml, CONTRIBUTING.md and pull request
template (linked there, so the two never drift; the wheel carries copies), adjusted to a
catalogue that has no `scripts/` of its own, plus the catalogue's workflows, README and
requirements. The new repository's own taxonomy is `taxonomy.yml`, a copy of the
shipped one, so its editors can add tags in a pull request as editors here do.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from string import Template

import yaml

from paperlist import DATA_DIR
from paperlist.ingest.importer import ImportReport, load_pages, run_import
from paperlist.ingest.listfile import missing_venue, parse_list
from paperlist.model.taxonomy import load_taxonomy
from paperlist.structure.hosting import (
    DEFAULT_BRANCH,
    HostingError,
    public_url,
    repository_url,
)
from paperlist.util.installed import installed_commit, requirement

TEMPLATE_DIR = DATA_DIR / "init"
TAXONOMY = "taxonomy.yml"
_SHIPPED_TAXONOMY = "scripts/paperlist/data/taxonomy.yml"
_UPSTREAM = "https://github.com/paperlist/paperlist/blob/main/"
_UPSTREAM_DATA = f"{_UPSTREAM}scripts/paperlist/data/"


class InitError(ValueError):
    """A destination that cannot become a catalogue (it holds files already)."""


@dataclass
class InitResult:
    dest: Path
    site_name: str
    report: ImportReport
    #: the commit of paperlist that requirements.txt pins (the one that made the pages),
    #: or None: it installs paperlist's latest main (util/installed.py)
    pinned: str | None = None
    #: papers of each tag of taxonomy.yml, in its order (0 for a tag on none): how well
    #: the copied taxonomy, machine learning's, fits the venue
    tag_use: dict[str, int] = field(default_factory=dict)

    def tag_note(self) -> str:
        """What init tells of the tags: the taxonomy is machine learning's, and how the
        venue's papers spread over it (a robotics venue's nearly all on one tag, half the
        tags on none, and the rest tagged by words such as "arms" and "low-cost")."""
        papers = len(self.report.created)
        taken = {name: n for name, n in self.tag_use.items() if n}
        if not papers or not taken:
            return ""
        top = max(taken, key=lambda name: taken[name])
        return (f"init: tags come from {self.dest / TAXONOMY}, a copy of paperlist's "
                f"machine-learning taxonomy ({len(self.tag_use)} tags): here {top!r} is on "
                f"{taken[top]} of the {papers} papers and {len(self.tag_use) - len(taken)} tags "
                "are on none. For another field, edit its tags and their evidence, then run "
                "paperlist retag (README: Tags for another field)")


#: This repository's words for what a catalogue without code does otherwise: (pattern,
#: replacement), in order. It installs paperlist from requirements.txt, has no test suite
#: or pre-commit hook, and checks a taxonomy change with retag and explain.
_CATALOGUE_WORDING = (
    (r"pip install -q -e '\.\[test\]'|pip install -q -e \.", "pip install -q -r requirements.txt"),
    (r"(?m)^\.venv/bin/python -m pytest .*\n", ""),
    (r"`paperlist import --check`, `paperlist build` and the tests\.\n"
     r"A pull request that changes only paper pages skips the tests\.",
     "`paperlist import --check` and `paperlist build`."),
    (r"(?s)To have every commit that touches `papers/\*\.md` checked first:\n.*?\n\n", ""),
    # (the mistakes the check is tested on are paperlist's file, not the catalogue's)
    (r"`tests/fixtures/mistakes/mistakes\.yml` lists",
     f"paperlist's [mistakes.yml]({_UPSTREAM}tests/fixtures/mistakes/mistakes.yml) lists"),
    (r"(?s)Before opening the PR, run\n\n```sh\npython -m pytest .*",
     "Before opening the PR, run `paperlist retag` and commit the pages it changes, and\n"
     "`paperlist explain <paper-id>` on a few papers to see what the new evidence does.\n"),
)


def _for_catalogue(text: str) -> str:
    """This repository's wording, for a catalogue with its own taxonomy.yml and no code."""
    text = text.replace(_SHIPPED_TAXONOMY, TAXONOMY)
    for pattern, replacement in _CATALOGUE_WORDING:
        text = re.sub(pattern, replacement, text)
    return re.sub(r"\]\(scripts/paperlist/data/", f"]({_UPSTREAM_DATA}", text)


def _contributing(text: str) -> str:
    """CONTRIBUTING.md without "Change the code": the new repository has no code."""
    text = re.sub(r"(?ms)^## Change the code\n.*?(?=^## |\Z)", "", text)
    text = re.sub(r"(?m)^- \[Change the code\]\(#change-the-code\)\n", "", text)
    return _for_catalogue(text).rstrip("\n") + "\n"


def _yaml_str(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _mkdocs_yml(text: str, site_name: str, description: str, repo: str | None,
                branch: str, site_url: str | None) -> str:
    """The template's mkdocs.yml with the catalogue's name and where it lives."""
    text = re.sub(r"(?m)^site_name:.*$", lambda _: f"site_name: {_yaml_str(site_name)}", text,
                  count=1)
    text = re.sub(r"(?m)^site_description:.*$",
                  lambda _: f"site_description: {_yaml_str(description)}", text, count=1)
    if site_url:
        text = text.replace("\ntheme:", f"\nsite_url: {_yaml_str(site_url)}\n\ntheme:", 1)
    block = re.search(r"(?ms)^  # Where the catalogue lives.*?^  - paperlist\n", text)
    if block is None:
        raise InitError(f"{TEMPLATE_DIR / 'mkdocs.yml'}: no paperlist plugin block to fill in")
    options = ["  # Where the catalogue lives (unset: in GitHub Actions, the repository the",
               "  # workflow runs in, and its Pages URL as site_url). See paperlist's README.",
               "  - paperlist:", f"      taxonomy: {TAXONOMY}", f"      branch: {branch}"]
    if repo:
        options.append(f"      repo: {repo}")
    return text[:block.start()] + "\n".join(options) + "\n" + text[block.end():]


#: the branch the templates name (the Pages workflow deploys from it, the README says so)
_TEMPLATE_BRANCH = re.compile(r"(?<![\w/.-])main(?![\w/-])")


def _on_branch(text: str, branch: str) -> str:
    """A template that names the `main` branch, naming `branch` instead: with `--branch
    master`, the edit links followed it but Pages still deployed only from main, so the
    site never went up. A name YAML might misread is written as a quoted string."""
    if branch == DEFAULT_BRANCH:
        return text
    plain = re.fullmatch(r"[A-Za-z0-9][\w./-]*", branch) and yaml.safe_load(branch) == branch
    name = branch if plain else json.dumps(branch)  # ("true", "on", "1.0": YAML's own)
    return _TEMPLATE_BRANCH.sub(lambda m: name, text)


def init_catalogue(dest: Path, list_path: Path, *, repo: str | None = None,
                   branch: str = DEFAULT_BRANCH, site_url: str | None = None,
                   title: str | None = None, venue: str | None = None) -> InitResult:
    """Make dest a catalogue repository of the list's papers, of the venue its header
    names unless `venue` is given (or the site's `title`: a list naming no venue is
    refused). The list is read first and dest must be empty (or absent), so a failure
    leaves nothing half-made behind."""
    # a clone of a new, empty GitHub repository holds only .git: that is empty enough
    if dest.exists() and (not dest.is_dir() or any(p.name != ".git" for p in dest.iterdir())):
        raise InitError(f"{dest}: is not an empty folder; give a new or empty one "
                        "(init never overwrites a catalogue)")
    try:  # (the edit links and absolute URLs made of them: refused now, not at the build)
        repo = repository_url(repo) if repo is not None else None
        site_url = public_url(site_url) if site_url is not None else None
    except HostingError as e:
        raise InitError(f"{e}; nothing was written") from None
    parsed = parse_list(list_path)  # a ListError here: nothing written yet
    if not parsed.paragraphs:  # every paragraph an error: a catalogue of no paper
        raise InitError(f"{parsed.errors[0]}; the list has no abstract that can be imported, "
                        "so nothing was written: fix it and run init again")
    venue = " ".join(venue.split()) if venue is not None else parsed.venue
    if not venue and not title:
        # the site would be "Paper catalogue", its pages of no venue: asked now, before
        # anything is written, rather than told to delete what init made (an empty
        # --venue is refused before, cli.py)
        what, give = missing_venue(parsed)
        raise InitError(f"{list_path}:{parsed.header_line}: {what}, and the site is named "
                        f"after the venue that every page gets: run init again with {give} "
                        "(or --title for the site's name), or put the venue in the header")
    site_name = title or f"{venue} paper catalogue"
    description = (f"Every {venue} abstract, browsable by topic and searchable in the browser."
                   if venue else "Every abstract, browsable by topic and searchable in the "
                   "browser.")
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copytree(TEMPLATE_DIR / "docs", dest / "docs")
    for page in (dest / "docs").rglob("*.md"):
        page.write_text(_for_catalogue(page.read_text(encoding="utf-8")), encoding="utf-8")
    (dest / "mkdocs.yml").write_text(_mkdocs_yml(
        (TEMPLATE_DIR / "mkdocs.yml").read_text(encoding="utf-8"), site_name, description,
        repo, branch, site_url), encoding="utf-8")
    shutil.copy(DATA_DIR / "taxonomy.yml", dest / TAXONOMY)
    (dest / "CONTRIBUTING.md").write_text(
        _contributing((TEMPLATE_DIR / "CONTRIBUTING.md").read_text(encoding="utf-8")),
        encoding="utf-8")
    github = dest / ".github"
    shutil.copytree(TEMPLATE_DIR / "github", github)
    template = github / "pull_request_template.md"
    text = template.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^- Tests: .*\n(?:  .*\n)*", "", text)  # no code, no tests
    template.write_text(_for_catalogue(text), encoding="utf-8")
    pages = github / "workflows" / "pages.yml"
    pages.write_text(_on_branch(pages.read_text(encoding="utf-8"), branch), encoding="utf-8")
    (dest / "README.md").write_text(_on_branch(Template(
        (TEMPLATE_DIR / "README.md").read_text(encoding="utf-8")).safe_substitute(
        site_name=site_name, description=description), branch), encoding="utf-8")
    # the workflows install this paperlist, so CI infers what its pages hold
    pinned = installed_commit()
    (dest / "requirements.txt").write_text(requirement(pinned) + "\n", encoding="utf-8")
    (dest / ".gitignore").write_text("site/\n.venv/\n__pycache__/\n", encoding="utf-8")
    source = dest / "papers" / "source"
    source.mkdir(parents=True)
    # as .txt: what the catalogue's imports and CI read from papers/source/
    copied = source / f"{list_path.stem}.txt"
    shutil.copy(list_path, copied)
    report = run_import(copied, dest / "papers", taxonomy=dest / TAXONOMY,
                        venue=venue if venue != parsed.venue else None)
    return InitResult(dest, site_name, report, pinned, _tag_use(dest))


def _tag_use(dest: Path) -> dict[str, int]:
    """Papers of each of the catalogue's tags, in its taxonomy's order."""
    use = dict.fromkeys((t.name for t in load_taxonomy(dest / TAXONOMY).tags), 0)
    pages, _ = load_pages(dest / "papers")
    for page in pages:
        for name in page.meta.get("tags") or ():
            if name in use:
                use[name] += 1
    return use
