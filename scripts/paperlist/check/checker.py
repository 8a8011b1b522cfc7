"""`paperlist check`: validate pages before they are merged.

Pages are edited by hand in pull requests, so the checker is written for the person who
has to fix them: it reports every problem of every page in one run (not the first one
only), each as `file:line: what is wrong — how to fix it`, sorted by file and line.

The field rules (required keys, types, id and URL forms, link kinds) live in one place,
`data/page.schema.json`, validated with jsonschema; this module adds what a schema cannot
express: the file name, ids across files, the taxonomy, where a link belongs, YAML tags,
and HTML or script smuggled into text. It is fast enough to run on every push (12,000
pages in a few seconds): the validator is compiled once and big runs use every core.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from paperlist import DATA_DIR
from paperlist.check.schema import Check, compile_schema
from paperlist.html.abstract import FORMULA_RE
from paperlist.ingest.listfile import MAX_PARAGRAPH_CHARS
from paperlist.model.page import (
    NoAliasLoader,
    PageError,
    frontmatter_key_lines,
    parse_page,
    split_frontmatter,
)
from paperlist.util.text import CONTROL_RE

SCHEMA_PATH = DATA_DIR / "page.schema.json"
#: Below this many pages, starting worker processes costs more than it saves.
PARALLEL_MIN_PAGES = 2_000
#: At most this many HTML findings are listed per page; the rest are counted.
MAX_HTML_FINDINGS = 10

# HTML that a browser would act on. Only real element names followed by what can follow
# a tag name, so `$\rho < 1$`, `<a, b>` and `<mask>` tokens are not flagged.
_HTML_TAG = re.compile(
    r"</?(?:script|iframe|frame|frameset|img|image|svg|object|embed|applet|style|link|meta|"
    r"base|form|input|button|textarea|select|option|video|audio|source|track|picture|"
    r"body|html|head|title|a|area|map|details|dialog|marquee|template|math|div|span|p|br|"
    r"hr|b|i|u|s|em|strong|sub|sup|table|tr|td|th|ul|ol|li|h[1-6]|pre|code|font|center|"
    r"noscript|xmp|plaintext|portal)(?=[\s/>]|$)", re.IGNORECASE)
_HTML_MARKUP = re.compile(r"<!--|<!\[CDATA\[|<!doctype|<\?", re.IGNORECASE)
_HANDLER = re.compile(
    r"\bon(?:error|load|click|dblclick|auxclick|mouse[a-z]*|pointer[a-z]*|key[a-z]*|"
    r"focus[a-z]*|blur|submit|change|input|invalid|reset|search|toggle|begin|end|"
    r"animation[a-z]*|transition[a-z]*|touch[a-z]*|drag[a-z]*|drop|wheel|scroll|resize|"
    r"unload|beforeunload|message|hashchange|popstate|copy|paste|cut|contextmenu|select|"
    r"show|start|finish|play|pause|abort)\s*=", re.IGNORECASE)
_SCRIPT_URL = re.compile(r"\b(?:javascript|vbscript):(?=\S)", re.IGNORECASE)
#: (regex, a character every match contains): the regex only runs when the text has it.
_HTML_RULES = ((_HTML_TAG, "<"), (_HTML_MARKUP, "<"), (_HANDLER, "="), (_SCRIPT_URL, ":"))
# Explicit bidirectional controls reverse how text is displayed ("Trojan Source").
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
_SCHEME = re.compile(r"^\s*([A-Za-z][A-Za-z0-9+.-]*):")

_PARSE_HINTS = (
    ("aliases", "write the value out in full; a page never uses YAML anchors (&) or aliases (*)"),
    ("must start", "restore the '---' line at the very top of the file"),
    ("never closed", "add a '---' line after the last frontmatter key"),
    ("mapping", "write the frontmatter as 'key: value' lines"),
    ("not valid YAML", "check this line's quoting and indentation; quote a value that "
                       "contains ': ' or ' #' or starts with [ { * & ! | > % @ or a quote"),
)
_TYPE_WORDS = {"string": "a text", "boolean": "true or false", "array": "a list",
               "object": "a mapping of keys", "integer": "a whole number", "number": "a number"}


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in one file; sorts by file, then line."""

    path: str
    line: int
    what: str
    fix: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what} — {self.fix}"


@dataclass
class _PageResult:
    path: str
    id: str | None
    id_line: int
    problems: list[Problem]


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def validator() -> Draft202012Validator:
    """Compiled once per process: building a validator costs more than using it."""
    Draft202012Validator.check_schema(schema())
    return Draft202012Validator(schema())


def _valid_fast(meta: dict[str, Any]) -> bool:
    """True only for frontmatter the schema accepts (see fastschema); False means 'ask
    jsonschema', which then finds and words every error."""
    fast = _fast_validator()
    return fast is not None and fast(meta)


@lru_cache(maxsize=1)
def _fast_validator() -> Check | None:
    return compile_schema(schema())


# ---------------------------------------------------------------------------- schema errors

def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        target: Any = schema()
        for part in ref[2:].split("/"):
            target = target[part]
        return target
    return node


def _hint(schema_path: Iterable[Any]) -> str:
    """The deepest `x-hint` on the way from the schema's root to the failed keyword."""
    node: Any = schema()
    hint = "see CONTRIBUTING.md for the page format"
    for part in schema_path:
        if isinstance(node, dict) and part not in node and "$ref" in node:
            node = _resolve(node)  # jsonschema's paths step through $ref transparently
            hint = node.get("x-hint", hint)
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and part < len(node):
            node = node[part]
        else:
            break
        if isinstance(node, dict):
            hint = node.get("x-hint", hint)
    if isinstance(node, dict) and "$ref" in node:
        hint = _resolve(node).get("x-hint", hint)
    return hint


def _where(path: Iterable[Any]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _describe(value: Any) -> str:
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, int | float):
        return f"the number {value}"
    return repr(value)


def _schema_problem(err: ValidationError, path: str, key_lines: dict[str, int]) -> list[Problem]:
    top = err.absolute_path[0] if err.absolute_path else None
    line = key_lines.get(str(top), 1) if top is not None else 1
    where = _where(err.absolute_path)
    hint = _hint(err.absolute_schema_path)
    value = err.instance
    if err.validator == "required":
        missing = [k for k in err.validator_value if k not in value]
        base = list(err.absolute_schema_path)[:-1]
        prefix = f"{where}." if where else ""
        return [Problem(path, line, f"missing key '{prefix}{k}'",
                        "add it: " + _hint([*base, "properties", k])) for k in missing]
    if err.validator == "type":
        expected = _TYPE_WORDS.get(str(err.validator_value), str(err.validator_value))
        what = f"'{where}' should be {expected}, not {_describe(value)}"
    elif err.validator == "pattern" and isinstance(value, str):
        scheme = _SCHEME.match(value)
        is_link = where.startswith("links.")
        if is_link and scheme and scheme.group(1).lower() not in ("http", "https"):
            what = f"'{where}' is a {scheme.group(1).lower()}: link, not http(s)"
            hint = "only http:// and https:// links are allowed; remove this one"
        elif not value.strip():
            what = f"'{where}' is empty"
        elif is_link:
            what = f"'{where}' is not a valid link: {value!r}"
        else:
            what = f"'{where}' has an invalid form: {value!r}"
    elif err.validator == "enum" and "propertyNames" in err.absolute_schema_path:
        what = f"'{where}' has an unknown list {value!r}"
    elif err.validator == "minItems":
        what = f"'{where}' is empty"
    elif err.validator == "uniqueItems":
        what = f"'{where}' lists the same item twice"
    elif err.validator == "maxLength":
        what = f"'{where}' is longer than {err.validator_value} characters"
    else:
        what = f"'{where}': {err.message}"
    return [Problem(path, line, what, hint)]


# ----------------------------------------------------------------------------- text checks

def _blank_math(text: str) -> str:
    """Math is converted to MathML by a converter that escapes everything; blank it out
    (keeping line breaks) so `$a<b$` is not mistaken for a tag."""
    if "$" not in text:
        return text
    return FORMULA_RE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def html_findings(text: str) -> Iterator[tuple[int, str]]:
    """(0-based line, snippet) of every HTML tag, comment, handler or script URL."""
    rules = [rx for rx, needed in _HTML_RULES if needed in text]
    if not rules or not any(rx.search(text) for rx in rules):
        return  # the common case: blanking math out could only remove hits
    plain = _blank_math(text)
    hits = [(m.start(), m.group(0)) for rx in rules for m in rx.finditer(plain)]
    for start, snippet in sorted(hits):
        yield plain.count("\n", 0, start), snippet.strip()


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


def _field_text_problems(meta: dict[str, Any], path: str,
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


def _body_problems(body: str, body_line: int, path: str) -> list[Problem]:
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


def _yaml_tag_problems(frontmatter: str, path: str) -> list[Problem]:
    """Explicit YAML tags (`!!python/object`...) with their line, found by the safe
    tokenizer alone: nothing is constructed, so nothing can run."""
    if "!" not in frontmatter:
        return []
    problems: list[Problem] = []
    try:
        for token in yaml.scan(frontmatter, Loader=yaml.SafeLoader):
            if isinstance(token, yaml.TagToken):
                handle, suffix = token.value
                problems.append(Problem(
                    path, token.start_mark.line + 2, f"YAML tag '{handle or ''}{suffix}'",
                    "remove it: a page holds only plain text, lists and mappings"))
    except yaml.YAMLError:
        pass  # the parse error is reported on its own
    return problems


class _TagBlindLoader(NoAliasLoader):
    """Safe loading that reads a tagged value as the plain value under the tag, so the
    rest of a page with a (reported) `!!python/...` tag can still be checked."""


def _plain(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.MappingNode):
        return loader.construct_mapping(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node)
    return loader.construct_scalar(node)


_TagBlindLoader.add_multi_constructor("", _plain)


def _load_ignoring_tags(frontmatter: str) -> dict[str, Any] | None:
    try:
        meta = yaml.load(frontmatter, Loader=_TagBlindLoader)  # noqa: S506 - a SafeLoader
    except yaml.YAMLError:
        return None
    return meta if isinstance(meta, dict) else None


# ----------------------------------------------------------------------------- page checks

def _link_problems(meta: dict[str, Any], path: str, key_lines: dict[str, int]) -> list[Problem]:
    links = meta.get("links")
    if not isinstance(links, dict):
        return []
    problems: list[Problem] = []
    line = key_lines.get("links", 1)
    for kind in ("code", "data", "other"):
        urls = links.get(kind)
        for url in urls if isinstance(urls, list) else []:
            if not isinstance(url, str) or not _url_pattern().search(url):
                continue  # reported by the schema
            expected = link_kind(url)
            if expected in ("code", "data") and expected != kind:
                problems.append(Problem(
                    path, line, f"{url} is a {expected} link but is listed under links.{kind}",
                    f"move it to links.{expected}"))
    return problems


@lru_cache(maxsize=1)
def _url_pattern() -> re.Pattern[str]:
    return re.compile(schema()["$defs"]["url"]["pattern"])


def link_kind(url: str) -> str | None:
    """Which `links` list a URL belongs in, as the importer would file it (links.py)."""
    from paperlist.infer import links

    classify = getattr(links, "classify", None)
    if callable(classify):
        kind = classify(url)
        return kind if kind in ("code", "data", "other") else None
    found = links.extract_links(url)
    for kind in ("code", "data", "other"):
        if found.get(kind):
            return kind
    return None


def _tag_problems(meta: dict[str, Any], path: str, key_lines: dict[str, int]) -> list[Problem]:
    tags = meta.get("tags")
    if not isinstance(tags, list) or not tags:
        return []
    from paperlist.model.taxonomy import load_taxonomy

    taxonomy = load_taxonomy()
    line = key_lines.get("tags", 1)
    problems: list[Problem] = []
    for name in tags:
        if not isinstance(name, str) or not name.strip() or taxonomy.by_name(name):
            continue
        as_slug = taxonomy.by_slug(name.strip())
        if as_slug is not None:
            problems.append(Problem(path, line, f"tag {name!r} is a slug, not a display name",
                                    f"write {as_slug.name!r}"))
            continue
        closest = taxonomy.closest(name)
        problems.append(Problem(
            path, line, f"unknown tag {name!r}",
            f"did you mean {closest.name!r}? Tags are the display names in "
            "scripts/paperlist/data/taxonomy.yml; to propose a new tag, add it there "
            "(see CONTRIBUTING.md)"))
    return problems


def _decode(data: bytes, path: str) -> tuple[str | None, list[Problem]]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        return None, [Problem(path, line, f"byte {e.start} (0x{data[e.start]:02x}) is not "
                                          "valid UTF-8", "re-save the file as UTF-8")]
    return text.removeprefix("\ufeff"), []


def check_text(text: str, path: str) -> _PageResult:
    """Every problem in one page's text; `path` is used for messages and the id rule."""
    result = _PageResult(path=path, id=None, id_line=1, problems=[])
    problems = result.problems
    try:
        frontmatter, body, body_line = split_frontmatter(text, path)
    except PageError as e:
        problems.append(_parse_problem(e, path))
        return result
    tag_problems = _yaml_tag_problems(frontmatter, path)
    problems += tag_problems
    problems += _body_problems(body, body_line, path)
    try:
        page = parse_page(text, path)
        meta, key_lines = page.meta, page.key_lines
    except PageError as e:
        meta = _load_ignoring_tags(frontmatter) if tag_problems else None
        if meta is None:
            if not any(p.line == e.line for p in tag_problems):
                problems.append(_parse_problem(e, path))
            return result
        key_lines = frontmatter_key_lines(frontmatter)
    if not _valid_fast(meta):
        tagged = {p.line for p in tag_problems}  # a tagged value's type is the tag's fault
        for err in validator().iter_errors(meta):
            problems += [p for p in _schema_problem(err, path, key_lines) if p.line not in tagged]
    page_id = meta.get("id")
    stem = Path(path).stem
    if isinstance(page_id, str):
        result.id, result.id_line = page_id, key_lines.get("id", 1)
        if page_id != stem:
            problems.append(Problem(path, result.id_line,
                                    f"id {page_id!r} does not match the file name {stem}.md",
                                    f"the id never changes: set it back to id: {stem}"))
    problems += _tag_problems(meta, path, key_lines)
    problems += _link_problems(meta, path, key_lines)
    problems += _field_text_problems(meta, path, key_lines)
    return result


def _parse_problem(e: PageError, path: str) -> Problem:
    hint = next((h for words, h in _PARSE_HINTS if words in e.reason), "see CONTRIBUTING.md")
    return Problem(path, e.line, e.reason, hint)


def check_file(path: Path) -> _PageResult:
    name = str(path)
    try:
        data = path.read_bytes()
    except OSError as e:
        return _PageResult(name, None, 1, [Problem(name, 1, f"cannot read the file: "
                                                   f"{e.strerror or e}", "check the path")])
    text, problems = _decode(data, name)
    if text is None:
        return _PageResult(name, None, 1, problems)
    return check_text(text, name)


def _check_chunk(paths: list[Path]) -> list[_PageResult]:
    return [check_file(p) for p in paths]


def expand(paths: Iterable[Path]) -> tuple[list[Path], list[Problem]]:
    """Folders become their *.md pages (not recursive: papers/source/ holds the lists)."""
    files: list[Path] = []
    problems: list[Problem] = []
    for path in paths:
        if path.is_dir():
            files += sorted(path.glob("*.md"))
        elif path.exists():
            files.append(path)
        else:
            problems.append(Problem(str(path), 1, "no such file or folder",
                                    "give page files or the papers/ folder"))
    return list(dict.fromkeys(files)), problems


def _results(files: list[Path], workers: int | None) -> list[_PageResult]:
    workers = workers if workers is not None else (os.cpu_count() or 1)
    if workers <= 1 or len(files) < PARALLEL_MIN_PAGES:
        return _check_chunk(files)
    size = -(-len(files) // (workers * 4))
    chunks = [files[i:i + size] for i in range(0, len(files), size)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return [r for chunk in pool.map(_check_chunk, chunks) for r in chunk]


def _duplicate_ids(results: list[_PageResult]) -> list[Problem]:
    first: dict[str, _PageResult] = {}
    problems: list[Problem] = []
    for r in results:
        if r.id is None:
            continue
        if r.id in first:
            problems.append(Problem(r.path, r.id_line,
                                    f"id {r.id!r} is also used by {first[r.id].path}",
                                    "every page needs its own id; it must equal the file name"))
        else:
            first[r.id] = r
    return problems


def check_paths(paths: list[Path], *, workers: int | None = None) -> list[str]:
    """Validate pages (folders are expanded to their *.md) and return every problem as
    `file:line: what — how to fix`, sorted by file then line; [] when all pages are fine."""
    files, problems = expand(paths)
    results = _results(files, workers)
    for r in results:
        problems += r.problems
    problems += _duplicate_ids(results)
    return [str(p) for p in sorted(set(problems))]
