"""`paperlist enrich`: bring the conference's official record into the pages.

Reads the records (formats.py), matches them to pages by abstract (match.py), writes each
match with editors' changes kept (merge.py), atomically, and reports everything that needs
a maintainer's eye: records with no page, records too close to call, fields an editor
changed that the record disagrees with. A page that the record leaves as it is stays
byte for byte; running it again changes nothing.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from paperlist.enrich.formats import read_sources
from paperlist.enrich.merge import merge_record
from paperlist.enrich.record import Record
from paperlist.ingest.importer import load_pages
from paperlist.match.matcher import PARALLEL_FROM, match_texts
from paperlist.model.page import Page, PageError
from paperlist.model.rewrite import rewrite_page
from paperlist.util.atomic import write_files
from paperlist.util.background import split_map

#: how many ids a report line lists before it only counts
SHOW = 50


@dataclass
class EnrichReport:
    records: int = 0
    pages: int = 0
    #: page ids written (or, with check, that would be)
    applied: list[str] = field(default_factory=list)
    #: page ids matched that already say what the record says
    unchanged: list[str] = field(default_factory=list)
    #: record ids (or "record N") no page matched, and why
    unmatched: list[str] = field(default_factory=list)
    why: dict[str, str] = field(default_factory=dict)
    #: page ids no record matched (a list may hold papers the records do not)
    pages_without_record: list[str] = field(default_factory=list)
    #: record (its id, or where it is when it has none) -> how the report names it
    named: dict[str, str] = field(default_factory=dict)
    #: record -> where it is and the records that match its one page as well (a record
    #: listed twice): said instead of "too close to call between pages" of one page
    tied: dict[str, str] = field(default_factory=dict)
    #: (record id, candidate page ids): too close to call, nothing applied
    ambiguous: list[tuple[str, list[str]]] = field(default_factory=list)
    #: (page id, field): an editor's value kept although the record says otherwise
    kept: list[tuple[str, str]] = field(default_factory=list)
    #: page id -> the changes, "field: old -> new" (with describe, for --dry-run)
    changes: dict[str, list[str]] = field(default_factory=dict)

    @property
    def needs_look(self) -> bool:
        """Something a maintainer should decide: exit status 1."""
        return bool(self.unmatched or self.ambiguous)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 90 else text[:87] + "..."


def describe_changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """'field: old -> new' for each frontmatter field a write changes (the record's own
    bookkeeping under source: left out)."""
    lines = []
    for key in dict.fromkeys([*new, *old]):  # a field removed is a change too
        if key == "source" or old.get(key) == new.get(key):
            continue
        if key not in new:
            lines.append(f"{key}: {_short(old[key])} -> (removed)")
            continue
        if key == "links" and isinstance(new[key], dict):
            before = old.get(key) if isinstance(old.get(key), dict) else {}
            for kind in dict.fromkeys([*new[key], *before]):
                if before.get(kind) != new[key].get(kind):
                    lines.append(f"links.{kind}: {_short(before.get(kind, []))} -> "
                                 f"{_short(new[key].get(kind, []))}")
            continue
        lines.append(f"{key}: {_short(old.get(key))} -> {_short(new[key])}")
    return lines


def _known_pairs(records: list[Record], pages: list[Page]) -> dict[int, int]:
    """record -> page for pages that name their record (an earlier enrich), so a record
    whose abstract has since been rewritten still finds its page. Only an id that names one
    paper counts: the source's own (not a position, which another file or an inserted row
    gives to another paper), held by one record and one page."""
    refs: dict[tuple[str, str], list[int]] = {}
    for i, page in enumerate(pages):
        src = page.meta.get("source")
        rec = src.get("record") if isinstance(src, dict) else None
        if isinstance(rec, dict) and rec.get("id"):
            refs.setdefault((str(rec.get("format")), str(rec["id"])), []).append(i)
    counts = Counter((r.format, r.id) for r in records)
    fixed: dict[int, int] = {}
    for r, record in enumerate(records):
        key = (record.format, record.id)
        holders = refs.get(key, [])
        if record.has_own_id and counts[key] == 1 and len(holders) == 1:
            fixed[r] = holders[0]
    return fixed


def plan_enrich(records: list[Record], papers_dir: Path, *, render: bool = True,
                describe: bool = False) -> tuple[dict[Path, str], EnrichReport]:
    """Every file enrich would write, and its report, without writing anything. Without
    render, only the report (a check need not spend the time writing YAML); with describe,
    the report lists each change field by field (for --dry-run)."""
    pages, errors = load_pages(papers_dir)
    if errors:
        raise PageError(errors[0].path, errors[0].line,
                        errors[0].reason + " (fix the page, or run 'paperlist check', first)")
    report = EnrichReport(records=len(records), pages=len(pages))
    outcome = match_texts([r.abstract for r in records], [p.body for p in pages],
                          _known_pairs(records, pages))
    pairs = [(r, outcome.matched[r][0]) for r in sorted(outcome.matched)]

    def apply(chunk: list[tuple[int, int]]) -> list[tuple[str | None, list[str], list[str]]]:
        out = []
        for r, p in chunk:
            meta, kept = merge_record(pages[p].meta, records[r])
            if meta == pages[p].meta:
                out.append((None, kept, []))
            else:
                path = pages[p].path
                assert path is not None
                text = rewrite_page(path.read_text(encoding="utf-8"), meta,
                                    pages[p].body) if render else ""
                changes = describe_changes(pages[p].meta, meta) if describe else []
                out.append((text, kept, changes))
        return out

    writes: dict[Path, str] = {}
    # Writing YAML is most of the time left once pages are matched: half on each core.
    for (_, p), (text, kept, changes) in zip(pairs, split_map(apply, pairs, PARALLEL_FROM),
                                               strict=True):
        page = pages[p]
        report.kept += [(page.id, key) for key in kept]
        if text is None:
            report.unchanged.append(page.id)
            continue
        assert page.path is not None
        writes[page.path] = text
        report.applied.append(page.id)
        report.changes[page.id] = changes
    matched_pages = {p for _, p in pairs}

    def label(r: int) -> str:
        """A record as the report names it: its own id; else where it is (a position,
        "record 3", is as much another file's)."""
        return records[r].id if records[r].has_own_id else records[r].where

    def named(r: int) -> str:
        return f"record {records[r].id} ({records[r].where})" if records[r].has_own_id \
            else records[r].where
    for r, reason in sorted(outcome.unmatched.items()):
        if r in outcome.rival:
            reason = f"its page matches {named(outcome.rival[r])} better"
        elif reason == "it has no abstract":
            reason = "the record has no abstract"
        report.unmatched.append(label(r))
        report.why[label(r)] = f"{records[r].where}: {reason}" + (
            f" (record {records[r].id})" if records[r].has_own_id else "")
    for r, candidates in sorted(outcome.ambiguous.items()):
        report.ambiguous.append((label(r), [pages[i].id for i in candidates]))
        report.named[label(r)] = named(r)
        rivals = [o for o, c in sorted(outcome.ambiguous.items()) if o != r and c == candidates]
        if len(candidates) == 1 and rivals:  # records tied over one page: a duplicate?
            report.tied[label(r)] = (
                f"{named(r)} and {', '.join(named(o) for o in rivals)} match page "
                f"{pages[candidates[0]].id} as well as each other")
    report.pages_without_record = sorted(
        p.id for i, p in enumerate(pages) if i not in matched_pages)
    report.applied.sort()
    report.unchanged.sort()
    return writes, report


def run_enrich(sources: list[Path], papers_dir: Path, *, fmt: str = "auto", check: bool = False,
               fields: dict[str, str] | None = None, author_sep: str | None = None,
               describe: bool = False) -> EnrichReport:
    """Enrich the pages in papers_dir from the record files (or, with check, only say
    what would change). Raises RecordError or PageError, with nothing written, on a file
    that cannot be read."""
    records = read_sources(sources, fmt, fields, author_sep)
    writes, report = plan_enrich(records, papers_dir, render=not check, describe=describe)
    if not check:
        write_files(writes)
    return report


def _ids(ids: list[str]) -> str:
    shown = ", ".join(ids[:SHOW])
    return shown + (f", ... ({len(ids) - SHOW} more)" if len(ids) > SHOW else "")


def print_enrich_report(report: EnrichReport, *, check: bool, diff: bool = False,
                        out: TextIO | None = None) -> None:
    out = out or sys.stderr
    verb = "would update" if check else "updated"
    matched = len(report.applied) + len(report.unchanged)
    print(f"{report.records} records, {report.pages} pages: {matched} matched "
          f"({len(report.applied)} {verb}, {len(report.unchanged)} already up to date), "
          f"{len(report.unmatched)} without a page, {len(report.ambiguous)} ambiguous, "
          f"{len(report.pages_without_record)} pages without a record", file=out)
    if report.applied and (check or len(report.applied) <= SHOW):
        print(f"  {verb}: {_ids(report.applied)}", file=out)
    if diff:
        for page_id in report.applied:
            for line in report.changes.get(page_id, []):
                print(f"  {page_id}: {line}", file=out)
    for page_id, key in report.kept:
        print(f"note: {page_id}: kept the editor's {key} (the record says otherwise; "
              "to take the record's, set the field to what source.record says)", file=out)
    for rid, candidates in report.ambiguous:
        if rid in report.tied:
            print(f"warning: {report.tied[rid]}; nothing applied (keep one of them in the "
                  "file, or copy the right one's fields into the page by hand)", file=out)
            continue
        print(f"warning: {report.named.get(rid, rid)}: too close to call between pages "
              f"{', '.join(candidates)}; nothing applied (fix the abstracts, or copy the "
              "record's fields into the right page by hand)", file=out)
    for rid in report.unmatched[:SHOW]:
        print(f"warning: {report.why[rid]}", file=out)
    if len(report.unmatched) > SHOW:
        print(f"warning: ... and {len(report.unmatched) - SHOW} more records without a page",
              file=out)
    if report.pages_without_record:
        print(f"note: pages without a record: {_ids(report.pages_without_record)}", file=out)
    if report.records and report.pages and not (report.applied or report.unchanged
                                                or report.ambiguous):
        print(f"note: none of the {report.records} records matched a page: is it this "
              "catalogue's venue and year? A record matches the page whose abstract it "
              "holds (the file must carry abstracts)", file=out)
