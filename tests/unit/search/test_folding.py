"""search/folding.py: the words a page writes in a form a query is folded from."""

from __future__ import annotations

from pathlib import Path

from paperlist.html.abstract import render_abstract
from paperlist.html.paper import indexed_body, paper_body
from paperlist.model.catalogue import paper_from_page
from paperlist.model.page import Page
from paperlist.model.taxonomy import load_taxonomy
from paperlist.search.compounds import PARTS, TITLE_PARTS
from paperlist.search.folding import folded_forms, html_text


def test_letters_a_query_folds_are_given_folded():
    assert folded_forms("an ϵ-greedy policy for 𝖦𝗅𝗎𝗈𝗇 with ﬁne-tuning, ϵ-greedy again") == [
        "ε-greedy", "epsilon-greedy", "gluon", "fine-tuning,"]


def test_a_greek_letter_is_given_spelled_out_as_a_reader_types_it():
    assert folded_forms("π0 and π₀-FAST on τ-bench, μP, λ-returns, Δ-AttnMask") == [
        "pi0", "π0-fast", "pi0-fast", "tau-bench,", "mup,", "lambda-returns,",
        "delta-attnmask"]


def test_accents_hyphens_and_plain_text_give_nothing():
    # Pagefind reads these the same either way; listing them would only fill fragments
    assert folded_forms("café naïve Schrödinger multi\u2011agent") == []
    assert folded_forms("plain ASCII text") == []


def test_a_formula_is_read_as_the_page_shows_it():
    shown = html_text(render_abstract(r"UCB and $\epsilon$-greedy against an attacker"))
    assert "ϵ" in shown and "<" not in shown
    assert folded_forms(shown) == ["ε-greedy", "epsilon-greedy"]


def meta(title: str, body: str) -> str:
    entry = paper_from_page(Page(meta={"id": "x", "title": title, "title_inferred": True,
                                       "name": "", "tags": [], "venue": "",
                                       "links": {"code": [], "data": [], "other": []}},
                                 body=body, path=Path("papers/x.md")), load_taxonomy(), [])
    return indexed_body(paper_body(entry, lambda src: "/" + src), entry)


def test_the_index_gets_the_titles_forms_as_title_words_and_the_abstracts_as_its_own():
    html = meta("𝖦𝗅𝗎𝗈𝗇: ϵ-greedy layers", r"We tune $\epsilon$-greedy and ﬁne-tuning.")
    assert (f'data-pagefind-meta="{TITLE_PARTS}" data-pagefind-ignore hidden>'
            "gluon: ε-greedy epsilon-greedy<") in html
    # the abstract's ε-greedy is the title's already: only the ligature is its own
    assert f'data-pagefind-meta="{PARTS}" data-pagefind-ignore hidden>fine-tuning.<' in html
    assert PARTS not in meta("Plain title", "A plain abstract.")
