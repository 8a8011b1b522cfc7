"""Atomic writes: a file is either old or new, and an unchanged one is not touched."""

from __future__ import annotations

import pytest

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


def test_a_folder_of_many_files_is_written_and_compared_as_one_of_few(tmp_path):
    # from 64 files into a folder, it is listed once rather than each file opened
    folder = tmp_path / "papers"
    files = {folder / f"p{i}.md": f"page {i}\n" for i in range(70)}
    assert len(write_files(files)) == 70
    assert write_files(files) == []  # unchanged: nothing touched
    files[folder / "p3.md"] = "edited\n"
    files[folder / "new.md"] = "new\n"
    assert write_files(files) == [folder / "new.md", folder / "p3.md"]
    assert (folder / "p3.md").read_text() == "edited\n"
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in files)


def test_a_leftover_temporary_file_of_the_same_name_is_not_overwritten(tmp_path):
    import os

    target = tmp_path / "p.md"
    leftover = tmp_path / f".p.md.{os.getpid()}.tmp"  # a killed run's, with this id
    leftover.write_text("someone else's\n")
    assert write_files({target: "mine\n"}) == [target]
    assert target.read_text() == "mine\n"
    assert leftover.read_text() == "someone else's\n"


def test_a_short_write_is_completed_and_a_full_disk_changes_nothing(tmp_path, monkeypatch):
    """The kernel may write part of a page at a time (the rest is written after it); a
    disk that fills mid-import leaves every page as it was and no temporary file."""
    import errno
    import os

    real_write = os.write
    folder = tmp_path / "papers"
    old = {folder / f"p{i}.md": f"old {i}\n" for i in range(5)}
    write_files(old)
    monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, bytes(data[:3])))
    big = {path: f"new {path.stem}\n" * 50 for path in old}
    assert len(write_files(big)) == 5
    assert all(path.read_text() == text for path, text in big.items())

    calls = []

    def fills_up(fd, data):
        calls.append(fd)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", fills_up)
    try:
        write_files({path: "lost?\n" for path in old})
    except OSError as err:
        assert err.errno == errno.ENOSPC
    else:
        raise AssertionError("a full disk went unnoticed")
    assert all(path.read_text() == text for path, text in big.items())
    assert sorted(p.name for p in folder.iterdir()) == sorted(p.name for p in old)


def test_pages_get_the_permissions_an_editor_would_give_them(tmp_path):
    """A new page is readable as any new file is under the user's umask (0644 with 022),
    not 0600, which a web server or a CI job of another user could not read; a page
    rewritten keeps the permissions it had."""
    import os
    import stat

    def mode(path):
        return stat.S_IMODE(path.stat().st_mode)

    old_umask = os.umask(0o022)
    try:
        folder = tmp_path / "papers"
        files = {folder / f"p{i}.md": f"page {i}\n" for i in range(70)}  # listed folder
        files[tmp_path / "one.md"] = "one\n"  # a folder of few files
        write_files(files)
        assert {mode(path) for path in files} == {0o644}
        (folder / "p1.md").chmod(0o640)
        (tmp_path / "one.md").chmod(0o600)
        write_files({**files, folder / "p1.md": "edited\n", tmp_path / "one.md": "two\n"})
        assert (mode(folder / "p1.md"), mode(tmp_path / "one.md")) == (0o640, 0o600)
        assert mode(folder / "p2.md") == 0o644
    finally:
        os.umask(old_umask)


@pytest.fixture
def folder(tmp_path):
    """A pages folder holding one page, old.md."""
    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "old.md").write_text("old\n")
    return folder


def test_staged_files_change_nothing_until_committed_and_nothing_if_the_run_fails(folder):
    """An import stages each page as soon as it is inferred: until `commit` the pages are
    as they were, and a run that fails part-way leaves them so, with no temporary file."""
    from paperlist.util.atomic import Staged

    with pytest.raises(KeyboardInterrupt), Staged() as staged:
        assert staged.write(folder / "old.md", "new\n")
        assert staged.write(folder / "p1.md", "one\n")
        assert (folder / "old.md").read_text() == "old\n"
        assert not (folder / "p1.md").exists()
        raise KeyboardInterrupt  # Ctrl-C while the rest of the list is inferred
    assert sorted(p.name for p in folder.iterdir()) == ["old.md"]
    assert (folder / "old.md").read_text() == "old\n"
    with Staged() as staged:
        assert staged.write(folder / "p1.md", "one\n")
        assert not staged.write(folder / "old.md", "old\n")  # unchanged: not touched
        assert staged.commit() == [folder / "p1.md"]
    assert sorted(p.name for p in folder.iterdir()) == ["old.md", "p1.md"]


def test_ctrl_c_as_a_temporary_file_is_made_leaves_no_file(folder, monkeypatch):
    """Ctrl-C while the kernel creates a staged file interrupts the call as it returns,
    before its caller has the file: the file is removed all the same."""
    import os

    from paperlist.util.atomic import Staged

    real_open = os.open

    def interrupted(path, flags, mode=0o777):
        real_open(path, flags, mode)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt), Staged() as staged:  # (not lost)
        assert staged.write(folder / "p1.md", "one\n")
        monkeypatch.setattr(os, "open", interrupted)
        staged.write(folder / "p2.md", "two\n")
    assert sorted(p.name for p in folder.iterdir()) == ["old.md"]
