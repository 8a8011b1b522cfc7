"""`paperlist check`: every problem of every page, once, as file:line: what — how to fix."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from helpers import ROOT, SHIPPED_LIST
from paperlist.check.checker import check_paths
from paperlist.check.fastschema import compile_schema
from paperlist.check.fields import SCHEMA_PATH
from paperlist.cli import main
from paperlist.ingest.importer import run_import
from paperlist.model.taxonomy import DEFAULT_PATH, taxonomy_shown

# A valid page, line by line, so each test can say exactly which line it breaks.
GOOD = """\
---
id: foonet
title: 'FooNet: fast things'
title_inferred: true
name: FooNet
other_names: []
authors: []
venue: ICML 2026
links:
  code:
    - https://github.com/a/b
  data: []
  other: []
tags:
  - Reinforcement Learning
source:
  digest: 0123456789abcdef
---

We propose FooNet, with $\\rho < 1$ and $a<b$ for <mask> tokens and pairs <a, b>.
It is fast.
"""
P = "papers/foonet.md"
HINT_TITLE = ("write the paper's title (quote it when it contains ': '), e.g. title: "
              "'ProRL: reinforcement learning for proactive recommendation'")
HINT_URL = ("write a full http(s) link such as https://github.com/owner/repo "
            "(no spaces, quotes or angle brackets)")
HINT_AFFILIATIONS = ("write one affiliation per author, in the authors' order, and '' for an "
                     "author whose affiliation is unknown: authors: [Ada Lovelace, Alan "
                     "Turing] goes with affiliations: [University of Oxford, '']")
HINT_BODY_HTML = "remove it: the abstract is shown as text; use Markdown (*emphasis*) and $math$"


def page(*replacements: tuple[str, str]) -> str:
    text = GOOD
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


@pytest.fixture
def papers(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "papers"
    folder.mkdir()
    return folder


def check_one(papers, text: str, name: str = "foonet.md") -> list[str]:
    (papers / name).write_text(text, encoding="utf-8")
    return check_paths([papers.relative_to(papers.parent)])


def test_a_catalogues_own_taxonomy_is_the_one_tag_hints_name(papers):
    """In a catalogue made by `paperlist init`, tags are its own taxonomy.yml's: the hints
    for an empty tag list and an unknown tag name that file, as the editor sees it, not
    the one inside the installed package."""
    import shutil

    shutil.copy(DEFAULT_PATH, "taxonomy.yml")
    (papers / "foonet.md").write_text(page(("tags:\n  - Reinforcement Learning", "tags: []")),
                                      encoding="utf-8")
    (papers / "barnet.md").write_text(page(("id: foonet", "id: barnet"), (
        "  - Reinforcement Learning", "  - Reinforcment Learning")), encoding="utf-8")
    problems = check_paths([Path("papers")], taxonomy=Path("taxonomy.yml"))
    assert len(problems) == 2 and all("taxonomy (taxonomy.yml)" in p or
                                      "display names in taxonomy.yml;" in p for p in problems)
    assert not any("scripts/paperlist" in p or str(DEFAULT_PATH) in p for p in problems)
    # the schema itself, published with the site, names no file and no placeholder
    assert "<taxonomy>" not in SCHEMA_PATH.read_text(encoding="utf-8")


@pytest.mark.parametrize(("written", "hint"), [
    ("authors:\n  Ada Lovelace\n  Alan Turing", "authors: [Ada Lovelace, Alan Turing] (or"),
    ("authors:   # one a line\n  Ada Lovelace\n  Alan Turing",
     "authors: [Ada Lovelace, Alan Turing] (or"),
    ('authors: "Ada Lovelace,\n  Alan Turing"', "authors: [Ada Lovelace, Alan Turing]"),
    ("authors: []\ntags: Reinforcement\n  Learning", "tags: [Reinforcement Learning]"),
], ids=["one-a-line", "with-a-comment", "quoted-and-wrapped", "a-tag-wrapped"])
def test_a_list_written_over_lines_without_dashes_gets_its_items(papers, written, hint):
    """YAML joins the lines of such a value into one text; the hint splits it as the
    editor wrote it, one item a line, but not a comment, a quoted text or a tag's name
    that only wrapped."""
    text = page(("authors: []", written))
    if "tags: Reinforcement" in written:
        text = text.replace("tags:\n  - Reinforcement Learning\n", "", 1)
    [problem] = check_one(papers, text)
    assert problem.endswith(hint) or hint in problem, problem
    assert "#" not in problem.split(" — ")[1]


def test_shipped_pages_pass():
    assert check_paths([ROOT / "papers"]) == []


def test_a_fresh_import_of_the_shipped_list_passes(papers):
    assert run_import(SHIPPED_LIST, papers).ok
    assert check_paths([papers]) == []


def test_good_page_passes_and_math_is_not_html(papers):
    assert check_one(papers, GOOD) == []


@pytest.mark.parametrize("replacements, expected", [
    pytest.param(
        [("title: 'FooNet: fast things'", "title: [unclosed")],
        f"{P}:3: the title starts with '[', which is a YAML list — quote it: title: "
        "'[unclosed'", id="broken-yaml"),
    pytest.param(
        [("name: FooNet", "name: FooNet: a net")],
        f"{P}:5: a colon inside the name — quote it: name: 'FooNet: a net'", id="colon"),
    pytest.param(
        [("authors: []\n", "")],
        f"{P}:7: missing key 'authors' — add it: write a list of names, e.g. authors: "
        "[Ada Lovelace, Alan Turing], or [] when unknown", id="missing-field"),
    pytest.param(
        [("title_inferred: true", "title_inferred: maybe")],
        f"{P}:4: 'title_inferred' should be true or false, not 'maybe' — write true (the title "
        "was guessed from the abstract) or false (it is the official title), lower case, "
        "unquoted", id="mistyped"),
    pytest.param(
        [("authors: []", "authors: Ada Lovelace")],
        f"{P}:7: 'authors' should be a list, not 'Ada Lovelace' — write it as a list: "
        "authors: [Ada Lovelace]", id="mistyped-list"),
    pytest.param(
        [("id: foonet", "id: barnet")],
        f"{P}:2: id 'barnet' does not match the file name foonet.md — a page's id is its "
        "address and its file's name, and never changes: if you renamed the file, rename it "
        "back to barnet.md; if you changed the id, set it back to id: foonet",
        id="id-not-file-name"),
    pytest.param(
        [("  - Reinforcement Learning", "  - Reinforcment Learning")],
        f"{P}:15: unknown tag 'Reinforcment Learning' — did you mean 'Reinforcement Learning'? "
        "Tags are the display names in {taxonomy}; to propose a new "
        "tag, add it there (see CONTRIBUTING.md)", id="unknown-tag"),
    pytest.param(
        [("  - Reinforcement Learning", "  - reinforcement-learning")],
        f"{P}:15: tag 'reinforcement-learning' is a slug, not a display name — write "
        "'Reinforcement Learning'", id="tag-slug"),
    pytest.param(
        [("    - https://github.com/a/b", "    - github dot com/a/b")],
        f"{P}:11: 'links.code[0]' is not a valid link: 'github dot com/a/b' — {HINT_URL}",
        id="malformed-url"),
    pytest.param(
        [("    - https://github.com/a/b", "    - https://github.com/a/b\n    - https://"
          "zenodo.org/records/123")],
        f"{P}:12: https://zenodo.org/records/123 is a data link but is listed under links.code "
        "— move it to links.data", id="data-url-under-code"),
    pytest.param(
        [("  data: []", "  data: [https://gitlab.com/group/project]")],
        f"{P}:12: https://gitlab.com/group/project is a code link but is listed under "
        "links.data — move it to links.code", id="code-url-under-data"),
    pytest.param(
        [("    - https://github.com/a/b", "    - 'javascript:alert(1)'")],
        f"{P}:11: 'links.code[0]' is a javascript: link, not http(s) — only http:// and "
        "https:// links are allowed; remove this one", id="javascript-url"),
    pytest.param(
        [("  other: []", "  other: ['data:text/html,<script>alert(1)</script>']")],
        f"{P}:13: 'links.other[0]' is a data: link, not http(s) — only http:// and https:// "
        "links are allowed; remove this one", id="data-url"),
    pytest.param(
        [("  other: []", "  other: []\n  slides: []")],
        f"{P}:9: 'links' has an unknown list 'slides' — links has the lists code, data and "
        "other (and, from the conference's record, paper, pdf and project), e.g. links: "
        "{code: [https://github.com/owner/repo], data: [], other: []}",
        id="unknown-link-kind"),
    pytest.param(
        [("title: 'FooNet: fast things'", "title: ''")],
        f"{P}:3: 'title' is empty — {HINT_TITLE}", id="empty-title"),
    pytest.param(
        [("title: 'FooNet: fast things'", "title:")],
        f"{P}:3: 'title' should be a text, not empty — {HINT_TITLE}", id="blank-title"),
    pytest.param(
        [("\nWe propose FooNet, with $\\rho < 1$ and $a<b$ for <mask> tokens and pairs <a, b>."
          "\nIt is fast.\n", "\n")],
        f"{P}:18: the abstract is empty — paste the paper's abstract below the closing '---' "
        "line", id="empty-abstract"),
    pytest.param(
        [("It is fast.", "It is <script>alert(1)</script> fast.")],
        f"{P}:21: raw HTML or script '<script' in the abstract — {HINT_BODY_HTML}",
        id="script-in-body"),
    pytest.param(
        [("It is fast.", "It is <img src=x onerror=alert(1)> fast.")],
        f"{P}:21: raw HTML or script '<img' in the abstract — {HINT_BODY_HTML}",
        id="img-in-body"),
    pytest.param(
        [("It is fast.", "It is <IFRAME src=//x.test> fast.")],
        f"{P}:21: raw HTML or script '<IFRAME' in the abstract — {HINT_BODY_HTML}",
        id="iframe-in-body"),
    pytest.param(
        [("It is fast.", "It is fast onmouseover = alert(1)")],
        f"{P}:21: raw HTML or script 'onmouseover =' in the abstract — {HINT_BODY_HTML}",
        id="handler-in-body"),
    pytest.param(
        [("It is fast.", "It is fast <!-- and hidden -->")],
        f"{P}:21: raw HTML or script '<!--' in the abstract — {HINT_BODY_HTML}",
        id="comment-in-body"),
    pytest.param(
        [("title: 'FooNet: fast things'", "title: '\"><img src=x onerror=alert(1)>'")],
        f"{P}:3: HTML or script '<img' in 'title' — remove it: fields are plain text and are "
        "shown literally, never as HTML", id="html-in-field"),
    pytest.param(
        [("venue: ICML 2026", "venue: !!python/object/apply:os.system ['echo hi']")],
        f"{P}:8: YAML tag '!!python/object/apply:os.system' — remove it: a page holds only "
        "plain text, lists and mappings", id="yaml-python-tag"),
    pytest.param(
        [("other_names: []", "other_names: &a [x, x]"), ("authors: []", "authors: *a")],
        f"{P}:7: frontmatter is not valid YAML: YAML aliases (*name) are not allowed in a page "
        "— write the value out in full; a page never uses YAML anchors (&) or aliases (*)",
        id="yaml-alias"),
    pytest.param(
        [("digest: 0123456789abcdef", "digest: nope")],
        f"{P}:16: 'source.digest' has an invalid form: 'nope' — source.digest ties the page to "
        "its abstract in the list; set it back to what the pull request's base version has "
        f"(git show main:{P})", id="bad-digest"),
    pytest.param(
        [("authors: []", "authors: [Ada Lovelace, Alan Turing]\naffiliations: [University of "
          "Oxford]")],
        f"{P}:8: affiliations has 1 entry but authors has 2 names — {HINT_AFFILIATIONS}",
        id="affiliations-short"),
    pytest.param(
        [("authors: []", "authors: [Ada Lovelace]\naffiliations: [Oxford, '', MIT]")],
        f"{P}:8: affiliations has 3 entries but authors has 1 name — {HINT_AFFILIATIONS}",
        id="affiliations-long"),
    pytest.param(
        [("authors: []", "authors: []\naffiliations: [Oxford]")],
        f"{P}:8: affiliations has 1 entry but authors has 0 names — {HINT_AFFILIATIONS}",
        id="affiliations-without-authors"),
    pytest.param(
        [("authors: []", "authors: [Ada Lovelace]\naffiliations: ['<b>Oxford</b>']")],
        f"{P}:8: HTML or script '<b' in 'affiliations' — remove it: fields are plain text and "
        "are shown literally, never as HTML", id="html-in-affiliation"),
])
def test_each_problem_gives_exactly_its_message(papers, replacements, expected):
    # {taxonomy}: the shipped taxonomy, as a message names it from the test's folder
    assert check_one(papers, page(*replacements)) == [
        expected.replace("{taxonomy}", taxonomy_shown())]


#: GOOD with the importer's record of its tags and their scores: lines 18-22.
SCORED = ("source:\n  digest: 0123456789abcdef\n",
          "source:\n  digest: 0123456789abcdef\ninferred:\n  tags:\n  - Reinforcement Learning\n"
          "  tag_scores:\n    Reinforcement Learning: 6.5\n")
HINT_SCORE = ("each score is the tagger's, a number 0 or more (paperlist explain <id> shows how "
              "it is made); the importer writes them: set it back to what the pull request's "
              f"base version has (git show main:{P})")
HINT_SCORES = ("the importer writes it: restore it from the pull request's base version "
               f"(git show main:{P}); to change a paper's tags, edit the top-level tags")


def test_a_page_with_tag_scores_passes_and_so_does_one_without(papers):
    assert check_one(papers, page(SCORED)) == []
    assert check_one(papers, page(SCORED, ("  tag_scores:\n    Reinforcement Learning: 6.5\n",
                                           ""))) == []


@pytest.mark.parametrize("replacements, expected", [
    pytest.param(
        [("Learning: 6.5", "Learning: high")],
        f"{P}:22: 'inferred.tag_scores.Reinforcement Learning' should be a number, not 'high' — "
        f"{HINT_SCORE}", id="score-text"),
    pytest.param(
        [("Learning: 6.5", "Learning: '6.5'")],
        f"{P}:22: 'inferred.tag_scores.Reinforcement Learning' should be a number, not '6.5' — "
        f"{HINT_SCORE}", id="score-quoted"),
    pytest.param(
        [("Learning: 6.5", "Learning: -2.5")],
        f"{P}:22: 'inferred.tag_scores.Reinforcement Learning' is the number -2.5, less than 0 "
        f"— {HINT_SCORE}", id="score-negative"),
    pytest.param(
        [("Learning: 6.5", "Learning: true")],
        f"{P}:22: 'inferred.tag_scores.Reinforcement Learning' should be a number, not true — "
        f"{HINT_SCORE}", id="score-boolean"),
    pytest.param(
        [("Learning: 6.5", "Learning: .inf")],
        f"{P}:22: 'inferred.tag_scores.Reinforcement Learning' is the number inf, not a score "
        f"— {HINT_SCORES}", id="score-infinite"),
    pytest.param(
        [("Learning: 6.5", "Learning: 1" + "0" * 400)],
        f"{P}:22: 'inferred.tag_scores.Reinforcement Learning' is a number too large, not a "
        f"score — {HINT_SCORES}", id="score-too-large"),
    pytest.param(
        [("  tag_scores:\n    Reinforcement Learning: 6.5\n", "  tag_scores: [6.5, 2.0]\n")],
        f"{P}:21: 'inferred.tag_scores' should be a mapping of keys, not a list — tag_scores "
        "maps each of inferred.tags to the tagger's score, e.g. tag_scores: {Reinforcement "
        "Learning: 6.5}; the importer writes it: restore it from the pull request's base "
        f"version (git show main:{P})", id="scores-a-list"),
    pytest.param(
        [("Learning: 6.5\n", "Learning: 6.5\n    Optimization: 2.0\n")],
        f"{P}:23: inferred.tag_scores scores Optimization, which inferred.tags does not list — "
        f"{HINT_SCORES}", id="score-for-a-tag-not-inferred"),
    pytest.param(
        [("  - Reinforcement Learning\n  tag_scores", "  - Reinforcement Learning\n"
          "  - Optimization\n  tag_scores")],
        f"{P}:21: inferred.tags lists Optimization, which inferred.tag_scores has no score for "
        "— the importer writes both, and keeps them for itself: restore them from the pull "
        f"request's base version (git show main:{P}); to give the paper a tag, add it to the "
        "top-level tags", id="inferred-tag-without-score"),
    pytest.param(
        [("  tag_scores:\n", "  tag_scrores:\n")],
        f"{P}:21: unknown key 'inferred.tag_scrores' — did you mean 'tag_scores'? Write "
        "tag_scores:", id="scores-misspelt"),
])
def test_hostile_tag_scores_are_told_at_their_line(papers, replacements, expected):
    """inferred.tag_scores orders the tag pages: anything else than the importer's numbers
    for the importer's tags is a problem at its own line, never a crash."""
    assert check_one(papers, page(SCORED, *replacements)) == [expected]


def test_affiliations_that_line_up_pass(papers):
    aligned = page(("authors: []", "authors: [Ada Lovelace, Alan Turing]\n"
                                   "affiliations: [University of Oxford, '']\nstatus: Oral\n"
                                   "track: main"))
    assert check_one(papers, aligned) == []


def test_the_enriched_test_pages_pass():
    """The fixture pages are what enrich writes: valid, so the site tests test real pages."""
    pages = sorted((ROOT / "tests/fixtures/enriched").glob("*.md"))
    assert len(pages) >= 4 and check_paths(pages) == []


def test_undecodable_page(papers):
    (papers / "foonet.md").write_bytes(GOOD.encode() + b"\xff\n")
    assert check_paths([papers.relative_to(papers.parent)]) == [
        f"{P}:22: byte {len(GOOD.encode())} (0xff) is not valid UTF-8 — re-save the file as UTF-8"]


def test_duplicate_ids_across_files(papers, tmp_path):
    other = tmp_path / "more"
    other.mkdir()
    (papers / "foonet.md").write_text(GOOD, encoding="utf-8")
    (other / "foonet.md").write_text(GOOD, encoding="utf-8")
    assert check_paths([papers.relative_to(tmp_path), other.relative_to(tmp_path)]) == [
        "more/foonet.md:2: id 'foonet' is also used by papers/foonet.md — every page needs "
        "its own id; it must equal the file name"]


def test_all_problems_are_reported_at_once_sorted_by_file_and_line(papers):
    (papers / "b.md").write_text(page(("id: foonet", "id: b"), ("It is fast.", "<script>x")),
                                 encoding="utf-8")
    problems = check_one(papers, page(
        ("title_inferred: true", "title_inferred: 1"),
        ("venue: ICML 2026", "venue: !!python/name:os.system ''"),
        ("  - Reinforcement Learning", "  - Nope"),
        ("It is fast.", "It is <iframe>"),
    ), name="a.md")
    locations = [p.split(" ", 1)[0] for p in problems]
    assert locations == ["papers/a.md:2:", "papers/a.md:4:", "papers/a.md:8:",
                         "papers/a.md:15:", "papers/a.md:21:", "papers/b.md:21:"]
    assert "id 'foonet' does not match the file name a.md" in problems[0]


def test_a_page_with_a_yaml_tag_is_still_checked_for_everything_else(papers):
    problems = check_one(papers, page(("venue: ICML 2026", "venue: !!python/object:x.Y {}"),
                                      ("authors: []", "authors: 5")))
    assert [p.split(" — ")[0] for p in problems] == [
        f"{P}:7: 'authors' should be a list, not the number 5",
        f"{P}:8: YAML tag '!!python/object:x.Y'"]


def test_cli_exit_codes(papers, capsys):
    (papers / "foonet.md").write_text(GOOD, encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "papers"]) == 0
    out, err = capsys.readouterr()
    assert out == "" and err == "paperlist check: no problems\n"  # it ran: told so
    assert main(["check", "papers/foonet.md"]) == 0
    (papers / "bad.md").write_text(page(("id: foonet", "id: bad"), ("title_inferred: true", "")),
                                   encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "papers"]) == 1
    out, err = capsys.readouterr()
    assert out == ("papers/bad.md:5: missing key 'title_inferred' — add it: write true (the "
                   "title was guessed from the abstract) or false (it is the official title), "
                   "lower case, unquoted\n")
    assert "1 problem(s)" in err
    assert main(["check", "papers/missing.md"]) == 1


def test_parallel_and_serial_runs_agree(papers):
    for n in range(30):
        text = page(("id: foonet", f"id: p{n}")) if n % 3 else page(("id: foonet", "id: X"))
        (papers / f"p{n}.md").write_text(text, encoding="utf-8")
    serial = check_paths([papers], workers=1)
    # 10 pages with the id X: invalid, not the file name, and 9 of them a duplicate
    assert len(serial) == 29
    from paperlist.check import checker

    old = checker.PARALLEL_MIN_PAGES
    checker.PARALLEL_MIN_PAGES = 1
    try:
        assert check_paths([papers], workers=2) == serial
    finally:
        checker.PARALLEL_MIN_PAGES = old


def test_fast_precheck_never_accepts_what_jsonschema_rejects():
    """The fast path may only be stricter than the schema: compare on many variants."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    fast = compile_schema(schema)
    assert fast is not None
    slow = Draft202012Validator(schema)
    base = {"id": "a", "title": "T", "title_inferred": True, "name": "", "other_names": [],
            "authors": [], "venue": "", "tags": ["X"],
            "links": {"code": ["https://github.com/a/b"], "data": [], "other": []}}
    variants = [base]
    for key in base:
        for bad in (None, 1, True, "", " ", [], {}, ["", 1], ["a", "a"], "javascript:x",
                    {"code": ["x"]}, {"zip": []}, {"code": "https://a.b"}, "Bad Id",
                    ["a", "b", "c", "d", "e"], ["a", "b", "c", "d", "e", "f"]):
            variants.append({**base, key: bad})
        variants.append({k: v for k, v in base.items() if k != key})
    variants.append({**base, "source": {"digest": "0123456789abcdef"}, "editor_note": 1})
    variants.append({**base, "source": {"digest": 1}})
    for scores in ({"X": 6.5}, {"X": 0}, {"X": -1}, {"X": -0.5}, {"X": "6.5"}, {"X": True},
                   {"X": None}, {"X": [1]}, [6.5], "6.5", {}, {"X": float("inf")}):
        variants.append({**base, "inferred": {"tags": ["X"], "tag_scores": scores}})
    for meta in variants:
        assert fast(meta) == slow.is_valid(meta), meta
    int_key = {**base, 1: "a YAML key that is not text"}
    assert slow.is_valid(int_key) and not fast(int_key)  # unsure: left to jsonschema


def _parse_annotation(line: str) -> tuple[str, int, str, str]:
    """(file, line, title, message) of a `::error file=…,line=…,title=…::message` line,
    unescaped as GitHub does."""
    def unescape(text: str) -> str:
        for escaped, char in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","),
                              ("%25", "%")):
            text = text.replace(escaped, char)
        return text

    assert line.startswith("::error ")
    props, _, message = line[len("::error "):].partition("::")
    fields = dict(part.split("=", 1) for part in props.split(","))
    assert set(fields) == {"file", "line", "title"}
    return (unescape(fields["file"]), int(fields["line"]), unescape(fields["title"]),
            unescape(message))


def test_github_annotations_say_what_the_text_says_on_the_same_line(papers, capsys):
    # A file name with ',' and ':', a value with '%': each must survive the escaping.
    text = page(("id: foonet", "id: a,b"), ("title_inferred: true", "title_inferred: yes"),
                ("authors: []", "authors: 100% Ada"), ("It is fast.", "It is <b>fast</b>."))
    (papers / "a,b:c.md").write_text(text, encoding="utf-8")
    assert main(["check", "papers"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert main(["check", "papers", "--format", "github"]) == 1
    annotations = capsys.readouterr().out.splitlines()
    assert len(lines) == len(annotations) >= 4
    for plain, annotation in zip(lines, annotations, strict=True):
        path, line, title, message = _parse_annotation(annotation)
        assert title == "paperlist check"
        assert plain == f"{path}:{line}: {message}"
    assert any("100% Ada" in line for line in lines)
    assert "%25" in "\n".join(annotations) and "a%2Cb%3Ac.md" in annotations[0]


def test_an_annotation_message_keeps_to_one_line():
    from paperlist.check.problem import Problem

    annotation = Problem("p.md", 3, "two\nlines\r", "50%").annotation()
    assert annotation == ("::error file=p.md,line=3,title=paperlist check::two%0Alines%0D "
                          "— 50%25")


def test_an_id_changed_to_another_pages_is_not_told_to_rename_the_file_over_it(papers):
    """"rename it back to halo.md" was the advice with halo.md there: following it would
    overwrite that page."""
    (papers / "halo.md").write_text(page(("id: foonet", "id: halo")), encoding="utf-8")
    problems = check_one(papers, page(("id: foonet", "id: halo")))
    assert problems[0] == (
        f"{P}:2: id 'halo' is the id of halo.md, another page — a page's id is its address "
        "and its file's name, and never changes: if this file is a copy of halo.md, delete it "
        "(a paper has one page); if you changed the id, set it back to id: foonet")
    assert not any("rename it back" in p for p in problems)


@pytest.mark.parametrize("page_id", ["x" * 300, "../README", "Halo"])
def test_an_id_no_page_could_have_is_told_as_not_the_file_name(papers, page_id):
    """A 300-character id crashed the check (the file name too long to look for), and
    "../README" was "the id of ../README.md, another page"."""
    (papers.parent / "README.md").write_text("# not a page\n", encoding="utf-8")
    (papers / "halo.md").write_text(page(("id: foonet", "id: halo")), encoding="utf-8")
    problems = check_one(papers, page(("id: foonet", f"id: {page_id}")))
    assert any(f"id '{page_id}' does not match the file name foonet.md" in p for p in problems)
    assert not any("another page" in p for p in problems)


@pytest.mark.parametrize("author", ["Wei Zhang (张伟)", "Jane Doe (equal contribution)",
                                    "José García (Jr)"])
def test_a_name_with_a_parenthesis_that_is_no_institution_passes(papers, author):
    """Only an institution in parentheses belongs in affiliations: a name written otherwise,
    a role or a suffix were refused with no way to keep them."""
    assert check_one(papers, page(("authors: []", f"authors: [{author!r}, Li Na]"))) == []


@pytest.mark.parametrize("author", ["Ana Silva (Stanford)", "Li Na (UC Berkeley)",
                                    "Max Weber (INRIA)"])
def test_an_affiliation_in_parentheses_is_told_whatever_its_words(papers, author):
    """An institution named without "University" or "Institute" passed as part of the
    name."""
    problems = check_one(papers, page(("authors: []", f"authors: [{author!r}, Li Na]")))
    assert len(problems) == 1 and "in parentheses, which the page would show" in problems[0]


@pytest.mark.parametrize("authors, told", [
    ("[Ada, Kim #2] # from the PDF", "quote the item: 'Kim #2'"),
    ("['Kim #2', Li", "end the list with ] on the same line"),
])
def test_a_hash_in_a_flow_list_is_told_only_where_it_starts_a_comment(papers, authors, told):
    """An item quoted already was told to be quoted again ("'''Kim #2'''"), and the
    editor's own comment after the list was taken into the item."""
    problems = check_one(papers, page(("authors: []", f"authors: {authors}")))
    assert len(problems) == 1 and problems[0].endswith(told), problems


@pytest.mark.parametrize("title, meant", [(r'"Top 50\% of data"', r"Top 50\% of data"),
                                          (r'"snake\_case names"', r"snake\_case names")])
def test_tex_escapes_in_a_double_quoted_title_are_told_as_tex(papers, title, meant):
    """"\\%" made the page unreadable YAML with the general advice, and "\\_" a no-break
    space without a word."""
    problems = check_one(papers, page(("title_inferred: true", "title_inferred: false"),
                                      ("title: 'FooNet: fast things'", f"title: {title}")))
    assert any(p.endswith(f"where a backslash is itself: title: {meant}") for p in problems), \
        problems
