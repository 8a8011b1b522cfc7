"""A fast yes/no pre-check compiled from a JSON Schema, for the checker's common case.

jsonschema walks a page's frontmatter at about 0.3 ms a page, which alone would take a
12,000-page catalogue past its time budget, although nearly every page is valid. This
module turns the schema into plain Python predicates once; a page it accepts is valid,
and any page it rejects goes to jsonschema, which finds the errors and words them. So the
schema stays the one source of the rules, and this module may only be stricter, never
laxer: every keyword it does not know makes `compile_schema` give up (return None), and
every case it is unsure of answers False.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]

#: Keywords that say nothing about validity.
_ANNOTATIONS = {"$schema", "$id", "$comment", "$defs", "title", "description", "examples",
                "default"}
_TYPES: dict[str, Check] = {
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict) and all(isinstance(k, str) for k in v),
    "null": lambda v: v is None,
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
}


def _is_number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


class _Unsupported(Exception):
    pass


def compile_schema(schema: dict[str, Any]) -> Check | None:
    """A predicate that is True only for instances the schema accepts, or None when the
    schema uses a keyword this module does not implement."""
    try:
        return _Compiler(schema).compile(schema)
    except _Unsupported:
        return None


class _Compiler:
    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root

    def resolve(self, ref: str) -> Any:
        if not ref.startswith("#/"):
            raise _Unsupported(ref)
        node: Any = self.root
        for part in ref[2:].split("/"):
            node = node[part]
        return node

    def compile(self, node: Any) -> Check:
        if node is True or node == {}:
            return lambda v: True
        if not isinstance(node, dict):
            raise _Unsupported(node)
        checks: list[Check] = []
        for key, value in node.items():
            if key in _ANNOTATIONS or key.startswith("x-"):
                continue
            checks.append(self.keyword(key, value, node))
        if len(checks) == 1:
            return checks[0]
        return lambda v: all(c(v) for c in checks)

    def keyword(self, key: str, value: Any, node: dict[str, Any]) -> Check:
        if key == "$ref":
            return self.compile(self.resolve(value))
        if key == "type":
            if not isinstance(value, str) or value not in _TYPES:
                raise _Unsupported(value)
            return _TYPES[value]
        if key == "required":
            names = tuple(value)
            return lambda v: not isinstance(v, dict) or all(n in v for n in names)
        if key == "properties":
            props = {name: self.compile(sub) for name, sub in value.items()}
            return lambda v: not isinstance(v, dict) or all(
                props[k](v[k]) for k in props.keys() & v.keys())
        if key == "additionalProperties":
            if value is True:
                return lambda v: True
            if "patternProperties" in node:
                raise _Unsupported(key)
            other_ok = self.compile(value)
            named = frozenset(node.get("properties", {}))
            return lambda v: not isinstance(v, dict) or all(
                other_ok(x) for k, x in v.items() if k not in named)
        if key == "propertyNames":
            names_ok = self.compile(value)
            return lambda v: not isinstance(v, dict) or all(names_ok(k) for k in v)
        if key == "enum":
            options = tuple(value)
            # type-sensitive, as JSON Schema is: 1 is not true, "1" is not 1
            return lambda v: any(type(v) is type(o) and v == o for o in options)
        if key == "items":
            item_ok = self.compile(value)
            return lambda v: not isinstance(v, list) or all(item_ok(x) for x in v)
        if key == "pattern":
            rx = re.compile(value)
            return lambda v: not isinstance(v, str) or rx.search(v) is not None
        if key == "minimum":
            # NaN compares False both ways, so it passes here as it does in jsonschema
            return lambda v: not _is_number(v) or not v < value
        if key == "maxLength":
            return lambda v: not isinstance(v, str) or len(v) <= value
        if key == "minItems":
            return lambda v: not isinstance(v, list) or len(v) >= value
        if key == "maxItems":
            return lambda v: not isinstance(v, list) or len(v) <= value
        if key == "uniqueItems":
            if not value:
                return lambda v: True
            # only lists of strings are judged here; anything else goes to jsonschema
            return lambda v: not isinstance(v, list) or (
                all(isinstance(x, str) for x in v) and len(set(v)) == len(v))
        raise _Unsupported(key)
