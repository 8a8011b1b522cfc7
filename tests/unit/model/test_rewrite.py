"""A refreshed page keeps how its editor wrote it (model/rewrite.py): only the keys whose
values changed are written again."""

from __future__ import annotations

import copy
import difflib

import pytest

from helpers import SHIPPED_LIST, shipped_papers
from paperlist.ingest.importer import retag_pages, run_import
from paperlist.model.page import Page, dump_page, parse_page
from paperlist.model.rewrite import rewrite_page

EDITED = """---
# checked against the PDF
id: halo
title: "HALO: Embodied Multimodal Chain-of-Thought Reasoning"  # from arXiv
title_inferred: false

authors: [Ana Álvarez, 王小明, 'O''Brien, Pat']
note: |
  Checked against the PDF.

  Second line.
venue: ICML 2026
tags: [Robotics & Embodied AI, Reasoning & Test-Time Compute]
inferred:
  title: Old title
  tags:
  - Robotics & Embodied AI
# end of the frontmatter
---

We propose HALO.
"""


def changed_lines(before: str, after: str) -> list[str]:
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(),
                                                  lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def test_only_the_changed_keys_lines_are_written_again():
    page = parse_page(EDITED)
    meta = copy.deepcopy(page.meta)
    meta["inferred"] = {"title": "New title", "tags": ["Robotics & Embodied AI"]}
    meta["tags"] = ["Robotics & Embodied AI"]
    out = rewrite_page(EDITED, meta, page.body)
    assert parse_page(out).meta == meta
    assert changed_lines(EDITED, out) == [
        "-tags: [Robotics & Embodied AI, Reasoning & Test-Time Compute]",
        "+tags:",
        "+- Robotics & Embodied AI",
        "-  title: Old title",
        "+  title: New title",
    ]


def test_nothing_changed_gives_the_same_text_and_a_new_key_goes_in_the_formats_order():
    page = parse_page(EDITED)
    assert rewrite_page(EDITED, page.meta, page.body) == EDITED
    meta = {**page.meta, "name": "HALO"}  # after the title, where dump_page puts it
    out = rewrite_page(EDITED, meta, page.body)
    assert changed_lines(EDITED, out) == ["+name: HALO"]
    assert out.index("name: HALO") > out.index("title_inferred: false")
    assert list(parse_page(out).meta) == [*list(page.meta)[:3], "name", *list(page.meta)[3:]]


def test_a_changed_body_is_written_and_an_unchanged_one_kept_as_it_was():
    page = parse_page(EDITED)
    out = rewrite_page(EDITED, page.meta, "We propose HALO, corrected.\n")
    assert changed_lines(EDITED, out) == ["-We propose HALO.", "+We propose HALO, corrected."]
    spaced = EDITED.replace("\nWe propose HALO.\n", "\n\n  We propose HALO.  \n")
    spaced_page = parse_page(spaced)
    meta = {**spaced_page.meta, "venue": "ICML"}
    assert changed_lines(spaced, rewrite_page(spaced, meta, spaced_page.body)) == [
        "-venue: ICML 2026", "+venue: ICML"]


@pytest.mark.parametrize("text", [
    # a key YAML reads from two lines that are not cut at the key
    "---\n? id\n: halo\ntitle: T\n---\n\nBody.\n",
    # a block scalar that keeps its trailing blank lines: cut there, it would lose them
    "---\nid: halo\nnote: |+\n  kept\n\ntitle: T\n---\n\nBody.\n",
    # not a page at all
    "no frontmatter\n",
])
def test_frontmatter_that_cannot_be_cut_into_keys_is_written_whole(text):
    meta = {"id": "halo", "title": "New", "note": "kept\n\n"}
    out = rewrite_page(text, meta, "Body.\n")
    assert parse_page(out).meta == meta
    assert out == dump_page(Page(meta=meta, body="Body.\n"))


def test_a_page_in_the_importers_own_style_is_written_as_dump_page_writes_it():
    for path in sorted(shipped_papers().glob("*.md")):
        text = path.read_text(encoding="utf-8")
        page = parse_page(text)
        meta = {**page.meta, "title": "Another: title"}
        assert rewrite_page(text, meta, page.body) == dump_page(Page(meta=meta, body=page.body))


def test_an_import_and_a_retag_that_refresh_a_page_keep_its_editors_lines(tmp_path):
    """The issue: an import that updated a page (here, one imported before the tags'
    scores were kept) wrote all of it again, and the editor's comment, quotes, flow list,
    blank line and note's place were gone."""
    papers = tmp_path / "papers"
    assert run_import(SHIPPED_LIST, papers).ok
    path = papers / "halo.md"
    text = path.read_text(encoding="utf-8")
    start = text.index("  tag_scores:\n")
    end = text.index("\n---\n")  # tag_scores is the last key of inferred:
    text = text[:start] + text[end + 1:]
    text = text.replace("\ntitle: ", "\n# the paper's own title\ntitle: ", 1)
    text = text.replace("\nauthors: []\n", "\nauthors: [Ana Álvarez, 王小明]  # from the PDF\n\n")
    path.write_text(text, encoding="utf-8")

    assert run_import(SHIPPED_LIST, papers).updated == ["halo"]
    after = path.read_text(encoding="utf-8")
    assert all(line.startswith("+") and (line.startswith("+  tag_scores:")
                                         or line.startswith("+    "))
               for line in changed_lines(text, after)), changed_lines(text, after)
    assert "# the paper's own title\n" in after and "  # from the PDF\n\n" in after

    page = parse_page(after)
    page.meta["inferred"]["tag_scores"] = dict.fromkeys(page.meta["inferred"]["tags"], 1.0)
    path.write_text(rewrite_page(after, page.meta, page.body), encoding="utf-8")
    assert retag_pages(papers) == ["halo"]
    assert path.read_text(encoding="utf-8") == after
