"""Abbreviations and their long forms, learned from the catalogue, so that a search for
either finds the papers that write only the other.

At 12,000 ICLR 2026 abstracts, 804 of the 1,674 that speak of reinforcement learning never
write "RL", and 794 of the 3,588 that write "LLM" never spell out "large language model";
the index holds the words a page has, so `RL exploration` missed half the papers it asks
for, and a pasted title's "Large Language Models" missed a paper that says "LLMs". The
build learns the abbreviations the abstracts themselves define ("reinforcement learning
(RL)"), each with its commonest long form when at least `MIN_PAPERS` abstracts define it
so, and gives a page, as hidden words of its own (`ALSO`), the abbreviation of each long
form it writes without it and the long form of each abbreviation it writes without it.
Nothing is a hand-made list: a catalogue of another field learns its own.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import compress
from typing import Any

from paperlist.infer.names import defined_abbreviations
from paperlist.util.text import fold_plural

#: an abbreviation and a long form are paired once this many abstracts define them so
#: (the build reads data/search.yml `synonym_min_papers`)
MIN_PAPERS = 3
#: the Pagefind meta key of a page's learned words (search/index.py writes it)
ALSO = "also"
_WORD = re.compile(r"[^\W_]+")
#: share of an abbreviation's definitions its long form must have for either to be added
#: to a page ("ASR": attack success rate 29 times, automatic speech recognition 8: a
#: search for ASR is left to the pages that write it; data/search.yml `synonym_dominant`)
DOMINANT = 0.85


def _words(text: str) -> list[str]:
    """Lower-cased words, plurals folded, hyphens parting them ("vision-language models":
    vision, language, model), as both the definitions and the pages are read."""
    return _folded(_WORD.findall(text))


class _Folded(dict):
    """lower-cased word -> `_folded`'s form of it, filled as words come: the same words
    recur on every page (one dictionary probe a word, in C), cleared when it grows past a
    large vocabulary."""

    def __missing__(self, word: str) -> str:
        if len(self) > 1 << 18:
            self.clear()
        value = self[word] = fold_plural(word) if word[-1] == "s" else word
        return value


_FOLDED = _Folded()


def _folded(tokens: list[str]) -> list[str]:
    return list(map(_FOLDED.__getitem__, map(str.lower, tokens)))


def _named_parts(compound: str) -> list[str]:
    """The parts of a hyphenated compound that are a name's, not an abbreviation of their
    own: each part beside another with a capital or a digit ("MT" and "Bench" of
    "MT-Bench", "IV" of "MIMIC-IV"; none of "RL-based" or "LLM-as-a-judge")."""
    parts = _WORD.findall(compound)
    marked = [p for p in parts if p != p.lower() or any(c.isdigit() for c in p)]
    return parts if len(marked) > 1 else []


def _singular(abbreviation: str) -> str:
    """An abbreviation without a plural's "s" ("LLMs": "LLM", "LMs": "LM"; "MLaaS" kept)."""
    return abbreviation[:-1] if len(abbreviation) > 2 and abbreviation[-1] == "s" and \
        abbreviation[-2].isupper() else abbreviation


def _key(abbreviation: str) -> str:
    """An abbreviation's key, its plural folded ("LLMs", "LLM": "llm"; "LMs": "lm")."""
    return _singular(abbreviation).lower()


def _spellings(key: str) -> list[str]:
    """The lower cases of a token whose `_key` is key: the key, and the key with a
    plural's "s", before which a Greek final sigma is a sigma ("ΑΣs": "ασs", key "ας")."""
    out = [key, f"{key}s"]
    if key.endswith("ς"):
        out.append(f"{key[:-1]}σs")
    return out


def _initials_match(abbreviation: str, long: tuple[str, ...], stop: set[str]) -> bool:
    """Whether the abbreviation's capitals and digits are the long form's words' first
    characters, stop words aside or not ("PPO" is no "policy optimization", which the
    definition finder took from "proximal policy optimization"; "MoE" is "mixture of
    experts", "ICL" "in-context learning")."""
    marks = [c.lower() for c in _singular(abbreviation) if c.isupper() or c.isdigit()]
    return marks in ([w[0] for w in long], [w[0] for w in long if w not in stop])


@dataclass(frozen=True)
class Synonyms:
    """abbreviation key ("rl") <-> long form (("reinforcement", "learning")), one to one."""

    long_of: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: each abbreviation as the index gets it: its commonest spelling, lower-cased
    #: ("mcts": "mct", its key, is no word a reader's query is stemmed to)
    written: dict[str, str] = field(default_factory=dict)
    #: a long form's first word -> the long forms it begins, with their abbreviations
    by_first: dict[str, list[tuple[tuple[str, ...], str]]] = field(default_factory=dict)
    #: words never added (stop words: never searched)
    stop: frozenset[str] = frozenset()
    #: the lower cases of a token written as one of the abbreviations (`_spellings`)
    spellings: set[str] = field(default_factory=set)

    def words_for(self, text: str, defined: dict[str, str] | None = None) -> list[str]:
        """What a page of `text` should also be found by, in a fixed order: each learned
        abbreviation whose long form it writes without it, then the words it lacks of the
        long form of each abbreviation it writes (with two capitals or more: "map", "vs."
        and "co-training" are no "MAP", "VS" or "CO") without the long form. A long form
        inside a longer one counts too: a multi-agent reinforcement learning paper is one
        on RL as well (MARL and RL), a large language model a language model. `defined`:
        the text's `defined_abbreviations`, when the caller has them already."""
        tokens = _WORD.findall(text)
        lowers = list(map(str.lower, tokens))
        words = list(map(_FOLDED.__getitem__, lowers))  # (_folded's)
        have = set(words)
        longs: dict[tuple[str, ...], str] = {}  # the long forms it writes: abbreviations
        by_first = self.by_first
        if not have.isdisjoint(by_first):
            for i in compress(range(len(words)), map(by_first.__contains__, words)):
                for long, abbr in by_first[words[i]]:
                    if tuple(words[i:i + len(long)]) == long:
                        longs.setdefault(long, abbr)
        # the abbreviations it writes as abbreviations: two capitals at least, and not part
        # of a name ("MT" of "MT-Bench", "IV" of "MIMIC-IV"). Only a token whose lower
        # case is a learned key, or one with an "s", can be one (_key), which most words
        # are not (found in C): the rest are tested, and the compounds read, only when one
        # is.
        keyed = self.spellings
        maybe = [] if keyed.isdisjoint(lowers) else [
            t for t in compress(tokens, map(keyed.__contains__, lowers))
            if t != t.lower() and sum(map(str.isupper, t)) > 1]
        if maybe:
            named = {part for chunk in text.split()
                     if "-" in chunk and any(t in chunk for t in maybe)
                     for part in _named_parts(chunk)}
            maybe = [t for t in maybe if t not in named]
        written = dict.fromkeys(k for k in map(_key, maybe) if k in self.long_of)
        # one the page defines its own way ("Align-Then-stEer (ATE)") is its own: neither
        # the catalogue's long form nor its abbreviation is added for it
        if defined is None:
            defined = defined_abbreviations(text)
        own = {_key(a): tuple(_words(long)) for a, long in defined.items()}
        for abbr, long in own.items():
            if abbr in self.long_of and long != self.long_of[abbr]:
                written.pop(abbr, None)
                longs.pop(self.long_of[abbr], None)
        out: dict[str, None] = {}
        for abbr in longs.values():
            if abbr not in written:
                out[self.written[abbr]] = None
        for abbr in written:
            if self.long_of[abbr] not in longs:
                out.update(dict.fromkeys(w for w in self.long_of[abbr]
                                         if w not in have and w not in self.stop))
        return list(out)


def learn(texts: Iterable[str], stopwords: Iterable[str] = (),
          min_papers: int = MIN_PAPERS, dominant: float = DOMINANT) -> Synonyms:
    """The pairs the abstracts define: for each abbreviation its commonest long form, kept
    when that long form's commonest abbreviation is it too, at least `min_papers`
    abstracts define the pair and it is the abbreviation's one meaning (`DOMINANT`), the
    abbreviation's capitals are the long form's initials and that long form is of two
    words or more (a one-letter abbreviation, or one that is a stop word, "OR", never)."""
    return _learned(map(defined_abbreviations, texts), stopwords, min_papers, dominant)


def _learned(definitions: Iterable[dict[str, str]], stopwords: Iterable[str],
             min_papers: int, dominant: float) -> Synonyms:
    """`learn` from each abstract's `defined_abbreviations` (with_synonyms reads them once
    for learning and for each page's words: the 30,000 abstracts' cost a second)."""
    stop = set(stopwords)
    counts: Counter[tuple[str, tuple[str, ...]]] = Counter()
    spellings: Counter[tuple[str, str]] = Counter()
    for defined in definitions:
        for abbr, long in defined.items():
            key = _key(abbr)
            if len(key) > 1 and key.isalnum() and key not in stop:
                words = tuple(_words(long))
                counts[key, words if _initials_match(abbr, words, stop) else ()] += 1
                spellings[key, abbr.lower()] += 1
    best_long: dict[str, tuple[tuple[str, ...], int]] = {}
    best_abbr: dict[tuple[str, ...], str] = {}
    defined: Counter[str] = Counter()
    # (most defined first, ties by the pair itself: the same catalogue, the same pairs)
    for (abbr, long), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        best_long.setdefault(abbr, (long, n))
        best_abbr.setdefault(long, abbr)
        defined[abbr] += n
    synonyms = Synonyms(stop=frozenset(stop))
    for abbr, (long, n) in sorted(best_long.items()):
        # (a long form of one word, or one whose initials are not the abbreviation's, is
        # (): no pair)
        if n >= min_papers and len(long) > 1 and best_abbr[long] == abbr and \
                n >= dominant * defined[abbr]:
            synonyms.long_of[abbr] = long
            synonyms.by_first.setdefault(long[0], []).append((long, abbr))
            synonyms.spellings.update(_spellings(abbr))
    for (abbr, spelling), _ in sorted(spellings.items(), key=lambda kv: (-kv[1], kv[0])):
        if abbr in synonyms.long_of:
            synonyms.written.setdefault(abbr, spelling)
    return synonyms


def with_synonyms(pages: dict[str, str], texts: dict[str, tuple[str, str]],
                  settings: dict[str, Any] | None = None) -> dict[str, str]:
    """The papers' indexed bodies (by URL; html/paper.py `indexed_body`), each with the
    words `learn` finds for its title and abstract (`texts`, by URL) as a hidden meta
    field Pagefind searches; `settings`: data/search.yml's (stop words, the two synonym
    settings). A page with none is left as it was."""
    conf = settings or {}
    defined = {url: defined_abbreviations(abstract) for url, (_, abstract) in texts.items()}
    synonyms = _learned(defined.values(), conf.get("stopwords", ()),
                        conf.get("synonym_min_papers", MIN_PAPERS),
                        conf.get("synonym_dominant", DOMINANT))
    if not synonyms.long_of:
        return pages
    out = {}
    for url, body in pages.items():
        title, abstract = texts.get(url, ("", ""))
        # a title without "(" defines nothing, and no definition's words run across the
        # line break (names.py _parenthesised): the text's are the abstract's
        also = synonyms.words_for(f"{title}\n{abstract}",
                                  defined.get(url) if "(" not in title else None)
        head, mark, rest = body.partition(">")
        # (the words are letters and digits alone: nothing to escape)
        out[url] = (f'{head}{mark}<span data-pagefind-meta="{ALSO}" data-pagefind-ignore '
                    f'hidden>{" ".join(also)}</span>{rest}' if also and mark else body)
    return out
