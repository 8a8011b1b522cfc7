"""Atomic file writing: every file is, at every instant, either its old or its new content.

An import rewrites thousands of pages; a crash or Ctrl-C part-way must never leave half a
page behind, and an import that changes nothing must not touch a single file (so that
editors' tools and the build see no change).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _temp_for(path: Path, data: bytes) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
    except BaseException:
        os.unlink(tmp)
        raise
    return tmp


def _unchanged(path: Path, data: bytes) -> bool:
    try:
        return path.read_bytes() == data
    except FileNotFoundError:
        return False


def write_files(files: dict[Path, str]) -> list[Path]:
    """Write many files so that each is, at every instant, either old or new.

    Every new content goes to a temporary file beside its target first; one sync makes
    them all durable (one sync instead of one fsync per page: 12,000 fsyncs take minutes);
    then each is renamed over its target, which is atomic. A run killed before the
    renames leaves only temporary files, which the next import removes. Unchanged files
    are not touched. Returns the paths written.
    """
    pending: list[tuple[str, Path]] = []
    try:
        for path in sorted(files):
            data = files[path].encode("utf-8")
            if not _unchanged(path, data):
                pending.append((_temp_for(path, data), path))
        if pending:
            os.sync()
        for tmp, path in pending:
            os.replace(tmp, path)
    except BaseException:
        for tmp, _ in pending:
            if os.path.exists(tmp):
                os.unlink(tmp)
        raise
    return [path for _, path in pending]


def write_atomic(path: Path, text: str) -> bool:
    """Write one file atomically; False (and nothing written) when it is unchanged."""
    return bool(write_files({path: text}))
