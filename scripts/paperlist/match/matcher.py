"""Which page each abstract belongs to (a record's, or a corrected paragraph's), judged by
the abstracts alone.

Lists carry no ids and often no titles, so the abstract is all the two sides share. A
wrong match would put one paper's authors (or abstract) on another's page, which nobody
would notice; a missed one only leaves a page as it was. So a match must be clear on
three counts: most of the shorter abstract's triples (shingles.py) are in the longer one,
a fair share of the longer one's are in the shorter (a missing sentence is fine, a
one-sentence snippet of a long abstract is not), and no other page comes close. Two
texts that both clearly want the same page are reported too, never settled by a guess.

Candidates come from an inverted index of the pages' rarer triples, so 12,000 records
against 12,000 pages compare each record with a handful of pages, not all of them.
"Records" below are the texts being placed, whatever they came from.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from paperlist.match.settings import settings
from paperlist.match.shingles import sampled, shingles
from paperlist.util.background import split_map


@dataclass
class Outcome:
    """The matching of a list of records against a list of pages (by index)."""

    #: record index -> (page index, containment)
    matched: dict[int, tuple[int, float]] = field(default_factory=dict)
    #: record index -> page indices too close to call (best first)
    ambiguous: dict[int, list[int]] = field(default_factory=dict)
    #: record index -> why no page is its (for the report)
    unmatched: dict[int, str] = field(default_factory=dict)
    #: record index -> the record that got the page it wanted
    rival: dict[int, int] = field(default_factory=dict)


def similarity(a: frozenset[int], b: frozenset[int]) -> tuple[float, float]:
    """(containment, coverage): the share of the smaller set's triples in the other, and
    the share of the larger's."""
    if not a or not b:
        return 0.0, 0.0
    inter = len(a & b)
    return inter / min(len(a), len(b)), inter / max(len(a), len(b))


class PageIndex:
    """The pages' abstracts as triples, with an inverted index of a sample of them (all of
    a short abstract's), less those too common to tell pages apart."""

    def __init__(self, texts: list[str]) -> None:
        cfg = settings()["matching"]
        self.short = int(cfg["index_all_below"])
        both = split_map(_shingle_all, texts, PARALLEL_FROM)
        self.sets = [full for full, _ in both]
        postings: dict[int, list[int]] = {}
        for i, (_, keys) in enumerate(both):
            for h in keys:
                postings.setdefault(h, []).append(i)
        limit = int(cfg["max_posting"])
        self.postings = {h: ids for h, ids in postings.items() if len(ids) <= limit}

    def candidates(self, probe: frozenset[int], n: int) -> list[int]:
        votes: Counter[int] = Counter()
        for h in (probe if len(probe) < self.short else sampled(probe)):
            ids = self.postings.get(h)
            if ids:
                votes.update(ids)
        return [i for i, _ in votes.most_common(n)]


def _shingle_all(texts: list[str]) -> list[tuple[frozenset[int], frozenset[int]]]:
    """Each text's triples and those of them it is indexed under."""
    short = int(settings()["matching"]["index_all_below"])
    out = []
    for text in texts:
        full = shingles(text)
        out.append((full, full if len(full) < short else sampled(full)))
    return out


#: from this many abstracts on, the work is split with the other core (a forked child
#: shares the index, and Python's string hashes, with the parent)
PARALLEL_FROM = 2000


def _judge(index: PageIndex, texts: list[str]) -> list[tuple[str, list[tuple[float, int]]]]:
    """Each record's verdict before pages are shared out: ("", [(containment, page), ...]
    best first, those that pass) or (why not, [])."""
    cfg = settings()["matching"]
    min_shingles = int(cfg["min_shingles"])
    out: list[tuple[str, list[tuple[float, int]]]] = []
    for text in texts:
        if not text.strip():
            out.append(("it has no abstract", []))
            continue
        probe = shingles(text)
        if len(probe) < min_shingles:
            out.append(("its abstract is too short to match safely", []))
            continue
        scored = []
        for page in index.candidates(probe, int(cfg["candidates"])):
            containment, coverage = similarity(probe, index.sets[page])
            if coverage >= cfg["min_coverage"] and containment >= cfg["min_containment"]:
                scored.append((containment, page))
        scored.sort(key=lambda t: (-t[0], t[1]))
        out.append(("" if scored else "no page has this abstract", scored))
    return out


def match_texts(texts: list[str], page_texts: list[str],
                fixed: dict[int, int] | None = None) -> Outcome:
    """Match abstracts to pages' abstracts. `fixed` (text -> page) are pairs known
    otherwise (the record id a page keeps from an earlier enrich): they stand, and take
    their page."""
    margin = settings()["matching"]["margin"]
    fixed = fixed or {}
    index = PageIndex(page_texts)
    outcome = Outcome()
    taken = set(fixed.values())
    for r, page in fixed.items():
        outcome.matched[r] = (page, 1.0)
    todo = [r for r in range(len(texts)) if r not in fixed]
    verdicts = split_map(lambda rs: _judge(index, [texts[r] for r in rs]), todo,
                         PARALLEL_FROM)
    # A page another record fits better than this one does is that record's: the same
    # paper submitted twice gives two near-identical pages, each with its own record.
    claims: dict[int, list[tuple[float, int]]] = {}
    for r, (_, scored) in zip(todo, verdicts, strict=True):
        if scored:
            claims.setdefault(scored[0][1], []).append((scored[0][0], r))

    def better_claimed(page: int, score: float, r: int) -> bool:
        return any(c > score and other != r for c, other in claims.get(page, []))

    want: dict[int, tuple[int, float]] = {}
    for r, (why, scored) in zip(todo, verdicts, strict=True):
        if not scored:
            outcome.unmatched[r] = why
            continue
        best, page = scored[0]
        close = [p for c, p in scored[1:] if best - c < margin
                 and not better_claimed(p, c, r)]
        if close:
            outcome.ambiguous[r] = [page, *close]
        elif page in taken:
            outcome.unmatched[r] = "its page is already taken by a surer match"
        else:
            want[r] = (page, best)
    # Two records wanting one page: the clearly closer one gets it, a near tie goes to
    # the report.
    by_page: dict[int, list[int]] = {}
    for r, (page, _) in want.items():
        by_page.setdefault(page, []).append(r)
    for page, rs in by_page.items():
        rs.sort(key=lambda r: (-want[r][1], r))
        first = rs[0]
        if len(rs) > 1 and want[first][1] - want[rs[1]][1] < margin:
            for r in rs:
                outcome.ambiguous[r] = [page]
            continue
        outcome.matched[first] = want[first]
        for r in rs[1:]:
            outcome.unmatched[r] = "another one matches its page better"
            outcome.rival[r] = first
    return outcome
