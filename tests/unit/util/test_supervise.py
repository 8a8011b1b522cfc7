"""util/supervise.py with a child that will not stop: it ignores SIGINT and SIGTERM and
has started a worker in a process group of its own (as util/background.py's are). A stop
signal still ends both, in about the grace period; a child that exits by itself gives its
status, and its worker is not left behind either."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from serving import processes

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads processes from /proc")

#: the child: ignores what asks it to stop, forks a worker that moves to its own group,
#: writes the worker's pid, then sleeps (or exits with its argument's status)
STUBBORN = """
import os, signal, sys, time
signal.signal(signal.SIGINT, signal.SIG_IGN)
signal.signal(signal.SIGTERM, signal.SIG_IGN)
worker = os.fork()
if worker == 0:
    os.setpgid(0, 0)
    time.sleep(600)
    os._exit(0)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(str(worker))
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
if len(sys.argv) > 2:
    sys.exit(int(sys.argv[2]))
time.sleep(600)
"""
SUPERVISOR = """
import sys
from paperlist.util.supervise import run_until_stopped
sys.exit(run_until_stopped([sys.executable, "-c", sys.argv[1], *sys.argv[2:]], grace=0.5))
"""


def supervise(tmp_path: Path, *child_args: str) -> tuple[subprocess.Popen, int]:
    """The supervisor running STUBBORN; returns it and the worker's pid, once started."""
    pid_file = tmp_path / "worker.pid"
    proc = subprocess.Popen([sys.executable, "-c", SUPERVISOR, STUBBORN, str(pid_file),
                             *child_args], start_new_session=True)
    deadline = time.monotonic() + 30
    while not pid_file.exists():
        assert time.monotonic() < deadline, "the child never wrote its worker's pid"
        time.sleep(0.02)
    return proc, int(pid_file.read_text())


def gone(pid: int, timeout: float = 10) -> bool:
    deadline = time.monotonic() + timeout
    while pid in processes():
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)  # not left behind by a failing test
            return False
        time.sleep(0.02)
    return True


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_stop_signal_ends_a_child_that_ignores_it_and_its_worker(tmp_path, sig):
    proc, worker = supervise(tmp_path)
    assert worker in processes()
    os.kill(proc.pid, sig)
    assert proc.wait(timeout=30) == 128 + sig
    assert gone(worker)


def test_a_child_that_exits_gives_its_status_and_leaves_no_worker(tmp_path):
    proc, worker = supervise(tmp_path, "3")
    assert proc.wait(timeout=30) == 3
    assert gone(worker)
