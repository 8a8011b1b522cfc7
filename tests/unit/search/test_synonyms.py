"""Abbreviations learned from the abstracts that define them find the papers that write
only the long form, and the other way round (search/synonyms.py)."""

from __future__ import annotations

from paperlist.search.data import settings
from paperlist.search.synonyms import ALSO, learn, with_synonyms

DEFINE_RL = [f"Paper {k} studies reinforcement learning (RL) for task {k}." for k in range(3)]


def test_an_abbreviation_three_abstracts_define_is_learned_with_its_long_form():
    synonyms = learn([*DEFINE_RL, "Large language models (LLMs) twice.",
                      "Large language models (LLMs) again."])
    assert synonyms.long_of == {"rl": ("reinforcement", "learning")}  # LLM: two only
    # a page writing only the long form is also found by the abbreviation, and one
    # writing only the abbreviation by the long form's words it lacks
    assert synonyms.words_for("We use reinforcement learning for robots.") == ["rl"]
    assert synonyms.words_for("An RL agent that keeps learning.") == ["reinforcement"]
    assert synonyms.words_for("Reinforcement learning (RL) twice.") == []
    assert synonyms.words_for("Nothing of the kind.") == []


def test_one_abbreviation_one_long_form_and_no_stop_word_or_letter():
    texts = [*DEFINE_RL, *DEFINE_RL, "Representation learning (RL) once.",
             *(f"Operations research (OR) {k}." for k in range(3)),
             *(f"A bound (B) of kind {k}." for k in range(3))]
    synonyms = learn(texts, settings()["stopwords"])
    assert synonyms.long_of == {"rl": ("reinforcement", "learning")}  # 6 of 7: its meaning
    assert synonyms.words_for("Representation learning for graphs.") == []
    # a second meaning defined often enough (2 of 5): none
    assert learn([*DEFINE_RL, "Representation learning (RL) a.",
                  "Representation learning (RL) b."]).long_of == {}


def test_pages_get_the_words_as_a_hidden_field_and_others_stay_byte_for_byte():
    pages = {f"papers/p{k}/": f'<div class="paper" data-pagefind-body>\n<p>{text}</p></div>\n'
             for k, text in enumerate([*DEFINE_RL, "We use reinforcement learning."])}
    texts = {url: ("A title", body) for url, body in
             zip(pages, [*DEFINE_RL, "We use reinforcement learning."], strict=True)}
    out = with_synonyms(pages, texts)
    assert out["papers/p3/"] == (
        f'<div class="paper" data-pagefind-body><span data-pagefind-meta="{ALSO}" '
        'data-pagefind-ignore hidden>rl</span>\n<p>We use reinforcement learning.</p></div>\n')
    assert [out[u] for u in list(pages)[:3]] == [pages[u] for u in list(pages)[:3]]
    assert with_synonyms(pages, {}) is pages  # nothing learned: nothing changed


def defining(abbr: str, long: str, n: int = 3) -> list[str]:
    return [f"Paper {k} uses {long} ({abbr}) on task {k}." for k in range(n)]


def test_what_a_review_of_400_learned_pairs_found_wrong_is_not_learned_or_not_added():
    texts = [*defining("MAP", "maximum a posteriori"),
             # the definition finder's truncated long form: "policy optimization (PPO)"
             *defining("PPO", "proximal policy optimization"),
             *(f"Policy optimization (PPO) again, {k}." for k in range(4)),
             # two meanings: neither is added
             *defining("ASR", "attack success rate", 5),
             *defining("ASR", "automatic speech recognition", 2),
             # a long form inside a longer one; a spelling the index must keep ("mcts")
             *defining("LLMs", "large language models"), *defining("LMs", "language models"),
             *defining("MCTS", "Monte Carlo tree search")]
    synonyms = learn(texts, settings()["stopwords"])
    assert "ppo" not in synonyms.long_of  # (its letters are not "policy optimization"'s)
    # a common word written in lower case is no abbreviation ("map", "vs.", "co-training")
    assert synonyms.words_for("An attention map of the model.") == []
    assert synonyms.words_for("The MAP estimate.") == ["maximum", "posteriori"]
    assert synonyms.words_for("We report the ASR of the attack.") == []  # two meanings
    assert synonyms.words_for("We attack; the attack success rate drops.") == []
    # "language models" inside "large language models": that too (an LLM is an LM)
    assert synonyms.words_for("Large language models reason.") == ["llms", "lms"]
    assert synonyms.words_for("We use Monte Carlo tree search.") == ["mcts"]
    # an abbreviation written as a plural is the abbreviation, whatever its lower case
    assert synonyms.words_for("Two LLMs and an MCTS agree.") == [
        "large", "language", "model", "monte", "carlo", "tree", "search"]
    greek = learn(defining("ΑΣ", "αλφα σιγμα"))  # key "ας": "ΑΣs" is "ασs" in lower case
    assert greek.words_for("Two ΑΣs here.") == ["αλφα", "σιγμα"]


def test_a_name_or_the_pages_own_definition_is_not_taken_for_the_catalogues_abbreviation():
    """"MT-Bench" gave 13 pages "machine translation", "MIMIC-IV" 21 "instrumental
    variable", and "Align-Then-stEer (ATE)" got "average treatment effect"."""
    synonyms = learn([*defining("MT", "machine translation"),
                      *defining("IV", "instrumental variables"),
                      *defining("ATE", "average treatment effect")], settings()["stopwords"])
    assert synonyms.words_for("Results on MT-Bench and MIMIC-IV.") == []
    assert synonyms.words_for("We introduce Align-Then-stEer (ATE), a method.") == []
    assert synonyms.words_for("An MT system and RL-based MT.") == ["machine", "translation"]
    assert synonyms.words_for("We estimate the ATE.") == ["average", "treatment", "effect"]


def test_a_page_defining_the_abbreviation_its_own_way_in_title_or_abstract_gets_nothing():
    """with_synonyms reads each abstract's definitions once, for learning and for its own
    page; a title can define one too."""
    ate = defining("ATE", "average treatment effect", 15)  # (dominant: 15 of 17)
    own = "Align-Then-stEer (ATE) steers a model; ATE is fast."
    texts = {**{f"papers/d{k}/": ("A title", text) for k, text in enumerate(ate)},
             "papers/title/": ("Align-Then-stEer (ATE)", "We make ATE fast."),
             "papers/abstract/": ("A title", own),
             "papers/plain/": ("A title", "We estimate the ATE.")}
    pages = {url: '<div data-pagefind-body><p>x</p></div>' for url in texts}
    out = with_synonyms(pages, texts, settings())
    assert out["papers/title/"] == out["papers/abstract/"] == pages["papers/title/"]
    assert ">average treatment effect</span>" in out["papers/plain/"]
