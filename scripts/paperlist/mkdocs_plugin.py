"""The MkDocs integration: the only module that knows about MkDocs.

It pulls `papers/*.md` into the build from where editors keep them (so the edit button
opens the real file), keeps them out of the navigation (a sidebar of every paper would
make each page carry the whole list), and generates the browse, tag and home figures.
Everything shown from a page goes through paperlist.site, which escapes it.
"""

from __future__ import annotations

import html
import logging
import posixpath
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from mkdocs.config import config_options
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page as MkPage
from mkdocs.utils import get_relative_url

from . import search_index, site
from .catalogue import Catalogue, load_catalogue
from .discovery import SCRIPT, STYLESHEET, Discovery

log = logging.getLogger("mkdocs.plugins.paperlist")


#: Where editors keep the pages, relative to mkdocs.yml; also the URL prefix of papers.
PAPERS_DIR = "papers"


def _resolve_dots(url: str) -> str:
    """'.../edit/main/docs/../papers/x.md' -> '.../edit/main/papers/x.md'."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=posixpath.normpath(parts.path)))


class PaperlistPlugin(BasePlugin):
    supports_multiple_instances = False
    #: `search: pagefind` (default) answers Material's search box from a Pagefind index of
    #: the papers (see search_index.py); `lunr` leaves Material's own search as it is.
    config_scheme = (("search", config_options.Choice(("pagefind", "lunr"),
                                                      default="pagefind")),)

    def __init__(self) -> None:
        self.catalogue: Catalogue | None = None
        self.discovery: Discovery | None = None

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        root = Path(config.config_file_path).resolve().parent
        self.papers_dir = root / PAPERS_DIR
        self.papers_rel = PAPERS_DIR
        if STYLESHEET not in config.extra_css:  # related papers, map, filters, citation
            config.extra_css.append(STYLESHEET)
        if SCRIPT not in [str(s) for s in config.extra_javascript]:
            config.extra_javascript.append(SCRIPT)
        return config

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        try:
            self.catalogue = load_catalogue(self.papers_dir)
        except ValueError as e:
            raise PluginError(str(e)) from None
        for problem in self.catalogue.problems:
            log.warning(problem)
        cat = self.catalogue
        for entry in cat.papers:
            name = entry.path.name
            f = File(
                f"{self.papers_rel}/{name}", src_dir=str(self.papers_dir.parent),
                dest_dir=config.site_dir, use_directory_urls=config.use_directory_urls,
                inclusion=InclusionLevel.NOT_IN_NAV,
            )
            # Relative to edit_uri (which points into docs/), so the edit button opens
            # papers/<id>.md itself rather than a copy.
            f.edit_uri = f"../{self.papers_rel}/{name}"
            files.append(f)
        for src_uri, content in site.generated_pages(cat).items():
            inclusion = (InclusionLevel.NOT_IN_NAV if src_uri.startswith(("tags/", "browse/"))
                         and src_uri != "tags/index.md" else InclusionLevel.UNDEFINED)
            f = File.generated(config, src_uri, content=content, inclusion=inclusion)
            f.generated_by = "paperlist"
            files.append(f)
        self._add_discovery(files, config)
        return files

    def _add_discovery(self, files: Files, config: MkDocsConfig) -> None:
        """Related papers, topic map, exports and their assets, computed once per build."""
        assert self.catalogue is not None
        urls = {e.src_uri: files.get_file_from_path(e.src_uri).url  # type: ignore[union-attr]
                for e in self.catalogue.papers}
        self.discovery = Discovery.build(self.catalogue, lambda e: urls[e.src_uri],
                                         config.site_name, config.site_url)
        for src_uri, content in self.discovery.pages().items():
            f = File.generated(config, src_uri, content=content)
            f.generated_by = "paperlist"
            files.append(f)
        for path, content in self.discovery.files().items():
            files.append(File.generated(config, path, content=content))

    def on_page_content(self, html_: str, /, *, page: MkPage, config: MkDocsConfig,
                        files: Files) -> str:
        """Below a paper's abstract: related papers and its BibTeX; the map page's body.
        Added after Markdown (and after the search wrapper), so neither is indexed as part
        of the paper."""
        if self.discovery is None or self.catalogue is None:
            return html_

        def link(src_uri: str) -> str:
            target = files.get_file_from_path(src_uri)
            if target is None:
                raise PluginError(f"paperlist: no page {src_uri!r} to link to")
            return get_relative_url(target.url, page.file.url)

        src = page.file.src_uri
        if src.startswith(f"{self.papers_rel}/"):
            entry = self.catalogue.by_file[Path(src).name]
            return html_ + self.discovery.paper_html(entry, link)
        generated = self.discovery.page_html(src, link)
        return html_ if generated is None else generated

    def on_page_read_source(self, /, *, page: MkPage, config: MkDocsConfig) -> str | None:
        """A paper's page is made from the catalogue (on_page_markdown), which has already
        read its frontmatter: hand MkDocs only the body, so it does not parse the YAML
        again with its pure-Python loader (a third of the build at 12,000 papers)."""
        if self.catalogue is not None and page.file.src_uri.startswith(f"{self.papers_rel}/"):
            entry = self.catalogue.by_file.get(Path(page.file.src_uri).name)
            if entry is not None:
                return entry.body
        return None

    def on_page_markdown(self, markdown: str, /, *, page: MkPage, config: MkDocsConfig,
                         files: Files) -> str:
        assert self.catalogue is not None
        cat = self.catalogue

        def link(src_uri: str) -> str:
            target = files.get_file_from_path(src_uri)
            if target is None:
                raise PluginError(f"paperlist: no page {src_uri!r} to link to")
            return get_relative_url(target.url, page.file.url)

        src = page.file.src_uri
        if src.startswith(f"{self.papers_rel}/"):
            entry = cat.by_file[Path(src).name]
            # Themes print meta.title unescaped; only our escaped copy reaches them, and
            # no other key an editor wrote (description, author...) is passed through.
            page.meta = {"title": html.escape(entry.title)}
            if page.edit_url:
                page.edit_url = _resolve_dots(page.edit_url)
            if self.config["search"] == "pagefind":
                page.meta["search"] = {"exclude": True}  # in Pagefind, not in lunr
                return search_index.wrap_paper(site.paper_html(entry, cat, link), entry)
            return site.paper_html(entry, cat, link)
        if page.file.generated_by == "paperlist":
            generated = site.generated_html(src, cat, link)
            if generated is not None:
                return generated
        return site.expand_markers(markdown, cat, link)

    def on_post_page(self, output: str, /, *, page: MkPage, config: MkDocsConfig) -> str:
        output = self._citation_head(output, page)
        if self.config["search"] == "pagefind":
            return search_index.use_our_worker(output)
        return output

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if self.config["search"] == "pagefind":
            try:
                search_index.build_index(Path(config.site_dir))
            except search_index.SearchIndexError as e:
                raise PluginError(str(e)) from None

    def _citation_head(self, output: str, page: MkPage) -> str:
        """citation_* meta tags (Google Scholar, Zotero) in a paper page's <head>."""
        src = page.file.src_uri
        if self.discovery is None or self.catalogue is None or not src.startswith(
                f"{self.papers_rel}/"):
            return output
        entry = self.catalogue.by_file[Path(src).name]
        return output.replace("</head>", self.discovery.head_html(entry) + "</head>", 1)
