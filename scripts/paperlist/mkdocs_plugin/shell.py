"""Paper pages as the theme's page rendered once, each paper's own values put in.

Every paper page is the theme's `main.html` around a different paper, and rendering it
was a third of a 30,000-paper build (25 of its 80 seconds) although all but a few strings
come out the same: papers sit at one depth, out of the nav. So the page is rendered once
for a stand-in page whose varying strings (title, description, body, URLs) are markers,
and a paper's page is that shell with the paper's own strings where the markers came out.

That is only right where the theme puts such a string in as it is, so the stand-in watches
what the templates do with each:

* put into the page by the template itself (`{{ page.title }}`): a slot of the shell;
* tested (`{% if page.meta.description %}`, `"<h1" in page.content`): answered from the
  first paper's value, and a paper whose value answers otherwise is rendered in full;
* anything else (a filter, a method, joined to other text): no shell this build. A marker
  found anywhere but where a slot was recorded (copied by code the stand-in cannot see)
  counts as such: markers carry `<`, `&`, quotes, capitals and two spaces, which
  escaping, tag stripping, case or whitespace folding would change.

Whatever else the templates read of the page (`is_homepage`, `toc`, `file`...) and every
other variable of the context must be equal for a paper to take the shell, and the first
SHELL_CHECKS papers are rendered both ways and must agree, else the shell is dropped. A
paper that does not fit is rendered in full, as every page was before.
"""

from __future__ import annotations

import logging
import os
import posixpath
import sys
from collections.abc import Callable
from typing import Any

import jinja2
from markupsafe import Markup

log = logging.getLogger("mkdocs.plugins.paperlist")

#: the template a paper page names (page.meta["template"], from on_page_content to
#: on_page_context: MkDocs picks a page's template between the two)
SHELL_TEMPLATE = "paperlist-paper.html"
#: papers rendered both ways, and compared, before the shell is trusted
SHELL_CHECKS = 3
#: set (to anything) to render every paper page in full: the site is the same, slower
FULL_PAGES_ENV = "PAPERLIST_FULL_PAGES"
#: the page's strings that become slots (when the first paper has them)
SLOTTED = ("title", "content", "canonical_url", "edit_url")
#: the page's own URLs: MkDocs makes every relative link from `url`, in Python, so the
#: stand-in's are real strings, of the same shape (depth, ending) with a marker for the
#: paper's own part: put into the page as they are, the marker refuses the shell
FAKED = ("url", "abs_url")
#: context variables that differ on every page and that no theme shows on a paper page
_VOLATILE = frozenset({"page", "build_date_utc"})

_OPEN, _CLOSE = "\ue000", "\ue001"
_FAKE_PART = f"{_OPEN}paper{_CLOSE}"
#: what escaping, tag stripping, case or whitespace folding would change in a marker
_CANARY = "<i>&amp; \"'  Mk"
_MISSING = object()

#: a path to a value of a page: ("title",) or ("meta", "description")
Path = tuple[str, ...]


def _value(page: Any, path: Path) -> Any:
    if path[0] == "meta":
        meta = page.meta
        return _MISSING if path[1] == "template" else meta.get(path[1], _MISSING)
    try:
        return getattr(page, path[0])
    except AttributeError:
        return _MISSING


def _meta_length(page: Any) -> int:
    return len(page.meta) - ("template" in page.meta)


def _shape(url: Any) -> Any:
    """What of a page's URL its relative links depend on: its folders and its ending."""
    if not isinstance(url, str):
        return url
    head, _, last = url.rstrip("/").rpartition("/")
    return head, url.endswith("/"), posixpath.splitext(last)[1]


def _comparable(value: Any) -> Any:
    """A value as compared between papers: an object that only compares as itself but
    holds others (MkDocs' table of contents) by what it holds."""
    if type(value).__eq__ is object.__eq__ and hasattr(value, "__iter__"):
        return tuple(value)
    return value


def _fake(url: str) -> str:
    """A URL of the same shape as url, the page's own part a marker."""
    head, slash, ext = _shape(url)
    return f"{head}/{_FAKE_PART}{ext}{'/' if slash else ''}" if head else (
        f"{_FAKE_PART}{ext}{'/' if slash else ''}")


_TESTS: dict[str, Callable[..., Any]] = {
    "bool": bool,
    "eq": lambda value, other: value == other,
    "ne": lambda value, other: value != other,
    "contains": lambda value, item: item in value,
}


class _Probe:
    """What one render of the stand-in did with the page's values."""

    def __init__(self, env: jinja2.Environment) -> None:
        self.env = env
        self.refused: str | None = None
        #: the marker of each slot, and the value it stands for
        self.slots: list[tuple[str, Path]] = []
        #: (value, test, argument, answer) of every test made of a slotted value
        self.tests: list[tuple[Path, str, tuple[Any, ...], Any]] = []
        #: every other value read of the page, as it was (its URLs: their shape)
        self.reads: dict[Path, Any] = {}

    def refuse(self, why: str) -> None:
        if self.refused is None:
            self.refused = why

    def emit(self, path: Path) -> str:
        marker = f"{_OPEN}{_CANARY}{len(self.slots)}{_CLOSE}"
        self.slots.append((marker, path))
        return marker

    def test(self, path: Path, name: str, args: tuple[Any, ...], answer: Any) -> Any:
        self.tests.append((path, name, args, answer))
        return answer


class _Slot(str):
    """A page's string as the stand-in hands it to the templates: its text is a marker
    that must never reach the page; put in by a template, it comes out as a slot."""

    __slots__ = ("_probe", "_path", "_real")
    #: what the slot itself, isinstance() and escaping's probe for `__html__` may look up
    _OWN = frozenset((*__slots__, "_test", "__class__", "__html__"))

    def __new__(cls, probe: _Probe, path: Path, real: str) -> _Slot:
        slot = super().__new__(cls, f"{_OPEN}copied {'.'.join(path)}{_CLOSE}")
        object.__setattr__(slot, "_probe", probe)
        object.__setattr__(slot, "_path", path)
        object.__setattr__(slot, "_real", real)
        return slot

    def __getattribute__(self, name: str) -> Any:
        if name not in _Slot._OWN:
            probe = object.__getattribute__(self, "_probe")
            probe.refuse(f"page {'.'.join(object.__getattribute__(self, '_path'))}.{name}")
        return super().__getattribute__(name)

    def __str__(self) -> str:
        probe, path = self._probe, self._path
        if sys._getframe(1).f_globals.get("environment") is not probe.env:
            probe.refuse(f"page {'.'.join(path)} handed to {sys._getframe(1).f_code.co_name}")
            return str.__str__(self)
        return probe.emit(path)

    def _test(self, name: str, *args: Any) -> Any:
        if any(isinstance(a, _Slot) for a in args):
            self._probe.refuse(f"page {'.'.join(self._path)} compared with another")
        return self._probe.test(self._path, name, args, _TESTS[name](self._real, *args))

    def __bool__(self) -> bool:
        return self._test("bool")

    def __eq__(self, other: object) -> bool:
        return self._test("eq", other)

    def __ne__(self, other: object) -> bool:
        return self._test("ne", other)

    def __contains__(self, item: object) -> bool:
        return self._test("contains", item)


def _refusing(name: str) -> Callable[..., Any]:
    def method(self: _Slot, *args: Any) -> Any:
        self._probe.refuse(f"page {'.'.join(self._path)}: {name}")
        return getattr(str, name)(self, *args)
    method.__name__ = name
    return method


# what str does through the interpreter's slots, never through __getattribute__
for _name in ("__hash__", "__len__", "__iter__", "__getitem__", "__add__", "__mul__",
              "__rmul__", "__mod__", "__rmod__", "__lt__", "__le__", "__gt__", "__ge__",
              "__format__", "__repr__", "__reduce__", "__reduce_ex__"):
    setattr(_Slot, _name, _refusing(_name))


class _Meta(dict):
    """The first paper's meta, every read recorded (its strings slots)."""

    def __init__(self, probe: _Probe, meta: dict[str, Any]) -> None:
        super().__init__((k, v) for k, v in meta.items() if k != "template")
        self._probe = probe

    def _read(self, key: Any) -> Any:
        value = super().get(key, _MISSING)
        path = ("meta", key)
        if isinstance(key, str) and isinstance(value, str) and value:
            return _Slot(self._probe, path, value)
        self._probe.reads[path] = value
        return value

    def __getitem__(self, key: Any) -> Any:
        value = self._read(key)
        if value is _MISSING:
            raise KeyError(key)
        return value

    def get(self, key: Any, default: Any = None) -> Any:
        value = self._read(key)
        return default if value is _MISSING else value

    def __contains__(self, key: object) -> bool:
        return self._read(key) is not _MISSING

    def __len__(self) -> int:
        self._probe.reads[("meta-length",)] = length = super().__len__()
        return length

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        self._probe.refuse("the page's meta listed")
        return []

    __iter__ = keys = values = items = _refuse  # type: ignore[assignment]


class _StandIn:
    """The page the shell is rendered for: the first paper, its strings slots."""

    def __init__(self, probe: _Probe, page: Any) -> None:
        self._probe = probe
        self._page = page
        self._meta = _Meta(probe, page.meta)

    def __getattr__(self, name: str) -> Any:
        if name == "meta":
            return self._meta
        value = getattr(self._page, name)  # AttributeError: as for the page itself
        if name in SLOTTED and isinstance(value, str) and value:
            return _Slot(self._probe, (name,), value)
        if name in FAKED and isinstance(value, str) and value:
            self._probe.reads[(name, "shape")] = _shape(value)
            return _fake(value)
        self._probe.reads[(name,)] = _comparable(value)
        return value


class _Shell:
    """The rendered stand-in, cut at its slots."""

    def __init__(self, probe: _Probe, html: str, context: dict[str, Any]) -> None:
        self.parts: list[str] = []
        self.paths: list[Path] = []
        # (a slot put in and then dropped is left out; one put in twice is refused below)
        found = sorted((html.find(marker), marker, path) for marker, path in probe.slots
                       if marker in html)
        at = 0
        for start, marker, path in found:
            self.parts.append(html[at:start])
            self.paths.append(path)
            at = start + len(marker)
        self.parts.append(html[at:])
        self.tests = probe.tests
        self.reads = [(path, value) for path, value in probe.reads.items()]
        self.context = {k: v for k, v in context.items() if k not in _VOLATILE}
        leftover = [p for p in self.parts if _OPEN in p or _CLOSE in p]
        self.refused = probe.refused or (
            "a page's value copied where the stand-in cannot see" if leftover else None)

    def fill(self, context: dict[str, Any]) -> str | None:
        """The page for this context's paper, or None when it does not fit the shell."""
        for key, value in self.context.items():
            now = context.get(key, _MISSING)
            if now is not value and now != value:
                return None
        page = context.get("page")
        for path, value in self.reads:
            if path == ("meta-length",):
                now = _meta_length(page)
            elif path[-1] == "shape":
                now = _shape(_value(page, path))
            else:
                now = _comparable(_value(page, path))
            if now is not value and now != value:
                return None
        for path, name, args, answer in self.tests:
            now = _value(page, path)
            if not isinstance(now, str) or not now or _TESTS[name](now, *args) != answer:
                return None
        values = [_value(page, path) for path in self.paths]
        if not all(isinstance(v, str) and v for v in values):
            return None
        out = [self.parts[0]]
        for value, part in zip(values, self.parts[1:], strict=True):
            out.append(value)
            out.append(part)
        return "".join(out)


class PaperShell:
    """The shell of one build's paper pages: `install` it into the build's Jinja
    environment; `is_paper(page)` tells which pages are papers."""

    def __init__(self, template: str = "main.html") -> None:
        self._template_name = template
        self._shell: _Shell | None = None
        self._off = False
        self._checked = 0
        #: pages made from the shell, for the tests and the benchmark
        self.filled = 0

    def install(self, env: jinja2.Environment) -> None:
        """Serve SHELL_TEMPLATE (which calls back here) and start afresh."""
        self._env = env
        self._shell, self._checked, self.filled = None, 0, 0
        self._off = bool(os.environ.get(FULL_PAGES_ENV))
        original = env.loader
        assert original is not None
        env.loader = jinja2.ChoiceLoader([
            jinja2.DictLoader({SHELL_TEMPLATE: "{{ paperlist_paper() }}"}), original])
        if env.cache is not None:
            env.cache.clear()
        # jinja2 marks the function itself, which a bound method cannot carry
        env.globals["paperlist_paper"] = jinja2.pass_context(lambda ctx: self._render(ctx))

    @property
    def active(self) -> bool:
        return not self._off

    def _full(self, context: dict[str, Any]) -> str:
        return self._env.get_template(self._template_name).render(context)

    def _make(self, context: dict[str, Any]) -> None:
        probe = _Probe(self._env)
        stand_in = dict(context, page=_StandIn(probe, context["page"]))
        try:
            html = self._full(stand_in)
        except Exception as e:  # noqa: BLE001 - the page is rendered in full, which says it
            probe.refuse(f"{type(e).__name__}: {e}")
            html = ""
        shell = _Shell(probe, html, context)
        if shell.refused:
            self._drop(shell.refused)
        else:
            self._shell = shell

    def _drop(self, why: str) -> None:
        self._off = True
        self._shell = None
        log.debug("paperlist: paper pages rendered in full: %s", why)

    def _render(self, ctx: jinja2.runtime.Context) -> Markup:
        context = ctx.get_all()
        if not self._off and self._shell is None:
            self._make(context)
        filled = None if self._shell is None else self._shell.fill(context)
        if filled is not None and self._checked >= SHELL_CHECKS:
            self.filled += 1
            return Markup(filled)
        full = self._full(context)
        if filled is not None:
            self._checked += 1
            if filled != full:
                self._drop("a theme template changed a page's value")
        return Markup(full)
