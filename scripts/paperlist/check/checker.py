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
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from paperlist.check.fields import (
    affiliation_problems,
    link_problems,
    load_ignoring_tags,
    schema_problems,
    tag_problems,
    valid_fast,
    validator,
    yaml_tag_problems,
)
from paperlist.check.problem import Problem
from paperlist.check.safety import body_problems, field_text_problems
from paperlist.model.page import (
    PageError,
    frontmatter_key_lines,
    parse_page,
    split_frontmatter,
)

#: Below this many pages, starting worker processes costs more than it saves.
PARALLEL_MIN_PAGES = 2_000
_PARSE_HINTS = (
    ("aliases", "write the value out in full; a page never uses YAML anchors (&) or aliases (*)"),
    ("must start", "restore the '---' line at the very top of the file"),
    ("never closed", "add a '---' line after the last frontmatter key"),
    ("mapping", "write the frontmatter as 'key: value' lines"),
    ("not valid YAML", "check this line's quoting and indentation; quote a value that "
                       "contains ': ' or ' #' or starts with [ { * & ! | > % @ or a quote"),
)


@dataclass
class _PageResult:
    path: str
    id: str | None
    id_line: int
    problems: list[Problem]


def _decode(data: bytes, path: str) -> tuple[str | None, list[Problem]]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        return None, [Problem(path, line, f"byte {e.start} (0x{data[e.start]:02x}) is not "
                                          "valid UTF-8", "re-save the file as UTF-8")]
    return text.removeprefix("\ufeff"), []


def check_text(text: str, path: str, taxonomy: Path | None = None) -> _PageResult:
    """Every problem in one page's text; `path` is used for messages and the id rule."""
    result = _PageResult(path=path, id=None, id_line=1, problems=[])
    problems = result.problems
    try:
        frontmatter, body, body_line = split_frontmatter(text, path)
    except PageError as e:
        problems.append(_parse_problem(e, path))
        return result
    yaml_tags = yaml_tag_problems(frontmatter, path)
    problems += yaml_tags
    problems += body_problems(body, body_line, path)
    try:
        page = parse_page(text, path)
        meta, key_lines = page.meta, page.key_lines
    except PageError as e:
        meta = load_ignoring_tags(frontmatter) if yaml_tags else None
        if meta is None:
            if not any(p.line == e.line for p in yaml_tags):
                problems.append(_parse_problem(e, path))
            return result
        key_lines = frontmatter_key_lines(frontmatter)
    if not valid_fast(meta):
        tagged = {p.line for p in yaml_tags}  # a tagged value's type is the tag's fault
        for err in validator().iter_errors(meta):
            problems += [p for p in schema_problems(err, path, key_lines) if p.line not in tagged]
    page_id = meta.get("id")
    stem = Path(path).stem
    if isinstance(page_id, str):
        result.id, result.id_line = page_id, key_lines.get("id", 1)
        if page_id != stem:
            problems.append(Problem(path, result.id_line,
                                    f"id {page_id!r} does not match the file name {stem}.md",
                                    f"the id never changes: set it back to id: {stem}"))
    problems += tag_problems(meta, path, key_lines, taxonomy)
    problems += link_problems(meta, path, key_lines)
    problems += affiliation_problems(meta, path, key_lines)
    problems += field_text_problems(meta, path, key_lines)
    return result


def _parse_problem(e: PageError, path: str) -> Problem:
    hint = next((h for words, h in _PARSE_HINTS if words in e.reason), "see CONTRIBUTING.md")
    return Problem(path, e.line, e.reason, hint)


def check_file(path: Path, taxonomy: Path | None = None) -> _PageResult:
    name = str(path)
    try:
        data = path.read_bytes()
    except OSError as e:
        return _PageResult(name, None, 1, [Problem(name, 1, f"cannot read the file: "
                                                   f"{e.strerror or e}", "check the path")])
    text, problems = _decode(data, name)
    if text is None:
        return _PageResult(name, None, 1, problems)
    return check_text(text, name, taxonomy)


def _check_chunk(paths: list[Path], taxonomy: Path | None = None) -> list[_PageResult]:
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
             taxonomy: Path | None) -> list[_PageResult]:
    workers = workers if workers is not None else (os.cpu_count() or 1)
    if workers <= 1 or len(files) < PARALLEL_MIN_PAGES:
        return _check_chunk(files, taxonomy)
    size = -(-len(files) // (workers * 4))
    chunks = [files[i:i + size] for i in range(0, len(files), size)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        chunked = pool.map(partial(_check_chunk, taxonomy=taxonomy), chunks)
        return [r for chunk in chunked for r in chunk]


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


def check_paths(paths: list[Path], *, workers: int | None = None,
                taxonomy: Path | None = None) -> list[str]:
    """Validate pages (folders are expanded to their *.md) and return every problem as
    `file:line: what — how to fix`, sorted by file then line; [] when all pages are fine.
    Tags are checked against the taxonomy file given, else the shipped one."""
    files, problems = expand(paths)
    results = _results(files, workers, taxonomy)
    for r in results:
        problems += r.problems
    problems += _duplicate_ids(results)
    return [str(p) for p in sorted(set(problems))]
