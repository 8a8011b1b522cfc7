"""Pagefind's binary gives the site its search code only (search/runtime.py): how it is
found, what it runs with, and what a failing or stopped one does to the index."""

from __future__ import annotations

import stat
import sys
import threading
from pathlib import Path

import pytest

from paperlist.search import index as search_index
from paperlist.search import runtime

PAGES = {f"papers/{name}/": f'<div data-pagefind-body><p>{name} abstract</p></div>'
         for name in ("a", "b", "c")}


def fake_pagefind(tmp_path: Path, script: str) -> Path:
    fake = tmp_path / "pagefind"
    fake.write_text(f"#!{sys.executable}\nimport sys, time\n{script}\n", encoding="utf-8")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    return fake


def test_a_failing_pagefind_fails_the_index_with_what_it_said(tmp_path):
    fake = fake_pagefind(tmp_path, "print('fake pagefind: no runtime today'); sys.exit(3)")
    code, output, files = search_index._index(fake, PAGES, [], [], tmp_path)
    assert code != 0 and "fake pagefind: no runtime today" in output and files == {}


def test_a_pagefind_that_writes_no_runtime_is_named(tmp_path):
    fake = fake_pagefind(tmp_path, "sys.exit(0)")
    code, output, _ = search_index._index(fake, PAGES, [], [], tmp_path)
    assert code != 0 and "pagefind.js" in output and "pinned pagefind version" in output


def test_a_stopped_index_stops_the_runtimes_pagefind_and_writes_no_entry(tmp_path):
    started = tmp_path / "started"
    fake = fake_pagefind(tmp_path, f"open({str(started)!r}, 'w').close(); time.sleep(60)")
    stop = threading.Event()
    result: list = []
    worker = threading.Thread(target=lambda: result.append(
        search_index.write_index(PAGES, tmp_path / "out", fake, stop)))
    worker.start()
    for _ in range(400):
        if started.exists():
            break
        worker.join(0.05)
    assert started.exists(), "the fake Pagefind never started"
    stop.set()
    worker.join(10)
    assert not worker.is_alive() and result == [None]
    assert not (tmp_path / "out" / "pagefind-entry.json").exists()
    assert not list(tmp_path.glob("paperlist-runtime-*")), "its scratch was left"


def test_the_runtime_is_made_once_per_binary(tmp_path, monkeypatch):
    binary = search_index.pagefind_executable()
    monkeypatch.setattr(runtime, "_RUNTIMES", {})
    runs = []
    real = runtime.subprocess.Popen
    monkeypatch.setattr(runtime.subprocess, "Popen",
                        lambda *a, **k: runs.append(a) or real(*a, **k))
    for n in range(2):
        assert search_index.write_index(PAGES, tmp_path / str(n), binary)
        assert (tmp_path / str(n) / "pagefind.js").is_file()
    assert len(runs) == 1


def test_pagefinds_launcher_variables_are_not_passed_on(monkeypatch):
    """npm's launcher reads them too: pointed at itself, it would start itself again."""
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", "/x/pagefind")
    monkeypatch.setenv("PAGEFIND_EXTENDED_BINARY_PATH", "/x/pagefind")
    env = search_index.pagefind_env()
    assert "PAGEFIND_BINARY_PATH" not in env and "PAGEFIND_EXTENDED_BINARY_PATH" not in env


@pytest.mark.parametrize("missing", [True, False])
def test_a_wrong_binary_path_is_said_at_once(tmp_path, monkeypatch, missing):
    path = tmp_path / "pagefind"
    if not missing:
        path.write_text("#!/bin/sh\n")
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(path))
    with pytest.raises(search_index.SearchIndexError,
                       match="no such file" if missing else "not executable"):
        search_index.pagefind_executable()
