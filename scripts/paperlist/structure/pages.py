"""The pages the plugin adds to the site, and which renderer makes each one.

A generated page enters the build as a stub (front matter and a heading: what MkDocs
needs to give it a URL and a title); its HTML is made at render time by `page_html`,
when the page's own URL is known and relative links can be made. Listings are HTML,
never run through Markdown (at 12,000 papers Markdown over them was most of the build).
"""

from __future__ import annotations

from collections.abc import Callable

from paperlist.html import listings, mappage, searchpage
from paperlist.model.catalogue import Catalogue, Paper
from paperlist.structure import paths
from paperlist.structure.paths import (
    BROWSE,
    MAP_PAGE,
    SEARCH_PAGE,
    TAGS_INDEX,
    Link,
    browse_src,
    parse_browse_src,
    parse_tag_src,
    parse_venue_src,
    tag_src,
    venue_src,
)

#: front matter that keeps a listing out of the search index: it names every paper
_NOT_SEARCHED = "---\nsearch:\n  exclude: true\n---\n\n"
#: the map and the search page: no table of contents (they have no sections); the site's
#: navigation stays, which on a wide screen is their only way to Browse, Tags or Home (the
#: header's menu button shows only where the sidebar does not)
_MAP_STUB = "---\nhide:\n  - toc\nsearch:\n  exclude: true\n---\n\n# Topic map\n"
#: (the search page is not itself a search result)
_SEARCH_STUB = "---\nhide:\n  - toc\nsearch:\n  exclude: true\n---\n\n# Search\n"


def generated_pages(cat: Catalogue, search: bool = True) -> dict[str, str]:
    """Source path -> stub content of every page the plugin adds to the site; the search
    page only with `search` (it needs our engine, not Material's lunr)."""
    pages = {BROWSE: f"{_NOT_SEARCHED}# Browse\n", TAGS_INDEX: f"{_NOT_SEARCHED}# Tags\n"}
    for k in range(2, listings.browse_page_count(cat) + 1):
        pages[browse_src(k)] = f"{_NOT_SEARCHED}# Browse, page {k}\n"
    for tag in cat.taxonomy.tags:
        for k in range(1, listings.tag_page_count(cat, tag.slug) + 1):
            pages[tag_src(tag.slug, k)] = f"{_NOT_SEARCHED}# {tag.name}\n"
    for slug, name in cat.venue_names.items():  # only with several venues
        for k in range(1, listings.venue_page_count(cat, slug) + 1):
            pages[venue_src(slug, k)] = f"{_NOT_SEARCHED}# {name}\n"
    pages[MAP_PAGE] = _MAP_STUB
    if search:
        pages[SEARCH_PAGE] = _SEARCH_STUB
    return pages


def in_nav(src_uri: str) -> bool:
    """Whether a generated page belongs in the navigation: the browse page, the tags index
    and the map do; the thousands of tag and browse pages they lead to do not, nor the
    search page (the header box on every page leads to it), nor the venues' pages (the
    home page's counts lead to them)."""
    return src_uri in (BROWSE, TAGS_INDEX, MAP_PAGE) or not (
        src_uri.startswith(("tags/", "browse/", "venues/")) or src_uri == SEARCH_PAGE)


def skips_markdown(src_uri: str) -> bool:
    """Listings are long and made of HTML only, so MkDocs gets no Markdown for them; the
    map page keeps its stub's Markdown heading (its title in the nav and its TOC anchor)."""
    return src_uri != MAP_PAGE


def listings_changed(old: Catalogue, new: Catalogue, edited: set[str]) -> set[str]:
    """The generated pages that an edit of the papers `edited` (src_uri) can change, old
    and new catalogue having the same pages: each listing page (browse, a tag's or a
    venue's) holding an edited paper or other papers than before, all pages of a listing
    whose length changed (they count it), and the pages over every paper (the browse
    page's filters, the tags index, the map, the search page's facets)."""
    changed = {BROWSE, TAGS_INDEX, MAP_PAGE, SEARCH_PAGE}

    def compare(before: list[Paper], after: list[Paper], size: int,
                src: Callable[[int], str]) -> None:
        for k in range(1, paths.pages_needed(len(after), size) + 1):
            a, b = before[(k - 1) * size: k * size], after[(k - 1) * size: k * size]
            if (len(before) != len(after) or any(e.src_uri in edited for e in b)
                    or [e.src_uri for e in a] != [e.src_uri for e in b]):
                changed.add(src(k))

    compare(old.papers, new.papers, paths.BROWSE_PAGE_SIZE, browse_src)
    papers = [e for e in old.papers if e.src_uri in edited]
    papers += [e for e in new.papers if e.src_uri in edited]
    for slug in {t.slug for e in papers for t in e.tags}:
        compare(old.by_tag.get(slug, []), new.by_tag.get(slug, []), paths.TAG_PAGE_SIZE,
                lambda k, slug=slug: tag_src(slug, k))
    for slug in {e.venue_slug for e in papers if e.venue_slug} & new.by_venue.keys():
        compare(old.by_venue.get(slug, []), new.by_venue[slug], paths.TAG_PAGE_SIZE,
                lambda k, slug=slug: venue_src(slug, k))
    return changed


def page_html(src_uri: str, cat: Catalogue, link: Link) -> str | None:
    """The HTML of a generated page, starting with its <h1>; None if src_uri is not one
    of ours."""
    if src_uri == MAP_PAGE:
        return mappage.map_page(cat, link)
    if src_uri == SEARCH_PAGE:
        return searchpage.search_page(cat, link)
    if src_uri == TAGS_INDEX:
        return listings.tags_index_page(cat, link)
    browse = parse_browse_src(src_uri)
    if browse is not None:
        return (listings.browse_page(cat, link) if browse == 1
                else listings.browse_static_page(browse, cat, link))
    tag = parse_tag_src(src_uri)
    if tag is not None and cat.taxonomy.by_slug(tag[0]) is not None:
        return listings.tag_page(tag[0], cat, link, tag[1])
    venue = parse_venue_src(src_uri)
    if venue is not None:
        return listings.venue_page(venue[0], cat, link, venue[1])
    return None
