"""A paper page's record parts, made without a build: authors, decision, track, buttons,
citation tags; a page without them exactly as before."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from paperlist import ASSETS_DIR
from paperlist.discover.citation import bibtex
from paperlist.html.listings import paper_item, short_authors
from paperlist.html.paper import citation_meta, indexed_body, paper_body, track_label
from paperlist.model.catalogue import paper_from_page
from paperlist.model.page import Page
from paperlist.model.taxonomy import load_taxonomy
from paperlist.search.fossick import read
from paperlist.search.index import page_document
from paperlist.search.record import record
from paperlist.structure.paths import HEADING_ID


def link(src: str) -> str:
    return "/" + src  # source paths as links, so what links where is plain to read


def paper(**meta):
    base = {"id": "x", "title": "X", "title_inferred": False, "name": "", "tags": [],
            "venue": "ICML 2026", "links": {"code": [], "data": [], "other": []}}
    return paper_from_page(Page(meta={**base, **meta}, body="Abstract.\n",
                                path=Path("papers/x.md")), load_taxonomy(), [])


def test_a_script_author_is_text_and_their_link_is_encoded():
    body = paper_body(paper(authors=["<script>alert(1)</script>", "Ada & Co"],
                            affiliations=["<b>U</b>", ""]), link)
    assert "<script>" not in body and "<b>" not in body
    assert ('<a href="/browse.md?author=%3Cscript%3Ealert%281%29%3C%2Fscript%3E">'
            "&lt;script&gt;alert(1)&lt;/script&gt;</a> "
            '<span class="paper-affil">(&lt;b&gt;U&lt;/b&gt;)</span>, '
            '<a href="/browse.md?author=Ada%20%26%20Co">Ada &amp; Co</a></p>') in body


def test_no_record_no_record_markup():
    body = paper_body(paper(), link)
    for part in ("paper-authors", "paper-status", "paper-track", "paper-affil", "paper-links",
                 " · "):
        assert part not in body, part
    assert '<p class="paper-facts"><span class="paper-venue">ICML 2026</span></p>' in body
    assert "paper-item-authors" not in paper_item(paper(), link)
    assert "paper-status" not in paper_item(paper(), link)


def test_decision_and_track():
    body = paper_body(paper(status="Oral", track="Position Track"), link)
    assert ('<p class="paper-facts"><span class="paper-venue">ICML 2026</span> '
            '<span class="paper-status">Oral</span> <span class="paper-track">Position Track'
            "</span></p>") in body
    assert '<p class="paper-facts"><span class="paper-status">Oral</span></p>' in paper_body(
        paper(venue="", status="Oral"), link)
    assert track_label("main") == track_label("Main Track") == track_label("") == ""
    assert track_label("Datasets and Benchmarks") == "Datasets and Benchmarks track"


def test_buttons_in_order_numbered_when_several():
    body = paper_body(paper(links={"code": ["https://github.com/a/b"], "data": [], "other": [],
                                   "pdf": ["https://x.org/1.pdf", "https://x.org/2.pdf"],
                                   "project": ["https://x.org/p"]}), link)
    labels = [part.split("</a>")[0].rsplit(">", 1)[1]
              for part in body.split('class="md-button paper-link')[1:]]
    assert labels == ["PDF 1", "PDF 2", "Code", "Project"]


def test_short_authors():
    assert short_authors(["A"]) == "A"
    assert short_authors(["A", "B", "C"]) == "A, B, C"
    assert short_authors(["A", "B", "C", "D"]) == "A, B, C et al."


def test_citation_tags_and_bibtex():
    e = paper(authors=["Ada Lovelace", "Alan Turing"], affiliations=["", "Manchester"],
              links={"code": [], "data": [], "other": [], "pdf": ["https://x.org/a.pdf"]})
    assert citation_meta(e, None) == (
        '<meta name="citation_title" content="X">\n'
        '<meta name="citation_author" content="Ada Lovelace">\n'
        '<meta name="citation_author" content="Alan Turing">\n'
        '<meta name="citation_author_institution" content="Manchester">\n'
        '<meta name="citation_conference_title" content="ICML">\n'
        '<meta name="citation_publication_date" content="2026">\n'
        '<meta name="citation_pdf_url" content="https://x.org/a.pdf">\n')
    assert "author = {Ada Lovelace and Alan Turing}" in bibtex(e, None)
    assert "note" not in bibtex(e, None)
    assert "note = {authors not yet known}" in bibtex(paper(), None)


def test_a_listing_shows_the_short_name_only_where_the_title_does_not_begin_with_it():
    said = paper_item(paper(title="WildCat: compressing attention", name="WildCat"), link)
    assert "paper-name" not in said and ">WildCat: compressing attention</a>" in said
    apart = paper_item(paper(title="Compressing attention with a coreset", name="WildCat"),
                       link)
    assert '<span class="paper-name">WildCat</span>' in apart
    # the name as written: a title that only holds it in other capitals still shows it
    assert "paper-name" in paper_item(paper(title="WILDCAT: compressing", name="WildCat"),
                                      link)


@pytest.mark.skipif(not shutil.which("node"), reason="needs Node.js")
def test_search_results_leave_out_the_short_name_where_listings_do():
    """search-text.js `nameShown` (results drawn from the search index) and
    Paper.title_says_name (listings, browse, the map) are one rule."""
    cases = [("WildCat: compressing attention", "WildCat"), ("Compressing with WildCat",
             "WildCat"), ("WILDCAT: compressing", "WildCat"), ("Untitled", ""),
             ("EqR equilibrium reasoners", "EqR")]
    script = (f"require({json.dumps(str(ASSETS_DIR / 'search-text.js'))});"
              "const f = globalThis.paperlistSearchText.nameShown;"
              f"process.stdout.write(JSON.stringify({json.dumps(cases)}.map("
              "([title, name]) => f({title, name}))));")
    shown = json.loads(subprocess.run(["node", "-e", script], capture_output=True, text=True,
                                      check=True).stdout)
    assert shown == ["" if paper(title=t, name=n).title_says_name else n for t, n in cases]
    assert shown == ["", "WildCat", "WildCat", "", ""]


def test_the_search_index_is_given_no_section_heading():
    """The page keeps its "Abstract" and "Links" headings (and their anchors); what
    Pagefind reads has neither, but every word of the abstract and the links."""
    entry = paper(links={"code": [], "data": [], "other": ["https://example.org/slides"]})
    body = paper_body(entry, link)
    assert '<h2 id="abstract">Abstract</h2>' in body and '<h2 id="links">Links</h2>' in body
    indexed = indexed_body(body, entry)
    assert "<h2" not in indexed
    assert "<p>Abstract.</p>" in indexed and ">https://example.org/slides</a>" in indexed
    # nor the skip link's anchor (Pagefind would keep it with the page as an anchor)
    assert f'id="{HEADING_ID}"' in body and "id=" not in indexed


def test_the_search_index_reads_the_abstract_right_after_the_title():
    """A result's excerpt is the indexed text after the title: the abstract, not the
    names, authors and separators that stand between them on the page (they come first)."""
    entry = paper(title="WildCat: compressing attention", name="WildCat",
                  authors=["Ada Lovelace"], links={"code": ["https://github.com/a/b"],
                                                   "data": [], "other": []})
    body = paper_body(entry, link)
    assert body.index("paper-facts") < body.index("<p>Abstract.</p>")  # the page as it was
    indexed = indexed_body(body, entry)
    title, abstract = indexed.index("paper-title"), indexed.index("<p>Abstract.</p>")
    facts = indexed.index('<p class="paper-facts">')
    assert indexed.index('class="paper-authors"') < facts < title < abstract
    # nothing between the title and the abstract
    between = indexed[indexed.index("</h1>", title) + len("</h1>"):abstract]
    assert between.strip() == '<div class="paper-abstract">', between
    assert " · " not in indexed and "WildCat</span>" in indexed[facts:title]
    assert indexed.count('<div class="paper-meta">') == 1 and "paper-link-code" in indexed


def test_a_search_excerpt_writes_formulas_as_listings_do():
    """A result's excerpt is the text the index stores. MathML read as text runs together
    ("O(n1+o(1))" for `$O(n^{1+o(1)})$`, which says another thing): the index is given
    each formula as listings write it, the text the page shows where that is one line,
    else as written. The page itself keeps its MathML, and what it shows is still found
    as a reader types it: "epsilon" finds its "ε"."""
    body = (r"Near-linear $O(n^{1+o(1)})$ time, $n \log n$ steps, policy $\pi_0$ and "
            "$$\\sum_{k=1}^K x_k$$ in all, at $\\varepsilon = 2/d$.\n")
    entry = paper_from_page(Page(meta={"id": "x", "title": "X", "tags": [],
                                       "links": {"code": [], "data": [], "other": []}},
                                 body=body, path=Path("papers/x.md")), load_taxonomy(), [])
    page = paper_body(entry, link)
    assert page.count("<math") == 5  # the page as it was
    indexed = indexed_body(page, entry)
    assert "<math" not in indexed
    words = record(read("papers/x/", page_document(indexed)))
    content = words.fragment()["content"]
    assert "epsilon" in words.words or "epsilon" in words.meta_words
    assert "ε" in words.meta_words  # as pasted, or typed on a Greek keyboard
    assert ("Near-linear O(n\u00b9\u207a\u1d52\u207d\u00b9\u207e) time, $n \\log n$ steps, "
            "policy \u03c0\u2080 and $$\\sum_{k=1}^K x_k$$ in all, at $\\varepsilon = 2/d$.") \
        in content, content


@pytest.mark.parametrize(("title", "field"), [
    (r"$\epsilon$-greedy exploration", r"{$\epsilon$-greedy exploration}"),  # math as written
    (r"$\mathcal{O}(\sqrt{T})$ regret & more", r"{$\mathcal{O}(\sqrt{T})$ regret \& more}"),
    (r"$k$-means at 50%", r"{$k$-means at 50\%}"),
    ("cost $5 and $6", r"{cost \$5 and \$6}"),  # money, not math
    (r"half $\frac{1}{2$ open",  # unbalanced
     r"{half \$\textbackslash{}frac\textbraceleft{}1\textbraceright{}\textbraceleft{}2\$ open}"),
    (r"a $x}{y$ b", r"{a \$x\textbraceright{}\textbraceleft{}y\$ b}"),
    ("a lone { brace", r"{a lone \textbraceleft{} brace}"),
    (r"an $a\$ escape", r"{an \$a\textbackslash{}\$ escape}"),  # its dollar is no end
    (r"$a & b$ aligned", r"{\$a \& b\$ aligned}"),  # & would be an alignment tab
    (r"$\left\{ x \right.$ open",
     r"{\$\textbackslash{}left\textbackslash{}\textbraceleft{} x \textbackslash{}right.\$ open}"),
    (r"$\{x\}$ set", r"{$\{x\}$ set}"),
    (r"$$x^2$$ shown", r"{\$\$x\textasciicircum{}2\$\$ shown}"),  # display math
    (r"$a\%b$ and $c\&d$", r"{$a\%b$ and $c\&d$}"),  # escaped signs are characters
    (r"$a\\%b$ x", r"{\$a\textbackslash{}\textbackslash{}\%b\$ x}"),  # \\ then a live %
    # only the commands of data/citation.yml: a title's math never runs anything
    (r"$\input{/etc/passwd}$ x", r"{\$\textbackslash{}input\{/etc/passwd\}\$ x}"),
    (r"$\alpha\mathbb{R}^d$-nets", r"{$\alpha\mathbb{R}^d$-nets}"),
    ("$^^5cinput{x}$ y", r"{\$\textasciicircum{}\textasciicircum{}5cinput\{x\}\$ y}"),
])
def test_bibtex_keeps_a_titles_math_and_escapes_the_rest(title, field):
    entry = bibtex(paper(title=title), None)
    assert f"  title = {{{field}}}," in entry
    # braces balance as BibTeX counts them (an escaped one counts too), so the entry ends
    # where it should
    depth, closed = 0, []
    for k, ch in enumerate(entry):
        if ch in "{}":
            depth += 1 if ch == "{" else -1
            if depth == 0:
                closed.append(k)
    assert closed == [len(entry.rstrip()) - 1]
