"""What the live preview says of a page that would fail the build, or only `paperlist check`
(html/problems.py): the reader is told which, and which command fails until it is fixed."""

from __future__ import annotations

from paperlist.html.problems import CHECK_ONLY, page_problems, problems_banner


def test_a_page_says_which_command_it_would_fail():
    build = page_problems("papers/a.md", ["papers/a.md:3: x"], shown=True)
    assert "papers/a.md would fail the build" in build
    assert "<code>paperlist build</code> fails until then" in build
    check = page_problems("papers/b.md", ["papers/b.md:7: y"], shown=True, fails=CHECK_ONLY)
    assert "papers/b.md would fail paperlist check (CI runs it before the build)" in check
    assert "<code>paperlist check</code> fails until then" in check
    assert "cannot be read" in page_problems("papers/c.md", ["z"], shown=False)


def test_the_banner_counts_each_kind_apart():
    pages = [("papers/a.md", "../a/", ["a:1: x"]), ("papers/b.md", "../b/", ["b:1: y"]),
             ("papers/c.md", "../c/", ["c:1: z"])]
    assert "3 pages would fail the build" in problems_banner(pages)
    assert "1 page would fail paperlist check" in problems_banner(pages[:1], check_only=1)
    assert ("2 pages would fail the build, 1 only paperlist check"
            in problems_banner(pages, check_only=1))
    assert problems_banner([]) == ""
