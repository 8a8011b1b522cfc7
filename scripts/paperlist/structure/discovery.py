"""Discovery features computed once per build: related papers, the topic map, citations,
exports, and the static assets (scripts, stylesheet) that make them interactive.

This is the one object the MkDocs plugin holds for them, so the plugin stays a thin
adapter: it passes in each paper's URL and the site's name and URL, adds `files()` to the
build, and asks for `paper_sections` and `head_html` while rendering. No MkDocs import
here: the whole thing can be built and timed without MkDocs
(see scripts/tools/bench_discovery.py). Each step's time is kept in `timings`.

With `background=True` the computation runs on the other core (util/background.py)
while the build reads pages; `file_paths()` is known at once, everything else waits for
it on first use, when the exports are made in the caller's process before it waits.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urljoin

from paperlist import ASSETS_DIR
from paperlist.discover import browse, exports, related, topicmap
from paperlist.html import feed
from paperlist.html.abstract import teaser, title_text
from paperlist.html.paper import citation_meta, cite_section, related_section
from paperlist.model.catalogue import Catalogue, Paper
from paperlist.structure import paths
from paperlist.structure.paths import Link
from paperlist.util.background import Background, BackgroundError

#: static files shipped with the package -> where they go in the site. Every page loads
#: SCRIPT, which loads a widget's script (map, browse, cite, the header box's count, the
#: search page) only on pages that show it; the search page loads the engine's scripts
#: (paths.ENGINE_SCRIPTS: files of the build so that pages can link them; search/index.py
#: installs them too).
ASSETS = {name: f"{paths.ASSETS}/{name}"
          for name in ("loader.js", "map.js", "browse.js", "cite.js", "search-box.js",
                       "search-page.js", "search-stem.js", "search-text.js", "search-rank.js",
                       "search-load.js", "search-core.js",
                       "discovery.css")}
SCRIPT = ASSETS["loader.js"]
STYLESHEET = ASSETS["discovery.css"]
#: what `export_files` makes (a background build makes them in its own process)
EXPORTS = (paths.PAPERS_JSON, paths.PAPERS_CSV, paths.PAPERS_BIB, paths.FEED)
#: neighbours computed per paper: the page shows related.SHOWN, the map uses them all
MAP_NEIGHBOURS = 8

#: what the (possibly background) computation hands back: neighbours, map coordinates,
#: files, papers' sections, timings
_Computed = tuple[list[list[related.Neighbour]], list[tuple[int, int]], dict[str, str],
                  dict[str, str], dict[str, float]]


@dataclass
class Discovery:
    cat: Catalogue
    #: entry -> its page's URL relative to the site root ("papers/prorl/")
    page_path: Callable[[Paper], str]
    site_name: str
    #: the site's absolute URL (mkdocs.yml site_url), or None when it has none
    site_url: str | None
    neighbours: list[list[related.Neighbour]] = field(default_factory=list)
    coords: list[tuple[int, int]] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    _files: dict[str, str] = field(default_factory=dict)
    _position: dict[str, int] = field(default_factory=dict)  # src_uri -> catalogue index
    #: paper -> how links are written from its page; given, each paper's `paper_sections` are
    #: made along with the rest (in the background too)
    paper_link: Callable[[Paper], Link] | None = None
    _work: Background[_Computed] | None = None
    _sections: dict[str, str] = field(default_factory=dict)
    #: the paper of each neighbour index when it is not cat.papers' order (a refreshed
    #: discovery keeps the last computation's neighbours: see `refreshed`)
    _ref: list[Paper] | None = None
    #: papers in feed.xml (0: all; html/feed.py)
    feed_entries: int = feed.FEED_ENTRIES
    #: the exports are left to `_ready`, in the build's process (a background build)
    _exports_in_build: bool = False

    @classmethod
    def build(cls, cat: Catalogue, page_path: Callable[[Paper], str], site_name: str,
              site_url: str | None, *, background: bool = False,
              paper_link: Callable[[Paper], Link] | None = None,
              feed_entries: int = feed.FEED_ENTRIES) -> Discovery:
        d = cls(cat, page_path, site_name, (site_url or "").rstrip("/") + "/" if site_url
                else None, paper_link=paper_link, feed_entries=feed_entries)
        d._position = {e.src_uri: i for i, e in enumerate(cat.papers)}
        if background:
            # Wanted once the pages are read: what is wanted sooner (the other half of
            # their bodies) goes first. The exports need none of the rest: the build
            # makes them itself when it asks for the results (`_ready`), before it waits.
            d._exports_in_build = True
            d._work = Background(d._compute, niceness=5)
        else:
            d._take(d._compute())
        return d

    def _ready(self) -> None:
        """Wait for the background computation. The exports are made here first, in the
        build's own process: it would otherwise sit idle waiting (its core had nothing
        else to do at that point, while the other ran related papers, the map, half the
        pages' bodies and Pagefind; at 12,000 papers the exports are a second of that)."""
        if self._work is not None:
            try:
                made = (self.export_files(self._timed(self.timings))
                        if self._exports_in_build else {})
            except Exception:  # reported as the rest of the computation's failures are
                self.cancel()
                raise BackgroundError(
                    f"making the exports failed:\n{traceback.format_exc()}") from None
            computed = self._work.result()
            self._work = None
            self._take(computed)
            if made:
                every = {**self._files, **made}
                self._files = {path: every[path] for path in self.file_paths()}

    def _take(self, computed: _Computed) -> None:
        self.neighbours, self.coords, self._files, self._sections, timings = computed
        self.timings.update(timings)

    def cancel(self) -> None:
        """Stop a background computation (the build failed)."""
        if self._work is not None:
            self._work.cancel()
            self._work = None

    @staticmethod
    def _timed(timings: dict[str, float]) -> Callable[[str, Callable[[], str]], str]:
        def timed(name: str, fn: Callable[[], str]) -> str:
            start = time.perf_counter()
            out = fn()
            timings[name] = time.perf_counter() - start
            return out

        return timed

    def _compute(self) -> _Computed:
        cat = self.cat
        timings: dict[str, float] = {}
        timed = self._timed(timings)
        start = time.perf_counter()
        neighbours = related.neighbours(cat.papers, k=MAP_NEIGHBOURS)
        timings["related"] = time.perf_counter() - start
        start = time.perf_counter()
        coords = topicmap.layout(cat, neighbours)
        timings["map layout"] = time.perf_counter() - start
        files = self._make_files(coords, timed)
        pages: dict[str, str] = {}
        if self.paper_link is not None:
            start = time.perf_counter()
            pages = {e.src_uri: self._make_sections(e, self.paper_link(e), neighbours)
                     for e in cat.papers}
            timings["related + cite sections"] = time.perf_counter() - start
        return neighbours, coords, files, pages, timings

    def _make_files(self, coords: list[tuple[int, int]],
                    timed: Callable[[str, Callable[[], str]], str]) -> dict[str, str]:
        files = self._view_files(coords, timed)
        if not self._exports_in_build:
            files.update(self.export_files(timed))
        files.update(exports.schema_files())
        for name, dest in ASSETS.items():
            files[dest] = (ASSETS_DIR / name).read_text(encoding="utf-8")
        wanted = [path for path in self.file_paths()
                  if not (self._exports_in_build and path in EXPORTS)]
        assert sorted(files) == sorted(wanted)
        return {path: files[path] for path in wanted}

    def _view_files(self, coords: list[tuple[int, int]],
                    timed: Callable[[str, Callable[[], str]], str]) -> dict[str, str]:
        """The data the map and browse pages show."""
        cat = self.cat
        return {
            paths.MAP_DATA: timed(
                "map data", lambda: topicmap.map_data(
                cat, coords, self.page_path, lambda e: title_text(e.title))),
            paths.BROWSE_DATA: timed("browse data", lambda: browse.browse_data(
                cat, self.page_path, lambda e: teaser(e.body), lambda e: title_text(e.title))),
        }

    def export_files(self, timed: Callable[[str, Callable[[], str]], str] | None = None
                     ) -> dict[str, str]:
        """papers.json, .csv, .bib and the feed (a fast rebuild makes them last)."""
        cat = self.cat
        url = self.url
        timed = timed or (lambda name, fn: fn())
        return {
            paths.PAPERS_JSON: timed("papers.json", lambda: exports.papers_json(cat, url)),
            paths.PAPERS_CSV: timed("papers.csv", lambda: exports.papers_csv(cat, url)),
            paths.PAPERS_BIB: timed("papers.bib", lambda: exports.papers_bib(cat, self._abs)),
            paths.FEED: timed("feed.xml", lambda: feed.atom_feed(
                cat, url, self.site_name, self.site_url, self.feed_entries)),
        }

    def refresh_exports(self) -> dict[str, str]:
        """Make the exports from this discovery's catalogue, keep and return them."""
        made = self.export_files()
        self._files.update(made)
        return made

    def refreshed(self, cat: Catalogue, changed: set[str], *,
                  exact: bool) -> tuple[Discovery, set[str]]:
        """This build's discovery for a catalogue in which the papers `changed` (src_uri)
        were edited (the live preview's fast path, structure/preview.py), and the papers
        whose page sections (related papers, Cite) may differ now. `exact`: everything
        is computed again, as a build would. Else related papers and the map's layout
        stay this build's (computing them is the expensive part), while the sections
        showing the edited papers and the map and browse data are made from the new
        catalogue; the exports are left as they were, for `export_files` to make later."""
        self._ready()
        if exact:
            new = Discovery.build(cat, self.page_path, self.site_name, self.site_url,
                                  paper_link=self.paper_link, feed_entries=self.feed_entries)
        else:
            new = Discovery(cat, self.page_path, self.site_name, self.site_url,
                            paper_link=self.paper_link, feed_entries=self.feed_entries)
            # the neighbours' rows and indexes stay those of the last computation
            new.neighbours, new._position = self.neighbours, self._position
            new._ref = [cat.by_file[e.path.name] for e in self._papers_of_rows()]
            at = {e.src_uri: i for i, e in enumerate(self.cat.papers)}
            new.coords = [self.coords[at[e.src_uri]] for e in cat.papers]
            new._files = {**self._files, **new._view_files(new.coords, lambda n, fn: fn())}
        stale = set(changed)
        for e in cat.papers:
            src = e.src_uri
            # (an edited paper's tags decide whether it is shown: where it was, it may be no more)
            shown, was = new._shown(src), self._shown(src) if src in self._position else []
            if any(s in changed for s, _ in shown + was) or (exact and shown != was):
                stale.add(src)
        if not exact:
            new._sections = {src: made for src, made in self._sections.items()
                             if src not in stale}
        return new, stale

    def _papers_of_rows(self) -> list[Paper]:
        """The paper of each neighbour index (a row of `neighbours`)."""
        return self._ref if self._ref is not None else self.cat.papers

    def _shown(self, src: str) -> list[tuple[str, float]]:
        """The related papers a paper's page shows, by src_uri, with their scores."""
        ref = self._papers_of_rows()
        i = self._position[src]
        return [(ref[n.index].src_uri, n.score)
                for n in related.shown(ref[i], self.neighbours[i], ref)]

    @staticmethod
    def file_paths() -> list[str]:
        """Site paths of `files()`, known before they are computed."""
        return [paths.MAP_DATA, paths.BROWSE_DATA, *EXPORTS, *exports.SCHEMA_FILES,
                *ASSETS.values()]

    def url(self, entry: Paper) -> str:
        """The paper's URL: absolute with a site URL, else relative to the site root."""
        return self._abs(entry) or self.page_path(entry)

    def _abs(self, entry: Paper) -> str:
        return urljoin(self.site_url, self.page_path(entry)) if self.site_url else ""

    def files(self) -> dict[str, str]:
        """Site path -> content of every non-page file: exports, schemas, map data, assets."""
        self._ready()
        return dict(self._files)

    def related_to(self, entry: Paper) -> list[Paper]:
        self._ready()
        return self._related(entry, self.neighbours)

    def _related(self, entry: Paper, neighbours: list[list[related.Neighbour]]) -> list[Paper]:
        i = self._position[entry.src_uri]
        ref = self._papers_of_rows()
        return [ref[n.index] for n in related.shown(entry, neighbours[i], ref)]

    def paper_sections(self, entry: Paper, link: Link) -> str:
        """What a paper page gets below its abstract: related papers, then how to cite it.
        link must be paper_link(entry) when that was given."""
        self._ready()
        made = self._sections.get(entry.src_uri)
        return made if made is not None else self._make_sections(entry, link,
                                                                  self.neighbours)

    def _make_sections(self, entry: Paper, link: Link,
                       neighbours: list[list[related.Neighbour]]) -> str:
        rel = related_section(entry, self._related(entry, neighbours), link)
        return rel + cite_section(entry, self._abs(entry) or None)

    def head_html(self, entry: Paper) -> str:
        """citation_* meta tags for the paper page's <head>."""
        return citation_meta(entry, self._abs(entry) or None)
