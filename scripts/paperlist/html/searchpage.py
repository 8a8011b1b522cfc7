"""The full search page (`/search/?q=…`) and the header search box's hook: their markup.

The page is an empty frame that assets/search-page.js fills from the search engine
(assets/search-core.js): the box, the result count, the facet filters, 50 results a page.
Everything the script needs to link somewhere (the site root, each tag's page, the engine's
script) is written here into one `data-config` attribute, because URLs are the build's to
make (structure/paths.py), never the script's.

Facets are data: FACETS lists them, and the script draws, reads and writes (in the URL)
each one from its entry alone. Adding one is one line here, given that the engine counts
it under that key (as `status` was added); a facet no paper has a value for is not shown.
"""

from __future__ import annotations

import hashlib
import json
import posixpath
from dataclasses import asdict, dataclass
from functools import lru_cache

from paperlist import ASSETS_DIR
from paperlist.html.escape import esc
from paperlist.html.inferred import inferred_legend
from paperlist.model.catalogue import Catalogue
from paperlist.structure import paths
from paperlist.structure.paths import BROWSE, HOME, TAGS_INDEX, Link, tag_src


@dataclass(frozen=True)
class Facet:
    #: the engine's filter and facet key, and the URL parameter (`?tag=a&tag=b`, `?code=1`)
    key: str
    #: the legend of its group of checkboxes
    label: str
    #: "values": one checkbox per value the engine counts (`facets[key]` is a list of
    #: {slug, name, count} or {value, count}); "flag": one checkbox (`facets[key]` is a count)
    kind: str


#: The search page's filters, in the order shown.
FACETS = (
    Facet("tag", "Tag", "values"),
    Facet("venue", "Venue", "values"),
    Facet("status", "Status", "values"),  # the conference's decision: Oral, Poster...
    Facet("code", "Has code", "flag"),
    Facet("data", "Has data", "flag"),
)


def _directory(href: str) -> str:
    """'../index.html' -> '../' (a link to the home page, as the site root's folder)."""
    folder = posixpath.dirname(href)
    return f"{folder}/" if folder else "./"


@lru_cache(maxsize=1)
def engine_version() -> str:
    """A digest of the engine's scripts, put on their URLs (`?v=`). The search page loads
    them one by one, and a browser that kept one from the deploy before (GitHub Pages lets
    them be cached ten minutes) beside the others of this one would call what the old one
    lacks. (The site's worker carries them all inline.)"""
    digest = hashlib.blake2b(digest_size=6)
    for path in paths.ENGINE_SCRIPTS:
        digest.update((ASSETS_DIR / posixpath.basename(path)).read_bytes())
    return digest.hexdigest()


def search_page(cat: Catalogue, link: Link) -> str:
    """The search page's HTML body, starting with its <h1>."""
    home = link(HOME)
    config = {
        "root": home if home.endswith("/") else _directory(home),
        "core": [f"{link(p)}?v={engine_version()}" for p in paths.ENGINE_SCRIPTS],
        "tags": {t.slug: link(tag_src(t.slug)) for t in cat.taxonomy.tags},
        "facets": [asdict(f) for f in FACETS],
        "pageSize": paths.SEARCH_PAGE_SIZE,
    }
    data = esc(json.dumps(config, ensure_ascii=False, separators=(",", ":"), sort_keys=True))
    # apart from the box's description, which a screen reader reads at every visit (the
    # results say "inferred title" themselves)
    legend = inferred_legend(cat.papers).strip()
    legend = f'<p class="search-help">{legend}</p>' if legend else ""
    # `author:` is offered only where a paper lists its authors (an imported list has none
    # until they are added or enriched): else every name answers "no author"
    author = (', <code>author:"Ada Lovelace"</code>' if any(p.authors for p in cat.papers)
              else "")
    return (
        f'<h1 id="{paths.HEADING_ID}">Search</h1>\n'
        '<noscript><p class="search-noscript">Searching needs JavaScript. Without it, '
        f'<a href="{esc(link(BROWSE))}">browse every paper</a> by title or open a topic '
        f'from the <a href="{esc(link(TAGS_INDEX))}">tag index</a>.</p></noscript>\n'
        f'<div class="paperlist-search" data-config="{data}" hidden>'
        '<form class="search-form" role="search" aria-label="The papers">'
        '<label class="search-label" for="paperlist-search-q">Search the '
        f"{len(cat.papers):,} papers</label>"
        '<input class="search-input" id="paperlist-search-q" type="search" name="q" '
        'autocomplete="off" autocapitalize="off" spellcheck="false" '
        'aria-describedby="paperlist-search-help" aria-controls="paperlist-search-results">'
        '<p class="search-help" id="paperlist-search-help">Words, "quoted phrases", '
        f"<code>tag:reinforcement-learning</code>{author}."
        # (the keys, not on a touch screen: discovery.css)
        '<span class="search-keys"> <kbd>/</kbd> goes to the box, <kbd>\u2193</kbd> '
        "<kbd>\u2191</kbd> (or <kbd>j</kbd> <kbd>k</kbd>) move through the results, "
        "<kbd>Enter</kbd> opens one.</span></p>"
        f"{legend}"
        # on a phone, the filters fold under this button (assets/search-page.js)
        '<button class="search-filters-toggle" type="button" aria-expanded="true" '
        'aria-controls="paperlist-search-facets">Filters</button>'
        '<div class="search-facets" id="paperlist-search-facets" role="group" '
        'aria-label="Filters"></div>'
        "</form>"
        '<div class="search-main">'
        '<p class="search-status" role="status" aria-live="polite" aria-atomic="true"></p>'
        # the tags the query names, linked (assets/search-page.js)
        '<p class="search-topics" hidden></p>'
        '<ol class="search-results" id="paperlist-search-results" aria-label="Results">'
        "</ol>"
        '<nav class="browse-pager search-pager" aria-label="Result pages" hidden></nav>'
        "</div></div>\n")


def search_hook(hook_href: str, worker_href: str, search_href: str) -> str:
    """The script that lets the header box read the worker's true totals
    (assets/search-hook.js); it must run before Material's bundle. The hrefs — the hook,
    the search worker, the search page — are relative to the page or absolute (404.html).
    A file of its own, fetched once, rather than its thousand bytes in every page.

    Our worker answers Material's header box with its best 20 results plus the true total
    (RESULT's `data.paperlist`: query, searched, corrected, total), which Material never
    reads: it counts the items it got. To read it, the page needs the worker object, and
    Material creates it inside its bundle (`new Worker(config.search)`), keeps it to
    itself and offers no hook or event. So the hook swaps `window.Worker` for a subclass
    that, for our worker's URL only, also listens to RESULT messages and keeps the last
    one's totals in `window.paperlistSearchBox.last` for search-box.js. Every other worker
    is created as before, and ours still is one. The hook also starts our worker itself,
    as soon as it runs, and hands that one to Material when the bundle asks for it: the
    bundle creates its worker only once the page has loaded, a few hundred milliseconds
    later, and the worker spends them loading the engine (a query typed at once then
    waits for less than the whole of it). The alternatives were worse: a
    BroadcastChannel reaches every tab of the site; results smuggled into the items' HTML
    would show in Material's list; a copy of Material's bundle would have to follow every
    Material release. Material also opens its header box on any page loaded with `?q=`
    (and deletes `q` when the box closes); on the search page `q` is the page's own
    query, so the hook keeps it out of Material's sight, in `pageQuery`, before the
    bundle reads it; search-page.js puts the URL back as it was."""
    return (f'<script src="{esc(hook_href)}" data-worker="{esc(worker_href)}" '
            f'data-search-page="{esc(search_href)}"></script>')
