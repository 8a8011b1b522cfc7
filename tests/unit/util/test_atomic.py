"""Atomic writes: a file is either old or new, and an unchanged one is not touched."""

from __future__ import annotations

from paperlist.util.atomic import write_atomic, write_files


def test_write_atomic_skips_unchanged_and_leaves_no_temp_files(tmp_path):
    path = tmp_path / "p.md"
    assert write_atomic(path, "one\n") is True
    assert write_atomic(path, "one\n") is False
    assert write_atomic(path, "two\n") is True
    assert path.read_text() == "two\n"
    assert [p.name for p in tmp_path.iterdir()] == ["p.md"]


def test_write_files_reports_only_what_changed(tmp_path):
    same, changed, new = tmp_path / "same.md", tmp_path / "changed.md", tmp_path / "sub" / "new.md"
    same.write_text("same\n")
    changed.write_text("old\n")
    before = same.stat().st_mtime_ns
    written = write_files({same: "same\n", changed: "new\n", new: "created\n"})
    assert sorted(written) == sorted([changed, new])
    assert changed.read_text() == "new\n" and new.read_text() == "created\n"
    assert same.stat().st_mtime_ns == before
