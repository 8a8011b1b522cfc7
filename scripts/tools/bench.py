"""How the catalogue scales: `python scripts/tools/bench.py --papers 19 1000 3300 12000`.

For each size N it imports a generated list (benchdata.py; the first 19 abstracts are the
shipped ones, so papers/wildcat exists at every N), then builds the same pages three ways
in the same run, so ratios hold on a noisy machine:

* paperlist — the project as configured (Pagefind search behind Material's search box);
* stock     — the same project with Material's own lunr search (`paperlist: {search: lunr}`);
* plain     — a plain `mkdocs build` of the same paper pages with Material and no plugins:
  the floor any MkDocs site of N pages pays.

and measures, as the median of --runs: import time; build time and peak memory (of the
build process); site size and one paper page's size; and in headless Chromium, for a few
queries on a freshly loaded page, the search data downloaded until the first result and
the time from the query to the first rendered result, then a follow-up query's time.
Not part of the test run: 12,000 papers take several minutes.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchdata import real_list, write_list

CHROMIUM = os.environ.get("PAPERLIST_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]
#: The paper whose page size is compared across N (it is in every generated list).
PROBE_PAPER = "papers/wildcat/index.html"
#: (label, query for paperlist, query for stock lunr): one word, two words, a method name,
#: a tag (ours narrows by the tag filter; lunr can only search the tag's words).
QUERIES = [
    ("word", "policy", "policy"),
    ("two words", "language models", "language models"),
    ("name", "WildCat", "WildCat"),
    ("tag", "tag:reinforcement-learning", "Reinforcement Learning"),
    ("title", "Scalable policy optimization with learned world models for sparse reward "
              "continuous control", "Scalable policy optimization with learned world models "
              "for sparse reward continuous control"),
]
FOLLOW_UP = ("diffusion", "diffusion")
#: URL prefixes of what a site downloads for search (counted, by the test server), and
#: what under them is not search: what every page loads whether or not anyone searches
#: (the theme's icons, html/icons.py; the page's stylesheet and its widget loader, like
#: Material's own bundle, which is not counted either).
SEARCH_PATHS = ("/search/", "/pagefind/", "/assets/paperlist/", "/assets/javascripts/workers/",
                "/assets/javascripts/lunr/")
NOT_SEARCH = ("/assets/paperlist/icons.css", "/assets/paperlist/discovery.css",
              "/assets/paperlist/loader.js")
#: What GitHub Pages sends gzipped (text); Pagefind's files are gzip already and go as
#: they are. The test server sends every file as it is: `bytes` counts that, `wire` what
#: a reader of the published site downloads (gzip -6 as an estimate of the host's).
COMPRESSED_BY_HOST = (".js", ".json", ".css", ".html", ".txt", ".xml", ".svg")
VARIANTS = ("paperlist", "stock", "plain")


def run_measured(cmd: list[str], cwd: Path, env_more: dict[str, str] | None = None,
                 ) -> tuple[float, int, float]:
    """Run cmd, reaping it ourselves: (wall seconds, peak RSS KiB, CPU seconds). CPU counts
    the process and every child it waited for (Pagefind, the build's forked workers)."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", **(env_more or {}))
    start = time.perf_counter()
    with tempfile.TemporaryFile() as errf:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=errf)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            errf.seek(0)
            raise RuntimeError(f"{' '.join(cmd)} failed:\n{errf.read().decode()[-3000:]}")
    return elapsed, usage.ru_maxrss, usage.ru_utime + usage.ru_stime


def _mkdocs_yml(variant: str, project: Path) -> str:
    """The catalogue project's mkdocs.yml, adapted to a variant."""
    text = (project / "mkdocs.yml").read_text(encoding="utf-8")
    if variant == "paperlist":
        return text
    block = re.search(r"^plugins:\n(?:[ \t]+.*\n|\n)*", text, re.MULTILINE)
    if block is None or not re.search(r"^[ \t]+- paperlist[ \t]*$", block.group(0), re.MULTILINE):
        raise RuntimeError("mkdocs.yml: expected a plugins: list with '- paperlist'")
    if variant == "stock":
        plugins = re.sub(r"^([ \t]+)- paperlist[ \t]*$", r"\1- paperlist:\n\1    search: lunr",
                         block.group(0), flags=re.MULTILINE)
        return text[:block.start()] + plugins + text[block.end():]
    # plain: no plugins at all, and a nav without the generated pages
    text = text[:block.start()] + "plugins: []\n\n" + text[block.end():]
    text = re.sub(r"^nav:\n(?:[ \t]+.*\n?)*", "nav:\n  - Home: index.md\n", text,
                  flags=re.MULTILINE)
    return re.sub(r"^watch:\n(?:[ \t]+.*\n?)*", "", text, flags=re.MULTILINE)


def make_projects(work: Path, papers: Path, project: Path,
                  variants: tuple[str, ...] = VARIANTS) -> dict[str, Path]:
    """One project folder per variant (work/<variant>), all with the same pages."""
    projects = {}
    for variant in variants:
        proj = work / variant
        proj.mkdir()
        (proj / "mkdocs.yml").write_text(_mkdocs_yml(variant, project), encoding="utf-8")
        shutil.copytree(project / "docs", proj / "docs")
        if variant == "plain":
            shutil.copytree(papers, proj / "docs" / "papers",
                            ignore=shutil.ignore_patterns("source", "*.yml"))
        else:
            (proj / "papers").symlink_to(papers)
        projects[variant] = proj
    return projects


def build(project: Path, strict: bool) -> tuple[float, int, float]:
    site = project / "site"
    if site.exists():
        shutil.rmtree(site)
    cmd = [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(site)]
    return run_measured(cmd + (["--strict"] if strict else []), project)


def tree_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.exists() else 0


#: Parts of a built site, by the first component of a path (the rest is "other").
SITE_PARTS = {"papers": "paper pages", "pagefind": "search index", "search": "search index",
              "tags": "tag pages", "browse": "browse", "venues": "venue pages",
              "assets": "assets", "stylesheets": "assets", "papers.json": "exports",
              "papers.csv": "exports", "papers.bib": "exports", "feed.xml": "feed.xml",
              "papers.schema.json": "exports", "page.schema.json": "exports",
              "sitemap.xml": "exports", "sitemap.xml.gz": "exports"}


def site_parts(site: Path) -> dict[str, dict[str, int]]:
    """Bytes by part of the site, three ways: `bytes`, the files' lengths; `tar`, what they
    take in the tar archive that GitHub Pages deploys (actions/upload-pages-artifact; its
    1 GB limit is on that artifact): a 512-byte header per file and folder, contents padded
    to 512 bytes; `disk`, the blocks files and folders take (what `du` counts: at least
    4 KB each)."""
    parts: dict[str, dict[str, int]] = {}
    for path in site.rglob("*"):
        part = SITE_PARTS.get(path.relative_to(site).parts[0], "other")
        st = path.lstat()
        got = parts.setdefault(part, {"bytes": 0, "tar": 0, "disk": 0, "files": 0})
        got["disk"] += st.st_blocks * 512
        got["tar"] += 512
        if path.is_file():
            got["bytes"] += st.st_size
            got["tar"] += -(-st.st_size // 512) * 512
            got["files"] += 1
    return parts


def paper_page_sizes(site: Path) -> list[int]:
    """Every paper page's length in bytes, sorted."""
    return sorted(p.stat().st_size for p in (site / "papers").glob("*/index.html"))


# ----------------------------------------------------------------------------- browser


class _CountingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site and counts the bytes of search files it sends."""

    counter: dict[str, int]

    def log_message(self, *args: Any) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if self.path.startswith(SEARCH_PATHS):
            data = source.read()
            if not self.path.startswith(NOT_SEARCH):
                self.counter["bytes"] = self.counter.get("bytes", 0) + len(data)
                path = self.path.split("?", 1)[0]
                sent = (len(gzip.compress(data, 6, mtime=0))
                        if path.endswith(COMPRESSED_BY_HOST) else len(data))
                self.counter["wire"] = self.counter.get("wire", 0) + sent
            outputfile.write(data)
        else:
            super().copyfile(source, outputfile)


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str, dict[str, int]]:
    counter: dict[str, int] = {}
    handler = type("Handler", (_CountingHandler,), {"counter": counter})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}", counter


#: Types a query the way Material reads it (value, then keyup) and resolves with the ms
#: until the result list holds a result rendered after that moment.
_QUERY_JS = """async (q) => {
  const input = document.querySelector('.md-search__input');
  const list = document.querySelector('.md-search-result__list');
  const meta = document.querySelector('.md-search-result__meta');
  return await new Promise((resolve) => {
    const t0 = performance.now();
    let none = null;  // when the box last said "No ...", confirmed if nothing follows
    const done = (found, at) => {
      obs.disconnect(); clearTimeout(quiet); resolve({ms: at - t0, found});
    };
    let quiet = null;
    // Material rewrites the count line on every answer, and fills the list if any. A
    // "No ..." can be the answer to an earlier, empty query: it counts only if no result
    // follows within 1.5 s (the time is then that of the "No ...").
    const obs = new MutationObserver(() => {
      const n = list.querySelectorAll('.md-search-result__item').length;
      if (n) return done(n, performance.now());
      if (/^No /.test(meta.textContent.trim())) {
        none = performance.now();
        clearTimeout(quiet);
        quiet = setTimeout(() => done(0, none), 1500);
      }
    });
    obs.observe(list, {childList: true});
    obs.observe(meta, {childList: true, characterData: true, subtree: true});
    setTimeout(() => done(-1, performance.now()), 60000);
    input.value = q;
    input.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true, key: q.slice(-1)}));
  });
}"""


def open_home(browser: Any, url: str, counter: dict[str, int],
              init_script: str | None = None) -> tuple[Any, Any, list[str]]:
    """A fresh browser context on the home page, search box focused, byte count reset:
    (context, page, page errors). The caller closes the context."""
    context = browser.new_context()
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    counter["bytes"] = counter["wire"] = 0
    try:
        page.goto(f"{url}/", wait_until="load")
        page.keyboard.press("/")
    except BaseException:
        context.close()
        raise
    return context, page, errors


def measure_search(browser: Any, url: str, counter: dict[str, int], query: str,
                   follow_up: str) -> dict[str, float]:
    """First query on a freshly loaded home page, then a follow-up query."""
    context, page, errors = open_home(browser, url, counter)
    try:
        first = page.evaluate(_QUERY_JS, query)
        downloaded, wire = counter["bytes"], counter["wire"]
        page.wait_for_timeout(200)
        second = page.evaluate(_QUERY_JS, follow_up)
    finally:
        context.close()
    if errors or first["found"] < 0 or second["found"] < 0:
        raise RuntimeError(f"searching {query!r}: no answer in 60 s or page errors {errors}")
    return {"first_ms": first["ms"], "follow_up_ms": second["ms"], "downloaded": downloaded,
            "downloaded_wire": wire, "results": first["found"]}


# ----------------------------------------------------------------------------- the run


@dataclass
class Result:
    n: int
    runs: int
    metrics: dict[str, Any] = field(default_factory=dict)


def median(values: list[float]) -> float:
    """The median, or NaN for no values (a table cell shows it rather than failing)."""
    return statistics.median(values) if values else float("nan")


def bench_size(n: int, runs: int, work: Path, browser: Any, variants: tuple[str, ...],
               stock_runs: int, project: Path, first: Path) -> Result:
    list_path = write_list(work / "list.txt", n, first)
    papers = work / "papers"
    import_times = []
    # each run infers every abstract, as a list's first import does: the cache of inferred
    # fields (ingest/cache.py) is off, then on for `import --check` of the list again, as
    # CI runs it after `paperlist check` (the fields are read back, not inferred)
    cold = {"PAPERLIST_NO_CACHE": "1"}
    for _ in range(runs):
        if papers.exists():
            shutil.rmtree(papers)
        secs, rss, _ = run_measured([sys.executable, "-m", "paperlist.cli", "import",
                                      str(list_path), "--papers", str(papers)], work, cold)
        import_times.append(secs)
    res = Result(n=n, runs=runs)
    res.metrics["import_s"] = median(import_times)
    res.metrics["import_peak_mib"] = rss / 1024
    kept = {"PAPERLIST_NO_CACHE": "", "PAPERLIST_CACHE_DIR": str(work / "cache")}
    again = [sys.executable, "-m", "paperlist.cli", "import", str(list_path), "--check",
             "--papers", str(papers)]
    run_measured(again, work, kept)  # infers, and keeps the fields
    res.metrics["import_check_cached_s"] = median([run_measured(again, work, kept)[0]
                                                   for _ in range(runs)])
    res.metrics["papers"] = len(list(papers.glob("*.md")))
    projects = make_projects(work, papers, project, variants)
    # Runs interleave the variants (ours, stock, plain, ours, ...) so that a machine that
    # slows down mid-benchmark slows all of them alike and the ratios stay fair.
    builds: dict[str, list[tuple[float, int, float]]] = {v: [] for v in variants}
    for run in range(runs):
        for variant in variants:
            if variant == "stock" and run >= stock_runs:
                continue
            builds[variant].append(build(projects[variant], strict=variant != "plain"))
    for variant in variants:
        done = builds[variant]
        site = projects[variant] / "site"
        m: dict[str, Any] = {"build_s": median([b[0] for b in done]), "build_runs": len(done),
                             "build_s_all": [round(b[0], 2) for b in done],
                             "build_cpu_s": median([b[2] for b in done]),
                             "build_peak_mib": max(b[1] for b in done) / 1024,
                             "site_mb": tree_size(site) / 1e6,
                             "parts": site_parts(site)}
        pages = paper_page_sizes(site)
        m["paper_page_bytes"] = median([float(p) for p in pages])
        m["paper_page_max_bytes"] = pages[-1] if pages else float("nan")
        if (site / PROBE_PAPER).exists():
            m["probe_page_bytes"] = (site / PROBE_PAPER).stat().st_size
        if variant != "plain" and (site / "search/search_index.json").exists():
            m["search_index_json_bytes"] = (site / "search/search_index.json").stat().st_size
            m["pagefind_mb"] = tree_size(site / "pagefind") / 1e6
            if browser is not None:
                m["queries"] = search_all(browser, site, variant, len(done))
        res.metrics[variant] = m
    return res


def search_all(browser: Any, site: Path, variant: str, runs: int) -> dict[str, Any]:
    server, url, counter = serve(site)
    out: dict[str, Any] = {}
    try:
        for label, ours, stock in QUERIES:
            query = ours if variant == "paperlist" else stock
            follow = FOLLOW_UP[0] if variant == "paperlist" else FOLLOW_UP[1]
            samples = [measure_search(browser, url, counter, query, follow) for _ in range(runs)]
            out[label] = {"query": query,
                          **{k: median([s[k] for s in samples]) for k in samples[0]}}
    finally:
        server.shutdown()
    return out


def _fmt_row(cells: list[str], widths: list[int]) -> str:
    return "  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths,
                                                                                  strict=True)))


def format_rows(rows: list[list[str]]) -> str:
    """Rows as aligned text columns: the first left-aligned (the measure), the rest right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(_fmt_row(row, widths) for row in rows)


def _runs(m: dict[str, Any]) -> str:
    return " ".join(f"{t:.1f}" for t in m["build_s_all"])


def table(results: list[Result]) -> str:
    """One column per N (paperlist / stock), one row per measure."""
    rows: list[list[str]] = [["measure"] + [f"N={r.n}" for r in results]]

    def add(name: str, fn: Any) -> None:
        cells = []
        for r in results:
            try:
                cells.append(fn(r.metrics))
            except (KeyError, TypeError):
                cells.append("-")
        rows.append([name, *cells])

    def pair(cell: Any) -> Any:
        """'ours / stock' of cell(a variant's measures), or 'ours' when stock was not
        measured (--variants)."""
        return lambda m: " / ".join(cell(m[v]) for v in ("paperlist", "stock") if v in m)

    add("import s", lambda m: f"{m['import_s']:.1f}")
    add("import --check again s (fields cached)",
        lambda m: f"{m['import_check_cached_s']:.1f}")
    add("build s: ours / stock", pair(lambda v: f"{v['build_s']:.1f}"))
    add("build s: plain mkdocs", lambda m: f"{m['plain']['build_s']:.1f}")
    add("build ratio ours/plain",
        lambda m: f"{m['paperlist']['build_s'] / m['plain']['build_s']:.2f}")
    add("build s, every run: ours", lambda m: _runs(m["paperlist"]))
    add("build s, every run: plain", lambda m: _runs(m["plain"]))
    add("build CPU s: ours / stock", pair(lambda v: f"{v['build_cpu_s']:.0f}"))
    add("build CPU s: plain", lambda m: f"{m['plain']['build_cpu_s']:.0f}")
    add("build CPU ratio ours/plain",
        lambda m: f"{m['paperlist']['build_cpu_s'] / m['plain']['build_cpu_s']:.2f}")
    add("build peak MiB: ours / stock", pair(lambda v: f"{v['build_peak_mib']:.0f}"))
    add("site MB: ours / stock", pair(lambda v: f"{v['site_mb']:.1f}"))
    add("paper page KB, median: ours / stock",
        pair(lambda v: f"{v['paper_page_bytes'] / 1e3:.1f}"))
    add("paper page KB, median / largest: ours",
        lambda m: f"{m['paperlist']['paper_page_bytes'] / 1e3:.1f} / "
                  f"{m['paperlist']['paper_page_max_bytes'] / 1e3:.1f}")

    def per_paper(m: dict[str, Any], key: str) -> str:
        total = sum(p[key] for p in m["paperlist"]["parts"].values())
        return f"{total / 1e3 / m['papers']:.1f}"

    add("site KB a paper, bytes / tar / disk: ours",
        lambda m: " / ".join(per_paper(m, k) for k in ("bytes", "tar", "disk")))
    for part in sorted(set(SITE_PARTS.values()) | {"other"}):
        add(f"  {part} MB, bytes / tar / disk: ours",
            lambda m, part=part: " / ".join(f"{m['paperlist']['parts'][part][k] / 1e6:.1f}"
                                            for k in ("bytes", "tar", "disk")))
    add("search_index.json KB: ours / stock",
        pair(lambda v: f"{v['search_index_json_bytes'] / 1e3:.0f}"))
    for label, _, _ in QUERIES:
        for row, key, scale in (("1st result ms", "first_ms", 1), ("results shown", "results", 1),
                                ("KB fetched", "downloaded", 1e3),
                                ("KB fetched gzipped as served", "downloaded_wire", 1e3),
                                ("follow-up ms", "follow_up_ms", 1)):
            add(f"'{label}' {row}: ours / stock",
                pair(lambda v, q=label, k=key, d=scale: f"{v['queries'][q][k] / d:.0f}"))
    return format_rows(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--papers", type=int, nargs="+", default=[19, 1000],
                        help="list sizes to measure (default: 19 1000)")
    parser.add_argument("--runs", type=int, default=3, help="runs per measure; medians shown")
    parser.add_argument("--stock-runs", type=int, default=None,
                        help="runs for stock lunr search (default: --runs; it is slow at 12k)")
    parser.add_argument("--variants", nargs="+", choices=VARIANTS, default=list(VARIANTS),
                        help="builds to measure (default: all three; stock lunr search is "
                             "slow to measure above 12,000 papers)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--no-browser", action="store_true", help="skip the search timings")
    parser.add_argument("--keep", type=Path, help="build in this folder and keep it")
    parser.add_argument("--project", type=Path, default=Path("."),
                        help="the catalogue whose mkdocs.yml and docs/ are built "
                             "(default: the current folder)")
    parser.add_argument("--first", type=Path,
                        help="list whose abstracts come first at every size (default: the one "
                             "list in the project's papers/source/)")
    parser.add_argument("--real", type=Path, nargs="+",
                        help="instead of --first, real abstracts from these files (JSON lines "
                             "with an 'abstract', e.g. ../shared/data/iclr-2026-papers.jsonl, or "
                             "list files), topped up with generated ones to each size")
    args = parser.parse_args(argv)
    project = args.project.resolve()
    if args.real:
        first = Path(tempfile.mkdtemp(prefix="paperlist-real-")) / "real.txt"
        first.write_text(real_list(args.real), encoding="utf-8")
    elif args.first is not None:
        first = args.first
    else:
        lists = sorted((project / "papers" / "source").glob("*.txt"))
        if len(lists) != 1:
            parser.error(f"give --first: {len(lists)} lists in {project / 'papers' / 'source'}")
        first = lists[0]
    stock_runs = args.stock_runs or args.runs
    pagefind = pagefind_version()  # before the runs: a Pagefind that cannot start fails now
    results: list[Result] = []
    pw = None
    browser = None
    if not args.no_browser:
        from playwright.sync_api import sync_playwright
        pw = sync_playwright().start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        for n in args.papers:
            base = args.keep or Path(tempfile.mkdtemp(prefix="paperlist-bench-"))
            work = base / f"n{n}"
            if work.exists():
                shutil.rmtree(work)
            work.mkdir(parents=True)
            try:
                print(f"bench: {n} papers ...", file=sys.stderr, flush=True)
                results.append(bench_size(n, args.runs, work, browser, tuple(args.variants),
                                          stock_runs,
                                          project, first))
            finally:
                if not args.keep:
                    shutil.rmtree(base, ignore_errors=True)
            if args.json:
                args.json.write_text(json.dumps([r.__dict__ for r in results], indent=2))
    finally:
        if browser is not None:
            browser.close()
        if pw is not None:
            pw.stop()
    print(f"Pagefind: {pagefind}")
    print(table(results))
    return 0


def pagefind_version() -> str:
    """The Pagefind the builds used (search/index.py: PAGEFIND_BINARY_PATH, else pip's):
    search times depend on it (1.6 answers a word most papers hold ~5x faster than 1.5)."""
    from paperlist.search.index import BINARY_VARIABLE, pagefind_env, pagefind_executable

    run = subprocess.run([str(pagefind_executable()), "--version"], capture_output=True,
                         text=True, env=pagefind_env())
    where = f"{BINARY_VARIABLE}={os.environ[BINARY_VARIABLE]}" \
        if os.environ.get(BINARY_VARIABLE) else "pip's pagefind[bin]"
    return f"{run.stdout.strip() or run.stderr.strip()} ({where})"


if __name__ == "__main__":
    sys.exit(main())
