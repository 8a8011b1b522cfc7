"""`paperlist serve`'s fast path: an edit of a paper page is shown without a full build, and
what it shows is what a full build would; anything else still gets a full build, and a
broken page still shows its problem. The planning itself is tests/unit/structure/
test_preview_plan.py."""

from __future__ import annotations

import re
import time
import urllib.request
from pathlib import Path

import pytest

from helpers import SHIPPED_LIST, make_project
from paperlist.html.escape import esc
from paperlist.ingest.importer import run_import
from serving import break_yaml, check_lines, start_serve

FULL = "Building documentation"
FAST = "a fast rebuild"
#: what the live-reload script puts in every served page: the build's time stamp
_EPOCH = re.compile(r"livereload\(\d+, \d+\)")
#: the pages an edit of wildcat's title and tags changes, and a data file
SHOWN = ["papers/wildcat/", "tags/efficient-ml/", "tags/reinforcement-learning/",
         "tags/transformers-and-attention/", "browse/", "tags/", "",
         "assets/paperlist/browse.json", "assets/paperlist/map-data.js", "papers.json"]


@pytest.fixture
def project(tmp_path) -> Path:
    project = make_project(tmp_path / "p")
    assert run_import(SHIPPED_LIST, project / "papers").ok
    return project


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as r:
        return _EPOCH.sub("", r.read().decode("utf-8"))


def _wait_for(url: str, text: str, timeout: float = 60) -> str:
    deadline = time.monotonic() + timeout
    while True:
        page = _get(url)
        if text in page:
            return page
        assert time.monotonic() < deadline, f"{text!r} never appeared at {url}"
        time.sleep(0.1)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_an_edited_page_is_shown_by_a_fast_rebuild_as_a_full_build_shows_it(project, tmp_path):
    wildcat = project / "papers/wildcat.md"
    served = start_serve(project, tmp_path / "tmp")
    try:
        _edit(wildcat, "title: 'WildCat: compressing the attention mechanism in neural "
              "networks'", "title: 'Aardvark: an edited title'")
        _edit(wildcat, "- Efficient ML & Compression\n- Transformers & Attention\n",
              "- Reinforcement Learning\n- Transformers & Attention\n")
        _wait_for(f"{served.url}/papers/wildcat/", "Aardvark: an edited title")
        assert served.output().count(FULL) == 1  # the first build only
        assert FAST in served.output()
        fast = {u: _get(f"{served.url}/{u}") for u in SHOWN}
        # what an editor looks for: the new title and tags where they belong
        assert "Aardvark: an edited title" in fast["tags/reinforcement-learning/"]
        assert "Aardvark" not in fast["tags/efficient-ml/"]
        assert "Aardvark" in fast["browse/"] and "Aardvark" in fast[
            "assets/paperlist/browse.json"]
        assert "WildCat: compressing" not in fast["papers/wildcat/"]

        (project / "mkdocs.yml").touch()  # a full rebuild
        served.wait_for_output(FULL, count=2)
        served.wait_for_output("Reloading browsers", count=2)
        for url in SHOWN:
            assert _get(f"{served.url}/{url}") == fast[url], url
    finally:
        served.stop()


def test_a_taxonomy_edit_gets_a_full_build(project, tmp_path):
    from paperlist.model.taxonomy import DEFAULT_PATH

    mine = project / "my-tags.yml"
    mine.write_text(DEFAULT_PATH.read_text(encoding="utf-8"), encoding="utf-8")
    yml = project / "mkdocs.yml"
    yml.write_text(yml.read_text(encoding="utf-8").replace(
        "  - paperlist\n", "  - paperlist:\n      taxonomy: my-tags.yml\n", 1), encoding="utf-8")
    served = start_serve(project, tmp_path / "tmp")
    try:
        # a tag's description, shown on its page, which no paper page edit changes
        _edit(mine, "description: Agents learning from reward,",
              "description: Agents learning from rewards (edited),")
        _wait_for(f"{served.url}/tags/reinforcement-learning/",
                  "Agents learning from rewards (edited)")
        assert served.output().count(FULL) == 2 and FAST not in served.output()
    finally:
        served.stop()


def test_a_page_broken_after_a_fast_rebuild_still_shows_its_problem(project, tmp_path):
    served = start_serve(project, tmp_path / "tmp")
    try:
        _edit(project / "papers/eqr.md", "title: ", "title: 'Edited first' #")
        served.wait_for_output(FAST)
        break_yaml(project / "papers/halo.md")
        line = next(x for x in check_lines(project) if x.startswith("papers/halo.md:3: "))
        _wait_for(f"{served.url}/papers/halo/", esc(line))
        assert esc(line) in _get(f"{served.url}/papers/prorl/")  # the banner
        # fixed: the paper is back, by a full build (the last one had a broken page)
        _edit(project / "papers/halo.md", "title: Deep nets: a study", "title: 'Halo fixed'")
        _wait_for(f"{served.url}/papers/halo/", "Halo fixed")
        assert "would fail the build" not in _get(f"{served.url}/papers/prorl/")
    finally:
        served.stop()


def test_a_page_only_the_check_refuses_is_shown_with_the_checks_words(project, tmp_path):
    """An edit the build takes but `paperlist check`, which CI runs first, refuses (a
    misspelt key) is shown as the preview shows a broken page, until it is fixed: the
    editor's first pull request would otherwise fail where the preview looked fine."""
    served = start_serve(project, tmp_path / "tmp")
    try:
        _edit(project / "papers/eqr.md", "authors: []", "autors: [Ada Lovelace]")
        line = next(x for x in check_lines(project) if x.startswith("papers/eqr.md:"))
        assert "autors" in line
        eqr = _wait_for(f"{served.url}/papers/eqr/", esc(line))
        assert "would fail paperlist check" in eqr and "paper-title" in eqr  # shown, under it
        assert "paperlist check</code> fails until then" in eqr
        other = _get(f"{served.url}/papers/prorl/")
        assert "1 page would fail paperlist check" in other and esc(line) in other
        # a page the build takes leaves other edits on the fast path (the build needs none)
        fulls = served.output().count(FULL)
        _edit(project / "papers/halo.md", "title: ", "title: 'Halo edited' #")
        halo = _wait_for(f"{served.url}/papers/halo/", "Halo edited")
        assert served.output().count(FULL) == fulls and esc(line) in halo  # (the banner)
        # another page edited with a file that is no paper (so a full build) is checked too
        _edit(project / "papers/prorl.md", "title_inferred: true", "title_inferred: yes")
        (project / "docs" / "contribute.md").write_text(
            (project / "docs" / "contribute.md").read_text(encoding="utf-8") + "\nMore.\n",
            encoding="utf-8")
        _wait_for(f"{served.url}/papers/halo/", "2 pages would fail paperlist check")
        _edit(project / "papers/prorl.md", "title_inferred: yes", "title_inferred: true")
        _edit(project / "papers/eqr.md", "autors: [Ada Lovelace]", "authors: [Ada Lovelace]")
        _wait_for(f"{served.url}/papers/eqr/", "Ada Lovelace")
        assert "would fail" not in _get(f"{served.url}/papers/eqr/")
        assert "would fail" not in _get(f"{served.url}/papers/prorl/")
    finally:
        served.stop()
