"""Search: Material's search box answered from the Pagefind index of the paper pages.

The large-N numbers are `scripts/tools/bench.py`'s job; these check behaviour on the
shipped 19 papers: results, the tag filter, keys, instant navigation, no console errors.
"""

from __future__ import annotations

import json
import re

RESULT = ".md-search-result__item"


def search(page, query: str) -> None:
    """Type a query into the header search box as a reader would ('/' focuses it)."""
    page.keyboard.press("/")
    page.keyboard.type(query)


def result_hrefs(page) -> list[str]:
    links = page.locator(f"{RESULT} a.md-search-result__link")
    return [links.nth(i).get_attribute("href") for i in range(links.count())]


def wait_for_count(page, text: str) -> None:
    page.locator(".md-search-result__meta", has_text=text).wait_for(timeout=15_000)


# ------------------------------------------------------------------------------ the build


def test_only_paper_pages_are_indexed(built_site):
    paper = (built_site / "papers/wildcat/index.html").read_text(encoding="utf-8")
    assert "data-pagefind-body" in paper and 'data-pagefind-filter="tag"' in paper
    for listing in ("browse/index.html", "tags/index.html", "index.html"):
        assert "data-pagefind-body" not in (built_site / listing).read_text(encoding="utf-8")
    entry = json.loads((built_site / "pagefind/pagefind-entry.json").read_text())
    assert entry["languages"]["en"]["page_count"] == 19


def test_every_page_uses_our_worker_and_lunr_gets_no_papers(built_site):
    for path in ("index.html", "papers/eqr/index.html", "tags/index.html"):
        html = (built_site / path).read_text(encoding="utf-8")
        config = json.loads(re.search(r'<script id="__config"[^>]*>(.*?)</script>', html,
                                      re.DOTALL).group(1))
        assert config["search"].endswith("assets/paperlist/search-worker.js")
    assert (built_site / "assets/paperlist/search-worker.js").exists()
    index = json.loads((built_site / "search/search_index.json").read_text())
    assert not [d for d in index["docs"] if d["location"].startswith("papers/")]


# ------------------------------------------------------------------------------ the browser


def test_result_shows_title_tags_and_highlighted_excerpt(page, site_url):
    page.goto(f"{site_url}/")
    search(page, "WildCat")
    first = page.locator(RESULT).first
    first.wait_for(timeout=15_000)
    assert "papers/wildcat/" in result_hrefs(page)[0]
    assert "WildCat" in first.locator("h1").inner_text()
    assert first.locator(".md-tag").count() >= 1
    assert first.locator("mark").count() >= 1
    assert not page.console_errors


def test_clicking_a_result_opens_the_paper_with_matches_highlighted(page, site_url):
    page.goto(f"{site_url}/")
    search(page, "Sudoku")
    page.locator(f"{RESULT} a").first.click(timeout=15_000)
    page.wait_for_url("**/papers/eqr/**")
    assert page.locator("h1.paper-title").inner_text().startswith("EqR")
    page.locator("article mark[data-md-highlight]").first.wait_for(timeout=5_000)
    assert not page.console_errors


def test_enter_opens_the_best_result(page, site_url):
    page.goto(f"{site_url}/")
    search(page, "Sudoku")
    page.locator(RESULT).first.wait_for(timeout=15_000)
    page.keyboard.press("Enter")
    page.wait_for_url("**/papers/eqr/**")
    assert not page.console_errors


def test_tag_filter_narrows_results_to_the_tag(page, site_url):
    page.goto(f"{site_url}/")
    search(page, "policy")
    page.locator(RESULT).first.wait_for(timeout=15_000)
    page.wait_for_timeout(300)
    everything = set(result_hrefs(page))
    page.locator(".md-search__input").fill("")
    page.keyboard.type("tag:reinforcement-learning policy")
    page.wait_for_function(
        "n => document.querySelectorAll('.md-search-result__item').length > 0 && "
        "document.querySelectorAll('.md-search-result__item').length < n",
        arg=len(everything), timeout=15_000)
    narrowed = set(result_hrefs(page))
    assert narrowed and narrowed < everything
    tags = page.locator(RESULT).all_inner_texts()
    assert all("Reinforcement Learning" in t for t in tags)
    assert not page.console_errors


def test_tag_alone_lists_the_tags_papers(page, site_url):
    page.goto(f"{site_url}/")
    search(page, "tag:recommender")
    page.locator(RESULT).first.wait_for(timeout=15_000)
    assert any("papers/prorl/" in h for h in result_hrefs(page))
    assert not page.console_errors


def test_tag_alone_is_answered_without_the_pagefind_index(page, site_url):
    """A filter without words makes Pagefind load its whole index (3 MB at 12,000
    papers); tag-only queries are answered from a small prebuilt file instead."""
    fetched = []
    page.on("request", lambda r: fetched.append(r.url))
    page.goto(f"{site_url}/")
    page.keyboard.press("/")
    # The whole query in one input event: typed letter by letter, "t", "ta", "tag" are
    # word queries of their own, which rightly go to Pagefind.
    page.locator("input.md-search__input").fill("tag:reinforcement-learning")
    page.keyboard.press("End")  # Material queries on key events
    page.locator(RESULT).first.wait_for(timeout=15_000)
    hrefs = result_hrefs(page)
    assert any("papers/scared/" in h for h in hrefs) and len(hrefs) == 5
    assert not [u for u in fetched if "/pagefind/index/" in u or "/pagefind/filter/" in u]
    assert any(u.endswith("tag-results/reinforcement-learning.json") for u in fetched)
    assert not page.console_errors


def test_escape_closes_and_arrows_move_through_results(page, site_url):
    page.goto(f"{site_url}/")
    search(page, "policy")
    page.locator(RESULT).first.wait_for(timeout=15_000)
    page.keyboard.press("ArrowDown")
    focused = page.evaluate("document.activeElement.className")
    assert "md-search-result__link" in focused
    page.keyboard.press("Escape")
    assert not page.locator("#__search").is_checked()
    assert not page.console_errors


def test_no_match_says_so(page, site_url):
    page.goto(f"{site_url}/")
    search(page, "zzyzxqq")
    wait_for_count(page, "No matching")
    assert page.locator(RESULT).count() == 0


def test_search_works_after_instant_navigation(page, site_url):
    page.goto(f"{site_url}/")
    page.locator("a[href$='browse/']:visible").first.click()
    page.wait_for_url("**/browse/")
    search(page, "WildCat")
    page.locator(RESULT).first.wait_for(timeout=15_000)
    assert all("/papers/" in h for h in result_hrefs(page))
    assert not page.console_errors
