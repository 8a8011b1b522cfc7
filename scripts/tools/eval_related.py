"""Are a page's related papers about the same thing? ``eval_related.py --help``.

Usage: python scripts/tools/eval_related.py PAPERS_DIR PAPERS.jsonl [--sizes 16:40 200:5 ...]

PAPERS_DIR holds pages imported from the abstracts of PAPERS.jsonl (lines of {"abstract",
"primary_area"}: `../shared/data/iclr-2026-papers.jsonl`, imported as bench_search.py
does); a page is joined to its line by the digest of its abstract. For each size N, seeded
random samples of N pages (all of them when N is their number) are given related papers
as a build gives them (discover/related.py: `neighbours`, then `shown`), and each shown
paper counts as right when the authors chose the page's primary area for it too. A coarse
yardstick (20 areas; a method and its application are often in two), so compare rows,
not absolute values; "random" is the chance that two papers picked at random share one.

Also printed: the same for the five nearest by score whatever their tags (what pages
showed before they had to share a tag), and for those of them that share no tag.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from paperlist.discover.related import SHOWN, neighbours, shown
from paperlist.ingest.listfile import paragraph_digest, remove_invisible
from paperlist.model.catalogue import Paper, load_catalogue
from paperlist.structure.discovery import MAP_NEIGHBOURS


def areas_by_digest(jsonl: Path) -> dict[str, str]:
    """The digest a list's paragraph of each abstract gets -> its primary area."""
    out = {}
    for line in jsonl.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            text = remove_invisible(" ".join(record["abstract"].split()))[0]
            out[paragraph_digest(text)] = record["primary_area"]
    return out


def figures(papers: Sequence[Paper], area: dict[str, str]) -> dict[str, float]:
    """Shown a page, and the share of them with the page's area: as shown, as the nearest
    five, and of those five the ones sharing no tag."""
    rows = neighbours(papers, k=MAP_NEIGHBOURS)
    of = [area[p.meta["source"]["digest"]] for p in papers]

    def tags(i: int) -> set[str]:
        return {t.slug for t in papers[i].tags}

    picked = {"shown": [(i, n.index) for i, p in enumerate(papers)
                        for n in shown(p, rows[i], papers)],
              "nearest five": [(i, n.index) for i, row in enumerate(rows) for n in row[:SHOWN]]}
    picked["of those, no shared tag"] = [(i, j) for i, j in picked["nearest five"]
                                         if not tags(i) & tags(j)]
    out = {}
    for name, pairs in picked.items():
        out[f"{name}: a page"] = len(pairs) / len(papers)
        out[f"{name}: same area"] = (sum(of[i] == of[j] for i, j in pairs) / len(pairs)
                                     if pairs else 0.0)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("papers", type=Path, help="a folder of pages imported from the jsonl")
    ap.add_argument("jsonl", type=Path, help='lines of {"abstract", "primary_area"}')
    ap.add_argument("--sizes", nargs="+", default=["16:40", "200:5", "2000:1", "12000:1"],
                    metavar="N:SAMPLES", help="catalogue sizes and samples of each")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    area = areas_by_digest(args.jsonl)
    papers = [p for p in load_catalogue(args.papers).papers
              if area.get(p.meta.get("source", {}).get("digest"))]
    if not papers:
        sys.exit(f"no page of {args.papers} has an abstract of {args.jsonl}")
    counts = Counter(area[p.meta["source"]["digest"]] for p in papers)
    chance = sum((c / len(papers)) ** 2 for c in counts.values())
    print(f"{len(papers):,} pages joined to {args.jsonl.name}; two at random share an area: "
          f"{chance:.3f}")
    for size in args.sizes:
        n, _, samples = size.partition(":")
        n, samples = min(int(n), len(papers)), int(samples or 1)
        runs = [figures(random.Random(f"{args.seed}:{n}:{k}").sample(papers, n)
                        if n < len(papers) else papers, area)
                for k in range(samples if n < len(papers) else 1)]
        print(f"\nN={n:,} ({len(runs)} sample{'s' if len(runs) > 1 else ''})")
        for key in runs[0]:
            print(f"  {key:40} {statistics.mean(r[key] for r in runs):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
