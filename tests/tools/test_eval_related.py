"""eval_related.py on a tiny made-up dev set: pages joined to their areas by digest, and
the figures of the related papers a build shows."""

from __future__ import annotations

import json
import subprocess
import sys

from helpers import TOOLS
from paperlist.ingest.importer import run_import

RL = ("We study reinforcement learning for robot {x}: a policy gradient agent learns "
      "{x} from sparse rewards in simulation and transfers the policy to a real robot arm.")
GRAPH = ("We propose a graph neural network for {x}: message passing over the molecular "
         "graph predicts {x} better than graph transformers on three molecule benchmarks.")
RECORDS = ([{"primary_area": "reinforcement learning", "abstract": RL.format(x=x)}
            for x in ("grasping", "pushing", "stacking")]
           + [{"primary_area": "graphs", "abstract": GRAPH.format(x=x)}
              for x in ("toxicity", "solubility", "binding")])


def test_pages_are_joined_to_their_areas_and_related_papers_measured(tmp_path) -> None:
    lst = tmp_path / "list.txt"
    lst.write_text("TINY 2026 papers\n\n" + "\n\n".join(r["abstract"] for r in RECORDS) + "\n",
                   encoding="utf-8")
    assert run_import(lst, tmp_path / "papers").ok
    dev = tmp_path / "dev.jsonl"
    dev.write_text("".join(json.dumps(r) + "\n" for r in RECORDS), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(TOOLS / "eval_related.py"), str(tmp_path / "papers"), str(dev),
         "--sizes", "6:1"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "6 pages joined to dev.jsonl; two at random share an area: 0.500" in out
    figures = {line.rsplit(None, 1)[0].strip(): float(line.rsplit(None, 1)[1])
               for line in out.splitlines() if line.startswith("  ")}
    # each page's neighbours are its own topic's two
    assert figures["shown: a page"] == 2.0 and figures["shown: same area"] == 1.0
