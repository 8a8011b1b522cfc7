"""Measure how well `paperlist.infer` generalises, on real papers whose titles we know.

Usage: python scripts/tools/eval_infer.py PAPERS.jsonl

Each line is {"title", "abstract", ...}. Many real titles read "Name: description"; when
the part before the colon is one name-like token that the abstract also uses, it is the
gold name. Titles without a colon are taken to have no name, which makes the reported
false-positive rate an upper bound: some of those papers do coin a name they did not put
in their title.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from paperlist.infer.names import infer_names
from paperlist.infer.titles import infer_title


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


def _title_backs(name: str, title: str) -> bool:
    """True when the real title confirms a name: it uses the name, or its words start with
    the name's capitals in order ("Mutual Information Gradient Estimation" for MIGE)."""
    if name.lower() in title.lower():
        return True
    capitals = [c for c in name if c.isupper()]
    initials = [w[0].upper() for w in re.findall(r"[A-Za-z]+", title)]
    it = iter(initials)
    return len(capitals) >= 2 and all(c in it for c in capitals) and capitals[0] in initials[:3]


def load(path: Path) -> list[Paper]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    return [Paper(r["title"], r["abstract"]) for r in rows]


def _ratio(a: int, b: int) -> str:
    return f"{a}/{b} = {a / b:.2f}" if b else "n/a"


def evaluate(papers: list[Paper], sample: int = 25) -> dict[str, float]:
    """Print the figures and a sample of titles; return the figures for scripting."""
    named = [p for p in papers if p.gold_name]
    unnamed = [p for p in papers if ":" not in p.title]
    hits = wrong = predicted = 0
    misses: list[str] = []
    for paper in named:
        gold = (paper.gold_name or "").lower()
        names = [n.lower() for n in infer_names(paper.abstract)]
        if names:
            predicted += 1
            if names[0] == gold:
                hits += 1
            else:
                wrong += 1
                misses.append(f"  wrong  gold={paper.gold_name!r} got={names}")
        else:
            misses.append(f"  missed gold={paper.gold_name!r}")
    false_pos = [(p, infer_names(p.abstract)) for p in unnamed]
    false_pos = [(p, n) for p, n in false_pos if n]
    backed = [(p, n) for p, n in false_pos if _title_backs(n[0], p.title)]

    print(f"papers: {len(papers)}; with a gold name: {len(named)}; no colon in title: "
          f"{len(unnamed)}")
    print(f"name precision (primary name == gold, when one is given): {_ratio(hits, predicted)}")
    print(f"name recall    (primary name == gold):                    {_ratio(hits, len(named))}")
    print(f"names given for papers without a name in the title:      "
          f"{_ratio(len(false_pos), len(unnamed))}")
    print(f"  of which the title backs the name (contains it or spells out its letters): "
          f"{len(backed)}; unverified: {_ratio(len(false_pos) - len(backed), len(unnamed))}")
    if "-v" in sys.argv:
        print("\nerrors on gold-named papers:", *misses, sep="\n")
        print("\nunverified names for papers without a titled name:")
        for paper, names in false_pos:
            if (paper, names) not in backed:
                print(f"  {names}  <- {paper.title}")
    print("\nsample of inferred titles (inferred  <-  real):")
    step = max(1, len(papers) // sample)
    for paper in papers[::step][:sample]:
        title = infer_title(paper.abstract, infer_names(paper.abstract))
        print(f"  {title}\n      <- {paper.title}")
    return {
        "precision": hits / predicted if predicted else 0.0,
        "recall": hits / len(named) if named else 0.0,
        "false_positive_rate": len(false_pos) / len(unnamed) if unnamed else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("papers", type=Path,
                        help="JSONL of real papers with 'title' and 'abstract' "
                             "(e.g. the ICLR 2020 development set)")
    parser.add_argument("--sample", type=int, default=25, help="examples of each kind to show")
    args = parser.parse_args(argv)
    evaluate(load(args.papers), sample=args.sample)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
