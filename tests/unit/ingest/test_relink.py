"""A corrected paragraph updates its page instead of making a second one; an editor's
abstract is never overwritten; a new paper still gets its own page; --prune removes the
pages whose paragraph left the list, and only when asked."""

from __future__ import annotations

import pytest

from helpers import SHIPPED_LIST
from paperlist.cli import main
from paperlist.ingest.importer import run_import
from paperlist.model.page import dump_page, read_page


@pytest.fixture
def papers(tmp_path):
    folder = tmp_path / "papers"
    assert run_import(SHIPPED_LIST, folder).ok
    return folder


def shipped() -> str:
    return SHIPPED_LIST.read_text(encoding="utf-8")


def write_list(tmp_path, text: str):
    path = tmp_path / "list.txt"
    path.write_text(text, encoding="utf-8")
    return path


def pages(papers):
    return sorted(p.stem for p in papers.glob("*.md"))


def test_the_naively_correction_keeps_one_prorl_page_with_its_edits(papers, tmp_path, capsys):
    prorl = papers / "prorl.md"
    page = read_page(prorl)
    page.meta["authors"] = ["Ada Editor"]
    page.meta["tags"] = ["Recommender Systems"]
    prorl.write_text(dump_page(page), encoding="utf-8")
    corrected = write_list(tmp_path, shipped().replace("naively applying", "naïvely applying"))
    before = pages(papers)
    assert main(["import", str(corrected), "--papers", str(papers), "--check"]) == 1
    err = capsys.readouterr().err
    assert "would update abstract of prorl (" in err and "1 would be re-linked" in err
    assert pages(papers) == before and "naïvely" not in prorl.read_text(encoding="utf-8")
    assert main(["import", str(corrected), "--papers", str(papers)]) == 0
    err = capsys.readouterr().err
    assert f"updated abstract of prorl (99% the same, from {corrected}:3)" in err
    assert pages(papers) == before  # no prorl-2
    page = read_page(prorl)
    assert "naïvely applying" in page.body
    assert page.meta["authors"] == ["Ada Editor"] and page.meta["tags"] == ["Recommender Systems"]
    assert main(["import", str(corrected), "--papers", str(papers), "--check"]) == 0


@pytest.mark.parametrize("change", [
    lambda t: t.replace("Our code is available at https://github.com/hongruhou89/ProRL.", ""),
    lambda t: t.replace("Proactive Recommender Systems (PRSs) aim",
                        "We study proactive recommendation. Proactive Recommender Systems "
                        "(PRSs) aim"),
    lambda t: t.replace("step-level rewards with positive mean",
                        "step-level rewards $r_t$ with positive mean $\\mu > 0$"),
], ids=["sentence-removed", "sentence-added", "formula-rewritten"])
def test_other_corrections_re_link_too(papers, tmp_path, change):
    text = change(shipped())
    assert text != shipped()
    report = run_import(write_list(tmp_path, text), papers)
    assert [r[0] for r in report.relinked] == ["prorl"] and report.created == []
    assert report.missing == []


def test_an_editors_abstract_is_never_overwritten(papers, tmp_path, capsys):
    prorl = papers / "prorl.md"
    page = read_page(prorl)
    page.body = page.body.replace("three real-world datasets", "three real-world datasets "
                                  "(MovieLens, Steam, Amazon)")
    prorl.write_text(dump_page(page), encoding="utf-8")
    edited = prorl.read_bytes()
    corrected = write_list(tmp_path, shipped().replace("naively applying", "naïvely applying"))
    assert main(["import", str(corrected), "--papers", str(papers)]) == 1
    err = capsys.readouterr().err
    assert f"{corrected}:3: this paragraph is a corrected version of {prorl}'s abstract" in err
    assert "an editor has changed that page's abstract: nothing was overwritten" in err
    # the counts add up to the list's 19 (they said 0, 0 and 18)
    assert "19 abstracts (ICML 2026): 0 created, 0 updated, 1 in conflict, 18 unchanged" in err
    assert prorl.read_bytes() == edited and "prorl-2" not in pages(papers)


def test_a_new_paper_gets_its_own_page_even_when_a_page_lost_its_paragraph(papers, tmp_path):
    new = ("We propose a benchmark of forty tabular datasets for imputation under "
           "missing-not-at-random patterns and show that iterative imputers match deep "
           "generative models on most of them at a fraction of the cost.")
    head, body = shipped().split("\n\n", 1)
    paragraphs = body.split("\n\n")
    text = head + "\n\n" + "\n\n".join([new, *paragraphs[1:]])  # prorl's paragraph replaced
    report = run_import(write_list(tmp_path, text), papers)
    assert report.relinked == [] and len(report.created) == 1
    assert report.missing == ["prorl"] and (papers / "prorl.md").exists()


def test_prune_lists_then_removes_pages_whose_paragraph_left(papers, tmp_path, capsys):
    head, body = shipped().split("\n\n", 1)
    paragraphs = body.split("\n\n")
    shorter = write_list(tmp_path, head + "\n\n" + "\n\n".join(paragraphs[1:]))
    assert main(["import", str(shorter), "--papers", str(papers)]) == 0
    assert "(--prune removes those without editors' work): prorl" in capsys.readouterr().err
    assert (papers / "prorl.md").exists()
    assert main(["import", str(shorter), "--papers", str(papers), "--check", "--prune"]) == 1
    assert "would be removed (--prune): prorl" in capsys.readouterr().err
    assert (papers / "prorl.md").exists()
    assert main(["import", str(shorter), "--papers", str(papers), "--prune"]) == 0
    assert "were removed (--prune): prorl" in capsys.readouterr().err
    assert not (papers / "prorl.md").exists() and len(pages(papers)) == 18
    assert main(["import", str(shorter), "--papers", str(papers), "--check", "--prune"]) == 0


def test_prune_keeps_a_page_with_editors_work_and_says_what_it_holds(papers, tmp_path,
                                                                     capsys):
    """A page whose paragraph left the list but which holds an editor's authors and title
    (or anything else an import would not bring back) is kept by --prune and named with
    what it holds; the untouched page beside it goes."""
    prorl, eqr = papers / "prorl.md", papers / "eqr.md"
    page = read_page(prorl)
    page.meta.update(authors=["Ada Editor"], title="ProRL: the real title", title_inferred=False)
    prorl.write_text(dump_page(page), encoding="utf-8")
    eqr_page = read_page(eqr)
    head, body = shipped().split("\n\n", 1)
    kept = [p for p in body.split("\n\n") if p.strip() not in (page.body.strip(),
                                                               eqr_page.body.strip())]
    shorter = write_list(tmp_path, head + "\n\n" + "\n\n".join(kept))
    before = prorl.read_bytes()
    assert main(["import", str(shorter), "--papers", str(papers), "--prune"]) == 0
    err = capsys.readouterr().err
    assert "1 page(s) have no paragraph in this list and were removed (--prune): eqr" in err
    assert ("1 page(s) have no paragraph in this list but hold work that --prune never "
            "deletes, so they are kept: prorl (title, title_inferred, authors)") in err
    assert prorl.read_bytes() == before and not eqr.exists()
    assert main(["import", str(shorter), "--papers", str(papers), "--check", "--prune"]) == 0


def test_prune_never_removes_a_page_in_conflict(papers, tmp_path):
    prorl = papers / "prorl.md"
    page = read_page(prorl)
    page.body = page.body.replace("three real-world datasets", "three public datasets")
    prorl.write_text(dump_page(page), encoding="utf-8")
    corrected = write_list(tmp_path, shipped().replace("naively applying", "naïvely applying"))
    report = run_import(corrected, papers, prune=True)
    assert report.conflicts and "prorl" not in report.missing
    assert prorl.exists() and "three public datasets" in prorl.read_text(encoding="utf-8")


def test_the_same_fix_made_on_the_page_and_in_the_list_is_no_conflict(papers, tmp_path):
    prorl = papers / "prorl.md"
    page = read_page(prorl)
    page.body = page.body.replace("naively applying", "naïvely applying")
    page.meta["authors"] = ["Ada Editor"]
    prorl.write_text(dump_page(page), encoding="utf-8")
    corrected = write_list(tmp_path, shipped().replace("naively applying", "naïvely applying"))
    report = run_import(corrected, papers)
    assert report.ok and [r[0] for r in report.relinked] == ["prorl"]
    assert read_page(prorl).meta["authors"] == ["Ada Editor"]
    assert run_import(corrected, papers).relinked == []  # settled: the digest follows
