"""The corpus of contributor mistakes (tests/fixtures/mistakes/mistakes.yml) holds check
to its promise: each mistake is reported alone, at its line, with a fix; and whatever
check accepts, `paperlist import --check` and the strict build accept too, so following
check's advice is all a contributor on GitHub needs to do for CI to pass."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from helpers import FIXTURES, SHIPPED_LIST, make_project, mkdocs_build, shipped_papers
from paperlist.check.checker import check_paths
from paperlist.ingest.importer import run_import
from paperlist.model.page import split_frontmatter
from paperlist.model.taxonomy import taxonomy_shown

CORPUS = FIXTURES / "mistakes" / "mistakes.yml"
MISTAKES = yaml.safe_load(CORPUS.read_text(encoding="utf-8"))


def shipped(page: str) -> str:
    return (shipped_papers() / f"{page}.md").read_text(encoding="utf-8")


def edited(text: str, edits: list[list[str]], abstract: str, *, everywhere: bool = False) -> str:
    for old, new in edits:
        old, new = old.replace("{abstract}", abstract), new.replace("{abstract}", abstract)
        assert old in text, f"{old!r} is not in the page"
        text = text.replace(old, new, -1 if everywhere else 1)
    return text


def broken_and_fixed(m: dict) -> tuple[str, str]:
    text = shipped(m["page"])
    abstract = split_frontmatter(text)[1].strip("\n") + "\n"
    broken = edited(text, m["edit"], abstract, everywhere=m.get("all", False))
    return broken, edited(broken, m.get("fix") or [], abstract)


def test_the_corpus_is_big_and_every_mistake_has_a_fix():
    mistakes = [m for m in MISTAKES if m["problem"] is not None]
    assert len(mistakes) >= 30
    assert all(m.get("fix") for m in mistakes)
    assert len({m["name"] for m in MISTAKES}) == len(MISTAKES)


@pytest.mark.parametrize("m", MISTAKES, ids=[m["name"] for m in MISTAKES])
def test_check_reports_the_mistake_at_its_line_and_its_fix_passes_ci(m, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(shipped_papers(), tmp_path / "papers")
    page = Path("papers") / f"{m['page']}.md"
    broken, fixed = broken_and_fixed(m)
    page.write_bytes(broken.encode("utf-8"))
    # {taxonomy}: the shipped taxonomy as messages name it from here (outside the repository)
    expected = [] if m["problem"] is None else [
        f"{page}:{m['problem']}".replace("{taxonomy}", taxonomy_shown())]
    assert check_paths([Path("papers")]) == expected
    page.write_bytes(fixed.encode("utf-8"))
    assert check_paths([Path("papers")]) == []
    report = run_import(Path("papers/source") / SHIPPED_LIST.name, Path("papers"), check=True)
    assert report.ok and report.created == [] and report.updated == []


def test_the_strict_build_accepts_every_page_check_accepts(tmp_path):
    """One build over all of them: each fixed page (and each habit check accepts) under
    an id of its own beside the shipped pages."""
    project = make_project(tmp_path / "project", papers_from=shipped_papers())
    for n, m in enumerate(MISTAKES):
        _, fixed = broken_and_fixed(m)
        page_id = f"{m['page']}-m{n}"
        text = fixed.replace(f"id: {m['page']}", f"id: {page_id}", 1)
        (project / "papers" / f"{page_id}.md").write_bytes(text.encode("utf-8"))
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr[-3000:]
