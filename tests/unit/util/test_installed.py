"""Which commit of paperlist a new catalogue's requirements.txt pins (util/installed.py):
the one that made its pages, when it is known to be on paperlist's repository."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

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
    holds it; a commit made only here is on no server, and pip in CI could not fetch it."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(tmp_path), *args], check=True,
                              capture_output=True, text=True).stdout.strip()

    git("init", "-q")
    git("-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "--allow-empty", "-m", "x")
    head = git("rev-parse", "HEAD")
    git("remote", "add", "origin", "git@github.com:paperlist/paperlist.git")
    assert clone_commit(tmp_path) is None  # no branch of the remote holds it
    git("update-ref", "refs/remotes/origin/main", head)
    assert clone_commit(tmp_path) == head
    assert commit_from({"url": tmp_path.as_uri(), "dir_info": {"editable": True}}) == head
    git("-c", "user.name=a", "-c", "user.email=a@b", "commit", "-q", "--allow-empty", "-m", "y")
    assert clone_commit(tmp_path) is None  # a local commit on top
    git("remote", "set-url", "origin", "https://github.com/someone/paperlist")
    git("update-ref", "refs/remotes/origin/main", git("rev-parse", "HEAD"))
    assert clone_commit(tmp_path) is None  # a fork's
    assert clone_commit(tmp_path / "nowhere") is None
    assert clone_commit(Path("/")) is None
