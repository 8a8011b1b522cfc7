"""Code blocks keep their lines and can be reached by keyboard (html/codeblocks.py)."""

from __future__ import annotations

import pytest

from paperlist.html.codeblocks import focusable_code_blocks


@pytest.mark.parametrize(("html", "expected"), [
    # fenced, as the contribute page's YAML is written
    ('<pre><code class="language-yaml">title: x\n  - y</code></pre>',
     '<pre tabindex="0"><code class="language-yaml">title: x\n  - y</code></pre>'),
    ("<pre><code>indented</code></pre>", '<pre tabindex="0"><code>indented</code></pre>'),
    # a highlighting extension's block, and a block given an id
    ('<div class="highlight"><pre><span></span><code>x</code></pre></div>',
     '<div class="highlight"><pre tabindex="0"><span></span><code>x</code></pre></div>'),
    ('<pre id="c1"><code>x</code></pre>', '<pre tabindex="0" id="c1"><code>x</code></pre>'),
    # focusable already, or no code block: as it was
    ('<pre tabindex="-1"><code>x</code></pre>', '<pre tabindex="-1"><code>x</code></pre>'),
    ("<pre>plain</pre><p><code>inline</code></p>", "<pre>plain</pre><p><code>inline</code></p>"),
    ("<pre><codex>x</codex></pre>", "<pre><codex>x</codex></pre>"),
])
def test_each_code_block_is_focusable(html, expected):
    assert focusable_code_blocks(html) == expected
