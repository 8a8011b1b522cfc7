"""Measure the tagger against hand labels: ``python scripts/tools/eval_tags.py --help``.

Two references are used. The ICML 2026 gold file holds tags assigned by hand to the shipped
abstracts. The ICLR 2020 set (not shipped; development data only) has author keywords, which
a hand-reviewed map turns into tags; keywords are incomplete, so its precision is a lower bound
and the disagreement listing is meant to be read, not just counted.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from paperlist.infer.tags import TagScore, infer_tags
from paperlist.model.taxonomy import Taxonomy, load_taxonomy


@dataclass(frozen=True)
class Example:
    title: str
    text: str
    gold: frozenset[str]


@dataclass
class Report:
    """Micro-averaged figures plus what is needed to look at the mistakes."""

    name: str
    papers: int = 0
    tp: int = 0
    fp: int = 0
    fn: int = 0
    predicted: int = 0
    per_tag: dict[str, Counter] = field(default_factory=dict)
    misses: list[tuple[str, str, str, tuple[str, ...]]] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.tp / max(self.tp + self.fp, 1)

    @property
    def recall(self) -> float:
        return self.tp / max(self.tp + self.fn, 1)

    @property
    def avg_tags(self) -> float:
        return self.predicted / max(self.papers, 1)

    def summary(self) -> str:
        return (
            f"{self.name}: {self.papers} papers, precision {self.precision:.3f}, "
            f"recall {self.recall:.3f}, avg tags {self.avg_tags:.2f}"
        )


def evaluate(name: str, examples: list[Example], taxonomy: Taxonomy | None = None) -> Report:
    taxonomy = taxonomy or load_taxonomy()
    report = Report(name)
    for ex in examples:
        chosen: list[TagScore] = infer_tags(ex.text, taxonomy)
        predicted = {s.slug: s for s in chosen}
        report.papers += 1
        report.predicted += len(predicted)
        for slug in predicted.keys() | ex.gold:
            counts = report.per_tag.setdefault(slug, Counter())
            if slug in predicted and slug in ex.gold:
                report.tp += 1
                counts["tp"] += 1
            elif slug in predicted:
                report.fp += 1
                counts["fp"] += 1
                report.misses.append(("extra", slug, ex.title, predicted[slug].evidence))
            else:
                report.fn += 1
                counts["fn"] += 1
                report.misses.append(("missed", slug, ex.title, ()))
    return report


# ----------------------------------------------------------------------------- data sets


def load_icml(abstracts: Path, gold_path: Path) -> list[Example]:
    """Pair each hand-labelled entry with its paragraph, checking the key's first words so a
    reordered source file fails loudly instead of scoring the wrong abstracts."""
    paragraphs = [p.strip() for p in abstracts.read_text(encoding="utf-8").split("\n\n")]
    paragraphs = [p for p in paragraphs if p][1:]  # first paragraph is the header line
    gold = yaml.safe_load(gold_path.read_text(encoding="utf-8"))
    examples = []
    for key, entry in gold.items():
        index, first_words = key.split(" ", 1)
        text = paragraphs[int(index) - 1]
        if " ".join(text.split()[:8]) != first_words:
            raise ValueError(f"{gold_path}: entry {key!r} does not match paragraph {index}")
        examples.append(Example(first_words, text, frozenset(entry["tags"])))
    return examples


def load_iclr(jsonl: Path, map_path: Path) -> list[Example]:
    """Papers with at least one mapped author keyword; gold = union of the mapped tags."""
    keyword_map = yaml.safe_load(map_path.read_text(encoding="utf-8"))
    examples = []
    for line in jsonl.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        paper = json.loads(line)
        gold = {
            slug
            for kw in paper.get("keywords") or []
            for slug in keyword_map.get(re.sub(r"\s+", " ", kw.strip().lower()), [])
        }
        if gold:
            title = " ".join(paper["title"].split())
            examples.append(Example(title, f"{title}. {paper['abstract']}", frozenset(gold)))
    return examples


def check_slugs(path: Path, slugs: set[str], taxonomy: Taxonomy | None = None) -> None:
    taxonomy = taxonomy or load_taxonomy()
    unknown = sorted(s for s in slugs if taxonomy.by_slug(s) is None)
    if unknown:
        raise ValueError(f"{path}: unknown tag slug(s) {unknown}")


# ----------------------------------------------------------------------------- printing


def print_report(report: Report, examples_per_kind: int = 3, kinds: int = 5) -> None:
    print(report.summary())
    print(f"  {'tag':32} {'prec':>5} {'rec':>5} {'tp':>4} {'fp':>4} {'fn':>4}")
    for slug, c in sorted(report.per_tag.items(), key=lambda kv: -sum(kv[1].values())):
        prec = c["tp"] / max(c["tp"] + c["fp"], 1)
        rec = c["tp"] / max(c["tp"] + c["fn"], 1)
        print(f"  {slug:32} {prec:5.2f} {rec:5.2f} {c['tp']:4} {c['fp']:4} {c['fn']:4}")
    commonest = Counter((kind, slug) for kind, slug, _, _ in report.misses).most_common(kinds)
    print("  commonest disagreements:")
    for (kind, slug), n in commonest:
        print(f"    {kind} {slug}: {n}")
        shown = [m for m in report.misses if m[0] == kind and m[1] == slug][:examples_per_kind]
        for _, _, title, evidence in shown:
            quotes = ", ".join(f'"{e}"' for e in evidence[:5])
            print(f"      - {title[:90]}" + (f"  [{quotes}]" if quotes else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--abstracts", type=Path, help="ICML 2026 abstract list")
    parser.add_argument("--gold", type=Path,
                        help="their hand labels (tests/fixtures/tags-gold-icml2026.yml)")
    parser.add_argument("--iclr", type=Path, help="ICLR 2020 papers JSONL")
    parser.add_argument("--keyword-map", type=Path,
                        help="author keyword -> tags (tests/fixtures/iclr-keyword-map.yml)")
    parser.add_argument("--examples", type=int, default=3, help="examples per disagreement")
    parser.add_argument("--kinds", type=int, default=5, help="disagreement kinds to list")
    args = parser.parse_args(argv)

    if not ((args.abstracts and args.gold) or (args.iclr and args.keyword_map)):
        parser.error("give --abstracts with --gold, and/or --iclr with --keyword-map")
    if args.abstracts and args.gold:
        print_report(evaluate("ICML 2026 gold", load_icml(args.abstracts, args.gold)),
                     args.examples, args.kinds)
    if args.iclr and args.keyword_map:
        print_report(evaluate("ICLR 2020 keywords", load_iclr(args.iclr, args.keyword_map)),
                     args.examples, args.kinds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
