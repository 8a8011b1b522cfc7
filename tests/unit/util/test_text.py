"""One URL pattern, one plural stemmer, one control-character table: every part that reads
abstracts (links, names and titles, tags, related papers, the list parser and checker)
agrees on what is a URL, a plural and a stray character."""

from __future__ import annotations

import pytest

from helpers import not_short
from paperlist.discover.related import tokens
from paperlist.infer.links import extract_links
from paperlist.infer.tags import clean_text
from paperlist.infer.text import normalise, split_sentences
from paperlist.ingest.listfile import parse_list_text
from paperlist.util.text import find_urls, fold_plural, slugify, strip_urls

URLS = [
    ("https://github.com/alice/sparsenet", "https://github.com/alice/sparsenet"),
    ("HTTPS://Example.org/quokka", "HTTPS://Example.org/quokka"),
    ("github.com/bob/wombatnet", "https://github.com/bob/wombatnet"),
    ("www.platypus-lab.org/data", "https://www.platypus-lab.org/data"),
]


@pytest.mark.parametrize(("written", "link"), URLS)
def test_what_the_links_list_shows_is_never_read_as_words(written: str, link: str) -> None:
    text = f"We study pruning. Code is at {written}. Results follow."
    found = [url for urls in extract_links(text).values() for url in urls]
    assert found == [link]
    word = written.rsplit("/", 1)[-1].lower()
    assert word not in normalise(text).text.lower()  # names and titles
    assert word not in clean_text(text).lower()  # tags
    assert word not in tokens(text)  # related papers


def test_the_full_stop_after_a_url_still_ends_its_sentence() -> None:
    doc = normalise("Code is at https://github.com/a/b. We study pruning of sparse networks.")
    assert split_sentences(doc.text)[-1] == "We study pruning of sparse networks."
    assert strip_urls("see https://x.org/a), then") == "see  ), then"


def test_a_url_is_cut_before_sentence_punctuation_and_wrappers() -> None:
    text = 'Links: (https://a.org/x), "https://b.org/y", \\url{https://c.org/z}, <https://d.org/w>.'
    assert [url for _, url in find_urls(text)] == [
        "https://a.org/x", "https://b.org/y", "https://c.org/z", "https://d.org/w"]


def test_names_and_words_with_dots_are_not_urls() -> None:
    text = "WWW.Serve and Node.js beat e.g. github.io pages; see Fig. 2.com."
    assert find_urls(text) == []
    assert strip_urls(text) == text


@pytest.mark.parametrize(
    ("words", "folded"),
    [
        (["policy", "policies", "Policies"], "policy"),
        (["graph", "graphs"], "graph"),
        (["LLM", "LLMs"], "llm"),
        (["loss"], "loss"), (["corpus"], "corpus"), (["analysis"], "analysis"),
    ],
)
def test_singular_and_plural_meet(words: list[str], folded: str) -> None:
    assert {fold_plural(w) for w in words} == {folded}
    assert {tuple(tokens(f"{w} matter")) for w in words} == {(folded, "matter")}


@pytest.mark.parametrize("code", [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F])
def test_every_stray_control_character_is_removed_and_reported(code: int) -> None:
    parsed = parse_list_text(f"ICML 2026\n\nAn abstract{chr(code)} with a stray byte.\n\nFine.\n")
    assert [p.text for p in parsed.paragraphs] == ["An abstract with a stray byte.", "Fine."]
    assert not parsed.errors and f"U+{code:04X}" in str(parsed.warnings[0])


def test_tabs_and_line_breaks_are_not_control_characters() -> None:
    parsed = parse_list_text("ICML 2026\n\nAn\tabstract\r\nwrapped.\n")
    assert not parsed.errors and not not_short(parsed.warnings) and len(parsed.paragraphs) == 1


def test_slugify_is_lower_case_ascii_words():
    assert slugify("ICML 2026") == "icml-2026"
    assert slugify("  Société Française d'IA!  ") == "societe-francaise-d-ia"
    assert slugify("深度学习") == ""  # nothing ASCII to keep: callers give a fallback


def test_html_between_two_prices_is_found_not_blanked_as_a_formula():
    """The check and the import blank formulas out before looking for HTML: two prices
    read as one formula hid what lay between them."""
    from paperlist.util.markup import html_findings

    found = [s for _, s in html_findings("We pay US$5 <img src=x onerror=alert(1)> and US$9.")]
    assert found[:2] == ["<img", "onerror="]
    assert [s for _, s in html_findings(r"Math $\pm$1 and $<$5 <b>x</b>")] == ["<b", "</b"]
