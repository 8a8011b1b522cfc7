"""git, run on a folder's repository: what a new catalogue pins (util/installed.py) and
what a pull request's base held (check/moved.py) are read by this one call."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


def git(folder: Path, *args: str, timeout: float = 10) -> str:
    """git's output for `args`, run in `folder` (stripped at its ends). A hook's GIT_DIR or
    GIT_WORK_TREE would name another repository than -C's, so they are left out. Raises
    OSError without git, subprocess.CalledProcessError (its stderr kept) when it fails."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    out = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True,
                         encoding="utf-8", timeout=timeout, check=True, env=env)
    return out.stdout.strip()
