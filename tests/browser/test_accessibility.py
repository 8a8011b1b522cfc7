"""Every template passes axe-core with no serious or critical violation, in the light and
dark palettes, on a desktop and on a phone. axe-core is the npm package of tests/js/
(`npm ci --prefix tests/js`); without it these tests skip and say so."""

from __future__ import annotations

import pytest

from helpers import js_package, serve

#: template -> (path, a selector that is there once its script has drawn it)
TEMPLATES = {
    "home": ("/", ".md-content h1"),
    "paper": ("/papers/eqr/", "h1.paper-title"),
    "paper-enriched": ("/papers/lantern-search/", "h1.paper-title"),
    "browse": ("/browse/", "ul.browse-list > li"),
    # its tag filters opened, one tag chosen (the chosen chip's colours)
    "browse-tags": ("/browse/?tag=safety", "ul.browse-list > li"),
    "tags-index": ("/tags/", ".md-content h1"),
    "tag": ("/tags/safety/", ".md-content h1"),
    "map": ("/map/", ".paperlist-map .map-canvas"),
    "map-list": ("/map/", ".map-list-items a"),  # its text alternative, opened
    "search": ("/search/?q=model", ".search-results a.search-result-title"),
    # the header box, open on its answer: count line, highlights, Show all link
    "header-search": ("/", ".md-search-result__item"),
    "404": ("/no-such-page/", ".md-content h1"),
    # the docs pages, with their code blocks
    "contribute": ("/contribute/", ".md-content h1"),
    "how-tags-are-assigned": ("/how-tags-are-assigned/", ".md-content h1"),
}
PALETTES = {"light": ("light", "default"), "dark": ("dark", "slate")}
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
BAD = ("serious", "critical")


@pytest.fixture(scope="module")
def axe_js():
    return js_package("axe-core") / "axe.min.js"


@pytest.fixture(scope="module")
def a11y_url(enriched_site):
    server, url = serve(enriched_site, prefix="/")  # 404.html for a missing page
    yield url
    server.shutdown()


def axe_violations(pg, axe_js) -> list[dict]:
    pg.add_script_tag(path=str(axe_js))
    return pg.evaluate("""async () => {
        // ignoreLength: the contrast of text of a character or two too (counts, "5")
        const r = await axe.run(document, {resultTypes: ['violations'],
            checks: {'color-contrast': {options: {ignoreLength: true}}}});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            helpUrl: v.helpUrl, targets: v.nodes.map(n => n.target.join(' '))}));
    }""")


def describe(violations) -> str:
    return "\n".join(
        f"  {v['id']} ({v['impact']}): {v['help']} — {v['helpUrl']}\n"
        + "".join(f"      {t}\n" for t in v["targets"][:8])
        + (f"      … and {len(v['targets']) - 8} more\n" if len(v["targets"]) > 8 else "")
        for v in violations)


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("palette", PALETTES)
@pytest.mark.parametrize("template", TEMPLATES)
def test_no_serious_accessibility_violation(browser, a11y_url, axe_js, template, palette,
                                            viewport):
    path, ready = TEMPLATES[template]
    scheme, material_scheme = PALETTES[palette]
    context = browser.new_context(viewport=VIEWPORTS[viewport], color_scheme=scheme,
                                  has_touch=viewport == "phone", is_mobile=viewport == "phone")
    try:
        pg = context.new_page()
        pg.goto(a11y_url + path)
        if template == "map-list":
            pg.locator(".paperlist-map .map-canvas").wait_for()
            pg.locator(".map-list > summary").click()
        if template == "browse-tags":
            pg.locator(ready).first.wait_for(timeout=15_000)
            pg.evaluate("document.querySelector('.browse-tags-details').open = true")
        if template == "header-search":
            pg.locator("label.md-header__button[for=__search]").first.click() \
                if viewport == "phone" else pg.locator(".md-search__input").click()
            pg.keyboard.type("model", delay=20)
            pg.locator(".paperlist-count").wait_for(timeout=15_000)
        pg.locator(ready).first.wait_for(timeout=15_000)
        assert pg.evaluate("document.body.dataset.mdColorScheme") == material_scheme
        violations = [v for v in axe_violations(pg, axe_js) if v["impact"] in BAD]
        assert not violations, (f"{template} ({palette}, {viewport}): "
                                f"serious/critical axe violations:\n{describe(violations)}")
    finally:
        context.close()


def test_code_blocks_keep_their_lines_on_a_phone(browser, a11y_url):
    """The contribute page's YAML is only right with its indentation: on a phone its long
    lines scroll sideways instead of wrapping (`data: [https://...` put its `]` at the start
    of a line), and a keyboard can reach each block to scroll it."""
    context = browser.new_context(viewport=VIEWPORTS["phone"], has_touch=True, is_mobile=True)
    try:
        pg = context.new_page()
        pg.goto(f"{a11y_url}/contribute/")
        blocks = pg.eval_on_selector_all("pre > code", """els => els.map(e => ({
            space: getComputedStyle(e).whiteSpace, tab: e.parentElement.tabIndex,
            wide: e.parentElement.scrollWidth > e.parentElement.clientWidth,
            yaml: e.className.includes('yaml')}))""")
        assert blocks and all(b["space"] == "pre" and b["tab"] == 0 for b in blocks), blocks
        assert any(b["wide"] and b["yaml"] for b in blocks), blocks  # one scrolls, whole
    finally:
        context.close()


def map_page(browser, url, phone: bool):
    context = browser.new_context(viewport=VIEWPORTS["phone" if phone else "desktop"],
                                  has_touch=phone, is_mobile=phone)
    pg = context.new_page()
    pg.goto(f"{url}/map/")
    pg.wait_for_function("document.querySelector('.paperlist-map').paperlistMap")
    return context, pg


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_map_instructions_fit_the_device(browser, site_url, phone):
    context, pg = map_page(browser, site_url, phone)
    try:
        intro = pg.locator(".map-intro").inner_text()
        if phone:
            assert "Tap a point" in intro and "Hover" not in intro, intro
        else:
            assert "Hover a point" in intro and "Tap" not in intro, intro
    finally:
        context.close()


def test_map_papers_are_listed_as_links_that_follow_the_highlight(browser, site_url,
                                                                  built_site):
    """Without seeing the canvas, a reader still reaches every shown paper."""
    from playwright.sync_api import expect

    context, pg = map_page(browser, site_url, False)
    try:
        summary = pg.locator(".map-list > summary")
        assert summary.inner_text() == "List the 19 papers shown on the map"
        summary.click()
        links = pg.locator(".map-list-items a")
        # the list is filled on the details' toggle event, which fires after the click
        expect(links).to_have_count(19)
        hrefs = {h.rstrip("/").rsplit("/", 1)[-1] for h in
                 links.evaluate_all("as => as.map(a => a.href)")}
        assert hrefs == {p.stem for p in (built_site.parent / "papers").glob("*.md")}
        pg.locator(".map-search").fill("prorl")
        assert summary.inner_text() == "List the 1 highlighted papers"
        assert links.count() == 1 and "ProRL" in pg.locator(".map-list-items li").inner_text()
        links.first.click()
        pg.wait_for_url("**/papers/prorl/")
    finally:
        context.close()


def test_a_long_map_list_comes_a_part_at_a_time(browser, site_url):
    """At 12,000 papers, listing every link at once froze the page for 2.4 s, and again at
    each letter typed in the highlight box: the list shows a part (500; 5 here) and a
    button for the next, which moves focus to the first paper it adds; a new highlight
    starts the list again."""
    from playwright.sync_api import expect

    context, pg = map_page(browser, site_url, False)
    try:
        pg.evaluate("document.querySelector('.paperlist-map').paperlistMap.listStep = 5")
        pg.locator(".map-list > summary").click()
        links, more = pg.locator(".map-list-items a"), pg.locator(".map-list-more")
        expect(links).to_have_count(5)
        assert more.inner_text() == "Show 5 more (of 14 not listed yet)"
        first = links.evaluate_all("as => as.map(a => a.textContent)")
        assert first == sorted(first)
        more.click()
        expect(links).to_have_count(10)
        assert links.nth(5).evaluate("a => a === document.activeElement")
        for _ in range(2):
            more.click()
        expect(links).to_have_count(19)
        assert more.is_hidden()
        assert links.evaluate_all("as => as.map(a => a.textContent)")[:5] == first
        pg.locator(".map-search").fill("e")
        expect(links).to_have_count(5)
    finally:
        context.close()


def test_a_highlight_the_browser_restores_is_applied(browser, site_url):
    """Back from a paper, the browser puts the typed highlight back in its box: the map
    highlights it again, rather than showing the words over an unhighlighted map."""
    context, pg = map_page(browser, site_url, False)
    try:
        box = pg.locator(".map-search")
        box.click()
        pg.keyboard.type("prorl")
        summary = pg.locator(".map-list > summary")
        assert summary.inner_text() == "List the 1 highlighted papers"
        pg.goto(f"{site_url}/papers/prorl/")
        pg.go_back()
        pg.wait_for_function("document.querySelector('.paperlist-map').paperlistMap")
        if box.input_value() != "prorl":
            pytest.skip("this browser did not restore the box")
        pg.wait_for_function("document.querySelector('.map-list > summary').textContent"
                             " === 'List the 1 highlighted papers'", timeout=5_000)
        assert pg.evaluate("document.querySelector('.paperlist-map').paperlistMap.match"
                           ".reduce((a, b) => a + b, 0)") == 1
    finally:
        context.close()


@pytest.mark.parametrize(("path", "control"), [("/browse/", "input[name=code]"),
                                              ("/map/", "input.map-search")])
def test_a_control_reached_by_keyboard_shows_its_focus(page, site_url, path, control):
    """Material takes the outline off form controls; where none is put back, a keyboard
    user tabbing through the filters could not tell which one was in focus."""
    page.goto(f"{site_url}{path}")
    target = page.locator(control).first
    target.wait_for()
    for _ in range(120):
        page.keyboard.press("Tab")
        if target.evaluate("el => el === document.activeElement"):
            break
    else:
        pytest.fail(f"Tab never reached {control} on {path}")
    assert target.evaluate("el => getComputedStyle(el).outlineStyle") != "none"


# (not the search page: it puts the focus in its own box)
@pytest.mark.parametrize("path", ["/papers/eqr/", "/browse/", "/tags/",
                                  "/tags/reinforcement-learning/"])
def test_the_first_tab_offers_to_skip_to_the_pages_heading(page, site_url, path):
    """A keyboard user's first Tab reaches "Skip to content", which passes the header and
    the navigation to the page's heading: Material writes the link only where a page's
    table of contents has an entry, which the plugin's pages (a paper, a listing) had not."""
    page.goto(f"{site_url}{path}")
    page.keyboard.press("Tab")
    skip = page.locator(":focus")
    assert skip.evaluate("el => el.classList.contains('md-skip')"), path
    target = skip.get_attribute("href").split("#")[1]
    # (on a paper page, an anchor at its heading's start: html/paper.py _ANCHOR)
    heading = page.locator(f"h1#{target}, h1:has(> #{target}:first-child)")
    assert heading.count() == 1 and heading.inner_text().strip()
    page.keyboard.press("Enter")
    page.wait_for_url(f"**{path}#{target}")
    assert not page.console_errors


def test_toggle_buttons_say_whether_they_are_on(page, site_url):
    """A screen reader hears a tag filter or a map legend entry as pressed or not."""
    page.goto(f"{site_url}/browse/")
    page.locator(".browse-tags-details > summary").click()
    tag = page.locator("button.browse-tag").first
    assert tag.get_attribute("aria-pressed") == "false"
    tag.click()
    assert tag.get_attribute("aria-pressed") == "true"
    tag.click()
    assert tag.get_attribute("aria-pressed") == "mixed"  # excluded
    tag.click()
    assert tag.get_attribute("aria-pressed") == "false"
    page.goto(f"{site_url}/map/")
    page.wait_for_function("document.querySelector('.paperlist-map').paperlistMap")
    legend = page.locator(".map-legend-item").first
    assert legend.get_attribute("aria-pressed") == "false"
    legend.click()
    assert legend.get_attribute("aria-pressed") == "true"


def test_the_search_pages_two_search_landmarks_are_told_apart(browser, a11y_url, axe_js):
    """The header box and the page's own form are both search landmarks; a screen reader
    listing landmarks could not tell them apart while neither had a name."""
    context = browser.new_context()
    try:
        pg = context.new_page()
        pg.goto(a11y_url + "/search/?q=model")
        pg.locator(".search-results a.search-result-title").first.wait_for(timeout=15_000)
        assert [v for v in axe_violations(pg, axe_js) if v["id"] == "landmark-unique"] == []
    finally:
        context.close()
