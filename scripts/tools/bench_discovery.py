"""Build-time cost of each discovery feature on a big catalogue:
`python scripts/tools/bench_discovery.py [N] [--papers DIR]`.

Related papers, the map, exports, citations, browse filters and home figures all run
inside every `paperlist build`, so each must stay cheap at the size of a large venue
(target: 12,000 papers, related papers in at most 60 s on a 2-core machine). The pages
come from benchdata.py's seeded generator (imported once into a temporary
folder, or read from --papers), so runs are comparable. Prints seconds per feature,
the size of the map data and of each export, and the peak memory of the process.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from paperlist.discover import citation
from paperlist.html import home, listings, mappage
from paperlist.model.catalogue import Catalogue, Paper, load_catalogue
from paperlist.structure import paths
from paperlist.structure.discovery import Discovery


def make_papers(folder: Path, count: int, first: Path) -> None:
    """Import `count` generated abstracts into folder (the slow part: about 80 s at 12,000)."""
    from benchdata import write_list

    from paperlist.ingest.importer import run_import

    lst = write_list(folder.parent / "bench-list.txt", count, first)
    report = run_import(lst, folder)
    if not report.ok:
        raise SystemExit(f"import of the generated list failed: {report}")


def _time(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def measure(cat: Catalogue) -> tuple[dict[str, float], dict[str, str]]:
    """Seconds per feature (the Discovery build reports its own steps) and the files made."""
    def page_path(e: Paper) -> str:
        return f"papers/{e.path.stem}/"

    def link(src: str) -> str:
        return src

    seconds: dict[str, float] = {}
    t, d = _time(lambda: Discovery.build(cat, page_path, "bench", "https://example.org/"))
    seconds.update(d.timings)
    seconds["discovery total"] = t
    seconds["related + citation HTML, all pages"], _ = _time(
        lambda: [d.paper_sections(e, link) for e in cat.papers])
    seconds["citation meta tags, all pages"], _ = _time(
        lambda: [d.head_html(e) for e in cat.papers])
    seconds["BibTeX alone, all pages"], _ = _time(
        lambda: [citation.bibtex(e, None) for e in cat.papers])
    seconds["browse page with filters"], _ = _time(lambda: listings.browse_page(cat, link))
    seconds["  of which filter form"], _ = _time(lambda: listings.filter_form(cat))
    seconds["home figures (SVG chart)"], _ = _time(lambda: home.figures_html(cat, link))
    seconds["map page"], _ = _time(lambda: mappage.map_page(cat, link))
    return seconds, d.files()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_discovery.py")
    parser.add_argument("count", nargs="?", type=int, default=12_000,
                        help="papers to generate (default 12,000)")
    parser.add_argument("--papers", type=Path, help="use these pages instead of generating")
    parser.add_argument("--first", type=Path, default=Path("papers/source/icml-2026-abstracts.txt"),
                        help="list whose abstracts come first (default: the shipped list)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.papers
        if folder is None:
            folder = Path(tmp) / "papers"
            print(f"generating and importing {args.count:,} abstracts...", file=sys.stderr)
            make_papers(folder, args.count, args.first)
        load_s, cat = _time(lambda: load_catalogue(folder))
    print(f"{len(cat.papers):,} papers (loading pages: {load_s:.2f} s, not a feature)")
    seconds, files = measure(cat)
    for name, s in seconds.items():
        print(f"  {name:<38} {s:7.2f} s")
    for path in (paths.MAP_DATA, paths.BROWSE_DATA, "papers.json", "papers.csv",
                 "papers.bib", "feed.xml"):
        print(f"  size of {path:<30} {len(files[path].encode('utf-8')) / 1e6:7.2f} MB")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory of this process          {peak:7.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
