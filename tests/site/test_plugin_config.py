"""The plugin's options in mkdocs.yml: where the pages are, which taxonomy, which search."""

from __future__ import annotations

import re
import shutil

import pytest

from helpers import (
    ROOT,
    SHIPPED_LIST,
    built_html,
    make_project,
    mkdocs_build,
    set_plugin_options,
    shipped_papers,
)

TAXONOMY = ROOT / "scripts" / "paperlist" / "data" / "taxonomy.yml"


def test_papers_dir_moves_the_pages_their_urls_and_edit_links(tmp_path):
    project = make_project(tmp_path / "p")
    shutil.copytree(shipped_papers(), project / "catalogue" / "entries",
                    ignore=shutil.ignore_patterns("source"))
    set_plugin_options(project, "      papers_dir: catalogue/entries\n")
    yml = project / "mkdocs.yml"
    yml.write_text(yml.read_text(encoding="utf-8").replace("  - papers\n",
                                                             "  - catalogue/entries\n"))
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    page = built_html(project / "site" / "entries" / "wildcat" / "index.html")
    edit = re.search(r'href="([^"]+)"[^>]*class="md-content__button', page)
    assert edit and edit.group(1).endswith("/edit/main/catalogue/entries/wildcat.md")
    browse = built_html(project / "site" / "browse" / "index.html")
    assert 'href="../entries/wildcat/"' in browse
    assert not (project / "site" / "papers").exists()


def test_taxonomy_option_is_the_one_tags_resolve_against(tmp_path):
    project = make_project(tmp_path / "p", shipped_papers())
    text = TAXONOMY.read_text(encoding="utf-8")
    old = "Agents learning from reward, incl. imitation, offline and model-based RL."
    assert old in text
    (project / "our-taxonomy.yml").write_text(
        text.replace(old, "Our own words for reinforcement learning."), encoding="utf-8")
    set_plugin_options(project, "      taxonomy: our-taxonomy.yml\n")
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    tag_page = project / "site" / "tags" / "reinforcement-learning" / "index.html"
    assert "Our own words for reinforcement learning." in built_html(tag_page)


@pytest.mark.parametrize("option, named", [("search: elastic", "'search'"),
                                           ("taxonomy: missing.yml", "missing.yml"),
                                           ("papers: pages", "'papers'"),
                                           ("feed_entries: -1", "'feed_entries'"),
                                           ("feed_entries: all", "'feed_entries'")])
def test_a_wrong_option_is_named_before_the_build(tmp_path, option, named):
    project = make_project(tmp_path / "p", shipped_papers())
    set_plugin_options(project, f"      {option}\n")
    result = mkdocs_build(project)
    assert result.returncode != 0
    assert "Plugin 'paperlist'" in result.stderr and named in result.stderr, result.stderr


def test_a_catalogue_with_its_own_taxonomy_imports_checks_and_builds_with_it(tmp_path):
    """The same file, given to the plugin and to the commands, is the one taxonomy."""
    from paperlist.cli import main

    project = make_project(tmp_path / "p")
    text = TAXONOMY.read_text(encoding="utf-8")
    assert "name: Reinforcement Learning\n" in text
    ours = project / "our-taxonomy.yml"
    ours.write_text(text.replace("name: Reinforcement Learning\n", "name: RL (ours)\n"),
                    encoding="utf-8")
    papers = project / "papers"
    assert main(["import", str(SHIPPED_LIST), "--papers", str(papers),
                 "--taxonomy", str(ours)]) == 0
    prorl = (papers / "prorl.md").read_text(encoding="utf-8")
    assert "- RL (ours)" in prorl and "- Reinforcement Learning" not in prorl
    assert main(["check", str(papers), "--taxonomy", str(ours)]) == 0
    assert main(["retag", "--papers", str(papers), "--check", "--taxonomy", str(ours)]) == 0
    assert main(["check", str(papers)]) == 1  # the shipped taxonomy has no 'RL (ours)'
    set_plugin_options(project, "      taxonomy: our-taxonomy.yml\n")
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    page = built_html(project / "site" / "papers" / "prorl" / "index.html")
    assert ">RL (ours)</a>" in page
