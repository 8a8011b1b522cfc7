"""What a reader of the catalogue sees: the right paper names, readable titles, clean ids."""

from __future__ import annotations

import re

import pytest

from helpers import shipped_abstracts
from paperlist.infer.ids import slug_for
from paperlist.infer.names import infer_names
from paperlist.infer.titles import infer_title, title_problems

ABSTRACTS = shipped_abstracts()

EXPECTED_NAMES = [
    ["ProRL"], [], ["ReCoG"], ["SCARED"], ["CyberJurors", "VerdictBench"], ["TPGDiff"],
    ["MES-RET"], [], [], ["XTRA"], ["MAGE"], ["EqR"], ["World-R1"], ["OTA-Det"], ["Qkmeans"],
    [], ["WildCat"], ["FlowCloud"], ["HALO"],
]

# Abbreviations these abstracts define or use for concepts that are not theirs.
NOT_THEIR_NAMES = {
    "PRSs", "PRS", "RL", "LLMs", "UDD", "FSMPP", "ICRL", "EDV", "DPO", "MVC", "OVAD", "RSVG",
    "VLA", "EM-CoT", "MoT", "Neural ODE", "SGD", "KNN", "GPU", "RT-DETR", "Flow-GRPO",
    "ImageNet-1K", "DINOv2", "SEPIN@1", "GPT", "Gemini", "MLLMs", "IID", "ReLU",
}


def test_shipped_list_has_19_abstracts() -> None:
    assert len(ABSTRACTS) == 19


@pytest.mark.parametrize(("index", "expected"), list(enumerate(EXPECTED_NAMES)))
def test_names_on_shipped_list(index: int, expected: list[str]) -> None:
    assert infer_names(ABSTRACTS[index]) == expected


def test_defined_abbreviations_are_never_names() -> None:
    found = {name for text in ABSTRACTS for name in infer_names(text)}
    assert not found & NOT_THEIR_NAMES


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We propose FooNet, a graph network for molecule generation.", ["FooNet"]),
        ("We design a sampler called Zebra that mixes fast. Zebra beats MCMC.", ["Zebra"]),
        ("Graph neural networks (GNNs) are popular. We propose the Sparse Edge Attention "
         "Layer (SEAL), which scales to large graphs.", ["SEAL"]),
        ("We introduce *TinyBench*, a benchmark of 500 puzzles, and **PuzzleNet**, a model "
         "that solves them.", ["PuzzleNet", "TinyBench"]),
        ("We present $\\mathrm{LinAttn}$, an attention approximation.", ["LinAttn"]),
        # a Markdown link's URL once took the text up to the next ")" with it
        ("We build on [earlier work](https://arxiv.org/abs/1234.5678) on pruning. We propose "
         "FooNet (a sparse network) for edge devices.", ["FooNet"]),
        ("To this end, we propose **WWW.Serve**, a framework for serving LLMs.", ["WWW.Serve"]),
        # defined abbreviations of existing ideas are not the paper's name
        ("Reinforcement learning (RL) is hard. We propose an RL method that is stable.", []),
        ("We study stochastic gradient descent (SGD) on two-layer networks.", []),
        ("We introduce a new task, Visual Question Rewriting (VQR), and baselines for it.", []),
        ("We propose GNN-based pruning for transformers.", []),
        ("The so-called lottery tickets are sparse subnetworks.", []),
        ("", []),
    ],
)
def test_names_from_general_cues(text: str, expected: list[str]) -> None:
    assert infer_names(text) == expected


def test_titles_of_named_papers_start_with_the_name() -> None:
    for text, names in zip(ABSTRACTS, EXPECTED_NAMES, strict=True):
        if names:
            title = infer_title(text, names)
            assert title.startswith(f"{names[0]}: "), title
            assert len(title) > len(names[0]) + 10, title


@pytest.mark.parametrize(
    ("index", "fragment"),
    [
        (0, "proactive recommendation"),
        (5, "triple-prior guided diffusion"),
        (5, "image restoration"),
        (6, "many-task evolution strategy"),
        (16, "attention"),
    ],
)
def test_named_titles_say_what_it_is(index: int, fragment: str) -> None:
    names = infer_names(ABSTRACTS[index])
    assert fragment in infer_title(ABSTRACTS[index], names).lower()


def test_titles_of_unnamed_papers_are_their_topic() -> None:
    # the topic leads; a setting may follow it ("... for ...")
    assert infer_title(ABSTRACTS[7], []).startswith(
        "The population loss landscape of two-layer ReLU networks"
    )
    assert infer_title(ABSTRACTS[8], []).startswith(
        "Convergence and time-complexity analysis of DPO"
    )
    # once "Two classical algorithms for ...": a counting word is no way to start a title
    title = infer_title(ABSTRACTS[15], [])
    assert not title.startswith("Two") and not title_problems(title), title


@pytest.mark.parametrize("index", range(19))
def test_titles_are_clean(index: int) -> None:
    text = ABSTRACTS[index]
    title = infer_title(text, infer_names(text))
    assert title and len(title) <= 100
    assert not title.endswith((".", ",", ";", ":"))
    assert not re.search(r"[*$\\{}`_]|\]\(", title), title
    assert title[0].isupper() or title[0].isdigit()
    assert not title_problems(title), title


def test_title_is_never_empty() -> None:
    assert infer_title("", [])
    assert infer_title("   ", [])
    assert infer_title("$x^2$", [])
    assert infer_title("Short.", ["Foo"]).startswith("Foo")


def test_title_when_the_editor_names_a_paper() -> None:
    # a name the abstract never introduces still leads the title, with the topic after it
    title = infer_title(ABSTRACTS[7], ["LandscapeKit"])
    assert title.startswith("LandscapeKit: ")
    assert "landscape" in title.lower()


@pytest.mark.parametrize(
    ("names", "slug"),
    [(["ProRL"], "prorl"), (["MES-RET"], "mes-ret"), (["World-R1"], "world-r1"),
     (["ReCoG"], "recog"), (["OTA-Det"], "ota-det"), (["Pseudo-LiDAR++"], "pseudo-lidar"),
     (["Café_Net"], "cafe-net")],
)
def test_slug_from_name(names: list[str], slug: str) -> None:
    assert slug_for("Whatever title", names) == slug


def test_slug_from_title_keeps_significant_words() -> None:
    title = "The population loss landscape of two-layer ReLU networks"
    assert slug_for(title, []) == "population-loss-landscape-two-layer-relu"


@pytest.mark.parametrize(
    "title",
    ["", "   ", "!!!", "Ünïcödé — títle with «quotes» and $math$",
     "A " + "very-long-word " * 20, "The of and"],
)
def test_slug_is_always_a_valid_id(title: str) -> None:
    slug = slug_for(title, [])
    assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", slug), slug
    assert len(slug) <= 60


def test_slug_falls_back_to_paper() -> None:
    assert slug_for("", []) == "paper"
    assert slug_for("", ["++"]) == "paper"


def test_every_shipped_paper_gets_a_valid_slug() -> None:
    for text in ABSTRACTS:
        names = infer_names(text)
        slug = slug_for(infer_title(text, names), names)
        assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", slug) and len(slug) <= 60


def test_inference_is_deterministic() -> None:
    first = [(infer_names(t), infer_title(t, infer_names(t))) for t in ABSTRACTS]
    assert first == [(infer_names(t), infer_title(t, infer_names(t))) for t in ABSTRACTS]


@pytest.mark.parametrize("verb, title", [
    ("distils", "ConsistencyPolicy: distilling a diffusion policy"),  # it read "distiling"
    ("plans", "ConsistencyPolicy: planning a diffusion policy"),
    ("opens", "ConsistencyPolicy: opening a diffusion policy"),
    ("equips", "ConsistencyPolicy: equipping a diffusion policy"),
])
def test_a_which_clause_becomes_a_title_with_the_gerund_titles_spell(verb, title) -> None:
    text = (f"We present ConsistencyPolicy, which {verb} a diffusion policy into a one-step "
            "consistency model for fast visuomotor control. It runs at 100 Hz on a robot arm.")
    assert infer_title(text, infer_names(text)).startswith(title)


def test_a_description_that_starts_with_a_mixed_case_word_keeps_it() -> None:
    """Only a plain capitalised first word is set in lower case after the name's colon:
    "LoRA-SB: loRA silver bullet", "KompeteAI: autoML framework" were titles."""
    text = ("We propose LoRA-SB (LoRA Silver Bullet), a method that approximates full "
            "fine-tuning within low-rank subspaces using a carefully designed initialization "
            "strategy. Experiments show it matches full fine-tuning.")
    assert infer_title(text, infer_names(text)).startswith("LoRA-SB: LoRA silver bullet")


def test_a_title_cased_compound_after_the_name_keeps_its_case() -> None:
    """"MASSE: multi-Agent system": only the first letter went to lower case."""
    text = ("We propose MASSE, a Multi-Agent System for Scientific Exploration that plans, "
            "runs and checks experiments. Experiments on three domains show its gains.")
    title = infer_title(text, infer_names(text))
    assert "multi-Agent" not in title, title
