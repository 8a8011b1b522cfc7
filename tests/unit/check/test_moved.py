"""`paperlist check --base REF`: a page renamed or removed since a pull request's base
while its abstract is still in the list (check/moved.py). Its id is its address."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from helpers import shipped_papers
from paperlist.cli import main

GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@t"]


@pytest.fixture
def catalogue(tmp_path, monkeypatch):
    """The shipped catalogue committed in a git repository (the pull request's base)."""
    shutil.copytree(shipped_papers(), tmp_path / "papers")
    monkeypatch.chdir(tmp_path)
    subprocess.run([*GIT, "init", "-q"], check=True)
    subprocess.run([*GIT, "add", "-A"], check=True)
    subprocess.run([*GIT, "commit", "-qm", "base"], check=True)
    return tmp_path


def test_a_renamed_page_is_told_at_its_new_file_with_how_to_restore_it(catalogue, capsys):
    """`git mv papers/halo.md papers/halo-vla.md` with `id: halo-vla` passed every check:
    the page is valid and holds the list's abstract; only /papers/halo/ broke."""
    subprocess.run([*GIT, "mv", "papers/halo.md", "papers/halo-vla.md"], check=True)
    page = catalogue / "papers" / "halo-vla.md"
    page.write_text(page.read_text("utf-8").replace("id: halo\n", "id: halo-vla\n"), "utf-8")
    assert main(["check"]) == 0  # without the base: nothing to see
    capsys.readouterr()
    assert main(["check", "--base", "HEAD"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "papers/halo-vla.md:1: this page was papers/halo.md at HEAD, and its abstract is "
        "still in the list (papers/source/icml-2026-abstracts.txt:39) — a page's id is its "
        "address (/papers/halo/) and never changes: restore it, git checkout HEAD -- "
        "papers/halo.md, and make your edits there; then delete this copy"]


def test_a_page_whose_abstract_left_the_list_may_go(catalogue, capsys):
    """What `paperlist import --prune` removes is no problem."""
    listed = catalogue / "papers" / "source" / "icml-2026-abstracts.txt"
    paragraphs = listed.read_text("utf-8").rstrip("\n").split("\n\n")
    listed.write_text("\n\n".join(p for p in paragraphs if "we propose HALO" not in p) + "\n",
                      "utf-8")
    assert main(["import", "--prune"]) == 0
    assert not (catalogue / "papers" / "halo.md").exists()
    capsys.readouterr()
    assert main(["check", "--base", "HEAD"]) == 0


def test_a_base_git_cannot_read_is_told(catalogue, capsys):
    assert main(["check", "--base", "no-such-branch"]) == 1
    assert capsys.readouterr().out.startswith(
        "papers:1: --base no-such-branch: git could not read it (this repository has no "
        "commit no-such-branch) — give a revision git knows")


def test_a_base_before_the_first_import_has_no_pages_to_miss(tmp_path, monkeypatch, capsys):
    """A pull request that imports the list into a repository without papers/ yet failed:
    git could not read HEAD^1:papers."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "README.md").write_text("a catalogue to be\n", encoding="utf-8")
    subprocess.run([*GIT, "init", "-q"], check=True)
    subprocess.run([*GIT, "add", "-A"], check=True)
    subprocess.run([*GIT, "commit", "-qm", "base"], check=True)
    shutil.copytree(shipped_papers(), tmp_path / "papers")
    assert main(["check", "--base", "HEAD"]) == 0
