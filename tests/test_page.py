"""The page format: round trip, determinism, safe YAML."""

from __future__ import annotations

import pytest

from paperlist.model.page import Page, PageError, dump_page, parse_page, read_page

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
