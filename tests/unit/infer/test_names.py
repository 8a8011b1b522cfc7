"""Introduction patterns and ranking rules of infer_names, on invented abstracts."""

from __future__ import annotations

import pytest

from paperlist.infer.names import infer_names


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # bold italic leaves no stray asterisks around the name
        ("Sorting is slow. We introduce ***QuikSorta***, a novel benchmark of 90 lists.",
         ["QuikSorta"]),
        # words set as text inside a formula stay words: the long form is not run together
        ("We devise an estimator, $\\textit{Sparse Ridge Averaging}$ (SpRA), and test it "
         "against the rest.", ["SpRA"]),
        ("We present the $\\textbf{Tile Sorting Engine}$, a pipeline for tiles.", []),
        ("We devise an estimator, $\\underline{\\textit{Sparse Ridge Averaging}}$ (SpRA), "
         "and test it against the rest.", ["SpRA"]),
        # a non-breaking hyphen inside the name is a hyphen
        ("We present Zap\u2011Bench, a benchmark for zapping. Zap-Bench has 40 tasks.",
         ["Zap-Bench"]),
        # the long form of an abbreviation set off after the head noun
        ("We propose a new solver architecture, Fast Mellow Grid Solver (FMGS), that "
         "scales. FMGS is fast.", ["FMGS"]),
        ("We propose a sampling framework, Gentle-guided Random Walk Sampler (GeRWaS), "
         "that mixes fast.", ["GeRWaS"]),
        # a coined name after a colon or a dash that follows the head noun
        ("We propose a new pruning method: TrimNet. It cuts weights.", ["TrimNet"]),
        ("We take a principled route and build a search framework \u2014 Quillo.", ["Quillo"]),
        # ... but not the first item of a list of parts
        ("We propose a modular framework with three components: an Planner for goals, "
         "a Mover for steps.", []),
        # a plain capitalised word in parentheses, spelled out by a capitalised long form
        ("We introduce Sparse Online Filtering Adapter (Sofa), a unified framework.",
         ["Sofa"]),
        # an odd capital at a long form's start is not a name: the abbreviation is
        ("We introduce the SImulation Benchmark of Tidy Pets (STIPY), in the context of "
         "pets.", ["STIPY"]),
        # a name set off after a head that itself follows a shorter name
        ("In this work, we build on it by introducing an ARC-style puzzle dataset, PuzzARC.",
         ["PuzzARC"]),
        # a coined name that a sentence about the paper's own work describes as an artefact
        ("We address this gap with DanceBot, the first diffusion framework for duets.",
         ["DanceBot"]),
        ("We revisit the debate through TimeForge, a structured framework of synthetic "
         "series.", ["TimeForge"]),
        # "(i.e., ABBR)" and "(ABBR Head)" after a long form
        ("This paper introduces the Hybrid Route Optimization (i.e., HyRO), a framework.",
         ["HyRO"]),
        ("We introduce Quantum-Inspired Sparse Adapters (QuISA Adapters), a PEFT approach.",
         ["QuISA"]),
        # a long form set like a name, whatever letters abbreviate it, when the sentence
        # says what the abbreviation is ...
        ("We present Cross-Lingual Prompt Smuggling (XLIPS), a new attack on "
         "translators.", ["XLIPS"]),
        # ... or a naming cue leads to it and it starts with the long form's letter
        ("We describe a decoder called Stepwise Contrastive Decoding (Step-XCD) that "
         "curbs repetition.", ["Step-XCD"]),
        # a coined word in lower case, spelled out right after and said what it is
        ("We introduce sparq (sparse quantile regression), an estimator for tails.",
         ["sparq"]),
        ("We introduce sparse quantile regression for tails.", []),
        # "we pioneer" introduces a contribution like "we propose"
        ("We pioneer the HexaNet (Hexagonal Network) architecture for meshes.",
         ["HexaNet"]),
        # "our so-called X framework", "the proposed Long Name (LN) model"
        ("Our so-called Tab2Graph framework turns tables into graphs.", ["Tab2Graph"]),
        ("The proposed Wave2Spike (WSNet) model reads sleep spindles.", ["WSNet"]),
        # "motivates us to", "the present work": subjects that introduce a contribution
        ("Caches grow. This motivates us to propose CacheTrim, an adaptive eviction policy.",
         ["CacheTrim"]),
        ("The present work introduces GLOW-PT: a pruning method for vision models.",
         ["GLOW-PT"]),
    ],
)
def test_introduction_patterns(text: str, expected: list[str]) -> None:
    assert infer_names(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # two capitals in parentheses stay a shorthand, even after a capitalised long form
        "We propose Gradient Stepping (GS), a tweak to training.",
        "In this work, we propose an alternative route: the gradient trick.",
        # a name that a popular or existing thing goes by
        "One popular encoding, namely Rotary Spin Encoding (RoSE), is used. We study it.",
        # what the paper is evaluated on or built from is someone else's
        "We evaluate our method on MazeBench, a benchmark for maze solving.",
        "We integrate it with CODA-Pump, an advanced continual learning algorithm.",
        "We study Hybrid LinUBC, an algorithm for bandits with offline data.",
    ],
)
def test_no_name(text: str) -> None:
    assert infer_names(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an abstract set in capitals: its "NEW" and "NOVEL" are words, not names
        ("WE PROPOSE A NEW METHOD FOR SORTING LISTS. THE NEW METHOD IS FAST.", []),
        ("IN THIS PAPER, WE INTRODUCE A NOVEL FRAMEWORK, TERMED DEEPSORT, FOR SORTING. "
         "DEEPSORT IS FAST.", ["DEEPSORT"]),
        # a plural abbreviation is a family of models when the abstract names one of them
        ("We propose Tree-Smoothed Dictionary Learners (TSDLs) for sparse codes. TSDLs "
         "are fast, and one TSDL fits in memory.", ["TSDL"]),
        ("We propose Tree-Smoothed Dictionary Learners (TSDLs) for sparse codes. TSDLs "
         "are fast.", []),
        # ... while a mixed-case name that spells a function word stays one
        ("We propose Simulated Policy Learning (SimPLe), a model-based method. SimPLe "
         "is fast.", ["SimPLe"]),
    ],
)
def test_capitals_and_plurals(text: str, expected: list[str]) -> None:
    assert infer_names(text) == expected


@pytest.mark.parametrize(
    ("text", "first"),
    [
        # a name defined before the paper speaks of itself is background, however often used
        ("Sorting under noise is known as Noisy Order Sorting (NOS). NOS is hard and NOS is "
         "common. We propose SiftSort, a sorter for NOS. SiftSort is fast.", "SiftSort"),
        # equal use: the main contribution before one the paper "also" or "further" proposes
        ("We introduce GridBench, a benchmark of maze puzzles. We further propose MazeNet, "
         "a solver for them. MazeNet and GridBench are public.", "GridBench"),
        ("We introduce GridBench, a benchmark of maze puzzles. We propose MazeNet, "
         "a solver for them. MazeNet and GridBench are public.", "MazeNet"),
        # a data set named by its size is a release beside the main artefact
        ("We release ChartQuiz-80K, a dataset of chart questions. ChartQuiz-80K has ten "
         "chart types. We propose PlotSage, a chart reader trained on ChartQuiz-80K. "
         "PlotSage wins.", "PlotSage"),
        # ... and "X-26k" is plain X when the abstract goes on calling it X
        ("We introduce MazeRunner-26k, a dataset of mazes. Models trained on MazeRunner "
         "solve mazes. MazeRunner is public.", "MazeRunner"),
        # but not when X is an abbreviation defined in passing
        ("We introduce SoL-5K, a benchmark on the strength of lattices (SoL). SoL matters.",
         "SoL-5K"),
        # a coined word with its plain initials goes by the word ...
        ("We propose Fold-and-Tuck (FnT), a compression method. FnT is fast and FnT is "
         "small.", "Fold-and-Tuck"),
        # ... but a crafted abbreviation the abstract goes on using is the name
        ("We propose Prune-Regrow (PRUGO), a sparsity method. PRUGO is fast and PRUGO "
         "is small.", "PRUGO"),
        ("We propose Base-Refine (BARF), a two-stage method. BARF is fast and BARF wins.",
         "BARF"),
        # the first method the paper's own part introduces wins a tie one use short
        ("We propose KelpNet, a segmentation network for kelp forests. We design Kelp "
         "Edge Refinement (KER), a module that sharpens borders. KER helps KelpNet, and "
         "KER is cheap.", "KelpNet"),
        # letters for a lower-case description before a head noun are weak beside a name
        # the paper coins
        ("We introduce CrateBench, a suite for crate packing. We then design a "
         "multi-stage packing policy (MSPP) framework. MSPP packs fast and MSPP wins.",
         "CrateBench"),
        # a model listed as one of several is a part of the work, not its name: the data
        # set it was built for is
        ("Our data set, named CrateSet, holds crates. CrateSet is hard. We build two "
         "models: CrateNet and BoxRanker. CrateNet encodes crates.", "CrateSet"),
        # what the abstract builds on an earlier contribution is its end product, even
        # used less ...
        ("We introduce QuillGen, a generator of hard puzzles. QuillGen is fast and QuillGen "
         "is cheap. Building on QuillGen, we develop QuillSolve, a solver trained on its "
         "puzzles. QuillSolve wins.", "QuillSolve"),
        ("We propose TileSet, a benchmark of tilings. TileSet is hard for TileSet baselines. "
         "On this foundation, we propose TileFormer, a tiling model.", "TileFormer"),
        # ... but not an extra the paper "further" builds on it
        ("We introduce QuillGen, a generator of hard puzzles. QuillGen is fast and QuillGen "
         "is cheap. Building on QuillGen, we further develop QuillSolve, a solver.",
         "QuillGen"),
        ("We propose KnotNet, a model for knots. Based on KnotNet, we fit two rankers and "
         "further develop KnotAgent, a planner. KnotAgent wins and KnotAgent is fast.",
         "KnotNet"),
    ],
)
def test_ranking(text: str, first: str) -> None:
    assert infer_names(text)[0] == first


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # with no name introduced, a coined repository name is what the work goes by
        ("We present a faster sampler for walks on graphs. It mixes in few steps. Code: "
         "https://github.com/someone/FastWalk.", ["FastWalk"]),
        # ... but not a plain word, a long phrase or a file-like name
        ("We present a faster sampler for walks on graphs. Code: "
         "https://github.com/someone/sampler.", []),
        ("We present a faster sampler for walks on graphs. Code: "
         "https://github.com/someone/Fast-Graph-Walk-Sampler.", []),
        ("We present a faster sampler for walks on graphs. Code: "
         "https://github.com/someone/FW_ICLR.", []),
        # ... nor a tool the work is built with
        ("We present a faster sampler for walks on graphs, built with "
         "https://github.com/someorg/GraphKit.", []),
        # a name the abstract introduces wins over the repository's
        ("We present WalkSage, a sampler for walks on graphs. Code: "
         "https://github.com/someone/FastWalk.", ["WalkSage"]),
    ],
)
def test_code_repository_name(text: str, expected: list[str]) -> None:
    assert infer_names(text) == expected


def test_a_lower_case_gloss_in_parentheses_is_not_an_abbreviation() -> None:
    """"diverse predictions (modes)" glosses a phrase; taking "modes" for the abbreviation
    of a long form made it the paper's name ("modes: multi-mode patch diffusion")."""
    text = ("We propose the Multi-Mode Patch Diffusion (MMPD) loss for forecasting. Models "
            "trained with MMPD loss give diverse predictions (modes) with probabilities. "
            "MMPD loss models the future with a diffusion model.")
    assert infer_names(text)[0] == "MMPD"


@pytest.mark.parametrize("common", ["CoT", "RAG", "LoRA", "GRPO", "RLHF"])
def test_the_fields_shared_methods_are_nobodys_name(common: str) -> None:
    text = (f"We propose a verifier for {common} pipelines, called {common}. {common} is "
            f"used everywhere, and our {common} verifier checks each step.")
    assert common not in infer_names(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a long form the paper's own sentence coins, after "with" or a proposing verb
        ("We address this limitation with Diverse-Exploration RL (DeRL), a modification to "
         "the reward. DeRL finds more solutions.", "DeRL"),
        ("Motivated by this, we propose a new algorithm: Trajectory Importance Corrected "
         "Sampling (TICS). TICS replaces token-level ratios.", "TICS"),
        ("We use tools from topology and define the Multiscale Clustering Bifiltration "
         "(MCbiF), a filtration of complexes. MCbiF is stable.", "MCbiF"),
        # a name cued outright wins over an abbreviation spelled out beside it
        ("We propose KiteNet, a network for Long Range Sequence Modelling (LRSM). KiteNet "
         "and LRSM are studied.", "KiteNet"),
        # a benchmark named after the model the abstract keeps talking about comes second
        ("We train PlumBot, an assistant for gardening. For its evaluation we introduce "
         "PlumBot-Bench, a benchmark of 900 items. PlumBot beats baselines; PlumBot is open.",
         "PlumBot"),
        # a family goes by its stem
        ("We introduce Omni-Judge: Omni-JudgeBench, a benchmark, Omni-JudgeData, a data "
         "set, and Omni-JudgeModel, a model. Omni-JudgeModel wins.", "Omni-Judge"),
        # ... but not by the base model its members build on, named once
        ("We propose LLaVA-Med, a medical vision-language model, and LLaVA-Path, a "
         "pathology model. Both fine-tune the open LLaVA model. LLaVA-Path beats "
         "LLaVA-Med.", "LLaVA-Med"),
        # a long form whose capitals spell the abbreviation out goes by the abbreviation
        ("We introduce REcurrent planning with self-rePLAN loops (REPLAN), a planner. "
         "REPLAN wins.", "REPLAN"),
        ("We design a new framework, ranKed-Of-Ten-Action (KOTA), that scales. KOTA is fast "
         "and KOTA is small.", "KOTA"),
        # a name the abstract introduced before is its own, not part of a later long form
        ("We propose MazeCraft, a benchmark of hard mazes. MazeCraft has many mazes. "
         "Results are summed into a MazeCraft Score (MCS).", "MazeCraft"),
        # a lead word inside the long form is not where it starts
        ("Exploration is hard. We address this with Formal Proof Search (FoPS). FoPS wins.",
         "FoPS"),
        ("Exploration is hard. We address this with Search with Learned Values (SwLV). "
         "SwLV wins.", "SwLV"),
    ],
)
def test_spelled_out_and_family_names(text: str, expected: str) -> None:
    assert infer_names(text)[0] == expected


@pytest.mark.parametrize(
    "text",
    [
        "We study the Markov Decision Process (MDP) under noise. MDP is hard.",
        "We evaluate our method on the Long Range Arena (LRA). LRA is hard.",
        "We introduce a new task, Visual Question Rewriting (VQR), and baselines for it.",
        # a capitalised long form that no sentence calls an artefact stays a concept
        "We introduce Cross-Lingual Prompt Smuggling (XLIPS) to the study of translators.",
        # methods the field knows by their letters, spelled out as they are used
        "We optimize the policy with Soft Actor-Critic (SAC). SAC is stable.",
        "We tackle sparse rewards with Hindsight Experience Replay (HER). HER helps.",
    ],
)
def test_spelled_out_concepts_are_not_names(text: str) -> None:
    assert infer_names(text) == []
