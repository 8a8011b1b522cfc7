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

from paperlist.model.page import ABSTRACT_LINK_KINDS
from paperlist.util.text import find_urls, has_scheme

_CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org")
_DATA_HOSTS = ("zenodo.org", "kaggle.com", "figshare.com", "osf.io")


def _clean(url: str) -> str | None:
    """A well-formed absolute http(s) URL, or None."""
    if not has_scheme(url):
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
    links: dict[str, list[str]] = {kind: [] for kind in ABSTRACT_LINK_KINDS}
    seen: set[str] = set()
    for _, found in find_urls(text or ""):
        url = _clean(found)
        if url and _key(url) not in seen:
            seen.add(_key(url))
            links[classify(url)].append(url)
    return links
