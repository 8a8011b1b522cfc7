"""Pages without what every page repeats: indentation (squeeze) and inline icons (icons)."""

from __future__ import annotations

from paperlist.html.icons import IconSheet
from paperlist.html.squeeze import squeeze

ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
        '<path d="M3 6h18v2H3zm0 5h18v2H3z"/></svg>')


def test_squeeze_cuts_indentation_and_blank_lines_to_one_line_break():
    page = "\n  <div>\n\n      <span>a</span>   \n\n\n    <span>b</span>\n  </div>\n"
    assert squeeze(page) == "<div>\n<span>a</span>\n<span>b</span>\n</div>\n"


def test_squeeze_keeps_preformatted_text_scripts_and_text_spacing():
    bibtex = "<pre><code>@inproceedings{x,\n  title = {{A}},\n\n}\n</code></pre>"
    script = '<script>\n  const s = `a\n    b`;\n</script>'
    area = "<textarea>\n  two\n\n  lines</textarea>"
    page = f"<p>one  two\u00a0 three</p>\n    {bibtex}\n   {script}\n  {area}\n  <p>x</p>"
    out = squeeze(page)
    assert bibtex in out and script in out and area in out
    assert "<p>one  two\u00a0 three</p>" in out  # spaces within a line, no-break space kept
    assert out.endswith("\n<p>x</p>") and squeeze(out) == out


def test_icons_become_empty_svgs_that_one_stylesheet_paints():
    sheet = IconSheet()
    page = f"<a>{ICON}</a><label>{ICON}</label>"
    out = sheet.replace(page)
    assert "<path" not in out and out.count('<svg viewBox="0 0 24 24" class="pl-i') == 2
    (name,) = sheet.icons  # the same icon, one class
    css = sheet.stylesheet()
    assert f".{name}{{-webkit-mask:url(\"data:image/svg+xml," in css
    assert "background-color:currentcolor" in css and "forced-colors:active" in css
    again = IconSheet()
    assert again.replace(page) == out and again.stylesheet() == css  # byte-identical builds


def test_svgs_that_are_not_icons_stay_in_the_page():
    chart = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>Chart</title>'
             '<path d="M0 0h1"/></svg>')
    styled = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
              '<path d="M0 0h1" fill="red"/></svg>')
    sheet = IconSheet()
    page = f"<div>{chart}{styled}</div>"
    assert sheet.replace(page) == page and not sheet.icons
    assert "pl-i" not in sheet.stylesheet()


def _document(page: str) -> list[tuple]:
    """What a browser builds from the page: its tags with their attributes, and its text."""
    from html.parser import HTMLParser

    events: list[tuple] = []

    class Reader(HTMLParser):
        def handle_starttag(self, tag, attrs):
            events.append(("start", tag, attrs))

        def handle_startendtag(self, tag, attrs):
            events.append(("start", tag, attrs))

        def handle_endtag(self, tag):
            events.append(("end", tag))

        def handle_data(self, data):
            events.append(("text", data))

    Reader(convert_charrefs=True).feed(page)
    return events


def test_squeeze_drops_the_quotes_an_attribute_value_does_not_need():
    page = ('<a class="md-nav__link" href="../../tags/x/">Tags</a>'
            '<a title="two words" href="#cite" data-n="1.5">c</a>'
            '<link rel="stylesheet" href="https://example.org/a.css">')
    out = squeeze(page)
    assert out == ('<a class=md-nav__link href=../../tags/x/>Tags</a>'
                   '<a title="two words" href=#cite data-n=1.5>c</a>'
                   '<link rel=stylesheet href=https://example.org/a.css>')
    assert _document(out) == _document(page)  # the same tags, attributes and text


def test_squeeze_keeps_quotes_where_text_or_markup_would_change_without_them():
    page = ('<p>set mode="fast" in the text, or x="y" &gt; z</p>'  # text, not a tag
            '<br class="x/"/>'  # unquoted, the value would swallow the tag's slash
            '<a href="x" title="a<b">l</a>'  # a `<` in a later value: left as written
            '<input value="a=b" alt="it\'s" class="" data-v="caf\u00e9" data-w="a&amp;b">'
            '<script>f(a="y")</script><pre>k="v"></pre><style>a[href="x"]{}</style>'
            "<span title='k=\"v\" w'>x</span><i data-a='x=\"y\"'>y</i>"  # single-quoted
            "<a title='k=\"v\">' href=\"x\">z</a><a title='k=\"v\" w>x'>w</a>"
            "<a title= 'x=\"y\">'>z</a>")  # (space before the quote)
    out = squeeze(page)
    assert out == page
    assert _document(out) == _document(page)


def test_squeeze_makes_the_same_document_of_a_built_page():
    page = ('<!doctype html>\n<html lang="en" class="no-js">\n  <head>\n'
            '    <meta name="viewport" content="width=device-width,initial-scale=1">\n'
            '  </head>\n  <body dir="ltr">\n    <nav class="md-nav" aria-label="Navigation">\n'
            '      <a href="../.." title="ICML 2026 paper catalogue" class="md-logo">\n'
            '        <svg viewBox="0 0 24 24" class="pl-i0"></svg>\n      </a>\n    </nav>\n'
            '    <p class="paper-tags"><a class="paper-tag" href="../../tags/rl/">RL</a></p>\n'
            '    <pre class="paper-bibtex"><code>@x{a,\n  title = {{A="b"}},\n}\n</code></pre>\n'
            '  </body>\n</html>\n')
    out = squeeze(page)
    assert len(out) < len(page) - 60 and 'class=paper-tag href=../../tags/rl/>' in out

    def shown(doc: list[tuple]) -> list[tuple]:  # indentation between tags shows nothing
        return [e for e in doc if not (e[0] == "text" and not e[1].strip())]
    assert shown(_document(out)) == shown(_document(page))
