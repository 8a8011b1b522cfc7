"""The indentation, blank lines and needless attribute quotes of rendered pages, taken out.

Material's templates are indented for their readers: a paper page carried about 3 KB of
spaces and empty lines, 14% of it, times every paper (GitHub Pages deploys at most 1 GB).
A run of whitespace that holds a line break becomes that one line break: outside
preformatted text, HTML shows any such run as one space (or nothing between blocks), so
the page looks the same; `<pre>`, `<textarea>`, `<script>` and `<style>` are kept byte
for byte (BibTeX and code keep their layout, scripts their strings). Only HTML's own
whitespace counts: a no-break space is text.

An attribute's value made only of letters, digits and `-_./:#` (a class, an id, a
relative link) needs no quotes in HTML (`class=md-nav__link`, `href=../../tags/x/`):
about 230 pairs, 3% of a paper page, which put the pages of real abstracts under 14 KB. A
browser builds the same document either way. Only values inside a tag are touched: the
next angle bracket after them closes it, with no `'` before it (so not inside a
single-quoted value), and a space or the tag's end follows (so a value never runs into a
`/>`). Text is safe as long as it escapes `>`, as everything the catalogue writes does
(html/escape.py `esc`, Markdown); a `="v">` in a comment may lose its quotes, which shows
nothing.
"""

from __future__ import annotations

import re

_VERBATIM = re.compile(r"<(pre|textarea|script|style)\b.*?</\1\s*>", re.DOTALL | re.IGNORECASE)
#: HTML's whitespace but the line break
_WS = " \t\r\f"
#: `="value"` that may go unquoted, inside a tag: what follows closes it before any `<`,
#: and holds no `'` (inside a single-quoted value, `="v"` is the value's text)
_QUOTED = re.compile(r'="([-\w./:#]+)"(?=\s[^<>\']*>|>)', re.ASCII)
#: a single-quoted attribute value's start
_SINGLE_QUOTED = re.compile(r"=\s*'")


def _runs(text: str) -> str:
    """Each run of HTML whitespace holding a line break, as one line break: every line's
    ends stripped, empty lines dropped (what `re.sub(r"[ \t\r\f]*\n[ \t\r\n\f]*", "\n")`
    does, four times faster: the regex tries every position)."""
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    first, *middle, last = lines
    kept = [first.rstrip(_WS)]
    kept += [line for line in (m.strip(_WS) for m in middle) if line]
    kept.append(last.lstrip(_WS))
    return "\n".join(kept)


def _unquoted(text: str) -> str:
    """Attribute values that need no quotes, without them (split and join: `re.sub` with a
    template costs twice as much over a page's 230 matches). Not in a stretch that holds a
    single-quoted value (`='`, `= '`: the theme and the catalogue never write one, a docs
    page's raw HTML may): a `>` inside it would pass for the tag's end."""
    if "'" in text and _SINGLE_QUOTED.search(text):
        return text
    parts = _QUOTED.split(text)
    parts[1::2] = ["=" + value for value in parts[1::2]]
    return "".join(parts)


def squeeze(html: str) -> str:
    """The page with each whitespace run that holds a line break cut to one line break,
    and its attribute values that need no quotes unquoted."""
    out: list[str] = []
    at = 0
    for m in _VERBATIM.finditer(html):
        out.append(_unquoted(_runs(html[at:m.start()])))
        out.append(m.group(0))
        at = m.end()
    out.append(_unquoted(_runs(html[at:])))
    return "".join(out).lstrip(" \t\r\n\f")
