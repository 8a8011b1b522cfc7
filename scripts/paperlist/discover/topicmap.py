"""The topic map: every paper as a point in 2-D, placed at build time, drawn by the browser.

t-SNE or UMAP over 12,000 abstracts would need numpy and minutes; this layout needs
neither and is deterministic. Each tag gets an anchor (areas evenly round a circle, an
area's tags in a ring round it); a paper starts at the weighted mean of its tags'
anchors (first tag heaviest) plus a small jitter seeded by its id, and is then pulled a
few times towards its related papers (the text-similarity neighbours from
discover/related.py), so papers that read alike end up together even across tags. Cost is
N x neighbours x rounds. Coordinates are quantised to 0..4095 and stored column-wise
with short keys, which keeps 12,000 papers well under 1.5 MB.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence

from paperlist.discover import columns as col
from paperlist.discover.browse import paper_flags
from paperlist.discover.related import Neighbour
from paperlist.model.catalogue import Catalogue, Paper

#: Tableau 10: distinguishable, colour-blind aware, readable on white and on slate
PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
           "#ff9da7", "#9c755f", "#bab0ac")
GRID = 4095  # coordinates are integers 0..GRID
ROUNDS = 8  # smoothing rounds towards neighbours
#: the share of the grid, each side, that holds the outliers (`_spread`)
EDGE = 0.03
PULL = 0.6  # share of a round's move towards the neighbours' mean
TITLE_LIMIT = 100  # characters of title carried in the map data (hover; the page has all)


def area_colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


def _jitter(key: str, scale: float) -> tuple[float, float]:
    """A deterministic Gaussian offset from a paper's id (Box-Muller on its hash)."""
    h = hashlib.blake2b(key.encode("utf-8"), digest_size=16).digest()
    u1 = (int.from_bytes(h[:8], "big") + 1) / 2.0**64
    u2 = int.from_bytes(h[8:], "big") / 2.0**64
    r = scale * math.sqrt(-2.0 * math.log(u1))
    return r * math.cos(2 * math.pi * u2), r * math.sin(2 * math.pi * u2)


def tag_anchors(cat: Catalogue) -> dict[str, tuple[float, float]]:
    """Tag slug -> anchor: areas on the unit circle, each area's tags in a ring round it."""
    areas = cat.taxonomy.areas
    anchors: dict[str, tuple[float, float]] = {}
    for a, area in enumerate(areas):
        angle = 2 * math.pi * a / max(1, len(areas)) - math.pi / 2
        cx, cy = math.cos(angle), math.sin(angle)
        tags = [t for t in cat.taxonomy.tags if t.area == area]
        for i, tag in enumerate(tags):
            sub = angle + 2 * math.pi * i / max(1, len(tags))
            anchors[tag.slug] = (cx + 0.38 * math.cos(sub), cy + 0.38 * math.sin(sub))
    return anchors


def layout(cat: Catalogue, neighbours: Sequence[Sequence[Neighbour]]) -> list[tuple[int, int]]:
    """Integer (x, y) in 0..GRID for each paper, in catalogue order."""
    anchors = tag_anchors(cat)
    start: list[tuple[float, float]] = []
    for e in cat.papers:
        sx = sy = sw = 0.0
        for rank, tag in enumerate(e.tags):
            w = 1.0 / (rank + 1) ** 2
            ax, ay = anchors.get(tag.slug, (0.0, 0.0))
            sx, sy, sw = sx + w * ax, sy + w * ay, sw + w
        jx, jy = _jitter(e.id, 0.07)
        start.append((sx / sw + jx if sw else jx, sy / sw + jy if sw else jy))
    pos = list(start)
    for _ in range(ROUNDS):
        nxt = []
        for i, nbs in enumerate(neighbours):
            if not nbs:
                nxt.append(start[i])
                continue
            tw = sum(n.score for n in nbs)
            mx = sum(n.score * pos[n.index][0] for n in nbs) / tw
            my = sum(n.score * pos[n.index][1] for n in nbs) / tw
            x0, y0 = start[i]
            nxt.append((x0 + PULL * (mx - x0), y0 + PULL * (my - y0)))
        pos = nxt
    pos = [(x + jx, y + jy) for (x, y), (jx, jy) in
           zip(pos, (_jitter(e.id + "/2", 0.015) for e in cat.papers), strict=True)]
    if not pos:
        return []
    return list(zip(_spread([p[0] for p in pos]), _spread([p[1] for p in pos]), strict=True))


def _spread(values: list[float]) -> list[int]:
    """Positions on one axis as integers in 0..GRID: the middle 99 % of them (each end's
    half per cent, the outliers, left out) over all but the edges (EDGE of the grid each
    side), the outliers in order within those edges. Scaled by the extremes, a few
    outliers at 12,000 papers crowded 90 % of the points into a ninth of the map."""
    order = sorted(values)
    k = len(order) // 200
    lo, hi, first, last = order[k], order[-1 - k], order[0], order[-1]
    edge = EDGE * GRID

    def place(v: float) -> int:
        if v < lo:
            return round(edge * (v - first) / (lo - first))
        if v > hi:
            return round(GRID - edge * (last - v) / (last - hi))
        return round(edge + (GRID - 2 * edge) * ((v - lo) / (hi - lo) if hi > lo else 0.5))
    return [place(v) for v in values]


def _short(title: str) -> str:
    return title if len(title) <= TITLE_LIMIT else title[: TITLE_LIMIT - 1].rstrip() + "\u2026"


def map_data(cat: Catalogue, coords: Sequence[tuple[int, int]],
             page_path: Callable[[Paper], str], title: Callable[[Paper], str]) -> str:
    """The map's data as a script that sets `window.paperlistMapData` (a script, not a
    fetched JSON file, so the map also works from file://). Column-wise, under the keys of
    paperlist.discover.columns (shared with the browse data): areas and colours (one per
    area), x, y, a (area index), p (page path from the site root, less the `pre` and
    `suf` all paths share), t (title, as `title` gives it as text), n (short name; ''
    when the title already starts with it), f (flags, as the browse data's: 8, the title
    is inferred)."""
    areas = cat.taxonomy.areas
    area_of = [areas.index(e.tags[0].area) if e.tags and e.tags[0].area in areas else -1
               for e in cat.papers]
    paths = col.page_paths([page_path(e) for e in cat.papers])
    data = {col.AREA_NAMES: areas, col.AREA_COLOURS: [area_colour(i) for i in range(len(areas))],
            col.PATH_PREFIX: paths[col.PATH_PREFIX], col.PATH_SUFFIX: paths[col.PATH_SUFFIX],
            col.X: [c[0] for c in coords], col.Y: [c[1] for c in coords], col.AREA: area_of,
            col.PATH: paths[col.PATH],
            col.TITLE: [_short(title(e)) for e in cat.papers],
            col.NAME: ["" if e.title_says_name else e.name for e in cat.papers],
            col.FLAGS: [paper_flags(e) for e in cat.papers]}
    return f"window.paperlistMapData={col.dumps(data)};\n"

