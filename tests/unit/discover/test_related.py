"""What makes two papers related (discover/related.py): the words of each."""

from __future__ import annotations

from paperlist.discover.related import tokens


def test_a_word_is_read_from_its_first_character():
    """"3DCS" was read as "dcs", so a 3D paper's nearest was one on DCS (imitation
    learning)."""
    # (plurals folded alike on every page: "3dcs" -> "3dc")
    assert tokens("3DCS beats DCS on 3dgs scenes") == ["3dc", "beat", "dcs", "3dg", "scene"]


def test_a_quantity_is_no_topic():
    """Read from its first character, "70B" became a term: two papers of 70B models
    looked related by it."""
    assert tokens("A 70B model with 100k tokens is 10x faster") == ["model", "token", "faster"]
