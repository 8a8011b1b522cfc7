"""A long-running child (`mkdocs serve`) that stops, with everything it started, when we do.

Left to itself, a child outlives its parent: `kill` of `paperlist serve` left `mkdocs serve`
listening on the port, and Ctrl-C killed it outright (no clean-up: its temporary site
stayed behind, and whatever it had started ran on). So the child gets a session of its
own, which everything it starts stays in, even what moves to a process group of its own
(util/background.py's workers, Pagefind). When we are told to stop (SIGINT, SIGTERM,
SIGHUP), the child is sent SIGINT, which a Python child turns into a clean shutdown; after
`grace` seconds (or at a second Ctrl-C) it is killed; once it has exited, anything left
in its session is killed too.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import FrameType

#: what asks us to stop: Ctrl-C, `kill`, the terminal closing
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                     if hasattr(signal, name))
#: how often the wait looks at the child (a signal is acted on within this)
_POLL_S = 0.05


def run_until_stopped(argv: Sequence[str], *, env: Mapping[str, str] | None = None,
                      grace: float = 5.0) -> int:
    """Run argv until it exits or we get a stop signal; return its exit status, or
    128 + the signal's number when a signal stopped us (130 for Ctrl-C), as a shell does.
    Nothing the child started is left running either way."""
    received: list[int] = []
    proc: subprocess.Popen[bytes] | None = None

    def on_signal(signum: int, frame: FrameType | None) -> None:
        received.append(signum)
        if proc is not None:
            # The first signal asks for a clean stop; another one (a second Ctrl-C) ends it.
            _signal_group(proc.pid, signal.SIGINT if len(received) == 1 else signal.SIGKILL)

    # Installed before the child starts, so that it starts with the default handlers
    # (a handler is reset at exec, an ignored signal would stay ignored).
    previous = {s: signal.signal(s, on_signal) for s in STOP_SIGNALS}
    try:
        proc = subprocess.Popen(list(argv), env=None if env is None else dict(env),
                                start_new_session=True)
        if received:  # a signal came before the child had a pid to send it to
            _signal_group(proc.pid, signal.SIGINT)
        deadline: float | None = None
        while proc.poll() is None:
            if received and deadline is None:
                deadline = time.monotonic() + grace
            if deadline is not None and time.monotonic() >= deadline:
                _signal_group(proc.pid, signal.SIGKILL)
                deadline = float("inf")
            time.sleep(_POLL_S)
        status = proc.returncode
    finally:
        if proc is not None:
            if proc.poll() is None:  # we are leaving by an exception: do not leave it
                _signal_group(proc.pid, signal.SIGKILL)
                proc.wait()
            _kill_session(proc.pid)
        for s, handler in previous.items():
            signal.signal(s, handler)
    if received:
        return 128 + received[0]
    return 128 - status if status < 0 else status


def _signal_group(pgid: int, sig: int) -> None:
    try:
        os.killpg(pgid, sig)
    except (ProcessLookupError, PermissionError):
        pass  # already gone


def session_members(sid: int) -> list[int]:
    """The processes of session sid (Linux: read from /proc; elsewhere, [])."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue  # exited meanwhile
        # after the command's ")": state, ppid, pgrp, session
        if len(fields) > 3 and int(fields[3]) == sid:
            members.append(int(stat.parent.name))
    return members


def _kill_session(sid: int) -> None:
    """Kill what is left of the child's session: its process group, and processes that
    moved to groups of their own (their parent, killed, could not stop them)."""
    _signal_group(sid, signal.SIGKILL)
    for pid in session_members(sid):
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
