"""Pagefind's bundle, written from our own records of the pages (search/fossick.py).

The files hold what Pagefind's hold for the same pages (scripts/tools/index_parity.py
compares them): its browser code (search/runtime.py), which only reads them, searches
them as it would its own. Each file is gzipped, `pagefind_dcd` then CBOR (the meta
file, index chunks, filters) or JSON (fragments), and named by a SHA-1 of its bytes:

- pagefind.<hash>.pf_meta: [version, pages [[fragment, word count, ""]] ([fragment,
  word count] for 1.5's runtime), index chunks
  [[from, to, file]], filters [[name, file]], sorts [], meta fields];
- index/<hash>.pf_index: [[[stem, [[page delta, places, meta places]], variants]]], the
  stems in order, cut into chunks of about 20,000 places;
- filter/<hash>.pf_filter: [name, [[value, [pages]]]];
- fragment/<hash>.pf_fragment: the page's JSON (PageRecord.fragment).

Pages are numbered in the order given (the catalogue's), not in the order a folder lists
them, so one catalogue builds a bundle of the same files and contents on every machine.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
import threading
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from paperlist.search.chunks import MAGIC
from paperlist.search.record import PLACE_BITS, PageRecord, place_key
from paperlist.search.runtime import LANGUAGE

#: Pagefind's index chunk size: a chunk ends once its stems hold this many places.
CHUNK_SIZE = 20000


# --- CBOR, the definite-length subset Pagefind writes -------------------------------

def _head(major: int, n: int) -> bytes:
    if n < 24:
        return bytes((major << 5 | n,))
    if n < 0x100:
        return bytes((major << 5 | 24, n))
    if n < 0x10000:
        return bytes((major << 5 | 25,)) + struct.pack(">H", n)
    if n < 0x100000000:
        return bytes((major << 5 | 26,)) + struct.pack(">I", n)
    return bytes((major << 5 | 27,)) + struct.pack(">Q", n)


#: the encodings of the integers places are made of, precomputed: most of the index (the
#: places of a page's words, steps between pages; 65,536 of each were 7 MB of every
#: build's memory)
_SMALL = 1 << 12
_POSITIVE = [_head(0, n) for n in range(_SMALL)]
_NEGATIVE = [_head(1, n) for n in range(_SMALL)]


def _int(n: int) -> bytes:
    if 0 <= n < _SMALL:
        return _POSITIVE[n]
    if -_SMALL <= n < 0:
        return _NEGATIVE[-1 - n]
    return _head(0, n) if n >= 0 else _head(1, -1 - n)


def _ints(values: Iterable[int], count: int) -> bytes:
    """A CBOR array of integers."""
    pos, neg = _POSITIVE, _NEGATIVE
    return _head(4, count) + b"".join(
        pos[n] if 0 <= n < _SMALL else neg[-1 - n] if -_SMALL <= n < 0 else _int(n)
        for n in values)


def _text(s: str) -> bytes:
    raw = s.encode("utf-8")
    return _head(3, len(raw)) + raw


def cbor(value: object) -> bytes:
    """CBOR of ints, strings and lists (what the meta and filter files hold)."""
    if isinstance(value, bool):
        raise TypeError("no booleans in a Pagefind file")
    if isinstance(value, int):
        return _int(value)
    if isinstance(value, str):
        return _text(value)
    if isinstance(value, (list, tuple)):
        return _head(4, len(value)) + b"".join(cbor(v) for v in value)
    raise TypeError(f"cannot write {type(value).__name__} as Pagefind's CBOR")


# --- files ---------------------------------------------------------------------

def _version(version: str) -> tuple[int, ...]:
    """'1.6.0' -> (1, 6, 0); what is not a number counts as 0."""
    return tuple(int(p) if p.isdigit() else 0 for p in version.split("."))


def full_hash(data: bytes) -> str:
    """Pagefind's name for a file's bytes: SHA-1 in hex, each byte without its leading
    zero (Rust's `{:x?}`)."""
    return "".join(format(b, "x") for b in hashlib.sha1(data).digest())


#: zlib's level: Pagefind's 9 took 11.5 CPU seconds for the index of 30,000 papers, 6
#: took 2.4, for 2.7% more bytes
LEVEL = 6


def _gzip(data: bytes) -> bytes:
    """gzip, with no time in the header (the same bytes every build)."""
    return zlib.compress(MAGIC + data, LEVEL, 31)


def _short(full: str, taken: set[str] | dict[str, object]) -> str:
    """Pagefind's file name: the language, then 7 characters of the hash, longer while
    another file has the name."""
    name = f"{LANGUAGE}_{full}"
    n = len(LANGUAGE) + 8
    while name[:n] in taken and n < len(name):
        n += 1
    return name[:n]


_MASK = (1 << PLACE_BITS) - 1


def _places(keys: list[int]) -> tuple[bytes, int]:
    """A page's places of a word (place keys, record.py place_key), as Pagefind writes them:
    grouped by weight, the plain weight first, each group opened by -(weight + 1) unless it
    is the weight before (25 at the start), then its places, each as the step from the one
    before. The CBOR array and its length."""
    keys.sort()
    first, last = keys[0], keys[-1]
    if first >> PLACE_BITS == last >> PLACE_BITS:  # one weight (nearly every word)
        weight = (first >> PLACE_BITS) & 0xFF
        start = first & _MASK
        pos = _POSITIVE
        steps = [pos[b - a] if b - a < _SMALL else _int(b - a)
                 for a, b in zip(keys, keys[1:], strict=False)]
        if weight == 25:
            return _head(4, len(keys)) + _int(start) + b"".join(steps), len(keys)
        return (_head(4, len(keys) + 1) + _int(-weight - 1) + _int(start) + b"".join(steps),
                len(keys) + 1)
    out: list[int] = []
    current, previous = 25, 0
    for key in keys:
        weight, place = (key >> PLACE_BITS) & 0xFF, key & _MASK
        if weight != current:
            out.append(-weight - 1)
            out.append(place)
            current = weight
        else:
            out.append(place - previous)
        previous = place
    return _ints(out, len(out)), len(out)


def _meta_places(places: list[tuple[int, int]]) -> list[int]:
    """[(field number, place)] as -(field + 1) then the places in the field, as steps."""
    out: list[int] = []
    current, last = None, 0
    for field_id, place in sorted(places):
        if field_id != current:
            out.append(-field_id - 1)
            current, last = field_id, 0
        out.append(place - last)
        last = place
    return out


class _Postings:
    """One stem's pages, encoded as they come (page order): the index is most of the
    bundle, and held as Python lists it took gigabytes at 30,000 papers."""

    __slots__ = ("data", "count", "last", "size", "variants")

    def __init__(self) -> None:
        self.data = bytearray()
        self.count = 0
        self.last = 0
        #: places counted as Pagefind counts them to cut chunks
        self.size = 0
        self.variants: dict[str, _Postings] | None = None

    def add(self, number: int, places: bytes, n_places: int, meta: bytes, n_meta: int) -> None:
        step = number - self.last
        self.data += (b"\x83" + (_POSITIVE[step] if step < _SMALL else _int(step)) + places
                      + meta)
        self.last = number
        self.count += 1
        self.size += n_places + n_meta + 1

    def variant(self, form: str) -> _Postings:
        if self.variants is None:
            self.variants = {}
        found = self.variants.get(form)
        if found is None:
            found = self.variants[form] = _Postings()
        return found

    def chunk_size(self) -> int:
        return self.size + sum(v.size + 1 for v in (self.variants or {}).values())

    def cbor(self, stem: str) -> bytes:
        variants = self.variants or {}
        return (b"\x83" + _text(stem) + _head(4, self.count) + bytes(self.data)
                + _head(4, len(variants)) + b"".join(
                    b"\x82" + _text(form) + _head(4, v.count) + bytes(v.data)
                    for form, v in variants.items()))


_EMPTY = b"\x80"
#: a word's one place on a page at the plain weight (24: -25 opens it), encoded, by place
_ONE_PLAIN = [b"\x82\x38\x18" + _POSITIVE[p] for p in range(1 << 12)]
_PLAIN_KEY = place_key(0, 24)


def _add_page(words: dict[str, _Postings], number: int, record: PageRecord,
              fields: dict[str, int]) -> None:
    """Add the page's entries to each stem's postings: its places, its places in meta
    fields (on the same entry), and its forms with diacritics as the stem's variants."""
    metas: dict[str, list[tuple[int, int]]] = {}
    variant_metas: dict[str, dict[str, list[tuple[int, int]]]] = {}
    for stem, found in record.meta_words.items():
        for name, place, original in found:
            if original is None:
                metas.setdefault(stem, []).append((fields[name], place))
            else:
                variant_metas.setdefault(stem, {}).setdefault(original, []).append(
                    (fields[name], place))
    one, plain, limit = _ONE_PLAIN, _PLAIN_KEY, _PLAIN_KEY + len(_ONE_PLAIN)
    pos = _POSITIVE
    for stem, keys in record.words.items():
        postings = words.get(stem)
        if postings is None:
            postings = words[stem] = _Postings()
        if len(keys) == 1 and plain <= keys[0] < limit:  # most: one place, plain weight
            places, n = one[keys[0] - plain], 2
        else:
            places, n = _places(keys)
        meta = metas.pop(stem, None) if metas else None
        if meta is None:  # _Postings.add, inline: 3.5 million times at 30,000 papers
            step = number - postings.last
            postings.data += b"\x83" + (pos[step] if step < _SMALL else _int(step)) + places + (
                _EMPTY)
            postings.last = number
            postings.count += 1
            postings.size += n + 1
        else:
            packed = _meta_places(meta)
            postings.add(number, places, n, _ints(packed, len(packed)), len(packed))
    for stem, meta in metas.items():  # in meta fields only
        postings = words.get(stem)
        if postings is None:
            postings = words[stem] = _Postings()
        packed = _meta_places(meta)
        postings.add(number, _EMPTY, 0, _ints(packed, len(packed)), len(packed))
    if not record.variants and not variant_metas:
        return
    for stem in sorted(set(record.variants) | set(variant_metas)):  # words with diacritics
        by_form: dict[str, list[int]] = {}
        for original, key in record.variants.get(stem, ()):
            by_form.setdefault(original, []).append(key)
        form_metas = variant_metas.get(stem, {})
        postings = words.get(stem)
        if postings is None:
            postings = words[stem] = _Postings()
        for form in [*sorted(by_form), *sorted(set(form_metas) - set(by_form))]:
            places, n = _places(by_form[form]) if form in by_form else (_EMPTY, 0)
            meta_list = _meta_places(form_metas[form]) if form in form_metas else []
            postings.variant(form).add(number, places, n, _ints(meta_list, len(meta_list)),
                                       len(meta_list))


def _write(path: str, data: bytes) -> None:
    """A new file (thousands are written: os's calls, without Python's file object)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def _prefixes(a: str, b: str) -> tuple[str, str]:
    common = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        common += 1
    return a[:common + 1], b[:common + 1]


class BundleWriter:
    """The bundle of pages given one by one (`add`, in page order), written by `finish`.
    A page's fragment is written as it comes, and kept (`fragments`: the engine's files
    are made from them, about 3 KB a page); its words are kept encoded (_Postings), not as
    Python lists of places.

    `fields`: every meta field the pages hold values in (search/fossick.py `read`), which
    numbers them in the index (places in field n) before the first page is added."""

    def __init__(self, out: Path, version: str, fields: Iterable[str]) -> None:
        """out: the bundle's folder (made already); version: the runtime's (search/
        runtime.py), which decides how a page is listed in the meta file."""
        self.out = out
        self.version = version
        #: whether the runtime reads a page as [fragment, word count, group]: 1.6 on; 1.5's
        #: reads [fragment, word count] and fails on more
        self.grouped = _version(version) >= (1, 6)
        self.fields = {name: n for n, name in enumerate(sorted(set(fields)))}

        self.pages: list[list[str | int]] = []
        self.fragment_names: dict[str, str] = {}
        self.filters: dict[str, dict[str, list[int]]] = {}
        self.words: dict[str, _Postings] = {}
        for folder in ("fragment", "index", "filter"):
            (out / folder).mkdir(exist_ok=True)
        self.fragments_dir = str(out / "fragment")
        #: fragment file name -> what it holds, in name order once finished: the engine's
        #: files are made from them (search/data.py), so they are not read back from disk
        self.fragments: dict[str, dict[str, Any]] = {}

    def add(self, record: PageRecord) -> None:
        number = len(self.pages)
        unknown = set(record.meta) - set(self.fields)
        if unknown:
            raise ValueError(f"{record.url}: meta fields {sorted(unknown)} not among those "
                             f"given to the index ({sorted(self.fields)})")
        fragment = record.fragment()
        raw = json.dumps(fragment, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        full = full_hash(raw)
        name = _short(full, self.fragment_names)
        self.fragment_names[name] = full
        self.fragments[name] = fragment
        _write(f"{self.fragments_dir}/{name}.pf_fragment", _gzip(raw))
        # (1.6 groups fragments into files when asked: a group's file, none here)
        self.pages.append([name, record.word_count, ""] if self.grouped
                          else [name, record.word_count])
        for filter_name, values in record.filters.items():
            by_value = self.filters.setdefault(filter_name, {})
            for value in values:
                by_value.setdefault(value, []).append(number)
        _add_page(self.words, number, record, self.fields)

    def finish(self, stop: threading.Event | None = None) -> dict[str, Any] | None:
        """Write the index, filters and meta file; return pagefind-entry.json's language
        entry: {"hash": meta file's, "page_count": ...}; None once `stop` is set."""
        out = self.out
        filter_meta = []
        filter_names: set[str] = set()
        for name in sorted(self.filters):
            data = cbor([name, [[value, pages] for value, pages
                                in sorted(self.filters[name].items())]])
            short = _short(full_hash(data), filter_names)
            filter_names.add(short)
            (out / "filter" / f"{short}.pf_filter").write_bytes(_gzip(data))
            filter_meta.append([name, short])
        chunks: list[tuple[str, str, list[bytes]]] = []
        encoded: list[bytes] = []
        first: str | None = None
        size = 0
        stem = ""
        for n, stem in enumerate(sorted(self.words)):
            if n % 4096 == 0 and stop is not None and stop.is_set():
                return None
            postings = self.words[stem]
            if first is None:
                first = stem
            size += postings.chunk_size()
            encoded.append(postings.cbor(stem))
            if size >= CHUNK_SIZE:
                chunks.append((first, stem, encoded))
                encoded, first, size = [], None, 0
        if encoded and first is not None:
            chunks.append((first, stem, encoded))
        bounds = [[start, end] for start, end, _ in chunks]
        for i in range(len(bounds) - 1):
            end, start = _prefixes(bounds[i][1], bounds[i + 1][0])
            if end >= bounds[i][0]:
                bounds[i][1] = end
            bounds[i + 1][0] = start
        chunk_meta = []
        chunk_names: set[str] = set()
        for (start, end), (_, _, items) in zip(bounds, chunks, strict=True):
            data = b"\x81" + _head(4, len(items)) + b"".join(items)
            short = _short(full_hash(data), chunk_names)
            chunk_names.add(short)
            (out / "index" / f"{short}.pf_index").write_bytes(_gzip(data))
            chunk_meta.append([start, end, short])
        meta = cbor([self.version, self.pages, chunk_meta, filter_meta, [], sorted(self.fields)])
        meta_hash = f"{LANGUAGE}_{full_hash(meta)[:len(LANGUAGE) + 8]}"
        (out / f"pagefind.{meta_hash}.pf_meta").write_bytes(_gzip(meta))
        self.fragments = dict(sorted(self.fragments.items()))  # (as a folder lists them)
        return {"hash": meta_hash, "page_count": len(self.pages)}
