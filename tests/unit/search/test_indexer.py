"""Our indexer writes the bundle Pagefind writes: for the same pages, Pagefind's binary and
search/fossick.py + search/bundle.py give the same fragments, stems, places, variants,
filters, chunks and meta fields (scripts/tools/index_parity.py compares them). The pages:
real paper pages as the build indexes them, and hostile ones (compounds, URLs, diacritics,
MathML, entities, lists, tables, anchors, weights, ignored and excluded elements)."""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path

import pytest
from index_parity import compare, decode

from helpers import FIXTURES, js_package, shipped_papers
from paperlist.html.paper import indexed_body, paper_body
from paperlist.model.catalogue import load_catalogue
from paperlist.search import index as search_index
from paperlist.search.data import read_fragments, settings
from paperlist.search.synonyms import with_synonyms
from paperlist.search.tokens import case_words, indexable

#: paper pages a contributor's Markdown or our own HTML could give the index: compounds,
#: URLs, full stops inside words, accents and other scripts, MathML, entities, lists,
#: tables, anchors, weights, ignored and excluded elements, an empty meta field
HOSTILE = json.loads((FIXTURES / "search" / "hostile-pages.json").read_text(encoding="utf-8"))


def shipped_pages(papers_dir: Path) -> dict[str, str]:
    """Each paper's page as the build gives it to the index (plugin.py: paper_body,
    indexed_body, search/synonyms.py)."""
    catalogue = load_catalogue(papers_dir)
    pages = {f"papers/{e.id}/": indexed_body(paper_body(e, lambda src: "../", True), e)
             for e in catalogue.papers}
    papers = {f"papers/{e.id}/": (e.title, e.body) for e in catalogue.papers}
    return with_synonyms(pages, papers, settings())


def pagefind_16() -> Path:
    """npm's Pagefind 1.6, which the Pages workflows deploy with: its indexer is the one
    ours follows (1.5's, on PyPI, cuts some compounds otherwise)."""
    return js_package("pagefind").parent / ".bin" / "pagefind"


def both_bundles(pages: dict[str, str], tmp_path: Path) -> tuple[dict, dict]:
    import subprocess

    source = tmp_path / "site"
    for url, body in pages.items():
        path = source / url / "index.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(search_index.page_document(body), encoding="utf-8")
    binary = pagefind_16()
    subprocess.run([str(binary), "--site", str(source), "--output-path",
                    str(tmp_path / "theirs"), "--exclude-selectors",
                    search_index.EXCLUDED_SELECTORS, "--force-language", "en", "--quiet"],
                   check=True, env=search_index.pagefind_env(), timeout=300)
    assert search_index.write_index(pages, tmp_path / "ours", binary)
    return decode(tmp_path / "theirs"), decode(tmp_path / "ours")


@pytest.mark.parametrize("source", ["hostile", "shipped", "enriched"])
def test_our_bundle_holds_what_pagefinds_holds(source, tmp_path, capsys):
    pages = (HOSTILE if source == "hostile" else
             shipped_pages(shipped_papers() if source == "shipped" else FIXTURES / "enriched"))
    theirs, ours = both_bundles(pages, tmp_path)
    assert len(ours["fragments"]) == len(pages)
    differences = compare(theirs, ours)
    assert not differences, capsys.readouterr().out


def test_the_same_pages_give_the_same_bytes_in_the_order_given(tmp_path):
    binary = search_index.pagefind_executable()

    def digest(out: Path) -> dict[str, str]:
        return {str(p.relative_to(out)): hashlib.sha1(p.read_bytes()).hexdigest()
                for p in sorted(out.rglob("*")) if p.is_file()}

    kept = search_index.write_index(HOSTILE, tmp_path / "a", binary)
    search_index.write_index(HOSTILE, tmp_path / "b", binary)
    # what the engine's files are made from, as kept, is what the files hold, in order
    read = read_fragments(tmp_path / "a")
    assert kept == read and list(kept) == list(read)
    assert digest(tmp_path / "a") == digest(tmp_path / "b")
    urls = [fragment[0]["url"] for fragment in decode(tmp_path / "a")["fragments"].values()]
    assert urls == [f"/{url}" for url in HOSTILE]  # numbered as given


def test_a_stopped_index_writes_nothing_usable(tmp_path):
    stop = threading.Event()
    stop.set()
    assert search_index.write_index(HOSTILE, tmp_path / "out",
                                    search_index.pagefind_executable(), stop) is None
    assert not list((tmp_path / "out").glob("*.pf_meta"))


def test_words_are_cut_as_pagefinds_case_conversion_cuts_them():
    assert case_words("WKWebVIEWComponent") == ["wk", "web", "view", "component"]
    assert case_words("GPT 4o") == ["gpt", "4", "o"]
    assert case_words("LLaMA") == ["l", "la", "ma"]
    assert case_words("Qwen2") == ["qwen", "2"]


@pytest.mark.parametrize(("word", "stems"), [
    ("learning,", ["learn"]),
    ("NTK-LoRA", ["ntklora", "ntk", "lo", "ra"]),
    ("github.com/a/bc", ["githubcomabc", "github", "com", "bc", "comabc"]),
    ("1.5b", ["15b"]),  # a decimal's rest is no compound: "5b" alone is not indexed
    ("1.5B", ["15b", "5b"]),  # ("5B" is: a capital after its first character)
    ("1.5b.", ["15b", "5b"]),
    ("Schrödinger", ["schroding"]),
])
def test_a_words_indexed_forms(word, stems):
    assert [f.stem for f in indexable(word)] == stems


def test_what_the_bundle_writes_is_read_back_as_written():
    """The CBOR the meta and filter files are made of, through the reader the engine's
    chunk bounds are read with (search/chunks.py)."""
    from paperlist.search.bundle import cbor
    from paperlist.search.chunks import _decode

    value = ["1.6.0", [["en_1", 0, ""], ["en_2", 70_000, ""]], [-1, -25, -70_000, 2**40],
             ["Ünïcödé 👉", "", "x" * 300], []]
    assert _decode(cbor(value), 0) == (value, len(cbor(value)))
    with pytest.raises(TypeError):
        cbor([True])


@pytest.mark.parametrize(("version", "entry"), [("1.5.2", 2), ("1.6.0", 3), ("1.6.0-rc.1", 3)])
def test_a_page_is_listed_as_the_runtime_of_its_version_reads_it(tmp_path, version, entry):
    """1.5's runtime reads [fragment, word count] and fails on more ("WASM Error (No
    pointer)" in the browser); 1.6's reads a third, the fragment's group."""
    from paperlist.search.bundle import BundleWriter
    from paperlist.search.chunks import read_cbor_file
    from paperlist.search.fossick import read
    from paperlist.search.record import record

    out = tmp_path / "bundle"
    out.mkdir()
    writer = BundleWriter(out, version, [])
    writer.add(record(read("papers/a/", search_index.page_document("<p>one word</p>"))))
    writer.finish()
    meta = read_cbor_file(next(out.glob("*.pf_meta")))
    assert meta[0] == version and [len(page) for page in meta[1]] == [entry]


def test_a_long_page_is_indexed_as_pagefind_indexes_it(tmp_path, capsys):
    """Places thousands of words apart (a word at the start and the end of a very long
    abstract) are written as steps too large for the precomputed encodings."""
    words = " ".join(f"w{n % 700}" for n in range(9000))
    pages = {"papers/long/": f'<div class="paper" data-pagefind-body><h1>Long</h1>'
                             f"<p>alpha {words} alpha.</p></div>"}
    theirs, ours = both_bundles(pages, tmp_path)
    assert ours["words"]["alpha"]["pages"]["/papers/long/"][0][-1] > 4096  # the step
    assert not compare(theirs, ours), capsys.readouterr().out
