"""The Pages workflows deploy only what CI passed: this repository's and the one
`paperlist init` writes."""

from __future__ import annotations

import pytest
import yaml

from helpers import ROOT

INIT = ROOT / "scripts" / "paperlist" / "data" / "init"
WORKFLOWS = [ROOT / ".github" / "workflows" / "pages.yml",
             INIT / "github" / "workflows" / "pages.yml"]


@pytest.mark.parametrize("path", WORKFLOWS, ids=["repository", "init"])
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
