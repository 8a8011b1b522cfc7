"""Paper pages as the theme's page rendered once, each paper's own values put in.

Every paper page is the theme's `main.html` around a different paper, and rendering it
was a third of a 30,000-paper build (25 of its 80 seconds) although all but a few strings
come out the same: papers sit at one depth, out of the nav. So the page is rendered once
for a stand-in page whose varying strings (title, description, body, edit link) are
markers, and a paper's page is that shell with the paper's own strings where the markers
came out.

That is only right where the theme puts such a string in as it is, so the stand-in
watches what the templates do with each:

* put into the page by the template itself (`{{ page.title }}`): a slot of the shell;
* tested (`{% if page.meta.description %}`, `"<h1" in page.content`, `is none`): answered
  from the first paper, and a paper whose values answer otherwise is rendered in full;
* anything else (a filter, a method, joined to other text): no shell this build. A marker
  found anywhere but where a slot was recorded (copied by code the stand-in cannot see)
  counts as such: markers are long and carry a line break, capitals, `<`, `&`, quotes and
  runs of spaces, which truncating, trimming, escaping, tag stripping, case, indenting or
  whitespace folding would change.

The page's own URL is a real string of the same shape (MkDocs makes every relative link
from it, in Python), its paper's part a marker; a link it makes to a place under that
part (another paper, or this one) is made again for each paper. Whatever else the
templates read of the page (`is_homepage`, `toc`, its meta's keys...) and every other
variable of the context must be equal for a paper to take the shell. The first
SHELL_CHECKS papers, and one in SHELL_SAMPLE after them, are rendered both ways and must
agree: a late disagreement drops the shell and hands back the pages made from it, which
the plugin renders again in full. Filters with side effects run once, for the stand-in.
A paper that does not fit is rendered in full, as every page was before.
"""

from __future__ import annotations

import logging
import os
import posixpath
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import jinja2
import mkdocs.utils
from markupsafe import Markup

log = logging.getLogger("mkdocs.plugins.paperlist")

#: the template a paper page names (page.meta["template"], from on_page_content to
#: on_page_context: MkDocs picks a page's template between the two)
SHELL_TEMPLATE = "paperlist-paper.html"
#: papers rendered both ways, and compared, before the shell is trusted
SHELL_CHECKS = 3
#: and after them, one page in this many made from the shell
SHELL_SAMPLE = 200
#: set (to anything) to render every paper page in full: the site is the same, slower
FULL_PAGES_ENV = "PAPERLIST_FULL_PAGES"
#: the page's strings that become slots (when the first paper has them)
SLOTTED = ("title", "content", "canonical_url", "edit_url")
#: the page's own URLs (see the module's docstring)
FAKED = ("url", "abs_url")
#: context variables that differ on every page and that no theme shows on a paper page
_VOLATILE = frozenset({"page", "build_date_utc"})

_OPEN, _CLOSE = "\ue000", "\ue001"
#: in every marker, and what no page holds (looked for in any case, in any encoding
#: that keeps ASCII letters: escaped, URL-encoded, as JSON)
_WORD = "PaperlistSlot"
#: what truncating, trimming, escaping, tag stripping, case, indenting or folding
#: whitespace would change in a marker
_CANARY = " <i>&amp; \"'  Mk\n" + "-" * 100
_FAKE_PART = f"{_OPEN}{_WORD}{_CLOSE}"
_MISSING = object()
#: a page's string: put in as it is, tested, or its other reads
_TEXT = "text"

#: a path to a value of a page: ("title",) or ("meta", "description")
Path = tuple[str, ...]


def _value(page: Any, path: Path) -> Any:
    if path[0] == "meta":
        return page.meta.get(path[1], _MISSING)
    try:
        return getattr(page, path[0])
    except AttributeError:
        return _MISSING


def _kind(value: Any) -> Any:
    """What a test of presence sees of a page's value: a string with text in it, else
    the value itself."""
    return _TEXT if isinstance(value, str) and value else value


def _comparable(value: Any) -> Any:
    """A value as compared between papers: a container that only compares as itself
    (MkDocs' table of contents) by what it holds (read again, so not an iterator)."""
    kind = type(value)
    if (kind.__eq__ is object.__eq__ and hasattr(kind, "__len__") and hasattr(kind, "__iter__")
            and not hasattr(kind, "__next__")):
        return tuple(value)
    return value


def _equal(a: Any, b: Any) -> bool:
    try:
        return a is b or bool(a == b)
    except Exception:  # noqa: BLE001 - what cannot be compared is not the same
        return False


def _shape(url: Any) -> Any:
    """What of a page's URL its relative links depend on: its folders and its ending."""
    if not isinstance(url, str):
        return url
    head, _, last = url.rstrip("/").rpartition("/")
    return head, url.endswith("/"), posixpath.splitext(last)[1]


def _fake(url: str) -> str:
    """A URL of the same shape as url, the page's own part a marker."""
    head, slash, ext = _shape(url)
    return f"{head}/{_FAKE_PART}{ext}{'/' if slash else ''}" if head else (
        f"{_FAKE_PART}{ext}{'/' if slash else ''}")


def _from_template(probe: _Probe, depth: int = 2) -> bool:
    """Whether the caller's caller is template code, or Jinja's attribute lookup for it
    (not a filter, nor MkDocs)."""
    frame = sys._getframe(depth)
    if frame.f_globals.get("environment") is probe.env:
        return True
    return (frame.f_code.co_name == "getattr" and frame.f_back is not None
            and frame.f_back.f_globals.get("environment") is probe.env)


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
        #: every other value read of the page, as it was (its URLs: their shape; a
        #: slotted value: that it is text)
        self.reads: dict[Path, Any] = {}
        #: the stand-in's URLs (FAKED), by attribute
        self.fakes: dict[str, str] = {}
        #: links MkDocs made from the page's URL to a place under its own part (another
        #: paper, or this one): (the place, which URL of the page, the link)
        self.near_links: list[tuple[str, str, str]] = []

    def refuse(self, why: str) -> None:
        if self.refused is None:
            self.refused = why

    def emit(self, path: Path) -> str:
        # (spaced, so that trimming shows too)
        marker = f" {_OPEN}{_WORD}{len(self.slots)}{_CANARY}{_CLOSE} "
        self.slots.append((marker, path))
        return marker

    def test(self, path: Path, name: str, args: tuple[Any, ...], answer: Any) -> Any:
        self.tests.append((path, name, args, answer))
        return answer

    @contextmanager
    def watching_links(self) -> Iterator[None]:
        """MkDocs' relative links (its `url` filter, script tags) made from the page's URL
        while the stand-in renders, those into the page's own part kept."""
        made = mkdocs.utils.get_relative_url

        def relative(url: str, other: str) -> str:
            link = made(url, other)
            name = next((n for n, fake in self.fakes.items() if str.__eq__(other, fake)), None)
            if name is not None:
                folder = posixpath.normpath("/" + other.split(_FAKE_PART)[0])
                if posixpath.normpath("/" + url).startswith(folder):
                    self.near_links.append((url, name, link))
            elif isinstance(other, str) and _FAKE_PART in other:
                self.refuse("a link made from a part of the page's URL")
            return link

        mkdocs.utils.get_relative_url = relative
        try:
            yield
        finally:
            mkdocs.utils.get_relative_url = made


class _Slot(str):
    """A page's string as the stand-in hands it to the templates: its text is a marker
    that must never reach the page; put in by a template, it comes out as a slot."""

    __slots__ = ("_probe", "_path", "_real")
    #: what the slot itself, isinstance() and escaping's probe for `__html__` may look up
    _OWN = frozenset((*__slots__, "_test", "__class__", "__html__"))

    def __new__(cls, probe: _Probe, path: Path, real: str) -> _Slot:
        slot = super().__new__(cls, f"{_OPEN}{_WORD} copied {'.'.join(path)}{_CLOSE}")
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
        if any(isinstance(a, _Slot | _Url) for a in args):
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
    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        self._probe.refuse(f"page value: {name}")
        return getattr(type(self).__mro__[1], name)(self, *args, **kwargs)
    method.__name__ = name
    return method


# what str does through the interpreter's slots, never through __getattribute__
for _name in ("__hash__", "__len__", "__iter__", "__getitem__", "__add__", "__mul__",
              "__rmul__", "__mod__", "__rmod__", "__lt__", "__le__", "__gt__", "__ge__",
              "__format__", "__repr__", "__reduce__", "__reduce_ex__"):
    setattr(_Slot, _name, _refusing(_name))


class _Url(str):
    """The stand-in's URL: a real string to MkDocs' Python (which makes relative links
    from it); to the templates, tested as the paper's own and otherwise refused."""

    __slots__ = ("_probe", "_path", "_real")
    _OWN = frozenset((*__slots__, "__class__", "__html__"))

    def __new__(cls, probe: _Probe, path: Path, real: str) -> _Url:
        url = super().__new__(cls, _fake(real))
        object.__setattr__(url, "_probe", probe)
        object.__setattr__(url, "_path", path)
        object.__setattr__(url, "_real", real)
        return url

    def __getattribute__(self, name: str) -> Any:
        if name not in _Url._OWN:
            probe = object.__getattribute__(self, "_probe")
            if _from_template(probe):
                probe.refuse(f"page {object.__getattribute__(self, '_path')[0]}.{name}")
        return super().__getattribute__(name)

    def _test(self, name: str, other: Any) -> Any:
        if not _from_template(self._probe, 3) or isinstance(other, _Url):
            return _TESTS[name](str.__str__(self), other)
        return self._probe.test(self._path, name, (other,), _TESTS[name](self._real, other))

    def __eq__(self, other: object) -> bool:
        return self._test("eq", other)

    def __ne__(self, other: object) -> bool:
        return self._test("ne", other)

    def __contains__(self, item: object) -> bool:
        return self._test("contains", item)

    __hash__ = str.__hash__

    def __getitem__(self, key: Any) -> str:
        if _from_template(self._probe):
            self._probe.refuse(f"page {self._path[0]} sliced")
        return str.__getitem__(self, key)

    def __len__(self) -> int:
        if _from_template(self._probe):
            self._probe.refuse(f"page {self._path[0]} measured")
        return str.__len__(self)

    def __iter__(self) -> Iterator[str]:
        if _from_template(self._probe):
            self._probe.refuse(f"page {self._path[0]} read letter by letter")
        return str.__iter__(self)


class _Meta(dict):
    """The first paper's meta, its strings slots; what else is read of it recorded. (A
    paper takes the shell only with the same keys, so a test of presence needs no
    record.)"""

    def __init__(self, probe: _Probe, meta: dict[str, Any]) -> None:
        super().__init__(
            (k, _Slot(probe, ("meta", k), v) if isinstance(v, str) and v else v)
            for k, v in meta.items() if k != "template")
        self._probe = probe

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        self._probe.refuse("the page's meta listed or compared")
        return []

    __iter__ = keys = values = items = _refuse  # type: ignore[assignment]
    __eq__ = __ne__ = _refuse  # type: ignore[assignment]
    __hash__ = None  # type: ignore[assignment]


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
        probe = self._probe
        if name in SLOTTED and isinstance(value, str) and value:
            probe.reads[(name, "kind")] = _TEXT
            return _Slot(probe, (name,), value)
        if name in FAKED and isinstance(value, str) and value:
            probe.reads[(name, "shape")] = _shape(value)
            probe.fakes[name] = fake = _Url(probe, (name,), value)
            return fake
        probe.reads[(name,)] = _comparable(value)
        return value


class _Shell:
    """The rendered stand-in, cut at its slots, and what a paper must share with it."""

    def __init__(self, probe: _Probe, html: str, context: dict[str, Any],
                 meta: dict[str, Any]) -> None:
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
        self.reads = list(probe.reads.items())
        self.near_links = probe.near_links
        self.context = {k: v for k, v in context.items() if k not in _VOLATILE}
        #: the meta's keys; the value of each that is not text
        self.meta_keys = {k for k in meta if k != "template"}
        self.meta_fixed = {k: _comparable(v) for k, v in meta.items()
                           if k != "template" and _kind(v) is not _TEXT}
        leftover = any(_OPEN in p or _CLOSE in p or _WORD.lower() in p.lower()
                       for p in self.parts)
        self.refused = probe.refused or (
            "a page's value copied where the stand-in cannot see" if leftover else None)

    def fill(self, context: dict[str, Any]) -> str | None:
        """The page for this context's paper, or None when it does not fit the shell."""
        others = 0
        for key in context:
            if key not in _VOLATILE:
                others += 1
                if not _equal(context[key], self.context.get(key, _MISSING)):
                    return None
        if others != len(self.context):
            return None
        page = context.get("page")
        meta = page.meta
        if len(meta) - ("template" in meta) != len(self.meta_keys):
            return None
        for key in self.meta_keys:
            value = meta.get(key, _MISSING)
            fixed = self.meta_fixed.get(key, _MISSING)
            if value is _MISSING or (_kind(value) is not _TEXT if fixed is _MISSING
                                     else not _equal(_comparable(value), fixed)):
                return None
        for path, value in self.reads:
            now = _value(page, path)
            now = (_shape(now) if path[-1] == "shape" else _kind(now) if path[-1] == "kind"
                   else _comparable(now))
            if not _equal(now, value):
                return None
        for path, name, args, answer in self.tests:
            now = _value(page, path)
            if not isinstance(now, str) or not now or _TESTS[name](now, *args) != answer:
                return None
        for url, name, link in self.near_links:
            if mkdocs.utils.get_relative_url(url, getattr(page, name)) != link:
                return None
        values = [_value(page, path) for path in self.paths]
        out = [self.parts[0]]
        for value, part in zip(values, self.parts[1:], strict=True):
            out.append(value)
            out.append(part)
        return "".join(out)


class PaperShell:
    """The shell of one build's paper pages: `install` it into the build's Jinja
    environment; paper pages then name SHELL_TEMPLATE."""

    def __init__(self, template: str = "main.html") -> None:
        self._template_name = template
        self._shell: _Shell | None = None
        self._off = False
        self._checked = 0
        #: papers that fitted the shell once it was trusted
        self._fitted = 0
        #: pages made from the shell, for the tests and the benchmark
        self.filled = 0
        #: the pages made from it (handed back if a later check disagrees)
        self._made: list[Any] = []
        self._redo: list[Any] = []

    def install(self, env: jinja2.Environment) -> None:
        """Serve SHELL_TEMPLATE (which calls back here) and start afresh."""
        self._env = env
        self._shell, self._made, self._redo = None, [], []
        self._checked = self._fitted = self.filled = 0
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

    def take_redo(self) -> list[Any]:
        """The pages made from a shell that a later check found wrong: render them again
        in full (the shell is off by then)."""
        redo, self._redo = self._redo, []
        return redo

    def _full(self, context: dict[str, Any]) -> str:
        return self._env.get_template(self._template_name).render(context)

    def _make(self, context: dict[str, Any]) -> None:
        probe = _Probe(self._env)
        page = context["page"]
        stand_in = dict(context, page=_StandIn(probe, page))
        try:
            with probe.watching_links():
                html = self._full(stand_in)
        except Exception as e:  # noqa: BLE001 - the page is rendered in full, which says it
            probe.refuse(f"{type(e).__name__}: {e}")
            html = ""
        shell = _Shell(probe, html, context, page.meta)
        if shell.refused:
            self._drop(shell.refused)
        else:
            self._shell = shell

    def _drop(self, why: str) -> None:
        self._off = True
        self._shell = None
        self._redo, self._made = self._made, []
        if self._redo:
            self.filled -= len(self._redo)
            log.info("paperlist: a check found a paper page made from the theme's page "
                     "wrong (%s); the %d made so far are rendered again in full", why,
                     len(self._redo))
        else:
            log.debug("paperlist: paper pages rendered in full: %s", why)

    def _render(self, ctx: jinja2.runtime.Context) -> Markup:
        context = ctx.get_all()
        if not self._off and self._shell is None:
            self._make(context)
        filled = None if self._shell is None else self._shell.fill(context)
        if filled is not None and self._checked >= SHELL_CHECKS:
            self._fitted += 1
            if self._fitted % SHELL_SAMPLE:
                self.filled += 1
                self._made.append(context["page"])
                return Markup(filled)
        full = self._full(context)
        if filled is not None:
            self._checked += 1
            if filled != full:
                self._drop(f"{context['page'].url} came out otherwise")
        return Markup(full)
