"""A title names the contribution and, when the abstract says it a sentence away, its
setting: "X for Y", joined from two phrases of the abstract (infer/titles.py
title_options). What a reader would notice if the join went wrong: a word said twice, a
preposition the abstract never used ("in driving" made "for driving"), a purpose said
twice ("X for Y for Z"), a title too long or broken; and a word model that ignores what
the abstract stresses."""

from __future__ import annotations

import re

import pytest

from paperlist.infer import titles
from paperlist.infer.names import infer_names
from paperlist.infer.titles import infer_title, title_options, title_problems, word_probabilities

ABSTRACTS = {
    "driving": "Motion forecasting is central to planning in autonomous driving. Existing "
               "forecasters ignore the map. We propose lane-aware trajectory diffusion, a "
               "generative forecaster that denoises future paths along lane graphs. Lane-aware "
               "trajectory diffusion lowers the miss rate on two public benchmarks.",
    "agents": "Large language model agents misjudge their own confidence. We introduce "
              "trajectory calibration, a post-hoc method that reads the whole trajectory of "
              "an agent. Trajectory calibration halves the calibration error of web agents.",
    "purpose": "Sparse attention saves memory. We present a kernel for sparse attention on "
               "long documents, written for commodity accelerators. The kernel is twice as "
               "fast as dense attention on long-context retrieval.",
    "named": "Tabular data is everywhere in medicine. We propose FeatureFlow, a feature "
             "routing network for tabular transformers. FeatureFlow routes each feature "
             "through its own expert and beats gradient-boosted trees on clinical tables.",
}

_PART = re.compile(r"[a-z0-9]+")


def _content(text: str) -> set[str]:
    function = titles.title_rules()["function_words"]
    return {w for w in _PART.findall(text.lower()) if w not in function}


def _split(option: str, single: str) -> tuple[str, str]:
    """(joining word, joined phrase) of a joined title."""
    join, _, phrase = option[len(single) + 1 :].partition(" ")
    return join, phrase


@pytest.mark.parametrize("kind", sorted(ABSTRACTS))
def test_joined_titles_read_as_one(kind: str) -> None:
    text = ABSTRACTS[kind]
    options = title_options(text, infer_names(text))
    singles = [title for title, feats in options if feats[0]]
    assert options[0][1][0] == 1.0  # the best single phrase comes first
    for title, feats in options:
        assert len(title) <= 100
        assert not title_problems(title), title
        if feats[0]:
            continue
        single = max((s for s in singles if title.startswith(s + " ")), key=len)
        join, phrase = _split(title, single)
        assert join in titles._JOINS
        assert not _content(phrase) & _content(single.split(": ", 1)[-1]), title
        # one noun phrase: no function word but "and"/"of", and never the name
        function = titles.title_rules()["function_words"] - {"and", "of"}
        assert not function & set(phrase.lower().split()), title
        assert not any(n.lower() in phrase.lower() for n in infer_names(text)), title
        # a phrase that already says what it is for is not extended
        assert not {"for", "to"} & set(single.lower().split()), title


def test_the_join_keeps_the_abstracts_preposition() -> None:
    text = ABSTRACTS["driving"]
    joined = [t for t, feats in title_options(text, infer_names(text)) if not feats[0]]
    driving = [t for t in joined if t.endswith("autonomous driving")]
    assert driving, joined
    assert all(t.endswith(" in autonomous driving") for t in driving)


def test_every_title_is_one_of_its_options() -> None:
    for text in ABSTRACTS.values():
        names = infer_names(text)
        title = infer_title(text, names)
        assert title in [t for t, _ in title_options(text, names)]
        assert not title_problems(title)


def test_the_word_model_reads_what_the_abstract_stresses() -> None:
    """A word of the contribution's name, used again and again, is likelier in the title
    than a word the background mentions once."""
    text = ABSTRACTS["driving"]
    q = word_probabilities(text, infer_names(text))
    assert q["diffusion"] > q["map"]
    assert q["trajectory"] > q["existing"]
    assert all(0.0 <= v <= 1.0 for v in q.values())


def test_without_a_pair_model_the_title_is_the_best_single_phrase(monkeypatch) -> None:
    model = dict(titles._model_file())
    model.pop("pair_weights")
    monkeypatch.setattr(titles, "_model_file", lambda: model)
    for text in ABSTRACTS.values():
        names = infer_names(text)
        assert infer_title(text, names) == title_options(text, names)[0][0]


#: abstracts that define an abbreviation, and what it stands for
ABBREVIATED = {
    "critique": ("Large language models (LLMs) are increasingly asked to grade student "
                 "proofs. We study the critique ability of LLMs on olympiad geometry and "
                 "release a benchmark of flawed solutions written by students. Critique "
                 "accuracy of LLMs drops sharply when the flaw is in the last step.",
                 "LLMs", "large language models"),
    "rollouts": ("Reinforcement learning (RL) agents are brittle under small changes of the "
                 "environment. We propose offline model-based RL with pessimistic rollouts "
                 "for robotic manipulation. Pessimistic rollouts keep the policy close to "
                 "the logged data.", "RL", "reinforcement learning"),
    "pruning": ("Vision transformers (ViTs) spend most of their compute on background "
                "patches. We propose token pruning of ViTs guided by attention entropy. "
                "Token pruning keeps accuracy on dense prediction while halving latency.",
                "ViTs", "vision transformers"),
    "coach": ("Large language models (LLMs) play chess poorly. We present an LLM coach that "
              "explains each move to beginners in plain words. The LLM coach halves the "
              "blunders of club players.", "LLM", "large language models"),
}


@pytest.mark.parametrize("kind", sorted(ABBREVIATED))
def test_no_title_says_a_thing_twice_as_an_abbreviation(kind: str) -> None:
    """"Critique ability of LLMs for large language models" (one joined title in a
    hundred said so before): a setting that spells out the phrase's abbreviation, or
    abbreviates what it spells out, is no setting."""
    text, abbr, long = ABBREVIATED[kind]
    options = title_options(text, infer_names(text))
    for title, _ in options:
        said = re.findall(r"[\w-]+", title)
        assert not (abbr in said and long in title.lower()), title
        assert not (abbr.rstrip("s") + "s" in said and long in title.lower()), title
    title = infer_title(text, infer_names(text))
    assert not (re.search(rf"\b{abbr}s?\b", title) and long in title.lower()), title


def test_an_abbreviation_the_setting_spells_out_is_spelled_out_in_place() -> None:
    """The join becomes the phrase with the abbreviation written out, as a title would
    say it: "Critique ability of large language models"; not when the word is singular and
    the long form plural ("LLM coach": "large language models coach" reads wrong)."""
    text = ABBREVIATED["critique"][0]
    options = [t for t, _ in title_options(text, infer_names(text))]
    assert "Critique ability of large language models" in options, options
    text = ABBREVIATED["coach"][0]
    options = [t for t, _ in title_options(text, infer_names(text))]
    assert not any("large language models coach" in t.lower() for t in options), options


def test_an_abbreviation_the_abstract_does_not_define_is_not_guessed_from_initials() -> None:
    """"RL" written but never defined, and "robot locomotion" elsewhere in the abstract:
    the title must not say "The sample efficiency of robot locomotion" (two letters spell
    out too much by chance; the abstract's own "Long Form (ABBR)" is what an abbreviation
    stands for)."""
    text = ("Agents need many samples. We study the sample efficiency of RL in simulation. "
            "Experiments on robot locomotion show that replaying old episodes halves the "
            "samples needed.")
    options = [t for t, _ in title_options(text, infer_names(text))]
    assert any("RL" in t.split() for t in options), options
    assert not any("of robot locomotion" in t for t in options), options


def test_a_name_spelled_out_after_it_is_the_title() -> None:
    """"MES-RET (Many-task Evolution Strategy with ...)": the long form after the name
    counts as the name's long form, as "Long Form (NAME)" does."""
    text = ("Evolutionary multi-tasking falters on many low-similarity tasks. We call this "
            "barrier the curse of many tasks, driven by budget dispersion and negative "
            "transfer. We propose KITE-RUN (Knowledge Injection with Transfer-Efficient "
            "Reward-weighted UNification), which weighs each task's evaluations by reward. "
            "KITE-RUN beats strong baselines on robot control.")
    title = infer_title(text, infer_names(text))
    assert title.startswith("KITE-RUN: knowledge injection with transfer-efficient"), title


@pytest.mark.parametrize(
    "text",
    [
        # a possessive whose noun the phrase cut off
        "We introduce QuizBench, a benchmark designed to measure large language models' "
        "recall of rare facts. QuizBench has 5,000 questions.",
        # a phrase pointing back at what the title left out
        "Fine-tuning data is costly. We study the number of fine-tuning examples and the "
        "task's data efficiency without incremental annotation, and its own cost model.",
        # LaTeX quotes around a term
        "We propose ZipDecode, an architecture that enables ``truly end-to-end'' "
        "generation by learning its own decoding strategy. ZipDecode is fast.",
    ],
)
def test_no_title_dangles_or_points_back(text: str) -> None:
    for title, _ in title_options(text, infer_names(text)):
        assert not re.search(r"['\u2019]s?$|s['\u2019]$", title), title
        assert "``" not in title and "''" not in title, title
        for part in re.split(r"\s(?:for|in|on|with|via|under|across|from|through|beyond)\s",
                             title)[1:]:
            first = part.split()[0]
            assert first.lower() != "own" and not re.search(r"['\u2019]s$", first), title


def test_a_name_as_long_as_a_title_neither_hangs_nor_overflows() -> None:
    """A run of capitals ("AAAA...", a DNA sequence, a hash) once made the title's room
    negative and the trimming loop spin forever; checked in a child process so that a
    regression fails instead of hanging the suite."""
    import subprocess
    import sys

    code = ("from paperlist.infer.names import infer_names\n"
            "from paperlist.infer.titles import infer_title\n"
            "for n in (50, 98, 200, 800):\n"
            "    t = 'We propose ' + 'A' * n + ' (' + 'A' * n + ') for learning. It works.'\n"
            "    for names in (infer_names(t), ['A' * n]):\n"
            "        title = infer_title(t, names)\n"
            "        assert title and len(title) <= 110, (n, title)\n")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_the_word_models_fast_sum_is_the_models_own_formula():
    """word_probabilities adds the model's products inline, without the zero ones, for
    speed; it must give the very floats of the logistic model over word_features (which
    train_titles.py fits), or the titles would drift from the trained model."""
    import math
    import operator

    from helpers import SHIPPED_LIST
    from paperlist.ingest.listfile import parse_list

    model = titles._model_file()["word_model"]
    weights = [model["weights"][k] for k in titles.WORD_FEATURES]
    for text in (p.text for p in parse_list(SHIPPED_LIST).paragraphs):
        names = infer_names(text)
        expected = {}
        for word, feats in titles.word_features(text, names).items():
            z = model["bias"] + sum(map(operator.mul, weights, feats))
            expected[word] = 1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0
        assert word_probabilities(text, names) == expected
