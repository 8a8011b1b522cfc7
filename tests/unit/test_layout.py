"""The package's layout rules, which a reader relies on to find things in one step."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import ROOT

PACKAGE = ROOT / "scripts" / "paperlist"


def modules() -> dict[str, ast.Module]:
    return {p.relative_to(PACKAGE).as_posix(): ast.parse(p.read_text(encoding="utf-8"))
            for p in sorted(PACKAGE.rglob("*.py"))}


def is_module(dotted: str) -> bool:
    path = ROOT / "scripts" / Path(*dotted.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def imported(tree: ast.Module) -> set[str]:
    """Modules a module imports; `from paperlist.x import y` counts as paperlist.x.y when
    y is a module."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            subs = {f"{node.module}.{a.name}" for a in node.names}
            subs = {s for s in subs if s.startswith("paperlist.") and is_module(s)}
            names |= subs if subs and len(subs) == len(node.names) else {node.module}
    return names


def test_only_mkdocs_plugin_imports_mkdocs_or_material():
    """Moving to ProperDocs or another MkDocs successor touches one package."""
    offenders = {path: sorted(n for n in imported(tree) if n.split(".")[0] in
                              ("mkdocs", "material"))
                 for path, tree in modules().items() if not path.startswith("mkdocs_plugin/")}
    assert {p: n for p, n in offenders.items() if n} == {}


def test_one_escaper():
    """Markup is escaped by html/escape.py alone, so there is one place to get it right."""
    users = {path for path, tree in modules().items()
             if {"html", "xml.sax.saxutils"} & imported(tree) and path != "html/escape.py"}
    # enrich/record.py decodes the entities in a record's fields (to plain text, which is
    # escaped like any other when shown), search/folding.py those of a page's HTML (to
    # read its words), search/fossick.py those of a page's text as Pagefind does (to index
    # it); they escape nothing.
    assert users == {"enrich/record.py", "search/folding.py", "search/fossick.py"}
    for path in users:
        assert "html.escape" not in (PACKAGE / path).read_text(encoding="utf-8")


def test_no_benchmark_or_evaluation_in_the_package():
    """Those are tools for the developers (scripts/tools/), not part of what users install."""
    names = [p.name for p in PACKAGE.rglob("*.py")]
    assert not [n for n in names if n.startswith(("bench", "eval"))]
    assert (ROOT / "scripts" / "tools" / "bench.py").exists()
    assert not (ROOT / "scripts" / "tools" / "__init__.py").exists()  # never a package


def test_tools_do_not_locate_the_repository_themselves():
    """Tools take their inputs as arguments, so they work on any catalogue."""
    for path in (ROOT / "scripts" / "tools").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "parents[" not in text and "/work/" not in text, path.name


#: Packages from the top (what users run) to the bottom (what everything reads). A module
#: imports only from its own package and those below it, so each layer can be read, and
#: replaced, knowing only what is under it. structure/paths.py (where things are in the
#: site) is a leaf that every layer may name.
LAYERS = ["cli", "mkdocs_plugin", "structure", "html", "search", "discover", "check",
          "enrich", "ingest", "match", "infer", "model", "util"]
LEAVES = {"paperlist", "paperlist.structure.paths"}


def layer(module: str) -> int:
    if module in LEAVES:
        return len(LAYERS)
    return LAYERS.index(module.split(".")[1])


def test_imports_point_down_the_layers():
    upward = []
    for path, tree in modules().items():
        if path == "__init__.py":
            continue
        here = "paperlist." + path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for name in imported(tree):
            if name.startswith("paperlist") and name not in LEAVES | {here}:
                if layer(name) < layer(here) or (
                        layer(name) == layer(here) and here in LEAVES):
                    upward.append(f"{here} imports {name}")
    assert upward == []
