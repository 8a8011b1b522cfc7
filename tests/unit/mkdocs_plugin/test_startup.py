"""What every build pays before it reads a page: the plugin's imports."""

from __future__ import annotations

import subprocess
import sys

import paperlist


def test_the_plugin_leaves_numpy_and_jsonschema_to_who_needs_them():
    """numpy is for related papers, computed on the other core, and jsonschema words the
    errors of a page the fast check rejects: imported by the plugin, they cost every
    build's own process 0.15 s and 11 MB (a sixth of building 19 papers)."""
    code = ("import sys, paperlist.mkdocs_plugin.plugin\n"
            "print(sorted(m for m in ('numpy', 'jsonschema') if m in sys.modules))")
    root = str(next(iter(paperlist.__path__)).rsplit("/", 1)[0])
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"PYTHONPATH": root, "NO_MKDOCS_2_WARNING": "1"})
    assert out.stdout.strip() == "[]", out.stdout
