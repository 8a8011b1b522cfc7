"""A catalogue with no papers yet (papers/ empty or not made) builds with --strict, and its
home page says how to import a list."""

from __future__ import annotations

import re
import shutil

import pytest

from helpers import SHIPPED_LIST, make_project, mkdocs_build
from paperlist.ingest.importer import run_import


@pytest.mark.parametrize("papers", ["empty", "missing"])
def test_an_empty_catalogue_builds_and_its_home_page_says_how_to_import(tmp_path, papers):
    project = make_project(tmp_path / "project")
    if papers == "missing":
        shutil.rmtree(project / "papers")
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    assert "pagefind" not in result.stderr.lower()
    home = (project / "site" / "index.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", home)
    assert "No papers yet." in text and "paperlist import path/to/abstracts.txt" in text
    for page in ("browse/index.html", "map/index.html", "tags/index.html", "404.html"):
        assert (project / "site" / page).is_file(), page


def test_the_import_hint_goes_once_there_are_papers(tmp_path):
    project = make_project(tmp_path / "project")
    assert run_import(SHIPPED_LIST, project / "papers").ok
    assert mkdocs_build(project).returncode == 0
    home = (project / "site" / "index.html").read_text(encoding="utf-8")
    assert "No papers yet" not in home and "<strong>19</strong> papers" in home
    assert (project / "site" / "pagefind").is_dir()
