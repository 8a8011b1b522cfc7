"""The command line: every command and option is documented, and `explain` finds pages."""

from __future__ import annotations

import argparse
import re
import shutil

import pytest

from helpers import ROOT, SHIPPED_LIST, shipped_papers
from paperlist.cli import build_parser, main

README = ROOT / "README.md"


def commands_section() -> str:
    text = README.read_text(encoding="utf-8")
    return text.split("\n## Commands\n", 1)[1].split("\n## ", 1)[0]


def readme_row(command: str) -> str:
    """The Commands table row whose synopsis starts with `paperlist COMMAND`."""
    rows = [line for line in commands_section().splitlines()
            if line.startswith(f"| `paperlist {command}")]
    assert len(rows) == 1, f"README's Commands table needs one row for 'paperlist {command}'"
    return rows[0]


def mentions(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None


def subcommands() -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def documented_actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """What a user can type, minus --help (argparse's own) and hidden aliases."""
    return [a for a in parser._actions
            if not isinstance(a, argparse._HelpAction | argparse._SubParsersAction)
            and a.help != argparse.SUPPRESS]


def test_the_parser_has_the_commands_users_rely_on():
    """Guards the walk below: an empty walk would pass every documentation check."""
    assert set(subcommands()) == {"import", "enrich", "build", "serve", "check", "retag",
                                   "explain", "init"}


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_every_option_and_argument_is_in_the_readme_row(name):
    row = readme_row(name)
    for action in documented_actions(subcommands()[name]):
        if action.option_strings:
            for option in action.option_strings:
                assert mentions(row, option), f"README's 'paperlist {name}' row lacks {option}"
        else:
            assert mentions(row, action.metavar), (
                f"README's 'paperlist {name}' row lacks the argument {action.metavar}")


def test_top_level_options_are_in_the_readme():
    section = commands_section()
    for action in documented_actions(build_parser()):
        for option in action.option_strings:
            assert mentions(section, option), f"README's Commands section lacks {option}"
    assert mentions(section, "--help")


@pytest.mark.parametrize("name", ["(top level)", *sorted(subcommands())])
def test_every_option_and_argument_has_help(name):
    parser = build_parser() if name == "(top level)" else subcommands()[name]
    for action in documented_actions(parser):
        label = "/".join(action.option_strings) or action.metavar or action.dest
        assert action.help and action.help.strip(), f"paperlist {name}: {label} has no help"
    if name != "(top level)":
        assert parser.description, f"'paperlist {name} --help' has no description"


def test_pages_folder_is_papers_on_every_command_that_reads_pages():
    for name in ("import", "check", "retag", "explain"):
        options = {o for a in subcommands()[name]._actions for o in a.option_strings}
        assert "--papers" in options, f"paperlist {name} has no --papers"


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A copy of the shipped pages, as papers/ in the current folder."""
    shutil.copytree(shipped_papers(), tmp_path / "papers")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def explained(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(["explain", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_explain_by_id(project, capsys):
    status, out, err = explained(capsys, "prorl")
    assert status == 0 and err == ""
    assert out.startswith("prorl: ProRL:")
    assert "Chosen tags" in out and "Reinforcement Learning" in out


def test_explain_by_path_prints_the_same_as_by_id(project, capsys):
    by_id = explained(capsys, "prorl")
    assert explained(capsys, "papers/prorl.md") == by_id
    elsewhere = project / "elsewhere" / "copy.md"
    elsewhere.parent.mkdir()
    shutil.copy(project / "papers" / "prorl.md", elsewhere)
    assert explained(capsys, str(elsewhere)) == by_id


def test_explain_by_id_in_another_pages_folder(project, capsys):
    (project / "papers").rename(project / "other")
    status, out, _ = explained(capsys, "prorl", "--papers", "other")
    assert status == 0 and out.startswith("prorl: ProRL:")


def test_explain_unknown_id_suggests_the_closest(project, capsys):
    status, out, err = explained(capsys, "prorl2")
    assert status == 1 and out == ""
    assert err == "paperlist: error: no page 'prorl2' in papers/ — did you mean 'prorl'?\n"


def test_explain_unknown_id_with_nothing_close_suggests_nothing(project, capsys):
    status, _, err = explained(capsys, "zzzzzz")
    assert status == 1
    assert err == "paperlist: error: no page 'zzzzzz' in papers/\n"


def test_explain_missing_path_suggests_the_closest_file(project, capsys):
    status, _, err = explained(capsys, "papers/prorl2.md")
    assert status == 1
    assert err == ("paperlist: error: papers/prorl2.md: no such page file — "
                   "did you mean 'papers/prorl.md'?\n")


def test_explain_missing_pages_folder_says_so(project, capsys):
    status, _, err = explained(capsys, "prorl", "--papers", "nowhere")
    assert status == 1
    assert err == ("paperlist: error: nowhere/: no such folder here; run paperlist in the "
                   "catalogue's folder (beside its mkdocs.yml), or give the pages folder with "
                   "--papers\n")


@pytest.mark.parametrize("command", [["check"], ["import"], ["import", "--check"]])
def test_run_inside_papers_it_says_to_run_beside_mkdocs_yml(project, capsys, monkeypatch,
                                                           command):
    """check said "papers:1: no such file or folder", import that it found no list."""
    monkeypatch.chdir(project / "papers")
    assert main(command) == 1
    assert capsys.readouterr().err == (
        "paperlist: error: papers/: no such folder here (this folder is one: run it from the "
        "folder above); run paperlist in the catalogue's folder (beside its mkdocs.yml), or "
        "give the pages folder with --papers\n")


def test_import_into_still_works_and_warns(tmp_path, capsys):
    papers = tmp_path / "pages"
    assert main(["import", str(SHIPPED_LIST), "--into", str(papers)]) == 0
    assert len(list(papers.glob("*.md"))) == 19
    assert "--into is deprecated; use --papers" in capsys.readouterr().err
    assert main(["import", str(SHIPPED_LIST), "--papers", str(papers), "--check"]) == 0


def test_import_papers_option_writes_there(tmp_path):
    papers = tmp_path / "pages"
    assert main(["import", str(SHIPPED_LIST), "--papers", str(papers)]) == 0
    assert (papers / "prorl.md").is_file()


def test_import_without_a_list_names_what_it_found(tmp_path, capsys):
    assert main(["import", "--papers", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("paperlist: error: give the list to import")
    assert "none" in err


@pytest.mark.parametrize("command", [["check"], ["import", "--check"], ["retag", "--check"],
                                     ["explain", "prorl"]])
def test_a_taxonomy_that_cannot_be_read_is_named_before_any_work(command, tmp_path, capsys):
    missing = tmp_path / "no-such-taxonomy.yml"
    with pytest.raises(SystemExit) as exit_info:
        main([*command, "--taxonomy", str(missing)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "argument --taxonomy" in err and "no-such-taxonomy.yml" in err
    assert "Traceback" not in err


def test_commands_tag_with_the_taxonomy_that_mkdocs_yml_names(tmp_path, monkeypatch, capsys):
    """A catalogue made by `init` names its own taxonomy.yml in mkdocs.yml, which the build
    tags with. `paperlist retag` without --taxonomy used the shipped one instead (0 pages
    changed), and CI's check then blamed the editors for the tags; now every command tags
    as the build does."""
    from paperlist.model.page import read_page

    catalogue = tmp_path / "catalogue"
    assert main(["init", str(catalogue), "--list", str(SHIPPED_LIST)]) == 0
    taxonomy = catalogue / "taxonomy.yml"
    text = taxonomy.read_text(encoding="utf-8")
    assert "  max_tags: 5\n" in text
    taxonomy.write_text(text.replace("  max_tags: 5\n", "  max_tags: 1\n"), encoding="utf-8")
    monkeypatch.chdir(catalogue)
    capsys.readouterr()
    assert main(["retag"]) == 0
    assert "0 page(s)" not in capsys.readouterr().err
    assert all(len(read_page(p).tags) == 1 for p in (catalogue / "papers").glob("*.md"))
    assert main(["check"]) == 0
    assert main(["import", "--check"]) == 0
    taxonomy.write_text("not: a taxonomy\n", encoding="utf-8")
    assert main(["retag"]) == 1
    assert "mkdocs.yml: the paperlist plugin's taxonomy:" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["build", "serve"])
def test_build_and_serve_without_a_config_file_say_so(tmp_path, monkeypatch, capsys, command):
    """MkDocs printed its usage and exited 2, where every other problem exits 1."""
    monkeypatch.chdir(tmp_path)
    assert main([command]) == 1
    assert capsys.readouterr().err == (
        "paperlist: error: mkdocs.yml: no such file; run paperlist in the catalogue's folder "
        "(beside its mkdocs.yml), or give its config with -f\n")
    assert main([command, "-f", "nosuch.yml"]) == 1
