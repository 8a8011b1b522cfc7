"""What a build leaves frozen out of the garbage collector's sight (plugin.py on_files,
on_post_build): everything, when MkDocs' command line runs it, whose process ends next or
builds again; nothing, for a host that calls build() itself and goes on; and a rebuild
by the same plugin (`mkdocs serve --clean`) collects what the last build left."""

from __future__ import annotations

import os
import subprocess
import sys

from helpers import SHIPPED_LIST, make_project
from paperlist.ingest.importer import run_import

#: each build makes a cycle of objects, held until its on_post_build (after ours) lets
#: go of it: garbage that only the collector frees. At on_files it says which of those
#: made so far are still there.
_HOOK = """
import weakref
import __main__

HELD = []

class Cycle:
    pass

def on_files(files, config):
    print("on_files", *("kept" if ref() is not None else "gone" for ref in __main__.MADE))
    cycle = Cycle()
    cycle.me = cycle
    __main__.MADE.append(weakref.ref(cycle))
    HELD.append(cycle)

def on_post_build(config):
    HELD.clear()
"""

_BUILDS = """
import gc, sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
MADE = []
def done(what):
    gc.collect()
    print(what, *("kept" if ref() is not None else "gone" for ref in MADE))
site, hook = sys.argv[1:]
build(load_config("mkdocs.yml", site_dir=site, hooks=[hook]))  # a host calling build()
done("host")
cfg = load_config("mkdocs.yml", site_dir=site, hooks=[hook])  # as `mkdocs build` does
cfg.plugins.on_startup(command="build", dirty=False)
build(cfg)
done("cli")
build(cfg)  # the same plugin again, as `mkdocs serve --clean` rebuilds
cfg.plugins.on_shutdown()
"""


def test_a_build_keeps_its_garbage_frozen_only_until_the_process_ends_or_builds_again(
        tmp_path):
    project = make_project(tmp_path / "p")
    assert run_import(SHIPPED_LIST, project / "papers").ok
    hook = tmp_path / "hook.py"
    hook.write_text(_HOOK, encoding="utf-8")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    result = subprocess.run([sys.executable, "-c", _BUILDS, str(tmp_path / "s"), str(hook)],
                            cwd=project, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    said = [line for line in result.stdout.splitlines()
            if line.startswith(("host", "cli", "on_files"))]
    assert said == [
        "on_files",
        "host gone",  # a host's build leaves nothing frozen: its garbage is collected
        "on_files gone",
        "cli gone kept",  # the command line's stays frozen (Python's exit skips it)...
        "on_files gone gone",  # ...until the same plugin builds again
    ]
