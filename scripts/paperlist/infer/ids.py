"""Page ids: the file name and URL of a paper's page, made once and never changed.

An id outlives any edit of the title, so it is made from what identifies the paper best:
its name, else the significant words of its title, in ASCII so that it is the same in
every file system, URL and shell.
"""

from __future__ import annotations

import re

from paperlist.infer.text import STOP_WORDS
from paperlist.util.text import ascii_lower, slugify

_SLUG_STOP = STOP_WORDS | frozenset(
    "its via how why what when do does can towards is are on".split()
) - {"new", "novel", "first", "simple", "general", "unified", "efficient", "effective"}


_SLUG_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_DASHES = re.compile(r"-{2,}")


def slug_for(title: str, names: list[str]) -> str:
    """A readable page id: the paper's name if it has one, else a few words of the title."""
    slug = slugify(names[0]) if names else ""
    if not slug:
        words = [w for w in _SLUG_WORD.findall(ascii_lower(title))
                 if w not in _SLUG_STOP]
        slug = "-".join(words[:5])
    if len(slug) > 60:
        slug = slug[:60].rsplit("-", 1)[0] if "-" in slug[:60] else slug[:60]
    slug = _DASHES.sub("-", slug).strip("-")
    return slug or "paper"
