"""The conference's record in a real headless Chromium: an author's link opens Browse on
their papers with a chip that clears it, names match case and accents aside, the status
filter and the search page's Status facet narrow the list, and markup in a record never
runs. Expected papers are read from the page files, never from what the build wrote."""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

import pytest

from helpers import HOSTILE_RECORD, serve
from paperlist.model.page import read_page

FORM = "form.browse-filters"
CHIP = ".browse-chip"


@pytest.fixture(scope="module")
def enriched_url(enriched_site):
    server, url = serve(enriched_site)
    yield url
    server.shutdown()


def metas(site) -> dict[str, dict]:
    return {p.stem: read_page(p).meta for p in sorted((site.parent / "papers").glob("*.md"))}


def fold(name: str) -> str:
    name = "".join(c for c in unicodedata.normalize("NFKD", name)
                   if not unicodedata.combining(c))
    return " ".join(name.lower().split())


def by_author(site, name: str) -> set[str]:
    return {k for k, m in metas(site).items()
            if any(fold(a) == fold(name) for a in m.get("authors", []))}


def with_status(site, *statuses: str) -> set[str]:
    return {k for k, m in metas(site).items() if m.get("status") in statuses}


def shown(page) -> set[str]:
    return set(page.evaluate("""() => [...document.querySelectorAll(
        'ul.browse-list > li a.paper-item-title')].map(a => a.getAttribute('href')
        .split('/').filter(Boolean).pop())"""))


def status_line(page) -> str:
    return page.locator(".browse-status").inner_text()


def test_an_author_opens_their_papers_and_the_chip_clears_it(page, enriched_url, enriched_site):
    everyone = set(metas(enriched_site))
    ada = by_author(enriched_site, "Ada Lovelace")
    assert 2 < len(ada) < len(everyone)
    page.goto(f"{enriched_url}/papers/tidal-graphs/")
    page.locator(".paper-authors a", has_text="Ada Lovelace").click()
    page.wait_for_url("**/browse/?author=Ada%20Lovelace")
    page.locator(FORM).wait_for(state="visible")
    page.locator(CHIP).wait_for()
    assert shown(page) == ada
    assert page.locator(CHIP).inner_text() == "Papers by Ada Lovelace \u00d7"
    assert f"Showing {len(ada)} of {len(everyone)} papers" in status_line(page)
    assert "by Ada Lovelace" in status_line(page)
    # each row names its authors (three, then et al.)
    row = page.locator("ul.browse-list > li", has=page.locator("a[href$='tidal-graphs/']"))
    assert row.locator(".paper-item-authors").inner_text() == (
        "Zoë Ångström, Ravi Menon, Ada Lovelace et al.")
    page.locator(CHIP).click()
    assert shown(page) == everyone
    assert "author=" not in page.url and page.locator(CHIP).count() == 0
    page.go_back()  # the author's papers again: clearing the chip was an entry of its own
    page.wait_for_url("**/browse/?author=Ada%20Lovelace")
    page.locator(CHIP).wait_for()
    assert shown(page) == ada
    page.go_back()  # then the paper the author was opened from
    page.wait_for_url("**/papers/tidal-graphs/")
    assert not page.console_errors


def test_an_author_matches_case_and_accents_aside(page, enriched_url, enriched_site):
    zoe = by_author(enriched_site, "Zoë Ångström")
    assert zoe == by_author(enriched_site, "zoe angstrom") and len(zoe) == 2
    page.goto(f"{enriched_url}/browse/?author={quote('ZOE  angström')}")
    page.locator(FORM).wait_for(state="visible")
    page.locator(CHIP).wait_for()
    assert shown(page) == zoe
    assert re.fullmatch(r"Papers by Zo[eë] [AÅ]ngstr[oö]m \u00d7", page.locator(CHIP).inner_text())
    # a full name only: a part of one matches nobody, and the chip says what was asked
    page.goto(f"{enriched_url}/browse/?author=Ada")
    page.locator(CHIP).wait_for()
    assert shown(page) == set() and page.locator(CHIP).inner_text() == "Papers by Ada \u00d7"
    # an empty list says so, and how to see every paper again
    assert status_line(page).startswith(
        f'No paper of the {len(metas(enriched_site))} matches these filters ("Clear filters" '
        "shows them all); "), status_line(page)
    page.locator(".browse-clear").click()
    assert shown(page) == set(metas(enriched_site)) and "author=" not in page.url
    assert not page.console_errors


def test_the_status_filter_narrows_and_lives_in_the_url(page, enriched_url, enriched_site):
    page.goto(f"{enriched_url}/browse/")
    page.locator(FORM).wait_for(state="visible")
    page.locator("input[name='status'][value='Poster']").check()
    posters = with_status(enriched_site, "Poster")
    assert shown(page) == posters and len(posters) == 2
    assert "status=Poster" in page.url and "status Poster" in status_line(page)
    page.locator("input[name='status'][value='Oral']").check()  # either
    assert shown(page) == with_status(enriched_site, "Poster", "Oral")
    url = page.url
    other = page.context.new_page()
    other.goto(url)
    other.locator(FORM).wait_for(state="visible")
    assert shown(other) == with_status(enriched_site, "Poster", "Oral")
    assert other.locator("input[name='status'][value='Oral']").is_checked()
    other.close()
    # with an author: both narrow
    page.goto(f"{enriched_url}/browse/?author=Ada%20Lovelace&status=Poster")
    page.locator(FORM).wait_for(state="visible")
    assert shown(page) == by_author(enriched_site, "Ada Lovelace") & posters
    row = page.locator("ul.browse-list > li").first
    assert row.locator(".paper-status").inner_text() == "Poster"
    page.locator(".browse-clear").click()
    assert shown(page) == set(metas(enriched_site))
    assert not page.locator("input[name='status']:checked").count()
    assert not page.console_errors


def facet(page) -> dict[str, int]:
    return page.evaluate("""() => Object.fromEntries(
        [...document.querySelectorAll('.search-facets input[name="status"]')]
          .filter(i => !i.closest('li').hidden)
          .map(i => [i.value, parseInt(i.parentNode.querySelector(
            '.search-facet-count').textContent.replace(/[(),]/g, ''), 10)]))""")


def test_the_search_pages_status_facet(page, enriched_url, enriched_site):
    statuses = [m["status"] for m in metas(enriched_site).values() if m.get("status")]
    page.goto(f"{enriched_url}/search/?status=Poster")
    page.wait_for_function(
        "() => /^2 papers\\./.test(document.querySelector('.search-status').textContent)",
        timeout=15_000)
    results = page.eval_on_selector_all(
        ".search-results a.search-result-title", "els => els.map(a => a.getAttribute('href'))")
    assert {h.split("/")[-2] for h in results} == with_status(enriched_site, "Poster")
    assert set(page.locator(".search-result .paper-status").all_inner_texts()) == {"Poster"}
    # a facet's counts ignore its own filter: every decision, with its number of papers
    assert facet(page) == {s: statuses.count(s) for s in statuses}
    page.locator('.search-facets input[name="status"][value="Oral"]').check()
    page.wait_for_function(
        "() => /^3 papers\\./.test(document.querySelector('.search-status').textContent)",
        timeout=15_000)
    assert "status=Poster" in page.url and "status=Oral" in page.url
    assert not page.console_errors


def test_markup_in_a_record_never_runs(page, enriched_url):
    page.goto(f"{enriched_url}/papers/hostile-record/")
    authors = page.locator(".paper-authors")
    assert authors.locator("a").first.inner_text() == HOSTILE_RECORD["authors"][0]
    assert HOSTILE_RECORD["affiliations"][0] in authors.inner_text()
    assert page.locator(".paper-status").inner_text() == HOSTILE_RECORD["status"]
    page.goto(f"{enriched_url}/browse/?status={quote(HOSTILE_RECORD['status'])}")
    page.locator(FORM).wait_for(state="visible")
    assert shown(page) == {"hostile-record"}
    assert page.evaluate("window.__pwned") is None
    assert page.locator("script:not([src])", has_text="__pwned").count() == 0
    assert page.locator("img[src='x'], .paper-status b, .paper-track i").count() == 0
    assert not page.console_errors


def test_a_paper_page_cites_its_authors_for_readers_and_reference_managers(page, enriched_url,
                                                                           enriched_site):
    meta = metas(enriched_site)["tidal-graphs"]
    page.goto(f"{enriched_url}/papers/tidal-graphs/")
    bibtex = page.locator(".paper-bibtex").inner_text()
    assert "author = {" + " and ".join(meta["authors"]) + "}" in bibtex
    assert "authors not yet known" not in bibtex
    tags = page.evaluate("""() => [...document.querySelectorAll('meta[name^="citation_"]')]
        .map(m => [m.name, m.content])""")
    assert [v for k, v in tags if k == "citation_author"] == meta["authors"]
    assert ["citation_pdf_url", meta["links"]["pdf"][0]] in tags
    # The Copy BibTeX button copies what is shown.
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.locator(".paper-copy-bibtex").click()
    page.locator(".paper-copy-status", has_text="Copied").wait_for()
    assert page.evaluate("navigator.clipboard.readText()").strip() == bibtex.strip()


def inferred_by_page(site) -> dict[str, bool]:
    return {k: bool(m.get("title_inferred")) for k, m in metas(site).items()}


def marked(page, selector: str) -> dict[str, bool]:
    """Each listed paper (by page id) and whether its title is set as inferred."""
    return dict(page.eval_on_selector_all(selector, """els => els.map(a => [
        a.getAttribute('href').split(/[?#]/)[0].split('/').filter(Boolean).pop(),
        !!(a.classList.contains('inferred') || a.querySelector('.inferred'))])"""))


def test_inferred_titles_are_marked_in_every_list_that_a_script_draws(
        page, enriched_url, enriched_site):
    """Browse rows drawn by its script, the header box's results and the search page's:
    an inferred title in italics, named "inferred title" to a screen reader; a title an
    editor confirmed (TidalGraph) like any other."""
    truth = inferred_by_page(enriched_site)
    assert truth["tidal-graphs"] is False and truth["eqr"] is True
    page.goto(f"{enriched_url}/browse/?sort=name")
    page.locator(FORM).wait_for(state="visible")
    rows = marked(page, "ul.browse-list > li a.paper-item-title")
    assert rows == {k: truth[k] for k in rows} and set(rows) == set(truth)
    eqr = page.locator("ul.browse-list a.paper-item-title[href$='eqr/']")
    assert eqr.evaluate("a => getComputedStyle(a).fontStyle") == "italic"
    assert page.get_by_role("link", name=re.compile(r"^EqR: .*\(inferred title\)$")).count() == 1
    tidal = page.locator("ul.browse-list a.paper-item-title[href$='tidal-graphs/']")
    assert tidal.evaluate("a => getComputedStyle(a).fontStyle") == "normal"
    assert "Titles in italics were inferred" in page.locator(".paper-count").inner_text()

    page.goto(f"{enriched_url}/")
    page.keyboard.press("/")
    page.keyboard.type("graph")
    page.locator(".md-search-result__item").first.wait_for(timeout=15_000)
    page.wait_for_timeout(500)  # the answer to the whole word, not to a prefix
    # (the papers: "graph" names a tag too, whose page is listed above them)
    box = marked(page, ".md-search-result__item a.md-search-result__link[href*='papers/']")
    assert "tidal-graphs" in box and any(box.values()), box
    assert box == {k: truth[k] for k in box}
    legend = page.locator(".paperlist-inferred-legend")
    assert legend.is_visible() and legend.inner_text() == (
        "Titles in italics were inferred from the abstract, not taken from the paper.")
    # all of it inside the box's scrolling pane, whose foot it sits at (a float there once
    # overflowed it, showing half a line)
    pane = page.locator(".md-search__scrollwrap").bounding_box()
    shown = legend.bounding_box()
    assert shown["y"] + shown["height"] <= pane["y"] + pane["height"] + 0.5, (shown, pane)
    # results that are all confirmed titles: no word about italics
    page.goto(f"{enriched_url}/")
    page.keyboard.press("/")
    page.keyboard.type("TidalGraph")
    page.locator(".md-search-result__meta .paperlist-count", has_text="1 paper").wait_for(
        timeout=15_000)
    assert marked(page, ".md-search-result__item a.md-search-result__link") == {
        "tidal-graphs": False}
    assert not legend.is_visible()

    page.goto(f"{enriched_url}/search/?q=graph")
    page.locator(".search-results a.search-result-title").first.wait_for(timeout=15_000)
    found = marked(page, ".search-results a.search-result-title")
    assert "tidal-graphs" in found and any(found.values()), found
    assert found == {k: truth[k] for k in found}

    # the map: its list of papers (its text alternative) and a point's tooltip
    page.goto(f"{enriched_url}/map/")
    page.wait_for_function("document.querySelector('.paperlist-map').paperlistMap")
    page.locator(".map-list > summary").click()
    page.locator(".map-list-items a").first.wait_for()
    assert marked(page, ".map-list-items a") == truth
    for pid in ("tidal-graphs", "eqr"):
        point = page.evaluate("""id => { const m = document.querySelector('.paperlist-map')
            .paperlistMap; return m.screenPoint(m.indexOf(`papers/${id}/`)); }""", pid)
        page.mouse.move(point["x"], point["y"])
        title = page.locator(".map-tooltip strong")
        title.wait_for(state="visible")
        assert title.evaluate("t => t.classList.contains('inferred')") is truth[pid], pid
        page.mouse.move(0, 0)
    assert not page.console_errors
