"""One paper as the conference's own metadata gives it, whatever format it came in.

Every reader in formats.py turns its records into these, so matching and writing know one
shape. Values are plain text: a record's title or author may carry HTML (virtual sites
write `<i>` in titles) or invisible characters, and a page that held them would be refused
by `paperlist check`; they are reduced to their text here, once.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from paperlist.util.text import (
    CONTROL_RE,
    INVISIBLE_RE,
    has_strong_separator,
    split_name_items,
)
from paperlist.util.text import split_names as text_names

DATA_FILE = Path(__file__).resolve().parent.parent / "data" / "enrich.yml"
#: The links a record can give, under the page's `links:` (code merges with the abstract's).
RECORD_LINKS = ("code", "paper", "pdf", "project")

_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")


class RecordError(ValueError):
    """A source file, or a record in it, that cannot be read: where, and what to do."""

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"{where}: {reason}")


#: The id a record gets when its source gives none: its position, which is no identity
#: (another file, or a row inserted above, gives the same one to another paper).
POSITIONAL_ID = re.compile(r"(?:record|row) \d+")


@dataclass
class Record:
    """One paper's official metadata. `where` locates it for messages ("file: record 12",
    "file:31"); `id` is the record's own id, kept on the page to find it again, or its
    position when the source gives none ("record 12", "row 3")."""

    format: str
    id: str
    where: str
    abstract: str
    title: str = ""
    authors: list[str] = field(default_factory=list)
    #: aligned with authors ('' where unknown); empty when the record gives none
    affiliations: list[str] = field(default_factory=list)
    status: str = ""
    track: str = ""
    #: code, paper, pdf, project -> http(s) links
    links: dict[str, list[str]] = field(default_factory=dict)

    @property
    def has_own_id(self) -> bool:
        """Whether the id is the source's own, so that it names this paper in any file."""
        return not POSITIONAL_ID.fullmatch(self.id)


@lru_cache(maxsize=1)
def settings() -> dict[str, Any]:
    """data/enrich.yml: status words and CSV column names."""
    return yaml.safe_load(DATA_FILE.read_text(encoding="utf-8"))


def plain(value: Any) -> str:
    """A record's value as one line of plain text: tags dropped, entities decoded,
    controls and invisible characters removed, whitespace collapsed."""
    if value is None:
        return ""
    text = str(value)
    if "<" in text:
        text = _TAG.sub(" ", text)
    if "&" in text:
        text = html.unescape(text)
    text = unicodedata.normalize("NFC", text)
    text = INVISIBLE_RE.sub("", CONTROL_RE.sub(" ", text))
    return " ".join(text.split())


def text_list(values: Any) -> list[str]:
    """A list of names or affiliations, each as plain text; empty items kept (aligned)."""
    if not isinstance(values, list):
        return []
    return [plain(v) for v in values]


def split_names(value: Any, sep: str | None = None) -> list[str]:
    """Authors given as one string ("A; B; C", some years "A, B, C", "张三，李四"; `sep`
    when the format names one), or a list already; an item or part that still holds a
    name separator is several names (util/text.py split_names, NAME_SEPARATOR_RE)."""
    if not isinstance(value, list) and not sep:
        text = plain(value)
        return _one_name_kept(text_names(text), text)
    return split_name_items(text_list(value) if isinstance(value, list)
                            else plain(value).split(sep))


#: what follows a name after a comma without being another person: "King, Jr."
_NAME_SUFFIX = re.compile(r"(?:jr|sr|ii|iii|iv|phd|md)\.?", re.IGNORECASE)


def _one_name_kept(parts: list[str], text: str) -> list[str]:
    """Names split at commas (no semicolons), with what is one person's put back: a
    suffix joins the name before it ("Martin Luther King, Jr."), and two single words
    are one name written last name first ("Smith, John"), not two people."""
    if has_strong_separator(text) or len(parts) < 2:
        return parts
    out: list[str] = []
    for part in parts:
        if out and _NAME_SUFFIX.fullmatch(part):
            out[-1] = f"{out[-1]}, {part}"
        else:
            out.append(part)
    if len(out) == 2 and all(len(p.split()) == 1 for p in out):
        return [", ".join(out)]
    return out


def split_affiliations(value: Any, authors_text: Any, sep: str | None = None) -> list[str]:
    """Affiliations as one string, split as their authors were (semicolons if either uses
    them, else commas), an unknown one kept as '' so that they line up; or a list."""
    if isinstance(value, list):
        return text_list(value)
    text = plain(value)
    if not text:
        return []
    if sep:
        return split_name_items(text.split(sep), keep_empty=True)
    strong = has_strong_separator(text) or has_strong_separator(plain(authors_text))
    if not strong and len(split_names(authors_text)) == 1:
        # one author: all of it is theirs ("Weizmann Institute of Science, Rehovot,
        # Israel"), where split at its commas it lined up with no one and was dropped
        return [text]
    return text_names(text, strong=strong, keep_empty=True)


def http_links(*values: Any) -> list[str]:
    """The http(s) links among the values, once each, in order; anything else dropped."""
    out: list[str] = []
    for value in values:
        for item in value if isinstance(value, list) else [value]:
            url = plain(item)
            if re.match(r"https?://[^\s<>\"'`\\]+$", url) and url not in out:
                out.append(url)
    return out


def status_name(value: Any) -> str:
    """A decision as the site shows it: "Accept (oral)" -> "Oral", "poster" -> "Poster"."""
    text = plain(value)
    low = " ".join(re.sub(r"[^\w%]+", " ", text.casefold()).split())
    for word, name in settings()["statuses"]:
        if word in low:
            return name
    return text
