"""What the preview's fast path rebuilds after an edit, and when it must leave it to a full
build (structure/preview.py); its pages against a full build's: tests/site/test_preview.py."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from helpers import shipped_papers
from paperlist.model.catalogue import load_catalogue
from paperlist.structure import preview
from paperlist.structure.discovery import Discovery


@pytest.fixture
def papers(tmp_path) -> Path:
    return Path(shutil.copytree(shipped_papers(), tmp_path / "papers"))


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _retitle(path: Path, title: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[2].startswith("title: ")
    lines[2] = f"title: '{title}'\n"
    path.write_text("".join(lines), encoding="utf-8")


def test_only_an_edit_of_existing_pages_is_a_fast_rebuild(papers, tmp_path):
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: x\n", encoding="utf-8")
    roots = [papers, config]
    before = preview.snapshot(roots)
    assert preview.edited_pages(before, preview.snapshot(roots), papers) is None  # nothing
    _retitle(papers / "wildcat.md", "Edited")
    assert preview.edited_pages(before, preview.snapshot(roots), papers) == [
        papers / "wildcat.md"]
    for change in (lambda: config.write_text("site_name: y\n", encoding="utf-8"),
                   lambda: (papers / "new.md").write_text("x", encoding="utf-8"),
                   lambda: (papers / "source/icml-2026-abstracts.txt").touch()):
        before = preview.snapshot(roots)
        change()
        assert preview.edited_pages(before, preview.snapshot(roots), papers) is None


def test_the_plan_holds_the_edited_page_and_its_old_and_new_tags_pages(papers):
    cat = load_catalogue(papers)
    wildcat = papers / "wildcat.md"
    _edit(wildcat, "- Efficient ML & Compression\n", "- Reinforcement Learning\n")
    _retitle(wildcat, "Aardvark")
    update = preview.plan(cat, [wildcat], search=True)
    assert update is not None
    assert update.papers == {"papers/wildcat.md"}
    assert update.cat.papers[0].title == "Aardvark"  # in title order, as a load gives
    assert [e.id for e in update.cat.papers] == [e.id for e in load_catalogue(papers).papers]
    assert {"tags/efficient-ml.md", "tags/reinforcement-learning.md",
            "tags/transformers-and-attention.md", "browse.md",
            "tags/index.md"} <= update.generated
    assert "tags/robotics.md" not in update.generated


def test_a_page_that_no_longer_builds_is_left_to_a_full_build(papers):
    cat = load_catalogue(papers)
    halo = papers / "halo.md"
    _edit(halo, "tags:\n", "tags:\n- Reinforcment Learning\n")  # an unknown tag
    assert preview.plan(cat, [halo], search=True) is None
    _edit(halo, "title: ", "title: [broken\n#")
    assert preview.plan(cat, [halo], search=True) is None


def test_kept_related_papers_show_the_edited_paper_as_it_is_now(papers):
    """Above preview.EXACT_RELATED_MAX papers, who is related stays the last build's; what
    the pages show of an edited paper is new."""
    cat = load_catalogue(papers)
    d = Discovery.build(cat, lambda e: f"papers/{e.id}/", "x", None,
                        paper_link=lambda e: lambda src: src)
    wildcat = papers / "wildcat.md"
    shows = [e for e in cat.papers if "papers/wildcat.md" in [s for s, _ in d._shown(e.src_uri)]]
    assert shows  # some paper lists it as related
    _retitle(wildcat, "Aardvark")
    update = preview.plan(cat, [wildcat], search=True)
    assert update is not None
    new, stale = d.refreshed(update.cat, update.papers, exact=False)
    assert {"papers/wildcat.md", *(e.src_uri for e in shows)} <= stale
    other = update.cat.by_file[shows[0].path.name]
    assert "Aardvark" in new.paper_sections(other, lambda src: src)
    assert "Aardvark" in new.files()["assets/paperlist/browse.json"]
    exact, _ = d.refreshed(update.cat, update.papers, exact=True)
    assert new.files()["assets/paperlist/browse.json"] == exact.files()[
        "assets/paperlist/browse.json"]


def test_a_paper_whose_tags_no_longer_meet_a_page_leaves_its_related_papers(papers):
    """A page shows related papers that share a tag with it: an edited paper's new tags take
    it off the pages it shared none with any more, and those pages are rebuilt."""
    cat = load_catalogue(papers)
    d = Discovery.build(cat, lambda e: f"papers/{e.id}/", "x", None,
                        paper_link=lambda e: lambda src: src)
    shows = [e for e in cat.papers if "papers/wildcat.md" in [s for s, _ in d._shown(e.src_uri)]]
    assert shows
    text = (papers / "wildcat.md").read_text(encoding="utf-8")
    tags = text.split("\ntags:\n", 1)[1].split("\nsource:", 1)[0]
    (papers / "wildcat.md").write_text(text.replace(tags, "- Neuroscience & Cognitive Science"),
                                       encoding="utf-8")
    update = preview.plan(cat, [papers / "wildcat.md"], search=True)
    assert update is not None
    new, stale = d.refreshed(update.cat, update.papers, exact=False)
    gone = [e for e in shows if "papers/wildcat.md" not in [s for s, _ in new._shown(e.src_uri)]]
    assert gone and {e.src_uri for e in gone} <= stale
    page = update.cat.by_file[gone[0].path.name]
    assert "wildcat" not in new.paper_sections(page, lambda src: src).lower()
