"""Pages agree with their list: what `paperlist import --check` would find, said at the
page's line, in words a contributor on GitHub can act on.

CI runs `paperlist import --check` right after `paperlist check`. It fails with "would
create" or "would update", which tells a contributor neither the line nor the fix, and
the fix it suggests (run `paperlist import`) is one they cannot run from a browser. So
for a folder with its lists (`<folder>/source/*.txt`: one, or one per venue), the checker
asks the importer's own functions what an import would do, page by page, against the
abstracts of all of them:

- a page's `source.digest` must be an abstract's in the list, or the import makes a
  second page for that abstract: a deleted `source:` or an edited digest is found by the
  abstract still on the page, and the fix gives the digest to restore;
- `inferred` must be what the importer infers from the abstract (`infer_all`, the same
  inference at the same cost: ~1 ms an abstract, on all cores), and nothing else may be
  what `merge_fields` would change: an edit under `inferred:` is named at its line.

Only how an abstract finds its page is written again here (a digest belongs to the first
page, in file-name order, that has it, as in `plan_import`); everything that decides a
page's content is the importer's. The corpus test (tests/unit/check/test_mistakes.py)
holds the two to one verdict.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from paperlist.check.fields import insertion_line, schema
from paperlist.check.problem import Problem
from paperlist.check.syntax import quote
from paperlist.ingest.importer import (
    catalogue_lists,
    infer_all,
    list_venue,
    merge_fields,
    sameness,
    share,
)
from paperlist.ingest.listfile import ListError, Paragraph, ParsedList, parse_list
from paperlist.match.matcher import match_texts
from paperlist.model.page import TAG_SCORES, read_page
from paperlist.model.taxonomy import load_taxonomy

if TYPE_CHECKING:
    from paperlist.check.checker import PageResult

GIT_SHOW = "git show main:{path}"


def flow(value: Any) -> str:
    """A value as one line of YAML, to quote in a message: [A, B], {code: []}, 'X: y'."""
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{quote(str(k))}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)  # a number stays one (quote() would make '6.5' a text)
    return quote(str(value))


def _digest(meta: dict[str, Any]) -> str | None:
    source = meta.get("source")
    digest = source.get("digest") if isinstance(source, dict) else None
    return digest if isinstance(digest, str) else None


def _digest_pattern() -> str:
    return schema()["properties"]["source"]["properties"]["digest"]["pattern"]


def _list_problem(e: ListError) -> Problem:
    what, _, fix = e.reason.partition("; ")
    return Problem(e.path, e.line or 1, what,
                   fix or "see CONTRIBUTING.md, 'Import a new list'")


def agreement_problems(folder: Path, results: list[PageResult], *, whole_folder: bool,
                       taxonomy: Path | None = None) -> list[Problem]:
    """What an import from the folder's list would change in these pages (all of them when
    `whole_folder`, so an abstract without a page is found too); [] without a list."""
    lists = catalogue_lists(folder)
    if not lists:
        return []
    problems: list[Problem] = []
    paragraphs: dict[str, Paragraph] = {}
    #: digest -> the list it is in (the first, by name, when two lists share an abstract:
    #: the import of the second warns of it, naming both)
    where: dict[str, Path] = {}
    readable: dict[Path, ParsedList] = {}
    for path in lists:
        try:
            readable[path] = parse_list(path)
        except ListError as e:
            problems.append(_list_problem(e))
    #: each list's venue, and the one its pages had from it before, as its import has
    #: them: catalogue.yml speaks for a list when no other can be read (other_lists)
    venues: dict[Path, tuple[str, str | None]] = {}
    files = {path.resolve() for path in readable}
    for path, parsed in readable.items():
        problems += [_list_problem(e) for e in parsed.errors]
        venues[path] = list_venue(parsed, folder, files == {path.resolve()})
        for para in parsed.paragraphs:
            if para.digest not in paragraphs:
                paragraphs[para.digest] = para
                where[para.digest] = path
    if problems and not paragraphs:
        return problems
    owner: dict[str, PageResult] = {}
    sharing: dict[str, list[PageResult]] = {}
    for r in results:
        digest = _digest(r.meta) if r.meta is not None else None
        if digest is not None:
            owner.setdefault(digest, r)
            sharing.setdefault(digest, []).append(r)
    # Which of two pages is the copy (or had its digest edited) the files cannot tell:
    # each is told, naming the other, so the pull request's own file is among them.
    for pages in (p for p in sharing.values() if len(p) > 1):
        for r in pages:
            others = " and ".join(str(o.path) for o in pages if o is not r)
            problems.append(Problem(
                r.path, r.lines.get(("source", "digest"), 1),
                f"source.digest is also {others}'s: two pages of one abstract",
                "a paper has one page: if this page is a copy, delete it; if you changed its "
                f"digest, restore it ({GIT_SHOW.format(path=r.path)})"))
    orphans = {d: p for d, p in paragraphs.items() if d not in owner}
    problems += _lost_ties(results, orphans, paragraphs, where, lists)
    if whole_folder and all(r.meta is not None for r in results):
        corrected = _corrections(orphans, results, paragraphs)
        for digest, paragraph in orphans.items():
            if digest in corrected:
                r, same, edited = corrected[digest]
                what = (f"this paragraph is a corrected version of {r.path}'s abstract "
                        f"({share(same)} the same)")
                problems.append(Problem(
                    str(where[digest]), paragraph.line,
                    what + (", which an editor has changed on the page too" if edited else ""),
                    "make the page's abstract and this paragraph agree (copy one into the "
                    "other), then run paperlist import, which ties the page to it" if edited
                    else "run paperlist import, which updates that page's abstract and "
                    "source.digest (no second page is made), and commit the page"))
                continue
            problems.append(Problem(
                str(where[digest]), paragraph.line, f"this abstract has no page in {folder}",
                "run paperlist import and commit the page it makes (if a page lost its "
                "source.digest, restore that instead)"))
    todo = [(r, d) for d, r in owner.items() if d in paragraphs and not r.problems]
    fresh = infer_all([paragraphs[d].text for _, d in todo], taxonomy)
    max_tags = int(load_taxonomy(taxonomy).selection["max_tags"])
    for (r, d), new in zip(todo, fresh, strict=True):
        problems += update_problems(r, new, max_tags, venues[where[d]])
    return problems


def _corrections(orphans: dict[str, Paragraph], results: list[PageResult],
                 paragraphs: dict[str, Paragraph]) -> dict[str, tuple[PageResult, float, bool]]:
    """The abstracts without a page that are a corrected version of a page whose own
    paragraph left the lists, found as the import finds them (match/matcher.py): digest ->
    (that page, how much the two share, whether an editor changed the page's abstract too,
    which the import calls a conflict). Such an abstract gets no page of its own."""
    stale = [r for r in results if r.meta is not None and _digest(r.meta) is not None
             and _digest(r.meta) not in paragraphs]
    if not stale or not orphans:
        return {}
    bodies = [read_page(Path(r.path)).body for r in stale]
    digests = list(orphans)
    outcome = match_texts([orphans[d].text for d in digests], bodies)
    return {digests[i]: (stale[j], sameness(bodies[j], orphans[digests[i]].text),
                         stale[j].body_digest != _digest(stale[j].meta or {}))
            for i, (j, _) in outcome.matched.items()}


def searched(lists: list[Path]) -> str:
    """The lists a digest was looked for in, as a message names them."""
    if len(lists) == 1:
        return str(lists[0])
    return f"any of the {len(lists)} lists ({', '.join(str(p) for p in lists)})"


def _lost_ties(results: list[PageResult], orphans: dict[str, Paragraph],
               paragraphs: dict[str, Paragraph], where: dict[str, Path],
               lists: list[Path]) -> list[Problem]:
    """Pages whose `source` was deleted or whose digest was edited. Found by the abstract
    on the page, whose digest is still a list's: the orphan is then this page's, and is
    not reported again (a digest of the wrong form is the schema's to report)."""
    problems: list[Problem] = []
    for r in results:
        if r.meta is None:
            continue
        restore = r.body_digest if r.body_digest in orphans else None
        digest = _digest(r.meta)
        if "source" not in r.meta:
            top = {str(k[0]): v for k, v in r.lines.items() if len(k) == 1}
            fix = (f"restore it as it was, source: {{digest: {restore}}}: it ties this page "
                   f"to its abstract in {where[restore]}" if restore else
                   "a paper's page is made by paperlist import from its abstract in the "
                   f"list: for a new paper, add the abstract to {searched(lists)} and run "
                   "paperlist import, then edit the page it makes (and delete this file); "
                   "for a page that had it, restore it from the previous version "
                   f"({GIT_SHOW.format(path=r.path)}): it ties the page to its abstract")
            problems.append(Problem(r.path, insertion_line("source", top, r.closing_line),
                                    "source: missing", fix))
        elif digest is not None and digest not in paragraphs and restore \
                and re.fullmatch(_digest_pattern(), digest):
            problems.append(Problem(
                r.path, r.lines.get(("source", "digest"), 1),
                f"source.digest {digest} is no abstract's in {searched(lists)}",
                f"set it back to digest: {restore}, the digest of this page's abstract, "
                "which ties the page to it"))
        if restore and digest not in paragraphs:
            orphans.pop(restore)  # this page's abstract: told here, or by the schema
    return problems


def still_inferred_problems(r: PageResult, old: dict[str, Any], new: dict[str, Any],
                            ) -> list[Problem]:
    """A title an editor changed (the importer's own, `old`, is still `new`'s) but left
    marked `title_inferred: true`: the site would go on showing it, most likely the paper's
    own, as the importer's guess: in italics, "(inferred title)" in the browser tab, and
    without the citation tags scholarly indexers read. Told at the flag's line."""
    meta = r.meta
    assert meta is not None
    told, title = old.get("title"), meta.get("title")
    if meta.get("title_inferred") is not True or not isinstance(told, str) \
            or told != new.get("title") or not isinstance(title, str) or title == told:
        return []
    return [Problem(
        r.path, r.lines.get(("title_inferred",), r.lines.get(("title",), 1)),
        "the title was changed but title_inferred is still true, so the site shows it as "
        "the importer's guess",
        "if it is the paper's own title, set title_inferred: false; to go back to the "
        f"guess, write title: {flow(told)}")]


def update_problems(r: PageResult, new: dict[str, Any], max_tags: int | None = None,
                    venue: tuple[str, str | None] | None = None) -> list[Problem]:
    """What an import would change in a page, given `new`, the importer's fresh inference
    from its abstract (and the taxonomy's `max_tags`, and its list's `venue`, as the import
    has them): first an edited `inferred:`, then what the import would still change once
    `inferred` is back to `new`."""
    meta = r.meta
    assert meta is not None
    inferred = meta.get("inferred")
    old = inferred if isinstance(inferred, dict) else {}
    problems = still_inferred_problems(r, old, new)
    if merge_fields(meta, old, new, max_tags, venue) == meta:
        return problems
    if not isinstance(inferred, dict):
        top = {str(k[0]): v for k, v in r.lines.items() if len(k) == 1}
        problems.append(Problem(
            r.path, r.lines.get(("inferred",), insertion_line("inferred", top, r.closing_line)),
            "inferred: missing" if inferred is None else "'inferred' is not the importer's",
            f"restore it from the previous version ({GIT_SHOW.format(path=r.path)}): it is "
            "how the importer tells your edits from its own"))
    else:
        for key in dict.fromkeys([*new, *inferred]):
            if inferred.get(key) == new.get(key):
                continue
            line = r.lines.get(("inferred", key), r.lines.get(("inferred",), 1))
            if key not in new:
                problems.append(Problem(r.path, line, f"inferred.{key} is not the importer's",
                                        f"delete it; to add {key}, write it at the top level"))
            elif key == TAG_SCORES and key not in inferred:
                problems.append(Problem(
                    r.path, line, f"inferred.{key} is missing: the page was imported before "
                    "the importer kept its tags' scores",
                    f"run paperlist import, which adds them (or write under inferred: {key}: "
                    f"{flow(new[key])})"))
            elif key == TAG_SCORES:
                told, now = inferred[key], new[key]
                if isinstance(told, dict):  # at the first score that is not the importer's
                    line = next((r.lines[("inferred", key, k)] for k in told
                                 if told[k] != now.get(k) and ("inferred", key, k) in r.lines),
                                line)
                problems.append(Problem(
                    r.path, line,
                    f"you edited inferred.{key}, which the importer keeps for itself",
                    f"set it back to {key}: {flow(new[key])}: tag pages list papers by the "
                    "tagger's scores (a tag you add to the top-level tags comes first)"))
            elif key not in inferred:
                problems.append(Problem(r.path, line, f"inferred.{key} is missing",
                                        f"restore it under inferred: {key}: {flow(new[key])}"))
            else:
                problems.append(Problem(
                    r.path, line,
                    f"you edited inferred.{key}, which the importer keeps for itself",
                    f"edit the top-level {key} instead, and set this back to "
                    f"{key}: {flow(new[key])}"))
    restored = dict(meta, inferred=new)
    merged = merge_fields(restored, new, new, max_tags, venue)
    for key, value in merged.items():
        if key == "inferred" or restored.get(key) == value:
            continue
        line = r.lines.get((key,), 1)
        current = restored.get(key)
        if key == "links" and isinstance(current, dict):
            for kind in [k for k in value if k not in current]:
                problems.append(Problem(r.path, line, f"links.{kind} is missing",
                                        f"add {kind}: {flow(value[kind])} under links:"))
            continue
        problems.append(Problem(r.path, line, f"the next import would change {key} to "
                                              f"{flow(value)}",
                                f"write {key}: {flow(value)}"))
    return problems
