"""Venues in the catalogue model and their listing pages: grouped by the one slug, named
as most pages write them, paged like a tag's papers; nothing of it with one venue."""

from __future__ import annotations

import re
import shutil

import pytest

from helpers import FIXTURES
from paperlist.html.listings import venue_page
from paperlist.ingest.importer import run_catalogue_import
from paperlist.model.catalogue import load_catalogue
from paperlist.model.taxonomy import load_taxonomy
from paperlist.structure import paths
from paperlist.structure.pages import generated_pages, in_nav, page_html


@pytest.fixture
def papers(tmp_path):
    folder = tmp_path / "papers"
    (folder / "source").mkdir(parents=True)
    for name in ("alpha-2026.txt", "beta-2027.txt"):
        shutil.copy(FIXTURES / "venues" / name, folder / "source" / name)
    assert all(r.ok for r in run_catalogue_import(folder))
    return folder


def link(src: str) -> str:
    return f"/{src}"


def set_venue(path, venue):
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"\nvenue: .*\n", f"\nvenue: {venue}\n", text, count=1),
                    encoding="utf-8")


def test_venues_are_grouped_by_slug_and_named_as_most_pages_write_them(papers):
    set_venue(papers / "hushed.md", "beta 2027")
    cat = load_catalogue(papers, load_taxonomy())
    assert cat.venue_names == {"alpha-2026": "ALPHA 2026", "beta-2027": "BETA 2027"}
    assert {e.id for e in cat.by_venue["beta-2027"]} == {"rivergnn", "hushed", "stridediff"}
    assert {e.id: e.venue_slug for e in cat.papers}["hushed"] == "beta-2027"


def test_one_venue_has_no_venue_pages(papers):
    for page in papers.glob("*.md"):
        set_venue(page, "ALPHA 2026")
    cat = load_catalogue(papers, load_taxonomy())
    assert cat.by_venue == {} and {e.venue_slug for e in cat.papers} == {""}
    assert not [src for src in generated_pages(cat) if src.startswith("venues/")]


def test_venue_pages_page_their_papers_and_stay_out_of_the_nav(papers, monkeypatch):
    monkeypatch.setattr(paths, "TAG_PAGE_SIZE", 2)
    cat = load_catalogue(papers, load_taxonomy())
    srcs = [src for src in generated_pages(cat) if src.startswith("venues/")]
    assert srcs == ["venues/alpha-2026.md", "venues/alpha-2026/2.md",
                    "venues/beta-2027.md", "venues/beta-2027/2.md"]
    assert not any(in_nav(src) for src in srcs)
    first, second = (page_html(src, cat, link) for src in srcs[2:])
    assert first.startswith('<h1 id="page-title">BETA 2027</h1>')
    assert "Papers 1\u20132 of 3" in first
    assert second.startswith('<h1 id="page-title">BETA 2027, page 2 of 2</h1>')
    assert 'href="/venues/beta-2027.md" data-page="1"' in second
    titles = [e.src_uri for e in cat.by_venue["beta-2027"]]
    assert [u for u in titles if f"/{u}" in first + second] == titles
    assert venue_page("gamma-2025", cat, link) is None
    assert venue_page("beta-2027", cat, link, 3) is None
