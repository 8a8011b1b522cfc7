"""The page format: byte-exact round trip, determinism, safe YAML, file:line errors."""

from __future__ import annotations

import pickle

import pytest

from helpers import shipped_papers
from paperlist.model.page import Page, PageError, dump_page, parse_page, read_page

#: the pages the importer writes for the shipped list (not the repository's: those are
#: contributors', in their own style)
IMPORTED_PAGES = sorted(shipped_papers().glob("*.md"))
assert len(IMPORTED_PAGES) >= 19  # a parametrized test over nothing passes unseen

META = {
    "id": "foonet",
    "title": "FooNet: detecting things: a study",
    "title_inferred": True,
    "name": "FooNet",
    "other_names": [],
    "authors": [],
    "venue": "ICML 2026",
    "links": {"code": ["https://github.com/a/b"], "data": [], "other": []},
    "tags": ["Computer Vision"],
    "source": {"digest": "0123456789abcdef"},
}
BODY = "We propose **FooNet** for $O(n^2)$ things.\n"


def test_round_trip_is_lossless_and_stable():
    text = dump_page(Page(meta=dict(META), body=BODY))
    page = parse_page(text)
    assert page.meta == META
    assert page.body == BODY
    assert dump_page(page) == text


def test_key_order_is_fixed_and_editor_keys_are_kept():
    meta = {"editor_note": "checked", **{k: META[k] for k in reversed(list(META))}}
    text = dump_page(Page(meta=meta, body=BODY))
    frontmatter = text.split("---\n")[1]
    keys = [line.split(":")[0] for line in frontmatter.splitlines() if line[:1].isalpha()]
    assert keys == [*META.keys(), "editor_note"]


def test_yaml_special_strings_survive(tmp_path):
    meta = dict(META, title="yes: no # not a comment | > & * ! % @ `", name="null")
    page = parse_page(dump_page(Page(meta=meta, body=BODY)))
    assert page.meta["title"] == meta["title"] and page.meta["name"] == "null"


def test_python_tags_are_refused():
    with pytest.raises(PageError, match="not valid YAML"):
        parse_page("---\nid: x\ntitle: !!python/object/apply:os.system ['echo hi']\n---\nbody\n")


def test_yaml_aliases_are_refused_with_their_line():
    bomb = "---\nid: x\na: &a [1, 2]\nb: [*a, *a]\n---\nbody\n"
    with pytest.raises(PageError) as err:
        parse_page(bomb, "papers/x.md")
    assert err.value.line == 4
    assert "aliases" in str(err.value)


def test_broken_yaml_reports_the_file_line():
    with pytest.raises(PageError) as err:
        parse_page("---\nid: x\ntitle: [unclosed\ntags: []\n---\nbody\n", "papers/x.md")
    assert str(err.value).startswith("papers/x.md:")
    assert err.value.line in (3, 4, 5)


@pytest.mark.parametrize("text, words", [
    ("no frontmatter\n", "must start"),
    ("---\nid: x\nbody without end\n", "never closed"),
    ("---\n- a\n- b\n---\nbody\n", "mapping"),
])
def test_malformed_pages(text, words):
    with pytest.raises(PageError, match=words):
        parse_page(text)


def test_read_page_rejects_non_utf8(tmp_path):
    path = tmp_path / "p.md"
    path.write_bytes(b"---\nid: p\n---\n\xff\n")
    with pytest.raises(PageError, match="UTF-8"):
        read_page(path)


def test_imported_pages_are_rewritten_byte_for_byte():
    # An import that changes nothing must leave every page it wrote untouched.
    assert len(IMPORTED_PAGES) >= 19
    for path in IMPORTED_PAGES:
        assert dump_page(read_page(path)) == path.read_text(encoding="utf-8"), path


@pytest.mark.parametrize("text", [
    # unicode written as itself rather than \u escapes
    "---\nid: etude\ntitle: 'Étude: 学习 — naïve Bayes'\nname: Ω-Net\nauthors:\n"
    "- Zoë Ångström\n---\n\nΣ über alles: 中文摘要 🙂\n",
    # an editor's keys, after ours, even ones named like python-frontmatter's Post fields,
    # or not strings at all
    "---\nid: x\ntags: []\neditor_note: checked by hand\ncontent: mine\nhandler: me\n"
    "1: one\n'null': two\n---\n\nBody.\n",
    # no body at all
    "---\nid: empty\ntitle: Nothing to say\n---\n",
    # an empty frontmatter
    "---\n{}\n---\n\nOnly a body.\n",
    # indentation and trailing spaces in the body are the editor's
    "---\nid: code\n---\n\n    indented code  \n\nlast line  \n",
    # the importer's tag scores, and what an editor may make of them
    "---\nid: s\ninferred:\n  tags:\n  - Computer Vision\n  tag_scores:\n"
    "    Computer Vision: 6.5\n    'Yes': 0.0\n    other: 12.25\n    big: 1.0e+20\n"
    "    odd: .nan\n    far: -.inf\n---\n\nBody.\n",
])
def test_written_pages_read_back_and_rewrite_identically(text):
    page = parse_page(text)
    assert dump_page(page) == text
    assert parse_page(dump_page(page)).meta == page.meta


def test_empty_body_is_written_without_a_blank_line():
    assert dump_page(Page(meta={"id": "x"}, body="\n\n")) == "---\nid: x\n---\n"


def test_key_and_body_lines_count_blank_lines_and_tolerate_a_bom():
    page = parse_page("\ufeff---  \n\nid: x\n# a comment\ntitle: T\n---\n\n\nBody\n", "p.md")
    assert page.meta == {"id": "x", "title": "T"}
    assert page.key_lines == {"id": 3, "title": 5}
    assert page.body_line == 7
    assert page.body == "Body\n"


def test_yaml_error_line_counts_blank_lines_after_the_opening_line():
    with pytest.raises(PageError) as err:
        parse_page("---\n\n\nid: x\ntitle: a: b\n---\nbody\n", "papers/x.md")
    assert err.value.line == 5
    assert str(err.value).startswith("papers/x.md:5: frontmatter is not valid YAML")


def test_only_a_three_dash_line_closes_the_frontmatter():
    with pytest.raises(PageError, match="never closed"):
        parse_page("---\nid: x\n----\nnot the body\n")


def test_page_errors_survive_pickling():
    # Pages are also read in worker processes, whose errors come back pickled.
    err = pickle.loads(pickle.dumps(PageError("papers/x.md", 4, "broken")))
    assert (err.path, err.line, err.reason) == ("papers/x.md", 4, "broken")
    assert str(err) == "papers/x.md:4: broken"


def test_tag_scores_are_numbers_read_on_the_fast_path():
    """Every imported page has floats now (inferred.tag_scores): they must not send the
    page to PyYAML's slow constructor, which would slow every import, check and build."""
    from paperlist.model.page import _NOT_PLAIN, _FastSafeLoader

    meta = {**META, "inferred": {"tags": ["Computer Vision"],
                                 "tag_scores": {"Computer Vision": 6.5, "Optimization": 2.0}}}
    text = dump_page(Page(meta=meta, body=BODY))
    assert "\n  tag_scores:\n    Computer Vision: 6.5\n    Optimization: 2.0\n" in text
    page = parse_page(text)
    assert page.meta == meta and page.tag_scores == {"Computer Vision": 6.5, "Optimization": 2.0}
    assert page.inferred_tags == ["Computer Vision"]
    loader = _FastSafeLoader(text.split("---\n")[1])
    try:
        assert loader._plain(loader.get_single_node()) is not _NOT_PLAIN
    finally:
        loader.dispose()


@pytest.mark.parametrize("scores", [{"Computer Vision": "6.5"}, {"Computer Vision": -1.0},
                                    {"Computer Vision": True}, {"Computer Vision": None},
                                    [6.5], "6.5", None, {1: 2.0},
                                    {"Computer Vision": float("nan")}])
def test_broken_tag_scores_read_as_none(scores):
    page = Page(meta={**META, "inferred": {"tags": ["Computer Vision"], "tag_scores": scores}},
                body=BODY)
    assert page.tag_scores == {}
