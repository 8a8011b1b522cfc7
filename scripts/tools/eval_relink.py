"""Does `paperlist import` re-link a corrected paragraph to its page, and never a different
paper's? (issue #14's threshold measurement)

    python scripts/tools/eval_relink.py [--papers 12000] [--corrected 2000] [--replaced 2000]

From the dev set (JSON lines of {"title", "abstract"}, default
`../shared/data/iclr-2026-papers.jsonl`, run from the repository):

1. The first N abstracts become a list, imported into a temporary folder.
2. A seeded sample of them is *corrected* the ways a maintainer fixes a list (eval_enrich.py's
   perturbations: a typo fixed, a sentence cut or added, LaTeX rewritten, punctuation...);
   another, disjoint sample is *replaced* by distinct papers from beyond the first N (their
   pages lose their paragraph; the new paragraphs are other papers, which must get pages of
   their own: re-linking one would put one paper's editors' work on another's abstract).
3. The list is imported again, and each page compared with the truth.

It also scans the whole dev set for pairs of abstracts that share a third of their word
triples or more: real versions of one paper (submitted twice) and real distinct papers that
look alike (sisters sharing their opening sentences), with where each falls against the
threshold. Prints tables; `--json` writes the figures.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from eval_enrich import PERTURBATIONS, apply_perturbations

from paperlist.ingest.importer import run_import
from paperlist.ingest.listfile import paragraph_digest
from paperlist.match.matcher import PageIndex, similarity
from paperlist.match.settings import settings
from paperlist.model.page import read_page

DEV_SET = Path("..") / "shared" / "data" / "iclr-2026-papers.jsonl"
#: what a maintainer's correction of a list looks like (not the scraping damage kinds)
CORRECTIONS = ["typo", "typo_first_sentence", "drop_first_sentence", "drop_last_sentence",
               "add_sentence_start", "add_sentence_end", "latex", "punctuation", "whitespace"]


def write_list(path: Path, abstracts: list[str]) -> None:
    path.write_text("ICLR 2026 paper list\n\n" + "\n\n".join(" ".join(a.split())
                                                           for a in abstracts) + "\n",
                    encoding="utf-8")


def near_pairs(rows: list[dict[str, Any]], floor: float = 0.3) -> list[dict[str, Any]]:
    """Pairs of dev-set abstracts sharing at least `floor` of the shorter one's triples."""
    index = PageIndex([r["abstract"] for r in rows])
    seen: dict[tuple[int, int], tuple[float, float]] = {}
    for i, s in enumerate(index.sets):
        for j in index.candidates(s, 6):
            if j != i:
                c, cov = similarity(s, index.sets[j])
                if c >= floor:
                    seen[(min(i, j), max(i, j))] = (c, cov)
    return [{"a": i, "b": j, "containment": round(c, 3), "coverage": round(cov, 3),
             "title_a": rows[i]["title"], "title_b": rows[j]["title"]}
            for (i, j), (c, cov) in sorted(seen.items(), key=lambda kv: -kv[1][0])]


def run(rows: list[dict[str, Any]], n: int, corrected: int, replaced: int, seed: int,
        work: Path) -> dict[str, Any]:
    rng = random.Random(seed)
    base, spare = rows[:n], rows[n:]
    order = list(range(n))
    rng.shuffle(order)
    fix, swap = order[:corrected], order[corrected:corrected + replaced]
    list_path = work / "list.txt"
    papers = work / "papers"
    write_list(list_path, [r["abstract"] for r in base])
    first = run_import(list_path, papers)
    page_of = {read_page(p).source_digest: p.stem for p in papers.glob("*.md")}
    new_text = [r["abstract"] for r in base]
    kinds_of: dict[int, list[str]] = {}
    for i in fix:
        kinds = rng.sample(CORRECTIONS, rng.choice([1, 1, 2]))
        text, done = apply_perturbations(new_text[i], kinds, rng, "ICLR 2026")
        if done and paragraph_digest(text) != paragraph_digest(new_text[i]):
            new_text[i] = text
            kinds_of[i] = [k for k, _ in done]
    for k, i in enumerate(swap):
        new_text[i] = spare[k % len(spare)]["abstract"]
    write_list(list_path, new_text)
    start = time.perf_counter()
    report = run_import(list_path, papers)
    seconds = time.perf_counter() - start
    relinked = {page_id for page_id, _, _ in report.relinked}
    want = {page_of.get(paragraph_digest(" ".join(base[i]["abstract"].split()))): i
            for i in kinds_of}
    want.pop(None, None)
    swapped = {page_of.get(paragraph_digest(" ".join(base[i]["abstract"].split())))
               for i in swap} - {None}
    by_kind: dict[str, list[int]] = {k: [0, 0] for k in CORRECTIONS}
    for page_id, i in want.items():
        for kind in kinds_of[i]:
            by_kind[kind][1] += 1
            by_kind[kind][0] += page_id in relinked
    return {
        "papers": n, "first_import_refused": len(first.errors),
        "corrected": len(want), "relinked_right": len(relinked & set(want)),
        "replaced": len(swapped), "false_relinks": len(relinked - set(want)),
        "replaced_relinked": len(relinked & swapped), "created": len(report.created),
        "conflicts": len(report.conflicts), "missing": len(report.missing),
        "import_seconds": round(seconds, 2), "by_kind": by_kind,
        "threshold": settings()["matching"]["min_containment"],
    }


def print_table(m: dict[str, Any], pairs: list[dict[str, Any]]) -> None:
    print(f"{m['papers']:,} papers imported, then the list changed and imported again "
          f"({m['import_seconds']} s)")
    rows = [
        ("corrected paragraphs", m["corrected"]),
        ("  re-linked to their own page", f"{m['relinked_right']}/{m['corrected']}"),
        ("replaced by a distinct paper", m["replaced"]),
        ("  re-linked (must be 0)", m["replaced_relinked"]),
        ("false re-links, any page (must be 0)", m["false_relinks"]),
        ("pages created (the distinct papers, and corrections not re-linked)", m["created"]),
        ("conflicts reported", m["conflicts"]),
        ("pages left without a paragraph (kept)", m["missing"]),
    ]
    for label, value in rows:
        print(f"  {label:<68} {value}")
    print("\n  correction kind          re-linked")
    for kind, (ok, total) in m["by_kind"].items():
        if total:
            print(f"  {kind:<24} {ok}/{total}")
    print(f"\nReal near pairs in the dev set (re-link threshold: containment >= "
          f"{m['threshold']}):")
    for p in pairs:
        side = "would re-link" if p["containment"] >= m["threshold"] else "kept apart"
        print(f"  {p['containment']:.2f} / {p['coverage']:.2f}  {side:<13}  "
              f"{p['title_a'][:50]!r} ~ {p['title_b'][:50]!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dev", type=Path, default=DEV_SET,
                        help="JSON lines of {title, abstract} (default: %(default)s)")
    parser.add_argument("--papers", type=int, default=12000, help="list size (default 12000)")
    parser.add_argument("--corrected", type=int, default=2000)
    parser.add_argument("--replaced", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    rows = [json.loads(line) for line in args.dev.read_text(encoding="utf-8").splitlines()
            if line.strip()]
    if args.papers + args.replaced > len(rows):
        parser.error(f"the dev set has {len(rows)} papers: --papers + --replaced must fit")
    with tempfile.TemporaryDirectory() as tmp:
        m = run(rows, args.papers, args.corrected, args.replaced, args.seed, Path(tmp))
    pairs = near_pairs(rows)
    print_table(m, pairs)
    if args.json:
        args.json.write_text(json.dumps({**m, "near_pairs": pairs}, indent=1), encoding="utf-8")
    return 0 if m["false_relinks"] == 0 else 1


if __name__ == "__main__":
    assert set(CORRECTIONS) <= set(PERTURBATIONS)
    sys.exit(main())
