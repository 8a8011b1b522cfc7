"""The parts of compounds Pagefind indexes only cut up (search/compounds.py), which the
paper's indexed body hands it as searchable metadata."""

from __future__ import annotations

import pytest

from paperlist.search.compounds import hidden_parts, joined_words


@pytest.mark.parametrize(("text", "parts"), [
    # a part Pagefind cuts at its capitals or digits, wherever it stands in the compound
    ("We fine-tune with NTK-LoRA and compare to GPT-4o.", ["lora", "4o"]),
    ("Fast-MoE routing on ImageNet-1K with LLaMA-2-7B", ["moe", "imagenet", "1k", "llama", "7b"]),
    ("LoRA-based adapters", ["lora"]),
    # once each, in the order first written
    ("NTK-LoRA beats dual-LoRA; NTK-LoRA is fast", ["lora"]),
    # a word of one piece is indexed whole (punctuation aside), a part without a cut too
    ("LoRA, QLoRA (MoE) and multi-agent self-play", []),
    # letters that are not ASCII have cases as well
    ("Schrödinger-ÉtaPe", ["étape"]),
    # a link's address is not text Pagefind reads
    ("code at https://github.com/x/NTK-LoRA and [here](http://a.org/Fit-LoRA)", []),
    ("", []),
    ("- -- _ $x$-$\\mathcal{O}$", []),
])
def test_hidden_parts(text, parts):
    assert hidden_parts(text) == parts


@pytest.mark.parametrize(("text", "words"), [
    # a word a PDF's line break cut, joined, once each, in the order first written
    ("Our frame- work trains mod- els; the frame- work is fast.", ["framework", "models"]),
    ("How- ever, real- world data", ["however", "realworld"]),
    # a hyphen left hanging on purpose, before the word it is shared with
    ("high- and low-dimensional, pre- or post-training, open- versus closed-weight", []),
    # a hyphen before a capital, a digit or nothing is no cut word; nor a hyphenated word
    ("Torsional- GFN, Nord- Éire, top- 5, a well-known end-", []),
    # nor the last part of a hyphenated or quoted word, nor one that goes on hyphenated
    ("model's- based, coarse-to- fine, state-of-the- art, end- to-end", []),
    ("short- but not long-term, in- and out-of-distribution", []),
    ("code at https://x.org/frame- work", []),
])
def test_joined_words(text, words):
    assert joined_words(text) == words
