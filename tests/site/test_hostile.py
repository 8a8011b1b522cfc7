"""Hostile input: lists and hand-edited pages written to break the catalogue or its visitors.

Every case ends one of two ways: a clear `file:line: reason` and nothing written, or a
page whose text shows the input literally. The built site is opened in Chromium: no
payload may fire (each sets `window.__pwned`) and no injected element may exist. Nothing
is lost: every paragraph of a list becomes exactly one page or one reported error.
"""

from __future__ import annotations

import ast
import inspect
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import yaml

from helpers import ROOT, make_project, mkdocs_build, not_short, serve
from paperlist.check.checker import check_paths
from paperlist.cli import main
from paperlist.ingest.importer import run_import
from paperlist.ingest.listfile import paragraph_digest, parse_list
from paperlist.model.page import Page, PageError, dump_page, parse_page, read_page
from paperlist.util.markup import html_findings

PWNED = "window.__pwned=1"
# name -> (paragraph as written in the list, the page body it must give)
LIST_CASES = {
    "script": (f"ScriptNet <script>{PWNED}</script> classifies images.",) * 2,
    "img-onerror": (f'ImgNet <img src=x onerror="{PWNED}"> segments images.',) * 2,
    "iframe": (f'FrameNet <iframe src="javascript:{PWNED}"></iframe> frames video.',) * 2,
    "markdown-js-link": (f"LinkNet [click me](javascript:{PWNED}) links graphs.",) * 2,
    "html-comment": ("CommentNet shows <!-- these hidden words --> everything.",) * 2,
    "frontmatter-lines": ("---\nid: evil\ntitle: pwned\nkey: value\n---",
                          "--- id: evil title: pwned key: value ---"),
    "yaml-tag": ("YamlNet !!python/object/apply:os.system ['touch /tmp/pwned'] runs.",) * 2,
    "yaml-specials": ("QuoteNet ' \" & * | > % @ ` # : { } [ ] ! keeps every character.",) * 2,
    "tabs": ("TabNet\tuses\t\ttabs and  spaces.", "TabNet uses tabs and spaces."),
    # invisible characters are removed on import (with a warning), never kept in a page
    "rtl-override": ("BidiNet \u202eevil\u202c reads right to left.",
                     "BidiNet evil reads right to left."),
    "zero-width": ("Zero\u200bWidth\u200dNet joins\ufeff words.", "ZeroWidthNet joins words."),
}
DUPLICATE = "DupNet appears twice in the list."
NULL_BYTE = "NullNet has a \x00 null byte."
HUGE = "HugeNet " + "word " * 210_000  # a 1 MB paragraph
INJECTED = """() => [
    ...document.querySelectorAll('img[src="x"], iframe, a[href^="javascript"]'),
    ...[...document.querySelectorAll('script')].filter(s => s.textContent.includes('__pwned')),
    ...[...document.querySelectorAll('*')].filter(e => [...e.attributes].some(
        a => a.name.startsWith('on') && a.value.includes('__pwned'))),
].length"""


def write_list(path: Path, paragraphs: list[str], header: str = "ICML 2026 hostile") -> None:
    path.write_text(header + "\n\n" + "\n\n".join(paragraphs) + "\n", encoding="utf-8")


def hand_page(page_id: str, **meta) -> str:
    base = {"id": page_id, "title": "A hand-edited page", "title_inferred": False, "name": "",
            "other_names": [], "authors": [], "venue": "ICML 2026",
            "links": {"code": [], "data": [], "other": []}, "tags": ["Computer Vision"]}
    return dump_page(Page(meta={**base, **meta}, body=f"The abstract of {page_id}.\n"))


@pytest.fixture(scope="module")
def hostile_project(tmp_path_factory):
    """A project whose pages come from a hostile list plus hostile hand edits that build."""
    project = make_project(tmp_path_factory.mktemp("hostile"))
    lst = project / "hostile.txt"
    paragraphs = [src for src, _ in LIST_CASES.values()]
    paragraphs += [DUPLICATE, NULL_BYTE, HUGE, DUPLICATE]
    write_list(lst, paragraphs)
    report = run_import(lst, project / "papers")
    papers = project / "papers"
    (papers / "title-script.md").write_text(hand_page(
        "title-script", title=f"</script><script>{PWNED}</script> Title"), encoding="utf-8")
    (papers / "title-attr.md").write_text(hand_page(
        "title-attr", title=f'"><img src=x onerror="{PWNED}"> Title'), encoding="utf-8")
    (papers / "title-bidi.md").write_text(hand_page(
        "title-bidi", title="Bidi \u202eeltit\u202c Title"), encoding="utf-8")
    (papers / "js-link.md").write_text(hand_page(
        "js-link", links={"code": [f"javascript:{PWNED}"], "data": [],
                          "other": [f"JAVASCRIPT:{PWNED}", "https://example.org/ok"]}),
        encoding="utf-8")
    return project, lst, paragraphs, report


def test_every_list_paragraph_is_one_page_or_one_reported_error(hostile_project, capsys):
    project, lst, paragraphs, report = hostile_project
    assert report.paragraphs + len(report.duplicates) + len(report.errors) == len(paragraphs)
    assert len(report.created) == report.paragraphs == len(LIST_CASES) + 2
    assert [(e.path, e.line, e.reason.split(" ")[0]) for e in report.errors] == [
        (str(lst), 33, "paragraph")]
    assert "1,050,007 characters" in str(report.errors[0])
    # the null byte, the direction controls and the zero-width characters: removed, each
    # paragraph imported, each named at its line; and each abstract with HTML, imported,
    # named with what check will refuse
    warned = [(w.line, w.reason.split(" (")[0]) for w in not_short(report.warnings)]
    assert [w for w in warned if not w[1].startswith("the abstract holds HTML")] == [
        (25, "removed 2 invisible character(s)"), (27, "removed 3 invisible character(s)"),
        (31, "removed 1 invisible character(s)")]
    assert len(warned) - 3 == sum(bool(list(html_findings(body)))
                                  for _, body in LIST_CASES.values()) > 0
    assert report.duplicates == [(35, 29)]
    by_digest = {read_page(p).source_digest: read_page(p) for p in (project / "papers").glob("*.md")
                 if read_page(p).source_digest}
    for name, (_, body) in LIST_CASES.items():
        page = by_digest[paragraph_digest(body)]
        assert page.body == body + "\n", name  # literally, not a character lost or added


def test_imported_pages_keep_their_frontmatter_intact(hostile_project):
    project, *_ = hostile_project
    for path in (project / "papers").glob("*.md"):
        page = read_page(path)
        assert page.id == path.stem and set(page.meta) >= {"id", "title", "links", "tags"}
        assert page.meta.get("title") != "pwned" and "key" not in page.meta


def test_checker_flags_the_hostile_pages(hostile_project):
    project, *_ = hostile_project
    problems = "\n".join(check_paths([project / "papers"]))
    for marker in ("'<script' in the abstract", "'<img' in the abstract",
                   "'<iframe' in the abstract", "'javascript:' in the abstract",
                   "'<!--' in the abstract", "U+202E in 'title'", "'<img' in 'title'",
                   "'links.code[0]' is a javascript: link"):
        assert marker in problems, marker
    assert "js-link.md:14: 'links.other[0]' is a javascript: link" in problems


@pytest.fixture(scope="module")
def hostile_site(hostile_project):
    project, *_ = hostile_project
    result = mkdocs_build(project)
    assert result.returncode == 0, result.stderr
    server, url = serve(project / "site")
    yield project, url
    server.shutdown()


def assert_harmless(page) -> None:
    assert page.evaluate("() => window.__pwned") is None
    assert page.evaluate(INJECTED) == 0
    assert not page.dialogs


def test_no_payload_runs_in_the_browser(hostile_site, page):
    project, url = hostile_site
    for path in sorted((project / "papers").glob("*.md")):
        p = read_page(path)
        page.goto(f"{url}/papers/{p.id}/")
        assert_harmless(page)
        abstract = page.locator(".paper-abstract").inner_text()
        assert " ".join(p.body.split()) in " ".join(abstract.split()), p.id
    for listing in ("", "browse/", "tags/", "tags/computer-vision/"):
        page.goto(f"{url}/{listing}")
        assert_harmless(page)


def test_hostile_titles_are_shown_literally(hostile_site, page):
    _, url = hostile_site
    for page_id, title in (("title-script", f"</script><script>{PWNED}</script> Title"),
                           ("title-attr", f'"><img src=x onerror="{PWNED}"> Title')):
        page.goto(f"{url}/papers/{page_id}/")
        assert_harmless(page)
        assert title in page.title()
        assert page.locator("h1.paper-title").inner_text() == title
        header = page.locator(".md-header__topic").last.inner_text()
        assert title in header
        page.goto(f"{url}/browse/")
        assert page.locator("a.paper-item-title", has_text=title).count() == 1


def test_javascript_links_are_dropped_from_the_site(hostile_site, page):
    _, url = hostile_site
    page.goto(f"{url}/papers/js-link/")
    assert_harmless(page)
    hrefs = page.locator(".md-content a").evaluate_all("els => els.map(e => e.href)")
    assert "https://example.org/ok" in hrefs
    assert not [h for h in hrefs if h.lower().startswith("javascript")]


@pytest.mark.parametrize("data, line, words", [
    (b"", 1, "the list is empty"),
    (b"ICML 2026\n", 2, "header but no abstracts"),
    (b"ICML 2026\n\nGood abstract.\n\nBad \xff byte.\n", 5, "not valid UTF-8"),
])
def test_unusable_lists_stop_with_file_line_and_write_nothing(tmp_path, capsys, data, line,
                                                               words):
    lst = tmp_path / "l.txt"
    lst.write_bytes(data)
    assert main(["import", str(lst), "--papers", str(tmp_path / "papers")]) == 1
    err = capsys.readouterr().err
    assert f"{lst}:{line}: " in err and words in err
    assert not (tmp_path / "papers").exists()


def test_fifty_thousand_paragraphs_all_accounted_for(tmp_path):
    """50,000 paragraphs, with duplicates and bad ones mixed in: parsed counts add up, and
    an import writes one page per paragraph (all 50,000 with PAPERLIST_HOSTILE_FULL=1; the
    default imports 5,000 to keep the suite fast: about 0.8 ms a paragraph)."""
    n = 50_000
    paragraphs = [f"P{i} net." for i in range(n)]
    for i in range(0, n, 1000):
        paragraphs[i] = f"Bad {i} " + "x" * 20_001 if i % 2000 else paragraphs[i - 1 or 1]
    lst = tmp_path / "big.txt"
    write_list(lst, paragraphs)
    parsed = parse_list(lst)
    assert len(parsed.paragraphs) + len(parsed.duplicates) + len(parsed.errors) == n
    assert len(parsed.duplicates) == 25 and len(parsed.errors) == 25
    count = n if os.environ.get("PAPERLIST_HOSTILE_FULL") else 5_000
    write_list(lst, paragraphs[:count])
    start = time.perf_counter()
    report = run_import(lst, tmp_path / "papers")
    elapsed = time.perf_counter() - start
    pages = list((tmp_path / "papers").glob("*.md"))
    assert len(pages) == len(report.created) == report.paragraphs
    assert report.paragraphs + len(report.duplicates) + len(report.errors) == count
    print(f"imported {count:,} paragraphs in {elapsed:.1f} s")


# ---------------------------------------------------------------- pages edited by hand

BOMB = """---
id: bomb
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
i: [*h, *h, *h, *h, *h, *h, *h, *h, *h]
---

Boom.
"""


@pytest.mark.parametrize("frontmatter, line", [
    (BOMB.split("---\n")[1], 4),
    ("id: x\nt: {a: &a [1, 2], b: *a}\n", 3),
    ("id: x\nt: [&a 1,*a]\n", 3),
])
def test_yaml_aliases_are_refused_before_expansion(frontmatter, line):
    with pytest.raises(PageError, match="aliases") as err:
        parse_page(f"---\n{frontmatter}---\nbody\n", "p.md")
    assert err.value.line == line


def test_broken_hand_edits_are_reported_and_stop_the_build(tmp_path):
    project = make_project(tmp_path)
    papers = project / "papers"
    (papers / "broken.md").write_text(hand_page("broken").replace(
        "title: A hand-edited page", "title: [unclosed"), encoding="utf-8")
    (papers / "bomb.md").write_text(BOMB, encoding="utf-8")
    huge = hand_page("huge").replace("The abstract of huge.", "word " * 2_000_000)  # 10 MB
    (papers / "huge.md").write_text(huge, encoding="utf-8")
    (papers / "fine.md").write_text(hand_page("fine"), encoding="utf-8")
    problems = check_paths([papers])
    assert [p.split(" — ")[0] for p in problems] == [
        f"{papers}/bomb.md:4: frontmatter is not valid YAML: YAML aliases (*name) are not "
        "allowed in a page",
        f"{papers}/broken.md:3: the title starts with '[', which is a YAML list",
        f"{papers}/huge.md:16: the abstract is 9,999,999 characters, longer than any abstract",
    ]
    result = mkdocs_build(project)
    assert result.returncode != 0
    for problem in problems:  # worded as check words them
        assert problem.split(f"{papers}/")[1] in result.stderr, problem
    assert not (project / "site" / "papers").exists()


def test_a_tag_with_html_is_reported_and_never_rendered(tmp_path, page):
    project = make_project(tmp_path)
    tag = f'<img src=x onerror="{PWNED}">'
    (project / "papers" / "tagged.md").write_text(
        hand_page("tagged", tags=["Computer Vision", tag]), encoding="utf-8")
    problems = check_paths([project / "papers"])
    assert [p.split(" — ")[0].split(": ", 1)[1] for p in problems] == [
        "HTML or script '<img' in 'tags'", f"unknown tag {tag!r}"]
    # the build names the tag's own line, as check does
    assert f"tagged.md:15: unknown tag {tag!r}" in problems[1]
    strict = mkdocs_build(project)
    # as check prints it, at the path it prints (run from the catalogue)
    assert strict.returncode != 0 and f"WARNING -  papers/tagged.md:15: unknown tag {tag!r} " \
        f"\u2014 did you mean" in strict.stderr
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    lax = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f",
                          str(project / "mkdocs.yml")], capture_output=True, text=True,
                         env=env, cwd=project)
    assert lax.returncode == 0, lax.stderr
    server, url = serve(project / "site")
    try:
        for where in ("papers/tagged/", "tags/", "browse/"):
            page.goto(f"{url}/{where}")
            assert_harmless(page)
    finally:
        server.shutdown()


# ---------------------------------------------------------------- YAML is only loaded safely

_SAFE_CALLS = {"safe_load", "safe_load_all", "safe_dump", "dump", "scan", "parse", "compose"}


def _loader_names(node: ast.AST, func: ast.AST) -> set[str]:
    """Names a Loader= expression can evaluate to (following one local assignment)."""
    names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    names |= {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
    for sub in ast.walk(func):
        if isinstance(sub, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id in names for t in sub.targets):
            names |= _loader_names(sub.value, ast.Module(body=[], type_ignores=[]))
    return names


def _returned(fn: object) -> list[object]:
    """What a function of the package can return, by the names in its return statements,
    looked up where it is defined (model/page.py `page_loader` picks the loader for a
    page), so a Loader= that calls one is checked too."""
    if not inspect.isfunction(fn) or not fn.__module__.startswith("paperlist"):
        return []
    tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    names = {name for r in ast.walk(tree) if isinstance(r, ast.Return) and r.value is not None
             for name in _loader_names(r.value, tree)}
    return [fn.__globals__.get(n) or getattr(yaml, n, None) for n in names]


def test_yaml_is_only_ever_loaded_safely():
    import importlib

    package = ROOT / "scripts" / "paperlist"
    for path in sorted(package.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for banned in ("unsafe_load", "full_load", "FullLoader", "UnsafeLoader", "yaml.Loader",
                       "yaml.CLoader", "yaml.UnsafeConstructor", "yaml.Constructor"):
            assert banned not in source, f"{path.name} uses {banned}"
        dotted = ".".join(path.relative_to(package).with_suffix("").parts)
        module = importlib.import_module("paperlist." + dotted.removesuffix(".__init__")
                                         if dotted != "__init__" else "paperlist")
        tree = ast.parse(source)
        for func in [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))]:
            for call in ast.walk(func):
                if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                        and isinstance(call.func.value, ast.Name)
                        and call.func.value.id == "yaml"):
                    continue
                name = call.func.attr
                if name in _SAFE_CALLS:
                    continue
                assert name in ("load", "load_all"), f"{path.name}: yaml.{name}"
                loader = next((k.value for k in call.keywords if k.arg == "Loader"), None)
                assert loader is not None, f"{path.name}:{call.lineno}: yaml.{name} without Loader"
                names = _loader_names(loader, func)
                classes = [getattr(module, n, None) or getattr(yaml, n, None) for n in names]
                classes += [r for n in names for r in _returned(getattr(module, n, None))]
                classes = [c for c in classes if isinstance(c, type)
                           and issubclass(c, yaml.constructor.BaseConstructor)]
                assert classes, f"{path.name}:{call.lineno}: cannot tell which Loader"
                for cls in classes:
                    assert issubclass(cls, yaml.constructor.SafeConstructor), cls
                    assert not issubclass(cls, yaml.constructor.FullConstructor), cls
