"""How to cite a paper: Google Scholar `citation_*` meta tags and a BibTeX entry.

Both say only what the page knows. Authors are listed when an editor has written them
and never invented; an inferred title is flagged in the BibTeX `note`; the year is the
one in the venue ("ICML 2026"). Every value is escaped for where it goes: HTML
attributes for the meta tags, BibTeX's special characters for the entry.
"""

from __future__ import annotations

import html
import re

from paperlist.model.catalogue import Entry

_YEAR = re.compile(r"\b(19|20)\d\d\b")
# BibTeX/LaTeX characters that would end a field, start a command or break compilation.
_BIBTEX_SPECIALS = {
    "\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "%": r"\%",
    "#": r"\#", "_": r"\_", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
}
_BIBTEX_SPECIAL_RE = re.compile("|".join(re.escape(c) for c in _BIBTEX_SPECIALS))
_KEY_UNSAFE = re.compile(r"[^A-Za-z0-9_:.-]+")


def venue_year(venue: str) -> str:
    """'ICML 2026' -> '2026'; '' when the venue names no year."""
    m = _YEAR.search(venue)
    return m.group(0) if m else ""


def venue_name(venue: str) -> str:
    """'ICML 2026' -> 'ICML': the conference without its year, for citation_conference_title."""
    name = _YEAR.sub("", venue).strip(" ,-")
    return re.sub(r"\s{2,}", " ", name) or venue


def meta_tags(entry: Entry, url: str | None) -> str:
    """`<meta name="citation_*">` tags for a paper page's head (Highwire Press tags, read by
    Google Scholar and Zotero). `url` is the page's absolute URL, when the site has one."""
    tags: list[tuple[str, str]] = [("citation_title", entry.title)]
    tags += [("citation_author", a) for a in entry.authors]
    if entry.venue:
        tags.append(("citation_conference_title", venue_name(entry.venue)))
    year = venue_year(entry.venue)
    if year:
        tags.append(("citation_publication_date", year))
    if url:
        tags.append(("citation_abstract_html_url", url))
    return "".join(f'<meta name="{name}" content="{html.escape(value, quote=True)}">\n'
                   for name, value in tags)


def bibtex_escape(text: str) -> str:
    """Text as a BibTeX field value: specials escaped, so braces always balance."""
    text = " ".join(text.split())
    return _BIBTEX_SPECIAL_RE.sub(lambda m: _BIBTEX_SPECIALS[m.group(0)], text)


def bibtex_key(entry: Entry) -> str:
    return _KEY_UNSAFE.sub("-", entry.id) or "paper"


def bibtex(entry: Entry, url: str | None) -> str:
    """An @inproceedings entry with only the fields the page really knows."""
    fields: list[tuple[str, str]] = [("title", "{" + bibtex_escape(entry.title) + "}")]
    if entry.authors:
        fields.append(("author", " and ".join(bibtex_escape(a) for a in entry.authors)))
    if entry.venue:
        fields.append(("booktitle", bibtex_escape(entry.venue)))
    year = venue_year(entry.venue)
    if year:
        fields.append(("year", year))
    if url:
        fields.append(("url", bibtex_escape(url)))
    notes = []
    if entry.title_inferred:
        notes.append("Title inferred from the abstract")
    if not entry.authors:
        notes.append("authors not yet known")
    if notes:
        fields.append(("note", "; ".join(notes)))
    body = ",\n".join(f"  {k} = {{{v}}}" for k, v in fields)
    return f"@inproceedings{{{bibtex_key(entry)},\n{body}\n}}\n"


def bibtex_html(entry: Entry, url: str | None) -> str:
    """The 'Cite' block of a paper page: the BibTeX, shown, with a copy button that the
    site's script enables (without JavaScript the text is still there to select)."""
    return ('<div class="paper-cite"><h2 id="cite">Cite</h2>'
            '<p><button type="button" class="md-button paper-copy-bibtex" hidden>Copy BibTeX'
            '</button> <span class="paper-copy-status" role="status"></span></p>'
            f'<pre class="paper-bibtex"><code>{html.escape(bibtex(entry, url))}</code></pre>'
            "</div>\n")
