"""Abstract rendering: math becomes MathML, markup stays, nothing can run."""

from __future__ import annotations

import re

import pytest

from helpers import SHIPPED_LIST, shipped_abstracts
from paperlist.html.abstract import render_abstract, teaser, title_html, title_text
from paperlist.ingest.listfile import parse_list
from paperlist.util.text import first_sentence


def abstract(prefix: str) -> str:
    return next(p.text for p in parse_list(SHIPPED_LIST).paragraphs if p.text.startswith(prefix))


def test_wildcat_math_is_mathml_with_sqrt():
    out = render_abstract(abstract("We introduce WildCat"))
    assert "$" not in out
    # a formula of styled words with a space at its end, and one after a price's sentence
    elsa = render_abstract(r"Called $ \text{Elsa}$, which")
    assert "$" not in elsa and "Elsa" in elsa
    spent = render_abstract(r"We spend $5 per query ($n=100$) at most.")
    assert spent.count("<math") == 1 and "$5 per query (" in spent
    assert out.count("<math") >= 3
    assert "<msqrt>" in out  # O(n^{-sqrt{log(log(n))}})


def test_recog_underline_letters_render():
    """`${\\rm \\mathbf{\\underline{Re}}}$ational`: the letters bold and underlined, as
    words; as MathML their underline was a "―" in the search index's text and excerpts."""
    out = render_abstract(abstract("Few-shot molecular property prediction"))
    assert "<strong><u>Re</u></strong>ational and <strong><u>C</u></strong>ompact" in out
    assert "<munder>" not in out and "\u2015" not in out
    assert "\\rm" not in out and "\\mathbf" not in out


def test_emphasis_is_kept():
    out = render_abstract(abstract("Proactive Recommender"))
    assert "<strong>ProRL</strong>" in out
    assert "<em>length-dependent bias</em>" in out


def test_latex_escapes_and_quotes_outside_math():
    out = render_abstract("Accuracy improves by 5.8\\% with ``factor tokens'' \\& more.")
    assert "5.8%" in out and "\u201cfactor tokens\u201d" in out and "&amp; more" in out


def test_latex_text_styles_outside_math_are_elements():
    """One real abstract in nine writes \\textbf{...} or \\emph{...} in its prose: shown
    as bold or italic, not as LaTeX source; inside math they stay the formula's."""
    out = render_abstract(
        r"We introduce \textbf{Policy-Aware Completion (PAMC)}, a \textbf{\textit{nested}} "
        r"idea, {\em old} and {\bf style}, \textcolor{red}{red words}, \texttt{code_name} "
        r"and \underline{this}; see \href{https://a.org/p}{our page} or \url{https://b.org/q}, "
        r"\textbf{https://github.com/x/y} and \textbf{at most $\text{poly}(n)$ steps} "
        r"with A\textsuperscript{2}S. \mathcal{X} and \unknown{y} stay.")
    assert "<strong>Policy-Aware Completion (PAMC)</strong>" in out
    assert "<strong><em>nested</em></strong>" in out
    assert "<em>old</em> and <strong>style</strong>" in out
    assert ", red words," in out and "<code>code_name</code>" in out and "<u>this</u>" in out
    assert 'our page (<a href="https://a.org/p" rel="nofollow noopener">' in out
    assert '<a href="https://b.org/q" rel="nofollow noopener">https://b.org/q</a>' in out
    assert ('<strong><a href="https://github.com/x/y" rel="nofollow noopener">'
            'https://github.com/x/y</a></strong>') in out
    assert re.search(r"<strong>at most <math .*</math> steps</strong>", out)
    assert "A<sup>2</sup>S" in out
    assert "\\mathcal{X}" in out and "\\unknown{y}" in out
    assert "\\textbf" not in out and "\\em " not in out and "\\href" not in out
    # a "formula" of styled words only: the converter would show nested styles as source
    out = render_abstract(r"We present $\textbf{\texttt{Entro}}$ and $\textbf{x}^2$.")
    assert "We present <strong><code>Entro</code></strong> and <math" in out
    assert "\\texttt" not in out and "<msup>" in out
    # what a style holds is text, escaped like the rest
    out = render_abstract(r"\textbf{<img src=x onerror=alert(1)>} \emph{a & b}")
    assert "<img" not in out and "<strong>&lt;img src=x onerror=alert(1)&gt;</strong>" in out
    assert "<em>a &amp; b</em>" in out


def test_dollar_amounts_are_not_math():
    out = render_abstract("It costs $5 and $6 per run.")
    assert "<math" not in out and "$5 and $6" in out
    for prices in ("It costs $5 or $10 a month.", "US$5 and US$10 per hour.",
                   "It costs <$1 per query versus >$10.", "From ~$1 to <$5.",
                   r"Only $5 per run with \textbf{FastX}, versus $20.",
                   "We pay US$5 and US$9."):
        out = render_abstract(prices)
        assert "<math" not in out and out.count("$") == 2, prices


def test_a_formula_right_before_a_digit_is_a_formula_and_the_prose_stays_prose():
    """"$\\pm$1" was no formula (a price's rule: no digit after the closing $), so its
    closing $ opened one that ran to the next formula: the prose between was set as math,
    its spaces gone, and the page grew 12,000 px wide."""
    text = (r"Weights of $\pm$1 bit keep 58\%$\to$67\% of the accuracy on 512$\times$512 "
            r"images, and memory stays $O(n)$ for $ \gamma \in [0, 1] $ at $<$75\% load.")
    out = render_abstract(text)
    assert out.count("<math") == 6
    prose = re.sub(r"<math.*?</math>", "", out, flags=re.S)
    for words in ("1 bit keep 58%", "67% of the accuracy on 512", "512 images, and memory "
                  "stays", "for", "at", "75% load."):
        assert words in prose, words
    assert "$" not in out


def test_html_and_javascript_links_are_shown_as_text():
    out = render_abstract('<script>alert(1)</script> <img src=x onerror=alert(1)> '
                          '[x](javascript:alert(1)) <!-- hidden --> <iframe src="x">')
    assert "<script" not in out and "<img" not in out and "<iframe" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    assert "javascript:" in out and "href=\"javascript" not in out
    assert "&lt;!-- hidden --&gt;" in out


def test_urls_become_links_without_trailing_punctuation():
    out = render_abstract("Code: https://github.com/a/b. Data at (https://zenodo.org/x).")
    assert '<a href="https://github.com/a/b" rel="nofollow noopener">' in out
    assert '<a href="https://zenodo.org/x" rel="nofollow noopener">' in out


@pytest.mark.parametrize(
    ("text", "href"),
    [
        # real abstracts write all three; each used to put its wrapper into the href
        ("Code: <https://github.com/a/b>.", "https://github.com/a/b"),
        (r"Code: \url{https://github.com/a/b}.", "https://github.com/a/b"),
        ("See https://en.wikipedia.org/wiki/Mean_(statistics).",
         "https://en.wikipedia.org/wiki/Mean_(statistics)"),
    ],
)
def test_links_are_cut_like_the_importer_cuts_them(text, href):
    out = render_abstract(text)
    assert re.findall(r'href="([^"]*)"', out) == [href]


def test_links_on_the_page_are_only_urls_written_with_a_scheme():
    out = render_abstract("Code at github.com/a/b and www.example.org, data at https://x.org/d.")
    assert re.findall(r'href="([^"]*)"', out) == ["https://x.org/d"]
    assert "github.com/a/b and www.example.org" in out


def test_math_runs_nothing():
    """The converter copies a text group's characters as they are: `\\mbox{<script>}`
    wrote a script into the page, inside <mtext>, where a browser reads HTML again."""
    for tex in (r"\mbox{<script>alert(1)</script>}", r"\text{<svg/onload=alert(2)>}",
                r"\textbf{</mtext><img src=x onerror=alert(3)>}"):
        for out in (render_abstract(f"We show ${tex}$ here."), title_html(f"A ${tex}$ B")):
            assert "<script" not in out and "<svg" not in out and "<img" not in out, out
            assert "&lt;" in out  # shown, as the characters written
    # a link or style the converter writes from a command is no MathML the page keeps
    out = render_abstract(r"We show $\href{javascript:alert(1)}{x}$ here.")
    assert "href" not in out.replace(r"\href", "") and "math-source" in out
    # real abstracts' bracketed words in a text group are shown as written
    out = render_abstract(r"A $\texttt{\<MASK\>}$ token.")
    assert "&lt;MASK&gt;</mtext>" in out and "<MASK>" not in out


def test_unconvertible_math_is_shown_as_source():
    out = render_abstract(r"An odd formula $\unknownmacro{<b>}$ here.")
    assert "<b>" not in out


def test_first_sentence():
    assert first_sentence("We study X. Then Y.") == "We study X."
    assert first_sentence(r"We study \textbf{X} with {\em Y}. Then Z.") == "We study X with Y."
    assert first_sentence("a " * 300).endswith("\u2026")
    # Markdown's marks go, a formula's mathematics stays (listings showed "$\sum{k=1}^K wk$")
    assert first_sentence(r"We bound $\sum_{k=1}^K w_k$ *tightly*. Then Z.") == (
        r"We bound $\sum_{k=1}^K w_k$ tightly.")
    # nor a formula's text styles, which are its own (`\text{CE}` read "CE" in the formula)
    assert first_sentence(r"A $\mathcal{L}_{\text{CE}}$ loss \textbf{for $x$ all}. Then Z.") == (
        r"A $\mathcal{L}_{\text{CE}}$ loss for $x$ all.")


def test_a_teaser_shows_a_formula_as_the_text_the_page_shows_where_that_is_one_line():
    """Listings, the browse data and link previews show no MathML: "$k$-means" read as
    LaTeX there (the browse page of the shipped list, qkmeans' link preview)."""
    assert teaser(r"We study $k$-means at $O(n^2)$ cost, $\epsilon$ error. Then Z.") == (
        "We study k-means at O(n²) cost, ϵ error.")
    assert teaser(r"D$^{2}$-LoRA on ABH$_3$ with $x_{t+1}$, $A^T$, a $10\times$ gain. Then Z.") == (
        "D²-LoRA on ABH₃ with xₜ₊₁, Aᵀ, a 10× gain.")
    assert teaser(r"We set $\mathtt{top\_k}$ for $\textbf{FooNet}$. Then Z.") == (
        "We set top_k for FooNet.")
    # words in a text style, spaces and all, as the page shows them (they were kept as
    # written: "$\textbf{Hybrid Decoding Engine}$")
    assert teaser(r"We build $\textbf{Hybrid Decoding Engine}$ and $\text{hello world}$. Z.") \
        == "We build Hybrid Decoding Engine and hello world."
    # laid out in two dimensions (limits, bounds, a fraction, a root), a script Unicode
    # has no letters for, a name of letters or spaces, which text runs together ("∑ᵢ₌₁ⁿxᵢ",
    # "nlogn", "a≤b"): as written
    for kept in (r"$\sum_{i=1}^n x_i$", r"$\int_0^1 f$", r"$\max_{x} f(x)$", r"$\frac{1}{2}$",
                 r"$\sqrt{T}$", r"$Y_{pred}$", r"$x^\top$", r"$O(n\log n)$", r"$a \le b$",
                 r"$\mathcal{L}_{\text{CE}}$", r"$\notacommand{$", r"$$x^2$$"):
        assert teaser(f"We bound {kept} here. Then Z.") == f"We bound {kept} here.", kept
    assert teaser("No formula. Then Z.") == first_sentence("No formula. Then Z.")


def test_a_title_shows_its_math_as_its_abstract_does():
    """One official title in a hundred holds a formula; its heading showed the LaTeX source
    ("Seeking $\\epsilon$-Maxima"), and so did every listing and search result."""
    title = r"Seeking $\epsilon$-Maxima at $O(\sqrt{d})$ for $\texttt{Tool}$ & <b>"
    heading = title_html(title)
    assert heading.count("<math") == 2 and "<code>Tool</code>" in heading
    assert "$" not in heading and "&amp; &lt;b&gt;" in heading
    # as text: a formula that reads on one line as the heading shows it, others as written
    assert title_text(title) == r"Seeking ϵ-Maxima at $O(\sqrt{d})$ for Tool & <b>"
    for plain in ("Costs $5 and $10", "No math", "Tool & <b>"):
        assert title_text(plain) == plain
    assert title_html("Costs $5 and $10") == "Costs $5 and $10"
    # LaTeX's escapes read as the abstract's do; a title's display formula is one like any
    assert title_text(r"A \$5 verdict, 50\% off") == "A $5 verdict, 50% off"
    assert title_html(r"A \$5 verdict") == "A $5 verdict"
    assert title_text("Flow: $$E=mc^2$$ shown") == "Flow: E=mc\u00b2 shown"
    assert title_html("Flow: $$E=mc^2$$ shown").count('display="inline"') == 1


def test_a_formula_of_styled_words_is_the_words_styled_a_brace_too_many_aside():
    """`$\\mathbf{\\underline{Re}}}$ational` (a shipped abstract) was MathML that Chromium
    draws upright, its underline a "―" in search excerpts."""
    assert render_abstract(r"on $\mathbf{\underline{Re}}}$ational graphs") == (
        "<p>on <strong><u>Re</u></strong>ational graphs</p>")
    assert "<math" in render_abstract(r"$\mathbf{W}x + b$")  # mathematics stays MathML
    assert render_abstract(r"a ${\rm \textbf{Big}}$ name") == "<p>a <strong>Big</strong> name</p>"
    # the declaration without a space after it, as LaTeX reads it too
    assert render_abstract(r"${\rm\mathbf{Re}}$lational") == "<p><strong>Re</strong>lational</p>"
    assert "<math" in render_abstract(r"${\rm d}x$ and ${\rm KL}(p\|q)$")


_MARKERS = [
    "plain words, a comma; and a colon: fine.", "1986. A year", "12) twelve", "- item",
    "+ item", "* item", "# heading", "> quote", "=== rule", "--- rule", "a *b* c", "a **b**",
    "snake_case_name", "`code`", "a \\* b", "line one\nline two", "two spaces  \nbreak",
    "\ttab", "a\tb", "   indented", "trailing ", "&amp; &lt;b&gt; &quot;", "x\x02y\x03z",
    "[not a link](x)", "![no image](y)", "<http://a.b>", "1.5 is a number", "3 < 4 > 2",
    "ends with a number 4.", "A.I. and U.S.", "", " ", "a\n\nb", "Setext\n===",
]


@pytest.mark.parametrize("text", _MARKERS)
def test_text_that_skips_markdown_renders_as_markdown_would(text):
    from paperlist.html.abstract import _markdown, markdown_html

    md = _markdown()
    md.reset()
    assert markdown_html(text) == md.convert(text)


def test_shipped_abstracts_render_as_markdown_would():
    import html as html_mod

    from paperlist.html.abstract import _markdown, markdown_html

    for text in shipped_abstracts():
        escaped = html_mod.escape(text, quote=False)
        md = _markdown()
        md.reset()
        assert markdown_html(escaped) == md.convert(escaped)
