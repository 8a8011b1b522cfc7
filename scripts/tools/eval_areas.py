"""Do the inferred tags agree with the authors' primary area? ``eval_areas.py --help``.

Usage: python scripts/tools/eval_areas.py PAPERS.jsonl [--rows 8000:] [--map area_tags.yml]
       [--taxonomy FILE] [--misses AREA] [--sample 10] [--json figures.json]

Each line is {"title", "abstract", "primary_area"}. Authors pick one primary area when they
submit; a paper *agrees* when at least one of the tags the importer would give it is in that
area's list in the mapping file (``scripts/tools/area_tags.yml``, written from names and
descriptions and never tuned to a score). An area mapped to ``[]`` ("other topics") is left
out of the agreement figure but its papers still count in tags per paper, since they are
tagged like any other.

The tagger reads the abstract alone, as the importer does (an abstract list has no titles);
``--with-title`` puts the real title first, as ``eval_tags.py`` does for ICLR 2020.
``--rows A:B`` evaluates lines A to B: tune on 0:8000, report 8000: as held out.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from paperlist.infer.tags import infer_tags
from paperlist.model.taxonomy import Taxonomy, load_taxonomy

DEFAULT_MAP = Path(__file__).with_name("area_tags.yml")


@dataclass(frozen=True)
class Paper:
    title: str
    abstract: str
    area: str


@dataclass
class AreaFigures:
    papers: int = 0
    agree: int = 0
    tags: int = 0

    @property
    def agreement(self) -> float:
        return self.agree / self.papers if self.papers else 0.0

    @property
    def tags_per_paper(self) -> float:
        return self.tags / self.papers if self.papers else 0.0


@dataclass
class Report:
    """Agreement over the mapped areas; tags per paper over every paper."""

    areas: dict[str, AreaFigures] = field(default_factory=dict)
    papers: int = 0
    tags: int = 0
    seconds: float = 0.0
    #: per area, (title, tags given) of the papers that did not agree
    misses: dict[str, list[tuple[str, list[str]]]] = field(default_factory=dict)
    #: per area, how often each tag was given to a paper that did not agree
    wrong_tags: dict[str, Counter] = field(default_factory=dict)

    @property
    def scored(self) -> int:
        return sum(a.papers for a in self.areas.values())

    @property
    def agreement(self) -> float:
        return sum(a.agree for a in self.areas.values()) / max(self.scored, 1)

    @property
    def tags_per_paper(self) -> float:
        return self.tags / max(self.papers, 1)


def load_map(path: Path, taxonomy: Taxonomy) -> dict[str, frozenset[str]]:
    """Area -> agreeing slugs; an unknown slug fails loudly rather than never agreeing."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    mapping = {area: frozenset(slugs or ()) for area, slugs in raw.items()}
    unknown = sorted({s for v in mapping.values() for s in v if taxonomy.by_slug(s) is None})
    if unknown:
        raise ValueError(f"{path}: unknown tag slug(s) {unknown}")
    return mapping


def load(path: Path, rows: str = ":") -> list[Paper]:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    start, _, stop = rows.partition(":")
    lines = lines[int(start or 0) : int(stop) if stop else None]
    return [
        Paper(" ".join(r["title"].split()), r["abstract"], r["primary_area"])
        for r in map(json.loads, lines)
    ]


def evaluate(
    papers: list[Paper],
    mapping: dict[str, frozenset[str]],
    taxonomy: Taxonomy | None = None,
    with_title: bool = False,
) -> Report:
    taxonomy = taxonomy or load_taxonomy()
    unmapped = sorted({p.area for p in papers} - mapping.keys())
    if unmapped:
        raise ValueError(f"areas missing from the mapping file: {unmapped}")
    report = Report()
    for paper in papers:
        text = f"{paper.title}. {paper.abstract}" if with_title else paper.abstract
        t0 = time.perf_counter()
        slugs = [t.slug for t in infer_tags(text, taxonomy)]
        report.seconds += time.perf_counter() - t0
        report.papers += 1
        report.tags += len(slugs)
        agreeing = mapping[paper.area]
        if not agreeing:
            continue
        figures = report.areas.setdefault(paper.area, AreaFigures())
        figures.papers += 1
        figures.tags += len(slugs)
        if agreeing.intersection(slugs):
            figures.agree += 1
        else:
            report.misses.setdefault(paper.area, []).append((paper.title, slugs))
            report.wrong_tags.setdefault(paper.area, Counter()).update(slugs)
    return report


def table(report: Report) -> str:
    lines = [
        f"agreement {report.agreement:.3f} over {report.scored:,} papers in mapped areas; "
        f"{report.tags_per_paper:.2f} tags per paper over all {report.papers:,}; "
        f"{1000 * report.seconds / max(report.papers, 1):.2f} ms per abstract",
        "",
        "| primary area | papers | agreement | tags/paper |",
        "|---|---|---|---|",
    ]
    for area, a in sorted(report.areas.items(), key=lambda kv: -kv[1].papers):
        lines.append(f"| {area} | {a.papers:,} | {a.agreement:.2f} | {a.tags_per_paper:.2f} |")
    return "\n".join(lines)


def print_misses(report: Report, area: str, sample: int) -> None:
    """The tags given instead, and a few titles, for one area (a prefix of its name)."""
    for name in [a for a in report.misses if a.startswith(area)]:
        found = report.misses[name]
        print(f"\n{name}: {len(found)} disagree; their tags: "
              + ", ".join(f"{s} {n}" for s, n in report.wrong_tags[name].most_common(8)))
        step = max(1, len(found) // max(sample, 1))
        for title, slugs in found[::step][:sample]:
            print(f"  - {title[:90]}  {slugs}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("papers", type=Path,
                        help="JSONL with title, abstract, primary_area "
                             "(e.g. ../shared/data/iclr-2026-papers.jsonl)")
    parser.add_argument("--rows", default=":", help="lines A:B only (a split), e.g. 8000:")
    parser.add_argument("--map", type=Path, default=DEFAULT_MAP,
                        help="primary area -> agreeing tag slugs (default: area_tags.yml here)")
    parser.add_argument("--taxonomy", type=Path, help="taxonomy file (default: the shipped one)")
    parser.add_argument("--with-title", action="store_true", help="tag 'title. abstract'")
    parser.add_argument("--misses", metavar="AREA",
                        help="list disagreements of the areas starting with this ('' = all)")
    parser.add_argument("--sample", type=int, default=10, help="titles per area with --misses")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    taxonomy = load_taxonomy(args.taxonomy)
    report = evaluate(load(args.papers, args.rows), load_map(args.map, taxonomy), taxonomy,
                      args.with_title)
    print(table(report))
    if args.misses is not None:
        print_misses(report, args.misses, args.sample)
    if args.json:
        figures = {
            "agreement": report.agreement,
            "tags_per_paper": report.tags_per_paper,
            "scored": report.scored,
            "papers": report.papers,
            "areas": {a: {"papers": f.papers, "agreement": f.agreement,
                          "tags_per_paper": f.tags_per_paper} for a, f in report.areas.items()},
        }
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
