"""Compare the search bundle paperlist writes with the one Pagefind writes for the same pages.

paperlist indexes the papers itself (search/fossick.py, search/bundle.py) and keeps only
Pagefind's browser runtime, so a query finds what Pagefind's own index would have found
only if the two bundles hold the same things. This builds a site once, keeping the pages
given to the indexer, then indexes them both ways and compares what the files hold (not
their bytes: the page numbers differ, as Pagefind numbers pages in the order a folder
lists them): each page's fragment, each stem's places on each page (and its variants'),
the filters, the chunks' bounds and the meta fields. It prints the differences, a table
of counts, and each indexer's time and memory.

    python scripts/tools/index_parity.py --config mkdocs.yml
    python scripts/tools/index_parity.py --pages pages.pkl     # pages kept by an earlier run

Both bundles come from the binary `PAGEFIND_BINARY_PATH` names (else pip's): point it at
npm's Pagefind 1.6, whose rules ours follow (README "Search at scale" says how); pip's
1.5.2 cuts some compounds otherwise, and its differences are listed as such.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import pickle
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from paperlist.search import index as search_index
from paperlist.search.chunks import MAGIC, read_cbor_file


def capture_pages(config: Path, out: Path) -> dict[str, str]:
    """Build the site of `config` in a child process, keeping the pages given to the
    indexer (a pickle at `out`)."""
    code = f"""
import pickle, sys, tempfile
import paperlist.search.index as si
original = si.write_index
def keep(pages, *args, **kwargs):
    open({str(out)!r}, "wb").write(pickle.dumps(pages))
    return original(pages, *args, **kwargs)
si.write_index = keep
from mkdocs.commands.build import build
from mkdocs.config import load_config
build(load_config({str(config)!r}, site_dir=tempfile.mkdtemp()))
"""
    subprocess.run([sys.executable, "-c", code], check=True)
    return pickle.loads(out.read_bytes())


def _measured(cmd: list[str], stdin: bytes | None = None,
              env: dict[str, str] | None = None) -> tuple[float, float, float]:
    """Run cmd: (seconds, its CPU seconds, its peak MiB), its own, not other children's."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE if stdin is not None else None, env=env)
    if stdin is not None:
        assert proc.stdin is not None
        proc.stdin.write(stdin)
        proc.stdin.close()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{cmd[0]} failed ({proc.returncode})")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def run_pagefind(pages: dict[str, str], out: Path) -> tuple[float, float, float]:
    """Pagefind's bundle of the pages in `out`: (seconds, CPU seconds, peak MiB)."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "site"
        for url, body in pages.items():
            path = source / url / "index.html" if url.endswith("/") else source / url
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(search_index.page_document(body), encoding="utf-8")
        cmd = [str(search_index.pagefind_executable()), "--site", str(source), "--output-path",
               str(out), "--exclude-selectors", search_index.EXCLUDED_SELECTORS,
               "--force-language", "en", "--quiet"]
        return _measured(cmd, env=search_index.pagefind_env())


def run_ours(pages: dict[str, str], out: Path) -> tuple[float, float, float]:
    """Our bundle of the pages in `out`, in a child process: (seconds, CPU, peak MiB)."""
    code = f"""
import pickle, sys
from pathlib import Path
from paperlist.search import index as si
pages = pickle.loads(sys.stdin.buffer.read())
si.write_index(pages, Path({str(out)!r}), si.pagefind_executable())
"""
    return _measured([sys.executable, "-c", code], stdin=pickle.dumps(pages))


def _pages_decoded(pages: list) -> list[tuple[int, list, list]]:
    out, last = [], 0
    for entry in pages:
        last += entry[0]
        out.append((last, entry[1], entry[2] if len(entry) > 2 else []))
    return out


def decode(bundle: Path) -> dict:
    """What a bundle holds, by URL: fragments, words, filters, chunk bounds, fields."""
    meta = read_cbor_file(next(bundle.glob("pagefind.*.pf_meta")))
    fragments = {}
    urls = []
    for name, _count, *_ in meta[1]:
        raw = gzip.decompress((bundle / "fragment" / f"{name}.pf_fragment").read_bytes())
        assert raw.startswith(MAGIC)
        data = json.loads(raw[len(MAGIC):])
        urls.append(data["url"])
        fragments[data["url"]] = (data, _count)
    words: dict[str, dict] = {}
    for _start, _end, name in meta[2]:
        for entry in read_cbor_file(bundle / "index" / f"{name}.pf_index")[0]:
            stem, pages = entry[0], entry[1]
            variants = entry[2] if len(entry) > 2 else []
            words[stem] = {
                "pages": {urls[n]: (tuple(p), tuple(m)) for n, p, m in _pages_decoded(pages)},
                "variants": {form: {urls[n]: (tuple(p), tuple(m))
                                    for n, p, m in _pages_decoded(vp)}
                             for form, vp in variants}}
    filters = {}
    for _name, file in meta[3]:
        fname, values = read_cbor_file(bundle / "filter" / f"{file}.pf_filter")
        filters[fname] = {v: sorted(urls[n] for n in pages) for v, pages in values}
    return {"version": meta[0], "fragments": fragments, "words": words, "filters": filters,
            "chunks": [(s, e) for s, e, _ in meta[2]], "fields": meta[5] if len(meta) > 5
            else None}


def compare(a: dict, b: dict, show: int = 12) -> Counter:
    """Count (and print the first few of) the differences between bundles a and b."""
    diffs: Counter = Counter()
    shown: Counter = Counter()

    def report(kind: str, text: str) -> None:
        diffs[kind] += 1
        if shown[kind] < show:
            shown[kind] += 1
            print(f"  {kind}: {text}")

    if a["fields"] != b["fields"]:
        report("meta fields", f"{a['fields']} / {b['fields']}")
    for url in sorted(set(a["fragments"]) | set(b["fragments"])):
        fa, fb = a["fragments"].get(url), b["fragments"].get(url)
        if fa is None or fb is None:
            report("page missing", f"{url}: {'ours' if fa else 'pagefind'} only")
            continue
        for key in ("content", "word_count", "filters", "meta", "anchors"):
            if fa[0].get(key) != fb[0].get(key):
                va, vb = fa[0].get(key), fb[0].get(key)
                if key == "content":
                    wa, wb = va.split(" "), vb.split(" ")
                    at = next((i for i, (x, y) in enumerate(zip(wa, wb, strict=False)) if x != y),
                              min(len(wa), len(wb)))
                    va = " ".join(wa[max(0, at - 3):at + 4])
                    vb = " ".join(wb[max(0, at - 3):at + 4])
                report(f"fragment {key}", f"{url}\n      pagefind: {va!r}\n      ours:     {vb!r}")
        if fa[1] != fb[1]:
            report("meta word count", f"{url}: {fa[1]} / {fb[1]}")
    for stem in sorted(set(a["words"]) | set(b["words"])):
        wa, wb = a["words"].get(stem), b["words"].get(stem)
        if wa is None or wb is None:
            report("stem missing", f"{stem!r}: {'pagefind' if wa else 'ours'} only")
            continue
        for url in sorted(set(wa["pages"]) | set(wb["pages"])):
            if wa["pages"].get(url) != wb["pages"].get(url):
                report("places", f"{stem!r} {url}: {wa['pages'].get(url)} / "
                       f"{wb['pages'].get(url)}")
        if wa["variants"] != wb["variants"]:
            report("variants", f"{stem!r}: {wa['variants']} / {wb['variants']}")
    if a["filters"] != b["filters"]:
        for name in sorted(set(a["filters"]) | set(b["filters"])):
            if a["filters"].get(name) != b["filters"].get(name):
                report("filter", name)
    if a["chunks"] != b["chunks"]:
        pairs = [(x, y) for x, y in zip(a["chunks"], b["chunks"], strict=False) if x != y]
        report("chunk bounds", f"{len(a['chunks'])} / {len(b['chunks'])} chunks; first "
               f"differing: {pairs[0] if pairs else '-'}")
    return diffs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", type=Path, help="mkdocs.yml of the site to index")
    parser.add_argument("--pages", type=Path, help="pages kept by an earlier run (pickle); "
                        "written there by --config when given both")
    parser.add_argument("--work", type=Path, help="where the two bundles go (kept)")
    parser.add_argument("--show", type=int, default=12, help="differences shown of each kind")
    args = parser.parse_args(argv)
    if not args.config and not args.pages:
        parser.error("give --config, --pages, or both")
    work = args.work or Path(tempfile.mkdtemp(prefix="index-parity-"))
    if args.config:
        pages = capture_pages(args.config.resolve(), args.pages or work / "pages.pkl")
    else:
        pages = pickle.loads(args.pages.read_bytes())
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    theirs, ours = work / "pagefind", work / "ours"
    for folder in (theirs, ours):
        subprocess.run(["rm", "-rf", str(folder)], check=True)
    t_pf = run_pagefind(pages, theirs)
    t_ours = run_ours(pages, ours)
    print(f"{len(pages)} pages; differences (pagefind / ours):")
    diffs = compare(decode(theirs), decode(ours), args.show)
    print(f"\n{'':<24}{'pagefind':>12}{'ours':>12}")
    for label, i in (("wall s", 0), ("CPU s", 1), ("peak MiB", 2)):
        print(f"{label:<24}{t_pf[i]:>12.1f}{t_ours[i]:>12.1f}")
    size = {name: sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 1e6
            for name, folder in (("pagefind", theirs), ("ours", ours))}
    print(f"{'bundle MB':<24}{size['pagefind']:>12.1f}{size['ours']:>12.1f}")
    print("\ndifferences: " + (", ".join(f"{k} {v}" for k, v in sorted(diffs.items()))
                               or "none"))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
