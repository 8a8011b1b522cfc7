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

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page as MkPage
from mkdocs.utils import get_relative_url

from . import site
from .catalogue import Catalogue, load_catalogue

log = logging.getLogger("mkdocs.plugins.paperlist")


#: Where editors keep the pages, relative to mkdocs.yml; also the URL prefix of papers.
PAPERS_DIR = "papers"


def _resolve_dots(url: str) -> str:
    """'.../edit/main/docs/../papers/x.md' -> '.../edit/main/papers/x.md'."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=posixpath.normpath(parts.path)))


class PaperlistPlugin(BasePlugin):
    supports_multiple_instances = False

    def __init__(self) -> None:
        self.catalogue: Catalogue | None = None

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        root = Path(config.config_file_path).resolve().parent
        self.papers_dir = root / PAPERS_DIR
        self.papers_rel = PAPERS_DIR
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
            inclusion = (InclusionLevel.NOT_IN_NAV if src_uri.startswith("tags/")
                         and src_uri != "tags/index.md" else InclusionLevel.UNDEFINED)
            f = File.generated(config, src_uri, content=content, inclusion=inclusion)
            f.generated_by = "paperlist"
            files.append(f)
        return files

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
            return site.paper_html(entry, cat, link)
        if page.file.generated_by == "paperlist":
            generated = site.generated_html(src, cat, link)
            if generated is not None:
                return generated
        return site.expand_markers(markdown, cat, link)
