"""The header box's worker as the site serves it: one script, its comment lines left out."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from paperlist import ASSETS_DIR
from paperlist.search.index import WORKER_PATH, without_comments, worker_script
from paperlist.structure.paths import ENGINE_SCRIPTS


def test_comment_lines_go_and_code_stays():
    script = "\n".join([
        '"use strict";',
        "/** A block comment",
        " * over lines. */",
        "const a = 1;  // a comment after code stays",
        "  // a comment line",
        "/* one line */",
        "/* a comment, then */ const b = 2;",
        "/* a comment over",
        "   lines, then */ const c = 3;",
        'const url = "http://example.org/";',
    ])
    assert without_comments(script) == "\n".join([
        '"use strict";',
        "const a = 1;  // a comment after code stays",
        "/* a comment, then */ const b = 2;",
        " const c = 3;",
        'const url = "http://example.org/";',
    ])


@pytest.mark.parametrize("script", [
    "const t = `first line\n// not a comment: text of the template\n`;\n",
    'const s = "first line \\\n// text of the string";\n',
    "x(); /* a comment left open\n/* not a comment of its own\n*/\ny();\n",
    "const re = /a\\/*b/;\n// a comment\n",
])
def test_a_script_with_text_over_lines_is_left_whole(script):
    assert without_comments(script) == script


def test_the_served_worker_is_the_engine_and_worker_without_their_comments():
    sources = [(ASSETS_DIR / p.rsplit("/", 1)[1]).read_text(encoding="utf-8")
               for p in (*ENGINE_SCRIPTS, WORKER_PATH)]
    served = worker_script('{"papers": 1}')
    lines = served.split("\n")
    assert not [line for line in lines if line.strip().startswith(("//", "/*", "* "))]
    assert "importScripts(" not in served
    assert served.rstrip().endswith("});")  # the worker's own code came last
    assert 'self.paperlistEngineData = {"papers": 1};' in served
    # every line of code of each source is there, in its order
    for source in sources:
        at = 0
        for line in without_comments(source).split("\n"):
            if line.strip() and not line.startswith("importScripts("):
                at = served.index(line, at) + len(line)
    assert len(served) < 0.75 * sum(map(len, sources))


@pytest.mark.skipif(not shutil.which("node"), reason="needs Node.js")
def test_the_served_worker_parses(tmp_path):
    path = tmp_path / "worker.js"
    path.write_text(worker_script('{"papers": 1}'), encoding="utf-8")
    result = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
