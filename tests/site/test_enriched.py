"""The conference's record on the built site, read as files: authors (linked to their papers
in Browse) with affiliations, the decision and track, the record's links, citations,
listings, the browse and search data, exports; markup in a record shown as text; and the
pages of papers never enriched exactly as before.

`enriched_site` (conftest.py) is the shipped list's 19 pages beside the made-up pages of
tests/fixtures/enriched/ and a hostile one; expectations are read from those page files.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlsplit

from helpers import FIXTURES, HOSTILE_RECORD, PWNED, built_html, pagefind_fragments
from paperlist.model.page import read_page
from paperlist.search.index import EXCLUDED_SELECTORS


def read(site: Path, path: str) -> str:
    """A built file; a page with its attribute values quoted (helpers.built_html)."""
    file = site / path
    return built_html(file) if file.suffix == ".html" else file.read_text(encoding="utf-8")


def fixture(page_id: str) -> dict:
    return read_page(FIXTURES / "enriched" / f"{page_id}.md").meta


def block(page: str, cls: str) -> str:
    """The inner HTML of the first <p class="cls">, '' when there is none."""
    m = re.search(rf'<p class="{cls}"[^>]*>(.*?)</p>', page, re.DOTALL)
    return m.group(1) if m else ""


def head(page: str) -> list[tuple[str, str]]:
    """The citation_* meta tags of a page's head, in order, values unescaped."""
    return [(n, html.unescape(v)) for n, v in re.findall(
        r'<meta name="(citation_[a-z_]+)" content="([^"]*)">', page.split("</head>", 1)[0])]


def text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


# ------------------------------------------------------------------ the paper page


def test_each_author_links_to_their_papers_in_browse_with_their_affiliation(enriched_site):
    meta = fixture("tidal-graphs")
    page = read(enriched_site, "papers/tidal-graphs/index.html")
    authors = block(page, "paper-authors")
    links = re.findall(r'<a href="([^"]+)">([^<]+)</a>', authors)
    assert [html.unescape(name) for _, name in links] == meta["authors"]
    for href, name in links:
        url = urljoin("http://x/papers/tidal-graphs/", html.unescape(href))
        assert urlsplit(url).path == "/browse/"
        assert parse_qs(urlsplit(url).query) == {"author": [html.unescape(name)]}
    assert (enriched_site / "browse/index.html").is_file()
    # "Name (Affiliation)", nothing for the unknown ones ('' in the list)
    expected = ", ".join(f"{a} ({f})" if f else a
                         for a, f in zip(meta["authors"], meta["affiliations"], strict=True))
    assert text(authors) == expected
    assert "Ravi Menon</a>, " in authors  # no empty parentheses for an unknown one


def test_the_decision_is_a_badge_and_the_track_is_named_unless_main(enriched_site):
    def facts(page_id: str) -> str:
        return text(block(read(enriched_site, f"papers/{page_id}/index.html"), "paper-facts"))

    assert facts("tidal-graphs") == "TidalGraph · ICML 2026 Oral"  # track: main
    assert facts("quiet-priors") == "ICML 2026 Poster Datasets and Benchmarks track"
    assert facts("lantern-search") == "Lantern · ICML 2026 Spotlight"  # no track at all
    page = read(enriched_site, "papers/tidal-graphs/index.html")
    assert '<span class="paper-venue">ICML 2026</span> <span class="paper-status">Oral</span>' \
        in page  # a badge: no " · " that the search index would keep without its badge


def test_the_records_links_are_buttons_beside_code_and_data(enriched_site):
    def buttons(page_id: str) -> list[tuple[str, str]]:
        links = block(read(enriched_site, f"papers/{page_id}/index.html"), "paper-links")
        return [(html.unescape(h), t) for h, t in re.findall(
            r'<a class="md-button paper-link[^"]*" href="([^"]+)" rel="nofollow noopener">'
            r"([^<]+)</a>", links)]

    tidal = fixture("tidal-graphs")["links"]
    assert buttons("tidal-graphs") == [
        (tidal["paper"][0], "Paper"), (tidal["pdf"][0], "PDF"), (tidal["code"][0], "Code"),
        (tidal["project"][0], "Project")]
    assert buttons("quiet-priors") == [(fixture("quiet-priors")["links"]["pdf"][0], "PDF")]
    assert buttons("harbor-poster") == []
    assert 'class="paper-links"' not in read(enriched_site, "papers/harbor-poster/index.html")


def test_citation_meta_tags_name_authors_institutions_and_the_pdf(enriched_site):
    tidal = fixture("tidal-graphs")
    tags = head(read(enriched_site, "papers/tidal-graphs/index.html"))
    who = [(n, v) for n, v in tags if n.startswith("citation_author")]
    expected = []
    for author, affiliation in zip(tidal["authors"], tidal["affiliations"], strict=True):
        expected.append(("citation_author", author))
        if affiliation:  # each institution right after its author, only when known
            expected.append(("citation_author_institution", affiliation))
    assert who == expected
    assert ("citation_pdf_url", tidal["links"]["pdf"][0]) in tags
    lantern = head(read(enriched_site, "papers/lantern-search/index.html"))
    assert not [n for n, _ in lantern if n == "citation_pdf_url"]  # a landing page only
    quiet = head(read(enriched_site, "papers/quiet-priors/index.html"))
    assert [n for n, _ in quiet if n.startswith("citation_author")] == ["citation_author"] * 2


def test_bibtex_lists_the_authors_and_drops_the_unknown_authors_note(enriched_site):
    page = read(enriched_site, "papers/tidal-graphs/index.html")
    bib = html.unescape(page.split('<pre class="paper-bibtex"><code>', 1)[1].split("</code>")[0])
    assert "  author = {" + " and ".join(fixture("tidal-graphs")["authors"]) + "}," in bib
    assert "note" not in bib  # official title, authors known: nothing to warn about
    shipped = read(enriched_site, "papers/prorl/index.html")
    assert "authors not yet known" in shipped


def test_markup_in_a_record_is_shown_as_text_everywhere(enriched_site):
    pages = ["papers/hostile-record/index.html", "browse/index.html", "tags/safety/index.html",
             "search/index.html", "papers/scared/index.html"]
    for path in pages:
        page = read(enriched_site, path)
        assert f"<script>{PWNED}" not in page and "<img src=x" not in page, path
        assert "<b>Oral</b>" not in page and "<i>Position</i>" not in page, path
    page = read(enriched_site, "papers/hostile-record/index.html")
    name = HOSTILE_RECORD["authors"][0]
    assert text(block(page, "paper-authors")).startswith(
        f'{name} ({HOSTILE_RECORD["affiliations"][0]}), Ada Lovelace')
    assert text(block(page, "paper-facts")) == 'ICML 2026 <b>Oral</b> "><i>Position</i> track'
    assert ("citation_pdf_url", HOSTILE_RECORD["links"]["pdf"][0]) in head(page)
    data = read(enriched_site, "assets/paperlist/browse.json")
    assert "<" not in data and ">" not in data
    assert name in json.loads(data)["authors"]
    ET.fromstring(read(enriched_site, "feed.xml").encode("utf-8"))  # well-formed


# ------------------------------------------------------------------ never-enriched pages


SHIPPED_PRORL_META = (
    '<div class="paper-meta">\n'
    '<p class="paper-facts"><span class="paper-name" title="Short name" '
    'data-pagefind-weight="7">ProRL</span> · <span class="paper-venue">ICML 2026</span></p>\n'
    '<p class="paper-tags"><a class="paper-tag" href="../../tags/reinforcement-learning/">'
    'Reinforcement Learning</a><a class="paper-tag" href="../../tags/recommender-systems/">'
    "Recommender Systems</a></p>\n"
    '<p class="paper-links"><a class="md-button paper-link paper-link-code" '
    'href="https://github.com/hongruhou89/ProRL" rel="nofollow noopener">Code</a></p>\n'
    "</div>\n")


def test_the_browser_tab_says_which_titles_are_inferred(enriched_site):
    """The <title> is what a tab, a bookmark and a search engine's result show: an
    inferred one says so; a confirmed one is the title alone."""
    def tab(page_id: str) -> str:
        page = read(enriched_site, f"papers/{page_id}/index.html")
        return html.unescape(re.search(r"<title>([^<]*)</title>", page).group(1))

    assert tab("eqr") == ("EqR: equilibrium reasoners for scaling test-time compute "
                          "(inferred title) - ICML 2026 paper catalogue")
    assert tab("tidal-graphs") == f"{fixture('tidal-graphs')['title']} - ICML 2026 paper catalogue"


def test_a_page_never_enriched_renders_as_before(enriched_site, built_site):
    """No empty author line, badge, track or button, no new meta tag: the markup the site
    has always had for these pages, byte for byte."""
    for site in (enriched_site, built_site):
        page = read(site, "papers/prorl/index.html")
        assert SHIPPED_PRORL_META in page
        assert head(page) == []  # an inferred title: no citation tags (test_discovery)
    for paper in sorted((built_site / "papers").glob("*/index.html")):
        page = built_html(paper)
        for cls in ("paper-authors", "paper-status", "paper-track", "paper-affil",
                    "paper-link-paper", "paper-link-pdf", "paper-link-project",
                    'data-pagefind-meta="status"'):
            assert cls not in page, (paper, cls)
    browse = read(built_site, "browse/index.html")
    assert 'name="status"' not in browse and "paper-item-authors" not in browse
    data = json.loads(read(built_site, "assets/paperlist/browse.json"))
    assert not {"authors", "au", "etal", "statuses", "st"} & set(data)
    catalogue = json.loads(read(built_site, "assets/paperlist/search/catalogue.json"))
    assert "statuses" not in catalogue and {len(row) for row in catalogue["papers"]} == {4}


# ------------------------------------------------------------------ listings and data


def test_listings_name_three_authors_then_et_al_and_the_decision(enriched_site):
    def item(path: str, page_id: str) -> str:
        page = read(enriched_site, path)
        return re.search(rf'<li class="paper-item"><a class="paper-item-title" '
                         rf'href="[^"]*{page_id}/">.*?</li>', page).group(0)

    tidal = item("tags/graph-learning/index.html", "tidal-graphs")
    assert '<span class="paper-status">Oral</span>' in tidal
    first3 = ", ".join(fixture("tidal-graphs")["authors"][:3])
    assert f'<span class="paper-item-authors">{first3} et al.</span>' in tidal
    quiet = item("tags/uncertainty/index.html", "quiet-priors")
    both = ", ".join(fixture("quiet-priors")["authors"])
    assert f'<span class="paper-item-authors">{both}</span>' in quiet  # two: no et al.
    # the same item in Browse, where it also has the abstract's first sentence
    def strip(li: str) -> str:  # links differ by depth
        return re.sub(r'href="[^"]*"|<span class="paper-item-first">.*?</span>', "", li)

    browse = item("browse/index.html", "tidal-graphs")
    # (a tag's page leaves out its own tag's chip, and a row of no other tags)
    own = re.sub(r'<a class="paper-tag" >Graph Learning</a>', "", strip(browse))
    assert "paper-item-first" in browse and own.replace(
        '<span class="paper-item-tags"></span>', "") == strip(tidal)


def test_browse_data_carries_every_author_and_decision(enriched_site):
    data = json.loads(read(enriched_site, "assets/paperlist/browse.json"))
    assert data["etal"] == 3 and data["authors"] == sorted(data["authors"])
    pages = {p.stem: read_page(p).meta for p in (enriched_site.parent / "papers").glob("*.md")}
    for stem, au, st in zip(data["p"], data["au"], data["st"], strict=True):
        meta = pages[stem]
        assert [data["authors"][k] for k in au] == meta.get("authors", [])
        assert (data["statuses"][st] if st >= 0 else None) == meta.get("status")


def test_browse_offers_each_decision_with_its_count(enriched_site):
    page = read(enriched_site, "browse/index.html")
    group = re.search(r'<span class="browse-decision" role="group" aria-label="Status">'
                      r"(.*?)</span>", page).group(1)
    statuses = [read_page(p).meta.get("status")
                for p in (enriched_site.parent / "papers").glob("*.md")]
    offered = re.findall(r'value="([^"]+)"> [^<]+ \((\d+)\)</label>', group)
    assert [(html.unescape(v), int(n)) for v, n in offered] == sorted(
        {(s, statuses.count(s)) for s in statuses if s}, key=lambda vn: vn[0].casefold())


# ------------------------------------------------------------------ exports and search


def test_exports_carry_the_record(enriched_site):
    tidal = fixture("tidal-graphs")
    rows = {r["id"]: r for r in csv.DictReader(io.StringIO(read(enriched_site, "papers.csv")))}
    row = rows["tidal-graphs"]
    assert row["authors"] == "; ".join(tidal["authors"])
    assert row["affiliations"] == "; ".join(tidal["affiliations"])
    assert (row["status"], row["track"]) == ("Oral", "main")
    assert row["pdf"] == tidal["links"]["pdf"][0] and row["project"] == tidal["links"]["project"][0]
    assert rows["prorl"]["affiliations"] == rows["prorl"]["status"] == rows["prorl"]["pdf"] == ""
    record = next(p for p in json.loads(read(enriched_site, "papers.json"))["papers"]
                  if p["id"] == "tidal-graphs")
    assert record["affiliations"] == tidal["affiliations"] and record["status"] == "Oral"
    ns = {"a": "http://www.w3.org/2005/Atom"}
    feed = ET.fromstring(read(enriched_site, "feed.xml").encode("utf-8"))
    entry = next(e for e in feed.findall("a:entry", ns)
                 if e.find("a:title", ns).text == tidal["title"])
    assert [a.find("a:name", ns).text for a in entry.findall("a:author", ns)] == tidal["authors"]


def test_search_counts_the_decision_and_leaves_affiliations_unindexed(enriched_site):
    page = read(enriched_site, "papers/tidal-graphs/index.html")
    indexed = pagefind_fragments(enriched_site)["/papers/tidal-graphs/"]
    assert indexed["meta"]["status"] == "Oral"
    tidal = read_page(enriched_site.parent / "papers" / "tidal-graphs.md").meta
    for affiliation in {a for a in tidal["affiliations"] if a}:
        assert html.escape(affiliation, quote=False) in page
        assert affiliation not in indexed["content"]
    for cls in (".paper-affil", ".paper-status", ".paper-track"):
        assert cls in EXCLUDED_SELECTORS
    catalogue = json.loads(read(enriched_site, "assets/paperlist/search/catalogue.json"))
    statuses = catalogue["statuses"]
    counted = sorted(statuses[row[4]] for row in catalogue["papers"] if row[4] >= 0)
    expected = sorted(s for p in (enriched_site.parent / "papers").glob("*.md")
                      if (s := read_page(p).meta.get("status")))
    assert counted == expected and len(counted) == 5


def test_the_home_page_says_how_many_titles_are_the_papers_own(enriched_site):
    """After enrich it still said every title was inferred from the abstracts."""
    pages = [read_page(p) for p in (enriched_site.parent / "papers").glob("*.md")]
    own = sum(1 for p in pages if p.meta.get("title_inferred") is False)
    assert 0 < own < len(pages)
    home = read(enriched_site, "index.html")
    assert (f"{own} of {len(pages)} titles are the papers&#x27; own, the others (in italics) "
            "inferred from the abstracts; names and tags were inferred") in home
