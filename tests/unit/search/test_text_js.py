"""search-text.js's pure functions, run in Node: how an excerpt is cut, which site pages a
query names. (The browser tests drive them through the header box and search page.)"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from paperlist import ASSETS_DIR
from paperlist.search.data import settings

pytestmark = pytest.mark.skipif(not shutil.which("node"), reason="needs Node.js")


def call(function: str, *args: object) -> object:
    """paperlistSearchText[function](...args) in Node, its answer as JSON."""
    script = (f"require({json.dumps(str(ASSETS_DIR / 'search-text.js'))});"
              f"const f = globalThis.paperlistSearchText[{json.dumps(function)}];"
              f"process.stdout.write(JSON.stringify(f(...{json.dumps(args)})));")
    result = subprocess.run(["node", "-e", script], capture_output=True, text=True,
                            check=True)
    return json.loads(result.stdout)


def rank_js(body: str) -> object:
    """What `body` writes with process.stdout.write, run in Node with search-text.js and
    search-rank.js loaded (`globalThis.paperlistSearchRank`), as JSON."""
    script = (f"require({json.dumps(str(ASSETS_DIR / 'search-text.js'))});"
              f"require({json.dumps(str(ASSETS_DIR / 'search-rank.js'))});{body}")
    result = subprocess.run(["node", "-e", script], capture_output=True, text=True,
                            check=True)
    return json.loads(result.stdout)


def shown(excerpt: str) -> list[str]:
    return excerpt.replace("… ", "").replace(" …", "").split(" ")


@pytest.mark.parametrize("hits", [[0], [5], [40], [95], [99], [10, 20], [10, 38], [50, 81],
                                  [60, 61, 62, 90], [60, 61, 62, 95]])
def test_an_excerpt_is_32_words_holding_the_best_stretchs_matches(hits):
    words = [f"w{i}" for i in range(100)]
    for i in hits:
        words[i] = f"foo{i}"
    excerpt = call("excerpt", " ".join(words), ["foo"])
    got = shown(excerpt)
    assert len(got) == 32
    marked = [int(w[len("<mark>foo"):-len("</mark>")]) for w in got if w.startswith("<mark>")]
    # the stretch of 32 words with most matches: all of them but [60, 61, 62, 95]'s last
    assert marked == (hits if hits != [60, 61, 62, 95] else [60, 61, 62])
    # four words of lead-in, fewer where the matches span more than 28 words or the text
    # begins sooner, more where it ends sooner
    lead = got.index(f"<mark>foo{marked[0]}</mark>")
    expected = min(4, marked[0], 31 - (marked[-1] - marked[0]))
    assert lead == expected or (lead > expected and not excerpt.endswith(" …"))


def test_a_short_text_is_shown_whole():
    text = " ".join(["foo" if i == 10 else f"w{i}" for i in range(12)])
    assert call("excerpt", text, ["foo"]) == text.replace("foo", "<mark>foo</mark>")


def test_skipped_common_words_are_marked_but_do_not_choose_the_stretch():
    # "models" fills the text's start; the query's rare word stands near its end
    words = ["models" if i < 30 else f"w{i}" for i in range(100)]
    words[80], words[84] = "quokka", "models"
    excerpt = call("excerpt", " ".join(words), ["quokka"], ["models"])
    got = shown(excerpt)
    assert "<mark>quokka</mark>" in got
    assert "<mark>models</mark>" in got  # the one beside the rare word, marked too
    assert got.count("<mark>models</mark>") == 1
    # marked only as they were asked: a skipped word is never a search term of its own
    assert call("excerpt", " ".join(words), ["quokka"]).count("<mark>models</mark>") == 0


def test_site_pages_by_title_and_heading():
    docs = [
        {"location": "", "title": "ICML 2026 paper catalogue", "text": ""},
        {"location": "#about", "title": "About the catalogue", "text": ""},
        {"location": "contribute/#change-tags", "title": "Change tags", "text": ""},
        {"location": "contribute/", "title": "How to contribute", "text": ""},
        {"location": "help/#q", "title": "The <code>tag:</code> field &amp; Q&lt;A", "text": ""},
        {"location": "help/", "title": "Help", "text": ""},
    ]
    stop = ["the", "to", "how", "a"]

    def ask(query):
        return [[g["page"]["location"], g["page"]["title"],
                 [(s["location"], s["title"]) for s in g["sections"]]]
                for g in call("sitePages", docs, query, stop)]

    assert ask("contribute") == [["contribute/", "How to contribute", []]]
    # a section under its page, listed after it whatever the index's order
    assert ask("change tags") == [["contribute/", "How to contribute",
                                   [("contribute/#change-tags", "Change tags")]]]
    assert ask("contr tags") == ask("change tags")  # 3+ letters begin a word
    assert ask("ch") == []
    # the home page is the site's name: not a result of its own, but its sections are
    assert ask("icml") == [] and ask("paper") == []
    assert ask("about") == [["", "ICML 2026 paper catalogue",
                             [("#about", "About the catalogue")]]]
    # headings as text: markup gone, entities read
    assert ask("field q") == [["help/", "Help", [("help/#q", "The tag: field & Q<A")]]]
    assert ask("code") == [] and ask("amp") == []
    assert ask("tag:x contribute") == [] and ask('"how to" contribute') == []
    assert ask("how to") == []


def topics_of(query: str, stem: bool = True) -> list[list[object]]:
    """search-text.js `topics` in Node (with search-stem.js loaded, as the engine has it),
    over a small taxonomy: [title, location, count] of each tag offered."""
    d = {"tags": [["cv", "Computer Vision"], ["3d", "3D Vision & Geometry <3D>"],
                  ["vlm", "Multimodal & Vision-Language Models"], ["gl", "Graph Learning"],
                  ["rl", "Reinforcement Learning"], ["cl", "Continual Learning"],
                  ["fl", "Federated & Distributed Learning"], ["none", "Speech & Audio"]],
         "tag_pages": {"cv": ["tags/cv/", 5], "3d": ["tags/3d/", 2], "vlm": ["tags/vlm/", 1],
                       "gl": ["tags/gl/", 2], "rl": ["tags/rl/", 7], "cl": ["tags/cl/", 1],
                       "fl": ["tags/fl/", 1]},
         "stopwords": ["and", "for", "the"], "topics_max": 3}
    loads = [ASSETS_DIR / "search-stem.js"] if stem else []
    script = "".join(f"require({json.dumps(str(f))});"
                     for f in [*loads, ASSETS_DIR / "search-text.js"]) + (
        f"const t = globalThis.paperlistSearchText.topics({json.dumps(d)}, "
        f"{json.dumps(query)});"
        "process.stdout.write(JSON.stringify(t.map((x) => [x.title, x.location, x.count])));")
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_a_query_naming_a_tag_is_offered_its_page():
    """A researcher typing a topic ("computer vision") gets its tag's page, whose papers
    need not write the words; a word common to many tags' names names no one topic."""
    assert topics_of("computer vision") == [["Computer Vision", "tags/cv/", 5]]
    assert topics_of("Reinforcement  LEARNING") == [["Reinforcement Learning", "tags/rl/", 7]]
    assert topics_of("reinforcement for the learning") == topics_of("reinforcement learning")
    # every word must be in the name: a title or a sentence names no tag
    assert topics_of("computer vision transformers") == []
    # a word of 3+ letters may begin a name's word, or share its stem
    assert topics_of("graph") == topics_of("graphs") == [["Graph Learning", "tags/gl/", 2]]
    assert topics_of("reinforc") == topics_of("reinforcement")
    assert topics_of("graphs", stem=False) == []  # the stem is search-stem.js's
    # several: each, in the taxonomy's order; a name is text, "<" and "&" and all
    assert topics_of("vision") == [["Computer Vision", "tags/cv/", 5],
                                   ["3D Vision & Geometry <3D>", "tags/3d/", 2],
                                   ["Multimodal & Vision-Language Models", "tags/vlm/", 1]]
    assert topics_of("learning") == []  # in four names: more than topics_max
    assert topics_of("speech") == []  # a tag without papers has no page to offer
    # a query with a field or a phrase is after papers only
    assert topics_of("tag:cv computer vision") == topics_of('"computer vision"') == []
    assert topics_of("the") == topics_of("") == topics_of("co") == []


@pytest.mark.parametrize(("query", "expected"), [
    ('"weighted coreset" attention', "weighted coreset attention"),
    ('the "curse of depth', "the curse of depth"),  # a quote left open
    ('author:"Ada Lovelace" "two words"', 'author:"Ada Lovelace" two words'),
    ('tag:ml "a b" venue:"ICML 2026"', 'tag:ml a b venue:"ICML 2026"'),
    ('x"a b"y', "x a b y"),  # a phrase's words stand apart, as parse reads them
    ('"a b"tag:"c d"', 'a b tag:"c d"'),  # the field stays a field
    ('the "curse of author:"Ada Lovelace"', 'the curse of author:"Ada Lovelace"'),
])
def test_unquote_drops_only_the_phrases_quotes(query, expected):
    """What a phrase no paper holds is searched as: its words, the fields as written."""
    assert call("unquote", query) == expected
    parsed = call("parse", expected)
    assert parsed["phrases"] == [] and parsed == call("parse", query) | {
        "phrases": [], "words": parsed["words"]}


def test_a_compounds_parts_are_searched_and_know_their_whole():
    """Pagefind indexes "Fit-LoRA" joined ("fitlora"); each part searched remembers it, so
    a page that writes only the compound counts as holding the part. Quoted phrases and
    fields are no compounds of the query's words."""
    parsed = call("parse", 'Fit-LoRA for chain-of-thought, GPT-4o "x-y z" tag:a-b')
    assert parsed["words"] == ["fit", "lora", "for", "chain", "of", "thought", "gpt", "4o"]
    assert parsed["compounds"] == {
        "fit": ["fitlora"], "lora": ["fitlora"], "chain": ["chainofthought"],
        "of": ["chainofthought"], "thought": ["chainofthought"], "gpt": ["gpt4o"],
        "4o": ["gpt4o"]}
    assert call("parse", "plain words here")["compounds"] == {}
    # words that name what every object has are words like any other
    assert call("parse", "constructor-based toString")["compounds"] == {
        "constructor": ["constructorbased"], "based": ["constructorbased"]}


def test_the_notice_says_what_was_searched_instead():
    """The pieces both result lists draw: corrected words emphasised; an unmatched phrase
    said first; nothing when the query was searched as typed."""
    assert call("notice", {"searched": "adversarial attacks", "corrected": []}) == []
    assert call("notice", {"searched": "adversarial  attacks",
                           "corrected": [{"from": "adverserial", "to": "adversarial"}]}) == [
        ["Showing results for ", False], ["adversarial", True], ["  ", False],
        ["attacks", False]]
    assert call("notice", {"searched": "coreset weighted", "corrected": [],
                           "unquoted": True}) == [
        ["No paper has the quoted words in that order. Showing results for ", False],
        ["coreset", False], [" ", False], ["weighted", False]]
    # a `tag:` naming no tag is said, before anything else (it was a bare "No papers found")
    assert call("notice", {"searched": "tag:foo", "corrected": [], "noTag": ["foo"]}) == [
        ["No tag \u201cfoo\u201d: write a tag as its page's address has it "
         "(tag:reinforcement-learning). ", False]]


def test_the_notice_says_which_words_no_paper_has():
    """A word no paper holds was left out of the search: said, or the list reads as papers
    holding it; failing that, one or two words no paper holds together."""
    assert call("notice", {"searched": "quantum mechanics", "corrected": [],
                           "absent": ["quantum"]}) == [
        ["No paper has \u201cquantum\u201d: left out of the search. ", False]]
    assert call("notice", {"searched": "a b c", "corrected": [],
                           "absent": ["a", "b"], "partial": False}) == [
        ["No paper has \u201ca\u201d or \u201cb\u201d: left out of the search. ", False]]
    assert call("notice", {"searched": "sudoku diffusion", "corrected": [],
                           "partial": True}) == [
        ["No paper has all the words: the papers listed have some of them. ", False]]
    assert call("notice", {"searched": "x y", "corrected": [], "absent": [],
                           "partial": False}) == []
    # a catalogue whose papers list no authors: no name to suggest (it named the query's)
    assert call("notice", {"searched": "author:lovelace", "corrected": [],
                           "noAuthor": [""]}) == [
        ["No paper in this catalogue lists its authors yet. ", False]]


@pytest.mark.parametrize(("content", "title", "before", "expected"), [
    # as html/paper.py indexed_body has it: authors and names, the title, the abstract
    ("Ada Lovelace , Alan Turing WildCat WildCat: compressing attention. We compress it.",
     "WildCat: compressing attention", ["Ada Lovelace", "Alan Turing", "WildCat"],
     "We compress it."),
    # a title the authors' names or the short name hold is the title's own, after them
    ("Alan Turing. Turing. Body six.", "Turing", ["Alan Turing", ""], "Body six."),
    ("Attention Smith. Attention Attention. Attention is all.", "Attention",
     ["Attention Smith", "Attention"], "Attention is all."),
    # stored with Pagefind's spacing: runs of white space are one space, none zero-width
    ("Deep nets: a study. Abstract here.", "Deep\u00a0nets:\u200b  a\tstudy",
     [], "Abstract here."),
    # a title ending in its own punctuation, and an empty abstract
    ("Does it scale? Yes.", "Does it scale?", [], "Yes."),
    ("Only a title.", "Only a title", [], ""),
    # the title not found: the text after the names, never the names
    ("Ada Lovelace WildCat Some other text. Abstract.", "A title", ["Ada Lovelace", "WildCat"],
     "Some other text. Abstract."),
])
def test_the_excerpts_text_is_what_follows_the_title(content, title, before, expected):
    assert call("afterTitle", content, title, before) == expected


def test_papers_holding_the_words_as_written_come_first():
    """search-rank.js `asWritten`: a word, its plural or singular count ("Transformers'"
    and "DA-Transformer" hold "transformer"), its stem's other words do not
    ("transformations"); papers holding as many keep their order, one whose fragment did
    not load holds none."""
    texts = {"a": "Nonlinear transformations of point clouds transformations",
             "b": "We train a transformer here", "c": "DA-Transformers' attention biases",
             "d": "nothing of the kind", "e": "queries on a transformer with bias"}
    one, other, two, plural = rank_js(
        "const f = globalThis.paperlistSearchRank.asWritten;"
        f"const frags = new Map(Object.entries({json.dumps(texts)})"
        ".map(([id, content]) => [id, { content }]));"
        "const order = (asked) => f(['a', 'b', 'c', 'd', 'e', 'gone'], asked, frags);"
        "process.stdout.write(JSON.stringify([order(['transformer']),"
        " order(['transformations']), order(['transformers', 'bias']),"
        " order(['query'])]));")
    assert one == ["b", "c", "e", "a", "d", "gone"]
    assert other == ["a", "b", "c", "d", "e", "gone"]
    assert two == ["c", "e", "b", "a", "d", "gone"]  # both words first, then one
    assert plural == ["e", "a", "b", "c", "d", "gone"]  # "queries" is "query"'s plural


def test_a_word_no_paper_has_does_not_raise_the_words_a_paper_must_hold():
    """A word no paper holds is left out of the search (and the answer says so): counted
    among a long query's words, it raised the share a paper must hold (2 of 5 words, then
    3 of 6) and, with the highest rarity there is, the rarity that lets one rare word
    qualify a paper; in the first ranking and in the ranking again of the best papers
    (where its list had a rarity of 0). p1 holds two common words, p2 the rare one."""
    first, absent, again = rank_js(
        "const { ranked, rankAgain } = globalThis.paperlistSearchRank;"
        "const d = { papers: 100, saturation: 1.2, title_weight: 2, proximity: 0,"
        " proximity_window: 3, extension_weight: 0.3, min_match: 0.4, min_match_weight: 0.3,"
        " coordination: 0.5 };"
        "const m = (df, ...ids) => Object.assign("
        " new Map(ids.map((id) => [id, { locs: [1], exact: true }])), { df });"
        "const five = [m(1, 'p2', 'p3'), m(10, 'p1', 'p3'), m(10, 'p1', 'p3'), m(10, 'p3'),"
        " m(10, 'p3')];"
        "const none = Object.assign(new Map(), { top: null });"
        "const lists = [...five.map((x, i) => ['w' + i, x]), ['gone', none]];"
        "process.stdout.write(JSON.stringify([ranked(d, five, []),"
        " ranked(d, [...five, none], []),"
        " rankAgain(d, ['p2', 'p1', 'p3'], lists, [], new Map())]));")
    assert first == absent == ["p3", "p1", "p2"]
    assert again == ["p3", "p1", "p2"]  # (not p3, then p2 and p1 in their old order)


def test_the_paper_a_query_begins_by_naming_comes_first():
    """search-rank.js `namedFirst`: "Name: ..." puts the paper of that short name first,
    punctuation and case aside ("llm-reval:" for LLM-REVal); a name that does not begin
    the query, or begins it without a colon, or a part of one, moves nothing; a paper
    without a name or fragment keeps its place."""
    metas = {"a": {"title": "Potentials"}, "b": {"name": "Mat"}, "c": {"name": "MatRIS"},
             "d": {"name": "LLM-REVal"}, "e": {"name": "Adam"}, "f": {"name": "TAG"}}
    name, compound, late, no_colon, alone, short, field = rank_js(
        "const { namedFirst, leadingName } = globalThis.paperlistSearchRank;"
        f"const frags = new Map(Object.entries({json.dumps(metas)})"
        ".map(([id, meta]) => [id, { content: '', meta }]));"
        "const order = (typed) => namedFirst(['a', 'b', 'c', 'd', 'e', 'f', 'gone'],"
        " leadingName(typed), frags);"
        "process.stdout.write(JSON.stringify([order('MatRIS: interatomic potentials'),"
        " order(' llm-reval: can we trust reviewers?'), order('Proof of Adam: a note'),"
        " order('Adam convergence'), order('Adam'), order('Mat: x'), order('tag: x')]));")
    assert name == ["c", "a", "b", "d", "e", "f", "gone"]
    assert compound == ["d", "a", "b", "c", "e", "f", "gone"]
    unmoved = ["a", "b", "c", "d", "e", "f", "gone"]
    assert late == no_colon == alone == field == unmoved  # `tag: x`: a field, no name
    assert short == ["b", "a", "c", "d", "e", "f", "gone"]  # three letters are a name


@pytest.mark.parametrize(("token", "word", "held", "near"), [
    ("transformations", "transformat", True, True),  # a word still being typed
    ("loud", "louder", True, True),  # a word no abstract has, found by its stem
    ("transformation", "transformer", True, True),  # the same stem, "transform"
    ("models", "models", True, True),
    ("Fit-LoRA", "lora", True, True),  # a compound's part
    # misspelt in the last two letters: corrected if it can be, else still matched
    ("coastlines", "coastlinez", False, True),
    ("hacking", "hackng", False, True),
    ("attention", "attentiozn", False, True),
    # Pagefind's fallback to a shorter stem it has loaded: "modles" after "mod" was typed
    ("MODS", "modles", False, False),
    ("traps", "trapsformers", False, False),
])
def test_a_match_is_a_form_of_the_word_only_if_it_begins_with_it(token, word, held, near):
    """A form begins with the word, or with all of it but an ending (data/search.yml
    `form_endings`); with no endings given (null), but any last two letters."""
    endings = settings()["form_endings"]
    assert call("formAt", f"We study {token} here", [2], word, endings) is held
    assert call("formAt", f"We study {token} here", [2], word, None) is near


def test_closest_is_the_nearest_vocabulary_word_then_the_most_frequent():
    """The typo correction's pick (lists: the vocabulary files searched, each most
    frequent first; "" is no word)."""
    lists = [["", "transformer", "transformed"], ["transformers"]]
    assert call("closest", "transformr", lists, 2) == "transformer"  # one edit, not two
    assert call("closest", "transformex", lists, 2) == "transformer"  # a tie: more frequent
    assert call("closest", "xyzzyq", lists, 2) is None
    assert call("closest", "transfxrmxr", lists, 1) is None  # two edits, one allowed


def test_a_tag_value_no_tag_is_named_by_is_looked_up_among_abbreviations():
    """search-load.js `tagOf`: a slug, name or slug prefix first; else the taxonomy's
    abbreviations, fetched then (own keys only: `tag:constructor` names no tag); a fetch
    that fails names none, and the next query asks again."""
    script = (f"require({json.dumps(str(ASSETS_DIR / 'search-text.js'))});"
              f"require({json.dumps(str(ASSETS_DIR / 'search-load.js'))});" + """
      let calls = 0;
      globalThis.fetch = async () => {
        calls += 1;
        if (calls === 1) throw new Error("offline");
        return { ok: true, json: async () => ({ llm: "large-language-models" }) };
      };
      const load = globalThis.paperlistSearchLoad.loader("http://x/", null);
      const d = { tags: [["reinforcement-learning", "Reinforcement Learning"],
                         ["large-language-models", "Large Language Models"]],
                  tag_abbreviations: "abbr.json" };
      (async () => {
        const out = [await load.tagOf(d, "llms")];  // the fetch fails: no tag
        for (const v of ["llms", "LLM", "constructor", "toString", "rein", "zzz"]) {
          out.push(await load.tagOf(d, v));
        }
        out.push(calls);
        process.stdout.write(JSON.stringify(out));
      })();""")
    result = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    none = ["\u0000none"]
    assert json.loads(result.stdout) == [none, ["large-language-models"],
                                         ["large-language-models"], none, none,
                                         ["reinforcement-learning"], none, 2]


@pytest.mark.parametrize(("word", "vocabulary", "expected"), [
    ("atenton", ["attention"], "attention"),  # two letters left out: corrected
    ("nowhere", ["where"], None),  # another word two edits away: not
    ("zebra", ["zero"], None),
    ("attentoin", ["attention"], "attention"),  # one edit (a swap), any length
    ("reinfrocemnet", ["reinforcement"], "reinforcement"),  # two edits at 8+ letters
])
def test_a_short_word_is_corrected_by_two_edits_only_for_letters_left_out(word, vocabulary,
                                                                          expected):
    assert call("closest", word, [vocabulary], 2, 8) == expected
