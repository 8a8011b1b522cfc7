"""Related papers: the few most similar papers of each paper, found at build time.

Similarity is the cosine of TF-IDF vectors over a paper's names, title, abstract and
tags. Each vector is pruned to its `TOP_TERMS` heaviest terms that at least one other
paper shares (a paper is about its rare words; the rest only adds cost), and scores are
accumulated through an inverted index held in numpy arrays, so 12,000 papers take
seconds, not the minutes of a pure-Python loop (a pure-Python index had to drop long
posting lists to fit the budget and lost half of the true neighbours). The score is a
lower bound of the cosine (norms are taken before pruning), so the `THRESHOLD` means
what it says: a paper with no neighbour that close shows fewer related papers rather
than noise. Ties are broken by catalogue order, so every build gives the same output.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from paperlist.model.catalogue import Paper
from paperlist.util.text import fold_plural, strip_urls

#: how many related papers a page shows at most
SHOWN = 5
#: the least cosine similarity worth showing; below it two abstracts share only boilerplate
THRESHOLD = 0.08
#: terms kept per paper for matching (its heaviest shared terms)
TOP_TERMS = 24
#: more than rounding to 9 decimals moves a score (see `neighbours`)
_ROUNDING = 1e-6

#: a word as written, from its first character: "3dcs" is itself, not "dcs" (which made a
#: 3D paper the neighbour of one on DCS)
_WORD = re.compile(r"(?<![a-z0-9])[a-z0-9]*[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
_MATH = re.compile(r"\$[^$]*\$")
# Function words, reporting verbs and abstract boilerplate: frequent everywhere, so they
# would only make unrelated papers look alike.
_STOPWORDS = frozenset("""
a about above across after again against all almost also although always among an and
another any are around as at based be because been before being below between both but by
can cannot could did do does doing done due during each either enable enables et etc even
ever every existing extensive few first for from further furthermore given has have having
here how however if in into is it its itself just large less like made make makes many may
more moreover most much must new not novel now of often on once one only or other others
our out over paper particular per present propose proposed proposes provide provides
rather recent results same several should show shows significant significantly since so
some such than that the their them themselves then there these they this those though
three through thus to two under up upon us use used uses using various very via was
we well were what when where whether which while who whose why will with within without
work would yet approach approaches method methods demonstrate demonstrates achieve
achieves achieving state art outperform outperforms experiments experimental code
available https http github com
""".split())


class _Stems(dict[str, str]):
    """word -> fold_plural(word), filled as words come: a conference's abstracts repeat the
    same few tens of thousands of words, and a dict lookup is much cheaper than the call."""

    def __missing__(self, word: str) -> str:
        # a quantity ("7b", "100k", "10x") is no topic: two papers of 7B models are not
        # related by it
        stem = self[word] = "" if _QUANTITY.fullmatch(word) else fold_plural(word)
        return stem


_QUANTITY = re.compile(r"\d+[a-z]{1,2}")
_STEMS = _Stems()


def tokens(text: str) -> list[str]:
    """Content words of a text, lower-cased and plural-folded; math and URLs dropped."""
    text = strip_urls(_MATH.sub(" ", text)).casefold()
    stems = _STEMS
    return [stem for w in _WORD.findall(text) if len(w) > 2 and w not in _STOPWORDS
            and (stem := stems[w])]


def document_terms(entry: Paper) -> list[str]:
    """What a paper is about: its names (twice: they are its identity), title, abstract and
    tags. Tags are terms of their own ('tag:slug', the first three weighted 3, 2, 1): they
    are an editor-checked summary of the topic, and at 19 papers the words alone are too
    sparse to find a neighbour."""
    names = " ".join([entry.name, *entry.other_names])
    terms = tokens(f"{names} {names} {entry.title} {entry.body}")
    for rank, tag in enumerate(entry.tags):
        terms.extend([f"tag:{tag.slug}"] * max(1, 3 - rank))
    return terms


@dataclass(frozen=True)
class Neighbour:
    index: int  # position in the catalogue's paper list
    score: float  # cosine similarity (lower bound), 0..1


def tfidf_vectors(documents: Sequence[list[str]]) -> list[dict[str, float]]:
    """Sparse TF-IDF vectors (sublinear tf), L2-normalised over all their terms.

    Terms only one paper uses are dropped before normalising: they can never match
    another paper, and at a few hundred papers most words are unique, which would
    shrink every score towards zero and make the threshold meaningless.
    """
    counts: list[dict[str, int]] = []
    df: dict[str, int] = {}
    for terms in documents:
        tf: dict[str, int] = {}
        for tok in terms:
            tf[tok] = tf.get(tok, 0) + 1
        counts.append(tf)
        for tok in tf:
            df[tok] = df.get(tok, 0) + 1
    n = len(documents)
    idf = {t: math.log((n + 1) / (d + 0.5)) for t, d in df.items()}
    vectors = []
    for tf in counts:
        vec = {t: (1.0 + math.log(c)) * idf[t] for t, c in tf.items() if df[t] > 1}
        norm = math.sqrt(sum(w * w for w in vec.values())) or 1.0
        vectors.append({t: w / norm for t, w in vec.items()})
    return vectors


def _prune(vec: dict[str, float], keep: int) -> list[tuple[str, float]]:
    # Sorted by weight then term, so equal weights never depend on dict order. Sorting
    # (-weight, term) pairs compares them in C, with no key function called per term:
    # twice as fast as heapq.nsmallest with a key (1.5 -> 0.65 s at 30,000 papers), and
    # the same list (negating a float twice gives it back exactly).
    return [(term, -neg) for neg, term in sorted([(-w, t) for t, w in vec.items()])[:keep]]


def neighbours(entries: Sequence[Paper], k: int = SHOWN, threshold: float = THRESHOLD,
               ) -> list[list[Neighbour]]:
    """For each paper, up to k others with similarity >= threshold, most similar first.

    An inverted index in numpy arrays: for each paper, its terms' posting lists are
    summed into one score array, then the best k above the threshold are taken. Exact
    over the pruned vectors.
    """
    # numpy here, not at the top: the build computes this on the other core
    # (structure/discovery.py), and importing numpy was a tenth of a second of every
    # build's own process, a tenth of building 19 papers
    import numpy as np

    vectors = [_prune(v, TOP_TERMS) for v in tfidf_vectors([document_terms(e) for e in entries])]
    n = len(vectors)
    term_ids: dict[str, int] = {}
    docs: list[int] = []
    cols: list[int] = []
    weights: list[float] = []
    for i, vec in enumerate(vectors):
        for term, w in vec:
            docs.append(i)
            cols.append(term_ids.setdefault(term, len(term_ids)))
            weights.append(w)
    doc_arr = np.array(docs, dtype=np.int64)
    col_arr = np.array(cols, dtype=np.int64)
    w_arr = np.array(weights, dtype=np.float64)
    order = np.lexsort((doc_arr, col_arr))  # postings: by term, then by paper
    post_docs, post_w = doc_arr[order], w_arr[order]
    starts = np.searchsorted(col_arr[order], np.arange(len(term_ids) + 1))
    query_start = np.searchsorted(doc_arr, np.arange(n + 1)).tolist()
    # each (paper, term) pair's posting list: where it starts and how long it is
    q_start = starts[col_arr]
    q_len = starts[col_arr + 1] - q_start
    out: list[list[Neighbour]] = []
    for i in range(n):
        lo, hi = query_start[i], query_start[i + 1]
        if lo == hi:
            out.append([])
            continue
        # The paper's postings, concatenated term after term, gathered at once (a
        # handful of numpy calls a paper rather than two per term: 30,000 papers times
        # 24 terms of small calls were a third of the time), then one bincount: a
        # sequential C loop, several times faster than a scattered `scores[ids] += ...`.
        lengths = q_len[lo:hi]
        ends = np.cumsum(lengths)
        at = np.arange(int(ends[-1])) + np.repeat(q_start[lo:hi] - (ends - lengths), lengths)
        ids = post_docs[at]
        contrib = np.repeat(w_arr[lo:hi], lengths) * post_w[at]
        scores = np.bincount(ids, weights=contrib, minlength=n)
        scores[i] = 0.0
        # Rounded so that ties are ties on every machine; ties go by catalogue order.
        # Only the scores near or above the threshold are rounded (rounding moves a
        # score by at most 5e-10), not all n of them for every paper.
        cand = np.flatnonzero(scores >= threshold - _ROUNDING)
        best = np.round(scores[cand], 9)
        keep = best >= threshold
        cand, best = cand[keep], best[keep]
        if cand.size > k:  # keep the k best and anything tied with the k-th, then sort
            kth = np.partition(best, cand.size - k)[cand.size - k]
            keep = best >= kth
            cand, best = cand[keep], best[keep]
        pick = np.lexsort((cand, -best))[:k]
        out.append([Neighbour(int(cand[j]), float(best[j])) for j in pick])
    return out


def shown(entry: Paper, row: Sequence[Neighbour], papers: Sequence[Paper]) -> list[Neighbour]:
    """The related papers a paper's page shows: the best `SHOWN` of its neighbours (`row`,
    indices into `papers`) that share a tag with it; a paper without tags shows its
    nearest by wording alone. Wording alone relates unrelated papers: of the nearest five
    that shared no tag, about as many had the paper's primary area as two papers picked at
    random (ICLR 2026: 6-10% at 16 to 12,000 papers, against 8% at random; at 16 papers a
    handful of common words made most of them): scripts/tools/eval_related.py."""
    mine = {t.slug for t in entry.tags}
    if not mine:
        return list(row[:SHOWN])
    return [n for n in row if any(t.slug in mine for t in papers[n.index].tags)][:SHOWN]
