"""The one escaper: every string from a page, a list or an editor reaches HTML, SVG or XML
through `esc`, so an editor's `<script>` is shown, never run.

`html.escape` rather than markupsafe: it writes the same bytes the site has always had
(`&quot;`, `&#x27;`), so moving code here changed no page, and it is as fast.
"""

from __future__ import annotations

import html
import json


def esc(text: str, *, quote: bool = True) -> str:
    """Text as HTML/XML character data; with `quote`, also safe inside a quoted attribute."""
    return html.escape(text, quote=quote)


def script_json(data: object) -> str:
    """Compact, deterministic JSON that is harmless wherever it is pasted: inside a
    <script>, an attribute or a fetched file. '<', '>' and '&' are escaped (no '</script>'
    can end the script early) and so are U+2028/2029 (line ends to older JS engines)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
