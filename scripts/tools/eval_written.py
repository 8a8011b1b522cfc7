"""Do one-word queries list papers holding the word as written, or other words of its stem?

    python scripts/tools/eval_written.py SITE [SITE ...] [--per-length 7] [--json F]

Pagefind matches a word's stem, and a stem can stand for several words ("transformer",
"transformers" and "transformation" have one): a search for "transformer" also finds the
papers on transformations. For each built site given (e.g. one before and one after a
ranking change, built from the same pages), this asks its search engine (search-core.js
`search` on the search page, a new engine for each query, as on a freshly loaded page)
for the top 10 of common one-word queries, and counts the results whose stored text (their
Pagefind fragment: authors, names, title, abstract) holds the word in a form of its own:
itself, its plural or its singular (the forms of search-rank.js `forms`).

The words are not chosen by hand: the first `--per-length` words of each length from 5 to
13 letters in the first site's typo-correction vocabulary
(`assets/paperlist/search/vocabulary/<length>.txt`, most widespread first), so common
words of the catalogue, whatever they are. Prints each word whose count differs between
the sites, then the mean share per site. Not part of the test run (a few minutes at
12,000 papers).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bench import CHROMIUM, CHROMIUM_ARGS, serve

LENGTHS = range(5, 14)
TOP = 10

#: Per query: the engine's top 10 and how many hold the word in a form of its own.
_JS = """async ([words, top]) => {
  const forms = (w) => {
    const out = [w, w + "s", w + "es"];
    if (w.endsWith("s")) out.push(w.slice(0, -1));
    if (w.endsWith("es")) out.push(w.slice(0, -2));
    if (w.endsWith("y")) out.push(w.slice(0, -1) + "ies");
    if (w.endsWith("ies")) out.push(w.slice(0, -3) + "y");
    return out;
  };
  const out = [];
  for (const w of words) {
    const engine = paperlistSearch.create(new URL("../", location.href).href);
    const d = await engine.engine();
    const answer = await engine.search(w, {limit: top});
    let held = 0;
    for (const r of answer.results) {
      const resp = await fetch(new URL("../" + d.fragments + r.id + ".pf_fragment",
                                       location.href));
      const text = await new Response(resp.body.pipeThrough(new DecompressionStream("gzip")))
        .text();
      const content = JSON.parse(text.slice(text.indexOf("{"))).content;
      const tokens = new Set(content.toLowerCase().normalize("NFKD").replace(/['\\u2019]/g, "")
        .split(/[^\\p{L}\\p{N}]+/u));
      if (forms(w).some((f) => tokens.has(f))) held++;
    }
    out.push({word: w, total: answer.total, shown: answer.results.length, held});
    await (await import(new URL("../" + d.pagefind, location.href).href)).destroy();
  }
  return out;
}"""


def common_words(site: Path, per_length: int) -> list[str]:
    """The first `per_length` words of each length in LENGTHS of the site's vocabulary."""
    folder = site / "assets/paperlist/search/vocabulary"
    words: list[str] = []
    for n in LENGTHS:
        path = folder / f"{n}.txt"
        if path.exists():
            words += [w for w in path.read_text(encoding="utf-8").split("\n") if w][:per_length]
    return words


def evaluate(site: Path, words: list[str], browser: Any) -> list[dict[str, Any]]:
    """The engine's answers to each word on this site (served for the run)."""
    server, url, _ = serve(site)
    try:
        page = browser.new_context().new_page()
        page.goto(f"{url}/search/", wait_until="load")
        return page.evaluate(_JS, [words, TOP])
    finally:
        server.shutdown()


def share(rows: list[dict[str, Any]]) -> float:
    """Of all results shown, the share holding their word as written."""
    shown = sum(r["shown"] for r in rows)
    return sum(r["held"] for r in rows) / shown if shown else float("nan")


def table(sites: list[Path], runs: list[list[dict[str, Any]]]) -> str:
    lines = ["word            papers  " + "  ".join(f"site {i + 1}" for i in range(len(sites)))]
    for k, first in enumerate(runs[0]):
        cells = [f"{run[k]['held']}/{run[k]['shown']}" for run in runs]
        if len(set(cells)) > 1:
            lines.append(f"{first['word']:<15} {first['total']:>6}  "
                         + "  ".join(f"{c:>6}" for c in cells))
    lines.append(f"{len(runs[0])} words; share of the top {TOP} holding the word as written: "
                 + " / ".join(f"{share(run):.3f}" for run in runs))
    lines += [f"  site {i + 1}: {s}" for i, s in enumerate(sites)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="eval_written.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sites", type=Path, nargs="+", help="built sites, the same pages")
    parser.add_argument("--per-length", type=int, default=7,
                        help="words of each length 5-13 from the vocabulary (default 7)")
    parser.add_argument("--json", type=Path, help="also write every answer here")
    args = parser.parse_args(argv)
    words = common_words(args.sites[0], args.per_length)
    if not words:
        parser.error(f"{args.sites[0]} has no search vocabulary: is it a paperlist site?")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        runs = [evaluate(site, words, browser) for site in args.sites]
        browser.close()
    print(table(args.sites, runs))
    if args.json:
        args.json.write_text(json.dumps({"sites": [str(s) for s in args.sites], "runs": runs},
                                        indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
