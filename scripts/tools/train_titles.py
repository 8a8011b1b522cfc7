"""Fit the title model (data/title_model.json) on public papers whose real titles are known.

Usage: python scripts/tools/train_titles.py PAPERS.jsonl [--prior-rows 0:8000]
       [--fit-rows 8000:12000] [--every 2] [--out scripts/paperlist/data/title_model.json]

Two parts, from two disjoint sets of papers so that neither is scored on what made it:

- the word prior: for each word (lower-cased, plural folded), the share of the papers using
  it in their abstract whose title uses it too, smoothed towards the mean; a word that
  titles take ("diffusion", "benchmark") scores high, one they leave ("results",
  "experiments") low. Words seen in fewer than 3 abstracts are left out (they get the
  pooled share of such rare words);
- the word model: a logistic regression that tells, from how an abstract uses a word
  (infer/titles.py word_features: its prior, count, first sentence, capitals, ...),
  whether the title takes it; fitted on the odd lines of the weights' rows;
- the weights: every candidate phrase of each paper (infer/titles.py title_candidates) is
  a row of features, its target the content-word F1 of the title it would make against
  the real one (eval_infer.py); fitted listwise (a softmax over each paper's phrases), so
  that the weights rank one paper's phrases rather than tell papers apart;
- the pair weights: the same fit over each paper's chosen title and the titles made by
  joining a second phrase to it (infer/titles.py title_options).

Deterministic: the same file in, the same model out.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import numpy as np
from eval_infer import content_words, f1, load

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


def fit_word_model(papers, l2: float = 1.0, steps: int = 25) -> dict:
    """Logistic regression of "the real title has this word" on word_features (Newton's
    method on standardised features with a small L2 penalty: deterministic). A word the
    abstract hyphenates ("test-time") counts by the share of its parts the title has."""
    rows, targets = [], []
    for paper in papers:
        gold = content_words(paper.title)
        for lower, feats in titles.word_features(paper.abstract,
                                                 infer_names(paper.abstract)).items():
            parts = content_words(lower)
            if parts:
                rows.append(feats)
                targets.append(len(parts & gold) / len(parts))
    x, y = np.array(rows), np.array(targets)
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-9
    z = np.hstack([(x - mean) / scale, np.ones((len(x), 1))])
    w = np.zeros(z.shape[1])
    penalty = np.eye(z.shape[1]) * l2
    penalty[-1, -1] = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(z @ w)))
        grad = z.T @ (p - y) + penalty @ w
        hess = (z * (p * (1 - p))[:, None]).T @ z + penalty
        w -= np.linalg.solve(hess, grad)
    p = 1 / (1 + np.exp(-(z @ w)))
    print(f"word model: {len(y)} words, mean target {y.mean():.3f}, "
          f"log loss {-np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12)):.4f}")
    raw = w[:-1] / scale
    bias = w[-1] - float(raw @ mean)
    return {"weights": {k: round(float(v), 5) for k, v in zip(titles.WORD_FEATURES, raw,
                                                             strict=True)},
            "bias": round(float(bias), 5)}


def _listwise(rows, targets, groups, steps: int, rate: float, temperature: float
              ) -> np.ndarray:
    """Weights that maximise the expected F1 of the chosen row of each group, the choice
    softened into a softmax over the group's rows (plain gradient ascent on standardised
    features, from zero: deterministic). Returned for the raw features (the constant
    dropped)."""
    x, y = np.array(rows, dtype=float), np.array(targets)
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
    return w / scale


def fit(papers, steps: int = 1000, rate: float = 0.1, temperature: float = 0.05
        ) -> dict[str, float]:
    """The phrase weights: each paper's candidates a group, targets their titles' F1."""
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
    raw = _listwise(rows, targets, groups, steps, rate, temperature)
    return {k: round(float(v), 5) for k, v in zip(titles.FEATURES, raw, strict=True)}


def fit_pairs(papers, steps: int = 1000, rate: float = 0.1, temperature: float = 0.05
              ) -> dict[str, float]:
    """The pair weights: each paper's ways to make its title (infer/titles.py
    title_options) a group, targets their F1."""
    rows, targets, groups = [], [], []
    for paper in papers:
        options = titles.title_options(paper.abstract, infer_names(paper.abstract))
        if len(options) < 2:
            continue
        rows += [feats for _, feats in options]
        targets += [f1(t, paper.title) for t, _ in options]
        groups.append(len(options))
    raw = _listwise(rows, targets, groups, steps, rate, temperature)
    return {k: round(float(v), 5) for k, v in zip(titles.PAIR_FEATURES, raw, strict=True)}


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

    titles._MODEL_FILE = args.out  # the candidates are read with the model being made

    def save() -> None:
        args.out.write_text(json.dumps(model, indent=0) + "\n", encoding="utf-8")
        titles.title_model.cache_clear()
        titles._model_file.cache_clear()
        titles._word_share.cache_clear()

    save()
    start, _, stop = args.fit_rows.partition(":")
    odd = f"{int(start or 0) + 1}:{stop}"
    model["word_model"] = fit_word_model(load(args.papers, odd, args.every))
    save()
    fitting = load(args.papers, args.fit_rows, args.every)
    model["weights"] = fit(fitting)
    save()
    model["pair_weights"] = fit_pairs(fitting)
    save()
    print(json.dumps(model["weights"], indent=1), f"\n{len(prior)} words, default {default}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
