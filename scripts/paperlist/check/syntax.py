"""YAML that does not parse, or parses into something else than the editor wrote, told in
the words of the mistake rather than the parser's.

PyYAML says "mapping values are not allowed here" for a title with a colon, "found
character that cannot start any token" for a tab, and nothing at all for a title that
starts with '#' (a comment) or '&' (an anchor, dropped). Hand edits in a browser make a
few mistakes over and over; each has its own rule here, tried in turn on the line the
parser stopped at, and each says the fix with the line as it should be. Anything else
keeps the parser's own words and the general advice.

Only broken pages come here (the YAML is parsed a second time, slowly, for the parser's
full error), except `silent_problems`, which looks at the tokens of every page that
holds a '#', '&' or a line starting with '- '.
"""

from __future__ import annotations

import re

import yaml

from paperlist.check.problem import Problem
from paperlist.model.page import NoAliasLoader, ValueNotReadable

#: What a plain YAML value may not start with (YAML's indicators), and what each means.
_INDICATORS = {
    "*": "a YAML alias", "&": "a YAML anchor", "!": "a YAML tag", "@": "reserved in YAML",
    "`": "reserved in YAML", "%": "a YAML directive", "|": "a YAML block of text",
    ">": "a YAML block of text", "[": "a YAML list", "{": "a YAML mapping",
    "-": "a YAML list item", "?": "a YAML key", "#": "a YAML comment",
}
_CURLY = {"\u2018": "\u2019", "\u201c": "\u201d", "\u201a": "\u2019", "\u201e": "\u201d",
          "\u00ab": "\u00bb", "\u2039": "\u203a"}
_KEY_LINE = re.compile(r"^(?P<indent> *)(?P<key>[A-Za-z_][\w-]*):(?P<sep>[ \t]*)(?P<value>.*?)\s*$")
_NO_SPACE = re.compile(r"^(?P<indent> *)(?P<key>[A-Za-z_][\w-]*):(?P<value>[^\s:].*?)\s*$")
_SIGNIFICANT = re.compile(r"^(?P<indent>[ \t]*)(?P<text>[^\s#].*?)\s*$")
# Keys whose value is one line of text: a value that is something else was meant as text.
TEXT_KEYS = ("title", "name", "venue", "status", "track")
# Quick tests of a whole frontmatter, so that a page with nothing suspect costs ~2 µs.
_SUSPECT_TEXT = re.compile(rf"^(?:{'|'.join(TEXT_KEYS)}):[ \t]+(?:[#&{''.join(_CURLY)}]|"
                           r"[^'\"\n][^\n]*[ \t]#\S)", re.MULTILINE)
# A ' #' right before a word, inside a plain value: YAML ends the value there ("#1 on X")
_CUT_BY_HASH = re.compile(r"[ \t]#\S")
_GLUED_ITEM = re.compile(r"^( *)- .*\n\1 +- ", re.MULTILINE)


def quote(text: str) -> str:
    """`text` as a YAML value that reads back as exactly `text`: plain when it can be,
    else in single quotes (where a ' is written '')."""
    plain = (text and text == text.strip() and text[0] not in _INDICATORS and text[0] not in "'\""
             and ": " not in text and " #" not in text and not text.endswith(":")
             and not any(c in text for c in ",[]{}\t"))
    if plain:
        try:
            if yaml.safe_load(text) == text:
                return text
        except (yaml.YAMLError, ValueError, OverflowError):  # "2026-02-30": not a date
            pass
    return "'" + text.replace("'", "''") + "'"


def _unquoted(value: str) -> str:
    """The text an editor meant: outer straight or curly quotes taken off."""
    if len(value) >= 2 and (value[0], value[-1]) in (("'", "'"), ('"', '"'), *_CURLY.items()):
        return value[1:-1]
    return value


def _line(lines: list[str], number: int, first: int) -> str:
    index = number - first
    return lines[index] if 0 <= index < len(lines) else ""


def tab_problems(frontmatter: str, path: str, first: int = 2) -> list[Problem]:
    """Lines indented with a tab, or a list item's dash followed by one: YAML indents, and
    sets an item after its dash, with spaces only."""
    problems = []
    for n, line in enumerate(frontmatter.split("\n"), start=first):
        if "\t" in line[:len(line) - len(line.lstrip())]:
            problems.append(Problem(path, n, "tabs cannot indent YAML",
                                    "use two spaces per level instead"))
        elif (m := _DASH_TAB.match(line)) is not None:
            problems.append(Problem(path, n, "a tab after the list item's '-'",
                                    f"write a space instead: {m.group(1)}- {m.group(2)}"))
    return problems


_DASH_TAB = re.compile(r"^( *)-[ \t]*\t[ \t]*(.*)$")


def indentation_problems(frontmatter: str, path: str, first: int = 2) -> list[Problem]:
    """Lines indented unlike the lines at their level: a key or list item indented more
    than the line above when that line already has its value, or two lines under the same
    key indented differently. Only asked when the YAML does not parse (a wrapped title's
    continuation line is indented freely)."""
    stack: list[tuple[int, int]] = [(0, 0)]  # (indent, line) of each open level
    opens = True  # the line above ends with 'key:' and so may take deeper lines
    above = 0
    problems: list[Problem] = []
    for number, raw in enumerate(frontmatter.split("\n"), start=first):
        m = _SIGNIFICANT.match(raw)
        if m is None or "\t" in m.group("indent"):
            continue
        indent = len(m.group("indent"))
        if indent > stack[-1][0]:
            if not opens:
                problems.append(Problem(
                    path, number, f"this line is indented more than line {above}, which "
                                  "already has its value",
                    f"indent it by {stack[-1][0]} spaces, like the lines at its level"))
                continue
            stack.append((indent, number))
        else:
            popped = None
            while stack[-1][0] > indent:
                popped = stack.pop()
            if stack[-1][0] != indent and popped is not None:
                # Two lines under one key, indented differently: the odd one is wrong.
                bad, other = ((popped[1], number) if popped[0] % 2 and not indent % 2
                              else (number, popped[1]))
                widths = {popped[1]: popped[0], number: indent}
                problems.append(Problem(
                    path, bad, f"this line is indented by {widths[bad]} spaces, line "
                               f"{other} at the same level by {widths[other]}",
                    "indent the lines under the same key alike, by two spaces"))
                continue
        key = _KEY_LINE.match(raw)
        opens = bool(key and not key.group("value")) or m.group("text") == "-"
        above = number
    return problems


def _diagnose(e: yaml.YAMLError) -> tuple[str, int | None, int | None, str]:
    context = str(getattr(e, "context", "") or "")
    cm, pm = getattr(e, "context_mark", None), getattr(e, "problem_mark", None)
    problem = str(getattr(e, "problem", None) or str(e).splitlines()[0])
    return context, (cm.line if cm else None), (pm.line if pm else None), problem


#: each escape of a double-quoted value, from its backslash: a hexadecimal one (what a
#: YAML writer puts for a character: "\xE9", "\u00e9"), a backslash and letters (a YAML
#: escape, "\t" a tab, "\n" a line break, "\e" ESC, or one YAML refuses, "\l", where the
#: editor wrote TeX: "$\theta$"; TeX's escaped characters too, "50\%", "\_"), or any other
#: ("\\", "\"")
_ESCAPE = re.compile(r"\\(?:(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8})"
                     r"|(?P<word>[A-Za-z]+|[%&$#{}_^~])|.?)", re.DOTALL)
#: a quick test of a whole frontmatter: a text key's double-quoted value with a backslash
_SUSPECT_ESCAPE = re.compile(rf'^(?:{"|".join(TEXT_KEYS)}):[ \t]+"[^\n]*\\', re.MULTILINE)


def _escape_problem(key: str, value: str, path: str, number: int) -> Problem | None:
    """A double-quoted value holding TeX: YAML reads its backslashes as escapes, so
    "$\\theta$" is a tab and "heta", or the page does not parse ("\\lambda")."""
    end = _closing_quote(value) if value[:1] == '"' else None
    inner = value[1:end] if end is not None else ""
    found = next((m for m in _ESCAPE.finditer(inner) if m.group("word")), None)
    if found is None:
        return None
    what = "the title" if key == "title" else f"the {key}"
    return Problem(path, number, f"{what} is in double quotes, where a backslash starts a "
                                 f"YAML escape: '{found.group(0)}' does not stay as written",
                   f"write it without double quotes, where a backslash is itself: "
                   f"{key}: {quote(_ESCAPE.sub(_as_meant, inner))}")


def _as_meant(escape: re.Match) -> str:
    """An escape of a double-quoted value as its editor meant it: TeX as written, a
    character's hexadecimal escape as the character, `\\\\` and `\\"` as one character."""
    text = escape.group(0)
    if escape.group("word") or len(text) < 2:
        return text
    if len(text) > 2:  # \xE9, \u00e9, \U0001F600
        return chr(int(text[2:], 16))
    return text[1] if text[1] in '\\"/' else text


def _value_problem(key: str, value: str, path: str, number: int) -> Problem | None:
    """A `key: value` line whose value YAML does not read as the text it looks like."""
    what = "the title" if key == "title" else f"the {key}"
    head = value[:1]
    if head == '"':
        escaped = _escape_problem(key, value, path, number)
        if escaped is not None:
            return escaped
    if head in _CURLY:
        return Problem(path, number, f"curly quotes {head}{_CURLY[head]} around {what} are "
                                     "not YAML quotes",
                       f"use straight ones, or none: {key}: {quote(_unquoted(value))}")
    if head in ("'", '"'):
        end = _closing_quote(value)
        if end is None:
            return Problem(path, number, f"the {head} that opens {what} is never closed",
                           f"end it with {head}: {key}: {quote(value[1:])}")
        if value[end + 1:].strip() and not value[end + 1:].lstrip().startswith("#"):
            inner = value[1:-1] if value.endswith(head) else value[1:]
            fix = (f"inside '…' an apostrophe is written twice: {key}: {quote(inner)}"
                   if head == "'" else f"write {key}: {quote(inner)}")
            return Problem(path, number, f"a {head} inside {what} ends the quoted text early",
                           fix)
        return None
    if head and head in _INDICATORS and key in TEXT_KEYS:
        return Problem(path, number, f"{what} starts with {head!r}, which is "
                                     f"{_INDICATORS[head]}",
                       f"quote it: {key}: {quote(value)}")
    if ": " in value or value.endswith(":"):
        # a closing quote whose opening one was deleted is not part of the text
        meant = value[:-1] if value[-1:] in ("'", '"') and value.count(value[-1]) % 2 \
            else value
        return Problem(path, number, f"a colon inside {what}", f"quote it: {key}: {quote(meant)}")
    return None


def _closing_quote(value: str) -> int | None:
    """Index of the quote that closes the quoted scalar `value` starts with."""
    q, i = value[0], 1
    while i < len(value):
        if value[i] == q:
            if q == "'" and value[i + 1:i + 2] == "'":
                i += 2
                continue
            return i
        if q == '"' and value[i] == "\\":
            i += 1
        i += 1
    return None


_DASH_GLUED = re.compile(r"^(\s*)-(?=[^\s-])(.*)$")


def _dash_without_space(lines: list[str], first: int, stop: int
                        ) -> tuple[int, str, str] | None:
    """A list item written without the space after its dash ("-Probabilistic Methods"),
    at or above the line the parser stopped on (it stops a line or two later, at the next
    item: "could not find expected ':'"): (its file line, indentation, text). Only a line
    that stands where an item would, under `key:` or beside an item of the same indent."""
    for index in range(min(stop, len(lines) - 1), max(stop - 30, -1), -1):
        m = _DASH_GLUED.match(lines[index])
        if not m:
            continue
        indent = m.group(1)
        above = lines[index - 1] if index else ""
        near = [lines[k] for k in (index - 1, index + 1) if 0 <= k < len(lines)]
        if not (above.rstrip().endswith(":") or any(n.startswith(f"{indent}- ") for n in near)):
            continue
        # the cause only if writing it as an item mends the page, or moves the error on
        # (not a line of a `|` block or a wrapped value, beside an unrelated mistake)
        mended = "\n".join([*lines[:index], f"{indent}- {m.group(2)}", *lines[index + 1:]])
        try:
            yaml.load(mended, Loader=NoAliasLoader)  # noqa: S506 - a SafeLoader
        except yaml.YAMLError as e:
            mark = getattr(e, "problem_mark", None)
            if mark is None or mark.line <= stop:
                continue
        return index + first, indent, m.group(2)
    return None


def parse_error_problems(frontmatter: str, path: str, first: int = 2) -> list[Problem]:
    """Why the frontmatter does not parse, at the line to change, with the fix."""
    tabs = tab_problems(frontmatter, path, first)
    if tabs:
        return tabs
    try:
        yaml.load(frontmatter, Loader=NoAliasLoader)  # noqa: S506 - a SafeLoader
    except yaml.YAMLError as e:
        context, cm, pm, problem = _diagnose(e)
        unreadable = e if isinstance(e, ValueNotReadable) else None
    else:
        return []
    lines = frontmatter.split("\n")
    dash = _dash_without_space(lines, first, pm if pm is not None else len(lines) - 1)
    if dash is not None:
        number, indent, rest = dash
        return [Problem(path, number, "a list item needs a space after its '-'",
                        f"write {indent}- {rest}")]
    if unreadable is not None and pm is not None:
        number = pm + first
        m = _KEY_LINE.match(_line(lines, number, first))
        as_text = quote(unreadable.value)
        # the whole line when the value is all of it; else (an item of `[...]`) the item
        whole = m and m.group("value").split(" #")[0].strip() == unreadable.value
        as_text = f"{m.group('key')}: {as_text}" if whole else as_text
        real = ("write a real date as YYYY-MM-DD, or " if "date" in unreadable.kind else "")
        return [Problem(path, number, problem, f"{real}quote it to keep it as text: {as_text}")]
    # The parser stops at the first token it cannot use, which is often lines after the
    # mistake (a quote never closed runs on to the next quote): the mistake is on the
    # first line from where the construct it was reading started to where it stopped.
    stop = pm if pm is not None else (cm or 0)
    candidates = list(range(min(cm if cm is not None else stop, stop), stop + 1))
    if "quoted scalar" in context and cm is not None:
        candidates = [cm]
    for index in candidates:
        number = index + first
        raw = _line(lines, number, first)
        m = _KEY_LINE.match(raw)
        if m and m.group("value"):
            found = _value_problem(m.group("key"), m.group("value"), path, number)
            if found:
                return [found]
        m = _NO_SPACE.match(raw)
        if m and "simple key" in context:
            return [Problem(path, number, "a space is missing after the colon",
                            f"write {m.group('key')}: {m.group('value')}")]
        if "flow sequence" in context or "flow mapping" in context:
            opener, closer = ("[", "]") if "sequence" in context else ("{", "}")
            inside = raw.split(opener, 1)[-1]
            commented = next((item.strip() for item in inside.split(",")
                              if _CUT_BY_HASH.search(item)
                              and item.strip()[:1] not in "'\""), None)
            if commented:  # "[Ada, Kim #2]": ' #' starts a comment, which takes the ']'
                # (the item up to the closer, or to the editor's own comment after it)
                item = quote(re.split(rf"\{closer}|\s#\s", commented)[0].rstrip())
                return [Problem(path, number, f"' #' inside the {opener}...{closer} starts a "
                                "YAML comment, which drops the rest of the line, its "
                                f"{closer} too", f"quote the item: {item}")]
            return [Problem(path, number, f"the {opener} opened on this line is never closed",
                            f"end the list with {closer} on the same line")]
    indents = indentation_problems(frontmatter, path, first)
    if indents:
        return indents[:1]
    number = (pm if pm is not None else 0) + first
    fix = ("write the value out in full; a page never uses YAML anchors (&) or aliases (*)"
           if "alias" in problem else
           "check this line's quoting and indentation; quote a value that contains ': ' or "
           "' #' or starts with [ { * & ! | > % @ or a quote")
    return [Problem(path, number, f"frontmatter is not valid YAML: {problem}", fix)]


def silent_problems(frontmatter: str, meta: dict, path: str, first: int = 2) -> list[Problem]:
    """Text YAML reads without an error but not as written: a title that starts with '#'
    (all of it a comment) or holds ' #' before a word ('#1 on Sudoku' cut off; ' # a note'
    is an editor's comment), an anchor ('&x', dropped), TeX in double quotes ("$\\theta$"
    a tab), a list item indented under the one above (glued to it: '- A - B')."""
    problems: list[Problem] = []
    lines = frontmatter.split("\n")
    suspects = [] if not (_SUSPECT_TEXT.search(frontmatter) or (
        "\\" in frontmatter and _SUSPECT_ESCAPE.search(frontmatter))) \
        else list(enumerate(lines, first))
    for number, raw in suspects:
        m = _KEY_LINE.match(raw)
        if m is None or m.group("indent") or m.group("key") not in TEXT_KEYS:
            continue
        value = m.group("value")
        escaped = _escape_problem(m.group("key"), value, path, number)
        if escaped is not None:
            problems.append(escaped)
        elif value.startswith("#") and m.group("sep") and meta.get(m.group("key")) is None:
            key = m.group("key")
            problems.append(Problem(
                path, number, f"the {key} starts with '#', which makes all of it a YAML comment",
                f"quote it: {key}: {quote(value)}"))
        elif value[:1] in _CURLY and value.endswith(_CURLY[value[0]]) \
                and meta.get(m.group("key")) == value:
            key = m.group("key")
            problems.append(Problem(
                path, number, f"curly quotes {value[0]}{value[-1]} around the {key} are kept "
                              f"as part of the {key}",
                f"use straight quotes, or none: {key}: {quote(_unquoted(value))}"))
        elif value[:1] not in "'\"" and _CUT_BY_HASH.search(value) and isinstance(
                meta.get(m.group("key")), str) and len(meta[m.group("key")]) < len(value):
            key = m.group("key")
            problems.append(Problem(
                path, number, f"the {key} ends at ' #': YAML reads the rest as a comment, so "
                              f"the {key} is {meta[key]!r}",
                f"quote it: {key}: {quote(value)}"))
        elif value.startswith("&") and meta.get(m.group("key")) != value:
            key = m.group("key")
            problems.append(Problem(
                path, number, f"the {key} starts with '&', which is a YAML anchor (dropped)",
                f"quote it: {key}: {quote(value)}"))
    item = re.compile(r"^( *)- \S")
    for i in range(1, len(lines) if _GLUED_ITEM.search(frontmatter) else 0):
        a, b = item.match(lines[i - 1]), item.match(lines[i])
        if a and b and len(b.group(1)) > len(a.group(1)):
            problems.append(Problem(
                path, i + first, "this list item is indented more than the one above, so "
                                 "YAML reads both as one item",
                f"indent it by {len(a.group(1))} spaces, like the item above"))
    return problems
