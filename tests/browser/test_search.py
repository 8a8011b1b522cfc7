"""Search: Material's search box answered from the Pagefind index of the paper pages.

The large-N numbers are `scripts/tools/bench.py`'s job; these check behaviour on the
shipped 19 papers: results, the tag filter, keys, instant navigation, no console errors.
"""

from __future__ import annotations

import itertools
import json
import re
from importlib import metadata
from pathlib import Path
from typing import NamedTuple
from urllib.parse import quote_plus, urlsplit

import pytest

from helpers import SHIPPED_LIST, pagefind_fragments, serve
from paperlist.model.page import read_page
from paperlist.search.chunks import read_cbor_file
from paperlist.search.data import family, settings, spread

RESULT = ".md-search-result__item"


def search(page, query: str) -> None:
    """Type a query into the header search box as a reader would ('/' focuses it)."""
    page.keyboard.press("/")
    page.keyboard.type(query)


def result_hrefs(page) -> list[str]:
    links = page.locator(f"{RESULT} a.md-search-result__link")
    return [links.nth(i).get_attribute("href") for i in range(links.count())]


def wait_for_count(page, text: str | re.Pattern) -> None:
    page.locator(".md-search-result__meta", has_text=text).wait_for(timeout=15_000)


#: Material's line for no results, or ours (assets/search-box.js) once the worker sends the
#: engine's totals
NO_MATCH = re.compile(r"^(No matching documents|No papers found)$")


# ------------------------------------------------------------------------------ the build


def test_only_paper_pages_are_indexed(built_site):
    fragments = pagefind_fragments(built_site)
    assert all(url.startswith("/papers/") for url in fragments) and len(fragments) == 19
    wildcat = fragments["/papers/wildcat/"]
    assert wildcat["meta"]["name"] == "WildCat" and wildcat["filters"]["tag"]
    # no section heading stored as an anchor: results never link to one
    assert [f["anchors"] for f in fragments.values()] == [[]] * 19
    # the pages themselves carry none of Pagefind's markup: the index is made apart
    paper = (built_site / "papers/wildcat/index.html").read_text(encoding="utf-8")
    assert "data-pagefind-body" not in paper and "data-pagefind-filter" not in paper
    entry = json.loads((built_site / "pagefind/pagefind-entry.json").read_text())
    assert entry["languages"]["en"]["page_count"] == 19


def test_every_page_uses_our_worker_and_lunr_gets_no_papers(built_site):
    for path in ("index.html", "papers/eqr/index.html", "tags/index.html"):
        html = (built_site / path).read_text(encoding="utf-8")
        config = json.loads(re.search(r'<script id="__config"[^>]*>(.*?)</script>', html,
                                      re.DOTALL).group(1))
        assert config["search"].endswith("assets/paperlist/search-worker.js")
    worker = (built_site / "assets/paperlist/search-worker.js").read_text(encoding="utf-8")
    # the engine's two scripts inline, in order, instead of two more fetches in a row
    assert "\nimportScripts(" not in worker
    text, core = (worker.index(f"paperlistSearch{x} =") for x in ("Text", ""))
    assert text < core < worker.index('self.addEventListener("message"')
    # and engine.json's content, which the box then never fetches
    inline = re.search(r"^self\.paperlistEngineData = (.*);$", worker, re.MULTILINE)
    engine = (built_site / "assets/paperlist/search/engine.json").read_text(encoding="utf-8")
    assert json.loads(inline.group(1)) == json.loads(engine)
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
    assert first.locator(".md-tag").all_inner_texts() == ["Efficient ML & Compression",
                                                          "Transformers & Attention"]
    assert first.locator("mark").count() >= 1
    assert not page.console_errors


@pytest.mark.parametrize("word", ["diffusion", "equilibrium", "reward"])
def test_each_excerpt_shows_the_word_its_abstract_holds(page, site_url, built_site, word):
    """A result's excerpt is the stretch of its abstract where the searched word is, marked
    (wherever in the abstract it stands, not only in its first sentences)."""
    from paperlist.model.page import read_page

    holding = {f"papers/{p.stem}/" for p in (built_site.parent / "papers").glob("*.md")
               if re.search(rf"\b{word}", read_page(p).body, re.IGNORECASE)}
    assert len(holding) >= 2, word
    page.goto(f"{site_url}/")
    search(page, word)
    page.locator(RESULT).first.wait_for(timeout=15_000)
    # ("diffusion" names a tag too: its page is listed above the papers)
    wait_for_count(page, re.compile(r"^\d+ papers?( · 1 tag)?$"))
    shown = page.eval_on_selector_all(RESULT, """items => items.map(item => [
      item.querySelector("a.md-search-result__link").href,
      item.querySelectorAll("article p:not(.paperlist-byline) mark").length])""")
    checked = [(urlsplit(href).path.lstrip("/"), marks) for href, marks in shown
               if urlsplit(href).path.lstrip("/") in holding]
    assert len(checked) == len(holding)
    assert all(marks for _, marks in checked), checked
    assert not page.console_errors


def first_excerpt(page, site_url: str, query: str, expected: str) -> str:
    """The first result's excerpt for a query typed into the header box, the result being
    the paper at `expected` (a URL path)."""
    page.goto(f"{site_url}/")
    search(page, query)
    first = page.locator(RESULT).first
    first.wait_for(timeout=15_000)
    assert expected in result_hrefs(page)[0]
    return first.locator("article p:not(.paperlist-byline)").last.inner_text()


def test_an_excerpt_from_the_start_begins_with_the_abstract(page, site_url, built_site):
    """A result whose best stretch is its abstract's start shows that start, not the short
    name and separators the page has between title and abstract (". WildCat · We ...")."""
    from paperlist.model.page import read_page

    body = read_page(built_site.parent / "papers" / "wildcat.md").body
    excerpt = first_excerpt(page, site_url, "WildCat", "papers/wildcat/")
    assert excerpt.split()[:4] == body.split()[:4], excerpt


def test_an_excerpt_writes_a_formula_as_its_page_shows_it(page, site_url):
    """WildCat's abstract says it runs in `$O(n^{1+o(1)})$` time: its excerpt read
    "O(n1+o(1))", MathML's text run together, which says another thing."""
    excerpt = first_excerpt(page, site_url, "near-linear time", "papers/wildcat/")
    assert "near-linear O(n\u00b9\u207a\u1d52\u207d\u00b9\u207e) time" in excerpt, excerpt
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
    papers); tag-only queries are answered from the tag's own list of papers instead, not
    even the catalogue file (908 KB at 30,000 papers)."""
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
    assert any(u.endswith("search/tags/reinforcement-learning.json") for u in fetched)
    assert not any(u.endswith("search/catalogue.json") for u in fetched)
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
    wait_for_count(page, NO_MATCH)
    assert page.locator(RESULT).count() == 0


def test_search_works_after_instant_navigation(page, site_url):
    page.goto(f"{site_url}/")
    page.locator("a[href$='browse/']:visible").first.click()
    page.wait_for_url("**/browse/")
    search(page, "WildCat")
    page.locator(RESULT).first.wait_for(timeout=15_000)
    assert all("/papers/" in h for h in result_hrefs(page))
    assert not page.console_errors


# ------------------------------------------------------------------ `tag:` for every tag

META = ".md-search-result__meta"
#: what Material's result meta says while the search box is empty
PLACEHOLDER = "Type to start searching"


def papers_by_tag(built_site) -> dict[str, set[str]]:
    """Tag slug -> site paths of the papers carrying it, for every tag of the taxonomy.

    Read from the pages' frontmatter (display names) and the taxonomy, not from anything
    the build wrote, so a wrong index or tag file cannot make its own answer key.
    """
    from paperlist.model.page import read_page
    from paperlist.model.taxonomy import load_taxonomy

    taxonomy = load_taxonomy()
    papers = {tag.slug: set() for tag in taxonomy.tags}
    for path in sorted((built_site.parent / "papers").glob("*.md")):
        for name in read_page(path).tags:
            papers[taxonomy.by_name(name).slug].add(f"papers/{path.stem}/")
    return papers


def open_search(page, site_url: str) -> None:
    page.goto(f"{site_url}/")
    page.keyboard.press("/")
    page.locator(META, has_text=PLACEHOLDER).wait_for(timeout=15_000)


def ask(page, site_url: str, query: str) -> list[str]:
    """The site paths Material lists for `query`, on a page whose search box is open.

    Typed letter by letter, every prefix ("tag:m", "tag:mu", ...) is a query of its own and
    it is unknowable which answer the list shows. So the box is emptied first and its
    answer awaited (the placeholder: the previous results are gone), then the query is
    entered whole, with one keyup (Material queries on keyup): all but its last letter
    pasted, the last typed. The list has updated once the meta no longer shows the
    placeholder and holds as many results as it announces (Material renders 10 at first),
    the site's and tags' pages it lists above the papers ("3 papers · 1 tag") included;
    only the papers are returned.
    """
    page.keyboard.press("Control+A")
    page.keyboard.press("Backspace")
    page.locator(META, has_text=PLACEHOLDER).wait_for(timeout=15_000)
    page.keyboard.insert_text(query[:-1])
    page.keyboard.type(query[-1])
    page.wait_for_function(
        """placeholder => {
             const meta = document.querySelector(".md-search-result__meta").textContent;
             if (meta === placeholder) return false;
             // "No matching ..." is 0; "3 papers · 1 tag" 4
             const announced = meta.split(" \u00b7 ")
               .reduce((n, part) => n + (parseInt(part, 10) || 0), 0);
             return document.querySelectorAll(".md-search-result__item").length
               === Math.min(announced, 10);
           }""", arg=PLACEHOLDER, timeout=15_000)
    # "papers/x/", without the "?h=<words>" that search.highlight adds
    return [path for h in result_hrefs(page)
            if (path := urlsplit(h).path.lstrip("/")).startswith("papers/")]


def test_tag_slug_finds_the_papers_of_every_tag(page, site_url, built_site):
    """`tag:<slug>` with the slug of the tag's URL (/tags/<slug>/) lists exactly that tag's
    papers, for all 43 tags; a tag no paper has says "No matching"."""
    expected = papers_by_tag(built_site)
    assert len(expected) == 43 and sum(1 for p in expected.values() if p) > 20
    assert all(len(p) <= 10 for p in expected.values())  # the whole answer is on screen
    open_search(page, site_url)
    wrong = {}
    for slug, papers in expected.items():
        hrefs = ask(page, site_url, f"tag:{slug}")
        if sorted(hrefs) != sorted(papers):
            wrong[slug] = sorted(hrefs)
        elif not papers:
            assert NO_MATCH.match(page.locator(META).inner_text())
    assert not wrong, f"{len(wrong)} of {len(expected)} tags answered wrongly: {wrong}"
    assert not page.console_errors


def test_tag_and_word_together_narrow_to_both(page, site_url, built_site):
    """`tag:<slug> word` lists the papers that match the word and carry the tag, also for
    a tag whose name holds a comma and an ampersand (Pagefind filters by name)."""
    expected = papers_by_tag(built_site)
    open_search(page, site_url)
    for slug, word in (("multimodal-models", "reasoning"),
                       ("benchmarks-and-evaluation", "benchmark")):
        matching = set(ask(page, site_url, word))
        both = matching & expected[slug]
        # the word and the tag each rule out papers the other lets through
        assert both and both < matching and both <= expected[slug]
        assert sorted(ask(page, site_url, f"tag:{slug} {word}")) == sorted(both), slug
    assert not page.console_errors


def test_tag_by_name_quoted_name_or_slug_prefix(page, site_url, built_site):
    """A tag's display name, quoted (it has spaces) and in any case or spacing, the start
    of slugs (every tag whose slug begins so) or an abbreviation ("rl", "llms") are
    understood as well as the full slug."""
    expected = papers_by_tag(built_site)
    open_search(page, site_url)
    for query, slugs in (
            ('tag:"Multimodal & Vision-Language Models"', ["multimodal-models"]),
            ('tag:"benchmarks, datasets & evaluation"', ["benchmarks-and-evaluation"]),
            ("tag:robotics", ["robotics-and-embodied"]),
            ('tag:"3d VISION  &  geometry"', ["3d-and-geometry"]),
            ("tag:evolutionary-and", ["evolutionary-and-black-box"]),
            ("tag:multi", ["multi-task-and-transfer", "multimodal-models",
                           "multi-agent-systems"]),
            # an abbreviation of the taxonomy's evidence: the tag `paperlist check` suggests
            ("tag:RL", ["reinforcement-learning"]),
            ("tag:llms", ["large-language-models"])):
        want = set().union(*(expected[s] for s in slugs))
        assert sorted(ask(page, site_url, query)) == sorted(want), query
    assert not page.console_errors


def test_tag_prefix_suggests_the_slug(page, site_url):
    """With search.suggest on, a partly typed slug is completed from the taxonomy's slugs,
    also after a hyphen (Material completes only the last hyphen-separated word), and
    ArrowRight takes the completion."""
    open_search(page, site_url)
    page.keyboard.type("tag:multimodal-mo")
    page.wait_for_function(
        "() => document.querySelector('.md-search__suggest').textContent"
        " === 'tag:multimodal-models'", timeout=15_000)
    page.keyboard.press("ArrowRight")
    assert page.locator(".md-search__input").input_value() == "tag:multimodal-models"
    assert not page.console_errors


# ------------------------------------------------------------------ ranking and fields


def page_text(built_site, paper: str) -> str:
    """What a paper's page says (title, names, abstract), lower case, from its file."""
    from paperlist.model.page import read_page

    p = read_page(built_site.parent / "papers" / f"{paper}.md")
    return " ".join([p.title, str(p.meta.get("name", "")), p.body]).lower()


def test_a_title_with_words_the_page_lacks_still_finds_it(page, site_url, built_site):
    """Known-item search: a pasted title holds words the abstract does not (Pagefind alone
    answered these with nothing); the paper holding most of them comes first, and stop
    words never block it."""
    text = page_text(built_site, "wildcat")
    absent = ["policy", "reward"]  # words of other papers' abstracts, not of WildCat's
    assert not [w for w in absent if w in text]
    open_search(page, site_url)
    query = "WildCat: compressing the attention mechanism of neural networks for policy reward"
    assert ask(page, site_url, query)[0] == "papers/wildcat/"
    assert ask(page, site_url, "the attention of a coreset")[0] == "papers/wildcat/"
    assert not page.console_errors


NOTICE = ".md-search-result__meta .paperlist-corrected"


def test_quoted_phrase_matches_only_as_written(page, site_url, built_site):
    """A phrase some paper holds as written lists only those papers; one no paper holds
    (a pasted title's quoted part, a quote left open) is searched as words, and the line
    says so instead of "No papers found"."""
    text = page_text(built_site, "wildcat")
    assert "weighted coreset" in text and "coreset weighted" not in text
    apart = [p for p in ("flowcloud", "halo", "mage")
             if {"unified", "framework"} <= set(re.findall(r"\w+", page_text(built_site, p)))]
    assert apart and "unified framework" in page_text(built_site, "ota-det")
    open_search(page, site_url)
    assert set(ask(page, site_url, "unified framework")) >= {f"papers/{p}/" for p in apart}
    assert ask(page, site_url, '"unified framework"') == ["papers/ota-det/"]
    assert not page.locator(NOTICE).count()
    assert ask(page, site_url, '"weighted coreset"') == ["papers/wildcat/"]
    for query, words in (('"coreset weighted"', "coreset weighted"),
                         ('attention "coreset weighted', "attention coreset weighted")):
        assert "papers/wildcat/" in ask(page, site_url, query)[:3]
        notice = (f"No paper has the quoted words in that order. Showing results for {words}")
        page.locator(NOTICE, has_text=notice).wait_for(timeout=15_000)
        assert page.locator(NOTICE).inner_text() == notice
    # held as written, but not by a paper of the tag; held nowhere, nor its words: nothing
    for query in ('"weighted coreset" tag:reinforcement-learning', '"zzqx yyqw"'):
        assert ask(page, site_url, query) == []
        assert not page.locator(NOTICE).count()
    assert not page.console_errors


def test_a_tag_that_names_no_tag_says_how_tags_are_written(page, site_url):
    """`tag:foo` said only "No papers found"."""
    open_search(page, site_url)
    assert ask(page, site_url, "tag:zzfoo") == []
    notice = ("No tag \u201czzfoo\u201d: write a tag as its page's address has it "
              "(tag:reinforcement-learning).")
    page.locator(NOTICE, has_text=notice).wait_for(timeout=15_000)
    assert ask(page, site_url, "tag:recommender")  # a tag's slug, begun: no notice
    assert not page.locator(NOTICE).count()
    assert not page.console_errors


def test_one_typo_in_a_title_still_finds_the_paper(page, site_url):
    open_search(page, site_url)
    assert ask(page, site_url, "WildCat: compresing the atention mechanism")[0] == \
        "papers/wildcat/"
    assert not page.console_errors


@pytest.fixture(scope="module")
def authors_site(tmp_path_factory):
    """The shipped papers with authors on two pages, built and served."""
    from helpers import make_project, mkdocs_build, serve
    from paperlist.ingest.importer import run_import

    project = make_project(tmp_path_factory.mktemp("authors"))
    assert run_import(SHIPPED_LIST, project / "papers").ok
    for paper, names in (("wildcat", "[Ada Lovelace, Émilie du Châtelet]"),
                         ("prorl", "[Ada Lovelace, Alan Turing]")):
        path = project / "papers" / f"{paper}.md"
        text = path.read_text(encoding="utf-8")
        assert "\nauthors: []\n" in text
        path.write_text(text.replace("\nauthors: []\n", f"\nauthors: {names}\n", 1),
                        encoding="utf-8")
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    server, url = serve(project / "site")
    yield url
    server.shutdown()


def test_author_narrows_and_authors_are_searched_and_shown(page, authors_site):
    """`author:"Name"` lists that author's papers (names as written, case and accents as
    typed aside), or a surname's (`author:bengio` said "No papers found", and gave no hint),
    narrows words, and a name typed as words finds the paper too."""
    open_search(page, authors_site)
    assert sorted(ask(page, authors_site, 'author:"Ada Lovelace"')) == [
        "papers/prorl/", "papers/wildcat/"]
    assert ask(page, authors_site, 'author:"ada lovelace" attention') == ["papers/wildcat/"]
    assert ask(page, authors_site, 'author:"Emilie du Chatelet"') == ["papers/wildcat/"]
    # a surname or another whole word of the name: each such author's papers
    assert ask(page, authors_site, "author:turing") == ["papers/prorl/"]
    assert sorted(ask(page, authors_site, "author:Ada")) == ["papers/prorl/", "papers/wildcat/"]
    assert ask(page, authors_site, "author:chatelet attention") == ["papers/wildcat/"]
    assert ask(page, authors_site, "author:Lovel") == []  # words are whole
    notice = ("No author \u201cLovel\u201d: write a name as the papers give it "
              '(author:"Ada Lovelace") or a surname (author:lovelace).')
    page.locator(NOTICE, has_text=notice).wait_for(timeout=15_000)
    assert ask(page, authors_site, 'author:"A. Turing"') == []  # each word: "a" is none
    assert ask(page, authors_site, "Turing")[0] == "papers/prorl/"
    assert "Alan Turing" in page.locator(RESULT).first.inner_text()
    assert not page.console_errors


def test_marks_only_where_a_word_begins(page, site_url):
    """Searched words are marked at word starts, stop words not at all ("is" in "this")."""
    open_search(page, site_url)
    ask(page, site_url, "is attention on")
    html = page.locator(RESULT).first.inner_html()
    assert "<mark>attention</mark>" in html.lower()
    marks = page.eval_on_selector_all(
        f"{RESULT} mark", "ms => ms.map(m => (m.previousSibling?.textContent || ' ').slice(-1))")
    assert marks and all(not c.isalnum() for c in marks), marks
    assert "<mark>is</mark>" not in html and "<mark>on</mark>" not in html
    assert not page.console_errors


# ------------------------------------------------------------- ranking on made-up papers

RANKING_LIST = Path(__file__).parent.parent / "fixtures" / "search" / "ranking-list.txt"


def served_by_mark(tmp_path_factory, name: str, list_path: Path, marks: tuple[str, ...]):
    """The list imported and built in a project of its own, served; yields (url, paper
    path by each mark, a text only that paper's abstract has)."""
    from helpers import make_project, mkdocs_build, serve
    from paperlist.ingest.importer import run_import
    from paperlist.model.page import read_page

    project = make_project(tmp_path_factory.mktemp(name))
    assert run_import(list_path, project / "papers").ok
    ids = {}
    for path in sorted((project / "papers").glob("*.md")):
        body = read_page(path).body
        ids.update((mark, f"papers/{path.stem}/") for mark in marks if mark in body)
    assert len(ids) == len(marks)
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    server, url = serve(project / "site")
    yield url, ids
    server.shutdown()


@pytest.fixture(scope="module")
def ranking_site(tmp_path_factory):
    """19 made-up abstracts built to tell the ranking's rules apart (fixtures/search/),
    served; yields (url, paper id by a word only its abstract has)."""
    yield from served_by_mark(tmp_path_factory, "ranking", RANKING_LIST, (
        "Zorbulator", "centralized", "excess work", "graph diffusion", "heat flow",
        "citation networks", "point clouds", "coastlines", "prototypes", "edited videos",
        "proxy reward", "proximal term", "built on LLMs", "an LLM that reads", "Fast-MoE",
        "(MoE) layers", "wombat call"))


def test_a_rare_name_is_enough_when_the_other_title_words_are_common(page, ranking_site):
    """A real title's name is often the only word of it that its abstract has ("SeedThink:
    test-time control" whose abstract never says test-time control). The paper is listed,
    though five papers hold three of the four words and it holds one."""
    url, ids = ranking_site
    open_search(page, url)
    found = ask(page, url, "Zorbulator: Test-Time Control")
    assert ids["Zorbulator"] in found and len(found) == 6
    assert not page.console_errors


def test_a_word_whose_stem_the_best_page_holds_in_another_form_still_counts(page,
                                                                            ranking_site):
    """Pagefind's best page for "centralized" is the one full of "central"; the word is in
    the index all the same, so it still narrows: only the page with both words is found
    (it used to be dropped from the query, listing every page with "features")."""
    url, ids = ranking_site
    open_search(page, url)
    assert ask(page, url, "centralized features") == [ids["centralized"]]
    assert not page.console_errors


def test_the_parts_of_a_hyphenated_title_word_are_searched(page, ranking_site):
    """"Minimum-Excess-Work" finds the abstract that says "minimizing excess work"; as one
    word it matched nothing and the other guidance papers came first."""
    url, ids = ranking_site
    open_search(page, url)
    assert ask(page, url, "Minimum-Excess-Work Guidance")[0] == ids["excess work"]
    assert not page.console_errors


def test_a_word_a_line_break_cut_is_found_whole(page, ranking_site):
    """Abstracts copied from a PDF keep its line breaks' hyphens ("lan- guage"), which
    Pagefind indexes as two words: "wombat language" found no page, though one says both."""
    url, ids = ranking_site
    open_search(page, url)
    assert ask(page, url, "wombat language") == [ids["wombat call"]]
    assert not page.console_errors


#: query -> the two pages the ranking fixture's list must give first, in order (marks of
#: `ranking_site`), and why
FIRST_TWO = [
    # Both pages hold both words, the other more often ("graph" four times); the page
    # where they stand together, as in the query, comes first.
    pytest.param("graph diffusion", ["graph diffusion", "heat flow"], id="proximity"),
    # "few" makes "few-shot": it used to be a stop word, so "few-shot segmentation"
    # searched "shot segmentation" and the page on video shots (five of them) came first.
    pytest.param("few-shot segmentation", ["prototypes", "edited videos"], id="few-shot"),
    # Pagefind matches "proxy" (stem "proxi") in "proximal", which the other page holds
    # three times, in its title too; the page that says "proxy" comes first, and the
    # other still follows: it holds the query's other words.
    pytest.param("proxy reward models", ["proxy reward", "proximal term"], id="stem-itself"),
    # "llm" has no stem but itself, so "LLMs" is not "llm" to Pagefind's exact search.
    # The page whose title says "LLMs" holds the word as surely as the page that says
    # "LLM" once, and comes first; it used to count as holding only a longer word, like
    # "proximal" for "proxy", and came second. (Three words: for one or two, the words as
    # written already put it first.)
    pytest.param("LLM agents that fail", ["built on LLMs", "an LLM that reads"],
                 id="plural-of-vowelless"),
    # Pagefind indexes "Fast-MoE" as "fastmoe" and in parts, but splits "MoE" again at
    # its capitals ("mo", "e"): the page is not among the papers of "moe". The other
    # page, which writes "fast" and "MoE" apart, came first (the named page was not
    # listed). The query's compound is searched whole too, and the page that holds it
    # holds both its parts.
    pytest.param("Fast-MoE", ["Fast-MoE", "(MoE) layers"], id="hyphenated-name"),
    # The same cut left "moe" alone without the page that writes only "Fast-MoE". The
    # build gives Pagefind such parts as hidden words of the page (search/compounds.py),
    # and those of its title and name count as the title's: it now comes first, though
    # the other page writes "MoE" twice.
    pytest.param("moe", ["Fast-MoE", "(MoE) layers"], id="part-of-a-compound"),
]


@pytest.mark.parametrize(("query", "first_two"), FIRST_TWO)
def test_the_ranking_puts_the_right_pages_first(page, ranking_site, query, first_two):
    url, ids = ranking_site
    open_search(page, url)
    assert ask(page, url, query)[:2] == [ids[mark] for mark in first_two]
    assert not page.console_errors


def test_a_word_as_written_comes_before_the_other_words_of_its_stem(page, ranking_site):
    """"transformer", "transformers" and "transformations" have one stem, which is what
    Pagefind matches. The page on point-cloud transformations holds the stem four times, in
    its title too, and came first for "transformer"; the page that says "transformer" once
    now does, for the word and its plural, and the transformations page still comes first
    for its own word."""
    url, ids = ranking_site
    open_search(page, url)
    transformer, transformations = ids["coastlines"], ids["point clouds"]
    assert ask(page, url, "transformer") == [transformer, transformations]
    assert ask(page, url, "Transformers")[0] == transformer
    assert ask(page, url, "transformations")[0] == transformations
    assert not page.console_errors


def search_page_order(page, site_url: str, query: str, engine: dict | None = None,
                      ) -> list[str]:
    """The last part of each result's path on the search page (`/search/?q=`), which
    loads the engine's data itself; given `engine`, that data is replaced by it."""
    if engine is not None:
        page.route("**/engine.json", lambda route: route.fulfill(
            body=json.dumps(engine), content_type="application/json"))
    page.goto(f"{site_url}/search/?q={quote_plus(query)}")
    links = page.locator(".search-result-title")
    links.first.wait_for(timeout=15_000)
    page.unroute("**/engine.json")
    return [urlsplit(links.nth(i).get_attribute("href")).path.strip("/").split("/")[-1]
            for i in range(links.count())]


def test_a_word_on_more_papers_than_exact_max_papers_is_searched_once(page, ranking_site):
    """The second, exact search of a word is skipped for a word on more than
    `exact_max_papers` papers (at 12,000 papers it costs as much as the first). With the
    limit set below the two pages "proxy" matches, every page Pagefind gives counts as
    holding the word itself, so the page full of "proximal" comes first again, as it
    did before the exact search (search page; its engine reads engine.json)."""
    url, ids = ranking_site
    engine = json.loads(page.request.get(f"{url}/assets/paperlist/search/engine.json").text())

    def order(limit: int | None) -> list[str]:
        data = None if limit is None else {**engine, "exact_max_papers": limit}
        return search_page_order(page, url, "proxy reward models", data)

    proxy, proximal = (ids[m].strip("/").split("/")[-1] for m in ("proxy reward",
                                                                  "proximal term"))
    assert order(None)[:2] == [proxy, proximal]
    assert order(1)[:2] == [proximal, proxy]
    assert not page.console_errors


def test_a_small_catalogue_answers_from_its_one_file_of_fragments(page, site_url, browser):
    """19 papers' fragments (what a result shows) are one file, fetched when the box
    starts: a query fetches no fragment of its own. Without that file (it failed to load),
    each result's fragment is fetched instead, the answer is the same, and the file is not
    asked for again by the next query."""
    def answer(pg) -> tuple[list[str], list[str], list[str], list[str]]:
        fetched: list[str] = []
        pg.on("request", lambda r: fetched.append(r.url))
        open_search(pg, site_url)
        hrefs = ask(pg, site_url, "graph neural")
        texts = pg.locator(RESULT).all_inner_texts()
        assert ask(pg, site_url, "policy")
        return hrefs, texts, [u for u in fetched if "/pagefind/fragment/" in u], [
            u for u in fetched if u.endswith("/search/fragments.json")]

    hrefs, texts, fragments, bundles = answer(page)
    assert len(hrefs) >= 2 and not fragments and len(bundles) == 1
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        context.route("**/search/fragments.json", lambda route: route.abort())
        hrefs2, texts2, fragments2, bundles2 = answer(context.new_page())
    finally:
        context.close()
    assert (hrefs2, texts2) == (hrefs, texts)
    assert len(fragments2) >= len(hrefs) and len(bundles2) == 1
    assert not page.console_errors


def test_a_result_whose_text_fails_to_load_is_left_out_and_said(page, site_url):
    """A flaky connection costs the results it could not fetch, not the answer: when one
    result's fragment (its title and excerpt) fails to load, even when asked again, the
    others are listed and the count line says one could not be loaded; a fragment that
    fails once is asked again and shown. The next query fetches the failed one anew."""
    fragment_route = "**/pagefind/fragment/*.pf_fragment"
    open_search(page, site_url)
    full = ask(page, site_url, "graph neural")
    assert len(full) >= 3
    seen: dict[str, int] = {}

    def flaky(route):
        url = route.request.url
        seen[url] = seen.get(url, 0) + 1
        first, *rest = seen  # the first fragment asked for always fails, the second once
        if url == first or (rest and url == rest[0] and seen[url] == 1):
            route.abort()
        else:
            route.continue_()

    page.context.route("**/search/fragments.json", lambda route: route.abort())
    page.context.route(fragment_route, flaky)
    fresh = page.context.new_page()
    open_search(fresh, site_url)
    search(fresh, "graph neural")
    wait_for_count(fresh, "1 result could not be loaded (a network error); search again "
                          "to retry.")
    shown = [urlsplit(h).path.lstrip("/") for h in result_hrefs(fresh)]
    assert len(shown) == len(full) - 1 and set(shown) < set(full)
    assert seen[next(iter(seen))] >= 2 and len(seen) >= len(full)  # each asked, twice
    page.context.unroute(fragment_route)
    assert ask(fresh, site_url, "graph neural") == full
    assert "could not be loaded" not in fresh.locator(META).inner_text()


def test_a_search_that_cannot_start_says_so_not_no_papers(page, site_url):
    """Without Pagefind (its script fails to load), the header box says search is
    unavailable, and why, rather than "No papers found", which would be a wrong answer."""
    page.context.route("**/pagefind/pagefind.js", lambda route: route.abort())
    open_search(page, site_url)
    search(page, "graph neural")
    wait_for_count(page, re.compile(r"^Search is unavailable \(.+\); type again to retry\.$"))
    assert page.locator(RESULT).count() == 0


def test_the_search_page_lists_what_loaded_and_says_what_did_not(page, site_url):
    """On the search page too, a result whose fragment fails is left out and said."""
    page.context.route("**/search/fragments.json", lambda route: route.abort())
    failing: list[str] = []

    def one_fails(route):
        failing[:] = failing or [route.request.url]
        route.abort() if route.request.url == failing[0] else route.continue_()

    page.context.route("**/pagefind/fragment/*.pf_fragment", one_fails)
    page.goto(f"{site_url}/search/?q=graph+neural")
    page.wait_for_function("() => /could not be loaded/.test("
                           "document.querySelector('.search-status').textContent)",
                           timeout=15_000)
    status = page.locator(".search-status").inner_text()
    total = int(re.match(r"(\d+) papers", status).group(1))
    assert page.locator(".search-result-title").count() == total - 1
    assert "1 result could not be loaded" in status


# ------------------------------------------------------------- Pagefind from npm (1.6)


@pytest.fixture(scope="module")
def npm_pagefind_site(tmp_path_factory):
    """The shipped list built with the Pagefind that `PAGEFIND_BINARY_PATH` names: npm's
    1.6 of tests/js (README: "Search at scale"), served."""
    from helpers import js_package, make_project, mkdocs_build, serve
    from paperlist.ingest.importer import run_import

    # the platform's binary itself, as a workflow points at it (its launcher works too)
    binary = next(p for p in sorted(js_package("@pagefind").glob("*/bin/pagefind*"))
                  if p.suffix != ".sha256")
    project = make_project(tmp_path_factory.mktemp("npm-pagefind"))
    assert run_import(SHIPPED_LIST, project / "papers").ok
    result = mkdocs_build(project, env={"PAGEFIND_BINARY_PATH": str(binary)})
    assert result.returncode == 0, result.stderr
    server, url = serve(project / "site")
    yield url, project / "site"
    server.shutdown()


def test_the_search_page_starts_the_fragments_file_with_pagefind(page, site_url):
    """The search page's engine loads a small catalogue's fragments as the page starts,
    beside Pagefind, not after its first answer: the file is asked for (by the page, and
    by the header box's worker, which every page starts) before Pagefind's index chunk,
    and the results fetch no fragment file of their own."""
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(urlsplit(r.url).path))
    page.goto(f"{site_url}/search/?q=graph+neural")
    page.locator(".search-result-title").first.wait_for(timeout=15_000)
    bundle = [i for i, u in enumerate(fetched) if u.endswith("/search/fragments.json")]
    chunks = [i for i, u in enumerate(fetched) if "/pagefind/index/" in u]
    assert len(bundle) == 2 and chunks and bundle[-1] < chunks[0], fetched
    assert not [u for u in fetched if "/pagefind/fragment/" in u]
    assert not page.console_errors


def test_a_site_indexed_by_npms_pagefind_searches_as_pips_does(page, npm_pagefind_site,
                                                               site_url, built_site):
    """The engine reads the index, fragments and vocabulary of either Pagefind: known
    items, a typo, a phrase, a tag and a stem-only match answer alike."""
    url, site = npm_pagefind_site
    versions = [json.loads((s / "pagefind/pagefind-entry.json").read_text())["version"]
                for s in (site, built_site)]
    assert versions == ["1.6.0", metadata.version("pagefind-bin")]
    assert pagefind_fragments(site).keys() == pagefind_fragments(built_site).keys()
    queries = ["WildCat: compressing the attention mechanism of neural networks for policy",
               "WildCat: compresing the atention mechanism", '"weighted coreset"',
               '"coreset weighted"', '"unified framework"', "tag:reinforcement-learning",
               "attention", "ProRL"]
    answers = {}
    for at in (url, site_url):
        open_search(page, at)
        answers[at] = [ask(page, at, q) for q in queries]
    assert answers[url] == answers[site_url]
    assert answers[url][0][0] == answers[url][1][0] == "papers/wildcat/"
    assert answers[url][2] == ["papers/wildcat/"] and answers[url][3][0] == "papers/wildcat/"
    assert answers[url][4] == ["papers/ota-det/"]  # the phrase, not its words apart
    assert all(answers[url][5:])
    assert not page.console_errors


def test_a_skipped_common_word_still_ranks_the_best_papers(page, site_url, built_site):
    """A pasted title's common words (on 30% of a large catalogue's papers) are not looked
    up, but they still rank its best papers, read from those pages' text: here
    "generation", in World-R1's title and not in HALO's, keeps World-R1 first, as when the
    word is searched; ignoring it would put HALO first. It is marked in the excerpts as
    a searched word is. The shipped 19 papers have no common words, so the build's list
    of them is replaced by this one word."""
    engine = json.loads((built_site / "assets/paperlist/search/engine.json").read_text())

    def order(query: str, common: list[str]) -> list[str]:
        data = {**engine, "common": common,
                "common_family": {w: [w, engine["papers"] // 2] for w in common}}
        return search_page_order(page, site_url, query, data)

    query = "architecture recent specialized visual generation"
    assert order(query, [])[:2] == ["world-r1", "halo"]  # every word searched
    assert order(query, ["generation"])[:2] == ["world-r1", "halo"]  # skipped, still counted
    assert order(query.rsplit(" ", 1)[0], [])[:2] == ["halo", "world-r1"]  # left out
    # a skipped word is marked in the excerpts, as a searched word is (a query long enough
    # to skip it, with enough other words left)
    query = "we propose a framework that aligns video generation with 3D"
    searched = [w for w in query.split() if w not in engine["stopwords"]]
    assert len(searched) >= engine["common_skip_from"]
    assert len(searched) - 1 >= engine["common_keep"]
    assert order(query, ["generation"])[0] == "world-r1"
    marks = page.locator(".search-result-excerpt").first.locator("mark").all_inner_texts()
    assert "generation" in marks and "aligns" in marks, marks


#: a new engine on the search page, given its data: (total, results' paths, corrected to,
#: the excerpts' stretches as written)
ENGINE_GIVEN = """async ([q, data]) => {
  const engine = paperlistSearch.create(new URL("../", location.href).href, data);
  const answer = await engine.search(q, {limit: 50});
  return [answer.total, answer.results.map((r) => r.url), answer.corrected.map((c) => c.to),
          answer.results.map((r) => JSON.stringify(r.excerpt))];
}"""


class Answer(NamedTuple):
    """ENGINE_GIVEN's answer: the count, the papers in order, the words corrected to, and
    each paper's excerpt."""

    total: int
    order: list[str]
    corrected: list[str]
    excerpts: dict[str, str]


def test_a_two_word_query_with_a_common_word_answers_as_when_each_is_searched(
        page, site_url, built_site):
    """Of a two-word query (both words required), a common word is searched only together
    with the other, not alone (Pagefind lists every paper holding a word, at 12,000 papers
    "models" 10,063 of them): the same papers and count as when each word is searched,
    and the same first paper or nearly; a typo in the other word is corrected
    as before, and a word no paper holds is left out as before. The shipped 19 papers have no
    common words, so the build's list is replaced."""
    engine = json.loads((built_site / "assets/paperlist/search/engine.json").read_text())
    _, families = spread([f["content"] for f in pagefind_fragments(built_site).values()])
    page.goto(f"{site_url}/search/")

    def answer(query: str, common: list[str]) -> Answer:
        data = {**engine, "common": common,  # with their true counts, as the build gives
                "common_family": {w: [family(w), families[family(w)]] for w in common}}
        total, urls, fixed, excerpts = page.evaluate(ENGINE_GIVEN, [query, data])
        return Answer(total, urls, fixed, dict(zip(urls, excerpts, strict=True)))

    def agree(joint: Answer, each: Answer) -> bool:
        # (whether a common word is in the title is known for both words at once, so two
        # papers of nearly one score may trade places); each paper's excerpt: the same
        # stretch, marked
        return (joint.total == each.total and sorted(joint.order) == sorted(each.order)
                and joint.corrected == each.corrected and each.order[0] in joint.order[:2]
                and joint.excerpts == each.excerpts)

    # (the last: no paper holds both words, so those holding either are the answer)
    for query in ("reinforcement learning", "language models", "policy optimization",
                  "accuracy across"):
        each = answer(query, [])
        assert each.total >= 3, (query, each)
        for common in (query.split()[1:], query.split()[:1], query.split()):
            assert agree(answer(query, common), each), (query, common)
    typo = answer("reinforcment learning", [])
    assert typo.corrected == ["reinforcement"] and typo.total >= 3
    assert agree(answer("reinforcment learning", ["learning"]), typo)
    # a word corrected to a common one ranks as if typed right, paper for paper
    for common in (["learning"], ["reinforcement"], ["reinforcement", "learning"]):
        right = answer("reinforcement learning", common)
        for typed in ("reinforcment learning", "reinforcement lerning"):
            again = answer(typed, common)
            assert again.corrected and again._replace(corrected=[]) == right, (typed, common)
    # a word no paper holds is left out, as before: the other word's papers are the answer
    none = answer("zqxwvj learning", [])
    assert none.total == answer("learning", []).total >= 3
    assert answer("zqxwvj learning", ["learning"]) == none
    assert not page.console_errors


def test_a_letter_alone_is_held_only_as_itself(page, site_url, built_site):
    """"k" of "k-means" began every word of a page ("knowledge"), so MES-RET, with
    "knowledge" and "mean", was a match (and "O(1/sqrt T)" found all 19 papers)."""
    open_search(page, site_url)
    assert ask(page, site_url, "k-means") == ["papers/qkmeans/"]
    records = json.loads((built_site / "papers.json").read_text(encoding="utf-8"))["papers"]
    holding = {f"papers/{p['id']}/" for p in records
               if "k" in re.split(r"[^0-9a-z]+", p["abstract"].lower())}
    found = ask(page, site_url, "k clustering")  # (Material asks nothing of one letter)
    assert found and set(found) <= holding
    assert not page.console_errors


#: the engine on the search page, asked on a new engine: (total, first ten)
ENGINE_SEARCH = """async (q) => {
  const engine = paperlistSearch.create(new URL("../", location.href).href);
  const answer = await engine.search(q, {limit: 10});
  return [answer.total, answer.results.map((r) => r.url)];
}"""
#: made-up words of one beginning (their own stems), each abstract its own run of them:
#: enough to fill more than one of Pagefind's index chunks
RUN_ON_STEM, RUN_ON_PAPERS, RUN_ON_WORDS = "zorblat", 40, 50


@pytest.fixture(scope="module")
def run_on_site(tmp_path_factory):
    """Abstracts whose words begin alike and, in alphabetical order, run on from one
    index chunk into the next, each paper holding its own stretch of them, and one more
    holding their beginning as a word; served."""
    endings = ["".join(c) for c in itertools.product("bcdfgkmpqvwxz", repeat=3)]
    paragraphs = []
    for k in range(RUN_ON_PAPERS):
        own = [RUN_ON_STEM + e for e in endings[k * RUN_ON_WORDS:(k + 1) * RUN_ON_WORDS]]
        paragraphs.append(f"We study the catalogue test number {k + 1}, whose words are "
                          f"these: {' '.join(own * 12)}.")
    paragraphs.append(f"We study the catalogue test number {RUN_ON_PAPERS + 1}, whose one "
                      f"word is the stem itself: {RUN_ON_STEM}.")
    project, server, url = list_site(tmp_path_factory.mktemp("run-on"),
                                     "Chunks 2026 paper list", paragraphs)
    yield project / "site", url
    server.shutdown()


def list_site(folder: Path, header: str, abstracts: list[str]):
    """A project in folder of a list of these abstracts, imported, built and served:
    (project, server, url)."""
    from helpers import make_project, mkdocs_build
    from paperlist.ingest.importer import run_import

    project = make_project(folder)
    listing = project / "list.txt"
    listing.write_text(f"{header}\n\n" + "\n\n".join(abstracts) + "\n", encoding="utf-8")
    assert run_import(listing, project / "papers").ok
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    return project, *serve(project / "site")


def test_a_words_papers_do_not_depend_on_what_was_searched_before(page, run_on_site):
    """Pagefind fetches the one index chunk a word falls in, but matches the word's stem
    as the start of every word in the chunks it holds: a stem whose words run on into the
    next chunk found only its first chunk's papers on a fresh page, and more once another
    query had fetched the next chunk (at 12,000 papers, "multi": 2,573 papers, then
    4,841, of 4,941). The engine fetches every chunk beginning with the stem first."""
    site, url = run_on_site
    chunks = read_cbor_file(next((site / "pagefind").glob("*.pf_meta")))[2]  # [from, to, file]
    later = [start for start, _, _ in chunks[1:] if start.startswith(RUN_ON_STEM)]
    assert later, "the words fill one chunk: the test needs them to run on into another"
    assert len(later) <= settings()["stem_chunks_max"], "more chunks than the engine fetches"
    page.goto(f"{url}/search/")
    page.wait_for_function("window.paperlistSearch")
    assert page.evaluate("w => paperlistSearchStem.stem(w)", RUN_ON_STEM) == RUN_ON_STEM
    fresh = page.evaluate(ENGINE_SEARCH, RUN_ON_STEM)
    page.evaluate(ENGINE_SEARCH, later[-1])  # that chunk fetched
    again = page.evaluate(ENGINE_SEARCH, RUN_ON_STEM)
    assert fresh == again
    assert fresh[0] == RUN_ON_PAPERS + 1
    assert not page.console_errors


def test_a_pasted_titles_words_fetch_only_their_own_chunks(page, run_on_site):
    """A pasted title's finished words are taken as written: each fetches the one index
    chunk its stem is in, not every chunk its stem begins (at 30,000 papers a 13-word
    title fetched 13 chunks, about 320 KB gzipped, of its 636 KB; now 10), and counts the
    papers holding the stem itself, whatever was fetched before. The last word may be half
    typed: it still finds the words it begins."""
    site, url = run_on_site
    chunks = read_cbor_file(next((site / "pagefind").glob("*.pf_meta")))[2]  # [from, to, file]
    files = {file: start for start, _, file in chunks}
    later = [start for start, _, _ in chunks[1:] if start.startswith(RUN_ON_STEM)]
    assert later, "the words fill one chunk: the test needs them to run on into another"
    records = json.loads((site / "papers.json").read_text(encoding="utf-8"))["papers"]
    [itself] = [f"papers/{p['id']}/" for p in records if f" {RUN_ON_STEM}." in p["abstract"]]
    words = [RUN_ON_STEM, "catalogue", "test", "number", "study", "words"]
    assert len(words) - 1 >= settings()["whole_words_from"] > 2
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url.rsplit("/", 1)[-1].split(".")[0])
            if r.url.endswith(".pf_index") else None)
    page.goto(f"{url}/search/")
    page.wait_for_function("window.paperlistSearch")
    fresh = page.evaluate(ENGINE_SEARCH, " ".join(words))
    assert not {files[f] for f in fetched} & set(later), "a chunk after the stem's own"
    # every paper holds the other words; only one holds the first as written
    assert fresh[0] == RUN_ON_PAPERS + 1 and fresh[1][0] == itself
    for start in later:
        page.evaluate(ENGINE_SEARCH, start)  # those chunks fetched
    assert page.evaluate(ENGINE_SEARCH, " ".join(words)) == fresh
    page.goto(f"{url}/search/")
    page.wait_for_function("window.paperlistSearch")
    fetched.clear()
    page.evaluate(ENGINE_SEARCH, " ".join(words[1:] + [RUN_ON_STEM[:-1]]))
    assert set(later) <= {files[f] for f in fetched}
    assert not page.console_errors


NAMES_LIST = Path(__file__).parent.parent / "fixtures" / "search" / "names-list.txt"


@pytest.fixture(scope="module")
def names_site(tmp_path_factory):
    """Papers named TRACE and WIT beside papers full of "traces" and "with"; served."""
    yield from served_by_mark(tmp_path_factory, "names", NAMES_LIST, (
        "introduce TRACE", "Program execution traces", "propose WIT", "without momentum",
        "public database", "complete KGs"))


def test_a_paper_named_as_the_query_comes_first(page, names_site):
    """A query written as a paper's short name is written puts that paper first, above
    one whose title and text say "traces" five times (Pagefind's score and ours both
    preferred it: at 12,000 papers "TRACE" put the paper so named 11th). Typed as a word
    ("trace"), it is one: "design" should not put the paper named DESIGN first."""
    url, ids = names_site
    open_search(page, url)
    traces = [ids["introduce TRACE"], ids["Program execution traces"]]
    assert ask(page, url, "TRACE")[:2] == traces
    assert ask(page, url, "trace")[:2] == traces[::-1]
    assert ask(page, url, "trace encoder")[0] == ids["Program execution traces"]
    assert not page.console_errors


def test_short_words_and_the_start_of_a_stop_word_are_held_only_as_themselves(page,
                                                                               names_site):
    """Pagefind matches a word as the start of longer ones, "wit" every "with": the paper
    named WIT came after the papers saying "with" (at 12,000 papers, 151st of 9,216). A
    two-letter acronym keeps its plural ("KG": "KGs"), and a word being typed that no
    paper holds as it is ("fro") still lists the papers of the words it begins."""
    url, ids = names_site
    open_search(page, url)
    assert ask(page, url, "WIT") == [ids["propose WIT"]]
    # not a stop word's start: the papers of "without"
    assert set(ask(page, url, "witho")) == {ids["without momentum"], ids["complete KGs"]}
    assert ask(page, url, "KG") == [ids["complete KGs"]]
    slug = ids["public database"].strip("/").split("/")[-1]
    assert slug in search_page_order(page, url, "fro")
    assert not page.console_errors


# ------------------------------------------------------- words written in other forms

FOLDING_LIST = Path(__file__).parent.parent / "fixtures" / "search" / "folding-list.txt"


@pytest.fixture(scope="module")
def folding_site(tmp_path_factory):
    """Abstracts writing a letter in a form a query is folded from: `$\\epsilon$` (which
    MathML shows as the lunate "ϵ"), a name in mathematical sans-serif letters, PDF
    ligatures; served, with the paper id by a word only its abstract has."""
    yield from served_by_mark(tmp_path_factory, "folding", FOLDING_LIST,
                              ("regret", "Tabular", "layer-wise", "speech", "Satellite",
                               "household"))


@pytest.mark.parametrize("query", ["ε-greedy", "ϵ-greedy"])
def test_an_epsilon_is_one_letter_however_written(page, folding_site, query):
    """A query is folded ("ϵ" is searched as "ε"), so the abstract that writes
    `$\\epsilon$-greedy`, shown as "ϵ", was found by neither spelling."""
    url, ids = folding_site
    open_search(page, url)
    assert set(ask(page, url, query)) == {ids["regret"], ids["Tabular"]}
    assert not page.console_errors


@pytest.mark.parametrize("query", ["pi0", "tau-bench", "lambda-returns", "π0", "τ-bench"])
def test_a_greek_letter_is_found_spelled_out(page, folding_site, query):
    """A reader without a Greek keyboard types `$\\pi_0$` (shown as "π0") as "pi0", and
    "τ-bench" as "tau-bench"; those found nothing."""
    url, ids = folding_site
    open_search(page, url)
    assert ask(page, url, query)[:1] == [ids["household"]]
    assert not page.console_errors


@pytest.mark.parametrize(("query", "mark"), [("gluon", "layer-wise"), ("Gluon", "layer-wise"),
                                             ("efficient", "speech"), ("fine", "speech")])
def test_a_word_in_styled_letters_or_ligatures_is_found_as_typed(page, folding_site, query,
                                                                 mark):
    url, ids = folding_site
    open_search(page, url)
    assert ask(page, url, query)[:1] == [ids[mark]]
    assert not page.console_errors


#: Made-up abstracts: three define an abbreviation, one writes only its long form, one only
#: the abbreviation (search/synonyms.py learns the pair from the three).
SYNONYM_ABSTRACTS = [
    *(f"We study quantum harmonic sampling (QHS) for {topic}, and show that our estimator "
      "converges faster than every baseline on the standard benchmarks we consider here."
      for topic in ("molecules", "lattices", "proteins")),
    "We apply quantum harmonic sampling to weather forecasting, where ensembles of many "
    "members are too costly to run, and report calibrated forecasts at a tenth of the cost.",
    "A QHS estimator for option pricing: we derive its variance, bound its bias, and show "
    "on market data that it prices exotic options more accurately than Monte Carlo does.",
]


@pytest.fixture(scope="module")
def synonyms_site(tmp_path_factory):
    project, server, url = list_site(tmp_path_factory.mktemp("synonyms"),
                                     "Made-up 2026 papers", SYNONYM_ABSTRACTS)
    yield url, project
    server.shutdown()


def test_an_abbreviation_finds_the_papers_that_spell_it_out_and_back(page, synonyms_site):
    """At 12,000 real papers `RL` found 903 papers, 1,691 once the papers that write only
    "reinforcement learning" are found by it too."""
    url, project = synonyms_site
    by_text = {read_page(p).body.strip()[:30]: f"papers/{p.stem}/"
               for p in (project / "papers").glob("*.md")}
    weather = by_text[SYNONYM_ABSTRACTS[3][:30]]
    options = by_text[SYNONYM_ABSTRACTS[4][:30]]
    open_search(page, url)
    found = ask(page, url, "QHS")
    assert weather in found and options in found and len(found) == 5
    found = ask(page, url, "quantum harmonic sampling")
    assert options in found and len(found) == 5
    assert not page.console_errors
