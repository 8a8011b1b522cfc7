"""search-stem.js, run in Node: words stemmed as Pagefind stems them, and the index chunks
fetched before a word is searched (the browser test of what that changes is
tests/browser/test_search.py `test_a_words_papers_do_not_depend_on_what_was_searched_before`)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from helpers import pagefind_fragments
from paperlist import ASSETS_DIR
from paperlist.search.chunks import read_cbor_file

pytestmark = pytest.mark.skipif(not shutil.which("node"), reason="needs Node.js")


def node(expression: str, data: object) -> object:
    """`expression` evaluated in Node with search-stem.js loaded (`stem`, `chunkTerms`,
    `wordPlan`, `chunksOf`, `fetchesRunOn`) and `data` given as JSON; its value as JSON."""
    script = (f"require({json.dumps(str(ASSETS_DIR / 'search-stem.js'))});"
              "const { stem, chunkTerms, wordPlan, chunksOf, fetchesRunOn } ="
              " globalThis.paperlistSearchStem;"
              "const data = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              f"process.stdout.write(JSON.stringify({expression}));")
    result = subprocess.run(["node", "-e", script], input=json.dumps(data),
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def stems(words: list[str]) -> list[str]:
    return node("data.map((w) => stem(w))", words)


def chunk_terms(word: str, chunks: list[str], most: int) -> list[str]:
    return node("chunkTerms(...data)", [word, chunks, most])


def test_every_plain_word_of_the_pages_stems_to_a_word_of_pagefinds_index(built_site):
    """Pagefind's index holds stems: each plain word of the 19 pages (letters only, as
    Pagefind splits it: between spaces, a closing comma or full stop aside) must stem to
    one of them, or the engine would fetch the wrong chunks for it."""
    index = {entry[0] for path in (built_site / "pagefind" / "index").glob("*.pf_index")
             for entry in read_cbor_file(path)[0]}
    words = sorted({m.group(1) for f in pagefind_fragments(built_site).values()
                    for token in f["content"].lower().split()
                    if (m := re.fullmatch(r"([a-z]+)[.,;:]?", token))})
    assert len(words) > 1000
    missing = [(w, s) for w, s in zip(words, stems(words), strict=True) if s not in index]
    assert not missing


@pytest.mark.parametrize(("word", "stem"), [
    ("policy", "polici"), ("policies", "polici"), ("multimodality", "multimod"),
    ("generalization", "general"), ("generously", "generous"), ("university", "universiti"),
    ("interval", "interval"), ("international", "internat"), ("organization", "organiz"),
    ("emergency", "emergenc"), ("biologists", "biolog"), ("pasted", "paste"),
    ("dying", "die"), ("inning", "inning"), ("proceed", "proceed"), ("agreed", "agre"),
    ("added", "add"), ("hopping", "hop"), ("hoping", "hope"), ("skies", "sky"),
    ("only", "onli"), ("news", "news"), ("yellow", "yellow"), ("cries", "cri"),
    ("ties", "tie"), ("gaps", "gap"), ("gas", "gas"), ("k", "k"), ("rl", "rl"),
])
def test_snowballs_english_rules_and_exceptions(word, stem):
    """Snowball's English stemmer as Pagefind 1.5 and 1.6 have it (checked against the
    Snowball project's own, PyStemmer 3.1, over 21,478 words of 12,000 abstracts: none
    differ), by the cases its rules single out."""
    assert stems([word]) == [stem]


def test_the_chunks_fetched_are_those_beginning_with_the_stem_unless_too_many():
    chunks = ["000", "lay", "multi", "multimod", "multiv", "net", "polici", "pre", "prec",
              "pred", "pref", "prev", "z"]
    assert chunk_terms("multimodality", chunks, 3) == [
        "multimodality", "multimod", "multimod"]
    assert chunk_terms("multi", chunks, 3) == [
        "multi", "multi", "multi", "multimod", "multiv"]
    assert chunk_terms("policy", chunks, 3) == ["policy", "polici", "polici"]
    # "pre" begins five: a word being typed; only its own chunks are fetched
    assert chunk_terms("pre", chunks, 3) == ["pre", "pre"]
    assert chunk_terms("network", chunks, 3) == ["network", "network"]


#: where chunks begin and end, cut short as Pagefind cuts them (from a 30,000-paper site):
#: "detect" and "model" are in the chunks before "detecti" and "modela"
STARTS = ["000", "designa", "detecti", "di0", "direct3", "diss", "mo4", "modela", "modula", "z"]
ENDS = ["dese", "detect", "di", "direct", "disr", "mn", "model", "modu", "yz", "zz"]
ENGINE = {"chunks": STARTS, "chunk_ends": ENDS, "stopwords": ["with", "the"],
          "stem_chunks_max": 3}


def plan(word: str, whole: bool) -> dict:
    return node("wordPlan(data[0], data[1], data[2])", [word, ENGINE, whole])


def test_a_finished_word_of_a_pasted_title_asks_only_for_its_stems_chunk():
    """A long query's finished word is asked for as its stem, whose chunk is the one
    Pagefind fetches ("models" as written falls in the chunk after "model"'s); where later
    chunks begin with the stem, only the pages holding the stem itself are to count."""
    models = plan("models", True)
    assert (models["term"], models["fetch"], models["runsOn"]) == ("model", ["model"], True)
    assert plan("detecting", True)["fetch"] == ["detect"] and plan("detecting", True)["runsOn"]
    assert not plan("network", True)["runsOn"]  # no chunk after its own begins "network"
    # a word without a vowel: its plural's pages too, each asked for as itself
    assert plan("llm", True)["forms"] == ["llm", "llms"]
    # typed, or a short word: as before, every chunk beginning with the stem
    assert plan("models", False)["fetch"] == ["models", "model", "modela"]
    assert plan("wit", True) == {"short": True, "term": "wit", "forms": ["wit"],
                                 "runsOn": False, "fetch": []}


def test_the_chunks_pagefind_fetches_for_a_word():
    """As Pagefind 1.6 fetches them: the chunk holding the word and the one holding its
    stem; a word past a chunk's cut-short end ("disrupt" after "disr") brings every chunk
    whose cut bounds bracket it, "detecti" to "di" among them."""
    def chunks(term: str) -> list[str]:
        return sorted({STARTS[i] for i in node("chunksOf(data[0], data[1], data[2])",
                                                [term, STARTS, ENDS])})
    assert chunks("models") == ["mo4", "modela"]
    assert chunks("disrupt") == ["detecti", "direct3"]
    assert chunks("network") == ["modula"]

    def runs_on(term: str, stem: str) -> bool:
        return node("fetchesRunOn(data[0], data[1], data[2])", [term, stem, ENGINE])
    assert runs_on("modelbased", "model")  # a compound: its chunk is after "model"'s
    assert runs_on("disrupt", "detect")  # Detecting and Disrupting ...
    assert not runs_on("network", "model") and not runs_on("model", "model")
    assert not runs_on("disrupt", "model")
