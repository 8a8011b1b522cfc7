"""Work done on the other core while the build goes on.

MkDocs renders pages one after another on one core; the machine that builds a
conference's site has at least two. What the plugin computes once per build (related
papers, the map, the exports, half of the pages' parsing) runs in a forked child, which
shares the catalogue already in memory instead of re-reading it, and hands back its
result, pickled, when the build first needs it.

Forking is only safe in a single-threaded process (a lock held by another thread stays
held in the child), so under `mkdocs serve`, in threaded hosts, off Linux, or with
PAPERLIST_NO_FORK=1 the work runs in a thread instead: no gain for pure Python work (the
GIL), some for work that waits on files or a subprocess. Either way the
result is the same, so the site is byte-identical.

A child runs in its own process group, so `cancel` also stops what it started (Pagefind);
children still running when the build process exits (Ctrl-C) are cancelled then.
"""

from __future__ import annotations

import atexit
import contextlib
import operator
import os
import pickle
import signal
import sys
import threading
import traceback
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
U = TypeVar("U")
V = TypeVar("V")
#: children not yet waited for, cancelled at exit
_LIVE: set[Background] = set()  # type: ignore[type-arg]
#: in a child, the process group it leads (or, a child's child, its parent's); 0 otherwise
_GROUP = [0]


class BackgroundError(RuntimeError):
    """The work failed in the child; the message carries the child's traceback."""


def can_fork() -> bool:
    # Linux only: on macOS a forked child can crash in system libraries the parent has
    # touched (why Python's multiprocessing stopped forking there); Windows has no fork.
    return (sys.platform.startswith("linux") and threading.active_count() == 1
            and not os.environ.get("PAPERLIST_NO_FORK"))


class Background(Generic[T]):
    """fn() computed in a forked child (or a thread, see the module doc); `result()` waits
    for it and returns it, or raises BackgroundError with the child's traceback."""

    def __init__(self, fn: Callable[[], T], *, fork: bool = True, niceness: int = 0) -> None:
        """niceness lowers a child's scheduling priority (what it starts inherits it): for
        work whose result is wanted late, so it yields the cores to what is wanted soon."""
        self._pid = 0
        self._fd = -1
        self._thread: threading.Thread | None = None
        self._outcome: tuple[bool, object] | None = None
        self._cancelled = False
        if not (fork and can_fork()):
            self._thread = threading.Thread(target=self._run_in_thread, args=(fn,),
                                            name="paperlist-background", daemon=True)
            self._thread.start()
            return
        read, write = os.pipe()
        # A child's own child (split_join in the search index's child) stays in its
        # group, so that cancelling the child stops it too, and waiting for the child
        # gives it every core too.
        group = _GROUP[0]
        pid = os.fork()
        if pid == 0:  # the child: compute, send, and leave without running the parent's
            os.close(read)  # exit handlers or flushing its buffers
            if not group:
                os.setpgid(0, 0)
            _GROUP[0] = group or os.getpid()
            if niceness:
                os.nice(niceness)
            _leave_a_core_to_the_parent()
            code = 0
            try:
                try:
                    data = pickle.dumps((True, fn()), protocol=pickle.HIGHEST_PROTOCOL)
                except BaseException:  # noqa: BLE001 - reported to the parent
                    data = pickle.dumps((False, traceback.format_exc()))
                with os.fdopen(write, "wb") as out:
                    out.write(data)
            except BaseException:  # noqa: BLE001 - the parent has gone; nothing to tell
                code = 1
            finally:
                os._exit(code)
        os.close(write)
        if not group:
            try:  # also here, so that no cancel can come before the child's own call
                os.setpgid(pid, pid)
            except OSError:
                pass  # the child got there first, or has already exited
        self._pid, self._fd = pid, read
        #: the process group the child is in: its own, or its parent's (see above)
        self._group = group or pid
        _LIVE.add(self)

    def _run_in_thread(self, fn: Callable[[], T]) -> None:
        try:
            self._outcome = (True, fn())
        except BaseException:  # noqa: BLE001 - reported by result()
            self._outcome = (False, traceback.format_exc())

    def result(self) -> T:
        """The work's result, waited for. A child still at work is given every core first
        (and so is all it started): the parent's core, left to the parent so far, now
        only waits."""
        if self._cancelled:
            raise BackgroundError("the background work was cancelled")
        if self._outcome is None and self._thread is not None:
            self._thread.join()
        elif self._outcome is None:
            if self._group == self._pid:  # (a child's own child gets them with its parent)
                _give_every_core(self._group)
            with os.fdopen(self._fd, "rb") as inp:
                data = inp.read()
            self._fd = -1
            pid, self._pid = self._pid, 0
            _, status = os.waitpid(pid, 0)
            _LIVE.discard(self)
            if not data:
                if self._group == pid:  # what it started goes with it (the group outlives
                    _kill_group(pid)  # it while any of them runs, so no other has its id)
                raise BackgroundError(f"the background worker died ({_describe(status)})")
            self._outcome = pickle.loads(data)  # noqa: S301 - our own child's output
        assert self._outcome is not None
        ok, value = self._outcome
        if not ok:
            raise BackgroundError(f"the background worker failed:\n{value}")
        return value  # type: ignore[return-value]

    def cancel(self) -> None:
        """Stop the child and what it started (a failed build must not leave them
        running). A thread cannot be stopped: its result is dropped."""
        self._cancelled = True
        if self._pid:
            if self._group == self._pid:
                _kill_group(self._group)
            else:  # (a child's own child leads no group: it starts nothing of its own)
                with contextlib.suppress(OSError):
                    os.kill(self._pid, signal.SIGKILL)
            try:
                os.waitpid(self._pid, 0)
            except ChildProcessError:
                pass
            self._pid = 0
            _LIVE.discard(self)
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


def _kill_group(group: int) -> None:
    with contextlib.suppress(OSError):  # (none of it left)
        os.killpg(group, signal.SIGKILL)


def split_map(fn: Callable[[list[T]], list[U]], items: list[T], min_items: int) -> list[U]:
    """fn(items), with the second half done on the other core when there are at least
    min_items and a child can be forked. fn must map each item to one result."""
    return split_join(fn, items, min_items, operator.add)


def split_join(fn: Callable[[list[T]], V], items: list[T], min_items: int,
               join: Callable[[V, V], V]) -> V:
    """fn(items), as join(fn(first half), fn(second half)) with the second half done on
    the other core when there are at least min_items and a child can be forked: for a
    fn whose result over a list is so made from its results over the list's halves
    (counts are added)."""
    if len(items) < min_items or not can_fork():
        return fn(items)
    half = len(items) // 2
    second = Background(lambda: fn(items[half:]))
    try:
        first = fn(items[:half])
    except BaseException:
        second.cancel()
        raise
    return join(first, second.result())


@atexit.register
def _cancel_all() -> None:
    for work in list(_LIVE):
        work.cancel()


def _leave_a_core_to_the_parent() -> None:
    """Keep children off one of the cores: the parent renders
    the pages, the longest chain of the build, and even low-priority neighbours on its
    core slowed it by a fifth (cache, context switches). Until the parent waits for the
    child (`result`, `_give_every_core`)."""
    if not hasattr(os, "sched_getaffinity"):
        return
    cpus = os.sched_getaffinity(0)
    if len(cpus) >= 2:
        os.sched_setaffinity(0, cpus - {min(cpus)})


def _give_every_core(group: int) -> None:
    """Every thread of every process in the process group (a child and what it started:
    Pagefind, its launcher, split_join's own child) may run on all the parent's cores.
    Best effort: where there is no /proc, or a process ends meanwhile, nothing changes
    but the speed."""
    if not hasattr(os, "sched_setaffinity") or not os.path.isdir("/proc"):
        return
    cpus = os.sched_getaffinity(0)
    try:
        entries = os.listdir("/proc")
    except OSError:
        return
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
            # after the command's ")": state, parent, process group
            if int(stat[stat.rindex(b")") + 2:].split()[2]) != group:
                continue
            for task in os.listdir(f"/proc/{entry}/task"):
                os.sched_setaffinity(int(task), cpus)
        except (OSError, ValueError, IndexError):
            continue


def _describe(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"
