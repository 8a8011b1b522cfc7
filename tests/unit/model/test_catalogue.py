"""A page's record fields as the site reads them: affiliations lined up with the authors,
the decision and track as text."""

from __future__ import annotations

from pathlib import Path

import pytest

from paperlist.model.catalogue import aligned, paper_from_page
from paperlist.model.page import LINK_KINDS, Page
from paperlist.model.taxonomy import load_taxonomy


@pytest.mark.parametrize(("affiliations", "expected"), [
    (["Oxford", "", "MIT"], ["Oxford", "", "MIT"]),
    (["Oxford"], ["Oxford", "", ""]),  # short: the rest unknown
    (["Oxford", "MIT", "Yale", "Extra"], ["Oxford", "MIT", "Yale"]),  # long: cut
    (["", " ", None], []),  # nothing known: as a page without the key
    ([None, " Oxford "], ["", "Oxford", ""]),
    ("Oxford", []),  # not a list: the checker's to report, nothing shown
    (None, []),
])
def test_affiliations_line_up_with_the_authors(affiliations, expected):
    assert aligned(affiliations, ["A", "B", "C"]) == expected


def paper(**meta):
    base = {"id": "x", "title": "X", "authors": ["Ada Lovelace"], "tags": [],
            "links": {"code": [], "data": [], "other": []}}
    return paper_from_page(Page(meta={**base, **meta}, body="Abstract.\n",
                                path=Path("papers/x.md")), load_taxonomy(), [])


def test_status_and_track_are_text_or_nothing():
    assert (paper(status=" Oral ", track="main").status, paper(track="main").track) == (
        "Oral", "main")
    assert paper().status == paper().track == ""
    assert paper(status=["Oral"]).status == paper(status=True).status == ""


def test_links_carry_every_kind_http_only():
    e = paper(links={"code": [], "pdf": ["https://x.org/a.pdf", "ftp://x.org/b.pdf"]})
    assert list(e.links) == list(LINK_KINDS)
    assert e.links["pdf"] == ["https://x.org/a.pdf"] and e.links["paper"] == []
