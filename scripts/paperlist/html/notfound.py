"""The 404 page's content: what a reader who followed a broken or mistyped link is offered.

GitHub Pages serves `404.html` for every missing path, at any depth, so every link here is
absolute (the caller gives them, from the site's base path). A mistyped paper or tag address
still holds the words the reader was after (`/papers/prorl-reinforcment/`): the page offers
to search for the last part of the path, as words, on the search page, whose engine corrects
a typo and ranks the papers; the header box searches from here as from any page.
"""

from __future__ import annotations

from paperlist.html.escape import esc

#: Material's own 404 content, which the plugin replaces (its `404.html` template)
MATERIAL_404 = "<h1>404 - Not found</h1>"

# The search link is filled in from the address: the last part of the path that holds a
# letter, split into words at - _ + . and spaces; none (the site's root), no link.
_FILL = """<script>(() => {
  const p = document.querySelector(".notfound-search"), a = p && p.querySelector("a");
  if (!a) return;
  let part = "";
  try {
    part = decodeURIComponent(location.pathname).split("/")
      .filter((s) => /\\p{L}/u.test(s)).pop() || "";
  } catch (e) { return; }
  const words = part.replace(/\\.html?$/, "").split(/[-_+.\\s]+/).filter(Boolean)
    .slice(0, 12).join(" ");
  if (!words) return;
  a.href += "?q=" + encodeURIComponent(words);
  a.querySelector("q").textContent = words;
  p.hidden = false;
})();</script>"""


def not_found(home: str, search: str, browse: str, tags: str) -> str:
    """The page's content: what happened, a search for the words of the address, and the
    ways into the catalogue. Without JavaScript the search link stays hidden."""
    return (
        "<h1>Page not found</h1>\n"
        "<p>Nothing is at this address. The link may be mistyped or cut short.</p>\n"
        f'<p class="notfound-search" hidden><a href="{esc(search)}">Search the papers for '
        "<q></q></a></p>\n"
        f'<p><a href="{esc(home)}">Home</a> · <a href="{esc(browse)}">Browse all papers</a>'
        f' · <a href="{esc(tags)}">Tags</a> · or use the search box at the top of the '
        "page.</p>\n" + _FILL)
