"""Which paperlist is running: the commit of paperlist's repository it was installed from,
where that can be known.

A new catalogue's workflows install paperlist from its requirements.txt (`paperlist
init`). Unpinned, that is paperlist's latest main, whose inference changes from one
commit to the next, and `paperlist import --check` then fails the catalogue's CI on
pages nobody touched. Pinned to the commit that made the pages, CI infers what they
hold. pip records where a package came from (PEP 610's `direct_url.json`): a git URL with
the commit it checked out, or the folder of an editable install, a clone whose HEAD is
the commit when one of its remote-tracking branches of paperlist's own repository holds
it (a commit made only locally is on no server, and pip in CI could not fetch it).
"""

from __future__ import annotations

import json
import re
import subprocess
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlparse

#: paperlist's own repository, the one a catalogue's requirements.txt installs from
REPOSITORY = "https://github.com/paperlist/paperlist"
_HOST_PATH = re.compile(r"^(?:git\+)?(?:https?://|ssh://)?(?:[^@/]+@)?")
_COMMIT = re.compile(r"^[0-9a-f]{40}$")


def is_paperlists(url: str) -> bool:
    """Whether a git remote's URL (https, ssh or scp-like) is paperlist's repository."""
    rest = _HOST_PATH.sub("", url.strip()).replace(":", "/", 1).rstrip("/")
    return rest.removesuffix(".git").lower() == REPOSITORY.removeprefix("https://")


def commit_from(direct_url: dict) -> str | None:
    """The commit of paperlist's repository that pip's record of an install names: its
    git commit, or an editable install's clone's HEAD (`clone_commit`); else None."""
    vcs = direct_url.get("vcs_info") or {}
    url = str(direct_url.get("url") or "")
    if vcs.get("vcs") == "git":
        commit = str(vcs.get("commit_id") or "")
        return commit if _COMMIT.match(commit) and is_paperlists(url) else None
    if url.startswith("file://"):
        return clone_commit(Path(unquote(urlparse(url).path)))
    return None


def _git(folder: Path, *args: str) -> str:
    out = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True,
                         timeout=10, check=True)
    return out.stdout.strip()


def clone_commit(folder: Path) -> str | None:
    """HEAD of the clone at `folder` when a remote-tracking branch of a remote that is
    paperlist's repository holds it; None otherwise, or without git."""
    try:
        head = _git(folder, "rev-parse", "HEAD")
        branches = _git(folder, "for-each-ref", "--contains", head, "--format=%(refname)",
                        "refs/remotes").split()
        remotes = {ref.split("/")[2] for ref in branches if ref.count("/") >= 3}
        if any(is_paperlists(_git(folder, "remote", "get-url", r)) for r in sorted(remotes)):
            return head if _COMMIT.match(head) else None
    except (OSError, subprocess.SubprocessError):
        pass
    return None


def installed_commit() -> str | None:
    """The commit of paperlist's repository this paperlist was installed from, if known."""
    try:
        raw = metadata.distribution("paperlist").read_text("direct_url.json")
        return commit_from(json.loads(raw)) if raw else None
    except (metadata.PackageNotFoundError, ValueError):
        return None


def requirement(commit: str | None) -> str:
    """requirements.txt's line for paperlist: at `commit`, else its latest main."""
    return f"paperlist @ git+{REPOSITORY}" + (f"@{commit}" if commit else "")
