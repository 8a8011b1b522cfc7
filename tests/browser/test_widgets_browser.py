"""The widgets' scripts in a real headless Chromium: each page downloads only the code of
the widgets it shows, and a widget starts on a page reached by Material's instant
navigation (no page load, so no script runs again) as it does on a page opened afresh."""

from __future__ import annotations

import itertools
import json

import pytest

WIDGET_FILES = {"map.js", "browse.js", "cite.js"}


def record_scripts(page) -> list[str]:
    """File names of the site's own scripts the page asks for, as it asks for them."""
    names: list[str] = []
    page.on("request", lambda r: names.append(r.url.split("?")[0].rsplit("/", 1)[-1])
            if "/assets/paperlist/" in r.url else None)
    return names


def wait_for_map(page) -> None:
    page.wait_for_function("document.querySelector('.paperlist-map')?.paperlistMap")


def painted_pixels(page) -> int:
    return page.evaluate("""() => {
        const c = document.querySelector('.map-canvas');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n; }""")


WAITS = {
    "cite": lambda page: page.locator(".paper-copy-bibtex").wait_for(state="visible"),
    "map": wait_for_map,
    "browse": lambda page: page.locator("form.browse-filters").wait_for(state="visible"),
    "none": lambda page: None,
}


@pytest.mark.parametrize(("path", "widget", "expected"), [
    ("papers/prorl/", "cite", {"cite.js"}),
    ("map/", "map", {"map.js"}),
    ("browse/", "browse", {"browse.js"}),
    ("", "none", set()),  # the home page has none of the widgets
    ("tags/safety/", "none", set()),
])
def test_a_page_downloads_only_its_widgets_code(page, site_url, path, widget, expected):
    names = record_scripts(page)
    page.goto(f"{site_url}/{path}")
    WAITS[widget](page)
    page.wait_for_load_state("networkidle")  # give a stray import the time to show up
    assert "loader.js" in names
    assert {n for n in names if n in WIDGET_FILES} == expected
    assert not page.console_errors


def sitemap(built_site, site_url: str) -> str:
    """The sitemap MkDocs writes when mkdocs.yml has a site_url. Material navigates
    instantly only to pages listed in it, and the shipped mkdocs.yml has no site_url (its
    sitemap is empty), so the tests serve this one in its place."""
    locs = []
    for index in sorted(built_site.rglob("index.html")):
        rel = index.parent.relative_to(built_site).as_posix()
        locs.append(f"<url><loc>{site_url}/{'' if rel == '.' else rel + '/'}</loc></url>")
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns='
            f'"http://www.sitemaps.org/schemas/sitemap/0.9">{"".join(locs)}</urlset>\n')


def papers(built_site) -> list[dict]:
    return json.loads((built_site / "papers.json").read_text(encoding="utf-8"))["papers"]


def visible_ids(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('ul.browse-list > li')]
        .map(li => li.querySelector('a.paper-item-title').getAttribute('href')
        .split('/').filter(Boolean).pop())""")


def test_widgets_start_after_instant_navigation(page, site_url, built_site):
    page.route("**/sitemap.xml", lambda route: route.fulfill(
        content_type="application/xml", body=sitemap(built_site, site_url)))
    names = record_scripts(page)
    page.goto(f"{site_url}/")
    page.wait_for_load_state("networkidle")  # Material has read the sitemap
    page.evaluate("window.paperlistLoads = 1")  # gone if a link loads a page

    def follow(path: str, where: str = ".md-content") -> None:
        """Click a link to path in the page's text (or where): the home and the map pages
        hide the sidebar. Material may have made the href absolute."""
        page.locator(f"{where} a[href$='{path}']:visible").first.click()
        page.wait_for_url(f"{site_url}/{path}")

    follow("map/")
    wait_for_map(page)
    assert page.evaluate("window.paperlistLoads") == 1  # instant: no page load
    assert painted_pixels(page) > 19 * 20  # 19 dots of several pixels each, and labels
    page.locator(".map-search").fill("prorl")
    assert page.locator(".map-count").inner_text() == "1 of 19 papers highlighted"

    page.locator("a.md-header__button.md-logo").click()  # the header's: home
    page.wait_for_url(f"{site_url}/")
    follow("browse/")
    form = page.locator("form.browse-filters")
    form.wait_for(state="visible")
    assert page.evaluate("window.paperlistLoads") == 1
    assert page.locator("ul.browse-list > li").count() == 19
    page.locator(".browse-tags-details > summary").click()  # "Filter by tag"
    page.locator(".browse-tag[data-tag='safety']").click()
    expected = sorted(p["id"] for p in papers(built_site) if "Safety" in p["tags"])
    assert 0 < len(expected) < 19
    assert sorted(visible_ids(page)) == expected
    assert "tag=safety" in page.url
    assert f"Showing {len(expected)} of 19 papers" in page.locator(".browse-status").inner_text()

    # a paper drawn by the filters, and its Copy BibTeX button
    first = expected[0]
    page.locator(f"ul.browse-list a.paper-item-title[href$='/{first}/']").click()
    page.wait_for_url(f"{site_url}/papers/{first}/")
    page.locator(".paper-copy-bibtex").wait_for(state="visible")
    assert page.evaluate("window.paperlistLoads") == 1

    # a second visit: a new map in the page, the module and its data already loaded
    follow("map/", where=".md-sidebar--primary")
    wait_for_map(page)
    assert page.evaluate("window.paperlistLoads") == 1
    assert page.locator(".paperlist-map[data-ready]").count() == 1
    assert painted_pixels(page) > 19 * 20
    assert page.locator(".map-count").inner_text() == "19 papers"
    assert names.count("map.js") == names.count("browse.js") == names.count("cite.js") == 1
    assert not page.console_errors


@pytest.mark.parametrize(("path", "widget"), [("map/index.html", "map"),
                                              ("papers/prorl/index.html", "cite")])
def test_widgets_work_from_files_opened_without_a_server(page, built_site, path, widget):
    """A downloaded copy of the site opened from disk (file://): browsers refuse ES modules
    there, so the widgets are classic scripts."""
    page.goto((built_site / path).as_uri())
    WAITS[widget](page)
    if widget == "map":
        assert painted_pixels(page) > 1000
    assert page.console_errors == []


#: header buttons shown at a window width, each an icon the site's icons.css draws
HEADER_ICONS = {600: ("label.md-header__button[for='__drawer']",
                      "label.md-header__button[for='__search']"),
                1400: ("a.md-header__button.md-logo",)}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_theme_icons_are_drawn_from_the_site_stylesheet(page, site_url, built_site, scheme):
    """Icons are no longer inline SVG paths; each must still paint, at its size, in the
    text colour of either palette, served or opened from a file."""
    page.emulate_media(color_scheme=scheme)
    urls = (f"{site_url}/papers/prorl/", (built_site / "papers/prorl/index.html").as_uri())
    for url, (width, selectors) in itertools.product(urls, HEADER_ICONS.items()):
        page.set_viewport_size({"width": width, "height": 400})
        page.goto(url)
        for selector in selectors:
            icon = page.locator(f"{selector} svg")
            assert icon.evaluate("s => s.childElementCount") == 0  # no inline path
            box = icon.bounding_box()
            assert box and box["width"] >= 16 and box["height"] >= 16, selector
            drawn = page.locator(selector).screenshot()
            icon.evaluate("s => { s.style.visibility = 'hidden'; }")
            blank = page.locator(selector).screenshot()
            assert drawn != blank, (selector, url)  # the icon put pixels there
    assert page.console_errors == []
