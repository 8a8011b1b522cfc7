"""What an editor's text must never carry: HTML or script (the site shows text literally,
but a reviewer should see it refused, not rendered harmless), invisible controls that make
text read differently from what it holds, and an abstract that is empty or not one.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

from paperlist.check.problem import Problem
from paperlist.model.page import MAX_PARAGRAPH_CHARS
from paperlist.util.markup import html_findings
from paperlist.util.text import BIDI_RE, CONTROL_RE, INVISIBLE_RE, SHAPING_RE

#: At most this many HTML findings are listed per page; the rest are counted.
MAX_HTML_FINDINGS = 10


def unseen_characters(text: str) -> Iterator[tuple[int, str, str]]:
    """(offset, what it is, why it must go) of the first character of each kind no reader
    sees: a control character, a direction control, another invisible one (util/text.py
    INVISIBLE_RE, but not the joiners and marks that correct writing needs: SHAPING_RE).
    The list importer removes them all; a page an editor pasted into keeps them, and a
    reviewer sees nothing in the diff."""
    for rx, kind, why in (
            (CONTROL_RE, "control character", "it is usually a copy-paste artefact"),
            (BIDI_RE, "invisible direction control",
             "it makes the text display differently from what it holds")):
        m = rx.search(text)
        if m:
            yield m.start(), f"{kind} U+{ord(m.group()):04X}", why
    m = next((m for m in INVISIBLE_RE.finditer(text)
              if not BIDI_RE.match(m.group()) and not SHAPING_RE.match(m.group())), None)
    if m:
        name = unicodedata.name(m.group(), "").lower()
        yield (m.start(), f"invisible character U+{ord(m.group()):04X} ({name})",
               "copy-paste leaves it; the site shows nothing, but search no longer finds the "
               "word it splits")


def _strings(value: Any, at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Every text in a field's value, with the key path it is at (a list item's index)."""
    if isinstance(value, str):
        yield at, value
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _strings(item, (*at, i))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k, (*at, k))
            yield from _strings(v, (*at, k))


def field_text_problems(meta: dict[str, Any], path: str, key_lines: dict[str, int],
                        lines: dict[tuple[Any, ...], int] | None = None) -> list[Problem]:
    """HTML and unseen characters in the fields' texts, each told once, at the line of the
    item that holds it (`lines`, the KeyMap's) or else its key's."""
    problems: dict[tuple[int, str], Problem] = {}
    for key, value in meta.items():
        if key == "links":
            continue  # the schema's URL rule already refuses anything but plain http(s)
        for at, text in _strings(value, (key,)):
            line = (lines or {}).get(at) or key_lines.get(str(key), 1)
            for _, snippet in html_findings(text):
                problems.setdefault((line, snippet), Problem(
                    path, line, f"HTML or script {snippet!r} in '{key}'",
                    "remove it: fields are plain text and are shown literally, never as HTML"))
                break
            for _, what, why in unseen_characters(text):
                problems.setdefault((line, what), Problem(
                    path, line, f"{what} in '{key}'", f"remove it: {why}"))
    return list(problems.values())


def body_problems(body: str, body_line: int, path: str) -> list[Problem]:
    """Checks on the raw body (as in the file, so line numbers are exact)."""
    if not body.strip():
        return [Problem(path, body_line - 1, "the abstract is empty",
                        "paste the paper's abstract below the closing '---' line")]
    problems: list[Problem] = []
    size = len(body.strip())
    if size > MAX_PARAGRAPH_CHARS:
        problems.append(Problem(
            path, body_line, f"the abstract is {size:,} characters, longer than any abstract",
            f"keep only the paper's abstract (at most {MAX_PARAGRAPH_CHARS:,} characters)"))
    html_lines: dict[int, str] = {}
    for offset, snippet in html_findings(body):
        html_lines.setdefault(offset, snippet)
    for offset, snippet in list(html_lines.items())[:MAX_HTML_FINDINGS]:
        problems.append(Problem(
            path, body_line + offset, f"raw HTML or script {snippet!r} in the abstract",
            "remove it: the abstract is shown as text; use Markdown (*emphasis*) and $math$"))
    if len(html_lines) > MAX_HTML_FINDINGS:
        last = list(html_lines)[MAX_HTML_FINDINGS]
        problems.append(Problem(
            path, body_line + last,
            f"{len(html_lines) - MAX_HTML_FINDINGS} more lines with raw HTML in the abstract",
            "remove all HTML from the abstract"))
    for at, what, why in unseen_characters(body):
        problems.append(Problem(path, body_line + body.count("\n", 0, at),
                                f"{what} in the abstract", f"remove it: {why}"))
    return problems
