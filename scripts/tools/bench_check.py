"""How long `paperlist check` takes on a big catalogue: `python scripts/tools/bench_check.py [N]`.

CI runs the checker on every push, so it must stay fast on a large venue (target: 12,000
pages in at most 5 s). The pages are the shipped list's, imported once into a temporary
folder and copied under new ids, so they look like real pages and are all valid: the
time measured is that of a clean run, the common case.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from paperlist.check.checker import check_paths
from paperlist.ingest.importer import run_import
from paperlist.model.page import dump_page, read_page


def make_pages(folder: Path, count: int, list_path: Path) -> None:
    """Write `count` valid pages into folder, cycling through the list's pages."""
    seed = folder / "_seed"
    run_import(list_path, seed)
    templates = [read_page(p) for p in sorted(seed.glob("*.md"))]
    for n in range(count):
        page = templates[n % len(templates)]
        page_id = f"{page.id}-{n}"
        meta = dict(page.meta, id=page_id, source={"digest": f"{n:016x}"})
        page_text = dump_page(type(page)(meta=meta, body=f"{page.body.rstrip()} ({n})\n"))
        (folder / f"{page_id}.md").write_text(page_text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench_check.py")
    parser.add_argument("count", nargs="?", type=int, default=12_000, help="pages to check")
    parser.add_argument("--list", type=Path, default=Path("papers/source/icml-2026-abstracts.txt"),
                        help="the list whose pages are copied (default: the shipped list)")
    parser.add_argument("--workers", type=int, default=None,
                        help="worker processes (default: one per core)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "papers"
        folder.mkdir()
        make_pages(folder, args.count, args.list)
        start = time.perf_counter()
        problems = check_paths([folder], workers=args.workers)
        elapsed = time.perf_counter() - start
    print(f"paperlist check: {args.count:,} pages in {elapsed:.2f} s "
          f"({elapsed / args.count * 1e6:.0f} µs/page), {len(problems)} problem(s)")
    for problem in problems[:5]:
        print(f"  {problem}")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
