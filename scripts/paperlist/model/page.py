"""The page format: `papers/<id>.md`, YAML frontmatter then the abstract.

This file is the contract between the importer, the editors who change pages in pull
requests, the checker and the site. Writing is deterministic (fixed key order, no
timestamps) so that an import that changes nothing produces no diff; writing the files
atomically is util/atomic.py's job.

Splitting and joining go through python-frontmatter, with `PageHandler` (its YAML handler
made strict): the library's own `loads`/`dumps` defaults would strip the text, read an
unclosed frontmatter as a page without one, lose the line numbers, expand YAML aliases and
sort the keys, none of which a file that editors change by hand can afford.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import frontmatter
import yaml
from frontmatter.default_handlers import YAMLHandler
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from paperlist import DATA_DIR

#: Frontmatter keys in the order they are written. Editors may add keys of their own;
#: those are kept and written after these.
KEY_ORDER = (
    "id", "title", "title_inferred", "name", "other_names", "authors", "affiliations",
    "status", "track", "venue", "links", "tags", "source", "inferred",
)
#: The lists under `links:` that the importer fills from the abstract's own text...
ABSTRACT_LINK_KINDS = ("code", "data", "other")
#: ...and those only the conference's record gives (`paperlist enrich`): the landing page
#: (OpenReview forum or proceedings page), the PDF and the project page. A page that was
#: never enriched has none of these keys.
RECORD_LINK_KINDS = ("paper", "pdf", "project")
LINK_KINDS = ABSTRACT_LINK_KINDS + RECORD_LINK_KINDS
#: An abstract longer than this is almost certainly a paste error (a whole PDF, a
#: missing blank line between hundreds of abstracts): the list parser reports it rather
#: than import it, and the checker and the build refuse such a page.
MAX_PARAGRAPH_CHARS = 20_000
#: The longest title a page may have (data/page.schema.json's title maxLength, which check
#: holds pages to): what enrich takes from a record, too.
MAX_TITLE_CHARS: int = json.loads((DATA_DIR / "page.schema.json").read_text(encoding="utf-8"))[
    "properties"]["title"]["maxLength"]
#: Under `inferred:`, beside `tags`: the tagger's score for each tag it chose (infer/tags.py
#: `TagScore.score`), as a mapping from the tag's display name to its score, rounded to 2
#: decimals. The tag pages list their papers by it, most confident first; it is stored,
#: not recomputed, because scoring 12,000 abstracts again would cost every build ~8 s.
TAG_SCORES = "tag_scores"
#: Scores are written with this many decimals: enough to order by, and the same bytes on
#: every import.
TAG_SCORE_DECIMALS = 2


def finite(value: int | float) -> bool:
    """A float's finite, and an int small enough to be one (YAML reads 1e400 as inf, but
    a 400-digit integer as an int that no float holds)."""
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def valid_score(value: object) -> bool:
    """A score the tag pages can order by: a finite number, not negative (a bool is not
    a number here, whatever Python says). Anything else is `paperlist check`'s to report,
    and the build orders that tag as it does a page without scores."""
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and finite(value) and value >= 0)


class PageError(ValueError):
    """A page that cannot be read, with the line to look at."""

    def __init__(self, path: str | Path, line: int, reason: str) -> None:
        self.path = str(path)
        self.line = line
        self.reason = reason
        super().__init__(f"{self.path}:{line}: {reason}")

    def __reduce__(self) -> tuple[type[PageError], tuple[str, int, str]]:
        # Pages are read in a child process too (catalogue.py); its errors come back pickled.
        return (PageError, (self.path, self.line, self.reason))


class ValueNotReadable(yaml.constructor.ConstructorError):
    """A value YAML takes for a date, number or boolean that is not a valid one
    (`date: 2026-02-30`, `year: !!int twenty`): a YAML error at the value's line, as a
    mistyped quote is, where the library raises a bare ValueError that names no file or
    line and stops a check, an import or the preview."""

    #: what YAML reads each kind of value as, for the message
    KINDS = {"tag:yaml.org,2002:timestamp": "a date", "tag:yaml.org,2002:int": "a whole number",
             "tag:yaml.org,2002:float": "a number", "tag:yaml.org,2002:bool": "true or false"}

    def __init__(self, node: yaml.Node, reason: str) -> None:
        self.value = str(node.value)
        self.kind = self.KINDS.get(node.tag, node.tag)
        super().__init__(None, None, f"{self.value!r} reads as {self.kind} but is not one "
                                     f"({reason})", node.start_mark)


#: what PyYAML raises constructing a value that is not one: `!!int twenty` (ValueError),
#: a huge exponent (OverflowError), `!!bool maybe` (KeyError)
_VALUE_ERRORS = (ValueError, OverflowError, KeyError)


class _ReadableValues:
    """Construction errors of a value (_VALUE_ERRORS) as ValueNotReadable."""

    def construct_object(self, node, deep=False):  # type: ignore[no-untyped-def]
        try:
            return super().construct_object(node, deep)  # type: ignore[misc]
        except _VALUE_ERRORS as e:
            raise ValueNotReadable(node, str(e)) from None


class NoAliasLoader(_ReadableValues, yaml.SafeLoader):
    """Safe YAML without anchors/aliases: a page never needs them, and refusing them
    defuses 'billion laughs' pages before they can exhaust memory."""

    def compose_node(self, parent, index):  # type: ignore[no-untyped-def]
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, "YAML aliases (*name) are not allowed in a page", event.start_mark)
        return super().compose_node(parent, index)


#: libyaml's safe loader (PyYAML's own where libyaml is missing): for files that are ours or a
#: maintainer's (the taxonomy: 64 KB, 0.14 s with PyYAML's loader in every process that tags)
C_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_NOT_PLAIN = object()
_STR, _MAP, _SEQ = "tag:yaml.org,2002:str", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"
_SCALARS = {"tag:yaml.org,2002:bool": yaml.SafeLoader.construct_yaml_bool,
            "tag:yaml.org,2002:null": yaml.SafeLoader.construct_yaml_null,
            "tag:yaml.org,2002:int": yaml.SafeLoader.construct_yaml_int,
            # inferred.tag_scores: every page the importer writes has a few
            "tag:yaml.org,2002:float": yaml.SafeLoader.construct_yaml_float}


class _FastSafeLoader(_ReadableValues, C_SAFE_LOADER):  # type: ignore[misc, valid-type]
    """libyaml's parser, and the objects SafeLoader makes built straight from the nodes
    when a page holds only strings, lists, string-keyed mappings, booleans, nulls, ints
    and floats (as every page the importer writes does): PyYAML's constructor, with its
    generators and bookkeeping per node, was half of reading a page. Any other node
    (a date, a merge key, a set) and the document goes the library's way, whole."""

    def construct_document(self, node: yaml.Node) -> Any:
        data = self._plain(node)
        return super().construct_document(node) if data is _NOT_PLAIN else data

    def _plain(self, node: yaml.Node) -> Any:
        tag = node.tag
        if tag == _STR:
            return node.value
        if tag == _MAP:
            out = {}
            for key, value in node.value:
                if key.tag != _STR:
                    return _NOT_PLAIN
                item = self._plain(value)
                if item is _NOT_PLAIN:
                    return _NOT_PLAIN
                out[key.value] = item
            return out
        if tag == _SEQ:
            items = []
            for child in node.value:
                item = self._plain(child)
                if item is _NOT_PLAIN:
                    return _NOT_PLAIN
                items.append(item)
            return items
        scalar = _SCALARS.get(tag)
        if scalar is None:
            return _NOT_PLAIN
        try:
            return scalar(self, node)
        except _VALUE_ERRORS as e:
            raise ValueNotReadable(node, str(e)) from None
#: Where an anchor (&a) or alias (*a) could start: after a line start, space or flow
#: indicator, and followed by a name character (YAML anchor names are [0-9A-Za-z_-]).
_MAYBE_ALIAS = re.compile(r"(?:^|[\s\[\]{},:?-])[&*][0-9A-Za-z_-]", re.MULTILINE)


def page_loader(frontmatter: str) -> type[yaml.constructor.SafeConstructor]:
    """The loader for a page's frontmatter. The C loader is ~10x faster but cannot be taught
    to refuse aliases, so it only reads frontmatter where no '&'/'*' could start an anchor or
    alias (a plain '&' as in "Multi-Task & Transfer Learning" cannot)."""
    return NoAliasLoader if _MAYBE_ALIAS.search(frontmatter) else _FastSafeLoader


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """libyaml's emitter: 7x faster than PyYAML's, which matters at 12,000 pages."""

    def ignore_aliases(self, data: Any) -> bool:
        return True  # pages are read with aliases refused, so never write one

    def represent_data(self, data: Any) -> yaml.Node:
        """The nodes SafeRepresenter makes, for the plain types a page holds, without its
        per-node dispatch and alias bookkeeping (that was half of dumping a page; an
        import of 30,000 new pages dumps 30,000). Any other type, or other dump options,
        go the library's way."""
        kind = type(data)
        if kind is str:
            return ScalarNode("tag:yaml.org,2002:str", data, style=self.default_style)
        if self.default_flow_style is None or self.sort_keys:
            return super().represent_data(data)
        if kind is dict:
            pairs = [(self.represent_data(k), self.represent_data(v)) for k, v in data.items()]
            return MappingNode("tag:yaml.org,2002:map", pairs,
                               flow_style=self.default_flow_style)
        if kind is list:
            return SequenceNode("tag:yaml.org,2002:seq",
                                [self.represent_data(x) for x in data],
                                flow_style=self.default_flow_style)
        if kind is bool:
            return ScalarNode("tag:yaml.org,2002:bool", "true" if data else "false",
                              style=self.default_style)
        if kind is int:
            return ScalarNode("tag:yaml.org,2002:int", str(data), style=self.default_style)
        if kind is float:
            return self.represent_float(data)  # SafeRepresenter's spelling (.inf, 1.0e+20)
        if data is None:
            return ScalarNode("tag:yaml.org,2002:null", "null", style=self.default_style)
        return super().represent_data(data)


@dataclass
class Page:
    """A paper page. `meta` holds every frontmatter key, including unknown ones."""

    meta: dict[str, Any]
    body: str
    path: Path | None = None
    #: 1-based line where the body starts in the file (for error messages)
    body_line: int = 1
    #: frontmatter key -> 1-based line in the file, for error messages
    key_lines: dict[str, int] = field(default_factory=dict)
    #: a top-level key written again -> the line of its second writing (YAML keeps the
    #: last silently: `paperlist check` and the build refuse it)
    repeated: dict[str, int] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return str(self.meta.get("id", ""))

    @property
    def title(self) -> str:
        return str(self.meta.get("title", ""))

    @property
    def tags(self) -> list[str]:
        tags = self.meta.get("tags") or []
        return [str(t) for t in tags] if isinstance(tags, list) else []

    @property
    def links(self) -> dict[str, list[str]]:
        raw = self.meta.get("links") or {}
        if not isinstance(raw, dict):
            return {k: [] for k in LINK_KINDS}
        return {k: [str(u) for u in (raw.get(k) or [])] for k in LINK_KINDS}

    @property
    def inferred_tags(self) -> list[str]:
        """The tags the importer last inferred (`inferred.tags`); [] when the page has no
        such record (written by hand, or the record is broken: check reports that)."""
        inferred = self.meta.get("inferred")
        tags = inferred.get("tags") if isinstance(inferred, dict) else None
        return [t for t in tags if isinstance(t, str)] if isinstance(tags, list) else []

    @property
    def tag_scores(self) -> dict[str, float]:
        """Tag display name -> the tagger's score, for the inferred tags that have a valid
        one (`inferred.tag_scores`); {} for a page imported before scores were stored."""
        inferred = self.meta.get("inferred")
        scores = inferred.get(TAG_SCORES) if isinstance(inferred, dict) else None
        if not isinstance(scores, dict):
            return {}
        return {k: float(v) for k, v in scores.items()
                if isinstance(k, str) and valid_score(v)}

    @property
    def source_digest(self) -> str:
        src = self.meta.get("source")
        return str(src.get("digest", "")) if isinstance(src, dict) else ""


class PageHandler(YAMLHandler):
    """python-frontmatter's YAML handler, held to the page format.

    Delimiters are exactly `---` lines (trailing whitespace allowed, as editors' tools add
    it), not the library's `-{3,}\\s*`, whose `\\s*` runs over blank lines and would shift
    every line number after it. YAML is read with aliases refused and written with our
    key order and libyaml's emitter; only the blank lines around the body are dropped, so
    a page read and written again is the same bytes.
    """

    FM_BOUNDARY = re.compile(r"^---[^\S\n]*$", re.MULTILINE)

    def load(self, fm: str, **kwargs: object) -> Any:
        """Parse frontmatter YAML; raises yaml.YAMLError (aliases included) on bad input."""
        return yaml.load(fm, Loader=page_loader(fm))  # noqa: S506 - both are safe loaders

    def export(self, metadata: dict[str, object], **kwargs: object) -> str:
        """The frontmatter YAML, newline-terminated: the same metadata gives the same text."""
        return yaml.dump(
            ordered_meta(metadata), Dumper=_Dumper, sort_keys=False, allow_unicode=True,
            default_flow_style=False, width=10_000,
        )

    def format(self, post: frontmatter.Post, **kwargs: object) -> str:
        """The whole page. Unlike the library's template, only blank lines around the body
        are dropped, so an editor's trailing spaces or leading indentation survive."""
        fm = self.export(post.metadata)
        body = post.content.strip("\n")
        return f"---\n{fm}---\n\n{body}\n" if body else f"---\n{fm}---\n"


PAGE_HANDLER = PageHandler()


def split_frontmatter(text: str, path: str | Path = "<page>") -> tuple[str, str, int]:
    """Return (frontmatter YAML, body, body start line)."""
    text = text.removeprefix("\ufeff")
    if not PAGE_HANDLER.detect(text):
        raise PageError(path, 1, "the page must start with a '---' line opening the frontmatter")
    try:
        fm, body = PAGE_HANDLER.split(text)
    except ValueError:
        raise PageError(
            path, 1, "the frontmatter opened on line 1 is never closed with a '---' line",
        ) from None
    # The split keeps the newlines that end the delimiter lines: one opens `fm`, one opens
    # `body`; `fm` holds one newline per line from the opening delimiter to the closing one.
    return fm[1:-1], body[1:], fm.count("\n") + 2


_BLOCK_ITEM = re.compile(r"^ {0,2}- ")
#: a line that can only be a top-level key ("title: ...", not "- Safety: x" or a value's
#: next line)
_PLAIN_KEY = re.compile(r"[A-Za-z_][\w-]*:(?:\s|$)")


def frontmatter_key_lines(fm: str, repeated: dict[str, int] | None = None
                          ) -> dict[str, int]:
    """Each top-level key's file line; and `key[n]`, the line of the n-th item of a list
    written one item a line right under its key (`tags:` then `- Name`), so that the build
    names the line of an unknown tag as `paperlist check` does, not its key's. A key
    written twice goes into `repeated`, with its second line."""
    lines: dict[str, int] = {}
    key, items = None, 0
    for i, line in enumerate(fm.split("\n"), start=2):
        if line and not line[0].isspace() and ":" in line and not line.startswith("#"):
            key, items = line.split(":", 1)[0].strip().strip("'\""), 0
            if key in lines and repeated is not None and _PLAIN_KEY.match(line):
                repeated.setdefault(key, i)
            lines.setdefault(key, i)
        elif key is not None and _BLOCK_ITEM.match(line):
            lines.setdefault(f"{key}[{items}]", i)
            items += 1
        elif line.strip() and not line.lstrip().startswith("#"):
            key = None  # a nested mapping or a value's next line: its items are not the key's
    return lines


def parse_page(text: str, path: str | Path = "<page>") -> Page:
    """Parse a page's text; YAML is only ever loaded safely, without aliases."""
    fm, body, body_line = split_frontmatter(text, path)
    try:
        meta = PAGE_HANDLER.load(fm)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = (mark.line + 2) if mark is not None else 2
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        raise PageError(path, line, f"frontmatter is not valid YAML: {problem}") from None
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise PageError(path, 2, "frontmatter must be a mapping of 'key: value' lines")
    repeated: dict[str, int] = {}
    key_lines = frontmatter_key_lines(fm, repeated)
    return Page(meta=meta, body=body.strip("\n") + "\n" if body.strip() else "",
                path=Path(path), body_line=body_line, key_lines=key_lines, repeated=repeated)


def read_page(path: str | Path) -> Page:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise PageError(path, 1, f"not valid UTF-8 at byte {e.start}") from None
    return parse_page(text, path)


def ordered_meta(meta: dict[str, Any]) -> dict[str, Any]:
    """The keys in the page format's order (KEY_ORDER, then any others as they come): how
    every page is written, and where model/rewrite.py puts a key a page did not have."""
    out = {k: meta[k] for k in KEY_ORDER if k in meta}
    for k in meta:
        if k not in out:
            out[k] = meta[k]
    return out


def dump_page(page: Page) -> str:
    """Serialize a page; the same page always gives the same bytes."""
    post = frontmatter.Post(page.body, PAGE_HANDLER)
    # Set, not passed as **metadata: an editor's key may be `content`, `handler` or not a
    # string at all, and keyword arguments allow none of those.
    post.metadata = page.meta
    return frontmatter.dumps(post, PAGE_HANDLER)
