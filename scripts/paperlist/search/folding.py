"""The words a page writes in compatibility forms, as a query folds them.

A query is folded with NFKD (search-text.js `norm`, search/data.py `words`): "ϵ" is
searched as "ε", "𝖦𝗅𝗎𝗈𝗇" as "gluon", "ﬁne" (a ligature, as text copied from a PDF has
it) as "fine". Pagefind folds accents only, and indexes the page's own characters. So a
page that writes the other form was found by no query at all, not even one pasting its
own characters: every abstract with `$\\epsilon$-greedy` (MathML renders `\\epsilon` as
the lunate "ϵ") was missing from a search for "ε-greedy", and a name set in mathematical
sans-serif letters, as some OpenReview abstracts write it, from a search for the name.

A Greek letter is also given spelled out, as a reader types it who has no Greek keyboard:
"π0" as "pi0", "τ-bench" as "tau-bench", "μP" as "mup" (the letter's Unicode name, so no
table to keep).

html/paper.py `indexed_body` gives Pagefind those words folded as hidden, searchable
metadata, beside the compounds' parts (search/compounds.py), which Pagefind reads as the
page's words.
"""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache

_TAG = re.compile(r"<[^>]*>")
# The letter-and-digit pieces of a token: what Pagefind makes words of (search/data.py)
_PIECES = re.compile(r"[^\W_]+")
_GREEK = re.compile("[\u0370-\u03ff\u1f00-\u1fff]")


def _unmarked(text: str, form: str) -> str:
    return "".join(c for c in unicodedata.normalize(form, text) if not unicodedata.combining(c))


@lru_cache(maxsize=256)
def _latin(letter: str) -> str:
    """A Greek letter's name in lower case ("GREEK SMALL LETTER FINAL SIGMA" -> "sigma"),
    else the character itself."""
    name = unicodedata.name(letter, "")
    if not name.startswith("GREEK ") or " LETTER " not in name:
        return letter
    spelled = name.rsplit(" ", 1)[-1].lower()
    return "lambda" if spelled == "lamda" else spelled  # Unicode's spelling, not readers'


def folded_forms(text: str) -> list[str]:
    """The tokens of `text` whose words NFKD changes beyond their accents, folded and in
    lower case, and those with a Greek letter, spelled out too; each once, in the order
    first written: "an ϵ-greedy 𝖦𝗅𝗎𝗈𝗇 π0" -> ["ε-greedy", "epsilon-greedy", "gluon",
    "pi0"]. Accents and a changed hyphen ("multi‑agent" with U+2011) give none: Pagefind
    reads those the same either way."""
    if text.isascii():
        return []
    out: dict[str, None] = {}
    for token in text.split():
        if token.isascii():
            continue
        folded = _unmarked(token, "NFKD").lower()
        if _PIECES.findall(folded) != _PIECES.findall(_unmarked(token, "NFD").lower()):
            out[folded] = None
        if _GREEK.search(folded):
            out["".join(map(_latin, folded))] = None
    return list(out)


def html_text(markup: str) -> str:
    """The text of an HTML fragment as Pagefind reads its words: no tags (an inline
    element's text runs on into the next, as MathML's "ϵ" into "-greedy"), characters
    written as references resolved (MathML writes "&#x003F5;")."""
    return html.unescape(_TAG.sub("", markup))
