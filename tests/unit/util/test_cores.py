"""How many cores a build may use: a container's CPU limit counts (util/background.py)."""

from __future__ import annotations

import os

from paperlist.util import background
from paperlist.util.background import _cpu_limit, build_cores


def _cgroups(tmp_path, limits: dict[str, str], own: str = "0::/ci/job\n"):
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "cgroup").write_text(own, encoding="utf-8")
    for path, limit in limits.items():
        folder = tmp_path / "fs" / path
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "cpu.max").write_text(limit, encoding="utf-8")
    return str(tmp_path / "cgroup"), str(tmp_path / "fs")


def test_the_tightest_limit_of_the_group_or_those_above_it_rounded_up(tmp_path):
    # `docker run --cpus=1.5` on the job's parent group, none on the job's own
    cgroup, root = _cgroups(tmp_path, {"ci/job": "max 100000\n", "ci": "150000 100000\n",
                                       "": "400000 100000\n"})
    assert _cpu_limit(cgroup, root) == 2


def test_no_limit_or_no_cgroup_v2_says_none(tmp_path):
    cgroup, root = _cgroups(tmp_path, {"ci/job": "max 100000\n"})
    assert _cpu_limit(cgroup, root) is None
    v1, root = _cgroups(tmp_path / "v1", {}, own="4:cpu:/docker/x\n")  # no "0::" line
    assert _cpu_limit(v1, root) is None
    assert _cpu_limit(str(tmp_path / "absent"), root) is None


def test_the_build_counts_no_more_cores_than_its_limit(monkeypatch):
    monkeypatch.setattr(background, "_cpu_limit", lambda: 1)
    assert build_cores() == 1
    monkeypatch.setattr(background, "_cpu_limit", lambda: None)  # the affinity's, then
    assert build_cores() == (len(os.sched_getaffinity(0))
                             if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def test_an_unreadable_cgroup_is_no_limit(tmp_path):
    cgroup, root = _cgroups(tmp_path, {"ci/job": "150000 0\n"})  # a period of 0
    assert _cpu_limit(cgroup, root) is None
    (tmp_path / "cgroup").write_bytes(b"0::/\xff\xfe\n")  # a name not in UTF-8
    assert _cpu_limit(cgroup, root) is None
