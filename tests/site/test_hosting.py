"""Where the catalogue lives: the repo/branch options and site_url, or GitHub Actions'
environment, decide every edit link, the footer, the contribute page and absolute URLs."""

from __future__ import annotations

import re

import pytest

from helpers import built_html, make_project, mkdocs_build, set_plugin_options, shipped_papers
from paperlist.structure.hosting import HostingError, pages_url, repository_url, resolve

NO_ACTIONS = {"GITHUB_REPOSITORY": ""}


def edit_link(site, paper="wildcat") -> str:
    page = built_html(site / "papers" / paper / "index.html")
    m = re.search(r'href="([^"]+)"[^>]*class="md-content__button', page)
    return m.group(1) if m else ""


@pytest.fixture(scope="module")
def neurips(tmp_path_factory):
    project = make_project(tmp_path_factory.mktemp("neurips"), shipped_papers())
    set_plugin_options(project, "      repo: https://github.com/someone/neurips26\n")
    result = mkdocs_build(project, env=NO_ACTIONS)
    assert result.returncode == 0, result.stderr
    return project / "site"



def confirm_title(project) -> None:
    """WildCat's title as an editor confirms it: only then has its page citation tags."""
    path = project / "papers" / "wildcat.md"
    text = path.read_text(encoding="utf-8")
    assert "\ntitle_inferred: true\n" in text
    path.write_text(text.replace("\ntitle_inferred: true\n", "\ntitle_inferred: false\n", 1),
                    encoding="utf-8")

def test_repo_option_moves_edit_links_footer_and_contribute_page(neurips):
    assert edit_link(neurips) == "https://github.com/someone/neurips26/edit/main/papers/wildcat.md"
    home = built_html(neurips / "index.html")
    assert 'href="https://github.com/someone/neurips26"' in home  # the footer
    # upstream only as the software's credit ("inferred by paperlist"), not as the catalogue's
    assert home.count('href="https://github.com/paperlist/paperlist"') == 1
    contribute = built_html(neurips / "contribute" / "index.html")
    assert 'href="https://github.com/someone/neurips26/blob/main/CONTRIBUTING.md"' in contribute
    assert "paperlist/paperlist/blob" not in contribute


def test_a_fork_in_github_actions_links_and_deploys_as_itself(tmp_path):
    project = make_project(tmp_path / "p", shipped_papers())
    confirm_title(project)
    result = mkdocs_build(project, env={"GITHUB_ACTIONS": "true",
                                        "GITHUB_REPOSITORY": "someone/fork",
                                        "GITHUB_REF_NAME": "trunk"})
    assert result.returncode == 0, result.stderr
    site = project / "site"
    assert edit_link(site) == "https://github.com/someone/fork/edit/trunk/papers/wildcat.md"
    feed = (site / "feed.xml").read_text(encoding="utf-8")
    assert 'href="https://someone.github.io/fork/papers/wildcat/"' in feed
    page = built_html(site / "papers" / "wildcat" / "index.html")
    assert ('<meta name="citation_abstract_html_url" '
            'content="https://someone.github.io/fork/papers/wildcat/">') in page


def test_site_url_makes_bibtex_feed_and_citation_urls_absolute(tmp_path):
    project = make_project(tmp_path / "p", shipped_papers())
    confirm_title(project)
    yml = project / "mkdocs.yml"
    yml.write_text("site_url: https://papers.example.org/\n" + yml.read_text("utf-8"), "utf-8")
    result = mkdocs_build(project, env=NO_ACTIONS)
    assert result.returncode == 0, result.stderr
    site = project / "site"
    url = "https://papers.example.org/papers/wildcat/"
    assert f"url = {{{url}}}" in (site / "papers.bib").read_text(encoding="utf-8")
    assert f'href="{url}"' in (site / "feed.xml").read_text(encoding="utf-8")
    head = built_html(site / "papers" / "wildcat" / "index.html")
    assert re.search(rf'<meta name="citation_\w+" content="{re.escape(url)}"', head)


def test_without_a_repository_there_is_no_edit_button_and_no_dead_link(tmp_path):
    project = make_project(tmp_path / "p", shipped_papers())
    result = mkdocs_build(project, env=NO_ACTIONS)
    assert result.returncode == 0, result.stderr
    site = project / "site"
    assert edit_link(site) == ""
    contribute = built_html(site / "contribute" / "index.html")
    assert "CONTRIBUTING.md" in contribute and "repo:" not in contribute


def test_the_home_heading_is_the_site_name(neurips):
    home = built_html(neurips / "index.html")
    assert re.search(r"<h1[^>]*>ICML 2026 paper catalogue", home)


@pytest.mark.parametrize("env, want", [
    ({"GITHUB_REPOSITORY": "a/b", "GITHUB_REF_NAME": "dev"},
     ("https://github.com/a/b", "dev", "")),
    ({"GITHUB_REPOSITORY": "a/b", "GITHUB_REF_NAME": "7/merge", "GITHUB_BASE_REF": "main",
      "GITHUB_ACTIONS": "true"}, ("https://github.com/a/b", "main", "https://a.github.io/b/")),
    ({"GITHUB_REPOSITORY": "a/b", "GITHUB_REF_NAME": "v1.0", "GITHUB_REF_TYPE": "tag"},
     ("https://github.com/a/b", "main", "")),
    ({}, ("", "main", "")),
])
def test_defaults_from_the_environment(env, want):
    h = resolve(None, None, None, env)
    assert (h.repo, h.branch, h.site_url) == want


def test_pages_url_of_a_project_and_of_a_user_site():
    assert pages_url("Someone/neurips26") == "https://someone.github.io/neurips26/"
    assert pages_url("someone/Someone.github.io") == "https://someone.github.io/"


def test_the_inferred_title_note_points_to_an_edit_button_only_where_there_is_one(
        neurips, tmp_path):
    """Without a repository (a local build) there is no edit button, and the note under
    an inferred title pointed readers to it all the same; it names the page's file."""
    def note(site):
        page = built_html(site / "papers" / "wildcat" / "index.html")
        return re.search(r'<p class="paper-note">(.*?)</p>', page).group(1)

    assert note(neurips).endswith("Use the edit button above to fix this page.")
    project = make_project(tmp_path / "p", shipped_papers())
    result = mkdocs_build(project, env=NO_ACTIONS)
    assert result.returncode == 0, result.stderr
    assert edit_link(project / "site") == ""
    assert note(project / "site").endswith(
        "Fix them in its file, <code>papers/wildcat.md</code>, in the catalogue's repository.")


@pytest.mark.parametrize("written", [
    "https://github.com/someone/corl26", "https://github.com/someone/corl26.git/",
    "someone/corl26", "github.com/someone/corl26", "git@github.com:someone/corl26.git",
    "ssh://git@github.com/someone/corl26.git"])
def test_a_repository_is_read_however_git_or_github_writes_it(written):
    """`git remote -v` shows git@github.com:owner/name.git: as the repo option it made an
    edit link MkDocs refused at the end of the build, without naming the option."""
    assert repository_url(written) == "https://github.com/someone/corl26"


@pytest.mark.parametrize("written", [
    "github.com/someone", "corl26", "https://github.com/o/n#readme",
    "https://github.com/o/n/tree/main", "https://github.com/o/n?tab=1"])
def test_what_is_no_repository_is_refused(written):
    """A host and an owner ("github.com/someone" read as owner "github.com"), a file view
    or a fragment made edit links that 404."""
    with pytest.raises(HostingError, match="is not a repository"):
        repository_url(written)


def test_a_repository_or_site_url_no_link_can_be_made_of_stops_the_build_naming_it(tmp_path):
    project = make_project(tmp_path / "p", shipped_papers())
    set_plugin_options(project, "      repo: corl26\n")
    result = mkdocs_build(project, env=NO_ACTIONS)
    assert result.returncode != 0
    assert "mkdocs.yml: repo 'corl26' is not a repository" in result.stderr
    assert "https://github.com/OWNER/NAME" in result.stderr
    with pytest.raises(HostingError, match="scheme included, e.g. https://papers.corl.org/"):
        resolve(None, None, "papers.corl.org", {})


def test_a_repository_named_like_a_view_is_a_repository():
    """A repository called "wiki" or "tree" is no view of a repository's files."""
    assert repository_url("someone/wiki") == "https://github.com/someone/wiki"
    assert repository_url("https://github.com/org/tree") == "https://github.com/org/tree"
