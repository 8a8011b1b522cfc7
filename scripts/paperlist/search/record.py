"""A read page's words and their places, weighted, as Pagefind's fossick records them.

search/fossick.py reads a page into its text, with Pagefind's markers in it (a weight
begins and ends, an anchor is here); this goes through that text word by word, as
Pagefind's `parse_digest` does: the markers keep a stack of weights (in 24ths: a weight of
1 is 24, of 7 is 168, at most 10), each other word is a place of the page's content, and
each of its indexed forms (search/tokens.py) is found there: the word itself at the
place's weight, its compound's parts at a share of it. A page's metadata (title, name,
the parts html/paper.py gives) is recorded as places in each field.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from paperlist.search.fossick import ReadPage, normalize, page_url
from paperlist.search.tokens import indexable

#: a place key's weight is above this many bits of place, and the weight's rank above
#: that many more
PLACE_BITS = 24
_RANK_BITS = PLACE_BITS + 8
#: Pagefind's weights in 24ths (a weight of 1 is 24), at most 10
_WEIGHT_UNIT, _WEIGHT_MAX = 24, 10.0
#: the weight where a page ends more weighted blocks than it began (Pagefind's: 1/24)
_UNWEIGHTED = 1

_ANCHOR = "___PAGEFIND_ANCHOR___"
_WEIGHT = "___PAGEFIND_WEIGHT___"
_AUTO_WEIGHT = "___PAGEFIND_AUTO_WEIGHT___"
_END_WEIGHT = "___END_PAGEFIND_WEIGHT___"


def place_key(place: int, weight: int) -> int:
    """A word's place and weight as one number that sorts as Pagefind orders places: by
    weight (25 ranked with 0, first), then place."""
    return ((0 if weight == 25 else weight) << _RANK_BITS) | (weight << PLACE_BITS) | place


@dataclass
class PageRecord:
    """What the bundle holds for one page: its fragment (url ... anchors, as Pagefind's
    JSON has them) and its words' places."""

    url: str
    content: str
    word_count: int
    filters: dict[str, list[str]]
    meta: dict[str, str]
    anchors: list[dict[str, Any]]
    #: stem -> its places, each `place_key(place, weight)`, in order
    words: dict[str, list[int]]
    #: stem -> [(form with diacritics, place key)]: the places where the page writes the
    #: stem's word with diacritics (Pagefind keeps them apart, as variants)
    variants: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    #: stem -> [(meta field's name, place in the field, form or None), ...]
    meta_words: dict[str, list[tuple[str, int, str | None]]] = field(default_factory=dict)

    def fragment(self) -> dict[str, Any]:
        """The fragment file's JSON object, its keys in Pagefind's order."""
        return {"url": self.url, "content": self.content, "word_count": self.word_count,
                "filters": self.filters, "meta": self.meta, "anchors": self.anchors}


class _Forms(NamedTuple):
    """A word's indexed forms (search/tokens.py) as the page loop wants them."""

    #: stems at the word's weight
    whole: tuple[str, ...]
    #: stems of its compound's parts, at a share of the weight
    parts: tuple[str, ...]
    #: how many parts share the weight (those with diacritics too)
    share: int
    #: [(stem, form with diacritics, is a part)]: Pagefind keeps these apart
    originals: tuple[tuple[str, str, bool], ...]


#: a page's word -> its _Forms, or its one stem (the same words recur on every page)
_FORMS: dict[str, _Forms | str] = {}
#: at most this many kept (a live preview's process indexes again and again)
_FORMS_KEPT = 1 << 20


def _forms(word: str) -> _Forms | str:
    forms = indexable(word)
    if len(forms) == 1 and not forms[0].part and forms[0].original is None:
        return forms[0].stem
    return _Forms(tuple(f.stem for f in forms if not f.part and f.original is None),
                  tuple(f.stem for f in forms if f.part and f.original is None),
                  sum(1 for f in forms if f.part),
                  tuple((f.stem, f.original, f.part) for f in forms if f.original is not None))


def _marked_weight(marker: str, auto: bool) -> int:
    """A weight marker's weight in 24ths, as Pagefind parses it: a number (not a number:
    1), at most 10; an explicit weight of 0 or less is 0, any other at least 1/24."""
    try:
        weight = float(marker) if "_" not in marker else 1.0  # (Rust reads no `1_0`)
    except ValueError:
        weight = 1.0
    if math.isnan(weight):
        return 0 if auto else 1  # (Rust's NaN as an integer is 0)
    if not auto and weight <= 0:
        return 0
    units = int(max(0.0, min(weight, _WEIGHT_MAX)) * _WEIGHT_UNIT)
    return units if auto else max(1, units)


def _anchor(word: str, page: ReadPage, place: int) -> dict[str, Any] | None:
    element, _, anchor = word[len(_ANCHOR):].partition(":")
    if not anchor:
        return None
    _number, _, element_id = anchor.partition(":")
    # (Pagefind normalizes the anchor's text, then again as it stores it: entities an
    # element's text escaped twice come out unescaped)
    entry: dict[str, Any] = {"element": element, "id": element_id,
                             "text": normalize(normalize(page.anchor_content.get(anchor, "")))}
    if anchor in page.anchor_titles:
        entry["title"] = page.anchor_titles[anchor]
    entry["location"] = place
    return entry


def record(page: ReadPage) -> PageRecord:
    """The page's fragment and words' places, from what search/fossick.py `read` made of
    it."""
    words: dict[str, list[int]] = {}
    variants: dict[str, list[tuple[str, int]]] = {}
    content: list[str] = []
    anchors: list[dict[str, Any]] = []
    weights = [_WEIGHT_UNIT]
    place = 0
    if len(_FORMS) > _FORMS_KEPT:
        _FORMS.clear()
    for word in page.digest.split():
        if word[0] == "_":
            if word.startswith(_ANCHOR):
                found = _anchor(word, page, place)
                if found is not None:
                    anchors.append(found)
                continue
            if word.startswith(_WEIGHT):
                weights.append(_marked_weight(word[len(_WEIGHT):], auto=False))
                continue
            if word.startswith(_AUTO_WEIGHT):
                weights.append(_marked_weight(word[len(_AUTO_WEIGHT):], auto=True)
                               if len(weights) == 1 else weights[-1] if weights else 0)
                continue
            if word.startswith(_END_WEIGHT):
                if weights:  # (more ends than beginnings: an abstract can write one)
                    weights.pop()
                continue
        if "\u200b" in word:
            word = word.replace("\u200b", "")
            if not word:
                continue
        content.append(word)
        forms = _FORMS.get(word)
        if forms is None:
            forms = _FORMS[word] = _forms(word)
        weight = weights[-1] if weights else _UNWEIGHTED
        # place_key, inline (six million words at 30,000 papers)
        key = (weight << _RANK_BITS) | (weight << PLACE_BITS) | place if weight != 25 else (
            25 << PLACE_BITS) | place
        if forms.__class__ is str:  # most words: one form, at the word's weight
            places = words.get(forms)
            if places is None:
                words[forms] = [key]
            else:
                places.append(key)
        else:
            share = (place_key(place, max(1, weight // forms.share) if weight > 0 else 0)
                     if forms.share else key)
            for stem in forms.whole:
                words.setdefault(stem, []).append(key)
            for stem in forms.parts:
                words.setdefault(stem, []).append(share)
            for stem, original, part in forms.originals:
                variants.setdefault(stem, []).append((original, share if part else key))
        place += 1
    meta_words: dict[str, list[tuple[str, int, str | None]]] = {}
    for name, value in page.meta.items():
        for n, word in enumerate(value.split()):
            for form in indexable(word, rests=False):
                meta_words.setdefault(form.stem, []).append((name, n, form.original))
    return PageRecord(url=page_url(page.path), content=" ".join(content),
                      word_count=max(place, 1), filters=page.filters, meta=page.meta,
                      anchors=anchors, words=words, variants=variants, meta_words=meta_words)
