"""What the tests share: the repository's paths, the shipped list, making and building a
catalogue project, serving a site. Fixtures are in conftest.py; this is imported."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHIPPED_LIST = ROOT / "papers" / "source" / "icml-2026-abstracts.txt"
FIXTURES = ROOT / "tests" / "fixtures"
#: benchmarks and evaluations (outside the package; on pytest's pythonpath)
TOOLS = ROOT / "scripts" / "tools"
CHROMIUM = os.environ.get("PAPERLIST_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]


def shipped_abstracts() -> list[str]:
    """The 19 abstracts of the shipped list, as the importer reads them."""
    from paperlist.ingest.listfile import parse_list

    return [p.text for p in parse_list(SHIPPED_LIST).paragraphs]


def make_project(dest: Path, papers_from: Path | None = None) -> Path:
    """A catalogue project in dest: the repo's mkdocs.yml and docs/, with its own papers/."""
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "mkdocs.yml", dest / "mkdocs.yml")
    shutil.copytree(ROOT / "docs", dest / "docs")
    if papers_from is not None:
        shutil.copytree(papers_from, dest / "papers")
    else:
        (dest / "papers").mkdir()
    return dest


def mkdocs_build(project: Path, site_dir: Path | None = None) -> subprocess.CompletedProcess:
    site_dir = site_dir or project / "site"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(project / "mkdocs.yml"),
         "-d", str(site_dir)], capture_output=True, text=True, env=env, cwd=project)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # keep test output readable
        pass


def serve(directory: Path):
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"
