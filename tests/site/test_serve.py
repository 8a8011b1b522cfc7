"""`paperlist serve`: a page that would fail the build is shown as its problems while the
rest of the site is served (a strict build still fails on it), and stopping serve stops
everything it started. The browser's view of the preview is
tests/browser/test_serve_browser.py."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import SHIPPED_LIST, built_html, make_project, mkdocs_build
from paperlist.ingest.importer import run_import
from paperlist.mkdocs_plugin.config import SHOW_PROBLEMS_ENV
from serving import (
    add_unknown_tag,
    break_yaml,
    check_lines,
    descendants,
    in_sessions,
    port_is_free,
    processes,
    start_serve,
)


@pytest.fixture
def project(tmp_path) -> Path:
    project = make_project(tmp_path / "p")
    assert run_import(SHIPPED_LIST, project / "papers").ok
    return project


def lenient_build(project: Path, *extra: str) -> subprocess.CompletedProcess:
    """The build `mkdocs serve` makes for `paperlist serve`: not strict, problems shown."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", **{SHOW_PROBLEMS_ENV: "1"})
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", *extra, "-d", "site"],
                          cwd=project, env=env, capture_output=True, text=True)


def test_the_preview_shows_a_broken_page_as_check_words_it_and_builds_the_rest(project):
    break_yaml(project / "papers/halo.md")
    add_unknown_tag(project / "papers/eqr.md")
    lines = check_lines(project)
    yaml_line = next(line for line in lines if line.startswith("papers/halo.md:3: "))
    tag_line = next(line for line in lines if line.startswith("papers/eqr.md:"))

    result = lenient_build(project)
    assert result.returncode == 0, result.stderr
    assert f"WARNING -  {yaml_line}" in result.stderr  # the terminal says the same
    site = project / "site"
    from paperlist.html.escape import esc

    halo = built_html(site / "papers/halo/index.html")
    assert esc(yaml_line) in halo and "cannot be read" in halo
    assert 'class="paper-title"' not in halo
    # no skip link to a heading of ours that is not there (the theme writes its own)
    assert "md-skip" not in halo and "page-title" not in halo
    # the paper with an unknown tag is shown, under its problem
    eqr = built_html(site / "papers/eqr/index.html")
    assert esc(tag_line) in eqr and 'class="paper-title"' in eqr
    assert eqr.index(esc(tag_line)) < eqr.index('class="paper-title"')
    assert esc(yaml_line) in eqr  # the banner names the other broken page
    # every other page: served as ever, with the banner linking to both
    for page, up in (("index.html", ""), ("papers/prorl/index.html", "../")):
        text = built_html(site / page)
        assert "2 pages would fail the build" in text
        assert text.index("<article") < text.index("paperlist-problems-banner")  # content
        assert f'href="{up}halo/"' in text or f'href="{up}papers/halo/"' in text
        assert esc(yaml_line) in text and esc(tag_line) in text
    assert 'class="paper-title"' in built_html(site / "papers/prorl/index.html")


def test_the_build_still_fails_on_a_broken_page_whatever_the_environment(project, monkeypatch):
    """It says what `paperlist check` says ("mapping values are not allowed in this
    context" was the YAML library's), and another page's problem in the same run."""
    break_yaml(project / "papers/halo.md")
    add_unknown_tag(project / "papers/eqr.md")
    yaml_line = next(line for line in check_lines(project)
                     if line.startswith("papers/halo.md:3: "))
    monkeypatch.setenv(SHOW_PROBLEMS_ENV, "1")  # a strict build ignores it
    for result in (mkdocs_build(project), lenient_build(project, "--strict")):
        assert result.returncode == 1
        assert "cannot build: some pages cannot be read" in result.stderr
        assert yaml_line in result.stderr and "not valid YAML" not in result.stderr
        assert "eqr.md:" in result.stderr and "Reinforcment Learning" in result.stderr
    cli = subprocess.run([sys.executable, "-m", "paperlist.cli", "build"], cwd=project,
                         capture_output=True, text=True)
    assert cli.returncode == 1 and "cannot build" in cli.stderr


def test_a_clean_catalogue_shows_no_banner(project):
    result = lenient_build(project)
    assert result.returncode == 0, result.stderr
    assert "would fail the build" not in built_html(project / "site/index.html")


def _wait_gone(pids: set[int], timeout: float = 30) -> set[int]:
    deadline = time.monotonic() + timeout
    while (alive := pids & set(processes())) and time.monotonic() < deadline:
        time.sleep(0.05)
    return alive


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads processes from /proc")
@pytest.mark.parametrize("sig, status, mid_build", [
    pytest.param(signal.SIGINT, 130, False, id="ctrl-c"),
    pytest.param(signal.SIGTERM, 143, True, id="kill-during-a-rebuild"),
])
def test_stopping_serve_stops_everything_it_started(project, tmp_path, sig, status, mid_build):
    """Ctrl-C or kill of paperlist alone (as `kill PID` does; a terminal's Ctrl-C reaches
    its group): every process under it and in its sessions ends, the port is free, the
    temporary site is removed, and no traceback is printed. With SIGTERM, during a rebuild
    (Pagefind may be running then)."""
    tmp = tmp_path / "tmp"
    served = start_serve(project, tmp)
    try:
        started = descendants(served.proc.pid)
        assert len(started) >= 2, started  # paperlist and mkdocs serve
        sessions = served.sessions
        assert served.proc.pid in sessions
        if mid_build:
            (project / "mkdocs.yml").touch()  # a full rebuild
            served.wait_for_output("Building documentation", count=2)
            started |= descendants(served.proc.pid)
        os.kill(served.proc.pid, sig)
        assert served.proc.wait(timeout=30) == status
        assert _wait_gone(started | in_sessions(sessions)) == set()
        assert in_sessions(sessions) == set()
        assert port_is_free(served.port)
        assert list(tmp.iterdir()) == []  # mkdocs serve shut down cleanly
        assert "Traceback" not in served.output(), served.output()
    finally:
        served.stop()
