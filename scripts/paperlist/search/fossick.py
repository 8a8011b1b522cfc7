"""A paper's indexed HTML read as Pagefind reads a page: its text, words, metadata, filters.

Pagefind's indexer read every paper's page from a scratch folder and held them all in
memory (2.5 GB and 28-30 CPU seconds at 30,000 papers); search/bundle.py writes the same
bundle from these records instead. What a page becomes is Pagefind's (fossick/parser.rs,
fossick/mod.rs), for the HTML html/paper.py `indexed_body` writes:

- the text of the element marked `data-pagefind-body`, less what is ignored
  (`data-pagefind-ignore`, the excluded selectors, and head, script, svg, nav, form...);
- a block element (p, div, li, h1-h6...) set off by spaces, and ended by a full stop when
  its text ends in a letter, digit, quote, bracket, `$` or `*`;
- headings weighted (h1 7, h2 6 ... h6 2) and `data-pagefind-weight` blocks as they say;
- `data-pagefind-filter` and `data-pagefind-meta` values (an element's text, or the
  `name:value` given), the first h1's text as the title;
- elements' ids as anchors.

search/record.py makes the words' places of what is read, search/tokens.py each word's
indexed forms; scripts/tools/index_parity.py compares the bundle with what Pagefind makes
of the same pages.
"""

from __future__ import annotations

import html
import re
import unicodedata
from typing import NamedTuple
from urllib.parse import quote

#: Block elements: set off from what is around them, and ended as a sentence.
_SENTENCE_TAGS = frozenset(("h1", "h2", "h3", "h4", "h5", "h6", "p", "td", "div", "ul",
                            "li", "article", "section"))
#: Never indexed, whatever their attributes.
_REMOVED_TAGS = frozenset(("head", "style", "script", "noscript", "label", "form", "svg",
                           "footer", "nav", "iframe", "template"))
#: Inline elements: an element's anchor takes the text of these inside it.
_INLINE_TAGS = frozenset((
    "a", "abbr", "acronym", "b", "bdo", "big", "br", "button", "cite", "code", "dfn", "em",
    "i", "img", "input", "kbd", "label", "map", "object", "output", "q", "samp", "script",
    "select", "small", "span", "strong", "sub", "sup", "textarea", "time", "tt", "var"))
#: Elements that never have an end tag.
_VOID_TAGS = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                        "meta", "source", "track", "wbr"))
#: Inside these (foreign content), `<x/>` ends the element as HTML's does not.
_FOREIGN = frozenset(("math", "svg"))
_AUTO_WEIGHTS = {"h1": "7", "h2": "6", "h3": "5", "h4": "4", "h5": "3", "h6": "2"}

_TOKEN = re.compile(r"<!--.*?-->|<![^>]*>|<\?[^>]*>|<(/?)([A-Za-z][^\s/>]*)"
                    r"((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.S)
_ATTR = re.compile(r"([^\s=/>\"']+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s>]+)))?")
_ATTRIBUTE_MATCH = re.compile(r"^\s*(?P<name>[^:\[\]]+)\[(?P<attribute>.+)\]\s*$")
_TRIM = re.compile(r"^[\n\r\s]+|[\n\r\s]+$")
_NEWLINES = re.compile(r"(\n|\r\n)+")
_SPACES = re.compile(r"\s{2,}")
_PRIVATE = re.compile(r"___PAGEFIND_\S+\s?")
#: What Pagefind leaves as it is in a page's URL: printable ASCII but ` "#%<>?`{}` (quote
#: keeps letters, digits and `_.-~` anyway; it encodes controls and what is not ASCII)
_URL_SAFE = "!$&'()*+,/:;=@[\\]^|"
# what a node's text is to its parent
_INDEXING, _IGNORED, _EXCLUDED, _BODY, _PARENT_OF_BODY = range(5)


def _sentence_char(c: str) -> bool:
    """Whether a block ending in `c` is ended by a full stop: Rust's `\\w` (letters,
    marks, decimal digits, connector punctuation) and `'")$*`."""
    if c.isascii():
        return c.isalnum() or c in "_'\")$*"
    category = unicodedata.category(c)
    return (category[0] in "LM" or category in ("Nd", "Nl", "Pc")
            or c in "\u200c\u200d")


def normalize(text: str) -> str:
    """Pagefind's normalize_content: entities decoded, the ends trimmed, line breaks and
    runs of spaces made one space."""
    text = _TRIM.sub("", html.unescape(text))
    return _SPACES.sub(" ", _NEWLINES.sub(" ", text))


def page_url(path: str) -> str:
    """The URL Pagefind gives the page at `path` ('papers/x/', 'papers/x.html'): from the
    site's root, percent-encoded as it encodes a file's path."""
    return quote("/" + path.removesuffix("index.html"), safe=_URL_SAFE)


class _Node:
    __slots__ = ("parent", "parts", "status", "filters", "metas", "default_metas", "weight",
                 "anchors", "tag")

    def __init__(self, parent: _Node | None, tag: str, status: int) -> None:
        self.parent = parent
        self.parts: list[str] = []
        self.status = status
        self.tag = tag
        self.filters: list[str] | None = None
        self.metas: list[str] | None = None
        self.default_metas: list[str] | None = None
        self.weight: str | None = None
        self.anchors: list[str] | None = None

    def value(self) -> str:
        if len(self.parts) != 1:
            self.parts = ["".join(self.parts)]
        return self.parts[0]


def _attributes(raw: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for m in _ATTR.finditer(raw):
        name = m.group(1).lower()
        if name not in out:
            value = m.group(2) if m.group(2) is not None else (
                m.group(3) if m.group(3) is not None else (m.group(4) or ""))
            out[name] = html.unescape(value)
    return out


def _attr_specs(spec: str, attrs: dict[str, str]) -> list[str]:
    """Pagefind's parse_attr_string: 'name', 'name:value', 'name[attribute]', comma-
    separated."""
    if ":" in spec:
        head, literal = spec.split(":", 1)
        specs = _attr_specs(head, attrs)
        if specs:
            specs[-1] += ":" + literal
        return specs
    out = []
    for chunk in spec.split(","):
        chunk = chunk.strip()
        m = _ATTRIBUTE_MATCH.match(chunk)
        out.append(f"{m.group('name')}:{attrs.get(m.group('attribute'), '')}" if m else chunk)
    return out


def _pair(spec: str, node: _Node) -> tuple[str, str] | None:
    if ":" in spec:
        name, value = spec.split(":", 1)
        return name, normalize(value)
    value = node.value()
    return (spec, normalize(value)) if value else None


class _Spec(NamedTuple):
    """What an element's start tag (its name and attributes) tells the parser; the same
    tags recur on every page, so each is read once (_specs)."""

    tag: str
    status: int
    element_id: str | None
    title: str
    filters: list[str] | None
    metas: list[str] | None
    default_metas: list[str] | None
    weight: str | None
    #: a tag never indexed, or one of the excluded classes
    ignored: bool
    void: bool
    self_closing: bool


def _spec(tag: str, raw: str, excluded_classes: frozenset[str]) -> _Spec:
    attrs = _attributes(raw) if raw.strip() else {}
    ignore = attrs.get("data-pagefind-ignore")
    if "data-pagefind-body" in attrs:
        status = _BODY
    elif ignore is not None:
        status = _IGNORED if ignore.lower() in ("", "index", "true") else _EXCLUDED
    else:
        status = _INDEXING
    element_id = attrs.get("id")
    return _Spec(
        tag, status, None if element_id is None else "".join(element_id.split()),
        normalize(attrs.get("data-pagefind-title") or ""),
        _attr_specs(attrs["data-pagefind-filter"], attrs) if "data-pagefind-filter" in attrs
        else None,
        _attr_specs(attrs["data-pagefind-meta"], attrs) if "data-pagefind-meta" in attrs
        else None,
        _attr_specs(attrs["data-pagefind-default-meta"], attrs)
        if "data-pagefind-default-meta" in attrs else None,
        attrs.get("data-pagefind-weight"),
        tag in _REMOVED_TAGS or bool(excluded_classes and not excluded_classes.isdisjoint(
            attrs.get("class", "").split())),
        tag in _VOID_TAGS, raw.rstrip().endswith("/"))


#: start tags read (_Spec), by the excluded classes they were read with
_SPECS: dict[frozenset[str], dict[tuple[str, str], _Spec]] = {}
#: at most this many kept (a link's address makes its tag new on every page)
_SPECS_KEPT = 50_000


def _specs(excluded_classes: frozenset[str]) -> dict[tuple[str, str], _Spec]:
    return _SPECS.setdefault(excluded_classes, {})


class _Parser:
    """Pagefind's DomParser over one page: each element's text is gathered in a node and
    handed to its parent at the element's end."""

    def __init__(self, excluded_classes: frozenset[str]) -> None:
        self.excluded_classes = excluded_classes
        self.root = _Node(None, "", _INDEXING)
        self.current = self.root
        self.filters: dict[str, list[str]] = {}
        self.meta: dict[str, str] = {}
        self.default_meta: dict[str, str] = {}
        self.anchor_content: dict[str, str] = {}
        self.anchor_titles: dict[str, str] = {}
        self.anchor_counter = 0
        self.in_html = False
        self.foreign = 0

    def feed(self, page: str) -> None:
        at = 0
        specs = _specs(self.excluded_classes)
        for m in _TOKEN.finditer(page):
            if m.start() > at and self.in_html:
                self.text(page[at:m.start()])
            at = m.end()
            tag = m.group(2)
            if tag is None:
                continue  # a comment, doctype
            if m.group(1):
                self.end(tag.lower())
            else:
                key = (tag, m.group(3))
                spec = specs.get(key)
                if spec is None:
                    if len(specs) > _SPECS_KEPT:
                        specs.clear()
                    spec = specs[key] = _spec(tag.lower(), m.group(3), self.excluded_classes)
                self.start(spec)
        if at < len(page) and self.in_html:
            self.text(page[at:])

    def text(self, text: str) -> None:
        node = self.current
        node.parts.append(text)
        if node.anchors and node.status not in (_IGNORED, _EXCLUDED):
            for anchor in node.anchors:
                self.anchor_content[anchor] = self.anchor_content.get(anchor, "") + text

    def start(self, spec: _Spec) -> None:
        tag = spec.tag
        if tag == "html":
            self.in_html = True
        parent = self.current
        status = spec.status
        anchor_id = None
        if spec.element_id is not None and status not in (_EXCLUDED, _IGNORED):
            if not (parent.status == _PARENT_OF_BODY and status not in (_BODY, _PARENT_OF_BODY)):
                parent.parts.append(f" ___PAGEFIND_ANCHOR___{tag}:{self.anchor_counter}:"
                                    f"{spec.element_id} ")
                anchor_id = f"{self.anchor_counter}:{spec.element_id}"
                self.anchor_counter += 1
                if spec.title:
                    self.anchor_titles[anchor_id] = spec.title
        if status != _EXCLUDED and tag == "br":
            parent.parts.append(" ")
        node = _Node(parent, tag, parent.status if parent.status == _EXCLUDED else status)
        node.filters, node.metas, node.default_metas = spec.filters, spec.metas, spec.default_metas
        node.weight = spec.weight
        anchors = parent.anchors if parent.anchors is not None and tag in _INLINE_TAGS else None
        if anchor_id is not None:
            anchors = [*(anchors or []), anchor_id]
        node.anchors = anchors
        if spec.ignored:
            node.status = _IGNORED
        self.current = node
        if spec.void or (spec.self_closing and self.foreign):
            self.current = parent
            if node.status != _EXCLUDED:
                self._keep_attributes(node)
        elif tag in _FOREIGN:
            self.foreign += 1

    def _keep_attributes(self, node: _Node) -> None:
        for spec in node.filters or ():
            pair = _pair(spec, node)
            if pair:
                self.filters.setdefault(pair[0], []).append(normalize(pair[1]))
        for spec in node.metas or ():
            pair = _pair(spec, node)
            if pair:
                self.meta[pair[0]] = pair[1]
        for spec in node.default_metas or ():
            pair = _pair(spec, node)
            if pair:
                self.default_meta[pair[0]] = pair[1]

    def end(self, tag: str) -> None:
        node = self.current
        # an end tag that closes no open element is ignored; one that closes an outer
        # element closes the ones inside it first
        probe: _Node | None = node
        while probe is not None and probe.tag != tag:
            probe = probe.parent
        if probe is None or probe is self.root:
            return
        while self.current is not probe:
            self._close(self.current)
        self._close(probe)
        if tag in _FOREIGN:
            self.foreign = max(0, self.foreign - 1)

    def _close(self, node: _Node) -> None:
        parent = node.parent
        assert parent is not None
        self.current = parent
        if node.status == _EXCLUDED:
            return
        self._keep_attributes(node)
        if node.tag == "h1" and "auto_title" not in self.meta and node.value().strip():
            self.meta["auto_title"] = normalize(node.value())
        if node.status == _IGNORED:
            return
        value = node.value()
        if node.tag in _SENTENCE_TAGS:
            value = " " + value
            if _sentence_char(value[-1]):
                value += "."
            value += " "
        if node.weight is not None:
            value = f" ___PAGEFIND_WEIGHT___{node.weight} {value} ___END_PAGEFIND_WEIGHT___ "
        elif node.tag in _AUTO_WEIGHTS:
            value = (f" ___PAGEFIND_AUTO_WEIGHT___{_AUTO_WEIGHTS[node.tag]} {value}"
                     " ___END_PAGEFIND_WEIGHT___ ")
        if parent.status == _PARENT_OF_BODY and node.status not in (_BODY, _PARENT_OF_BODY):
            return
        if node.status == _INDEXING:
            parent.parts.append(value)
        elif node.status in (_BODY, _PARENT_OF_BODY):
            if parent.status != _PARENT_OF_BODY:
                parent.parts = []
            parent.parts.append(value)
            parent.status = _PARENT_OF_BODY

    def finish(self) -> str:
        node = self.current
        while node.parent is not None:
            parent = node.parent
            if parent.status != _PARENT_OF_BODY:
                if node.status == _INDEXING:
                    parent.parts.append(node.value())
                elif node.status in (_BODY, _PARENT_OF_BODY):
                    parent.parts = [node.value()]
                    parent.status = _PARENT_OF_BODY
            node = parent
        title = self.meta.pop("auto_title", None)
        if title is not None and "title" not in self.meta:
            self.meta["title"] = title
        self.default_meta.update(self.meta)
        self.meta = self.default_meta
        return node.value()


class ReadPage(NamedTuple):
    """A page as its HTML was read (`read`): what `record` makes its words from."""

    path: str
    #: its text, with Pagefind's markers of weights and anchors
    digest: str
    meta: dict[str, str]
    filters: dict[str, list[str]]
    anchor_content: dict[str, str]
    anchor_titles: dict[str, str]


def read(path: str, page: str, excluded_classes: frozenset[str] = frozenset()) -> ReadPage:
    """The page at `path` (its URL path from the site's root, 'papers/x/') whose whole HTML
    is `page`, read; elements with one of `excluded_classes` are not indexed. Every page is
    read before any is recorded: the meta fields of all of them number each one's."""
    parser = _Parser(excluded_classes)
    parser.feed(page)
    digest = html.unescape(parser.finish())
    meta = {k: _PRIVATE.sub("", v) for k, v in sorted(parser.meta.items())}
    filters = {k: [_PRIVATE.sub("", v) for v in values]
               for k, values in sorted(parser.filters.items())}
    return ReadPage(path, digest, meta, filters, parser.anchor_content, parser.anchor_titles)
