"""The theme's icons, drawn from one stylesheet instead of written into every page.

Material inlines each icon as an `<svg>`: eleven on a paper page (logo, menu, search,
share, clear, palette, back to top), 3 KB of the page, the same on every page. Each is
replaced by an empty `<svg>` of the same viewBox, which Material's CSS sizes as before,
with a class whose rule in `assets/paperlist/icons.css` paints it: the icon as a CSS mask
filled with the text colour, the colour Material's `fill: currentcolor` gave it (Material
draws its own search-result and admonition icons the same way). One stylesheet, fetched
once; it works from `file://` and without JavaScript, where an SVG sprite (`<use>` of
another file) would not. In forced-colours mode the icons take the system's text colour.
Only icons — an `<svg>` holding nothing but `<path>`s, the form of Material's icon set —
are replaced; any other SVG (a chart, a diagram) stays as it is. A class is a digest of
the icon, so the same icon always gets the same class and a build is byte-identical.
"""

from __future__ import annotations

import hashlib
import re
from urllib.parse import quote

_ICON = re.compile(r'<svg xmlns="http://www\.w3\.org/2000/svg" viewBox="([0-9. -]+)">'
                   r'((?:<path d="[^"<>]*"/>)+)</svg>')


class IconSheet:
    """The icons met in the pages of one site, by class."""

    def __init__(self) -> None:
        #: class -> (viewBox, the paths)
        self.icons: dict[str, tuple[str, str]] = {}
        #: (viewBox, the paths) -> class: every page has the same few icons
        self._names: dict[tuple[str, str], str] = {}

    def replace(self, page_html: str) -> str:
        """The page with each icon replaced by an empty `<svg>` its class paints."""

        def swap(m: re.Match[str]) -> str:
            icon = view_box, paths = m.group(1), m.group(2)
            name = self._names.get(icon)
            if name is None:
                name = "pl-i" + hashlib.sha1(f"{view_box} {paths}".encode()).hexdigest()[:8]
                self._names[icon] = name
                self.icons[name] = icon
            return f'<svg viewBox="{view_box}" class="{name}"></svg>'

        return _ICON.sub(swap, page_html)

    def stylesheet(self) -> str:
        """icons.css: a rule for every icon met, in class order."""
        rules = []
        for name, (view_box, paths) in sorted(self.icons.items()):
            svg = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view_box}">{paths}</svg>'
            url = f'url("data:image/svg+xml,{quote(svg, safe=" /=:.,-")}")'
            rules.append(f".{name}{{-webkit-mask:{url} center/contain no-repeat;"
                         f"mask:{url} center/contain no-repeat}}")
        names = ",".join(f".{name}" for name in sorted(self.icons))
        shared = (f"{names}{{background-color:currentcolor}}\n"
                  f"@media (forced-colors:active){{{names}{{forced-color-adjust:none;"
                  f"background-color:CanvasText}}}}\n") if names else ""
        return "/* paperlist: the theme's icons (html/icons.py) */\n" + shared + "\n".join(
            rules) + ("\n" if rules else "")
