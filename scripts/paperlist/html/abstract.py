"""Abstract text to safe HTML, with LaTeX math as MathML made at build time, and LaTeX's
text styles outside math (`\\textbf{...}`) as the elements they stand for.

Abstracts come from lists and pull requests we do not control, so nothing in them is
ever passed through as HTML: every `<` is escaped before Markdown sees it, Markdown's
link syntax is switched off (a `[x](javascript:...)` stays text), and only plain
http(s) URLs become links. Math is converted here rather than in the browser so the
site needs no CDN and works offline; Chromium and Firefox render MathML natively.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache

import markdown
import yaml
from latex2mathml.converter import convert as latex_to_mathml

from paperlist import DATA_DIR
from paperlist.html.escape import esc
from paperlist.search.folding import html_text
from paperlist.util.text import (
    FORMULA_RE,
    OLD_STYLES,
    STASH_OPEN,
    TEXT_STYLES,
    find_urls,
    first_sentence,
    has_scheme,
    stash,
    trim_url,
    unmarked,
    unstash,
    unstyle,
)

# `<` and `>` reach the linkifier escaped; no URL contains them, so "<url>" ends there.
_ESCAPED_BRACKET = re.compile("&[lg]t")
_LATEX_ESCAPES = re.compile(r"\\([%&#_$])")
_QUOTES = (("``", "\u201c"), ("''", "\u201d"))
# Markdown features that could produce links, images or raw HTML from untrusted text.
_DISABLED_INLINE = ("link", "image_link", "image_reference", "reference", "short_reference",
                    "short_image_ref", "autolink", "automail", "html")


#: a tag the converter writes: its name and attributes (each `name="value"`)
_TAG = re.compile(r"<(/?)([A-Za-z][\w.:-]*)((?:\s+[\w:.-]+=\"[^\"<>]*\")*)\s*/?>")
_ATTRIBUTE = re.compile(r"\s+([\w:.-]+)=")


@lru_cache(maxsize=1)
def _mathml_allowed() -> tuple[frozenset[str], frozenset[str]]:
    """The elements and attributes a formula's MathML may hold (data/mathml.yml)."""
    data = yaml.safe_load((DATA_DIR / "mathml.yml").read_text(encoding="utf-8"))
    return frozenset(data["elements"]), frozenset(data["attributes"])


def _only_mathml(html: str) -> bool:
    """Whether the converter's output is MathML alone: every tag an allowed element with
    allowed attributes, and no other `<` (a text group's characters are copied as they
    are, so `$\\mbox{<script>...}$` wrote a script into the page)."""
    elements, attributes = _mathml_allowed()
    last, text = 0, []
    for m in _TAG.finditer(html):
        if m.group(2) not in elements or not attributes.issuperset(
                _ATTRIBUTE.findall(m.group(3))):
            return False
        text.append(html[last:m.start()])
        last = m.end()
    text.append(html[last:])
    return "<" not in "".join(text)


@lru_cache(maxsize=4096)
def math_to_mathml(tex: str, display: bool = False) -> str:
    """One formula as MathML; a formula the converter cannot read, or whose MathML would
    hold anything but MathML (data/mathml.yml), is shown as its source."""
    out = _converted(tex, display)
    safe = bool(out) and _only_mathml(out)
    if out and not safe and ("<" in tex or ">" in tex):
        # a text group's angle brackets (`\\texttt{\\<MASK\\>}`, real abstracts'), as
        # words the converter copies whole, then as the characters they are
        marked = tex.replace("\\<", "<").replace("\\>", ">")
        out = _converted(marked.replace("<", _LT).replace(">", _GT), display)
        if out.count(_LT) + out.count(_GT) != marked.count("<") + marked.count(">"):
            out = ""  # a bracket of the mathematics itself, cut into letters
        out = out.replace(_LT, "&lt;").replace(_GT, "&gt;")
        safe = bool(out) and _only_mathml(out)
    return out if safe else f'<code class="math-source">{esc(tex)}</code>'


#: what stands for "<" and ">" in a formula's text groups while it is converted
_LT, _GT = "QzLTzQ", "QzGTzQ"


def _converted(tex: str, display: bool) -> str:
    """The converter's MathML, or "" for a formula it cannot read."""
    try:
        return latex_to_mathml(tex.strip(), display="block" if display else "inline")
    except Exception:  # latex2mathml raises many exception types for unsupported input
        return ""


@lru_cache(maxsize=1)
def _markdown() -> markdown.Markdown:
    md = markdown.Markdown(extensions=[], output_format="html")
    for name in _DISABLED_INLINE:
        if name in md.inlinePatterns:
            md.inlinePatterns.deregister(name)
    md.preprocessors.deregister("html_block")
    return md


#: What makes Markdown do more than wrap a text in <p>: raw HTML, emphasis, code, escapes,
#: line breaks, its own placeholder characters, block markers at the start (heading,
#: quote, list, rule), edge whitespace. Three abstracts in four have none of them and skip
#: Markdown, which was a fifth of a 12,000-paper build's own work; the output is the same
#: (tests/unit/html/test_render.py compares the two on real abstracts and on every marker).
_NEEDS_MARKDOWN = re.compile(r"[<>`*_\\\n\r\t\x02\x03]|^[\s#>=+\-]|^\d+[.)]|\s$")


def markdown_html(text: str) -> str:
    """HTML of escaped text, as the restricted Markdown renders it."""
    if text and not _NEEDS_MARKDOWN.search(text):
        return f"<p>{text}</p>"
    md = _markdown()
    md.reset()
    return md.convert(text)


def _link_urls(text: str) -> str:
    """URLs written with http(s):// in escaped text become links. A bare host
    ("github.com/x") stays text: the author did not write a link, and the paper page
    lists the links the importer found anyway."""
    if "://" not in text:
        return text
    pieces, last = [], 0
    for start, found in find_urls(text):
        # a stashed formula or element (`\url{...}` in \textbf) ends a URL too
        url = trim_url(_ESCAPED_BRACKET.split(found.split(STASH_OPEN, 1)[0], 1)[0])
        if has_scheme(url):
            pieces += [text[last:start], f'<a href="{url}" rel="nofollow noopener">{url}</a>']
            last = start + len(url)
    return "".join(pieces) + text[last:]


def _linkify(fragment: str) -> str:
    """Bare http(s) URLs in already-escaped text become links; nothing else does."""
    if "://" not in fragment:  # most abstracts: nothing to link
        return fragment
    parts = re.split(r"(<[^>]+>)", fragment)
    return "".join(p if p.startswith("<") else _link_urls(p) for p in parts)


#: a "formula" that is only words in text styles, one inside the other, the old
#: declarations too (`${\rm \mathbf{\underline{Re}}}$`, in a shipped abstract)
_STYLED_WORDS = re.compile(
    r"\s*(?:\\(?:" + "|".join(TEXT_STYLES) + r")\s*\{\s*"
    r"|\{\s*\\(?:" + "|".join(OLD_STYLES) + r")(?![A-Za-z])\s*)+[^{}\\$^_]*\}+\s*")


def _styled_words(tex: str) -> str:
    """A "formula" that is only words in text styles (`$\\textbf{\\texttt{Name}}$`, a way
    to set a method's name) as HTML, or "": the MathML converter shows nested styles as
    their source. A brace closed once too often at its end is a typo, dropped."""
    surplus = tex.count("}") - tex.count("{")
    if 0 < surplus <= 2 and tex.rstrip().endswith("}" * (surplus + 1)):
        tex = tex.rstrip()[:-surplus]
    if not _STYLED_WORDS.fullmatch(tex) or tex.count("{") != tex.count("}"):
        return ""
    return unstyle(esc(tex.strip(), quote=False),
                   lambda tag, words: f"<{tag}>{words}</{tag}>" if tag else words)


def render_abstract(text: str, formulas_as_text: bool = False) -> str:
    """Abstract Markdown (emphasis, `$math$`) to an HTML fragment that runs no script.

    `formulas_as_text`: each formula as listings write it (`_formula_line`: the text the
    page shows for it where that is one line, else as written), not MathML: what the
    search index reads (html/paper.py `indexed_body`). A result's excerpt is that text,
    and MathML's read as text runs together: `$O(n^{1+o(1)})$` was "O(n1+o(1))", which
    says another thing, and `$\\sum_{k=1}^K$` "∑k=1K"."""
    marked, mathml, lines = _rendered(text)
    return unstash(marked, lines if formulas_as_text else mathml)


@lru_cache(maxsize=64)
def _rendered(text: str) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """The abstract's HTML with each formula (and text style's tag) stashed, and what
    goes back at each mark: for the page (MathML), and for the index (each formula as a
    line of text). Both from one Markdown pass, the build's costliest step per paper: a
    paper's page body is made, then what the index reads of it, in the same process
    (cached)."""
    text = unmarked(text)
    mathml: list[str] = []
    lines: list[str] = []

    def formula(m: re.Match[str]) -> str:
        display = m.group(1) is not None
        tex = m.group(1) if display else m.group(2)
        lines.append(esc(_formula_line(m), quote=False))
        return stash(mathml,
                     (not display and _styled_words(tex)) or math_to_mathml(tex, display))

    def element(tag: str, words: str) -> str:  # its tags stashed like a formula
        if not tag:
            return words
        lines.extend((f"<{tag}>", f"</{tag}>"))
        return stash(mathml, f"<{tag}>") + words + stash(mathml, f"</{tag}>")

    text = FORMULA_RE.sub(formula, text)
    text = unstyle(text, element)  # \textbf{x} outside math, as <strong>x</strong>
    text = _LATEX_ESCAPES.sub(r"\1", text)
    for tex, uni in _QUOTES:
        text = text.replace(tex, uni)
    text = esc(text, quote=False)
    return _linkify(markdown_html(text)), tuple(mathml), tuple(lines)


#: MathML that a line of plain text cannot show: fractions, roots, limits, tables, and a
#: script on an operator (`\int_0^1`, `\max_x`)
_STACKED = re.compile(r"<(?:mfrac|msqrt|mroot|munder|mover|munderover|mtable|mmultiscripts)\b"
                      r"|<msu[bp](?:sup)?><mo")
#: a script left (one Unicode has no letters for)
_SCRIPTED = re.compile(r"<msu[bp]")
#: a name of several letters (`\log`, `\max`), which text would run into its neighbours
#: ("nlogn")
_NAMED = re.compile(r"<m[io]\b[^>]*>[A-Za-z]{2,}</m[io]>")
#: a sub- or superscript of letters, digits and signs (`^2`, `_{t+1}`, `^T`); not `\_`
_SCRIPT = re.compile(r"(?<!\\)([_^])(?:\{([0-9A-Za-z()+=\-]+)\}|([0-9A-Za-z]))")


@lru_cache(maxsize=1)
def _script_letters() -> dict[str, dict[str, str]]:
    """"^" and "_" -> character -> its superscript or subscript form, where Unicode has one
    for a letter, digit or sign ("²", "ₖ", "⁺", "ᵀ"): every character whose name says it is
    one, read through its compatibility form, so no table to keep (the first of two forms
    of a character, by code point)."""
    out: dict[str, dict[str, str]] = {"^": {}, "_": {}}
    for code in range(0xA0, 0x2E00):
        char = chr(code)
        name = unicodedata.name(char, "")
        if "SUPERSCRIPT" in name or name.startswith("MODIFIER LETTER"):
            side = "^"
        elif "SUBSCRIPT" in name:
            side = "_"
        else:
            continue
        plain = unicodedata.normalize("NFKC", char)
        plain = "-" if plain == "\u2212" else plain
        if len(plain) == 1 and plain.isascii() and (plain.isalnum() or plain in "()+=-"):
            out[side].setdefault(plain, char)
    return out


def _scripts_as_letters(tex: str) -> str:
    """`n^2`, `x_{t+1}` as "n²", "xₜ₊₁" where each character has such a form."""
    forms = _script_letters()

    def one(m: re.Match[str]) -> str:
        chars = forms[m.group(1)]
        script = m.group(2) or m.group(3)
        return "".join(chars[c] for c in script) if all(c in chars for c in script) \
            else m.group(0)

    return _SCRIPT.sub(one, tex) if "^" in tex or "_" in tex else tex


@lru_cache(maxsize=4096)
def formula_text(tex: str) -> str | None:
    """A formula as the text the paper page shows for it, when that is one plain line
    ("$k$" -> "k", "$\\epsilon$" -> "ϵ", "$O(n^2)$" -> "O(n²)", "$10\\times$" -> "10×");
    None, to be shown as written, for one laid out in two dimensions (a sum's limits, an
    integral's bounds, a fraction, a script Unicode has no letters for), whose characters
    run together as text ("∑k=1K"), for one written with spaces or with a name of several
    letters (`a \\le b`, `n\\log n`), which text would run together too ("a≤b",
    "nlogn"), or one the converter cannot read. Words in a text style are the words,
    spaces and all (`$\\textbf{Hybrid Decoding Engine}$`: the page shows them so)."""
    tex = tex.strip()
    styled = _styled_words(tex)  # `$\\textbf{Name}$`, as render_abstract reads it
    if styled:
        return " ".join(html_text(styled).split()) or None
    if not tex or any(c.isspace() for c in tex):
        return None
    as_written = math_to_mathml(tex)
    if not as_written.startswith("<math") or _NAMED.search(as_written) or \
            _STACKED.search(as_written):
        return None
    mathml = math_to_mathml(_scripts_as_letters(tex))
    if not mathml.startswith("<math") or _SCRIPTED.search(mathml):
        return None
    return html_text(mathml).strip() or None


@lru_cache(maxsize=65536)  # each paper is listed on its tags' pages and more
def teaser(text: str, limit: int = 240) -> str:
    """An abstract's first sentence as plain text, for listings, the browse data and link
    previews, which show no MathML: each formula as the text the page shows for it
    (`formula_text`), else as written. "$k$-means" read as LaTeX source on the browse
    page, in every listing and in the preview of a pasted link."""
    return _plain_formulas(first_sentence(text, limit))


def _plain_formulas(text: str) -> str:
    """Each inline formula as the text the page shows for it (`formula_text`) where that
    is one line, else as written; a display formula as written."""
    return FORMULA_RE.sub(_formula_line, text) if "$" in text else text


def _formula_line(m: re.Match[str]) -> str:
    """A formula (FORMULA_RE's match) as text: inline, the text the page shows for it
    where that is one line (`formula_text`), else as written; a display formula
    (`$$...$$`, a formula of its own) as written."""
    if m.group(1) is not None:
        return m.group(0)
    return formula_text(m.group(2)) or m.group(0)


def _title_parts(title: str) -> Iterator[tuple[str, str | None]]:
    """A title's text (LaTeX's escapes undone: "\\$5" is "$5", as in an abstract) and
    formulas, in order: (text, None) and (formula as written, its TeX). A title's
    `$$...$$` is a formula like any other: a title has no line of its own to give it."""
    last = 0
    for m in FORMULA_RE.finditer(title):
        yield _LATEX_ESCAPES.sub(r"\1", title[last:m.start()]), None
        yield m.group(0), m.group(1) if m.group(1) is not None else m.group(2)
        last = m.end()
    yield _LATEX_ESCAPES.sub(r"\1", title[last:]), None


@lru_cache(maxsize=65536)  # each paper is listed on its tags' pages and more
def title_text(title: str) -> str:
    """A title where it is text: a browser tab, listings, related papers, search results,
    the feed, the browse and map data. One official title in a hundred holds a formula
    ("Seeking $\\epsilon$-Maxima", "Decoupling top-$K$ Probabilities"), which read as
    LaTeX source there; it is the text the page's heading shows for it ("ϵ-Maxima"),
    else, laid out in two dimensions, as written. Exports and BibTeX keep the title as
    written."""
    if "$" not in title and "\\" not in title:
        return title
    return "".join(part if tex is None else formula_text(tex) or part
                   for part, tex in _title_parts(title))


@lru_cache(maxsize=4096)
def title_html(title: str) -> str:
    """A title for its page's heading: the text escaped, each formula as the abstract
    under it shows one (MathML, made at build time; words in a text style as those
    words; one the converter cannot read as its source)."""
    if "$" not in title and "\\" not in title:
        return esc(title)
    return "".join(esc(part) if tex is None else _styled_words(tex) or math_to_mathml(tex)
                   for part, tex in _title_parts(title))
