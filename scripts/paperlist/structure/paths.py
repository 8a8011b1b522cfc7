"""Where everything is in the site: the one place that spells a source path.

Generated pages and links name their targets by source path ("tags/causality.md"); the
MkDocs plugin turns those into relative URLs, so the URL pattern of the site
(`/tags/<slug>/`, `/venues/<slug>/`, `/browse/2/`, `/papers/<id>/`) follows from these few
functions alone.
Data files the browser fetches are named here too, and the JS is told their URLs by the
pages that use them (never re-derived in JS).
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

#: source path -> URL of that page relative to the page being written
Link = Callable[[str], str]

HOME = "index.md"
BROWSE = "browse.md"
TAGS_INDEX = "tags/index.md"
MAP_PAGE = "map.md"
#: the full search page (/search/); Material's search plugin writes its own
#: search/search_index.json beside it, which is fine: different files
SEARCH_PAGE = "search.md"
#: paperlist's own files in the site: scripts, styles, data the browser fetches
ASSETS = "assets/paperlist"
#: what the browser fetches: browse filters' data, the topic map's data (a script)
BROWSE_DATA = f"{ASSETS}/browse.json"
MAP_DATA = f"{ASSETS}/map-data.js"
#: the search engine (a classic script, used by the search page and the search worker)
SEARCH_CORE = f"{ASSETS}/search-core.js"
#: what the engine needs loaded before it, in this order
SEARCH_STEM = f"{ASSETS}/search-stem.js"
SEARCH_TEXT = f"{ASSETS}/search-text.js"
SEARCH_RANK = f"{ASSETS}/search-rank.js"
SEARCH_LOAD = f"{ASSETS}/search-load.js"
#: the engine's scripts, in the order they load (each needs those before it): the search
#: page loads them one by one, the header box's worker carries them inline
ENGINE_SCRIPTS = (SEARCH_STEM, SEARCH_TEXT, SEARCH_RANK, SEARCH_LOAD, SEARCH_CORE)
#: the script every page runs before Material's bundle, so the header box gets true totals
SEARCH_HOOK = f"{ASSETS}/search-hook.js"
#: the stylesheet that draws the theme's icons (html/icons.py)
ICONS = f"{ASSETS}/icons.css"
#: exports, at the site's root
PAPERS_JSON, PAPERS_CSV, PAPERS_BIB, FEED = "papers.json", "papers.csv", "papers.bib", "feed.xml"
PAPERS_SCHEMA = "papers.schema.json"

#: The id of a generated page's heading (a listing's name; on a paper page, an anchor at
#: its title's start, html/paper.py): where the theme's "Skip to content" link leads.
#: Material writes that link from the page's table of contents, which these pages, made
#: without Markdown, have only as the plugin sets it.
HEADING_ID = "page-title"

#: Papers per browse page; the first is filterable, the rest are plain lists.
BROWSE_PAGE_SIZE = 50
#: Papers per tag page; a tag of a 12,000-paper venue has thousands.
TAG_PAGE_SIZE = 100
#: Results per page of the full search page.
SEARCH_PAGE_SIZE = 50


def pages_needed(count: int, size: int) -> int:
    """Pages of `size` items for `count` items; an empty listing still has its first page."""
    return max(1, -(-count // size))


def tag_src(slug: str, page: int = 1) -> str:
    """Source path of a tag's page `page` (1: /tags/<slug>/, then /tags/<slug>/2/...)."""
    return f"tags/{slug}.md" if page == 1 else f"tags/{slug}/{page}.md"


def venue_src(slug: str, page: int = 1) -> str:
    """Source path of a venue's page `page` (1: /venues/<slug>/, then /venues/<slug>/2/...);
    a catalogue of several venues has one per venue."""
    return f"venues/{slug}.md" if page == 1 else f"venues/{slug}/{page}.md"


def browse_src(page: int) -> str:
    """Source path of the browse page `page` (1: the filterable browse page itself)."""
    return BROWSE if page == 1 else f"browse/{page}.md"


#: The browse page's view in its query string, read and written by assets/browse.js:
#: ?tag=<slug>&not=<slug>&code=1&data=1&sort=name&page=N&per=N, the record's
#: ?author=<a full name>&status=<a decision>, and ?venue=<a venue's name> (several venues).
#: Pages that link into a view use these.
BROWSE_TAG, BROWSE_PAGE, BROWSE_AUTHOR, BROWSE_STATUS = "tag", "page", "author", "status"
#: the browse page's boxes "with code", "with data" (`?code=1`)
BROWSE_WITH_CODE, BROWSE_WITH_DATA = "code", "data"
BROWSE_VENUE = "venue"


def browse_view(link: Link, key: str, value: str | int) -> str:
    """The link to the browse page showing one view, e.g. the papers of an author:
    `link(BROWSE)` + `?author=Ada%20Lovelace`. The value is percent-encoded whole (a name
    may hold '&', '#', '+' or accents); HTML-escaping the result stays the caller's."""
    return f"{link(BROWSE)}?{key}={quote(str(value), safe='')}"


def parse_tag_src(src_uri: str) -> tuple[str, int] | None:
    """'tags/x.md' -> ('x', 1), 'tags/x/3.md' -> ('x', 3); None for anything else."""
    if not (src_uri.startswith("tags/") and src_uri.endswith(".md")) or src_uri == TAGS_INDEX:
        return None
    slug, _, page = src_uri[len("tags/"):-len(".md")].partition("/")
    if page and not page.isdigit():
        return None
    return slug, int(page or 1)


def parse_venue_src(src_uri: str) -> tuple[str, int] | None:
    """'venues/x.md' -> ('x', 1), 'venues/x/3.md' -> ('x', 3); None for anything else."""
    if not (src_uri.startswith("venues/") and src_uri.endswith(".md")):
        return None
    slug, _, page = src_uri[len("venues/"):-len(".md")].partition("/")
    if not slug or (page and not page.isdigit()):
        return None
    return slug, int(page or 1)


def parse_browse_src(src_uri: str) -> int | None:
    """'browse.md' -> 1, 'browse/3.md' -> 3; None for anything else."""
    if src_uri == BROWSE:
        return 1
    number = src_uri[len("browse/"):-len(".md")]
    if src_uri.startswith("browse/") and src_uri.endswith(".md") and number.isdigit():
        return int(number)
    return None
