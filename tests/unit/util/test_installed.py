"""Which commit of paperlist a new catalogue's requirements.txt pins (util/installed.py):
the one that made its pages, when it is known to be on paperlist's repository."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from paperlist.util.installed import (
    REPOSITORY,
    clone_commit,
    commit_from,
    is_paperlists,
    requirement,
)

COMMIT = "0123456789abcdef0123456789abcdef01234567"


@pytest.mark.parametrize(("url", "ours"), [
    ("https://github.com/paperlist/paperlist", True),
    ("https://github.com/paperlist/paperlist.git", True),
    ("git+https://github.com/paperlist/paperlist", True),
    ("git@github.com:paperlist/paperlist.git", True),
    ("ssh://git@github.com/paperlist/paperlist.git", True),
    ("https://token@github.com/PaperList/PaperList/", True),
    ("https://github.com/someone/paperlist", False),  # a fork: its commits are its own
    ("https://github.com/paperlist/paperlist-extra", False),
    ("/home/me/paperlist", False),
])
def test_paperlists_repository_by_any_of_its_urls(url, ours):
    assert is_paperlists(url) is ours


def test_a_git_install_of_paperlists_repository_names_its_commit():
    assert commit_from({"url": "https://github.com/paperlist/paperlist",
                        "vcs_info": {"vcs": "git", "commit_id": COMMIT}}) == COMMIT
    assert commit_from({"url": "https://github.com/someone/paperlist",
                        "vcs_info": {"vcs": "git", "commit_id": COMMIT}}) is None
    assert commit_from({"url": "https://github.com/paperlist/paperlist",
                        "vcs_info": {"vcs": "git", "commit_id": "main"}}) is None
    assert commit_from({"url": "https://files.example/paperlist-0.1.0.whl",
                        "archive_info": {}}) is None
    assert requirement(COMMIT) == f"paperlist @ git+{REPOSITORY}@{COMMIT}"
    assert requirement(None) == f"paperlist @ git+{REPOSITORY}"


@pytest.mark.skipif(not shutil.which("git"), reason="needs git")
def test_an_editable_clone_names_head_only_when_paperlists_repository_has_it(tmp_path):
    """A clone's HEAD is pinned when a remote-tracking branch of paperlist's repository
    holds it and nothing tracked is changed; a commit made only here is on no server (pip
    in CI could not fetch it), and uncommitted changes are in no commit at all."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(tmp_path), *args], check=True,
                              capture_output=True, text=True).stdout.strip()

    def commit(message: str) -> str:
        git("-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "-am", message)
        return git("rev-parse", "HEAD")

    git("init", "-q")
    (tmp_path / "code.py").write_text("x = 1\n", encoding="utf-8")
    git("add", "code.py")
    head = commit("x")
    git("remote", "add", "origin", "git@github.com:paperlist/paperlist.git")
    assert clone_commit(tmp_path) is None  # no branch of the remote holds it
    git("update-ref", "refs/remotes/origin/main", head)
    assert clone_commit(tmp_path) == head
    editable = {"url": tmp_path.as_uri(), "dir_info": {"editable": True}}
    assert commit_from(editable, running=tmp_path / "pkg") == head
    # (a copy installed from the folder, or code run from elsewhere: HEAD says nothing)
    assert commit_from({"url": tmp_path.as_uri(), "dir_info": {}}, tmp_path / "pkg") is None
    assert commit_from(editable, running=tmp_path.parent / "elsewhere") is None
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "new.py").write_text("y = 1\n", encoding="utf-8")
    assert clone_commit(tmp_path, tmp_path / "pkg") is None  # a module in no commit
    assert clone_commit(tmp_path) == head  # (an untracked file elsewhere is no code)
    (tmp_path / "pkg" / "new.py").unlink()
    (tmp_path / "code.py").write_text("x = 2\n", encoding="utf-8")
    assert clone_commit(tmp_path) is None  # uncommitted: the pages' code is no commit
    (tmp_path / "notes.txt").write_text("untracked\n", encoding="utf-8")
    commit("y")
    assert clone_commit(tmp_path) is None  # a local commit on top
    # another remote first, with refs a remote no longer has (a pull request's merge ref)
    git("update-ref", "refs/remotes/origin/main", git("rev-parse", "HEAD"))
    git("remote", "rename", "origin", "upstream")
    git("remote", "add", "a-fork", "https://github.com/someone/paperlist")
    git("update-ref", "refs/remotes/pull/1/merge", git("rev-parse", "HEAD"))
    assert clone_commit(tmp_path) == git("rev-parse", "HEAD")
    git("remote", "set-url", "upstream", "https://github.com/someone-else/paperlist")
    assert clone_commit(tmp_path) is None  # only forks hold it
    assert clone_commit(tmp_path / "nowhere") is None


def test_an_install_record_that_is_no_mapping_names_no_commit(monkeypatch):
    from paperlist.util import installed

    class Record:
        def __init__(self, text: str) -> None:
            self.text = text

        def read_text(self, name: str) -> str:
            return self.text

    for text in ("[1, 2]", "not json", "", '"x"'):
        monkeypatch.setattr(installed.metadata, "distribution", lambda _, t=text: Record(t))
        assert installed.installed_commit() is None
