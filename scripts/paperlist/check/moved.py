"""Pages a change removed or renamed while their abstracts are still in the list.

A page's id is its address (/papers/<id>/), which other sites, citations and bookmarks
link to, so it never changes. A pull request that renames `papers/halo.md` (and its id
with it) passes every other check: the renamed page is valid, and it still holds the
list's abstract, so `import --check` finds it. Only the history knows the page was
there: this compares the pages folder with a base revision (a pull request's base) read
from git. A page removed because its abstract left the list (`paperlist import
--prune`) is no problem.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from paperlist.check.problem import Problem
from paperlist.ingest.importer import catalogue_lists
from paperlist.ingest.listfile import ListError, parse_list
from paperlist.model.page import PageError, parse_page
from paperlist.util.git import git


class BaseUnreadable(RuntimeError):
    """git could not read the base revision's pages folder (the message says why)."""


def _git(folder: Path, *args: str) -> str:
    try:
        return git(folder, *args)
    except subprocess.CalledProcessError as e:
        raise BaseUnreadable((e.stderr or "").strip() or f"git {args[0]} failed") from None
    except (OSError, subprocess.SubprocessError) as e:
        raise BaseUnreadable(f"git did not run: {e}") from None


def _listed(papers: Path) -> dict[str, tuple[str, int]]:
    """Each abstract of the catalogue's lists: digest -> (list, line)."""
    out: dict[str, tuple[str, int]] = {}
    for path in catalogue_lists(papers):
        try:
            parsed = parse_list(path)
        except ListError:
            continue  # (the agreement check reports a list that does not parse)
        for para in parsed.paragraphs:
            out.setdefault(para.digest, (str(path), para.line))
    return out


def moved_problems(papers: Path, base: str,
                   pages: Iterable[tuple[str, dict | None]]) -> list[Problem]:
    """A problem for each page the folder had at `base` (a git revision) and has no more
    while its abstract is still listed: told at the page that holds that abstract now
    (a rename), else at the old path. `pages`: the folder's pages now, (path, frontmatter
    or None). Raises BaseUnreadable when git cannot read `base`."""
    top = Path(_git(papers, "rev-parse", "--show-toplevel"))
    folder = PurePosixPath(papers.resolve().relative_to(top.resolve()).as_posix())
    try:
        _git(top, "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}")
    except BaseUnreadable:
        raise BaseUnreadable(f"this repository has no commit {base}") from None
    # (a base without the folder, before the first import, lists nothing; -z: names as
    # they are, not quoted)
    paths = _git(top, "ls-tree", "-z", "--name-only", base, "--", f"{folder}/").split("\0")
    names = [PurePosixPath(p).name for p in paths if p]
    gone = [n for n in names if n.endswith(".md") and not (papers / n).exists()]
    if not gone:
        return []
    listed = _listed(papers)
    now = {}
    for path, meta in pages:
        source = (meta or {}).get("source")
        if isinstance(source, dict) and isinstance(source.get("digest"), str):
            now.setdefault(source["digest"], path)
    problems = []
    for name in gone:
        old = f"{folder}/{name}"
        try:
            page = parse_page(_git(top, "show", f"{base}:{old}"))
        except (PageError, BaseUnreadable):
            continue
        digest = page.source_digest
        if digest not in listed:
            continue  # its abstract left the list: removed with it
        where, line = listed[digest]
        old_id = PurePosixPath(name).stem
        restore = (f"a page's id is its address (/papers/{old_id}/) and never changes: "
                   f"restore it, git checkout {base} -- {old}, and make your edits there")
        if digest in now:
            problems.append(Problem(now[digest], 1, f"this page was {old} at {base}, and its "
                                    f"abstract is still in the list ({where}:{line})",
                                    f"{restore}; then delete this copy"))
        else:
            problems.append(Problem(str(papers / name), 1, f"the page {old_id} is gone "
                                    f"(it is at {base}), but its abstract is still in the "
                                    f"list ({where}:{line})", restore))
    return problems
