"""What was inferred from each abstract, kept between runs, so that it is inferred once.

Every `paperlist import` and `paperlist check` infers the fields of every abstract of the
list again, to see whether the pages agree with it: at 30,000 papers, some 65 CPU seconds
each, and CI runs both on every pull request although the list rarely changes. The fields
depend only on the abstract's text, the code and data of this package, the taxonomy and
the Python version (its regular expressions and Unicode tables) and PyYAML's (which
reads the data files), so they are kept under
a key of the text, in a file named after all the rest (`fingerprint`): a new version of
paperlist, an edited taxonomy or another Python starts an empty file, and what is read
back is what inferring again would give, byte for byte in the pages.

The file is an SQLite database in the user's cache folder (`PAPERLIST_CACHE_DIR`, else
`$XDG_CACHE_HOME/paperlist`, else `~/.cache/paperlist`); `PAPERLIST_NO_CACHE=1` turns it
off. It only saves time: a folder that cannot be written, a file another program broke
or a full disk costs the time, never an import or a check.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import yaml

import paperlist

try:
    import sqlite3
except ImportError:  # a Python built without it: no cache, the same pages
    sqlite3 = None  # type: ignore[assignment]

#: Where the files go instead of the user's cache folder.
DIR_VARIABLE = "PAPERLIST_CACHE_DIR"
#: Set to 1 to infer everything again and keep nothing.
OFF_VARIABLE = "PAPERLIST_NO_CACHE"
#: A file not used for this long is deleted when another is opened (each new version of
#: paperlist or of a taxonomy starts its own).
_STALE_DAYS = 30
#: Other files kept, the most recently used (another taxonomy, another Python).
_KEPT = 3
#: Seconds to wait for another process's write to the same file (then: no cache).
_WAIT = 2
#: Keys asked for in one query (SQLite's limit on a statement's parameters is 999 or more).
_BATCH = 500


def cache_dir() -> Path | None:
    """The folder of the cache files, or None when the cache is off."""
    if os.environ.get(OFF_VARIABLE, "").strip() not in ("", "0"):
        return None
    given = os.environ.get(DIR_VARIABLE, "").strip()
    if given:
        return Path(given)
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    return (Path(xdg) if xdg else Path.home() / ".cache") / "paperlist"


def _package_digest() -> str:
    """Every file of the package, code and data, and the Python version; not the files
    only a browser or `paperlist init` reads (assets/, data/init/, whose links point at
    the repository's own mkdocs.yml and guides), so editing those keeps the cache."""
    # (and PyYAML's, which reads the data files)
    digest = hashlib.sha256(f"{sys.version}\0{yaml.__version__}".encode())
    root = Path(paperlist.__file__).parent
    try:
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root).parts
            if (path.is_symlink() or not path.is_file() or "__pycache__" in rel
                    or rel[0] == "assets" or rel[:2] == ("data", "init")):
                continue
            digest.update("/".join(rel).encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    except OSError:
        return ""  # a file it cannot read (an editor's lock file): no cache
    return digest.hexdigest()


#: The package as this process runs it: taken when the importer (and with it every
#: inference module) is imported, not when the cache is first opened, seconds or (in a
#: live preview) hours later; checked again before anything is kept (`flush`), as the
#: data files are read at the first inference.
_CODE = _package_digest()


def fingerprint(taxonomy: Path | None, code: str | None = None) -> str:
    """What the fields depend on besides the text: the package (`_CODE` unless given),
    Python and the taxonomy file's content (None: the shipped one, part of the package)."""
    digest = hashlib.sha256((_CODE if code is None else code).encode())
    digest.update(b"shipped" if taxonomy is None else b"file\0" + Path(taxonomy).read_bytes())
    return digest.hexdigest()


def text_key(text: str) -> str:
    """The key of an abstract's text, exactly as inferred from (not normalised: the
    fields may depend on any character)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class FieldsCache:
    """The fields inferred from abstracts with one taxonomy, by their text's `text_key`;
    `fields`, the names every one has (a row that is not such a dictionary is not read
    back). Off (nothing found, nothing kept) when the cache is off or cannot be used."""

    def __init__(self, taxonomy: Path | None, fields: tuple[str, ...]) -> None:
        self._db: sqlite3.Connection | None = None
        self._pending: list[tuple[str, str]] = []
        self._taxonomy = taxonomy
        self._fields = fields
        self._fingerprint = ""
        if sqlite3 is None or not _CODE:
            return
        try:
            folder = cache_dir()
            if folder is None or _package_digest() != _CODE:
                return  # off, or the package changed since this process imported it
            self._fingerprint = fingerprint(taxonomy)
            path = folder / f"inferred-{self._fingerprint[:24]}.sqlite3"
            folder.mkdir(parents=True, exist_ok=True)
            _remove_stale(folder, path.name)
            db = sqlite3.connect(path, timeout=_WAIT)
            try:
                db.execute("CREATE TABLE IF NOT EXISTS fields "
                           "(key TEXT PRIMARY KEY, fields TEXT NOT NULL) WITHOUT ROWID")
                with contextlib.suppress(OSError):  # used now: kept while in use
                    os.utime(path)
            except BaseException:
                db.close()
                raise
            self._db = db
        # RuntimeError: no home folder; ValueError: a NUL in a variable's folder
        except (OSError, RuntimeError, ValueError, sqlite3.Error):
            self._db = None

    def get_many(self, keys: list[str]) -> dict[str, dict[str, Any]]:
        """The fields kept for those of the keys that have them."""
        found: dict[str, dict[str, Any]] = {}
        if self._db is None:
            return found
        try:
            for at in range(0, len(keys), _BATCH):
                batch = keys[at:at + _BATCH]
                rows = self._db.execute(
                    f"SELECT key, fields FROM fields WHERE key IN ({','.join('?' * len(batch))})",
                    batch)
                for key, text in rows:
                    fields = json.loads(text)
                    if isinstance(fields, dict) and tuple(fields) == self._fields:
                        found[key] = fields
        except Exception:  # noqa: BLE001 - whatever a broken file does (a row nested too
            return {}  # deep to read, ...): everything is inferred again
        return found

    def keep(self, key: str, fields: dict[str, Any]) -> None:
        """Keep this key's fields, once `flush` is called: written as JSON now, so that
        what the caller does with the dictionary later changes nothing kept (the
        fields are strings, numbers, lists and dictionaries, which come back equal and
        in the same order)."""
        if self._db is not None:
            self._pending.append((key, json.dumps(fields, ensure_ascii=False,
                                                  separators=(",", ":"))))

    def flush(self) -> None:
        """Write what `keep` was given (in one transaction), if the package and the
        taxonomy are still what they were when the cache was opened: else (an edit or a
        checkout during the run) the fields would be kept under the wrong name."""
        if self._db is None or not self._pending:
            return
        try:
            same = fingerprint(self._taxonomy, _package_digest()) == self._fingerprint
        except OSError:
            same = False
        if same:
            try:
                with self._db:
                    self._db.executemany(
                        "INSERT OR REPLACE INTO fields (key, fields) VALUES (?, ?)",
                        self._pending)
            except sqlite3.Error:
                pass  # not kept: inferred again next time
        self._pending.clear()

    def close(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None


def _remove_stale(folder: Path, keep: str) -> None:
    """Delete the cache files of other fingerprints not used for _STALE_DAYS, and all but
    the _KEPT most recently used (each edit of the code, in a working copy of paperlist,
    starts a new file)."""
    cutoff = time.time() - _STALE_DAYS * 86400
    others: list[tuple[float, Path]] = []
    for path in folder.glob("inferred-*.sqlite3"):
        try:
            if not path.name.startswith(keep):
                others.append((path.stat().st_mtime, path))
        except OSError:
            pass
    others.sort(reverse=True)
    for k, (mtime, path) in enumerate(others):
        if k >= _KEPT or mtime < cutoff:
            for part in (path, *folder.glob(f"{path.name}-*")):  # and its journal
                try:
                    part.unlink()
                except OSError:
                    pass
