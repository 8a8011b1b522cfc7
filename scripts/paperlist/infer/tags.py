"""Deterministic, explainable topic tagging of abstracts.

Each tag in the taxonomy lists evidence phrases with points. An abstract is tokenised once;
phrases are looked up in a dictionary keyed by their normalised words, so matching is on whole
words and ignores case, hyphens/spaces between words and plurals, and costs the same for
one tag or a hundred. A tag's score is the sum of its distinct phrases' points (with a small
bonus for repeats); the tags above a threshold are chosen, at most five. Every point can be
traced back to an exact phrase of the abstract, which is what :func:`explain` prints.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, compress
from typing import NamedTuple

from paperlist.model.taxonomy import Taxonomy, load_taxonomy
from paperlist.util.text import fold_plural, strip_urls

REPEAT_BONUS = 0.25  # each repeat of a phrase adds this fraction of its points...
MAX_REPEATS = 4  # ...for at most this many repeats, so one word cannot dominate
# Sentences reporting experiments name datasets and application areas the paper is not about
# ("experiments on image classification and language modelling"): their evidence counts less.
RESULTS_SENTENCE_WEIGHT = 0.5
_RESULTS_WORDS = {"experiment", "experimental", "empirically", "outperform", "outperforming"}
_RESULTS_BIGRAMS = {("we", "evaluate"), ("evaluated", "on"), ("result", "on"), ("evaluation", "on")}
_RESULTS_TRIGGERS = _RESULTS_WORDS | {second for _, second in _RESULTS_BIGRAMS}

_SPLIT_RE = re.compile(r"([^\W_]+)")  # capturing: words at odd indices, separators at even
_LATEX_CMD_RE = re.compile(r"\\[A-Za-z]+")
_MARKUP_RE = re.compile(r"[*_$`{}\\^~]")
# "(LLMs)", "(EM-CoT)": a parenthesised token with two or more capitals defines an abbreviation.
_ABBR_DEF_RE = re.compile(r"\(\s*([A-Za-z0-9]*[A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*)\s*\)")
_WORD_RE = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class TagScore:
    slug: str
    name: str
    score: float
    evidence: tuple[str, ...]  # exact phrases of the text that gave it


# ----------------------------------------------------------------------------- normalisation


@lru_cache(maxsize=1 << 16)
def _abbr_form(word: str) -> str:
    """Case-sensitive form (the case-insensitive one is :func:`fold_plural`): only a plural
    "s" after a capital is dropped ("GNNs" -> "GNN", but "MAS" stays), so "RL" never
    matches "rl" inside ordinary words."""
    if len(word) >= 3 and word.endswith("s") and word[-2].isupper():
        return word[:-1]
    return word


def clean_text(text: str) -> str:
    """Strip URLs, Markdown emphasis and LaTeX markup but keep the words, so evidence quotes
    read like the abstract ("*length-dependent bias*" -> "length-dependent bias")."""
    text = strip_urls(text)
    if "\\" in text:
        text = _LATEX_CMD_RE.sub(" ", text)
    text = _MARKUP_RE.sub(" ", text)
    return " ".join(text.split())


def _phrase_key(phrase: str, case_sensitive: bool) -> str:
    form = _abbr_form if case_sensitive else fold_plural
    return "".join(form(w) for w in _WORD_RE.findall(phrase))


# ----------------------------------------------------------------------------- compiled taxonomy


@dataclass(frozen=True)
class _Entry:
    tag: int  # index into taxonomy.tags
    points: float  # negative for negative evidence, 0 for exclusions
    kind: str  # "pos", "neg" or "excl"


@dataclass
class _Matcher:
    folded: dict[str, list[_Entry]]  # stemmed key -> entries
    exact: dict[str, list[_Entry]]  # abbreviation key -> entries
    folded_prefixes: set[str]
    exact_prefixes: set[str]
    patterns: list[tuple[int, re.Pattern[str], float]]
    known_abbrs: set[tuple[str, int]]  # (abbr key, tag) already in the taxonomy


@lru_cache(maxsize=8)
def _compile(taxonomy: Taxonomy) -> _Matcher:
    """Build the lookup tables once per taxonomy; tagging many abstracts then costs a few
    dictionary probes per word."""
    folded: dict[str, list[_Entry]] = {}
    exact: dict[str, list[_Entry]] = {}
    patterns = []
    known_abbrs = set()
    for i, tag in enumerate(taxonomy.tags):
        ev = taxonomy.evidence[tag.slug]
        items = [(p, w, "pos", False) for p, w in ev.phrases.items()]
        items += [(p, w, "pos", True) for p, w in ev.abbreviations.items()]
        items += [(p, -w, "neg", False) for p, w in ev.negative.items()]
        items += [(p, 0.0, "excl", False) for p in ev.exclude]
        for phrase, points, kind, case_sensitive in items:
            key = _phrase_key(phrase, case_sensitive)
            if not key:
                continue
            table = exact if case_sensitive else folded
            entries = table.setdefault(key, [])
            same = [e for e in entries if e.tag == i and e.kind == kind]
            if same:  # listed twice for one tag: keep the stronger
                if abs(points) > abs(same[0].points):
                    entries[entries.index(same[0])] = _Entry(i, points, kind)
            else:
                entries.append(_Entry(i, points, kind))
            if case_sensitive:
                known_abbrs.add((key, i))
        for source, points in ev.patterns.items():
            patterns.append((i, re.compile(source), points))
    return _Matcher(
        folded=folded,
        exact=exact,
        folded_prefixes={k[:n] for k in folded for n in range(1, len(k) + 1)},
        exact_prefixes={k[:n] for k in exact for n in range(1, len(k) + 1)},
        patterns=patterns,
        known_abbrs=known_abbrs,
    )


# ----------------------------------------------------------------------------- matching


class _Match(NamedTuple):
    """A tuple, not a frozen dataclass: an abstract makes ~30 of these, and a frozen
    dataclass's __init__ costs several times a tuple's."""

    start: int  # first token
    end: int  # one past the last token
    key: str
    entry: _Entry


class _WordForms(dict):
    """word -> form(word), filled as words come: one dictionary probe per word of every
    abstract, cheaper than the lru_cache'd call (and unbounded within a bound: cleared
    when it grows past a large vocabulary)."""

    def __init__(self, form: Callable[[str], str]) -> None:
        super().__init__()
        self.form = form

    def __missing__(self, word: str) -> str:
        if len(self) > 1 << 18:
            self.clear()
        value = self[word] = self.form(word)
        return value


_FOLDED = _WordForms(fold_plural)
_EXACT = _WordForms(_abbr_form)


class _Doc:
    """An abstract split into words once, with everything the matchers need per word."""

    def __init__(self, text: str) -> None:
        self.text = text
        parts = _SPLIT_RE.split(text)
        words = self.words = parts[1::2]
        offsets = list(accumulate(map(len, parts), initial=0))
        self.starts: list[int] = offsets[1:-1:2]
        self.ends: list[int] = offsets[2::2]
        # a new sentence starts after ". " (or ! ?) when the next word is capitalised; only
        # the separators other than one space (found in C) can be such
        seps = parts[2:-1:2]  # the one before each word but the first
        sentence: list[int] = []
        number = 0
        for k in compress(range(len(seps)), map(" ".__ne__, seps)):
            sep, word = seps[k], words[k + 1]
            if (sep[-1:].isspace() and ("." in sep or "!" in sep or "?" in sep)
                    and (word[0].isupper() or word[0].isdigit())):
                sentence += [number] * (k + 1 - len(sentence))
                number += 1
        sentence += [number] * (len(words) - len(sentence))
        self.sentence = sentence
        self.folded: list[str] = list(map(_FOLDED.__getitem__, words))
        # abbreviation evidence always has a capital, so only these words can start one
        self.capitalised = list(compress(range(len(words)),
                                         map(operator.not_, map(str.islower, words))))
        # a word in lower case is its own _abbr_form (no capital before a final "s"): only
        # the others are looked up
        exact = self.exact = words.copy()
        for i in self.capitalised:
            exact[i] = _EXACT[words[i]]
        self.weights = self._sentence_weights((self.sentence[-1] + 1) if words else 1)

    def _sentence_weights(self, sentences: int) -> list[float]:
        weights = [1.0] * sentences
        folded, sentence = self.folded, self.sentence
        # (the few trigger words found in C)
        for i in compress(range(len(folded)), map(_RESULTS_TRIGGERS.__contains__, folded)):
            word = folded[i]
            if word in _RESULTS_WORDS or (i and (folded[i - 1], word) in _RESULTS_BIGRAMS):
                weights[sentence[i]] = RESULTS_SENTENCE_WEIGHT
        return weights

    def token_at(self, offset: int) -> int:
        """Index of the first word starting at or after a character offset."""
        lo, hi = 0, len(self.starts)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.starts[mid] < offset:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def quote(self, start: int, end: int) -> str:
        return self.text[self.starts[start]:self.ends[end - 1]]


def _find_matches(
    forms: list[str], table: dict, prefixes: set[str], starts: list[int] | None = None
) -> list[_Match]:
    found = []
    n = len(forms)
    if starts is None:  # the words that start no key (half of them) skipped in C
        starts = compress(range(n), map(prefixes.__contains__, forms))
    for i in starts:
        key = forms[i]
        if key not in prefixes:  # prefixes include every full key
            continue
        j = i
        while True:
            entries = table.get(key)
            if entries:
                for e in entries:
                    found.append(_Match(i, j + 1, key, e))
            j += 1
            if j == n:
                break
            key += forms[j]
            if key not in prefixes:
                break
    return found


def _abbreviation_matches(doc: _Doc, kept: list[_Match], m: _Matcher) -> list[_Match]:
    """Abbreviations defined in the text inherit the tags of their long form:
    "Proactive Recommender Systems (PRSs)" makes every later "PRS" recommender evidence.
    The long form is the words just before the parenthesis, one per capital letter plus one,
    within the same sentence."""
    extra: list[_Match] = []
    for d in _ABBR_DEF_RE.finditer(doc.text):
        abbr = [_abbr_form(w) for w in _WORD_RE.findall(d.group(1))]
        key = "".join(abbr)
        first = doc.token_at(d.start())  # first word inside the parentheses
        if first >= len(doc.words):
            continue
        lo = max(first - sum(c.isupper() for c in key) - 1, 0)
        while doc.sentence[lo] != doc.sentence[first]:
            lo += 1
        inherited: dict[int, float] = {}
        for mt in kept:
            if lo <= mt.start and mt.end <= first and mt.entry.kind == "pos":
                tag = mt.entry.tag
                inherited[tag] = max(inherited.get(tag, 0.0), mt.entry.points)
        inherited = {t: p for t, p in inherited.items() if (key, t) not in m.known_abbrs}
        if not inherited:
            continue
        n = len(abbr)
        uses = [
            i for i, w in enumerate(doc.exact)
            if w == abbr[0] and doc.exact[i:i + n] == abbr and not first <= i < first + n
        ]
        for tag, points in inherited.items():
            extra.extend(_Match(i, i + n, key, _Entry(tag, points, "pos")) for i in uses)
    return extra


def _keep_longest(matches: list[_Match]) -> list[_Match]:
    """Within one tag a longer phrase wins over the shorter ones it covers ("little attention"
    excludes "attention", "reinforcement learning" is not also "learning"). Tags do not
    block each other: "vision transformer" may count for two tags."""
    kept: list[_Match] = []
    taken: dict[int, list[tuple[int, int]]] = {}
    for mt in sorted(matches, key=lambda x: (x.start - x.end, x.start)):
        spans = taken.setdefault(mt.entry.tag, [])
        if spans and any(mt.start < e and s < mt.end for s, e in spans):
            continue
        spans.append((mt.start, mt.end))
        kept.append(mt)
    return kept


def score_tags(text: str, taxonomy: Taxonomy | None = None) -> list[TagScore]:
    """Every tag with a positive score, highest first (ties in taxonomy order)."""
    taxonomy = taxonomy or load_taxonomy()
    m = _compile(taxonomy)
    doc = _Doc(clean_text(text))
    matches = _find_matches(doc.folded, m.folded, m.folded_prefixes)
    matches += _find_matches(doc.exact, m.exact, m.exact_prefixes, doc.capitalised)
    kept = _keep_longest(matches)
    kept += _abbreviation_matches(doc, kept, m)

    # per tag: key -> [points, weight of each occurrence, first quote]
    hits: dict[int, dict[str, list]] = {}
    for mt in sorted(kept, key=lambda x: x.start):
        if mt.entry.kind == "excl":
            continue
        slot = hits.setdefault(mt.entry.tag, {}).get(mt.key)
        if slot is None:
            slot = hits[mt.entry.tag][mt.key] = [mt.entry.points, [], doc.quote(mt.start, mt.end)]
        slot[1].append(doc.weights[doc.sentence[mt.start]])
    for tag, pattern, points in m.patterns:
        for pm in pattern.finditer(doc.text):
            key = "re:" + pattern.pattern
            slot = hits.setdefault(tag, {}).setdefault(key, [points, [], pm.group(0)])
            i = min(doc.token_at(pm.start()), len(doc.words) - 1)
            slot[1].append(doc.weights[doc.sentence[i]])

    results = []
    for tag_index, by_key in hits.items():
        score, quotes = 0.0, []
        for points, weights, quote in by_key.values():
            if points > 0:
                best = max(weights)
                repeats = min(sum(weights) - best, MAX_REPEATS)
                score += points * (best + REPEAT_BONUS * repeats)
                quotes.append(quote)
            else:
                score += points
        if score > 0:
            tag = taxonomy.tags[tag_index]
            evidence = tuple(dict.fromkeys(quotes))
            results.append((tag_index, TagScore(tag.slug, tag.name, round(score, 2), evidence)))
    results.sort(key=lambda r: (-r[1].score, r[0]))
    return [r[1] for r in results]


def _choose(scores: list[TagScore], taxonomy: Taxonomy) -> list[TagScore]:
    sel = taxonomy.selection
    if not scores:
        tag = taxonomy.by_slug(taxonomy.fallback)
        return [TagScore(tag.slug, tag.name, 0.0, ())]
    floor = max(sel["min_score"], sel["relative_to_top"] * scores[0].score)
    chosen = [s for s in scores if s.score >= floor][: int(sel["max_tags"])]
    return chosen or scores[:1]


def infer_tags(text: str, taxonomy: Taxonomy | None = None) -> list[TagScore]:
    """The 1..max_tags tags for a paper, most confident first. Never empty: with no tag over
    the threshold the best-scoring one is used, and with no evidence at all the fallback."""
    taxonomy = taxonomy or load_taxonomy()
    return _choose(score_tags(text, taxonomy), taxonomy)


def explain(text: str, taxonomy: Taxonomy | None = None) -> str:
    """Why each tag was chosen, and which tags nearly were, quoting the abstract."""
    taxonomy = taxonomy or load_taxonomy()
    scores = score_tags(text, taxonomy)
    chosen = _choose(scores, taxonomy)
    sel = taxonomy.selection
    lines = [
        f"Chosen tags (score >= {sel['min_score']:g} and >= {sel['relative_to_top']:.0%} "
        f"of the best, at most {int(sel['max_tags'])}):"
    ]
    for s in chosen:
        lines.append(f"  {s.name} [{s.slug}]  score {s.score:g}")
        lines.append("    evidence: " + (_quote(s.evidence) or "none (fallback tag)"))
    chosen_slugs = {s.slug for s in chosen}
    near = [s for s in scores if s.slug not in chosen_slugs][:5]
    lines.append("Near misses:" if near else "Near misses: none")
    for s in near:
        lines.append(f"  {s.name} [{s.slug}]  score {s.score:g}: {_quote(s.evidence)}")
    return "\n".join(lines)


def _quote(phrases: tuple[str, ...]) -> str:
    return ", ".join(f'"{p}"' for p in phrases)
