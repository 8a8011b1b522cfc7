"""The catalogue as the site sees it: every page in papers/, resolved against the taxonomy.

Loaded once per build; the site generators and the MkDocs plugin read only this, so the
whole site can be built (and tested) from the same model without MkDocs.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import yaml

from paperlist.model.page import MAX_PARAGRAPH_CHARS, Page, PageError, read_page
from paperlist.model.taxonomy import Tag, Taxonomy, load_taxonomy
from paperlist.util.background import split_map
from paperlist.util.collector import collector_paused
from paperlist.util.text import has_scheme, slugify

CATALOGUE_FILE = "catalogue.yml"
#: from this many pages on, reading is split across two processes
PARALLEL_READ_MIN = 2000
#: How confident a tag page takes a paper's tag to be (`Paper.confidence`), beside the
#: tagger's own scores (model/page.py TAG_SCORES): a tag an editor chose (in `tags` but
#: not among the importer's `inferred.tags`) is as confident as can be, so such papers
#: come first; an inferred tag without a stored score (a page imported before scores
#: were kept, or a score check reports as broken) comes after every scored one.
EDITOR_CHOSEN = math.inf
UNSCORED = -1.0


@dataclass
class Paper:
    """One paper, as the site shows it: its page (model/page.py `Page`, the file as an
    editor wrote it) resolved against the taxonomy, with defaults filled in. Not MkDocs'
    `Page`, which the plugin alone handles."""

    id: str
    path: Path
    title: str
    name: str
    other_names: list[str]
    authors: list[str]
    venue: str
    tags: list[Tag]
    #: every kind of model/page.py LINK_KINDS (the abstract's and the record's), http(s)
    #: links only, [] when there are none
    links: dict[str, list[str]]
    body: str
    title_inferred: bool
    #: one per author, in the authors' order, '' where unknown; [] when the page names
    #: none (padded or cut to the authors' length: a mismatch is `paperlist check`'s to
    #: report, the site shows what lines up)
    affiliations: list[str] = field(default_factory=list)
    #: the conference's decision ("Oral", "Poster"...) and track ("main"...), '' if unknown
    status: str = ""
    track: str = ""
    #: the page's whole frontmatter as read (exports publish it exactly, unknown keys too)
    meta: dict[str, Any] = field(default_factory=dict)
    #: its venue's slug when the catalogue has several venues (each then has a page);
    #: '' with one venue, whose site looks as it always has
    venue_slug: str = ""
    #: tag slug -> how confident the tagger is of it (the score stored under `inferred:`),
    #: EDITOR_CHOSEN or UNSCORED: what tag pages order by, read from the page, never
    #: re-scored (scoring 12,000 abstracts would cost each build ~8 s)
    confidence: dict[str, float] = field(default_factory=dict)

    @cached_property
    def src_uri(self) -> str:
        """The page's path in the site's sources: under its folder's name ("papers/x.md"),
        which is also where the site serves it ("/papers/x/")."""
        return f"{self.path.parent.name}/{self.path.name}"

    @property
    def title_says_name(self) -> bool:
        """Whether the title begins with the short name ("WildCat: ...", as inferred
        titles do): listings, the map and search results then leave out the name chip they
        show beside other titles, which would only repeat it. (search-text.js `nameShown`
        is the same rule for results drawn from the search index.)"""
        return bool(self.name) and plain_title(self.title).startswith(self.name)


#: a command that takes an argument, its argument the words (`\\texttt{HALO}`)
_WRAPPING = re.compile(r"\\[A-Za-z]+\s*(?=\{)")
_COMMAND = re.compile(r"\\([A-Za-z]+)")
_MATH_MARKS = re.compile(r"[${}^_\\]")


def plain_title(title: str) -> str:
    """A title's words without its formulas' markup ("$\\texttt{HALO}$: ..." is "HALO:
    ...", "$\\epsilon$-Maxima" "epsilon-Maxima"), to order titles by and to find the name a
    title begins with: a title that began with a formula sorted first, under "$", and
    listings repeated the name it spells as a chip beside it."""
    if "$" not in title:
        return title
    return _MATH_MARKS.sub("", _COMMAND.sub(r"\1", _WRAPPING.sub("", title)))


@dataclass
class Catalogue:
    title: str
    venue: str
    taxonomy: Taxonomy
    papers: list[Paper]
    by_file: dict[str, Paper] = field(default_factory=dict)
    #: tag slug -> entries carrying it, most confident first (`Paper.confidence`: editors'
    #: tags, then the tagger's score, highest first, then unscored ones; ties by the tag's
    #: place in the page's list, then title)
    by_tag: dict[str, list[Paper]] = field(default_factory=dict)
    #: problems that do not stop a build but must be seen (strict builds fail on them)
    problems: list[str] = field(default_factory=list)
    #: venue slug -> its papers in the catalogue's order, and the venue's name as the pages
    #: write it; filled only when there are two or more
    by_venue: dict[str, list[Paper]] = field(default_factory=dict)
    venue_names: dict[str, str] = field(default_factory=dict)
    #: pages left out because they cannot be read: only ever filled by a lenient load
    #: (a live preview shows them as errors; a build stops on them)
    unreadable: list[PageError] = field(default_factory=list)


def _str_list(value: object) -> list[str]:
    return [str(x) for x in value] if isinstance(value, list) else []


def _text(value: object) -> str:
    """A one-line field (status, track) as text; a list or mapping there is the checker's
    to report, so the site shows nothing rather than its Python repr."""
    ok = isinstance(value, str | int | float) and not isinstance(value, bool)
    return str(value).strip() if ok else ""


def aligned(affiliations: object, authors: list[str]) -> list[str]:
    """Affiliations as the site shows them: one per author ('' padding a short list, a
    long one cut; `~` is unknown too), or [] when none is known, so that a page without
    them renders as it always has."""
    given = [_text(a) for a in affiliations] if isinstance(affiliations, list) else []
    given = given[: len(authors)]
    if not any(given):
        return []
    return given + [""] * (len(authors) - len(given))


def _http_only(urls: list[str]) -> list[str]:
    """Only http(s) links reach an href (the checker reports the rest)."""
    return [u for u in urls if has_scheme(u)]


def tag_confidence(page: Page, tags: list[Tag], taxonomy: Taxonomy) -> dict[str, float]:
    """Each of the paper's tags (resolved) -> how confident the tagger is of it: its stored
    score; EDITOR_CHOSEN for a tag the importer did not infer (a human chose it); UNSCORED
    for an inferred tag without a valid score. Read from the page alone, so cheap."""
    scores: dict[str, float] = {}
    stored = page.tag_scores
    for name in page.inferred_tags:
        tag = taxonomy.by_name(name) or taxonomy.by_slug(name)
        if tag is not None and tag.slug not in scores:
            scores[tag.slug] = stored.get(name, UNSCORED)
    return {t.slug: scores.get(t.slug, EDITOR_CHOSEN) for t in tags}


#: the fields the site shows as lists
_LIST_FIELDS = ("authors", "affiliations", "other_names", "tags")


def _shape_problems(page: Page, taxonomy: Taxonomy) -> list[str]:
    """What the site would show less of than the page says, so that the build stops
    where `paperlist check` (and so CI) does instead of leaving it out: a list written as
    text (`authors: Ada Lovelace, Alan Turing` showed no authors, `code: https://...` no
    Code button), more tags than a paper may have (all were shown), affiliations that
    do not line up with the authors (beside the wrong names)."""
    out: list[str] = []

    def say(key: str, what: str, line: int | None = None) -> None:
        out.append(f"{page.path}:{line or page.key_lines.get(key, 1)}: {what} (`paperlist "
                   "check` says how to fix it)")

    meta = page.meta
    for key, line in page.repeated.items():
        say(key, f"{key} is written twice, and only this one would be shown", line)
    for key in _LIST_FIELDS:
        if meta.get(key) not in (None, "", []) and not isinstance(meta.get(key), list):
            say(key, f"{key} is not a list, so the site would show none of it")
    links = meta.get("links")
    for kind, urls in (links.items() if isinstance(links, dict) else []):
        if urls not in (None, "", []) and not isinstance(urls, list):
            say("links", f"links.{kind} is not a list, so the site would show none of it")
    limit = int(taxonomy.selection["max_tags"])
    if isinstance(meta.get("tags"), list) and len(meta["tags"]) > limit:
        say("tags", f"{len(meta['tags'])} tags, more than a paper has (at most {limit})")
    authors, affiliations = meta.get("authors"), meta.get("affiliations")
    if isinstance(authors, list) and isinstance(affiliations, list) and affiliations and \
            len(affiliations) != len(authors):
        say("affiliations", f"{len(affiliations)} affiliations beside {len(authors)} authors: "
            "they would name the wrong people")
    return out


def paper_from_page(page: Page, taxonomy: Taxonomy, problems: list[str]) -> Paper:
    assert page.path is not None
    problems += _shape_problems(page, taxonomy)
    tags: list[Tag] = []
    for n, name in enumerate(page.tags):
        tag = taxonomy.by_name(name) or taxonomy.by_slug(name)
        if tag is None:
            line = page.key_lines.get(f"tags[{n}]") or page.key_lines.get("tags", 1)
            problems.append(f"{page.path}:{line}: unknown tag {name!r}; did you mean "
                            f"{taxonomy.closest(name).name!r}?")
        elif tag not in tags:
            tags.append(tag)
    links = {k: _http_only(v) for k, v in page.links.items()}
    authors = _str_list(page.meta.get("authors"))
    return Paper(
        id=page.id or page.path.stem,
        path=page.path,
        title=page.title.strip() or page.path.stem,
        name=str(page.meta.get("name") or ""),
        other_names=_str_list(page.meta.get("other_names")),
        authors=authors,
        venue=str(page.meta.get("venue") or ""),
        tags=tags,
        links=links,
        body=page.body,
        title_inferred=bool(page.meta.get("title_inferred", False)),
        affiliations=aligned(page.meta.get("affiliations"), authors),
        status=_text(page.meta.get("status")),
        track=_text(page.meta.get("track")),
        meta=page.meta,
        confidence=tag_confidence(page, tags, taxonomy),
    )


def _read_all(paths: list[Path]) -> list[Page | PageError]:
    out: list[Page | PageError] = []
    for path in paths:
        try:
            out.append(read_page(path))
        except PageError as e:
            out.append(e)
    return out


def read_pages(paths: list[Path]) -> list[Page | PageError]:
    """Each page, or the error that stops it being read, in the order given. A big
    catalogue is read half here, half on the other core: YAML parsing is most of the
    time an import, an enrich or a build spends reading. The pages live as long as the
    command: the garbage collector is held off meanwhile (util/collector.py)."""
    with collector_paused():
        return split_map(_read_all, paths, PARALLEL_READ_MIN)


def load_catalogue(papers_dir: Path, taxonomy: Taxonomy | None = None, *,
                   lenient: bool = False) -> Catalogue:
    """Read every page; a page that cannot be read stops the build with its file and line.
    Lenient (a live preview, where one broken page must not take the whole site down),
    such pages are left out instead and listed in `unreadable`. The papers live as long
    as the command: the garbage collector is held off meanwhile (util/collector.py)."""
    with collector_paused():
        return _load(papers_dir, taxonomy or load_taxonomy(), lenient)


def _load(papers_dir: Path, taxonomy: Taxonomy, lenient: bool) -> Catalogue:
    meta: dict = {}
    cat_path = papers_dir / CATALOGUE_FILE
    if cat_path.exists():
        meta = yaml.safe_load(cat_path.read_text(encoding="utf-8")) or {}
    problems: list[str] = []
    entries: list[Paper] = []
    errors: list[PageError] = []
    for page in read_pages(sorted(papers_dir.glob("*.md"))):
        if isinstance(page, PageError):
            errors.append(page)
            continue
        path = page.path
        assert path is not None
        if len(page.body) > MAX_PARAGRAPH_CHARS:  # a paste error; rendering it takes minutes
            errors.append(PageError(path, page.body_line, f"the abstract is "
                                    f"{len(page.body):,} characters, longer than any abstract "
                                    f"(limit {MAX_PARAGRAPH_CHARS:,}); keep only the paper's "
                                    "abstract"))
            continue
        entries.append(paper_from_page(page, taxonomy, problems))
    if errors and not lenient:
        raise ValueError("cannot build: some pages cannot be read\n  "
                         + "\n  ".join(str(e) for e in errors))
    return _assemble(Catalogue(title=str(meta.get("title") or ""),
                               venue=str(meta.get("venue") or ""), taxonomy=taxonomy,
                               papers=entries, problems=problems, unreadable=errors))


def with_papers(cat: Catalogue, changed: list[Paper]) -> Catalogue:
    """The catalogue with some papers replaced by a newer reading of their pages (the
    same files: a live preview's edit), everything derived from the papers made again as
    load_catalogue makes it, so the result is what loading every page would give. The
    papers not replaced are shared with `cat`: their venue_slug is the new catalogue's."""
    by_name = {e.path.name: e for e in changed}
    if not by_name.keys() <= cat.by_file.keys():
        raise ValueError("with_papers replaces pages; it cannot add any")
    entries = [by_name.get(e.path.name, e) for e in cat.papers]
    new = _assemble(Catalogue(title=cat.title, venue=cat.venue, taxonomy=cat.taxonomy,
                              papers=entries, problems=list(cat.problems),
                              unreadable=list(cat.unreadable)))
    if not new.venue_names:  # one venue now: no paper has a venue page
        for e in new.papers:
            e.venue_slug = ""
    return new


def _assemble(cat: Catalogue) -> Catalogue:
    """Order the papers and index them by file, tag and venue."""
    entries = cat.papers
    entries.sort(key=lambda e: (plain_title(e.title).casefold(), e.id))
    cat.by_file = {e.path.name: e for e in entries}
    rank: dict[str, list[tuple[float, int, int, Paper]]] = {}
    for order, e in enumerate(entries):
        confidence = e.confidence
        for pos, tag in enumerate(e.tags):
            rank.setdefault(tag.slug, []).append(
                (-confidence.get(tag.slug, UNSCORED), pos, order, e))
    cat.by_tag = {slug: [t[3] for t in sorted(items, key=lambda t: t[:3])]
                  for slug, items in rank.items()}
    _group_venues(cat)
    return cat


def _group_venues(cat: Catalogue) -> None:
    """by_venue and venue_names, and each paper's venue_slug, when the papers come from
    more than one venue. Venues are told apart by their slug (util/text.py `slugify`), so
    'ICML 2026' and 'icml 2026' are one venue, named as most of its pages write it (ties:
    the first in sort order)."""
    spellings: dict[str, dict[str, int]] = {}
    for e in cat.papers:
        slug = slugify(e.venue) if e.venue else ""
        if slug:
            names = spellings.setdefault(slug, {})
            names[e.venue] = names.get(e.venue, 0) + 1
    if len(spellings) < 2:
        return
    for e in cat.papers:
        e.venue_slug = slugify(e.venue) if e.venue else ""
        if e.venue_slug:
            cat.by_venue.setdefault(e.venue_slug, []).append(e)
    cat.venue_names = {slug: min(names, key=lambda v: (-names[v], v))
                       for slug, names in sorted(spellings.items())}
    cat.by_venue = {slug: cat.by_venue[slug] for slug in cat.venue_names}
