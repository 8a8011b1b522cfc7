"""What an editor's text must never carry: HTML or script (the site shows text literally,
but a reviewer should see it refused, not rendered harmless), invisible controls that make
text read differently from what it holds, and an abstract that is empty or not one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from paperlist.check.problem import Problem
from paperlist.model.page import MAX_PARAGRAPH_CHARS
from paperlist.util.markup import html_findings
from paperlist.util.text import CONTROL_RE

#: At most this many HTML findings are listed per page; the rest are counted.
MAX_HTML_FINDINGS = 10
# Explicit bidirectional controls reverse how text is displayed ("Trojan Source").
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)


def field_text_problems(meta: dict[str, Any], path: str,
                         key_lines: dict[str, int]) -> list[Problem]:
    problems: list[Problem] = []
    for key, value in meta.items():
        if key == "links":
            continue  # the schema's URL rule already refuses anything but plain http(s)
        line = key_lines.get(str(key), 1)
        for text in _strings(value):
            for _, snippet in html_findings(text):
                problems.append(Problem(
                    path, line, f"HTML or script {snippet!r} in '{key}'",
                    "remove it: fields are plain text and are shown literally, never as HTML"))
                break
            bidi = _BIDI.search(text)
            if bidi:
                problems.append(Problem(
                    path, line, f"invisible direction control U+{ord(bidi.group()):04X} in '{key}'",
                    "remove it: it makes the text display differently from what it contains"))
    return problems


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
    for rx, what in ((CONTROL_RE, "control character"), (_BIDI, "invisible direction control")):
        m = rx.search(body)
        if m:
            problems.append(Problem(
                path, body_line + body.count("\n", 0, m.start()),
                f"{what} U+{ord(m.group()):04X} in the abstract",
                "remove it (it is usually a copy-paste artefact)"))
    return problems
