"""The home page's blocks: its figures line, papers per tag as a bar chart, code/data
counts and the exports.

docs/index.md places them with two markers, so a catalogue words its own home page.

Drawn at build time so the home page needs no charting library and no script: the chart
is a list of links to the tag pages, its bars sized by CSS, its text the theme's (light
and dark mode alike); bar colours are the topic map's area colours.
"""

from __future__ import annotations

from paperlist.discover.topicmap import area_colour
from paperlist.html.escape import esc
from paperlist.html.listings import venue_counts
from paperlist.model.catalogue import Catalogue
from paperlist.structure import paths
from paperlist.structure.paths import BROWSE, TAGS_INDEX, Link, tag_src, venue_src

STATS_MARKER = "<!-- paperlist:stats -->"
FIGURES_MARKER = "<!-- paperlist:figures -->"
#: where the home page says which titles were inferred (words, inside a paragraph)
PROVENANCE_MARKER = "<!-- paperlist:provenance -->"
EXPORTS = ((paths.PAPERS_JSON, "JSON"), (paths.PAPERS_CSV, "CSV"), (paths.PAPERS_BIB, "BibTeX"),
           (paths.FEED, "Atom feed"))



def tag_chart(cat: Catalogue, link: Link) -> str:
    """Horizontal bars, most used tag first; tags no paper carries are left out. A list of
    links, each a tag's name, bar and count, laid out by CSS: its text is the page's, so it
    stays readable on a phone (the SVG it replaces scaled its 12 px labels down to 5) and
    reads to a screen reader as a list of "Computer Vision 5 papers, Applications"."""
    rows = sorted(((len(cat.by_tag.get(t.slug, [])), t) for t in cat.taxonomy.tags),
                  key=lambda ct: (-ct[0], ct[1].name.casefold()))
    rows = [(n, t) for n, t in rows if n]
    if not rows:
        return ""
    top = rows[0][0]
    areas = cat.taxonomy.areas
    items = []
    for n, tag in rows:
        colour = area_colour(areas.index(tag.area) if tag.area in areas else 0)
        share = max(0.005, round(n / top, 3))  # of the bar column less room for the count
        items.append(
            f'<li><a href="{esc(link(tag_src(tag.slug)))}">'
            f'<span class="tag-chart-name">{esc(tag.name)}</span>'
            f'<span class="tag-chart-bar"><span style="--share:{share:g};background:{colour}">'
            f'</span>{n:,}<span class="tag-chart-sr"> paper{"s" if n != 1 else ""}, '
            f"{esc(tag.area)}</span></span></a></li>")
    shown = {tag.area for _, tag in rows}  # an area no bar has names no colour here
    legend = "".join(f'<li><span class="map-swatch" style="background:{area_colour(i)}">'
                     f"</span>{esc(a)}</li>" for i, a in enumerate(areas) if a in shown)
    return ('<figure class="paperlist-figure">'
            # role="list": Safari drops a list's semantics when CSS removes its markers
            f'<ol class="tag-chart" role="list">{"".join(items)}</ol>'
            '<figcaption>Papers per topic tag, coloured by area.'
            f'</figcaption><ul class="map-legend chart-legend">{legend}</ul></figure>')


def figures_html(cat: Catalogue, link: Link) -> str:
    """The home page's figures block (replaces FIGURES_MARKER)."""
    n = len(cat.papers)
    code = sum(1 for e in cat.papers if e.links["code"])
    data = sum(1 for e in cat.papers if e.links["data"])

    def share(k: int) -> str:
        # never "19 with data (0%)", nor 100% of papers of which some lack it
        pct = round(100 * k / n) if n else 0
        return "<1%" if k and pct == 0 else ">99%" if k < n and pct == 100 else f"{pct}%"

    def counted(k: int, what: str, href: str) -> str:
        """"12 with code", a link to those papers in Browse when there are any."""
        text = f"<strong>{k:,}</strong> {what}"
        return f'<a href="{esc(href)}">{text}</a>' if k else text

    def shared(k: int, what: str, key: str) -> str:
        """"12 with code (40%)"."""
        link_to = paths.browse_view(link, key, 1)
        return f"<li>{counted(k, what, link_to)} <span>({esc(share(k))})</span></li>"

    stats = (f'<ul class="paperlist-numbers"><li>{counted(n, "papers", link(BROWSE))}</li>'
             f'{shared(code, "with code", paths.BROWSE_WITH_CODE)}'
             f'{shared(data, "with data", paths.BROWSE_WITH_DATA)}</ul>')
    exports = " · ".join(f'<a href="{esc(link(path))}">{esc(label)}</a>'
                         for path, label in EXPORTS)
    downloads = (f'<p class="paperlist-exports">Download every paper: {exports} '
                 f'(<a href="{esc(link(paths.PAPERS_SCHEMA))}">JSON Schema</a>). '
                 f'See them all on the <a href="{esc(link(paths.MAP_PAGE))}">topic map</a>.</p>')
    return "\n".join([stats, tag_chart(cat, link), downloads]) + "\n"


#: the home page of a catalogue with no papers yet, in place of its figures line
EMPTY_HTML = ('<p class="catalogue-empty"><strong>No papers yet.</strong> Import a list of '
              "abstracts (one per paragraph, after a header line naming the venue), then "
              "build: <code>paperlist import path/to/abstracts.txt</code> and "
              "<code>paperlist build</code>.</p>\n")


def stats_html(cat: Catalogue, link: Link) -> str:
    """One line of figures and the ways in; the home-page figures block adds the chart
    and the code/data counts."""
    n = len(cat.papers)
    if not n:
        return EMPTY_HTML
    used = sum(1 for t in cat.taxonomy.tags if cat.by_tag.get(t.slug))
    venues = venue_counts(cat)
    if venues:
        venue = f" from <strong>{len(venues)}</strong> venues"
    else:
        venue = f" from <strong>{esc(cat.venue)}</strong>" if cat.venue else ""
    # "of the 43": the Tags page lists every tag, those no paper has too
    return (f'<p class="catalogue-stats"><strong>{n:,}</strong> papers{venue}, under '
            f"<strong>{used}</strong> of the {len(cat.taxonomy.tags)} topic tags.</p>\n"
            f"{venues_html(venues, link)}"
            f'<p class="catalogue-actions"><a class="md-button md-button--primary" '
            f'href="{esc(link(BROWSE))}">Browse papers</a> '
            f'<a class="md-button" href="{esc(link(TAGS_INDEX))}">Tags</a></p>')


def venues_html(venues: list[tuple[str, str, int]], link: Link) -> str:
    """Papers per venue, each leading to its venue's page; '' for a catalogue of one venue,
    whose home page keeps its one line."""
    if not venues:
        return ""
    items = "".join(f'<li><a href="{esc(link(venue_src(slug)))}">{esc(name)}</a> '
                    f'<span class="venue-count">{count:,} paper{"s" if count != 1 else ""}'
                    "</span></li>" for slug, name, count in venues)
    return f'<ul class="paperlist-venues" aria-label="Papers per venue">{items}</ul>\n'


def provenance(cat: Catalogue) -> str:
    """Which titles the site made up, as the start of a sentence: after `paperlist enrich`
    the home page still said every title was inferred."""
    n = len(cat.papers)
    made = sum(1 for e in cat.papers if e.title_inferred)
    if made == n:
        return "Titles, names and tags were inferred from the abstracts"
    own = ("Titles are the papers' own" if not made else
           f"{n - made:,} of {n:,} titles are the papers' own, the others (in italics) "
           "inferred from the abstracts")
    return f"{own}; names and tags were inferred from the abstracts"


def expand_markers(markdown: str, cat: Catalogue, link: Link) -> str:
    if PROVENANCE_MARKER in markdown:
        markdown = markdown.replace(PROVENANCE_MARKER, esc(provenance(cat)))
    if STATS_MARKER in markdown:
        markdown = markdown.replace(STATS_MARKER, stats_html(cat, link))
    if FIGURES_MARKER in markdown:
        markdown = markdown.replace(FIGURES_MARKER, figures_html(cat, link))
    return markdown
