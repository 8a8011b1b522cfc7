"""The plain text that names and titles are read from, and how to look for words in it.

An abstract arrives as Markdown with LaTeX, links and emphasis; infer_names and infer_title
both read the same plain text, split into the same sentences, so it is made here once.
The word searches are here too because both need them on text that changes with every
abstract: they test literal strings rather than compile a pattern per name.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from paperlist.util.text import strip_urls

#: Stands in the plain text for a formula that is not a plain word, so no name or title
#: is read out of LaTeX, and a sentence may start with it.
FORMULA_PLACEHOLDER = "\u00a7"

# --------------------------------------------------------------------------- plain text

_WRAPPER = re.compile(
    r"\\(?:operatorname\*?|math[a-z]*|text[a-z]*|emph|em|underline|overline|boldsymbol|bm"
    r"|rm|bf|it|sf|tt|sc|small|large|Large|scriptsize)(?![a-zA-Z])\s*"
)
_MATH_SPAN = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)
_EMPH = re.compile(r"\*\*(.+?)\*\*|(?<!\*)\*([^*\n]+?)\*(?!\*)|__(.+?)__"
                   r"|(?<![\w_\\])_([^_\s][^_\n]*?)_(?![\w_])")
_QUOTED = re.compile(r"``(.+?)''|\u201c(.+?)\u201d|\"([^\"\n]+)\"|\u2018(.+?)\u2019")
_MD_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_ESCAPED = re.compile(r"\\([%&#_$])")
_MATH_JUNK = re.compile(r"[{}\s]")
_PLAIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9-]*")
# Literal strings without which a pattern cannot match: a cheap test that skips the scan.
_EMPH_MARKS = ("*", "_")
_QUOTE_MARKS = ("``", "\u201c", '"', "\u2018")


@dataclass(frozen=True)
class Doc:
    """An abstract as plain text, with what its authors stressed: an emphasised or quoted
    word is more likely to be the name they coin."""

    text: str  # plain text: no Markdown, no LaTeX, no URLs
    emphasised: tuple[str, ...]  # spans the authors set in emphasis or quotes


def _math_to_text(match: re.Match[str]) -> str:
    """A formula that only wraps a word (``\\operatorname{Qkmeans}``) *is* that word."""
    body = _WRAPPER.sub("", match.group(1) or match.group(2))
    body = _MATH_JUNK.sub("", body)
    if _PLAIN_WORD.fullmatch(body):
        return body
    return FORMULA_PLACEHOLDER


def normalise(text: str) -> Doc:
    """Plain text of an abstract: Markdown, LaTeX wrappers and URLs removed, words kept, so
    that patterns need not allow for markup between words."""
    text = unicodedata.normalize("NFC", text)
    text = strip_urls(text)
    text = _MD_LINK.sub(r"\1", text)  # markdown link -> its label
    text = _MATH_SPAN.sub(_math_to_text, text)
    text = _WRAPPER.sub("", text)
    text = _ESCAPED.sub(r"\1", text).replace("~", " ")
    emphasised: list[str] = []
    for pattern, marks in ((_EMPH, _EMPH_MARKS), (_QUOTED, _QUOTE_MARKS)):
        if any(mark in text for mark in marks):
            emphasised += [next(g for g in m.groups() if g) for m in pattern.finditer(text)]
            text = pattern.sub(lambda m: next(g for g in m.groups() if g), text)
    text = text.replace("{", "").replace("}", "").replace("`", "")
    text = " ".join(text.split())  # same as re.sub(r"\s+", " ", text).strip()
    return Doc(text, tuple(e.strip() for e in emphasised))


# The spaces after a sentence's end: the same splits as
# re.split(r"(?<=[.!?])\s+(?=[A-Z0-9...])", text), found without a look-behind at every char.
_SENTENCE_BREAK = re.compile(r"[.!?](\s+)(?=[A-Z0-9\"(\[\u201c" + FORMULA_PLACEHOLDER + "])")


def split_sentences(text: str) -> list[str]:
    """Sentences of plain text: a cue, a name's first use and a topic are read per sentence."""
    pieces, start = [], 0
    for m in _SENTENCE_BREAK.finditer(text):
        pieces.append(text[start : m.start(1)])
        start = m.end(1)
    pieces.append(text[start:])
    return [s for s in pieces if s]


# --------------------------------------------------------------------------- finding words


def fold_case(text: str) -> str:
    """Lower-cased text in which a case-insensitive pattern's lower-case ASCII words can be
    looked for with ``in`` (İ, ı and ſ match i and s under re.IGNORECASE)."""
    folded = text.lower()
    if not folded.isascii():
        folded = folded.replace("\u0307", "").replace("\u0131", "i").replace("\u017f", "s")
    return folded


def mentions(folded: str, words: tuple[str, ...]) -> bool:
    """False only if none of ``words`` occurs: a pattern that needs one cannot match."""
    for word in words:
        if word in folded:
            return True
    return False


def _is_word_char(char: str) -> bool:
    """``[\\w-]``: what may not touch a whole word on either side."""
    return char.isalnum() or char in "_-"


def word_positions(text: str, word: str) -> list[int]:
    """Where ``re.finditer(rf"(?<![\\w-]){re.escape(word)}(?![\\w-])", text)`` matches, found
    without compiling a pattern per word (names are new in every abstract). ``word`` is
    not empty."""
    positions = []
    i = text.find(word)
    while i >= 0:
        end = i + len(word)
        if ((i == 0 or not _is_word_char(text[i - 1]))
                and (end == len(text) or not _is_word_char(text[end]))):
            positions.append(i)
            i = text.find(word, end)
        else:
            i = text.find(word, i + 1)
    return positions


#: Words that never start or end a name or title fragment (slugs drop most of them too).
STOP_WORDS = frozenset(
    """a an the of for and or in on with to by from as at via into over under between
    is are be we our this that these those it its their which using based towards toward
    new novel first simple general unified efficient effective""".split()
)
