"""`paperlist import`: turn a list into pages without ever undoing an editor's work.

Every page records (under `inferred:`) what the importer last wrote for the fields it
infers. On a later import a field is refreshed only while it still equals that record;
a field an editor changed is theirs from then on. Lists (tags, names, links) merge the
same way item by item: what an editor added stays added, what they removed stays removed.
The id is never touched once a page exists.

A page is tied to its paragraph by the paragraph's digest (`source.digest`), so a
corrected paragraph (a typo fixed, a sentence added) no longer finds its page by it. Such
a paragraph is matched, by its words (paperlist.match), against the pages whose paragraph
left the list, and updates that page — its abstract too, unless an editor has changed the
abstract, in which case nothing is overwritten and the conflict is reported — instead of
becoming a second page of the same paper.

A catalogue may hold several lists (`papers/source/*.txt`, one per venue or track). An
import sees only its own list's pages: those whose digest is one of its paragraphs, and
those of its venue whose digest is in no other list of the catalogue (a page whose
paragraph was corrected or removed, or that an editor tied to nothing). A page no list
has whose venue an editor changed may still be re-linked to a corrected paragraph (that
is found by its words, never a guess), but no list reports it gone or prunes it. Every
other page is another list's and is left alone, so importing list B can never take list
A's pages for its own orphans. With one list, every page is its own, as before.
"""

from __future__ import annotations

import contextlib
import difflib
import os
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TextIO, TypeVar

import yaml

from paperlist.infer.ids import slug_for
from paperlist.infer.links import extract_links
from paperlist.infer.names import infer_names
from paperlist.infer.tags import infer_tags
from paperlist.infer.titles import infer_title
from paperlist.ingest.cache import FieldsCache, text_key
from paperlist.ingest.listfile import (
    VENUE_EXAMPLE,
    ListError,
    ParsedList,
    find_venue,
    missing_venue,
    paragraph_digest,
    parse_list,
    read_list,
)
from paperlist.match.matcher import match_texts
from paperlist.model.catalogue import CATALOGUE_FILE, read_pages
from paperlist.model.page import (
    ABSTRACT_LINK_KINDS,
    LINK_KINDS,
    PAGE_HANDLER,
    TAG_SCORE_DECIMALS,
    TAG_SCORES,
    Page,
    PageError,
    dump_page,
)
from paperlist.model.rewrite import rewrite_page
from paperlist.model.taxonomy import load_taxonomy
from paperlist.util.atomic import Staged, write_files
from paperlist.util.markup import html_findings
from paperlist.util.orphans import die_with_parent

T = TypeVar("T")
U = TypeVar("U")

#: Where a catalogue keeps its lists, beside the pages (`papers/source/`).
SOURCE_DIR = "source"


@dataclass
class ImportReport:
    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    #: ids of pages whose source paragraph is not in this list (kept unless --prune)
    missing: list[str] = field(default_factory=list)
    #: the files of those that --prune removes: every one but those with editors' work
    missing_files: list[Path] = field(default_factory=list)
    #: (page id, its fields an editor or `enrich` changed): the pages of `missing` that
    #: --prune keeps, since deleting them would lose that work
    missing_edited: list[tuple[str, list[str]]] = field(default_factory=list)
    #: (page id, line of the paragraph, how much of the abstract stayed the same, 0..1):
    #: pages updated to a corrected version of their paragraph
    relinked: list[tuple[str, int, float]] = field(default_factory=list)
    #: paragraphs that are a corrected version of a page's but could not be applied, each
    #: with why (an editor changed that page's abstract; or two pages fit): nothing written
    conflicts: list[str] = field(default_factory=list)
    duplicates: list[tuple[int, int]] = field(default_factory=list)
    errors: list[ListError] = field(default_factory=list)
    #: repairs made to paragraphs that were imported (file:line, what was removed)
    warnings: list[ListError] = field(default_factory=list)
    paragraphs: int = 0
    #: the list imported when the catalogue has several (the report names it), else ''
    list_path: str = ""
    #: the list imported, which every line the report names is of
    path: str = ""
    #: where a list imported from outside papers/source/ was copied to, beside the others
    copied: str = ""
    #: pages left alone because they are another list's (or another venue's)
    others: int = 0
    #: the venue the list's pages get (its header's, --venue, or the catalogue's), '' if none
    venue: str = ""
    #: the list's header line, '' if it has none
    header: str = ""

    @property
    def ok(self) -> bool:
        return not self.errors and not self.conflicts


def tag_fields(text: str, taxonomy: Path | None = None) -> dict[str, Any]:
    """The inferred tags, most confident first, and each one's score (model/page.py
    TAG_SCORES: name -> score, rounded, so the same abstract always gives the same bytes):
    the tag pages order by the score, which the build must not compute again."""
    chosen = infer_tags(text, load_taxonomy(taxonomy))
    return {"tags": [t.name for t in chosen],
            TAG_SCORES: {t.name: round(float(t.score), TAG_SCORE_DECIMALS) for t in chosen}}


#: The fields infer_fields gives, in its order.
FIELD_NAMES = ("title", "name", "other_names", "links", "tags", TAG_SCORES)


def infer_fields(text: str, taxonomy: Path | None = None) -> dict[str, Any]:
    """Everything the importer infers from one abstract, in page-field form; tags from the
    taxonomy file given (a path, so that worker processes load it themselves), else the
    shipped one. `tag_scores` is bookkeeping only: it stays under `inferred:`."""
    names = infer_names(text)
    title = infer_title(text, names)
    return {
        "title": title,
        "name": names[0] if names else "",
        "other_names": names[1:],
        "links": extract_links(text),
        **tag_fields(text, taxonomy),
    }


#: Below this many abstracts, starting worker processes costs more than it saves.
PARALLEL_FROM = 400
#: Abstracts a worker process is given at a time.
CHUNK = 200


def _map_all(fn: Callable[[T], U], items: list[T]) -> Iterator[U]:
    """fn of every item, in order, on all cores for a big list (starting the workers
    costs more than it saves below PARALLEL_FROM), each as soon as it and those before it
    are done: the caller's own work on them (plan_import's pages) runs meanwhile. Closed
    early (the caller failed), the items not started are never started."""
    workers = min(os.cpu_count() or 1, 8)
    if len(items) < PARALLEL_FROM or workers < 2:
        yield from map(fn, items)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent,
                               initargs=(os.getpid(),))
    try:
        yield from pool.map(fn, items, chunksize=CHUNK)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def infer_all(texts: list[str], taxonomy: Path | None = None) -> list[dict[str, Any]]:
    """infer_fields for every text, on all cores for a big list (12,000 abstracts take
    ~2 ms each), a text inferred before read from the cache (cache.py). The results, and
    so the pages, are the same either way."""
    cache = FieldsCache(taxonomy, FIELD_NAMES)
    try:
        keys = [text_key(text) for text in texts]
        known = cache.get_many(keys)
        todo = [n for n, key in enumerate(keys) if key not in known]
        fresh = list(_map_all(partial(infer_fields, taxonomy=taxonomy), [texts[n] for n in todo]))
        for n, fields in zip(todo, fresh, strict=True):
            cache.keep(keys[n], fields)
        cache.flush()
        known.update((keys[n], fields) for n, fields in zip(todo, fresh, strict=True))
        return [known[key] for key in keys]
    finally:
        cache.close()


def _base_id(fields: dict[str, Any]) -> str:
    """The id a new page of these fields gets unless another page has it already."""
    return slug_for(fields["title"], [fields["name"], *fields["other_names"]]
                    if fields["name"] else [])


def _new_page_text(page_id: str, fields: dict[str, Any], venue: str, digest: str,
                   text: str) -> str:
    return dump_page(Page(meta=new_page_meta(page_id, fields, venue, digest), body=text))


def _renamed(draft: str, base: str, page_id: str) -> str | None:
    """The drafted page under another id, or None if its text does not start as expected.
    The id is the first key, and a scalar's YAML does not depend on the rest of the
    mapping, so only the first line changes (one list in ten at 30,000 papers has ids
    taken by the same name twice: re-dumping each whole page cost a second)."""
    old, new = (f"---\n{PAGE_HANDLER.export({'id': x})}" for x in (base, page_id))
    return new + draft[len(old):] if draft.startswith(old) else None


def _infer_draft(item: tuple[str, str | None, dict[str, Any] | None], venue: str,
                 taxonomy: Path | None) -> tuple[dict[str, Any], str, str]:
    """infer_fields of a paragraph (unless given: the cache's) and, for one no page has
    (its digest given), its new page's id and text, written in the worker that inferred
    it: dumping the YAML of 30,000 new pages costs a fifth of what inferring them does,
    and here it runs on every core instead of after them on one. The id may still be
    taken (plan_import then writes the page again under another)."""
    text, digest, known = item
    fields = infer_fields(text, taxonomy) if known is None else known
    if digest is None:
        return fields, "", ""
    base = _base_id(fields)
    return fields, base, _new_page_text(base, fields, venue, digest, text)


def _drafts(parsed: ParsedList, by_digest: dict[str, Page], taxonomy: Path | None,
            ) -> Iterator[tuple[dict[str, Any], str, str]]:
    """_infer_draft of each paragraph, in order, as soon as it is done. The fields of a
    text inferred before come from the cache (cache.py), and only new pages' drafts and
    the other texts' fields are worked out (a list imported again, or checked after
    `paperlist check`, infers nothing); what was inferred is kept once all is done."""
    cache = FieldsCache(taxonomy, FIELD_NAMES)
    keys = [text_key(p.text) for p in parsed.paragraphs]
    known = cache.get_many(keys)
    items = [(p.text, None if p.digest in by_digest else p.digest, known.get(key))
             for p, key in zip(parsed.paragraphs, keys, strict=True)]
    work = _map_all(partial(_infer_draft, venue=parsed.venue, taxonomy=taxonomy),
                    [item for item in items if item[2] is None or item[1] is not None])
    try:
        for key, (_, digest, fields) in zip(keys, items, strict=True):
            if fields is not None and digest is None:
                yield fields, "", ""  # a page's fields, as inferred before
                continue
            draft = next(work)
            if fields is None:
                cache.keep(key, draft[0])
            yield draft
        cache.flush()
    finally:
        work.close()
        cache.close()


def merge_list(current: list, old: list, new: list, limit: int | None = None) -> list:
    """Three-way merge of a list field (`old` is what was last written, `new` what would be
    now). A list nobody touched follows `new`, order and all. An edited list keeps the
    editor's order: what they added or reordered stays where they put it, what they removed
    stays removed; an item `old` had and `new` drops goes, and one `new` brings is
    appended, while the list has fewer than `limit` items (a page's tags: an editor's five
    tags and a newly inferred one would be six, which `paperlist check` refuses)."""
    if current == old:
        return list(new)
    removed = [x for x in old if x not in current]
    out = [x for x in current if not (x in old and x not in new)]
    for x in new:
        if limit is not None and len(out) >= limit:
            break
        if x not in out and x not in removed:
            out.append(x)
    return out


def list_items(value: Any) -> list | None:
    """A list field's items ([] when absent); None when it is not a list: an editor wrote
    text ("code: https://..."), which `paperlist check` asks them to write as a list. No
    merge touches such a field (taken as a list, text would merge letter by letter)."""
    if value is None:
        return []
    return list(value) if isinstance(value, list) else None


#: catalogue.yml's record of the venue its header named, when the list was given another
HEADER_VENUE = "header_venue"


def _recorded_venue(cat_path: Path) -> tuple[str, str] | None:
    """(the venue the catalogue's list was imported with, the one its header named then)
    from catalogue.yml, or None; the header's is the venue itself unless recorded apart."""
    try:
        recorded = yaml.safe_load(cat_path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return None
    venue = recorded.get("venue") if isinstance(recorded, dict) else None
    if not isinstance(venue, str):
        return None
    header = recorded.get(HEADER_VENUE, venue)
    return venue, header if isinstance(header, str) else venue


def list_venue(parsed: ParsedList, papers_dir: Path, single: bool,
               given: str | None = None) -> tuple[str, str | None]:
    """The venue a list's pages get, and the one its pages had from it before (None when
    unknown), for `refreshed_venue`. `given` (--venue) first: it also replaces the header's
    on the pages that have it. Else the header's, but a catalogue's only list (`single`)
    whose header names no venue, or still names what it named when the list was last
    given one (papers/catalogue.yml), keeps that one: `paperlist import` with no LIST, as
    CI runs it, agrees with an import or `init` given --venue, and a header fixed since
    moves its pages to the venue it names now."""
    recorded = _recorded_venue(papers_dir / CATALOGUE_FILE) if single else None
    before = recorded[0] if recorded else None
    if given is not None:
        return " ".join(given.split()), before or parsed.venue or None
    if recorded and (not parsed.venue or parsed.venue == recorded[1]):
        return recorded[0], before
    return parsed.venue, before


def refreshed_venue(current: Any, listed: str, before: str | None) -> Any:
    """A page's venue after an import of its list naming `listed`: the list's when the page
    has none (its list named none, and its header has since been fixed or --venue given)
    or still has the one the list named before (`before`, from catalogue.yml: "ICML 2025"
    corrected to "ICML 2026"); any other venue is an editor's (a paper moved to a
    workshop) and stays. A list naming none blanks no page."""
    if not listed or current == listed:
        return current
    if current in (None, "") or (before and current == before):
        return listed
    return current


def merge_fields(meta: dict[str, Any], old: dict[str, Any], new: dict[str, Any],
                 max_tags: int | None = None,
                 venue: tuple[str, str | None] | None = None) -> dict[str, Any]:
    """Apply fresh inference to a page's frontmatter, keeping every editor change; a field
    that is not of its kind (text where a list belongs) is left as written. `max_tags`: the
    taxonomy's `selection.max_tags`, past which no inferred tag is added to an edited list.
    `venue`: the page's list's venue and the one it named before (`list_venue`)."""
    meta = dict(meta)
    if venue is not None and ("venue" in meta or venue[0]):
        meta["venue"] = refreshed_venue(meta.get("venue"), *venue)
    if meta.get("title_inferred", True) and meta.get("title") == old.get("title"):
        meta["title"] = new["title"]
    if meta.get("name", "") == old.get("name", ""):
        meta["name"] = new["name"]
    for key in ("other_names", "tags"):
        current = list_items(meta.get(key))
        if current is not None:
            meta[key] = merge_list(current, list_items(old.get(key)) or [], new[key],
                                   max_tags if key == "tags" else None)
    if meta.get("links") is not None and not isinstance(meta.get("links"), dict):
        meta["inferred"] = new
        return meta
    cur_links = meta.get("links") or {}
    old_links = old.get("links") if isinstance(old.get("links"), dict) else {}
    links = {}
    for k in ABSTRACT_LINK_KINDS:
        current = list_items(cur_links.get(k))
        links[k] = (cur_links[k] if current is None else
                    merge_list(current, list_items(old_links.get(k)) or [], new["links"][k]))
    # The record's links (paperlist enrich) and an editor's own kinds are not the
    # importer's: kept as they are, in a fixed order.
    for k in [*LINK_KINDS, *cur_links]:
        if k not in links and k in cur_links:
            links[k] = cur_links[k]
    meta["links"] = links
    meta["inferred"] = new
    return meta


def new_page_meta(page_id: str, fields: dict[str, Any], venue: str, digest: str) -> dict[str, Any]:
    return {
        "id": page_id,
        "title": fields["title"],
        "title_inferred": True,
        "name": fields["name"],
        "other_names": fields["other_names"],
        "authors": [],
        "venue": venue,
        "links": fields["links"],
        "tags": fields["tags"],
        "source": {"digest": digest},
        "inferred": fields,
    }


def editors_work(page: Page) -> list[str]:
    """The fields of a page that are not as the importer wrote them (an editor's title,
    authors or tags, a record `enrich` brought, a key of their own, the abstract itself),
    in the page's order: what deleting the page would lose that importing its paragraph
    again would not bring back. The venue aside (an import may change it)."""
    inferred = page.meta.get("inferred")
    try:
        fresh = new_page_meta(page.id, inferred, str(page.meta.get("venue") or ""),
                              page.source_digest)  # type: ignore[arg-type]
    except (TypeError, KeyError):  # no inferred block, or one not as the importer writes it
        fresh = {"inferred": None}
    work = [key for key in dict.fromkeys([*page.meta, *fresh])
            if key != "venue" and page.meta.get(key) != fresh.get(key)]
    if page.source_digest and paragraph_digest(page.body) != page.source_digest:
        work.append("abstract")
    return work


def load_pages(papers_dir: Path) -> tuple[list[Page], list[PageError]]:
    """Every page in the folder, in file-name order; unreadable ones as errors."""
    pages: list[Page] = []
    errors: list[PageError] = []
    if not papers_dir.is_dir():
        return pages, errors
    for page in read_pages(sorted(papers_dir.glob("*.md"))):
        if isinstance(page, PageError):
            errors.append(page)
        else:
            pages.append(page)
    return pages, errors


def unique_id(base: str, taken: set[str]) -> str:
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


def catalogue_lists(papers_dir: Path) -> list[Path]:
    """The lists a catalogue keeps beside its pages (`<papers>/source/*.txt`), by name."""
    return sorted((papers_dir / SOURCE_DIR).glob("*.txt"))


def other_lists(list_path: str | Path, papers_dir: Path) -> list[ParsedList]:
    """The catalogue's lists other than the one being imported, parsed; a list that cannot
    be read is left out here (its own import or check reports it)."""
    own = Path(list_path).resolve()
    out = []
    for path in catalogue_lists(papers_dir):
        if path.resolve() == own:
            continue
        try:
            out.append(parse_list(path))
        except ListError:
            continue
    return out


def own_pages(pages: list[Page], parsed: ParsedList, others: list[ParsedList],
              ) -> tuple[list[Page], list[Page], dict[str, tuple[str, int]]]:
    """The pages this list's import may touch (see the module's docstring); the pages no
    list has whose venue is another (an editor may have changed it): this list may re-link
    one to a corrected paragraph of it, found by its words, but never reports them gone or
    prunes them; and, for each digest another list has, that list's file and line (to name
    shared abstracts). A catalogue with no other list owns every page, as it always has
    (a fork that replaces the list prunes the old venue's pages): so a second list is
    copied into papers/source/ when imported from elsewhere (`run_import`)."""
    if not others:
        return pages, [], {}
    elsewhere: dict[str, tuple[str, int]] = {}
    for other in others:
        for para in other.paragraphs:
            elsewhere.setdefault(para.digest, (other.path, para.line))
    mine = {para.digest for para in parsed.paragraphs}
    kept, strays = [], []
    for p in pages:
        if p.source_digest in mine or (p.source_digest not in elsewhere
                                       and str(p.meta.get("venue") or "") == parsed.venue):
            kept.append(p)
        elif p.source_digest not in elsewhere:
            strays.append(p)
    return kept, strays, elsewhere


#: Two lists of one venue of which each holds at least this share of the other's
#: abstracts are two versions of one list (see :func:`refuse_new_version`).
NEW_VERSION_SHARE = 0.5


def refuse_new_version(parsed: ParsedList, others: list[ParsedList]) -> None:
    """Stop the import of a list when it and another list of the catalogue, of the same
    venue, hold mostly the same abstracts: one is a new version of the other (a corrected
    download under another name). Side by side, each corrected abstract would get a
    second page (the first is the other list's, which no list but its own may re-link),
    each removed one would go unreported, and every check would pass; the new version
    written over the old file re-links and reports them. Lists that share a few
    abstracts, or one that is a small part of the other (a track's orals), go on."""
    mine = {para.digest for para in parsed.paragraphs}
    for other in others:
        if (other.venue or "") != (parsed.venue or ""):
            continue
        shared = sum(1 for para in other.paragraphs if para.digest in mine)
        if shared and shared >= NEW_VERSION_SHARE * max(len(mine), len(other.paragraphs)):
            # (the file itself to delete only when it is another in the lists' folder)
            kept = Path(other.path).parent.resolve()
            stray = Path(parsed.path).resolve().parent == kept and \
                Path(parsed.path).name != Path(other.path).name
            remove = f", then delete {parsed.path}" if stray else ""
            raise ListError(parsed.path, 0, (
                f"{shared} of its {len(mine)} abstracts are also in {other.path}, a list of "
                f"the same venue ({parsed.venue or 'none named'}): one of the two is a new "
                "version of the other. Side by side, a corrected abstract would get a second "
                "page and a removed one would go unreported. Keep one file: if this one is "
                f"the newer, copy it over the other and import that (cp {parsed.path} "
                f"{other.path}; paperlist import {other.path}){remove}. If they are separate "
                "lists, give this one a header naming its own venue (what 'paperlist import "
                "--check' reads). Nothing was written"))


def plan_import(parsed: ParsedList, papers_dir: Path, taxonomy: Path | None = None,
                others: list[ParsedList] | None = None, before: str | None = None,
                staged: Staged | None = None) -> tuple[dict[Path, str], ImportReport]:
    """Work out every file an import would write, without writing any; `others` are the
    catalogue's other lists, whose pages are left alone; `before`, the venue the list's
    pages had from it before (`list_venue`). Given `staged`, each file is also staged
    there as soon as it is known, while the rest of the list is still being inferred; the
    caller commits them."""
    all_pages, page_errors = load_pages(papers_dir)
    if page_errors:
        raise PageError(page_errors[0].path, page_errors[0].line,
                        page_errors[0].reason + " (fix the page, or run 'paperlist check', "
                        "before importing: its source paragraph could not be matched)")
    pages, strays, elsewhere = own_pages(all_pages, parsed, others or [])
    by_digest: dict[str, Page] = {}
    for page in pages:
        if page.source_digest:
            by_digest.setdefault(page.source_digest, page)
    # Ids are unique across the whole catalogue, whichever list a page is from.
    taken = {p.path.stem for p in all_pages if p.path} | {p.id for p in all_pages}
    report = ImportReport(duplicates=list(parsed.duplicates), errors=list(parsed.errors),
                          warnings=list(parsed.warnings), paragraphs=len(parsed.paragraphs),
                          list_path=parsed.path if others else "", path=parsed.path,
                          others=len(all_pages) - len(pages), venue=parsed.venue,
                          header=parsed.header)
    for para in parsed.paragraphs:
        if para.digest in elsewhere:
            other_path, other_line = elsewhere[para.digest]
            page = by_digest.get(para.digest)
            kept = (f"its page {page.path} is kept as it is, venue "
                    f"{page.meta.get('venue')!r}" if page
                    else "one page is made for both")
            report.warnings.append(ListError(
                parsed.path, para.line,
                f"the same abstract is in {other_path}:{other_line}; {kept}. Remove it from "
                "one of the two lists"))
    writes: dict[Path, str] = {}
    seen: set[str] = {para.digest for para in parsed.paragraphs}
    max_tags = int(load_taxonomy(taxonomy).selection["max_tags"])
    cat_path = papers_dir / CATALOGUE_FILE
    relinks, in_conflict = _find_relinks(parsed, by_digest, pages + strays, seen, report)

    def put(path: Path, text: str) -> None:
        writes[path] = text
        if staged is not None:
            staged.write(path, text)

    # each paragraph's fields (and a new page's draft) as soon as they are inferred
    drafts = _drafts(parsed, by_digest, taxonomy)
    # Pages a paragraph of this list claims although its digest changed: re-linked, or in
    # conflict (still its paragraph's). Neither is reported gone, nor pruned.
    claimed: set[str] = set(in_conflict)
    # closed when the plan fails too: the workers stop at once, not at the interpreter's exit
    with contextlib.closing(drafts):
        for n, (para, (fields, base, draft)) in enumerate(zip(parsed.paragraphs, drafts,
                                                              strict=True)):
            page = by_digest.get(para.digest)
            body = None
            if page is None and n in relinks:
                page, sameness = relinks[n]
                if page is None:
                    continue  # a conflict, reported: nothing written, no second page
                body = para.text
                claimed.add(page.id)
                report.relinked.append((page.id, para.line, sameness))
            if page is None:
                page_id = unique_id(base, taken)
                taken.add(page_id)
                put(papers_dir / f"{page_id}.md", draft if page_id == base else
                    _renamed(draft, base, page_id) or
                    _new_page_text(page_id, fields, parsed.venue, para.digest, para.text))
                report.created.append(page_id)
                html = list(dict.fromkeys(snippet for _, snippet in html_findings(para.text)))
                if html:
                    report.warnings.append(ListError(
                        parsed.path, para.line,
                        f"the abstract holds HTML or script ({', '.join(map(repr, html[:3]))}), "
                        f"which 'paperlist check' refuses on its page {page_id}.md: remove it "
                        "from the list and import again (the site shows an abstract as text; "
                        "write *emphasis* and $math$)"))
                continue
            assert page.path is not None
            old = page.meta.get("inferred") if isinstance(page.meta.get("inferred"), dict) else {}
            meta = merge_fields(page.meta, old, fields, max_tags, venue=(parsed.venue, before))
            if body is not None:
                meta["source"] = {**page.meta["source"], "digest": para.digest}
            # Nothing to refresh: leave the file exactly as its editor formatted it.
            if meta == page.meta and body is None:
                report.unchanged.append(page.id)
                continue
            put(page.path, rewrite_page(page.path.read_text(encoding="utf-8"), meta,
                                        body if body is not None else page.body))
            if body is None:
                report.updated.append(page.id)
    report.others -= sum(1 for p in strays if p.id in claimed)
    gone = sorted((p for p in pages if p.source_digest and p.source_digest not in seen
                   and p.id not in claimed), key=lambda p: p.id)
    report.missing = [p.id for p in gone]
    for p in gone:
        work = editors_work(p)
        if work:
            report.missing_edited.append((p.id, work))
        elif p.path is not None:
            report.missing_files.append(p.path)
    # The first list imported names the catalogue, and a catalogue's only list when its
    # header is corrected; once there are several, another list adds its pages and never
    # renames the site.
    if (parsed.header or parsed.venue) and (not cat_path.exists() or not others):
        catalogue = {"title": parsed.header, "venue": parsed.venue}
        header_venue = find_venue(parsed.header)
        if header_venue != parsed.venue:  # given: kept while the header names this
            catalogue[HEADER_VENUE] = header_venue
        cat_text = yaml.safe_dump(catalogue, allow_unicode=True, sort_keys=False)
        if not cat_path.exists() or cat_path.read_text(encoding="utf-8") != cat_text:
            put(cat_path, cat_text)
    return writes, report


def run_import(list_path: Path, papers_dir: Path, *, check: bool = False,
               taxonomy: Path | None = None, prune: bool = False,
               venue: str | None = None) -> ImportReport:
    """Import a list into papers_dir (or, with check, only compare), tagging with the
    taxonomy file given (the one the site is built with), else the shipped one. With
    prune, pages whose paragraph is no longer in the list are removed (they are listed in
    the report either way); only this list's pages are ever candidates. `venue` replaces
    the venue the header names (a header that names none, or names it otherwise). A
    catalogue's only list whose header names none keeps the venue it was last given
    (papers/catalogue.yml records it), so `paperlist import` with no LIST, as CI runs it,
    agrees with an import or `init` given --venue.

    A list from outside papers/source/, in a catalogue with lists there, is copied beside
    them (as NAME.txt, what they are read as), or, when that file is this list already,
    imported from there; another file of that name stops the import before anything is
    written."""
    kept = catalogue_lists(papers_dir)
    dest, data = None, None
    if kept and Path(list_path).resolve() not in {p.resolve() for p in kept}:
        dest = papers_dir / SOURCE_DIR / f"{Path(list_path).stem}.txt"
        data = read_list(list_path)  # once: it may be a pipe
        if dest.exists():
            if dest.read_bytes() != data:
                raise ListError(list_path, 0, f"{dest} is another list of that name, so this "
                                "one cannot go beside the catalogue's lists: give it another "
                                "name, or, if it is a new version of that list, copy it over "
                                "that file and import that; nothing was written")
            list_path, dest, data = dest, None, None  # this list, already there
    parsed = parse_list(list_path, data)
    others = other_lists(list_path, papers_dir)
    parsed.venue, before = list_venue(parsed, papers_dir, not others, venue)
    refuse_new_version(parsed, others)
    if not check:
        papers_dir.mkdir(parents=True, exist_ok=True)
        # left by an import that was killed (a list copied beside the others, too)
        for stale in [*papers_dir.glob(".*.tmp"), *(papers_dir / SOURCE_DIR).glob(".*.tmp")]:
            stale.unlink()
    with Staged() as staged:
        if dest is not None and data is not None and not check:
            # beside the catalogue's lists, put in place with the pages, never without them
            staged.write(dest, data.decode("utf-8"))  # (its bytes: read as UTF-8 already)
        # the pages are staged as they are inferred (with --check, nowhere)
        _, report = plan_import(parsed, papers_dir, taxonomy, others, before,
                                None if check else staged)
        if not check:
            staged.commit()
    if not parsed.venue:
        first, give = missing_venue(parsed)
        site = "" if others else ", and the site no name"
        report.warnings.append(ListError(
            list_path, parsed.header_line, f"{first}: its pages have none{site}. Write the "
            f"conference's name and year first, then a blank line ('{VENUE_EXAMPLE} paper "
            f"list'), or give {give}"))
    if dest is not None:
        # Its pages would be no list's to the checks, and a catalogue's only list would
        # take them for its own orphans (and --prune them): it goes beside the others.
        if check:
            report.warnings.append(ListError(
                list_path, 0, f"this list is not in {papers_dir / SOURCE_DIR}, beside the "
                "catalogue's other lists, so 'paperlist import --check' and the other "
                f"lists' imports do not know its pages; an import copies it there ({dest})"))
        else:
            report.copied = str(dest)
    if check:
        return report
    if prune:
        for path in report.missing_files:
            path.unlink()
    return report


def run_catalogue_import(papers_dir: Path, *, check: bool = False,
                         taxonomy: Path | None = None, prune: bool = False,
                         ) -> list[ImportReport]:
    """Import every list the catalogue keeps (`catalogue_lists`), one after another, each
    seeing only its own pages: what `paperlist import [--check]` does without a LIST."""
    return [run_import(path, papers_dir, check=check, taxonomy=taxonomy, prune=prune)
            for path in catalogue_lists(papers_dir)]


def unlisted_pages(papers_dir: Path) -> list[str]:
    """Ids of the pages whose digest is in none of the catalogue's lists and whose venue no
    list has, so that no list's import reports them: a page of a list taken out of
    papers/source/, or one tied to nothing. Said once, naming the lists searched."""
    lists = []
    for path in catalogue_lists(papers_dir):
        try:
            lists.append(parse_list(path))
        except ListError:
            return []  # that list's import reports it; its pages cannot be told apart
    digests = {para.digest for parsed in lists for para in parsed.paragraphs}
    venues = {parsed.venue for parsed in lists}
    pages, _ = load_pages(papers_dir)
    return sorted(p.id for p in pages if p.source_digest not in digests
                  and str(p.meta.get("venue") or "") not in venues)


def sameness(old: str, new: str) -> float:
    """How much of an abstract two versions share, word by word (for the report)."""
    return difflib.SequenceMatcher(None, old.split(), new.split(), autojunk=False).ratio()


def share(fraction: float) -> str:
    """A share as a report says it: '99%', never '100%' for two texts that differ."""
    return "99%" if 0.99 < fraction < 1 else f"{fraction:.0%}"


def _find_relinks(parsed: ParsedList, by_digest: dict[str, Page], pages: list[Page],
                  seen: set[str], report: ImportReport,
                  ) -> tuple[dict[int, tuple[Page | None, float]], set[str]]:
    """Paragraph index -> (the page it is a corrected version of, sameness), for the
    paragraphs no page has by digest; (None, 0) where it is one but cannot be applied (the
    conflict goes in the report); and the ids of the pages in conflict. Only pages whose
    paragraph left the list are candidates: a page whose paragraph is still there is that
    paragraph's."""
    new = [n for n, para in enumerate(parsed.paragraphs) if para.digest not in by_digest]
    orphans = [p for p in pages if p.source_digest and p.source_digest not in seen]
    in_conflict: set[str] = set()
    if not new or not orphans:
        return {}, in_conflict
    outcome = match_texts([parsed.paragraphs[n].text for n in new], [p.body for p in orphans])
    out: dict[int, tuple[Page | None, float]] = {}
    for i, (j, _) in outcome.matched.items():
        n, page = new[i], orphans[j]
        para = parsed.paragraphs[n]
        same = sameness(page.body, para.text)
        body_digest = paragraph_digest(page.body)
        # An editor's abstract is overwritten never; one the list now says too is no conflict.
        if body_digest != page.source_digest and body_digest != para.digest:
            in_conflict.add(page.id)
            report.conflicts.append(
                f"{parsed.path}:{para.line}: this paragraph is a corrected version of "
                f"{page.path}'s abstract ({share(same)} the same), but an editor has changed "
                "that page's abstract: nothing was overwritten. Make the page's abstract and "
                "this paragraph agree (copy one into the other), then import again")
            out[n] = (None, 0.0)
        else:
            out[n] = (page, same)
    for i, candidates in outcome.ambiguous.items():
        para = parsed.paragraphs[new[i]]
        names = " and ".join(str(orphans[j].path) for j in candidates)
        in_conflict.update(orphans[j].id for j in candidates)
        report.conflicts.append(
            f"{parsed.path}:{para.line}: this paragraph could be a corrected version of the "
            f"abstract of {names}: too close to call, so nothing was written. Make the "
            "paragraph match one page's abstract exactly, then import again")
        out[new[i]] = (None, 0.0)
    return out, in_conflict


def print_import_report(report: ImportReport, *, check: bool, prune: bool = False,
                        out: TextIO | None = None) -> None:
    out = out or sys.stderr
    verb = "would create" if check else "created"
    upd = "would update" if check else "updated"
    relinked = (f", {len(report.relinked)} {'would be ' if check else ''}re-linked"
                if report.relinked else "")
    # the paragraphs in conflict are written nowhere: counted, so that the counts add up
    relinked += f", {len(report.conflicts)} in conflict" if report.conflicts else ""
    others = (f"; {report.others} page(s) of other lists left alone" if report.others
              else "")
    where = f"{report.list_path}: " if report.list_path else ""
    # the venue as read: a header that says more ("ICLR 2026 Workshop on ...") shows here
    venue = f" ({report.venue})" if report.venue else ""
    abstracts = "1 abstract" if report.paragraphs == 1 else f"{report.paragraphs} abstracts"
    print(f"{where}{abstracts}{venue}: {len(report.created)} {verb}, "
          f"{len(report.updated)} {upd}{relinked}, {len(report.unchanged)} unchanged{others}",
          file=out)
    for ids, what in ((report.created, verb), (report.updated, upd)):
        if ids and (check or len(ids) <= 50):
            print(f"  {what}: {', '.join(ids)}", file=out)
    for page_id, line, same in report.relinked:
        print(f"  {upd} abstract of {page_id} ({share(same)} the same, from "
              f"{report.path + ':' if report.path else 'line '}{line})", file=out)
    for warning in report.warnings:
        print(f"warning: {warning}", file=out)
    for line, first in report.duplicates:
        where = f"{report.path}:{line}" if report.path else f"line {line}"
        print(f"warning: {where}: exact duplicate of the abstract at line {first}; "
              "imported once", file=out)
    edited = dict(report.missing_edited)
    if report.missing and not prune:
        print(f"note: {len(report.missing)} page(s) have no paragraph in this list and are "
              f"kept as they are (--prune removes those without editors' work): "
              f"{', '.join(report.missing)}", file=out)
    removed = [page_id for page_id in report.missing if page_id not in edited]
    if removed and prune:
        verb = "would be removed" if check else "were removed"
        print(f"note: {len(removed)} page(s) have no paragraph in this list and {verb} "
              f"(--prune): {', '.join(removed)}", file=out)
    if edited and prune:
        print(f"note: {len(edited)} page(s) have no paragraph in this list but hold work "
              "that --prune never deletes, so they are kept: " + "; ".join(
                  f"{page_id} ({', '.join(work)})" for page_id, work in edited.items())
              + ". If the paper is gone, delete its file yourself", file=out)
    if report.copied:
        print(f"note: the list was copied to {report.copied}, beside the catalogue's other "
              "lists, where 'paperlist import --check' and their imports read it; commit "
              "it with its pages", file=out)
    for conflict in report.conflicts:
        print(f"error: {conflict}", file=out)
    for err in report.errors:
        print(f"error: {err}", file=out)


def retag_pages(papers_dir: Path, *, check: bool = False,
                taxonomy: Path | None = None) -> list[str]:
    """Re-apply the (changed) taxonomy to every page, keeping editors' tag changes.

    Inference reads the page's body, which may have been corrected by an editor.
    Returns the ids of pages whose tags changed (or would change, with check).
    """
    pages, errors = load_pages(papers_dir)
    if errors:
        raise errors[0]
    changed: list[str] = []
    writes: dict[Path, str] = {}
    max_tags = int(load_taxonomy(taxonomy).selection["max_tags"])
    for page in pages:
        assert page.path is not None
        old = page.meta.get("inferred") if isinstance(page.meta.get("inferred"), dict) else {}
        new = tag_fields(page.body, taxonomy)
        meta = dict(page.meta)
        current = list_items(meta.get("tags"))
        if current is not None:  # else text, left as written (merge_fields)
            meta["tags"] = merge_list(current, list_items(old.get("tags")) or [], new["tags"],
                                      max_tags)
        meta["inferred"] = {**old, **new}
        # Compared as data, not text: a page written in another YAML style (`authors: [Ada
        # Lovelace, Alan Turing]`, as the docs suggest) has not changed when its tags have not.
        if meta != page.meta:
            changed.append(page.id)
            writes[page.path] = rewrite_page(page.path.read_text(encoding="utf-8"), meta,
                                             page.body)
    if not check:
        write_files(writes)
    return changed
