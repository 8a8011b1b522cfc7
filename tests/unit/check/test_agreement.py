"""A folder with its list (papers/source/*.txt) is checked against it as `paperlist import
--check` would judge it, each disagreement at the page's line; and the tag count follows
the taxonomy the catalogue uses."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from helpers import FIXTURES, ROOT, SHIPPED_LIST, shipped_papers
from paperlist.check.checker import check_paths
from paperlist.check.fields import schema
from paperlist.model.page import read_page
from paperlist.model.taxonomy import load_taxonomy

LIST = Path("papers/source") / SHIPPED_LIST.name


@pytest.fixture
def catalogue(tmp_path, monkeypatch):
    """A copy of the shipped catalogue (pages and list) as papers/ in the current folder."""
    shutil.copytree(shipped_papers(), tmp_path / "papers")
    monkeypatch.chdir(tmp_path)
    return Path("papers")


def test_an_abstract_added_to_the_list_without_its_page(catalogue):
    text = LIST.read_text(encoding="utf-8")
    LIST.write_text(text.rstrip("\n") + "\n\nWe propose NewNet, a new network for new things "
                    "that nobody has imported yet.\n", encoding="utf-8")
    line = text.rstrip("\n").count("\n") + 3
    assert check_paths([catalogue]) == [
        f"{LIST}:{line}: this abstract has no page in papers — run paperlist import and commit "
        "the page it makes (if a page lost its source.digest, restore that instead)"]
    # Checking some pages only says nothing about the list's other abstracts.
    assert check_paths([catalogue / "eqr.md"]) == []


def test_a_page_copied_under_a_new_name_keeps_the_digest(catalogue):
    text = (catalogue / "eqr.md").read_text(encoding="utf-8")
    (catalogue / "eqr2.md").write_text(text.replace("id: eqr", "id: eqr2"), encoding="utf-8")
    # Which is the copy the files cannot tell: each page is told, naming the other (it
    # was told on the page that sorts second, which may be the original, untouched).
    assert sorted(check_paths([catalogue])) == [
        f"papers/{a}.md:17: source.digest is also papers/{b}.md's: two pages of one abstract "
        "— a paper has one page: if this page is a copy, delete it; if you changed its "
        f"digest, restore it (git show main:papers/{a}.md)" for a, b in (("eqr", "eqr2"),
                                                                       ("eqr2", "eqr"))]


def test_a_page_that_does_not_parse_hides_no_abstract(catalogue):
    """The broken page may be the abstract's: the list is not blamed for it."""
    page = catalogue / "eqr.md"
    page.write_text(page.read_text(encoding="utf-8").replace(
        "source:\n  digest: b5eef71494fc1e8b\n", "").replace("name: EqR", "name: EqR: x"),
        encoding="utf-8")
    assert [p.split(" — ")[0] for p in check_paths([catalogue])] == [
        "papers/eqr.md:5: a colon inside the name"]


def test_every_list_is_checked_and_a_lost_digest_names_the_lists_searched(catalogue):
    from paperlist.ingest.importer import run_import

    beta = Path("papers/source/beta-2027.txt")
    shutil.copy(FIXTURES / "venues" / beta.name, beta)
    assert run_import(beta, catalogue).ok
    assert check_paths([catalogue]) == []
    page = catalogue / "hushed.md"
    digest = read_page(page).source_digest
    page.write_text(page.read_text(encoding="utf-8").replace(digest, "0123456789abcdef"),
                    encoding="utf-8")
    line = page.read_text(encoding="utf-8").split("\n").index("  digest: 0123456789abcdef") + 1
    assert check_paths([catalogue]) == [
        f"papers/hushed.md:{line}: source.digest 0123456789abcdef is no abstract's in any of "
        f"the 2 lists ({beta}, {LIST}) — set it back to digest: {digest}, the digest of "
        "this page's abstract, which ties the page to it"]


def test_an_abstract_added_to_the_second_list_is_named_in_it(catalogue):
    beta = Path("papers/source/beta-2027.txt")
    shutil.copy(FIXTURES / "venues" / beta.name, beta)
    from paperlist.ingest.importer import run_import

    run_import(beta, catalogue)
    beta.write_text(beta.read_text(encoding="utf-8") + "\nWe propose NewNet, a new network "
                    "for new things that nobody has imported yet.\n", encoding="utf-8")
    assert check_paths([catalogue]) == [
        f"{beta}:9: this abstract has no page in papers — run paperlist import and commit "
        "the page it makes (if a page lost its source.digest, restore that instead)"]


def test_a_folder_without_a_list_is_checked_page_by_page(tmp_path):
    shutil.copytree(shipped_papers(), tmp_path / "papers", ignore=shutil.ignore_patterns("source"))
    page = tmp_path / "papers" / "eqr.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("source:\n  digest: b5eef71494fc1e8b\n", ""), encoding="utf-8")
    assert check_paths([tmp_path / "papers"]) == []


def test_the_schema_allows_as_many_tags_as_the_shipped_taxonomy_gives():
    assert schema()["properties"]["tags"]["maxItems"] == \
        load_taxonomy().selection["max_tags"]


def test_a_taxonomy_of_its_own_sets_the_tag_count(catalogue, tmp_path):
    raw = yaml.safe_load((ROOT / "scripts/paperlist/data/taxonomy.yml").read_text())
    raw["selection"]["max_tags"] = 6
    ours = tmp_path / "six.yml"
    ours.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    page = catalogue / "eqr.md"
    six = page.read_text(encoding="utf-8").replace(
        "- Dynamical Systems & Neural ODEs\nsource", "- Dynamical Systems & Neural ODEs\n"
        "- Learning Theory\n- Optimization\n- Large Language Models\n- Interpretability\nsource")
    page.write_text(six, encoding="utf-8")
    assert check_paths([page], taxonomy=ours) == []
    page.write_text(six.replace("- Interpretability\n", "- Interpretability\n- Privacy\n"),
                    encoding="utf-8")
    assert [p.split(" — ")[0] for p in check_paths([page], taxonomy=ours)] == [
        "papers/eqr.md:13: 'tags' has 7 items, more than the 6 allowed"]


@pytest.fixture
def imported(tmp_path, monkeypatch):
    """A fresh import of the shipped list, with the list in papers/source/ (so check
    compares each page with a re-inference), as papers/ in the current folder."""
    from paperlist.ingest.importer import run_import

    (tmp_path / "papers/source").mkdir(parents=True)
    shutil.copy(SHIPPED_LIST, tmp_path / LIST)
    monkeypatch.chdir(tmp_path)
    assert run_import(LIST, Path("papers")).ok
    return Path("papers")


def scores_text(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    return text[text.index("  tag_scores:\n"):text.index("\n---\n") + 1]


def test_an_edited_score_is_told_at_its_line_with_the_importers(imported):
    """Raising a paper's score would move it up its tag's page: the agreement check names
    the score at its line and gives the importer's mapping back."""
    page = imported / "eqr.md"
    block = scores_text(page)
    assert block == ("  tag_scores:\n    Reasoning & Test-Time Compute: 23.38\n"
                     "    Dynamical Systems & Neural ODEs: 12.88\n")
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("Neural ODEs: 12.88", "Neural ODEs: 99.0"), encoding="utf-8")
    line = text.split("\n").index("    Dynamical Systems & Neural ODEs: 12.88") + 1
    assert check_paths([imported]) == [
        f"papers/eqr.md:{line}: you edited inferred.tag_scores, which the importer keeps for "
        "itself — set it back to tag_scores: {Reasoning & Test-Time Compute: 23.38, Dynamical "
        "Systems & Neural ODEs: 12.88}: tag pages list papers by the tagger's scores (a tag "
        "you add to the top-level tags comes first)"]
    page.write_text(text, encoding="utf-8")
    assert check_paths([imported]) == []


def test_a_page_from_before_scores_is_told_to_import_and_import_fixes_it(imported, capsys):
    from paperlist.cli import main

    page = imported / "eqr.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace(scores_text(page), ""), encoding="utf-8")
    line = text.split("\n").index("inferred:") + 1
    assert check_paths([imported]) == [
        f"papers/eqr.md:{line}: inferred.tag_scores is missing: the page was imported before "
        "the importer kept its tags' scores — run paperlist import, which adds them (or write "
        "under inferred: tag_scores: {Reasoning & Test-Time Compute: 23.38, Dynamical Systems "
        "& Neural ODEs: 12.88})"]
    assert main(["import", "--check", "--papers", "papers"]) == 1
    assert "would update: eqr" in capsys.readouterr().err
    assert main(["import", "--papers", "papers"]) == 0
    assert page.read_text(encoding="utf-8") == text
    assert check_paths([imported]) == []
    assert main(["import", "--check", "--papers", "papers"]) == 0


def _correct_eqr_in_the_list(body: str) -> int:
    """A word added to EqR's paragraph of the list (`body`, its abstract as imported); the
    paragraph's line."""
    text = LIST.read_text(encoding="utf-8")
    words = body.split()
    corrected = " ".join(words[:5] + ["truly"] + words[5:])
    assert body in text
    LIST.write_text(text.replace(body, corrected), encoding="utf-8")
    return text[:text.index(body)].count("\n") + 1


def test_a_corrected_paragraph_is_said_to_update_its_page_not_to_need_one(catalogue):
    from paperlist.ingest.importer import run_import

    line = _correct_eqr_in_the_list(read_page(catalogue / "eqr.md").body.strip())
    (problem,) = check_paths([catalogue])
    assert problem.startswith(f"{LIST}:{line}: this paragraph is a corrected version of "
                              "papers/eqr.md's abstract (99% the same)")  # one word: not 100%
    assert problem.endswith(" — run paperlist import, which updates that page's "
                            "abstract and source.digest (no second page is made), and commit "
                            "the page")
    assert run_import(LIST, catalogue).relinked and check_paths([catalogue]) == []


def test_a_corrected_paragraph_of_a_page_whose_abstract_an_editor_changed_is_a_conflict(
        catalogue):
    from paperlist.ingest.importer import run_import

    page = catalogue / "eqr.md"
    body = read_page(page).body.strip()
    page.write_text(page.read_text(encoding="utf-8").rstrip("\n") + " An editor's sentence.\n",
                    encoding="utf-8")
    line = _correct_eqr_in_the_list(body)
    problems = check_paths([catalogue])
    assert f"{LIST}:{line}: this paragraph is a corrected version of papers/eqr.md's abstract" \
        in problems[-1]
    assert problems[-1].endswith(
        ", which an editor has changed on the page too — make the page's abstract and this "
        "paragraph agree (copy one into the other), then run paperlist import, which ties "
        "the page to it")
    assert not run_import(LIST, catalogue).ok  # the import says the same: a conflict


def test_a_page_added_by_hand_is_told_how_a_paper_gets_a_page(catalogue):
    text = (catalogue / "eqr.md").read_text(encoding="utf-8")
    head, _, _ = text.partition("source:")
    (catalogue / "new-paper.md").write_text(
        head.replace("id: eqr", "id: new-paper") + "---\n\nWe propose NewNet, a network "
        "nobody has listed, for graphs of every size and shape.\n", encoding="utf-8")
    problems = [p for p in check_paths([catalogue]) if p.startswith("papers/new-paper.md")]
    assert any("source: missing — a paper's page is made by paperlist import from its "
               f"abstract in the list: for a new paper, add the abstract to {LIST} and run "
               "paperlist import" in p for p in problems), problems
