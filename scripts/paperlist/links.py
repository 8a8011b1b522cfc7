"""Stub: replaced by the metadata-inference work. Keep the public API."""

from __future__ import annotations


def extract_links(text: str) -> dict[str, list[str]]:
    return {"code": [], "data": [], "other": []}
