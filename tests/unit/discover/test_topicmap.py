"""The topic map's layout: where the points go on its grid."""

from __future__ import annotations

import random

from paperlist.discover.topicmap import EDGE, GRID, _spread


def test_a_few_outliers_do_not_crowd_the_rest_into_the_middle():
    """Scaled by the extremes, five far-off points put the other thousand into a tenth of
    the axis; the middle 99 % now span all but the edges, which hold the outliers, in
    order."""
    rng = random.Random(7)
    values = [rng.gauss(0, 1) for _ in range(1000)] + [40.0, 55.0, -60.0, 70.0, -80.0]
    placed = _spread(values)
    assert all(0 <= p <= GRID for p in placed) and min(placed) == 0 and max(placed) == GRID
    middle = sorted(placed)[5:-5]
    assert middle[0] <= EDGE * GRID + 1 and middle[-1] >= GRID - EDGE * GRID - 1
    order = sorted(range(len(values)), key=values.__getitem__)
    assert [placed[i] for i in order] == sorted(placed)  # the order is kept
    assert placed[-1] == 0 and placed[-2] == GRID  # the farthest at the very edges


def test_a_small_catalogue_spans_the_grid_inside_its_edges():
    placed = _spread([3.0, 1.0, 2.0])
    assert placed == [round(GRID - EDGE * GRID), round(EDGE * GRID), round(GRID / 2)]
    assert _spread([5.0, 5.0]) == [round(GRID / 2)] * 2
