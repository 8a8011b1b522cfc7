"""The primary areas the tagger used to miss (issue #13): made-up abstracts written in each
area's everyday vocabulary get the tag that agrees with it, and "sound" the adjective is
not audio. The figures on real papers are scripts/tools/eval_areas.py's."""

from __future__ import annotations

import pytest

from paperlist.infer.tags import explain, infer_tags


def slugs(text: str) -> list[str]:
    return [s.slug for s in infer_tags(text)]


CASES = [
    ("learning-theory",
     "We consider learning a single-index model with two-layer networks trained by gradient "
     "descent. We prove that the excess risk decays at the minimax rate and give matching "
     "lower bounds, characterising the sample complexity of the problem."),
    ("learning-theory",
     "How many samples does it take to learn a halfspace under label noise? We establish "
     "tight bounds on the risk of empirical minimisers in the high-dimensional regime."),
    ("representation-learning",
     "We study semi-supervised learning on small labelled sets: an encoder is pretrained "
     "with augmentations so that its feature space separates the classes, and a linear "
     "probe on the learned features matches full supervision."),
    ("interpretability",
     "Why do language models answer factual questions correctly? We analyse the residual "
     "stream with linear probes and activation steering and uncover a small set of "
     "directions that are causally responsible for recall."),
    ("benchmarks-and-evaluation",
     "We introduce a benchmark of 3,000 human-annotated questions about charts. Even "
     "state-of-the-art multimodal models still struggle: the best-performing model answers "
     "61% correctly against 93% for people."),
    ("generative-models",
     "Masked diffusion over discrete tokens lets a model fill in any order. We derive a "
     "score matching objective for masked diffusion and halve the number of sampling steps."),
    ("multi-task-and-transfer",
     "Model merging combines fine-tuned checkpoints without data. We show that task vectors "
     "interfere in few directions and merge eight vision models with little loss."),
    ("optimization",
     "Neural solvers for vehicle routing learn heuristics from data. We cast routing "
     "problems as sequential choices and improve the optimality gap on large instances."),
    ("ml-systems",
     "We present an open-source library for serving mixture-of-experts models: expert "
     "offloading and fused kernels cut end-to-end latency and GPU memory in half."),
]


@pytest.mark.parametrize(("slug", "text"), CASES)
def test_an_area_abstract_gets_its_tag(slug: str, text: str) -> None:
    assert slug in slugs(text), explain(text)


def test_the_new_evidence_is_what_explain_quotes() -> None:
    text = CASES[0][1]
    out = explain(text)
    assert "Learning Theory [learning-theory]" in out
    assert '"excess risk"' in out and '"single-index"' in out


@pytest.mark.parametrize("text", [
    "We give an estimator of mutual information for graphs and show the procedure is sound, "
    "then apply it to node classification.",
    "The resulting bounds are sound, and the verifier certifies every network in seconds.",
    "We test whether a sequence model is sound, and find that none of the trained models are "
    "sound although some training schemes come close.",
    "Our method is theoretically sound and improves clustering of unlabeled images.",
])
def test_sound_the_adjective_is_not_audio(text: str) -> None:
    assert "speech-and-audio" not in slugs(text), explain(text)


def test_sound_in_audio_papers_still_counts() -> None:
    text = "We generate sound effects for silent video, aligning each sound event to the frames."
    assert "speech-and-audio" in slugs(text), explain(text)
