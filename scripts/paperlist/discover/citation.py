"""How to cite a paper: a BibTeX entry and the facts the citation meta tags carry.

They say only what the page knows. Authors are listed when an editor has written them
and never invented; an inferred title is flagged in the BibTeX `note`; the year is the
one in the venue ("ICML 2026"). BibTeX's special characters are escaped here; the
markup that shows them (html/paper.py) escapes for HTML.
"""

from __future__ import annotations

import functools
import re

import yaml

from paperlist import DATA_DIR
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
#: either dollar, no digit after the closing one (pandoc's rule: "$5 and $6" is money),
#: and no third dollar beside them ("$$x$$" is display math, escaped whole)
_MATH = re.compile(r"(?<!\$)\$(?![\s$])[^$]+?(?<!\s)\$(?![\d$])")


#: braces as commands: BibTeX counts every brace, escaped or not, so text whose braces do
#: not pair ("a lone {") written `\{` would leave the field open
_LONE_BRACES = {"{": r"\textbraceleft{}", "}": r"\textbraceright{}"}


def _escaped(text: str, paired: bool = True) -> str:
    specials = _BIBTEX_SPECIALS if paired else {**_BIBTEX_SPECIALS, **_LONE_BRACES}
    return _BIBTEX_SPECIAL_RE.sub(lambda m: specials[m.group(0)], text)


def _pairs(text: str) -> bool:
    """Whether the text's braces pair up, each closing one after its opening one."""
    depth = 0
    for ch in text:
        depth += (ch == "{") - (ch == "}")
        if depth < 0:
            return False
    return depth == 0


#: a control word: a backslash and letters
_COMMAND = re.compile(r"\\([A-Za-z]+)")


@functools.cache
def _math_commands() -> frozenset[str]:
    """The commands a title's math may use in BibTeX (data/citation.yml)."""
    path = DATA_DIR / "citation.yml"
    return frozenset(yaml.safe_load(path.read_text(encoding="utf-8"))["math_commands"])


def _keeps(math: str) -> bool:
    """Whether a `$...$` span can go into BibTeX as written: it uses only the commands of
    data/citation.yml (a title's math must not run anything), its braces balance as BibTeX
    counts them, escaped ones too (else the field would end inside it: "$\\left\\{ x
    \\right.$"), it holds no comment, parameter or alignment sign (`\\%` is a character),
    and its closing dollar is not escaped."""
    plain = re.sub(r"\\[%#&]", "", math.replace("\\\\", ""))  # ("\\\\%": a line break, then %)
    trailing = len(math[1:-1]) - len(math[1:-1].rstrip("\\"))  # "$a\\$": \\$ is no end
    return (_pairs(math) and not any(c in plain for c in "%#&") and trailing % 2 == 0
            and "^^" not in math  # TeX reads ^^5c as a backslash: a command after all
            and all(c in _math_commands() for c in _COMMAND.findall(math)))


def bibtex_escape(text: str) -> str:
    """Text as a BibTeX field value: specials escaped, so braces always balance; inline
    math kept as written when it is safe to ("$\\epsilon$-greedy" would otherwise print its
    source, `\\$\\textbackslash{}epsilon\\$`, in the reference list)."""
    text = " ".join(text.split())
    if "$" not in text and "{" not in text and "}" not in text:  # most titles: nothing to weigh
        return _escaped(text)
    kept = [m for m in _MATH.finditer(text) if _keeps(m.group(0))]
    bounds = [0, *(k for m in kept for k in m.span()), len(text)]
    outside = [text[bounds[k]:bounds[k + 1]] for k in range(0, len(bounds), 2)]
    paired = _pairs("".join(outside))
    out = [_escaped(outside[0], paired)]
    for m, after in zip(kept, outside[1:], strict=True):
        out += [m.group(0), _escaped(after, paired)]
    return "".join(out)


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

