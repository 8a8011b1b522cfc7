"""Atomic file writing: every file is, at every instant, either its old or its new content.

An import rewrites thousands of pages; a crash or Ctrl-C part-way must never leave half a
page behind, and an import that changes nothing must not touch a single file (so that
editors' tools and the build see no change).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

_TEMP_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)


def _temp_for(path: Path, data: bytes, made: set[Path] | None = None) -> str:
    """A new temporary file beside `path` holding `data` (mode 0600, as mkstemp makes).
    Named by the process id rather than by mkstemp's random letters, with one open and
    one write: an import of 30,000 new pages makes 30,000 of these, and mkstemp's name
    search, the file object and a mkdir per file were most of the time. `made`: the
    folders already made in this batch."""
    parent = path.parent
    if made is None or parent not in made:
        parent.mkdir(parents=True, exist_ok=True)
        if made is not None:
            made.add(parent)
    tmp = os.path.join(parent, f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, _TEMP_FLAGS, 0o600)
    except FileExistsError:  # left by a killed run of a process with our id
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=parent)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except BaseException:
        os.close(fd)
        os.unlink(tmp)
        raise
    os.close(fd)
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
    made: set[Path] = set()
    try:
        for path in sorted(files):
            data = files[path].encode("utf-8")
            if not _unchanged(path, data):
                pending.append((_temp_for(path, data, made), path))
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
