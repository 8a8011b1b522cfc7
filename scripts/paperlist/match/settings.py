"""data/match.yml: the matching thresholds and the LaTeX and symbol spellings."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

DATA_FILE = Path(__file__).resolve().parent.parent / "data" / "match.yml"


@lru_cache(maxsize=1)
def settings() -> dict[str, Any]:
    return yaml.safe_load(DATA_FILE.read_text(encoding="utf-8"))
