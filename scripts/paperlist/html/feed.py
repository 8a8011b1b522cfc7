"""The Atom feed, `feed.xml`: every paper, for feed readers.

Deterministic like every export: no clock, the feed's date is the first of January of
the venue's year, so a rebuild that changes nothing changes no byte.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from paperlist.discover.citation import venue_year
from paperlist.html.escape import esc
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


def atom_feed(cat: Catalogue, url_of: Callable[[Paper], str], site_name: str,
              site_url: str | None) -> str:
    """An Atom feed with every paper. Without a site URL, links are relative to the feed
    (it sits at the site's root) and ids are `urn:paperlist:<venue>:<id>`."""
    updated = feed_date(cat)
    slug = _venue_slug(cat)
    feed_id = site_url or f"urn:paperlist:{slug}"
    root = site_url or "./"
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           '<feed xmlns="http://www.w3.org/2005/Atom">',
           f"  <title>{_x(site_name)}</title>",
           f"  <subtitle>{_x(f'{len(cat.papers)} papers from {_venues(cat)}')}</subtitle>",
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
