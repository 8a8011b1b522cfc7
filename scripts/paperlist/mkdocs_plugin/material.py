"""What paperlist knows of Material for MkDocs' output: where its search worker is named,
where its bundle starts, and its search dialog, which it leaves unnamed.

Material has no option for its search worker, so the page's `__config` is rewritten; kept
here, beside the hooks, so a theme change is one module to look at.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from material.plugins.search.plugin import SearchPlugin
from mkdocs.plugins import PluginCollection

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


_SEARCH_ATTR = "data-search-"


def quicken_search_plugin(plugins: PluginCollection,
                          titles_only: Callable[[], bool] = lambda: False) -> None:
    """Spare Material's search plugin a regex over every page that cannot match, and
    (while `titles_only()`) the site's visitors the text of its index.

    Its `on_page_context` indexes the page (returning at once for the pages marked
    `search: exclude`: every paper and listing), then strips `data-search-*` attributes
    from the page's HTML with `re.sub(r"\\s?data-search-\\w+=...")`, whose optional first
    character makes the regex try every position of the page: a tenth of rendering a
    30,000-paper site, where no page has such an attribute. A page without the text
    `data-search-` is left as the regex would leave it, so only the indexing is run for
    it; any other page goes through the plugin's own hook. Output is unchanged.

    Material's page fetches the index it writes (`search/search_index.json`) on every
    page load and hands it to the search worker. Ours (the Pagefind search) only lists the
    site's pages by their titles and headings, so with `titles_only()` their text is left
    out: 15 KB a page load (5 KB gzipped) that nothing read."""
    events = plugins.events["page_context"]
    for at, method in enumerate(events):
        plugin = getattr(method, "__self__", None)
        if not isinstance(plugin, SearchPlugin) or getattr(method, "__name__", "") != (
                "on_page_context"):
            continue
        events[at] = _quick_page_context(plugin, method, titles_only)


def _quick_page_context(plugin: SearchPlugin, original: Callable[..., Any],
                        titles_only: Callable[[], bool]) -> Callable[..., Any]:
    def on_page_context(context: Any, *, page: Any, config: Any, nav: Any) -> Any:
        if not plugin.config.enabled:  # then it has no index at all
            return original(context, page=page, config=config, nav=nav)
        content = page.content
        entries = plugin.search_index.entries
        before = len(entries)
        if isinstance(content, str) and _SEARCH_ATTR not in content:
            plugin.search_index.add_entry_from_context(page)
            result = None
        else:
            result = original(context, page=page, config=config, nav=nav)
        if titles_only():
            for entry in entries[before:]:
                entry["text"] = ""
        return result

    on_page_context.mkdocs_priority = getattr(original, "mkdocs_priority", 0)  # type: ignore[attr-defined]
    return on_page_context
