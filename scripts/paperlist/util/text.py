"""Text patterns that several parts of the package need, each defined once.

URLs, plurals and control characters used to be recognised by a copy in every module that
met them, and the copies had drifted apart: one took "github.com/x/y" without a scheme for
a link, another read it as words; one left a sentence's full stop after a URL, another
swallowed it with the URL and so lost the sentence break. One definition gives one
behaviour to test and one place to fix.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from functools import lru_cache

# ----------------------------------------------------------------------------- URLs

# Hosts people write without a scheme ("github.com/x/y", "www.example.org"). Only these:
# any "word.word/" would also take "and/or" typos and file names for links. "www." needs
# a dotted host after it: "WWW.Serve" is a system's name, not a website.
_BARE_HOSTS = (
    r"www\.(?=[\w-]+\.\w)|(?:github|gitlab|kaggle)\.com/"
    r"|(?:bitbucket|codeberg|zenodo|arxiv)\.org/|huggingface\.co/|figshare\.com/|osf\.io/"
)
# Quotes, brackets used as wrappers ({...}, [...], <...>), backticks and "…" end a URL.
_URL_CHAR = r"[^\s<>\"'`{}|\\^\[\]\u2026]"
#: A URL as written in running text: with an http(s) scheme or on a host people write
#: without one. A match may still end in sentence punctuation or a closing bracket that
#: is not the URL's: :func:`trim_url` cuts those, so use :func:`find_urls`.
URL_RE = re.compile(rf"(?<![\w@/.-])(?:https?://|{_BARE_HOSTS}){_URL_CHAR}+", re.I)
# Every URL_RE match contains "://" or, ignoring case, one of these.
_HOST_MARKS = ("www.", ".com/", ".co/", ".org/", ".io/")
_SCHEME = re.compile(r"https?://", re.I)
_TRAILING = ".,;:!?*'\"\u201d\u2019"
_CLOSERS = {")": "(", "]": "[", "}": "{", ">": "<"}


@lru_cache(maxsize=8)
def _may_hold_url(text: str) -> bool:
    """False only if URL_RE cannot match: most abstracts hold no URL, and a few substring
    tests cost a third of one case-insensitive scan of the text. Kept for the last few
    texts: an import asks it of each abstract three times (names, tags and links)."""
    if "://" in text:
        return True
    low = text.lower()
    if not low.isascii():  # under re.I, "\u0130" and "\u0131" match "i" as well
        low = low.replace("\u0307", "").replace("\u0131", "i")
    for mark in _HOST_MARKS:
        if mark in low:
            return True
    return False


def trim_url(url: str) -> str:
    """Drop punctuation that ends the sentence rather than the URL, keeping a closing
    bracket only when the URL itself opened it: `.../Foo_(bar))` -> `.../Foo_(bar)`."""
    while url:
        last = url[-1]
        if last in _TRAILING:
            url = url[:-1]
        elif last in _CLOSERS and url.count(last) > url.count(_CLOSERS[last]):
            url = url[:-1]
        else:
            break
    return url


def has_scheme(url: str) -> bool:
    """Whether the URL was written with http(s)://, not on a bare host."""
    return _SCHEME.match(url) is not None


def find_urls(text: str) -> list[tuple[int, str]]:
    """(offset, url) of every URL in the text, in order, each cut by :func:`trim_url`."""
    if not _may_hold_url(text):
        return []
    return [(m.start(), trim_url(m.group(0))) for m in URL_RE.finditer(text)]


@lru_cache(maxsize=8)
def strip_urls(text: str, replacement: str = " ") -> str:
    """The text with each URL replaced, keeping the punctuation after it: "see
    https://x.org/a. We" keeps its full stop, so the sentence still ends there. Kept for
    the last few texts: an import strips each abstract's twice (names and tags)."""
    if not _may_hold_url(text):
        return text
    return URL_RE.sub(lambda m: replacement + m.group(0)[len(trim_url(m.group(0))):], text)


# ----------------------------------------------------------------------------- words


@lru_cache(maxsize=1 << 16)
def fold_plural(word: str) -> str:
    """A word lower-cased with a crude plural stripped ("policies" -> "policy", "LLMs" ->
    "llm", but "loss", "corpus", "analysis" kept), so a singular and its plural meet.
    Every matcher applies it to both sides, so it only needs to be consistent, not
    linguistically right; anything cleverer costs more than it gives on abstracts."""
    w = word.lower()
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


#: A word a line break cut in the PDF an abstract was copied from ("frame- work", "mod- els",
#: "lan- guage": 1 % of real abstracts), or a hyphenated word cut at its hyphen ("real-
#: world"): the part before the break, and the part after it (`line_break_cuts`)
#: (a word, not the last part of a hyphenated or quoted one: "state-of-the- art", "model's-
#: based"; nor one that goes on hyphenated: "end- to-end")
_LINE_BREAK_CUT = re.compile(r"(?<![\w'\u2019-])([^\W\d_]+)- ([^\W\d_]+)\b(?!-)")
#: The words after a hyphen left hanging on purpose, which are no cut ("high- and
#: low-dimensional", "pre- or post-training", "open- versus closed-weight")
_HANGING = frozenset(
    "and or nor to vs versus as than through via with but not rather plus instead".split())


def line_break_cuts(text: str) -> list[re.Match[str]]:
    """Where a line break cut a word of `text` ("frame- work"): the search index holds the
    word joined, and an inferred title shows it so. The part after the break is in lower
    case ("Torsional- GFN" is no cut). (A text without "- " has none, and is not scanned:
    the pattern is tried at every letter, and the build asks it of every paper twice.)"""
    if "- " not in text:
        return []
    return [m for m in _LINE_BREAK_CUT.finditer(text)
            if m.group(2).islower() and m.group(2) not in _HANGING]


# ----------------------------------------------------------------------------- characters

#: C0 control characters other than tab, line feed and carriage return, and DEL: never
#: meant in an abstract (copy-paste debris) and invisible on the site, so they are refused.
CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
#: Characters no reader can see that copy-paste, PDF extraction and scraped records leave
#: in text: the soft hyphen, zero-width spaces and joiners, the byte order mark, and the
#: direction controls (BIDI_RE). On the site they are nothing, but a word they split is
#: two words to search ("Trans\u00adformer" is not found by "transformer"). The list
#: importer and `paperlist enrich` remove them; `paperlist check` refuses them in a page.
INVISIBLE_RE = re.compile("[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069"
                          "\ufeff]")
#: The invisible characters that also reverse how text is displayed ("Trojan Source").
BIDI_RE = re.compile("[\u202a-\u202e\u2066-\u2069]")
#: The invisible characters that are part of correct writing: the zero-width non-joiner
#: and joiner (Persian "مدل‌ها", Indic conjuncts, emoji sequences "👩‍🔬") and the
#: left-to-right and right-to-left marks. The list importer, whose abstracts are prose
#: pasted from PDFs, removes them with the rest; `paperlist check` accepts them in a page.
SHAPING_RE = re.compile("[\u200c-\u200f]")
#: What separates names in a list of them and never stands inside one person's name: the
#: semicolon, and the full-width comma, semicolon and ideographic comma of names pasted
#: from CJK text ("张三，李四"). A comma may ("Martin Luther King, Jr.").
NAME_SEPARATOR_RE = re.compile("[;\uff0c\uff1b\u3001]")
_STRONG_SEPARATOR = re.compile("[;\uff1b]")
_ANY_SEPARATOR = re.compile("[;,\uff0c\uff1b\u3001]")


def split_names(text: str, *, strong: bool | None = None, keep_empty: bool = False
                ) -> list[str]:
    """Names (or their affiliations) written as one text, each stripped: at semicolons
    when there are any ("King, Jr.; Ada Lovelace"), else at any comma, full-width or
    ideographic ("A, B, 张三、李四"); `strong` says which (affiliations split as their
    authors were). Empty ones dropped, or kept where an item stands for a person whose
    affiliation is unknown (`keep_empty`)."""
    if strong is None:
        strong = bool(_STRONG_SEPARATOR.search(text))
    parts = [n.strip() for n in (_STRONG_SEPARATOR if strong else _ANY_SEPARATOR).split(text)]
    return parts if keep_empty else [n for n in parts if n]


def split_name_items(items: list[str], *, keep_empty: bool = False) -> list[str]:
    """A list of names with each item that holds a name separator (NAME_SEPARATOR_RE)
    split as several (split_names), each stripped; empty ones dropped unless `keep_empty`
    (affiliations, where '' stands for an unknown one)."""
    out: list[str] = []
    for item in items:
        out += (split_names(item, keep_empty=keep_empty) if NAME_SEPARATOR_RE.search(item)
                else [item.strip()])
    return out if keep_empty else [n for n in out if n]


def has_strong_separator(text: str) -> bool:
    """Whether a list of names is separated by semicolons (see split_names)."""
    return bool(_STRONG_SEPARATOR.search(text))


_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def ascii_lower(text: str) -> str:
    """Lower-case ASCII: accents folded ('Société' -> 'societe'), the rest dropped."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def slugify(text: str) -> str:
    """The one slug: lower-case ASCII words joined by '-' ('ICML 2026' -> 'icml-2026'),
    the same in every file system, URL and shell. Tag slugs are written in the taxonomy,
    and the browser is given them, never a slug it computes."""
    return _NOT_SLUG.sub("-", ascii_lower(text)).strip("-")


# ----------------------------------------------------------------------------- abstracts

# $$...$$ first, then $...$, not \$ and not prices ("$ 5 and $ 6", "$5 or $10",
# "US$5 and US$10"): no space inside the ends, and a closing $ before a digit only for a
# formula without a space, after a letter, digit, bracket or comparison. A formula with a
# math command ("\gamma"; not a text style or citation, which prose between prices holds)
# may have spaces at its ends. arXiv abstracts write "$\pm$1", "512$\times$512", "$<$75%",
# "$ \mathbf{A} $", which were refused: their "$" paired with the next formula's and the
# prose between was set as math. A spaced formula not of math is a price's sentence.
_MATH_COMMAND = r"\\(?!(?:text[a-z]*|emph|url|href|cite[a-z]*|ref|label)(?![A-Za-z]))[A-Za-z]"
#: a formula of styled words alone, to its closing $: "$ \text{Elsa}$" is one
_STYLED = r"\s*\\(?:text[a-z]*|emph)\s*\{[^{}$]*\}\s*\$"
FORMULA_RE = re.compile(
    r"\$\$(.+?)\$\$"
    # opened: a space only before a math command or styled words
    rf"|(?<![\\$])\$(?!\s(?![^$]*{_MATH_COMMAND})(?!{_STYLED}))"
    # (tex: it holds a math command or is styled words; spaced: it holds a space. Each
    # decided, not left to backtracking)
    rf"((?:(?=[^$]*{_MATH_COMMAND}|{_STYLED})(?P<tex>)|(?![^$]*{_MATH_COMMAND}))"
    r"(?:(?=[^$]*\s)(?P<spaced>)|(?![^$]*\s))(?:\\\$|[^$])+?)"
    r"(?(tex)(?<!\\)|(?<![\s\\]))\$"
    # after it: tex, no digit after a space before the $; spaced (a price's sentence),
    # no digit, and no word glued on unless the $ follows a word ("$5 per query ($n$"
    # is no formula); else no digit unless the $ follows a word, bracket or comparison
    r"(?(tex)(?:(?<!\s\$)|(?!\d))|(?(spaced)(?!\d)(?:(?<=[A-Za-z0-9)}\]]\$)|(?![A-Za-z\\]))"
    r"|(?:(?<=[A-Za-z0-9)}\]<>=|]\$)|(?!\d))))",
    re.DOTALL)


#: LaTeX's text styles that abstracts carry outside math (one real abstract in nine:
#: `\textbf{...}`, `\emph{...}`, `{\bf ...}`), as the HTML element each stands for; ""
#: is the words alone.
TEXT_STYLES = {
    "textbf": "strong", "textit": "em", "emph": "em", "textsl": "em", "texttt": "code",
    "underline": "u", "textsuperscript": "sup", "textsubscript": "sub", "textsc": "",
    "textsf": "", "textrm": "", "textnormal": "", "textup": "", "textmd": "", "text": "",
    "url": "",
    # math's alphabets, which abstracts use to set a name in a formula of words alone
    # (`$\\mathbf{\\underline{Re}}$lational`): the MathML converter shows them upright
    "mathbf": "strong", "boldsymbol": "strong", "mathit": "em", "mathtt": "code",
    "mathrm": "", "mathsf": "", "mathnormal": "",
}
#: the old declarations, `{\bf words}` (in a formula of words too: html/abstract.py)
OLD_STYLES = {"bf": "strong", "it": "em", "em": "em", "sl": "em", "tt": "code", "sf": "",
               "rm": "", "sc": ""}
_STYLE_RE = re.compile(
    r"\\(" + "|".join(sorted(TEXT_STYLES, key=len, reverse=True)) + r")\s*\{([^{}\n]*)\}"
    r"|\{\\(" + "|".join(OLD_STYLES) + r")(?![A-Za-z])\s*([^{}\n]*)\}"
    r"|\\textcolor\s*\{[^{}\n]*\}\s*\{([^{}\n]*)\}"
    r"|\\href\s*\{([^{}\s]*)\}\s*\{([^{}\n]*)\}")


def unstyle(text: str, wrap: Callable[[str, str], str] = lambda tag, words: words) -> str:
    r"""The text with each LaTeX text style (TEXT_STYLES) replaced by `wrap(element,
    words)`, innermost first (`\textbf{\emph{x}}`); by default the words alone. A colour
    is the words; `\href{url}{words}` is "words (url)", so the link still shows. What
    these patterns do not know stays as written."""
    if "\\" not in text:
        return text

    def one(m: re.Match[str]) -> str:
        if m.group(1):
            return wrap(TEXT_STYLES[m.group(1)], m.group(2))
        if m.group(3):
            return wrap(OLD_STYLES[m.group(3)], m.group(4))
        if m.group(5) is not None:
            return m.group(5)
        return f"{m.group(7)} ({m.group(6)})"

    for _ in range(8):  # nesting deeper than this is not prose
        text, n = _STYLE_RE.subn(one, text)
        if not n:
            break
    return text


_MARKS = re.compile(r"[*_`]+")
#: STASH_OPEN n STASH_CLOSE: the nth piece set aside while the text around it is rewritten
#: (private-use characters, taken out of the text first: `unmarked`)
STASH_OPEN, STASH_CLOSE = "\ue000", "\ue001"
_STASHED = re.compile(f"{STASH_OPEN}(\\d+){STASH_CLOSE}")


def unmarked(text: str) -> str:
    """The text without the characters that mark a stashed piece (none is its own)."""
    return text.replace(STASH_OPEN, "").replace(STASH_CLOSE, "")


def stash(pieces: list[str], piece: str) -> str:
    """Set `piece` aside in `pieces`; its mark, for `unstash` to put it back."""
    pieces.append(piece)
    return f"{STASH_OPEN}{len(pieces) - 1}{STASH_CLOSE}"


def unstash(text: str, pieces: Sequence[str]) -> str:
    """The text with each stashed piece back where its mark is."""
    return _STASHED.sub(lambda m: pieces[int(m.group(1))], text) if pieces else text


@lru_cache(maxsize=65536)  # each paper is listed on its tags' pages and more
def first_sentence(text: str, limit: int = 240) -> str:
    r"""Plain first sentence of an abstract for listings (math and markup left as text,
    but for LaTeX's text styles: `\textbf{x}` reads "x")."""
    # Only the start can hold the sentence shown (limit chars); searching a whole 10 MB
    # body without a full stop is quadratic and stalled the build.
    # Markdown's marks and LaTeX's text styles go, but not from formulas, whose _ and *
    # are the mathematics (`$\sum_{k=1}^K w_k$` read "$\sum{k=1}^K wk$") and whose
    # `\text{...}` is the formula's (set aside meanwhile, as html/abstract.py does)
    formulas: list[str] = []
    head = FORMULA_RE.sub(lambda m: stash(formulas, m.group(0)), unmarked(text[: 4 * limit]))
    plain = unstash(_MARKS.sub("", unstyle(head)), formulas)
    m = re.search(r"(.+?[.!?])(\s+[A-Z(]|$)", plain)
    sentence = m.group(1) if m else plain
    if len(sentence) > limit:
        sentence = sentence[: limit - 1].rsplit(" ", 1)[0] + "\u2026"
    return sentence
