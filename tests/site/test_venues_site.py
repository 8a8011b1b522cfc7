"""A catalogue of two venues, read as built files: papers per venue on the home page, one
page per venue listing only its papers, each paper's venue line leading there, and the
browse page's venue filter and data. A one-venue site has none of these (test_site.py
keeps its pages as they were)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from helpers import FIXTURES, built_html, pagefind_fragments
from paperlist.ingest.listfile import parse_list

ALPHA = {"glimmernet", "tiderl", "quillcheck"}
BETA = {"rivergnn", "hushed", "stridediff"}


def read(site: Path, path: str) -> str:
    """A built file; a page with its attribute values quoted (helpers.built_html)."""
    file = site / path
    return built_html(file) if file.suffix == ".html" else file.read_text(encoding="utf-8")


def listed(page: str) -> set[str]:
    """The paper ids a listing's rows link to."""
    return set(re.findall(r'class="paper-item-title(?: inferred)?" '
                          r'href="[./]*papers/([^/"]+)/"', page))


def test_the_fixture_lists_name_their_venues():
    assert [parse_list(FIXTURES / "venues" / n).venue
            for n in ("alpha-2026.txt", "beta-2027.txt")] == ["ALPHA 2026", "BETA 2027"]


def test_home_page_counts_papers_per_venue_and_links_each(venues_site):
    home = read(venues_site, "index.html")
    assert ('<p class="catalogue-stats"><strong>6</strong> papers from <strong>2</strong> '
            "venues,") in home
    assert ('<ul class="paperlist-venues" aria-label="Papers per venue">'
            '<li><a href="venues/alpha-2026/">ALPHA 2026</a> <span class="venue-count">3 '
            'papers</span></li><li><a href="venues/beta-2027/">BETA 2027</a> '
            '<span class="venue-count">3 papers</span></li></ul>') in home


def test_a_venue_page_lists_only_its_papers(venues_site):
    alpha, beta = (read(venues_site, f"venues/{s}/index.html")
                   for s in ("alpha-2026", "beta-2027"))
    assert listed(alpha) == ALPHA and listed(beta) == BETA
    assert '<h1 id="page-title">BETA 2027</h1>' in beta
    assert ('3 papers of 6 in the catalogue, by title. <a href="../../browse/?venue=BETA%202027">'
            "Filter and sort in Browse</a>") in beta
    assert sorted(p.name for p in (venues_site / "venues").iterdir()) == [
        "alpha-2026", "beta-2027"]


def test_venue_pages_are_not_in_the_navigation_or_the_search_index(venues_site):
    nav = re.findall(r'href="([^"]*)" class="md-nav__link', read(venues_site, "index.html"))
    assert "browse/" in nav and not [h for h in nav if "venues/" in h]
    indexed = pagefind_fragments(venues_site)
    assert "/papers/hushed/" in indexed and not [u for u in indexed if "/venues/" in u]


def test_a_papers_venue_line_links_its_venue_page(venues_site):
    page = read(venues_site, "papers/hushed/index.html")
    assert '<a class="paper-venue" href="../../venues/beta-2027/">BETA 2027</a>' in page


def test_browse_has_a_venue_filter_and_the_data_to_apply_it(venues_site):
    browse = read(venues_site, "browse/index.html")
    assert ('<span class="browse-venue" role="group" aria-label="Venue">Venue: '
            '<label><input type="checkbox" name="venue" value="ALPHA 2026"> ALPHA 2026 (3)'
            '</label> <label><input type="checkbox" name="venue" value="BETA 2027"> '
            "BETA 2027 (3)</label></span>") in browse
    data = json.loads(read(venues_site, "assets/paperlist/browse.json"))
    assert data["venues"] == ["ALPHA 2026", "BETA 2027"]
    by_venue = {p: data["venues"][v] for p, v in zip(data["p"], data["ve"], strict=True)}
    assert by_venue == {**dict.fromkeys(ALPHA, "ALPHA 2026"), **dict.fromkeys(BETA, "BETA 2027")}


def test_a_one_venue_site_has_no_venue_pages_links_or_filter(built_site):
    assert not (built_site / "venues").exists()
    assert "paperlist-venues" not in read(built_site, "index.html")
    prorl = read(built_site, "papers/prorl/index.html")
    assert '<span class="paper-venue">ICML 2026</span>' in prorl
    assert "browse-venue" not in read(built_site, "browse/index.html")
    assert "venues" not in json.loads(read(built_site, "assets/paperlist/browse.json"))


def test_the_feed_names_both_venues(venues_site):
    assert ("<subtitle>6 papers from ALPHA 2026 and BETA 2027</subtitle>"
            in read(venues_site, "feed.xml"))
