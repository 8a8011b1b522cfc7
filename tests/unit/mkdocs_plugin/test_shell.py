"""Paper pages made from one render of the theme's page (mkdocs_plugin/shell.py) are the
pages a full render makes, byte for byte, whatever the theme does with a paper's values:
where it does more than put them in, the shell steps aside."""

from __future__ import annotations

import posixpath
from types import SimpleNamespace

import jinja2
import pytest

from paperlist.mkdocs_plugin.shell import FULL_PAGES_ENV, SHELL_CHECKS, SHELL_TEMPLATE, PaperShell


@jinja2.pass_context
def _url(ctx, value: str) -> str:
    """MkDocs' `url` filter: relative to the page's own URL."""
    return posixpath.relpath(value, ctx["page"].url)


def _page(n: int, title: str, description: str | None = None, content: str | None = None,
          **meta) -> SimpleNamespace:
    meta = {"title": title, **meta}
    if description is not None:
        meta["description"] = description
    return SimpleNamespace(
        title=title, meta=meta, url=f"papers/p{n}/", abs_url=f"/site/papers/p{n}/",
        canonical_url=f"https://example.org/site/papers/p{n}/", edit_url=None,
        content=content if content is not None else f"<h1>{title}</h1>\n<p>Body {n}.</p>",
        toc=[], is_homepage=False, previous_page=None, next_page=None,
        file=SimpleNamespace(src_uri=f"papers/p{n}.md"))


#: what real abstracts give a theme: entities, markup, quotes, capitals, runs of spaces,
#: an empty description, a body without its own heading
PAGES = [
    _page(1, "Plain title", "First sentence."),
    _page(2, "Graphs &amp; trees", "A &lt;b&gt; tag &amp; more."),
    _page(3, "Quotes &quot;here&quot; and &#x27;there&#x27;", "Said &quot;so&quot;."),
    _page(4, "UPPER and lower", None),
    _page(5, "Two  spaces   inside", "x"),
    _page(6, "Special", "Has the word edit in it", content="<p>No heading of its own.</p>"),
    _page(7, "with x in it", "d", author="Ada"),
    _page(8, "Credit assignment", "Edited."),
    _page(9, "Last one", "Done.", content="<h1>Last one</h1>\n<pre>  kept\n</pre>"),
    _page(10, "Tail &amp; end", "End."),
]

MATERIAL_LIKE = (
    "<title>{{ page.meta.title }} - {{ config.site_name }}</title>"
    "{% if page.meta and page.meta.description %}"
    '<meta name="description" content="{{ page.meta.description }}">{% endif %}'
    '{% if page.canonical_url %}<link rel="canonical" href="{{ page.canonical_url }}">'
    "{% endif %}"
    '<link rel="stylesheet" href="{{ \'assets/main.css\' | url }}">'
    "<span>{% if page.meta and page.meta.title %}{{ page.meta.title }}"
    "{% else %}{{ page.title }}{% endif %}</span>"
    "{% if page.edit_url %}<a href=\"{{ page.edit_url }}\">edit</a>{% endif %}"
    '{% if "\\u003ch1" not in page.content %}<h1>{{ page.title | d(config.site_name, true)}}'
    "</h1>{% endif %}{{ page.content }}"
    "{% if page.previous_page %}prev{% endif %}{% for item in page.toc %}{{ item }}"
    "{% endfor %}")

#: templates whose output a shell with the values put in as they are would get wrong
HOSTILE = {
    "escaped": "<title>{{ page.title | e }}</title>{{ page.content }}",
    "tags stripped": "<title>{{ page.meta.title | striptags }}</title>{{ page.content }}",
    "captured, then changed": "{% set t %}{{ page.title }}{% endset %}<b>{{ t | upper }}</b>",
    "captured, then escaped": "{% set t %}{{ page.title }}{% endset %}{{ t | e }}",
    "joined": "{{ page.title ~ '!' }}{{ page.content }}",
    "a method": "{{ page.title.replace('a', 'A') }}",
    "its length": "{{ page.title | length }}",
    "truncated": "{{ page.content | truncate(20) }}",
    "url-encoded": '<a href="/s?q={{ page.title | urlencode }}">s</a>',
    "the page's own URL": '<link href="{{ page.url }}">{{ page.title }}',
    "the page's file": "{{ page.file.src_uri }}: {{ page.title }}",
    "a test of its text": "{% if 'x' in page.meta.title %}X{% endif %}{{ page.meta.title }}",
    "compared": "{% if page.title == 'Special' %}!{% endif %}{{ page.title }}",
    "a meta key some pages have": "{{ page.meta.author or 'nobody' }}: {{ page.title }}",
    "every meta key": "{% for k, v in page.meta.items() %}{{ k }}={{ v }};{% endfor %}",
    "meta listed": "{{ page.meta | list }}{{ page.title }}",
    "sliced": "{{ page.title[:3] }}",
    "formatted": "{{ '%s!' % page.title }} {{ '%.4s' % page.content }}",
    "the page itself": "{{ page }}",
    "replaced in an edit link": '{{ page.canonical_url | replace("p1", "raw") }}',
    "title-cased": "{{ page.title | title }}",
}


def _env(template: str, shell: PaperShell | None) -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.DictLoader({"main.html": template}))
    env.filters["url"] = _url
    if shell is not None:
        shell.install(env)
    return env


def _render_all(template: str) -> tuple[list[str], list[str], PaperShell]:
    """Each page of PAGES rendered in full, and through the shell."""
    shell = PaperShell()
    plain, shelled = _env(template, None), _env(template, shell)
    config = SimpleNamespace(site_name="Site &amp; co")
    full = [plain.get_template("main.html").render(page=p, config=config) for p in PAGES]
    made = [shelled.get_template(SHELL_TEMPLATE).render(page=p, config=config) for p in PAGES]
    return full, made, shell


def test_a_material_like_page_is_made_from_the_shell_and_is_the_full_render():
    full, made, shell = _render_all(MATERIAL_LIKE)
    assert made == full
    # every paper after the checked ones, but those that take another branch: no
    # description (4), a body without its own heading (6: Material writes one), a meta
    # key the first paper has not (7)
    assert shell.active and shell.filled == len(PAGES) - SHELL_CHECKS - 3
    assert "Graphs &amp; trees - Site &amp; co" in made[1]
    assert '<link rel="stylesheet" href="../../assets/main.css">' in made[4]


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_theme_that_does_more_than_put_a_value_in_gets_full_renders(name):
    full, made, shell = _render_all(HOSTILE[name])
    assert made == full, name


def test_a_page_whose_values_take_another_branch_is_rendered_in_full():
    """A test of a value is answered for each paper: the pages with and without an "x"
    in their title come out as a full render makes them, while the others still come
    from the shell."""
    full, made, shell = _render_all(HOSTILE["a test of its text"])
    assert made == full
    assert 0 < shell.filled < len(PAGES) - SHELL_CHECKS


def test_papers_rendered_both_ways_catch_what_the_stand_in_cannot_show():
    """A theme that prints the page object itself shows the stand-in, not a marker: the
    first papers, rendered both ways, disagree, and the shell is dropped."""
    full, made, shell = _render_all(HOSTILE["the page itself"])
    assert made == full
    assert shell.filled == 0 and not shell.active


def test_full_pages_can_be_asked_for(monkeypatch):
    monkeypatch.setenv(FULL_PAGES_ENV, "1")
    full, made, shell = _render_all(MATERIAL_LIKE)
    assert made == full
    assert shell.filled == 0 and not shell.active
