"""The engine's data: the words a typo is corrected to, and the papers' rows."""

from __future__ import annotations

import gzip
import json

import pytest

from paperlist.search import data
from paperlist.search.data import Row, engine_files, vocabulary, words


def test_words_split_like_the_query_splitter():
    """Lower case, accents gone, a hyphenated token one word plus its parts: what
    search-text.js `words` makes of a query, so a corrected word is one Pagefind holds."""
    assert words("Multi-Agent RL for Café-style GNNs, 3D!") == [
        "multiagent", "multi", "agent", "rl", "for", "cafestyle", "cafe", "style", "gnns", "3d"]


def test_words_of_compatibility_forms_and_accents():
    """Ligatures, fractions, full-width letters and a diaeresis standing alone decompose
    as Pagefind's text does (NFKD, marks off): one more space-split where a form holds a
    space, and the same words whether the rest of the text is ASCII or not."""
    assert words("Café ﬁne-tuning x¨y İstanbul ½-step ＡＢＣ déjà-vu") == [
        "cafe", "finetuning", "fine", "tuning", "x", "y", "istanbul", "12step", "1", "2",
        "step", "abc", "dejavu", "deja", "vu"]
    assert words("naïve RL_2") == ["naive", "rl2", "rl", "2"]
    # a sigma's lower case is chosen after the marks are off, as over the whole text
    assert words("Ϲ A¨Σ b") == ["σ", "a", "σ", "b"]


def test_vocabulary_by_length_most_widespread_first():
    vocab = vocabulary(["graph graph model", "graph models", "model graph", "x99 of"], 2)
    assert vocab == {5: ["graph", "model"]}  # once-only, short and non-alphabetic words out
    assert vocabulary(["b a", "a b"], 1) == {}  # under three letters: never corrected to


def _pagefind(tmp_path, pages: dict[str, str]):
    """A Pagefind output folder holding fragments for url -> content."""
    folder = tmp_path / "pagefind" / "fragment"
    folder.mkdir(parents=True)
    for i, (url, content) in enumerate(pages.items()):
        body = json.dumps({"url": url, "content": content, "meta": {}, "filters": {}})
        (folder / f"en_{i:07x}.pf_fragment").write_bytes(
            gzip.compress(b"pagefind_dcd" + body.encode()))
    # its meta file: version, no pages, one index chunk ["a", "z", file], no filters...
    meta = b"\x86\x65" + b"1.6.0" + b"\x80\x81\x83\x61a\x61z\x65en_c1\x80\x80\x80"
    (tmp_path / "pagefind" / "pagefind.en_1.pf_meta").write_bytes(
        gzip.compress(b"pagefind_dcd" + meta))
    return tmp_path / "pagefind"


def test_engine_files_rows_ids_and_settings(tmp_path):
    pf = _pagefind(tmp_path, {"/papers/a/": "Graph nets", "/papers/b/": "Graph flows"})
    rows = [Row("papers/a/", ("gnn",), "ICML 2026", True, False, ("Ada Lovelace",)),
            Row("papers/b/", (), "ICLR 2026", False, True, ("Ada Lovelace", "Alan Turing"))]
    files = engine_files(pf, rows, [("gnn", "Graph Neural Networks")], "pagefind")
    cat = json.loads(files[data.CATALOGUE_FILE])
    assert cat["papers"] == [["en_0000000", [0], 1, 1], ["en_0000001", [], 0, 2]]
    assert cat["venues"] == ["ICLR 2026", "ICML 2026"]
    authors = json.loads(files[data.AUTHORS_FILE])
    assert authors == {"names": ["Ada Lovelace", "Alan Turing"],
                       "papers": [["en_0000000", "en_0000001"], ["en_0000001"]]}
    engine = json.loads(files[data.ENGINE_FILE])
    assert engine["tags"] == [["gnn", "Graph Neural Networks"]] and engine["papers"] == 2
    assert "the" in engine["stopwords"] and all(isinstance(w, str) for w in engine["stopwords"])
    assert engine["chunks"] == ["a"]  # where the index's chunks begin (search/chunks.py)
    # a small catalogue corrects to any word it holds
    assert files[f"{data.VOCABULARY_DIR}5.txt"] == "graph\nflows\n"


def test_the_tags_abbreviations_are_a_file_of_their_own_named_by_the_engine(tmp_path):
    """Fetched only for a `tag:` value that is no tag's slug or name (search-load.js
    `tagOf`): not in engine.json, which the worker carries to every search."""
    from paperlist.model.taxonomy import load_taxonomy

    pf = _pagefind(tmp_path, {"/papers/a/": "Graph nets"})
    rows = [Row("papers/a/", ("gnn",), "ICML 2026", True, False, ())]
    abbreviations = load_taxonomy().abbreviation_tags()
    assert abbreviations["llm"] == "large-language-models"
    assert abbreviations["rl"] == "reinforcement-learning"
    assert abbreviations["rlhf"] == "alignment"  # the tag it counts most for
    files = engine_files(pf, rows, [("gnn", "GNN")], "pagefind", abbreviations=abbreviations)
    engine = json.loads(files[data.ENGINE_FILE])
    assert json.loads(files[engine["tag_abbreviations"]]) == abbreviations
    assert "llm" not in files[data.ENGINE_FILE]
    without = engine_files(pf, rows, [("gnn", "GNN")], "pagefind")
    assert json.loads(without[data.ENGINE_FILE])["tag_abbreviations"] is None
    assert data.TAG_ABBREVIATIONS_FILE not in without


def test_the_decision_is_a_fifth_column_only_when_papers_have_one(tmp_path):
    pf = _pagefind(tmp_path, {"/papers/a/": "Graph nets", "/papers/b/": "Graph flows",
                              "/papers/c/": "Graph walks"})
    rows = [Row("papers/a/", (), "V", False, False, (), "Poster"),
            Row("papers/b/", (), "V", False, False, ()),
            Row("papers/c/", (), "V", False, False, (), "Oral")]
    cat = json.loads(engine_files(pf, rows, [], "pagefind")[data.CATALOGUE_FILE])
    assert cat["statuses"] == ["Oral", "Poster"]
    assert [row[4] for row in cat["papers"]] == [1, -1, 0]
    plain = [Row(r.url, r.tags, r.venue, r.code, r.data, r.authors) for r in rows]
    cat = json.loads(engine_files(pf, plain, [], "pagefind")[data.CATALOGUE_FILE])
    assert "statuses" not in cat and {len(row) for row in cat["papers"]} == {4}


def test_a_paper_missing_from_the_index_is_an_error(tmp_path):
    pf = _pagefind(tmp_path, {"/papers/a/": "Graph nets"})
    rows = [Row(f"papers/{x}/", (), "V", False, False, ()) for x in "ab"]
    with pytest.raises(ValueError, match="did not index 1 papers, e.g. papers/b/"):
        engine_files(pf, rows, [], "pagefind")


def test_the_engine_names_the_engine_file_as_the_build_writes_it():
    """search-load.js fixes one path, engine.json's; everything else it reads from there."""
    from paperlist import ASSETS_DIR

    core = (ASSETS_DIR / "search-load.js").read_text(encoding="utf-8")
    assert f'const ENGINE_FILE = "{data.ENGINE_FILE}";' in core


def test_each_tag_lists_its_papers_in_catalogue_order(tmp_path):
    pf = _pagefind(tmp_path, {f"/papers/{x}/": "Graph nets" for x in "abc"})
    rows = [Row(f"papers/{x}/", tags, "V", False, False, ())
            for x, tags in zip("abc", [("gnn",), (), ("rl", "gnn")], strict=True)]
    tags = [("gnn", "Graph Neural Networks"), ("rl", "RL"), ("none", "None")]
    files = engine_files(pf, rows, tags, "pagefind")
    assert json.loads(files[f"{data.TAGS_DIR}gnn.json"]) == {
        "ids": ["en_0000000", "en_0000002"], "at": [0, 2]}
    assert json.loads(files[f"{data.TAGS_DIR}none.json"]) == {"ids": [], "at": []}
    assert json.loads(files[data.ENGINE_FILE])["tag_papers"] == data.TAGS_DIR
    # a tag's page and count, for a query that names it; none for a tag without papers
    pages = {"gnn": "tags/gnn/", "rl": "tags/rl/", "none": "tags/none/"}
    engine = json.loads(engine_files(pf, rows, tags, "pagefind", tag_pages=pages)[
        data.ENGINE_FILE])
    assert engine["tag_pages"] == {"gnn": ["tags/gnn/", 2], "rl": ["tags/rl/", 1]}
    assert engine["topics_max"] == data.settings()["topics_max"] >= 1


def test_common_words_only_in_a_large_catalogue(tmp_path, monkeypatch):
    pages = {f"/papers/{i}/": f"graph nets{i} and with {'learned' if i else 'learning'}"
             for i in range(4)}
    pf = _pagefind(tmp_path, pages)
    rows = [Row(f"papers/{i}/", (), "V", False, False, ()) for i in range(4)]
    assert json.loads(engine_files(pf, rows, [], "pagefind")[data.ENGINE_FILE])["common"] == []
    monkeypatch.setitem(data.settings(), "common_from_papers", 4)
    engine = json.loads(engine_files(pf, rows, [], "pagefind")[data.ENGINE_FILE])
    # "and", "with": stop words; "learned" and "learning" each on some, "learn" on all
    assert engine["common"] == ["graph", "learned", "learning"]
    # each with its family and the papers holding a word of it: what a long query that
    # skips them scores its best papers' pages with (search-rank.js `commonHits`)
    assert engine["common_family"] == {"graph": ["graph", 4], "learned": ["learn", 4],
                                       "learning": ["learn", 4]}


def test_a_small_catalogues_fragments_go_in_one_file(tmp_path, monkeypatch):
    """Each result's fragment is a request of its own; a small catalogue's are one file,
    by page id, fetched once (what lunr's one index gives Material's own search)."""
    pf = _pagefind(tmp_path, {"/papers/a/": "Graph nets", "/papers/b/": "Graph flows"})
    rows = [Row(f"papers/{x}/", (), "V", False, False, ()) for x in "ab"]
    files = engine_files(pf, rows, [], "pagefind")
    bundle = json.loads(files[data.FRAGMENTS_FILE])
    assert {pid: f["content"] for pid, f in bundle.items()} == {
        "en_0000000": "Graph nets", "en_0000001": "Graph flows"}
    assert bundle["en_0000001"]["url"] == "/papers/b/"
    assert json.loads(files[data.ENGINE_FILE])["fragment_bundle"] == data.FRAGMENTS_FILE
    # over the size set in data/search.yml: a fragment file each, as Pagefind wrote them
    monkeypatch.setitem(data.settings(), "fragment_bundle_max_kb",
                        len(files[data.FRAGMENTS_FILE]) / 1000 - 0.001)
    files = engine_files(pf, rows, [], "pagefind")
    assert data.FRAGMENTS_FILE not in files
    assert json.loads(files[data.ENGINE_FILE])["fragment_bundle"] is None
