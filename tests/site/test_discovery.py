"""Discovery features, read as files: related papers, map data, citations, exports,
home figures, escaping of everything an editor writes, byte-identical rebuilds, no broken
internal link anywhere in the site, and the cost at 12,000 papers."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import jsonschema
import pytest

from helpers import (
    ROOT,
    SHIPPED_LIST,
    built_html,
    make_project,
    mkdocs_build,
    pagefind_fragments,
    set_plugin_options,
    shipped_papers,
)
from paperlist.discover.citation import bibtex
from paperlist.discover.exports import BUNDLED_PAGE_SCHEMA
from paperlist.discover.related import SHOWN, neighbours
from paperlist.html.paper import citation_meta
from paperlist.ingest.importer import run_import
from paperlist.model.catalogue import Catalogue, Paper, load_catalogue
from paperlist.model.page import LINK_KINDS, Page, dump_page, read_page
from paperlist.model.taxonomy import load_taxonomy
from paperlist.structure.discovery import Discovery
from paperlist.structure.paths import BROWSE_PAGE_SIZE, MAP_DATA

HOSTILE = ('</script><script>alert("x")</script> & {Evil} 50% $x_1$ \\end #1 ~ ^ '
           '$\\mbox{<img src=x onerror=alert(2)>}$')


def read(site: Path, path: str) -> str:
    """A built file; a page with its attribute values quoted (helpers.built_html)."""
    file = site / path
    return built_html(file) if file.suffix == ".html" else file.read_text(encoding="utf-8")


def map_data(site: Path) -> dict:
    text = read(site, MAP_DATA)
    assert text.startswith("window.paperlistMapData=") and text.endswith(";\n")
    return json.loads(text[len("window.paperlistMapData="):-2])


# ------------------------------------------------------------------ related papers

def test_every_paper_page_has_related_papers_that_exist(built_site):
    with_related = 0
    for page in (built_site / "papers").glob("*/index.html"):
        html = built_html(page)
        links = re.findall(r'<a class="related-title(?: inferred)?" href="([^"]+)"', html)
        assert len(links) <= SHOWN
        with_related += bool(links)
        for href in links:
            target = (page.parent / href).resolve()
            assert (target / "index.html").exists(), (page, href)
            assert target != page.parent.resolve()  # never itself
    assert with_related >= 15  # at 19 papers most have a neighbour above the threshold


def test_related_shows_shared_tags(built_site):
    html = read(built_site, "papers/mes-ret/index.html")
    section = html.split('id="related"', 1)[1].split("</ul>", 1)[0]
    first = section.split("</li>", 1)[0]
    assert "scared" in first and "Shared tags:" in first and "Reinforcement Learning" in first
    # named, not linked: they are the page's own tags, linked once at its top
    shared = first.split('class="related-shared"', 1)[1]
    assert "<a " not in shared
    top = html.split('class="paper-tags"', 1)[1].split("</p>", 1)[0]
    assert 'href="../../tags/reinforcement-learning/">Reinforcement Learning</a>' in top


def test_related_papers_share_a_tag_with_the_page(built_site):
    """Wording alone relates unrelated papers (discover/related.py `shown`): a page with
    tags lists only papers that share one, each named."""
    for page in (built_site / "papers").glob("*/index.html"):
        html = read(built_site, str(page.relative_to(built_site)))
        if 'class="paper-tags"' in html and 'id="related"' in html:
            section = html.split('id="related"', 1)[1].split("</ul>", 1)[0]
            assert "related-none" not in section, page
            assert section.count("Shared tags:") == section.count("<li>"), page


def test_related_is_deterministic_and_thresholded():
    cat = load_catalogue(shipped_papers())
    a = neighbours(cat.papers)
    assert a == neighbours(cat.papers)
    assert all(n.score >= 0.08 for ns in a for n in ns)
    assert all(ns == sorted(ns, key=lambda n: -n.score) for ns in a)
    # a paper unlike any other gets no padding
    lonely = neighbours(cat.papers, threshold=0.99)
    assert all(not ns for ns in lonely)


# ------------------------------------------------------------------ topic map

def test_map_page_and_data(built_site):
    page = read(built_site, "map/index.html")
    assert 'class="paperlist-map"' in page and "<canvas" in page and "map-legend" in page
    assert "cdn" not in page.lower() and "https://unpkg" not in page
    data = map_data(built_site)
    assert len(data["x"]) == len(data["y"]) == len(data["p"]) == len(data["t"]) == 19
    assert all(0 <= v <= 4095 for v in data["x"] + data["y"])
    assert len(set(zip(data["x"], data["y"], strict=True))) == 19
    assert (data["pre"], data["suf"]) == ("papers/", "/")
    for stem in data["p"]:
        assert (built_site / data["pre"] / stem / "index.html").exists()
    assert data["areas"][0] == "Learning paradigms" and len(data["colours"]) == len(data["areas"])


# ------------------------------------------------------------------ citations

def test_citation_meta_tags_and_bibtex(built_site):
    html = read(built_site, "papers/prorl/index.html")
    head = html.split("</head>", 1)[0]
    # its title is inferred: nothing a citation manager or Scholar would take for the
    # paper's own record (they are written once an editor confirms the title: below)
    assert "citation_" not in head
    assert "Copy BibTeX" in html
    assert "@inproceedings{prorl," in html
    assert "note = {Title inferred from the abstract; authors not yet known}" in html


def test_a_paper_page_describes_itself_and_the_home_page_offers_its_feed(built_site):
    """A link to a paper, pasted into a chat or found by a search engine, is previewed with
    its description: the paper's own start, not the site's (which every paper shared)."""
    descriptions = {}
    for pid in ("prorl", "wildcat", "eqr"):
        head = read(built_site, f"papers/{pid}/index.html").split("</head>", 1)[0]
        found = re.findall(r'<meta name="description" content="([^"]*)"', head)
        assert len(found) == 1, pid
        descriptions[pid] = found[0]
    assert descriptions["wildcat"].startswith("We introduce WildCat,")
    assert len(set(descriptions.values())) == 3
    assert all(len(d) <= 160 for d in descriptions.values())
    # a preview shows no MathML: "$k$-means" as the page shows it
    head = read(built_site, "papers/qkmeans/index.html").split("</head>", 1)[0]
    assert '<meta name="description" content="We study beyond worst case analysis for the ' \
        'k-means problem' in head
    home = read(built_site, "index.html").split("</head>", 1)[0]
    feed = re.search(r'<link rel="alternate" type="application/atom\+xml" title="[^"]+" '
                     r'href="([^"]+)">', home)
    assert feed and (built_site / feed.group(1)).is_file()


def test_citation_url_and_authors_when_known():
    cat = load_catalogue(shipped_papers())
    e = next(p for p in cat.papers if p.id == "prorl")
    e = Paper(**{**e.__dict__, "authors": ["Ada Lovelace", "Alan {T} Turing"],
                 "title_inferred": False})
    tags = citation_meta(e, "https://example.org/papers/prorl/")
    assert '<meta name="citation_title" content="ProRL: reinforcement learning' in tags
    assert '<meta name="citation_conference_title" content="ICML">' in tags
    assert '<meta name="citation_publication_date" content="2026">' in tags
    assert '<meta name="citation_author" content="Ada Lovelace">' in tags
    assert 'citation_abstract_html_url" content="https://example.org/papers/prorl/"' in tags
    bib = bibtex(e, "https://example.org/papers/prorl/")
    assert "author = {Ada Lovelace and Alan \\{T\\} Turing}" in bib
    assert "note" not in bib and "url = {https://example.org/papers/prorl/}" in bib


# ------------------------------------------------------------------ exports

def test_papers_json_rebuilds_every_page_exactly(built_site):
    data = json.loads(read(built_site, "papers.json"))
    project_papers = built_site.parent / "papers"
    files = sorted(project_papers.glob("*.md"))
    assert data["count"] == len(data["papers"]) == len(files) == 19
    by_id = {p["id"]: p for p in data["papers"]}
    for path in files:
        record = dict(by_id[path.stem])
        url, abstract = record.pop("url"), record.pop("abstract")
        assert url == f"papers/{path.stem}/" and (built_site / url / "index.html").exists()
        rebuilt = dump_page(Page(meta=record, body=abstract))
        assert rebuilt == path.read_text(encoding="utf-8"), path
        assert record == read_page(path).meta


def test_papers_json_matches_its_shipped_schema(built_site):
    data = json.loads(read(built_site, "papers.json"))
    schemas = {name: json.loads(read(built_site, name))
               for name in ("papers.schema.json", "page.schema.json")}
    repo = {name: json.loads((ROOT / "scripts/paperlist/data" / name).read_text(encoding="utf-8"))
            for name in schemas}
    assert schemas["page.schema.json"] == repo["page.schema.json"]
    # the site's papers.schema.json carries page.schema.json: given alone, a validator
    # fetches nothing (its $ref, resolved against its $id, named a GitHub page)
    expected = dict(repo["papers.schema.json"])
    expected["$defs"] = {**expected.get("$defs", {}), BUNDLED_PAGE_SCHEMA: repo["page.schema.json"]}
    assert schemas["papers.schema.json"] == expected
    validator = jsonschema.Draft202012Validator(schemas["papers.schema.json"])
    validator.validate(data)
    data["papers"][0]["tags"] = "not a list"  # a page's rules apply: it was not skipped
    assert not validator.is_valid(data)


def test_csv_bib_and_feed(built_site):
    rows = list(csv.DictReader(io.StringIO(read(built_site, "papers.csv"))))
    assert len(rows) == 19
    prorl = next(r for r in rows if r["id"] == "prorl")
    assert prorl["code"] == "https://github.com/hongruhou89/ProRL"
    assert prorl["tags"] == "Reinforcement Learning; Recommender Systems"
    bib = read(built_site, "papers.bib")
    assert bib.count("@inproceedings{") == 19 and bib.count("{") == bib.count("}")
    root = ET.fromstring(read(built_site, "feed.xml").encode("utf-8"))
    ns = {"a": "http://www.w3.org/2005/Atom"}
    entries = root.findall("a:entry", ns)
    assert len(entries) == 19
    assert {e.find("a:updated", ns).text for e in entries} == {"2026-01-01T00:00:00Z"}
    assert root.find("a:updated", ns).text == "2026-01-01T00:00:00Z"
    for e in entries:
        href = e.find("a:link", ns).get("href")
        assert (built_site / href / "index.html").exists()
    assert root.find("a:subtitle", ns).text == "19 papers from ICML 2026"
    titles = {e.find("a:link", ns).get("href").strip("/").split("/")[-1]:
              e.find("a:title", ns).text for e in entries}
    assert titles["prorl"] == (
        "ProRL: reinforcement learning framework for proactive recommendation (inferred title)")


def test_the_feed_carries_at_most_feed_entries_papers(tmp_path):
    """A reader downloads the whole feed on every poll: it stays small at any size."""
    project = make_project(tmp_path / "p", shipped_papers())
    set_plugin_options(project, "      feed_entries: 5\n")
    assert mkdocs_build(project).returncode == 0
    site = project / "site"
    ns = {"a": "http://www.w3.org/2005/Atom"}
    root = ET.fromstring(read(site, "feed.xml").encode("utf-8"))
    titles = [e.find("a:title", ns).text for e in root.findall("a:entry", ns)]
    by_title = [p["title"] + (" (inferred title)" if p["title_inferred"] else "")
                for p in json.loads(read(site, "papers.json"))["papers"]]
    assert titles == by_title[:5] and len(by_title) == 19  # the catalogue's order
    assert root.find("a:subtitle", ns).text == (
        "5 of 19 papers (all of them in papers.json) from ICML 2026")


def test_home_page_figures(built_site):
    home = read(built_site, "index.html")
    chart = home.split('<ol class="tag-chart"', 1)[1].split("</ol>", 1)[0]
    rows = chart.split("<li>")[1:]
    assert len(rows) == 27  # every tag in use, most used first, each a link to its page
    assert rows[0].startswith('<a href="tags/computer-vision/">'
                              '<span class="tag-chart-name">Computer Vision</span>')
    assert '5<span class="tag-chart-sr"> papers, Applications</span>' in rows[0]
    assert rows[-1].count(" paper,") == 1  # one paper: no plural
    assert '<ol class="tag-chart" role="list">' in home
    assert "<strong>2</strong> with code" in home and "<strong>1</strong> with data" in home
    for target in ("papers.json", "papers.csv", "papers.bib", "feed.xml", "papers.schema.json"):
        assert f'href="{target}"' in home


# ------------------------------------------------------------------ escaping, determinism

#: a name with markup, a quote and a comma (which Pagefind's `key:value` attribute form
#: would split at)
HOSTILE_NAME = '<img src=x onerror=alert(1)>", too'
#: HOSTILE where a title is text (listings, a browser tab, search results, the feed): its
#: formula as the page's heading shows it
HOSTILE_SHOWN = HOSTILE.replace("$x_1$", "x\u2081")


@pytest.fixture(scope="module")
def hostile_sites(tmp_path_factory):
    """A project whose first page has a hostile title and name, built twice."""
    project = make_project(tmp_path_factory.mktemp("hostile"))
    run_import(SHIPPED_LIST, project / "papers")
    path = project / "papers" / "prorl.md"
    page = read_page(path)
    page.meta["title"] = HOSTILE
    page.meta["title_inferred"] = False  # as an editor marks a title they wrote
    page.meta["name"] = HOSTILE_NAME
    page.meta["authors"] = ['Ada "<b>" Lovelace']
    path.write_text(dump_page(page), encoding="utf-8")
    sites = []
    for name in ("a", "b"):
        result = mkdocs_build(project, project / f"site-{name}")
        assert result.returncode == 0, result.stderr
        sites.append(project / f"site-{name}")
    return sites


def test_editor_text_is_escaped_everywhere(hostile_sites):
    site = hostile_sites[0]
    for path in ("papers/prorl/index.html", "browse/index.html", "map/index.html",
                 "papers/scared/index.html", "index.html"):
        html = read(site, path)
        assert "<script>alert" not in html and "<img src=x" not in html, path
    paper = read(site, "papers/prorl/index.html")
    # the heading shows the title's formula as the abstract shows one, a browser tab and
    # the listings as text: "$x_1$" read as LaTeX source there
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", paper, re.S).group(1)
    assert "<math" in heading and "$x_1$" not in heading and "&lt;/script&gt;" in heading
    assert "<title>&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; " \
        "{Evil} 50% x\u2081" in paper
    assert "x\u2081" in read(site, "browse/index.html").split("browse-list")[-1]
    assert 'content="&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)' in paper
    assert 'citation_author" content="Ada &quot;&lt;b&gt;&quot; Lovelace"' in paper
    data_js = read(site, MAP_DATA)
    assert "<" not in data_js and ">" not in data_js and "&" not in data_js.replace("\\u0026", "")
    # (the map shortens a long title)
    assert any(t.endswith("\u2026") and HOSTILE_SHOWN.startswith(t[:-1])
               for t in map_data(site)["t"])
    # what search results show: the name as written, the title as listings show it, read
    # back from Pagefind
    indexed = pagefind_fragments(site)["/papers/prorl/"]["meta"]
    assert (indexed["name"], indexed["title"]) == (HOSTILE_NAME, HOSTILE_SHOWN)
    bib = read(site, "papers.bib")
    # (its math as written: discover/citation.py bibtex_escape)
    assert r"\{Evil\} 50\% $x_1$ \textbackslash{}end \#1 \textasciitilde{}" in bib
    assert bib.count("{") == bib.count("}")  # as BibTeX counts them, escaped ones too
    feed = ET.fromstring(read(site, "feed.xml").encode("utf-8"))  # still well-formed XML
    assert HOSTILE_SHOWN in [e.text for e in feed.iter("{http://www.w3.org/2005/Atom}title")]
    assert json.loads(read(site, "papers.json"))["papers"][
        [p["id"] for p in json.loads(read(site, "papers.json"))["papers"]].index("prorl")
    ]["title"] == HOSTILE


#: Files Pagefind writes differently each build, whatever it is given: its filter file (a
#: hash map's random order), and the meta and entry files that name it by its hash.
_PAGEFIND_UNSTABLE = re.compile(r"pagefind/(filter/.*|.*\.pf_meta|pagefind-entry\.json)")


def _site_files(site: Path) -> list[str]:
    """Every file of the site, the Pagefind bundle's words and fragments included (named
    by their content, so one that differs renames a file browsers cache), but what
    Pagefind writes at random and gzip copies (timestamped by MkDocs)."""
    return sorted(name for name in (p.relative_to(site).as_posix() for p in site.rglob("*")
                                    if p.is_file() and not p.name.endswith(".gz"))
                  if not _PAGEFIND_UNSTABLE.fullmatch(name))


def test_rebuilds_are_byte_identical(hostile_sites):
    a, b = hostile_sites
    names = _site_files(a)
    assert names == _site_files(b)
    differ = [n for n in names if (a / n).read_bytes() != (b / n).read_bytes()]
    assert not differ, differ[:10]


# ------------------------------------------------------------------ link check

class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src", "xlink:href") and value:
                self.urls.append(value)


def test_no_broken_internal_link_anywhere(built_site):
    broken = []
    pages = list(built_site.rglob("*.html"))
    assert len(pages) > 60
    for page in pages:
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for url in parser.urls:
            parts = urlsplit(url)
            if parts.scheme or parts.netloc or not parts.path:
                continue  # external, mailto:, data:, or a same-page #anchor
            target = (page.parent / unquote(parts.path)).resolve()
            if parts.path.startswith("/"):
                target = (built_site / unquote(parts.path).lstrip("/")).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(built_site)} -> {url}")
    assert not broken, broken[:20]


# ------------------------------------------------------------------ 12,000 papers

def synthetic_catalogue(count: int, seed: int = 7) -> Catalogue:
    """`count` papers with generated abstracts and tags, without the (slow) importer."""
    import benchdata

    taxonomy = load_taxonomy()
    rng = random.Random(seed)
    names = benchdata.MethodNames(rng)
    papers = []
    for i in range(count):
        body = benchdata.abstract(rng, names)
        tags = rng.sample(taxonomy.tags, rng.randint(1, 4))
        title = body.split(". ")[0][:90]
        meta = {"id": f"p{i:05d}", "title": title, "tags": [t.name for t in tags]}
        papers.append(Paper(
            id=f"p{i:05d}", path=Path(f"papers/p{i:05d}.md"), title=title,
            name=f"M{i}" if i % 3 else "", other_names=[], authors=[], venue="ICML 2026",
            tags=tags, links={**{k: [] for k in LINK_KINDS},
                              "code": ["https://github.com/a/b"] if i % 2 else []},
            body=body, title_inferred=True, meta=meta))
    papers.sort(key=lambda e: (e.title.casefold(), e.id))
    cat = Catalogue(title="ICML 2026", venue="ICML 2026", taxonomy=taxonomy, papers=papers)
    for e in papers:
        for t in e.tags:
            cat.by_tag.setdefault(t.slug, []).append(e)
    return cat


def test_discovery_at_12000_papers():
    """Map data fits its budget at full-conference size (timings: bench_discovery.py)."""
    cat = synthetic_catalogue(12_000)
    d = Discovery.build(cat, lambda e: f"papers/{e.id}/", "bench", None)
    size = len(d.files()[MAP_DATA].encode("utf-8"))
    assert size <= 1_500_000, size
    assert all(len(d.related_to(e)) <= SHOWN for e in cat.papers[:100])
    assert sum(1 for ns in d.neighbours if ns) > 11_000


# ------------------------------------------------------------------ browse pages and data

def _browse(cat: Catalogue) -> tuple[dict[str, str], dict]:
    """Every browse page's body (source path -> HTML) and the browse data, built the way
    the plugin builds them (links: site-root-relative source paths)."""
    from paperlist.discover import browse
    from paperlist.html.abstract import teaser, title_text
    from paperlist.structure import pages

    made = {src: pages.page_html(src, cat, lambda s: s)
            for src in pages.generated_pages(cat) if src.startswith("browse")}
    data = json.loads(browse.browse_data(
        cat, lambda e: f"papers/{e.id}/", lambda e: teaser(e.body), lambda e: title_text(e.title)))
    return made, data


def test_browse_is_paged_and_every_paper_is_on_one_page():
    cat = synthetic_catalogue(2 * BROWSE_PAGE_SIZE + 20)
    named = [e for e in cat.papers if e.name][:5]
    for e in named:  # as inferred titles are: "Name: what it is"
        e.title = f"{e.name}: {e.title}"
    cat.papers.sort(key=lambda e: (e.title.casefold(), e.id))
    pages, data = _browse(cat)
    assert sorted(pages) == ["browse.md", "browse/2.md", "browse/3.md"]
    ids = []
    for src in ("browse.md", "browse/2.md", "browse/3.md"):
        ids += re.findall(r'class="paper-item-title(?: inferred)?" href="papers/(p\d+)\.md"',
                          pages[src])
    assert ids == [e.id for e in cat.papers]  # each once, by title, split 50/50/20
    first = pages["browse.md"]
    assert first.count('class="paper-item"') == BROWSE_PAGE_SIZE and "<noscript>" in first
    assert 'href="browse/2.md" data-page="2" rel="next"' in first
    assert 'data-src="assets/paperlist/browse.json"' in first
    last = pages["browse/3.md"]
    assert last.count('class="paper-item"') == 20 and "page 3 of 3" in last
    assert 'href="browse/2.md" data-page="2" rel="prev"' in last
    assert 'href="browse.md?page=3">Filter and sort' in last
    assert "browse-filters" not in last  # the static pages are plain lists
    # the data file: one row per paper, in the same order as the pages
    assert (data["pre"], data["suf"]) == ("papers/", "/")
    assert data["p"] == [e.id for e in cat.papers]
    assert data["t"] == [e.title for e in cat.papers] and data["n"] == [e.name for e in cat.papers]
    for e, g, f in zip(cat.papers, data["g"], data["f"], strict=True):
        assert [data["tags"][k] for k in g] == [t.slug for t in e.tags]
        assert f & 3 == (1 if e.links["code"] else 0) | (2 if e.links["data"] else 0)
        assert bool(f & 4) == (e in named)  # the title says the name: the row leaves it out


def test_one_paper_needs_no_pager():
    cat = synthetic_catalogue(1)
    pages, _ = _browse(cat)
    assert list(pages) == ["browse.md"] and "browse-pager" not in pages["browse.md"]


def test_browse_stays_small_at_12000_papers():
    """The browse page carries one page of papers, not the catalogue (it was 9.7 MB)."""
    cat = synthetic_catalogue(12_000)
    pages, data = _browse(cat)
    assert len(pages) == 12_000 // 50
    assert len(pages["browse.md"].encode("utf-8")) <= 150_000
    assert max(len(p.encode("utf-8")) for p in pages.values()) <= 150_000
    assert len(data["p"]) == 12_000


def test_browse_data_is_escaped(hostile_sites):
    text = read(hostile_sites[0], "assets/paperlist/browse.json")
    assert "<" not in text and ">" not in text and "&" not in text
    data = json.loads(text)
    assert HOSTILE_SHOWN in data["t"]
