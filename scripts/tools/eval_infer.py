"""Measure how well `paperlist.infer` reads names and titles, on real papers whose titles we know.

Usage: python scripts/tools/eval_infer.py PAPERS.jsonl [--rows 0:12000] [--every 4]
       [--sample 10] [--json figures.json]

Each line is {"title", "abstract"[, "primary_area"]}. What is measured:

- names: when the real title reads "Name: ..." with one name-like token before the colon
  that the abstract also uses, that token is the gold name. *exact* is the share of those
  papers whose inferred primary name is it (case aside); *precision* the share right among
  those given a name. Titles without a colon are taken to have no name: *given without*
  is the share of them that got one anyway (an upper bound on false names: some of those
  papers do coin a name they did not put in their title).
- titles: *F1* is the content-word F1 of the inferred title against the real one (words
  lower-cased, split at anything not a letter or digit, a plural "s" dropped, function
  words of data/titles.yml left out), averaged over papers; *broken* is the share that
  `paperlist.infer.titles.title_problems` rejects, and by which rule.
- time: infer_names + infer_title per abstract, in milliseconds (one process).

``--rows A:B`` evaluates lines A to B (a split), ``--every N`` one line in N of them (a
lean sample while iterating); ``--sample N`` prints N examples of each kind of error.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from paperlist.infer.names import infer_names
from paperlist.infer.titles import infer_title, title_problems, title_rules

_RULES = ("start", "end", "verb", "refers", "long", "short", "latex")
_WORD = re.compile(r"[a-z0-9]+")


@dataclass
class Paper:
    title: str
    abstract: str

    @property
    def gold_name(self) -> str | None:
        """The title's "Name:" prefix if it is a single name-like token used in the abstract."""
        if ":" not in self.title:
            return None
        prefix = self.title.split(":", 1)[0].strip()
        if not re.fullmatch(r"[\w+.-]{2,30}", prefix) or not re.search(r"[A-Za-z]", prefix):
            return None
        used = re.search(rf"(?<![\w-]){re.escape(prefix)}(?![\w-])", self.abstract, re.I)
        return prefix if used else None


def content_words(title: str) -> set[str]:
    """A title's content words: lower-cased, plural "s" dropped, function words left out."""
    function = title_rules()["function_words"]
    words = set()
    for w in _WORD.findall(title.lower()):
        if w in function:
            continue
        if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        words.add(w)
    return words


def f1(inferred: str, real: str) -> float:
    a, b = content_words(inferred), content_words(real)
    common = len(a & b)
    if not common:
        return 0.0
    p, r = common / len(a), common / len(b)
    return 2 * p * r / (p + r)


def load(path: Path, rows: str = ":", every: int = 1) -> list[Paper]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line]
    start, _, stop = rows.partition(":")
    lines = lines[int(start or 0) : int(stop) if stop else None : max(1, every)]
    return [Paper(r["title"], r["abstract"]) for r in map(json.loads, lines)]


def _share(a: int, b: int) -> float:
    return a / b if b else 0.0


def evaluate(papers: list[Paper]) -> tuple[dict[str, float], dict[str, list[str]]]:
    """The figures, and examples of each kind of error."""
    examples: dict[str, list[str]] = {k: [] for k in ("missed", "wrong", *_RULES, "low_f1")}
    named = exact = given = right = unnamed = unnamed_given = 0
    f1_sum = 0.0
    broken = 0
    by_rule: Counter[str] = Counter()
    seconds = 0.0
    for paper in papers:
        t0 = time.perf_counter()
        names = infer_names(paper.abstract)
        title = infer_title(paper.abstract, names)
        seconds += time.perf_counter() - t0
        gold = paper.gold_name
        first = names[0].lower() if names else None
        if gold:
            named += 1
            exact += first == gold.lower()
            if names:
                given += 1
                right += first == gold.lower()
                if first != gold.lower():
                    examples["wrong"].append(f"gold={gold!r} got={names}")
            else:
                examples["missed"].append(f"gold={gold!r}")
        elif ":" not in paper.title:
            unnamed += 1
            unnamed_given += bool(names)
        score = f1(title, paper.title)
        f1_sum += score
        problems = title_problems(title)
        broken += bool(problems)
        by_rule.update(problems)
        for rule in problems:
            examples[rule].append(f"{title}  <-  {paper.title}")
        if score == 0:
            examples["low_f1"].append(f"{title}  <-  {paper.title}")
    n = len(papers)
    figures = {
        "papers": n,
        "named": named,
        "name_exact": _share(exact, named),
        "name_precision": _share(right, given),
        "name_given_without": _share(unnamed_given, unnamed),
        "title_f1": f1_sum / n if n else 0.0,
        "title_broken": _share(broken, n),
        **{f"broken_{rule}": _share(by_rule[rule], n) for rule in _RULES},
        "ms_per_abstract": 1000 * seconds / n if n else 0.0,
    }
    return figures, examples


_LABELS = {
    "papers": "papers",
    "named": "with a gold name (title 'Name: ...')",
    "name_exact": "names: primary == gold, of gold-named",
    "name_precision": "names: precision when one is given",
    "name_given_without": "names: given where the title has no colon",
    "title_f1": "titles: content-word F1 vs the real title",
    "title_broken": "titles: broken",
    **{f"broken_{r}": f"  by rule '{r}'" for r in _RULES},
    "ms_per_abstract": "ms per abstract (names + title)",
}


def table(figures: dict[str, float]) -> str:
    lines = ["| figure | value |", "|---|---|"]
    for key, label in _LABELS.items():
        value = figures[key]
        shown = f"{value:,}" if isinstance(value, int) else f"{value:.3f}"
        lines.append(f"| {label} | {shown} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("papers", type=Path,
                        help="JSONL of real papers with 'title' and 'abstract' "
                             "(e.g. ../shared/data/iclr-2026-papers.jsonl)")
    parser.add_argument("--rows", default=":", help="lines A:B only (a split), e.g. 12000:")
    parser.add_argument("--every", type=int, default=1, help="one line in N (a lean sample)")
    parser.add_argument("--sample", type=int, default=0, help="examples of each kind of error")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    figures, examples = evaluate(load(args.papers, args.rows, args.every))
    print(table(figures))
    if args.sample:
        for kind, found in examples.items():
            if found:
                step = max(1, len(found) // args.sample)
                print(f"\n{kind} ({len(found)}):")
                print("\n".join(f"  {e}" for e in found[::step][: args.sample]))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
