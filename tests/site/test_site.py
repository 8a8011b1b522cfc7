"""The built site, read as files: strict build, pages out of the nav, tags, edit links."""

from __future__ import annotations

import filecmp
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import SHIPPED_LIST, built_html, make_project, mkdocs_build, pagefind_fragments
from paperlist.ingest.importer import run_import


def html(site, path):
    """A built file; a page with its attribute values quoted (helpers.built_html)."""
    file = site / path
    return built_html(file) if file.suffix == ".html" else file.read_text(encoding="utf-8")


def test_every_paper_has_a_page(built_site):
    pages = sorted(p.parent.name for p in (built_site / "papers").glob("*/index.html"))
    assert len(pages) == 19 and "wildcat" in pages


def test_paper_page_shows_title_name_tags_code_and_abstract(built_site):
    page = html(built_site, "papers/prorl/index.html")
    assert '<h1 class="paper-title"><span id="page-title"></span>ProRL:' in page
    assert re.search(r'<span class="paper-name" title="Short name"[^>]*>ProRL</span>', page)
    assert re.search(r'class="paper-tag" href="\.\./\.\./tags/[a-z0-9-]+/"', page)
    assert 'href="https://github.com/hongruhou89/ProRL"' in page and ">Code</a>" in page
    assert "Stepwise Reward Centering" in page
    assert page.count("<h1") == 1


def test_edit_button_opens_the_real_page_file(built_site):
    page = html(built_site, "papers/wildcat/index.html")
    m = re.search(r'href="([^"]+)"[^>]*class="md-content__button', page) or re.search(
        r'<a href="([^"]+)" title="Edit this page"', page)
    assert m, "no edit button"
    assert m.group(1).endswith("/edit/main/papers/wildcat.md")


def test_papers_are_not_in_the_navigation(built_site):
    home = html(built_site, "index.html")
    assert "papers/wildcat/" not in home
    assert 'href="browse/"' in home and 'href="tags/"' in home


def test_math_is_mathml_at_build_time(built_site):
    page = html(built_site, "papers/wildcat/index.html")
    assert "<msqrt>" in page and "$O(" not in page
    assert "mathjax" not in page.lower() and "katex" not in page.lower()


def test_tag_index_and_tag_pages(built_site):
    index = html(built_site, "tags/index.html")
    assert "Learning paradigms" in index and "Reinforcement Learning" in index
    rl = html(built_site, "tags/reinforcement-learning/index.html")
    assert "papers/prorl/" in rl and "papers/scared/" in rl
    # each paper's other tags, not the page's own on every row (the heading says it)
    items = re.findall(r'<li class="paper-item".*?</li>', rl, re.S)
    assert items and not any(">Reinforcement Learning</a>" in item for item in items)
    assert any(">Recommender Systems</a>" in item for item in items)


def test_browse_lists_every_paper_with_its_first_sentence(built_site):
    page = html(built_site, "browse/index.html")
    assert page.count('class="paper-item"') == 19
    assert "Proactive Recommender Systems (PRSs) aim to guide user preference shift" in page
    # a formula as its page shows it, not as LaTeX: "$k$-means"
    assert "We study beyond worst case analysis for the k-means problem" in page
    data = (built_site / "assets/paperlist/browse.json").read_text(encoding="utf-8")
    assert "for the k-means problem" in data and "$k$" not in data


def test_tag_pages_list_titles_and_tags_not_the_abstracts_first_sentences(built_site):
    """The title links to the abstract; a listing that repeated every first sentence made
    tag pages a fifth of a 30,000-paper site."""
    for listing in ("tags/reinforcement-learning/index.html", "browse/2/index.html"):
        if not (built_site / listing).exists():
            continue  # 19 papers: one browse page
        page = html(built_site, listing)
        assert 'class="paper-item-title' in page and 'class="paper-tag"' in page
        assert "paper-item-first" not in page, listing


def test_home_page_counts(built_site):
    home = html(built_site, "index.html")
    assert "Titles, names and tags were inferred from the abstracts by" in home
    assert re.search(r"<strong>19</strong> papers from <strong>ICML 2026</strong>, under "
                     r"<strong>\d+</strong> of the 43 topic tags\.", home)


def test_search_index_holds_every_word_of_abstracts_titles_and_names(built_site):
    # Papers are searched through Pagefind (compressed chunks; test_search.py queries them
    # in a browser): what it indexed of each paper is in the paper's fragment.
    fragments = pagefind_fragments(built_site)
    assert sorted(fragments) == sorted(f"/papers/{p.parent.name}/"
                                       for p in (built_site / "papers").glob("*/index.html"))
    bodies = " ".join(f["content"] for f in fragments.values())
    for word in ("Sudoku", "WildCat", "VerdictBench", "Cholesky", "teacher"):
        assert word in bodies
    assert (built_site / "pagefind/pagefind-entry.json").exists()


def test_page_size_does_not_grow_with_the_number_of_papers(tmp_path):
    """A paper page at 19 papers and at 19 + 300 papers is the same size (no nav list)."""
    small = make_project(tmp_path / "small")
    run_import(SHIPPED_LIST, small / "papers")
    assert mkdocs_build(small).returncode == 0
    big = make_project(tmp_path / "big")
    extra = "\n\n".join(f"We study problem {i} of graph learning with method Foo{i}. Results."
                        for i in range(300))
    lst = tmp_path / "big.txt"
    lst.write_text(SHIPPED_LIST.read_text(encoding="utf-8") + "\n\n" + extra + "\n",
                   encoding="utf-8")
    run_import(lst, big / "papers")
    result = mkdocs_build(big)
    assert result.returncode == 0, result.stderr
    a = len((small / "site/papers/wildcat/index.html").read_bytes())
    b = len((big / "site/papers/wildcat/index.html").read_bytes())
    assert abs(b - a) / a < 0.02, (a, b)


def test_unknown_tag_fails_the_strict_build(tmp_path):
    project = make_project(tmp_path / "p")
    run_import(SHIPPED_LIST, project / "papers")
    path = project / "papers/eqr.md"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "tags:\n", "tags:\n- Reinforcment Learning\n", 1), encoding="utf-8")
    result = mkdocs_build(project)
    assert result.returncode != 0
    assert "eqr.md" in result.stderr and "Reinforcement Learning" in result.stderr


def test_a_theme_override_that_shows_the_page_in_a_shared_partial_still_does(tmp_path):
    """The sidebar, search box and footer are rendered once and reused on paper pages; a
    project whose footer override prints something of the page must not get the first
    paper's footer on every page."""
    project = make_project(tmp_path / "p")
    run_import(SHIPPED_LIST, project / "papers")
    (project / "overrides/partials").mkdir(parents=True)
    (project / "overrides/partials/footer.html").write_text(
        '<footer class="md-footer">Footer of: {{ page.file.src_uri if page else "" }}</footer>\n',
        encoding="utf-8")
    yml = project / "mkdocs.yml"
    yml.write_text(yml.read_text(encoding="utf-8").replace(
        "  name: material\n", "  name: material\n  custom_dir: overrides\n", 1),
        encoding="utf-8")
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    pages = sorted((project / "papers").glob("*.md"))
    assert len(pages) == 19
    for md in pages:
        html = built_html(project / "site/papers" / md.stem / "index.html")
        assert f"Footer of: papers/{md.name}</footer>" in html, md.name


def test_paper_pages_made_from_one_render_of_the_theme_are_the_full_renders(tmp_path):
    """Paper pages are the theme's page rendered once with each paper's values put in
    (mkdocs_plugin/shell.py): the site is the one that rendering every page in full
    makes, byte for byte (Pagefind's own files aside: their names change run to run)."""
    project = make_project(tmp_path / "p")
    assert run_import(SHIPPED_LIST, project / "papers").ok
    sites, logs = {}, {}
    for label, full in (("shell", ""), ("full", "1")):
        env = {k: v for k, v in dict(os.environ, NO_MKDOCS_2_WARNING="1",
                                     PAPERLIST_FULL_PAGES=full).items() if v}
        result = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-v", "-d",
             str(tmp_path / label)], cwd=project, env=env, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        sites[label], logs[label] = tmp_path / label, result.stdout + result.stderr
    # all 19 but the 3 rendered both ways and compared before the shell is trusted
    assert "paperlist: 16 paper pages made from one render of the theme's page" in logs["shell"]
    assert "paperlist: 0 paper pages made from one render" in logs["full"]
    files = sorted(p.relative_to(sites["shell"]) for p in sites["shell"].rglob("*")
                   if p.is_file() and p.relative_to(sites["shell"]).parts[0] != "pagefind")
    assert len([f for f in files if f.parts[0] == "papers"]) == 19
    _, mismatch, errors = filecmp.cmpfiles(sites["shell"], sites["full"], files, shallow=False)
    assert (mismatch, errors) == ([], [])


#: a build whose shell is trusted at once, checked every fifth page, and makes every page
#: wrong: what a theme the stand-in cannot see through would do
_WRONG_SHELL = """
import sys
from mkdocs.__main__ import cli
from paperlist.mkdocs_plugin import shell
shell.SHELL_CHECKS, shell.SHELL_SAMPLE = 0, 5
fill = shell._Shell.fill
shell._Shell.fill = lambda self, context: (fill(self, context) or "") + "<!-- wrong -->"
sys.exit(cli())
"""


def test_pages_made_from_a_shell_a_later_check_finds_wrong_are_rendered_again(tmp_path):
    project = make_project(tmp_path / "p")
    assert run_import(SHIPPED_LIST, project / "papers").ok
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    result = subprocess.run(
        [sys.executable, "-c", _WRONG_SHELL, "build", "--strict", "-d", str(tmp_path / "s")],
        cwd=project, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "the 4 made so far are rendered again in full" in result.stderr
    pages = sorted((tmp_path / "s/papers").glob("*/index.html"))
    assert len(pages) == 19
    for page in pages:  # as every page: through on_post_page (its related papers in)
        text = page.read_text(encoding="utf-8")
        assert "<!-- wrong -->" not in text and "paperlist:discovery" not in text, page


def test_paper_pages_share_the_sidebar_and_search_box_of_material(built_site):
    """The reused partials are Material's own: the sidebar lists the site's sections
    with links that work from a paper page, and the search box is there."""
    html = built_html(built_site / "papers/wildcat/index.html")
    other = built_html(built_site / "papers/prorl/index.html")
    for text in ('class="md-search"', 'href="../../browse/"', 'href="../../map/"',
                 'href="../../tags/"', 'class="md-footer"'):
        assert text in html and text in other, text


def listed(page: str) -> list[str]:
    """The ids of the papers a listing shows, top to bottom."""
    return re.findall(r'class="paper-item-title(?: inferred)?" '
                      r'href="(?:\.\./)+papers/([a-z0-9-]+)/"', page)


def rl_scores(papers) -> dict[str, float]:
    from paperlist.model.page import read_page

    out = {}
    for path in sorted(papers.glob("*.md")):
        scores = read_page(path).meta["inferred"]["tag_scores"]
        if "Reinforcement Learning" in scores:
            out[path.stem] = scores["Reinforcement Learning"]
    return out


def test_tag_pages_put_the_papers_the_tagger_is_surest_of_first(built_site):
    """Issue #13: by the score the importer stored for the tag, highest first, not by the
    tag's place in each page's list (the DPO convergence paper lists it fourth, mes-ret
    third, yet the tagger is surer of the first), and the page says so."""
    scores = rl_scores(built_site.parent / "papers")
    page = html(built_site, "tags/reinforcement-learning/index.html")
    assert listed(page) == sorted(scores, key=lambda i: -scores[i])
    assert len(set(scores.values())) == len(scores)  # no tie: the order is the score's
    assert "most confident first: papers an editor gave this tag by hand, then the others " \
           "by the tagger's score for it, highest first" in page
    assert "earlier among their tags" not in page
    index = html(built_site, "tags/index.html")
    rows = re.search(r'href="reinforcement-learning/">Reinforcement Learning</a>.*?</ul>',
                     index, re.S)
    assert rows is not None
    shown = re.findall(r'href="\.\./papers/([a-z0-9-]+)/"', rows.group(0))
    assert shown == sorted(scores, key=lambda i: -scores[i])[:5]


def test_a_tag_no_paper_has_says_so_and_offers_no_empty_filter(built_site):
    """A taxonomy tag none of the 19 papers has keeps its page (its description says what
    it would hold), which says no paper has it, without the ordering note or a Browse
    link, whose view said the catalogue had no such tag and listed every paper."""
    from paperlist.model.catalogue import load_catalogue

    cat = load_catalogue(built_site.parent / "papers")
    unused = [t.slug for t in cat.taxonomy.tags if not cat.by_tag.get(t.slug)]
    assert unused
    for slug in unused:
        page = html(built_site, f"tags/{slug}/index.html")
        assert "No paper in this catalogue has this tag yet." in page
        assert "Filter and sort in Browse" not in page and "most confident" not in page
    used = html(built_site, "tags/reinforcement-learning/index.html")
    assert "Filter and sort in Browse" in used


def test_editors_tags_first_and_pages_without_scores_last_in_a_strict_build(tmp_path):
    """A tag an editor added by hand heads its page; a page imported before scores were
    kept still builds (--strict), after every scored paper."""
    from paperlist.model.page import dump_page, read_page

    project = make_project(tmp_path / "p")
    papers = project / "papers"
    run_import(SHIPPED_LIST, papers)
    scores = rl_scores(papers)
    best, *rest = sorted(scores, key=lambda i: -scores[i])
    old = read_page(papers / f"{best}.md")  # the surest paper, made an old page
    del old.meta["inferred"]["tag_scores"]
    (papers / f"{best}.md").write_text(dump_page(old), encoding="utf-8")
    hand = read_page(papers / "eqr.md")
    assert "Reinforcement Learning" not in hand.tags
    hand.meta["tags"] = [*hand.tags, "Reinforcement Learning"]  # last in its list
    (papers / "eqr.md").write_text(dump_page(hand), encoding="utf-8")
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    page = html(project / "site", "tags/reinforcement-learning/index.html")
    assert listed(page) == ["eqr", *rest, best]


def test_a_wrong_pagefind_binary_path_fails_the_build_saying_so(tmp_path):
    """`PAGEFIND_BINARY_PATH` naming no file stops the build at once, naming the variable,
    instead of a search that silently does not work."""
    from paperlist.ingest.importer import run_import

    project = make_project(tmp_path)
    assert run_import(SHIPPED_LIST, project / "papers").ok
    missing = tmp_path / "no-pagefind"
    result = mkdocs_build(project, env={"PAGEFIND_BINARY_PATH": str(missing)})
    assert result.returncode != 0
    assert f"PAGEFIND_BINARY_PATH={missing}: no such file" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (project / "site" / "pagefind").exists()


def test_pagefind_is_started_without_the_variable_that_chose_it(tmp_path):
    """Pagefind's npm launcher reads `PAGEFIND_BINARY_PATH` too: pointed at the launcher,
    it would start itself until memory ran out. The chosen binary runs without it, and
    its failure fails the build with what it said."""
    import stat
    import sys

    from paperlist.ingest.importer import run_import

    project = make_project(tmp_path / "project")
    assert run_import(SHIPPED_LIST, project / "papers").ok
    seen = tmp_path / "env.txt"
    fake = tmp_path / "pagefind"
    fake.write_text(f"#!{sys.executable}\nimport os, sys\n"
                    f"open({str(seen)!r}, 'w').write(os.environ.get('PAGEFIND_BINARY_PATH', '-'))\n"
                    "print('fake pagefind: no index today'); sys.exit(3)\n", encoding="utf-8")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    result = mkdocs_build(project, env={"PAGEFIND_BINARY_PATH": str(fake)})
    assert seen.read_text() == "-"
    assert result.returncode != 0 and "fake pagefind: no index today" in result.stderr


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_a_stopped_index_leaves_no_pagefind_running(tmp_path, monkeypatch):
    """npm's launcher runs the real Pagefind as its own child. A live preview indexes in a
    thread; when an edit stops that index, the launcher and its child both go (a child
    left behind would index on, ~1.4 GB at 12,000 papers, once per edit)."""
    import stat
    import time

    from paperlist.search.index import BackgroundIndex

    monkeypatch.setenv("PAPERLIST_NO_FORK", "1")  # the preview's case: a thread
    started = tmp_path / "child.pid"
    launcher = tmp_path / "pagefind"
    launcher.write_text(f"#!/bin/sh\nsleep 60 &\necho $! > {started}\nwait\n", encoding="utf-8")
    launcher.chmod(launcher.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(launcher))
    index = BackgroundIndex({"papers/x/": "<p>x</p>"}, [], [])
    deadline = time.monotonic() + 20
    while not (started.exists() and started.read_text().strip()):
        assert time.monotonic() < deadline, "the fake Pagefind never started"
        time.sleep(0.05)
    child = int(started.read_text())
    index.cancel()

    def alive(pid: int) -> bool:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return False
        return state != "Z"  # a zombie has gone, only its parent has not looked

    deadline = time.monotonic() + 10
    while alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(child), "Pagefind's child still runs after the index was stopped"
