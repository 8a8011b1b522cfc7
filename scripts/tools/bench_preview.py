"""How fast the live preview shows an edit: `bench_preview.py --papers 19 1000 12000`.

For each size N it imports a generated list (benchdata.py, as bench.py does: the shipped
abstracts first, so papers/wildcat exists at every N), starts `paperlist serve` on it and
waits for the first build, then, --edits times, rewrites papers/wildcat.md's title and
polls the served page (every POLL_S) until the new title is there: edit -> visible, the
fast path (structure/preview.py). Then --full-runs times the same with mkdocs.yml touched
along with the edit, which makes the rebuild a full build: what every edit cost before.
Prints medians; `--json` keeps every run. Not part of the test run.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from benchdata import write_list

#: the page edited, in every generated list
PROBE = "wildcat"
#: how often the served page is fetched while waiting
POLL_S = 0.05
#: a first build of 12,000 papers on a busy machine; never a measure
START_TIMEOUT_S = 600


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.read().decode("utf-8", errors="replace")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def _wait_for(url: str, text: str, timeout: float) -> float:
    """Seconds until the page at url holds text."""
    start = time.perf_counter()
    while True:
        page = _fetch(url)
        if page is not None and text in page:
            return time.perf_counter() - start
        if time.perf_counter() - start > timeout:
            raise RuntimeError(f"{text!r} did not appear at {url} in {timeout:.0f} s")
        time.sleep(POLL_S)


def _retitle(page: Path, title: str) -> None:
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[2].startswith("title: "), page
    lines[2] = f"title: '{title}'\n"
    page.write_text("".join(lines), encoding="utf-8")


def bench_size(n: int, work: Path, project: Path, first: Path, edits: int,
               full_runs: int) -> dict[str, Any]:
    list_path = write_list(work / "list.txt", n, first)
    subprocess.run([sys.executable, "-m", "paperlist.cli", "import", str(list_path),
                    "--papers", str(work / "papers")], cwd=work, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    shutil.copy(project / "mkdocs.yml", work / "mkdocs.yml")
    shutil.copytree(project / "docs", work / "docs")
    port = _free_port()
    url = f"http://127.0.0.1:{port}/papers/{PROBE}/"
    log = (work / "serve.log").open("wb")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "paperlist.cli", "serve", "-a",
                             f"127.0.0.1:{port}"], cwd=work, env=env, stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True)
    page = work / "papers" / f"{PROBE}.md"
    result: dict[str, Any] = {"n": n, "papers": len(list(work.glob("papers/*.md")))}
    try:
        _wait_for(url, "paper-title", START_TIMEOUT_S)
        result["first_build_s"] = time.perf_counter() - start
        fast = []
        for k in range(edits):
            time.sleep(1.0)  # let the watcher settle (and search re-index) between edits
            title = f"Preview edit {k} of {n}"
            t0 = time.perf_counter()
            _retitle(page, title)
            _wait_for(url, title, START_TIMEOUT_S)
            fast.append(time.perf_counter() - t0)
        full = []
        for k in range(full_runs):
            time.sleep(1.0)
            title = f"Full rebuild {k} of {n}"
            t0 = time.perf_counter()
            _retitle(page, title)
            (work / "mkdocs.yml").touch()
            _wait_for(url, title, START_TIMEOUT_S)
            full.append(time.perf_counter() - t0)
        result.update(fast_s=statistics.median(fast), fast_s_all=[round(s, 2) for s in fast],
                      full_s=statistics.median(full) if full else None,
                      full_s_all=[round(s, 2) for s in full])
        result["fast_path_used"] = log_text(work).count("a fast rebuild") >= edits
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()
    return result


def log_text(work: Path) -> str:
    return (work / "serve.log").read_text(encoding="utf-8", errors="replace")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_preview.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--papers", type=int, nargs="+", default=[19, 1000],
                        help="list sizes to measure (default: 19 1000)")
    parser.add_argument("--edits", type=int, default=3, help="edits per size; median shown")
    parser.add_argument("--full-runs", type=int, default=1,
                        help="full rebuilds per size, for comparison (default: 1)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it")
    parser.add_argument("--project", type=Path, default=Path("."),
                        help="the catalogue whose mkdocs.yml and docs/ are served "
                             "(default: the current folder)")
    args = parser.parse_args(argv)
    project = args.project.resolve()
    lists = sorted((project / "papers" / "source").glob("*.txt"))
    if not lists:
        parser.error(f"no list in {project / 'papers' / 'source'}")
    results = []
    for n in args.papers:
        base = args.keep or Path(tempfile.mkdtemp(prefix="paperlist-bench-preview-"))
        work = base / f"n{n}"
        if work.exists():
            shutil.rmtree(work)
        work.mkdir(parents=True)
        print(f"bench_preview: {n} papers ...", file=sys.stderr, flush=True)
        try:
            results.append(bench_size(n, work, project, lists[0], args.edits,
                                      args.full_runs))
        finally:
            if not args.keep:
                shutil.rmtree(base, ignore_errors=True)
        if args.json:
            args.json.write_text(json.dumps(results, indent=2))
    print("| papers | edit -> visible (fast path, median) | runs | full rebuild | first build |")
    print("|---|---|---|---|---|")
    for r in results:
        full = f"{r['full_s']:.1f} s" if r["full_s"] is not None else "-"
        flag = "" if r["fast_path_used"] else " (fast path not used!)"
        print(f"| {r['n']:,} | {r['fast_s']:.2f} s{flag} | {r['fast_s_all']} | {full} | "
              f"{r['first_build_s']:.1f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
