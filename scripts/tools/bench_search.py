"""Known-item search quality: `python scripts/tools/bench_search.py --papers 19 3300 12000`.

Can a reader who knows a paper find it with the header search box? For each size N the
first N records of a JSON-lines file of real papers (`{"title", "abstract", ...}`; default
`../shared/data/iclr-2026-papers.jsonl` beside the project) are written as a paper list,
imported and built, and each of a seeded sample of the papers is searched for by:

* title    — its exact real title (the pages only carry the title inferred from the
             abstract, so this asks how well the abstract's words find it);
* typo     — the title with one typo in its longest word (>= 5 letters): a substitution,
             deletion, insertion or adjacent transposition at an interior position;
* fragment — 3 consecutive words of the title;
* pair     — 2 consecutive words of the title, neither a stop word (data/search.yml): a
             two-word topic as a reader types it; not in the default kinds;
* author   — one of the page's authors, as written on the page (only where pages have
             `authors:`; any page of that author counts as found).

Three systems answer the same queries over the same pages:

* ours — the site as configured, through the real header box in headless Chromium: a
  fresh browser context and freshly loaded home page per query, `/` to focus, the query
  typed key by key (Material searches on keyup, once per key; see "Settled" below);
* BM25 — the yardstick, bm25s in Python over what the site indexes of each page (title,
  short names, authors, abstract; html/paper.py `paper_body` minus the excluded
  selectors of search/index.py), English stop words and Snowball stemming (PyStemmer);
  needs the `bench` extra (`pip install -e '.[bench]'`), else give `--no-bm25`;
* lunr — the same pages with Material's stock search (`paperlist: {search: lunr}`), up to
  3,300 papers (beyond, every query downloads and indexes tens of MB).

With --direct, ours is the same engine called on the search page (search-core.js `search`,
the top 10; a new engine and a reset Pagefind for each query, as on a fresh page), not
typed into the box: the same ranking, many times faster, for trying a ranking on
hundreds of titles; it gives no times or bytes.

Reported per kind: R@1, R@10, MRR@10 (a result within the first 10 counts: Material
renders 10 results, then more as the list scrolls), and for the browser systems the
median ms from the last keystroke to the settled answer, the median KB of search files
fetched for the query (page load included; bench.py's counting server) and the median
number of queries the box sent to the search worker while the query was typed (typing
overlaps the loading of the search code, so the ms are not the time to a first result: the
"speed" block is). Pages whose record has the same title as the target's count as the
target (a list may hold a paper twice under two abstracts). The speed block times the
issue's speed targets with bench.py's measure_search (the whole query in one keyup, time to
the first rendered result, then a follow-up query): one word, two words, and a full
10-15-word title; the one- and two-word queries are also typed at a reader's pace, 150 ms
a key, with the ms from the last key to the settled answer (the box searches each prefix
while the reader types, so this is the reader's wait; the single keyup is a paste's).

Settled: Material sends the box's value to the worker on every keyup that changes it, and
renders each answer as it comes, so the list passes through the answers to every prefix of
the query. An answer is taken once (1) the last query the page sent the worker is the full
query, (2) an answer came back after it was sent, and (3) neither an answer nor any change
of the result list has come for --quiet-ms. The page's Worker is wrapped (an init script)
to see those messages; a worker that answers a query only after a later one would need (3)
to outlast its answer time. A query not settled in --timeout-s counts as not found and is
reported.

Pages are matched to records by the digest of their abstract (`source.digest`, what ties a
page to its paragraph on import), read from the built site's papers.json; every record
must have exactly one page. Abstracts are cleaned only as the list format needs: runs of
whitespace collapsed (one paragraph each) and invisible characters removed as the importer
removes them (listfile.remove_invisible), so a record's digest is its page's.

Reruns: `--work DIR` keeps each N's list, pages and sites in DIR/n<N>/; with `--reuse` an
existing import or site there is used as it is. `--site DIR` evaluates one built site as
"ours" (its papers.json gives the pages and N), e.g. after rebuilding it with a new
worker: `cd DIR/n12000/paperlist && mkdocs build -d site`, then `--site DIR/n12000/paperlist/
site`. Not part of the test run: 12,000 papers without lunr take about 17 minutes at
--sample 100 on 2 cores, most of it typing 300 queries.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

from bench import (
    CHROMIUM,
    CHROMIUM_ARGS,
    FOLLOW_UP,
    build,
    format_rows,
    make_projects,
    measure_search,
    median,
    open_home,
    run_measured,
    serve,
)

from paperlist.ingest.listfile import paragraph_digest, remove_invisible

KINDS = ("title", "typo", "fragment", "author", "pair")
DEFAULT_KINDS = ("title", "typo", "fragment", "author")
#: Lunr downloads and indexes every page before its first answer: past this it is minutes.
LUNR_MAX_PAPERS = 3300
#: Results that count (Material renders the first 10 of an answer at once).
TOP = 10
SYSTEMS = ("ours", "bm25", "lunr")
SYSTEM_LABELS = {"ours": "ours", "bm25": "BM25", "lunr": "lunr"}
#: The built variant (bench.py's names) behind each browser system.
VARIANT_OF = {"ours": "paperlist", "lunr": "stock"}
SPEED_KINDS = ("1 word", "2 words", "title 10-15 words")
#: The speed kinds also typed at a reader's pace (a title is pasted, not typed), and that
#: pace: ms between keys, a brisk typist's (60 words a minute is 200).
TYPED_KINDS = ("1 word", "2 words")
READER_KEY_MS = 150
LIST_HEADER = "ICLR 2026 paper list"
_WORD = re.compile(r"[^\W\d_]+")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


# ----------------------------------------------------------------------------- the papers


@dataclass(frozen=True)
class Record:
    """A paper of the data file: its real title and its abstract as the list holds it."""

    title: str
    abstract: str


@dataclass(frozen=True)
class SitePaper:
    """A page as the built site has it (papers.json): what is searched and where it is."""

    url: str
    title: str
    names: tuple[str, ...]
    authors: tuple[str, ...]
    abstract: str
    digest: str


def clean_abstract(text: str) -> str:
    """One paragraph of list text, cleaned as the importer cleans it (invisible characters
    removed, whitespace runs collapsed), so that its digest is its page's."""
    return " ".join(remove_invisible(text)[0].split())


def load_records(path: Path, n: int) -> list[Record]:
    """The first n records of the JSON-lines file, in file order."""
    records: list[Record] = []
    with path.open(encoding="utf-8") as f:
        for line in f:
            if len(records) == n:
                break
            if line.strip():
                row = json.loads(line)
                records.append(Record(" ".join(row["title"].split()),
                                      clean_abstract(row["abstract"])))
    if len(records) < n:
        raise SystemExit(f"bench_search: {path} has {len(records)} papers, fewer than {n}")
    return records


def list_text(records: Sequence[Record], header: str = LIST_HEADER) -> str:
    """A paper list: the header line, then one abstract per paragraph."""
    return header + "\n\n" + "\n\n".join(r.abstract for r in records) + "\n"


def load_site_papers(site: Path) -> list[SitePaper]:
    """Every paper page of a built site, from its papers.json export."""
    data = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    return [SitePaper(url=p["url"], title=p.get("title") or "",
                      names=tuple(n for n in [p.get("name") or "", *(p.get("other_names") or [])]
                                  if n),
                      authors=tuple(str(a) for a in p.get("authors") or []),
                      abstract=p.get("abstract") or "", digest=(p.get("source") or {}).get(
                          "digest", "")) for p in data["papers"]]


def map_records(records: Sequence[Record], papers: Sequence[SitePaper]) -> list[SitePaper]:
    """Each record's page, by the digest of its abstract; every record must have one."""
    by_digest: dict[str, SitePaper] = {}
    for paper in papers:
        if paper.digest in by_digest:
            raise ValueError(f"two pages share the abstract digest {paper.digest}")
        by_digest[paper.digest] = paper
    missing = [i for i, r in enumerate(records) if paragraph_digest(r.abstract) not in by_digest]
    if missing or len(papers) != len(records):
        raise ValueError(f"{len(records)} records, {len(papers)} pages; records without a page "
                         f"(0-based): {missing[:10]}")
    return [by_digest[paragraph_digest(r.abstract)] for r in records]


# ----------------------------------------------------------------------------- the queries


@dataclass(frozen=True)
class Query:
    kind: str
    text: str
    target: str                 # the sampled paper's URL
    relevant: frozenset[str]    # URLs that count as found (same title, or same author)


def longest_word(title: str, min_letters: int = 5) -> re.Match[str] | None:
    """The title's longest run of letters (the first of equals), if it has min_letters."""
    best = max(_WORD.finditer(title), key=lambda m: len(m.group()), default=None)
    return best if best is not None and len(best.group()) >= min_letters else None


def make_typo(word: str, rng: random.Random) -> str:
    """One typo at an interior position (never the first or last letter): a substitution,
    deletion, insertion or transposition of two adjacent letters, chosen by rng. Always
    differs from word; word needs at least 4 letters."""
    if len(word) < 4:
        raise ValueError(f"too short for an interior typo: {word!r}")
    op = rng.choice(("substitute", "delete", "insert", "transpose"))
    if op == "transpose":
        spots = [i for i in range(1, len(word) - 2) if word[i] != word[i + 1]]
        if spots:
            i = rng.choice(spots)
            return word[:i] + word[i + 1] + word[i] + word[i + 2:]
        op = "substitute"  # every interior pair alike ("baaab"): swapping changes nothing
    if op == "delete":
        i = rng.randrange(1, len(word) - 1)
        return word[:i] + word[i + 1:]
    if op == "insert":
        i = rng.randrange(1, len(word))
        return word[:i] + _match_case(rng.choice(_LETTERS), word[i - 1]) + word[i:]
    i = rng.randrange(1, len(word) - 1)
    letter = rng.choice([c for c in _LETTERS if c != word[i].lower()])
    return word[:i] + _match_case(letter, word[i]) + word[i + 1:]


def _match_case(letter: str, like: str) -> str:
    return letter.upper() if like.isupper() else letter


def typo_title(title: str, rng: random.Random) -> str | None:
    """The title with one typo in its longest word; None without a word of 5 letters."""
    word = longest_word(title)
    if word is None:
        return None
    return title[:word.start()] + make_typo(word.group(), rng) + title[word.end():]


def fragment(title: str, rng: random.Random, size: int = 3) -> str | None:
    """size consecutive words of the title at a position chosen by rng; None if shorter."""
    words = title.split()
    if len(words) < size:
        return None
    start = rng.randrange(len(words) - size + 1)
    return " ".join(words[start:start + size])


def pair(title: str, rng: random.Random, stopwords: frozenset[str]) -> str | None:
    """Two consecutive words of the title, both words (letters, hyphens) and neither a stop
    word, at a position chosen by rng; None if the title has no such pair."""
    words = [w.strip(":,.?!") for w in title.split()]
    ok = [bool(re.fullmatch(r"[^\W\d_]+(?:-[^\W\d_]+)*", w)) and w.lower() not in stopwords
          for w in words]
    starts = [i for i in range(len(words) - 1) if ok[i] and ok[i + 1]]
    if not starts:
        return None
    i = rng.choice(starts)
    return " ".join(words[i:i + 2])


@lru_cache(maxsize=1)
def _stopwords() -> frozenset[str]:
    """The engine's stop words, as the build gives them to it."""
    from paperlist.search.data import settings
    return frozenset(settings()["stopwords"])


def _paper_rng(seed: int, kind: str, index: int) -> random.Random:
    """One generator per paper and kind: a paper gets the same query at every N and in
    every sample it is part of."""
    return random.Random(f"{seed}:{kind}:{index}")


def sample_order(n: int, seed: int) -> list[int]:
    """A seeded permutation of the papers; each kind takes the first it can make a query of."""
    return random.Random(f"{seed}:sample").sample(range(n), n)


def _title_key(title: str) -> str:
    return " ".join(title.casefold().split())


def make_queries(records: Sequence[Record], pages: Sequence[SitePaper], kinds: Sequence[str],
                 sample: int, seed: int) -> list[Query]:
    """Up to `sample` queries of each kind, for papers in sample_order."""
    same_title: dict[str, set[str]] = {}
    by_author: dict[str, set[str]] = {}
    for record, page in zip(records, pages, strict=True):
        same_title.setdefault(_title_key(record.title), set()).add(page.url)
        for author in page.authors:
            by_author.setdefault(author, set()).add(page.url)
    queries: list[Query] = []
    for kind in kinds:
        made = 0
        for i in sample_order(len(records), seed):
            if made == sample:
                break
            rng = _paper_rng(seed, kind, i)
            title, page = records[i].title, pages[i]
            relevant = frozenset(same_title[_title_key(title)])
            if kind == "title":
                text: str | None = title
            elif kind == "typo":
                text = typo_title(title, rng)
            elif kind == "fragment":
                text = fragment(title, rng)
            elif kind == "pair":
                text = pair(title, rng, _stopwords())
            elif kind == "author":
                text = rng.choice(page.authors) if page.authors else None
                relevant = frozenset(by_author[text]) if text else relevant
            else:
                raise ValueError(f"unknown query kind {kind!r}")
            if text:
                queries.append(Query(kind, text, page.url, relevant))
                made += 1
    return queries


def speed_queries(records: Sequence[Record], count: int, seed: int) -> dict[str, list[str]]:
    """Queries for the speed targets: a title's longest word, two consecutive words of a
    title, and whole titles of 10-15 words; `count` each, in sample order."""
    out: dict[str, list[str]] = {k: [] for k in SPEED_KINDS}
    for i in sample_order(len(records), seed):
        title = records[i].title
        word = longest_word(title)
        candidates = {"1 word": word.group() if word else None,
                      "2 words": fragment(title, _paper_rng(seed, "2 words", i), size=2),
                      "title 10-15 words": title if 10 <= len(title.split()) <= 15 else None}
        for kind, text in candidates.items():
            if text and len(out[kind]) < count:
                out[kind].append(text)
        if all(len(v) == count for v in out.values()):
            break
    return out


# ----------------------------------------------------------------------------- the metrics


def normalise_href(href: str, base: str) -> str:
    """A result link as a site path like 'papers/x/' (no host, query or fragment)."""
    path = urlsplit(urljoin(base, href)).path.lstrip("/")
    return path if path.endswith("/") or not path else path + "/"


def rank_of(urls: Sequence[str], relevant: frozenset[str], top: int = TOP) -> int | None:
    """1-based rank of the first relevant URL among the first `top`, else None."""
    for rank, url in enumerate(urls[:top], start=1):
        if url in relevant:
            return rank
    return None


def quality(ranks: Sequence[int | None]) -> dict[str, float]:
    """R@1, R@10 and MRR@10 of known-item ranks (None: not in the top 10)."""
    n = len(ranks)
    if not n:
        return {"n": 0, "r1": float("nan"), "r10": float("nan"), "mrr10": float("nan")}
    found = [r for r in ranks if r is not None and r <= TOP]
    return {"n": n, "r1": sum(r == 1 for r in found) / n, "r10": len(found) / n,
            "mrr10": sum(1 / r for r in found) / n}


# ----------------------------------------------------------------------------- BM25


def indexed_text(page: SitePaper) -> str:
    """What the site's Pagefind index holds of a page: title, names, authors, abstract."""
    return "\n".join([page.title, *page.names, *page.authors, page.abstract])


def bm25_rankings(pages: Sequence[SitePaper], queries: Sequence[str],
                  top: int = TOP) -> list[list[str]]:
    """For each query the URLs of the best `top` pages by BM25 (bm25s defaults: Lucene's
    variant, k1 1.5, b 0.75), English stop words and stemming; pages with score 0 (no
    query word) are left out."""
    import bm25s
    import Stemmer

    stemmer = Stemmer.Stemmer("english")
    corpus = bm25s.tokenize([indexed_text(p) for p in pages], stopwords="en", stemmer=stemmer,
                            show_progress=False)
    retriever = bm25s.BM25()
    retriever.index(corpus, show_progress=False)
    tokens = bm25s.tokenize(list(queries), stopwords="en", stemmer=stemmer,
                            show_progress=False, return_ids=False)
    docs, scores = retriever.retrieve(tokens, k=min(top, len(pages)), show_progress=False)
    return [[pages[d].url for d, s in zip(row, score_row, strict=True) if s > 0]
            for row, score_row in zip(docs.tolist(), scores.tolist(), strict=True)]


# ----------------------------------------------------------------------------- the browser


#: Run before the page's scripts: wraps Worker to log the queries Material sends its search
#: worker (QUERY = 2) and the answers it gets (RESULT = 3), and logs keyups and changes of
#: the result list, all as performance.now() times.
_INIT_JS = """(() => {
  const log = {queries: [], results: [], keyups: [], changes: []};
  window.__paperlistBench = log;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        if (e.data && e.data.type === 3) log.results.push(performance.now());
      });
    }
    postMessage(message, ...rest) {
      if (message && message.type === 2) {
        log.queries.push([performance.now(), String(message.data)]);
      }
      return super.postMessage(message, ...rest);
    }
  };
  addEventListener("keyup", () => log.keyups.push(performance.now()), true);
  addEventListener("DOMContentLoaded", () => {
    const watch = new MutationObserver(() => log.changes.push(performance.now()));
    for (const sel of [".md-search-result__list", ".md-search-result__meta"]) {
      const el = document.querySelector(sel);
      if (el) watch.observe(el, {childList: true, subtree: true, characterData: true});
    }
  });
})();"""

#: Resolves once the answer to the full query has settled (see the module docstring).
_SETTLE_JS = """async ({query, quietMs, timeoutMs}) => {
  const log = window.__paperlistBench;
  const start = performance.now();
  const last = (a) => a.length ? a[a.length - 1] : -Infinity;
  for (;;) {
    const now = performance.now();
    const sent = log.queries[log.queries.length - 1];
    if (sent && sent[1] === query && last(log.results) >= sent[0]) {
      const lastEvent = Math.max(last(log.results), last(log.changes));
      if (now - lastEvent >= quietMs) {
        const keyup = last(log.keyups);
        return {settled: true, ms: lastEvent - keyup, sent: log.queries.length,
                answers: log.results.length};
      }
    }
    if (now - start > timeoutMs) {
      return {settled: false, ms: now - last(log.keyups), sent: log.queries.length,
              answers: log.results.length, lastSent: sent ? sent[1] : null};
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}"""

#: The page link of each top-level result, in order (Material nests a page's sections,
#: and "more on this page", inside its item; the first link is the page's own).
_HREFS_JS = """(top) => [...document.querySelectorAll(
    ".md-search-result__list > .md-search-result__item")].slice(0, top).map((li) => {
  const a = li.querySelector("a.md-search-result__link");
  return a ? a.getAttribute("href") : "";
})"""


@dataclass
class Outcome:
    """One query typed into one freshly loaded page."""

    urls: list[str]
    ms: float
    downloaded: int
    sent: int
    settled: bool
    errors: list[str] = field(default_factory=list)


def typed_search(browser: Any, url: str, counter: dict[str, int], query: str,
                 quiet_ms: int, timeout_s: float, key_ms: float = 0) -> Outcome:
    """Type query into the header box of a freshly loaded home page, `key_ms` between
    keys (0: as fast as keys go); read the settled ranked result list."""
    context, page, errors = open_home(browser, url, counter, _INIT_JS)
    try:
        page.keyboard.type(query, delay=key_ms)
        if not query[-1].isascii():
            # Playwright inserts characters off the keyboard without key events, and
            # Material reads the box on keyup: one key more makes it read the whole query.
            page.keyboard.press("End")
        state = page.evaluate(_SETTLE_JS, {"query": query, "quietMs": quiet_ms,
                                           "timeoutMs": timeout_s * 1000})
        hrefs = page.evaluate(_HREFS_JS, TOP) if state["settled"] else []
        downloaded = counter["bytes"]
    finally:
        context.close()
    return Outcome(urls=[normalise_href(h, f"{url}/") for h in hrefs], ms=state["ms"],
                   downloaded=downloaded, sent=state["sent"], settled=state["settled"],
                   errors=errors)


def browser_outcomes(browser: Any, site: Path, queries: Sequence[Query], quiet_ms: int,
                     timeout_s: float, label: str) -> list[Outcome]:
    server, url, counter = serve(site)
    out: list[Outcome] = []
    try:
        for i, q in enumerate(queries):
            out.append(typed_search(browser, url, counter, q.text, quiet_ms, timeout_s))
            if not out[-1].settled or out[-1].errors:
                print(f"bench_search: {label}: {q.kind} query {i} not settled or page errors "
                      f"{out[-1].errors[:2]}", file=sys.stderr, flush=True)
            if (i + 1) % 50 == 0:
                print(f"bench_search: {label}: {i + 1}/{len(queries)} queries", file=sys.stderr,
                      flush=True)
    finally:
        server.shutdown()
    return out


#: The engine's own answer on the search page, which loads it (search-core.js `search`):
#: a new engine for each query, and Pagefind reset after it (its `destroy`), so that each
#: query starts as on a freshly loaded page. Pagefind matches a word's stem against the
#: index chunks it has loaded, so chunks left by earlier queries would widen later ones'
#: prefix matches: one engine for all queries read R@10 a few thousandths off the box's.
#: Queries between reloads of the page: Pagefind's reset keeps its WebAssembly memory, which
#: runs out ("RuntimeError: unreachable") after about 970 (12,000 papers).
_DIRECT_RELOAD = 200
_DIRECT_JS = """async (q) => {
  const engine = paperlistSearch.create(new URL("../", location.href).href);
  try {
    const r = await engine.search(q, {limit: 10});
    return r ? r.results.map((x) => x.url) : [];
  } finally {  // a failure to reset must not hide the search's own error
    try {
      const pf = new URL("../" + (await engine.engine()).pagefind, location.href).href;
      await (await import(pf)).destroy();
    } catch (e) {}
  }
}"""


def direct_rankings(browser: Any, site: Path, queries: Sequence[Query]) -> list[list[str]]:
    """Each query's top 10 from the engine itself, called on the search page: the header
    box's ranking without typing a key at a time (many times faster), for trying a
    ranking on hundreds of titles. No times or bytes: those need the box."""
    server, url, _ = serve(site)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{url}/search/", wait_until="load")
        out = []
        for i, q in enumerate(queries):
            if i and i % _DIRECT_RELOAD == 0:
                page.reload(wait_until="load")
            out.append([normalise_href(u, f"{url}/") for u in page.evaluate(_DIRECT_JS, q.text)])
        return out
    finally:
        context.close()
        server.shutdown()


def speed(browser: Any, site: Path, queries: dict[str, list[str]], quiet_ms: int,
          timeout_s: float) -> dict[str, Any]:
    """bench.py's measure_search over the speed queries: medians per kind. The one- and
    two-word queries are also typed at a reader's pace (READER_KEY_MS): the box searches
    each prefix as it comes, so the answer after the last key is what a reader waits for
    (`typed_ms`), where measure_search's single keyup is a pasted query's wait."""
    server, url, counter = serve(site)
    out: dict[str, Any] = {}
    try:
        for kind, texts in queries.items():
            samples = [measure_search(browser, url, counter, t, FOLLOW_UP[0]) for t in texts]
            out[kind] = {"n": len(samples), **{k: median([s[k] for s in samples])
                                               for k in ("first_ms", "downloaded",
                                                         "downloaded_wire", "follow_up_ms")}}
            if kind in TYPED_KINDS:
                typed = [typed_search(browser, url, counter, t, quiet_ms, timeout_s,
                                      READER_KEY_MS) for t in texts]
                # a query that never settled counts as its timeout, not as fast
                out[kind]["typed_ms"] = median([o.ms if o.settled else timeout_s * 1000
                                                for o in typed])
    finally:
        server.shutdown()
    return out


# ----------------------------------------------------------------------------- one size


@dataclass
class Options:
    kinds: tuple[str, ...]
    sample: int
    seed: int
    speed: int
    quiet_ms: int
    timeout_s: float
    bm25: bool
    details: bool
    #: ours answered by the engine called directly (direct_rankings), not the typed box
    direct: bool = False


def summarise(queries: Sequence[Query], urls: Sequence[list[str]],
              outcomes: Sequence[Outcome] | None) -> dict[str, Any]:
    """Per kind: quality of the ranked URLs, and the browser's medians if it ran them."""
    out: dict[str, Any] = {}
    for kind in dict.fromkeys(q.kind for q in queries):
        idx = [i for i, q in enumerate(queries) if q.kind == kind]
        m = quality([rank_of(urls[i], queries[i].relevant) for i in idx])
        if outcomes is not None:
            got = [outcomes[i] for i in idx]
            m.update(ms=median([o.ms for o in got if o.settled]),
                     kb=median([o.downloaded / 1e3 for o in got]),
                     sent=median([o.sent for o in got]),
                     unsettled=sum(not o.settled for o in got))
        out[kind] = m
    return out


def evaluate(n: int, records: list[Record], sites: dict[str, Path], browser: Any,
             opts: Options) -> dict[str, Any]:
    """Every system's answers to the same queries on the pages of sites['ours']."""
    pages = map_records(records, load_site_papers(sites["ours"]))
    queries = make_queries(records, pages, opts.kinds, opts.sample, opts.seed)
    result: dict[str, Any] = {"n": n, "queries": len(queries), "systems": {}}
    ranked: dict[str, list[list[str]]] = {}
    if opts.bm25:
        start = time.perf_counter()
        ranked["bm25"] = bm25_rankings(pages, [q.text for q in queries])
        result["systems"]["bm25"] = {"kinds": summarise(queries, ranked["bm25"], None),
                                     "seconds": time.perf_counter() - start}
    for system in ("ours", "lunr"):
        if system not in sites or browser is None:
            continue
        print(f"bench_search: {n} papers, {system}: {len(queries)} queries ...",
              file=sys.stderr, flush=True)
        if system == "ours" and opts.direct:
            ranked[system] = direct_rankings(browser, sites[system], queries)
            result["systems"][system] = {"kinds": summarise(queries, ranked[system], None)}
            continue
        outcomes = browser_outcomes(browser, sites[system], queries, opts.quiet_ms,
                                    opts.timeout_s, f"{n} {system}")
        ranked[system] = [o.urls for o in outcomes]
        entry: dict[str, Any] = {"kinds": summarise(queries, ranked[system], outcomes)}
        if opts.speed:
            entry["speed"] = speed(browser, sites[system],
                                   speed_queries(records, opts.speed, opts.seed),
                                   opts.quiet_ms, opts.timeout_s)
        result["systems"][system] = entry
    if opts.details:
        result["details"] = [{**asdict(q), "relevant": sorted(q.relevant),
                              "ranks": {s: rank_of(r[i], q.relevant) for s, r in ranked.items()}}
                             for i, q in enumerate(queries)]
    return result


def prepare(n: int, records: list[Record], work: Path, project: Path, lunr: bool,
            reuse: bool) -> tuple[dict[str, Path], dict[str, float]]:
    """Import the list and build the sites in work (reusing what is there with reuse):
    {'ours': site, 'lunr': site}, and the seconds spent."""
    work = work.resolve()  # the projects link to the pages, and builds run in the project
    work.mkdir(parents=True, exist_ok=True)
    list_path, papers = work / "list.txt", work / "papers"
    text = list_text(records)
    times: dict[str, float] = {}
    fresh = not (reuse and papers.is_dir() and list_path.is_file()
                 and list_path.read_text(encoding="utf-8") == text)
    if fresh:
        list_path.write_text(text, encoding="utf-8")
        shutil.rmtree(papers, ignore_errors=True)
        times["import_s"], _, _ = run_measured(
            [sys.executable, "-m", "paperlist.cli", "import", str(list_path),
             "--papers", str(papers)], work)
    count = len(list(papers.glob("*.md")))
    if count != n:
        raise SystemExit(f"bench_search: the import made {count} pages of {n} abstracts "
                         f"({list_path}); see `paperlist import` on it")
    sites: dict[str, Path] = {}
    for system in ("ours", "lunr") if lunr else ("ours",):
        variant = VARIANT_OF[system]
        proj = work / variant
        site = proj / "site"
        if not (reuse and not fresh and (site / "papers.json").is_file()):
            shutil.rmtree(proj, ignore_errors=True)
            make_projects(work, papers, project, (variant,))
            times[f"build_{system}_s"], _, _ = build(proj, strict=True)
        sites[system] = site
    return sites, times


# ----------------------------------------------------------------------------- output


def _num(value: float, fmt: str) -> str:
    return "-" if value != value else fmt.format(value)  # NaN: no value


def table(results: Sequence[dict[str, Any]]) -> str:
    """Rows: kind x measure; one column per N, each cell 'ours / BM25 / lunr'."""
    systems = [s for s in SYSTEMS if any(s in r["systems"] for r in results)]
    head = " / ".join(SYSTEM_LABELS[s] for s in systems)
    rows: list[list[str]] = [["measure"] + [f"N={r['n']}: {head}" for r in results]]

    def cell(r: dict[str, Any], get: Callable[[dict[str, Any]], float], fmt: str,
             only: Sequence[str] = SYSTEMS) -> str:
        parts = []
        for s in systems:
            try:
                parts.append(_num(get(r["systems"][s]), fmt) if s in only else "-")
            except KeyError:
                parts.append("-")
        return " / ".join(parts)

    kinds = list(dict.fromkeys(k for r in results for s in r["systems"].values()
                               for k in s["kinds"]))
    browser = ("ours", "lunr")
    for kind in kinds:
        for label, key, fmt, only in (
                ("queries", "n", "{:.0f}", SYSTEMS), ("R@1", "r1", "{:.2f}", SYSTEMS),
                ("R@10", "r10", "{:.2f}", SYSTEMS), ("MRR@10", "mrr10", "{:.2f}", SYSTEMS),
                ("median ms after last key", "ms", "{:.0f}", browser),
                ("median KB fetched", "kb", "{:.0f}", browser),
                ("median queries sent", "sent", "{:.0f}", browser),
                ("not settled", "unsettled", "{:.0f}", browser)):
            rows.append([f"{kind} {label}"] + [
                cell(r, lambda m, k=kind, key=key: m["kinds"][k][key], fmt, only)
                for r in results])
    speed_kinds = list(dict.fromkeys(k for r in results for s in r["systems"].values()
                                     for k in s.get("speed", {})))
    for kind in speed_kinds:
        for label, key, scale in (("1st result ms", "first_ms", 1), ("KB fetched", "downloaded",
                                                                     1e3),
                                  ("KB fetched gzipped as served", "downloaded_wire", 1e3),
                                  ("follow-up ms", "follow_up_ms", 1)):
            rows.append([f"speed '{kind}' {label}"] + [
                cell(r, lambda m, k=kind, key=key, d=scale: m["speed"][k][key] / d, "{:.0f}",
                     browser) for r in results])
        if kind in TYPED_KINDS:
            rows.append([f"speed '{kind}' typed, {READER_KEY_MS} ms a key: ms after the last"]
                        + [cell(r, lambda m, k=kind: m["speed"][k]["typed_ms"], "{:.0f}",
                                browser) for r in results])
    return format_rows(rows)


# ----------------------------------------------------------------------------- main


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bench_search.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--papers", type=int, nargs="+", default=[19, 3300],
                        help="list sizes: the first N papers of --data (default: 19 3300)")
    parser.add_argument("--sample", type=int, default=100, help="queries per kind (default 100)")
    parser.add_argument("--seed", type=int, default=2026, help="of the sample and the typos")
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(DEFAULT_KINDS),
                        help="query kinds (author runs only where pages have authors)")
    parser.add_argument("--speed", type=int, default=5,
                        help="queries per speed-target kind (default 5; 0: none)")
    parser.add_argument("--data", type=Path,
                        help="JSON lines of {title, abstract} (default: ../shared/data/"
                             "iclr-2026-papers.jsonl beside --project)")
    parser.add_argument("--project", type=Path, default=Path("."),
                        help="the catalogue whose mkdocs.yml and docs/ are built "
                             "(default: the current folder)")
    parser.add_argument("--work", type=Path, help="build in DIR/n<N>/ and keep it")
    parser.add_argument("--reuse", action="store_true",
                        help="with --work: use the import and sites already there")
    parser.add_argument("--site", type=Path,
                        help="evaluate this built site as 'ours' instead of building")
    parser.add_argument("--no-lunr", action="store_true", help="skip stock lunr search")
    parser.add_argument("--no-bm25", action="store_true", help="skip the BM25 reference")
    parser.add_argument("--no-browser", action="store_true", help="BM25 only")
    parser.add_argument("--quiet-ms", type=int, default=500,
                        help="no change for this long after the full query's answer: settled")
    parser.add_argument("--timeout-s", type=float, default=60, help="per query")
    parser.add_argument("--direct", action="store_true",
                        help="ours: call the engine on the search page instead of typing "
                             "into the box (ranking only, ~40x faster; no ms or KB)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--details", action="store_true",
                        help="with --json: every query with its rank in each system")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    project = args.project.resolve()
    data = args.data or project.parent / "shared" / "data" / "iclr-2026-papers.jsonl"
    if args.reuse and not args.work:
        parser.error("--reuse needs --work")
    opts = Options(kinds=tuple(args.kinds), sample=args.sample, seed=args.seed,
                   speed=0 if args.no_browser else args.speed, quiet_ms=args.quiet_ms,
                   timeout_s=args.timeout_s, bm25=not args.no_bm25, details=args.details,
                   direct=args.direct)
    pw = browser = None
    if not args.no_browser:
        from playwright.sync_api import sync_playwright
        pw = sync_playwright().start()
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    results: list[dict[str, Any]] = []
    try:
        if args.site:
            n = len(load_site_papers(args.site))
            results.append(evaluate(n, load_records(data, n), {"ours": args.site}, browser,
                                    opts))
        for n in [] if args.site else args.papers:
            results.append(_one_size(n, data, project, args, browser, opts))
            if args.json:
                args.json.write_text(json.dumps(results, indent=1))
    finally:
        if browser is not None:
            browser.close()
        if pw is not None:
            pw.stop()
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    print(table(results))
    return 0


def _one_size(n: int, data: Path, project: Path, args: argparse.Namespace, browser: Any,
              opts: Options) -> dict[str, Any]:
    """Import and build N papers (in --work or a temporary folder), then evaluate."""
    base = args.work or Path(tempfile.mkdtemp(prefix="paperlist-bench-search-"))
    print(f"bench_search: {n} papers ...", file=sys.stderr, flush=True)
    try:
        records = load_records(data, n)
        lunr = not args.no_lunr and n <= LUNR_MAX_PAPERS and browser is not None
        sites, times = prepare(n, records, base / f"n{n}", project, lunr, args.reuse)
        result = evaluate(n, records, sites, browser, opts)
        result["prepare"] = times
        return result
    finally:
        if not args.work:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
