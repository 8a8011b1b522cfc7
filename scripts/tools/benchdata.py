"""Realistic abstract lists of any size, for the benchmark (`bench.py`).

A site that is fast on 19 copies of one abstract can still be slow on a real venue: the
search index grows with the vocabulary, page ids collide, tags spread unevenly. So the
generator writes varied research prose from a small grammar — a problem statement, a gap,
a named method (WildCat, FlowNet-3D, XTRA...), its mechanism, experiments and results,
acronyms with their definitions, `$math$`, and GitHub / Hugging Face links — drawn with a
seeded random generator, so the same N always gives byte-identical lists (and the
benchmark's numbers can be compared run to run).
"""

from __future__ import annotations

import random
from pathlib import Path

#: Topic -> (field nouns, tasks, datasets, technique phrases). Phrases echo the taxonomy's
#: evidence, so the tagger spreads papers over many tags as it would on a real venue.
TOPICS: dict[str, tuple[list[str], list[str], list[str], list[str]]] = {
    "rl": (["reinforcement learning", "offline reinforcement learning", "multi-agent systems"],
           ["continuous control", "sparse-reward exploration", "sequential decision-making"],
           ["MuJoCo", "Atari 100k", "D4RL", "Procgen", "Meta-World"],
           ["policy gradient", "actor-critic updates", "a learned value function",
            "reward shaping", "model-based planning"]),
    "llm": (["large language models (LLMs)", "instruction-tuned LLMs", "small language models"],
            ["multi-step reasoning", "long-context retrieval", "tool use", "code generation"],
            ["GSM8K", "MATH", "HumanEval", "MMLU", "LongBench", "ARC-Challenge"],
            ["chain-of-thought prompting", "test-time compute scaling", "preference optimization",
             "retrieval-augmented generation", "speculative decoding"]),
    "vision": (["computer vision", "vision transformers (ViTs)", "3D scene understanding"],
               ["semantic segmentation", "object detection", "novel view synthesis",
                "monocular depth estimation"],
               ["ImageNet-1k", "COCO", "ADE20K", "ScanNet", "KITTI", "Cityscapes"],
               ["masked image modeling", "contrastive pretraining", "neural radiance fields",
                "Gaussian splatting", "optical flow estimation"]),
    "graph": (["graph neural networks (GNNs)", "graph learning", "molecular graphs"],
              ["node classification", "link prediction", "molecular property prediction"],
              ["OGB-arxiv", "ZINC", "QM9", "Cora", "PubMed"],
              ["message passing", "graph transformers", "spectral filtering",
               "over-squashing mitigation"]),
    "theory": (["learning theory", "statistical learning", "online learning"],
               ["generalization under distribution shift", "sample complexity",
                "regret minimization in bandits"],
               ["synthetic benchmarks", "linear bandit instances"],
               ["a PAC-Bayesian analysis", "uniform convergence bounds",
                "a minimax lower bound", "stochastic gradient descent (SGD)"]),
    "diffusion": (["diffusion models", "generative models", "flow matching"],
                  ["text-to-image generation", "video synthesis", "molecule generation"],
                  ["CIFAR-10", "FFHQ", "LSUN Bedrooms", "MS-COCO captions"],
                  ["score matching", "classifier-free guidance", "consistency distillation",
                   "rectified flows"]),
    "safety": (["AI safety", "adversarial robustness", "differential privacy"],
               ["jailbreak detection", "certified robustness", "membership inference defense"],
               ["AdvBench", "HarmBench", "CIFAR-10-C", "ImageNet-C"],
               ["randomized smoothing", "red teaming", "machine unlearning",
                "calibrated uncertainty estimates"]),
    "science": (["AI for science", "protein design", "weather forecasting"],
                ["protein structure prediction", "PDE solving", "materials discovery"],
                ["CATH", "ERA5", "PDEBench", "Materials Project"],
                ["neural operators", "equivariant networks", "physics-informed losses",
                 "symbolic regression"]),
    "health": (["healthcare", "medical imaging", "clinical prediction"],
               ["tumor segmentation", "EHR-based risk prediction", "radiology report generation"],
               ["MIMIC-IV", "BraTS", "CheXpert", "UK Biobank"],
               ["federated learning across hospitals", "self-supervised pretraining",
                "survival analysis"]),
    "recsys": (["recommender systems", "sequential recommendation", "click-through prediction"],
               ["cold-start recommendation", "session-based recommendation"],
               ["MovieLens-1M", "Amazon Reviews", "Yelp", "KuaiRec"],
               ["collaborative filtering", "contrastive user modeling", "debiased ranking"]),
    "timeseries": (["time series forecasting", "spatio-temporal modeling", "anomaly detection"],
                   ["long-horizon forecasting", "traffic prediction", "sensor anomaly detection"],
                   ["ETTh1", "Electricity", "Traffic", "Weather", "M4"],
                   ["patch-based tokenization", "state space models", "frequency-domain mixing"]),
    "robotics": (["robotics", "embodied AI", "robot manipulation"],
                 ["dexterous manipulation", "visual navigation", "sim-to-real transfer"],
                 ["RLBench", "Habitat", "CALVIN", "LIBERO"],
                 ["imitation learning", "vision-language-action models", "diffusion policies"]),
    "efficiency": (["efficient inference", "model compression", "ML systems"],
                   ["post-training quantization", "structured pruning", "KV-cache compression"],
                   ["WikiText-103", "C4", "LLaMA-2 7B checkpoints"],
                   ["low-rank adaptation (LoRA)", "knowledge distillation", "mixture of experts",
                    "sparse attention kernels"]),
    "speech": (["speech recognition", "audio generation", "spoken language understanding"],
               ["low-resource ASR", "text-to-speech", "speaker diarization"],
               ["LibriSpeech", "Common Voice", "VCTK", "AudioSet"],
               ["self-supervised speech representations", "neural audio codecs"]),
}

PREFIXES = ["Wild", "Flow", "Deep", "Graph", "Meta", "Proto", "Hyper", "Sparse", "Quant",
            "Neuro", "Turbo", "Omni", "Lumen", "Astra", "Vortex", "Echo", "Pulse", "Nova",
            "Orbit", "Prism", "Cedar", "Falcon", "Tide", "Ember", "Atlas", "Helix", "Kite",
            "Mosaic", "Quill", "Raven", "Sage", "Terra", "Umbra", "Vela", "Zephyr", "Coral",
            "Drift", "Fable", "Glint", "Harbor"]
SUFFIXES = ["Cat", "Net", "Former", "GAN", "Diff", "RL", "Bench", "Mix", "Fuse", "Scope",
            "Mind", "Gate", "Path", "Tune", "Seg", "Gen", "Loop", "Map", "Prompt", "Quest"]
MODIFIERS = ["", "", "", "", "-3D", "-XL", "++", "-2", "-Lite", "-V"]
ACRONYM_WORDS = ["Adaptive", "Cross-Task", "Retrieval", "Adapter", "Hierarchical", "Token",
                 "Routing", "Efficient", "Latent", "Alignment", "Scalable", "Temporal",
                 "Contrastive", "Uncertainty-Aware", "Planning", "Distillation", "Memory",
                 "Graph", "Reasoning", "Sparse", "Transport", "Mixture", "Xpert", "Quantized"]
MATH = [r"$O(n \log n)$", r"$\mathcal{O}(\sqrt{T})$", r"$\epsilon$-optimal",
        r"$\tilde{O}(d^2/\epsilon^2)$", r"$\ell_2$", r"$k$-nearest", r"$\alpha \in (0, 1]$",
        r"$L$-smooth", r"$\sqrt{n}$", r"$p(x \mid z)$", r"$\mathbb{E}[r_t]$", r"$1/\sqrt{d}$"]
USERS = ["ml-lab", "deepgroup", "aiuni", "visionteam", "nlp-org", "rl-research", "opensci",
         "theorylab", "robolab", "healthai"]

PROBLEMS = [
    "Despite rapid progress in {field}, {task} remains difficult when labeled data is scarce.",
    "Recent work on {field} has shown strong results, yet {task} still suffers from {issue}.",
    "{Task} is a central problem in {field}, but existing methods scale poorly with {scale}.",
    "Current approaches to {task} in {field} rely on {technique}, which {weakness}.",
    "A key open question in {field} is how to perform {task} reliably under {issue}.",
]
ISSUES = ["distribution shift", "noisy supervision", "high computational cost", "label noise",
          "limited context length", "compounding errors", "spurious correlations",
          "catastrophic forgetting", "poor calibration", "sparse rewards"]
SCALES = ["the number of samples", "model size", "sequence length", "the horizon",
          "the number of agents", "input resolution"]
WEAKNESSES = ["ignores the structure of the problem", "requires expensive hyperparameter tuning",
              "breaks down on long horizons", "is brittle to small perturbations",
              "needs orders of magnitude more compute"]
GAPS = [
    "We identify two causes of this failure: {cause1} and {cause2}.",
    "We show that this gap stems from {cause1}, which prior analyses overlook.",
    "In this paper, we revisit {technique} and find that {cause1} dominates the error.",
]
CAUSES = ["a mismatch between training and test objectives", "biased gradient estimates",
          "redundant computation across layers", "an implicit low-rank bias",
          "unstable importance weights", "under-explored regions of the input space",
          "overconfident intermediate predictions", "quadratic memory growth"]
PROPOSALS = [
    "To address this, we propose **{name}**, a {adj} framework for {task} built on {technique}.",
    "We introduce {name}, a {adj} method that combines {technique} with {technique2}.",
    "We present {name} ({definition}), which casts {task} as {formulation}.",
    "This paper proposes {name}, a {adj} approach to {task} that requires no extra labels.",
]
ADJECTIVES = ["simple", "scalable", "principled", "lightweight", "general", "modular",
              "training-free", "theoretically grounded", "plug-and-play"]
FORMULATIONS = ["a bilevel optimization problem", "optimal transport between distributions",
                "sequence modeling over latent states", "a constrained Markov decision process",
                "amortized variational inference", "a ranking problem"]
MECHANISMS = [
    "First, a {adj} module estimates {quantity} at {math} cost.",
    "{name} uses {technique} to reduce variance while keeping the estimator unbiased.",
    "A gating network routes each input to specialised experts, with {math} overhead.",
    "We further derive a bound showing the method is {math} under mild assumptions.",
    "The key component, {definition}, aligns intermediate representations across tasks.",
    "Training alternates between {technique} and a {adj} refinement step.",
]
QUANTITIES = ["the uncertainty of each prediction", "per-token importance scores",
              "the local curvature of the loss", "pairwise affinities between samples",
              "the reward of partial trajectories"]
EXPERIMENTS = [
    "Experiments on {d1}, {d2} and {d3} show that {name} outperforms strong baselines by "
    "{pct}% on average.",
    "On {d1} and {d2}, {name} matches state-of-the-art accuracy with {x}x less compute.",
    "Across {k} benchmarks including {d1}, {name} improves {metric} by {pct}% while reducing "
    "latency by {pct2}%.",
    "Extensive evaluation on {d1} demonstrates consistent gains, and ablations confirm that "
    "each component contributes.",
]
METRICS = ["accuracy", "F1", "success rate", "mean IoU", "BLEU", "NDCG@10", "pass@1", "FID"]
RELEASES = [
    "Code is available at https://github.com/{user}/{repo}.",
    "Our code and models are released at https://github.com/{user}/{repo}.",
    "We release the dataset at https://huggingface.co/datasets/{user}/{repo}-data and code at "
    "https://github.com/{user}/{repo}.",
    "The benchmark is available at https://huggingface.co/datasets/{user}/{repo}.",
    "",
    "",
]


def _acronym(rng: random.Random) -> tuple[str, str]:
    """An acronym and its definition, e.g. ('XTRA', 'Cross-Task Retrieval Adapter')."""
    words = rng.sample(ACRONYM_WORDS, rng.choice((3, 4)))
    letters = "".join(w.replace("-", " ").split()[-1][0] for w in words)
    return letters.upper(), " ".join(words)


class MethodNames:
    """Method names that stay (mostly) unique across a list, as at a real venue."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.used: set[str] = set()

    def next(self) -> tuple[str, str]:
        """(name, definition or ''); an acronym name comes with its definition."""
        for _ in range(50):
            if self.rng.random() < 0.3:
                name, definition = _acronym(self.rng)
            else:
                name = (self.rng.choice(PREFIXES) + self.rng.choice(SUFFIXES)
                        + self.rng.choice(MODIFIERS))
                definition = ""
            if name not in self.used:
                self.used.add(name)
                return name, definition
        return name, definition


def _fill(template: str, rng: random.Random, ctx: dict[str, str]) -> str:
    values = dict(ctx)
    values.update(
        issue=rng.choice(ISSUES), scale=rng.choice(SCALES), weakness=rng.choice(WEAKNESSES),
        cause1=rng.choice(CAUSES), cause2=rng.choice(CAUSES), adj=rng.choice(ADJECTIVES),
        formulation=rng.choice(FORMULATIONS), quantity=rng.choice(QUANTITIES),
        math=rng.choice(MATH), metric=rng.choice(METRICS), pct=f"{rng.uniform(1, 30):.1f}",
        pct2=f"{rng.uniform(5, 60):.0f}", x=str(rng.choice((2, 3, 4, 5, 8, 10))),
        k=str(rng.randint(4, 20)),
    )
    text = template.format(**values)
    return text[0].upper() + text[1:]


def abstract(rng: random.Random, names: MethodNames) -> str:
    """One abstract of roughly 150-250 words."""
    topic, other = rng.sample(sorted(TOPICS), 2)
    fields, tasks, datasets, techniques = TOPICS[topic]
    name, definition = names.next()
    d1, d2, d3 = rng.sample(datasets + TOPICS[other][2], 3)
    technique, technique2 = rng.sample(techniques + TOPICS[other][3], 2)
    task = rng.choice(tasks)
    ctx = {"field": rng.choice(fields), "task": task, "Task": task, "technique": technique,
           "technique2": technique2, "name": name, "d1": d1, "d2": d2, "d3": d3,
           "definition": f"{definition} ({name})" if definition else name}
    parts = [_fill(rng.choice(PROBLEMS), rng, ctx), _fill(rng.choice(GAPS), rng, ctx)]
    proposal = rng.choice(PROPOSALS)
    if definition and "{definition}" not in proposal:
        ctx["name"] = f"{definition} ({name})"
    parts.append(_fill(proposal, rng, ctx))
    ctx["name"] = name
    for template in rng.sample(MECHANISMS, rng.randint(2, 3)):
        parts.append(_fill(template, rng, ctx))
    parts.append(_fill(rng.choice(EXPERIMENTS), rng, ctx))
    repo = name.lower().replace("+", "p")
    release = rng.choice(RELEASES).format(user=rng.choice(USERS), repo=repo)
    if release:
        parts.append(release)
    return " ".join(parts)


def make_list(count: int, first: Path, seed: int = 2026) -> str:
    """The text of a list file with `count` abstracts.

    The abstracts of the list `first` come first (the shipped list, so the same paper pages
    — papers/wildcat/... — exist at every size and can be compared; or a list of real
    abstracts, topped up to `count` with generated ones). A count below the list's own
    takes its first `count` abstracts.
    """
    shipped = first.read_text(encoding="utf-8")
    header, _, body = shipped.partition("\n\n")
    own = [p for p in body.split("\n\n") if p.strip()]
    if count == len(own):
        return shipped
    if count < len(own):
        return header + "\n\n" + "\n\n".join(p.strip("\n") for p in own[:count]) + "\n"
    rng = random.Random(seed)
    names = MethodNames(rng)
    paragraphs = [abstract(rng, names) for _ in range(count - len(own))]
    return shipped.rstrip("\n") + "\n\n" + "\n\n".join(paragraphs) + "\n"


def real_list(sources: list[Path], header: str = "Real abstracts (benchmark)") -> str:
    """A list file of real abstracts, to come first (make_list's `first`) in a benchmark:
    each source a JSON-lines file of records with an "abstract" (the dev sets'
    `*-papers.jsonl`) or a list file (header, then one abstract per paragraph). Abstracts
    are cleaned as bench_search.py cleans them: whitespace runs collapsed, invisible
    characters removed as the importer removes them."""
    import json

    from paperlist.ingest.listfile import remove_invisible

    abstracts: list[str] = []
    for source in sources:
        text = source.read_text(encoding="utf-8")
        if source.suffix == ".jsonl":
            raw = [json.loads(line).get("abstract") or "" for line in text.splitlines()
                   if line.strip()]
        else:
            raw = text.replace("\r\n", "\n").split("\n\n")[1:]
        abstracts += [a for a in (" ".join(remove_invisible(r)[0].split()) for r in raw) if a]
    return header + "\n\n" + "\n\n".join(abstracts) + "\n"


def write_list(path: Path, count: int, first: Path, seed: int = 2026) -> Path:
    path.write_text(make_list(count, first, seed), encoding="utf-8")
    return path
