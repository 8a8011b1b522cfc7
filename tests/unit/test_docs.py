"""The README documents every plugin option, as it documents every command (test_cli.py)."""

from __future__ import annotations

import re

from helpers import ROOT
from paperlist.mkdocs_plugin.config import PaperlistConfig


def plugin_options_section() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"^## Plugin options\n(.*?)^## ", readme, re.MULTILINE | re.DOTALL)
    assert m, "README has no '## Plugin options' section"
    return m.group(1)


def test_every_plugin_option_is_in_the_readme():
    section = plugin_options_section()
    options = [name for name, _ in PaperlistConfig._schema]
    assert {"papers_dir", "taxonomy", "search"} <= set(options)
    assert [o for o in options if not re.search(rf"^\s+{o}:", section, re.MULTILINE)] == []


def test_every_documented_option_exists():
    names = re.findall(r"^      (\w+):", plugin_options_section(), re.MULTILINE)
    assert names and set(names) <= {name for name, _ in PaperlistConfig._schema}
