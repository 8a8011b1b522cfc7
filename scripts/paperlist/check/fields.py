"""The frontmatter's rules and their messages: what `data/page.schema.json` says (required
keys, types, id and URL forms), worded for the person fixing the page, plus what a schema
cannot say: tags from the taxonomy, links under the right kind, no YAML tags.

The schema is the one statement of the format; `fastschema` compiles it to a quick yes/no
for the common valid page, and jsonschema words the errors of the rest.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from paperlist import DATA_DIR
from paperlist.check.fastschema import Check, compile_schema
from paperlist.check.keys import near_key
from paperlist.check.problem import Problem
from paperlist.check.syntax import quote
from paperlist.infer.links import classify
from paperlist.model.page import (
    ABSTRACT_LINK_KINDS,
    KEY_ORDER,
    TAG_SCORES,
    NoAliasLoader,
    finite,
)
from paperlist.model.taxonomy import load_taxonomy, taxonomy_shown
from paperlist.util.text import NAME_SEPARATOR_RE, split_name_items, split_names

if TYPE_CHECKING:  # jsonschema is imported only for a page fastschema rejects (validator)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError


SCHEMA_PATH = DATA_DIR / "page.schema.json"
_SCHEME = re.compile(r"^\s*([A-Za-z][A-Za-z0-9+.-]*):")
#: A link written without its scheme: github.com/owner/repo, www.example.org
_BARE_DOMAIN = re.compile(r"^(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?:[/?#]\S*)?$")
_TYPE_WORDS = {"string": "a text", "boolean": "true or false", "array": "a list",
               "object": "a mapping of keys", "integer": "a whole number", "number": "a number"}


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


@lru_cache(maxsize=4)
def page_schema(max_tags: int | None = None) -> dict[str, Any]:
    """The schema, with the taxonomy's own `selection.max_tags` as tags' maxItems when a
    catalogue's taxonomy allows another number than the shipped one (the importer gives
    a paper up to that many tags, and check must accept what the importer writes)."""
    shipped = schema()
    if max_tags is None or max_tags == shipped["properties"]["tags"]["maxItems"]:
        return shipped
    patched = copy.deepcopy(shipped)
    patched["properties"]["tags"]["maxItems"] = max_tags
    return patched


@lru_cache(maxsize=4)
def validator(max_tags: int | None = None) -> Draft202012Validator:
    """Compiled once per process: building a validator costs more than using it. Imported
    here: a valid page never needs it (valid_fast), and the import cost every build and
    check 40 ms."""
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(page_schema(max_tags))
    return Draft202012Validator(page_schema(max_tags))


def valid_fast(meta: dict[str, Any], max_tags: int | None = None) -> bool:
    """True only for frontmatter the schema accepts (see fastschema); False means 'ask
    jsonschema', which then finds and words every error."""
    fast = _fast_validator(max_tags)
    return fast is not None and fast(meta)


@lru_cache(maxsize=4)
def _fast_validator(max_tags: int | None = None) -> Check | None:
    return compile_schema(page_schema(max_tags))


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


def insertion_line(key: str, key_lines: dict[str, int], closing_line: int) -> int:
    """Where a missing top-level key goes: above the first key written after it in the
    usual order, else above the closing '---'."""
    later = KEY_ORDER[KEY_ORDER.index(key) + 1:] if key in KEY_ORDER else ()
    return next((key_lines[k] for k in later if k in key_lines), closing_line)


def _list_parts(key: str, text: str) -> list[str]:
    """The items a value written as one text was meant to hold: 'A, B' -> [A, B]."""
    separators = r"[;,]|\s+and\s+" if key == "authors" else r"[;,]"  # tags may say 'and'
    return [p.strip() for p in re.split(separators, text) if p.strip()]


def _as_list(key: str, text: str) -> str:
    """A value written as one text, as the list it was meant to be: 'A, B' -> [A, B]."""
    return f"{key}: [{', '.join(quote(p) for p in _list_parts(key, text))}]"


def _block_lines(source: str, line: int, first: int = 2) -> list[str]:
    """The text of a top-level key's value as written over lines (what follows `key:`,
    then each line indented under it), each stripped: `authors:` with a name a line and
    no dashes, which YAML reads as one text, every name in it."""
    rows = source.split("\n")
    at = line - first
    if not 0 <= at < len(rows) or ":" not in rows[at]:
        return []
    out = [rows[at].split(":", 1)[1]]
    for row in rows[at + 1:]:
        if not row.strip() or not row[0].isspace():
            break
        out.append(row)
    # a comment is no item; a quoted value is one text however it is wrapped
    texts = [t for t in (_COMMENT.sub("", row).strip() for row in out) if t]
    return [] if any(t[0] in "'\"" for t in texts) else texts


#: a YAML comment: from a '#' that starts the text or follows a space
_COMMENT = re.compile(r"(?:^|\s)#.*$")


def _links_as_mapping(urls: list[Any]) -> str:
    """A `links:` written as a list, as the mapping it must be, each link in its kind."""
    kinds: dict[str, list[str]] = {k: [] for k in ABSTRACT_LINK_KINDS}
    for url in urls:
        kinds[link_kind(str(url)) or "other"].append(str(url))
    inner = ", ".join(f"{k}: [{', '.join(v)}]" for k, v in kinds.items())
    return f"links: {{{inner}}}"


def _own_value(key: str, path: str, meta: dict[str, Any] | None) -> str | None:
    """This page's own value for a missing or empty id or title, where it has one: its
    file's name, the title inferred from its abstract (the schema's hints name another
    paper's, ProRL's)."""
    if key == "id":
        return f"id: {Path(path).stem}"
    inferred = (meta or {}).get("inferred")
    title = inferred.get("title") if isinstance(inferred, dict) else None
    if key == "title" and isinstance(title, str) and title.strip():
        return f"title: {quote(title)} (the one inferred; the paper's own is better)"
    return None


def schema_problems(err: ValidationError, path: str, key_lines: dict[str, int],
                    closing_line: int = 1,
                    explained: set[tuple[Any, ...]] | frozenset = frozenset(),
                    lines: dict[tuple[Any, ...], int] | None = None,
                    meta: dict[str, Any] | None = None,
                    taxonomy_file: Path | None = None, source: str = "") -> list[Problem]:
    """One schema error in the words of the page: where, what, and the fix (the schema's
    x-hint, or the value rewritten as it should be when the mistake shows what was meant).
    `explained` holds missing keys a typo already accounts for ('autors' for authors).
    With `lines` (every key's line, check/keys.py), an error under `inferred:`, a block of
    a dozen lines or more, is told at its own line rather than at `inferred:`. `meta`, the
    whole page, lets a fix fit the rest of it (affiliations, one per author);
    `taxonomy_file`, the taxonomy the hints name (the shipped one if None); `source`,
    the frontmatter as written (a value YAML joined from several lines)."""
    top = err.absolute_path[0] if err.absolute_path else None
    line = key_lines.get(str(top), 1) if top is not None else 1
    if lines and top in ("inferred", "links"):  # (a link: its own line, in the diff)
        at = tuple(err.absolute_path)
        line = next((lines[at[:n]] for n in range(len(at), 0, -1) if at[:n] in lines), line)
    where = _where(err.absolute_path)
    # the schema is published with the site, so it names no file of this machine: the
    # page's path and the taxonomy in use are put in here
    hint = _hint(err.absolute_schema_path).replace("papers/<id>.md", path).replace(
        "from the taxonomy,", f"from the taxonomy ({taxonomy_shown(taxonomy_file)}),")
    value = err.instance
    if err.validator == "required":
        missing = [k for k in err.validator_value if k not in value
                   and (*err.absolute_path, k) not in explained]
        base = list(err.absolute_schema_path)[:-1]
        prefix = f"{where}." if where else ""
        return [Problem(path, insertion_line(k, key_lines, closing_line) if not where else line,
                        f"missing key '{prefix}{k}'",
                        "add it: " + ((_own_value(k, path, meta) if not where else None)
                                      or _hint([*base, "properties", k]))) for k in missing]
    if err.validator == "type":
        expected = _TYPE_WORDS.get(str(err.validator_value), str(err.validator_value))
        what = f"'{where}' should be {expected}, not {_describe(value)}"
        if err.validator_value == "array" and isinstance(value, str) and value.strip():
            key = where.rsplit(".", 1)[-1]
            hint = "write it as a list: " + _as_list(key, value)
            # one item a line, without dashes: YAML joined the lines into one text
            written = _block_lines(source, key_lines.get(str(top), 0)) if top == key else []
            # (a tag's name wrapped over two lines is that tag)
            if len(written) > 1 and not (
                    key == "tags" and load_taxonomy(taxonomy_file).by_name(value.strip())):
                items = [part for text in written for part in _list_parts(key, text)]
                hint = (f"write it as a list: {key}: [{', '.join(map(quote, items))}] (or "
                        "each on its own line, after '- ')")
            authors = (meta or {}).get("authors")
            if key == "affiliations" and isinstance(authors, list):
                n = len(_names(authors))
                if n and len(_list_parts(key, value)) != n:
                    # the commas do not part one affiliation per author: which are whose
                    # is the editor's to say ("University of California, Berkeley")
                    padding = ", ''" * (n - 1)
                    hint = (f"write it as a list, one entry per author in their order ('' "
                            f"where unknown): affiliations: [{quote(value.strip())}{padding}]")
        elif err.validator_value == "string" and isinstance(value, dict) and len(value) == 1:
            # "ETH Zürich: D-INFK" in a list: YAML reads a key and its value (a value YAML
            # read as a number or true is not rebuilt: '1.50' would come back as '1.5')
            key, val = next(iter(value.items()))
            if isinstance(key, str):
                what = f"'{where}' holds ': ', which YAML reads as a key and its value"
                hint = (f"quote it: {quote(f'{key}: {val}')}" if isinstance(val, str) else
                        f"put the whole item in quotes, as you wrote it: '{key}: ...'")
        elif where == "links" and isinstance(value, list):
            hint = "put each link in its list: " + _links_as_mapping(value)
        elif err.validator_value == "boolean" and isinstance(value, str) \
                and value.strip().lower() in ("true", "false"):
            hint = f"write {where}: {value.strip().lower()}, without quotes"
    elif err.validator == "pattern" and isinstance(value, str):
        scheme = _SCHEME.match(value)
        is_link = where.startswith("links.")
        if is_link and scheme and scheme.group(1).lower() not in ("http", "https"):
            what = f"'{where}' is a {scheme.group(1).lower()}: link, not http(s)"
            hint = "only http:// and https:// links are allowed; remove this one"
        elif not value.strip():
            what = f"'{where}' is empty"
            own = _own_value(where, path, meta)
            hint = f"write it, e.g. {own}" if own else hint
        elif is_link and _BARE_DOMAIN.match(value.strip()):
            what = f"'{where}' has no https:// in front: {value!r}"
            hint = f"write the whole link: https://{value.strip()}"
        elif is_link:
            what = f"'{where}' is not a valid link: {value!r}"
        else:
            what = f"'{where}' has an invalid form: {value!r}"
    elif err.validator == "enum" and "propertyNames" in err.absolute_schema_path:
        what = f"'{where}' has an unknown list {value!r}"
        near = near_key(str(value), [str(k) for k in err.validator_value])
        if near is not None:
            hint = f"did you mean '{near}'? Write {near}: — " + hint
    elif err.validator == "minItems":
        what = f"'{where}' is empty"
    elif err.validator == "maxItems":
        what = f"'{where}' has {len(value)} items, more than the {err.validator_value} allowed"
        hint = (f"keep the {err.validator_value} that describe the paper best, most relevant "
                "first, and delete the others")
    elif err.validator == "uniqueItems":
        again = next((i for i, x in enumerate(value) if x in value[:i]), None)
        twice = value[again] if again is not None else None
        # at the repeated item's line, where the list is written one item a line
        line = (lines or {}).get((*err.absolute_path, again), line)
        what = f"'{where}' lists {twice!r} twice"
        hint = "delete one of them"
    elif err.validator == "maxLength":
        what = (f"'{where}' is {len(value):,} characters, longer than the "
                f"{err.validator_value:,} allowed")
        if where == "title":
            hint = ("keep only the paper's title; the abstract goes below the closing '---' "
                    "line")
    elif err.validator == "minimum":
        what = f"'{where}' is {_describe(value)}, less than {err.validator_value}"
    else:
        what = f"'{where}': {err.message}"
    return [Problem(path, line, what, hint)]


def yaml_tag_problems(frontmatter: str, path: str) -> list[Problem]:
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


def load_ignoring_tags(frontmatter: str) -> dict[str, Any] | None:
    try:
        meta = yaml.load(frontmatter, Loader=_TagBlindLoader)  # noqa: S506 - a SafeLoader
    except yaml.YAMLError:
        return None
    return meta if isinstance(meta, dict) else None


def link_problems(meta: dict[str, Any], path: str, key_lines: dict[str, int],
                  lines: dict[tuple[Any, ...], int] | None = None) -> list[Problem]:
    """A code or data link filed under another kind, told at its own line (with `lines`,
    check/keys.py's): at `links:`, a GitHub annotation fell outside the pull request's
    changes."""
    links = meta.get("links")
    if not isinstance(links, dict):
        return []
    problems: list[Problem] = []
    top = key_lines.get("links", 1)
    for kind in ABSTRACT_LINK_KINDS:  # the record's own kinds may hold any link
        urls = links.get(kind)
        for i, url in enumerate(urls if isinstance(urls, list) else []):
            line = (lines or {}).get(("links", kind, i)) or (lines or {}).get(
                ("links", kind)) or top
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
    """Which `links` list a URL belongs in, as the importer would file it (infer/links.py)."""
    kind = classify(url)
    return kind if kind in ABSTRACT_LINK_KINDS else None


def affiliation_problems(meta: dict[str, Any], path: str,
                         key_lines: dict[str, int]) -> list[Problem]:
    """`affiliations` lines up with `authors`, one entry per author: a list of another
    length gives every author after the gap someone else's institution (the site pads or
    cuts it to the authors, so it would show that pairing), so it is reported at its line."""
    affiliations, authors = meta.get("affiliations"), meta.get("authors")
    if not isinstance(affiliations, list) or not isinstance(authors, list):
        return []  # absent (none known), or not a list (`autors`, text): told as that
    # (counted as names: an item of two authors is told by author_problems, not here)
    n = len(_names(authors))
    if len(affiliations) == n:
        return []
    entries = f"{len(affiliations)} entr{'y' if len(affiliations) == 1 else 'ies'}"
    names = f"{n} name{'' if n == 1 else 's'}"
    return [Problem(
        path, key_lines.get("affiliations", 1),
        f"affiliations has {entries} but authors has {names}",
        "write one affiliation per author, in the authors' order, and '' for an author "
        "whose affiliation is unknown: authors: [Ada Lovelace, Alan Turing] goes with "
        "affiliations: [University of Oxford, '']")]


def _held(authors: list[Any]) -> list[int]:
    """The indexes of the authors' items that hold a name separator (NAME_SEPARATOR_RE)."""
    return [i for i, a in enumerate(authors) if isinstance(a, str) and NAME_SEPARATOR_RE.search(a)]


def _names(authors: list[Any]) -> list[str]:
    """The authors as names, an item holding a name separator split as `paperlist enrich`
    splits a record's (util/text.py split_name_items)."""
    return split_name_items([str(a) for a in authors], keep_empty=True)


def author_problems(meta: dict[str, Any], path: str, key_lines: dict[str, int],
                    lines: dict[tuple[Any, ...], int] | None = None) -> list[Problem]:
    """Items of `authors` holding what separates names (util/text.py NAME_SEPARATOR_RE)
    are several authors in one: the page would show them, and `author:` search them, as
    one person. Told once, at the first such item's line, with the whole list as it
    should be."""
    authors = meta.get("authors")
    if not isinstance(authors, list):
        return []  # the schema's to report
    held = _held(authors)
    if not held:
        return _affiliation_in_name(authors, meta, path, key_lines, lines)
    first, names = held[0], _names(authors)
    name = str(authors[first])
    parts = split_names(name)
    separator = NAME_SEPARATOR_RE.search(name).group()  # type: ignore[union-attr]
    many = (f"{len(parts)} authors in one item" if len(parts) > 1
            else "one name and a stray separator" if parts else "no name at all")
    others = len(held) - 1
    also = f" (and {others} more item{'s' if others > 1 else ''} like it)" if others else ""
    fix = f"write each author as an item of its own: authors: [{', '.join(map(quote, names))}]"
    affiliations = meta.get("affiliations")
    if isinstance(affiliations, list) and len(affiliations) != len(names):
        fix += ", and give affiliations one entry per author ('' where unknown)"
    return [Problem(path, (lines or {}).get(("authors", first)) or key_lines.get("authors", 1),
                    f"the author {name!r} holds {separator!r}, which separates names: "
                    f"{many}{also}", fix)]


#: a name that ends in a parenthesis: "Rahul Varma (Tsinghua University)"
_NAME_THEN_PARENS = re.compile(r"^(?P<name>[^()]*\S)\s*\((?P<inside>[^()]+)\)\s*$")
#: what in parentheses after a name is no affiliation: a suffix ("Jr", "III"), a role
#: ("equal contribution", "corresponding author", "*"), or the name in another script
#: after a Latin one ("Wei Zhang (张伟)"); anything else ("Stanford", "UC Berkeley") is
_NOT_AN_AFFILIATION = re.compile(
    r"(?i:jr|sr|ii|iii|iv|phd|equal contributions?|corresponding(?: author)?|co-?first"
    r"(?: author)?|project lead|intern|[*\u2020\u2021\u00a7#\d,\s]+)\.?")


def _affiliation_in_name(authors: list[Any], meta: dict[str, Any], path: str,
                         key_lines: dict[str, int],
                         lines: dict[tuple[Any, ...], int] | None) -> list[Problem]:
    """An author written with their affiliation in parentheses: the page shows it, and
    search reads it, as part of the name (an affiliation goes in `affiliations`, which the
    page shows beside the name). Told once, at the first such item's line."""
    found = [(i, m) for i, a in enumerate(authors)
             if isinstance(a, str) and (m := _NAME_THEN_PARENS.match(a))
             and not _NOT_AN_AFFILIATION.fullmatch(m.group("inside").strip())
             and not (m.group("name").isascii() and not m.group("inside").isascii())]
    if not found:
        return []
    first, m = found[0]
    moved = dict(found)
    names = [moved[i].group("name") if i in moved else str(a) for i, a in enumerate(authors)]
    fix = f"write the name alone, authors: [{', '.join(map(quote, names))}]"
    if meta.get("affiliations") is None:
        given = {i: m.group("inside") for i, m in found}
        fix += (", and the affiliations one per author in their order: affiliations: ["
                + ", ".join(quote(given.get(i, "")) for i in range(len(authors))) + "]")
    else:
        fix += ", and the affiliation in affiliations, at the author's place"
    return [Problem(path, (lines or {}).get(("authors", first)) or key_lines.get("authors", 1),
                    f"the author {authors[first]!r} holds {m.group('inside')!r} in "
                    "parentheses, which the page would show as part of the name", fix)]


def tag_problems(meta: dict[str, Any], path: str, key_lines: dict[str, int],
                 taxonomy_file: Path | None = None,
                 lines: dict[tuple[Any, ...], int] | None = None) -> list[Problem]:
    """Tags must be display names of the taxonomy the site is built with, written as there:
    the site reads 'reinforcement learning' too, but the importer does not take it for the
    'Reinforcement Learning' it inferred, and would move it on the next import. Each is told
    at its own line (`lines`, the key map's: ("tags", i)), where a pull request shows it."""
    tags = meta.get("tags")
    if not isinstance(tags, list) or not tags:
        return []
    taxonomy = load_taxonomy(taxonomy_file)
    problems: list[Problem] = []
    exact = {t.name for t in taxonomy.tags}
    for i, name in enumerate(tags):
        line = (lines or {}).get(("tags", i), key_lines.get("tags", 1))
        if not isinstance(name, str) or not name.strip():
            continue
        if name in exact:
            continue
        as_written = taxonomy.by_name(name)
        if as_written is not None:
            problems.append(Problem(path, line, f"tag {name!r} is not written as in the "
                                                "taxonomy", f"write {as_written.name!r}"))
            continue
        as_slug = taxonomy.by_slug(name.strip())
        if as_slug is not None:
            problems.append(Problem(path, line, f"tag {name!r} is a slug, not a display name",
                                    f"write {as_slug.name!r}"))
            continue
        area = [t.name for t in taxonomy.tags if t.area.casefold() == name.strip().casefold()]
        if area:
            problems.append(Problem(path, line, f"{name!r} is an area of tags, not a tag",
                                    "write one or more of its tags: " + ", ".join(area)))
            continue
        closest = taxonomy.closest(name)
        problems.append(Problem(
            path, line, f"unknown tag {name!r}",
            f"did you mean {closest.name!r}? Tags are the display names in "
            f"{taxonomy_shown(taxonomy_file)}; to propose a new tag, "
            "add it there "
            "(see CONTRIBUTING.md)"))
    return problems


def tag_score_problems(meta: dict[str, Any], path: str,
                       lines: dict[tuple[Any, ...], int]) -> list[Problem]:
    """What the schema cannot say of `inferred.tag_scores` (model/page.py TAG_SCORES): it
    scores exactly the tags of `inferred.tags`, each with a finite number. The tag pages
    order papers by it, so a score for a tag the paper was never given, or a missing or
    infinite one, would put a paper where the tagger did not. Absent is fine (a page
    imported before scores were kept: the build puts it after the scored ones). Types and
    negative numbers are the schema's to report."""
    inferred = meta.get("inferred")
    scores = inferred.get(TAG_SCORES) if isinstance(inferred, dict) else None
    tags = inferred.get("tags") if isinstance(inferred, dict) else None
    if not isinstance(scores, dict) or not isinstance(tags, list):
        return []
    base = ("inferred", TAG_SCORES)
    here = lines.get(base, lines.get(("inferred",), 1))
    fix = ("the importer writes it: restore it from the pull request's base version "
           f"(git show main:{path}); to change a paper's tags, edit the top-level tags")
    problems: list[Problem] = []
    for name, value in scores.items():
        line = lines.get((*base, name), here)
        if name not in tags:
            problems.append(Problem(path, line, f"inferred.{TAG_SCORES} scores {quote(str(name))}, "
                                    "which inferred.tags does not list", fix))
        elif isinstance(value, int | float) and not isinstance(value, bool) \
                and not finite(value):
            what = _describe(value) if isinstance(value, float) else "a number too large"
            problems.append(Problem(path, line, f"'inferred.{TAG_SCORES}.{name}' is "
                                    f"{what}, not a score", fix))
    for i, name in enumerate(tags):
        if isinstance(name, str) and name not in scores:
            problems.append(Problem(
                path, lines.get(("inferred", "tags", i), here),
                f"inferred.tags lists {quote(name)}, which inferred.{TAG_SCORES} has no "
                "score for",
                "the importer writes both, and keeps them for itself: restore them from the "
                f"pull request's base version (git show main:{path}); to give the paper a "
                "tag, add it to the top-level tags"))
    return problems
