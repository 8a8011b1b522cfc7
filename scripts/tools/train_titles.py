"""Fit the title model (data/title_model.json) on public papers whose real titles are known.

Usage: python scripts/tools/train_titles.py PAPERS.jsonl [--prior-rows 0:8000]
       [--fit-rows 8000:12000] [--every 2] [--out scripts/paperlist/data/title_model.json]

Two parts, from two disjoint sets of papers so that neither is scored on what made it:

- the word prior: for each word (lower-cased, plural folded), the share of the papers using
  it in their abstract whose title uses it too, smoothed towards the mean; a word that
  titles take ("diffusion", "benchmark") scores high, one they leave ("results",
  "experiments") low. Words seen in fewer than 3 abstracts are left out (they get the
  pooled share of such rare words);
- the weights: every candidate phrase of each paper (infer/titles.py title_candidates) is
  a row of features, its target the content-word F1 of the title it would make against
  the real one (eval_infer.py); least squares on rows centred per paper, so that the
  weights rank one paper's phrases rather than tell papers apart.

Deterministic: the same file in, the same model out.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import numpy as np
from eval_infer import f1, load

from paperlist.infer import titles
from paperlist.infer.names import analyse, infer_names
from paperlist.util.text import fold_plural

_SMOOTHING = 5.0
_MIN_SEEN = 3


def _words(text: str) -> set[str]:
    return {fold_plural(t[1]) for t in titles._tokens(text) if t[1]}


def word_prior(papers) -> tuple[dict[str, float], float]:
    seen: Counter[str] = Counter()
    titled: Counter[str] = Counter()
    function = titles.title_rules()["function_words"]
    for paper in papers:
        in_title = _words(paper.title)
        for word in _words(" ".join(analyse(paper.abstract).sentences)):
            if word in function:
                continue
            seen[word] += 1
            titled[word] += word in in_title
    total_seen, total_titled = sum(seen.values()), sum(titled.values())
    mean = total_titled / total_seen
    rare = [w for w in seen if seen[w] < _MIN_SEEN]
    default = (sum(titled[w] for w in rare) + _SMOOTHING * mean) / (
        sum(seen[w] for w in rare) + _SMOOTHING)
    prior = {w: round((titled[w] + _SMOOTHING * mean) / (seen[w] + _SMOOTHING), 3)
             for w in sorted(seen) if seen[w] >= _MIN_SEEN}
    return prior, round(default, 3)


def fit(papers, steps: int = 400, rate: float = 0.1, temperature: float = 0.05
        ) -> dict[str, float]:
    """Weights that maximise the expected F1 of the chosen title, the choice softened into a
    softmax over each paper's candidates (listwise; plain gradient ascent on standardised
    features, from zero: deterministic)."""
    rows, targets, groups = [], [], []
    for paper in papers:
        names = infer_names(paper.abstract)
        cands = titles.title_candidates(paper.abstract, names)
        if len(cands) < 2:
            continue
        prefix = f"{names[0]}: " if names else ""
        rows += [[feats.get(k, 0.0) for k in titles.FEATURES] for _, feats in cands]
        targets += [f1(prefix + phrase, paper.title) for phrase, _ in cands]
        groups.append(len(cands))
    x, y = np.array(rows), np.array(targets)
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-9
    z = (x - mean) / scale
    starts = np.concatenate([[0], np.cumsum(groups)[:-1]])
    paper_of = np.repeat(np.arange(len(groups)), groups)
    w = np.zeros(z.shape[1])
    for step in range(steps):
        s = z @ w / temperature
        s -= np.maximum.reduceat(s, starts)[paper_of]
        e = np.exp(s)
        p = e / np.add.reduceat(e, starts)[paper_of]
        expected = np.add.reduceat(p * y, starts)
        grad = z.T @ (p * (y - expected[paper_of])) / temperature / len(groups)
        w += rate * grad
        if step % 100 == 0 or step == steps - 1:
            best = np.array([y[a + int(np.argmax(z[a : a + g] @ w))]
                             for a, g in zip(starts, groups, strict=True)])
            print(f"step {step}: expected F1 {expected.mean():.4f}, chosen {best.mean():.4f}")
    # back to raw features: score = (x - mean) / scale @ w, the constant dropped
    raw = w / scale
    return {k: round(float(v), 5) for k, v in zip(titles.FEATURES, raw, strict=True)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("papers", type=Path)
    parser.add_argument("--prior-rows", default="0:8000")
    parser.add_argument("--fit-rows", default="8000:12000")
    parser.add_argument("--every", type=int, default=2, help="one fitting paper in N")
    parser.add_argument("--out", type=Path, default=titles._MODEL_FILE)
    args = parser.parse_args(argv)
    prior, default = word_prior(load(args.papers, args.prior_rows))
    model = {"source": f"{args.papers.name}: prior rows {args.prior_rows}, weights rows "
                       f"{args.fit_rows} every {args.every}",
             "weights": {}, "default_prior": default, "prior": prior}
    args.out.write_text(json.dumps(model, indent=0, sort_keys=False) + "\n", encoding="utf-8")
    titles.title_model.cache_clear()
    titles._word_share.cache_clear()
    model["weights"] = fit(load(args.papers, args.fit_rows, args.every))
    args.out.write_text(json.dumps(model, indent=0) + "\n", encoding="utf-8")
    print(json.dumps(model["weights"], indent=1), f"\n{len(prior)} words, default {default}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
