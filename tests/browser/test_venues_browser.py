"""A catalogue of two venues in a real headless Chromium: the browse page's venue filter
narrows the list, is kept in the URL like the other filters, and a venue page's "Filter
and sort in Browse" link opens that view."""

from __future__ import annotations

import pytest

from helpers import serve

ALPHA = ["glimmernet", "quillcheck", "tiderl"]
BETA = ["hushed", "rivergnn", "stridediff"]


@pytest.fixture(scope="module")
def venues_url(venues_site):
    server, url = serve(venues_site)
    yield url
    server.shutdown()


def visible_ids(page) -> list[str]:
    return sorted(page.evaluate("""() => [...document.querySelectorAll('ul.browse-list > li')]
        .map(li => li.querySelector('a.paper-item-title').getAttribute('href')
        .split('/').filter(Boolean).pop())"""))


def test_the_venue_filter_narrows_browse_and_is_kept_in_the_url(page, venues_url):
    page.goto(f"{venues_url}/browse/")
    page.locator("form.browse-filters").wait_for(state="visible")
    assert visible_ids(page) == sorted(ALPHA + BETA)
    page.locator("input[name='venue'][value='BETA 2027']").check()
    assert visible_ids(page) == BETA
    assert page.url.endswith("/browse/?venue=BETA+2027")
    assert "Showing 3 of 6 papers; from BETA 2027" in page.locator(".browse-status").inner_text()
    page.locator("input[name='venue'][value='ALPHA 2026']").check()  # either venue
    assert visible_ids(page) == sorted(ALPHA + BETA)
    page.locator("input[name='venue'][value='BETA 2027']").uncheck()
    assert visible_ids(page) == ALPHA
    other = page.context.new_page()
    other.goto(page.url)
    other.locator("form.browse-filters").wait_for(state="visible")
    assert visible_ids(other) == ALPHA
    assert other.locator("input[name='venue'][value='ALPHA 2026']").is_checked()
    other.locator(".browse-clear").click()
    assert visible_ids(other) == sorted(ALPHA + BETA) and "venue=" not in other.url
    other.close()
    assert not page.console_errors


def test_a_venue_pages_browse_link_opens_its_filtered_view(page, venues_url):
    page.goto(f"{venues_url}/venues/beta-2027/")
    page.get_by_role("link", name="Filter and sort in Browse").click()
    page.locator("form.browse-filters").wait_for(state="visible")
    assert visible_ids(page) == BETA
    assert page.locator("input[name='venue'][value='BETA 2027']").is_checked()
    assert not page.console_errors


@pytest.mark.parametrize("width", [280, 320, 390, 1280])
def test_each_filter_checkbox_stays_beside_its_words_on_a_narrow_screen(page, venues_url,
                                                                      width):
    """A line break between a checkbox and its label's words left the box at the end of
    one line and "BETA 2027 (3)" at the start of the next (a 390 px phone)."""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{venues_url}/browse/")
    page.locator("form.browse-filters").wait_for(state="visible")
    apart = page.evaluate(r"""() => [...document.querySelectorAll(
        '.browse-options label')].filter((label) => {
          const box = label.querySelector('input');
          if (!box) return false;
          const text = box.nextSibling;  // " BETA 2027 (3)": its first word's place
          const words = document.createRange();
          words.setStart(text, text.textContent.search(/\S/));
          words.setEnd(text, text.textContent.length);
          const first = words.getClientRects()[0], b = box.getBoundingClientRect();
          return !first || Math.abs((first.top + first.bottom) / 2 - (b.top + b.bottom) / 2) > 8
            || first.left < b.right;
        }).map((label) => label.textContent.trim())""")
    assert apart == []
