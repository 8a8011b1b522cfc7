"""Parsing a conference's abstract list: a header line, then one abstract per paragraph.

Lists arrive from spreadsheets, PDFs and web pages, so the parser is tolerant of the
usual damage (CRLF, BOM, tabs, trailing blanks, hard wrapping) but never guesses about
bytes it cannot read: those stop the import with the file, line and reason.
"""

from __future__ import annotations

import hashlib
import re
import shlex
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from paperlist.model.page import MAX_PARAGRAPH_CHARS
from paperlist.util.text import CONTROL_RE, INVISIBLE_RE

#: A header line longer than this is an abstract, not a title.
MAX_HEADER_CHARS = 200
#: A paragraph of fewer words is no abstract (a note, a placeholder): reported, imported.
#: The shortest of the 16,899 ICLR 2026 abstracts has 26 words, of ICLR 2020's 687, 46.
MIN_ABSTRACT_WORDS = 20
#: A line this long that ends a sentence is a whole abstract's (an export with one
#: abstract per line), not a hard-wrapped one's: two in a paragraph are reported. No two
#: lines of any of the 16,899 ICLR 2026 abstracts are; wrapped lines are under 100.
ABSTRACT_LINE_CHARS = 300

#: Characters that copy-paste and PDF extraction leave in text, which no reader can see:
#: C0 controls (U+0002 marks a PDF's hyphenation point: "dy\x02namically"), the soft
#: hyphen, zero-width characters and direction controls. Removed, with a warning; a line
#: or page separator among them (vertical tab, form feed) becomes a space.
_INVISIBLE = re.compile(f"{CONTROL_RE.pattern}|{INVISIBLE_RE.pattern}")
#: Left at the end of a line whose last character was a PDF's hyphenation mark (U+0002,
#: a soft hyphen), so that join_wrapped joins the word's two halves without a space.
_GLUE = "\u00ad"
#: A short name with two capitals beside a year ("ICML 2026", "CoRL-2026", "ICLR'26"), digits
#: in it too ("3DV 2026", "L4DC 2026"), or in parentheses ("Robotics: Science and Systems
#: (RSS) 2026"). Not `\b`: Chinese characters are word characters to it, and a Chinese
#: header often runs on without a space ("ICML 2026论文列表", "第40届NeurIPS 2026会议").
_NAME = (r"(?<![A-Za-z0-9])((?=[A-Z0-9&\-]*[A-Z][A-Za-z0-9&\-]*[A-Z])"  # two capitals
         r"[A-Z0-9][A-Za-z0-9&\-]*[A-Za-z&])\)?")
_VENUE = re.compile(_NAME + r"\s*['\-\u2013]?\s*((?:19|20)\d\d)(?![A-Za-z0-9])")
_VENUE_SHORT_YEAR = re.compile(_NAME + r"\s?['\u2019](\d\d)(?![A-Za-z0-9])")
_SPACES = re.compile(r"[ \t\u00a0]+")
_WRAP_HYPHEN = re.compile(r"[A-Za-z]-$")


class ListError(ValueError):
    """A problem in the list file, located precisely enough to fix it in an editor."""

    def __init__(self, path: str | Path, line: int, reason: str) -> None:
        self.path = str(path)
        self.line = line
        self.reason = reason
        where = f"{self.path}:{line}" if line else self.path  # 0: the file as a whole
        super().__init__(f"{where}: {reason}")


@dataclass(frozen=True)
class Paragraph:
    """One abstract as it stands in the list, with where it came from."""

    text: str
    line: int  # 1-based line of the paragraph's first line in the file

    @cached_property
    def digest(self) -> str:
        """paragraph_digest of the text, computed once: an import asks for it several
        times per paragraph (duplicates, ownership, page lookup), 30,000 times over."""
        return paragraph_digest(self.text)


@dataclass
class ParsedList:
    path: str
    header: str
    venue: str
    paragraphs: list[Paragraph]
    #: (line of the repeat, line of the first occurrence) for exact duplicate paragraphs
    duplicates: list[tuple[int, int]] = field(default_factory=list)
    #: paragraphs that cannot become pages; every one is reported, none is silently dropped
    errors: list[ListError] = field(default_factory=list)
    #: what was repaired in paragraphs that were imported (invisible characters removed)
    warnings: list[ListError] = field(default_factory=list)
    #: the line the header is on; without one, the first abstract's
    header_line: int = 1


def paragraph_digest(text: str) -> str:
    """The key that ties a page to its source paragraph across imports.

    Computed on whitespace-normalised, NFC text so that re-wrapping or re-saving the
    list with other line endings still finds the same page.
    """
    norm = unicodedata.normalize("NFC", " ".join(text.split()))
    return hashlib.sha256(norm.encode("utf-8")).hexdigest()[:16]


def find_venue(header: str) -> str:
    """'ICML 2026 论文列表' -> 'ICML 2026', "ICLR'26 accepted papers" -> 'ICLR 2026',
    'ICML-2026' -> 'ICML 2026'; '' when the header names no venue (a year written '-26' is
    not read: 'COVID-19')."""
    m = _VENUE.search(header)
    if m:
        return f"{m.group(1)} {m.group(2)}"
    m = _VENUE_SHORT_YEAR.search(header)
    return f"{m.group(1)} 20{m.group(2)}" if m else ""


#: a year as find_venue reads one
_YEAR = re.compile(r"(?<![A-Za-z0-9])(?:19|20)\d\d(?![A-Za-z0-9])")
#: what a message suggests for --venue when the header gives nothing to go on
VENUE_EXAMPLE = "NeurIPS 2026"


#: what may stand between a venue's name and its year, or around the header ("(2026)",
#: "# Robot Learning 2026", "Robot Learning - 2026")
_AROUND_NAME = " \t-\u2013\u2014:,;#*()[]{}\"'"
#: words a header has that name no venue ("In 2026 we accepted ...", "Accepted papers 2026")
_NOT_A_NAME = frozenset("in the a an of for on at by from to and accepted papers paper list "
                        "we our this these".split())
#: longer than this, a header's start is no venue's name
_NAME_MAX = 80


def venue_suggestion(header: str) -> str:
    """What to give --venue for a header find_venue reads no venue in: its words before
    its first year, then the year ("Workshop on Robot Learning (2026) papers" ->
    "Workshop on Robot Learning 2026"), which names the conference as the list does,
    rather than an unrelated example; VENUE_EXAMPLE when there is no year, no name
    before it, or a sentence rather than a name."""
    m = _YEAR.search(header)
    name = " ".join(header[: m.start()].split()).strip(_AROUND_NAME) if m else ""
    for opening, closing in ("()", "[]", "{}"):  # "Robot Learning (July 2026)"
        if name.count(opening) > name.count(closing):
            name = name[: name.rindex(opening)].strip(_AROUND_NAME)
    words = name.split()
    if not words or len(name) > _NAME_MAX or all(
            w.lower().strip(_AROUND_NAME) in _NOT_A_NAME for w in words):
        return VENUE_EXAMPLE
    return f"{name} {m.group(0)}"


def missing_venue(parsed: ParsedList) -> tuple[str, str]:
    """What a message says of a list whose header names no venue (import's warning,
    init's refusal), and the --venue to give: the header's own name and year, else an
    example said to be one."""
    what = (f"the header {parsed.header!r} names no venue" if parsed.header else
            "the list has no header line (its first paragraph is an abstract; if that "
            "paragraph's first line is the header, put a blank line after it), so it "
            "names no venue")
    example = venue_suggestion(parsed.header)
    give = ("its name and year, e.g. " if example == VENUE_EXAMPLE else "") + \
        f"--venue {shlex.quote(example)}"
    return what, give


def decode_list(data: bytes, path: str | Path) -> str:
    """Strict UTF-8 (BOM allowed); a bad byte is reported by line and byte offset. A
    UTF-16 file (what some editors and spreadsheets save as "Unicode") is named as such."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise ListError(path, 1, "the list is UTF-16 (it starts with a UTF-16 byte order "
                        "mark); re-save it as UTF-8")
    if data.count(0) * 4 >= len(data):  # (UTF-8 text holds no NUL, UTF-16 one a letter)
        raise ListError(path, 1, "the list is UTF-16 (saved without a byte order mark: "
                        "every other byte of its letters is 0); re-save it as UTF-8")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise ListError(
            path, line, f"byte {e.start} (0x{data[e.start]:02x}) is not valid UTF-8; "
            "re-save the list as UTF-8"
        ) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text


def _blocks(lines: list[str]) -> list[tuple[int, list[str]]]:
    """Split cleaned lines into (first line number, lines) blocks at blank lines."""
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 0
    for number, line in enumerate(lines, start=1):
        if line:
            if not current:
                start = number
            current.append(line)
        elif current:
            blocks.append((start, current))
            current = []
    if current:
        blocks.append((start, current))
    return blocks


def join_wrapped(lines: list[str]) -> str:
    """Join a hard-wrapped paragraph back into one line.

    A line ending in 'word-' continues the hyphenated word ("state-of-the-" + "art").
    """
    out = lines[0]
    for line in lines[1:]:
        if out.endswith(_GLUE):  # a word broken by a PDF's hyphenation mark
            out = out[:-1] + line
        else:
            out += line if _WRAP_HYPHEN.search(out) else " " + line
    return out.replace(_GLUE, "")


def remove_invisible(text: str) -> tuple[str, list[str]]:
    """The text without invisible characters, and the names of those removed (U+0002...)."""
    found: list[str] = []

    def repl(m: re.Match[str]) -> str:
        found.append(f"U+{ord(m.group()):04X}")
        # Line and page separators part words; the others sit inside one ("dy\x02namically").
        return " " if m.group() in "\x0b\x0c\x1c\x1d\x1e\x1f" else ""

    clean = _INVISIBLE.sub(repl, text)
    return (" ".join(clean.split()) if found else clean), found


def _is_header(block: list[str]) -> bool:
    """At most three short lines, and not an abstract hard-wrapped into them (an abstract's
    words, ending a sentence, naming no venue: a list may have no header, and a long header
    ending in a full stop names its venue)."""
    return (len(block) <= 3 and all(len(line) <= MAX_HEADER_CHARS for line in block)
            and not (len(" ".join(block).split()) >= MIN_ABSTRACT_WORDS
                     and block[-1].rstrip("\"'”)")[-1:] in ".!?"
                     and not find_venue(" ".join(block))))


def _run_on_header(block: list[str]) -> bool:
    """Whether the first paragraph is a header line with the first abstract run on under
    it, no blank line between (as a list typed by hand often has): its first line names a
    venue, is no longer than a header and ends no sentence, the next does not go on in
    lower case ("We evaluate on NeurIPS 2023 data and find that" / "our ..." is an
    abstract's wrapped first line), and the lines after it hold an abstract's words. Else
    the header would begin the abstract, or the abstract end the header."""
    first, second = block[0], block[1] if len(block) > 1 else ""
    return (bool(second) and len(first) <= MAX_HEADER_CHARS and bool(find_venue(first))
            and first.rstrip("\"'”)")[-1:] not in ".!?" and not second[:1].islower()
            and len(" ".join(block[1:]).split()) >= MIN_ABSTRACT_WORDS)


def parse_list_text(text: str, path: str | Path = "<list>") -> ParsedList:
    """Parse decoded list text. Raises ListError for problems with the whole file."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    # Invisible characters go line by line, before paragraphs are found: a line holding
    # only a zero-width space is a blank line to a reader, and so it is here.
    lines: list[str] = []
    removed_at: dict[int, list[str]] = {}
    for number, raw in enumerate(text.split("\n"), start=1):
        # _SPACES only changes a line with a tab, a no-break space or two spaces in a row
        # (most lines have none: 60,000 substitutions of " " by " " cost a second)
        if "\t" in raw or "\u00a0" in raw or "  " in raw:
            raw = _SPACES.sub(" ", raw)
        line = raw.strip()
        if _INVISIBLE.search(line):
            glue = line[-1] in "\x02\u00ad"
            line, removed_at[number] = remove_invisible(line)
            if glue and line:
                line += _GLUE
        lines.append(line)
    blocks = _blocks(lines)
    if not blocks:
        raise ListError(path, 1, "the list is empty; expected a header line, then one "
                        "abstract per paragraph separated by blank lines")
    header_lines: list[str] = []
    first_line, first = blocks[0]
    run_on = _run_on_header(first)
    if run_on:
        header_lines = first[:1]
        blocks[0] = (first_line + 1, first[1:])
    elif _is_header(first):
        header_lines = first
        blocks = blocks[1:]
    if not blocks:
        raise ListError(path, first_line + len(first),
                        "the list has a header but no abstracts; put one abstract per "
                        "paragraph after the header, separated by blank lines")
    header = " ".join(header_lines)
    parsed = ParsedList(path=str(path), header=header, venue=find_venue(header), paragraphs=[],
                        header_line=first_line)
    if run_on:
        parsed.warnings.append(ListError(
            path, first_line, "no blank line after the header: this line was taken as the "
            f"header and the first abstract as starting on line {first_line + 1}; put a "
            "blank line after the header"))
    seen: dict[str, int] = {}
    before: tuple[int, str] | None = None  # the paragraph before: its line and text
    for start, block in blocks:
        para = join_wrapped(block)
        fits = len(para) <= MAX_PARAGRAPH_CHARS  # (one that does not is an error, below)
        if before is not None and fits and _cut_mid_sentence(before[1], para):
            parsed.warnings.append(ListError(
                path, start, f"this paragraph begins in lower case and the one before it "
                f"(line {before[0]}) ends mid-sentence: a blank line may have cut one "
                "abstract in two, imported as two papers. If so, remove that blank line and "
                "import again"))
        before = (start, para) if fits else None
        removed_lines = [n for n in range(start, start + len(block)) if n in removed_at]
        if removed_lines:
            removed = [c for n in removed_lines for c in removed_at[n]]
            kinds = ", ".join(sorted(set(removed)))
            parsed.warnings.append(ListError(
                path, removed_lines[0],
                f"removed {len(removed)} invisible character(s) ({kinds}) from the abstract, "
                "a copy-paste or PDF artefact; the abstract was imported without them"))
        if len(para) > MAX_PARAGRAPH_CHARS:
            parsed.errors.append(ListError(
                path, start,
                f"paragraph is {len(para):,} characters, longer than any abstract "
                f"(limit {MAX_PARAGRAPH_CHARS:,}); is a blank line missing between abstracts?"))
            continue
        words = len(para.split())
        if words < MIN_ABSTRACT_WORDS:
            parsed.warnings.append(ListError(
                path, start, f"this paragraph has {words} word(s), fewer than any "
                "abstract: it is imported as a paper all the same; if it is not one (a note, "
                "a placeholder such as 'TBD'), remove it from the list"))
        whole = [start + k for k, line in enumerate(block)
                 if len(line) >= ABSTRACT_LINE_CHARS and line.rstrip("\"'”")[-1:] in ".!?)"]
        if len(whole) > 1:
            parsed.warnings.append(ListError(
                path, start,
                f"this paragraph has {len(block)} lines, and those on lines "
                f"{', '.join(map(str, whole))} are each as long as an abstract and end a "
                "sentence, as in a list with one abstract per line; it is taken as one "
                "abstract. If they are separate abstracts, put a blank line between them "
                "and import again"))
        p = Paragraph(text=para, line=start)
        if p.digest in seen:
            parsed.duplicates.append((start, seen[p.digest]))
            continue
        seen[p.digest] = start
        parsed.paragraphs.append(p)
    if not parsed.paragraphs and not parsed.errors:
        raise ListError(path, 1, "the list has no abstracts")
    return parsed


#: what ends a paragraph that ends mid-sentence: a word, a number, or a mark that leads on
_GOES_ON = re.compile(r"[\w,;\-\u2013\u2014(]\Z")


def _cut_mid_sentence(before: str, after: str) -> bool:
    """Whether two paragraphs read as one abstract a stray blank line cut: the first ends
    mid-sentence (not on a full stop, a formula or a link) and the second begins in lower
    case ("... train a policy that maps" / "glove data to robot hand actions."). Abstracts
    begin with a capital, or a name written in lower case ("xLSTM"), which a paragraph
    that ends a sentence comes before."""
    if not after[:1].islower() or not _GOES_ON.search(before):
        return False
    last = before.rsplit(None, 1)[-1]
    return "://" not in last and not last.startswith("www.")


def read_list(path: str | Path) -> bytes:
    """A list file's bytes, read once (it may be a pipe: `paperlist import /dev/stdin`)."""
    try:
        return Path(path).read_bytes()
    except OSError as e:
        raise ListError(path, 0, f"cannot read the list: {e.strerror or e}") from None


def parse_list(path: str | Path, data: bytes | None = None) -> ParsedList:
    """Read and parse a list file (or its bytes, `data`, read already); file-level problems
    raise ListError and nothing is written."""
    path = Path(path)
    if data is None:
        data = read_list(path)
    if not data.strip():
        raise ListError(path, 1, "the list is empty; expected a header line, then one "
                        "abstract per paragraph separated by blank lines")
    return parse_list_text(decode_list(data, path), path)
