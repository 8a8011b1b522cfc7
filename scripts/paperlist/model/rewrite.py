"""Rewrite a page's file changing only the frontmatter keys whose values changed.

An import, a retag or an enrich that refreshes one of a page's fields (its inferred tags,
`inferred:`) used to write the whole page again with our YAML style: an editor's comments
(`title: "..."  # from the PDF`), quotes, flow lists (`authors: [Ada, Alan]`), blank lines
and key order were gone, though every value they had written stayed. Here each top-level
key's lines are kept as the editor wrote them unless that key's value changed; a changed
key's lines are written as `dump_page` would write them, after the comments and blank
lines that led to them; a new key goes after the key that precedes it in the page format's
order; a removed key's lines go. The result is read back and must give exactly the new
frontmatter, else (YAML this cannot cut into keys, such as a key spanning lines in an
unusual way) the whole page is written as `dump_page` does.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from paperlist.model.page import PAGE_HANDLER, Page, PageError, dump_page, ordered_meta, parse_page

# A line that starts a top-level key (not indented, not a comment, a list item or the
# document's markers); its key is then read by parsing the key's lines on their own.
_KEY_LINE = re.compile(r"[^\s#\-]|-[^\s-]")


def _trivia(line: str) -> bool:
    """A blank line, or a comment of the top level: it leads to the key below it."""
    return not line.strip() or line.startswith("#")


def _blocks(fm: str) -> tuple[list[tuple[str, Any, str, str]], str] | None:
    """The frontmatter cut into top-level keys: (key, value, the comment and blank lines
    that lead to it, its own lines) each, and the lines after the last key; None when the
    lines cannot be cut into keys that each parse on their own."""
    groups: list[tuple[list[str], list[str]]] = []
    lead: list[str] = []
    own: list[str] | None = None
    for line in fm.split("\n")[:-1]:  # fm ends with a newline
        if _KEY_LINE.match(line):
            if own is not None:
                moved: list[str] = []
                while own and _trivia(own[-1]):
                    moved.insert(0, own.pop())
                groups.append((lead, own))
                lead = moved
            own = [line]
        elif own is None:
            lead.append(line)
        else:
            own.append(line)
    trailing = lead
    if own is not None:
        trailing = []
        while own and _trivia(own[-1]):
            trailing.insert(0, own.pop())
        groups.append((lead, own))
    out = []
    for lead, own in groups:
        try:
            parsed = PAGE_HANDLER.load("".join(f"{x}\n" for x in own))
        except yaml.YAMLError:
            return None
        if not isinstance(parsed, dict) or len(parsed) != 1:
            return None
        key, value = next(iter(parsed.items()))
        out.append((key, value, "".join(f"{x}\n" for x in lead), "".join(f"{x}\n" for x in own)))
    return out, "".join(f"{x}\n" for x in trailing)


def _same(a: Any, b: Any) -> bool:
    """Equal, and of the same types all through (True is not 1 in a page)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def rewrite_page(text: str, meta: dict[str, Any], body: str) -> str:
    """The page `text` with frontmatter `meta` and `body`: every unchanged key's lines, and
    an unchanged body, as they were written (see the module's docstring)."""
    whole = dump_page(Page(meta=meta, body=body))
    try:
        old = parse_page(text)
    except PageError:
        return whole
    opening, _, after = text.removeprefix("\ufeff").partition("\n")
    close = PAGE_HANDLER.FM_BOUNDARY.search(after)
    cut = _blocks(after[: close.start()]) if close else None
    if cut is None or [k for k, *_ in cut[0]] != list(old.meta) or not all(
            _same(v, old.meta[k]) for k, v, *_ in cut[0]):
        return whole
    blocks, trailing = cut
    order = list(ordered_meta(meta))
    kept: list[str] = []  # the keys in the order they will be written
    texts: dict[str, str] = {}
    for key, value, lead, lines in blocks:
        if key in meta:
            kept.append(key)
            texts[key] = lead + (lines if _same(value, meta[key])
                                 else PAGE_HANDLER.export({key: meta[key]}))
    for key in order:
        if key not in texts:
            before = [k for k in order[: order.index(key)] if k in texts]
            kept.insert(kept.index(before[-1]) + 1 if before else 0, key)
            texts[key] = PAGE_HANDLER.export({key: meta[key]})
    stripped = body.strip("\n")
    rest = after[close.end():] if _same(old.body, body) else (
        f"\n\n{stripped}\n" if stripped else "\n")
    out = f"{opening}\n{''.join(texts[k] for k in kept)}{trailing}---{rest}"
    try:
        again = parse_page(out)
    except PageError:
        return whole
    # the keys in the order written (a new one where the format puts it), each value the same
    if list(again.meta) != kept or set(kept) != set(meta) or not all(
            _same(again.meta[k], meta[k]) for k in kept) or again.body != (
            f"{stripped}\n" if stripped else ""):
        return whole
    return out

