"""The theme's long inline scripts, each fetched once as a file instead of written into
every page.

Material writes its palette script into every page: 700 bytes that apply the reader's
light or dark choice before the page is drawn, 5 % of a paper page, the same on all of
them (GitHub Pages deploys at most 1 GB). Each inline script that long becomes
`<script src=".../assets/paperlist/inline-<digest>.js"></script>` in its place: a classic
script without `async` or `defer`, which the browser runs where it stands, in the same
order and before it draws what follows, as it ran inline; the file is cached after the
first page. Only a bare `<script>` (no attributes: not JSON data, not a module) whose
text holds no `<` is moved, and only from `MIN_BYTES` up: the short ones stay, such as
Material's `__md_scope`, which names the page's own depth. The file's name is a digest of
its text, so a build is byte-identical and a changed script is a new file.
"""

from __future__ import annotations

import hashlib
import re

from paperlist.html.escape import esc

#: an inline script this long or longer goes to a file of its own
MIN_BYTES = 512
_INLINE = re.compile(rf"<script>([^<]{{{MIN_BYTES},}})</script>")


class ScriptFiles:
    """The long inline scripts met in the pages of one site, by file name."""

    def __init__(self) -> None:
        #: file name -> the script's text
        self.files: dict[str, str] = {}

    def replace(self, page_html: str, folder_href: str) -> str:
        """The page with each long inline script loaded from its file; `folder_href` is
        the assets folder as the page links it ("../../assets/paperlist/")."""

        def swap(m: re.Match[str]) -> str:
            text = m.group(1)
            name = f"inline-{hashlib.sha1(text.encode()).hexdigest()[:8]}.js"
            self.files.setdefault(name, text)
            return f'<script src="{esc(folder_href + name)}"></script>'

        return _INLINE.sub(swap, page_html)
