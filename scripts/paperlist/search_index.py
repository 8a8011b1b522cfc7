"""Search that scales: a Pagefind index of the paper pages behind Material's own search UI.

Material's built-in search ships every page's text to every visitor as one lunr index
(19.5 MB and ~14 s to the first result at 11,661 papers). Pagefind splits its index into
chunks, so a query fetches only the few hundred KB it needs. We keep Material's search
box, keys and result list and swap only the web worker behind them (assets/
search-worker.js answers Material's QUERY messages from Pagefind), so the site looks and
behaves as before. MkDocs-free: the plugin calls these functions.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from .catalogue import Entry

#: Where the Pagefind bundle goes, relative to the site; the worker imports it from there.
PAGEFIND_DIR = "pagefind"
#: Our worker, relative to the site; every page's Material config is pointed at it.
WORKER_PATH = "assets/paperlist/search-worker.js"
ASSETS = Path(__file__).resolve().parent / "assets"
#: Not indexed: boilerplate every page carries (the venue, the "Abstract" heading, the
#: inferred-title note, link buttons) would match every paper and crowd the excerpts; tag
#: chips are searched as a filter (`tag:`) instead of as run-together text.
EXCLUDED_SELECTORS = ".paper-note, .paper-venue, .paper-tags, .paper-links, h2#abstract"

_MATERIAL_WORKER = re.compile(r"assets/javascripts/workers/search\.[0-9a-f]+\.min\.js")
_CONFIG = re.compile(r'<script id="__config" type="application/json">(.*?)</script>', re.DOTALL)


class SearchIndexError(RuntimeError):
    """Pagefind could not index the site (message includes its output)."""


def wrap_paper(body_html: str, entry: Entry) -> str:
    """Mark a paper page's content as the only thing Pagefind indexes, with its short name
    as metadata (shown in results). Pages without this wrapper — home, browse, tags, which
    list every paper — stay out of the index."""
    name = entry.name.replace(",", " ")
    meta = f' data-pagefind-meta="name:{_attr(name)}"' if name else ""
    # Tags as a Pagefind filter (what `tag:` narrows by): taken from the element's text, as
    # a name may hold a comma; ignored as content, the visible chips are indexed already.
    tags = "".join(f'<span data-pagefind-filter="tag" data-pagefind-ignore hidden>'
                   f"{_attr(t.name)}</span>" for t in entry.tags)
    return f'<div class="paper" data-pagefind-body{meta}>{tags}\n{body_html}</div>\n'


def _attr(text: str) -> str:
    return (text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
            .replace(">", "&gt;"))


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


def pagefind_executable() -> Path:
    """The Pagefind binary shipped by the `pagefind[bin]` package (no download at build)."""
    try:
        from pagefind_bin import get_executable
    except ImportError as e:  # pragma: no cover - a dependency of the package
        raise SearchIndexError("pagefind is not installed: pip install 'pagefind[bin]'") from e
    return get_executable()


def build_index(site_dir: Path) -> None:
    """Index the built site's paper pages into site_dir/pagefind and install the worker.

    One Pagefind run over all pages: linear in the number of papers, and it runs in its
    own (multi-threaded, native) process while Python waits.
    """
    out = site_dir / PAGEFIND_DIR
    if out.exists():
        shutil.rmtree(out)
    cmd = [str(pagefind_executable()), "--site", str(site_dir), "--output-subdir", PAGEFIND_DIR,
           "--glob", "papers/**/*.html", "--exclude-selectors", EXCLUDED_SELECTORS,
           "--force-language", "en", "--quiet"]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise SearchIndexError(f"pagefind failed ({result.returncode}): "
                               f"{(result.stderr or result.stdout).strip()}")
    for unused in ("pagefind-ui.js", "pagefind-ui.css", "pagefind-modular-ui.js",
                   "pagefind-modular-ui.css", "pagefind-component-ui.js",
                   "pagefind-component-ui.css", "pagefind-highlight.js", "pagefind-worker.js",
                   "wasm.unknown.pagefind"):
        (out / unused).unlink(missing_ok=True)  # UIs we do not use: keep the site lean
    worker = site_dir / WORKER_PATH
    worker.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(ASSETS / "search-worker.js", worker)
