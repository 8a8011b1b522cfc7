"""`paperlist serve` run as a user runs it, for the tests of the live preview: on a free
port, in its own session (so a test can signal it alone), its output in a file, and the
processes it and its children are made of, read from /proc (Linux)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

#: a title with ': ' unquoted, the commonest hand edit that breaks a page's YAML
BAD_TITLE = "title: Deep nets: a study\n"


def break_yaml(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[2].startswith("title: ")
    lines[2] = BAD_TITLE
    path.write_text("".join(lines), encoding="utf-8")


def add_unknown_tag(path: Path) -> None:
    path.write_text(path.read_text(encoding="utf-8").replace(
        "tags:\n", "tags:\n- Reinforcment Learning\n", 1), encoding="utf-8")


def check_lines(project: Path) -> list[str]:
    """What `paperlist check` prints in the project: the wording the preview must use."""
    result = subprocess.run([sys.executable, "-m", "paperlist.cli", "check"], cwd=project,
                            capture_output=True, text=True)
    assert result.returncode == 1, result.stderr
    return result.stdout.splitlines()


#: generous: a build on a busy shared machine, never a measure of speed
START_TIMEOUT_S = 60


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_is_free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def _stat(pid: int) -> list[str] | None:
    """state, ppid, pgrp, session... of a process; None once it is gone (or a zombie,
    which runs nothing and holds no port: a container's init may never reap it)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return None if fields[0] in ("Z", "X") else fields


def processes() -> dict[int, list[str]]:
    """Every running process: pid -> its stat fields after the command."""
    out = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None:
            out[int(entry.name)] = fields
    return out


def descendants(root: int) -> set[int]:
    """root and every process under it."""
    procs = processes()
    found, todo = {root}, [root]
    while todo:
        parent = todo.pop()
        for pid, fields in procs.items():
            if int(fields[1]) == parent and pid not in found:
                found.add(pid)
                todo.append(pid)
    return found


def in_sessions(sessions: set[int]) -> set[int]:
    """Running processes of these sessions (which their process groups are part of)."""
    return {pid for pid, fields in processes().items() if int(fields[3]) in sessions}


@dataclass
class Served:
    proc: subprocess.Popen
    project: Path
    port: int
    log: Path
    #: the sessions of paperlist and of what it started (mkdocs serve has its own)
    sessions: set[int] = field(default_factory=set)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def wait_for_output(self, text: str, count: int = 1, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while self.output().count(text) < count:
            assert self.proc.poll() is None, f"paperlist serve exited:\n{self.output()}"
            assert time.monotonic() < deadline, f"no {text!r} x{count} in:\n{self.output()}"
            time.sleep(0.05)

    def stop(self) -> None:
        """Whatever a test left running (a failed assertion, a serve that leaves its
        children behind) is not left behind."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for pid in in_sessions(self.sessions):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def start_serve(project: Path, tmp: Path) -> Served:
    """`paperlist serve` in project, answering on a free port once this returns. Its
    temporary files (mkdocs serve's site) go under tmp, so a test can see them cleaned."""
    port = free_port()
    log = project / "serve.log"
    tmp.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, TMPDIR=str(tmp))
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "paperlist.cli", "serve", "-a", f"127.0.0.1:{port}"],
            cwd=project, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    served = Served(proc, project, port, log)
    deadline = time.monotonic() + START_TIMEOUT_S
    while True:
        try:
            with urllib.request.urlopen(served.url + "/", timeout=5):
                procs = processes()
                served.sessions = {int(procs[pid][3]) for pid in descendants(proc.pid)
                                   if pid in procs}
                return served
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            served.stop()
            raise AssertionError(f"paperlist serve did not start:\n{served.output()}")
        time.sleep(0.1)
