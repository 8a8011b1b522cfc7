"""The catalogue as data: papers.json (+ its JSON Schema), papers.csv, papers.bib (the
Atom feed is markup: html/feed.py).

Regenerated at every build from the same pages as the site, so they can never disagree
with it: papers.json carries every frontmatter key exactly as the page has it (editors'
own keys too) plus the abstract and the page URL, enough to rebuild each page byte for
byte. Output is deterministic (catalogue order, no timestamps), so a rebuild that
changes nothing changes no byte.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections.abc import Callable
from typing import Any

from paperlist import DATA_DIR
from paperlist.discover.citation import bibtex
from paperlist.model.catalogue import Catalogue, Paper
from paperlist.model.page import LINK_KINDS

#: keys the export adds to each paper next to its frontmatter
SITE_KEYS = ("abstract", "url")
#: schema files shipped in the site next to papers.json (papers' refers to page's)
SCHEMA_FILES = ("papers.schema.json", "page.schema.json")
#: in the page format's order (model/page.py KEY_ORDER), the links by kind, then the URL
CSV_COLUMNS = ("id", "title", "title_inferred", "name", "other_names", "authors",
               "affiliations", "status", "track", "venue", "tags", *LINK_KINDS, "url")
# A spreadsheet runs a cell that starts with one of these as a formula.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

UrlOf = Callable[[Paper], str]


def _json_default(value: Any) -> str:
    """YAML can give dates; JSON has none, so they are written as ISO text."""
    if isinstance(value, dt.date | dt.datetime):
        return value.isoformat()
    return str(value)


def paper_record(entry: Paper, url: str) -> dict[str, Any]:
    """A page's frontmatter, key for key and in its order, plus its abstract and URL."""
    record = dict(entry.meta)
    record["abstract"] = entry.body
    record["url"] = url
    return record


def papers_json(cat: Catalogue, url_of: UrlOf) -> str:
    """One paper per line, so a diff of two builds shows which papers changed."""
    head = {"$schema": "papers.schema.json", "title": cat.title, "venue": cat.venue,
            "count": len(cat.papers)}
    lines = [json.dumps(paper_record(e, url_of(e)), ensure_ascii=False,
                        default=_json_default) for e in cat.papers]
    opening = json.dumps(head, ensure_ascii=False)[:-1]
    return opening + ', "papers": [\n' + ",\n".join(lines) + "\n]}\n"


#: where the site's papers.schema.json carries page.schema.json (`schema_files`)
BUNDLED_PAGE_SCHEMA = "page"


def schema_files() -> dict[str, str]:
    """The JSON Schemas that describe papers.json, as shipped in the repository; the
    site's papers.schema.json with page.schema.json inside it (under `$defs`, keeping its
    `$id`, as JSON Schema bundles a schema), so that a validator given papers.schema.json
    alone resolves its `$ref` to page.schema.json: resolved against the `$id`, it named a
    GitHub page, not a schema, and a validator fetching nothing could not resolve it."""
    files = {name: (DATA_DIR / name).read_text(encoding="utf-8") for name in SCHEMA_FILES}
    papers = json.loads(files["papers.schema.json"])
    papers.setdefault("$defs", {})[BUNDLED_PAGE_SCHEMA] = json.loads(files["page.schema.json"])
    files["papers.schema.json"] = json.dumps(papers, ensure_ascii=False, indent=2) + "\n"
    return files


def _cell(value: str) -> str:
    return "'" + value if value.startswith(_FORMULA_START) else value


def papers_csv(cat: Catalogue, url_of: UrlOf) -> str:
    """One row per paper; lists of names and tags joined by '; ', links by spaces (a link
    has none). Affiliations line up with the authors, '' where unknown ("Oxford; ; MIT"),
    and are empty when none is known. Cells a spreadsheet would run as a formula get a
    leading apostrophe."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for e in cat.papers:
        row = [e.id, e.title, "true" if e.title_inferred else "false", e.name,
               "; ".join(e.other_names), "; ".join(e.authors), "; ".join(e.affiliations),
               e.status, e.track, e.venue, "; ".join(t.name for t in e.tags),
               *(" ".join(e.links[kind]) for kind in LINK_KINDS),
               url_of(e)]
        writer.writerow([_cell(v) for v in row])
    return out.getvalue()


def papers_bib(cat: Catalogue, url_of: UrlOf) -> str:
    return "\n".join(bibtex(e, url_of(e)) for e in cat.papers)
