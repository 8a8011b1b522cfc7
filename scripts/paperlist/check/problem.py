"""One problem `paperlist check` reports: where it is and how to fix it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in one file; sorts by file, then line."""

    path: str
    line: int
    what: str
    fix: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what} — {self.fix}"
