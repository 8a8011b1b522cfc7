"""The keys of the data files the site's scripts read: `browse.json` (discover/browse.py)
and `map-data.js` (discover/topicmap.py).

Both files are column-wise, one list per field with one value per paper, so a key is
written once per file rather than once per paper, yet the files are read by eye when
something looks wrong and by two scripts (assets/browse.js, assets/map.js): a field
that both carry must have one key, or the title is `t` in one and something else in the
other. The keys are defined here, once; the scripts use the same letters. How page paths
are shortened and how the files are encoded is here too, for both.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Final

#: data format version (browse.json), raised when a key changes meaning
VERSION: Final = "v"
#: what every page path starts with, left out of PATH (e.g. "papers/")
PATH_PREFIX: Final = "pre"
#: what every page path ends with, left out of PATH ("/" with directory URLs, else "")
PATH_SUFFIX: Final = "suf"
#: a paper's page from the site root, less PATH_PREFIX and PATH_SUFFIX ("prorl")
PATH: Final = "p"
#: the title (the map shortens it to topicmap.TITLE_LIMIT characters)
TITLE: Final = "t"
#: the short name, "" when there is none (the map also leaves it "" when the title
#: already starts with it, as its tooltip shows both; browse keeps it, to sort by)
NAME: Final = "n"
#: browse: every tag's slug; TAGS holds indices into it
TAG_SLUGS: Final = "tags"
#: browse: a paper's tags as indices into TAG_SLUGS, most relevant first
TAGS: Final = "g"
#: browse and map: 1 = the paper has code, 2 = it has data, 4 = its title begins with its
#: short name, so a row leaves the name out (model/catalogue.py `Paper.title_says_name`),
#: 8 = its title was inferred (set in italics: html/inferred.py `title_class`) (or'ed;
#: discover/browse.py `paper_flags`)
FLAGS: Final = "f"
#: browse: the abstract's first sentence
FIRST_SENTENCE: Final = "s"
#: browse, only when some paper names its authors: every author's name as written, sorted;
#: AUTHORS holds indices into it (a name is written once however many papers it has)
AUTHOR_NAMES: Final = "authors"
#: browse: a paper's authors as indices into AUTHOR_NAMES, in the paper's order
AUTHORS: Final = "au"
#: browse: how many authors a row names before "et al." (html/listings.py AUTHORS_SHOWN)
AUTHORS_SHOWN: Final = "etal"
#: browse, only when some paper has a decision: every decision ("Oral", "Poster"...);
#: STATUS holds indices into it
STATUS_NAMES: Final = "statuses"
#: browse: a paper's decision as an index into STATUS_NAMES (-1: none)
STATUS: Final = "st"
#: browse, only when the papers come from several venues: every venue's name, in the order
#: of the catalogue's venue slugs; VENUE holds indices into it
VENUE_NAMES: Final = "venues"
#: browse: a paper's venue as an index into VENUE_NAMES (-1: none)
VENUE: Final = "ve"
#: map: every area's name; AREA holds indices into it
AREA_NAMES: Final = "areas"
#: map: every area's colour, as AREA_NAMES
AREA_COLOURS: Final = "colours"
#: map: the area of a paper's first tag, as an index into AREA_NAMES (-1: none)
AREA: Final = "a"
#: map: a paper's position, integers 0..topicmap.GRID
X: Final = "x"
Y: Final = "y"

#: every key above, by its constant's name (a key is used for one field only)
ALL: Final = {name: value for name, value in dict(globals()).items()
              if name.isupper() and isinstance(value, str)}


def page_paths(paths: Sequence[str]) -> dict[str, object]:
    """PATH_PREFIX, PATH_SUFFIX and PATH for these page paths: what all of them share is
    written once ("papers/", "/"), which halves the paths' share of a 12,000-paper file."""
    pre = os.path.commonprefix(list(paths))
    pre = pre[: pre.rfind("/") + 1]
    suf = "/" if paths and all(p.endswith("/") and len(p) > len(pre) for p in paths) else ""
    return {PATH_PREFIX: pre, PATH_SUFFIX: suf,
            PATH: [p[len(pre): len(p) - len(suf)] for p in paths]}


def dumps(data: object) -> str:
    """Compact, deterministic JSON that is harmless wherever it is pasted: '<', '>' and
    '&' escaped (no '</script>' ends a script early), U+2028/2029 too (line ends to older
    JavaScript engines)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
