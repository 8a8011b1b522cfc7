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

from paperlist.infer.names import defined_abbreviations
from paperlist.util.text import fold_plural

#: an abbreviation and a long form are paired once this many abstracts define them so
MIN_PAPERS = 3
#: the Pagefind meta key of a page's learned words (search/index.py writes it)
ALSO = "also"
_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> list[str]:
    """Lower-cased words, plurals folded, hyphens parting them ("vision-language models":
    vision, language, model), as both the definitions and the pages are read."""
    return [fold_plural(w) if w[-1] == "s" else w for w in _WORD.findall(text.lower())]


@dataclass(frozen=True)
class Synonyms:
    """abbreviation ("rl") <-> long form (("reinforcement", "learning")), one to one."""

    long_of: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: a long form's first word -> the long forms it begins, with their abbreviations
    by_first: dict[str, list[tuple[tuple[str, ...], str]]] = field(default_factory=dict)

    def words_for(self, text: str) -> list[str]:
        """What a page of `text` should also be found by, in a fixed order: each learned
        abbreviation whose long form it writes without it, then each long form (its words)
        of an abbreviation it writes without the long form."""
        words = _words(text)
        have = set(words)
        longs: dict[tuple[str, ...], str] = {}  # the long forms it writes, with their abbreviations
        abbreviations: dict[str, None] = {}  # the abbreviations it writes
        by_first, long_of = self.by_first, self.long_of
        for i, word in enumerate(words):
            if word in by_first:
                for long, abbr in by_first[word]:
                    if tuple(words[i:i + len(long)]) == long:
                        longs[long] = abbr
            if word in long_of:
                abbreviations[word] = None
        out = {abbr: None for abbr in longs.values() if abbr not in have}
        for abbr in abbreviations:
            if self.long_of[abbr] not in longs:
                out.update(dict.fromkeys(w for w in self.long_of[abbr] if w not in have))
        return list(out)


def learn(texts: Iterable[str], stopwords: Iterable[str] = (),
          min_papers: int = MIN_PAPERS) -> Synonyms:
    """The pairs the abstracts define: for each abbreviation its commonest long form, kept
    when that long form's commonest abbreviation is it too and at least `min_papers`
    abstracts define the pair (a one-letter abbreviation, or one that is a stop word,
    "OR", never)."""
    stop = set(stopwords)
    counts: Counter[tuple[str, tuple[str, ...]]] = Counter()
    for text in texts:
        for abbr, long in defined_abbreviations(text).items():
            short = fold_plural(abbr)
            words = tuple(_words(long))
            if len(short) > 1 and short.isalnum() and short not in stop and len(words) > 1:
                counts[short, words] += 1
    best_long: dict[str, tuple[tuple[str, ...], int]] = {}
    best_abbr: dict[tuple[str, ...], str] = {}
    # (most defined first, ties by the pair itself: the same catalogue, the same pairs)
    for (abbr, long), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        best_long.setdefault(abbr, (long, n))
        best_abbr.setdefault(long, abbr)
    synonyms = Synonyms()
    for abbr, (long, n) in sorted(best_long.items()):
        if n >= min_papers and best_abbr[long] == abbr:
            synonyms.long_of[abbr] = long
            synonyms.by_first.setdefault(long[0], []).append((long, abbr))
    return synonyms


def with_synonyms(pages: dict[str, str], texts: dict[str, tuple[str, str]],
                  stopwords: Iterable[str] = ()) -> dict[str, str]:
    """The papers' indexed bodies (by URL; html/paper.py `indexed_body`), each with the
    words `learn` finds for its title and abstract (`texts`, by URL) as a hidden meta
    field Pagefind searches. A page with none is left as it was."""
    synonyms = learn((abstract for _, abstract in texts.values()), stopwords)
    if not synonyms.long_of:
        return pages
    out = {}
    for url, body in pages.items():
        title, abstract = texts.get(url, ("", ""))
        also = synonyms.words_for(f"{title}\n{abstract}")
        head, mark, rest = body.partition(">")
        # (the words are letters and digits alone: nothing to escape)
        out[url] = (f'{head}{mark}<span data-pagefind-meta="{ALSO}" data-pagefind-ignore '
                    f'hidden>{" ".join(also)}</span>{rest}' if also and mark else body)
    return out
