"""eval_infer.py on a tiny made-up dev set: the figures are the ones worked out by hand."""

from __future__ import annotations

import json
import subprocess
import sys

from eval_infer import content_words, f1

from helpers import TOOLS

PAPERS = [
    {"title": "FooNet: graph networks for molecule generation",
     "abstract": "We propose FooNet, a graph network for molecule generation. FooNet is fast."},
    {"title": "BarSampler: fast mixing",
     "abstract": "We design a sampler called BarSampler that mixes fast. BarSampler beats MCMC."},
    {"title": "The loss landscape of two-layer networks",
     "abstract": "We study the loss landscape of two-layer networks. It is benign."},
]


def test_content_word_f1() -> None:
    assert content_words("The Loss Landscapes of Networks") == {"loss", "landscape", "network"}
    assert f1("loss landscape", "The loss landscape of networks") == 0.8
    assert f1("", "anything") == 0.0


def test_the_tool_reports_names_titles_and_time(tmp_path) -> None:
    dev = tmp_path / "dev.jsonl"
    dev.write_text("".join(json.dumps(p) + "\n" for p in PAPERS), encoding="utf-8")
    out = tmp_path / "figures.json"
    result = subprocess.run(
        [sys.executable, str(TOOLS / "eval_infer.py"), str(dev), "--json", str(out),
         "--sample", "2"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    m = json.loads(out.read_text(encoding="utf-8"))
    assert m["papers"] == 3 and m["named"] == 2
    assert m["name_exact"] == 1.0 and m["name_precision"] == 1.0
    assert m["title_broken"] == 0.0 and m["title_f1"] > 0.5
    assert m["ms_per_abstract"] > 0
    assert "| titles: broken | 0.000 |" in result.stdout
