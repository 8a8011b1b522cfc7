"""Discovery features in a real headless Chromium: related links, the topic map, browse
filters kept in the URL, and Copy BibTeX onto the clipboard."""

from __future__ import annotations

import json

import pytest

from helpers import ROOT


def papers(built_site) -> list[dict]:
    return json.loads((built_site / "papers.json").read_text(encoding="utf-8"))["papers"]


def test_related_links_open_the_papers_they_name(page, site_url):
    page.goto(f"{site_url}/papers/mes-ret/")
    links = page.locator(".related-papers a.related-title")
    assert 1 <= links.count() <= 5
    targets = [(links.nth(i).inner_text(), links.nth(i).get_attribute("href"))
               for i in range(links.count())]
    for title, href in targets:
        page.goto(f"{site_url}/papers/mes-ret/")
        page.locator(f".related-papers a.related-title[href='{href}']").click()
        page.wait_for_load_state()
        assert page.locator("h1.paper-title").inner_text() == title
    assert not page.console_errors


def test_map_draws_every_paper_and_a_click_opens_it(page, site_url, built_site):
    page.goto(f"{site_url}/map/")
    page.wait_for_function("document.querySelector('.paperlist-map').paperlistMap")
    assert page.evaluate("document.querySelector('.paperlist-map').paperlistMap.n") == 19
    painted = page.evaluate("""() => {
        const c = document.querySelector('.map-canvas');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n; }""")
    assert painted > 19 * 20  # 19 dots of several pixels each, plus area labels
    legend = page.locator(".map-legend-item")
    assert legend.count() == 6 and "Learning paradigms" in legend.first.inner_text()
    point = page.evaluate("""() => { const m = document.querySelector('.paperlist-map')
        .paperlistMap; return m.screenPoint(m.indexOf('papers/eqr/')); }""")
    page.mouse.move(point["x"], point["y"])
    tip = page.locator(".map-tooltip")
    tip.wait_for(state="visible")
    eqr = next(p for p in papers(built_site) if p["id"] == "eqr")
    assert eqr["title"] in tip.inner_text() and "EqR" in tip.inner_text()
    page.mouse.click(point["x"], point["y"])
    page.wait_for_url("**/papers/eqr/")
    assert not page.console_errors


def test_the_map_uses_the_whole_canvas(page, site_url):
    """The points reach across the canvas's width as well as its height (its axes mean
    nothing: a square map in a wide canvas left half of the screen empty)."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{site_url}/map/")
    page.wait_for_function("document.querySelector('.paperlist-map').paperlistMap")
    w, h, xs, ys = page.evaluate("""(() => {
      const m = document.querySelector('.paperlist-map').paperlistMap, xs = [], ys = [];
      for (let i = 0; i < m.n; i++) { const p = m.point(i); xs.push(p.x); ys.push(p.y); }
      return [m.w, m.h, xs, ys]; })()""")
    assert w > 1.5 * h  # a wide canvas
    assert (max(xs) - min(xs)) > 0.8 * w and (max(ys) - min(ys)) > 0.7 * h
    assert 0 <= min(xs) and max(xs) <= w and 0 <= min(ys) and max(ys) <= h


def test_map_search_highlights_matches_and_zoom_keeps_working(page, site_url):
    page.goto(f"{site_url}/map/")
    page.wait_for_function("document.querySelector('.paperlist-map').paperlistMap")
    page.locator(".map-search").fill("prorl")
    assert page.locator(".map-count").inner_text() == "1 of 19 papers highlighted"
    before = page.evaluate("document.querySelector('.paperlist-map').paperlistMap.scale")
    page.locator(".map-zoom[data-zoom='in']").click()
    after = page.evaluate("document.querySelector('.paperlist-map').paperlistMap.scale")
    assert after > before
    page.locator(".map-search").fill("")
    assert page.locator(".map-count").inner_text() == "19 papers"
    assert not page.console_errors


def visible_ids(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('ul.browse-list > li')]
        .filter(li => !li.hidden)
        .map(li => li.querySelector('a.paper-item-title').getAttribute('href')
        .split('/').filter(Boolean).pop())""")


def test_a_link_with_a_tag_the_catalogue_lacks_says_so(page, site_url):
    """A stale link (a tag renamed since): its other filters hold, and the reader learns
    that the tag was not applied rather than taking every paper for the tag's."""
    page.goto(f"{site_url}/browse/?tag=no-such-tag&tag=safety")
    page.locator("form.browse-filters").wait_for(state="visible")
    status = page.locator(".browse-status").inner_text()
    assert "no tag \u201cno-such-tag\u201d in this catalogue, so it is not applied" in status
    assert "with all of: Safety" in status
    page.locator(".browse-tag[data-tag='safety']").click()  # the reader moves on
    assert "no-such-tag" not in page.locator(".browse-status").inner_text()
    page.goto(f"{site_url}/browse/?tag=safety")
    page.locator("form.browse-filters").wait_for(state="visible")
    assert "no tag" not in page.locator(".browse-status").inner_text()
    # required and excluded at once, or a name every object has: named once, not applied
    page.goto(f"{site_url}/browse/?tag=gone&not=gone&tag=constructor&tag=safety")
    page.locator("form.browse-filters").wait_for(state="visible")
    status = page.locator(".browse-status").inner_text()
    assert "no tag \u201cgone\u201d or \u201cconstructor\u201d in this catalogue" in status
    assert "with all of: Safety;" in status
    assert not page.console_errors


def test_a_filter_url_reproduces_its_view(page, site_url, built_site):
    query = "?tag=reinforcement-learning&not=safety&code=1"
    page.goto(f"{site_url}/browse/{query}")
    page.locator("form.browse-filters").wait_for(state="visible")
    expected = sorted(p["id"] for p in papers(built_site)
                      if "Reinforcement Learning" in p["tags"] and "Safety" not in p["tags"]
                      and p["links"]["code"])
    assert sorted(visible_ids(page)) == expected == ["prorl"]
    assert page.locator(".browse-tag[data-tag='safety']").get_attribute("data-state") == "exclude"
    assert page.locator("input[name='code']").is_checked()
    assert "Showing 1 of 19 papers" in page.locator(".browse-status").inner_text()
    # Change the view by hand; the URL follows, and opening it elsewhere shows the same.
    page.locator("input[name='code']").uncheck()
    page.locator(".browse-tag[data-tag='safety']").click()  # exclude -> neutral
    page.locator("select[name='sort']").select_option("name")
    url = page.url
    assert "code=" not in url and "not=" not in url and "sort=name" in url
    shown = visible_ids(page)
    rl = [p for p in papers(built_site) if "Reinforcement Learning" in p["tags"]]
    assert sorted(shown) == sorted(p["id"] for p in rl)
    named = sorted((p["name"].lower(), p["id"]) for p in rl if p["name"])
    assert shown[: len(named)] == [i for _, i in named]  # by short name, unnamed last
    other = page.context.new_page()
    other.goto(url)
    other.locator("form.browse-filters").wait_for(state="visible")
    assert visible_ids(other) == shown
    other.close()
    assert not page.console_errors


def titles_by_id(built_site) -> list[str]:
    """Paper ids in the site's title order (the order of the browse data)."""
    data = json.loads((built_site / "assets/paperlist/browse.json").read_text(encoding="utf-8"))
    return data["p"]


def test_browse_pages_through_results_and_keeps_the_page_in_the_url(page, site_url, built_site):
    order = titles_by_id(built_site)
    page.goto(f"{site_url}/browse/?per=5")
    page.locator("form.browse-filters").wait_for(state="visible")
    assert visible_ids(page) == order[:5]
    status = page.locator(".browse-status")
    assert "Showing 19 of 19 papers (1–5, page 1 of 4)" in status.inner_text()
    page.evaluate("document.querySelector('ul.browse-list').marker = 1")
    page.locator(".browse-pager a.browse-next").click()
    assert visible_ids(page) == order[5:10]
    assert "page=2" in page.url and "per=5" in page.url
    # drawn in place: not a page load, nor Material's instant navigation
    assert page.evaluate("document.querySelector('ul.browse-list').marker") == 1
    page.locator(".browse-pager a[data-page='4']").click()
    assert visible_ids(page) == order[15:]
    assert page.locator(".browse-pager .browse-next").get_attribute("aria-disabled") == "true"
    assert "(16–19, page 4 of 4)" in status.inner_text()
    # a shared link opens the same page; a filter change goes back to page 1
    other = page.context.new_page()
    other.goto(page.url)
    other.locator("form.browse-filters").wait_for(state="visible")
    assert visible_ids(other) == order[15:]
    other.locator("select[name='sort']").select_option("name")
    assert "page=" not in other.url and "sort=name" in other.url
    named = sorted((p["name"].lower(), order.index(p["id"]), p["id"])
                   for p in papers(built_site) if p["name"])
    assert visible_ids(other) == [i for *_, i in named][:5]
    other.close()
    page.goto(f"{site_url}/browse/?per=5&page=99")  # past the end: the last page
    page.locator("form.browse-filters").wait_for(state="visible")
    assert visible_ids(page) == order[15:] and "page=4" in page.url
    assert not page.console_errors


def test_back_and_forward_go_through_the_pages_and_filters_chosen(page, site_url, built_site):
    """Paging and filters replaced the history entry: Back from page 3 left the site
    instead of showing page 2."""
    order = titles_by_id(built_site)
    page.goto(f"{site_url}/browse/?per=5")
    page.locator("form.browse-filters").wait_for(state="visible")
    page.locator(".browse-pager a.browse-next").click()
    page.locator(".browse-pager a.browse-next").click()
    assert visible_ids(page) == order[10:15]
    page.locator("input[name='code']").check()
    assert "code=1" in page.url
    page.go_back()
    page.wait_for_function("!location.search.includes('code=')")
    assert visible_ids(page) == order[10:15] and "page=3" in page.url
    assert not page.locator("input[name='code']").is_checked()
    for step, query, shown in ((page.go_back, "page=2", order[5:10]),
                               (page.go_back, "per=5", order[:5]),
                               (page.go_forward, "page=2", order[5:10])):
        step()
        page.wait_for_function(f"location.search.includes('{query}')")
        at = 1 + order.index(shown[0])
        # (Material's instant navigation may load the page again: its view is drawn anew)
        page.wait_for_function("(document.querySelector('.browse-status') || {}).textContent"
                               f"?.includes('({at}\u2013{at + 4}, page')")
        assert visible_ids(page) == shown, query
    assert not page.console_errors


def test_paging_by_keyboard_keeps_focus_on_the_pager(page, site_url, built_site):
    """The pager is drawn anew for each page; a keyboard user who pressed Next is still on
    Next (pressing Enter again goes on), and on a page number, on that number's place. The
    focus fell to <body>: 265 Tabs back to Next with the tag panel open."""
    order = titles_by_id(built_site)
    page.goto(f"{site_url}/browse/?per=5")
    page.locator("form.browse-filters").wait_for(state="visible")
    page.locator(".browse-pager a.browse-next").focus()
    page.keyboard.press("Enter")
    assert visible_ids(page) == order[5:10]
    page.keyboard.press("Enter")
    assert visible_ids(page) == order[10:15]
    assert page.evaluate("document.activeElement.classList.contains('browse-next')")
    page.locator(".browse-pager a[data-page='1']").focus()
    page.keyboard.press("Enter")
    assert visible_ids(page) == order[:5]
    assert page.evaluate("document.activeElement.getAttribute('aria-current')") == "page"
    assert page.evaluate("document.activeElement.textContent") == "1"
    assert not page.console_errors


def test_a_page_turned_by_mouse_shows_its_first_results(page, site_url, built_site):
    """The focus kept on the pager must not scroll the page back down to it: clicking
    Next below a long list shows the new page's first papers (Chromium focuses a clicked
    link too)."""
    page.set_viewport_size({"width": 1280, "height": 700})
    page.goto(f"{site_url}/browse/?per=8")
    page.locator("form.browse-filters").wait_for(state="visible")
    page.locator(".browse-pager a.browse-next").click()
    first = page.locator("ul.browse-list > li").first.bounding_box()
    assert 0 <= first["y"] < 700, first


@pytest.mark.parametrize("path", ["map/", "search/?q=graph"])
def test_the_map_and_search_pages_lead_to_the_rest_of_the_site(page, site_url, path):
    """On a wide screen the header has no menu button (Material shows it only where the
    sidebar is not), so a page that hid its navigation had no way to Browse or Tags but
    the logo; the map and search pages keep it."""
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{site_url}/{path}")
    shown = page.evaluate("""[...document.querySelectorAll('.md-nav--primary a')]
        .filter((a) => a.offsetParent !== null).map((a) => a.textContent.trim())""")
    assert {"Home", "Browse", "Tags"} <= set(shown), shown
    assert not page.console_errors


def test_a_tag_link_on_a_phone_shows_the_results_not_the_tag_panel(browser, site_url):
    """A tag page's "Filter and sort in Browse" opens Browse with its tag; on a 390 px
    phone the tag panel stays folded (open, it put the first result 3,200 px down) and,
    opened, its tags wrap across the width under their area's name. A wide screen still
    opens it, showing which tag is on."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                has_touch=True)
    try:
        pg = phone.new_page()
        pg.goto(f"{site_url}/browse/?tag=reinforcement-learning")
        pg.locator("form.browse-filters").wait_for(state="visible")
        details = pg.locator(".browse-tags-details")
        assert details.evaluate("d => d.open") is False
        assert pg.locator("ul.browse-list > li").first.bounding_box()["y"] < 844
        details.locator("summary").click()
        height = details.bounding_box()["height"]
        assert height < 1500, height  # 1,759 with the area names beside the tags
    finally:
        phone.close()
    wide = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        pg = wide.new_page()
        pg.goto(f"{site_url}/browse/?tag=reinforcement-learning")
        pg.locator("form.browse-filters").wait_for(state="visible")
        assert pg.locator(".browse-tags-details").evaluate("d => d.open") is True
    finally:
        wide.close()


def test_browse_works_without_javascript(browser, site_url):
    context = browser.new_context(java_script_enabled=False)
    pg = context.new_page()
    pg.goto(f"{site_url}/browse/?tag=safety")
    assert pg.locator("ul.browse-list > li").count() == 19
    assert not pg.locator("form.browse-filters").is_visible()
    assert "page through every paper" in pg.locator(".browse-noscript").inner_text()
    context.close()


def test_copy_bibtex_puts_the_entry_on_the_clipboard(page, site_url):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url)
    page.goto(f"{site_url}/papers/prorl/")
    page.locator(".paper-copy-bibtex").click()
    page.locator(".paper-copy-status").filter(has_text="Copied").wait_for()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("@inproceedings{prorl,")
    assert "note = {Title inferred from the abstract" in copied
    assert copied == page.locator(".paper-bibtex").inner_text()
    assert not page.console_errors


def open_map(browser, site_url: str, phone: bool):
    """A new browser context (a phone's, 390 pixels wide, or a desktop's) on the map page,
    once its map is drawn: (context, page); the caller closes the context."""
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    context = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.goto(f"{site_url}/map/")
    page.wait_for_function("document.querySelector('.paperlist-map').paperlistMap")
    return context, page


def test_map_area_names_fit_the_canvas_on_a_phone_and_do_not_overlap(browser, site_url):
    """On a 390-pixel screen the shipped list's area middles sit a few pixels apart, and
    one is by the edge: each name is drawn whole, inside the canvas, clear of the others."""
    context, phone = open_map(browser, site_url, phone=True)
    try:
        boxes = phone.evaluate("""() => {
            const m = document.querySelector('.paperlist-map').paperlistMap;
            const ctx = m.canvas.getContext('2d');
            return {w: m.w, h: m.h, names: m.placed(ctx).map(([text, x, y]) => {
                const half = ctx.measureText(text).width / 2;
                return {text, left: x - half, right: x + half, top: y - 13, bottom: y}; })}; }""")
        names = boxes["names"]
        assert len(names) == 6
        for b in names:
            assert 0 <= b["left"] and b["right"] <= boxes["w"], b
            assert 0 <= b["top"] and b["bottom"] <= boxes["h"], b
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                apart = (a["right"] <= b["left"] or b["right"] <= a["left"]
                         or a["bottom"] <= b["top"] or b["bottom"] <= a["top"])
                assert apart, (a, b)
        # zoomed in on one paper: only the areas whose middle is in view are named (names
        # of areas far off were pulled in and stacked at the edge, over others' papers)
        zoomed = phone.evaluate("""() => {
            const m = document.querySelector('.paperlist-map').paperlistMap;
            const p = m.point(0);
            m.zoom(10, p.x - m.canvas.getBoundingClientRect().left,
                   p.y - m.canvas.getBoundingClientRect().top);
            const ctx = m.canvas.getContext('2d');
            const inView = m.labels.filter((l) => {
                const x = l.x * m.scale + m.tx, y = l.y * m.scale + m.ty;
                return x >= 0 && x <= m.w && y >= 0 && y <= m.h; }).length;
            return {drawn: m.placed(ctx).length, inView}; }""")
        assert zoomed["drawn"] == zoomed["inView"] < 6, zoomed
    finally:
        context.close()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_map_area_names_leave_the_points_visible(browser, site_url, phone):
    """A small area's name was written at its papers' middle, which for one paper is the
    paper itself: the name hid it. Each name now goes up to three lines up or down to
    where it covers the fewest points: none, on the shipped list's map."""
    context, pg = open_map(browser, site_url, phone)
    try:
        covered = pg.evaluate("""() => {
            const m = document.querySelector('.paperlist-map').paperlistMap;
            const ctx = m.canvas.getContext('2d'), r = m.radius(), out = [];
            ctx.font = "600 13px system-ui, sans-serif";
            for (const [text, x, y] of m.placed(ctx)) {
                const half = ctx.measureText(text).width / 2;
                for (let i = 0; i < m.n; i++) {
                    const p = m.point(i);
                    if (p.x + r > x - half && p.x - r < x + half && p.y + r > y - 13
                        && p.y - r < y + 3) out.push([text, i]);
                }
            }
            return {out, names: m.placed(ctx).length}; }""")
        assert covered["names"] >= 5 and covered["out"] == [], covered
    finally:
        context.close()


def test_map_area_names_hold_their_place_while_the_map_is_dragged(browser, site_url):
    """Counted by 8-pixel square, a point by a name's edge was under it or not as the map
    moved a pixel, and the name jumped three lines and back on every other pixel of a
    drag. Dragged a pixel at a time, each name (away from the canvas's edges) keeps its
    place beside its area's papers."""
    context, pg = open_map(browser, site_url, phone=False)
    try:
        moves = pg.evaluate("""() => {
            const m = document.querySelector('.paperlist-map').paperlistMap;
            const ctx = m.canvas.getContext('2d'), seen = {};
            ctx.font = "600 13px system-ui, sans-serif";
            for (let step = 0; step < 64; step++) {
                m.ty += 1; m.tx += step % 3 === 0 ? 1 : 0; m.draw();
                for (const [text, x, y] of m.placed(ctx)) {
                    const lab = m.labels.find((l) => m.data.areas[l.a] === text);
                    const cy = lab.y * m.scale + m.ty;
                    if (cy < 60 || cy > m.h - 60 || x < 80 || x > m.w - 80) continue;
                    (seen[text] = seen[text] || new Set()).add(Math.round(y - cy));
                }
            }
            return Object.fromEntries(Object.entries(seen).map(([t, s]) => [t, [...s]])); }""")
        assert moves and all(len(offsets) == 1 for offsets in moves.values()), moves
    finally:
        context.close()


def test_home_chart_links_to_tag_pages(page, site_url):
    page.goto(f"{site_url}/")
    bar = page.locator("ol.tag-chart a").first
    name = bar.locator(".tag-chart-name").inner_text()
    assert name == "Computer Vision"  # the most used tag of the shipped list, 5 papers
    assert bar.inner_text().replace("\n", " ").startswith("Computer Vision 5")
    assert bar.get_attribute("href").endswith("/tags/computer-vision/")
    bar.click()
    page.wait_for_url("**/tags/computer-vision/")
    assert page.locator("h1").inner_text().startswith("Computer Vision")
    assert not page.console_errors
    assert (ROOT / "docs" / "index.md").read_text(encoding="utf-8").count("paperlist:figures") == 1


def test_home_chart_reads_on_a_phone(browser, site_url):
    """Its tag names stay at the page's text size on a 390-pixel screen (an SVG chart
    scaled its 12 px labels down to 5) and the longest bar fits beside its count."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    try:
        phone = context.new_page()
        phone.goto(f"{site_url}/")
        sizes = phone.evaluate("""() => [...document.querySelectorAll('.tag-chart-name')]
            .map((e) => parseFloat(getComputedStyle(e).fontSize)
                        * e.getBoundingClientRect().width / e.offsetWidth)""")
        assert len(sizes) == 27 and min(sizes) >= 11
        row = phone.locator("ol.tag-chart a").first.bounding_box()
        assert row["x"] >= 0 and row["x"] + row["width"] <= 390
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        # bars keep their length, and stay beside their count, when counts have thousands
        grown = phone.evaluate("""() => {
            const bars = [...document.querySelectorAll('.tag-chart-bar')];
            const width = () => bars.map((b) => b.firstElementChild.getBoundingClientRect().width);
            const before = width();
            for (const b of bars) b.childNodes[1].textContent = '12,345';
            const last = bars[0].getBoundingClientRect();
            return {before, after: width(), fits: bars[0].scrollWidth <= last.width + 0.5}; }""")
        assert grown["before"] == grown["after"] and grown["fits"], grown
        assert grown["before"][0] > 2 * grown["before"][-1]  # 5 papers against 1
    finally:
        context.close()


def test_a_short_name_is_never_broken_across_lines(page, site_url):
    """"PI-MDP" broke at its hyphen in a listing, "PI-" ending one line and "MDP" starting
    the next. Each browse row is given such a name beside its title (as html/listings.py
    writes one), which at some width from 280 to 480 px reaches the end of its line."""
    broken = []
    for width in range(280, 481, 8):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{site_url}/browse/")
        page.locator(".paper-item-title").first.wait_for()
        broken += page.evaluate("""w => [...document.querySelectorAll('.paper-item-title')]
            .filter((title) => {
              const name = document.createElement('span');
              name.className = 'paper-name';
              name.textContent = 'PI-MDP-XL';
              title.after(' ', name);
              return name.getClientRects().length > 1;
            }).map(() => `${w}px`)""", width)
    assert broken == []

