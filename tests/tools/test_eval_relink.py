"""eval_relink.py runs end to end on a tiny dev set (the shipped abstracts with made-up
titles) and its figures are the truth: every correction re-linked, no replaced paper."""

from __future__ import annotations

import json
import subprocess
import sys

from helpers import TOOLS, shipped_abstracts


def test_the_tool_reports_every_correction_re_linked_and_no_false_one(tmp_path):
    dev = tmp_path / "dev.jsonl"
    dev.write_text("".join(json.dumps({"title": f"Made-up title {i}", "abstract": a}) + "\n"
                           for i, a in enumerate(shipped_abstracts())), encoding="utf-8")
    out = tmp_path / "figures.json"
    result = subprocess.run(
        [sys.executable, str(TOOLS / "eval_relink.py"), "--dev", str(dev), "--papers", "15",
         "--corrected", "8", "--replaced", "4", "--json", str(out)],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    m = json.loads(out.read_text(encoding="utf-8"))
    assert m["corrected"] >= 5 and m["relinked_right"] == m["corrected"]
    assert m["replaced"] == 4 and m["replaced_relinked"] == 0 and m["false_relinks"] == 0
    assert m["created"] == 4 and m["missing"] == 4
    assert "re-linked to their own page" in result.stdout
