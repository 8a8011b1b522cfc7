"""Links shown on a paper's page: every real link, cut cleanly, in the right group."""

from __future__ import annotations

import re

import pytest

from helpers import shipped_abstracts
from paperlist.infer.links import extract_links


def test_shipped_list_links() -> None:
    links = [extract_links(text) for text in shipped_abstracts()]
    assert links[0] == {"code": ["https://github.com/hongruhou89/ProRL"], "data": [], "other": []}
    assert links[4] == {
        "code": ["https://github.com/YanhuiS/CyberJurors"],
        "data": ["https://huggingface.co/datasets/piggi/VerdictBench"],
        "other": [],
    }
    # "The code base is available here." has no URL, and the others have none either
    for index, found in enumerate(links):
        if index not in (0, 4):
            assert found == {"code": [], "data": [], "other": []}, index


def test_always_three_keys() -> None:
    for text in ("", "no links here", "https://example.org"):
        assert list(extract_links(text)) == ["code", "data", "other"]


@pytest.mark.parametrize(
    ("text", "url"),
    [
        ("Code: https://github.com/a/b.", "https://github.com/a/b"),
        ("(see https://github.com/a/b)", "https://github.com/a/b"),
        ("at https://github.com/a/b, and", "https://github.com/a/b"),
        ("at https://github.com/a/b; and", "https://github.com/a/b"),
        ("at https://github.com/a/b: yes", "https://github.com/a/b"),
        ('"https://github.com/a/b"', "https://github.com/a/b"),
        ("'https://github.com/a/b'", "https://github.com/a/b"),
        ("[https://github.com/a/b]", "https://github.com/a/b"),
        ("{https://github.com/a/b}", "https://github.com/a/b"),
        ("**https://github.com/a/b**", "https://github.com/a/b"),
        ("[repo](https://github.com/a/b)", "https://github.com/a/b"),
        ("<https://github.com/a/b>", "https://github.com/a/b"),
        ("repo: github.com/a/b.", "https://github.com/a/b"),
    ],
)
def test_trailing_punctuation_and_wrappers(text: str, url: str) -> None:
    assert extract_links(text)["code"] == [url]


def test_balanced_parentheses_stay_in_the_url() -> None:
    text = "See (https://en.wikipedia.org/wiki/Mean_(statistics)) and [w](https://x.org/a_(b))."
    assert extract_links(text)["other"] == [
        "https://en.wikipedia.org/wiki/Mean_(statistics)",
        "https://x.org/a_(b)",
    ]


def test_query_and_fragment_are_kept() -> None:
    text = "Demo at http://example.com/x?y=1&z=2#top."
    assert extract_links(text)["other"] == ["http://example.com/x?y=1&z=2#top"]


@pytest.mark.parametrize(
    ("url", "kind"),
    [
        ("https://github.com/a/b", "code"),
        ("https://gitlab.com/a/b", "code"),
        ("https://bitbucket.org/a/b", "code"),
        ("https://codeberg.org/a/b", "code"),
        ("https://huggingface.co/spaces/a/demo", "code"),
        ("https://huggingface.co/datasets/a/b", "data"),
        ("https://zenodo.org/records/123", "data"),
        ("https://www.kaggle.com/datasets/a/b", "data"),
        ("https://figshare.com/articles/x", "data"),
        ("https://osf.io/abcde", "data"),
        ("https://dataverse.harvard.edu/dataset.xhtml?id=1", "data"),
        ("https://huggingface.co/org/model-7b", "other"),
        ("https://arxiv.org/abs/2401.00001", "other"),
        ("https://my-lab.github.io/project", "other"),
        ("https://notgithub.com/a/b", "other"),
    ],
)
def test_classification(url: str, kind: str) -> None:
    links = extract_links(f"Available at {url}.")
    assert links[kind] == [url]
    assert sum(len(v) for v in links.values()) == 1


def test_order_of_appearance_and_no_repeats() -> None:
    text = ("https://b.org/2 then https://github.com/x/y and https://a.org/1, "
            "again https://github.com/x/y/ and http://b.org/2.")
    links = extract_links(text)
    assert links["other"] == ["https://b.org/2", "https://a.org/1"]
    assert links["code"] == ["https://github.com/x/y"]


def test_www_without_scheme() -> None:
    assert extract_links("Visit www.example.org/page!")["other"] == ["https://www.example.org/page"]


def test_a_name_spelled_with_www_is_not_a_link() -> None:
    # a real ICLR 2026 system; "https://WWW.Serve" used to be listed as its link
    assert extract_links("We propose WWW.Serve, a decentralized framework.")["other"] == []


@pytest.mark.parametrize(
    "text",
    [
        "javascript:alert(document.cookie)",
        "[click](javascript:alert(1))",
        "data:text/html;base64,PHNjcmlwdD4=",
        "ftp://example.org/file",
        "file:///etc/passwd",
        "<script>alert(1)</script>",
        "https://",
        "https://localhost/x",
        "https://-.com/x",
        "email me: someone@github.com/x",
    ],
)
def test_hostile_or_non_http_strings_yield_nothing(text: str) -> None:
    assert extract_links(text) == {"code": [], "data": [], "other": []}


def test_html_attributes_do_not_leak_into_urls() -> None:
    text = '<a href="https://x.org/y" onclick="evil()">x</a> <img src=https://z.org/i.png>'
    assert extract_links(text)["other"] == ["https://x.org/y", "https://z.org/i.png"]


def test_every_result_is_http() -> None:
    text = "mix javascript:https://a.org/x data:https://b.org and https://c.org/<b>"
    for urls in extract_links(text).values():
        for url in urls:
            assert re.match(r"https?://[a-z0-9.-]+\.[a-z]{2,}(?:[/?#]|$)", url)
            assert not re.search(r"[\s<>\"']", url)
