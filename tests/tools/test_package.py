"""What `pip install paperlist` gets: the package and its data, not the developers' tools."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile

from helpers import ROOT


def test_the_wheel_holds_the_package_and_its_files_but_no_tools(tmp_path):
    # Built from a copy: setuptools reuses a build/ folder left in the tree by an earlier
    # build, which would hide what the configuration says today.
    source = tmp_path / "source"
    shutil.copytree(ROOT / "scripts", source / "scripts",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                    str(tmp_path), str(source)], check=True, capture_output=True, timeout=300)
    [wheel] = tmp_path.glob("paperlist-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"paperlist"}
    for shipped in ("paperlist/data/taxonomy.yml", "paperlist/data/page.schema.json",
                    "paperlist/assets/loader.js", "paperlist/assets/search-worker.js",
                    "paperlist/mkdocs_plugin/plugin.py"):
        assert shipped in names
