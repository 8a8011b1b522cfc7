"""The live preview's fast path: after an edit to paper pages only, what must be made again.

A full build of 12,000 papers takes half a minute; an editor fixing a title wants to see
it in a second or two. Everything on the site that shows a paper is derived from the
catalogue, so an edit to existing pages needs only those pages read again and the pages
and data that show them made again: the paper's own page, the pages whose related papers
list it, its old and new tags' listings, the browse pages, the tags index, the home
page's counts, the browse, map and export data. Anything else that changed (mkdocs.yml,
the taxonomy, docs/, the theme, a page added or removed, a page that no longer builds)
can change any page, so it gets a full build, as does every build when the fast path is
switched off (`paperlist serve --full`). MkDocs-free: the plugin renders what this says.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from paperlist.model.catalogue import Catalogue, Paper, paper_from_page, with_papers
from paperlist.model.page import MAX_PARAGRAPH_CHARS, PageError, read_page
from paperlist.structure import pages

#: set (to anything) in the environment, every rebuild of the preview is a full build
FULL_ENV = "PAPERLIST_PREVIEW_FULL"
#: up to this many papers, related papers and the map's layout are computed again on a
#: fast rebuild (a second or less); above, they stay the last full build's (4 s at 12,000
#: papers would be most of the preview's budget), until the next full build
EXACT_RELATED_MAX = 2000

#: a file's state as the preview compares it: (mtime in ns, size)
Stamp = tuple[int, int]


def snapshot(roots: Iterable[Path]) -> dict[str, Stamp]:
    """Every file under the roots (a root may be a file) -> its stamp. Taken when a build
    starts, so an edit made while it runs is seen by the next rebuild."""
    seen: dict[str, Stamp] = {}

    def walk(path: str) -> None:
        try:
            entries = list(os.scandir(path))
        except OSError:
            return
        for entry in entries:
            try:
                if entry.is_dir():
                    walk(entry.path)
                else:
                    st = entry.stat()
                    seen[entry.path] = (st.st_mtime_ns, st.st_size)
            except OSError:
                continue  # gone meanwhile

    for root in roots:
        if root.is_dir():
            walk(str(root))
        elif root.is_file():
            st = root.stat()
            seen[str(root)] = (st.st_mtime_ns, st.st_size)
    return seen


def edited_pages(before: dict[str, Stamp], after: dict[str, Stamp],
                 papers_dir: Path) -> list[Path] | None:
    """The paper pages edited between two snapshots; None when anything else changed
    (or nothing we watch did: then what changed is unknown), which needs a full build."""
    if before.keys() != after.keys():  # a file added or removed
        return None
    changed = [Path(p) for p, stamp in after.items() if before[p] != stamp]
    if not changed or any(p.parent != papers_dir or p.suffix != ".md" for p in changed):
        return None
    return sorted(changed)


@dataclass(frozen=True)
class Update:
    """A fast rebuild's plan: the new catalogue, and the pages to render again."""

    cat: Catalogue
    #: src_uri of each edited paper
    papers: set[str]
    #: src_uri of each generated page whose content may have changed
    generated: set[str]


def plan(cat: Catalogue, edited: list[Path], *, search: bool) -> Update | None:
    """What an edit of these pages changes, or None when a full build is needed: a page
    that no longer builds (its problem is shown by the full build), a catalogue that had
    problems already, or one whose set of pages changes (a tag's listing growing a page,
    a second venue appearing)."""
    if cat.problems or cat.unreadable:
        return None
    papers: list[Paper] = []
    problems: list[str] = []
    for path in edited:
        try:
            page = read_page(path)
        except PageError:
            return None
        if len(page.body) > MAX_PARAGRAPH_CHARS:
            return None
        papers.append(paper_from_page(page, cat.taxonomy, problems))
    if problems:
        return None
    edited_src = {cat.by_file[p.path.name].src_uri for p in papers}
    before = pages.generated_pages(cat, search=search).keys()
    new = with_papers(cat, papers)
    after = pages.generated_pages(new, search=search).keys()
    if after != before or new.venue_names != cat.venue_names:
        return None
    generated = pages.listings_changed(cat, new, edited_src) & after
    return Update(new, edited_src, generated)
