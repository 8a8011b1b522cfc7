"""Stub: replaced by the metadata-inference work. Keep the public API."""

from __future__ import annotations


def infer_names(text: str) -> list[str]:
    return []


def infer_title(text: str, names: list[str]) -> str:
    return text.split(". ")[0][:120]


def slug_for(title: str, names: list[str]) -> str:
    import re

    base = names[0] if names else title
    s = re.sub(r"[^a-z0-9]+", "-", base.lower()).strip("-")
    return "-".join(s.split("-")[:6]) or "paper"
