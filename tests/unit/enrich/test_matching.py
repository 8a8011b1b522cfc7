"""A record finds its page through what differs between a list and the record, and never
finds a page that is not its own."""

from __future__ import annotations

import re

import pytest
from enrich_records import copilot, page_by_digest, write_json

from paperlist.cli import main
from paperlist.enrich import run_enrich
from paperlist.model.page import read_page


def first_sentence_split(text: str) -> tuple[str, str]:
    first, rest = re.split(r"(?<=[.!?])\s+(?=[A-Z])", text, maxsplit=1)
    return first, rest


def last_sentence_split(text: str) -> tuple[str, str]:
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z])", text)
    return " ".join(parts[:-1]), parts[-1]


#: (name, which shipped abstract, how the record's text differs from the list's)
PERTURBATIONS = [
    ("whitespace", 1, lambda t: t.replace(" ", "  \n ", 40)),
    ("curly-quotes-and-dashes", 18, lambda t: t.replace("–", "-").replace(" (", " “(")
     .replace(") ", ")” ")),
    ("ligatures", 0, lambda t: t.replace("fi", "\ufb01").replace("ff", "\ufb00")),
    ("pdf-hyphenation", 13, lambda t: t.replace("state-of-the-art", "state of the art")
     .replace("Detection", "De- tection").replace("isolation", "iso-\nlation")),
    ("nfkc-full-width", 4, lambda t: t.replace(" ", "\u00a0", 30).replace("(", "\uff08")
     .replace(")", "\uff09")),
    ("latex-as-unicode", 14, lambda t: t.replace(r"$\varepsilon = 2/d$", "ε = 2/d")
     .replace("$k$", "k").replace(r"$O(\rho^{-2} \log k)$", "O(ρ⁻² log k)")),
    ("punctuation", 9, lambda t: t.replace("e.g.", "e.g.,").replace(", ", " ").rstrip(".")),
    ("typo-fixed-in-first-sentence", 3, lambda t: t.replace("emerging", "emergingg", 1)),
    ("first-sentence-missing", 5, lambda t: first_sentence_split(t)[1]),
    ("last-sentence-missing", 6, lambda t: last_sentence_split(t)[0]),
    ("sentence-added-at-start", 8, lambda t: "This paper was accepted as a poster. " + t),
    ("sentence-added-at-end", 10, lambda t: t + " Code and models will be released upon "
     "publication at our project page."),
    ("accents-and-case", 11, lambda t: t.replace("iteration", "itératïon").upper()),
]


@pytest.mark.parametrize(("which", "change"), [(w, c) for _, w, c in PERTURBATIONS],
                         ids=[n for n, _, _ in PERTURBATIONS])
def test_each_difference_still_finds_the_page(papers, abstracts, tmp_path, which, change):
    changed = change(abstracts[which])
    assert changed != abstracts[which]
    records = write_json(tmp_path / "r.json", [copilot(changed, 1)])
    report = run_enrich([records], papers)
    page = page_by_digest(papers)[str(which)]
    assert report.applied == [page.stem] and not report.unmatched and not report.ambiguous
    assert read_page(page).title == "Official Title Number 1"


def test_all_the_differences_at_once_match_each_record_to_its_own_page(papers, abstracts,
                                                                         tmp_path):
    assert len({w for _, w, _ in PERTURBATIONS}) == len(PERTURBATIONS)  # one record a page
    records = [copilot(change(abstracts[w]), i) for i, (_, w, change) in enumerate(PERTURBATIONS)]
    report = run_enrich([write_json(tmp_path / "r.json", records)], papers)
    pages = page_by_digest(papers)
    assert len(report.applied) == len(PERTURBATIONS)
    for i, (_, which, _) in enumerate(PERTURBATIONS):
        assert read_page(pages[str(which)]).title == f"Official Title Number {i}"


DECOYS = [
    "We present a benchmark of forty tabular datasets for evaluating imputation methods "
    "under missing-not-at-random patterns, and find that simple iterative imputers match "
    "deep generative models on most of them while costing a fraction of the compute.",
    "Graph neural networks struggle to extrapolate to larger graphs than those seen in "
    "training. We prove that message passing with bounded depth cannot count cycles of "
    "unbounded length and propose a recurrent variant that provably extrapolates; "
    "experiments on synthetic and molecular graphs confirm the theory.",
]


def test_records_of_other_papers_match_nothing(papers, abstracts, tmp_path):
    # The nearest thing to a false match: another paper that opens with the same two
    # sentences as one of ours, then says something else.
    first_two = " ".join(re.split(r"(?<=[.!?])\s+(?=[A-Z])", abstracts[0])[:2])
    lookalike = first_two + " " + DECOYS[0] + " " + DECOYS[1]
    records = [copilot(d, i) for i, d in enumerate([*DECOYS, lookalike])]
    before = {p: p.read_bytes() for p in papers.glob("*.md")}
    report = run_enrich([write_json(tmp_path / "r.json", records)], papers)
    assert report.applied == [] and sorted(report.unmatched) == ["pc0", "pc1", "pc2"]
    assert "no page has this abstract" in report.why["pc2"]
    assert {p: p.read_bytes() for p in papers.glob("*.md")} == before


def test_two_pages_too_close_to_call_are_reported_and_neither_is_written(papers, abstracts,
                                                                          tmp_path):
    page = page_by_digest(papers)["3"]
    text = page.read_text(encoding="utf-8")
    twin = papers / "twin.md"
    # The same paper imported twice, once with its last sentence reworded.
    body_start = text.index("\n---\n") + 5
    twin_text = (text[:body_start].replace(f"id: {page.stem}", "id: twin")
                 + last_sentence_split(abstracts[3])[0] + " We release everything.\n")
    twin.write_text(twin_text, encoding="utf-8")
    before = {p: p.read_bytes() for p in papers.glob("*.md")}
    report = run_enrich([write_json(tmp_path / "r.json", [copilot(abstracts[3], 1)])], papers)
    assert report.applied == [] and report.needs_look
    assert report.ambiguous == [("pc1", [page.stem, "twin"])]  # the closer one first
    assert {p: p.read_bytes() for p in papers.glob("*.md")} == before


def test_two_records_of_one_page_are_reported(papers, abstracts, tmp_path, capsys):
    """A record listed twice (two ids, one abstract) ties over its page: said as that,
    each record with where it is, not as "too close to call between pages" of one page."""
    records = [copilot(abstracts[2], 1), copilot(abstracts[2] + " ", 2, title="Other")]
    path = write_json(tmp_path / "r.json", records)
    report = run_enrich([path], papers)
    assert report.applied == [] and {r for r, _ in report.ambiguous} == {"pc1", "pc2"}
    assert main(["enrich", str(path), "--papers", str(papers), "--check"]) == 1
    err = capsys.readouterr().err
    page = report.ambiguous[0][1][0]
    assert (f"warning: record pc1 ({path}: record 1) and record pc2 ({path}: record 2) "
            f"match page {page} as well as each other; nothing applied (keep one") in err
    assert "none of the" not in err  # they did match, too well
    assert "too close to call" not in err


def test_a_record_without_an_abstract_or_with_a_tiny_one_is_named(papers, tmp_path):
    records = [copilot("", 1), copilot("Deep learning works.", 2)]
    report = run_enrich([write_json(tmp_path / "r.json", records)], papers)
    assert sorted(report.unmatched) == ["pc1", "pc2"]
    assert "no abstract" in report.why["pc1"] and "too short" in report.why["pc2"]
    assert report.why["pc1"].startswith(str(tmp_path / "r.json") + ": record 1")


def sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.!?])\s+(?=[A-Z])", text)


def test_a_sister_paper_sharing_half_the_abstract_is_not_a_match(papers, abstracts, tmp_path):
    """Sister papers open the same way and then differ: half of one abstract, then
    another's, is no page's."""
    ours, other = sentences(abstracts[0]), sentences(abstracts[12])
    sister = " ".join(ours[: len(ours) // 2 + 1] + other[len(other) // 2:])
    report = run_enrich([write_json(tmp_path / "r.json", [copilot(sister, 1)])], papers)
    assert report.applied == [] and report.unmatched == ["pc1"]


def test_a_paper_submitted_twice_gets_each_record_on_its_own_page(papers, abstracts,
                                                                   tmp_path):
    page = page_by_digest(papers)["3"]
    text = page.read_text(encoding="utf-8")
    reworded = last_sentence_split(abstracts[3])[0] + " We release everything."
    body_start = text.index("\n---\n") + 5
    (papers / "twin.md").write_text(text[:body_start].replace(f"id: {page.stem}", "id: twin")
                                    + reworded + "\n", encoding="utf-8")
    records = [copilot(abstracts[3], 1), copilot(reworded, 2)]
    report = run_enrich([write_json(tmp_path / "r.json", records)], papers)
    assert report.ambiguous == [] and sorted(report.applied) == sorted([page.stem, "twin"])
    assert read_page(page).title == "Official Title Number 1"
    assert read_page(papers / "twin.md").title == "Official Title Number 2"
