"""Fixtures: a built site of the shipped list, that site served, a real Chromium."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    FIXTURES,
    HOSTILE_RECORD,
    OTHER_VENUE,
    SHIPPED_LIST,
    make_project,
    mkdocs_build,
    serve,
)

# Builds take the repository, branch and public URL from GitHub Actions' environment when
# mkdocs.yml does not set them (structure/hosting.py). Every build of the tests is made as
# outside Actions, for this repository, so a test passes the same on a laptop and in CI;
# a test that wants another environment passes it to mkdocs_build(env=...).
for _name in ("GITHUB_ACTIONS", "GITHUB_BASE_REF", "GITHUB_REF_NAME", "GITHUB_REF_TYPE",
              "GITHUB_SERVER_URL"):
    os.environ.pop(_name, None)
os.environ["GITHUB_REPOSITORY"] = "paperlist/paperlist"
# ... and with pip's Pagefind, whatever Pagefind the shell names (README: Search at scale);
# a test that wants another passes PAGEFIND_BINARY_PATH to mkdocs_build(env=...).
for _name in ("PAGEFIND_BINARY_PATH", "PAGEFIND_EXTENDED_BINARY_PATH"):
    os.environ.pop(_name, None)
# Inferred fields are kept between runs (ingest/cache.py): the tests keep theirs in a
# folder of their own, new each session, so that none depends on what a run before kept.
os.environ.pop("PAPERLIST_NO_CACHE", None)
os.environ["PAPERLIST_CACHE_DIR"] = tempfile.mkdtemp(prefix="paperlist-tests-cache-")
atexit.register(shutil.rmtree, os.environ["PAPERLIST_CACHE_DIR"], ignore_errors=True)


def pytest_collection_modifyitems(items):
    """Tests that fork run first, while the session is still single-threaded: the served
    site and the browser start threads, after which forking is unsafe (and
    paperlist.util.background falls back to threads)."""
    items.sort(key=lambda item: item.get_closest_marker("forks") is None)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    """The shipped list imported into a fresh project and built with --strict."""
    from paperlist.ingest.importer import run_import

    project = make_project(tmp_path_factory.mktemp("project"))
    report = run_import(SHIPPED_LIST, project / "papers")
    assert report.ok and len(report.created) == 19
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    return project / "site"


@pytest.fixture(scope="session")
def site_url(built_site):
    server, url = serve(built_site)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright; never a downloaded browser."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium); CI always has one")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    """A fresh browser page that records console errors and dialogs."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    pg = context.new_page()
    pg.console_errors = []
    pg.dialogs = []
    pg.on("console", lambda m: m.type == "error" and pg.console_errors.append(m.text))
    pg.on("pageerror", lambda e: pg.console_errors.append(str(e)))

    def on_dialog(d):
        pg.dialogs.append(d.message)
        d.dismiss()

    pg.on("dialog", on_dialog)
    yield pg
    context.close()


#: papers of the large fixture, and every how-many-th of them is given another venue
LARGE_PAPERS, OTHER_VENUE_EVERY = 200, 3


@pytest.fixture(scope="session")
def large_site(tmp_path_factory) -> Path:
    """200 generated papers (the shipped 19 first), a third of them moved to another
    venue, built: enough for four pages of search results and two venues to filter."""
    import benchdata

    from paperlist.ingest.importer import run_import

    project = make_project(tmp_path_factory.mktemp("large"))
    listing = benchdata.write_list(project / "list.txt", LARGE_PAPERS, SHIPPED_LIST)
    assert run_import(listing, project / "papers").ok
    for path in sorted((project / "papers").glob("*.md"))[::OTHER_VENUE_EVERY]:
        text = path.read_text(encoding="utf-8")
        assert "\nvenue: ICML 2026\n" in text
        path.write_text(text.replace("\nvenue: ICML 2026\n", f"\nvenue: {OTHER_VENUE}\n", 1),
                        encoding="utf-8")
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    return project / "site"


@pytest.fixture(scope="session")
def subpath_site(tmp_path_factory) -> Path:
    """The shipped list built for a GitHub project site: site_url https://example.org/repo/."""
    from paperlist.ingest.importer import run_import

    project = make_project(tmp_path_factory.mktemp("subpath"))
    config = project / "mkdocs.yml"
    config.write_text("site_url: https://example.org/repo/\n" + config.read_text("utf-8"),
                      encoding="utf-8")
    assert run_import(SHIPPED_LIST, project / "papers").ok
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    return project / "site"


@pytest.fixture(scope="session")
def venues_site(tmp_path_factory) -> Path:
    """Two made-up lists (tests/fixtures/venues/: ALPHA 2026, BETA 2027) kept in
    papers/source/, imported one after the other as a maintainer adds a second venue, and
    built with --strict."""
    import shutil

    from paperlist.ingest.importer import run_import

    project = make_project(tmp_path_factory.mktemp("venues"))
    source = project / "papers" / "source"
    source.mkdir()
    for name in ("alpha-2026.txt", "beta-2027.txt"):
        shutil.copy(FIXTURES / "venues" / name, source / name)
        assert run_import(source / name, project / "papers").ok
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    return project / "site"


@pytest.fixture(scope="session")
def enriched_site(tmp_path_factory) -> Path:
    """The shipped list's 19 pages (never enriched) beside the pages of
    tests/fixtures/enriched/ (as `paperlist enrich` writes them; made-up papers and people)
    and HOSTILE_RECORD, built with --strict."""
    import shutil

    from paperlist.ingest.importer import run_import
    from paperlist.model.page import Page, dump_page

    project = make_project(tmp_path_factory.mktemp("enriched"))
    assert run_import(SHIPPED_LIST, project / "papers").ok
    for page in sorted((FIXTURES / "enriched").glob("*.md")):
        shutil.copy(page, project / "papers" / page.name)
    (project / "papers" / "hostile-record.md").write_text(dump_page(Page(
        meta=HOSTILE_RECORD, body="Its abstract is plain.\n")), encoding="utf-8")
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    return project / "site"
