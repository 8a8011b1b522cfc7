"""What a reader sees of papers listed. An inferred title is never passed off as the
paper's own: a listing sets it in italics (class `inferred`, named to screen readers by
discovery.css) and its count line says what the italics mean; a paper page says so right
under the title. A title an editor has confirmed (`title_inferred: false`) looks like any
title. Counts of thousands are written with commas."""

from __future__ import annotations

import json
import re
from pathlib import Path

from paperlist.discover import columns as col
from paperlist.discover.browse import browse_data
from paperlist.html.feed import atom_feed
from paperlist.html.home import tag_chart
from paperlist.html.listings import (
    browse_page,
    browse_static_page,
    paper_item,
    tag_page,
    tags_index_page,
)
from paperlist.html.mappage import map_page
from paperlist.html.paper import indexed_body, paper_body, related_section
from paperlist.html.searchpage import search_page
from paperlist.model.catalogue import load_catalogue, paper_from_page
from paperlist.model.page import Page, dump_page
from paperlist.model.taxonomy import load_taxonomy
from paperlist.structure import paths

LEGEND = "Titles in <em>italics</em> were inferred from the abstract"


def link(src: str) -> str:
    return "/" + src


def paper(pid: str = "x", inferred: bool = True, **meta):
    base = {"id": pid, "title": f"Title of {pid}", "title_inferred": inferred, "name": "",
            "tags": ["Reinforcement Learning"], "venue": "ICML 2026",
            "links": {"code": [], "data": [], "other": []}}
    return paper_from_page(Page(meta={**base, **meta}, body="An abstract.\n",
                                path=Path(f"papers/{pid}.md")), load_taxonomy(), [])


def title_classes(html: str, title: str) -> list[str]:
    """The class attribute of each link whose text is `title`."""
    return re.findall(rf'<a(?: class="([^"]*)")? href="[^"]*">{re.escape(title)}</a>', html)


def test_a_listed_inferred_title_is_marked_and_a_confirmed_one_is_not():
    assert title_classes(paper_item(paper("a"), link), "Title of a") == [
        "paper-item-title inferred"]
    assert title_classes(paper_item(paper("b", inferred=False), link), "Title of b") == [
        "paper-item-title"]
    mine = paper("me")
    related = related_section(mine, [paper("a"), paper("b", inferred=False)], link)
    assert title_classes(related, "Title of a") == ["related-title inferred"]
    assert title_classes(related, "Title of b") == ["related-title"]
    assert related.count(LEGEND) == 1
    assert LEGEND not in related_section(mine, [paper("b", inferred=False)], link)


def test_the_paper_page_says_the_title_was_inferred_before_anything_else():
    body = paper_body(paper("a", name="ProRL", authors=["Ada Lovelace"]), link)
    note = body.index('<p class="paper-note">The title, name and tags were inferred')
    assert body.index('<h1 class="paper-title"') < note < body.index('class="paper-meta"')
    assert "paper-note" not in paper_body(paper("b", inferred=False), link)


def test_search_results_learn_from_the_index_that_a_title_was_inferred():
    def meta(entry):
        return indexed_body(paper_body(entry, link), entry)
    # as a filter: metadata's words are searched, and "1" would be a word of every page
    assert 'data-pagefind-filter="inferred" data-pagefind-ignore hidden>1<' in meta(paper("a"))
    assert "inferred" not in meta(paper("b", inferred=False))
    assert 'data-pagefind-meta="inferred"' not in meta(paper("a"))
    with_code = meta(paper("c", links={"code": ["https://github.com/a/b"], "data": [],
                                       "other": []}))
    assert 'data-pagefind-filter="code" data-pagefind-ignore hidden>1<' in with_code
    assert 'data-pagefind-meta="code"' not in with_code
    # the header box and the search page set the listings' class from it:
    # tests/browser/test_record_browser.py



def write(folder: Path, entry_meta: dict) -> None:
    meta = {"title_inferred": True, "name": "", "other_names": [], "authors": [],
            "venue": "ICML 2026", "links": {"code": [], "data": [], "other": []},
            **entry_meta}
    (folder / f"{meta['id']}.md").write_text(
        dump_page(Page(meta=meta, body="An abstract about agents and rewards.\n")),
        encoding="utf-8")


def catalogue(tmp_path, confirmed: set[str]):
    folder = tmp_path / "papers"
    folder.mkdir(parents=True)
    for pid in ("alpha", "beta", "gamma"):
        write(folder, {"id": pid, "title": f"Title of {pid}", "title_inferred":
                       pid not in confirmed, "tags": ["Reinforcement Learning"]})
    return load_catalogue(folder, load_taxonomy())


def test_listing_pages_explain_the_italics_only_when_they_show_any(tmp_path):
    mixed = catalogue(tmp_path / "m", confirmed={"beta"})
    pages = {"tag": tag_page("reinforcement-learning", mixed, link),
             "browse": browse_page(mixed, link), "tags": tags_index_page(mixed, link)}
    for name, html in pages.items():
        assert html.count(LEGEND) == 1, name
        count_line = re.search(r'<p class="paper-count">(.*?)</p>', html).group(1)
        assert LEGEND in count_line, name
    search = search_page(mixed, link)  # its results are drawn later
    assert search.count(LEGEND) == 1
    # not in the box's description, which a screen reader reads at every visit
    help_text = re.search(r'id="paperlist-search-help">(.*?)</p>', search).group(1)
    assert LEGEND not in help_text
    assert title_classes(pages["tags"], "Title of alpha") == ["inferred"]
    assert title_classes(pages["tags"], "Title of beta") == [""]
    confirmed = catalogue(tmp_path / "c", confirmed={"alpha", "beta", "gamma"})
    for html in (tag_page("reinforcement-learning", confirmed, link),
                 browse_page(confirmed, link), tags_index_page(confirmed, link),
                 search_page(confirmed, link)):
        assert "<em>italics</em>" not in html and "inferred" not in html


def test_the_search_page_offers_author_only_where_papers_list_authors(tmp_path):
    """An imported list names no authors: `author:` would answer "no author" to every
    name, so the box's help offers it once a paper lists its authors."""
    def help_text(cat):
        return re.search(r'id="paperlist-search-help">(.*?)</p>',
                         search_page(cat, link)).group(1)
    cat = catalogue(tmp_path, confirmed=set())
    assert "tag:" in help_text(cat) and "author:" not in help_text(cat)
    write(tmp_path / "papers", {"id": "delta", "title": "Delta", "authors": ["Ada Lovelace"],
                                "tags": ["Reinforcement Learning"]})
    assert "author:" in help_text(load_catalogue(tmp_path / "papers", load_taxonomy()))


def test_the_browse_data_flags_inferred_titles_for_the_rows_the_script_draws(tmp_path):
    cat = catalogue(tmp_path, confirmed={"beta"})
    data = json.loads(browse_data(cat, lambda e: e.src_uri, lambda e: "", lambda e: e.title))
    flags = dict(zip(data[col.TITLE], data[col.FLAGS], strict=True))
    assert [bool(flags[f"Title of {p}"] & 8) for p in ("alpha", "beta", "gamma")] == [
        True, False, True]


def test_counts_of_thousands_are_written_with_commas(tmp_path):
    """A venue of thousands of papers: "Papers 101–200 of 1,205", not "of 1205" (the
    browse script's own count line writes them so)."""
    folder = tmp_path / "papers"
    folder.mkdir()
    for k in range(1205):
        write(folder, {"id": f"p{k:04d}", "title": f"Title {k:04d}",
                       "tags": ["Reinforcement Learning"],
                       "links": {"code": ["https://github.com/o/r"], "data": [], "other": []}})
    cat = load_catalogue(folder, load_taxonomy())
    assert "1,205 papers, by title; the first 50 below." in browse_page(cat, link)
    assert "Papers 101\u2013150 of 1,205, by title." in browse_static_page(3, cat, link)
    tag = tag_page("reinforcement-learning", cat, link, 2)
    assert "Papers 101\u2013200 of 1,205, most confident first" in tag
    index = tags_index_page(cat, link)
    assert "across 1,205 papers" in index and ">all 1,205 papers" in index
    assert '<span class="tag-count">1,205</span>' in index
    assert '<span class="browse-tag-count">1,205</span>' in browse_page(cat, link)
    assert "Has code (1,205)" in browse_page(cat, link)
    assert "<subtitle>500 of 1,205 papers (all of them in papers.json)" in atom_feed(
        cat, lambda e: e.src_uri, "Site", None)
    assert '<span class="map-legend-count">1,205</span>' in map_page(cat, link)


def test_the_tags_index_names_the_tags_without_papers_on_one_line_an_area(tmp_path):
    """A small catalogue's index was mostly rows of "no papers yet", each with its
    description: the tags it has read as few among them."""
    cat = catalogue(tmp_path, confirmed=set())  # three papers, all Reinforcement Learning
    index = tags_index_page(cat, link)
    empty_areas = [a for a in cat.taxonomy.areas
                   if any(not cat.by_tag.get(t.slug) for t in cat.taxonomy.tags if t.area == a)]
    assert index.count("No papers yet: ") == len(empty_areas) > 0
    assert '<span class="tag-count">0</span>' not in index
    assert '<span class="tag-count">3</span>' in index
    for tag in cat.taxonomy.tags:  # every tag still linked, once
        assert index.count(f'href="{link(paths.tag_src(tag.slug))}"') == 1, tag.slug


def test_the_home_charts_legend_names_only_the_areas_of_its_bars(tmp_path):
    cat = catalogue(tmp_path, confirmed=set())  # every paper: Reinforcement Learning only
    legend = re.search(r'<ul class="map-legend chart-legend">(.*?)</ul>',
                       tag_chart(cat, link)).group(1)
    area = cat.taxonomy.by_slug("reinforcement-learning").area
    assert re.findall(r"</span>([^<]+)</li>", legend) == [area]


def test_the_map_legend_offers_only_the_areas_with_papers(tmp_path):
    """A legend button for an area without papers ("Learning paradigms 0") highlighted
    nothing: a small catalogue's legend listed every area of the taxonomy."""
    cat = catalogue(tmp_path, confirmed=set())  # every paper: Reinforcement Learning only
    legend = re.findall(r'class="map-legend-item" data-area="(\d+)"', map_page(cat, link))
    area = cat.taxonomy.by_slug("reinforcement-learning").area
    assert legend == [str(cat.taxonomy.areas.index(area))]


def test_a_tag_with_one_paper_does_not_explain_its_order(tmp_path):
    """"1 paper, most confident first: papers an editor gave this tag by hand, then ..."
    explained the order of a list of one."""
    catalogue(tmp_path, confirmed=set())
    write(tmp_path / "papers", {"id": "delta", "title": "Delta", "tags": ["Computer Vision"]})
    cat = load_catalogue(tmp_path / "papers", load_taxonomy())
    one = tag_page("computer-vision", cat, link)
    assert '<p class="paper-count">1 paper. Area: ' in one and "most confident" not in one
    assert "most confident first" in tag_page("reinforcement-learning", cat, link)


def test_a_feed_reader_sees_which_titles_are_inferred(tmp_path):
    cat = catalogue(tmp_path, confirmed={"beta"})
    feed = atom_feed(cat, lambda e: e.src_uri, "Site", None)
    titles = re.findall(r"<entry>\s*<title>([^<]*)</title>", feed)
    assert titles == ["Title of alpha (inferred title)", "Title of beta",
                      "Title of gamma (inferred title)"]
    # a catalogue of no venue: the subtitle ended "... papers from "
    assert "<subtitle>3 papers</subtitle>" in feed


def test_a_page_explains_the_italics_of_the_papers_it_shows_only(tmp_path, monkeypatch):
    """A tag's first page shows only confirmed titles (no legend), its second an inferred
    one (the legend)."""
    monkeypatch.setattr(paths, "TAG_PAGE_SIZE", 2)
    cat = catalogue(tmp_path, confirmed={"alpha", "beta"})
    first, second = (tag_page("reinforcement-learning", cat, link, k) for k in (1, 2))
    assert "Title of alpha" in first and "Title of gamma" in second
    assert LEGEND not in first and LEGEND in second


def test_the_home_pages_shares_never_round_a_few_papers_away(tmp_path):
    from paperlist.html.home import figures_html

    folder = tmp_path / "papers"
    folder.mkdir()
    for i in range(250):
        code = ["https://github.com/a/b"] if i else []  # all but one
        data = ["https://zenodo.org/records/1"] if i == 0 else []  # only one
        write(folder, {"id": f"p{i}", "title": f"Title {i}", "tags": ["Reinforcement Learning"],
                       "links": {"code": code, "data": data, "other": []}})
    html = figures_html(load_catalogue(folder, load_taxonomy()), link)
    assert "<strong>249</strong> with code</a> <span>(&gt;99%)</span>" in html
    assert "<strong>1</strong> with data</a> <span>(&lt;1%)</span>" in html


def test_the_home_pages_counts_open_those_papers_in_browse(tmp_path):
    """"2 with code" named papers a reader could not get to from there: each count links
    to Browse showing them; a count of none links nowhere."""
    from paperlist.html.home import figures_html

    catalogue(tmp_path, confirmed=set())  # three papers, no links
    write(tmp_path / "papers", {"id": "delta", "title": "Delta", "tags": ["Computer Vision"],
                                "links": {"code": ["https://github.com/a/b"], "data": [],
                                          "other": []}})
    html = figures_html(load_catalogue(tmp_path / "papers", load_taxonomy()), link)
    browse = link(paths.BROWSE)
    assert f'<a href="{browse}?code=1"><strong>1</strong> with code</a>' in html
    assert f'<li><a href="{browse}"><strong>4</strong> papers</a></li>' in html
    assert "<li><strong>0</strong> with data <span>" in html
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "<li><strong>0</strong> papers</li>" in figures_html(
        load_catalogue(empty, load_taxonomy()), link)
