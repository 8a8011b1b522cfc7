"""The site's generated HTML: paper pages, browse, tags, home-page figures.

Every string that came from a page or a list goes through `esc` (or render_abstract),
so an editor's `<script>` is shown, never run. Links are produced by a `link` function
the caller supplies (source path -> relative URL), which keeps MkDocs out of this module.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from paperlist.discover import browse as browse_filters
from paperlist.html import home as figures
from paperlist.html.abstract import first_sentence, render_abstract
from paperlist.model.catalogue import Catalogue, Entry

Link = Callable[[str], str]

BROWSE = "browse.md"
TAGS_INDEX = "tags/index.md"
STATS_MARKER = "<!-- paperlist:stats -->"
_NOT_SEARCHED = "---\nsearch:\n  exclude: true\n---\n\n"


def esc(text: str) -> str:
    return html.escape(text, quote=True)


#: Papers per tag page; a tag of a 12,000-paper venue has thousands.
TAG_PAGE_SIZE = 100
#: Papers shown under each tag on the tags index.
TAG_INDEX_SHOWN = 5


def tag_src(slug: str, page: int = 1) -> str:
    """Source path of a tag's page `page` (1: /tags/<slug>/, then /tags/<slug>/2/...)."""
    return f"tags/{slug}.md" if page == 1 else f"tags/{slug}/{page}.md"


def tag_page_count(cat: Catalogue, slug: str) -> int:
    return max(1, -(-len(cat.by_tag.get(slug, [])) // TAG_PAGE_SIZE))


def browse_src(page: int) -> str:
    """Source path of the browse page `page` (1: the filterable browse page itself)."""
    return BROWSE if page == 1 else f"browse/{page}.md"


def generated_pages(cat: Catalogue) -> dict[str, str]:
    """Source path -> stub content of every page the plugin adds to the site.

    Content is filled in at render time (`generated_html`), when the page's own URL is
    known and relative links can be made.
    """
    pages = {BROWSE: f"{_NOT_SEARCHED}# Browse\n", TAGS_INDEX: f"{_NOT_SEARCHED}# Tags\n"}
    for k in range(2, browse_filters.page_count(cat) + 1):
        pages[browse_src(k)] = f"{_NOT_SEARCHED}# Browse, page {k}\n"
    for tag in cat.taxonomy.tags:
        for k in range(1, tag_page_count(cat, tag.slug) + 1):
            pages[tag_src(tag.slug, k)] = f"{_NOT_SEARCHED}# {tag.name}\n"
    return pages


def generated_html(src_uri: str, cat: Catalogue, link: Link) -> str | None:
    """The HTML (not Markdown: it is never run through Markdown) of a generated page,
    starting with its <h1>; None if src_uri is not one of ours."""
    if src_uri == BROWSE:
        return browse_page(cat, link)
    if src_uri.startswith("browse/") and src_uri[len("browse/"):-len(".md")].isdigit():
        return browse_static_page(int(src_uri[len("browse/"):-len(".md")]), cat, link)
    if src_uri == TAGS_INDEX:
        return tags_index_page(cat, link)
    if src_uri.startswith("tags/"):
        slug, _, page = src_uri[len("tags/"):-len(".md")].partition("/")
        if cat.taxonomy.by_slug(slug) is not None and (page == "" or page.isdigit()):
            return tag_page(slug, cat, link, int(page or 1))
    return None


def tag_chips(entry: Entry, link: Link) -> str:
    return "".join(
        f'<a class="paper-tag" href="{esc(link(tag_src(t.slug)))}">{esc(t.name)}</a>'
        for t in entry.tags
    )


def paper_html(entry: Entry, cat: Catalogue, link: Link) -> str:
    """The body of a paper page: title, name, tags, links, abstract."""
    parts = [f'<h1 class="paper-title">{esc(entry.title)}</h1>', '<div class="paper-meta">']
    facts = []
    if entry.name:
        names = ", ".join(esc(n) for n in [entry.name, *entry.other_names])
        facts.append(f'<span class="paper-name" title="Short name">{names}</span>')
    if entry.venue:
        facts.append(f'<span class="paper-venue">{esc(entry.venue)}</span>')
    if entry.authors:
        facts.append(f'<span class="paper-authors">{esc(", ".join(entry.authors))}</span>')
    if facts:
        parts.append('<p class="paper-facts">' + " · ".join(facts) + "</p>")
    if entry.tags:
        parts.append(f'<p class="paper-tags">{tag_chips(entry, link)}</p>')
    buttons = []
    for kind, label in (("code", "Code"), ("data", "Data")):
        for i, url in enumerate(entry.links[kind]):
            suffix = f" {i + 1}" if len(entry.links[kind]) > 1 else ""
            buttons.append(f'<a class="md-button paper-link paper-link-{kind}" '
                           f'href="{esc(url)}" rel="nofollow noopener">{label}{suffix}</a>')
    if buttons:
        parts.append('<p class="paper-links">' + " ".join(buttons) + "</p>")
    parts.append("</div>")
    parts.append('<h2 id="abstract">Abstract</h2>')
    parts.append(f'<div class="paper-abstract">{render_abstract(entry.body)}</div>')
    other = entry.links["other"]
    if other:
        items = "".join(f'<li><a href="{esc(u)}" rel="nofollow noopener">{esc(u)}</a></li>'
                        for u in other)
        parts.append(f'<h2 id="links">Links</h2><ul class="paper-other-links">{items}</ul>')
    if entry.title_inferred:
        parts.append('<p class="paper-note">The title, name and tags were inferred from the '
                     "abstract. Know the official title or the authors? Use the edit button "
                     "above to fix this page.</p>")
    return "\n".join(parts) + "\n"


def paper_item(entry: Entry, link: Link, attrs: str = "") -> str:
    name = f' <span class="paper-name">{esc(entry.name)}</span>' if entry.name else ""
    return (f'<li class="paper-item"{attrs}><a class="paper-item-title" '
            f'href="{esc(link(entry.src_uri))}">{esc(entry.title)}</a>{name}'
            f'<span class="paper-item-tags">{tag_chips(entry, link)}</span>'
            f'<span class="paper-item-first">{esc(first_sentence(entry.body))}</span></li>')


def paper_list(entries: list[Entry], link: Link) -> str:
    return ('<ul class="paper-list">' + "\n".join(paper_item(e, link) for e in entries)
            + "</ul>")


def _browse_items(page: int, cat: Catalogue, link: Link) -> str:
    size = browse_filters.PAGE_SIZE
    return "\n".join(paper_item(e, link) for e in cat.papers[(page - 1) * size: page * size])


def _browse_pager(page: int, cat: Catalogue, link: Link) -> str:
    return browse_filters.pager(page, browse_filters.page_count(cat),
                                lambda k: link(browse_src(k)))


def browse_page(cat: Catalogue, link: Link) -> str:
    """The first page of papers by title, the filter form and the pager. The site's
    script fetches browse_filters.DATA_FILE and redraws list and pager for any view;
    without it the pager leads through browse/2/, browse/3/... (see browse_filters)."""
    n = len(cat.papers)
    data = link(browse_filters.DATA_FILE)
    shown = min(n, browse_filters.PAGE_SIZE)
    count = (f"{n} paper{'s' if n != 1 else ''}, by title" if shown == n
             else f"{n} papers, by title; the first {shown} below")
    return ("<h1>Browse all papers</h1>\n"
            f'<p class="paper-count">{count}.</p>\n\n'
            f"{browse_filters.filter_form(cat, lambda slug: link(tag_src(slug)), data)}\n\n"
            '<noscript><p class="browse-noscript">Filtering and sorting need JavaScript. '
            "Without it, page through every paper by title below, open a topic from the "
            f'<a href="{esc(link(TAGS_INDEX))}">tag index</a>, or download the list as '
            f'<a href="{esc(link("papers.csv"))}">CSV</a> or '
            f'<a href="{esc(link("papers.json"))}">JSON</a>.</p></noscript>\n\n'
            f'<ul class="paper-list browse-list" data-src="{esc(data)}" '
            f'data-root="{esc(link("index.md"))}" '
            f'data-page-size="{browse_filters.PAGE_SIZE}">{_browse_items(1, cat, link)}</ul>\n\n'
            f"{_browse_pager(1, cat, link)}\n")


def browse_static_page(page: int, cat: Catalogue, link: Link) -> str | None:
    """Page 2, 3... of all papers by title: a plain list for readers without
    JavaScript, search engines and link checkers."""
    pages = browse_filters.page_count(cat)
    if not 2 <= page <= pages:
        return None
    size = browse_filters.PAGE_SIZE
    n = len(cat.papers)
    first, last = (page - 1) * size + 1, min(n, page * size)
    return (f"<h1>Browse all papers, page {page} of {pages}</h1>\n"
            f'<p class="paper-count">Papers {first}\u2013{last} of {n}, by title. '
            f'<a href="{esc(link(BROWSE))}?page={page}">Filter and sort</a></p>\n\n'
            f'<ul class="paper-list browse-static">{_browse_items(page, cat, link)}</ul>\n\n'
            f"{_browse_pager(page, cat, link)}\n")


def tags_index_page(cat: Catalogue, link: Link) -> str:
    """Every tag by area with its count, description and most confident papers."""
    used = sum(1 for t in cat.taxonomy.tags if cat.by_tag.get(t.slug))
    out = ["<h1>Tags</h1>\n",
           f'<p class="paper-count">{used} tags in use across {len(cat.papers)} papers. '
           "A paper has one to five tags, most confident first.</p>\n"]
    for area in cat.taxonomy.areas:
        rows = []
        for tag in (t for t in cat.taxonomy.tags if t.area == area):
            papers = cat.by_tag.get(tag.slug, [])
            href = esc(link(tag_src(tag.slug)))
            items = "".join(f'<li><a href="{esc(link(e.src_uri))}">{esc(e.title)}</a></li>'
                            for e in papers[:TAG_INDEX_SHOWN])
            more = (f'<li class="tag-more"><a href="{href}">all {len(papers)} papers'
                    "…</a></li>" if len(papers) > TAG_INDEX_SHOWN else "")
            listing = (f'<ul class="tag-papers">{items}{more}</ul>' if papers
                       else '<span class="tag-empty">no papers yet</span>')
            rows.append(f'<li class="tag-row"><a class="paper-tag" href="{href}">'
                        f'{esc(tag.name)}</a> <span class="tag-count">{len(papers)}</span> '
                        f'<span class="tag-description">{esc(tag.description)}</span>'
                        f"{listing}</li>")
        out.append(f'<h2>{esc(area)}</h2>\n\n<ul class="tag-index">{"".join(rows)}</ul>\n')
    return "\n".join(out)


def tag_page(slug: str, cat: Catalogue, link: Link, page: int = 1) -> str | None:
    """A tag's papers, most confident first, TAG_PAGE_SIZE a page."""
    tag = cat.taxonomy.by_slug(slug)
    pages = tag_page_count(cat, slug)
    if tag is None or not 1 <= page <= pages:
        return None
    papers = cat.by_tag.get(slug, [])
    n = len(papers)
    start = (page - 1) * TAG_PAGE_SIZE
    shown = papers[start: start + TAG_PAGE_SIZE]
    where = (f"papers {start + 1}\u2013{start + len(shown)} of {n}" if pages > 1
             else f"{n} paper{'s' if n != 1 else ''}")
    heading = tag.name if page == 1 else f"{tag.name}, page {page} of {pages}"
    pager = browse_filters.pager(page, pages, lambda k: link(tag_src(slug, k)))
    return (f"<h1>{esc(heading)}</h1>\n"
            f'<p class="tag-description">{esc(tag.description)}</p>\n'
            f'<p class="paper-count">{where.capitalize()}, most confident first. '
            f"Area: {esc(tag.area)}. "
            f'<a href="{esc(link(BROWSE))}?tag={esc(slug)}">Filter and sort in Browse</a> · '
            f'<a href="{esc(link(TAGS_INDEX))}">All tags</a></p>\n\n'
            f"{paper_list(shown, link)}\n\n{pager}\n")


def stats_html(cat: Catalogue, link: Link) -> str:
    """One line of figures and the ways in; the home-page figures block adds the chart
    and the code/data counts."""
    n = len(cat.papers)
    used = sum(1 for t in cat.taxonomy.tags if cat.by_tag.get(t.slug))
    venue = f" from <strong>{esc(cat.venue)}</strong>" if cat.venue else ""
    return (f'<p class="catalogue-stats"><strong>{n}</strong> papers{venue}, under '
            f"<strong>{used}</strong> topic tags.</p>\n"
            f'<p class="catalogue-actions"><a class="md-button md-button--primary" '
            f'href="{esc(link(BROWSE))}">Browse papers</a> '
            f'<a class="md-button" href="{esc(link(TAGS_INDEX))}">Topics</a></p>')


def expand_markers(markdown: str, cat: Catalogue, link: Link) -> str:
    if STATS_MARKER in markdown:
        markdown = markdown.replace(STATS_MARKER, stats_html(cat, link))
    if figures.FIGURES_MARKER in markdown:
        markdown = markdown.replace(figures.FIGURES_MARKER, figures.figures_html(cat, link))
    return markdown
