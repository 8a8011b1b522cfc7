"""HTML a browser would act on, found in text: what `paperlist check` refuses in a page
(check/safety.py) and what the importer warns of in a list's abstract, by one rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from paperlist.util.text import FORMULA_RE

# HTML that a browser would act on. Only real element names followed by what can follow
# a tag name, so `$\rho < 1$`, `<a, b>` and `<mask>` tokens are not flagged.
_HTML_TAG = re.compile(
    r"</?(?:script|iframe|frame|frameset|img|image|svg|object|embed|applet|style|link|meta|"
    r"base|form|input|button|textarea|select|option|video|audio|source|track|picture|"
    r"body|html|head|title|a|area|map|details|dialog|marquee|template|math|div|span|p|br|"
    r"hr|b|i|u|s|em|strong|sub|sup|table|tr|td|th|ul|ol|li|h[1-6]|pre|code|font|center|"
    r"noscript|xmp|plaintext|portal)(?=[\s/>]|$)", re.IGNORECASE)
_HTML_MARKUP = re.compile(r"<!--|<!\[CDATA\[|<!doctype|<\?", re.IGNORECASE)
_HANDLER = re.compile(
    r"\bon(?:error|load|click|dblclick|auxclick|mouse[a-z]*|pointer[a-z]*|key[a-z]*|"
    r"focus[a-z]*|blur|submit|change|input|invalid|reset|search|toggle|begin|end|"
    r"animation[a-z]*|transition[a-z]*|touch[a-z]*|drag[a-z]*|drop|wheel|scroll|resize|"
    r"unload|beforeunload|message|hashchange|popstate|copy|paste|cut|contextmenu|select|"
    r"show|start|finish|play|pause|abort)\s*=", re.IGNORECASE)
_SCRIPT_URL = re.compile(r"\b(?:javascript|vbscript):(?=\S)", re.IGNORECASE)
#: (regex, a character every match contains): the regex only runs when the text has it.
_HTML_RULES = ((_HTML_TAG, "<"), (_HTML_MARKUP, "<"), (_HANDLER, "="), (_SCRIPT_URL, ":"))


def _blank_math(text: str) -> str:
    """Math is converted to MathML by a converter that escapes everything; blank it out
    (keeping line breaks) so `$a<b$` is not mistaken for a tag."""
    if "$" not in text:
        return text
    return FORMULA_RE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def html_findings(text: str) -> Iterator[tuple[int, str]]:
    """(0-based line, snippet) of every HTML tag, comment, handler or script URL."""
    rules = [rx for rx, needed in _HTML_RULES if needed in text]
    if not rules or not any(rx.search(text) for rx in rules):
        return  # the common case: blanking math out could only remove hits
    plain = _blank_math(text)
    hits = [(m.start(), m.group(0)) for rx in rules for m in rx.finditer(plain)]
    for start, snippet in sorted(hits):
        yield plain.count("\n", 0, start), snippet.strip()
