"""Records about the shipped list's abstracts, made up but shaped like the real ones."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import SHIPPED_LIST


def copilot(abstract: str, n: int, **extra: object) -> dict:
    """A Paper Copilot record for one abstract, with a made-up title and authors."""
    record = {
        "id": f"pc{n}", "title": f"Official Title Number {n}", "abstract": abstract,
        "author": f"Ada Lovelace{n}; Alan Turing{n}", "aff": f"Oxford; Cambridge {n}",
        "status": "Poster", "track": "main", "site": f"https://proceedings.example.org/{n}.html",
        "pdf": f"https://proceedings.example.org/{n}.pdf", "github": "", "project": "",
    }
    record.update(extra)
    return record


def write_json(path: Path, doc: object) -> Path:
    path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def page_by_digest(papers: Path) -> dict[str, Path]:
    """Page file for each abstract of the shipped list, by position in the list."""
    from paperlist.ingest.listfile import parse_list
    from paperlist.model.page import read_page

    digests = [p.digest for p in parse_list(SHIPPED_LIST).paragraphs]
    by = {read_page(p).source_digest: p for p in papers.glob("*.md")}
    return {str(i): by[d] for i, d in enumerate(digests)}
