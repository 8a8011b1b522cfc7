"""`paperlist check`: validate pages before they are merged.

Pages are edited by hand in pull requests, so the checker is written for the person who
has to fix them: it reports every problem of every page in one run (not the first one
only), each as `file:line: what is wrong — how to fix it`, sorted by file and line.

This module runs the checks on each page and across pages (ids); the rules are in
`fields.py` (the frontmatter: `data/page.schema.json` and what a schema cannot say) and
`safety.py` (HTML, script and invisible characters in text). It is fast enough to run on
every push (12,000 pages in a few seconds): the validator is compiled once and big runs
use every core.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import yaml

from paperlist.check.agreement import agreement_problems
from paperlist.check.fields import (
    affiliation_problems,
    author_problems,
    link_problems,
    load_ignoring_tags,
    page_schema,
    schema_problems,
    tag_problems,
    tag_score_problems,
    valid_fast,
    validator,
    yaml_tag_problems,
)
from paperlist.check.keys import (
    KeyMap,
    KeyPath,
    boolean_problems,
    duplicate_problems,
    key_map,
    load_with_keys,
    unknown_key_problems,
)
from paperlist.check.moved import BaseUnreadable, moved_problems
from paperlist.check.problem import Problem
from paperlist.check.safety import body_problems, field_text_problems
from paperlist.check.syntax import parse_error_problems, silent_problems
from paperlist.ingest.listfile import paragraph_digest
from paperlist.model.page import PageError, split_frontmatter
from paperlist.model.taxonomy import load_taxonomy
from paperlist.util.orphans import die_with_parent

#: Below this many pages, starting worker processes costs more than it saves.
PARALLEL_MIN_PAGES = 2_000
_KEY_LINE = re.compile(r"^[A-Za-z_][\w-]*:(?:\s|$)")


@dataclass
class PageResult:
    """One page's problems, and what the checks across pages and against the list need."""

    path: str
    id: str | None
    id_line: int
    problems: list[Problem]
    #: the frontmatter as loaded; None when it does not load
    meta: dict[str, Any] | None = None
    #: every key's and item's line (keys.py), for messages about nested keys
    lines: dict[KeyPath, int] = field(default_factory=dict)
    #: the line of the closing '---', where a missing last key goes
    closing_line: int = 1
    #: the digest the abstract on the page would have in the list (a lost source.digest)
    body_digest: str = ""


def _decode(data: bytes, path: str) -> tuple[str | None, list[Problem]]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        return None, [Problem(path, line, f"byte {e.start} (0x{data[e.start]:02x}) is not "
                                          "valid UTF-8", "re-save the file as UTF-8")]
    return text.removeprefix("\ufeff"), []


def check_text(text: str, path: str, taxonomy: Path | None = None) -> PageResult:
    """Every problem in one page's text; `path` is used for messages and the id rule."""
    result = PageResult(path=path, id=None, id_line=1, problems=[])
    problems = result.problems
    try:
        frontmatter, body, body_line = split_frontmatter(text, path)
    except PageError as e:
        problems.append(_split_problem(e, text, path))
        return result
    result.closing_line = body_line - 1
    result.body_digest = paragraph_digest(body) if body.strip() else ""
    yaml_tags = yaml_tag_problems(frontmatter, path)
    problems += yaml_tags
    problems += body_problems(body, body_line, path)
    try:
        meta, keys = load_with_keys(frontmatter)
    except yaml.YAMLError as e:
        meta = load_ignoring_tags(frontmatter) if yaml_tags else None
        if meta is None:
            mark = getattr(e, "problem_mark", None)
            if not any(p.line == (mark.line + 2 if mark else 2) for p in yaml_tags):
                problems += parse_error_problems(frontmatter, path)
            return result
        keys = key_map(frontmatter) or KeyMap()
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        problems.append(Problem(path, 2, "the frontmatter is not 'key: value' lines",
                                "write each field as key: value, e.g. title: 'My title'"))
        return result
    key_lines = {str(k[0]): line for k, line in keys.lines.items() if len(k) == 1}
    result.meta, result.lines = meta, keys.lines
    problems += duplicate_problems(keys, path)
    problems += boolean_problems(keys, path)
    problems += silent_problems(frontmatter, meta, path)
    typos, explained = unknown_key_problems(meta, keys, path, page_schema())
    problems += typos
    # A value whose writing is wrong is told once, as that: the key's other rules would
    # only describe what YAML made of it.
    told = _keys_told(problems, key_lines)
    value_problems: list[Problem] = []
    max_tags = int(load_taxonomy(taxonomy).selection["max_tags"])
    if not valid_fast(meta, max_tags):
        for err in validator(max_tags).iter_errors(meta):
            value_problems += schema_problems(err, path, key_lines, result.closing_line,
                                              explained, keys.lines, meta, taxonomy,
                                              frontmatter)
    page_id = meta.get("id")
    stem = Path(path).stem
    if isinstance(page_id, str):
        result.id, result.id_line = page_id, key_lines.get("id", 1)
        if page_id != stem:
            # another page's id: renaming the file back to it would overwrite that page
            taken = bool(_ID.fullmatch(page_id)) and (
                Path(path).parent / f"{page_id}.md").is_file()
            problems.append(Problem(
                path, result.id_line,
                f"id {page_id!r} is the id of {page_id}.md, another page" if taken else
                f"id {page_id!r} does not match the file name {stem}.md",
                "a page's id is its address and its file's name, and never changes: "
                + (f"if this file is a copy of {page_id}.md, delete it (a paper has one page)"
                   if taken else f"if you renamed the file, rename it back to {page_id}.md")
                + f"; if you changed the id, set it back to id: {stem}"))
    value_problems += tag_problems(meta, path, key_lines, taxonomy, keys.lines)
    value_problems += link_problems(meta, path, key_lines, keys.lines)
    value_problems += affiliation_problems(meta, path, key_lines)
    value_problems += author_problems(meta, path, key_lines, keys.lines)
    value_problems += tag_score_problems(meta, path, keys.lines)
    value_problems += field_text_problems(meta, path, key_lines, keys.lines)
    # (a value problem at a list item's line is under its key's: told, if the key is)
    starts = sorted(key_lines.values())
    problems += [p for p in value_problems
                 if p.line not in told and _key_start(p.line, starts) not in told]
    return result


#: an id as the schema allows it (lower case, digits, single hyphens, at most 80): only
#: such a one is looked for as another page's file ("../README", 300 characters, "Halo" on
#: a disk that ignores case are not)
_ID = re.compile(r"(?=.{1,80}$)[a-z0-9]+(?:-[a-z0-9]+)*")


def _key_start(line: int, starts: list[int]) -> int:
    """The line of the top-level key a line is under (`starts`: those keys' lines)."""
    return max((s for s in starts if s <= line), default=line)


def _keys_told(problems: list[Problem], key_lines: dict[str, int]) -> set[int]:
    """The lines of the problems, and of the top-level keys they are under."""
    starts = sorted(key_lines.values())
    told = {p.line for p in problems}
    told |= {_key_start(line, starts) for line in told}
    return told


def _split_problem(e: PageError, text: str, path: str) -> Problem:
    """A page whose frontmatter cannot even be found: where the '---' line goes."""
    lines = text.removeprefix("\ufeff").split("\n")
    if "never closed" in e.reason:
        for number, line in enumerate(lines[1:], start=2):
            if line.strip() and not (line[0] in " -#" or _KEY_LINE.match(line)):
                return Problem(path, number, "the frontmatter opened on line 1 is never closed",
                               "put a line '---' above this one, where the abstract starts")
        return Problem(path, e.line, e.reason, "add a '---' line after the last frontmatter key")
    blank = next((i for i, line in enumerate(lines) if line.strip()), 0)
    if blank and lines[blank].rstrip() == "---":
        return Problem(path, 1, f"the page starts with {blank} blank line(s) before '---'",
                       "delete them: '---' must be the very first line")
    return Problem(path, e.line, e.reason, "restore the '---' line at the very top of the file")


def check_file(path: Path, taxonomy: Path | None = None) -> PageResult:
    name = str(path)
    try:
        data = path.read_bytes()
    except OSError as e:
        return PageResult(name, None, 1, [Problem(name, 1, f"cannot read the file: "
                                                   f"{e.strerror or e}", "check the path")])
    text, problems = _decode(data, name)
    if text is None:
        return PageResult(name, None, 1, problems)
    return check_text(text, name, taxonomy)


def _check_chunk(paths: list[Path], taxonomy: Path | None = None) -> list[PageResult]:
    return [check_file(p, taxonomy) for p in paths]


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


def _results(files: list[Path], workers: int | None,
             taxonomy: Path | None) -> list[PageResult]:
    workers = workers if workers is not None else (os.cpu_count() or 1)
    if workers <= 1 or len(files) < PARALLEL_MIN_PAGES:
        return _check_chunk(files, taxonomy)
    size = -(-len(files) // (workers * 4))
    chunks = [files[i:i + size] for i in range(0, len(files), size)]
    with ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent,
                             initargs=(os.getpid(),)) as pool:
        chunked = pool.map(partial(_check_chunk, taxonomy=taxonomy), chunks)
        return [r for chunk in chunked for r in chunk]


def _duplicate_ids(results: list[PageResult]) -> list[Problem]:
    first: dict[str, PageResult] = {}
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


def find_problems(paths: list[Path], *, workers: int | None = None,
                  taxonomy: Path | None = None, agreement: bool = True,
                  base: str | None = None) -> list[Problem]:
    """Every problem of the pages given (folders are expanded to their *.md), sorted by
    file then line: each page's own, ids across pages, and, for a folder with its list in
    source/, what `paperlist import --check` would find (agreement.py; not without
    `agreement`: reading a list of 12,000 abstracts takes half a second, too long for a
    live preview's every edit). Tags are checked against the taxonomy file given, else the
    shipped one. With `base`, a git revision (a pull request's base), a folder's pages
    removed or renamed since then while their abstracts are listed too (moved.py)."""
    files, problems = expand(paths)
    results = _results(files, workers, taxonomy)
    for r in results:
        problems += r.problems
    problems += _duplicate_ids(results)
    whole = {p.resolve() for p in paths if p.is_dir()}
    folders: dict[Path, list[PageResult]] = {p: [] for p in paths if p.is_dir()}
    for r in results:
        folders.setdefault(Path(r.path).parent, []).append(r)
    for folder, in_folder in folders.items() if agreement else ():
        problems += agreement_problems(folder, in_folder, whole_folder=folder.resolve() in whole,
                                       taxonomy=taxonomy)
    for folder in [p for p in paths if p.is_dir()] if base else ():
        try:
            problems += moved_problems(folder, base, [(r.path, r.meta)
                                                      for r in folders.get(folder, [])])
        except BaseUnreadable as e:
            problems.append(Problem(str(folder), 1, f"--base {base}: git could not read it "
                                    f"({e})", "give a revision git knows, e.g. origin/main "
                                    "(in a shallow clone, fetch it first)"))
    return sorted(set(problems))


def check_paths(paths: list[Path], *, workers: int | None = None,
                taxonomy: Path | None = None) -> list[str]:
    """find_problems as `file:line: what — how to fix` lines; [] when all pages are fine."""
    return [str(p) for p in find_problems(paths, workers=workers, taxonomy=taxonomy)]
