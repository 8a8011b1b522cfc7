"""The live preview in a real headless Chromium: break a page while `paperlist serve` runs
and the open page reloads by itself to show its problem (as `paperlist check` words it)
while the rest of the site still serves; fix it and the paper is back."""

from __future__ import annotations

import sys

import pytest

from helpers import SHIPPED_LIST, make_project
from paperlist.ingest.importer import run_import
from serving import break_yaml, check_lines, start_serve

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="paperlist serve's tests read processes from /proc")
#: generous: a rebuild on a busy shared machine, then the browser's reload
RELOAD_TIMEOUT_MS = 30_000


def test_a_broken_page_shows_its_error_in_the_browser_until_it_is_fixed(page, tmp_path):
    from playwright.sync_api import expect

    project = make_project(tmp_path / "p")
    assert run_import(SHIPPED_LIST, project / "papers").ok
    halo = project / "papers/halo.md"
    good = halo.read_text(encoding="utf-8")
    break_yaml(halo)
    expected = next(line for line in check_lines(project)
                    if line.startswith("papers/halo.md:3: "))
    halo.write_text(good, encoding="utf-8")

    served = start_serve(project, tmp_path / "tmp")
    try:
        page.goto(f"{served.url}/papers/halo/")
        title = page.locator("h1.paper-title")
        expect(title).to_contain_text("HALO")
        served.wait_for_output("Serving on")

        break_yaml(halo)  # no navigation from here on: livereload does it
        problems = page.locator(".paperlist-problems")
        expect(problems).to_contain_text(expected, timeout=RELOAD_TIMEOUT_MS)
        expect(problems).to_contain_text("cannot be read")
        expect(title).to_have_count(0)

        other = page.context.new_page()
        other.goto(f"{served.url}/papers/prorl/")
        expect(other.locator("h1.paper-title")).to_contain_text("ProRL")
        banner = other.locator(".paperlist-problems-banner")
        expect(banner).to_contain_text(expected)
        banner.get_by_role("link", name="papers/halo.md").click()
        expect(other).to_have_url(f"{served.url}/papers/halo/")
        other.goto(f"{served.url}/")
        expect(other.locator(".paperlist-problems-banner")).to_contain_text(expected)

        halo.write_text(good, encoding="utf-8")
        expect(title).to_contain_text("HALO", timeout=RELOAD_TIMEOUT_MS)
        expect(problems).to_have_count(0)
        other.reload()
        expect(other.locator(".paperlist-problems-banner")).to_have_count(0)
    finally:
        served.stop()
