"""A page's record fields as the site reads them: affiliations lined up with the authors,
the decision and track as text."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import shipped_papers
from paperlist.model.catalogue import aligned, paper_from_page
from paperlist.model.page import LINK_KINDS, Page, read_page
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


RL, OPT, RS = "Reinforcement Learning", "Optimization", "Recommender Systems"


def write(folder: Path, name: str, title: str, tags: list[str], inferred: dict | None):
    """A page as the importer would leave it (inferred: its record), or without one."""
    from paperlist.model.page import dump_page

    meta = {"id": name, "title": title, "title_inferred": True, "name": "", "other_names": [],
            "authors": [], "venue": "ICML 2026",
            "links": {"code": [], "data": [], "other": []}, "tags": tags,
            "source": {"digest": f"{len(name):016x}"}}
    if inferred is not None:
        meta["inferred"] = inferred
    (folder / f"{name}.md").write_text(dump_page(Page(meta=meta, body="Abstract.\n")),
                                       encoding="utf-8")


def rl_order(folder: Path) -> list[str]:
    from paperlist.model.catalogue import load_catalogue

    return [e.id for e in load_catalogue(folder).by_tag["reinforcement-learning"]]


def scored(tags: list[str], scores: list[float]) -> dict:
    return {"tags": tags, "tag_scores": dict(zip(tags, scores, strict=True))}


def test_a_tag_lists_its_papers_by_the_stored_score_highest_first(tmp_path):
    """Neither the tag's place in each page's list nor the title decides: 'Aardvark' lists
    RL first and sorts first by title, but the tagger is surer of 'Zebra''s RL."""
    write(tmp_path, "aardvark", "Aardvark", [RL, OPT], scored([RL, OPT], [3.0, 1.0]))
    write(tmp_path, "zebra", "Zebra", [OPT, RL], scored([OPT, RL], [12.5, 9.25]))
    write(tmp_path, "mole", "Mole", [RL], scored([RL], [4.0]))
    assert rl_order(tmp_path) == ["zebra", "mole", "aardvark"]


def test_equal_scores_keep_the_old_order_place_in_the_list_then_title(tmp_path):
    write(tmp_path, "b", "B", [OPT, RL], scored([OPT, RL], [5.0, 5.0]))
    write(tmp_path, "c", "C", [RL], scored([RL], [5.0]))
    write(tmp_path, "a", "A", [OPT, RL], scored([OPT, RL], [5.0, 5.0]))
    assert rl_order(tmp_path) == ["c", "a", "b"]


def test_a_tag_an_editor_added_comes_first(tmp_path):
    """In `tags` but not among the importer's inferred.tags: a human chose it."""
    write(tmp_path, "zebra", "Zebra", [RL], scored([RL], [99.0]))
    write(tmp_path, "hand", "Hand", [OPT, RL], scored([OPT], [8.0]))
    write(tmp_path, "nobook", "No record", [RS, RL], None)  # written by hand, all of it
    assert rl_order(tmp_path) == ["hand", "nobook", "zebra"]


def test_pages_without_scores_load_and_come_after_the_scored(tmp_path):
    write(tmp_path, "aardvark", "Aardvark", [RL], {"tags": [RL]})  # imported before scores
    write(tmp_path, "zebra", "Zebra", [RL, OPT], scored([RL, OPT], [0.0, 0.0]))  # fallback
    write(tmp_path, "mole", "Mole", [OPT, RL], {"tags": [OPT, RL]})
    assert rl_order(tmp_path) == ["zebra", "aardvark", "mole"]


@pytest.mark.parametrize("bad", ["high", -3.0, True, None, [5.0], {"x": 1}, float("nan"),
                                 float("inf"), 10 ** 400])
def test_a_broken_score_orders_as_no_score_and_never_stops_the_build(tmp_path, bad):
    """Check reports it; the site still builds, the paper as if it had no score."""
    write(tmp_path, "aardvark", "Aardvark", [RL], {"tags": [RL], "tag_scores": {RL: bad}})
    write(tmp_path, "zebra", "Zebra", [RL], scored([RL], [0.5]))
    assert rl_order(tmp_path) == ["zebra", "aardvark"]
    write(tmp_path, "aardvark", "Aardvark", [RL], {"tags": [RL], "tag_scores": bad})
    assert rl_order(tmp_path) == ["zebra", "aardvark"]


def test_the_build_names_an_unknown_tags_own_line_as_check_does(tmp_path, monkeypatch):
    """An unknown tag is told at the line of the tag itself, by the build as by
    `paperlist check` (a pull request shows that line), not at `tags:`."""
    from paperlist.check.checker import check_paths
    from paperlist.model.page import parse_page

    shipped = (shipped_papers() / "eqr.md").read_text(encoding="utf-8")
    text = shipped.replace("- Dynamical Systems & Neural ODEs", "- Dynamical Systems & ODEz")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "papers").mkdir()
    (tmp_path / "papers" / "eqr.md").write_text(text, encoding="utf-8")
    checked = check_paths([Path("papers")])
    page = parse_page(text, Path("papers/eqr.md"))
    problems: list[str] = []
    paper_from_page(page, load_taxonomy(), problems)
    assert any(c.startswith("papers/eqr.md:15: unknown tag 'Dynamical Systems & ODEz'")
               for c in checked), checked
    assert [p.split(": unknown tag")[0] for p in problems] == ["papers/eqr.md:15"]


def test_a_title_beginning_with_a_formula_sorts_by_its_words_and_says_its_name(tmp_path):
    """'$\\alpha$-LoRA' sorted first, under '$', on the browse page; '$\\texttt{HALO}$: ...'
    showed a second 'HALO' as a chip beside the title that spells it."""
    from paperlist.model.catalogue import load_catalogue

    for name, title in (("halo", r"$\texttt{HALO}$: Embodied subgoals"),
                        ("alpha", r"$\alpha$-LoRA: rescaling"), ("beta", "Beta"),
                        ("aardvark", "Aardvark"), ("dollars", r"\$5 budgets")):
        write(tmp_path, name, title, [RL], None)
    assert [e.id for e in load_catalogue(tmp_path).papers] == [
        "dollars", "aardvark", "alpha", "beta", "halo"]
    assert paper(title=r"$\texttt{HALO}$: Embodied", name="HALO").title_says_name
    assert not paper(title=r"Towards $\texttt{HALO}$", name="HALO").title_says_name


def test_what_the_site_would_show_less_of_stops_the_build_as_check_does(tmp_path):
    """`authors: Ada Lovelace, Alan Turing` (text) showed no authors, `code:` written as
    text no Code button, a sixth tag was shown and affiliations beside the wrong authors;
    `paperlist check` refused each, the build said nothing."""
    from paperlist.model.catalogue import load_catalogue
    from paperlist.model.page import dump_page

    write(tmp_path, "ok", "Fine", [RL], None)
    assert load_catalogue(tmp_path).problems == []
    bad = {"authors": "Ada Lovelace, Alan Turing", "links": {"code": "https://github.com/a/b"},
           "tags": [RL, OPT, RS, "Safety", "Robotics", "Theory"]}
    page = read_page(tmp_path / "ok.md")
    page.meta.update(bad)
    (tmp_path / "ok.md").write_text(dump_page(page), encoding="utf-8")
    problems = load_catalogue(tmp_path).problems
    assert any(":7: authors is not a list" in p for p in problems), problems
    assert any("links.code is not a list" in p for p in problems)
    assert any("6 tags, more than a paper has (at most 5)" in p for p in problems)
    page.meta.update({"authors": ["A", "B", "C"], "affiliations": ["X", "Y"],
                      "links": {"code": []}, "tags": [RL]})
    (tmp_path / "ok.md").write_text(dump_page(page), encoding="utf-8")
    assert [p.split(": ", 1)[1] for p in load_catalogue(tmp_path).problems] == [
        "2 affiliations beside 3 authors: they would name the wrong people (`paperlist "
        "check` says how to fix it)"]


def test_a_key_written_twice_stops_the_build_as_check_does(tmp_path):
    """YAML keeps the second `title:` silently; the build showed it and said nothing."""
    from paperlist.model.catalogue import load_catalogue

    write(tmp_path, "ok", "Fine", [RL], None)
    path = tmp_path / "ok.md"
    text = path.read_text(encoding="utf-8")
    text = text.replace("authors: []\n", "authors: [A, B]\n", 1)
    path.write_text(text.replace("venue: ICML 2026\n", "venue: ICML 2026\ntitle: Again\n"
                                 "affiliations:\n- 'ETH: D-INFK'\n- 'ETH: D-INFK'\n", 1),
                    encoding="utf-8")
    assert [p.split(": ", 1)[1] for p in load_catalogue(tmp_path).problems] == [
        "title is written twice, and only this one would be shown (`paperlist check` says "
        "how to fix it)"]
