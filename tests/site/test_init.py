"""`paperlist init`: a new venue's catalogue repository that builds at once, with its own
name, heading and edit links, while this repository stays the ICML 2026 catalogue."""

from __future__ import annotations

import re

import pytest

from helpers import ROOT, built_html, mkdocs_build
from paperlist.cli import main

NEURIPS = """NeurIPS 2026 accepted papers

We propose SparseNet, a method for pruning sparse neural networks that keeps accuracy while
removing ninety percent of the weights. Code is available at https://github.com/alice/sparsenet.

We introduce GraphFlow, a graph neural network for molecular property prediction that uses
message passing over chemical bonds, improving over prior graph models on molecule benchmarks.

We present RoboPlan, a reinforcement learning agent for robot manipulation that learns from
sparse rewards in simulation and transfers to real robots on long-horizon tasks.
"""


@pytest.fixture(autouse=True)
def no_known_commit(monkeypatch):
    """requirements.txt as for a paperlist whose commit is not known: what it pins
    otherwise depends on the clone the tests run in (test_init_pins_... sets one)."""
    from paperlist.structure import scaffold

    monkeypatch.setattr(scaffold, "installed_commit", lambda: None)


@pytest.fixture(scope="module")
def neurips(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("init")
    listing = tmp / "neurips-2026-abstracts.txt"
    listing.write_text(NEURIPS, encoding="utf-8")
    dest = tmp / "neurips26"
    assert main(["init", str(dest), "--list", str(listing),
                 "--repo", "https://github.com/someone/neurips26"]) == 0
    result = mkdocs_build(dest, env={"GITHUB_REPOSITORY": ""})
    assert result.returncode == 0, result.stderr
    return dest


def test_init_makes_a_catalogue_that_builds_with_its_own_name_and_links(neurips):
    site = neurips / "site"
    home = built_html(site / "index.html")
    assert "<title>NeurIPS 2026 paper catalogue</title>" in home
    assert re.search(r"<h1[^>]*>NeurIPS 2026 paper catalogue", home)
    assert "ICML" not in home
    papers = sorted(p.stem for p in (neurips / "papers").glob("*.md"))
    assert len(papers) == 3
    page = built_html(site / "papers" / papers[0] / "index.html")
    assert (f'href="https://github.com/someone/neurips26/edit/main/papers/{papers[0]}.md"'
            in page)
    assert (neurips / "papers" / "source" / "neurips-2026-abstracts.txt").read_text(
        encoding="utf-8") == NEURIPS


def test_init_writes_the_repository_a_maintainer_pushes(neurips):
    for path in (".github/workflows/ci.yml", ".github/workflows/pages.yml",
                 ".github/pull_request_template.md", "CONTRIBUTING.md", "README.md",
                 "requirements.txt", "taxonomy.yml", "docs/contribute.md"):
        assert (neurips / path).is_file(), path
    readme = (neurips / "README.md").read_text(encoding="utf-8")
    assert "# NeurIPS 2026 paper catalogue" in readme and "paperlist build" in readme
    assert "## Deploy to GitHub Pages" in readme
    contributing = (neurips / "CONTRIBUTING.md").read_text(encoding="utf-8")
    # the new repository has no code: its tags are its own taxonomy.yml
    assert "scripts/paperlist/data/taxonomy.yml" not in contributing
    assert "## Change the code" not in contributing and "`taxonomy.yml`" in contributing
    # nor tests, tools or an editable install of code it does not have: its docs' commands
    # work there (pip install -e . failed: the catalogue is no Python project)
    for path in [neurips / "CONTRIBUTING.md", *(neurips / "docs").glob("*.md")]:
        text = path.read_text(encoding="utf-8")
        for phrase in ("pytest", "scripts/tools", "pip install -q -e", "pre-commit",
                       "the tests", "`tests/"):
            assert phrase not in text, (path.name, phrase)
    assert "pip install -q -r requirements.txt" in contributing
    template = (neurips / ".github" / "pull_request_template.md").read_text(encoding="utf-8")
    assert "Tests" not in template and "tests/" not in template  # (the item, all its lines)
    assert "CI runs `paperlist check`, `paperlist import --check` and `paperlist build`." \
        in contributing
    # what its CI runs passes on what init made
    assert main(["check", str(neurips / "papers"), "--taxonomy",
                 str(neurips / "taxonomy.yml")]) == 0
    assert main(["import", "--check", "--papers", str(neurips / "papers"), "--taxonomy",
                 str(neurips / "taxonomy.yml")]) == 0


def test_init_with_a_title_and_site_url(tmp_path):
    listing = tmp_path / "list.txt"
    listing.write_text(NEURIPS, encoding="utf-8")
    assert main(["init", str(tmp_path / "c"), "--list", str(listing), "--title",
                 "Our NeurIPS reading list", "--site-url", "https://papers.example.org",
                 "--branch", "trunk"]) == 0
    yml = (tmp_path / "c" / "mkdocs.yml").read_text(encoding="utf-8")
    assert "site_name: 'Our NeurIPS reading list'" in yml
    assert "site_url: 'https://papers.example.org/'" in yml and "branch: trunk" in yml
    # Pages deploys from that branch, and the README says so (with main there, the site
    # of a `master` repository never went up)
    pages = (tmp_path / "c" / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    assert "branches: [trunk]" in pages and not re.search(r"\bmain\b", pages)
    readme = (tmp_path / "c" / "README.md").read_text(encoding="utf-8")
    assert "default branch `trunk`" in readme and "`main`" not in readme


def test_init_with_a_venue_the_header_does_not_name(tmp_path):
    """"TinyML Summit 2027 accepted papers" names no venue the header rule finds: --venue
    gives the pages and the site theirs, and the catalogue's CI agrees with it."""
    listing = tmp_path / "list.txt"
    listing.write_text(NEURIPS.replace("NeurIPS 2026", "TinyML Summit 2027"),
                       encoding="utf-8")
    dest = tmp_path / "c"
    assert main(["init", str(dest), "--list", str(listing), "--venue",
                 "TinyML Summit 2027"]) == 0
    pages = sorted((dest / "papers").glob("*.md"))
    assert len(pages) == 3
    assert all("\nvenue: TinyML Summit 2027\n" in p.read_text(encoding="utf-8") for p in pages)
    yml = (dest / "mkdocs.yml").read_text(encoding="utf-8")
    assert "site_name: 'TinyML Summit 2027 paper catalogue'" in yml
    assert main(["import", "--check", "--papers", str(dest / "papers"), "--taxonomy",
                 str(dest / "taxonomy.yml")]) == 0


def test_init_without_a_venue_says_how_to_name_the_site(tmp_path, capsys):
    """A header that names no venue would make a site called "Paper catalogue" of pages
    of no venue: init asks for one, at the header's line, with what the header calls it
    (or, with nothing to go on, an example said to be one), and writes nothing."""
    listing = tmp_path / "list.txt"
    listing.write_text("\n\n" + NEURIPS.replace("NeurIPS 2026", "TinyML Summit 2027"),
                       encoding="utf-8")
    dest = tmp_path / "c"
    assert main(["init", str(dest), "--list", str(listing)]) == 1
    err = capsys.readouterr().err
    assert (f"{listing}:3: the header 'TinyML Summit 2027 accepted papers' names no venue"
            in err)  # what the header calls it, not an unrelated example:
    assert "run init again with --venue 'TinyML Summit 2027' (or --title" in err
    assert not dest.exists()
    headless = tmp_path / "headless.txt"
    headless.write_text(NEURIPS.split("\n\n", 1)[1], encoding="utf-8")
    assert main(["init", str(dest), "--list", str(headless)]) == 1
    err = capsys.readouterr().err
    assert f"{headless}:1: the list has no header line (its first paragraph is an " in err
    assert "with its name and year, e.g. --venue 'NeurIPS 2026'" in err
    assert main(["init", str(dest), "--list", str(listing), "--venue",
                 "TinyML Summit 2027"]) == 0
    assert "names no venue" not in capsys.readouterr().err
    assert main(["init", str(tmp_path / "d"), "--list", str(listing), "--title",
                 "TinyML papers"]) == 0


def test_init_pins_the_paperlist_that_made_the_pages(tmp_path, capsys, monkeypatch):
    """The new repository's workflows install the paperlist that made its pages, when its
    commit is known to be on paperlist's repository: unpinned, CI's `import --check`
    would fail once paperlist's main infers otherwise. Unknown, init says to pin one."""
    from paperlist.structure import scaffold

    listing = tmp_path / "list.txt"
    listing.write_text(NEURIPS, encoding="utf-8")
    commit = "89abcdef" * 5
    monkeypatch.setattr(scaffold, "installed_commit", lambda: commit)
    assert main(["init", str(tmp_path / "a"), "--list", str(listing)]) == 0
    assert (tmp_path / "a" / "requirements.txt").read_text(encoding="utf-8") == (
        f"paperlist @ git+https://github.com/paperlist/paperlist@{commit}\n")
    assert f"pins paperlist at {commit[:12]}, the one that made these pages" in (
        capsys.readouterr().err)
    monkeypatch.setattr(scaffold, "installed_commit", lambda: None)
    assert main(["init", str(tmp_path / "b"), "--list", str(listing)]) == 0
    assert (tmp_path / "b" / "requirements.txt").read_text(encoding="utf-8") == (
        "paperlist @ git+https://github.com/paperlist/paperlist\n")
    assert "names paperlist's latest main" in capsys.readouterr().err


def test_init_refuses_a_folder_that_holds_files(tmp_path, capsys):
    listing = tmp_path / "list.txt"
    listing.write_text(NEURIPS, encoding="utf-8")
    dest = tmp_path / "existing"
    dest.mkdir()
    (dest / "notes.md").write_text("mine", encoding="utf-8")
    assert main(["init", str(dest), "--list", str(listing)]) == 1
    assert "is not an empty folder" in capsys.readouterr().err
    assert [p.name for p in dest.iterdir()] == ["notes.md"]


def test_init_reads_the_repository_as_git_remote_shows_it(tmp_path):
    listing = tmp_path / "list.txt"
    listing.write_text(NEURIPS, encoding="utf-8")
    assert main(["init", str(tmp_path / "c"), "--list", str(listing),
                 "--repo", "git@github.com:someone/corl26.git"]) == 0
    yml = (tmp_path / "c" / "mkdocs.yml").read_text(encoding="utf-8")
    assert "      repo: https://github.com/someone/corl26\n" in yml


@pytest.mark.parametrize("option, value, said", [
    ("--repo", "corl26", "repo 'corl26' is not a repository: give its web address, e.g. "
     "https://github.com/OWNER/NAME"),
    ("--site-url", "papers.corl.org", "site URL 'papers.corl.org' is not a web address: give "
     "the whole URL the site is served at, scheme included, e.g. https://papers.corl.org/")])
def test_init_refuses_a_repository_or_site_url_the_build_would_fail_on(tmp_path, capsys,
                                                                      option, value, said):
    """Both were written to mkdocs.yml, init said the catalogue built at once, and the
    build failed on MkDocs' own complaint, naming neither option."""
    listing = tmp_path / "list.txt"
    listing.write_text(NEURIPS, encoding="utf-8")
    assert main(["init", str(tmp_path / "c"), "--list", str(listing), option, value]) == 1
    err = capsys.readouterr().err
    assert said in err and err.rstrip().endswith("; nothing was written")
    assert not (tmp_path / "c").exists()


def test_init_fills_a_clone_of_an_empty_repository_and_keeps_its_list_as_txt(tmp_path, capsys):
    """A clone of a new GitHub repository holds only .git, which init refused; and a list
    not named .txt was copied as it was named, where the catalogue's imports (CI's
    `import --check`) read only .txt lists."""
    listing = tmp_path / "neurips-abstracts.md"
    listing.write_text(NEURIPS, encoding="utf-8")
    dest = tmp_path / "clone"
    (dest / ".git").mkdir(parents=True)
    assert main(["init", str(dest), "--list", str(listing)]) == 0
    assert [p.name for p in (dest / "papers" / "source").iterdir()] == ["neurips-abstracts.txt"]
    assert main(["import", "--check", "--papers", str(dest / "papers")]) == 0


def test_init_with_a_broken_list_says_to_fix_it_not_to_push(tmp_path, capsys):
    listing = tmp_path / "list.txt"
    listing.write_text(NEURIPS + "\n" + "A paragraph far too long. " * 1000 + "\n",
                       encoding="utf-8")
    assert main(["init", str(tmp_path / "c"), "--list", str(listing)]) == 1
    err = capsys.readouterr().err
    assert "but the list has the errors above: fix them in" in err and "push it" not in err


def test_init_of_a_list_with_no_abstract_it_can_import_writes_nothing(tmp_path, capsys):
    """One paragraph too long to be an abstract (a list with one abstract per line and no
    blank line) made a catalogue of no paper, which a second init, once the list was
    fixed, refused as a folder holding files."""
    listing = tmp_path / "list.txt"
    listing.write_text("NeurIPS 2026\n\n" + "A paragraph far too long. " * 1000 + "\n",
                       encoding="utf-8")
    assert main(["init", str(tmp_path / "c"), "--list", str(listing)]) == 1
    err = capsys.readouterr().err
    assert re.search(r"list\.txt:3: paragraph is 25,999 characters.*; the list has no "
                     "abstract that can be imported, so nothing was written: fix it and run "
                     "init again", err)
    assert not (tmp_path / "c").exists()


def test_init_says_the_tags_are_machine_learnings_and_how_the_papers_spread(tmp_path, capsys):
    """A robotics venue got nearly every paper on one tag, half the tags on none, and
    tags chosen by words that mean something else there; nothing said the taxonomy was
    machine learning's, nor how to change it."""
    from paperlist.model.taxonomy import load_taxonomy

    listing = tmp_path / "list.txt"
    listing.write_text(NEURIPS, encoding="utf-8")
    assert main(["init", str(tmp_path / "c"), "--list", str(listing)]) == 0
    tags = len(load_taxonomy().tags)
    err = capsys.readouterr().err
    note = re.search(r"init: tags come from (\S+), a copy of paperlist's machine-learning "
                     rf"taxonomy \({tags} tags\): here '([^']+)' is on (\d) of the 3 papers and "
                     r"(\d+) tags are on none\. For another field, edit its tags and their "
                     r"evidence, then run paperlist retag \(README: Tags for another field\)", err)
    assert note and note.group(1) == str(tmp_path / "c" / "taxonomy.yml")
    pages = [(tmp_path / "c" / "papers" / f"{p}.md").read_text("utf-8")
             for p in sorted(x.stem for x in (tmp_path / "c" / "papers").glob("*.md"))]
    assert int(note.group(3)) == sum(f"- {note.group(2)}\n" in p.split("source:")[0] for p in pages)
    used = {line[2:] for p in pages for line in p.split("source:")[0].splitlines()
            if line.startswith("- ")}
    assert int(note.group(4)) == tags - len(used)


def test_this_repository_stays_the_icml_catalogue():
    assert "site_name: ICML 2026 paper catalogue" in (ROOT / "mkdocs.yml").read_text("utf-8")
