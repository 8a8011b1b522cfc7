"""search/chunks.py: where Pagefind's index chunks begin, read from its CBOR meta file."""

from __future__ import annotations

import gzip
import json

import pytest

from paperlist.search.chunks import MAGIC, BundleError, chunk_bounds, read_cbor_file


def text(s: str) -> bytes:
    raw = s.encode()
    assert len(raw) < 24
    return bytes([0x60 | len(raw)]) + raw


def meta_file(tmp_path, body: bytes, name: str = "pagefind.en_1.pf_meta"):
    (tmp_path / name).write_bytes(gzip.compress(MAGIC + body))
    return tmp_path


#: [version, pages, index chunks [from, to, file], filters, sorts, meta fields], as 1.6
#: writes it: a page is [hash, word count, sort values]
META = (b"\x86" + text("1.6.0")
        + b"\x81\x83" + text("en_a1") + b"\x19\x01\x2c" + text("")
        + b"\x82\x83" + text("000") + text("lay") + text("en_c1")
        + b"\x83" + text("lb") + text("\u00e9t\u00e9") + text("en_c2")
        + b"\x80\x80\x82\x80\x81" + text("title"))


def test_the_chunks_begin_where_the_meta_file_says(tmp_path):
    bundle = meta_file(tmp_path, META)
    assert chunk_bounds(bundle) == (["000", "lb"], ["lay", "\u00e9t\u00e9"])
    meta = read_cbor_file(bundle / "pagefind.en_1.pf_meta")
    assert meta[1] == [["en_a1", 300, ""]]
    assert meta[2][1] == ["lb", "été", "en_c2"]


def test_numbers_floats_maps_and_simple_values_decode(tmp_path):
    body = (b"\x82\xa2" + text("n") + b"\x39\x01\x00" + text("f") + b"\xfb"
            + bytes.fromhex("3ff8000000000000") + b"\x83\xf4\xf5\xf6")
    path = meta_file(tmp_path, body, "x.pf_index") / "x.pf_index"
    assert read_cbor_file(path) == [{"n": -257, "f": 1.5}, [False, True, None]]


@pytest.mark.parametrize(("body", "name", "says"), [
    (META, "two", "2 meta files"),
    (b"\x9f\x80\xff", "pagefind.en_1.pf_meta", "indefinite"),
    (b"\x82" + text("1.6.0") + b"\x80", "pagefind.en_1.pf_meta", "no list of index chunks"),
    (b"\x83" + text("1") + b"\x80\x81\x83\x01\x02\x03", "pagefind.en_1.pf_meta",
     "bounds are not words"),
])
def test_a_meta_file_of_another_format_is_refused_saying_why(tmp_path, body, name, says):
    meta_file(tmp_path, body)
    if name == "two":
        meta_file(tmp_path, body, "pagefind.fr_1.pf_meta")
    with pytest.raises(BundleError, match=says):
        chunk_bounds(tmp_path)


def test_a_file_without_pagefinds_signature_is_refused(tmp_path):
    (tmp_path / "pagefind.en_1.pf_meta").write_bytes(gzip.compress(json.dumps([]).encode()))
    with pytest.raises(BundleError, match="not a Pagefind 1.5/1.6 file"):
        chunk_bounds(tmp_path)


def test_the_built_sites_engine_knows_where_its_index_chunks_begin(built_site):
    """engine.json `chunks`: one per index chunk file, the first its first stem's start;
    `chunk_ends`, where each ends, in the same order."""
    engine = json.loads((built_site / "assets/paperlist/search/engine.json").read_text())
    files = list((built_site / "pagefind" / "index").glob("*.pf_index"))
    assert len(engine["chunks"]) == len(engine["chunk_ends"]) == len(files) >= 1
    assert all(a <= b for a, b in zip(engine["chunks"], engine["chunk_ends"], strict=True))
    first = min(read_cbor_file(f)[0][0][0] for f in files)
    assert first.startswith(engine["chunks"][0])
