"""Deterministic, explainable topic tagging of abstracts.

Each tag in the taxonomy lists evidence phrases with points. An abstract is tokenised once;
phrases are looked up in a dictionary keyed by their normalised words, so matching is on whole
words and ignores case, hyphens/spaces between words and plurals, and costs the same for
one tag or a hundred. A tag's score is the sum of its distinct phrases' points (with a small
bonus for repeats); the tags above a threshold are chosen, at most five. Every point can be
traced back to an exact phrase of the abstract, which is what :func:`explain` prints.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from paperlist.taxonomy import Taxonomy, load_taxonomy

REPEAT_BONUS = 0.25  # each repeat of a phrase adds this fraction of its points...
MAX_REPEATS = 4  # ...for at most this many repeats, so one word cannot dominate
# Sentences reporting experiments name datasets and application areas the paper is not about
# ("experiments on image classification and language modelling"): their evidence counts less.
RESULTS_SENTENCE_WEIGHT = 0.5
_RESULTS_SENTENCE_RE = re.compile(
    r"\b(?:experiments?|experimental|empirically|empirical results|outperforms?|outperforming"
    r"|we evaluate|evaluated on|evaluations on|results on)\b",
    re.IGNORECASE,
)
_SENTENCE_SPLIT_RE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9])")

_WORD_RE = re.compile(r"[^\W_]+")
_URL_RE = re.compile(r"\b(?:https?://|www\.)\S+|\b\S+\.(?:com|org|io|ai|net)/\S*")
_LATEX_CMD_RE = re.compile(r"\\[A-Za-z]+")
_MARKUP_RE = re.compile(r"[*_$`{}\\^~]")
# "(LLMs)", "(EM-CoT)": a parenthesised token with two or more capitals defines an abbreviation.
_ABBR_DEF_RE = re.compile(r"\(\s*([A-Za-z0-9]*[A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*)\s*\)")
_SENTENCE_END_RE = re.compile(r"[.!?;:]\s")


@dataclass(frozen=True)
class TagScore:
    slug: str
    name: str
    score: float
    evidence: tuple[str, ...]  # exact phrases of the text that gave it


# ----------------------------------------------------------------------------- normalisation


def _stem(word: str) -> str:
    """Case-insensitive form of a word: lowercased, crude plural stripped ("policies" ->
    "policy", "LLMs" -> "llm"). Applied to phrases and text alike, so it only needs to be
    consistent, not linguistically right."""
    w = word.lower()
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


def _abbr_form(word: str) -> str:
    """Case-sensitive form: only a plural "s" after a capital is dropped ("GNNs" -> "GNN",
    but "MAS" stays), so "RL" never matches "rl" inside ordinary words."""
    if len(word) >= 3 and word.endswith("s") and word[-2].isupper():
        return word[:-1]
    return word


def clean_text(text: str) -> str:
    """Strip URLs, Markdown emphasis and LaTeX markup but keep the words, so evidence quotes
    read like the abstract ("*length-dependent bias*" -> "length-dependent bias")."""
    text = _URL_RE.sub(" ", text)
    text = _LATEX_CMD_RE.sub(" ", text)
    text = _MARKUP_RE.sub(" ", text)
    return re.sub(r"\s+", " ", text).strip()


def _phrase_key(phrase: str, case_sensitive: bool) -> str:
    form = _abbr_form if case_sensitive else _stem
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
            patterns.append((i, re.compile(source, re.IGNORECASE), points))
    return _Matcher(
        folded=folded,
        exact=exact,
        folded_prefixes={k[:n] for k in folded for n in range(1, len(k) + 1)},
        exact_prefixes={k[:n] for k in exact for n in range(1, len(k) + 1)},
        patterns=patterns,
        known_abbrs=known_abbrs,
    )


# ----------------------------------------------------------------------------- matching


@dataclass(frozen=True)
class _Match:
    start: int  # first token
    end: int  # one past the last token
    key: str
    entry: _Entry


def _find_matches(words: list[str], forms: list[str], table, prefixes) -> list[_Match]:
    found = []
    n = len(words)
    for i in range(n):
        key = ""
        for j in range(i, n):
            key += forms[j]
            if key in table:
                found.extend(_Match(i, j + 1, key, e) for e in table[key])
            if key not in prefixes:
                break
    return found


def _abbreviation_matches(
    text: str, spans: list[tuple[int, int]], words: list[str], kept: list[_Match], m: _Matcher
) -> list[_Match]:
    """Abbreviations defined in the text inherit the tags of their long form:
    "Proactive Recommender Systems (PRSs)" makes every later "PRS" recommender evidence."""
    extra: list[_Match] = []
    starts = [s for s, _ in spans]
    exact_forms = [_abbr_form(w) for w in words]
    for d in _ABBR_DEF_RE.finditer(text):
        abbr = [_abbr_form(w) for w in _WORD_RE.findall(d.group(1))]
        key = "".join(abbr)
        first = _bisect(starts, d.start())  # first token inside the parentheses
        sentence_start = max((s.end() for s in _SENTENCE_END_RE.finditer(text, 0, d.start())),
                             default=0)
        window = sum(c.isupper() for c in key) + 1
        lo = max(first - window, _bisect(starts, sentence_start))
        inherited = {
            mt.entry.tag: mt.entry.points
            for mt in sorted(kept, key=lambda x: x.entry.points)
            if lo <= mt.start and mt.end <= first and mt.entry.kind == "pos"
        }
        if not inherited:
            continue
        uses = [
            i for i in range(len(words) - len(abbr) + 1)
            if exact_forms[i:i + len(abbr)] == abbr and not first <= i < first + len(abbr)
        ]
        for tag, points in inherited.items():
            if (key, tag) in m.known_abbrs:
                continue
            extra.extend(_Match(i, i + len(abbr), key, _Entry(tag, points, "pos")) for i in uses)
    return extra


def _bisect(starts: list[int], pos: int) -> int:
    lo, hi = 0, len(starts)
    while lo < hi:
        mid = (lo + hi) // 2
        if starts[mid] < pos:
            lo = mid + 1
        else:
            hi = mid
    return lo


def _sentence_weights(text: str):
    """Return a lookup from character offset to the weight of the sentence it falls in."""
    bounds, weights, pos = [], [], 0
    for sentence in _SENTENCE_SPLIT_RE.split(text):
        start = text.index(sentence, pos)
        pos = start + len(sentence)
        bounds.append(start)
        weights.append(RESULTS_SENTENCE_WEIGHT if _RESULTS_SENTENCE_RE.search(sentence) else 1.0)

    def weight_at(offset: int) -> float:
        return weights[max(_bisect(bounds, offset + 1) - 1, 0)]

    return weight_at


def _keep_longest(matches: list[_Match]) -> list[_Match]:
    """Within one tag a longer phrase wins over the shorter ones it covers ("little attention"
    excludes "attention", "reinforcement learning" is not also "learning"). Tags do not
    block each other: "vision transformer" may count for two tags."""
    kept: list[_Match] = []
    taken: dict[int, list[tuple[int, int]]] = {}
    for mt in sorted(matches, key=lambda x: (x.start - x.end, x.start)):
        spans = taken.setdefault(mt.entry.tag, [])
        if any(mt.start < e and s < mt.end for s, e in spans):
            continue
        spans.append((mt.start, mt.end))
        kept.append(mt)
    return kept


def score_tags(text: str, taxonomy: Taxonomy | None = None) -> list[TagScore]:
    """Every tag with a positive score, highest first (ties in taxonomy order)."""
    taxonomy = taxonomy or load_taxonomy()
    m = _compile(taxonomy)
    text = clean_text(text)
    spans, words = [], []
    for w in _WORD_RE.finditer(text):
        spans.append(w.span())
        words.append(w.group())
    matches = _find_matches(words, [_stem(w) for w in words], m.folded, m.folded_prefixes)
    matches += _find_matches(words, [_abbr_form(w) for w in words], m.exact, m.exact_prefixes)
    kept = _keep_longest(matches)
    kept += _abbreviation_matches(text, spans, words, kept, m)

    weight_at = _sentence_weights(text)
    # per tag: key -> [points, occurrence weights, first quote]
    hits: dict[int, dict[str, list]] = {}
    for mt in sorted(kept, key=lambda x: x.start):
        if mt.entry.kind == "excl":
            continue
        start = spans[mt.start][0]
        quote = text[start:spans[mt.end - 1][1]]
        slot = hits.setdefault(mt.entry.tag, {}).setdefault(mt.key, [mt.entry.points, [], quote])
        slot[1].append(weight_at(start))
    for tag, pattern, points in m.patterns:
        for pm in pattern.finditer(text):
            key = "re:" + pattern.pattern
            slot = hits.setdefault(tag, {}).setdefault(key, [points, [], pm.group(0)])
            slot[1].append(weight_at(pm.start()))

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
            results.append((tag_index, TagScore(tag.slug, tag.name, round(score, 2),
                                                tuple(dict.fromkeys(quotes)))))
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
