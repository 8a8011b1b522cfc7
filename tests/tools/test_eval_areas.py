"""eval_areas.py on a tiny made-up dev set: the agreement worked out by hand."""

from __future__ import annotations

import json
import subprocess
import sys

import eval_areas
import pytest
import yaml

from helpers import TOOLS

PAPERS = [
    {"title": "Fast policies", "primary_area": "reinforcement learning",
     "abstract": "We study reinforcement learning with policy gradient methods for agents."},
    {"title": "Graph things", "primary_area": "reinforcement learning",
     "abstract": "We propose a graph neural network for node classification on graphs."},
    {"title": "Anything", "primary_area": "other topics",
     "abstract": "We propose a graph neural network for link prediction on graphs."},
]
MAPPING = {"reinforcement learning": ["reinforcement-learning"], "other topics": []}


def _write(tmp_path):
    dev = tmp_path / "dev.jsonl"
    dev.write_text("".join(json.dumps(p) + "\n" for p in PAPERS), encoding="utf-8")
    mapping = tmp_path / "map.yml"
    mapping.write_text(yaml.safe_dump(MAPPING), encoding="utf-8")
    return dev, mapping


def test_agreement_leaves_unmapped_areas_out_but_counts_their_tags(tmp_path) -> None:
    dev, mapping = _write(tmp_path)
    out = tmp_path / "figures.json"
    result = subprocess.run(
        [sys.executable, str(TOOLS / "eval_areas.py"), str(dev), "--map", str(mapping),
         "--json", str(out), "--misses", "", "--rows", "0:3"],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    m = json.loads(out.read_text(encoding="utf-8"))
    assert m["scored"] == 2 and m["papers"] == 3
    assert m["agreement"] == 0.5
    assert m["areas"]["reinforcement learning"]["agreement"] == 0.5
    assert "other topics" not in m["areas"]
    assert "Graph things" in result.stdout  # the disagreement is listed


def test_the_shipped_mapping_uses_known_slugs_and_covers_the_dev_areas(tmp_path) -> None:
    taxonomy = eval_areas.load_taxonomy()
    mapping = eval_areas.load_map(eval_areas.DEFAULT_MAP, taxonomy)
    assert len(mapping) == 20 and sum(not v for v in mapping.values()) == 1
    dev, bad = _write(tmp_path)
    bad.write_text(yaml.safe_dump({"reinforcement learning": ["no-such-tag"]}), encoding="utf-8")
    with pytest.raises(ValueError, match="no-such-tag"):
        eval_areas.load_map(bad, taxonomy)
