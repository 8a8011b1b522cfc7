"""Atomic file writing: every file is, at every instant, either its old or its new content.

An import rewrites thousands of pages; a crash or Ctrl-C part-way must never leave half a
page behind, and an import that changes nothing must not touch a single file (so that
editors' tools and the build see no change).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import stat
import unicodedata
from pathlib import Path


def _temp_for(path: Path, data: bytes, mode: int | None = None,
              made: list[str] | None = None) -> str:
    """A new temporary file beside path holding data (its parent folder exists). Named
    after the target and this process (what the next import removes: `.*.tmp`), and
    created exclusively, so nothing is ever overwritten (a name left by a killed process
    with this one's id gets a number). Its permissions are `mode`, the file's it replaces,
    else what the user's umask gives a new file (0644 with the usual 022), as an editor's
    would have: not 0600, which a web server or CI job of another user cannot read.
    `made` gets its name before the file is made: a Ctrl-C as the file is created (it
    then interrupts the call as it returns, before the name is known here) leaves a
    file the caller can still remove."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for k in itertools.count():
        tmp = os.path.join(path.parent, f".{path.name}.{os.getpid()}{f'.{k}' if k else ''}.tmp")
        if made is not None:
            made.append(tmp)
        try:
            fd = os.open(tmp, flags, 0o666)  # less the umask
            break
        except FileExistsError:
            if made is not None:
                made.pop()  # another's
            continue
    try:
        try:  # os.write, not a file object: half the cost of a small page (30,000 pages)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        if mode is not None:
            os.chmod(tmp, mode)
    except BaseException:
        os.unlink(tmp)
        raise
    return tmp


def _mode(path: Path) -> int | None:
    """The permission bits of the file at path, None if there is none."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return None


def _unchanged(path: Path, data: bytes, listed: set[str] | None = None) -> bool:
    """Whether path holds data already. `listed`, when given, names every file of path's
    folder (_folded): a path not in it is new, and is not opened to find that out."""
    if listed is not None and _folded(path.name) not in listed:
        return False
    try:
        return path.read_bytes() == data
    except FileNotFoundError:
        return False


#: From this many files into one folder, the folder is listed once rather than each
#: file's absence found by failing to open it (an import of 30,000 new pages).
_LIST_FROM = 64


def _folded(name: str) -> str:
    """A file name as a case- or normalization-insensitive file system (macOS, Windows)
    matches it: a name listed otherwise ("Foo.md" for "foo.md") is then still found, and
    its file compared rather than rewritten. A false match only opens the file."""
    return unicodedata.normalize("NFC", name).casefold()


def _listings(paths: list[Path]) -> dict[Path, set[str] | None]:
    """Each folder of paths -> the names in it (None: a folder with few of the paths, each
    opened instead), made once, with the folder itself when missing."""
    per_folder: dict[Path, int] = {}
    for path in paths:
        per_folder[path.parent] = per_folder.get(path.parent, 0) + 1
    out: dict[Path, set[str] | None] = {}
    for folder, count in per_folder.items():
        folder.mkdir(parents=True, exist_ok=True)
        out[folder] = ({_folded(n) for n in os.listdir(folder)} if count >= _LIST_FROM
                       else None)
    return out


class Staged:
    """Files written one by one as they come, each to a temporary file beside its target,
    and made the targets all together by `commit`: one sync, then a rename each. An import
    writes its new pages while the other cores still infer the rest of the list (at
    30,000 pages, writing them after took 4 s on one core), and still no page changes
    before every page is ready. Leaving the `with` block by an exception, or `abort`,
    removes the temporary files not yet renamed: a failed run changes nothing it had not
    renamed. A run killed outright leaves only temporary files, which the next import
    removes. Unchanged files are not touched.

    `listings` (`_listings`): each folder's file names, or None for a folder whose targets
    are each opened to compare; a folder not in it is listed when its first file comes
    (an import writes into one folder of many pages)."""

    def __init__(self, listings: dict[Path, set[str] | None] | None = None) -> None:
        self._listings = dict(listings or {})
        self._pending: list[tuple[str, Path]] = []
        self._done = 0

    def __enter__(self) -> Staged:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is not None:
            self.abort()

    def write(self, path: Path, text: str) -> bool:
        """Stage text for path (each path once); False (nothing staged) when the file
        holds it already."""
        folder = path.parent
        if folder not in self._listings:
            folder.mkdir(parents=True, exist_ok=True)
            self._listings[folder] = {_folded(n) for n in os.listdir(folder)}
        listed = self._listings[folder]
        data = text.encode("utf-8")
        if _unchanged(path, data, listed):
            return False
        new = listed is not None and _folded(path.name) not in listed
        made: list[str] = []
        try:
            self._pending.append((_temp_for(path, data, None if new else _mode(path), made),
                                  path))
        except BaseException:  # not staged (Ctrl-C, a full disk): its file, if made, goes
            for tmp in made:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
            raise
        return True

    def commit(self) -> list[Path]:
        """Make every staged file its target's content; returns the paths written."""
        if self._done < len(self._pending):
            os.sync()
        for tmp, path in self._pending[self._done:]:
            os.replace(tmp, path)
            self._done += 1
        return [path for _, path in self._pending]

    def abort(self) -> None:
        """Remove this run's temporary files not yet renamed (a renamed one's name, with
        this process's id, may be another writer's file by now)."""
        for tmp, _ in self._pending[self._done:]:
            if os.path.exists(tmp):
                os.unlink(tmp)
        del self._pending[self._done:]


def write_files(files: dict[Path, str]) -> list[Path]:
    """Write many files so that each is, at every instant, either old or new (`Staged`:
    one sync for them all, not one fsync per page, which at 12,000 pages takes minutes).
    Returns the paths written."""
    paths = sorted(files)
    with Staged(_listings(paths)) as staged:
        for path in paths:
            staged.write(path, files[path])
        return staged.commit()


def write_atomic(path: Path, text: str) -> bool:
    """Write one file atomically; False (and nothing written) when it is unchanged."""
    return bool(write_files({path: text}))
