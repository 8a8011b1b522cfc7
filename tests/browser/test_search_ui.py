"""The search UI around the engine: the header box's true count, typo notice and "Show all";
the full search page (facets, paging, the URL, keys, the live count); search from the 404
page; all of it under a sub-path.

Expected answers are computed here from the page files (never from what the build wrote),
for one-word queries whose word has no other form in the catalogue (no word shares its
first four letters), so that any engine — AND or OR, stemming or not — must find exactly
the papers whose text holds the word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest

from helpers import OTHER_VENUE, serve

COUNT = ".md-search-result__meta .paperlist-count"
SHOW_ALL = ".paperlist-search-all-link"
RESULT = ".md-search-result__item"
PAGE_RESULT = ".search-results a.search-result-title"


@dataclass
class Paper:
    path: str  # "papers/x/"
    text: str
    tags: set[str]
    venue: str
    code: bool
    data: bool


def catalogue(site: Path) -> list[Paper]:
    """The papers as their page files say, tags as slugs."""
    from paperlist.model.page import read_page
    from paperlist.model.taxonomy import load_taxonomy

    taxonomy = load_taxonomy()
    out = []
    for path in sorted((site.parent / "papers").glob("*.md")):
        page = read_page(path)
        meta = page.meta
        out.append(Paper(
            f"papers/{path.stem}/", f"{meta['title']} {meta.get('name') or ''} {page.body}",
            {taxonomy.by_name(t).slug for t in meta["tags"]}, meta["venue"],
            bool(meta["links"]["code"]), bool(meta["links"]["data"])))
    return out


def having(papers: list[Paper], word: str) -> list[Paper]:
    """The papers whose text holds `word`, after checking that no other word of the
    catalogue shares its first four letters (so no stemmer or prefix match adds any)."""
    words = {w for p in papers for w in re.findall(r"[a-z0-9]+", p.text.lower())}
    assert {w for w in words if w[:4] == word[:4]} == {word}, word
    return [p for p in papers if re.search(rf"\b{word}\b", p.text, re.IGNORECASE)]


def paths(papers: list[Paper]) -> set[str]:
    return {p.path for p in papers}


def header_search(page, query: str) -> None:
    page.keyboard.press("/")
    page.keyboard.type(query)


def shown_paths(page, selector: str) -> list[str]:
    """Site paths of the links selector matches ('papers/x/'), whatever the prefix."""
    hrefs = page.eval_on_selector_all(selector, "els => els.map(a => a.href)")
    return [re.sub(r"^.*?(papers/[^/]+/).*$", r"\1", urlsplit(h).path) for h in hrefs]


def wait_status(page, pattern: str) -> str:
    """The search page's live count, once it matches pattern."""
    page.wait_for_function(
        "p => new RegExp(p).test(document.querySelector('.search-status').textContent)",
        arg=pattern, timeout=15_000)
    return page.locator(".search-status").inner_text()


# ------------------------------------------------------------------ the header search box


def test_header_count_is_the_true_total_with_show_all(page, large_site):
    """20 of the 73 papers holding the word are listed, and the line says 20 of 73; Show
    all opens the search page with the query, which lists all 73."""
    expected = having(catalogue(large_site), "refinement")
    assert len(expected) > 50
    server, url = serve(large_site)
    try:
        page.goto(f"{url}/papers/wildcat/")
        header_search(page, "refinement")
        page.locator(COUNT).wait_for(timeout=15_000)
        assert page.locator(COUNT).inner_text() == f"20 of {len(expected)} papers"
        link = page.locator(SHOW_ALL)
        assert link.inner_text() == f"Show all {len(expected)} papers"
        link.click()
        page.wait_for_url("**/search/?q=refinement")
        assert page.locator(".search-input").input_value() == "refinement"
        assert wait_status(page, r"^\d") .startswith(f"{len(expected)} papers (1\u201350")
        assert not page.locator("#__search").is_checked()  # Material's box stayed shut
        assert page.locator(PAGE_RESULT).count() == 50
        assert set(shown_paths(page, PAGE_RESULT)) <= paths(expected)
        assert not page.console_errors
    finally:
        server.shutdown()


def test_venue_narrows_in_the_header_box(page, large_site):
    """`venue:` takes a venue's name, quoted, or a part of it (`venue:iclr`), and narrows
    the count line to that venue's papers."""
    papers = catalogue(large_site)
    other = [p for p in papers if p.venue == OTHER_VENUE]
    word = OTHER_VENUE.split()[0].lower()
    assert 20 < len(other) < len(papers) and word not in "icml 2026"
    server, url = serve(large_site)
    try:
        page.goto(f"{url}/")
        for query in (f'venue:"{OTHER_VENUE}"', f"venue:{word}"):
            page.keyboard.press("/")
            page.locator(".md-search__input").fill("")
            page.keyboard.type(query)
            page.locator(COUNT, has_text=f"20 of {len(other)} papers").wait_for(timeout=15_000)
            assert set(shown_paths(page, f"{RESULT} > a")) <= paths(other)
        assert not page.console_errors
    finally:
        server.shutdown()


def test_a_tag_in_the_query_and_a_ticked_tag_both_narrow(page, large_url, large_site):
    """search/?q=tag:a&tag=b lists the papers with both tags: a field typed in the query
    narrows, it is not one more ticked value (which would widen to either)."""
    papers = catalogue(large_site)
    counts = {}
    for p in papers:
        for a in p.tags:
            for b in p.tags - {a}:
                counts[a, b] = counts.get((a, b), 0) + 1
    (a, b), _ = max(counts.items(), key=lambda kv: (kv[1], kv[0]))
    both = [p for p in papers if {a, b} <= p.tags]
    assert 0 < len(both) < sum(a in p.tags for p in papers)
    page.goto(f"{large_url}/search/?q=tag:{a}&tag={b}")
    wait_status(page, rf"^{len(both)} papers?")
    assert set(shown_paths(page, PAGE_RESULT)) <= paths(both)
    assert not page.console_errors


def test_header_count_when_all_are_shown_and_none(page, site_url, built_site):
    expected = having(catalogue(built_site), "existing")
    page.goto(f"{site_url}/")
    header_search(page, "existing")
    page.locator(COUNT, has_text=f"{len(expected)} papers").wait_for(timeout=15_000)
    assert page.locator(COUNT).inner_text() == f"{len(expected)} papers"
    page.locator(RESULT).first.wait_for()
    # Material's keys still start at the best result, and reach Show all last
    page.keyboard.press("ArrowDown")
    assert "md-search-result__link" in page.evaluate("document.activeElement.className")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.classList.contains('paperlist-search-all-link')")
    # the box closed, its results fade out and stay: Show all is no Tab stop unseen
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('[data-md-toggle=search]').checked")
    assert page.evaluate(f"getComputedStyle(document.querySelector('{SHOW_ALL}')).visibility"
                         ) == "hidden"
    page.keyboard.press("/")
    page.locator(".md-search__input").fill("")
    page.keyboard.type("zzyzxqq")
    page.locator(COUNT, has_text="No papers found").wait_for(timeout=15_000)
    assert page.locator(SHOW_ALL).is_hidden()
    assert not page.console_errors


def test_header_enter_still_opens_the_best_result(page, site_url, built_site):
    page.goto(f"{site_url}/")
    header_search(page, "Sudoku")
    page.locator(COUNT, has_text="1 paper").wait_for(timeout=15_000)
    page.keyboard.press("Enter")
    page.wait_for_url("**/papers/eqr/**")
    assert not page.console_errors


def test_the_sites_own_pages_are_found_above_the_papers(page, site_url, built_site):
    """The help pages are in the box as in any Material site: a query naming a page
    ("contribute") lists it first, one naming a section ("change tags") lists that
    section under its page; the count line counts them apart from the papers. Enter
    opens the best paper, the page when no paper is listed. A query with a field is a
    search of papers only."""
    docs = built_site.parent / "docs"
    page_title = re.search(r"^# (.+)$", (docs / "contribute.md").read_text(), re.M)[1]
    assert "## Change tags" in (docs / "contribute.md").read_text()
    assert not any("contribut" in p.text.lower() for p in catalogue(built_site))
    page.goto(f"{site_url}/papers/wildcat/")
    header_search(page, "contribute")
    page.locator(COUNT, has_text="No papers found · 1 site page").wait_for(timeout=15_000)
    first = page.locator(f"{RESULT} a.md-search-result__link").first
    assert urlsplit(first.get_attribute("href")).path.endswith("/contribute/")
    assert first.inner_text().strip() == page_title
    assert page.locator(RESULT).count() == 1
    page.keyboard.press("Enter")
    page.wait_for_url("**/contribute/**")

    page.goto(f"{site_url}/")
    header_search(page, "change tags")
    page.wait_for_function("(window.paperlistSearchBox.last || {}).query === 'change tags'",
                           timeout=15_000)
    page.locator(COUNT, has_text=re.compile("site pages$")).wait_for(timeout=15_000)
    links = [urlsplit(h) for h in page.eval_on_selector_all(
        f"{RESULT}:first-child a.md-search-result__link", "els => els.map(a => a.href)")]
    assert [(u.path, u.fragment) for u in links] == [("/contribute/", ""),
                                                      ("/contribute/", "change-tags")]
    papers = page.locator(f"{RESULT} a.md-search-result__link[href*='papers/']").count()
    groups = page.locator(f"{RESULT}:has(a[href*='papers/'])").count()
    total = re.match(r"(\d+) papers? · (\d+) site pages$", page.locator(COUNT).inner_text())
    # the site's pages are counted apart from the papers
    assert total and int(total[1]) == papers == groups > 0
    assert int(total[2]) == page.locator(RESULT).count() - groups == 2
    # listed first, but Enter still opens the best paper
    best = page.locator(f"{RESULT}:has(a[href*='papers/']) a.md-search-result__link").first
    best_path = urlsplit(best.evaluate("a => a.href")).path
    page.keyboard.press("Enter")
    page.wait_for_url(f"**{best_path}**")

    page.goto(f"{site_url}/")
    header_search(page, "contribute venue:icml")
    page.locator(COUNT, has_text=re.compile("^No papers found$")).wait_for(timeout=15_000)
    assert page.locator(RESULT).count() == 0
    assert not page.console_errors


def test_a_query_naming_a_tag_offers_its_page(page, site_url, built_site):
    """Typing a topic's name lists its tag's page above the papers, with its count: the
    papers holding the words are only some of the tag's. Enter still opens the best paper;
    the search page links the tag's page under its count."""
    from paperlist.model.taxonomy import load_taxonomy

    papers = catalogue(built_site)

    def typed(name: str) -> str:
        return " ".join(re.findall(r"[A-Za-z0-9]+", name)).lower()

    def holding(query: str) -> list[Paper]:
        return [p for p in papers if all(w in p.text.lower() for w in query.split())]

    # the tag whose page adds the most papers to what its name's words find
    tag = max(load_taxonomy().tags, key=lambda t: (
        sum(t.slug in p.tags for p in papers) - len(holding(typed(t.name)))))
    query, count = typed(tag.name), sum(tag.slug in p.tags for p in papers)
    assert count > len(holding(query)) and count > 1
    page.goto(f"{site_url}/")
    header_search(page, query)
    page.locator(COUNT, has_text=re.compile(" · 1 tag$")).wait_for(timeout=15_000)
    first = page.locator(f"{RESULT}:first-child")
    assert urlsplit(first.locator("a").first.get_attribute("href")).path.endswith(
        f"/tags/{tag.slug}/")
    assert first.inner_text().split("\n")[0].strip() == tag.name
    assert f"Tag \u00b7 {count} papers" in first.inner_text()
    if holding(query):  # Enter opens the best paper, not the tag
        best = page.locator(f"{RESULT}:has(a[href*='papers/']) a.md-search-result__link").first
        best_path = urlsplit(best.evaluate("a => a.href")).path
        page.keyboard.press("Enter")
        page.wait_for_url(f"**{best_path}**")

    page.goto(f"{site_url}/search/?q={query.replace(' ', '+')}")
    line = page.locator(".search-topics")
    line.wait_for(timeout=15_000)
    assert line.inner_text() == f"Tag: {tag.name} ({count} papers)"
    line.locator("a").click()
    page.wait_for_url(f"**/tags/{tag.slug}/")
    page.goto(f"{site_url}/search/?q=zzyzxqq")
    wait_status(page, "^No papers found")
    assert page.locator(".search-topics").is_hidden()
    assert not page.console_errors


def test_the_worker_starts_with_the_hook_and_is_the_one_material_uses(page, site_url):
    """Our worker is started by the search hook, before Material's bundle runs (which
    creates its worker only later), so it loads the engine while the page settles; it
    is started once, and it is the one whose answers the box shows."""
    page.add_init_script("""(() => {
      const Native = window.Worker;
      window.__workers = [];
      window.Worker = class extends Native {
        constructor(url, options) {
          super(url, options);
          const script = document.currentScript;
          window.__workers.push({url: String(url), by: script ? script.src : ""});
        }
      };
    })()""")
    fetched = []
    page.context.on("request", lambda r: fetched.append(r.url))
    page.goto(f"{site_url}/")
    header_search(page, "Sudoku")
    page.locator(COUNT, has_text="1 paper").wait_for(timeout=15_000)
    started = page.evaluate("window.__workers")
    # the engine and its settings come inside the worker (search/index.py worker_script)
    engine = [u for u in fetched
              if urlsplit(u).path.endswith(("/search-stem.js", "/search-text.js",
                                            "/search-rank.js", "/search-load.js",
                                            "/search-core.js",
                                            "/engine.json"))]
    assert any(u.endswith("/search-worker.js") for u in fetched) and not engine, fetched
    ours = [w for w in started if w["url"].endswith("assets/paperlist/search-worker.js")]
    assert len(ours) == 1, started
    assert ours[0]["by"].endswith("assets/paperlist/search-hook.js"), started
    assert not page.console_errors


def test_header_typo_is_corrected_with_a_notice(page, site_url, built_site):
    page.goto(f"{site_url}/")
    header_search(page, "Sudokku")
    notice = page.locator(".md-search-result__meta .paperlist-corrected")
    notice.wait_for(timeout=15_000)
    assert notice.inner_text() == "Showing results for sudoku"
    assert notice.locator("em").inner_text() == "sudoku"
    page.locator(RESULT).first.wait_for(timeout=15_000)
    assert shown_paths(page, f"{RESULT} a.md-search-result__link")[0] == "papers/eqr/"
    assert not page.console_errors


def test_a_word_no_paper_has_is_left_out_and_the_line_says_so(page, site_url):
    """"quantum" is in no abstract and nothing is one edit from it: searched with another
    word, the papers listed are that word's, and the line says "quantum" was left out (the
    list read as papers on both). Two words held, but never by one paper, list the papers
    holding either, and say that too. A short word is not "corrected" into another real
    one two edits away ("nowhere" was searched as "where")."""
    listed = {}
    for query in ("quantum mechanism", "mechanism", "sudoku diffusion", "nowhere"):
        page.goto(f"{site_url}/search/?q={query}")
        status = wait_status(page, r"^(\d+ papers?\.|No papers found)")
        listed[query] = (sorted(shown_paths(page, PAGE_RESULT)), status)
    papers, status = listed["quantum mechanism"]
    assert papers and papers == listed["mechanism"][0]
    assert status.endswith("No paper has \u201cquantum\u201d: left out of the search."), status
    assert "No paper has" not in listed["mechanism"][1]
    papers, status = listed["sudoku diffusion"]
    assert "papers/eqr/" in papers and len(papers) > 1, papers
    assert status.endswith("No paper has all the words: the papers listed have some of "
                           "them."), status
    assert listed["nowhere"] == ([], listed["nowhere"][1])
    assert "where" not in listed["nowhere"][1].replace("nowhere", ""), listed["nowhere"]
    # the shipped papers list no authors: `author:` says so, rather than suggest a name
    page.goto(f"{site_url}/search/?q=author:lovelace")
    status = wait_status(page, "authors")
    assert "No paper in this catalogue lists its authors yet." in status, status
    assert "author:" not in page.locator("#paperlist-search-help").inner_text()
    # the header box says it alike
    page.goto(f"{site_url}/")
    header_search(page, "quantum mechanism")
    notice = page.locator(".md-search-result__meta .paperlist-corrected")
    notice.wait_for(timeout=15_000)
    assert notice.inner_text().startswith("No paper has \u201cquantum\u201d")
    assert not page.console_errors


def test_a_misspelling_that_stems_as_a_word_does_is_corrected_and_a_word_is_not(
        page, site_url, built_site):
    """"reinforcment" stems as "reinforcement" does ("reinforc"), so Pagefind answers it
    with that word's papers, and without the notice the reader would never learn it was
    misspelt; "reinforcemenz" is all of "reinforcement" but its last two letters, which no
    word ends with. "reinforcing", of the same stem but in no abstract and one edit from
    no word, is a word: it keeps the stem's papers and is not "corrected"."""
    page.goto(f"{site_url}/")
    header_search(page, "reinforcment")
    notice = page.locator(".md-search-result__meta .paperlist-corrected")
    notice.wait_for(timeout=15_000)
    assert notice.inner_text() == "Showing results for reinforcement"
    found = {}
    for query in ("reinforcement", "reinforcment", "reinforcemenz", "reinforcing"):
        page.goto(f"{site_url}/search/?q={query}")
        status = wait_status(page, r"^\d+ papers?\.")
        found[query] = (sorted(shown_paths(page, PAGE_RESULT)), "Showing results" in status)
    assert found["reinforcement"][0], "the shipped list has papers on reinforcement learning"
    assert found["reinforcment"] == (found["reinforcement"][0], True)
    assert found["reinforcemenz"] == (found["reinforcement"][0], True)
    assert found["reinforcing"] == (found["reinforcement"][0], False)
    assert not page.console_errors


# ------------------------------------------------------------------ the full search page


def test_search_page_searches_an_unmatched_phrase_as_words(page, site_url):
    """The search page answers a quoted phrase no paper holds as the header box does: its
    words searched, and the line says so; the query stays as typed."""
    page.goto(f"{site_url}/search/?q=%22coreset+weighted%22+atention")
    status = wait_status(page, r"^\d+ papers?\.")
    assert status.endswith("No paper has the quoted words in that order. "
                           "Showing results for coreset weighted attention"), status
    assert page.locator(".search-status .paperlist-corrected em").all_inner_texts() == [
        "attention"]  # and the word it corrected
    assert shown_paths(page, PAGE_RESULT)[0] == "papers/wildcat/"
    assert page.locator(".search-input").input_value() == '"coreset weighted" atention'
    assert not page.console_errors


@pytest.fixture(scope="module")
def large_url(large_site):
    server, url = serve(large_site)
    yield url
    server.shutdown()


def facet_counts(page, key: str) -> dict[str, int]:
    """value -> count of the facet's visible checkboxes."""
    return page.evaluate("""key => Object.fromEntries(
        [...document.querySelectorAll(`.search-facets input[name="${key}"]`)]
          .filter(i => !i.closest('li')?.hidden)
          .map(i => [i.value, parseInt(i.parentNode.querySelector(
            '.search-facet-count').textContent.replace(/[(),]/g, ''), 10)]))""", key)


def test_filters_narrow_results_and_count_disjunctively(page, large_url, large_site):
    papers = catalogue(large_site)
    matching = having(papers, "unbiased")
    tag = max({t for p in matching for t in p.tags}, key=lambda t: (
        sum(t in p.tags for p in matching), t))
    page.goto(f"{large_url}/search/?q=unbiased")
    wait_status(page, rf"^{len(matching)} papers")
    by_tag = facet_counts(page, "tag")
    assert by_tag == {t: n for t in {t for p in matching for t in p.tags}
                      if (n := sum(t in p.tags for p in matching))}
    assert facet_counts(page, "venue") == {
        v: sum(p.venue == v for p in matching) for v in {p.venue for p in matching}}
    page.locator(f'.search-facets input[name="tag"][value="{tag}"]').check()
    tagged = [p for p in matching if tag in p.tags]
    wait_status(page, rf"^{len(tagged)} papers?\.")
    assert f"tag={tag}" in page.url
    assert set(shown_paths(page, PAGE_RESULT)) == paths(tagged)
    assert facet_counts(page, "tag") == by_tag  # a facet's counts ignore its own filter
    page.locator('.search-facets input[name="code"]').check()
    both = [p for p in tagged if p.code]
    wait_status(page, rf"^({len(both)} papers?\.|No papers found)")
    assert set(shown_paths(page, PAGE_RESULT)) == paths(both)
    assert "code=1" in page.url
    coded = [p for p in matching if p.code]  # the tag facet now counts papers with code
    assert facet_counts(page, "tag")[tag] == sum(tag in p.tags for p in coded)
    page.go_back()  # a filter is a history entry
    wait_status(page, rf"^{len(tagged)} papers?\.")
    assert not page.locator('.search-facets input[name="code"]').is_checked()
    assert not page.console_errors


def test_the_empty_search_page_offers_every_filter_with_its_count(page, large_url, large_site):
    """It said "Type to search, or choose a filter" over filters counted on no paper:
    "Has code (0)" and no tags at all."""
    papers = catalogue(large_site)
    fetched = []
    page.on("request", lambda r: fetched.append(r.url) if r.url.endswith(".pf_fragment") else None)
    # as at 12,000 papers, with no file of every fragment: each is fetched on its own
    page.route("**/fragments.json", lambda route: route.fulfill(
        body="null", content_type="application/json"))
    page.goto(f"{large_url}/search/")
    wait_status(page, r"^Type to search, or choose a filter\.")
    page.wait_for_function("document.querySelectorAll('.search-facets input[name=tag]').length")
    tags = {t for p in papers for t in p.tags}
    assert facet_counts(page, "tag") == {t: sum(t in p.tags for p in papers) for t in tags}
    assert page.locator(PAGE_RESULT).count() == 0 and page.locator(".search-pager").is_hidden()
    assert fetched == []  # no excerpt of a result not shown (it fetched fifty)
    page.unroute("**/fragments.json")
    assert not page.console_errors


def test_pages_of_fifty_from_a_filter_alone(page, large_url, large_site):
    """An empty query with a venue filter lists that venue's papers, 50 a page."""
    papers = [p for p in catalogue(large_site) if p.venue == OTHER_VENUE]
    assert 50 < len(papers) <= 100
    page.goto(f"{large_url}/search/?venue={quote(OTHER_VENUE)}")
    wait_status(page, rf"^{len(papers)} papers \(1\u201350, page 1 of 2\)")
    first = shown_paths(page, PAGE_RESULT)
    assert page.locator(".search-pager [aria-current=page]").inner_text() == "1"
    page.locator(".search-pager a[rel=next]").click()
    wait_status(page, rf"^{len(papers)} papers \(51\u2013{len(papers)}, page 2 of 2\)")
    second = shown_paths(page, PAGE_RESULT)
    assert len(first) == 50 and len(second) == len(papers) - 50
    assert set(first) | set(second) == paths(papers) and not set(first) & set(second)
    assert "page=2" in page.url and page.evaluate(
        "document.activeElement.classList.contains('search-result-title')")
    page.go_back()
    # With instant navigation Material swaps a fresh copy of the page in after our own
    # popstate answer, and that copy answers again: wait for page 1's list, however drawn.
    page.wait_for_function(
        """([s, want]) => {
             const got = [...document.querySelectorAll(s)].map((a) => a.href);
             return got.length === want.length && got.every((h, i) => h.includes(want[i]));
           }""", arg=[PAGE_RESULT, first], timeout=15_000)
    wait_status(page, r"page 1 of 2")
    assert not page.console_errors


def test_the_url_is_the_view(page, large_url, large_site):
    """search/?q=…&tag=a&tag=b&page=2 loaded directly: the box, the boxes ticked, page 2
    of the papers holding the word and carrying either tag (OR within a facet)."""
    matching = having(catalogue(large_site), "derive")
    tags = sorted({t for p in matching for t in p.tags},
                  key=lambda t: (-sum(t in p.tags for p in matching), t))
    chosen = []
    while len([p for p in matching if set(chosen) & p.tags]) <= 55:
        chosen.append(tags[len(chosen)])
    expected = [p for p in matching if set(chosen) & p.tags]
    query = "&".join(["q=derive", *(f"tag={t}" for t in chosen), "page=2"])
    page.goto(f"{large_url}/search/?{query}")
    wait_status(page, rf"^{len(expected)} papers \(51\u2013{len(expected)}, page 2 of 2\)")
    assert page.locator(".search-input").input_value() == "derive"
    ticked = page.eval_on_selector_all('.search-facets input[name="tag"]:checked',
                                       "els => els.map(e => e.value)")
    assert sorted(ticked) == sorted(chosen)
    assert set(shown_paths(page, PAGE_RESULT)) < paths(expected)
    assert urlsplit(page.url).query == query  # written back as it was
    assert not page.locator("#__search").is_checked()
    assert not page.console_errors


def test_keys_and_the_live_count(page, large_url):
    page.goto(f"{large_url}/search/?q=refinement")
    status = page.locator(".search-status")
    assert status.get_attribute("aria-live") == "polite"
    wait_status(page, r"^\d+ papers")
    page.locator("h1").click()  # focus out of the box
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "paperlist-search-q"
    assert not page.locator("#__search").is_checked()  # not Material's header box
    page.keyboard.press("ArrowDown")
    links = shown_paths(page, PAGE_RESULT)
    focused = lambda: shown_paths(page, ".search-results a:focus")  # noqa: E731
    assert focused() == links[:1]
    page.keyboard.press("j")
    assert focused() == links[1:2]
    page.keyboard.press("k")
    assert focused() == links[:1]
    page.keyboard.press("/")
    page.keyboard.press("Control+A")
    page.keyboard.type("zzyzxqq")  # typing searches, after a pause
    wait_status(page, r"^No papers found\.$")
    assert "q=zzyzxqq" in page.url
    page.keyboard.press("Control+A")
    page.keyboard.type("refinement")
    wait_status(page, r"^\d+ papers")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/{links[0]}")
    assert not page.console_errors


def test_slash_in_the_empty_focused_box_is_the_key_not_a_letter(page, large_url):
    """The empty search page has its box in focus already; a reader who presses "/", as
    the help says, then types, searched "/graph"."""
    page.goto(f"{large_url}/search/")
    page.wait_for_function("document.activeElement.id === 'paperlist-search-q'")
    page.keyboard.press("/")
    page.keyboard.type("refinement")
    wait_status(page, r"^\d+ papers")
    assert page.locator("#paperlist-search-q").input_value() == "refinement"
    assert "q=refinement" in page.url
    page.keyboard.type(" a/b")  # a slash in a query is still a letter
    assert page.locator("#paperlist-search-q").input_value() == "refinement a/b"


def test_result_links_to_paper_and_tag_pages(page, large_url):
    page.goto(f"{large_url}/search/?q=refinement")
    wait_status(page, r"^\d+ papers")
    first = page.locator(".search-result").first
    chip = first.locator("a.paper-tag").first
    name = chip.inner_text()
    chip.click()
    page.wait_for_url("**/tags/*/")
    assert page.locator("h1").inner_text() == name
    assert not page.console_errors


# ------------------------------------------------------------------ 404 and a sub-path


def missing(page) -> list[str]:
    """Start recording the URLs the page asks for and the server does not have."""
    urls: list[str] = []
    page.on("response", lambda r: r.status >= 400 and urls.append(urlsplit(r.url).path))
    return urls


def only_the_missing_page(page, missing_urls: list[str], asked: list[str]) -> None:
    """The only error was the missing page itself, asked on purpose (the browser logs its
    404 as a console error)."""
    assert missing_urls == asked
    assert all("status of 404" in e for e in page.console_errors)
    assert len(page.console_errors) == len(asked)


def test_search_from_the_404_page_finds_papers(page, built_site):
    server, url = serve(built_site, prefix="/")
    try:
        errors = missing(page)
        response = page.goto(f"{url}/no/such/deep/path/")
        assert response.status == 404
        header_search(page, "WildCat")
        page.locator(RESULT).first.wait_for(timeout=15_000)
        assert shown_paths(page, f"{RESULT} a.md-search-result__link")[0] == "papers/wildcat/"
        page.locator(COUNT, has_text="1 paper").wait_for(timeout=15_000)
        assert urlsplit(page.locator(SHOW_ALL).get_attribute("href")).path == "/search/"
        page.locator(f"{RESULT} a").first.click()
        page.wait_for_url("**/papers/wildcat/**")
        assert page.locator("h1.paper-title").inner_text().startswith("WildCat")
        only_the_missing_page(page, errors, ["/no/such/deep/path/"])
    finally:
        server.shutdown()


def test_the_404_page_offers_a_search_for_the_words_of_the_address(page, built_site):
    """A mistyped or cut paper address still holds what the reader was after: the 404 page
    offers it as a search, which finds the paper; an address without words offers none."""
    server, url = serve(built_site, prefix="/")
    try:
        errors = missing(page)
        assert page.goto(f"{url}/papers/wildcat-attention/").status == 404
        assert page.locator("h1").inner_text() == "Page not found"
        offer = page.locator(".notfound-search a")
        assert offer.is_visible()
        assert offer.inner_text().replace("\u201c", "").replace("\u201d", "") == (
            "Search the papers for wildcat attention")
        offer.click()
        page.wait_for_url("**/search/?q=wildcat%20attention")
        wait_status(page, r"^\d+ papers?\.")
        assert shown_paths(page, PAGE_RESULT)[0] == "papers/wildcat/"
        asked = ["/papers/wildcat-attention/"]
        # the site's own folders and file names are not the reader's words; a part that
        # is not valid percent-encoding is read as written
        # (a stale /browse/2/ at 19 papers, whose browse has one page, offered "browse")
        for path, words in (("/2024/", None), ("/papers/", None), ("/browse/2/", None),
                            ("/map/old/", "old"), ("/search/x/", "x"),
                            ("/papers/wildcat-attention/index.html", "wildcat attention"),
                            ("/papers/100%-recall/", "100% recall")):
            assert page.goto(url + path).status == 404
            asked.append(path)
            if words is None:
                assert not page.locator(".notfound-search").is_visible(), path
            else:
                assert urlsplit(offer.get_attribute("href")).query == (
                    "q=" + quote(words)), path
        for link, path in (("Home", "/"), ("Browse all papers", "/browse/"), ("Tags", "/tags/")):
            href = page.locator(".md-content a", has_text=link).first.get_attribute("href")
            assert urlsplit(href).path == path, link
        only_the_missing_page(page, errors, asked)
    finally:
        server.shutdown()


def test_everything_works_under_a_sub_path(page, subpath_site):
    """A GitHub project site: served at /repo/, site_url https://example.org/repo/."""
    server, url = serve(subpath_site, prefix="/repo/")
    try:
        errors = missing(page)
        for start in ("/repo/papers/eqr/", "/repo/missing/deep/page"):  # the 404 page too
            page.goto(url + start)
            header_search(page, "WildCat")
            page.locator(COUNT, has_text="1 paper").wait_for(timeout=15_000)
            href = page.locator(f"{RESULT} a.md-search-result__link").first.get_attribute("href")
            assert urlsplit(href).path == "/repo/papers/wildcat/"
            assert urlsplit(page.locator(SHOW_ALL).get_attribute("href")).path == "/repo/search/"
        offer = urlsplit(page.locator(".notfound-search a").get_attribute("href"))
        assert (offer.path, offer.query) == ("/repo/search/", "q=page")  # the 404's words
        page.goto(url + "/repo/2024/")  # the base path is not a word of the address
        assert not page.locator(".notfound-search").is_visible()
        page.goto(url + "/repo/missing/deep/page")
        page.locator(".md-search__input").wait_for(state="attached")
        header_search(page, "WildCat")
        page.locator(COUNT, has_text="1 paper").wait_for(timeout=15_000)
        page.locator(SHOW_ALL).click()
        page.wait_for_url("**/repo/search/?q=WildCat")
        wait_status(page, r"^1 paper\.")
        page.locator(PAGE_RESULT).click()
        page.wait_for_url("**/repo/papers/wildcat/")
        assert page.locator("h1.paper-title").inner_text().startswith("WildCat")
        only_the_missing_page(page, errors, ["/repo/missing/deep/page", "/repo/2024/",
                                             "/repo/missing/deep/page"])
    finally:
        server.shutdown()


def test_on_a_phone_the_filters_fold_and_the_results_come_first(browser, large_url):
    """At 390 px the facets stood above the results, whose first was a screen and more
    down; there they fold under a "Filters" button, open at a tap."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    try:
        pg = context.new_page()
        pg.goto(f"{large_url}/search/?q=learning")
        pg.locator(PAGE_RESULT).first.wait_for(timeout=15_000)
        toggle = pg.locator(".search-filters-toggle")
        assert toggle.is_visible() and pg.locator(".search-facets").is_hidden()
        assert pg.locator(PAGE_RESULT).first.bounding_box()["y"] < 844
        # no keys to tell of on a touch screen (a desktop's help names them)
        assert pg.locator(".search-keys").is_hidden()
        assert pg.locator(".search-help", has_text="Words").is_visible()
        assert toggle.get_attribute("aria-expanded") == "false"
        toggle.click()
        assert pg.locator('.search-facets input[name="code"]').is_visible()
    finally:
        context.close()


def test_on_a_desktop_the_filters_show_unfolded(page, large_url):
    page.goto(f"{large_url}/search/?q=learning")
    page.locator(PAGE_RESULT).first.wait_for(timeout=15_000)
    assert page.locator(".search-filters-toggle").is_hidden()
    assert page.locator('.search-facets input[name="code"]').is_visible()
    assert page.locator(".search-keys").is_visible()  # `/`, arrows, j k, Enter


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800},
                                      {"width": 390, "height": 844}])
def test_a_long_query_does_not_run_under_the_boxs_buttons(browser, site_url, viewport):
    """The header box holds two buttons at its end (share, clear); Material leaves room
    for one, so a long query's last letters ran under the share button."""
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.goto(f"{site_url}/")
        page.keyboard.press("/")
        page.keyboard.type("graph neural networks for molecular property prediction")
        page.locator(".md-search__options > *").first.wait_for()
        room = page.evaluate("""() => {
            const input = document.querySelector('.md-search__input');
            const box = input.getBoundingClientRect();
            const textEnds = box.right - parseFloat(getComputedStyle(input).paddingRight);
            const buttons = [...document.querySelectorAll('.md-search__options > *')]
              .filter((b) => b.getBoundingClientRect().width > 0)
              .map((b) => b.getBoundingClientRect().left);
            return {textEnds, buttons};
        }""")
        assert len(room["buttons"]) == 2
        assert room["textEnds"] <= min(room["buttons"])
    finally:
        context.close()


def test_a_flag_no_result_has_is_not_offered(page, site_url):
    """ "Has data (0)" was a checkbox that could only empty the results."""
    data = '.search-facets input[name="data"]'
    page.goto(f"{site_url}/search/?q=attention")
    wait_status(page, r"^\d+ papers?")
    page.wait_for_function("document.querySelector('.search-facet-flag .search-facet-count')"
                           "?.textContent.startsWith('(')")
    assert page.locator(data).is_hidden()
    page.goto(f"{site_url}/search/?q=CyberJurors")  # the one paper with a data link
    wait_status(page, r"^\d+ papers?")
    page.wait_for_function(f"!document.querySelector('{data}').closest('[hidden]')")
    assert page.locator(data).is_visible()
    assert not page.console_errors
