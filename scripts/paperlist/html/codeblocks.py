"""Code blocks that keep their lines: each scrolls sideways and can be reached by keyboard.

A docs page's YAML example (the contribute page's frontmatter) is only right with its
indentation, so a block must not wrap on a phone: a wrapped `data: [https://...` put its
`]` at the start of the next line. A block that scrolls is a region a keyboard user must
be able to focus (axe: scrollable-region-focusable). The theme makes a scrolling `<code>`
focusable only where the device can hover, and takes the focus off it on a phone, so the
`<pre>` around it is what scrolls (assets/discovery.css) and it is made focusable here.
"""

from __future__ import annotations

import re

#: a code block's `<pre>` as Markdown writes it, fenced or indented (`<pre><code>`), or
#: as a highlighting extension does (`<pre><span></span><code>`)
_CODE_BLOCK = re.compile(r"<pre(?=(?:\s[^>]*)?>(?:<span></span>)?<code[\s>])(?![^>]*\btabindex=)")


def focusable_code_blocks(html: str) -> str:
    """The page's HTML with each code block's `<pre>` focusable (see the module's
    docstring)."""
    if "<pre" not in html:  # most pages
        return html
    return _CODE_BLOCK.sub('<pre tabindex="0"', html)
