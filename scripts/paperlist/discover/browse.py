"""The browse page's data: filters by tags (required or excluded), code, data, author,
decision, venue (with several); sort by title/name; pages of structure/paths.py
BROWSE_PAGE_SIZE papers.

A page listing all 12,000 papers of a big venue weighed 10 MB and took seconds to parse,
so the list is paged instead. The build writes:

- `browse/` with the first page of papers by title, server-rendered, and the filter
  form, which is `hidden` until the site's script shows it (html/listings.py);
- `browse/2/`, `browse/3/`... the following pages by title, plain lists with a pager, so
  readers without JavaScript, search engines and link checkers reach every paper;
- the browse data (this module; structure/paths.py BROWSE_DATA), every paper in a few
  columns (page path, title, short name, tag indices, code/data flags, first sentence),
  which the script fetches once to filter, sort and page in the browser; the authors and
  decisions too, once pages carry them (`paperlist enrich`).

The script keeps the view in the query string (?tag=a&not=b&code=1&data=1&sort=name&page=2,
&author=Ada%20Lovelace, &status=Oral, &venue=ICML%202026; per=N changes the page size), so
a view can be shared; structure/paths.py names the keys other pages link with.
"""

from __future__ import annotations

from collections.abc import Callable

from paperlist.discover import columns as col
from paperlist.model.catalogue import Catalogue, Paper

#: Authors a listing's row names before "et al." (the paper's page lists them all): the
#: server-rendered rows (html/listings.py) and, through the data, assets/browse.js.
AUTHORS_SHOWN = 3


def paper_flags(e: Paper) -> int:
    """A paper's columns.FLAGS, as the browse and the map data carry them."""
    return ((1 if e.links["code"] else 0) | (2 if e.links["data"] else 0)
            | (4 if e.title_says_name else 0) | (8 if e.title_inferred else 0))


def browse_data(cat: Catalogue, page_path: Callable[[Paper], str],
                first: Callable[[Paper], str], title: Callable[[Paper], str]) -> str:
    """Every paper, column-wise, in the catalogue's order (by title), under the keys of
    paperlist.discover.columns (shared with the map's data):

    tags (slugs; g holds indices into it), p (page path from the site root, less the
    `pre` and `suf` all paths share), t (title), n (short name), g (tag indices, most
    relevant first), f (`paper_flags`), s (first sentence; `title` and `first` give the
    title and first sentence as text, a formula as the page shows it); once pages have
    them, authors (names; au holds indices into it, etal says how many a row names) and
    statuses (decisions; st holds an index into it, -1 for none); with several venues,
    venues (names; ve holds an index into it, -1 for none). A catalogue without authors,
    decisions or a second venue gets a file without their keys, as before.
    """
    tags = [t.slug for t in cat.taxonomy.tags]
    index = {slug: i for i, slug in enumerate(tags)}
    return col.dumps({
        col.VERSION: 1, col.TAG_SLUGS: tags,
        **col.page_paths([page_path(e) for e in cat.papers]),
        col.TITLE: [title(e) for e in cat.papers],
        col.NAME: [e.name for e in cat.papers],
        col.TAGS: [[index[t.slug] for t in e.tags] for e in cat.papers],
        col.FLAGS: [paper_flags(e) for e in cat.papers],
        col.FIRST_SENTENCE: [first(e) for e in cat.papers],
        **_authors(cat), **_statuses(cat), **_venues(cat),
    })


def _authors(cat: Catalogue) -> dict[str, object]:
    """authors, au, etal; {} when no paper names its authors. A name is written once
    however many papers it has, and matched once per view (assets/browse.js)."""
    names = sorted({a for e in cat.papers for a in e.authors})
    if not names:
        return {}
    at = {a: i for i, a in enumerate(names)}
    return {col.AUTHOR_NAMES: names, col.AUTHORS: [[at[a] for a in e.authors] for e in cat.papers],
            col.AUTHORS_SHOWN: AUTHORS_SHOWN}


def _statuses(cat: Catalogue) -> dict[str, object]:
    """statuses, st; {} when no paper has a decision."""
    names = sorted({e.status for e in cat.papers if e.status})
    if not names:
        return {}
    at = {s: i for i, s in enumerate(names)}
    return {col.STATUS_NAMES: names, col.STATUS: [at.get(e.status, -1) for e in cat.papers]}


def _venues(cat: Catalogue) -> dict[str, object]:
    """venues, ve; {} with one venue (the filter is then not shown)."""
    if not cat.venue_names:
        return {}
    at = {slug: i for i, slug in enumerate(cat.venue_names)}
    return {col.VENUE_NAMES: list(cat.venue_names.values()),
            col.VENUE: [at.get(e.venue_slug, -1) for e in cat.papers]}
