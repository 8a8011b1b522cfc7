"""Does `paperlist enrich` find each record's page, and only it? (issue #12's Done-when)

Usage:
  python scripts/tools/eval_enrich.py --records ../shared/data/aistats-2019.papercopilot.json \\
      --decoys ../shared/data/colt-2019.papercopilot.json [--decoy-count 30] [--seed 0] \\
      [--work DIR] [--json OUT]
  python scripts/tools/eval_enrich.py --scale 12000 [--dev ../shared/data/iclr-2026-papers.jsonl]

Enrich matches a conference's official records to pages by their abstracts, and the list
the pages came from never holds the record's text byte for byte: it was scraped from a web
page or a PDF. So this tool makes such a list itself, from the records' own abstracts, with
the differences seen in practice put in on purpose (`PERTURBATIONS`: whitespace, quotes and
dashes, ligatures, hyphenation, NFKC variants, LaTeX, punctuation, a typo fixed, a sentence
missing or added), each abstract's perturbations recorded. Because it wrote the list, it
knows which record every page came from, which is what a real catalogue cannot tell us: a
false match (a record written into another paper's page) is counted, not guessed at. Decoy
abstracts from another venue go into the list too; they have no record and must stay so.

Mode 1 imports the list (`run_import`), has one editor retitle one page by hand, runs
`run_enrich` on the records, and prints: matches, exact titles and author lists, decoys
matched, ambiguous and unmatched records, false matches, whether the editor's title stayed,
whether a second run is byte-for-byte a no-op, the match rate per perturbation (with every
miss and what was done to its abstract), and enrich's seconds. Mode 2 (`--scale N`) does the
same at the size of a big venue, from the first N papers of a JSON-lines dev set turned into
OpenReview API v2 notes with made-up authors, and adds enrich's peak memory.

Enrich runs in a child process (`python -c`, reaped with wait4), so its seconds and peak
memory are its own, not the generator's or the importer's. Like the other tools here it
prints figures and asserts nothing: the test runs it on a tiny fixture.
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import random
import re
import shutil
import string
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paperlist.ingest.importer import run_import
from paperlist.ingest.listfile import find_venue, parse_list
from paperlist.model.page import Page, dump_page, read_page

#: the dev set beside the repository, from where the tool is run (the repository)
DEV_SET = Path("..") / "shared" / "data" / "iclr-2026-papers.jsonl"

# ----------------------------------------------------------------------------- sentences

#: $...$ spans: a sentence never ends inside one, and the LaTeX perturbation rewrites them.
_MATH = re.compile(r"\$\$.+?\$\$|\$[^$]+\$", re.S)
_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(\[\"“$\\])")
#: Words whose full stop does not end a sentence.
_ABBREV = re.compile(r"(?:\b(?:e\.g|i\.e|et al|etc|vs|cf|Fig|Eq|Sec|resp|approx|Dr|Mr|Ms|"
                     r"[A-Z])\.)$")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence. Our own splitter, not the inferrer's: that one works
    on plain text, while a perturbation must cut the raw abstract, LaTeX and all."""
    inside = [(m.start(), m.end()) for m in _MATH.finditer(text)]
    cuts = []
    for m in _BREAK.finditer(text):
        if any(a < m.start() < b for a, b in inside) or _ABBREV.search(text[:m.start()]):
            continue
        cuts.append(m)
    spans, start = [], 0
    for m in cuts:
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    return [(a, b) for a, b in spans if text[a:b].strip()]


def _outside_math(text: str, pos: int) -> bool:
    return not any(m.start() <= pos < m.end() for m in _MATH.finditer(text))


_URL = re.compile(r"https?://\S+|www\.\S+")


def _plain_positions(text: str, pattern: re.Pattern[str]) -> list[re.Match[str]]:
    """Matches outside formulas and URLs: where a human-facing perturbation may act."""
    shielded = [(m.start(), m.end()) for m in _MATH.finditer(text)]
    shielded += [(m.start(), m.end()) for m in _URL.finditer(text)]
    return [m for m in pattern.finditer(text)
            if not any(a <= m.start() < b for a, b in shielded)]


# ----------------------------------------------------------------------------- perturbations
# Each takes (abstract, rng, venue) and returns (new abstract, what it did), or None when
# the abstract offers it nothing to act on (no hyphenated word, no formula...).

Result = tuple[str, str] | None

_LIGATURES = (("ffi", "\ufb03"), ("ffl", "\ufb04"), ("ff", "\ufb00"), ("fi", "\ufb01"),
              ("fl", "\ufb02"))
_TO_ASCII = {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-",
             "\u2014": "--", "\u2212": "-"}


def whitespace(text: str, rng: random.Random, venue: str) -> Result:
    """A list hard-wrapped at 60-90 columns, with a few runs of spaces and a tab: what a
    text file exported from a PDF or an e-mail looks like. Never a blank line (that would
    end the paragraph), and never a break after a hyphen (the list parser would glue the
    next line to it)."""
    words = text.split(" ")
    out, col, runs = [], 0, 0
    width = rng.randint(60, 90)
    for i, word in enumerate(words):
        if i:
            prev = words[i - 1]
            if col + len(word) > width and not prev.endswith("-"):
                out.append("\n")
                col = 0
            elif runs < 3 and rng.random() < 0.04:
                out.append(rng.choice(["  ", "   ", " \t "]))
                runs += 1
                col += 2
            else:
                out.append(" ")
                col += 1
        out.append(word)
        col += len(word)
    new = "".join(out)
    return (new, f"wrapped at {width} columns, {runs} runs of spaces") if new != text else None


def quotes_dashes(text: str, rng: random.Random, venue: str) -> Result:
    """Typographic quotes and dashes made ASCII, or ASCII ones made typographic: the record
    and the list were typed, or rendered, by different tools."""
    fancy = [m for m in _plain_positions(text, re.compile("[\u2018\u2019\u201c\u201d\u2013\u2014"
                                                          "\u2212]"))]
    ascii_ = _plain_positions(text, re.compile(r"(?<=\w)'(?=\w)|\"[^\"\n]{1,80}\"| - |--|"
                                               r"(?<=\d)-(?=\d)"))
    if not fancy and not ascii_:
        return None
    if fancy and (not ascii_ or rng.random() < 0.5):
        new = list(text)
        for m in reversed(fancy):
            new[m.start()] = _TO_ASCII[m.group()]
        return "".join(new), f"{len(fancy)} typographic quote(s)/dash(es) made ASCII"

    def fancy_of(s: str) -> str:
        if s == "'":
            return "\u2019"
        if s.startswith('"'):
            return "\u201c" + s[1:-1] + "\u201d"
        return {" - ": " \u2013 ", "--": "\u2014", "-": "\u2013"}[s]

    new = text
    for m in reversed(ascii_):
        new = new[:m.start()] + fancy_of(m.group()) + new[m.end():]
    return new, f"{len(ascii_)} ASCII quote(s)/dash(es) made typographic"


def ligatures(text: str, rng: random.Random, venue: str) -> Result:
    """ff, fi, fl, ffi, ffl as the single ligature characters a PDF's text layer holds."""
    new = text
    for plain, lig in _LIGATURES:
        new = new.replace(plain, lig)
    n = sum(new.count(lig) for _, lig in _LIGATURES)
    return (new, f"{n} ligature(s)") if n else None


_COMPOUND = re.compile(r"\b[A-Za-z]{2,}(?:-[A-Za-z]{2,})+\b")


def compound_hyphens(text: str, rng: random.Random, venue: str) -> Result:
    """Hyphenated compounds written open, "state-of-the-art" as "state of the art"."""
    found = _plain_positions(text, _COMPOUND)
    if not found:
        return None
    chosen = sorted(rng.sample(found, min(len(found), rng.randint(1, 3))), key=lambda m: m.start())
    new = text
    for m in reversed(chosen):
        new = new[:m.start()] + m.group().replace("-", " ") + new[m.end():]
    return new, "opened: " + ", ".join(m.group() for m in chosen)


_LONG_WORD = re.compile(r"\b[a-z]{9,}\b")


def hyphen_break(text: str, rng: random.Random, venue: str) -> Result:
    """A PDF line-end hyphenation left in the text: "optimization" as "optimi- zation"."""
    found = _plain_positions(text, _LONG_WORD)
    if not found:
        return None
    chosen = sorted(rng.sample(found, min(len(found), rng.randint(1, 2))), key=lambda m: m.start())
    new, did = text, []
    for m in reversed(chosen):
        word = m.group()
        cut = rng.randint(4, len(word) - 4)
        broken = f"{word[:cut]}- {word[cut:]}"
        did.append(broken)
        new = new[:m.start()] + broken + new[m.end():]
    return new, "broke: " + ", ".join(reversed(did))


_FULLWIDTH_ABLE = re.compile(r"\b[A-Z][A-Z0-9]{1,7}\b|\d+(?:\.\d+)?%?|[()]")


def nfkc_variants(text: str, rng: random.Random, venue: str) -> Result:
    """Characters NFKC folds to ASCII: full-width acronyms, digits and brackets (lists made
    with CJK input methods), and non-breaking or narrow spaces (U+00A0, U+202F) from HTML."""
    did = []
    new = text
    found = _plain_positions(new, _FULLWIDTH_ABLE)
    if found:
        chosen = rng.sample(found, min(len(found), rng.randint(1, 3)))
        for m in sorted(chosen, key=lambda m: -m.start()):
            wide = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in m.group())
            new = new[:m.start()] + wide + new[m.end():]
        did.append(f"{len(chosen)} full-width span(s)")
    spaces = [m.start() for m in re.finditer(" ", new)]
    if spaces:
        chosen_spaces = rng.sample(spaces, min(len(spaces), rng.randint(1, 4)))
        chars = list(new)
        for pos in chosen_spaces:
            chars[pos] = rng.choice(["\u00a0", "\u202f"])
        new = "".join(chars)
        did.append(f"{len(chosen_spaces)} non-breaking space(s)")
    return (new, ", ".join(did)) if new != text else None


_GREEK = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
    "zeta": "ζ", "eta": "η", "theta": "θ", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
    "xi": "ξ", "pi": "π", "rho": "ρ", "sigma": "σ", "tau": "τ", "phi": "φ", "varphi": "φ",
    "chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ",
    "Lambda": "Λ", "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
}
_SYMBOLS = {"le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ll": "≪", "gg": "≫", "neq": "≠",
            "approx": "≈", "infty": "∞", "sqrt": "√", "sum": "∑", "in": "∈", "times": "×",
            "cdot": "·", "to": "→", "rightarrow": "→", "pm": "±"}
_DROP = {"mathcal", "mathbb", "mathbf", "mathrm", "text", "bf", "rm", "cal", "tilde", "hat",
         "bar", "left", "right", "big", "Big", "bigg", "operatorname", "textbf", "emph"}


def _render_math(body: str) -> str:
    """A formula as a web page's text shows it: Greek and symbols as characters, fonts and
    sizing dropped, other commands as their names (\\log -> log), no braces."""
    body = re.sub(r"\\frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}", r"\1/\2", body)

    def command(m: re.Match[str]) -> str:
        name = m.group(1)
        if name in _GREEK:
            return _GREEK[name]
        if name in _SYMBOLS:
            return _SYMBOLS[name]
        return "" if name in _DROP else name

    body = re.sub(r"\\([A-Za-z]+)", command, body)
    return re.sub(r"\s+", " ", body.replace("{", "").replace("}", "").replace("\\", "")).strip()


def latex(text: str, rng: random.Random, venue: str) -> Result:
    """Formulas rendered: `$\\epsilon$` as `ε`, `$x$` as `x`; or, in an abstract with Greek
    letters and no formula, the other way round (`ε` as `$\\epsilon$`)."""
    spans = list(_MATH.finditer(text))
    if spans:
        new = _MATH.sub(lambda m: _render_math(m.group().strip("$")), text)
        return new, f"{len(spans)} formula(s) rendered as text"
    letters = {v: k for k, v in reversed(_GREEK.items())}
    found = [m for m in re.finditer("[" + "".join(letters) + "]", text)]
    if not found:
        return None
    new = re.sub("[" + "".join(letters) + "]", lambda m: f"${chr(92)}{letters[m.group()]}$", text)
    return new, f"{len(found)} Greek letter(s) written as LaTeX"


_EG = re.compile(r"\b(e\.g\.|i\.e\.)(,?)")


def punctuation(text: str, rng: random.Random, venue: str) -> Result:
    """"e.g." against "e.g.," (and i.e.), or the final full stop dropped: house styles."""
    options = []
    if _plain_positions(text, _EG):
        options.append("eg")
    if text.rstrip().endswith("."):
        options.append("period")
    if not options:
        return None
    if rng.choice(options) == "eg":
        n = len(_plain_positions(text, _EG))
        return (_EG.sub(lambda m: m.group(1) + ("" if m.group(2) else ","), text),
                f"toggled the comma after {n} e.g./i.e.")
    return text.rstrip()[:-1], "dropped the final full stop"


_TYPO_WORD = re.compile(r"\b[a-z]{5,}\b")
_KEYS = "qwertyuiopasdfghjklzxcvbnm"


def _typo(word: str, rng: random.Random) -> str:
    i = rng.randint(1, len(word) - 2)
    kind = rng.choice(["swap", "drop", "double", "replace"])
    if kind == "swap" and word[i] != word[i + 1]:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if kind == "drop":
        return word[:i] + word[i + 1:]
    if kind == "double":
        return word[:i] + word[i] + word[i:]
    near = _KEYS[(_KEYS.index(word[i]) + rng.choice((-1, 1))) % len(_KEYS)]
    return word[:i] + near + word[i + 1:]


def _typo_in(text: str, rng: random.Random, start: int, end: int) -> Result:
    found = [m for m in _plain_positions(text, _TYPO_WORD) if start <= m.start() < end]
    if not found:
        return None
    m = rng.choice(found)
    bad = _typo(m.group(), rng)
    return text[:m.start()] + bad + text[m.end():], f"{m.group()} -> {bad}"


def typo(text: str, rng: random.Random, venue: str) -> Result:
    """One typo, anywhere, on one side only: the record's was fixed, or the list's."""
    return _typo_in(text, rng, 0, len(text))


def typo_first_sentence(text: str, rng: random.Random, venue: str) -> Result:
    """One typo in the first sentence, the one a matcher is most tempted to key on."""
    first = sentence_spans(text)[0]
    return _typo_in(text, rng, *first)


def _cut_sentence(text: str, which: int) -> Result:
    spans = sentence_spans(text)
    if len(spans) < 3:  # keep at least two sentences: a one-sentence abstract is no test
        return None
    a, b = spans[which]
    gone = text[a:b]
    rest = (text[:a] + text[b:]).strip() if which == -1 else text[spans[1][0]:]
    return rest.strip(), f"dropped: {gone[:60]!r}"


def drop_first_sentence(text: str, rng: random.Random, venue: str) -> Result:
    """The first sentence missing (a scraper that took it for a teaser or subtitle)."""
    return _cut_sentence(text, 0)


def drop_last_sentence(text: str, rng: random.Random, venue: str) -> Result:
    """The last sentence missing (a list cut at a length limit, or a camera-ready edit)."""
    return _cut_sentence(text, -1)


_OPENERS = ["Accepted at {venue}.", "This paper is an extended version of a workshop paper.",
            "This is joint work with several collaborators.",
            "Spotlight presentation at {venue}.", "Preliminary version."]
_CLOSERS = ["Code is available at https://github.com/anon-{n}/release.",
            "Our code will be made publicly available.",
            "Supplementary material is available online.",
            "This work was presented at {venue}.",
            "We thank the anonymous reviewers for their comments."]


def add_sentence_start(text: str, rng: random.Random, venue: str) -> Result:
    """A sentence before the abstract that the record lacks (a venue note, a provenance)."""
    opener = rng.choice(_OPENERS).format(venue=venue or "the conference", n=rng.randint(1, 99))
    return f"{opener} {text}", f"added: {opener!r}"


def add_sentence_end(text: str, rng: random.Random, venue: str) -> Result:
    """A sentence after the abstract that the record lacks (a code link, a thank-you)."""
    closer = rng.choice(_CLOSERS).format(venue=venue or "the conference", n=rng.randint(1, 99))
    return f"{text.rstrip()} {closer}", f"added: {closer!r}"


Perturb = Callable[[str, random.Random, str], Result]
#: Every perturbation, in the order they are applied to one abstract (sentences first, so
#: that a later perturbation acts on the sentences that stay; whitespace last, on the text
#: as it will be written).
PERTURBATIONS: dict[str, Perturb] = {
    "drop_first_sentence": drop_first_sentence,
    "drop_last_sentence": drop_last_sentence,
    "add_sentence_start": add_sentence_start,
    "add_sentence_end": add_sentence_end,
    "typo": typo,
    "typo_first_sentence": typo_first_sentence,
    "latex": latex,
    "punctuation": punctuation,
    "compound_hyphens": compound_hyphens,
    "hyphen_break": hyphen_break,
    "quotes_dashes": quotes_dashes,
    "ligatures": ligatures,
    "nfkc_variants": nfkc_variants,
    "whitespace": whitespace,
}
#: Perturbations that cut or add a whole sentence: an abstract gets at most one of them
#: (--sentence-changes), as two would rarely differ between a list and its record.
SENTENCE_KINDS = frozenset({"drop_first_sentence", "drop_last_sentence", "add_sentence_start",
                            "add_sentence_end"})


@dataclass
class Entry:
    """One abstract of the generated list, and the truth about it."""

    source: str  # "record" or "decoy"
    key: str  # the record's id (or the decoy's)
    original: str
    text: str
    perturbations: list[tuple[str, str]] = field(default_factory=list)  # (kind, what it did)
    #: False for a record held out of the list (--hold-out): it has no page, and must get none
    listed: bool = True

    @property
    def kinds(self) -> list[str]:
        return [k for k, _ in self.perturbations]


def _seed_for(seed: int, key: str) -> int:
    """One abstract's own seed, so that what it gets does not shift when others change."""
    return int.from_bytes(f"{seed}:{key}".encode(), "little") % (2**61 - 1)


def apply_perturbations(text: str, kinds: list[str], rng: random.Random, venue: str,
                        ) -> tuple[str, list[tuple[str, str]]]:
    """Apply the kinds in PERTURBATIONS' order; a kind the text no longer offers is skipped."""
    done = []
    for kind in PERTURBATIONS:
        if kind in kinds:
            result = PERTURBATIONS[kind](text, rng, venue)
            if result is not None:
                text = result[0]
                done.append((kind, result[1]))
    return text, done


def plan_perturbations(abstracts: list[tuple[str, str]], seed: int, venue: str,
                       clean_share: float = 1 / 3, most: int = 2,
                       sentence_changes: int = 1) -> list[Entry]:
    """A third of the abstracts as they are, the others with one to `most` (two)
    perturbations each, at most `sentence_changes` (one) of them a whole sentence cut or
    added, kinds spread evenly: each abstract gets the least-used kinds it offers, so that
    rare ones (a formula, a typographic quote) go to the abstracts that have them. Raising
    the two limits is a stress test: where matching starts to miss."""
    rng = random.Random(seed)
    order = list(range(len(abstracts)))
    rng.shuffle(order)
    clean = set(order[: round(len(order) * clean_share)])
    used: Counter[str] = Counter({k: 0 for k in PERTURBATIONS})
    entries: list[Entry] = []
    for i, (key, text) in enumerate(abstracts):
        if i in clean:
            entries.append(Entry("record", key, text, text))
            continue
        own = random.Random(_seed_for(seed, key))
        offered = [k for k in PERTURBATIONS
                   if PERTURBATIONS[k](text, random.Random(0), venue) is not None]
        want = own.randint(1, most)
        kinds: list[str] = []
        for _ in range(want):
            choices = [k for k in offered if k not in kinds and not (
                k in SENTENCE_KINDS and len(SENTENCE_KINDS & set(kinds)) >= sentence_changes)]
            if not choices:
                break
            least = min(used[k] for k in choices)
            kinds.append(own.choice([k for k in choices if used[k] == least]))
            used[kinds[-1]] += 1
        new, done = apply_perturbations(text, kinds, own, venue)
        entries.append(Entry("record", key, text, new, done))
    return entries


# ----------------------------------------------------------------------------- the list


def header_for(path: Path) -> str:
    """'aistats-2019.papercopilot.json' -> 'AISTATS 2019 paper list'."""
    m = re.match(r"([A-Za-z]+)[-_ ]?((?:19|20)\d\d)", path.name)
    return f"{m.group(1).upper()} {m.group(2)} paper list" if m else f"{path.stem} paper list"


def write_list(path: Path, header: str, entries: list[Entry]) -> list[int]:
    """The list file of the entries given; returns each one's first line (to tie the
    parser's answer back)."""
    lines = [header, ""]
    starts = []
    for entry in entries:
        starts.append(len(lines) + 1)
        lines += entry.text.split("\n") + [""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return starts


def truth_by_digest(list_path: Path, entries: list[Entry], starts: list[int],
                    ) -> tuple[dict[str, Entry], list[Entry]]:
    """Which entry each imported paragraph (by digest) came from, and the entries the
    parser refused (control characters, length), found by the lines it names."""
    parsed = parse_list(list_path)
    by_line = dict(zip(starts, entries, strict=True))
    truth = {p.digest: by_line[p.line] for p in parsed.paragraphs}
    refused = [entries[bisect.bisect_right(starts, e.line) - 1] for e in parsed.errors]
    return truth, refused


# ----------------------------------------------------------------------------- records


def read_papercopilot(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [r for r in data if isinstance(r, dict) and str(r.get("abstract") or "").strip()]


def split_authors(authors: Any) -> list[str]:
    """A record's authors as the formats write them: a list, or "A; B" (Paper Copilot), or
    "A, B" when there is no semicolon."""
    if isinstance(authors, list):
        return [str(a).strip() for a in authors if str(a).strip()]
    text = str(authors or "")
    sep = ";" if ";" in text else ","
    return [a.strip() for a in text.split(sep) if a.strip()]


_FIRST = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Frances", "John", "Radia",
          "Tim", "Shafi", "Leslie", "Judea", "Yoshua", "Fei", "Wei", "Mei", "Hiro", "Amara",
          "Olu", "Sven", "Ines", "Jose", "Chloé", "Zoë", "Björn", "Ayşe", "Łukasz", "Nguyen",
          "Priya"]
_LAST = ["Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth", "Allen", "McCarthy",
         "Perlman", "Berners", "Goldwasser", "Lamport", "Pearl", "Zhang", "Li", "Wang", "Sato",
         "Okafor", "Andersen", "García", "Müller", "Dubois", "Kowalski", "Haddad", "Rossi",
         "Tanaka", "Ivanova", "Singh", "O'Brien", "van der Berg"]


def openreview_notes(rows: list[dict[str, Any]], seed: int, venue: str) -> list[dict[str, Any]]:
    """OpenReview API v2 notes of dev-set rows, with seeded made-up ids and authors."""
    rng = random.Random(seed)
    alphabet = string.ascii_letters + string.digits
    notes = []
    for row in rows:
        note_id = "".join(rng.choice(alphabet) for _ in range(10))
        authors = [f"{rng.choice(_FIRST)} {rng.choice(_LAST)}" for _ in range(rng.randint(1, 7))]
        notes.append({"id": note_id, "forum": note_id, "content": {
            "title": {"value": row["title"]}, "authors": {"value": authors},
            "abstract": {"value": row["abstract"]}, "venue": {"value": f"{venue} Poster"}}})
    return notes


# ----------------------------------------------------------------------------- enrich

_CHILD = """
import json, sys, time, dataclasses
from pathlib import Path
from paperlist.enrich import run_enrich
args = json.loads(sys.argv[1])
start = time.perf_counter()
report = run_enrich([Path(p) for p in args["sources"]], Path(args["papers"]), fmt=args["fmt"],
                    check=args["check"])
seconds = time.perf_counter() - start
data = dataclasses.asdict(report) if dataclasses.is_dataclass(report) else dict(vars(report))
print(json.dumps({"seconds": seconds, "report": data}, default=str))
"""


def enrich_in_child(sources: list[Path], papers: Path, fmt: str, check: bool = False,
                    ) -> dict[str, Any]:
    """run_enrich in a fresh interpreter: {seconds, report, peak_mb, cpu_s}. Its peak memory
    is then enrich's (with the interpreter's few MB), not this process's 12,000 entries."""
    args = json.dumps({"sources": [str(s) for s in sources], "papers": str(papers),
                       "fmt": fmt, "check": check})
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([sys.executable, "-c", _CHILD, args], stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        out.seek(0)
        err.seek(0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError("run_enrich failed:\n" + err.read().decode()[-4000:])
        result = json.loads(out.read().decode().strip().splitlines()[-1])
    result["peak_mb"] = usage.ru_maxrss / 1024
    result["cpu_s"] = usage.ru_utime + usage.ru_stime
    return result


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def record_of(page: Page) -> str | None:
    """The record id enrich wrote into a page (source.record.id), if any."""
    src = page.meta.get("source")
    rec = src.get("record") if isinstance(src, dict) else None
    return str(rec["id"]) if isinstance(rec, dict) and "id" in rec else None


def edit_one_title(papers: Path, truth: dict[str, Entry], rng: random.Random,
                   ) -> tuple[str, str]:
    """Play an editor who retitled one record's page by hand; (page id, their title). The
    page is one of an unperturbed abstract, so that enrich surely finds its record and the
    title kept is a decision, not a miss."""
    pages = [read_page(p) for p in sorted(papers.glob("*.md"))]
    candidates = [p for p in pages if p.source_digest in truth
                  and truth[p.source_digest].source == "record"]
    candidates = [p for p in candidates if not truth[p.source_digest].kinds] or candidates
    page = rng.choice(candidates)
    title = "An editor's title: " + page.title
    page.meta["title"] = title
    assert page.path is not None
    page.path.write_text(dump_page(Page(meta=page.meta, body=page.body)), encoding="utf-8")
    return page.id, title


@dataclass
class Outcome:
    """What happened to one record."""

    entry: Entry
    page: str | None  # the page made from its abstract (None: refused or a duplicate)
    matched_to: str | None  # the page enrich wrote this record into
    status: str  # correct / false / ambiguous / unmatched / no page / missed
    candidates: list[str] = field(default_factory=list)  # an ambiguous record's pages


def evaluate(entries: list[Entry], truth: dict[str, Entry], papers: Path,
             report: dict[str, Any], records: dict[str, dict[str, Any]],
             title_of: Callable[[dict[str, Any]], str],
             authors_of: Callable[[dict[str, Any]], list[str]],
             edited: tuple[str, str] | None) -> tuple[dict[str, Any], list[Outcome]]:
    """Compare the enriched pages with the truth the generator kept."""
    pages = [read_page(p) for p in sorted(papers.glob("*.md"))]
    page_of_entry = {id(truth[p.source_digest]): p for p in pages if p.source_digest in truth}
    written: dict[str, list[Page]] = {}
    for page in pages:
        rid = record_of(page)
        if rid is not None:
            written.setdefault(rid, []).append(page)
    ambiguous = {str(a[0]): [str(c) for c in a[1]] for a in report.get("ambiguous", [])}
    origin = {p.id: truth[p.source_digest].key for p in pages if p.source_digest in truth}
    unmatched = {str(u) for u in report.get("unmatched", [])}
    outcomes: list[Outcome] = []
    titles = titles_strict = authors = compared = 0
    differing: list[str] = []
    for entry in entries:
        if entry.source != "record":
            continue
        own = page_of_entry.get(id(entry))
        into = written.get(entry.key, [])
        if into and own is not None and all(p.id == own.id for p in into):
            status = "correct"
        elif into:
            status = "false"
        elif entry.key in ambiguous:
            status = "ambiguous"
        elif own is None:
            status = "no page"
        elif entry.key in unmatched:
            status = "unmatched"
        else:
            status = "missed"  # neither written nor reported: enrich lost it
        outcomes.append(Outcome(entry, own.id if own else None,
                                ",".join(p.id for p in into) or None, status,
                                [f"{c} (from {origin.get(c, '?')})"
                                 for c in ambiguous.get(entry.key, [])]))
        if own is not None and (edited is None or own.id != edited[0]):
            compared += 1
            rec = records[entry.key]
            # enrich collapses whitespace runs in a title (the record's "Partial Optimality
            # of  Dual..."): counted apart, as it is not a wrong title
            titles_strict += own.title == title_of(rec)
            same = own.title.split() == title_of(rec).split()
            titles += same
            page_authors = [str(a) for a in own.meta.get("authors") or []]
            same_authors = page_authors == authors_of(rec)
            authors += same_authors
            if not same:
                differing.append(f"title of {own.id}: {own.title!r} != {title_of(rec)!r}")
            if not same_authors:
                differing.append(f"authors of {own.id}: {page_authors} != {authors_of(rec)}")
    decoy_pages = [p for p in pages if p.source_digest in truth
                   and truth[p.source_digest].source == "decoy"]
    dropped_pages = [p for p in pages if p.source_digest in truth
                     and truth[p.source_digest].source == "dropped"]
    edited_kept = None
    if edited is not None:
        page = next(p for p in pages if p.id == edited[0])
        edited_kept = page.title == edited[1]
    status_count = Counter(o.status for o in outcomes)
    # [matched, of, matched when alone, of alone]: a kind's misses in combinations may be
    # the other kind's doing; alone, they are its own
    per_kind: dict[str, list[int]] = {}
    for o in outcomes:
        if o.page is None:
            continue
        for kind in o.entry.kinds or ["none"]:
            hit = per_kind.setdefault(kind, [0, 0, 0, 0])
            alone = len(o.entry.kinds) <= 1
            hit[0] += o.status == "correct"
            hit[1] += 1
            hit[2] += alone and o.status == "correct"
            hit[3] += alone
    metrics = {
        "records": len(outcomes), "pages": len(pages),
        "records with a page": sum(o.page is not None for o in outcomes),
        "matched": status_count["correct"] + status_count["false"],
        "titles exact": titles, "titles byte-identical": titles_strict,
        "author lists exact": authors, "compared": compared, "differing fields": differing,
        "decoys": sum(e.source == "decoy" for e in entries),
        "decoys matched": sum(record_of(p) is not None for p in decoy_pages),
        "records dropped": sum(e.source == "dropped" for e in entries),
        "their pages matched": [f"{p.id} <- {record_of(p)}" for p in dropped_pages
                                if record_of(p) is not None],
        "held out": sum(not e.listed for e in entries),
        "held out matched": sum(o.status == "false" for o in outcomes if not o.entry.listed),
        "ambiguous": len(report.get("ambiguous", [])), "unmatched": len(unmatched),
        "false matches": status_count["false"], "missed (not reported)": status_count["missed"],
        "editor's title kept": edited_kept,
        "kept (report)": [list(k) for k in report.get("kept", [])],
        "per perturbation": {k: {"matched": v[0], "of": v[1], "matched alone": v[2],
                                 "of alone": v[3]} for k, v in per_kind.items()},
    }
    return metrics, outcomes


def closeness(entries: list[Entry], truth: dict[str, Entry], papers: Path,
              record_files: list[Path], fmt: str) -> dict[str, Any] | None:
    """How far from enrich's thresholds the answers lie, not only whether they passed: for
    each record, the (containment, coverage) of its own page and the containment of the
    closest other page among the candidates enrich's index proposes. Computed with enrich's
    own shingles and index (so None if those move); a miss the table cannot show yet, a
    true pair just above min_coverage or an impostor just under the margin, shows here."""
    try:
        from paperlist.enrich.formats import read_sources
        from paperlist.match.matcher import PageIndex, similarity
        from paperlist.match.settings import settings
        from paperlist.match.shingles import shingles
    except ImportError:
        return None
    cfg = settings()["matching"]
    pages = [read_page(p) for p in sorted(papers.glob("*.md"))]
    index = PageIndex([p.body for p in pages])
    where = {truth[p.source_digest].key: i for i, p in enumerate(pages)
             if p.source_digest in truth and truth[p.source_digest].source == "record"}
    kinds = {e.key: e.kinds or ["none"] for e in entries if e.source == "record"}
    per_kind: dict[str, dict[str, float]] = {}
    worst: list[tuple[float, str, str]] = []  # (impostor containment, record, page)
    impostors = 0
    for record in read_sources(record_files, fmt):
        probe = shingles(record.abstract)
        own = where.get(record.id)
        others = [c for c in index.candidates(probe, int(cfg["candidates"])) if c != own]
        rival = max((similarity(probe, index.sets[c])[0], pages[c].id) for c in others) \
            if others else (0.0, "")
        impostors += rival[0] >= cfg["min_containment"]
        worst.append((rival[0], record.id, rival[1]))
        for kind in kinds.get(record.id, ["none"]) if own is not None else ["(no page)"]:
            k = per_kind.setdefault(kind, {"containment": 1.0, "coverage": 1.0,
                                           "rival": 0.0})
            if own is not None:
                containment, coverage = similarity(probe, index.sets[own])
                k["containment"] = min(k["containment"], containment)
                k["coverage"] = min(k["coverage"], coverage)
            k["rival"] = max(k["rival"], rival[0])
    worst.sort(reverse=True)
    return {"thresholds": {k: cfg[k] for k in ("min_containment", "min_coverage", "margin")},
            "per perturbation": per_kind, "rivals over min_containment": impostors,
            "closest rivals": [list(w) for w in worst[:5]]}


def print_closeness(c: dict[str, Any] | None) -> None:
    if c is None:
        return
    t = c["thresholds"]
    print(f"\n  closeness (enrich's thresholds: containment >= {t['min_containment']}, coverage "
          f">= {t['min_coverage']}, margin {t['margin']})")
    print(f"    {'perturbation':<22} {'own page: min containment':>26} {'min coverage':>13} "
          f"{'closest other page':>19}")
    for kind in ["none", *PERTURBATIONS, "(no page)"]:
        if kind in c["per perturbation"]:
            k = c["per perturbation"][kind]
            own = ("-", "-") if kind == "(no page)" else (f"{k['containment']:.2f}",
                                                          f"{k['coverage']:.2f}")
            print(f"    {kind:<22} {own[0]:>26} {own[1]:>13} {k['rival']:>19.2f}")
    print(f"    records whose closest other page reaches min_containment: "
          f"{c['rivals over min_containment']}")
    for rival, record, page in [w for w in c["closest rivals"][:3] if w[0] > 0]:
        print(f"    closest: record {record} ~ page {page}: containment {rival:.2f}")


def _rate(a: int, b: int) -> str:
    return f"{a}/{b} = {a / b:.3f}" if b else "n/a"


def print_table(m: dict[str, Any], outcomes: list[Outcome], show: int = 40) -> None:
    rows = [
        ("records", f"{m['records']:,}"),
        ("pages (decoys included)", f"{m['pages']:,}"),
        ("records with a page", f"{m['records with a page']:,}"),
        ("matched (to the right page)", _rate(m["matched"] - m["false matches"],
                                              m["records with a page"])),
        ("titles exact (whitespace runs aside)", _rate(m["titles exact"], m["compared"])),
        ("titles byte-identical", _rate(m["titles byte-identical"], m["compared"])),
        ("author lists exact", _rate(m["author lists exact"], m["compared"])),
        ("decoys matched (must be 0)", f"{m['decoys matched']} of {m['decoys']}"),
        ("ambiguous", str(m["ambiguous"])),
        ("unmatched", str(m["unmatched"])),
        ("false matches (must be 0)", str(m["false matches"])),
        ("lost (neither matched nor reported)", str(m["missed (not reported)"])),
        ("editor's title kept", {True: "yes", False: "NO", None: "n/a"}[m["editor's title kept"]]),
        ("second run changes nothing", "yes" if m.get("second run unchanged") else "NO"),
        ("enrich seconds", f"{m['enrich seconds']:.2f}"),
        ("enrich peak memory", f"{m['enrich peak MB']:.0f} MB"),
    ]
    if m["records dropped"]:
        rows.insert(8, ("pages whose record was dropped, matched (must be 0)",
                        f"{len(m['their pages matched'])} of {m['records dropped']}"))
    if m["held out"]:
        rows.insert(8, ("held out of the list, matched (must be 0)",
                        f"{m['held out matched']} of {m['held out']}"))
    if "refused by the importer" in m:
        rows.insert(2, ("refused by the importer", str(m["refused by the importer"])))
    width = max(len(r[0]) for r in rows)
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")
    print(f"\n    {'perturbation':<22} {'matched':<18} as the only one")
    per = m["per perturbation"]
    for kind in ["none", *PERTURBATIONS]:
        if kind in per:
            k = per[kind]
            print(f"    {kind:<22} {_rate(k['matched'], k['of']):<18} "
                  f"{_rate(k['matched alone'], k['of alone'])}")
    if m["differing fields"]:
        print(f"\n  fields unlike the record ({len(m['differing fields'])}; first "
              f"{min(show, len(m['differing fields']))}):")
        for line in m["differing fields"][:show]:
            print(f"    {line}")
    bad = [o for o in outcomes if o.status not in ("correct", "no page")]
    if bad:
        print(f"\n  not matched right ({len(bad)}; first {min(show, len(bad))}):")
    for o in bad[:show]:
        what = "; ".join(f"{k}: {d}" for k, d in o.entry.perturbations) or "unperturbed"
        into = f" -> {o.matched_to}" if o.matched_to else ""
        into += f" candidates: {', '.join(o.candidates)}" if o.candidates else ""
        print(f"    {o.status:<9} {o.entry.key} (page {o.page}){into}  [{what}]")


# ----------------------------------------------------------------------------- the runs


def run(records: list[dict[str, Any]], record_files: list[Path], decoy_texts: list[str],
        header: str, venue: str, work: Path, seed: int, fmt: str, *,
        key_of: Callable[[dict[str, Any]], str], abstract_of: Callable[[dict[str, Any]], str],
        title_of: Callable[[dict[str, Any]], str],
        authors_of: Callable[[dict[str, Any]], list[str]],
        edit: bool = True, hold_out: int = 0, most: int = 2, sentence_changes: int = 1,
        drop_records: int = 0, dump: Callable[[list[dict[str, Any]]], str] | None = None,
        ) -> tuple[dict[str, Any], list[Outcome]]:
    """Generate, import, (edit), enrich twice, evaluate. With drop_records, that many
    records are left out of a copy of the records file (written with dump): their pages
    are then same-venue decoys, the hardest kind, and must get no record."""
    entries = plan_perturbations([(key_of(r), abstract_of(r)) for r in records], seed, venue,
                                 most=most, sentence_changes=sentence_changes)
    for entry in random.Random(seed + 1).sample(entries, min(hold_out, len(entries))):
        entry.listed = False
    if drop_records and dump is not None:
        listed_records = [e for e in entries if e.listed]
        for entry in random.Random(seed + 2).sample(listed_records,
                                                    min(drop_records, len(listed_records))):
            entry.source = "dropped"
        gone = {e.key for e in entries if e.source == "dropped"}
        copy = work / record_files[0].name
        copy.write_text(dump([r for r in records if key_of(r) not in gone]), encoding="utf-8")
        record_files = [copy]
    entries += [Entry("decoy", f"decoy-{i}", t, t) for i, t in enumerate(decoy_texts)]
    random.Random(seed).shuffle(entries)
    list_path = work / "list.txt"
    listed = [e for e in entries if e.listed]
    starts = write_list(list_path, header, listed)
    papers = work / "papers"
    if papers.exists():
        shutil.rmtree(papers)
    t0 = time.perf_counter()
    imported = run_import(list_path, papers)
    import_s = time.perf_counter() - t0
    truth, refused = truth_by_digest(list_path, listed, starts)
    edited = edit_one_title(papers, truth, random.Random(seed)) if edit else None
    first = enrich_in_child(record_files, papers, fmt)
    before = snapshot(papers)
    second = enrich_in_child(record_files, papers, fmt)
    after = snapshot(papers)
    by_key = {key_of(r): r for r in records}
    metrics, outcomes = evaluate(entries, truth, papers, first["report"], by_key, title_of,
                                 authors_of, edited)
    metrics["closeness"] = closeness(entries, truth, papers, record_files, fmt)
    metrics.update({
        "refused by the importer": len(imported.errors),
        "refused records": [e.key for e in refused],
        "exact duplicates in the list": len(imported.duplicates),
        "import seconds": import_s,
        "enrich seconds": first["seconds"], "enrich CPU seconds": first["cpu_s"],
        "enrich peak MB": first["peak_mb"],
        "second run seconds": second["seconds"],
        "second run applied": len(second["report"].get("applied", [])),
        "second run unchanged": before == after and not second["report"].get("applied"),
        "edited page": edited[0] if edited else None,
        "perturbations given": dict(Counter(k for e in entries for k in e.kinds)),
        "report sizes": {k: len(v) for k, v in first["report"].items() if isinstance(v, list)},
    })
    return metrics, outcomes


def mode_records(args: argparse.Namespace, work: Path) -> dict[str, Any]:
    records = read_papercopilot(args.records)
    decoys = read_papercopilot(args.decoys) if args.decoys else []
    rng = random.Random(args.seed)
    decoy_texts = [r["abstract"] for r in rng.sample(decoys, min(args.decoy_count, len(decoys)))]
    header = args.header or header_for(args.records)
    metrics, outcomes = run(
        records, [args.records], decoy_texts, header, find_venue(header), work, args.seed,
        args.format, drop_records=args.drop_records,
        dump=lambda rs: json.dumps(rs, ensure_ascii=False), hold_out=args.hold_out, most=args.most,
        sentence_changes=args.sentence_changes, key_of=lambda r: str(r["id"]),
        abstract_of=lambda r: r["abstract"],
        title_of=lambda r: str(r.get("title", "")),
        authors_of=lambda r: split_authors(r.get("author")))
    print(f"{header}: {args.records.name}, decoys from "
          f"{args.decoys.name if args.decoys else 'none'}, seed {args.seed}")
    print_table(metrics, outcomes, args.show)
    print_closeness(metrics["closeness"])
    return {"metrics": metrics, "outcomes": [_outcome_json(o) for o in outcomes]}


def mode_scale(args: argparse.Namespace, work: Path) -> dict[str, Any]:
    rows = []
    with args.dev.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rows.append(json.loads(line))
            if len(rows) >= args.scale:
                break
    header = args.header or header_for(args.dev)
    venue = find_venue(header)
    notes = openreview_notes(rows, args.seed, venue)
    notes_path = work / "notes.json"
    notes_path.write_text(json.dumps({"notes": notes}), encoding="utf-8")
    content = lambda n, k: n["content"][k]["value"]  # noqa: E731
    metrics, outcomes = run(
        notes, [notes_path], [], header, venue, work, args.seed, args.format,
        drop_records=args.drop_records, dump=lambda ns: json.dumps({"notes": ns}),
        hold_out=args.hold_out, most=args.most,
        sentence_changes=args.sentence_changes,
        key_of=lambda n: n["id"], abstract_of=lambda n: content(n, "abstract"),
        title_of=lambda n: content(n, "title"), authors_of=lambda n: content(n, "authors"))
    print(f"{header}: first {len(rows):,} of {args.dev.name} as OpenReview notes, seed {args.seed}")
    print_table(metrics, outcomes, args.show)
    print_closeness(metrics["closeness"])
    return {"metrics": metrics, "outcomes": [_outcome_json(o) for o in outcomes
                                             if o.status != "correct"]}


def _outcome_json(o: Outcome) -> dict[str, Any]:
    return {"record": o.entry.key, "status": o.status, "page": o.page, "into": o.matched_to,
            "perturbations": o.entry.perturbations}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="eval_enrich.py", description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=Path, help="Paper Copilot JSON of the venue's records")
    parser.add_argument("--decoys", type=Path, help="Paper Copilot JSON of another venue")
    parser.add_argument("--decoy-count", type=int, default=30)
    parser.add_argument("--scale", type=int, help="mode 2: this many dev-set papers as "
                        "OpenReview notes")
    parser.add_argument("--dev", type=Path, default=DEV_SET, help="JSON lines of "
                        "{title, abstract} for --scale (default: %(default)s)")
    parser.add_argument("--header", help="the list's header (default: from the file name)")
    parser.add_argument("--format", default="auto", help="passed to run_enrich (default auto)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--work", type=Path, help="keep the list, records and pages here")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--hold-out", type=int, default=0, help="leave this many records' "
                        "abstracts out of the list: records without a page, which must stay "
                        "unmatched (default 0)")
    parser.add_argument("--drop-records", type=int, default=0, help="leave this many "
                        "records out of the records file: their pages (same-venue decoys) "
                        "must get no record (default 0)")
    parser.add_argument("--most", type=int, default=2, help="perturbations an abstract gets "
                        "at most (default 2; more is a stress test)")
    parser.add_argument("--sentence-changes", type=int, default=1, help="of them, sentences "
                        "cut or added at most (default 1)")
    parser.add_argument("--show", type=int, default=40, help="misses to list")
    args = parser.parse_args(argv)
    if args.scale is None and args.records is None:
        parser.error("give --records (mode 1) or --scale N (mode 2)")
    with tempfile.TemporaryDirectory() as tmp:
        work = args.work or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        result = mode_scale(args, work) if args.scale else mode_records(args, work)
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, ensure_ascii=False, default=str),
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
