"""The MkDocs hooks: a thin adapter between MkDocs and the rest of paperlist.

It pulls `papers/*.md` into the build from where editors keep them (so the edit button
opens the real file), keeps them out of the navigation (a sidebar of every paper would
make each page carry the whole list), and adds the pages of structure/pages.py. What a
page shows is made by paperlist.html, which escapes everything; this module only decides
where it goes and when.
"""

from __future__ import annotations

import gc
import logging
import os
import posixpath
import re
import threading
import time
import types
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import jinja2
from mkdocs.commands.build import _build_page, _populate_page
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page as MkPage
from mkdocs.structure.toc import get_toc
from mkdocs.utils import get_relative_url, write_file

from paperlist.check.checker import check_paths, find_problems
from paperlist.html import home
from paperlist.html.abstract import title_text
from paperlist.html.codeblocks import focusable_code_blocks
from paperlist.html.escape import esc
from paperlist.html.icons import IconSheet
from paperlist.html.inferred import INFERRED_LEGEND, INFERRED_SUFFIX
from paperlist.html.notfound import MATERIAL_404, not_found
from paperlist.html.paper import description, indexed_abstract, indexed_body, paper_body
from paperlist.html.problems import CHECK_ONLY, page_problems, problems_banner
from paperlist.html.searchpage import search_hook
from paperlist.html.squeeze import squeeze
from paperlist.mkdocs_plugin.config import SHOW_PROBLEMS_ENV, PaperlistConfig
from paperlist.mkdocs_plugin.material import (
    before_bundle,
    name_search_dialog,
    quicken_search_plugin,
    use_our_worker,
)
from paperlist.mkdocs_plugin.partials import SharedPartials
from paperlist.mkdocs_plugin.shell import SHELL_TEMPLATE, PaperShell
from paperlist.model.catalogue import Catalogue, Paper, load_catalogue
from paperlist.model.taxonomy import DEFAULT_PATH as DEFAULT_TAXONOMY
from paperlist.model.taxonomy import load_taxonomy
from paperlist.search import index as search_index
from paperlist.search.data import row as search_row
from paperlist.structure import pages, preview
from paperlist.structure.discovery import SCRIPT, STYLESHEET, Discovery
from paperlist.structure.hosting import Hosting, HostingError, expand_docs_page, resolve
from paperlist.structure.paths import (
    BROWSE,
    FEED,
    HEADING_ID,
    HOME,
    ICONS,
    SEARCH_HOOK,
    SEARCH_PAGE,
    TAGS_INDEX,
    Link,
    tag_src,
)
from paperlist.util.background import BackgroundError, split_map
from paperlist.util.collector import collector_paused

log = logging.getLogger("mkdocs.plugins.paperlist")


_H1 = re.compile(r"<h1[^>]*>(.*?)</h1>")
#: from this many papers on, their page bodies are made half on the other core
PARALLEL_BODIES_MIN = 2000
#: where a paper's related papers and BibTeX go in at on_post_page
_DISCOVERY_SLOT = "<!-- paperlist:discovery -->"
#: where the live preview's banner of broken pages goes: the top of the content (Material's
#: <article>), else of the page
_CONTENT_START = (re.compile(r"<article\b[^>]*>"), re.compile(r"<body\b[^>]*>"))


@dataclass(frozen=True)
class _Broken:
    """A page that would fail the build, as a live preview shows it."""

    #: the file as `paperlist check` names it (relative to where the preview runs)
    file: str
    #: `paperlist check`'s lines for it
    messages: list[str]
    #: the paper is still shown (under its problems); False: the page cannot be read
    shown: bool
    #: the build would pass it: only `paperlist check` fails it (a misspelt key)
    check_only: bool = False


@dataclass
class _Built:
    """What the live preview's fast path re-renders with: the last full build's MkDocs
    objects (its pages keep their content), and the state of its inputs when it began."""

    config: MkDocsConfig
    files: Files
    nav: Navigation
    env: jinja2.Environment
    #: the files whose changes are looked at (structure/preview.py `snapshot`)
    roots: list[Path]
    stamps: dict[str, preview.Stamp]


def _shown_path(path: Path) -> str:
    """A page's path as `paperlist check` run from the same folder prints it."""
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return str(path)


def _checked(paths: list[Path], taxonomy: Path | None,
             agreement: bool = True) -> dict[str, list[str]]:
    """`paperlist check`'s lines for these pages, in one run, by page as check names it
    (`_shown_path`); lines of no page given (the taxonomy's, say) under ''."""
    shown = sorted({_shown_path(p) for p in paths})
    out: dict[str, list[str]] = {}
    for problem in (find_problems([Path(f) for f in shown], workers=1, taxonomy=taxonomy,
                                  agreement=agreement) if shown else []):
        out.setdefault(problem.path if problem.path in shown else "", []).append(str(problem))
    return out


#: The table of contents of a page the plugin writes: one entry, the heading it writes
#: (paths.HEADING_ID), where Material's "Skip to content" link leads (the theme shows no
#: table of contents of an h1 alone). One object for all: paper pages take the shell only
#: where what the templates read of them is equal (shell.py).
_HEADING_TOC = get_toc([{"level": 1, "id": HEADING_ID, "name": "", "children": []}])


def _render_html_only(page: MkPage, config: MkDocsConfig, files: Files) -> None:
    """MkPage.render for a page whose Markdown the plugin emptied (a paper, a listing: their
    HTML goes in at on_page_content): what rendering '' gives, without building a Markdown
    converter with every extension for it (0.4 ms a page, 13 s of a 30,000-paper build).
    A page that has Markdown after all (another plugin's) is rendered as ever."""
    if page.markdown:
        MkPage.render(page, config, files)
        return
    page.content = ""
    page.toc = _HEADING_TOC
    page._title_from_render = None
    page.present_anchor_ids = set()
    if logging.getLogger("mkdocs.structure.pages").getEffectiveLevel() > logging.DEBUG:
        page.links_to_anchors = {}  # as MkPage.render sets it


def _without_markdown(page: MkPage) -> str:
    """Mark the page as one without Markdown (see _render_html_only); returns its source, ''."""
    page.render = types.MethodType(_render_html_only, page)  # type: ignore[method-assign]
    return ""


def _resolve_dots(url: str) -> str:
    """'.../edit/main/docs/../papers/x.md' -> '.../edit/main/papers/x.md'."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=posixpath.normpath(parts.path)))


class PaperlistPlugin(BasePlugin[PaperlistConfig]):
    """Options: see PaperlistConfig."""

    supports_multiple_instances = False

    def __init__(self) -> None:
        self.catalogue: Catalogue | None = None
        #: src_uri -> URL of every file of the build
        self._urls: dict[str, str] = {}
        #: papers' page bodies, made once for the search index and the pages
        self._bodies: dict[str, str] = {}
        #: the discovery files' File objects (content set at on_post_build), and whether
        #: the discovery computation has been waited for this build
        self._discovery_files: dict[str, File | None] = {}
        self._discovery_done = False
        self._index: search_index.BackgroundIndex | None = None
        #: Pagefind search this build: asked for, and there are papers to index (an index
        #: of nothing answers nothing; an empty catalogue keeps Material's own search)
        self._pagefind = False
        #: generated pages' HTML, from on_page_markdown to on_page_content
        self._generated: dict[str, str] = {}
        self.discovery: Discovery | None = None
        self._partials = SharedPartials(self._renders_paper)
        #: paper pages made from one render of the theme's page (shell.py)
        self.shell = PaperShell()
        #: the theme's icons met in the pages, drawn by ICONS (written after the pages)
        self._icons = IconSheet()
        #: src_uri -> problems of each page that would fail the build (live preview only)
        self._broken: dict[str, _Broken] = {}
        #: in a live preview, each paper page edited since it started that `paperlist
        #: check` fails, with the check's lines: CI runs the check first, so the preview
        #: shows those the build takes (`autors:`, `yes` for true) as it shows what fails
        #: the build (which takes precedence: `_broken_pages`)
        self._check_only: dict[Path, list[str]] = {}
        #: under `mkdocs serve` (this instance then lives across rebuilds: on_startup)
        self._serving = False
        #: started as MkDocs' command line starts a plugin (on_startup), which ends the
        #: process after the build or, under `serve`, builds again from on_files
        #: (on_post_build: why it matters)
        self._command_line = False
        #: the last full build, for the preview's fast rebuilds (serve only)
        self._built: _Built | None = None
        self._nav: Navigation | None = None
        self._roots: list[Path] = []
        self._stamps: dict[str, preview.Stamp] = {}
        #: src_uri -> each paper's body as indexed, kept to index again after a fast rebuild
        self._indexed: dict[str, str] = {}
        #: the search index made again after a fast rebuild; the lock keeps a build from
        #: starting while its result moves into the site
        self._reindex: search_index.BackgroundIndex | None = None
        #: which fast rebuild's deferred work may still write into the site
        self._after: object | None = None
        self._reindex_lock = threading.Lock()

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Defined so that MkDocs keeps this instance across the preview's rebuilds (it
        re-creates plugins that have no on_startup), which lets a rebuild reuse the last."""
        self._serving = command == "serve"
        self._command_line = True

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        root = Path(config.config_file_path).resolve().parent
        self.papers_dir = (root / self.config.papers_dir).resolve()
        #: papers are files `<this>/<id>.md` of the build, served at `/<this>/<id>/`
        self.papers_rel = self.papers_dir.name
        #: the pages' folder as seen from docs/, which edit_uri points into
        self._papers_from_docs = Path(os.path.relpath(self.papers_dir, config.docs_dir)).as_posix()
        self._taxonomy_file = Path(self.config.taxonomy) if self.config.taxonomy else None
        self.taxonomy = load_taxonomy(self._taxonomy_file)
        #: a live preview shows a broken page's problems in its place (see config.py)
        self.show_problems = bool(os.environ.get(SHOW_PROBLEMS_ENV)) and not config.strict
        self.hosting = self._host(config, root)
        if STYLESHEET not in config.extra_css:  # related papers, map, filters, citation
            config.extra_css.append(STYLESHEET)
        if SCRIPT not in [str(s) for s in config.extra_javascript]:
            config.extra_javascript.append(SCRIPT)
        quicken_search_plugin(config.plugins, titles_only=lambda: self._pagefind)
        return config

    def _host(self, config: MkDocsConfig, root: Path) -> Hosting:
        """The repository, branch and public URL (structure/hosting.py), put where MkDocs
        and Material read them: site_url (sitemap, 404 page, our absolute URLs), edit_uri
        (an absolute `<repo>/edit/<branch>/docs/`, so no `repo_url` is needed: with one,
        Material calls the GitHub API from every reader's browser, and MkDocs guesses a
        `master` branch) and the footer's repository link."""
        try:
            hosting = resolve(self.config.repo or config.repo_url, self.config.branch,
                              config.site_url, os.environ)
        except HostingError as e:
            raise PluginError(f"paperlist: {config.config_file_path}: {e}") from None
        if hosting.site_url and not config.site_url:
            config.site_url = hosting.site_url
        if hosting.repo:
            docs = Path(os.path.relpath(Path(config.docs_dir).resolve(), root)).as_posix()
            config.edit_uri = hosting.edit_url(f"{docs}/")
            social = list(config.extra.get("social") or [])
            if not any(str(s.get("link", "")).rstrip("/") == hosting.repo for s in social):
                social.append({"icon": "fontawesome/brands/github", "link": hosting.repo,
                               "name": "The catalogue's repository"})
            config.extra["social"] = social
        return hosting

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        self._built = None
        self._cancel_reindex()
        if gc.get_freeze_count():  # what the last build left frozen (on_post_build): its
            gc.unfreeze()  # garbage collected now, before this build's catalogue is read
            gc.collect()  # (with the collector held off) and frozen in turn
        #: paper pages added or changed since the last build (a preview's full build)
        changed: list[Path] = []
        if self._serving:  # before anything is read: an edit made meanwhile is seen
            before = self._stamps
            self._roots = self._inputs(config)
            self._stamps = preview.snapshot(self._roots)
            if before:
                changed = [Path(p) for p, stamp in self._stamps.items()
                           if before.get(p) != stamp and Path(p).parent == self.papers_dir
                           and p.endswith(".md")]
        # The catalogue lives as long as the build: out of the cyclic GC's sight from now
        # on. At 30,000 papers its full collections scanned it (and then MkDocs' pages)
        # over and over, tens of CPU seconds; and a forked child (util/background.py) no
        # longer copies every page of it by touching its objects' GC headers. Frozen
        # before the collector is back on, whose first collection would scan it all.
        with collector_paused():
            try:
                self.catalogue = load_catalogue(self.papers_dir, self.taxonomy, lenient=True)
            except (ValueError, BackgroundError) as e:
                raise PluginError(str(e)) from None
            gc.freeze()
        if self.catalogue.unreadable and not self.show_problems:
            # told as `paperlist check` tells them ("a colon inside the title — quote it"),
            # not as the YAML library does ("mapping values are not allowed here"); and
            # the other pages' problems with them, not on the next run
            raise PluginError("cannot build: some pages cannot be read\n  " + "\n  ".join([
                *(line for e in self.catalogue.unreadable for line in check_paths(
                    [Path(_shown_path(e.path))], workers=1, taxonomy=self._taxonomy_file)
                  or [str(e)]), *self.catalogue.problems]))
        cat = self.catalogue
        self._pagefind = self.config.search == "pagefind" and bool(cat.papers)
        if not cat.papers:
            log.info("paperlist: no papers in %s yet; the home page says how to import a "
                     "list", self.papers_dir)
        # told as `paperlist check` tells them, at the path it prints, in a build too
        broken, unplaced = (self._broken_pages(cat) if cat.problems or cat.unreadable
                            else ({}, []))
        self._broken = broken if self.show_problems else {}
        if self.show_problems and (self._check_only or changed):  # fixed since? new?
            self._check_edits(sorted({*self._check_only, *changed}), replace=True)
            for path, messages in self._check_only.items():
                src = f"{self.papers_rel}/{path.name}"
                if src not in self._broken:
                    self._broken[src] = _Broken(_shown_path(path), messages, shown=True,
                                                check_only=True)
        for problem in unplaced:
            log.warning(problem)
        for told in broken.values():
            for message in told.messages:
                log.warning(message)
        unreadable = [Path(e.path) for e in cat.unreadable]
        # The generated pages (tags, browse...) come first: MkDocs renders pages in this
        # order, and they need nothing of the related papers, which the other core is
        # still computing when rendering starts (paper pages wait for them).
        for src_uri, content in pages.generated_pages(
                cat, search=self._pagefind).items():
            inclusion = (InclusionLevel.UNDEFINED if pages.in_nav(src_uri)
                         else InclusionLevel.NOT_IN_NAV)
            f = File.generated(config, src_uri, content=content, inclusion=inclusion)
            f.generated_by = "paperlist"
            files.append(f)
        for path in [entry.path for entry in cat.papers] + unreadable:
            name = path.name
            f = File(
                f"{self.papers_rel}/{name}", src_dir=str(self.papers_dir.parent),
                dest_dir=config.site_dir, use_directory_urls=config.use_directory_urls,
                inclusion=InclusionLevel.NOT_IN_NAV,
            )
            # Relative to edit_uri (which points into docs/), so the edit button opens
            # papers/<id>.md itself rather than a copy.
            f.edit_uri = f"{self._papers_from_docs}/{name}"
            files.append(f)
        for path in Discovery.file_paths():  # content set at on_post_build
            files.append(File.generated(config, path, content=""))
        # One URL map for every link a generated page makes (thousands a page).
        self._urls = {f.src_uri: f.url for f in files}
        self._start_discovery(config)
        self._bodies = {}
        if self._pagefind:
            try:
                bodies = split_map(self._paper_bodies, cat.papers, PARALLEL_BODIES_MIN)
            except BackgroundError as e:
                raise PluginError(f"paperlist: could not render the papers: {e}") from None
            self._bodies = {e.src_uri: body for e, (body, _) in zip(cat.papers, bodies,
                                                                   strict=True)}
            # the index gets each body marked up for Pagefind; the page only the body
            indexed = {e.src_uri: indexed_body(body, e, as_text)
                       for e, (body, as_text) in zip(cat.papers, bodies, strict=True)}
            self._indexed = indexed if self._serving else {}
            if self._index is not None:
                self._index.cancel()
            try:
                self._index = self._search_index(cat, indexed)
            except search_index.SearchIndexError as e:
                raise PluginError(f"paperlist: {e}") from None
        return files

    def _search_index(self, cat: Catalogue, indexed: dict[str, str]
                      ) -> search_index.BackgroundIndex:
        """The search index started on the papers' indexed bodies (by source path), for a
        build and for a preview's re-index alike."""
        return search_index.BackgroundIndex(
            {self._urls[src]: body for src, body in indexed.items()},
            [search_row(e, self._urls[e.src_uri]) for e in cat.papers],
            [(t.slug, t.name) for t in cat.taxonomy.tags],
            {"inferred_legend": list(INFERRED_LEGEND)}, cat.taxonomy.abbreviation_tags(),
            {self._urls[e.src_uri]: (e.title, e.body) for e in cat.papers},
            {t.slug: self._urls[tag_src(t.slug)] for t in cat.taxonomy.tags
             if tag_src(t.slug) in self._urls})

    def _inputs(self, config: MkDocsConfig) -> list[Path]:
        """What a build reads besides the theme's own files: the papers, mkdocs.yml, the
        taxonomy, docs/, the theme's overrides and whatever mkdocs.yml watches."""
        roots = [self.papers_dir, Path(config.config_file_path),
                 self._taxonomy_file or DEFAULT_TAXONOMY, Path(config.docs_dir)]
        if config.theme.custom_dir:
            roots.append(Path(config.theme.custom_dir))
        return roots + [Path(w) for w in config.watch]

    def _check_edits(self, paths: list[Path], replace: bool = False) -> bool:
        """`paperlist check` of edited paper pages, each page's own problems (not the
        list's agreement: check/checker.py find_problems), kept in `_check_only` when there are
        some (with replace, `_check_only` is all that is kept); whether there are."""
        existing = [p for p in paths if p.exists()]  # (a page removed: gone)
        told = _checked(existing, self._taxonomy_file, agreement=False)
        found = {p: told[_shown_path(p)] for p in existing if _shown_path(p) in told}
        if replace:
            self._check_only = found
        else:
            for path in paths:
                self._check_only.pop(path, None)
            self._check_only.update(found)
        return bool(found)

    def _broken_pages(self, cat: Catalogue) -> tuple[dict[str, _Broken], list[str]]:
        """The pages that would fail a strict build (unreadable, or with problems such as
        an unknown tag), each with `paperlist check`'s lines for it: the preview says
        what the checker says, and a page the checker passes keeps the loader's words.
        Also the catalogue's problems that name no page, to be reported as ever."""
        found: dict[Path, tuple[list[str], bool]] = {
            Path(e.path): ([str(e)], False) for e in cat.unreadable}
        by_path = {str(e.path): e.path for e in cat.papers}
        unplaced = []
        for problem in cat.problems:  # "<path>:<line>: ..."; the path may hold colons
            path = next((by_path[problem[:i]] for i, ch in enumerate(problem)
                         if ch == ":" and problem[:i] in by_path), None)
            if path is None:
                unplaced.append(problem)
            else:
                found.setdefault(path, ([], True))[0].append(problem)
        # one check of them all (a taxonomy edit can break thousands), its lines by page
        files = {path: _shown_path(path) for path in sorted(found)}
        told = _checked(list(files), self._taxonomy_file)
        unplaced += told.pop("", [])  # (of no page: the taxonomy's, say)
        broken: dict[str, _Broken] = {}
        for path, file in files.items():
            fallback, shown = found[path]
            broken[f"{self.papers_rel}/{path.name}"] = _Broken(
                file, told.get(file) or fallback, shown)
        return broken, unplaced

    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig,
               files: Files) -> Navigation:
        self._nav = nav
        return nav

    def on_env(self, env: jinja2.Environment, /, *, config: MkDocsConfig,
               files: Files) -> jinja2.Environment:
        """Reuse the shared partials' output on paper pages (partials.py). The discovery
        files are filled in at the end of the build (`_discovered`): the other core is
        still computing them here, and the pages rendered first need none of it."""
        self._partials.install(env)
        self.shell.install(env)
        gc.freeze()  # the pages, read: they too live until the build ends (see on_files)
        if self._serving and self._nav is not None:
            self._built = _Built(config, files, self._nav, env, self._roots, self._stamps)
        self._discovery_files = {path: files.get_file_from_path(path)
                                 for path in Discovery.file_paths()}
        self._discovery_done = False
        return env

    def _discovered(self) -> None:
        """Wait for the related papers, the map and the exports (the first paper page
        needs them; the build's end writes the files), saying why if they failed."""
        if self._discovery_done:
            return
        assert self.discovery is not None
        try:
            self.discovery.files()  # waits for the other core, if need be
        except BackgroundError as e:
            raise PluginError(f"paperlist: could not compute related papers, the map and "
                              f"the exports: {e}") from None
        self._discovery_done = True

    def _write_discovery_files(self, site: Path) -> None:
        """The discovery files into the site (MkDocs copied them empty: they were not
        computed yet), and into their File objects, which a fast rebuild compares with."""
        assert self.discovery is not None
        self._discovered()
        for path, content in self.discovery.files().items():
            f = self._discovery_files[path]
            assert f is not None
            f.content_string = content
            dest = site / f.dest_uri
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(content, encoding="utf-8")

    def _renders_paper(self, ctx: jinja2.runtime.Context) -> bool:
        page = ctx.get("page")
        return isinstance(page, MkPage) and self._paper(page) is not None

    def _paper_bodies(self, entries: list[Paper]) -> list[tuple[str, str]]:
        """Papers' page bodies, each with its abstract as the search index reads it where
        that differs (formulas as text: indexed_body), made right after the page's, from
        the same Markdown pass (html/abstract.py `_rendered`)."""
        assert self.catalogue is not None
        link, editable = self._link_from, bool(self.hosting.repo)
        return [(paper_body(e, link(self._urls[e.src_uri]), editable), indexed_abstract(e))
                for e in entries]

    def _start_discovery(self, config: MkDocsConfig) -> None:
        """Related papers, topic map, exports: computed once per build, on the other core
        while MkDocs reads the pages. Pages get them at on_post_page, files at on_env."""
        assert self.catalogue is not None
        if self.discovery is not None:
            self.discovery.cancel()
        urls = self._urls
        self.discovery = Discovery.build(
            self.catalogue, lambda e: urls[e.src_uri], config.site_name, config.site_url,
            background=True, paper_link=lambda e: self._link_from(urls[e.src_uri]),
            feed_entries=self.config.feed_entries)

    def _link_from(self, page_url: str) -> Link:
        """Source path -> URL relative to the page at page_url (works from any subfolder)."""

        made: dict[str, str] = {}  # a listing links each tag page dozens of times

        def link(src_uri: str) -> str:
            rel = made.get(src_uri)
            if rel is None:
                target = self._urls.get(src_uri)
                if target is None:
                    raise PluginError(f"paperlist: no page {src_uri!r} to link to")
                rel = made[src_uri] = get_relative_url(target, page_url)
            return rel

        return link

    def _linker(self, page: MkPage) -> Link:
        return self._link_from(page.file.url)

    def _paper(self, page: MkPage) -> Paper | None:
        return self._paper_src(page.file.src_uri)

    def _unreadable(self, page: MkPage) -> _Broken | None:
        """The problems of a page that cannot be read (live preview only)."""
        broken = self._broken.get(page.file.src_uri)
        return broken if broken is not None and not broken.shown else None

    def on_page_read_source(self, /, *, page: MkPage, config: MkDocsConfig) -> str | None:
        """A paper's page is made from the catalogue, not from Markdown: hand MkDocs an
        empty source, so it neither parses the frontmatter again (with its pure-Python
        YAML loader) nor runs Markdown over the paper's HTML (together more than half of
        a 12,000-paper build). The HTML goes in at on_page_content. So is a page that
        cannot be read, shown as its problems (live preview)."""
        if self._paper(page) is not None or self._unreadable(page) is not None:
            return ""
        return None

    def on_page_markdown(self, markdown: str, /, *, page: MkPage, config: MkDocsConfig,
                         files: Files) -> str:
        assert self.catalogue is not None
        cat = self.catalogue
        link = self._linker(page)
        entry = self._paper(page)
        unreadable = self._unreadable(page)
        if entry is not None or unreadable is not None:
            # Themes print meta.title unescaped; only our escaped copies reach them (the
            # title, the abstract's start as description), and no other key an editor
            # wrote (description, author...) is passed through.
            if entry is None:
                title = f"{Path(page.file.src_uri).name}: cannot be read"
            else:  # a browser tab, a bookmark, a search engine's result show it alone
                title = title_text(entry.title) + (INFERRED_SUFFIX if entry.title_inferred else "")
            page.meta = {"title": esc(title)}
            if entry is not None:
                page.meta["description"] = esc(description(entry))
            if self._pagefind:
                page.meta["search"] = {"exclude": True}  # in Pagefind, not in lunr
            if page.edit_url:
                page.edit_url = _resolve_dots(page.edit_url)
            return _without_markdown(page)
        src = page.file.src_uri
        if page.file.generated_by == "paperlist":
            generated = pages.page_html(src, cat, link)
            if generated is not None:  # in at on_page_content
                self._generated[src] = generated
                if pages.skips_markdown(src):  # like papers, long listings skip Markdown
                    heading = _H1.match(generated)
                    if heading:
                        page.meta["title"] = heading.group(1)
                    return _without_markdown(page)
        markdown = expand_docs_page(markdown, config.site_name, self.hosting)
        return home.expand_markers(markdown, cat, link)

    def on_page_content(self, html_: str, /, *, page: MkPage, config: MkDocsConfig,
                        files: Files) -> str:
        """A paper's page: its HTML (wrapped for the search index), then a slot for its
        related papers and BibTeX, outside the wrapper so they are not indexed as part of
        the paper; they go in at on_post_page, by when the discovery computation has
        finished on the other core. The map page's body."""
        assert self.catalogue is not None and self.discovery is not None
        broken = self._broken.get(page.file.src_uri)
        problems = ("" if broken is None else
                    page_problems(broken.file, broken.messages, shown=broken.shown,
                                  fails=CHECK_ONLY if broken.check_only else "the build"))
        entry = self._paper(page)
        if entry is not None:
            body = self._bodies.pop(entry.src_uri, None)  # made with the search index's
            if body is None:  # a fast rebuild's (a full build made them all)
                body = paper_body(entry, self._linker(page), bool(self.hosting.repo))
            # MkDocs picks the page's template next, and then calls on_page_context
            # (one another plugin chose is left to it)
            page.meta.setdefault("template", SHELL_TEMPLATE)
            return problems + body + _DISCOVERY_SLOT
        if broken is not None:  # unreadable: the theme writes the heading, with no id
            page.toc = get_toc([])
            return problems
        return focusable_code_blocks(self._generated.pop(page.file.src_uri, html_))

    @event_priority(100)
    def on_page_context(self, context: dict, /, *, page: MkPage, config: MkDocsConfig,
                        nav: Navigation) -> dict:
        """A paper page's template is picked (shell.py); no template sees that it was."""
        if page.meta.get("template") == SHELL_TEMPLATE:
            del page.meta["template"]
        return context

    def on_post_page(self, output: str, /, *, page: MkPage, config: MkDocsConfig) -> str:
        output = name_search_dialog(output)
        entry = self._paper(page)
        if entry is not None:
            output = self._paper_post_page(output, page, entry)
        if self._broken:
            output = self._with_banner(output, page)
        url = page.file.url
        if page.file.src_uri == HOME and self.discovery is not None:  # for feed readers
            feed = (f'<link rel="alternate" type="application/atom+xml" '
                    f'title="{esc(config.site_name)}" href="{esc(get_relative_url(FEED, url))}">')
            output = output.replace("</head>", feed + "</head>", 1)
        if self._pagefind:
            hook = search_hook(get_relative_url(SEARCH_HOOK, url),
                               get_relative_url(search_index.WORKER_PATH, url),
                               get_relative_url(self._urls[SEARCH_PAGE], url))
            output = use_our_worker(before_bundle(output, hook))
        return self._lean(output, get_relative_url(ICONS, url))

    def on_post_template(self, output_content: str, /, *, template_name: str,
                         config: MkDocsConfig) -> str | None:
        """404.html, a static template: our worker and the header box's hook, as on every
        page. GitHub Pages serves it for any missing path, at any depth, so its links are
        absolute: MkDocs gives it site_url's path ("/" or "/repo/") as base_url, and so
        Material's worker URL there is absolute already; ours follow the same path."""
        if template_name != "404.html":
            return output_content
        output_content = name_search_dialog(output_content)
        base = urlsplit(config.site_url or "/").path.rstrip("/") + "/"
        if all(src in self._urls for src in (HOME, BROWSE, TAGS_INDEX)):
            # what a reader who followed a broken link is offered (html/notfound.py)
            def url(src: str) -> str:
                return base + self._urls[src].removeprefix("./")
            # every page's first part (papers, tags, browse, map, search, contribute...): a
            # stale /browse/2/ or /map/x/ says nothing of the paper a reader was after
            folders = {s for u in self._urls.values() for s in u.removeprefix("./")
                       .split("/")[:1] if s and not s.endswith(".html")}
            output_content = output_content.replace(MATERIAL_404, not_found(
                base, url(HOME), url(BROWSE), url(TAGS_INDEX),
                url(SEARCH_PAGE) if SEARCH_PAGE in self._urls else None, folders), 1)
        if self._pagefind:
            hook = search_hook(base + SEARCH_HOOK, base + search_index.WORKER_PATH,
                               base + self._urls[SEARCH_PAGE])
            output_content = use_our_worker(before_bundle(output_content, hook))
        return self._lean(output_content, base + ICONS)

    def _lean(self, page_html: str, icons_href: str) -> str:
        """The page without what every page would repeat: the theme's icons (one
        stylesheet for the site, html/icons.py) and the templates' indentation
        (html/squeeze.py)."""
        page_html = self._icons.replace(page_html)
        if 'class="pl-i' in page_html:
            link = f'<link rel="stylesheet" href="{esc(icons_href)}">\n'
            page_html = page_html.replace("</head>", link + "</head>", 1)
        return squeeze(page_html)

    def on_serve(self, server, /, *, config: MkDocsConfig, builder):
        """The live preview rebuilds when a paper or the taxonomy changes. Watched from
        here rather than by mkdocs.yml's `watch:`, which fails the build of a project with
        no papers/ yet. An edit of paper pages alone gets a fast rebuild (_fast_rebuild)."""
        if self.papers_dir.is_dir() and str(self.papers_dir) not in map(str, config.watch):
            server.watch(str(self.papers_dir))
        if self._taxonomy_file is not None:
            server.watch(str(self._taxonomy_file.resolve()))
        full_build = server.builder

        def rebuild() -> None:
            try:
                fast = self._fast_rebuild()
            except Exception:  # noqa: BLE001 - a full build says what is wrong, if anything
                log.warning("paperlist: preview: the fast rebuild failed; a full build "
                            "instead", exc_info=True)
                self._built = None
                fast = False
            if not fast:
                full_build()

        server.builder = rebuild
        return server

    def _fast_rebuild(self) -> bool:
        """After an edit of paper pages only, render again just what shows them
        (structure/preview.py) into the served site; False: a full build is needed.
        Search is indexed again in the background; until it is done it answers from the
        last index."""
        built = self._built
        if built is None or self.catalogue is None or self.discovery is None:
            return False
        start = time.perf_counter()
        stamps = preview.snapshot(built.roots)
        edited = preview.edited_pages(built.stamps, stamps, self.papers_dir)
        if edited is None or os.environ.get(preview.FULL_ENV) or any(
                not b.check_only for b in self._broken.values()):
            return False  # (a full build checks the pages edited since the last: on_files)
        if self.show_problems:
            kept = dict(self._check_only)
            self._check_edits(edited)
            if self._check_only != kept:  # every page's banner changes: a full build
                return False
        update = preview.plan(self.catalogue, edited, search=self._pagefind)
        if update is None:
            return False
        self._built = None  # a failure below leaves a full build to do
        log.info("paperlist: preview: rebuilding what %d edited page(s) change...",
                 len(edited))
        self._cancel_reindex()
        config, files = built.config, built.files
        self.catalogue = update.cat
        exact = len(update.cat.papers) <= preview.EXACT_RELATED_MAX
        self.discovery, stale = self.discovery.refreshed(update.cat, update.papers,
                                                         exact=exact)
        site = Path(config.site_dir)
        for path, content in self.discovery.files().items():
            f = files.get_file_from_path(path)
            assert f is not None
            if f.content_string != content:
                f.content_string = content
                (site / f.dest_uri).write_text(content, encoding="utf-8")
        doc_files = files.documentation_pages(inclusion=InclusionLevel.is_in_serve)
        rendered = 0
        for f in doc_files:
            src = f.src_uri
            paper = src in stale
            docs_page = f.generated_by is None and self._paper_src(src) is None
            if not (paper or docs_page or src in update.generated):
                continue
            page = f.page
            assert page is not None
            before = page.content
            _populate_page(page, config, files)
            if paper or page.content != before:
                _build_page(page, config, doc_files, built.nav, built.env,
                            excluded=f.inclusion.is_excluded())
                rendered += 1
        rendered += self._write_again(config)
        self._write_icons(site)
        self._start_after(update, files, site, exports=not exact)
        self._built = _Built(config, files, built.nav, built.env, built.roots, stamps)
        log.info("paperlist: preview: %d edited page(s), %d page(s) rendered again in %.2f s "
                 "(a fast rebuild; `paperlist serve --full` for full builds)",
                 len(edited), rendered, time.perf_counter() - start)
        return True

    def _paper_src(self, src: str) -> Paper | None:
        if self.catalogue is None or not src.startswith(f"{self.papers_rel}/"):
            return None
        return self.catalogue.by_file.get(Path(src).name)

    def _start_after(self, update: preview.Update, files: Files, site: Path, *,
                     exports: bool) -> None:
        """What a fast rebuild leaves until its pages are served, in a thread: the
        exports (papers.json, .csv, .bib, the feed), then the search index of every paper again,
        the edited ones' new bodies in; each moved into the site when made, unless another
        rebuild has begun meanwhile. Until then search answers from the last index."""
        assert self.discovery is not None
        discovery, token = self.discovery, object()
        self._after = token
        index: search_index.BackgroundIndex | None = None

        def current() -> bool:
            return self._after is token

        def run() -> None:
            nonlocal index
            if exports:
                made = discovery.refresh_exports()
                with self._reindex_lock:
                    if not current():
                        return
                    for path, content in made.items():
                        f = files.get_file_from_path(path)
                        assert f is not None
                        f.content_string = content
                        (site / f.dest_uri).write_text(content, encoding="utf-8")
            if not self._pagefind:
                return
            cat = update.cat
            for src in update.papers:
                e = cat.by_file[Path(src).name]
                self._indexed[src] = indexed_body(paper_body(
                    e, self._link_from(self._urls[src]), bool(self.hosting.repo)), e)
            with self._reindex_lock:
                if not current():
                    return
                try:
                    index = self._reindex = self._search_index(cat, self._indexed)
                except search_index.SearchIndexError as e:
                    log.warning("paperlist: preview: search not updated: %s", e)
                    return
            index.wait()
            with self._reindex_lock:
                if not current():
                    return
                try:
                    index.finish(site)
                    log.info("paperlist: preview: search index updated")
                except search_index.SearchIndexError as e:
                    log.warning("paperlist: preview: search not updated: %s", e)
                self._reindex = None

        threading.Thread(target=run, name="paperlist-preview-after", daemon=True).start()

    def _cancel_reindex(self) -> None:
        """Stop what the last fast rebuild left running (_start_after): its results are
        not wanted now. Cleaning the index's scratch up is left to a thread."""
        with self._reindex_lock:
            self._after = None
            index, self._reindex = self._reindex, None
        if index is not None:
            threading.Thread(target=index.cancel, daemon=True).start()

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        self._write_again(config)
        log.debug("paperlist: %d paper pages made from one render of the theme's page",
                  self.shell.filled)
        self._write_discovery_files(Path(config.site_dir))
        self._write_icons(Path(config.site_dir))
        if self._command_line:
            # Everything the build made stays out of the garbage collector's sight until
            # the next build's on_files (or the end of the process): the preview keeps
            # this build's pages for its fast rebuilds, which would otherwise scan them
            # (a second of their 1-2 s at 12,000 papers); and `mkdocs build` ends the
            # process once the build is done, where Python's last collections scanned
            # every page and paper several times over (4.6 s at 30,000 papers).
            gc.freeze()
        else:  # what on_files and on_env froze can be collected again (a host that
            gc.unfreeze()  # calls build() itself, and goes on or builds again)
        if self._pagefind:
            try:
                assert self._index is not None
                self._index.finish(Path(config.site_dir))
                self._index = None
            except search_index.SearchIndexError as e:
                raise PluginError(str(e)) from None

    def _write_again(self, config: MkDocsConfig) -> int:
        """The pages made from a shell that a later check found wrong, written again as
        rendered in full (shell.py): through every plugin's on_post_page, as MkDocs
        writes a page, but no other page event again (a search plugin would index the
        page twice). Returns how many."""
        redo = self.shell.take_redo()
        for page, html in redo:
            output = config.plugins.on_post_page(html, page=page, config=config)
            if output.strip():  # (MkDocs writes no empty page either)
                write_file(output.encode("utf-8", errors="xmlcharrefreplace"),
                           page.file.abs_dest_path)
        return len(redo)

    def _write_icons(self, site: Path) -> None:
        """The stylesheet of every icon the pages use (html/icons.py); a fast rebuild's
        page may bring one the last build did not have."""
        path = site / ICONS
        content = self._icons.stylesheet()
        if not path.is_file() or path.read_text(encoding="utf-8") != content:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content, encoding="utf-8")

    def _with_banner(self, output: str, page: MkPage) -> str:
        """The live preview's banner naming every broken page but this one (which shows
        its own problems), at the top of the content, so an error elsewhere is seen
        from whatever page the editor is looking at."""
        url = page.file.url
        others = sorted(((src, b) for src, b in self._broken.items()
                         if src != page.file.src_uri), key=lambda item: item[1].check_only)
        banner = problems_banner([(b.file, get_relative_url(self._urls[src], url), b.messages)
                                  for src, b in others],
                                 sum(1 for _, b in others if b.check_only))
        at = next((m for m in (r.search(output) for r in _CONTENT_START) if m), None)
        if not banner or at is None:
            return output
        return output[:at.end()] + banner + output[at.end():]

    def _paper_post_page(self, output: str, page: MkPage, entry: Paper) -> str:
        """Its related papers and BibTeX into the slot (see on_page_content), and its
        citation_* meta tags (Google Scholar, Zotero) into the <head>."""
        assert self.discovery is not None
        self._discovered()
        at = output.find(_DISCOVERY_SLOT)
        if at >= 0:
            fill = self.discovery.paper_sections(entry, self._link_from(page.file.url))
            output = output[:at] + fill + output[at + len(_DISCOVERY_SLOT):]
        return output.replace("</head>", self.discovery.head_html(entry) + "</head>", 1)

    def on_build_error(self, *, error: Exception) -> None:
        self._built = None
        if not self._serving:
            gc.unfreeze()
        if self.discovery is not None:
            self.discovery.cancel()
        if self._index is not None:  # do not leave the index running or its scratch behind
            self._index.cancel()
            self._index = None
