"""A catalogue of the shipped list's 19 pages, and records about them in each format."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import SHIPPED_LIST, shipped_abstracts
from paperlist.ingest.importer import run_import


@pytest.fixture
def papers(tmp_path) -> Path:
    """The shipped list imported: pages whose abstracts are the list's paragraphs."""
    out = tmp_path / "papers"
    assert run_import(SHIPPED_LIST, out).ok
    return out


@pytest.fixture(scope="session")
def abstracts() -> list[str]:
    return shipped_abstracts()
