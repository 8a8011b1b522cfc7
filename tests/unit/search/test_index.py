"""Where the pages Pagefind reads are written: in memory when there is room, else on the
disk; a memory filesystem that fills up midway loses no page."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from paperlist.search import index as search_index

PAGES = {f"papers/{name}/": f"<p>{name} abstract</p>" for name in ("a", "b", "c")}


@pytest.fixture
def fake_pagefind(tmp_path: Path) -> tuple[Path, Path]:
    """A Pagefind that records the folder it was given and the pages in it, then fails
    (so no engine files are made from it)."""
    seen = tmp_path / "seen.json"
    fake = tmp_path / "pagefind"
    fake.write_text(
        f"#!{sys.executable}\nimport json, os, sys\n"
        "site = sys.argv[sys.argv.index('--site') + 1]\n"
        "pages = sorted(os.path.relpath(os.path.join(d, f), site)\n"
        "               for d, _, fs in os.walk(site) for f in fs)\n"
        f"json.dump({{'site': site, 'pages': pages}}, open({str(seen)!r}, 'w'))\n"
        "sys.exit(3)\n", encoding="utf-8")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    return fake, seen


def run_index(fake: Path, scratch: Path, memory: Path | None) -> int:
    code, _, _ = search_index._index(fake, PAGES, [], [], scratch, threading.Event(),
                                     memory=memory)
    return code


EVERY_PAGE = [f"papers/{name}/index.html" for name in ("a", "b", "c")]


def test_pages_go_to_memory_and_are_deleted_once_read(tmp_path, fake_pagefind):
    fake, seen = fake_pagefind
    memory, scratch = tmp_path / "memory", tmp_path / "scratch"
    memory.mkdir()
    scratch.mkdir()
    assert run_index(fake, scratch, memory) == 3
    got = json.loads(seen.read_text())
    assert got == {"site": str(memory / "site"), "pages": EVERY_PAGE}
    assert not (memory / "site").exists() and not (scratch / "site").exists()


def test_a_memory_filesystem_that_fills_midway_loses_no_page(tmp_path, fake_pagefind):
    fake, seen = fake_pagefind
    memory, scratch = tmp_path / "memory", tmp_path / "scratch"
    (memory / "site" / "papers").mkdir(parents=True)
    (memory / "site" / "papers" / "b").write_text("in the way")  # page b cannot be written
    scratch.mkdir()
    assert run_index(fake, scratch, memory) == 3
    got = json.loads(seen.read_text())
    assert got == {"site": str(scratch / "site"), "pages": EVERY_PAGE}
    assert not (memory / "site").exists(), "the half-written pages were left in memory"


def test_memory_is_used_only_with_room_and_without_tmpdir(tmp_path, monkeypatch):
    monkeypatch.delenv("TMPDIR", raising=False)
    chosen = search_index.pages_scratch(PAGES, tmp_path)
    assert chosen is not None and chosen.parent == tmp_path and chosen.is_dir()

    monkeypatch.setenv("TMPDIR", str(tmp_path))  # scratch files go where it says
    assert search_index.pages_scratch(PAGES, tmp_path) is None
    monkeypatch.delenv("TMPDIR")

    assert search_index.pages_scratch(PAGES, tmp_path / "none") is None

    real = os.statvfs(tmp_path)

    class Small:  # a container's 64 MB /dev/shm, nearly full
        f_frsize, f_bavail, f_favail = 4096, 10, real.f_favail

    monkeypatch.setattr(search_index.os, "statvfs", lambda path: Small)
    assert search_index.pages_scratch(PAGES, tmp_path) is None


def test_pagefind_runs_with_its_allocator_and_thread_settings_and_accepts_them(
        tmp_path, monkeypatch):
    """The allocator's settings reach Pagefind (they cap its peak memory at 30,000
    papers) and are valid: jemalloc ignores a setting it does not know, saying so only on
    stderr, which a build discards when Pagefind succeeds."""
    monkeypatch.delenv(search_index.ALLOCATOR_VARIABLE, raising=False)
    monkeypatch.delenv(search_index.THREADS_VARIABLE, raising=False)
    env = search_index.pagefind_env()
    assert env[search_index.ALLOCATOR_VARIABLE] == search_index.ALLOCATOR_SETTINGS
    # outside a build's child, Pagefind counts its cores itself (tests/site/
    # test_background.py: in one, it is told them)
    assert search_index.THREADS_VARIABLE not in env
    site = tmp_path / "site" / "papers" / "a"
    site.mkdir(parents=True)
    (site / "index.html").write_text(
        '<html lang="en"><body><div data-pagefind-body><p>Perlin noise for exploration'
        "</p></div></body></html>", encoding="utf-8")
    done = subprocess.run(
        [str(search_index.pagefind_executable()), "--site", str(tmp_path / "site"),
         "--output-path", str(tmp_path / "out"), "--quiet"],
        capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "jemalloc" not in done.stdout + done.stderr, done.stderr
    assert (tmp_path / "out" / "pagefind-entry.json").is_file()


def test_an_allocator_or_thread_setting_given_by_the_environment_is_kept(monkeypatch):
    monkeypatch.setenv(search_index.ALLOCATOR_VARIABLE, "narenas:1")
    monkeypatch.setenv(search_index.THREADS_VARIABLE, "3")
    env = search_index.pagefind_env()
    assert (env[search_index.ALLOCATOR_VARIABLE], env[search_index.THREADS_VARIABLE]) == (
        "narenas:1", "3")
