"""How to cite a paper: a BibTeX entry and the facts the citation meta tags carry.

They say only what the page knows. Authors are listed when an editor has written them
and never invented; an inferred title is flagged in the BibTeX `note`; the year is the
one in the venue ("ICML 2026"). BibTeX's special characters are escaped here; the
markup that shows them (html/paper.py) escapes for HTML.
"""

from __future__ import annotations

import re

from paperlist.model.catalogue import Paper

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


#: inline math as titles write it ("$\\epsilon$-greedy", "$k$-means"): no space inside
#: either dollar, no digit after the closing one (pandoc's rule: "$5 and $6" is money)
_MATH = re.compile(r"\$(?!\s)[^$]+?(?<!\s)\$(?!\d)")


def _escaped(text: str) -> str:
    return _BIBTEX_SPECIAL_RE.sub(lambda m: _BIBTEX_SPECIALS[m.group(0)], text)


def _keeps(math: str) -> bool:
    """Whether a `$...$` span can go into BibTeX as written: its braces balance (else the
    field would end inside it), it holds no comment sign or parameter sign, and its closing
    dollar is not escaped."""
    plain = re.sub(r"\\[{}%#]", "", math)  # escaped: \\{ \\} \\% \\# are characters
    depth = 0
    for ch in plain:
        depth += (ch == "{") - (ch == "}")
        if depth < 0:
            return False
    trailing = len(math[1:-1]) - len(math[1:-1].rstrip("\\"))  # "$a\\$": \\$ is no end
    return depth == 0 and "%" not in plain and "#" not in plain and trailing % 2 == 0


def bibtex_escape(text: str) -> str:
    """Text as a BibTeX field value: specials escaped, so braces always balance; inline
    math kept as written when it is safe to ("$\\epsilon$-greedy" would otherwise print its
    source, `\\$\\textbackslash{}epsilon\\$`, in the reference list)."""
    text = " ".join(text.split())
    out, at = [], 0
    for m in _MATH.finditer(text):
        if _keeps(m.group(0)):
            out += [_escaped(text[at:m.start()]), m.group(0)]
            at = m.end()
    return "".join(out) + _escaped(text[at:])


def bibtex_key(entry: Paper) -> str:
    return _KEY_UNSAFE.sub("-", entry.id) or "paper"


def bibtex(entry: Paper, url: str | None) -> str:
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

