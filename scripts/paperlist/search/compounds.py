"""The parts of a page's compounds that Pagefind does not index as words of their own.

Pagefind indexes a word holding punctuation ("NTK-LoRA", "GPT-4o", "ImageNet-1K") run
together ("ntklora") and in pieces, but it cuts each piece again wherever the case or a
digit changes ("Lo", "RA"; "4", "o") and drops pieces of one letter (its fossick
`get_discrete_words`). So "LoRA" is no word of a page that writes only "NTK-LoRA": a
search for "lora" misses the NTK-LoRA paper, and one for "imagenet" finds "ImageNet-1K"
only as the start of a longer word (which search-core.js counts as a weaker match). At
12,000 real abstracts 635 pages write such a part (MoE, LoRA, CoT, DiT, ImageNet) only
inside a compound.

Words a PDF's line break cut ("frame- work") are given to it joined the same way
(`joined_words`). html/paper.py `indexed_body` gives Pagefind those parts as hidden,
searchable metadata:
TITLE_PARTS for the title's and names' compounds (which the ranking counts as the title's
words: engine.json `title_fields`), PARTS for the abstract's. Pagefind gives a match in
hidden metadata no place on the page, so the ranking counts it once however often the
abstract writes it: each part is listed once.
"""

from __future__ import annotations

import re

from paperlist.util.text import line_break_cuts, strip_urls

#: Pagefind metadata fields holding the parts (search-core.js reads `title_fields`).
TITLE_PARTS = "title_parts"
PARTS = "parts"
#: The metadata fields whose words are the title's to the ranking: the title itself, the
#: short name (html/paper.py) and the parts of their compounds.
TITLE_FIELDS = ("title", "name", TITLE_PARTS)

# A piece between punctuation: what Pagefind would index whole, were it not cut again
_PIECE = re.compile(r"[^\W_]+")


#: _cut's boundaries in an ASCII piece (letters and digits only), found by one search:
#: most pieces are ASCII, and the loop below cost more than the rest of indexed_body
_ASCII_CUT = re.compile(r"\d[A-Za-z]|[A-Za-z]\d|[a-z][A-Z]|[A-Z][A-Z][a-z]")


def _cut(piece: str) -> bool:
    """Whether Pagefind's case conversion (convert_case's default boundaries) cuts the
    piece: between a letter and a digit ("4o", "Qwen3"), a lower-case letter and a capital
    ("LoRA", "MoE", "iPhone"), or before a capital that starts a word after capitals
    ("LLaMA")."""
    if piece.isascii():
        return _ASCII_CUT.search(piece) is not None
    for a, b, c in zip(piece, piece[1:], piece[2:] + " ", strict=False):
        if a.isdigit() != b.isdigit() or (a.islower() and b.isupper()) or (
                a.isupper() and b.isupper() and c.islower()):
            return True
    return False


def hidden_parts(text: str) -> list[str]:
    """The pieces of `text`'s compounds that Pagefind cuts up, lower-cased, each once, in
    the order first written: "NTK-LoRA and GPT-4o" -> ["lora", "4o"]. A word of one piece
    ("LoRA", "QLoRA,") is indexed whole, punctuation aside, and has none."""
    out: dict[str, None] = {}
    for token in strip_urls(text).split():  # a link's address is no text Pagefind reads
        if token.isalnum():
            continue  # one piece (most words): nothing cut out of a compound
        pieces = _PIECE.findall(token)
        if len(pieces) > 1:
            out.update((p.lower(), None) for p in pieces if len(p) > 1 and _cut(p))
    return list(out)


def joined_words(text: str) -> list[str]:
    """The words of `text` a line break cut, joined, lower-cased, each once, in the order
    first written: "our frame- work trains mod- els" -> ["framework", "models"]. The page
    shows the abstract as it was given; its index gets the words a reader searches for
    ("framework" found no page that writes only "frame- work": Pagefind indexes "frame"
    and "work"). A hyphenated word cut at its hyphen ("real- world") is joined too, as
    Pagefind joins "real-world"."""
    return list(dict.fromkeys((m.group(1) + m.group(2)).lower()
                              for m in line_break_cuts(strip_urls(text))))
