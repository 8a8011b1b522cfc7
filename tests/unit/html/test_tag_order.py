"""Tag pages and the tags index list a tag's papers most confident first: by the tagger's
score for that tag, not alphabetically among the papers that place it first."""

from __future__ import annotations

from pathlib import Path

from paperlist.html import listings
from paperlist.model.catalogue import load_catalogue

# Made-up abstracts: the more reinforcement-learning evidence, the later in the alphabet.
PAPERS = {
    "alpha": ("Alpha", ["Reinforcement Learning"],
              "We study an agent that collects reward in a simple environment."),
    "beta": ("Beta", ["Reinforcement Learning"],
             "We study reinforcement learning for an agent that collects reward."),
    "gamma": ("Gamma", ["Reinforcement Learning"],
              "We propose a reinforcement learning method with policy gradient and actor-critic "
              "updates on a Markov decision process, where offline reinforcement learning "
              "and reward shaping help the agent."),
    # an editor's tag that the abstract gives no evidence for comes last
    "aardvark": ("Aardvark", ["Reinforcement Learning"],
                 "We count the leaves of trees in a forest."),
}


def _catalogue(tmp_path: Path):
    for pid, (title, tags, body) in PAPERS.items():
        tag_lines = "".join(f"- {t}\n" for t in tags)
        (tmp_path / f"{pid}.md").write_text(
            f"---\nid: {pid}\ntitle: {title}\ntags:\n{tag_lines}---\n\n{body}\n",
            encoding="utf-8")
    return load_catalogue(tmp_path)


def _order(html: str) -> list[str]:
    return [pid for pid in sorted(PAPERS, key=lambda p: html.find(f"{p}.md"))
            if f"{pid}.md" in html]


def test_tag_page_is_ordered_by_score_not_title(tmp_path: Path) -> None:
    cat = _catalogue(tmp_path)
    # place alone (every paper puts the tag first) would give A to Z
    assert [e.id for e in cat.by_tag["reinforcement-learning"]][:2] == ["aardvark", "alpha"]
    page = listings.tag_page("reinforcement-learning", cat, lambda src: src)
    assert page is not None
    assert _order(page) == ["gamma", "beta", "alpha", "aardvark"]
    index = listings.tags_index_page(cat, lambda src: src)
    assert _order(index) == ["gamma", "beta", "alpha", "aardvark"]


def test_the_order_is_computed_once_per_catalogue(tmp_path: Path) -> None:
    cat = _catalogue(tmp_path)
    first = listings.by_confidence(cat)
    assert listings.by_confidence(cat) is first
