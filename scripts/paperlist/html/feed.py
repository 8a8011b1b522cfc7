"""The Atom feed, `feed.xml`: the catalogue's papers for feed readers, at most a set number.

A feed reader fetches the whole file on every poll, and every paper with its abstract was
50 MB at 30,000 papers; so the feed carries `feed_entries` papers (mkdocs.yml, default
500, about 1 MB), the newest venue's first, each venue's in the catalogue's order (by
title), and says so in its subtitle; papers.json has them all. An inferred title ends in
"(inferred title)": a reader sees the entry's title alone.
Deterministic like every export: no clock, the feed's date is the first of January of
the venue's year, so a rebuild that changes nothing changes no byte.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from paperlist.discover.citation import venue_year
from paperlist.html.abstract import title_text
from paperlist.html.escape import esc
from paperlist.html.inferred import INFERRED_SUFFIX
from paperlist.model.catalogue import Catalogue, Paper
from paperlist.util.text import slugify

# Characters XML 1.0 cannot carry at all, even escaped.
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


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


def _venues(cat: Catalogue) -> str:
    """'ICML 2026', or with several venues 'ICML 2026 and NeurIPS 2026' (the catalogue's
    venue is its first list's)."""
    names = list(cat.venue_names.values())
    if len(names) < 2:
        return cat.venue
    return ", ".join(names[:-1]) + " and " + names[-1]


#: papers in the feed unless mkdocs.yml says otherwise (`feed_entries`; 0: every paper)
FEED_ENTRIES = 500


def feed_papers(cat: Catalogue, limit: int = FEED_ENTRIES) -> list[Paper]:
    """The papers the feed carries: the newest venue's first (by the year in its name;
    a stable sort, so each venue's papers stay in the catalogue's order), at most `limit`
    of them (0: all)."""
    papers = sorted(cat.papers, key=lambda e: -int(venue_year(e.venue) or 0))
    return papers[:limit] if limit else papers


def atom_feed(cat: Catalogue, url_of: Callable[[Paper], str], site_name: str,
              site_url: str | None, limit: int = FEED_ENTRIES) -> str:
    """An Atom feed of `feed_papers(cat, limit)`. Without a site URL, links are relative
    to the feed (it sits at the site's root) and ids are `urn:paperlist:<venue>:<id>`."""
    updated = feed_date(cat)
    papers = feed_papers(cat, limit)
    total = len(cat.papers)
    count = (f"{total:,} papers" if len(papers) == total
             else f"{len(papers):,} of {total:,} papers (all of them in papers.json)")
    slug = _venue_slug(cat)
    feed_id = site_url or f"urn:paperlist:{slug}"
    root = site_url or "./"
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           '<feed xmlns="http://www.w3.org/2005/Atom">',
           f"  <title>{_x(site_name)}</title>",
           f"  <subtitle>{_x(f'{count} from {_venues(cat)}' if _venues(cat) else count)}"
           "</subtitle>",
           f"  <id>{_x(feed_id)}</id>",
           f"  <link rel=\"self\" href={_attr(root + 'feed.xml')}/>",
           f"  <link rel=\"alternate\" type=\"text/html\" href={_attr(root)}/>",
           f"  <updated>{updated}</updated>",
           f"  <author><name>{_x(site_name)}</name></author>",
           '  <generator uri="https://github.com/paperlist/paperlist">paperlist</generator>']
    for e in papers:
        url = url_of(e)
        entry_id = url if site_url else f"urn:paperlist:{slug}:{e.id}"
        out.append("  <entry>")
        # a feed reader shows no page's note: an inferred title says so itself
        title = title_text(e.title) + (INFERRED_SUFFIX if e.title_inferred else "")
        out.append(f"    <title>{_x(title)}</title>")
        out.append(f"    <id>{_x(entry_id)}</id>")
        out.append(f"    <link rel=\"alternate\" type=\"text/html\" href={_attr(url)}/>")
        out.append(f"    <updated>{updated}</updated>")
        out.extend(f"    <author><name>{_x(a)}</name></author>" for a in e.authors)
        out.extend(f"    <category term={_attr(t.slug)} label={_attr(t.name)}/>" for t in e.tags)
        out.append(f"    <summary type=\"text\">{_x(e.body.strip())}</summary>")
        out.append("  </entry>")
    out.append("</feed>")
    return "\n".join(out) + "\n"
