"""The search UI's build side: the search page, the <head> hook on every page and on 404.html,
their URLs at any depth and under a sub-path, and none of it with Material's own search."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlsplit

from helpers import built_html, make_project, mkdocs_build, shipped_papers
from paperlist.html.searchpage import FACETS

HOOK = re.compile(r'<script src="([^"]+)" data-worker="([^"]+)" data-search-page="([^"]+)">'
                  r'</script>\n?<script src="[^"]*assets/javascripts/bundle\.')


def config_of(site: Path) -> dict:
    page = built_html(site / "search/index.html")
    m = re.search(r'class="paperlist-search" data-config="([^"]+)"', page)
    assert m, "no search page frame"
    return json.loads(html.unescape(m.group(1)))


def target(site: Path, page: str, href: str) -> Path:
    """The file a relative link of the page `page` (site path) leads to."""
    path = urlsplit(urljoin(f"http://x/{page}", href)).path[1:]
    return site / path / "index.html" if path.endswith("/") or not path else site / path


def test_search_page_beside_materials_index(built_site):
    """/search/ is our page; Material's lunr index stays in the same folder, unharmed."""
    assert (built_site / "search/index.html").is_file()
    index = json.loads((built_site / "search/search_index.json").read_text(encoding="utf-8"))
    assert not [d for d in index["docs"] if d["location"].startswith("search/")]
    page = built_html(built_site / "search/index.html")
    assert "<noscript>" in page and "Searching needs JavaScript" in page
    assert 'role="status" aria-live="polite"' in page
    assert '<label class="search-label" for="paperlist-search-q">' in page
    assert '"search": "../assets/paperlist/search-worker.js"' in page  # the header box too


def test_materials_index_keeps_the_site_pages_titles_not_their_text(built_site):
    """Every page load fetches Material's index and hands it to our worker, which lists the
    site's pages by title and heading only: their text is left out (it is the whole of
    each help page), their titles and sections all kept."""
    index = json.loads((built_site / "search/search_index.json").read_text(encoding="utf-8"))
    docs = {d["location"]: d for d in index["docs"]}
    assert docs["contribute/"]["title"] == "How to contribute"
    assert docs["contribute/#change-tags"]["title"] == "Change tags"
    assert all(d["text"] == "" for d in index["docs"])


def test_a_disabled_search_plugin_still_builds(tmp_path):
    """Material's search plugin switched off (it then has no index at all): the build
    goes on, and writes no index of Material's."""
    project = make_project(tmp_path / "p", shipped_papers())
    yml = project / "mkdocs.yml"
    text = yml.read_text(encoding="utf-8")
    assert "\n  - search\n" in text
    yml.write_text(text.replace("\n  - search\n", "\n  - search:\n      enabled: false\n"),
                   encoding="utf-8")
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    assert (project / "site/papers/eqr/index.html").is_file()
    assert not (project / "site/search/search_index.json").exists()


def test_search_page_config_links_resolve(built_site):
    """Every URL the script is given leads to a file of the site; facets come from FACETS."""
    config = config_of(built_site)
    assert target(built_site, "search/", config["root"]) == built_site / "index.html"
    assert [target(built_site, "search/", c).name for c in config["core"]] == [
        "search-stem.js", "search-text.js", "search-rank.js", "search-load.js",
        "search-core.js"]
    assert all(target(built_site, "search/", c).is_file() for c in config["core"])
    # one version on all of them, the digest of what they hold: a deploy that changes any
    # of them changes every URL, so no browser pairs a cached one with the new others
    versions = {parse_qs(urlsplit(c).query)["v"][0] for c in config["core"]}
    assert len(versions) == 1 and re.fullmatch(r"[0-9a-f]{12}", versions.pop())
    assert len(config["tags"]) == 43
    assert all(target(built_site, "search/", h).is_file() for h in config["tags"].values())
    assert config["facets"] == [{"key": f.key, "label": f.label, "kind": f.kind} for f in FACETS]
    assert [f["key"] for f in config["facets"]] == ["tag", "venue", "status", "code", "data"]
    assert config["pageSize"] == 50


def test_every_page_has_the_hook_with_urls_of_its_depth(built_site):
    for page in ("", "papers/eqr/", "tags/reinforcement-learning/", "browse/", "search/"):
        text = built_html(built_site / page / "index.html")
        hook = HOOK.search(text)  # just before Material's bundle, which it must precede
        assert hook, page
        script, worker, search = hook.groups()
        assert target(built_site, page, script) == built_site / "assets/paperlist/search-hook.js"
        assert target(built_site, page, worker) == built_site / "assets/paperlist/search-worker.js"
        assert target(built_site, page, search) == built_site / "search/index.html"


def test_404_uses_our_worker_with_absolute_urls(built_site, subpath_site):
    """GitHub Pages serves 404.html at any depth: its URLs start at the site's path."""
    for site, base in ((built_site, "/"), (subpath_site, "/repo/")):
        text = built_html(site / "404.html")
        assert f'"search": "{base}assets/paperlist/search-worker.js"' in text
        assert HOOK.search(text).groups() == (f"{base}assets/paperlist/search-hook.js",
                                              f"{base}assets/paperlist/search-worker.js",
                                              f"{base}search/")
        assert "workers/search." not in text  # no trace of Material's lunr worker


def test_with_materials_search_there_is_no_search_page_nor_hook(tmp_path):
    project = make_project(tmp_path / "p", shipped_papers())
    yml = project / "mkdocs.yml"
    yml.write_text(yml.read_text(encoding="utf-8").replace(
        "\n  - paperlist\n", "\n  - paperlist:\n      search: lunr\n"), encoding="utf-8")
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    site = project / "site"
    assert not (site / "search/index.html").exists()
    for page in ("index.html", "papers/eqr/index.html", "404.html"):
        assert not HOOK.search(built_html(site / page)), page
    # Material's own search reads the site pages' text from its index
    index = json.loads((site / "search/search_index.json").read_text(encoding="utf-8"))
    assert next(d for d in index["docs"] if d["location"] == "contribute/")["text"]
    # a paper's entry is titled by its page's title, which says "(inferred title)" (the
    # skip link's anchor on its heading is no section of its own), and holds the heading
    eqr = [d for d in index["docs"] if d["location"].startswith("papers/eqr/")]
    assert eqr[0]["location"] == "papers/eqr/" and eqr[0]["title"].endswith("(inferred title)")
    assert eqr[0]["text"].startswith("EqR: equilibrium reasoners")
    assert not any("page-title" in d["location"] for d in index["docs"])
