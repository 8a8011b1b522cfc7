"""Listings: the browse pages, the tag pages, the tags index, and the pager they share.

Every string that came from a page or a list goes through `esc`. Links are produced by a
`link` function the caller supplies (source path -> relative URL), which keeps MkDocs out
of this module.
"""

from __future__ import annotations

from collections.abc import Callable

from paperlist.discover.browse import AUTHORS_SHOWN
from paperlist.html.abstract import teaser, title_text
from paperlist.html.escape import esc
from paperlist.html.inferred import inferred_legend, title_class
from paperlist.html.paper import status_badge, tag_chips
from paperlist.model.catalogue import Catalogue, Paper
from paperlist.structure import paths
from paperlist.structure.paths import (
    BROWSE_PAGE,
    BROWSE_STATUS,
    BROWSE_TAG,
    BROWSE_VENUE,
    TAGS_INDEX,
    Link,
    browse_src,
    browse_view,
    tag_src,
    venue_src,
)

#: Papers shown under each tag on the tags index.
TAG_INDEX_SHOWN = 5


def browse_page_count(cat: Catalogue) -> int:
    return paths.pages_needed(len(cat.papers), paths.BROWSE_PAGE_SIZE)


def tag_page_count(cat: Catalogue, slug: str) -> int:
    return paths.pages_needed(len(cat.by_tag.get(slug, [])), paths.TAG_PAGE_SIZE)


def short_authors(authors: list[str]) -> str:
    """A listing's authors line: 'A, B, C et al.' past AUTHORS_SHOWN names (a row is one
    glance; the paper's page lists them all). assets/browse.js draws the same."""
    shown = ", ".join(authors[:AUTHORS_SHOWN])
    return f"{shown} et al." if len(authors) > AUTHORS_SHOWN else shown


def paper_item(entry: Paper, link: Link, attrs: str = "", first: bool = False,
               listed_under: str = "") -> str:
    """One paper in a listing: title, short name, decision, authors, tags, and with
    `first` the abstract's first sentence, as the browse page shows (assets/browse.js
    `item` draws the same markup for the rows it filters). Tag, venue and later browse
    pages leave it out: the title links to the abstract, and at 30,000 papers the
    sentences were 20 MB of pages that repeat what the paper pages say. A tag's page
    (`listed_under`: its slug) shows each paper's other tags: its own chip on every row
    said what the heading says (5 MB of the tag pages at 30,000 papers)."""
    name = (f' <span class="paper-name">{esc(entry.name)}</span>'
            if entry.name and not entry.title_says_name else "")
    status = f" {status_badge(entry.status)}" if entry.status else ""
    authors = (f'<span class="paper-item-authors">{esc(short_authors(entry.authors))}</span>'
               if entry.authors else "")
    chips = [t for t in entry.tags if t.slug != listed_under]
    tags = (f'<span class="paper-item-tags">{tag_chips(chips, link)}</span>'
            if chips or not listed_under else "")
    return (f'<li class="paper-item"{attrs}><a class="{title_class(entry, "paper-item-title")}" '
            f'href="{esc(link(entry.src_uri))}">{esc(title_text(entry.title))}</a>'
            f"{name}{status}{authors}{tags}"
            + (f'<span class="paper-item-first">{esc(teaser(entry.body))}</span>'
               if first else "") + "</li>")


def paper_list(entries: list[Paper], link: Link, listed_under: str = "") -> str:
    return ('<ul class="paper-list">' + "\n".join(
        paper_item(e, link, listed_under=listed_under) for e in entries) + "</ul>")


def _browse_papers(page: int, cat: Catalogue) -> list[Paper]:
    size = paths.BROWSE_PAGE_SIZE
    return cat.papers[(page - 1) * size: page * size]


def _browse_items(page: int, cat: Catalogue, link: Link) -> str:
    """Page `page` of every paper by title; the first page, which the browse script
    redraws, with first sentences as its rows have them."""
    return "\n".join(paper_item(e, link, first=page == 1) for e in _browse_papers(page, cat))


def _class(names: str) -> str:
    return f' class="{names}"' if names else ""


def _browse_pager(page: int, cat: Catalogue, link: Link) -> str:
    return pager(page, browse_page_count(cat), lambda k: link(browse_src(k)))


def browse_page(cat: Catalogue, link: Link) -> str:
    """The first page of papers by title, the filter form and the pager. The site's
    script fetches paths.BROWSE_DATA and redraws list and pager for any view;
    without it the pager leads through browse/2/, browse/3/... (see the browse script)."""
    n = len(cat.papers)
    data = link(paths.BROWSE_DATA)
    shown = min(n, paths.BROWSE_PAGE_SIZE)
    count = (f"{n:,} paper{'s' if n != 1 else ''}, by title" if shown == n
             else f"{n:,} papers, by title; the first {shown:,} below")
    return (f'<h1 id="{paths.HEADING_ID}">Browse all papers</h1>\n'
            # the script rewrites the count (browse.js), not what the italics mean
            f'<p class="paper-count"><span class="browse-total">{count}.</span>'
            f"{inferred_legend(cat.papers)}</p>\n\n"
            f"{filter_form(cat, lambda slug: link(tag_src(slug)), data)}\n\n"
            '<noscript><p class="browse-noscript">Filtering and sorting need JavaScript. '
            "Without it, page through every paper by title below, open a topic from the "
            f'<a href="{esc(link(TAGS_INDEX))}">tag index</a>, or download the list as '
            f'<a href="{esc(link(paths.PAPERS_CSV))}">CSV</a> or '
            f'<a href="{esc(link(paths.PAPERS_JSON))}">JSON</a>.</p></noscript>\n\n'
            f'<ul class="paper-list browse-list" data-src="{esc(data)}" '
            f'data-root="{esc(link(paths.HOME))}" '
            f'data-page-size="{paths.BROWSE_PAGE_SIZE}">{_browse_items(1, cat, link)}</ul>\n\n'
            f"{_browse_pager(1, cat, link)}\n")


def browse_static_page(page: int, cat: Catalogue, link: Link) -> str | None:
    """Page 2, 3... of all papers by title: a plain list for readers without
    JavaScript, search engines and link checkers."""
    pages = browse_page_count(cat)
    if not 2 <= page <= pages:
        return None
    size = paths.BROWSE_PAGE_SIZE
    n = len(cat.papers)
    first, last = (page - 1) * size + 1, min(n, page * size)
    return (f'<h1 id="{paths.HEADING_ID}">Browse all papers, page {page} of {pages}</h1>\n'
            f'<p class="paper-count">Papers {first:,}\u2013{last:,} of {n:,}, by title. '
            f'<a href="{esc(browse_view(link, BROWSE_PAGE, page))}">Filter and sort</a>.'
            f"{inferred_legend(_browse_papers(page, cat))}</p>\n\n"
            f'<ul class="paper-list browse-static">{_browse_items(page, cat, link)}</ul>\n\n'
            f"{_browse_pager(page, cat, link)}\n")


def tags_index_page(cat: Catalogue, link: Link) -> str:
    """Every tag in use by area with its count, description and most confident papers
    (as its tag page lists them first); after them, the area's tags without papers, on
    one line."""
    used = sum(1 for t in cat.taxonomy.tags if cat.by_tag.get(t.slug))
    out = [f'<h1 id="{paths.HEADING_ID}">Tags</h1>\n',
           f'<p class="paper-count">{used} tags in use across {len(cat.papers):,} papers. '
           "A paper has one to five tags. Under each tag, its papers most confident first: "
           "those an editor gave it by hand, then by the tagger's score for it."
           + inferred_legend(p for t in cat.taxonomy.tags
                             for p in cat.by_tag.get(t.slug, [])[:TAG_INDEX_SHOWN])
           + "</p>\n"]
    for area in cat.taxonomy.areas:
        rows, empty = [], []
        for tag in (t for t in cat.taxonomy.tags if t.area == area):
            papers = cat.by_tag.get(tag.slug, [])
            href = esc(link(tag_src(tag.slug)))
            if not papers:  # named on one line after the others: a small catalogue's
                empty.append(f'<a class="paper-tag" href="{href}">{esc(tag.name)}</a>')
                continue  # index was a page of "no papers yet"
            items = "".join(f'<li><a{_class(title_class(e, ""))} href="{esc(link(e.src_uri))}">'
                            f"{esc(title_text(e.title))}</a></li>"
                            for e in papers[:TAG_INDEX_SHOWN])
            more = (f'<li class="tag-more"><a href="{href}">all {len(papers):,} papers'
                    "…</a></li>" if len(papers) > TAG_INDEX_SHOWN else "")
            rows.append(f'<li class="tag-row"><a class="paper-tag" href="{href}">'
                        f'{esc(tag.name)}</a> <span class="tag-count">{len(papers):,}</span> '
                        f'<span class="tag-description">{esc(tag.description)}</span>'
                        f'<ul class="tag-papers">{items}{more}</ul></li>')
        if empty:
            rows.append(f'<li class="tag-row"><span class="tag-empty">No papers yet: '
                        f'{" ".join(empty)}</span></li>')
        out.append(f'<h2>{esc(area)}</h2>\n\n<ul class="tag-index">{"".join(rows)}</ul>\n')
    return "\n".join(out)


def _paged(papers: list[Paper], page: int) -> tuple[list[Paper], str, int]:
    """Page `page` of a listing paths.TAG_PAGE_SIZE papers a page: its papers, what it
    shows ("papers 101–200 of 350", or "12 papers"), and how many pages there are."""
    pages = paths.pages_needed(len(papers), paths.TAG_PAGE_SIZE)
    n = len(papers)
    start = (page - 1) * paths.TAG_PAGE_SIZE
    shown = papers[start: start + paths.TAG_PAGE_SIZE]
    where = (f"papers {start + 1:,}\u2013{start + len(shown):,} of {n:,}" if pages > 1
             else f"{n:,} paper{'s' if n != 1 else ''}")
    return shown, where, pages


def _listing_page(name: str, papers: list[Paper], page: int, link: Link,
                  src_of: Callable[[int], str], intro: Callable[[str, str], str],
                  tag: str = "") -> str:
    """One page of a tag's (`tag`, its slug) or a venue's papers: the heading ("Name, page
    2 of 5"), the intro (given what the page shows, and what its count line ends with:
    `inferred_legend` of the papers shown), the papers and the pager."""
    shown, where, pages = _paged(papers, page)
    heading = name if page == 1 else f"{name}, page {page} of {pages}"
    pages_nav = pager(page, pages, lambda k: link(src_of(k)))
    return (f'<h1 id="{paths.HEADING_ID}">{esc(heading)}</h1>\n'
            f"{intro(where, inferred_legend(shown))}\n\n"
            f"{paper_list(shown, link, tag)}\n\n{pages_nav}\n")


def tag_page(slug: str, cat: Catalogue, link: Link, page: int = 1) -> str | None:
    """A tag's papers, most confident first (model/catalogue.py `by_tag`: those an editor
    gave the tag by hand, then by the tagger's score for it, stored by the importer so
    that no build scores an abstract again), paths.TAG_PAGE_SIZE a page."""
    tag = cat.taxonomy.by_slug(slug)
    pages = tag_page_count(cat, slug)
    if tag is None or not 1 <= page <= pages:
        return None
    papers = cat.by_tag.get(slug, [])

    def intro(where: str, legend: str) -> str:
        # a tag of the taxonomy no paper has: no order to explain, nothing to filter; one
        # paper: no order either
        said = (f"{where.capitalize()}, most confident first: papers an editor gave this tag "
                "by hand, then the others by the tagger's score for it, highest first. "
                if len(papers) > 1 else f"{where.capitalize()}. " if papers
                else "No paper in this catalogue has this tag yet. ")
        browse = (f'<a href="{esc(browse_view(link, BROWSE_TAG, slug))}">Filter and sort in '
                  "Browse</a> · " if papers else "")
        return (f'<p class="tag-description">{esc(tag.description)}</p>\n'
                f'<p class="paper-count">{said}Area: {esc(tag.area)}. {browse}'
                f'<a href="{esc(link(TAGS_INDEX))}">All tags</a>.{legend if papers else ""}</p>')
    return _listing_page(tag.name, papers, page, link, lambda k: tag_src(slug, k), intro,
                         slug)


def venue_page_count(cat: Catalogue, slug: str) -> int:
    return paths.pages_needed(len(cat.by_venue.get(slug, [])), paths.TAG_PAGE_SIZE)


def venue_page(slug: str, cat: Catalogue, link: Link, page: int = 1) -> str | None:
    """A venue's papers by title, as a tag page lists its own (a catalogue of several
    venues has one per venue)."""
    name = cat.venue_names.get(slug)
    pages = venue_page_count(cat, slug)
    if name is None or not 1 <= page <= pages:
        return None
    return _listing_page(
        name, cat.by_venue[slug], page, link, lambda k: venue_src(slug, k),
        lambda where, legend: (
            f'<p class="paper-count">{where.capitalize()} of {len(cat.papers):,} in the '
            f"catalogue, by title. "
            f'<a href="{esc(browse_view(link, BROWSE_VENUE, name))}">Filter and sort in '
            f'Browse</a> · <a href="{esc(link(paths.HOME))}">All venues</a>.{legend}</p>'))


def venue_counts(cat: Catalogue) -> list[tuple[str, str, int]]:
    """(slug, name, papers) of each venue, in slug order; [] with fewer than two."""
    return [(slug, cat.venue_names[slug], len(papers)) for slug, papers in cat.by_venue.items()]


def status_counts(cat: Catalogue) -> list[tuple[str, int]]:
    """Each decision the papers have ("Oral", "Poster"...) with its number of papers, in
    alphabetical order (case aside); [] when no page says, so the form is as it was."""
    counts: dict[str, int] = {}
    for e in cat.papers:
        if e.status:
            counts[e.status] = counts.get(e.status, 0) + 1
    return sorted(counts.items(), key=lambda kv: (kv[0].casefold(), kv[0]))


def filter_form(cat: Catalogue, tag_href: Callable[[str], str] | None = None,
                data_href: str | None = None) -> str:
    """The filter controls: one three-state button per tag in use, grouped by area; code,
    data, when papers have one, the decision, and with several venues the venue (any of
    those ticked).

    `tag_href` (slug -> link to the tag's page) gives the script the links of the tag
    chips it draws on each paper; `data_href` (the link to the browse data) is preloaded, so it
    downloads while the page's scripts load rather than after."""
    groups = []
    for area in cat.taxonomy.areas:
        buttons = []
        for tag in (t for t in cat.taxonomy.tags if t.area == area):
            n = len(cat.by_tag.get(tag.slug, []))
            if not n:
                continue
            href = (f' data-href="{esc(tag_href(tag.slug))}"'
                    if tag_href else "")
            buttons.append(f'<button type="button" class="paper-tag browse-tag" '
                           f'data-tag="{esc(tag.slug)}"{href} '
                           f'data-state="" aria-pressed="false">{esc(tag.name)} '
                           f'<span class="browse-tag-count">{n:,}</span></button>')
        if buttons:
            groups.append(f'<div class="browse-area"><span class="browse-area-name">'
                          f'{esc(area)}</span><span class="browse-area-tags">'
                          f'{"".join(buttons)}</span></div>')
    code = sum(1 for e in cat.papers if e.links["code"])
    data = sum(1 for e in cat.papers if e.links["data"])
    statuses = status_counts(cat)
    decision = " ".join(
        f'<label><input type="checkbox" name="{BROWSE_STATUS}" value="{esc(value)}"> '
        f"{esc(value)} ({n:,})</label>" for value, n in statuses)
    if decision:  # a group the screen reader names, as the tags' fieldset is
        decision = (f'<span class="browse-decision" role="group" aria-label="Status">'
                    f"Status: {decision}</span> ")
    venue = " ".join(
        f'<label><input type="checkbox" name="{BROWSE_VENUE}" value="{esc(name)}"> '
        f"{esc(name)} ({n:,})</label>" for _, name, n in venue_counts(cat))
    if venue:  # several venues
        venue = (f'<span class="browse-venue" role="group" aria-label="Venue">'
                 f"Venue: {venue}</span> ")
    preload = (f'<link rel="preload" href="{esc(data_href)}" as="fetch" '
               'crossorigin>' if data_href else "")
    return (
        f'<form class="browse-filters" hidden>{preload}'
        '<details class="browse-tags-details"><summary>Filter by tag '
        '<span class="browse-tags-summary"></span></summary>'
        '<fieldset class="browse-tags"><legend>Click a tag once to require it (papers must '
        "have all required tags), twice to exclude it, a third time to clear; each number "
        "counts the catalogue's papers with it, whatever the filters</legend>"
        f"{''.join(groups)}</fieldset></details>"
        '<div class="browse-options">'
        f'<label><input type="checkbox" name="code"> Has code ({code:,})</label> '
        f'<label><input type="checkbox" name="data"> Has data ({data:,})</label> '
        f"{decision}{venue}"
        '<label>Sort by <select name="sort"><option value="title">title</option>'
        '<option value="name">short name</option></select></label> '
        '<button type="button" class="md-button browse-clear">Clear filters</button>'
        "</div>"
        '<p class="browse-status" role="status" aria-live="polite"></p>'
        "</form>"
    )


def pager(page: int, pages: int, href: Callable[[int], str]) -> str:
    """Previous / numbered / next links; `href(k)` is page k's link (escaped here).

    Shows pages 1, last, and two either side of the current one, with gaps as "…".
    The script draws the same markup for filtered views."""
    if pages <= 1:
        return ""

    def a(k: int, text: str, cls: str = "", rel: str = "") -> str:
        rel_attr = f' rel="{rel}"' if rel else ""
        return (f'<a class="browse-page{cls}" href="{esc(href(k))}"'
                f' data-page="{k}"{rel_attr}>{text}</a>')

    parts = [a(page - 1, "\u2190 Previous", " browse-prev", "prev") if page > 1 else
             '<span class="browse-page browse-prev" aria-disabled="true">\u2190 Previous</span>']
    shown = sorted({1, pages, *range(max(1, page - 2), min(pages, page + 2) + 1)})
    last = 0
    for k in shown:
        if k - last > 1:
            parts.append('<span class="browse-gap">\u2026</span>')
        parts.append(f'<span class="browse-page browse-current" aria-current="page">{k}</span>'
                     if k == page else a(k, str(k)))
        last = k
    parts.append(a(page + 1, "Next \u2192", " browse-next", "next") if page < pages else
                 '<span class="browse-page browse-next" aria-disabled="true">Next \u2192</span>')
    return f'<nav class="browse-pager" aria-label="Pages">{"".join(parts)}</nav>'
