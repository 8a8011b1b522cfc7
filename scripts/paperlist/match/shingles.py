"""An abstract reduced to what survives the trip from the conference's record to a list.

A list is scraped from a web page or a PDF and the record typed into a submission form, so
the same abstract differs in ways that say nothing about which paper it is: whitespace,
Unicode quotes and dashes, ligatures and PDF hyphenation (`ﬁ`, "optimi- zation"), full-width
forms, `$\\epsilon$` against `ε`, punctuation, case. Both sides become the same words here,
and the words overlapping triples ("shingles"), so that a typo fixed or a sentence added
changes a few triples and leaves the rest to recognise the paper by.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from paperlist.match.settings import settings

_COMMAND = re.compile(r"\\([A-Za-z]+)")
# "optimi- zation", "optimi-\nzation": a word broken at a line end by a PDF extractor.
_BROKEN = re.compile(r"(\w)-\s+(?=[a-z])")
_WORD = re.compile(r"[^\W_]+")
_ASCII_WORD = re.compile(r"[a-z0-9]+")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")
_COMBINING = re.compile(r"[\u0300-\u036f]+")


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, str], dict[str, str]]:
    data = settings()
    return dict(data["latex_commands"]), dict(data["symbols"])


@lru_cache(maxsize=4096)
def _spell_out(ch: str) -> str:
    """A Greek letter or listed math symbol as the word LaTeX would write for it."""
    symbols = _tables()[1]
    if ch in symbols:
        return f" {symbols[ch]} "
    name = unicodedata.name(ch, "")
    if name.startswith(("GREEK SMALL LETTER ", "GREEK CAPITAL LETTER ")):
        return f" {name.split()[-1].lower()} "
    return ch


def words(text: str) -> list[str]:
    """The abstract's words in a form both spellings of it share."""
    text = unicodedata.normalize("NFKC", text)
    commands = _tables()[0]
    if "\\" in text:
        text = _COMMAND.sub(lambda m: f" {commands.get(m.group(1), m.group(1))} ", text)
    if not text.isascii():
        text = _NON_ASCII.sub(lambda m: _spell_out(m.group()), text)
        # "naïvely" = "naively"
        text = _COMBINING.sub("", unicodedata.normalize("NFKD", text))
    if "- " in text or "-\n" in text:
        text = _BROKEN.sub(r"\1", text)
    if text.isascii():  # the same words, a third faster
        return _ASCII_WORD.findall(text.lower())
    return _WORD.findall(text.casefold())


def sampled(hashes: frozenset[int]) -> frozenset[int]:
    """The triples that stand for an abstract in the index: one in SAMPLE, chosen by hash,
    so two abstracts keep the same ones of those they share (a quarter of the index and
    of the lookups, and as many candidates found)."""
    n = int(settings()["matching"]["sample"])
    return frozenset(h for h in hashes if h % n == 0)


def shingles(text: str) -> frozenset[int]:
    """The abstract's overlapping word triples, hashed. Hashes are only compared within
    one run, so Python's per-process string hashing does not matter."""
    ws = words(text)
    k = int(settings()["matching"]["shingle_words"])
    if len(ws) < k:
        return frozenset([hash(tuple(ws))]) if ws else frozenset()
    return frozenset(map(hash, zip(*(ws[i:] for i in range(k)), strict=False)))
