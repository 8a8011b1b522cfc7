"""Where the catalogue lives: its repository, the branch its pages are edited on, and the
site's public URL. Every link into the repository (edit buttons, the footer, the
contribute pages) and every absolute URL (BibTeX, citation meta tags, the feed) follows
from this one `Hosting`, so a catalogue moves by changing mkdocs.yml, or, in GitHub
Actions, by nothing at all: a fork's workflow knows its own repository and Pages URL.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

#: The branch edit links open when neither the option nor the environment names one.
#: GitHub's default for new repositories (Material's guess, `master`, 404s there).
DEFAULT_BRANCH = "main"


@dataclass(frozen=True)
class Hosting:
    #: the repository's web URL, no trailing slash (https://github.com/owner/name), or ''
    repo: str
    branch: str
    #: the site's public URL ending in '/', or '' when unknown
    site_url: str

    def edit_url(self, path: str) -> str:
        """The page that edits `path` (relative to the repository's root) on the branch:
        `<repo>/edit/<branch>/<path>`; '' without a repository."""
        return f"{self.repo}/edit/{self.branch}/{path.lstrip('/')}" if self.repo else ""

    def file_url(self, path: str) -> str:
        """The page that shows `path` on the branch: `<repo>/blob/<branch>/<path>`."""
        return f"{self.repo}/blob/{self.branch}/{path.lstrip('/')}" if self.repo else ""


class HostingError(ValueError):
    """A repository or site URL that no link could be made from (the message says what to
    give instead)."""


#: `git remote -v`'s SSH forms: git@host:owner/name.git, ssh://git@host[:port]/owner/name
_SSH = re.compile(r"(?:ssh://)?[\w.-]+@(?P<host>[\w.-]+)(?::\d+)?[:/](?P<path>[^\s:]+)")
#: a web URL (any host: an Enterprise server's may have no dot), or one without its
#: scheme whose host has a domain (github.com/owner/name)
_WEB = re.compile(r"(?:(?P<scheme>https?)://(?P<host>[\w.-]+(?::\d+)?)"
                  r"|(?P<bare>[\w.-]+\.[A-Za-z]{2,}(?::\d+)?))/(?P<path>\S+)")
#: owner/name, as GITHUB_REPOSITORY writes it (an owner has no dot: "github.com/someone"
#: is a host and an owner)
_OWNER_NAME = re.compile(r"[A-Za-z0-9-]+/[\w.-]+")
#: what no repository's own address holds: a query, a fragment, a view of its files (after
#: the owner and the name: a repository may be called "wiki")
_NOT_A_REPOSITORY = re.compile(
    r"[?#\s]|^(?:[a-z]+://|[\w.-]+@)?[^/]+/[^/]+/[^/]+/(?:tree|blob|edit|issues|pulls?|wiki)"
    r"(?:/|$)")


def repository_url(value: str) -> str:
    """The repository's web URL (https://github.com/owner/name, no trailing slash, no
    `.git`) from any way it is commonly written: that URL, `owner/name`, or what `git
    remote -v` shows (git@github.com:owner/name.git). Edit links are made from it, and
    MkDocs refuses a build whose edit link is no URL, at the end of the build and without
    naming the option: so anything else is refused here, saying what to give."""
    text = value.strip().rstrip("/").removesuffix(".git")
    if not _NOT_A_REPOSITORY.search(text):
        if _OWNER_NAME.fullmatch(text):
            return f"https://github.com/{text}"
        web, ssh = _WEB.fullmatch(text), _SSH.fullmatch(text)
        if web and web.group("path").count("/") >= 1:
            host = web.group("host") or web.group("bare")
            return f"{web.group('scheme') or 'https'}://{host}/{web.group('path')}"
        if ssh and ssh.group("path").count("/") >= 1:
            return f"https://{ssh.group('host')}/{ssh.group('path').lstrip('/')}"
    raise HostingError(f"repo {value!r} is not a repository: give its web address, e.g. "
                       "https://github.com/OWNER/NAME (OWNER/NAME and git@github.com:OWNER/"
                       "NAME.git are read as that too)")


def public_url(value: str) -> str:
    """The site's public URL, ending in '/'. Only an http(s) URL with a host: the feed,
    BibTeX and citation tags print it as it is, and MkDocs refuses anything else."""
    text = value.strip()
    if not re.fullmatch(r"https?://[^\s/?#]+(?:/[^\s?#]*)?", text):
        example = f"https://{text.strip('/')}/" if text and "://" not in text else \
            "https://owner.github.io/name/"
        raise HostingError(f"site URL {value!r} is not a web address: give the whole URL the "
                           f"site is served at, scheme included, e.g. {example}")
    return text if text.endswith("/") else text + "/"


def pages_url(repository: str) -> str:
    """GitHub Pages' URL for `owner/name`: https://owner.github.io/name/, or, for a user or
    organisation site (a repository named `owner.github.io`), https://owner.github.io/."""
    owner, _, name = repository.partition("/")
    host = f"{owner.lower()}.github.io"
    return f"https://{host}/" if name.lower() == host else f"https://{host}/{name}/"


def _built_branch(env: Mapping[str, str]) -> str:
    """The branch a workflow builds: a pull request's base (its own ref, `12/merge`, is no
    branch to edit on), else the pushed branch; '' for a tag or outside Actions."""
    base = env.get("GITHUB_BASE_REF", "").strip()
    if base:
        return base
    name = env.get("GITHUB_REF_NAME", "").strip()
    if env.get("GITHUB_REF_TYPE", "branch") != "branch" or name.endswith("/merge"):
        return ""
    return name


def resolve(repo: str | None, branch: str | None, site_url: str | None,
            env: Mapping[str, str]) -> Hosting:
    """The options as given in mkdocs.yml, each missing one defaulted from GitHub Actions'
    environment: GITHUB_REPOSITORY (`owner/name`) gives the repository (on
    GITHUB_SERVER_URL, github.com unless Enterprise), the branch is the pull request's base
    (GITHUB_BASE_REF) or the pushed branch (GITHUB_REF_NAME; a pull request's own ref,
    `12/merge`, is no branch to edit on), and, inside Actions (GITHUB_ACTIONS=true), the
    public URL is the repository's Pages URL. Outside Actions a missing site URL stays
    unknown: a local build does not pretend to be deployed."""
    repository = env.get("GITHUB_REPOSITORY", "").strip()
    if not repo and repository:
        server = env.get("GITHUB_SERVER_URL", "").strip() or "https://github.com"
        repo = f"{server.rstrip('/')}/{repository}"
    branch = branch or _built_branch(env) or DEFAULT_BRANCH
    if not site_url and repository and env.get("GITHUB_ACTIONS") == "true":
        site_url = pages_url(repository)
    site_url = public_url(site_url) if site_url and site_url.strip() else ""
    return Hosting(repository_url(repo) if repo and repo.strip() else "", branch, site_url)


#: In a docs/ page: the site's name (mkdocs.yml site_name), so the home page's heading is
#: the catalogue's own without editing docs/ (paperlist init copies docs/ as it is).
SITE_NAME_MARKER = "<!-- paperlist:site_name -->"
#: In a docs/ page: a link to a file of the catalogue's repository, `[text](repo:PATH)`,
#: written `<repo>/blob/<branch>/PATH`; without a known repository, the text alone.
_REPO_LINK = re.compile(r"\[([^\]\n]*)\]\(repo:([^)\s]*)\)")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]#])")


def expand_docs_page(markdown: str, site_name: str, hosting: Hosting) -> str:
    """A docs/ page's markers and `repo:` links, before Markdown reads it."""
    if SITE_NAME_MARKER in markdown:
        name = _MD_SPECIAL.sub(r"\\\1", site_name.replace("&", "&amp;").replace("<", "&lt;"))
        markdown = markdown.replace(SITE_NAME_MARKER, name)
    if "](repo:" in markdown:
        markdown = _REPO_LINK.sub(
            lambda m: (f"[{m.group(1)}]({hosting.file_url(m.group(2))})" if hosting.repo
                       else m.group(1)), markdown)
    return markdown
