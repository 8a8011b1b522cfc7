"""eval_written.py: the words it asks come from the site's vocabulary, and it reads a built
site's answers end to end (its figures at 12,000 papers are not tests)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import CHROMIUM, TOOLS


def test_the_words_are_the_most_widespread_of_each_length(tmp_path):
    import eval_written

    folder = tmp_path / "assets/paperlist/search/vocabulary"
    folder.mkdir(parents=True)
    (folder / "5.txt").write_text("model\ngraph\ntoken\n", encoding="utf-8")
    (folder / "7.txt").write_text("network\n", encoding="utf-8")
    (folder / "4.txt").write_text("data\n", encoding="utf-8")  # shorter than asked
    assert eval_written.common_words(tmp_path, 2) == ["model", "graph", "network"]
    rows = [{"word": "model", "total": 9, "shown": 10, "held": 7},
            {"word": "graph", "total": 3, "shown": 3, "held": 3}]
    assert eval_written.share(rows) == 10 / 13
    # only words whose count differs are listed; the shares are per site
    other = [{**rows[0], "held": 10}, rows[1]]
    text = eval_written.table([Path("a"), Path("b")], [rows, other])
    assert "model" in text and "7/10" in text and "graph " not in text
    assert "0.769 / 1.000" in text


def test_it_answers_from_a_built_site(built_site, tmp_path):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium); CI always has one")
    out = tmp_path / "written.json"
    result = subprocess.run([sys.executable, str(TOOLS / "eval_written.py"), str(built_site),
                             "--per-length", "1", "--json", str(out)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "share of the top 10 holding the word as written" in result.stdout
    [run] = json.loads(out.read_text())["runs"]
    assert len(run) >= 5 and all(r["shown"] >= 1 for r in run)
    # a word of the catalogue's vocabulary is on its pages: most answers hold it
    assert sum(r["held"] for r in run) >= sum(r["shown"] for r in run) / 2
