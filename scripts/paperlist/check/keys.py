"""The frontmatter's keys as written, not as loaded: what YAML loading hides.

Loading a mapping keeps the last of two equal keys and drops the first without a word,
reads `yes`, `on` and `True` as true, and gives no line for a nested key. So the checker
also composes the frontmatter into YAML nodes (the C parser: ~0.1 ms a page) and walks
them once for: every key at any depth with its line, duplicate keys at any depth,
booleans written other than `true`/`false`, and keys that are typos of a known key.

Known keys come from `data/page.schema.json` (its properties, nested ones included), so
a new field needs no change here. Editors may add keys of their own: only a key that is
one or two typing slips away from a known key is reported, as a typo, and one a newcomer
writes for a field the site reads under another name (`github:` for a code link under
`links:`; the schema's `x-aliases`, each with where it goes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from paperlist.check.problem import Problem
from paperlist.model.page import page_loader

#: A path in the frontmatter: ("inferred", "title"), ("tags", 2).
KeyPath = tuple[Any, ...]

_PLAIN_BOOLEANS = {"true", "false"}


@dataclass
class KeyMap:
    """Where each key and item of the frontmatter is, and what its nodes say."""

    #: path -> 1-based line in the file (a key's line; a list item's own line)
    lines: dict[KeyPath, int] = field(default_factory=dict)
    #: (path, line, first line) for every key written twice in the same mapping
    duplicates: list[tuple[KeyPath, int, int]] = field(default_factory=list)
    #: path -> (raw text, line) of booleans not written as plain true/false
    odd_booleans: dict[KeyPath, tuple[str, int]] = field(default_factory=dict)

    def line(self, path: KeyPath, default: int = 1) -> int:
        """The line of the deepest part of `path` that is in the file."""
        for n in range(len(path), 0, -1):
            if path[:n] in self.lines:
                return self.lines[path[:n]]
        return default


def compose(frontmatter: str) -> yaml.Node | None:
    """The frontmatter's node tree, or None when it does not parse (reported elsewhere)."""
    try:
        return yaml.compose(frontmatter, Loader=page_loader(frontmatter))
    except yaml.YAMLError:
        return None


def load_with_keys(frontmatter: str, first_line: int = 2) -> tuple[Any, KeyMap]:
    """The frontmatter loaded as model/page.py loads it (the same safe loaders, aliases
    refused), and its KeyMap, from one parse: composing, then constructing from the
    nodes, is what loading does anyway. Raises yaml.YAMLError for YAML that does not parse."""
    loader = page_loader(frontmatter)(frontmatter)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
    keys = KeyMap()
    if node is not None:
        _walk(node, (), keys, first_line)
    return data, keys


def key_map(frontmatter: str, first_line: int = 2) -> KeyMap | None:
    """Walk the frontmatter's nodes; `first_line` is the file line the frontmatter starts on."""
    root = compose(frontmatter)
    if root is None:
        return None
    out = KeyMap()
    _walk(root, (), out, first_line)
    return out


def _walk(node: yaml.Node, path: KeyPath, out: KeyMap, first: int) -> None:
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, int] = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else repr(key_node)
            line = key_node.start_mark.line + first
            if key in seen:
                out.duplicates.append(((*path, key), line, seen[key]))
            else:
                seen[key] = line
                out.lines[(*path, key)] = line
            _walk(value_node, (*path, key), out, first)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            out.lines.setdefault((*path, i), item.start_mark.line + first)
            _walk(item, (*path, i), out, first)
    elif (isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:bool"
          and (node.style or node.value not in _PLAIN_BOOLEANS)):
        out.odd_booleans[path] = (node.value, node.start_mark.line + first)


def typo_distance(a: str, b: str) -> int:
    """Edits (insert, delete, replace, swap two neighbours) from a to b, ignoring case and
    '-' for '_': 'autors' -> 'authors' is 1, 'Title' -> 'title' 0."""
    a, b = a.casefold().replace("-", "_"), b.casefold().replace("-", "_")
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
    return prev[-1]


def near_key(key: str, known: list[str]) -> str | None:
    """The known key that `key` is a slip of: at most one edit for a short key, two for a
    longer one, and never a key of its own that merely resembles one ('note', 'source_url')."""
    limit = 1 if len(key) <= 5 else 2
    scored = sorted((typo_distance(key, k), k) for k in known if k != key)
    return scored[0][1] if scored and scored[0][0] <= limit else None


def _where(path: KeyPath) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def duplicate_problems(keys: KeyMap, path: str) -> list[Problem]:
    problems: list[Problem] = []
    for dup_path, line, first in keys.duplicates:
        problems.append(Problem(
            path, line, f"'{_where(dup_path)}' appears twice (also line {first})",
            f"keep one and delete the other: YAML would silently use this line's and drop "
            f"line {first}'s"))
    return problems


def boolean_problems(keys: KeyMap, path: str) -> list[Problem]:
    return [Problem(path, line, f"'{_where(p)}' is {raw!r}, which only some YAML readers "
                                "take for true or false",
                    f"write {_where(p)}: true or {_where(p)}: false, lower case, unquoted")
            for p, (raw, line) in keys.odd_booleans.items()]


def unknown_key_problems(meta: dict[str, Any], keys: KeyMap, path: str,
                         schema: dict[str, Any]) -> tuple[list[Problem], set[KeyPath]]:
    """Typos of known keys, known nested keys written at the top level ('code:' that
    lost its indentation under links:), and other names of known fields ('github:').
    Returns the problems and the known keys they stand for, whose 'missing key' message
    would only repeat them."""
    props, subs_of, nested = _known_keys(schema)
    aliases: dict[str, str] = schema.get("x-aliases", {})
    problems: list[Problem] = []
    explained: set[KeyPath] = set()
    for key in meta:
        if not isinstance(key, str) or key in props:
            continue
        line = keys.line((key,))
        if key in nested:
            parent = nested[key]
            problems.append(Problem(
                path, line, f"'{key}' belongs under {parent}:",
                f"indent it by two spaces, under the '{parent}:' line"))
            continue
        near = near_key(key, list(props))
        if near is not None and near in meta:  # a second key beside it: never read
            problems.append(_beside(path, line, key, near, keys.line((near,))))
        elif near is not None:
            explained.add((near,))
            problems.append(Problem(path, line, f"unknown key '{key}'",
                                    f"did you mean '{near}'? Write {near}:"))
        elif key.casefold() in aliases:
            problems.append(Problem(path, line, f"the site does not read '{key}'",
                                    aliases[key.casefold()]))
    for parent, subs in subs_of.items():
        value = meta.get(parent)
        if not isinstance(value, dict):
            continue
        for key in value:
            near = near_key(str(key), subs) if key not in subs else None
            if near is not None and near in value:
                problems.append(_beside(path, keys.line((parent, key)), f"{parent}.{key}",
                                        f"{parent}.{near}", keys.line((parent, near))))
            elif near is not None:
                explained.add((parent, near))
                problems.append(Problem(path, keys.line((parent, key)),
                                        f"unknown key '{parent}.{key}'",
                                        f"did you mean '{near}'? Write {near}:"))
    return problems, explained


def _beside(path: str, line: int, key: str, near: str, near_line: int) -> Problem:
    """A misspelt key beside the one it was meant to be ('author:' under 'authors: []'):
    the site reads only the other, so what it holds is shown nowhere."""
    return Problem(path, line, f"unknown key '{key}' beside '{near}' (line {near_line}): "
                               f"the site reads only '{near}', so nothing under '{key}' shows",
                   f"move what it holds into {near.rsplit('.', 1)[-1]}: and delete this key")


_KNOWN: dict[int, tuple[dict[str, Any], Any]] = {}


def _known_keys(schema: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list[str]],
                                                 dict[str, str]]:
    """(top-level properties, the keys of each mapping property with an open set of keys,
    nested key -> its parent), worked out once per schema (the schemas are cached)."""
    cached = _KNOWN.get(id(schema))
    if cached is not None and cached[0] is schema:
        return cached[1]
    props: dict[str, Any] = schema.get("properties", {})
    subs_of = {parent: _sub_keys(node, schema) for parent, node in props.items()}
    nested = {sub: parent for parent, subs in subs_of.items() for sub in subs}
    # a mapping with a closed list of keys (links) reports an unknown one itself (schema)
    open_subs = {p: subs for p, subs in subs_of.items() if subs and "propertyNames" not in props[p]}
    _KNOWN[id(schema)] = (schema, (props, open_subs, nested))
    return props, open_subs, nested


def _sub_keys(node: dict[str, Any], schema: dict[str, Any]) -> list[str]:
    if "$ref" in node:
        target: Any = schema
        for part in node["$ref"][2:].split("/"):
            target = target[part]
        node = target
    return list(node.get("properties", {})) if isinstance(node, dict) else []
