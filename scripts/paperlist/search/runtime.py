"""Pagefind's browser code, taken from its binary: what searches the index the build writes.

The index is ours (search/bundle.py); what a visitor's browser runs to search it is
Pagefind's: `pagefind.js` and its WebAssembly, and `pagefind-entry.json`, which names the
index's meta file. They come from a run of the binary (`PAGEFIND_BINARY_PATH`, else
pip's: search/index.py `pagefind_executable`) on a page of one word, about a tenth of a
second, once per binary in a process (a live preview rebuilds many times). The version
the binary reports is the one the index is written for (1.5's reads its meta file's pages
otherwise than 1.6's).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Any, NamedTuple

#: The language the site is indexed in (one meta file, one WebAssembly).
LANGUAGE = "en"
ENTRY = "pagefind-entry.json"
#: What the site keeps of the binary's output: its search code (not its UIs).
CODE_FILES = ("pagefind.js", f"wasm.{LANGUAGE}.pagefind")


class RuntimeFailed(RuntimeError):
    """The Pagefind binary failed, or gave no search code (what it said is the message)."""


class Runtime(NamedTuple):
    """Pagefind's search code, as its binary wrote it."""

    files: dict[str, bytes]
    #: pagefind-entry.json's content, which write_entry completes
    entry: dict[str, Any]

    @property
    def version(self) -> str:
        return str(self.entry.get("version", ""))


#: runtimes already made, by (binary, its size and time)
_RUNTIMES: dict[tuple[str, int, int], Runtime] = {}


def runtime(binary: Path, env: dict[str, str], stop: threading.Event | None = None,
            own_group: bool = False, scratch: Path | None = None) -> Runtime | None:
    """Pagefind's search code from `binary`, or None once `stop` is set (the binary is then
    killed: with its process group when `own_group`, as npm's launcher runs the real binary
    as its own child; else the caller's group goes whole). Its one-page site is written
    under `scratch` (the caller's scratch folder, which the caller removes even when this
    process is killed)."""
    info = binary.stat()
    key = (str(binary), info.st_size, info.st_mtime_ns)
    made = _RUNTIMES.get(key)
    if made is not None:
        return made
    with tempfile.TemporaryDirectory(prefix="paperlist-runtime-", dir=scratch) as tmp:
        site = Path(tmp) / "site"
        site.mkdir()
        (site / "index.html").write_text(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body>'
            "<p>paperlist</p></body></html>\n", encoding="utf-8")
        out = Path(tmp) / "pagefind"
        cmd = [str(binary), "--site", str(site), "--output-path", str(out),
               "--force-language", LANGUAGE, "--quiet"]
        with tempfile.TemporaryFile(dir=tmp) as output:
            proc = subprocess.Popen(cmd, stdout=output, stderr=subprocess.STDOUT, env=env,
                                    start_new_session=own_group)
            while True:
                try:
                    proc.wait(timeout=0.1)
                    break
                except subprocess.TimeoutExpired:
                    if stop is not None and stop.is_set():
                        if own_group:
                            os.killpg(proc.pid, signal.SIGKILL)
                        else:
                            proc.kill()
                        proc.wait()
                        return None
            output.seek(0)
            said = output.read().decode("utf-8", errors="replace").strip()
        if proc.returncode != 0:
            raise RuntimeFailed(f"pagefind failed ({proc.returncode}): {said}")
        missing = [name for name in (*CODE_FILES, ENTRY) if not (out / name).is_file()]
        if missing:
            raise RuntimeFailed(f"pagefind wrote no {', '.join(missing)}: check the pinned "
                                "pagefind version")
        try:
            entry = json.loads((out / ENTRY).read_text(encoding="utf-8"))
        except ValueError as e:
            raise RuntimeFailed(f"pagefind wrote an unreadable {ENTRY}: {e}") from None
        if not isinstance(entry, dict) or not isinstance(entry.get("version"), str):
            raise RuntimeFailed(f"pagefind's {ENTRY} names no version: check the pinned "
                                "pagefind version")
        made = _RUNTIMES[key] = Runtime({name: (out / name).read_bytes()
                                         for name in CODE_FILES}, entry)
    return made


def write_runtime(out: Path, code: Runtime) -> None:
    """The search code into the bundle's folder (not the entry: write_entry, last)."""
    for name, data in code.files.items():
        (out / name).write_bytes(data)


def write_entry(out: Path, code: Runtime, language: dict[str, Any]) -> None:
    """pagefind-entry.json, naming our meta file and page count (the binary's otherwise):
    what makes the folder a bundle, so written last."""
    entry = json.loads(json.dumps(code.entry))  # (a copy: the runtime is reused)
    lang = entry.setdefault("languages", {}).setdefault(
        LANGUAGE, {"hash": "", "wasm": LANGUAGE, "page_count": 0})
    lang["hash"] = language["hash"]
    lang["page_count"] = language["page_count"]
    (out / ENTRY).write_text(json.dumps(entry, ensure_ascii=False, separators=(",", ":")),
                             encoding="utf-8")
