"""Theme partials that come out the same on every paper page, rendered once and reused.

No paper is in the nav and all sit at the same depth, so the sidebar, the search box and
the footer do not depend on which paper it is; they were a third of a paper page's render
time, paid 12,000 times. Each is rendered in full for a few papers and compared; only
then is its output reused, so a theme override that shows something of the page in one
of them is caught and never cached. The theme's own templates (overrides included) stay
reachable under a prefix, which the wrapper includes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jinja2
from markupsafe import Markup

SHARED_PARTIALS = ("partials/nav.html", "partials/search.html", "partials/footer.html")
#: papers rendered in full, and compared, before a partial's output is reused
SHARED_CHECKS = 3
_THEME_PREFIX = "paperlist-theme"
_WRAPPER = (
    "{%- set shared = paperlist_shared(NAME) -%}"
    "{%- if shared is none -%}{%- set out -%}{% include ORIGINAL %}{%- endset -%}"
    "{{- paperlist_rendered(NAME, out) -}}{%- else -%}{{- shared -}}{%- endif -%}")


class SharedPartials:
    """The cache of one build. `is_paper(ctx)` tells whether a template renders a paper."""

    def __init__(self, is_paper: Callable[[jinja2.runtime.Context], bool]) -> None:
        self._is_paper = is_paper
        #: (partial, base_url) -> [its output, times seen identical]; None when it varied
        self._seen: dict[tuple[str, str], list[Any] | None] = {}

    def install(self, env: jinja2.Environment) -> None:
        """Serve SHARED_PARTIALS through the wrapper; forget what an earlier build saw."""
        original = env.loader
        assert original is not None
        wrappers = {name: _WRAPPER.replace("NAME", repr(name)).replace(
            "ORIGINAL", repr(f"{_THEME_PREFIX}/{name}")) for name in SHARED_PARTIALS}
        env.loader = jinja2.ChoiceLoader([
            jinja2.DictLoader(wrappers), jinja2.PrefixLoader({_THEME_PREFIX: original}),
            original])
        if env.cache is not None:
            env.cache.clear()
        # jinja2 marks the function itself, which a bound method cannot carry
        env.globals["paperlist_shared"] = jinja2.pass_context(
            lambda ctx, name: self._output(ctx, name))
        env.globals["paperlist_rendered"] = jinja2.pass_context(
            lambda ctx, name, out: self._rendered(ctx, name, out))
        self._seen = {}

    def _key(self, ctx: jinja2.runtime.Context, name: str) -> tuple[str, str] | None:
        return (name, str(ctx.get("base_url"))) if self._is_paper(ctx) else None

    def _output(self, ctx: jinja2.runtime.Context, name: str) -> str | None:
        key = self._key(ctx, name)
        seen = self._seen.get(key) if key is not None else None
        return Markup(seen[0]) if seen is not None and seen[1] >= SHARED_CHECKS else None

    def _rendered(self, ctx: jinja2.runtime.Context, name: str, out: str) -> str:
        key = self._key(ctx, name)
        if key is not None:
            if key not in self._seen:
                self._seen[key] = [out, 1]
            elif (seen := self._seen[key]) is not None:
                if seen[0] == out:
                    seen[1] += 1
                else:  # depends on the page after all: always render it
                    self._seen[key] = None
        return Markup(out)
