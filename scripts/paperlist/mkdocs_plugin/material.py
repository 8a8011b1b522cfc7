"""What paperlist knows of Material for MkDocs' output: where its search worker is named,
where its bundle starts, and its search dialog, which it leaves unnamed.

Material has no option for its search worker, so the page's `__config` is rewritten; kept
here, beside the hooks, so a theme change is one module to look at.
"""

from __future__ import annotations

import re

from paperlist.search.index import WORKER_PATH

_MATERIAL_WORKER = re.compile(r"assets/javascripts/workers/search\.[0-9a-f]+\.min\.js")
_CONFIG = re.compile(r'<script id="__config" type="application/json">(.*?)</script>', re.DOTALL)


def use_our_worker(page_html: str) -> str:
    """Point Material's `__config.search` (its worker URL) at our Pagefind worker.

    Done on the rendered page rather than by overriding Material's template, so a theme
    override of the project's own keeps working; the relative prefix Material computed for
    the page is kept.
    """
    m = _CONFIG.search(page_html)
    if m is None:
        return page_html
    config = _MATERIAL_WORKER.sub(WORKER_PATH, m.group(1), count=1)
    return page_html[:m.start(1)] + config + page_html[m.end(1):]


_BUNDLE = re.compile(r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js">')


def before_bundle(page_html: str, script: str) -> str:
    """The page with `script` just before Material's bundle, so it runs first (it is at
    the end of the body: the page is shown before either is fetched); at the end of the
    <head> if the page has no bundle."""
    m = _BUNDLE.search(page_html)
    if m is None:
        return page_html.replace("</head>", script + "</head>", 1)
    return page_html[:m.start()] + script + page_html[m.start():]


_SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'


def name_search_dialog(page_html: str) -> str:
    """Give Material's search dialog an accessible name (axe: aria-dialog-name); a screen
    reader announces "Search, dialog" rather than an unnamed dialog."""
    return page_html.replace(_SEARCH_DIALOG, _SEARCH_DIALOG[:-1] + ' aria-label="Search">', 1)
