"""What a live preview shows for pages that would fail the build, or only `paperlist
check` (which CI runs first): the page's own problems where the paper would be, and a
banner naming those pages on every other page.

Only `paperlist serve` makes these (a build stops on such pages instead). The messages
are `paperlist check`'s lines, passed in as they are, so the browser, the terminal and
the checker say the same thing. Material styles `admonition failure` boxes itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from paperlist.html.escape import esc


def _problem_list(messages: Sequence[str]) -> str:
    items = "".join(f"<li><code>{esc(m)}</code></li>" for m in messages)
    return f"<ul>{items}</ul>"


#: what fails on a page whose problems only `paperlist check` finds
CHECK_ONLY = "paperlist check (CI runs it before the build)"


def page_problems(file: str, messages: Sequence[str], *, shown: bool,
                  fails: str = "the build") -> str:
    """The box at the top of a page that would fail the build (or `fails`: CHECK_ONLY).
    `shown`: the paper is still shown below it (e.g. an unknown tag); otherwise it cannot
    be read at all."""
    title = (f"{esc(file)} would fail {esc(fails)}" if shown
             else f"{esc(file)} cannot be read, so this paper is not shown")
    failing = "paperlist check" if fails == CHECK_ONLY else "paperlist build"
    return (f'<div class="admonition failure paperlist-problems" role="alert">'
            f'<p class="admonition-title">{title}</p>{_problem_list(messages)}'
            "<p>Fix the file and save it: this page reloads by itself. "
            f"<code>{failing}</code> fails until then.</p></div>")


def _pages(n: int) -> str:
    return f"{n} page{'s' if n != 1 else ''}"


def problems_banner(broken: Sequence[tuple[str, str, Sequence[str]]],
                    check_only: int = 0) -> str:
    """The banner on every other page: each (file, href of its page, messages); the last
    `check_only` of them fail only `paperlist check`."""
    if not broken:
        return ""
    items = "".join(f'<li><a href="{esc(href)}">{esc(file)}</a>{_problem_list(messages)}</li>'
                    for file, href, messages in broken)
    n = len(broken)
    title = (f"{_pages(n)} would fail the build" if not check_only else
             f"{_pages(n)} would fail paperlist check" if check_only == n else
             f"{_pages(n - check_only)} would fail the build, {check_only} only paperlist "
             "check")
    return (f'<div class="admonition failure paperlist-problems-banner" role="alert">'
            f'<p class="admonition-title">{title}</p><ul>{items}</ul></div>')
