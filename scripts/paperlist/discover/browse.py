"""The browse page: filters by tags (required or excluded), code, data; sort by title/name;
pages of PAGE_SIZE papers.

A page listing all 12,000 papers of a big venue weighed 10 MB and took seconds to parse,
so the list is paged instead. The build writes:

- `browse/` with the first PAGE_SIZE papers by title, server-rendered, and the filter
  form, which is `hidden` until the site's script shows it;
- `browse/2/`, `browse/3/`... the following pages by title, plain lists with a pager, so
  readers without JavaScript, search engines and link checkers reach every paper;
- `DATA_FILE`, every paper in a few columns (page path, title, short name, tag indices,
  code/data flags, first sentence), which the script fetches once to filter, sort and
  page in the browser.

The script keeps the view in the query string (?tag=a&not=b&code=1&data=1&sort=name&page=2;
per=N changes the page size), so a view can be shared.
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Callable

from paperlist.discover import columns as col
from paperlist.model.catalogue import Catalogue, Entry

PAGE_SIZE = 50
DATA_FILE = "assets/paperlist/browse.json"


def page_count(cat: Catalogue) -> int:
    return max(1, -(-len(cat.papers) // PAGE_SIZE))


def _json(data: object) -> str:
    """Compact, deterministic JSON with <, >, & escaped (harmless wherever it is pasted)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def browse_data(cat: Catalogue, page_path: Callable[[Entry], str],
                first: Callable[[Entry], str]) -> str:
    """Every paper, column-wise, in the catalogue's order (by title), under the keys of
    paperlist.discover.columns (shared with the map's data):

    tags (slugs; g holds indices into it), p (page path from the site root, less the
    `pre` and `suf` all paths share), t (title), n (short name), g (tag indices, most
    relevant first), f (1 = has code, 2 = has data), s (first sentence).
    """
    tags = [t.slug for t in cat.taxonomy.tags]
    index = {slug: i for i, slug in enumerate(tags)}
    paths = [page_path(e) for e in cat.papers]
    pre = os.path.commonprefix(paths)
    pre = pre[: pre.rfind("/") + 1]
    suf = "/" if paths and all(p.endswith("/") and len(p) > len(pre) for p in paths) else ""
    return _json({
        col.VERSION: 1, col.TAG_SLUGS: tags, col.PATH_PREFIX: pre, col.PATH_SUFFIX: suf,
        col.PATH: [p[len(pre): len(p) - len(suf)] for p in paths],
        col.TITLE: [e.title for e in cat.papers],
        col.NAME: [e.name for e in cat.papers],
        col.TAGS: [[index[t.slug] for t in e.tags] for e in cat.papers],
        col.FLAGS: [(1 if e.links["code"] else 0) | (2 if e.links["data"] else 0)
                  for e in cat.papers],
        col.FIRST_SENTENCE: [first(e) for e in cat.papers],
    })


def filter_form(cat: Catalogue, tag_href: Callable[[str], str] | None = None,
                data_href: str | None = None) -> str:
    """The filter controls: one three-state button per tag in use, grouped by area.

    `tag_href` (slug -> link to the tag's page) gives the script the links of the tag
    chips it draws on each paper; `data_href` (the link to DATA_FILE) is preloaded, so it
    downloads while the page's scripts load rather than after."""
    groups = []
    for area in cat.taxonomy.areas:
        buttons = []
        for tag in (t for t in cat.taxonomy.tags if t.area == area):
            n = len(cat.by_tag.get(tag.slug, []))
            if not n:
                continue
            href = (f' data-href="{html.escape(tag_href(tag.slug), quote=True)}"'
                    if tag_href else "")
            buttons.append(f'<button type="button" class="paper-tag browse-tag" '
                           f'data-tag="{html.escape(tag.slug, quote=True)}"{href} '
                           f'data-state="" aria-pressed="false">{html.escape(tag.name)} '
                           f'<span class="browse-tag-count">{n}</span></button>')
        if buttons:
            groups.append(f'<div class="browse-area"><span class="browse-area-name">'
                          f'{html.escape(area)}</span><span class="browse-area-tags">'
                          f'{"".join(buttons)}</span></div>')
    code = sum(1 for e in cat.papers if e.links["code"])
    data = sum(1 for e in cat.papers if e.links["data"])
    preload = (f'<link rel="preload" href="{html.escape(data_href, quote=True)}" as="fetch" '
               'crossorigin>' if data_href else "")
    return (
        f'<form class="browse-filters" hidden>{preload}'
        '<details class="browse-tags-details"><summary>Filter by tag '
        '<span class="browse-tags-summary"></span></summary>'
        '<fieldset class="browse-tags"><legend>Click a tag once to require it (papers must '
        "have all required tags), twice to exclude it, a third time to clear</legend>"
        f"{''.join(groups)}</fieldset></details>"
        '<div class="browse-options">'
        f'<label><input type="checkbox" name="code"> Has code ({code})</label> '
        f'<label><input type="checkbox" name="data"> Has data ({data})</label> '
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
        return (f'<a class="browse-page{cls}" href="{html.escape(href(k), quote=True)}"'
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
