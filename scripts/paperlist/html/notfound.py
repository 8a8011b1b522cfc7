"""The 404 page's content: what a reader who followed a broken or mistyped link is offered.

GitHub Pages serves `404.html` for every missing path, at any depth, so every link here is
absolute (the caller gives them, from the site's base path). A mistyped paper or tag address
still holds the words the reader was after (`/papers/prorl-reinforcment/`): the page offers
to search for the last part of the path that is not the site's own (its base path, a folder
of pages such as `papers`, `index.html`), as words, on the search page, whose engine
corrects a typo and ranks the papers; the header box searches from here as from any page.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from paperlist.html.escape import esc

#: Material's own 404 content, which the plugin replaces (its `404.html` template)
MATERIAL_404 = "<h1>404 - Not found</h1>"

# Fills in the search link from the address; no words left, no link. A part that is not
# valid percent-encoding ("100%-recall") is read as written.
_FILL = """<script>(() => {
  const p = document.querySelector(".notfound-search"), a = p && p.querySelector("a");
  if (!a) return;
  const skip = new Set(JSON.parse(p.dataset.skip));
  let path = location.pathname;
  if (path.startsWith(p.dataset.base)) path = path.slice(p.dataset.base.length);
  const decode = (s) => { try { return decodeURIComponent(s); } catch (e) { return s; } };
  const part = path.split("/").map((s) => decode(s).replace(/\\.html?$/i, ""))
    .filter((s) => /\\p{L}/u.test(s) && !skip.has(s.toLowerCase())).pop() || "";
  const words = part.split(/[-_+.\\s]+/).filter(Boolean).slice(0, 12).join(" ");
  if (!words) return;
  a.href += "?q=" + encodeURIComponent(words);
  a.querySelector("q").textContent = words;
  p.hidden = false;
})();</script>"""


def not_found(base: str, home: str, browse: str, tags: str, search: str | None,
              folders: Iterable[str]) -> str:
    """The page's content: what happened, a search for the words of the address (none
    without a search page, or without JavaScript), and the ways into the catalogue.
    `base` is the site's path ("/", "/repo/"); `folders` the names of the site's folders of
    pages ("papers", "tags"), which say nothing of what the reader was after."""
    offer = ""
    if search:
        skip = json.dumps(sorted({"index", *folders}), separators=(",", ":"))
        offer = (f'<p class="notfound-search" data-base="{esc(base)}" data-skip="{esc(skip)}" '
                 f'hidden><a href="{esc(search)}">Search the papers for <q></q></a></p>\n')
    return (
        "<h1>Page not found</h1>\n"
        "<p>Nothing is at this address. The link may be mistyped or cut short.</p>\n"
        f'{offer}<p><a href="{esc(home)}">Home</a> · <a href="{esc(browse)}">Browse all '
        f'papers</a> · <a href="{esc(tags)}">Tags</a>'
        + (" · or use the search box at the top of the page" if search else "")
        + ".</p>\n" + (_FILL if search else ""))
