"""The catalogue as data: papers.json (+ its JSON Schema), papers.csv, papers.bib, feed.xml.

Regenerated at every build from the same pages as the site, so they can never disagree
with it: papers.json carries every frontmatter key exactly as the page has it (editors'
own keys too) plus the abstract and the page URL, enough to rebuild each page byte for
byte. Output is deterministic (catalogue order, no timestamps: the feed's date is the
first of January of the venue's year), so a rebuild that changes nothing changes no byte.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
from collections.abc import Callable
from typing import Any

from paperlist import DATA_DIR
from paperlist.discover.citation import bibtex, venue_year
from paperlist.html.escape import esc
from paperlist.model.catalogue import Catalogue, Paper
from paperlist.util.text import slugify

#: keys the export adds to each paper next to its frontmatter
SITE_KEYS = ("abstract", "url")
SCHEMA_DIR = DATA_DIR
#: schema files shipped in the site next to papers.json (papers' refers to page's)
SCHEMA_FILES = ("papers.schema.json", "page.schema.json")
CSV_COLUMNS = ("id", "title", "title_inferred", "name", "other_names", "authors", "venue",
               "tags", "code", "data", "other", "url")
# Characters XML 1.0 cannot carry at all, even escaped.
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
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


def schema_files() -> dict[str, str]:
    """The JSON Schemas that describe papers.json, as shipped in the repository."""
    return {name: (SCHEMA_DIR / name).read_text(encoding="utf-8") for name in SCHEMA_FILES}


def _cell(value: str) -> str:
    return "'" + value if value.startswith(_FORMULA_START) else value


def papers_csv(cat: Catalogue, url_of: UrlOf) -> str:
    """One row per paper; lists of names and tags joined by '; ', links by spaces (a link
    has none). Cells a spreadsheet would run as a formula get a leading apostrophe."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for e in cat.papers:
        row = [e.id, e.title, "true" if e.title_inferred else "false", e.name,
               "; ".join(e.other_names), "; ".join(e.authors), e.venue,
               "; ".join(t.name for t in e.tags), " ".join(e.links["code"]),
               " ".join(e.links["data"]), " ".join(e.links["other"]), url_of(e)]
        writer.writerow([_cell(v) for v in row])
    return out.getvalue()


def papers_bib(cat: Catalogue, url_of: UrlOf) -> str:
    return "\n".join(bibtex(e, url_of(e)) for e in cat.papers)


def feed_date(cat: Catalogue) -> str:
    """A fixed date for the feed: 1 January of the venue's year (builds carry no clock)."""
    year = venue_year(cat.venue) or next(
        (y for y in (venue_year(e.venue) for e in cat.papers) if y), "1970")
    return f"{year}-01-01T00:00:00Z"


def _x(text: str) -> str:
    return esc(_XML_INVALID.sub("", text), quote=False)


def _attr(text: str) -> str:
    return '"' + esc(_XML_INVALID.sub("", text)) + '"'


def _venue_slug(cat: Catalogue) -> str:
    return slugify(cat.venue or "catalogue")


def atom_feed(cat: Catalogue, url_of: UrlOf, site_name: str, site_url: str | None) -> str:
    """An Atom feed with every paper. Without a site URL, links are relative to the feed
    (it sits at the site's root) and ids are `urn:paperlist:<venue>:<id>`."""
    updated = feed_date(cat)
    slug = _venue_slug(cat)
    feed_id = site_url or f"urn:paperlist:{slug}"
    root = site_url or "./"
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           '<feed xmlns="http://www.w3.org/2005/Atom">',
           f"  <title>{_x(site_name)}</title>",
           f"  <subtitle>{_x(f'{len(cat.papers)} papers from {cat.venue}')}</subtitle>",
           f"  <id>{_x(feed_id)}</id>",
           f"  <link rel=\"self\" href={_attr(root + 'feed.xml')}/>",
           f"  <link rel=\"alternate\" type=\"text/html\" href={_attr(root)}/>",
           f"  <updated>{updated}</updated>",
           f"  <author><name>{_x(site_name)}</name></author>",
           '  <generator uri="https://github.com/paperlist/paperlist">paperlist</generator>']
    for e in cat.papers:
        url = url_of(e)
        entry_id = url if site_url else f"urn:paperlist:{slug}:{e.id}"
        out.append("  <entry>")
        out.append(f"    <title>{_x(e.title)}</title>")
        out.append(f"    <id>{_x(entry_id)}</id>")
        out.append(f"    <link rel=\"alternate\" type=\"text/html\" href={_attr(url)}/>")
        out.append(f"    <updated>{updated}</updated>")
        out.extend(f"    <author><name>{_x(a)}</name></author>" for a in e.authors)
        out.extend(f"    <category term={_attr(t.slug)} label={_attr(t.name)}/>" for t in e.tags)
        out.append(f"    <summary type=\"text\">{_x(e.body.strip())}</summary>")
        out.append("  </entry>")
    out.append("</feed>")
    return "\n".join(out) + "\n"
