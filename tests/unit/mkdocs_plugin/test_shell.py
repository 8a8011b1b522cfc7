"""Paper pages made from one render of the theme's page (mkdocs_plugin/shell.py) are the
pages a full render makes, byte for byte, whatever the theme does with a paper's values:
where it does more than put them in, the shell steps aside.

The first papers are bland, so that the papers rendered both ways before the shell is
trusted agree with it whatever it does: what goes wrong shows only on later papers, and
only the stand-in's own watch can keep it out."""

from __future__ import annotations

from types import SimpleNamespace

import jinja2
import pytest
from mkdocs.utils.templates import url_filter

from paperlist.mkdocs_plugin import shell as shell_module
from paperlist.mkdocs_plugin.shell import FULL_PAGES_ENV, SHELL_CHECKS, SHELL_TEMPLATE, PaperShell


def _page(n: int, title: str, description: str | None = "First sentence.",
          content: str | None = None, edit: bool = True, **meta) -> SimpleNamespace:
    meta = {"title": title, **meta}
    if description is not None:
        meta["description"] = description
    return SimpleNamespace(
        title=title, meta=meta, url=f"papers/p{n}/", abs_url=f"/site/papers/p{n}/",
        canonical_url=f"https://example.org/site/papers/p{n}/",
        edit_url=f"https://github.com/o/r/edit/main/papers/p{n}.md" if edit else None,
        content=content if content is not None else f"<h1>{title}</h1>\n<p>Body {n}.</p>",
        toc=[], is_homepage=False, previous_page=None, next_page=None,
        file=SimpleNamespace(src_uri=f"papers/p{n}.md"))


BLAND = [_page(n, f"Plain title {w} of a bland sort, long enough for most", "Plain sentence.")
         for n, w in ((1, "one"), (2, "two"), (3, "three"), (4, "four"))]
#: then what real abstracts give a theme: entities, markup, quotes, capitals, runs of
#: spaces, a long title, no description, a body without its own heading, no edit link
PAGES = BLAND + [
    _page(5, "Graphs &amp; trees", "A &lt;b&gt; tag &amp; more."),
    _page(6, "Special", "Has the word edit in it", content="<p>No heading of its own.</p>"),
    _page(7, "Quotes &quot;here&quot; and &#x27;there&#x27;", "Q.", edit=False),
    _page(8, "UPPER and lower with x", None, author="Ada"),
    _page(9, "Two  spaces   inside, and a title long enough to be cut at sixty characters",
          "x"),
    _page(10, "Tail &amp; end", "End.", content="<h1>Tail</h1>\n<pre>  kept\n</pre>"),
    _page(11, "Another plain one", "Plain."),  # its context's `announce` differs
    _page(12, "One more plain one", "Plain."),  # its context lacks `notice`
]

MATERIAL_LIKE = (
    "<title>{{ page.meta.title }} - {{ config.site_name }}</title>"
    "{% if page.meta and page.meta.description %}"
    '<meta name="description" content="{{ page.meta.description }}">{% endif %}'
    '{% if page.canonical_url %}<link rel="canonical" href="{{ page.canonical_url }}">'
    "{% endif %}"
    '<link rel="stylesheet" href="{{ \'assets/main.css\' | url }}">'
    '<a href="{{ page.url | url }}">here</a>'
    "<span>{% if page.meta and page.meta.title %}{{ page.meta.title }}"
    "{% else %}{{ page.title }}{% endif %}</span>"
    "{% if page.edit_url %}<a href=\"{{ page.edit_url }}\">edit</a>"
    '{% if "/blob/" in page.edit_url %}blob{% endif %}{% endif %}'
    '{% if "\\u003ch1" not in page.content %}<h1>{{ page.title | d(config.site_name, true)}}'
    "</h1>{% endif %}{{ page.content }}"
    "{% if page.previous_page %}prev{% endif %}{% for item in page.toc %}{{ item }}"
    "{% endfor %}")

#: templates whose pages a shell with the values put in as they are would get wrong
#: after the bland papers, and which the stand-in must therefore refuse
REFUSED = {
    "escaped": "<title>{{ page.title | e }}</title>{{ page.content }}",
    "tags stripped": "<title>{{ page.meta.title | striptags }}</title>{{ page.content }}",
    "captured, then changed": "{% set t %}{{ page.title }}{% endset %}<b>{{ t | upper }}</b>",
    "captured, then escaped": "{% set t %}{{ page.title }}{% endset %}{{ t | e }}",
    "captured, then cut": "{% set t %}{{ page.title }}{% endset %}{{ t | truncate(60) }}",
    "a macro's output cut": ("{% macro m() %}{{ page.title }}{% endmacro %}"
                             "{{ m() | truncate(60) }}"),
    "a filter block": "{% filter truncate(60) %}{{ page.title }}{% endfilter %}",
    "a call block": ("{% macro box() %}[{{ caller() | truncate(60) }}]{% endmacro %}"
                     "{% call box() %}{{ page.title }}{% endcall %}"),
    "cut by a format": "<title>{{ '%.60s' % (page.title,) }}</title>",
    "trimmed": "{% set t %} {{ page.title }} {% endset %}[{{ t | trim }}]",
    "as JSON": "<script>{{ page.meta | tojson }}</script>{{ page.title | tojson }}",
    "joined": "{{ page.title ~ '!' }}{{ page.content }}",
    "a method": "{{ page.title.replace('a', 'A') }}",
    "its length": "{{ page.title | length }}",
    "truncated": "{{ page.content | truncate(20) }}",
    "url-encoded": '<a href="/s?q={{ page.title | urlencode }}">s</a>',
    "the page's own URL": '<link href="{{ page.url }}">{{ page.title }}',
    "every meta key": "{% for k, v in page.meta.items() %}{{ k }}={{ v }};{% endfor %}",
    "meta listed": "{{ page.meta | list }}{{ page.title }}",
    "sliced": "{{ page.title[:3] }}",
    "formatted": "{{ '%s!' % page.title }} {{ '%.4s' % page.content }}",
    "an edit link's view": '{{ page.edit_url | replace("edit", "raw") }}',
    "title-cased": "{{ page.title | title }}",
    "tested by its end": "{% if page.url.endswith('/p5/') %}!{% endif %}",
    "its words counted": ("{% if page.content | wordcount > 12 %}<i>long read</i>{% endif %}"
                          "{{ page.content }}"),
    "looked for in a string": ("{% if page.title in 'Graphs &amp; trees / Tail &amp; end' %}"
                               "<b>pinned</b>{% endif %}{{ page.title }}"),
    "its URL a key": "{% if page.url in {'papers/p5/': 1} %}new{% endif %}{{ page.title }}",
    "its URL looked up": "{% set b = {'papers/p5/': 'New'} %}{{ b[page.url] }}{{ page.title }}",
    "its URL among others": "{{ [page.url, 'papers/p5/'] | unique | list | length }}",
    "its URL against its title": "{% if page.url == page.title %}!{% endif %}{{ page.title }}",
    "its URL's letter": "{{ page.url[8] }}{{ page.title }}",
    "its URL changed, then compared": ("{% if (page.url | replace('p', 'q')) == 'qaqers/q5/' %}"
                                       "!{% endif %}{{ page.title }}"),
    "its URL joined, then compared": ("{% if (page.url ~ '') == 'papers/p5/' %}!{% endif %}"
                                      "{{ page.title }}"),
    "its URL formatted, then compared": ("{% if ('%s' % page.url) == 'papers/p5/' %}!"
                                         "{% endif %}{{ page.title }}"),
    "its URL in a range": ("{% if page.url >= 'papers/p5/' and page.url < 'papers/p6/' %}!"
                           "{% endif %}{{ page.title }}"),
    # (the bland titles and the long marker take one branch, the short marker the other)
    "captured, then measured": ("{% set t %}{{ page.title }}{% endset %}"
                                "{% if t | length > 30 %}long {% endif %}{{ t }}"),
    "captured, then its words counted": ("{% set t %}{{ page.title }}{% endset %}"
                                         "{% if t | wordcount > 5 %}long {% endif %}{{ t }}"),
    "captured, then cut short": "{% set t %}{{ page.title }}{% endset %}[{{ t[:8] }}]",
    "tested by its start": "{% if page.title.startswith('Special') %}!{% endif %}",
    "its URL's length": "{{ page.url | length }}",
    "its URL's end": "{{ page.abs_url[-4:] }}",
}

#: templates the shell may serve, paper by paper, where each paper's values allow
ANSWERED = {
    "a test of its text": "{% if 'x' in page.meta.title %}X{% endif %}{{ page.meta.title }}",
    "compared": "{% if page.title == 'Graphs &amp; trees' %}!{% endif %}{{ page.title }}",
    "a meta key some pages have": "{{ page.meta.author or 'nobody' }}: {{ page.title }}",
    "a meta key tested for": ("{% if 'description' in page.meta %}<meta name=d>{% endif %}"
                              "{{ page.title }}"),
    "defined": "{% if page.meta.description is defined %}d{% endif %}{{ page.title }}",
    "an edit link or none": ("{% if page.edit_url is not none %}<a>edit</a>{% endif %}"
                             "{{ page.title }}"),
    "a string": "{% if page.edit_url is string %}<a>edit</a>{% endif %}{{ page.title }}",
    "listed among others": ("{% if page.url in ['papers/p5/'] %}<b>Featured</b>{% endif %}"
                            "{{ page.title }}"),
    "a link to one paper": '<a href="{{ \'papers/p5/\' | url }}">best</a>{{ page.title }}',
    "its URL by Jinja's test": ("{% if page.url is in ['papers/p5/'] %}new{% endif %}"
                                "{{ page.title }}"),
    "its URL selected": ("{{ [{'u': 'papers/p5/'}] | selectattr('u', 'equalto', page.url)"
                         " | list | length }}{{ page.title }}"),
    "a variable one page has": "{% if banner %}<b>{{ banner }}</b>{% endif %}{{ page.title }}",
    "a variable one page lacks": ("{% if notice is defined %}{{ notice }}{% endif %}"
                                  "{{ page.title }}"),
    "a variable that differs": "{{ announce }}{{ page.title }}",
}


def _env(template: str, shell: PaperShell | None) -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.DictLoader({"main.html": template}))
    env.filters["url"] = url_filter  # MkDocs' own: relative to the page's URL
    if shell is not None:
        shell.install(env)
    return env


def _contexts() -> list[dict]:
    config = SimpleNamespace(site_name="Site &amp; co")
    return [dict(page=p, config=config, base_url="../..",
                 announce="Deadline moved" if p.url == "papers/p11/" else "Welcome",
                 **({"banner": "Only here"} if p.url == "papers/p9/" else {}),
                 **({} if p.url == "papers/p12/" else {"notice": "Note"})) for p in PAGES]


def _render_all(template: str) -> tuple[list[str], list[str], PaperShell]:
    """Each page of PAGES rendered in full, and through the shell (those it hands back
    after a late check, rendered again in full, as the plugin does)."""
    shell = PaperShell()
    plain, shelled = _env(template, None), _env(template, shell)
    full = [plain.get_template("main.html").render(c) for c in _contexts()]
    made = [shelled.get_template(SHELL_TEMPLATE).render(c) for c in _contexts()]
    for page, html in shell.take_redo():
        made[PAGES.index(page)] = html
    return full, made, shell


def test_a_material_like_page_is_made_from_the_shell_and_is_the_full_render():
    full, made, shell = _render_all(MATERIAL_LIKE)
    assert made == full
    # every paper after the checked ones, but those that take another branch: no
    # heading of its own (6: Material writes one), no edit link (7), no description and
    # a meta key the first paper has not (8), a context variable it has not (9), one
    # that differs (11), one it lacks (12)
    assert shell.active and shell.filled == len(PAGES) - SHELL_CHECKS - 6
    assert "Graphs &amp; trees - Site &amp; co" in made[4]
    assert '<link rel="stylesheet" href="../../assets/main.css">' in made[8]


@pytest.mark.parametrize("checks", [SHELL_CHECKS, 0])
@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_theme_that_does_more_than_put_a_value_in_gets_full_renders(name, checks,
                                                                     monkeypatch):
    """Refused by the stand-in itself: so even with no paper rendered both ways."""
    monkeypatch.setattr(shell_module, "SHELL_CHECKS", checks)
    full, made, shell = _render_all(REFUSED[name])
    assert made == full, name
    assert not shell.active and shell.filled == 0, name


@pytest.mark.parametrize("name", sorted(ANSWERED))
def test_a_page_whose_values_answer_otherwise_is_rendered_in_full(name):
    """A value tested, or a link made to a paper, is answered for each paper: those
    that answer as the first did come from the shell, the others are rendered in full."""
    full, made, shell = _render_all(ANSWERED[name])
    assert made == full, name
    assert shell.active and 0 < shell.filled < len(PAGES) - SHELL_CHECKS, name


#: a template that keeps a title's output and tests its text: papers 5 and 10 get a star
_TESTS_ITS_TEXT = ("{% set t %}{{ page.title }}{% endset %}"
                   "{% if 'trees' in t or 'end' in t %}<b>star</b>{% endif %}{{ t }}")


def test_a_later_check_that_disagrees_hands_back_the_pages_made(monkeypatch):
    """What no stand-in shows: a template that keeps a title's output and tests its text.
    Trusted at once and checked every second page that fits, the shell makes paper 5
    wrong (no star) and the check of paper 10 disagrees: the shell is dropped and the
    pages made from it are handed back rendered in full (the plugin writes them again)."""
    monkeypatch.setattr(shell_module, "SHELL_CHECKS", 0)
    monkeypatch.setattr(shell_module, "SHELL_SAMPLE", 2)
    full, made, shell = _render_all(_TESTS_ITS_TEXT)
    assert made == full
    assert not shell.active and shell.filled == 0


def test_pages_handed_back_are_the_ones_made_wrong(monkeypatch):
    monkeypatch.setattr(shell_module, "SHELL_CHECKS", 0)
    monkeypatch.setattr(shell_module, "SHELL_SAMPLE", 2)
    shell = PaperShell()
    env = _env(_TESTS_ITS_TEXT, shell)
    made = [env.get_template(SHELL_TEMPLATE).render(c) for c in _contexts()]
    assert "<b>star</b>" not in made[4]  # paper 5, made from the shell: wrong
    handed = dict((p.url, html) for p, html in shell.take_redo())
    assert "papers/p5/" in handed and "<b>star</b>" in handed["papers/p5/"]
    assert shell.take_redo() == []


def test_a_second_build_starts_afresh():
    """One plugin instance builds again (a live preview): the shell of the first build's
    theme is not the second's."""
    shell = PaperShell()
    first = _env(MATERIAL_LIKE, shell)
    for c in _contexts():
        first.get_template(SHELL_TEMPLATE).render(c)
    second = _env("<h2>{{ page.title }}</h2>{{ page.content }}", shell)
    plain = _env("<h2>{{ page.title }}</h2>{{ page.content }}", None)
    made = [second.get_template(SHELL_TEMPLATE).render(c) for c in _contexts()]
    assert made == [plain.get_template("main.html").render(c) for c in _contexts()]
    assert shell.filled > 0


def test_papers_rendered_both_ways_catch_what_the_stand_in_cannot_show():
    """A theme that prints the page object itself shows the stand-in, not a marker: the
    first papers, rendered both ways, disagree, and the shell is dropped."""
    full, made, shell = _render_all("{{ page }}")
    assert made == full
    assert shell.filled == 0 and not shell.active


def test_full_pages_can_be_asked_for(monkeypatch):
    monkeypatch.setenv(FULL_PAGES_ENV, "1")
    full, made, shell = _render_all(MATERIAL_LIKE)
    assert made == full
    assert shell.filled == 0 and not shell.active
