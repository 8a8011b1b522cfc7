"""The words the search index holds for one word of a page, as Pagefind makes them.

Our indexer (search/fossick.py, search/record.py, search/bundle.py) writes the bundle
Pagefind's browser runtime reads, so a query must find in it exactly the words Pagefind
would have written: its runtime stems a query the same way (Snowball English) and looks
the stem up. For a word of the page ("NTK-LoRA,"), Pagefind 1.6's fossick indexes:

- the word itself: its letters and digits (and connector punctuation such as `_`),
  lower-cased, diacritics dropped, stemmed ("ntklora");
- when the word holds punctuation or a capital after its first letter, its parts, as
  the `convert_case` crate cuts them ("ntk", "lo", "ra": at punctuation, between a lower-
  case letter and a capital, before the capital that starts a word after capitals, and
  between a letter and a digit), each of two bytes or more, at the word's weight shared
  among them;
- in the page's text (not its metadata), what follows each full stop, whole, when that
  is a compound itself, cut at 64 characters: "github.com/a/b" gives "comab" too, as a
  part; "1.5b" gives no "5b" (1.6.0 does this; its published source did not say so: found
  by indexing probe pages with the binary);
- the form with diacritics, when dropping them changed the word ("schrödinger"), as a
  variant of the plain word.

Emoji, which Pagefind also indexes one by one, are not: an abstract's emoji is
decoration, and Python has no emoji database to tell them as Pagefind does.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

import Stemmer

#: What Pagefind keeps of a word besides letters and digits (its default
#: `include_characters`, written into pagefind-entry.json: connector punctuation).
INCLUDE_CHARACTERS = frozenset("_‿⁀⁔︳︴﹍﹎﹏＿")

_STEMMER = Stemmer.Stemmer("english")
#: ASCII punctuation, which Pagefind's compound splitting turns into spaces (1.6 keeps a
#: soft hyphen, as its parts show)
_SPACED = str.maketrans({c: " " for c in "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"})


class Indexable(NamedTuple):
    """One word the index holds for a page's word."""

    stem: str
    #: a part of a compound ("lo" of "LoRA"): indexed at a share of the word's weight
    part: bool
    #: the form with diacritics, when dropping them changed it (None: the same)
    original: str | None


def _alphanumeric(c: str) -> bool:
    """Rust's char::is_alphanumeric (Alphabetic or Numeric) as near as Python has it:
    letters, every kind of number (superscripts, Roman numerals), and the marks Unicode
    counts as letters' parts (Other_Alphabetic: the vowel signs of Indic scripts, which
    are spacing marks or named as signs), not Latin's combining accents."""
    if c.isalnum():
        return True
    category = unicodedata.category(c)
    return category == "Mc" or (category == "Mn" and "SIGN" in unicodedata.name(c, ""))


def _without_diacritics(word: str) -> str | None:
    """The word with its combining marks dropped after decomposing it ("schrodinger"),
    or None when that changes nothing."""
    if word.isascii():
        return None
    plain = "".join(c for c in unicodedata.normalize("NFD", word)
                    if not unicodedata.category(c).startswith("M"))
    return plain if plain != word else None


def _graphemes(text: str) -> list[str]:
    """Characters with the marks that follow them: convert_case reads graphemes."""
    out: list[str] = []
    for c in text:
        if out and (unicodedata.category(c).startswith("M") or c == "\u200d"
                    or out[-1].endswith("\u200d")):
            out[-1] += c
        else:
            out.append(c)
    return out


def _is_upper(g: str) -> bool:
    return g[0].isupper()  # Unicode's Uppercase: "𝐗" is, though it has no lower case


def _is_lower(g: str) -> bool:
    return g[0].islower()  # Unicode's Lowercase: "𝔭", "ʰ", "ª" are


def _is_digit(g: str) -> bool:
    return g.isascii() and g.isdigit()


#: convert_case's cuts in letters and digits: capitals before a capital and a small
#: letter, a word (one capital or none, then small letters), capitals, digits
_ASCII_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")


def case_words(text: str) -> list[str]:
    """`text` cut as the convert_case crate's default boundaries cut it, lower-cased:
    "WKWebVIEWComponent" -> ["wk", "web", "view", "component"]."""
    words: list[str] = []
    for chunk in text.split(" "):
        if not chunk:
            continue
        if chunk.isascii() and chunk.isalnum():  # the same cuts, faster
            words.extend(w.lower() for w in _ASCII_WORD.findall(chunk))
            continue
        gs = _graphemes(chunk)
        kinds = [(_is_lower(g), _is_upper(g), _is_digit(g)) for g in gs]
        cuts = set()
        for i in range(len(gs) - 1):
            (al, au, ad), (bl, bu, bd) = kinds[i], kinds[i + 1]
            if (al and bu) or (au and bd) or (ad and bu) or (ad and bl) or (al and bd):
                cuts.add(i + 1)
            if i + 2 < len(gs) and au and bu and kinds[i + 2][0]:
                cuts.add(i + 1)
        start = 0
        for cut in sorted(cuts) + [len(gs)]:
            piece = "".join(gs[start:cut])
            if piece:
                words.append(piece.lower())
            start = cut
    return words


@lru_cache(maxsize=1 << 18)
def stem(word: str) -> str:
    """Snowball's English stemmer, as Pagefind's (pagefind_stem) runs it."""
    return _STEMMER.stemWord(word)


_NOT_ASCII_WORD = re.compile(r"[^a-z0-9_]")
#: what surrounds a word and is not part of it (`_` is: Pagefind keeps it)
_ASCII_PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~"


def _normalized(raw: str) -> str:
    """The word's letters, digits and connector punctuation, lower-cased (Pagefind lower-
    cases ASCII, and a capital otherwise by its full mapping: "İ" is two characters)."""
    if raw.isascii():
        return _NOT_ASCII_WORD.sub("", raw.lower())
    return "".join(c.lower() for c in raw if _alphanumeric(c) or c in INCLUDE_CHARACTERS)


#: what follows a full stop is taken to this many characters
_REST = 64


def _compound(raw: str) -> bool:
    """Whether Pagefind looks for parts in the word: it holds punctuation, or a capital
    after its first letter."""
    if raw.isascii():
        return not raw.isalnum() or raw[1:] != raw[1:].lower()
    return any(not _alphanumeric(c) for c in raw) or any(c.isupper() for c in raw[1:])


@lru_cache(maxsize=1 << 20)
def indexable(raw: str, rests: bool = True) -> tuple[Indexable, ...]:
    """What the index holds for a word of a page, in Pagefind's order: the word, then
    its compound's parts (see the module's docstring). `rests`: and what follows each full
    stop, for a word of the page's text (not of its metadata)."""
    if raw.isascii():
        # most words: a word alone, or with punctuation around it ("learning," "(deep")
        core = raw.strip(_ASCII_PUNCTUATION) if not raw.isalnum() else raw
        if core.isalpha() and core[1:].islower() or core.isalnum() and core == raw and (
                raw[1:] == raw[1:].lower()):
            return (Indexable(stem(core.lower()), False, None),)
    out: list[Indexable] = []
    normalized = _normalized(raw)
    if normalized:
        plain = _without_diacritics(normalized)
        out.append(Indexable(stem(plain or normalized), False,
                             normalized if plain is not None else None))
    if not normalized or not _compound(raw):
        return tuple(out)  # one piece: nothing to cut
    parts = case_words(raw.translate(_SPACED))
    joined = " ".join(parts)
    if len(parts) > 1 or not normalized.startswith(joined):
        seen = {normalized}
        # and what follows a full stop, whole, when that is a compound too
        # ("github.com/a/b": "comab"; not "5b" of "1.5b")
        pieces = parts + [_normalized(raw[i + 1:i + 1 + _REST]) for i, c in enumerate(raw)
                          if c == "." and _compound(raw[i + 1:i + 1 + _REST])] if rests else parts
        for n, piece in enumerate(pieces):
            if len(piece.encode("utf-8")) <= 1 or (n >= len(parts) and piece in seen):
                continue
            seen.add(piece)
            plain = None if piece.isascii() else _without_diacritics(piece)
            out.append(Indexable(stem(plain or piece), True,
                                 piece if plain is not None else None))
    return tuple(out)
