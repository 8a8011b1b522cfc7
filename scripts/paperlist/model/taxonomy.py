"""The topic taxonomy: which tags exist, in which area, and the evidence for each.

Everything editorial lives in ``data/taxonomy.yml`` so that a tag can be added or its
vocabulary tuned in a pull request without touching code. This module only loads and
validates that file and answers lookups; inference lives in :mod:`paperlist.infer.tags`.
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from paperlist import DATA_DIR
from paperlist.model.page import C_SAFE_LOADER

DEFAULT_PATH = DATA_DIR / "taxonomy.yml"

_SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_PHRASE_LEVELS = ("strong", "medium", "weak")
_EVIDENCE_KEYS = {*_PHRASE_LEVELS, "abbreviations", "patterns", "negative", "exclude"}
_DEFAULT_SELECTION = {"min_score": 3.0, "relative_to_top": 0.25, "max_tags": 5}


@dataclass(frozen=True)
class Tag:
    slug: str
    name: str
    area: str
    description: str


@dataclass(frozen=True)
class Evidence:
    """A tag's evidence with the strength words already turned into points."""

    phrases: dict[str, float]  # phrase -> points (case-insensitive, variant-tolerant)
    abbreviations: dict[str, float]  # case-sensitive token(s) -> points
    patterns: dict[str, float]  # regex source -> points
    negative: dict[str, float]  # phrase -> points subtracted
    exclude: tuple[str, ...]  # phrases whose words count for nothing


class Taxonomy:
    """Tags in file order plus lookups; deliberately not a dataclass so it hashes by identity
    (the tagger caches its compiled matchers per taxonomy object)."""

    def __init__(
        self,
        tags: list[Tag],
        evidence: dict[str, Evidence],
        selection: dict[str, float],
        fallback: str,
        source: Path | None = None,
    ) -> None:
        self.tags = tags
        self.areas = list(dict.fromkeys(t.area for t in tags))
        self.evidence = evidence
        self.selection = selection
        self.fallback = fallback
        self.source = source
        self._by_slug = {t.slug: t for t in tags}
        self._by_name = {t.name: t for t in tags}
        self._by_folded_name = {t.name.casefold(): t for t in tags}
        self._abbreviations: dict[str, str] | None = None

    def __repr__(self) -> str:
        return f"Taxonomy({len(self.tags)} tags, source={self.source})"

    def by_slug(self, slug: str) -> Tag | None:
        return self._by_slug.get(slug)

    def by_name(self, name: str) -> Tag | None:
        """Display names are what pages store, and editors type them by hand: accept any case."""
        return self._by_name.get(name) or self._by_folded_name.get(name.strip().casefold())

    def abbreviation_tags(self) -> dict[str, str]:
        """Each abbreviation of the tags' evidence, in lower case, and the slug of the tag it
        stands for: the tag it counts most for, then the one whose description names it
        ("rlhf" is alignment's more than reinforcement learning's), then the first. What
        `closest` takes an abbreviation for, and what `tag:llm` means in search."""
        if self._abbreviations is None:
            best: dict[str, tuple[float, bool, int]] = {}
            for i, tag in enumerate(self.tags):
                described = f" {_fold(tag.description)} "
                for abbr, points in self.evidence[tag.slug].abbreviations.items():
                    word = abbr.casefold()
                    key = (points, f" {word} " in described, -i)
                    if points > 0 and key > best.get(word, (0.0, False, 0)):
                        best[word] = key
            self._abbreviations = {w: self.tags[-best[w][2]].slug for w in sorted(best)}
        return self._abbreviations

    def closest(self, text: str) -> Tag:
        """Best guess for a tag string that is not in the taxonomy (a typo, an old name, a slug
        written as a name, an abbreviation: "LLMs"), so callers can suggest a fix instead of
        silently dropping it. An abbreviation a tag's evidence holds is that tag (the one
        it counts most for, then the one whose description names it: "RLHF" is alignment's
        more than reinforcement learning's): spelt alike, "LLMs" is nearer "ML Systems" than
        "Large Language Models". A word no tag is spelt like but one's evidence holds is
        that tag's ("Manipulation" is Robotics', not "Optimization", spelt half alike)."""
        abbreviated = self.abbreviation_tags().get(text.strip().casefold())
        if abbreviated is not None:
            return self._by_slug[abbreviated]
        query = _fold(text)
        best, best_score = self.tags[0], -1.0
        for tag in self.tags:
            for candidate in (_fold(tag.name), _fold(tag.slug)):
                score = difflib.SequenceMatcher(None, query, candidate).ratio()
                if query and (f" {query} " in f" {candidate} " or f" {candidate} " in f" {query} "):
                    score = max(score, 0.9)
                if score > best_score:
                    best, best_score = tag, score
        if best_score >= _SPELT_ALIKE:
            return best
        points, evidenced = max(((pts, -i) for i, tag in enumerate(self.tags)
                                 for phrase, pts in self.evidence[tag.slug].phrases.items()
                                 if pts > 0 and _fold(phrase) == query), default=(0.0, 0))
        return self.tags[-evidenced] if points > 0 else best


#: a tag name or slug this much alike (difflib's ratio) is the one meant, whatever the
#: evidence says (a typo: "Reinforcment Learning")
_SPELT_ALIKE = 0.8


def _fold(text: str) -> str:
    return " ".join(re.sub(r"[^0-9a-z]+", " ", text.casefold()).split())


def taxonomy_shown(path: Path | None = None) -> str:
    """The taxonomy file as a message names it: relative to the current folder when it is
    under it (a catalogue's `taxonomy.yml`), else in full (the shipped one, inside the
    installed package), so the editor told to look there finds it."""
    resolved = (DEFAULT_PATH if path is None else Path(path)).resolve()
    try:
        return str(resolved.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(resolved)


def load_taxonomy(path: Path | None = None) -> Taxonomy:
    """Load and validate a taxonomy file (default: the packaged one). Cached per path and
    version of the file, since every page render and every tagging call needs it, while a
    long-running preview must see the file's edits."""
    if path is None:
        resolved = DEFAULT_PATH
    else:
        path = Path(path)
        resolved = _resolved(path, "" if path.is_absolute() else os.getcwd())
    try:
        st = resolved.stat()
        version = (st.st_mtime_ns, st.st_size)
    except OSError:
        version = None  # reported by the reading
    return _load_cached(resolved, version)


@lru_cache(maxsize=8)
def _resolved(path: Path, cwd: str) -> Path:
    """A path as given, resolved once (this runs once per abstract tagged and per page
    checked), in the folder it was given in: "taxonomy.yml" is another file once the
    process has moved to another catalogue."""
    return (Path(cwd) / path).resolve()


@lru_cache(maxsize=8)
def _load_cached(path: Path, version: tuple[int, int] | None) -> Taxonomy:
    try:
        text = path.read_text(encoding="utf-8")
        try:
            raw = yaml.load(text, Loader=C_SAFE_LOADER)  # noqa: S506 - a safe loader
        except yaml.YAMLError:
            # libyaml says less about where and what; PyYAML's own parser shows the line
            raw = yaml.safe_load(text)
    except OSError as exc:
        raise ValueError(f"{path}: cannot read taxonomy file ({exc.strerror or exc})") from exc
    except yaml.YAMLError as exc:
        raise ValueError(f"{path}: not valid YAML: {exc}") from exc
    try:
        return _parse(raw, path)
    except _Problem as exc:
        raise ValueError(f"{path}: {exc}") from None


class _Problem(Exception):
    """A validation message, prefixed with the file name by the loader."""


def _parse(raw: Any, path: Path) -> Taxonomy:
    if not isinstance(raw, dict):
        raise _Problem("top level must be a mapping with an 'areas' list")
    weights = raw.get("weights", {"strong": 3, "medium": 2, "weak": 1})
    if not isinstance(weights, dict) or any(
        not _is_number(weights.get(level)) for level in _PHRASE_LEVELS
    ):
        raise _Problem("'weights' must give a number for strong, medium and weak")
    selection = {**_DEFAULT_SELECTION, **(raw.get("selection") or {})}
    if any(not _is_number(v) for v in selection.values()) or selection["max_tags"] < 1:
        raise _Problem("'selection' values must be numbers and max_tags >= 1")
    areas = raw.get("areas")
    if not isinstance(areas, list) or not areas:
        raise _Problem("'areas' must be a non-empty list")

    tags: list[Tag] = []
    evidence: dict[str, Evidence] = {}
    seen_names: set[str] = set()
    for a, area in enumerate(areas, 1):
        if not isinstance(area, dict) or not isinstance(area.get("name"), str):
            raise _Problem(f"area #{a} needs a 'name'")
        if not isinstance(area.get("tags"), list) or not area["tags"]:
            raise _Problem(f"area {area['name']!r} needs a non-empty 'tags' list")
        for t, entry in enumerate(area["tags"], 1):
            where = f"tag #{t} of area {area['name']!r}"
            if not isinstance(entry, dict):
                raise _Problem(f"{where} must be a mapping")
            for field in ("slug", "name", "description"):
                if not isinstance(entry.get(field), str) or not entry[field].strip():
                    raise _Problem(f"{where} is missing '{field}'")
            slug = entry["slug"]
            where = f"tag {slug!r}"
            if not _SLUG_RE.match(slug):
                raise _Problem(f"{where}: slug must be lowercase words joined by '-'")
            if slug in evidence:
                raise _Problem(f"{where}: duplicate slug")
            if entry["name"].casefold() in seen_names:
                raise _Problem(f"{where}: duplicate name {entry['name']!r}")
            seen_names.add(entry["name"].casefold())
            tags.append(Tag(slug, entry["name"], area["name"], entry["description"].strip()))
            evidence[slug] = _parse_evidence(entry.get("evidence") or {}, weights, where)

    fallback = raw.get("fallback", tags[0].slug)
    if fallback not in evidence:
        raise _Problem(f"fallback {fallback!r} is not a tag slug")
    return Taxonomy(tags, evidence, selection, fallback, source=path)


def _parse_evidence(raw: Any, weights: dict, where: str) -> Evidence:
    if not isinstance(raw, dict):
        raise _Problem(f"{where}: 'evidence' must be a mapping")
    unknown = set(raw) - _EVIDENCE_KEYS
    if unknown:
        raise _Problem(f"{where}: unknown evidence key(s) {sorted(unknown)}")
    phrases: dict[str, float] = {}
    for level in _PHRASE_LEVELS:
        for phrase in _str_list(raw.get(level), f"{where}: '{level}'"):
            phrases[phrase] = max(phrases.get(phrase, 0.0), float(weights[level]))
    patterns = _points(raw.get("patterns"), f"{where}: 'patterns'")
    for pattern in patterns:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise _Problem(f"{where}: bad regex {pattern!r}: {exc}") from None
    return Evidence(
        phrases=phrases,
        abbreviations=_points(raw.get("abbreviations"), f"{where}: 'abbreviations'"),
        patterns=patterns,
        negative=_points(raw.get("negative"), f"{where}: 'negative'"),
        exclude=tuple(_str_list(raw.get("exclude"), f"{where}: 'exclude'")),
    )


def _str_list(value: Any, where: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise _Problem(f"{where} must be a list of non-empty strings")
    return [v.strip() for v in value]


def _points(value: Any, where: str) -> dict[str, float]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and _is_number(v) for k, v in value.items()
    ):
        raise _Problem(f"{where} must map strings to numbers")
    return {k: float(v) for k, v in value.items()}


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
