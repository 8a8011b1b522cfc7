"""Measured tagging quality against hand labels; run with -s to see the figures.

ICML 2026: tags assigned by hand to the shipped abstracts (tests/fixtures/tags-gold-icml2026.yml).
ICLR 2020: author keywords mapped to tags by a hand-reviewed map; the papers file is
development data that only exists on the team machine, so that part skips elsewhere.
"""

from __future__ import annotations

from pathlib import Path

import eval_tags
import pytest
import yaml

from helpers import FIXTURES, ROOT, SHIPPED_LIST

ICML_GOLD = FIXTURES / "tags-gold-icml2026.yml"
ICLR_MAP = FIXTURES / "iclr-keyword-map.yml"
#: development data beside the repository on the team's machines (not in a fresh clone)
ICLR_DEFAULT = ROOT.parent / "shared" / "data" / "iclr-2020-papers.jsonl"


def figures(report: eval_tags.Report) -> str:
    text = report.summary()
    print("\n" + text)
    return text


def test_gold_and_map_use_known_slugs():
    gold = yaml.safe_load(ICML_GOLD.read_text(encoding="utf-8"))
    eval_tags.check_slugs(ICML_GOLD, {s for e in gold.values() for s in e["tags"]})
    assert len(gold) == 19 and all(1 <= len(e["tags"]) <= 5 for e in gold.values())
    mapping = yaml.safe_load(ICLR_MAP.read_text(encoding="utf-8"))
    eval_tags.check_slugs(ICLR_MAP, {s for v in mapping.values() for s in v})


def test_icml_2026_gold_quality():
    report = eval_tags.evaluate("ICML 2026 gold", eval_tags.load_icml(SHIPPED_LIST, ICML_GOLD))
    text = figures(report)
    assert report.papers == 19
    assert report.precision >= 0.9 and report.recall >= 0.9, text


def test_iclr_2020_keyword_quality():
    import os

    env = os.environ.get("PAPERLIST_ICLR_JSONL")
    path = Path(env) if env else ICLR_DEFAULT
    if not path.exists():
        pytest.skip(f"ICLR 2020 papers not found at {path} (set PAPERLIST_ICLR_JSONL)")
    report = eval_tags.evaluate("ICLR 2020 keywords", eval_tags.load_iclr(path, ICLR_MAP))
    text = figures(report)
    assert report.papers > 500, text
    assert report.recall >= 0.7 and report.precision >= 0.6 and report.avg_tags <= 3.5, text
