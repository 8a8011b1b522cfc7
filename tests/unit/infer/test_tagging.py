"""Unit tests for the taxonomy loader and the tagger's matching rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from paperlist.infer.tags import explain, infer_tags, score_tags
from paperlist.model.taxonomy import Tag, load_taxonomy


def slugs(text: str) -> list[str]:
    return [s.slug for s in infer_tags(text)]


def score_of(text: str, slug: str) -> float:
    return next((s.score for s in score_tags(text) if s.slug == slug), 0.0)


# ----------------------------------------------------------------------------- taxonomy


def test_packaged_taxonomy_has_the_agreed_tags():
    tax = load_taxonomy()
    assert len(tax.tags) >= 43
    assert tax.areas[0] == "Learning paradigms"
    assert tax.by_slug("reinforcement-learning") == Tag(
        "reinforcement-learning",
        "Reinforcement Learning",
        "Learning paradigms",
        tax.by_slug("reinforcement-learning").description,
    )
    assert tax.by_name("Meta-, Few-Shot & In-Context Learning").slug == "meta-and-few-shot-learning"
    assert tax.by_name("large language models").slug == "large-language-models"
    assert tax.by_slug("nope") is None and tax.by_name("Nope") is None
    assert load_taxonomy() is tax  # cached


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("Reinforcment Learning", "reinforcement-learning"),
        ("graph-learnings", "graph-learning"),
        ("Diffusion", "generative-models"),
        ("computer vision", "computer-vision"),
        # spelt like no tag ("Optimization" half alike), but one's evidence
        ("Manipulation", "robotics-and-embodied"),
    ],
)
def test_closest(text, slug):
    assert load_taxonomy().closest(text).slug == slug


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "taxonomy.yml"
    path.write_text(body, encoding="utf-8")
    return path


GOOD_TAG = "      - slug: a-tag\n        name: A Tag\n        description: d\n"


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ("areas: [\n", "not valid YAML"),
        ("- just a list\n", "top level"),
        ("areas: []\n", "'areas'"),
        ("areas:\n  - name: A\n    tags:\n      - {slug: x, name: X}\n", "missing 'description'"),
        ("areas:\n  - name: A\n    tags:\n      - {slug: Bad Slug, name: X, description: d}\n",
         "slug must be"),
        ("areas:\n  - name: A\n    tags:\n" + GOOD_TAG + GOOD_TAG, "duplicate slug"),
        ("areas:\n  - name: A\n    tags:\n" + GOOD_TAG + "        evidence: {strong: x}\n",
         "list of non-empty strings"),
        ("areas:\n  - name: A\n    tags:\n" + GOOD_TAG + "        evidence: {stronk: [x]}\n",
         "unknown evidence key"),
        ("areas:\n  - name: A\n    tags:\n" + GOOD_TAG + "        evidence: {patterns: {'(': 2}}\n",
         "bad regex"),
        ("fallback: zzz\nareas:\n  - name: A\n    tags:\n" + GOOD_TAG, "fallback"),
    ],
)
def test_loader_errors_name_file_and_problem(tmp_path, body, problem):
    path = write(tmp_path, body)
    with pytest.raises(ValueError) as err:
        load_taxonomy(path)
    assert str(path.resolve()) in str(err.value)
    assert problem in str(err.value)


def test_broken_yaml_says_where_with_the_line_shown(tmp_path):
    """libyaml reads the taxonomy; its error says little, so a maintainer's broken edit is
    reported as PyYAML's parser words it: the line and column, the line itself, a caret."""
    path = write(tmp_path, "areas:\n  - name: A\n   tags: [oops\n")
    with pytest.raises(ValueError) as err:
        load_taxonomy(path)
    assert "line 3, column 4" in str(err.value) and "tags: [oops\n       ^" in str(err.value)


def test_missing_file_is_a_value_error(tmp_path):
    with pytest.raises(ValueError, match="cannot read"):
        load_taxonomy(tmp_path / "absent.yml")


# ----------------------------------------------------------------------------- matching


def test_defined_abbreviation_inherits_long_form_tags():
    text = (
        "Proactive Recommender Systems (PRSs) steer users. We study the PRS setting and "
        "show that each PRS benefits."
    )
    rec = next(s for s in score_tags(text) if s.slug == "recommender-systems")
    assert "PRS" in rec.evidence
    undefined = "We study the PRS setting and show that each PRS benefits."
    assert score_of(undefined, "recommender-systems") == 0


def test_known_abbreviations():
    assert "reinforcement-learning" in slugs("We train the policy with RL and compare RL variants.")
    assert "large-language-models" in slugs("We probe LLMs and show LLMs forget facts.")
    assert "robotics-and-embodied" in slugs("A VLA model for manipulation with VLAs at scale.")
    assert "graph-learning" in slugs("We study GNNs for node classification.")


def test_word_boundaries_rl_not_inside_world():
    text = "World-R1 improves WORLD models and the wORLd view; ProRL is a name."
    assert score_of(text, "reinforcement-learning") == 0
    assert score_of("The rl of a word.", "reinforcement-learning") == 0  # abbreviations keep case


@pytest.mark.parametrize("variant", ["multi-agent", "multi agent", "multiagent", "Multi-Agent"])
def test_hyphen_and_case_variants(variant):
    assert score_of(f"We study {variant} systems where {variant} teams coordinate.",
                    "multi-agent-systems") > 0


def test_plural_variants_score_alike():
    one = score_of("A large language model is studied.", "large-language-models")
    many = score_of("Large language models are studied.", "large-language-models")
    assert one == many > 0


def test_markdown_and_latex_do_not_hide_words():
    text = "We propose **graph neural networks** with $\\mathbf{x}$ for *link prediction*."
    assert slugs(text)[0] == "graph-learning"


def test_exclusions_pay_attention():
    slug = "transformers-and-attention"
    assert score_of("Recent work has paid attention to fairness.", slug) == 0
    assert score_of("A multi-head attention layer.", slug) > 0


def test_one_to_five_tags_and_fallback():
    assert 1 <= len(infer_tags("")) <= 1
    assert len(infer_tags("Nothing relevant here at all.")) == 1
    busy = (
        "Reinforcement learning with large language models, graph neural networks, diffusion "
        "models, differential privacy, federated learning, protein design, speech recognition, "
        "time series forecasting and recommender systems, with quantization and pruning."
    )
    assert 1 <= len(infer_tags(busy)) <= 5


def test_ordered_by_confidence_and_deterministic():
    text = (
        "We propose a graph neural network for molecular property prediction in drug discovery. "
        "Message passing over molecular graphs improves accuracy."
    )
    first = infer_tags(text)
    assert [s.score for s in first] == sorted((s.score for s in first), reverse=True)
    assert all(infer_tags(text) == first for _ in range(3))
    assert score_tags(text) == score_tags(text)


def test_results_sentences_count_less():
    body = "We propose a new attention mechanism for sequence models."
    plain = score_of(body + " It applies to image classification.", "computer-vision")
    results = score_of(body + " Experiments on image classification confirm it.", "computer-vision")
    assert results < plain


def test_explain_quotes_exact_phrases():
    text = "Preference-based RL with Direct Preference Optimization (DPO) aligns models."
    out = explain(text)
    assert "Alignment & Preference Learning [alignment]" in out
    assert '"Direct Preference Optimization"' in out
    assert "Near misses" in out


@pytest.mark.parametrize("phrase", ["theoretically sound", "statistically sound",
                                    "sound and complete"])
def test_sound_as_in_valid_is_not_audio(phrase):
    text = (f"We propose a {phrase} estimator of mutual information for graph neural "
            "networks, with guarantees, and show that it improves node classification.")
    assert "speech-and-audio" not in [t.slug for t in infer_tags(text, load_taxonomy())]
    audio = "We separate each sound source in a recording with a diffusion model."
    assert "speech-and-audio" in [t.slug for t in infer_tags(audio, load_taxonomy())]


def test_a_taxonomy_named_by_a_relative_path_is_the_one_in_the_current_folder(tmp_path,
                                                                               monkeypatch):
    """`--taxonomy taxonomy.yml` names the file where the command runs: a process that
    moves to another catalogue (the tests; a tool importing two) reads the other's file,
    not the first one's, which it had resolved before."""
    from paperlist.model.taxonomy import DEFAULT_PATH, load_taxonomy

    text = DEFAULT_PATH.read_text(encoding="utf-8")
    for name, most in (("one", 5), ("two", 1)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "taxonomy.yml").write_text(
            text.replace("  max_tags: 5\n", f"  max_tags: {most}\n"), encoding="utf-8")
    monkeypatch.chdir(tmp_path / "one")
    assert load_taxonomy(Path("taxonomy.yml")).selection["max_tags"] == 5
    monkeypatch.chdir(tmp_path / "two")
    assert load_taxonomy(Path("taxonomy.yml")).selection["max_tags"] == 1
