"""Worker processes that end with the process that started them.

A process pool's workers wait for work on a pipe, and, forked, each holds that pipe's other
end as well: when the import or check that started them is killed outright (SIGKILL, the
out-of-memory killer, a CI job's timeout) they never see the pipe close, and sleep on,
holding their memory, until the machine restarts. On Linux a worker asks the kernel for a
SIGTERM when its parent dies (prctl's PR_SET_PDEATHSIG); elsewhere nothing changes.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys

#: linux/prctl.h
_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """A pool's initializer, `initargs=(os.getpid(),)`: this worker is ended when `parent`
    is, and ends now if that has happened already (then no signal would come)."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):  # no C library to ask: live as before
            return
    if os.getppid() != parent:
        os._exit(1)
