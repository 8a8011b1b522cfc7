"""Reading the conference's records: Paper Copilot, OpenReview, virtual-site JSON, CSV/TSV.

Each reader turns one file into Records (record.py) and knows only its format. A file
that is not what it claims stops everything with `file:line` (or `file: record N`) and
nothing is written; a record that lacks a field is used for what it has; a record without
an abstract cannot be matched, so it is returned for the report to name.

Where each format comes from is in the README ("Bring in the official titles and authors").
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from paperlist.enrich.record import (
    Record,
    RecordError,
    http_links,
    plain,
    settings,
    split_affiliations,
    split_names,
    status_name,
)
from paperlist.model.page import MAX_TITLE_CHARS

FORMATS = ("papercopilot", "openreview", "virtualsite", "csv")
OPENREVIEW = "https://openreview.net"


def _load_json(path: Path) -> Any:
    """A JSON document, or JSON Lines (one object per line)."""
    text = _read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as first:
        lines = text.splitlines()
        if sum(1 for ln in lines if ln.strip()) < 2 or not lines[0].lstrip().startswith("{"):
            raise RecordError(f"{path}:{first.lineno}",
                              f"not valid JSON: {first.msg} (column {first.colno})") from None
    out = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as e:
            raise RecordError(f"{path}:{number}",
                              f"not valid JSON Lines: {e.msg} (column {e.colno})") from None
    return out


def _read_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as e:
        raise RecordError(str(path), f"cannot read it: {e.strerror or e}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        raise RecordError(f"{path}:{line}", f"not UTF-8 (byte {e.start}); save the file as "
                          "UTF-8 and run again") from None


def _items(doc: Any, path: Path, *keys: str) -> list[Any]:
    """The list of records: the document itself, or under one of keys."""
    if isinstance(doc, dict):
        for key in keys:
            if isinstance(doc.get(key), list):
                return doc[key]
        raise RecordError(str(path), "expected a list of records" + (
            f" (or an object with {' or '.join(repr(k) for k in keys)})" if keys else ""))
    if not isinstance(doc, list):
        raise RecordError(str(path), "expected a list of records")
    return doc


def _each(items: list[Any], path: Path,
          make: Callable[[dict[str, Any], str, int], Record]) -> list[Record]:
    out = []
    for n, item in enumerate(items, start=1):
        where = f"{path}: record {n}"
        if not isinstance(item, dict):
            raise RecordError(where, f"expected an object, found {type(item).__name__}")
        out.append(make(item, where, n))
    return out


def _aligned(affiliations: list[str], authors: list[str]) -> list[str]:
    """Affiliations only when they line up with the authors and say something."""
    if len(affiliations) != len(authors) or not any(affiliations):
        return []
    return affiliations


# ----------------------------------------------------------------------- Paper Copilot

def read_papercopilot(path: Path, doc: Any) -> list[Record]:
    def make(r: dict[str, Any], where: str, n: int) -> Record:
        authors = split_names(r.get("author"))
        affs = split_affiliations(r.get("aff"), r.get("author"))
        return Record(
            format="papercopilot", id=plain(r.get("id")) or f"record {n}", where=where,
            abstract=plain(r.get("abstract")), title=plain(r.get("title")), authors=authors,
            affiliations=_aligned(affs, authors), status=status_name(r.get("status")),
            track=plain(r.get("track")),
            links={"paper": http_links(r.get("site")), "pdf": http_links(r.get("pdf")),
                   "code": http_links(r.get("github")), "project": http_links(r.get("project"))},
        )
    return _each(_items(doc, path), path, make)


# ------------------------------------------------------------------------- OpenReview

def _content(note: dict[str, Any], key: str) -> Any:
    """A field of an OpenReview note: `content.<key>.value` (API v2) or `content.<key>` (v1)."""
    content = note.get("content")
    value = content.get(key) if isinstance(content, dict) else None
    if isinstance(value, dict):
        return value.get("value")
    return value


def _openreview_url(value: Any) -> list[str]:
    """OpenReview gives PDFs as site paths ("/pdf/abc.pdf")."""
    text = plain(value)
    if text.startswith("/"):
        text = OPENREVIEW + text
    return http_links(text)


def read_openreview(path: Path, doc: Any) -> list[Record]:
    def make(r: dict[str, Any], where: str, n: int) -> Record:
        forum = plain(r.get("forum") or r.get("id"))
        authors = split_names(_content(r, "authors"))
        venue = _content(r, "venue") or _content(r, "decision")
        return Record(
            format="openreview", id=forum or f"record {n}", where=where,
            abstract=plain(_content(r, "abstract")), title=plain(_content(r, "title")),
            authors=authors, status=status_name(venue) if venue else "",
            links={"paper": http_links(f"{OPENREVIEW}/forum?id={forum}") if forum else [],
                   "pdf": _openreview_url(_content(r, "pdf")),
                   "code": http_links(_content(r, "code")),
                   "project": http_links(_content(r, "project"))},
        )
    return _each(_items(doc, path, "notes"), path, make)


# -------------------------------------------------------------- conference virtual sites

def read_virtualsite(path: Path, doc: Any, abstracts: dict[str, str]) -> list[Record]:
    """EventHosts sites (ICML, NeurIPS, ICLR): `{"results": [...]}`; the abstracts either
    in the records or in a second file, an object keyed by record id."""
    def make(r: dict[str, Any], where: str, n: int) -> Record:
        rid = plain(r.get("id")) or plain(r.get("uid")) or f"record {n}"
        people = r.get("authors") if isinstance(r.get("authors"), list) else []
        authors = [plain(p.get("fullname") or p.get("name")) if isinstance(p, dict) else plain(p)
                   for p in people]  # one person an entry (split_names below, if not)
        affs = [plain(p.get("institution")) if isinstance(p, dict) else "" for p in people]
        keep = [i for i, a in enumerate(authors) if a]
        authors, affs = [authors[i] for i in keep], [affs[i] for i in keep]
        # an entry holding a name separator ("张三，李四") is several people, whose
        # affiliations cannot be told apart (_aligned drops them)
        authors = split_names(authors)
        paper = http_links(r.get("paper_url")) or http_links(r.get("virtualsite_url"))
        return Record(
            format="virtualsite", id=rid, where=where,
            abstract=plain(r.get("abstract") or abstracts.get(rid, "")),
            title=plain(r.get("name") or r.get("title")), authors=authors,
            affiliations=_aligned(affs, authors),
            status=status_name(r.get("decision") or r.get("eventtype")),
            links={"paper": paper, "pdf": http_links(r.get("paper_pdf_url")),
                   "code": http_links(r.get("code_url")),
                   "project": http_links(r.get("project_url"))},
        )
    return _each(_items(doc, path, "results"), path, make)


def is_abstract_map(doc: Any) -> bool:
    """A virtual site's abstracts file: one object, record id -> abstract text."""
    return (isinstance(doc, dict) and bool(doc) and "results" not in doc
            and all(isinstance(v, str) for v in doc.values()))


# --------------------------------------------------------------------------- CSV / TSV

def _header_key(name: str) -> str:
    return " ".join(name.replace("_", " ").casefold().split())


def csv_columns(header: list[str], fields: dict[str, str] | None) -> dict[str, int]:
    """Our field -> column index: the columns of the usual names, then --fields on top
    (naming one column leaves the others found as ever; a column --fields names is that
    field's only; `status=` leaves a field out, a column of its usual name too)."""
    index = {_header_key(h): i for i, h in enumerate(header)}
    out = {}
    for ours, names in settings()["csv_columns"].items():
        for name in names:
            if _header_key(name) in index:
                out[ours] = index[_header_key(name)]
                break
    named = {}
    for ours, theirs in (fields or {}).items():
        if not theirs.strip():  # FIELD=: no column, not even one of the usual name
            out.pop(ours, None)
            continue
        if _header_key(theirs) not in index:
            raise RecordError("--fields", f"no column {theirs!r} (the header has: "
                              f"{', '.join(header)})")
        named[ours] = index[_header_key(theirs)]
    taken = set(named.values())
    return {**{k: v for k, v in out.items() if v not in taken}, **named}


def read_csv(path: Path, fields: dict[str, str] | None = None,
             author_sep: str | None = None) -> list[Record]:
    text = _read_text(path)
    sample = text[:4096]
    delimiter = "\t" if path.suffix.lower() == ".tsv" or sample.count("\t") > sample.count(",") \
        else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    # Each row with the line it starts on (a quoted cell may span lines).
    rows: list[list[str]] = []
    starts: list[int] = []
    try:
        for row in reader:
            starts.append(reader.line_num - sum(cell.count("\n") for cell in row))
            rows.append(row)
    except csv.Error as e:
        raise RecordError(f"{path}:{reader.line_num}", f"not valid CSV: {e}") from None
    if not rows:
        raise RecordError(f"{path}:1", "empty: expected a header row, then one row a paper")
    cols = csv_columns(rows[0], fields)
    if "abstract" not in cols:
        raise RecordError(f"{path}:1", "no abstract column (the header has: "
                          f"{', '.join(rows[0])}); name it with --fields abstract=<column>")
    records = []
    for n, row in enumerate(rows[1:], start=1):
        if not any(cell.strip() for cell in row):
            continue
        where = f"{path}:{starts[n]}"
        if len(row) > len(rows[0]):
            raise RecordError(where, f"{len(row)} cells but the header has {len(rows[0])}; "
                              "quote cells that contain the delimiter")

        def cell(name: str, row: list[str] = row) -> str:
            i = cols.get(name)
            return row[i] if i is not None and i < len(row) else ""

        # as in every format (semicolons if any, else commas), unless --author-sep says
        authors = split_names(cell("authors"), author_sep)
        affs = split_affiliations(cell("affiliations"), cell("authors"), author_sep)
        records.append(Record(
            format="csv", id=plain(cell("id")) or f"row {n}", where=where,
            abstract=plain(cell("abstract")), title=plain(cell("title")), authors=authors,
            affiliations=_aligned(affs, authors), status=status_name(cell("status")),
            track=plain(cell("track")),
            links={k: http_links(cell(k)) for k in ("paper", "pdf", "code", "project")},
        ))
    return records


# ------------------------------------------------------------------------ any of them

def detect(path: Path, doc: Any) -> str:
    """Which format a JSON document is, from its shape; RecordError when none fits."""
    if isinstance(doc, dict):
        if isinstance(doc.get("notes"), list):
            return "openreview"
        if isinstance(doc.get("results"), list):
            return "virtualsite"
    items = doc if isinstance(doc, list) else []
    first = next((x for x in items if isinstance(x, dict)), None)
    if first is not None:
        if isinstance(first.get("content"), dict):
            return "openreview"
        if "name" in first and isinstance(first.get("authors"), list):
            return "virtualsite"
        if "abstract" in first:  # flat records: Paper Copilot's field names
            return "papercopilot"
    found = (f"an object with keys {', '.join(map(repr, list(doc)[:5]))}" if isinstance(doc, dict)
             else f"a list of {type(items[0]).__name__}" if items else f"a {type(doc).__name__}")
    raise RecordError(str(path), f"cannot tell the format: found {found}, expected Paper "
                      "Copilot records, OpenReview notes or a virtual site's results (give "
                      "the format with --format)")


def read_sources(paths: list[Path], fmt: str = "auto", fields: dict[str, str] | None = None,
                 author_sep: str | None = None) -> list[Record]:
    """Every record in the files, in order. A virtual site's abstracts file may come as
    any of the paths: its abstracts fill in records that have none."""
    if fmt not in ("auto", *FORMATS):
        raise RecordError("--format", f"unknown format {fmt!r}; one of auto, "
                          f"{', '.join(FORMATS)}")
    docs: list[tuple[Path, Any]] = []
    abstracts: dict[str, str] = {}
    csvs: list[Path] = []
    for path in paths:
        if fmt == "csv" or (fmt == "auto" and path.suffix.lower() in (".csv", ".tsv")):
            csvs.append(path)
            continue
        doc = _load_json(path)
        if is_abstract_map(doc):
            abstracts.update({str(k): v for k, v in doc.items()})
        else:
            docs.append((path, doc))
    records: list[Record] = []
    for path, doc in docs:
        kind = detect(path, doc) if fmt == "auto" else fmt
        if kind == "papercopilot":
            records += read_papercopilot(path, doc)
        elif kind == "openreview":
            records += read_openreview(path, doc)
        else:
            records += read_virtualsite(path, doc, abstracts)
    for path in csvs:
        records += read_csv(path, fields, author_sep)
    for r in records:  # a page could not take it: `paperlist check` would refuse the page
        if len(r.title) > MAX_TITLE_CHARS:
            raise RecordError(r.where, f"the title is {len(r.title):,} characters, longer than "
                              f"a page takes ({MAX_TITLE_CHARS}); is another field (the "
                              "abstract?) in the title's place? Fix the record or name the "
                              "title's column with --fields")
    return records
