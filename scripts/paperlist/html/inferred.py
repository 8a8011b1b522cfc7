"""How an inferred title is said wherever it shows: a made-up title must never pass for the
paper's own, in a listing, a browser tab, a feed or the search box. The markup takes the
class, the legend and the suffix from here; the site's scripts (browse.js, map.js, the
search results) write the same class, and the header box shows this legend, which the
plugin puts into engine.json (search/data.py `engine_files`, its `texts`)."""

from __future__ import annotations

from collections.abc import Iterable

from paperlist.html.escape import esc
from paperlist.model.catalogue import Paper

#: The class of a listed title that was inferred, not the paper's own: discovery.css sets
#: it in italics and has screen readers say "inferred title". assets/browse.js and the
#: search results (search-worker.js, search-page.js) write the same class.
INFERRED_CLASS = "inferred"
#: What an inferred title ends in where it stands alone, with no page to explain it: a
#: browser tab (the page's <title>), a feed entry; discovery.css says the same to screen
#: readers after a listed one.
INFERRED_SUFFIX = " (inferred title)"


def title_class(entry: Paper, base: str) -> str:
    """A listed title's class attribute: `base`, and INFERRED_CLASS if the title was
    inferred (a reader who copies a title from a listing must not take it for the
    paper's own)."""
    return f"{base} {INFERRED_CLASS}".strip() if entry.title_inferred else base


#: What a listing's italics mean, as (before, the word in italics, after).
INFERRED_LEGEND = ("Titles in ", "italics",
                   " were inferred from the abstract, not taken from the paper.")


def inferred_legend(papers: Iterable[Paper]) -> str:
    """What a page that lists papers adds to its count line when it shows an inferred
    title: the italics say nothing to a reader who has not been told what they mean."""
    before, italics, after = INFERRED_LEGEND
    return (f" {esc(before)}<em>{esc(italics)}</em>{esc(after)}"
            if any(p.title_inferred for p in papers) else "")
