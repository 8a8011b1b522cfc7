"""Home-page figures: papers per tag as an inline SVG bar chart, code/data counts, exports.

Drawn at build time so the home page needs no charting library and no script. The SVG
is accessible (role="img" with a <title> and <desc>, one <title> per bar, and each bar
is a link to its tag page) and takes its text colour from the theme, so it reads in
light and dark mode; bar colours are the topic map's area colours.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from paperlist.discover.topicmap import area_colour
from paperlist.model.catalogue import Catalogue

Link = Callable[[str], str]

FIGURES_MARKER = "<!-- paperlist:figures -->"
EXPORTS = (("papers.json", "JSON"), ("papers.csv", "CSV"), ("papers.bib", "BibTeX"),
           ("feed.xml", "Atom feed"))

_ROW = 20  # px per bar
_LABEL = 290  # px for the tag names
_BARS = 420  # px for the longest bar
_WIDTH = _LABEL + _BARS + 50


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def tag_chart(cat: Catalogue, link: Link) -> str:
    """Horizontal bars, most used tag first; tags no paper carries are left out."""
    rows = sorted(((len(cat.by_tag.get(t.slug, [])), t) for t in cat.taxonomy.tags),
                  key=lambda ct: (-ct[0], ct[1].name.casefold()))
    rows = [(n, t) for n, t in rows if n]
    if not rows:
        return ""
    top = rows[0][0]
    height = _ROW * len(rows) + 10
    areas = cat.taxonomy.areas
    summary = ", ".join(f"{t.name} {n}" for n, t in rows[:5])
    # Links use xlink:href: Material's instant navigation rewrites every [href] element's
    # .href, which is read-only on SVG <a> and throws.
    out = [f'<svg class="paperlist-chart" xmlns:xlink="http://www.w3.org/1999/xlink" '
           f'viewBox="0 0 {_WIDTH} {height}" width="100%" '
           f'role="img" aria-labelledby="tag-chart-title tag-chart-desc" '
           f'preserveAspectRatio="xMinYMin meet">',
           '<title id="tag-chart-title">Papers per topic tag</title>',
           f'<desc id="tag-chart-desc">{len(rows)} tags in use. Most used: '
           f"{_esc(summary)}.</desc>"]
    for i, (n, tag) in enumerate(rows):
        y = 5 + i * _ROW
        w = max(2, round(_BARS * n / top))
        colour = area_colour(areas.index(tag.area) if tag.area in areas else 0)
        label = f"{tag.name}: {n} paper{'s' if n != 1 else ''} ({tag.area})"
        out.append(
            f'<a xlink:href="{_esc(link(f"tags/{tag.slug}.md"))}" aria-label="{_esc(label)}">'
            f"<title>{_esc(label)}</title>"
            f'<text x="{_LABEL - 8}" y="{y + 14}" text-anchor="end">{_esc(tag.name)}</text>'
            f'<rect x="{_LABEL}" y="{y + 2}" width="{w}" height="{_ROW - 5}" rx="2" '
            f'fill="{colour}"/>'
            f'<text x="{_LABEL + w + 6}" y="{y + 14}">{n}</text></a>')
    out.append("</svg>")
    legend = "".join(f'<li><span class="map-swatch" style="background:{area_colour(i)}">'
                     f"</span>{_esc(a)}</li>" for i, a in enumerate(areas))
    return ('<figure class="paperlist-figure">' + "".join(out)
            + f'<figcaption>Papers per topic tag, coloured by area.</figcaption>'
            f'<ul class="map-legend chart-legend">{legend}</ul></figure>')


def figures_html(cat: Catalogue, link: Link) -> str:
    """The home page's figures block (replaces FIGURES_MARKER)."""
    n = len(cat.papers)
    code = sum(1 for e in cat.papers if e.links["code"])
    data = sum(1 for e in cat.papers if e.links["data"])

    def share(k: int) -> str:
        return f"{round(100 * k / n)}%" if n else "0%"

    stats = (f'<ul class="paperlist-numbers">'
             f'<li><strong>{n}</strong> papers</li>'
             f'<li><strong>{code}</strong> with code <span>({share(code)})</span></li>'
             f'<li><strong>{data}</strong> with data <span>({share(data)})</span></li></ul>')
    exports = " · ".join(f'<a href="{_esc(link(path))}">{_esc(label)}</a>'
                         for path, label in EXPORTS)
    downloads = (f'<p class="paperlist-exports">Download every paper: {exports} '
                 f'(<a href="{_esc(link("papers.schema.json"))}">JSON Schema</a>). '
                 f'See them all on the <a href="{_esc(link("map.md"))}">topic map</a>.</p>')
    return "\n".join([stats, tag_chart(cat, link), downloads]) + "\n"
