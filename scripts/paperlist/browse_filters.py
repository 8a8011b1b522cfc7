"""Filters for the browse page: by tags (required or excluded), code, data; sort by title/name.

The browse page stays a server-rendered list of every paper, so it works without
JavaScript. This module adds what the site's script needs to filter that list in place:
a few data-* attributes on each item (tag slugs, has code, has data, name) and the filter
form, which is `hidden` until the script shows it. The script keeps the filter state in
the query string (?tag=a&not=b&code=1&data=1&sort=name), so a view can be shared.
"""

from __future__ import annotations

import html

from .catalogue import Catalogue, Entry


def item_attrs(entry: Entry) -> str:
    """data-* attributes for one browse item (escaped; slugs are [a-z0-9-] anyway)."""
    tags = " ".join(t.slug for t in entry.tags)
    return (f' data-tags="{html.escape(tags, quote=True)}"'
            f' data-code="{1 if entry.links["code"] else 0}"'
            f' data-data="{1 if entry.links["data"] else 0}"'
            f' data-name="{html.escape(entry.name, quote=True)}"')


def filter_form(cat: Catalogue) -> str:
    """The filter controls: one three-state button per tag in use, grouped by area."""
    groups = []
    for area in cat.taxonomy.areas:
        buttons = []
        for tag in (t for t in cat.taxonomy.tags if t.area == area):
            n = len(cat.by_tag.get(tag.slug, []))
            if not n:
                continue
            buttons.append(f'<button type="button" class="paper-tag browse-tag" '
                           f'data-tag="{html.escape(tag.slug, quote=True)}" data-state="" '
                           f'aria-pressed="false">{html.escape(tag.name)} '
                           f'<span class="browse-tag-count">{n}</span></button>')
        if buttons:
            groups.append(f'<div class="browse-area"><span class="browse-area-name">'
                          f'{html.escape(area)}</span><span class="browse-area-tags">'
                          f'{"".join(buttons)}</span></div>')
    code = sum(1 for e in cat.papers if e.links["code"])
    data = sum(1 for e in cat.papers if e.links["data"])
    return (
        '<form class="browse-filters" hidden>'
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
