"""Search that scales: an index of the paper pages, in Pagefind's format, behind Material's UI.

Material's built-in search ships every page's text to every visitor as one lunr index
(19.5 MB and ~14 s to the first result at 11,661 papers). Pagefind splits its index into
chunks, so a query fetches only the few hundred KB it needs. We keep Material's search
box, keys and result list and swap only the web worker behind them (assets/
search-worker.js answers Material's QUERY messages from Pagefind), so the site looks and
behaves as before. MkDocs-free: the plugin calls these functions.
"""

from __future__ import annotations

import gc
import os
import re
import shutil
import tempfile
import threading
import weakref
from pathlib import Path
from typing import Any

from paperlist import ASSETS_DIR
from paperlist.search.bundle import BundleWriter
from paperlist.search.data import ENGINE_FILE, Row, engine_files, settings
from paperlist.search.fossick import ReadPage, read
from paperlist.search.record import record
from paperlist.search.runtime import RuntimeFailed, runtime, write_entry, write_runtime
from paperlist.search.synonyms import with_synonyms
from paperlist.structure import paths
from paperlist.util.background import Background, BackgroundError, can_fork

#: Pagefind's own name for the binary to use (its Python package reads it too).
BINARY_VARIABLE = "PAGEFIND_BINARY_PATH"
#: Where the Pagefind bundle goes, relative to the site; the worker imports it from there.
PAGEFIND_DIR = "pagefind"
#: Our worker, relative to the site; every page's Material config is pointed at it.
WORKER_PATH = f"{paths.ASSETS}/search-worker.js"
#: Not indexed: boilerplate every page carries (the venue, the inferred-title note, link
#: buttons, the decision and track; the section headings are not even given to it,
#: html/paper.py indexed_body) would match every paper and
#: crowd the excerpts; so would affiliations ("University", "Institute" on most papers,
#: weighted as much as the authors' names they sit among); tag chips are searched with
#: `tag:` instead of as run-together text, the decision as a facet.
EXCLUDED_SELECTORS = (".paper-note, .paper-venue, .paper-tags, .paper-links, .paper-status, "
                      ".paper-track, .paper-affil")


class SearchIndexError(RuntimeError):
    """The papers could not be indexed for search (the message says why: what the
    Pagefind binary said when it failed, for one)."""


def pagefind_executable() -> Path:
    """The Pagefind binary, found as Pagefind's own Python package finds it: the file
    `PAGEFIND_BINARY_PATH` names, else the binary of the `pagefind[bin]` dependency (no
    download at build). Pagefind 1.6 (so far only on npm) searches a word most papers hold
    about five times faster than the 1.5 on PyPI: large catalogues point the variable at
    it (README: "Search at scale"); the index it writes is read alike."""
    chosen = os.environ.get(BINARY_VARIABLE)
    if chosen:
        if not Path(chosen).is_file():
            raise SearchIndexError(f"{BINARY_VARIABLE}={chosen}: no such file; point it at "
                                   "a Pagefind binary, or unset it to use pip's")
        if not os.access(chosen, os.X_OK):
            raise SearchIndexError(f"{BINARY_VARIABLE}={chosen}: not executable "
                                   f"(chmod +x {chosen}), or unset it to use pip's")
        return Path(chosen)
    try:
        from pagefind_bin import get_executable

        return Path(get_executable())
    except (ImportError, OSError) as e:  # a dependency of the package, broken
        raise SearchIndexError(f"no Pagefind binary ({e}): pip install --force-reinstall "
                               "'pagefind[bin]', or set PAGEFIND_BINARY_PATH") from None


#: What Pagefind's npm launcher reads to find its binary, before its own.
_LAUNCHER_VARIABLES = ("PAGEFIND_EXTENDED_BINARY_PATH", BINARY_VARIABLE)


def pagefind_env() -> dict[str, str]:
    """The environment Pagefind runs in: ours without the variables that name a binary.
    Pagefind's npm launcher reads those too: pointed at the launcher itself, it would start
    itself until memory ran out; without them, the launcher runs its own binary."""
    return {k: v for k, v in os.environ.items() if k not in _LAUNCHER_VARIABLES}


class BackgroundIndex:
    """The papers indexed for search while MkDocs renders the site.

    Pagefind used to run after the build over the finished pages, adding its whole run
    (~30 s at 12,000 papers, mostly parsing Material's chrome around each paper) to the
    build; then on each paper's indexed HTML (what html/paper.py `indexed_body` marks),
    written as pages of their own, beside the build (28-30 CPU seconds and 2.5 GB at
    30,000 papers). Now `write_index` reads that HTML itself and writes Pagefind's bundle,
    and the engine's files (search/data.py) are made from it; all on the other core
    (util/background.py) while MkDocs renders. `finish` waits for it and moves the index
    into the site. Same content indexed, same URLs.
    """

    def __init__(self, pages: dict[str, str], rows: list[Row],
                 tags: list[tuple[str, str]], texts: dict[str, Any] | None = None,
                 abbreviations: dict[str, str] | None = None,
                 papers: dict[str, tuple[str, str]] | None = None,
                 tag_pages: dict[str, str] | None = None) -> None:
        """pages: URL path of each paper ('papers/x/') -> its wrapped body HTML; rows, tags
        and abbreviations: what search/data.py `engine_files` needs of the catalogue;
        texts: what the pages say that the header box says too (engine_files); papers: by
        URL, each paper's title and abstract, whose abbreviations and long forms find it
        (search/synonyms.py); tag_pages: each tag's page by slug (engine_files)."""
        self._scratch = Path(tempfile.mkdtemp(prefix="paperlist-pagefind-"))
        # gone at exit even if the build is interrupted before finish() or cancel()
        self._cleanup = weakref.finalize(self, _remove, self._scratch)
        #: set by cancel: a thread (no fork in a threaded host) stops indexing
        self._stop = threading.Event()
        binary = pagefind_executable()  # a wrong PAGEFIND_BINARY_PATH fails the build now
        # In a forked child the binary's run is in the child's process group, which cancel
        # kills whole; in a thread (a live preview, macOS, Windows) it gets a group of its
        # own, killed whole on stop: npm's launcher runs the real binary as its own child.
        own_group = not can_fork() and hasattr(os, "killpg")
        # Wanted only when the build ends: every other process comes first.
        self._work = Background(lambda: _index(binary, pages, rows, tags, self._scratch,
                                               self._stop, texts, abbreviations, papers,
                                               tag_pages, own_group),
                                niceness=19)

    def wait(self) -> None:
        """Wait for the index to be made, or fail (finish says how), without touching the
        site."""
        try:
            self._work.result()
        except BackgroundError:
            pass

    def finish(self, site_dir: Path) -> None:
        """Wait for the index; put it, the engine's files and our scripts into the built
        site."""
        try:
            returncode, output, files = self._work.result()
            if returncode != 0:
                raise SearchIndexError(output.strip())
            out = site_dir / PAGEFIND_DIR
            if out.exists():
                shutil.rmtree(out)
            shutil.move(str(self._scratch / PAGEFIND_DIR), out)
            _install(site_dir, files)
        except BackgroundError as e:
            raise SearchIndexError(f"could not index the papers for search: {e}") from None
        finally:
            self.cancel()

    def cancel(self) -> None:
        self._stop.set()
        self._work.cancel()
        self._cleanup()


#: what _index returns once cancelled
_CANCELLED = (1, "cancelled", {})


def _remove(*folders: Path | None) -> None:
    for folder in folders:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


def _index(binary: Path, pages: dict[str, str], rows: list[Row], tags: list[tuple[str, str]],
           scratch: Path, stop: threading.Event | None = None,
           texts: dict[str, Any] | None = None, abbreviations: dict[str, str] | None = None,
           papers: dict[str, tuple[str, str]] | None = None,
           tag_pages: dict[str, str] | None = None, own_group: bool = False
           ) -> tuple[int, str, dict[str, str]]:
    """Index the pages into scratch/pagefind (write_index) and make the engine's files
    from it; given stop, as soon as it is set, stop (a thread cannot be killed, and a live
    preview's next rebuild wants the core)."""
    stop = stop or threading.Event()
    if papers:  # (here, on the other core: learning them reads every abstract)
        pages = with_synonyms(pages, papers, settings())
    try:
        fragments = write_index(pages, scratch / PAGEFIND_DIR, binary, stop, own_group)
    except (RuntimeFailed, OSError) as e:
        return _CANCELLED if stop.is_set() else (1, str(e), {})  # (cancel removed scratch)
    if fragments is None or stop.is_set():
        return _CANCELLED
    return 0, "", engine_files(scratch / PAGEFIND_DIR, rows, tags, PAGEFIND_DIR, texts,
                               abbreviations, tag_pages, fragments)


def page_document(body: str) -> str:
    """A paper's indexed body as the whole page the index reads (and Pagefind read)."""
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f"</head><body>{body}</body></html>\n")


#: the classes of EXCLUDED_SELECTORS (each one class)
_EXCLUDED_CLASSES = frozenset(s.strip().removeprefix(".") for s in EXCLUDED_SELECTORS.split(","))


def write_index(pages: dict[str, str], out: Path, binary: Path,
                stop: threading.Event | None = None, own_group: bool = False
                ) -> dict[str, dict[str, Any]] | None:
    """The search bundle of these pages (URL path -> indexed body) in `out`, which must not
    exist (its folder must): our records of them (search/fossick.py, search/record.py) in
    Pagefind's format (search/bundle.py), with Pagefind's browser code (search/runtime.py).
    pagefind-entry.json, which names the rest, is written last: without it nothing there
    is a bundle. Returns its fragments (file name -> what it holds, in name order), which
    the engine's files are made from; None once `stop` is set, with no entry written.
    `own_group`: the binary runs in a process group of its own (search/runtime.py)."""
    code = runtime(binary, pagefind_env(), stop, own_group, out.parent)
    if code is None:
        return None
    # Nothing made here refers back to itself, so reference counting frees it all; the
    # cycle collector would only walk the growing index again and again (3 of 30 CPU
    # seconds at 30,000 papers). Only in a process of its own (a forked child, a tool):
    # in a thread it would stop for the whole process, whose rendering makes cycles.
    collecting = gc.isenabled() and threading.current_thread() is threading.main_thread()
    if collecting:
        gc.disable()
    try:
        read_pages: list[ReadPage | None] = []
        for i, (url, body) in enumerate(pages.items()):
            if i % 256 == 0 and stop is not None and stop.is_set():
                return None
            read_pages.append(read(url, page_document(body), _EXCLUDED_CLASSES))
        out.mkdir()
        write_runtime(out, code)
        writer = BundleWriter(out, code.version,
                              {name for page in read_pages if page for name in page.meta})
        for i, page in enumerate(read_pages):
            if i % 256 == 0 and stop is not None and stop.is_set():
                return None
            assert page is not None
            read_pages[i] = None  # (its record is all that is kept of it)
            writer.add(record(page))
        language = writer.finish(stop)
        if language is None:
            return None
        write_entry(out, code, language)
    finally:
        if collecting:
            gc.enable()
    return writer.fragments


def _install(site_dir: Path, files: dict[str, str]) -> None:
    """Add our scripts and the engine's files."""
    for script in (paths.SEARCH_HOOK, *paths.ENGINE_SCRIPTS):
        dest = site_dir / script
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ASSETS_DIR / Path(script).name, dest)
    (site_dir / WORKER_PATH).write_text(worker_script(files.get(ENGINE_FILE)),
                                        encoding="utf-8")
    for path, content in files.items():
        dest = site_dir / path
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(content, encoding="utf-8")


def worker_script(engine_json: str | None = None) -> str:
    """The header box's worker as the site serves it: assets/search-worker.js with the
    engine's scripts (paths.ENGINE_SCRIPTS, in its importScripts order) in place of that line,
    then engine.json's content (search/data.py ENGINE_FILE) when given, all without their
    comment lines (`without_comments`). A worker fetches the scripts it imports one
    after the other, and the engine fetched engine.json before Pagefind's script (it
    names it), so a fresh page's first query waited for four fetches in a row before
    Pagefind's own began; this is one. The search page still loads the scripts (as
    written) and engine.json itself."""
    worker = (ASSETS_DIR / Path(WORKER_PATH).name).read_text(encoding="utf-8")
    names = ", ".join(f'"{Path(p).name}"' for p in paths.ENGINE_SCRIPTS)
    line = f"importScripts({names});\n"
    if worker.count(line) != 1:
        raise SearchIndexError(f"{WORKER_PATH} must load the engine with one line "
                               f"{line.strip()!r}")
    engine = "".join(without_comments((ASSETS_DIR / Path(p).name).read_text(encoding="utf-8"))
                     for p in paths.ENGINE_SCRIPTS)
    if engine_json is not None:  # JSON is a JavaScript expression
        engine += f"self.paperlistEngineData = {engine_json.strip()};\n"
    return without_comments(worker).replace(line, engine, 1)


#: a comment that begins its line and ends on it
_LEADING_COMMENT = re.compile(r"^\s*/\*.*?\*/")


def without_comments(script: str) -> str:
    """Our script without the lines that are only a comment (`// ...`, or a `/* ... */`
    that begins its line, to the line it ends on). They are a third of the engine's
    bytes, and every reader's first search fetches the worker (5 of its 14 KB gzipped).
    A comment after code stays (telling it from `//` inside a string would take a
    tokenizer). A script is left whole rather than risk it where a line beginning `//`
    or `/*` could be inside text or a comment: a template literal or string that spans
    lines, or a `/*` after code (a comment left open, or in a string or regex). Our
    scripts have none."""
    lines = script.split("\n")
    if any(line.count("`") % 2 or line.rstrip().endswith("\\") for line in lines):
        return script
    kept: list[str] = []
    in_block = False
    for line in lines:
        code = line.strip()
        if in_block:  # a block comment's next line: dropped up to its end
            if "*/" in line:
                in_block = False
                rest = line.split("*/", 1)[1]
                if rest.strip():
                    kept.append(rest)
        elif code.startswith("/*"):
            end = code.find("*/", 2)
            if end < 0:
                in_block = True
            elif code[end + 2:].strip():  # code after the comment: the line stays
                kept.append(line)
        elif not code.startswith("//"):
            kept.append(line)
    if any("/*" in _LEADING_COMMENT.sub("", line) for line in kept):
        return script
    return "\n".join(kept)

