"""A paper's page: its body (title, names, tags, links, abstract), the related papers and
"Cite" sections below it, and the citation meta tags for its <head>.

The page is made from the catalogue, never from Markdown (see the plugin), so all its
markup is here; every value from the page goes through `esc` or `render_abstract`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from paperlist.discover.citation import bibtex, venue_name, venue_year
from paperlist.html.abstract import render_abstract, teaser, title_html, title_text
from paperlist.html.escape import esc
from paperlist.html.inferred import INFERRED_CLASS, inferred_legend, title_class
from paperlist.model.catalogue import Paper
from paperlist.model.taxonomy import Tag
from paperlist.search.compounds import PARTS, TITLE_PARTS, hidden_parts, joined_words
from paperlist.search.data import AUTHOR_SEPARATOR
from paperlist.search.folding import folded_forms, html_text
from paperlist.structure.paths import (
    BROWSE_AUTHOR,
    HEADING_ID,
    Link,
    browse_view,
    tag_src,
    venue_src,
)

#: Pagefind's weights (a word's matches in an element count this many times; the title's
#: h1 counts 7): a paper's short name is as telling as its title, its authors nearly so.
_WEIGHT_NAME = ' data-pagefind-weight="7"'
_WEIGHT_AUTHORS = ' data-pagefind-weight="5"'


def status_badge(status: str) -> str:
    """The conference's decision as a badge ("Oral", "Poster"): paper pages and listings."""
    return f'<span class="paper-status">{esc(status)}</span>'


def tag_chips(tags: Sequence[Tag], link: Link) -> str:
    """Each tag as a chip linking to its tag page (paper pages, listings, related papers)."""
    return "".join(
        f'<a class="paper-tag" href="{esc(link(tag_src(t.slug)))}">{esc(t.name)}</a>'
        for t in tags
    )


#: The link buttons of a paper page, in this order: the record's landing page and PDF,
#: the abstract's code and data, the record's project page (`other` links are listed
#: below the abstract, with their URLs, as they can be anything).
BUTTONS = (("paper", "Paper"), ("pdf", "PDF"), ("code", "Code"), ("data", "Data"),
           ("project", "Project"))


def track_label(track: str) -> str:
    """'' for the main track ('main', 'Main Track': most papers, saying so on each would be
    noise), else the track as a reader says it: 'Datasets and Benchmarks' -> 'Datasets
    and Benchmarks track'; 'Position Track' stays as it is."""
    if not track or track.casefold().removesuffix(" track") in ("main", "main conference"):
        return ""
    return track if "track" in track.casefold() else f"{track} track"


def author_links(entry: Paper, link: Link) -> str:
    """Each author a link to the browse page listing their papers, with their affiliation
    after the name when it is known: 'Ada Lovelace (University of Oxford), Alan Turing'.
    Plain text in parentheses rather than superscripts: it reads out and copies as it
    looks, and a name stays one word for the search index."""
    out = []
    for i, name in enumerate(entry.authors):
        href = esc(browse_view(link, BROWSE_AUTHOR, name))
        affiliation = entry.affiliations[i] if i < len(entry.affiliations) else ""
        where = f' <span class="paper-affil">({esc(affiliation)})</span>' if affiliation else ""
        out.append(f'<a href="{href}">{esc(name)}</a>{where}')
    return ", ".join(out)


#: A character reference that may stand for a letter written in another form
_REFERENCE = re.compile(r"&#(?!x27;)")

#: The headings of a paper page's sections. Linked to on the page (#abstract), left out of
#: what the search index reads (indexed_body): Pagefind would store each as an anchor in
#: every paper's fragment (4% of its bytes, for nothing: a result never links to a
#: section), and "Links" as a word of every paper with links.
ABSTRACT_HEADING = '<h2 id="abstract">Abstract</h2>'
LINKS_HEADING = '<h2 id="links">Links</h2>'
#: The block under a paper's title (authors, names, venue, tags, link buttons), as
#: paper_body writes it, and what separates its facts: indexed_body moves the block first.
_META_OPEN = '<div class="paper-meta">'
_META_CLOSE = f"</div>\n{ABSTRACT_HEADING}"
_FACTS_SEPARATOR = " · "
#: The abstract's element, as paper_body writes it (its HTML holds no other div: every
#: word of it is escaped): indexed_body gives the index its formulas as text.
_ABSTRACT_OPEN = '<div class="paper-abstract">'


#: Where the skip link leads on a paper page (paths.HEADING_ID): an anchor at the start of
#: the heading rather than the heading's own id, which Material's lunr index (`search:
#: lunr`) would take for a section titled by the heading's text, not by the page's title
#: that says "(inferred title)".
_ANCHOR = f'<span id="{HEADING_ID}"></span>'


def _heading(title: str) -> str:
    """A paper page's heading, of the title's HTML."""
    return f'<h1 class="paper-title">{_ANCHOR}{title}</h1>'


def paper_body(entry: Paper, link: Link, editable: bool = True) -> str:
    """The body of a paper page: title, authors, name, venue and decision, tags, links,
    abstract. A page that carries none of the record's fields renders as it always has.
    `editable`: the page has an edit button (the site knows its repository), which the
    note on an inferred title points to; else it names the page's file."""
    parts = [_heading(title_html(entry.title))]
    if entry.title_inferred:
        # under the title, not below the abstract: a reader who quotes or cites the page
        # learns before anything else that this title is not the paper's own
        fix = ("Use the edit button above to fix this page." if editable else
               f"Fix them in its file, <code>{esc(entry.src_uri)}</code>, in the catalogue's "
               "repository.")
        parts.append('<p class="paper-note">The title, name and tags were inferred from the '
                     f"abstract. Know the official title or the authors? {fix}</p>")
    parts.append(_META_OPEN)
    if entry.authors:
        parts.append(f'<p class="paper-authors"{_WEIGHT_AUTHORS}>{author_links(entry, link)}'
                     "</p>")
    facts = []
    if entry.name:
        names = ", ".join(esc(n) for n in [entry.name, *entry.other_names])
        facts.append(f'<span class="paper-name" title="Short name"{_WEIGHT_NAME}>{names}</span>')
    if entry.venue_slug:  # several venues: each has its page
        facts.append(f'<a class="paper-venue" href="{esc(link(venue_src(entry.venue_slug)))}">'
                     f"{esc(entry.venue)}</a>")
    elif entry.venue:
        facts.append(f'<span class="paper-venue">{esc(entry.venue)}</span>')
    # Badges after a space, not a " · ": they are left out of the search index, and a
    # separator of their own would be left in it, alone, in every result's excerpt.
    badges = []
    if entry.status:
        badges.append(status_badge(entry.status))
    track = track_label(entry.track)
    if track:
        badges.append(f'<span class="paper-track">{esc(track)}</span>')
    if facts or badges:
        parts.append('<p class="paper-facts">' + " ".join([_FACTS_SEPARATOR.join(facts),
                                                             *badges]).strip()
                     + "</p>")
    if entry.tags:
        parts.append(f'<p class="paper-tags">{tag_chips(entry.tags, link)}</p>')
    buttons = []
    for kind, label in BUTTONS:
        for i, url in enumerate(entry.links[kind]):
            suffix = f" {i + 1}" if len(entry.links[kind]) > 1 else ""
            buttons.append(f'<a class="md-button paper-link paper-link-{kind}" '
                           f'href="{esc(url)}" rel="nofollow noopener">{label}{suffix}</a>')
    if buttons:
        parts.append('<p class="paper-links">' + " ".join(buttons) + "</p>")
    parts.append("</div>")
    parts.append(ABSTRACT_HEADING)
    parts.append(f"{_ABSTRACT_OPEN}{render_abstract(entry.body)}</div>")
    other = entry.links["other"]
    if other:
        items = "".join(f'<li><a href="{esc(u)}" rel="nofollow noopener">{esc(u)}</a></li>'
                        for u in other)
        parts.append(f'{LINKS_HEADING}<ul class="paper-other-links">{items}</ul>')
    return "\n".join(parts) + "\n"


#: A link preview's or a search engine's snippet shows about this much
DESCRIPTION_CHARS = 160


def description(entry: Paper) -> str:
    """What a paper page's <meta name="description"> says: its abstract's first sentence,
    cut short. Not the site's description, which every paper shared, so that a link to
    any paper previewed the same ("Every ICML 2026 abstract, ...")."""
    return teaser(entry.body, DESCRIPTION_CHARS)


def related_section(entry: Paper, related: Sequence[Paper], link: Link) -> str:
    """The 'Related papers' section of a paper page: each with its title and the tags it
    shares with this paper, named as text: they are this paper's own tags, linked at the
    top of the page (as links, five papers' worth were an eighth of the page)."""
    if not related:
        return ""
    mine = {t.slug for t in entry.tags}
    items = []
    for other in related:
        shared = [t for t in other.tags if t.slug in mine]
        names = " · ".join(esc(t.name) for t in shared)
        name = (f' <span class="paper-name">{esc(other.name)}</span>'
                if other.name and not other.title_says_name else "")
        tags = (f'<span class="related-shared">Shared tags: {names}</span>' if shared
                else '<span class="related-shared related-none">No shared tags: similar '
                     "wording</span>")
        items.append(f'<li><a class="{title_class(other, "related-title")}" '
                     f'href="{esc(link(other.src_uri))}">{esc(title_text(other.title))}</a>{name}{tags}</li>')
    legend = inferred_legend(related).strip()
    return ('<h2 id="related">Related papers</h2>\n'
            + (f'<p class="related-legend">{legend}</p>\n' if legend else "")
            + '<ul class="related-papers">' + "".join(items) + "</ul>\n")


def citation_meta(entry: Paper, url: str | None) -> str:
    """`<meta name="citation_*">` tags for a paper page's head (Highwire Press tags, read by
    Google Scholar and Zotero). `url` is the page's absolute URL, when the site has one.
    None for an inferred title: Scholar would file the made-up title as the paper's, under
    its authors once an editor adds them, and Zotero would save it as the paper's; without
    them the page is saved as the web page it is (the BibTeX says the title is inferred)."""
    if entry.title_inferred:
        return ""
    tags: list[tuple[str, str]] = [("citation_title", entry.title)]
    for i, author in enumerate(entry.authors):
        tags.append(("citation_author", author))
        if i < len(entry.affiliations) and entry.affiliations[i]:
            tags.append(("citation_author_institution", entry.affiliations[i]))
    if entry.venue:
        tags.append(("citation_conference_title", venue_name(entry.venue)))
    year = venue_year(entry.venue)
    if year:
        tags.append(("citation_publication_date", year))
    if entry.links["pdf"]:
        tags.append(("citation_pdf_url", entry.links["pdf"][0]))
    if url:
        tags.append(("citation_abstract_html_url", url))
    return "".join(f'<meta name="{name}" content="{esc(value)}">\n'
                   for name, value in tags)


def cite_section(entry: Paper, url: str | None) -> str:
    """The 'Cite' block of a paper page: the BibTeX, shown, with a copy button that the
    site's script enables (without JavaScript the text is still there to select)."""
    return ('<div class="paper-cite"><h2 id="cite">Cite</h2>'
            '<p><button type="button" class="md-button paper-copy-bibtex" hidden>Copy BibTeX'
            '</button> <span class="paper-copy-status" role="status"></span></p>'
            f'<pre class="paper-bibtex"><code>{esc(bibtex(entry, url))}</code></pre>'
            "</div>\n")


def indexed_abstract(entry: Paper) -> str:
    """The abstract as the search index reads it where that is not as the page shows it:
    its formulas as text (render_abstract's `formulas_as_text`); "" for one without."""
    return render_abstract(entry.body, formulas_as_text=True) if "$" in entry.body else ""


def indexed_body(body_html: str, entry: Paper, as_text: str | None = None) -> str:
    """Mark a paper page's content as the only thing Pagefind indexes, with what a search
    result shows as metadata (search/data.py reads it back), the authors and names ahead
    of the title. Pages without this wrapper — home, browse, tags, which list every
    paper — stay out of the index. `as_text`: indexed_abstract(entry), if made already."""
    # Tags as a Pagefind filter, the rest as metadata: taken from the element's text (a
    # name or a tag may hold a comma, which the attribute form `name:value` would split
    # at), ignored as content (the visible page says it already). Not tags as metadata,
    # though Pagefind writes its filter file in a random order each build (so the bundle's
    # meta file is renamed on every deploy): Pagefind searches every meta field's words,
    # and "attention" would find each paper tagged Transformers & Attention.
    hidden = [("filter", "tag", t.name) for t in entry.tags]
    if entry.name:
        hidden.append(("meta", "name", entry.name))
    if entry.venue:  # (an empty element is no field to Pagefind)
        hidden.append(("meta", "venue", entry.venue))
    if entry.status:  # the search page's Status facet counts it from the catalogue file
        hidden.append(("meta", "status", entry.status))
    if entry.authors:
        hidden.append(("meta", "authors", AUTHOR_SEPARATOR.join(entry.authors)))
    # Flags as filters, not metadata, whose words Pagefind searches: "1" on every page with
    # code, or whose title is inferred (results set it as listings do: title_class), was a
    # word that pushed "DIVER-1" and "Rank-1" down the results
    hidden += [("filter", kind, "1") for kind in ("code", "data") if entry.links[kind]]
    if entry.title_inferred:
        hidden.append(("filter", INFERRED_CLASS, "1"))
    if "$" in entry.title:  # a result's title is the heading's text: as listings show it
        body_html = body_html.replace(_heading(title_html(entry.title)),
                                      _heading(esc(title_text(entry.title))), 1)
    # The parts of compounds that Pagefind indexes only cut up ("LoRA" of "NTK-LoRA"),
    # as words of the page: search/compounds.py; and the words it writes in forms a query
    # is folded from ("ϵ", "𝖦𝗅𝗎𝗈𝗇"), folded: search/folding.py. The abstract's as shown
    # (MathML writes `$\epsilon$` as "ϵ"), less what the title's already give.
    titled = " ".join([title_text(entry.title), entry.name, *entry.other_names])
    title_forms = folded_forms(titled)
    # (an ASCII page writes no such form, unless as a character reference other than
    # esc's apostrophe: a formula's MathML)
    shown = (html_text(body_html) if not body_html.isascii() or _REFERENCE.search(body_html)
             else "")
    # A result's excerpt is the abstract's indexed text: its formulas as listings write
    # them, not MathML, whose text runs together. Its forms are given as the page's are:
    # "π₀" of the text (`$\pi_0$`) as "π0", and "ε" of the page's MathML (`$\varepsilon
    # = 2/d$`, as written in the text) as "epsilon"; and the page's words of letters the
    # text does not write ("ε=2/d") as they are, so a pasted "ε" still finds it.
    if as_text is None:
        as_text = indexed_abstract(entry)
    shown_only: list[str] = []
    head, opened, rest = body_html.partition(_ABSTRACT_OPEN) if as_text else ("", "", "")
    page_abstract, closed, tail = rest.partition("</div>")
    if opened and closed:
        body_html = f"{head}{opened}{as_text}{closed}{tail}"
        if not as_text.isascii() or _REFERENCE.search(as_text):
            shown = f"{shown} {html_text(as_text)}"
        if not page_abstract.isascii() or _REFERENCE.search(page_abstract):
            written = set(html_text(as_text).split())
            shown_only = [t for t in dict.fromkeys(html_text(page_abstract).split())
                          if t not in written and any(c.isalpha() and not c.isascii()
                                                      for c in t)]
    folded = [f for f in folded_forms(shown) if f not in title_forms]
    folded += [t for t in shown_only if t not in folded]
    for key, parts in ((TITLE_PARTS, hidden_parts(titled) + joined_words(titled) + title_forms),
                       (PARTS, hidden_parts(entry.body) + joined_words(entry.body) + folded)):
        if parts:
            hidden.append(("meta", key, " ".join(parts)))
    spans = "".join(f'<span data-pagefind-{what}="{key}" data-pagefind-ignore hidden>'
                    f"{esc(value)}</span>" for what, key, value in hidden)
    # The block under the title (authors, names) goes before it: a result's excerpt is
    # the stored text after the title (search-text.js `afterTitle`), which is then the
    # abstract's, where it began ". WildCat · We introduce ..." whenever the abstract's
    # start was the best stretch. The facts' separators go: the venue they stand beside is
    # not indexed, so each would be a stray "·" in the text. (paper_body always writes the
    # block; the unit tests hold it to that.)
    head, meta_open, rest = body_html.partition(_META_OPEN)
    meta, meta_close, after = rest.partition(_META_CLOSE)
    if meta_open and meta_close:
        meta = meta.replace(_FACTS_SEPARATOR, " ")
        body_html = f"{meta_open}{meta}</div>\n{head}{after}"  # `after`: past the heading
    body_html = body_html.replace(ABSTRACT_HEADING, "", 1).replace(LINKS_HEADING, "", 1)
    # nor the skip link's anchor: Pagefind keeps an element's id with the page as an
    # anchor, which results never link to
    body_html = body_html.replace(_ANCHOR, "", 1)
    return f'<div class="paper" data-pagefind-body>{spans}\n{body_html}</div>\n'
