"""Where Pagefind's index chunks begin and end, read from its bundle for the browser's engine.

Pagefind splits its index of stems into chunks by alphabetical range and fetches, for a
searched word, the chunks the word and its stem fall in (search-stem.js `chunksOf`); but
it matches the word's stem as the start of any stem in the chunks it holds ("multi":
"multimod", "multitask"), and a stem's words run on into the next chunks. So the papers
it found for a word depended on which chunks earlier queries had fetched: at 12,000
papers, "multi" on a fresh page found 2,573 papers, and 4,841 once other words had been
searched (4,941 hold a word it begins). The engine (search-core.js `searchWord`) stems
the word as Pagefind does (search-stem.js) and fetches every chunk beginning with the
stem first (a long query's finished word: only its stem's, and then counts only the
pages holding the stem itself where later chunks begin with it); this is the list of
where chunks begin and end (engine.json `chunks`, `chunk_ends`), from Pagefind's meta
file: gzip, a magic string, then CBOR.
"""

from __future__ import annotations

import gzip
import struct
from pathlib import Path
from typing import Any

#: Pagefind's bundle files start with this after gunzipping (pagefind 1.5 and 1.6).
MAGIC = b"pagefind_dcd"
#: The meta file's fields: version, pages, index chunks ([from, to, file]), ...
_CHUNKS_FIELD = 2


class BundleError(ValueError):
    """A Pagefind file this module cannot read: another Pagefind version's format."""


def _decode(data: bytes, at: int) -> tuple[Any, int]:
    """One CBOR item at `at` and where the next begins: the definite-length subset
    Pagefind writes (integers, strings, arrays, maps, simple values, floats)."""
    head = data[at]
    major, info = head >> 5, head & 31
    at += 1
    if major == 7 and info in (25, 26, 27):  # half (never written), single, double float
        size = {25: 2, 26: 4, 27: 8}[info]
        value = struct.unpack({2: ">e", 4: ">f", 8: ">d"}[size], data[at:at + size])[0]
        return value, at + size
    if info < 24:
        n = info
    elif info <= 27:
        size = 1 << (info - 24)
        n = int.from_bytes(data[at:at + size], "big")
        at += size
    else:
        raise BundleError(f"CBOR item of indefinite length at byte {at - 1}")
    if major == 0:
        return n, at
    if major == 1:
        return -1 - n, at
    if major in (2, 3):
        raw = data[at:at + n]
        return (raw.decode("utf-8") if major == 3 else raw), at + n
    if major in (4, 5):
        items = []
        for _ in range(n * (2 if major == 5 else 1)):
            item, at = _decode(data, at)
            items.append(item)
        return (dict(zip(items[::2], items[1::2], strict=True)) if major == 5 else items), at
    if major == 7:
        return {20: False, 21: True, 22: None}.get(n, n), at
    raise BundleError(f"CBOR tag (major type 6) at byte {at - 1}")


def read_cbor_file(path: Path) -> Any:
    """A Pagefind file of CBOR, decoded: the meta file (pagefind.<hash>.pf_meta) or an
    index chunk (index/<hash>.pf_index: [[stem, [[page, places, ...], ...], ...], ...])."""
    raw = gzip.decompress(path.read_bytes())
    if not raw.startswith(MAGIC):
        raise BundleError(f"{path.name}: not a Pagefind 1.5/1.6 file")
    data, _ = _decode(raw, len(MAGIC))
    return data


def chunk_bounds(pagefind_dir: Path) -> tuple[list[str], list[str]]:
    """Where each of the index's chunks begins and ends, in Pagefind's order: prefixes of
    its first and last stems, as Pagefind cuts them (the engine works out from them which
    chunks Pagefind fetches for a word: search-stem.js `chunksOf`)."""
    metas = sorted(pagefind_dir.glob("pagefind.*.pf_meta"))
    if len(metas) != 1:
        raise BundleError(f"{pagefind_dir}: {len(metas)} meta files; the site is indexed "
                          "in one language (--force-language en), so there should be one")
    meta = read_cbor_file(metas[0])
    try:
        chunks = meta[_CHUNKS_FIELD]
        starts = [chunk[0] for chunk in chunks]
        ends = [chunk[1] for chunk in chunks]
    except (IndexError, KeyError, TypeError):
        raise BundleError(f"{metas[0].name}: no list of index chunks where Pagefind 1.5/1.6 "
                          "writes it; check the pinned pagefind version") from None
    if not all(isinstance(s, str) for s in starts + ends):
        raise BundleError(f"{metas[0].name}: index chunks whose bounds are not words")
    return starts, ends
