"""Discovery features computed once per build: related papers, the topic map, citations,
exports, and the static assets (script, stylesheet) that make them interactive.

This is the one object the MkDocs plugin holds for them, so the plugin stays a thin
adapter: it passes in each paper's URL and the site's name and URL, adds `files()` and
`pages()` to the build, and asks for `paper_html`, `page_html` and `head_html` while
rendering. No MkDocs import here: the whole thing can be built and timed without MkDocs
(see paperlist.bench_discovery). Each step's time is kept in `timings`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin

from . import browse_filters, citation, exports, related, topicmap
from .catalogue import Catalogue, Entry
from .render import first_sentence

ASSETS_DIR = Path(__file__).with_name("assets")
#: static files shipped with the package -> where they go in the site
ASSETS = {"discovery.js": "assets/paperlist/discovery.js",
          "discovery.css": "assets/paperlist/discovery.css"}
SCRIPT = ASSETS["discovery.js"]
STYLESHEET = ASSETS["discovery.css"]
#: neighbours computed per paper: the page shows related.SHOWN, the map uses them all
MAP_NEIGHBOURS = 8

Link = Callable[[str], str]


@dataclass
class Discovery:
    cat: Catalogue
    #: entry -> its page's URL relative to the site root ("papers/prorl/")
    page_path: Callable[[Entry], str]
    site_name: str
    #: the site's absolute URL (mkdocs.yml site_url), or None when it has none
    site_url: str | None
    neighbours: list[list[related.Neighbour]] = field(default_factory=list)
    coords: list[tuple[int, int]] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    _files: dict[str, str] = field(default_factory=dict)
    _position: dict[str, int] = field(default_factory=dict)  # src_uri -> catalogue index

    @classmethod
    def build(cls, cat: Catalogue, page_path: Callable[[Entry], str], site_name: str,
              site_url: str | None) -> Discovery:
        d = cls(cat, page_path, site_name, (site_url or "").rstrip("/") + "/" if site_url
                else None)
        d._compute()
        return d

    def _timed(self, name: str, fn: Callable[[], str]) -> str:
        start = time.perf_counter()
        out = fn()
        self.timings[name] = self.timings.get(name, 0.0) + time.perf_counter() - start
        return out

    def _compute(self) -> None:
        cat = self.cat
        self._position = {e.src_uri: i for i, e in enumerate(cat.papers)}
        start = time.perf_counter()
        self.neighbours = related.neighbours(cat.papers, k=MAP_NEIGHBOURS)
        self.timings["related"] = time.perf_counter() - start
        start = time.perf_counter()
        self.coords = topicmap.layout(cat, self.neighbours)
        self.timings["map layout"] = time.perf_counter() - start
        url = self.url
        files = {
            topicmap.DATA_FILE: self._timed(
                "map data", lambda: topicmap.map_data(cat, self.coords, self.page_path)),
            browse_filters.DATA_FILE: self._timed("browse data", lambda: browse_filters.browse_data(
                cat, self.page_path, lambda e: first_sentence(e.body))),
            "papers.json": self._timed("papers.json", lambda: exports.papers_json(cat, url)),
            "papers.csv": self._timed("papers.csv", lambda: exports.papers_csv(cat, url)),
            "papers.bib": self._timed("papers.bib", lambda: exports.papers_bib(cat, self._abs)),
            "feed.xml": self._timed("feed.xml", lambda: exports.atom_feed(
                cat, url, self.site_name, self.site_url)),
        }
        files.update(exports.schema_files())
        for name, dest in ASSETS.items():
            files[dest] = (ASSETS_DIR / name).read_text(encoding="utf-8")
        self._files = files

    def url(self, entry: Entry) -> str:
        """The paper's URL: absolute with a site URL, else relative to the site root."""
        return self._abs(entry) or self.page_path(entry)

    def _abs(self, entry: Entry) -> str:
        return urljoin(self.site_url, self.page_path(entry)) if self.site_url else ""

    def files(self) -> dict[str, str]:
        """Site path -> content of every non-page file: exports, schemas, map data, assets."""
        return dict(self._files)

    def pages(self) -> dict[str, str]:
        """Source path -> stub of every page added (the map); see `page_html`."""
        return {topicmap.MAP_PAGE: topicmap.map_stub()}

    def page_html(self, src_uri: str, link: Link) -> str | None:
        if src_uri == topicmap.MAP_PAGE:
            return topicmap.map_page(self.cat, link, link(topicmap.DATA_FILE), link("index.md"))
        return None

    def related_to(self, entry: Entry) -> list[Entry]:
        i = self._position[entry.src_uri]
        return [self.cat.papers[n.index] for n in self.neighbours[i][:related.SHOWN]]

    def paper_html(self, entry: Entry, link: Link) -> str:
        """What a paper page gets below its abstract: related papers, then how to cite it."""
        rel = related.related_html(entry, self.related_to(entry), link,
                                   lambda slug: link(f"tags/{slug}.md"))
        return rel + citation.bibtex_html(entry, self._abs(entry) or None)

    def head_html(self, entry: Entry) -> str:
        """citation_* meta tags for the paper page's <head>."""
        return citation.meta_tags(entry, self._abs(entry) or None)
