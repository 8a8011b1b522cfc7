"""Paper pages as the theme's page rendered once, each paper's own values put in.

Every paper page is the theme's `main.html` around a different paper, and rendering it
was a third of a 30,000-paper build (25 of its 80 seconds) although all but a few strings
come out the same: papers sit at one depth, out of the nav. So the page is rendered once
for a stand-in page whose varying strings (title, description, body, links) are markers,
and a paper's page is that shell with the paper's own strings where the markers came out.

That is only right where the theme puts such a string in as it is, so the stand-in's
strings are no strings (`_Slot`): whatever the templates do with one is seen.

* Put into the page by the template itself (`{{ page.title }}`): a slot of the shell.
* Tested (`{% if page.meta.description %}`, `"<h1" in page.content`, `== "x"`): answered
  from the first paper, and a paper whose values answer otherwise is rendered in full.
* Anything else (a filter, a method, joined to other text, measured, read by Python
  code that wants a string): no shell this build.
* A marker found anywhere but where a slot was recorded (copied where the stand-in cannot
  see): no shell either. Markers are long and carry a line break, capitals, `<`, `&`,
  quotes and runs of spaces, which truncating, trimming, escaping, tag stripping, case or
  whitespace folding would change. The stand-in is rendered twice, with markers of very
  different lengths and word counts, and both must give the same shell: a template that
  keeps a value's output and measures it (`{% set t %}...{% endset %}{% if t|length %}`)
  is seen so.

The page's own URL is a real string of the same shape (MkDocs makes every relative link
from it, in Python), its paper's part a marker (`_Url`); to anything but MkDocs it is a
value like the others. A link MkDocs makes from it to a place under that part (another
paper, or this one) is made again for each paper, which must get the same link. Whatever
else the templates read of the page (`is_homepage`, `toc`, its meta's keys...) and every
other variable of the context must be equal for a paper to take the shell.

What no stand-in can show is a template that keeps a value's output and tests its text
(`{% set t %}{{ page.title }}{% endset %}{% if "GPT" in t %}`), or Python's C code reading
the URL without asking it (`page.url in "..."`, a join). The first SHELL_CHECKS papers
that fit the shell, and one in SHELL_SAMPLE after them, are rendered both ways and must
agree: a disagreement drops the shell and hands back the pages made from it, rendered in
full, for the plugin to write again. Filters with side effects run for the two renders
of the stand-in, not for the pages made from the shell. Context values are compared as
they are when each page is made (the same `config` is the same object throughout).
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
#: the theme's page, which the shell is rendered from
THEME_TEMPLATE = "main.html"
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
#: in every marker, and on no page (looked for in any case, and so in any encoding that
#: keeps ASCII letters: escaped, URL-encoded, as JSON)
_WORD = "PaperlistSlot"
#: the two renders' markers' bodies: one long, of many words, with what truncating,
#: trimming, escaping, tag stripping, case or folding whitespace would change; one short
_MARKER_BODIES = (" <i>&amp; \"'  Mk\n" + "word " * 40, "")
_FAKE_PART = f"{_OPEN}{_WORD}{_CLOSE}"
_MISSING = object()
#: what a test of presence sees of a non-empty string (read, but never compared)
_TEXT = object()
#: this module, whose own reads of the stand-in's URLs are no template's
_THIS = __name__

#: where a page's value is: ("title",) or ("meta", "description")
Where = tuple[str, ...]


def _value(page: Any, where: Where) -> Any:
    if where[0] == "meta":
        return page.meta.get(where[1], _MISSING)
    return getattr(page, where[0], _MISSING)


def _kind(value: Any) -> Any:
    """What a test of presence (`is none`, `is string`, `if`) sees of a page's value: a
    string with text in it, else the value itself."""
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
    return f"{head + '/' if head else ''}{_FAKE_PART}{ext}{'/' if slash else ''}"


_TESTS: dict[str, Callable[..., Any]] = {
    "bool": bool,
    "eq": lambda value, other: value == other,
    "ne": lambda value, other: value != other,
    "contains": lambda value, item: item in value,
}


class _Probe:
    """What one render of the stand-in did with the page's values."""

    def __init__(self, env: jinja2.Environment, body: str) -> None:
        self.env = env
        self._body = body
        self.refused: str | None = None
        #: the marker of each slot, and the value it stands for
        self.slots: list[tuple[str, Where]] = []
        #: (value, test, argument, answer) of every test made of a slotted value
        self.tests: list[tuple[Where, str, tuple[Any, ...], Any]] = []
        #: every other value read of the page: as it was, or what of it counts (its
        #: URLs' shape, a slotted value's presence)
        self.reads: dict[tuple[Where, Callable[[Any], Any]], Any] = {}
        #: the stand-in's URLs (FAKED), by attribute
        self.fakes: dict[str, str] = {}
        #: links MkDocs made from the page's URL to a place under its own part (another
        #: paper, or this one: None): (the place, which URL of the page, the link)
        self.near_links: list[tuple[str | None, str, str]] = []

    def refuse(self, why: str) -> None:
        if self.refused is None:
            self.refused = why

    def emit(self, where: Where) -> str:
        # (spaced, so that trimming shows too)
        marker = f" {_OPEN}{_WORD}{len(self.slots)}{self._body}{_CLOSE} "
        self.slots.append((marker, where))
        return marker

    def test(self, where: Where, name: str, args: tuple[Any, ...], answer: Any) -> Any:
        self.tests.append((where, name, args, answer))
        return answer

    def read(self, where: Where, value: Any, seen: Callable[[Any], Any] = _comparable) -> None:
        self.reads[where, seen] = seen(value)

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
                    own = str.__eq__(url, self.fakes[name])
                    self.near_links.append((None if own else url, name, link))
            elif isinstance(other, str) and _FAKE_PART in other:
                self.refuse("a link made from a part of the page's URL")
            return link

        mkdocs.utils.get_relative_url = relative
        try:
            yield
        finally:
            mkdocs.utils.get_relative_url = made


def _caller(depth: int) -> Any:
    return sys._getframe(depth + 1)


def _from_template(probe: _Probe, depth: int = 2) -> bool:
    """Whether the caller's caller is template code itself (not a filter, a test or
    MkDocs)."""
    return _caller(depth).f_globals.get("environment") is probe.env


class _Tested:
    """What a template may ask of a page's value and have answered per paper."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return self._test("eq", other)

    def __ne__(self, other: object) -> bool:
        return self._test("ne", other)

    def __contains__(self, item: object) -> bool:
        return self._test("contains", item)


class _Slot(_Tested):
    """A page's string as the stand-in hands it to the templates. No string: Python code
    that wants one (a filter, a format) calls `str()` from its own code, or fails, and
    either refuses the shell; put in by a template itself, it comes out as a slot. It
    passes for a string to `isinstance` (Jinja's `is string`), as the value does."""

    __slots__ = ("_probe", "_where", "_real")

    def __init__(self, probe: _Probe, where: Where, real: str) -> None:
        self._probe, self._where, self._real = probe, where, real

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        return str

    def __str__(self) -> str:
        if not _from_template(self._probe):
            self._probe.refuse(f"page {'.'.join(self._where)} handed to "
                               f"{_caller(1).f_code.co_name}")
        return self._probe.emit(self._where)

    def _test(self, name: str, *args: Any) -> Any:
        if any(type(a) in (_Slot, _Url) for a in args):
            self._probe.refuse(f"page {'.'.join(self._where)} compared with another")
        return self._probe.test(self._where, name, args, _TESTS[name](self._real, *args))

    def __bool__(self) -> bool:
        return self._test("bool")

    def __getattr__(self, name: str) -> Any:
        self._probe.refuse(f"page {'.'.join(self._where)}.{name}")
        raise AttributeError(name)


def _refusing(name: str) -> Callable[..., Any]:
    def method(self: _Slot, *args: Any) -> Any:
        self._probe.refuse(f"page {'.'.join(self._where)}: {name}")
        if name in ("__radd__", "__rmul__", "__rmod__"):
            return NotImplemented
        return getattr(str, name)(self._real, *args)
    method.__name__ = name
    return method


for _name in ("__hash__", "__len__", "__iter__", "__getitem__", "__add__", "__radd__",
              "__mul__", "__rmul__", "__mod__", "__rmod__", "__lt__", "__le__", "__gt__",
              "__ge__", "__format__", "__repr__", "__reduce__", "__reduce_ex__"):
    setattr(_Slot, _name, _refusing(_name))


def _from_mkdocs(depth: int = 2) -> bool:
    """Whether the caller's caller is MkDocs making a link (or this module)."""
    name = _caller(depth).f_globals.get("__name__", "")
    return name.startswith("mkdocs.") or name == _THIS


class _Url(_Tested, str):
    """The stand-in's URL: a real string to MkDocs (which makes relative links from it);
    to anything else a value like `_Slot`: tested as the paper's own, or refused."""

    __slots__ = ("_probe", "_where", "_real")
    _OWN = frozenset(__slots__)

    def __new__(cls, probe: _Probe, where: Where, real: str) -> _Url:
        url = super().__new__(cls, _fake(real))
        object.__setattr__(url, "_probe", probe)
        object.__setattr__(url, "_where", where)
        object.__setattr__(url, "_real", real)
        return url

    def __getattribute__(self, name: str) -> Any:
        if name not in _Url._OWN and not _from_mkdocs():
            probe = object.__getattribute__(self, "_probe")
            probe.refuse(f"page {object.__getattribute__(self, '_where')[0]}.{name}")
        return super().__getattribute__(name)

    def _test(self, name: str, other: Any) -> Any:
        if _from_mkdocs(3):
            return _TESTS[name](str.__str__(self), other)
        if type(other) in (_Slot, _Url):
            self._probe.refuse(f"page {self._where[0]} compared with another")
        return self._probe.test(self._where, name, (other,), _TESTS[name](self._real, other))


def _mkdocs_only(name: str) -> Callable[..., Any]:
    def method(self: _Url, *args: Any) -> Any:
        if not _from_mkdocs():
            self._probe.refuse(f"page {self._where[0]}: {name}")
        return getattr(str, name)(self, *args)
    method.__name__ = name
    return method


# (what Python does with a string in C without asking it, `"x/" in "a x/ b"` or a join,
# no stand-in sees: left to the papers rendered both ways)
for _name in ("__hash__", "__len__", "__iter__", "__getitem__", "__str__", "__format__",
              "__add__", "__mod__", "__mul__", "__rmul__", "__lt__", "__le__", "__gt__",
              "__ge__"):
    setattr(_Url, _name, _mkdocs_only(_name))


class _Meta(dict):
    """The first paper's meta, its strings slots. (A paper takes the shell only with the
    same keys and the same values but its strings, so nothing read of it needs a
    record.)"""

    def __init__(self, probe: _Probe, meta: dict[str, Any]) -> None:
        super().__init__((k, _Slot(probe, ("meta", k), v) if isinstance(v, str) and v else v)
                         for k, v in meta.items())
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

    def __str__(self) -> str:
        self._probe.refuse("the page itself put in")
        return ""

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return self.__str__()

    def __getattr__(self, name: str) -> Any:
        if name == "meta":
            return self._meta
        value = getattr(self._page, name)  # AttributeError: as for the page itself
        probe = self._probe
        if name in SLOTTED and isinstance(value, str) and value:
            probe.read((name,), value, _kind)
            return _Slot(probe, (name,), value)
        if name in FAKED and isinstance(value, str) and value:
            probe.read((name,), value, _shape)
            probe.fakes[name] = fake = _Url(probe, (name,), value)
            return fake
        probe.read((name,), value)
        return value


class _Shell:
    """The rendered stand-in, cut at its slots, and what a paper must share with it."""

    def __init__(self, probe: _Probe, html: str, context: dict[str, Any]) -> None:
        meta = context["page"].meta
        self.parts: list[str] = []
        self.wheres: list[Where] = []
        # (a slot put in and then dropped is left out; one put in twice is refused below)
        found = sorted((html.find(marker), marker, where) for marker, where in probe.slots
                       if marker in html)
        at = 0
        for start, marker, where in found:
            self.parts.append(html[at:start])
            self.wheres.append(where)
            at = start + len(marker)
        self.parts.append(html[at:])
        self.tests = probe.tests
        self.reads = list(probe.reads.items())
        self.near_links = probe.near_links
        self.context = {k: v for k, v in context.items() if k not in _VOLATILE}
        #: the meta's keys; the value of each that is not text
        self.meta_keys = set(meta)
        self.meta_fixed = {k: _comparable(v) for k, v in meta.items() if _kind(v) is not _TEXT}
        leftover = any(_OPEN in p or _CLOSE in p or _WORD.lower() in p.lower()
                       for p in self.parts)
        self.refused = probe.refused or (
            "a page's value copied where the stand-in cannot see" if leftover else None)

    def same(self, other: _Shell) -> bool:
        """Whether another render of the stand-in (other markers) made the same shell."""
        return (self.parts, self.wheres, self.tests, self.near_links) == (
            other.parts, other.wheres, other.tests, other.near_links) and [
            (where, seen) for (where, seen), _ in self.reads] == [
            (where, seen) for (where, seen), _ in other.reads]

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
        if len(meta) != len(self.meta_keys):
            return None
        for key in self.meta_keys:
            value = meta.get(key, _MISSING)
            fixed = self.meta_fixed.get(key, _MISSING)
            if value is _MISSING or (_kind(value) is not _TEXT if fixed is _MISSING
                                     else not _equal(_comparable(value), fixed)):
                return None
        for (where, seen), value in self.reads:
            if not _equal(seen(_value(page, where)), value):
                return None
        for where, name, args, answer in self.tests:
            now = _value(page, where)
            if not isinstance(now, str) or not now or _TESTS[name](now, *args) != answer:
                return None
        for url, name, link in self.near_links:
            own = getattr(page, name)
            if mkdocs.utils.get_relative_url(own if url is None else url, own) != link:
                return None
        out = [self.parts[0]]
        for where, part in zip(self.wheres, self.parts[1:], strict=True):
            out.append(_value(page, where))
            out.append(part)
        return "".join(out)


class PaperShell:
    """The shell of one build's paper pages: `install` it into the build's Jinja
    environment; paper pages then name SHELL_TEMPLATE."""

    def __init__(self) -> None:
        self._shell: _Shell | None = None
        self._off = False
        self._checked = 0
        #: papers that fitted the shell once it was trusted
        self._fitted = 0
        #: pages made from the shell, for the tests and the benchmark
        self.filled = 0
        #: the pages made from it, by source (handed back if a later check disagrees),
        #: and the context they were made in
        self._made: dict[str, Any] = {}
        self._context: dict[str, Any] = {}
        self._redo: list[Any] = []

    def install(self, env: jinja2.Environment) -> None:
        """Serve SHELL_TEMPLATE (which calls back here) and start afresh."""
        self._env = env
        self._shell, self._made, self._redo = None, {}, []
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

    def take_redo(self) -> list[tuple[Any, str]]:
        """(page, its page rendered in full) of each page made from a shell that a later
        check found wrong: for the plugin to pass through on_post_page and write again."""
        redo, self._redo = self._redo, []
        out = []
        for page in redo:
            page.active = True  # as MkDocs renders a page
            try:
                out.append((page, self._full(dict(self._context, page=page))))
            finally:
                page.active = False
        return out

    def _full(self, context: dict[str, Any]) -> str:
        return self._env.get_template(THEME_TEMPLATE).render(context)

    def _probe(self, context: dict[str, Any], body: str) -> _Shell:
        probe = _Probe(self._env, body)
        try:
            with probe.watching_links():
                html = self._full(dict(context, page=_StandIn(probe, context["page"])))
        except Exception as e:  # noqa: BLE001 - the page is rendered in full, which says it
            probe.refuse(f"{type(e).__name__}: {e}")
            html = ""
        return _Shell(probe, html, context)

    def _make(self, context: dict[str, Any]) -> None:
        shell, other = (self._probe(context, body) for body in _MARKER_BODIES)
        why = shell.refused or other.refused or (
            None if shell.same(other) else "a template measured a page's value")
        if why:
            self._drop(why)
        else:
            self._shell = shell

    def _drop(self, why: str) -> None:
        self._off = True
        self._shell = None
        self._redo = list(self._made.values())
        self._made = {}
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
                page = context["page"]
                self._made[getattr(getattr(page, "file", None), "src_uri", id(page))] = page
                return Markup(filled)
        full = self._full(context)
        if filled is not None:
            self._checked += 1
            if filled != full:
                self._context = context
                self._drop(f"{context['page'].url} came out otherwise")
        return Markup(full)
