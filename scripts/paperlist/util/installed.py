"""Which paperlist is running: the commit of paperlist's repository it was installed from,
where that can be known.

A new catalogue's workflows install paperlist from its requirements.txt (`paperlist
init`). Unpinned, that is paperlist's latest main, whose inference changes from one
commit to the next, and `paperlist import --check` then fails the catalogue's CI on
pages nobody touched. Pinned to the commit that made the pages, CI infers what they
hold. pip records where a package came from (PEP 610's `direct_url.json`): a git URL with
the commit it checked out, or the folder of an editable install, a clone whose HEAD is
the running code when nothing tracked is changed (uncommitted changes are no commit) and
the commit is on a branch of paperlist's own repository (one made only locally is on no
server, and pip in CI could not fetch it). A folder installed without -e is a copy of
whatever it held then: its HEAD now says nothing of it. Unknown is None, and init says so.
"""

from __future__ import annotations

import json
import re
import subprocess
from importlib import metadata
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import paperlist
from paperlist.util.git import git

#: paperlist's own repository, the one a catalogue's requirements.txt installs from
REPOSITORY = "https://github.com/paperlist/paperlist"
_HOST_PATH = re.compile(r"^(?:git\+)?(?:https?://|ssh://)?(?:[^@/]+@)?")
_COMMIT = re.compile(r"^[0-9a-f]{40}$")


def is_paperlists(url: str) -> bool:
    """Whether a git remote's URL (https, ssh or scp-like) is paperlist's repository."""
    rest = _HOST_PATH.sub("", url.strip()).replace(":", "/", 1).rstrip("/")
    return rest.removesuffix(".git").lower() == REPOSITORY.removeprefix("https://")


def commit_from(direct_url: dict, running: Path | None = None) -> str | None:
    """The commit of paperlist's repository that pip's record of an install names: its
    git commit, or, for an editable install whose folder holds the code `running` (this
    package's folder, by default), that clone's HEAD (`clone_commit`); else None."""
    vcs = direct_url.get("vcs_info") or {}
    url = str(direct_url.get("url") or "")
    if vcs.get("vcs") == "git":
        commit = str(vcs.get("commit_id") or "")
        return commit if _COMMIT.match(commit) and is_paperlists(url) else None
    if url.startswith("file://") and (direct_url.get("dir_info") or {}).get("editable"):
        folder = Path(url2pathname(urlparse(url).path)).resolve()
        code = (running or Path(paperlist.__file__).parent).resolve()
        if code.is_relative_to(folder):  # (not other code put first on PYTHONPATH)
            return clone_commit(folder, code)
    return None


def clone_commit(folder: Path, package: Path | None = None) -> str | None:
    """HEAD of the clone at `folder` when nothing tracked is changed, nor a file added in
    the `package` folder (a module not yet committed runs all the same), and a
    remote-tracking branch of a remote that is paperlist's repository holds it; None
    otherwise, or without git."""
    try:
        head = git(folder, "rev-parse", "HEAD")
        if not _COMMIT.match(head) or git(folder, "status", "--porcelain",
                                           "--untracked-files=no"):
            return None
        if package is not None and git(folder, "status", "--porcelain",
                                        "--untracked-files=all", "--", str(package)):
            return None
        remotes = git(folder, "remote").split()
    except (OSError, subprocess.SubprocessError):
        return None
    for remote in remotes:
        try:
            if is_paperlists(git(folder, "remote", "get-url", remote)) and git(
                    folder, "for-each-ref", "--contains", head, "--count=1",
                    f"refs/remotes/{remote}/"):
                return head
        except (OSError, subprocess.SubprocessError):
            continue
    return None


def installed_commit() -> str | None:
    """The commit of paperlist's repository this paperlist was installed from, if known."""
    try:
        raw = metadata.distribution("paperlist").read_text("direct_url.json")
        record = json.loads(raw) if raw else None
    except (metadata.PackageNotFoundError, ValueError):
        return None
    return commit_from(record) if isinstance(record, dict) else None


def requirement(commit: str | None) -> str:
    """requirements.txt's line for paperlist: at `commit`, else its latest main."""
    return f"paperlist @ git+{REPOSITORY}" + (f"@{commit}" if commit else "")
