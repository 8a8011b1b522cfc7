"""What the browser's search engine (assets/search-core.js) reads beside the Pagefind index.

Pagefind answers "which papers hold this word, how well"; everything else the engine needs
is made here, once the index is written (search/index.py), from its fragments and the
catalogue:

* engine.json — the settings in data/search.yml, the tags (slug, name) and, of those with
  papers, their pages and how many (`tag_pages`: a query naming a tag offers its page,
  search-text.js `topics`), where the other files are, where Pagefind's index chunks
  begin and end (search/chunks.py), and `texts` the header box shows as the pages do (the
  legend of italic titles). Small: every query fetches it.
* catalogue.json — one row per paper, by Pagefind's page id: tags, venue, has code / data,
  and the decision (status) when some paper has one. Fetched only for the search page's
  facets, `venue:` and an author's papers without words (908 KB at 30,000 papers).
* tags/<slug>.json — a tag's papers: their ids and places in the catalogue, in catalogue
  order. What `tag:` fetches, so the header box never needs the catalogue for it.
* authors.json — each author name as written on the pages, with their papers' ids. Fetched
  only for `author:`.
* vocabulary/<n>.txt — the index's words of n letters, most widespread first: what a typo is
  corrected to. A query fetches only the lengths within two of a word no paper holds.
* fragments.json — in a small catalogue only (data/search.yml `fragment_bundle_max_kb`):
  every page's fragment, by page id, in one file the engine fetches with Pagefind instead
  of a request per result (lunr, Material's own search, holds all the text in its index).

The words are read from the text Pagefind stored for each page (its fragments), so the
vocabulary is exactly what the index holds, split as search-core.js `words` splits a query.
The same pass gives engine.json's `common` words: every form of a word family (`family`:
"learned", "learning", "learns" are "learn"'s) that `common_share` of the papers or more
hold some form of. Pagefind searches a word by its stem, so "learned" costs as much as
"learning" (0.5 s at 30,000 papers, "models" 2 s); a long query does not search these
(search-core.js), and they hardly move its ranking.
"""

from __future__ import annotations

import gzip
import json
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from paperlist import DATA_DIR
from paperlist.model.catalogue import Paper
from paperlist.search.chunks import MAGIC, chunk_bounds
from paperlist.search.compounds import TITLE_FIELDS
from paperlist.structure import paths
from paperlist.util.background import split_join

#: Where the engine's files go in the site; search-load.js names ENGINE_FILE itself.
SEARCH_DATA = f"{paths.ASSETS}/search"
ENGINE_FILE = f"{SEARCH_DATA}/engine.json"
#: abbreviation -> tag slug, for a `tag:` value no tag's slug or name is (`tag:llm`)
TAG_ABBREVIATIONS_FILE = f"{SEARCH_DATA}/tag-abbreviations.json"
CATALOGUE_FILE = f"{SEARCH_DATA}/catalogue.json"
AUTHORS_FILE = f"{SEARCH_DATA}/authors.json"
VOCABULARY_DIR = f"{SEARCH_DATA}/vocabulary/"
TAGS_DIR = f"{SEARCH_DATA}/tags/"
FRAGMENTS_FILE = f"{SEARCH_DATA}/fragments.json"
#: Authors are one meta value on a page (search/index.py), joined by this.
AUTHOR_SEPARATOR = "; "
#: Words shorter than this are never corrected to (nor, by the settings, from).
_MIN_VOCABULARY_LETTERS = 3
#: From this many pages the words are counted on both cores (3 s at 30,000 papers)
PARALLEL_SPREAD_MIN = 4000


@dataclass(frozen=True)
class Row:
    """What the engine filters and counts a paper by."""

    url: str
    tags: tuple[str, ...]
    venue: str
    code: bool
    data: bool
    authors: tuple[str, ...]
    #: the conference's decision ("Oral", "Poster"), '' when unknown
    status: str = ""


def row(paper: Paper, url: str) -> Row:
    """A paper's row; url: its site-root-relative URL ('papers/x/')."""
    return Row(url=url, tags=tuple(t.slug for t in paper.tags), venue=paper.venue,
               code=bool(paper.links["code"]), data=bool(paper.links["data"]),
               authors=tuple(paper.authors), status=paper.status)


@cache
def settings() -> dict[str, Any]:
    """data/search.yml: ranking and correction settings, stop words."""
    return yaml.safe_load((DATA_DIR / "search.yml").read_text(encoding="utf-8"))


def read_fragments(pagefind_dir: Path) -> dict[str, dict[str, Any]]:
    """Pagefind page id ('en_1a2b3c4') -> the page as Pagefind stored it (url, content...)."""
    out = {}
    for path in sorted((pagefind_dir / "fragment").glob("*.pf_fragment")):
        raw = gzip.decompress(path.read_bytes())
        if not raw.startswith(MAGIC):
            raise ValueError(f"{path.name}: not a Pagefind 1.5/1.6 fragment; the search engine "
                             "reads them, so check the pinned pagefind version")
        out[path.name.removesuffix(".pf_fragment")] = json.loads(raw[len(MAGIC):])
    return out


_WORD_PARTS = re.compile(r"[^\W_]+")


def words(text: str) -> list[str]:
    """Words as Pagefind indexes them (search-text.js `words`): per space-separated token,
    lower case without accents, letters and digits only ("multi-agent" -> "multiagent");
    and the parts of a joined token, which Pagefind indexes too and a query searches
    (search-text.js `terms`)."""
    out: list[str] = []
    ascii_text = text.isascii()  # most abstracts: lower case is all there is to do
    for token in (text.lower() if ascii_text else text).split():
        if ascii_text or token.isascii():  # lower() never makes or takes away a space
            token = token if ascii_text else token.lower()
            if token.isalnum():  # one part, as the pattern would find it
                out.append(token)
            else:
                _add_parts(token, out)
            continue
        # accents off first, then lower case, as over the whole text (a Greek sigma's
        # lower case depends on the letters around it, which the marks may be), token by
        # token: NFKD decomposes character by character, and a compatibility form may
        # hold a space
        plain = "".join(c for c in unicodedata.normalize("NFKD", token)
                        if not unicodedata.combining(c))
        for piece in plain.lower().split():
            _add_parts(piece, out)
    return out


def _add_parts(token: str, out: list[str]) -> None:
    """A token's letter-and-digit parts, and all of them run together when there are
    several ("multi-agent": "multiagent", "multi", "agent")."""
    parts = _WORD_PARTS.findall(token)
    if len(parts) > 1:
        out.append("".join(parts))
    out.extend(parts)


#: Endings a word family drops (`family`), longest first: a rough stand-in for the stemmer
#: Pagefind searches with, enough to tell which words it lists on most papers.
_ENDINGS = ("ations", "ation", "ings", "ing", "ers", "er", "ies", "ied", "es", "ed", "ly", "s", "y")


def family(word: str) -> str:
    """The word without its first ending of _ENDINGS that leaves 4 letters or more."""
    for end in _ENDINGS:
        if word.endswith(end) and len(word) - len(end) >= 4:
            return word[: -len(end)]
    return word


def spread(contents: list[str]) -> tuple[Counter[str], Counter[str]]:
    """(alphabetic word of 3+ letters -> how many of the pages hold it, word family -> how
    many of the pages hold a word of it)."""
    out: Counter[str] = Counter()
    families: Counter[str] = Counter()
    family_of: dict[str, str] = {}  # a word's family, worked out once per word
    for content in contents:
        held = {w for w in words(content) if len(w) >= _MIN_VOCABULARY_LETTERS and w.isalpha()}
        out.update(held)
        kin = set()
        for w in held:
            f = family_of.get(w)
            if f is None:
                f = family_of[w] = family(w)
            kin.add(f)
        families.update(kin)
    return out, families


def _added(a: tuple[Counter[str], Counter[str]], b: tuple[Counter[str], Counter[str]],
           ) -> tuple[Counter[str], Counter[str]]:
    """Two `spread`s of parts of the pages, as one of all of them."""
    return a[0] + b[0], a[1] + b[1]


def vocabulary(contents: list[str] | Counter[str], min_papers: int) -> dict[int, list[str]]:
    """Word length -> the alphabetic words at least min_papers pages hold, most widespread
    first (ties alphabetical, so the files are the same build to build). contents: the
    pages' texts, or their `spread` already counted."""
    spread_ = contents if isinstance(contents, Counter) else spread(contents)[0]
    by_length: dict[int, list[str]] = {}
    for word, n in sorted(spread_.items(), key=lambda kv: (-kv[1], kv[0])):
        if n >= min_papers:
            by_length.setdefault(len(word), []).append(word)
    return by_length


def engine_files(pagefind_dir: Path, rows: list[Row], tags: list[tuple[str, str]],
                 pagefind_path: str, texts: dict[str, Any] | None = None,
                 abbreviations: dict[str, str] | None = None,
                 tag_pages: dict[str, str] | None = None,
                 fragments: dict[str, dict[str, Any]] | None = None) -> dict[str, str]:
    """Site path -> content of every file the engine reads (see the module docstring).

    rows: the catalogue's papers in catalogue order; tags: (slug, name) of every tag in the
    taxonomy; pagefind_path: Pagefind's bundle folder in the site; texts: what the pages
    say that the header box says too, written once by the markup (the plugin gives html/
    inferred.py INFERRED_LEGEND as `inferred_legend`), engine.json's `texts`;
    abbreviations: the taxonomy's `abbreviation_tags`, fetched only for a `tag:` value
    that is no tag's slug or name; tag_pages: each tag's page, by slug, as a site path
    ('tags/x/'); fragments: the bundle's fragments as its writer kept them (in name
    order), else read from pagefind_dir.
    """
    if fragments is None:
        fragments = read_fragments(pagefind_dir)
    id_of = {f["url"].lstrip("/"): pid for pid, f in fragments.items()}
    missing = [r.url for r in rows if r.url not in id_of]
    if missing:
        raise ValueError(f"Pagefind did not index {len(missing)} papers, e.g. {missing[0]}")
    conf = settings()
    min_papers = (1 if len(rows) < conf["vocabulary_all_below"]
                  else conf["vocabulary_min_papers"])
    # (the build waits for this: the other core helps; util/background.py)
    counts, families = split_join(spread, [f["content"] for f in fragments.values()],
                                  PARALLEL_SPREAD_MIN, _added)
    vocab = vocabulary(counts, min_papers)
    files = {f"{VOCABULARY_DIR}{n}.txt": "\n".join(ws) + "\n" for n, ws in vocab.items()}
    stop = set(conf["stopwords"])
    common = (sorted(w for w in counts if w not in stop
                     and families[family(w)] >= conf["common_share"] * len(rows))
              if len(rows) >= conf["common_from_papers"] else [])

    slugs = [slug for slug, _ in tags]
    tag_index = {slug: i for i, slug in enumerate(slugs)}
    venues = sorted({r.venue for r in rows if r.venue})
    venue_index = {v: i for i, v in enumerate(venues)}
    papers = [[id_of[r.url], [tag_index[t] for t in r.tags if t in tag_index],
               venue_index[r.venue] if r.venue else -1,
               int(r.code) | int(r.data) << 1] for r in rows]
    catalogue: dict[str, Any] = {"tags": slugs, "venues": venues, "papers": papers}
    # The decision is a fifth column, only in a catalogue that has some (enriched pages):
    # one never enriched keeps its file as it was.
    statuses = sorted({r.status for r in rows if r.status})
    if statuses:
        status_index = {s: i for i, s in enumerate(statuses)}
        for packed, r in zip(papers, rows, strict=True):
            packed.append(status_index[r.status] if r.status else -1)
        catalogue = {"tags": slugs, "venues": venues, "statuses": statuses, "papers": papers}
    files[CATALOGUE_FILE] = _json(catalogue)
    by_tag: dict[str, dict[str, list[Any]]] = {slug: {"ids": [], "at": []} for slug in slugs}
    for at, r in enumerate(rows):
        for t in r.tags:
            if t in by_tag:
                by_tag[t]["ids"].append(id_of[r.url])
                by_tag[t]["at"].append(at)
    for slug, papers_of in by_tag.items():
        files[f"{TAGS_DIR}{slug}.json"] = _json(papers_of)
    by_author: dict[str, list[str]] = {}
    for r in rows:
        for name in r.authors:
            by_author.setdefault(name, []).append(id_of[r.url])
    names = sorted(by_author)
    files[AUTHORS_FILE] = _json({"names": names, "papers": [by_author[n] for n in names]})
    if abbreviations:
        files[TAG_ABBREVIATIONS_FILE] = _json(abbreviations)
    bundle = _bundle(fragments, conf["fragment_bundle_max_kb"] * 1000)
    if bundle is not None:
        files[FRAGMENTS_FILE] = bundle
    files[ENGINE_FILE] = _json({
        "papers": len(rows),
        "pagefind": f"{pagefind_path}/pagefind.js",
        "fragments": f"{pagefind_path}/fragment/",
        "fragment_bundle": FRAGMENTS_FILE if bundle is not None else None,
        "catalogue": CATALOGUE_FILE,
        "tag_papers": TAGS_DIR,
        "tag_abbreviations": TAG_ABBREVIATIONS_FILE if abbreviations else None,
        "authors": AUTHORS_FILE,
        "vocabulary": {"dir": VOCABULARY_DIR,
                       "files": {str(n): f"{n}.txt" for n in sorted(vocab)}},
        "tags": [[slug, name] for slug, name in tags],
        "tag_pages": {slug: [tag_pages[slug], len(by_tag[slug]["ids"])] for slug in slugs
                      if by_tag[slug]["ids"] and slug in (tag_pages or {})},
        "venues": venues,
        "author_separator": AUTHOR_SEPARATOR,
        "title_fields": list(TITLE_FIELDS),
        **{key: conf[key] for key in ("min_match", "min_match_weight", "coordination",
                                      "saturation", "title_weight", "proximity",
                                      "proximity_window", "extension_weight",
                                      "exact_max_papers")},
        **dict(zip(("chunks", "chunk_ends"), chunk_bounds(pagefind_dir), strict=True)),
        "stem_chunks_max": conf["stem_chunks_max"],
        "whole_words_from": conf["whole_words_from"],
        **{key: conf[key] for key in ("correct_min_letters", "correct_max_edits",
                                      "correct_stemmed_max_edits", "correct_two_edits_from",
                                      "form_endings")},
        "common": common,
        "common_family": {w: [family(w), families[family(w)]] for w in common},
        "common_rescore": conf["common_rescore"],
        "common_skip_from": conf["common_skip_from"],
        "common_keep": conf["common_keep"],
        "written_max_words": conf["written_max_words"],
        "written_pool": conf["written_pool"],
        "named_pool": conf["named_pool"],
        "stopwords": sorted(conf["stopwords"]),
        "topics_max": conf["topics_max"],
        "texts": texts or {},
    })
    return files


def _bundle(fragments: dict[str, dict[str, Any]], max_bytes: float) -> str | None:
    """The fragments as one JSON object (what `_json` would write), or None once it would
    pass max_bytes: a large catalogue's would be tens of MB, made only to be dropped."""
    parts: list[str] = []
    size = 3  # "{", "}" and the newline
    for pid, fragment in fragments.items():
        part = f"{_json(pid)[:-1]}:{_json(fragment)[:-1]}"
        size += len(part.encode()) + (1 if parts else 0)
        if size > max_bytes:
            return None
        parts.append(part)
    return "{" + ",".join(parts) + "}\n"


def _json(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
