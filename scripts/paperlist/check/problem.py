"""One problem `paperlist check` reports: where it is and how to fix it, as a line of text
(`file:line: what — fix`) or as a GitHub workflow annotation, which a pull request shows
on that line of its diff."""

from __future__ import annotations

from dataclasses import dataclass

#: The heading of every annotation on GitHub.
ANNOTATION_TITLE = "paperlist check"


def _data(text: str) -> str:
    """GitHub's escaping for a workflow command's message."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    """...and for a property's value (file=, title=), where ':' and ',' end the value."""
    return _data(text).replace(":", "%3A").replace(",", "%2C")


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in one file; sorts by file, then line."""

    path: str
    line: int
    what: str
    fix: str

    @property
    def message(self) -> str:
        return f"{self.what} — {self.fix}"

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"

    def annotation(self) -> str:
        """`::error file=…,line=…,title=…::message`: the problem on its line in a PR's diff."""
        return (f"::error file={_property(self.path)},line={self.line},"
                f"title={_property(ANNOTATION_TITLE)}::{_data(self.message)}")
