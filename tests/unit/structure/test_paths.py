"""The site's URL scheme: links into a browse view."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from paperlist.structure.paths import BROWSE, BROWSE_AUTHOR, browse_view


@pytest.mark.parametrize("name", [
    "Ada Lovelace", "Zoë Ångström", "A & B", "C#", "x+y", "50% Jones", "a=b?c/d", "李雷"])
def test_a_browse_view_link_carries_the_value_exactly(name):
    href = browse_view(lambda src: {BROWSE: "../../browse/"}[src], BROWSE_AUTHOR, name)
    parts = urlsplit(href)
    assert parts.path == "../../browse/"
    assert parse_qs(parts.query) == {"author": [name]}  # what URLSearchParams reads too
    assert " " not in href and "&" not in parts.query and "#" not in href
