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
