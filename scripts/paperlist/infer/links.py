"""Pull the links out of an abstract and sort them into code, data and other.

Abstracts end with "Code is available at https://github.com/x/y." — so the hard part is
not finding URLs but cutting them cleanly: sentence punctuation, Markdown `[text](url)`
and `<url>` wrappers, and parentheses that belong to the URL (Wikipedia-style) versus
those around it. Only http(s) links are ever returned, because these end up as `href`s
on the published site and anything else (`javascript:`, `data:`) would be a hazard.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

LINK_KINDS = ("code", "data", "other")

# Hosts people write without a scheme ("github.com/x/y", "www.example.org").
_BARE_HOSTS = (
    r"www\.|(?:github|gitlab|kaggle)\.com/|(?:bitbucket|codeberg|zenodo|arxiv)\.org/"
    r"|huggingface\.co/|figshare\.com/|osf\.io/"
)
_URL_CHAR = r"[^\s<>\"'`{}|\\^\[\]\u2026]"
_URL = re.compile(rf"(?<![\w@/.-])(?:https?://|{_BARE_HOSTS}){_URL_CHAR}+", re.I)
_TRAILING = ".,;:!?*'\"\u201d\u2019"
_CLOSERS = {")": "(", "]": "[", "}": "{", ">": "<"}

_CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org")
_DATA_HOSTS = ("zenodo.org", "kaggle.com", "figshare.com", "osf.io")


def _trim(url: str) -> str:
    """Drop punctuation that ends the sentence rather than the URL, keeping a closing
    bracket only when the URL itself opened it: `.../Foo_(bar))` -> `.../Foo_(bar)`."""
    while url:
        last = url[-1]
        if last in _TRAILING:
            url = url[:-1]
        elif last in _CLOSERS and url.count(last) > url.count(_CLOSERS[last]):
            url = url[:-1]
        else:
            break
    return url


def _clean(raw: str) -> str | None:
    """A well-formed absolute http(s) URL, or None."""
    url = _trim(raw)
    if not re.match(r"https?://", url, re.I):
        url = "https://" + url
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    host = (parts.hostname or "").lower()
    label = r"[a-z0-9](?:[a-z0-9-]*[a-z0-9])?"
    if parts.scheme.lower() not in ("http", "https") or not re.fullmatch(
        rf"(?:{label}\.)+[a-z]{{2,}}", host
    ):
        return None
    return url


def _on(host: str, domains: tuple[str, ...]) -> bool:
    return any(host == d or host.endswith("." + d) for d in domains)


def classify(url: str) -> str:
    """"code" for repositories and demo spaces, "data" for dataset hosts, else "other"
    (model cards, project pages and papers are worth listing but are neither)."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    first = parts.path.strip("/").split("/")[0].lower()
    if _on(host, _CODE_HOSTS) or (_on(host, ("huggingface.co",)) and first == "spaces"):
        return "code"
    if _on(host, _DATA_HOSTS) or "dataverse" in host:
        return "data"
    if _on(host, ("huggingface.co",)) and first == "datasets":
        return "data"
    return "other"


def _key(url: str) -> str:
    """Two spellings of one link count once (scheme, "www.", case of host, final slash)."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower().removeprefix("www.")
    return f"{host}{parts.path.rstrip('/')}?{parts.query}"


def extract_links(text: str) -> dict[str, list[str]]:
    """Every http(s) link in ``text``, in order of appearance, without repeats, by kind."""
    links: dict[str, list[str]] = {kind: [] for kind in LINK_KINDS}
    seen: set[str] = set()
    for match in _URL.finditer(text or ""):
        url = _clean(match.group(0))
        if url and _key(url) not in seen:
            seen.add(_key(url))
            links[classify(url)].append(url)
    return links
