"""The topic map page: the canvas the map script draws on, its toolbar and its legend.

The points come from the map data file (discover/topicmap.py); this is only the page.
"""

from __future__ import annotations

from paperlist.discover.topicmap import area_colour
from paperlist.html.escape import esc
from paperlist.html.inferred import inferred_legend
from paperlist.model.catalogue import Catalogue
from paperlist.structure.paths import BROWSE, HOME, MAP_DATA, Link


def map_page(cat: Catalogue, link: Link) -> str:
    """The map page's HTML body: a canvas the site's script draws on, search box, zoom
    buttons, a legend whose entries highlight an area, and the shown papers as a list of
    links (filled by the script when it is opened, so the page stays small)."""
    areas = cat.taxonomy.areas
    counts = [0] * len(areas)
    for e in cat.papers:
        if e.tags and e.tags[0].area in areas:
            counts[areas.index(e.tags[0].area)] += 1
    legend = "".join(
        f'<li><button type="button" class="map-legend-item" data-area="{i}" '
        f'aria-pressed="false"><span class="map-swatch" style="background:{area_colour(i)}">'
        f"</span>{esc(a)} <span class=\"map-legend-count\">{counts[i]:,}</span>"
        f"</button></li>" for i, a in enumerate(areas) if counts[i])  # (no empty button)
    browse = esc(link(BROWSE))
    data_url, root_url = link(MAP_DATA), link(HOME)
    return (
        '<h1 id="topic-map">Topic map</h1>\n'
        f'<p class="map-intro">All {len(cat.papers):,} papers, placed by topic: colour is the '
        "area of a paper's first tag, and papers whose abstracts read alike sit close "
        'together. <span class="map-hint-pointer">Hover a point for its title, click it to '
        "open the paper; scroll or use the buttons to zoom, drag to pan.</span>"
        '<span class="map-hint-touch">Tap a point to open its paper; use the buttons to '
        "zoom, drag to pan.</span> The papers shown are also listed below the map."
        f"{inferred_legend(cat.papers)}</p>\n"
        f'<div class="paperlist-map" data-map-src="{esc(data_url)}" '
        f'data-root="{esc(root_url)}">'
        '<div class="map-toolbar">'
        '<input type="search" class="map-search" placeholder="Highlight papers: title or '
        'name" aria-label="Highlight papers whose title or name contains">'
        '<span class="map-count" role="status"></span>'
        '<button type="button" class="md-button map-zoom" data-zoom="in" '
        'aria-label="Zoom in">+</button>'
        '<button type="button" class="md-button map-zoom" data-zoom="out" '
        'aria-label="Zoom out">\u2212</button>'
        '<button type="button" class="md-button map-zoom" data-zoom="reset">Reset</button>'
        "</div>"
        f'<ul class="map-legend">{legend}</ul>'
        '<div class="map-stage"><canvas class="map-canvas" role="img" aria-label="Topic map '
        f'of {len(cat.papers):,} papers"></canvas><div class="map-tooltip" hidden></div></div>'
        # the text alternative: the shown points as links, listed by the script when opened
        '<details class="map-list"><summary>List the papers shown on the map</summary>'
        '<ol class="map-list-items"></ol></details>'
        f'<noscript><p>The map needs JavaScript. <a href="{browse}">Browse the list of '
        "papers</a> instead.</p></noscript>"
        "</div>\n")
