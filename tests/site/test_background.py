"""Work on the other core: results, failures and cancellation come back as they would
inline, and a build made with forked children equals one made without."""

from __future__ import annotations

import filecmp
import functools
import operator
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from helpers import SHIPPED_LIST, make_project
from paperlist.search.data import _added, spread, vocabulary
from paperlist.util import background
from paperlist.util.background import (
    Background,
    BackgroundError,
    split_join,
    split_map,
)

#: Forking is only safe in a single-threaded process, so these run first in the session,
#: before any test starts a thread (conftest.py orders them); off Linux they skip.
forks = pytest.mark.forks


def needs_fork(test):
    """A test of the forked child: it must really fork (a thread fallback would run the
    child's code in pytest itself), so a thread already running fails it loudly."""
    if sys.platform.startswith("linux") and not os.environ.get("PAPERLIST_NO_FORK"):
        def guarded(*args: object, **kwargs: object) -> object:
            assert background.can_fork(), "a thread is running: run the forking tests first"
            return test(*args, **kwargs)
        return forks(functools.wraps(test)(guarded))
    return pytest.mark.skip(reason="no forking here (not Linux, or PAPERLIST_NO_FORK is set)")(test)


def _boom() -> None:
    raise ValueError("the page on line 7 is broken")


@pytest.mark.parametrize("fork", [pytest.param(True, marks=forks), False], ids=["fork", "thread"])
def test_result_and_failure_come_back(fork):
    if fork and sys.platform.startswith("linux") and not os.environ.get("PAPERLIST_NO_FORK"):
        assert background.can_fork(), "a thread is running: run the forking tests first"
    assert Background(lambda: {"big": "x" * 5_000_000, "n": [1, 2]}, fork=fork).result() == {
        "big": "x" * 5_000_000, "n": [1, 2]}
    with pytest.raises(BackgroundError, match="ValueError: the page on line 7 is broken"):
        Background(_boom, fork=fork).result()


@needs_fork
def test_a_child_that_dies_is_reported_not_waited_for_forever():
    parent = os.getpid()
    work = Background(lambda: os.kill(os.getpid(), 9) if os.getpid() != parent else None)
    with pytest.raises(BackgroundError, match="died.*signal 9"):
        work.result()


@needs_fork
def test_a_child_that_dies_takes_what_it_started_with_it(tmp_path):
    pid_file = tmp_path / "pid"

    def start_and_die() -> None:
        pid_file.write_text(str(subprocess.Popen(["sleep", "60"]).pid))
        os.kill(os.getpid(), 9)

    with pytest.raises(BackgroundError, match="died.*signal 9"):
        Background(start_and_die).result()
    _gone(int(pid_file.read_text()))


def _gone(pid: int) -> None:
    deadline = time.monotonic() + 30
    while _alive(pid):
        assert time.monotonic() < deadline, "what the child started outlived it"
        time.sleep(0.05)


def _cancel_once_started(work: Background, pid_file: Path) -> None:
    """Cancel work once the process it starts has written its pid to pid_file; that
    process must then be gone."""
    deadline = time.monotonic() + 30
    while not pid_file.exists() or not pid_file.read_text():
        assert time.monotonic() < deadline, "the child never started its process"
        time.sleep(0.05)
    started = int(pid_file.read_text())
    work.cancel()
    _gone(started)


@needs_fork
def test_cancel_stops_the_child_and_what_it_started(tmp_path):
    pid_file = tmp_path / "pid"

    def start_and_wait() -> int:
        proc = subprocess.Popen(["sleep", "60"])
        pid_file.write_text(str(proc.pid))
        return proc.wait()

    work = Background(start_and_wait)
    _cancel_once_started(work, pid_file)
    with pytest.raises(BackgroundError, match="cancelled"):
        work.result()


@needs_fork
def test_cancel_stops_a_childs_own_child_too(tmp_path):
    pid_file = tmp_path / "pid"

    def half(items: list[int]) -> list[int]:
        if items[0] >= 5:  # the second half: in the child's own child
            pid_file.write_text(str(os.getpid()))
            time.sleep(60)
        return items

    _cancel_once_started(Background(lambda: split_join(half, list(range(10)), 2,
                                                       operator.add)), pid_file)


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.split(") ", 1)[1][0] != "Z"  # a zombie is dead, just not yet reaped


@needs_fork
def test_split_map_keeps_order_and_errors():
    items = list(range(1001))
    assert split_map(lambda xs: [x * x for x in xs], items, 10) == [x * x for x in items]

    def fail_in_second_half(xs: list[int]) -> list[int]:
        if 900 in xs:
            raise ValueError("item 900")
        return xs

    with pytest.raises(BackgroundError, match="item 900"):
        split_map(fail_in_second_half, items, 10)


@needs_fork
def test_split_join_joins_the_halves_as_the_whole_would_be():
    words = [f"w{k % 7}" for k in range(5000)]
    whole = Counter(words)
    assert split_join(Counter, words, 10, operator.add) == whole
    assert split_join(Counter, words, 10_000, operator.add) == whole  # too few: here
    # the search engine's word counts (search/data.py engine_files), as of all pages at once
    pages = [f"Graph {k} networks for graph-level tasks {k % 3} with transformers"
             for k in range(40)] + ["Ünïcode ﬁle systems", ""]
    counts, families = split_join(spread, pages, 2, _added)
    assert (counts, families) == spread(pages)
    assert vocabulary(counts, 1) == vocabulary(pages, 1)


def _two_cores() -> set[int]:
    cpus = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
    if len(cpus) < 2:
        pytest.skip("one core: no core to leave to the parent")
    return cpus


@needs_fork
def test_a_child_runs_off_the_parents_core_until_the_parent_waits_for_it(monkeypatch):
    cpus = _two_cores()
    ready, told = os.pipe()

    def work() -> tuple[set[int], set[int]]:
        before = os.sched_getaffinity(0)
        os.write(told, b"x")
        deadline = time.monotonic() + 20
        while os.sched_getaffinity(0) == before and time.monotonic() < deadline:
            time.sleep(0.01)
        return before, os.sched_getaffinity(0)

    child = Background(work)
    os.read(ready, 1)  # pinned, and now waited for
    before, after = child.result()
    os.close(ready)
    os.close(told)
    assert before == cpus - {min(cpus)}
    assert after == cpus


@needs_fork
def test_a_broken_page_read_in_the_child_is_reported_with_its_line(tmp_path, monkeypatch):
    """Half the pages are read in a child: its errors keep their file and line."""
    from paperlist.ingest.importer import run_import
    from paperlist.model import catalogue

    papers = tmp_path / "papers"
    assert run_import(SHIPPED_LIST, papers).ok
    last = sorted(papers.glob("*.md"))[-1]  # in the second half, read by the child
    last.write_text("---\ntitle: [unclosed\n---\n\nBody.\n", encoding="utf-8")
    monkeypatch.setattr(catalogue, "PARALLEL_READ_MIN", 2)
    with pytest.raises(ValueError, match=rf"{last.name}:\d+: frontmatter is not valid YAML"):
        catalogue.load_catalogue(papers)


def test_a_site_built_with_children_equals_one_built_without(tmp_path):
    """Forked children (the default) and the thread fallback give the same site, byte for
    byte (Pagefind's own index files aside: their names are not stable run to run)."""
    from paperlist.ingest.importer import run_import

    project = make_project(tmp_path / "p")
    assert run_import(SHIPPED_LIST, project / "papers").ok
    sites = {}
    for label, no_fork in (("fork", ""), ("thread", "1")):
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PAPERLIST_NO_FORK=no_fork)
        site = tmp_path / label
        result = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
            cwd=project, env=env, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        sites[label] = site
    files = sorted(p.relative_to(sites["fork"]) for p in sites["fork"].rglob("*")
                   if p.is_file() and p.relative_to(sites["fork"]).parts[0] != "pagefind")
    assert len(files) > 60
    _, mismatch, errors = filecmp.cmpfiles(sites["fork"], sites["thread"], files, shallow=False)
    assert (mismatch, errors) == ([], [])
    assert (sites["thread"] / "pagefind" / "pagefind.js").exists()
    assert "Related papers" in (sites["fork"] / "papers" / "wildcat" / "index.html").read_text()


def test_a_build_leaves_no_scratch_behind(tmp_path):
    from paperlist.ingest.importer import run_import

    project = make_project(tmp_path / "p")
    assert run_import(SHIPPED_LIST, project / "papers").ok
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", TMPDIR=str(scratch))
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict"],
                            cwd=project, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert list(scratch.iterdir()) == []


@needs_fork
def test_the_exports_are_made_by_the_build_while_the_child_computes_the_rest(
        tmp_path, monkeypatch):
    """The build's process would sit idle waiting for related papers and the map; the
    exports need neither, so it makes them itself, and the child does not. Same files."""
    from paperlist.discover import exports
    from paperlist.ingest.importer import run_import
    from paperlist.model.catalogue import load_catalogue
    from paperlist.structure.discovery import Discovery

    assert run_import(SHIPPED_LIST, tmp_path / "papers").ok
    cat = load_catalogue(tmp_path / "papers")
    made_in = tmp_path / "made-in"
    papers_json = exports.papers_json

    def recorded(*args, **kwargs):
        with made_in.open("a") as f:
            f.write(f"{os.getpid()}\n")
        return papers_json(*args, **kwargs)

    monkeypatch.setattr(exports, "papers_json", recorded)
    url = lambda e: f"papers/{e.id}/"  # noqa: E731
    background_files = Discovery.build(cat, url, "site", None, background=True).files()
    assert made_in.read_text().split() == [str(os.getpid())]
    assert background_files == Discovery.build(cat, url, "site", None).files()


def test_discovery_failing_on_the_other_core_says_why(tmp_path):
    from paperlist.ingest.importer import run_import
    from paperlist.model.catalogue import load_catalogue
    from paperlist.structure.discovery import Discovery

    assert run_import(SHIPPED_LIST, tmp_path / "papers").ok
    cat = load_catalogue(tmp_path / "papers")

    def no_url(entry):
        raise KeyError(f"no URL for {entry.id}")

    d = Discovery.build(cat, no_url, "site", None, background=True)
    with pytest.raises(BackgroundError, match="KeyError: 'no URL for"):
        d.files()
