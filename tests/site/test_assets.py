"""The site's scripts and the data files they read, without a browser."""

from __future__ import annotations

import json
import re

from paperlist import ASSETS_DIR
from paperlist.discover import columns
from paperlist.structure.discovery import ASSETS, SCRIPT

MAX_LINES = 400


def test_no_asset_is_over_400_lines():
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines())
             for p in ASSETS_DIR.iterdir() if p.is_file()}
    assert sizes and "loader.js" in sizes
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}


def test_every_module_the_loader_imports_is_shipped(built_site):
    loader = (ASSETS_DIR / "loader.js").read_text(encoding="utf-8")
    modules = re.findall(r'\[\s*(?:"[^"]+"|\'[^\']+\'),\s*"([^"]+\.js)"\s*\]', loader)
    assert sorted(modules) == ["browse.js", "cite.js", "map.js", "search-box.js",
                               "search-page.js"]
    folder = built_site / SCRIPT.rsplit("/", 1)[0]
    for name in modules:
        assert name in ASSETS and (folder / name).is_file()


def test_browse_and_map_data_use_the_same_key_for_the_same_field(built_site):
    assets = built_site / "assets" / "paperlist"
    browse = json.loads((assets / "browse.json").read_text(encoding="utf-8"))
    text = (assets / "map-data.js").read_text(encoding="utf-8")
    mapped = json.loads(text[text.index("=") + 1: text.rindex(";")])
    assert len(set(columns.ALL.values())) == len(columns.ALL)  # one field per key
    assert set(browse) | set(mapped) <= set(columns.ALL.values())
    shared = set(browse) & set(mapped)
    assert {columns.PATH, columns.TITLE, columns.NAME, columns.PATH_PREFIX} <= shared
    assert mapped[columns.PATH] == browse[columns.PATH]  # one paper per row, same order
    for title, short, b_title, b_name in zip(
            mapped[columns.TITLE], mapped[columns.NAME], browse[columns.TITLE],
            browse[columns.NAME], strict=True):
        assert b_title.startswith(title.rstrip("\u2026"))
        assert short in ("", b_name)
    assert any(browse[columns.NAME])
