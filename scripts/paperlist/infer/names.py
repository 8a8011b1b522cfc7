"""Infer a paper's own short name(s), a readable title and a page slug from its abstract.

Abstracts do not come with titles, so we read them the way a person skimming would: a
paper's own name is the one it *introduces* ("we propose X, a framework for ...",
"a method called X", "Long Form (X)"), not every acronym it mentions. Abbreviations that
the abstract merely defines for existing concepts ("Reinforcement learning (RL)") are
the main trap, so every rule needs an introduction cue, and a name already used before
the sentence that introduces it is taken to be someone else's.

Everything here is plain-text heuristics on purpose: no model, no network, deterministic.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from paperlist.util.text import strip_urls

#: Stands in the plain text for a formula that is not a plain word, so no name or title
#: is read out of LaTeX, and a sentence may start with it.
FORMULA_PLACEHOLDER = "\u00a7"

# --------------------------------------------------------------------------- normalising

_WRAPPER = re.compile(
    r"\\(?:operatorname\*?|math[a-z]*|text[a-z]*|emph|underline|overline|boldsymbol|bm"
    r"|rm|bf|it|sf|tt|sc|small|large|Large|scriptsize)(?![a-zA-Z])\s*"
)
_MATH_SPAN = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)
_EMPH = re.compile(r"\*\*(.+?)\*\*|(?<!\*)\*([^*\n]+?)\*(?!\*)|__(.+?)__")
_QUOTED = re.compile(r"``(.+?)''|\u201c(.+?)\u201d|\"([^\"\n]+)\"|\u2018(.+?)\u2019")
_MD_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_ESCAPED = re.compile(r"\\([%&#_$])")
_MATH_JUNK = re.compile(r"[{}\s]")
_PLAIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9-]*")
# Literal strings without which a pattern cannot match: a cheap test that skips the scan.
_EMPH_MARKS = ("*", "__")
_QUOTE_MARKS = ("``", "\u201c", '"', "\u2018")


@dataclass(frozen=True)
class _Doc:
    text: str  # plain text: no Markdown, no LaTeX, no URLs
    emphasised: tuple[str, ...]  # spans the authors set in emphasis or quotes


def _math_to_text(match: re.Match[str]) -> str:
    """A formula that only wraps a word (``\\operatorname{Qkmeans}``) *is* that word."""
    body = _WRAPPER.sub("", match.group(1) or match.group(2))
    body = _MATH_JUNK.sub("", body)
    if _PLAIN_WORD.fullmatch(body):
        return body
    return FORMULA_PLACEHOLDER


def _normalise(text: str) -> _Doc:
    text = unicodedata.normalize("NFC", text)
    text = strip_urls(text)
    text = _MD_LINK.sub(r"\1", text)  # markdown link -> its label
    text = _MATH_SPAN.sub(_math_to_text, text)
    text = _WRAPPER.sub("", text)
    text = _ESCAPED.sub(r"\1", text).replace("~", " ")
    emphasised: list[str] = []
    for pattern, marks in ((_EMPH, _EMPH_MARKS), (_QUOTED, _QUOTE_MARKS)):
        if any(mark in text for mark in marks):
            emphasised += [next(g for g in m.groups() if g) for m in pattern.finditer(text)]
            text = pattern.sub(lambda m: next(g for g in m.groups() if g), text)
    text = text.replace("{", "").replace("}", "").replace("`", "")
    text = " ".join(text.split())  # same as re.sub(r"\s+", " ", text).strip()
    return _Doc(text, tuple(e.strip() for e in emphasised))


# The spaces after a sentence's end: the same splits as
# re.split(r"(?<=[.!?])\s+(?=[A-Z0-9...])", text), found without a look-behind at every char.
_SENTENCE_BREAK = re.compile(r"[.!?](\s+)(?=[A-Z0-9\"(\[\u201c" + FORMULA_PLACEHOLDER + "])")


def _sentences(text: str) -> list[str]:
    pieces, start = [], 0
    for m in _SENTENCE_BREAK.finditer(text):
        pieces.append(text[start : m.start(1)])
        start = m.end(1)
    pieces.append(text[start:])
    return [s for s in pieces if s]


def _folded(text: str) -> str:
    """Lower-cased text in which a case-insensitive pattern's lower-case ASCII words can be
    looked for with ``in`` (İ, ı and ſ match i and s under re.IGNORECASE)."""
    folded = text.lower()
    if not folded.isascii():
        folded = folded.replace("\u0307", "").replace("\u0131", "i").replace("\u017f", "s")
    return folded


def _mentions(folded: str, words: tuple[str, ...]) -> bool:
    """False only if none of ``words`` occurs: a pattern that needs one cannot match."""
    for word in words:
        if word in folded:
            return True
    return False


def _is_word_char(char: str) -> bool:
    """``[\\w-]``: what may not touch a whole word on either side."""
    return char.isalnum() or char in "_-"


def _word_positions(text: str, word: str) -> list[int]:
    """Where ``re.finditer(rf"(?<![\\w-]){re.escape(word)}(?![\\w-])", text)`` matches, found
    without compiling a pattern per word (names are new in every abstract). ``word`` is
    not empty."""
    positions = []
    i = text.find(word)
    while i >= 0:
        end = i + len(word)
        if ((i == 0 or not _is_word_char(text[i - 1]))
                and (end == len(text) or not _is_word_char(text[end]))):
            positions.append(i)
            i = text.find(word, end)
        else:
            i = text.find(word, i + 1)
    return positions


# --------------------------------------------------------------------------- names

_NAME = r"[^\W_](?:[^\W_]|[-.](?=[^\W_]))*\+{0,2}"
_NAME_RE = re.compile(_NAME)

# Head nouns that say "this is an artefact": a name attached to one is a contribution.
_HEADS = (
    "method|approach|framework|model|architecture|algorithm|technique|network|system|tool"
    "|toolkit|toolbox|library|package|dataset|data set|benchmark|corpus|suite|metric|module"
    "|layer|pipeline|procedure|scheme|strategy|platform|agent|language|estimator|optimizer"
    "|regularizer|regularization|loss|objective|attack|defense|defence|environment|simulator"
    "|engine|solver|protocol|family|variant|operator|block|unit|transformer|encoder|decoder"
    "|generator|detector|classifier|learner|policy|score|measure|index|collection|testbed"
    "|database|formulation|mechanism|compiler|interface|reasoner|extension|implementation"
)
_HEAD = rf"(?:{_HEADS})(?:s|es)?"
_DATA_HEADS = re.compile(
    r"\b(?:dataset|data set|benchmark|corpus|suite|collection|testbed|database)s?\b", re.I
)
# A name introduced as one of these is a task or a concept, not the paper's artefact.
_NOT_ARTEFACT = re.compile(
    r"\b(?:task|problem|setting|challenge|notion|concept|phenomenon|hypothesis|question|curse"
    r"|regime|assumption|property|perspective|scenario|issue|bias|effect|principle)s?\b",
    re.I,
)
# A leading (?=[...]) of the cue's possible first letters changes no match, but lets the
# scan give up at most characters before trying the look-behinds and alternatives.
_VERB = re.compile(
    r"(?=[pidbcr])(?<![-\w])(?<!been )(?<!previously )(?<!recently )(?<!originally )"
    r"(?:propos(?:e|es|ed|ing)|introduc(?:e|es|ed|ing)|present(?:s|ed|ing)?"
    r"|develop(?:s|ed|ing)?|design(?:s|ed|ing)?|build(?:s|ing)?|built|construct(?:s|ed|ing)?"
    r"|creat(?:e|es|ed|ing)|devis(?:e|es|ed|ing)|describ(?:e|es|ed|ing)|releas(?:e|es|ed|ing)"
    r"|curat(?:e|es|ed|ing)|put(?:s)? forward|contribution is)\b\s*",
    re.I,
)
_SUBJECT = re.compile(r"(?=[woth])\b(?:we|our|this (?:paper|work|study|article|note)|here)\b", re.I)
_NAMING = re.compile(
    r"(?=[cndtkrw])(?<!so-)\b(?:called|named|dubbed|termed|coined|namely|know[n]? as"
    r"|refer(?:red)? (?:to )?as"
    r"|(?:we|which we) (?:call|name|term|refer to)(?: (?:it|this|them|our \w+))?(?: as)?)\s+",
    re.I,
)
_PREPOSITION = re.compile(r"\b(?:of|for|on|in|with|by|from|using|based)\s", re.I)
_DETERMINER = re.compile(r"(?:a|an|the|our|this|two|three)\s", re.I)
# Abbreviations of this shape are shared vocabulary, never one paper's own name.
_COMMON = frozenset(
    "AI ML DL RL NLP CV LLM VLM MLP CNN RNN GNN GCN LSTM GRU GAN VAE SGD GPU CPU TPU API "
    "PCA SVM KNN MDP POMDP ODE PDE SDE IID OOD SOTA QA VQA ASR TTS MT NMT BERT GPT MPC".split()
)
_ADJ_SUFFIX = re.compile(
    r"-(?:based|like|style|aware|free|driven|level|wise|specific|agnostic|guided|conditioned"
    r"|augmented|friendly|only|centric|shot|scale|order|step|head|type|dependent|invariant"
    r"|equivariant|efficient|enabled|powered|inspired|induced|[a-z]+ed)$"
)
_STOP = frozenset(
    """a an the of for and or in on with to by from as at via into over under between
    is are be we our this that these those it its their which using based towards toward
    new novel first simple general unified efficient effective""".split()
)
_NUMBER_WORD = re.compile(r"^(?:\d+|one|two|three|four|multi|single|double|bi|tri)-[a-z]", re.I)
_LETTER = re.compile(r"[^\W\d_]")
_PLURAL_CAPS = re.compile(r"[A-Z]{2,}s")
_TWO_CAPS = re.compile(r"[A-Z]{2}")
_HYPHENATED_WORDS = re.compile(r"[A-Z][a-z]+(?:-[A-Za-z][a-z]+)+")
_UPPER = re.compile(r"[A-Z]")
_LOWER = re.compile(r"[a-z]")
_DIGIT = re.compile(r"\d")


@lru_cache(maxsize=4096)
def _shape(token: str) -> int:
    """2 = unmistakably a coined name (ProRL, MES-RET, World-R1, word2ket), 1 = a
    capitalised word that can be a name only with a strong cue (Qkmeans), 0 = not one."""
    if len(token) < 2 or not _LETTER.search(token) or _ADJ_SUFFIX.search(token):
        return 0
    if token.upper() in _COMMON or _PLURAL_CAPS.fullmatch(token) or _NUMBER_WORD.match(token):
        return 0
    if _TWO_CAPS.fullmatch(token):
        return 1  # two capitals are more often a shorthand ("FS", "GA") than a name
    if _HYPHENATED_WORDS.fullmatch(token):
        return 1  # "Gap-Aware", "Poly-encoders": ordinary hyphenated words
    if _UPPER.search(token[1:]) or (_DIGIT.search(token) and _LOWER.search(token)):
        return 2
    if token[0].isupper() and (token[1:].islower() or not token[1:].isalpha()):
        return 1
    return 0


def _acronym_of(abbr: str, words: list[str]) -> int:
    """How many trailing words spell out ``abbr`` (0 if none), after Schwartz & Hearst:
    every letter of the abbreviation must appear in order, the first one starting a word."""
    chars = [c.lower() for c in abbr if c.isalnum()]
    long = " ".join(words).lower()
    i, j = len(chars) - 1, len(long) - 1
    while i >= 0:
        while j >= 0 and (long[j] != chars[i] or (i == 0 and j > 0 and long[j - 1].isalnum())):
            j -= 1
        if j < 0:
            return 0
        i, j = i - 1, j - 1
    n = len(long[j + 1 :].split())
    return n if n <= min(len(chars) + 5, 2 * len(chars)) else 0


_ABBR_IN_PARENS = re.compile(r"\((" + _NAME + r")\)")
# Up to eight words, each preceded by one space, read backwards from a "(": the reversed
# form of "(?:word ){1,8}" ending right before the parenthesis.
_WORDS_BEFORE_REVERSED = re.compile(r"(?: [\w\u2010-\u2014-]+){1,8}")


@lru_cache(maxsize=16)
def _defined_abbreviations(text: str) -> dict[str, str]:
    """``Long Form (ABBR)`` pairs, used to spell acronyms out in titles (shared: read only).

    Same result as ``re.finditer(r"((?:[\\w-]+ ){1,8})\\((NAME)\\)", text)``, but found from
    each "(ABBR)" backwards, which avoids retrying the word run at every word of the text.
    """
    found: dict[str, str] = {}
    backwards = text[::-1]
    for m in _ABBR_IN_PARENS.finditer(text):
        before = _WORDS_BEFORE_REVERSED.match(backwards, len(text) - m.start())
        if not before:
            continue
        words = before.group(0)[::-1].split()
        n = _acronym_of(m.group(1), words)
        if n and m.group(1) not in found:
            found[m.group(1)] = " ".join(words[-n:])
    return found


def _is_emphasised(token: str, emphasised: tuple[str, ...]) -> bool:
    return token.lower() in (e.lower() for e in emphasised)


_PHRASE_GOES_ON = re.compile(r"\s+(?:[A-Z]|[a-z]*[A-Z])")
_SAYS_WHAT_IT_IS = re.compile(r"\s*(?:,\s+(?:a|an|the)\s|:\s|\(|\s[-\u2013\u2014]+\s)")


def _name_at(sentence: str, pos: int, emphasised: tuple[str, ...], cued: bool) -> str | None:
    """The single-token name starting at ``pos``, if there is one.

    ``cued`` means the words before were an explicit naming cue ("called"), so a plain
    capitalised or quoted word is enough; after a mere "we propose" it must look coined
    or be followed by what it is (", a ...", ": ...", "(...)").
    """
    m = _NAME_RE.match(sentence, pos)
    if not m:
        return None
    token, after = m.group(0), sentence[m.end() :]
    if _PHRASE_GOES_ON.match(after):
        return None  # the start of a multi-word name or phrase, not a one-token name
    shape = _shape(token)
    described = _SAYS_WHAT_IT_IS.match(after)
    if shape == 2 or (shape == 1 and (cued or described)):
        return token
    if cued and _is_emphasised(token, emphasised) and token.lower() not in _STOP:
        return token  # to which we refer as "mixout"
    return None


_CUE_LEAD = re.compile(r"(?:the |a |an )?[\"'\u201c\u2018]?")
_LONG_FORM_AFTER_CUE = re.compile(r"((?:[\w\u2010-\u2014-]+ ){1,8}?)(?:\((" + _NAME
                                  + r")(?: for short)?\)|or (" + _NAME + r")\b)")


def _after_cue(sentence: str, pos: int, emphasised: tuple[str, ...]) -> tuple[int, str] | None:
    """After "called"/"named": the name, or the abbreviation of a long form that follows."""
    lead = _CUE_LEAD.match(sentence[pos:])
    start = pos + (lead.end() if lead else 0)
    rest = sentence[start:]
    # "called Visual-Linguistic BERT (VL-BERT for short)", "termed Filter Summary CNNs or FSNet"
    m = _LONG_FORM_AFTER_CUE.match(rest)
    if m:
        abbr, words = m.group(2) or m.group(3), m.group(1).split()
        n = len(words) if m.group(3) else _acronym_of(abbr, words)
        if _shape(abbr) == 2 and n and all(w[0].isupper() for w in words[:-n]):
            return start + m.start(2 if m.group(2) else 3), abbr
    name = _name_at(sentence, start, emphasised, cued=True)
    return (start, name) if name else None


_NOUN_PHRASE = re.compile(r"[^,;:.]*")
_RELATIVE_CLAUSE = re.compile(r"\s(?:that|which|where|whose|while|because|to|in order)\s")
_HEAD_NEXT = re.compile(rf"\s+{_HEAD}\b", re.I)
_PLURAL_HEAD_NEXT = re.compile(rf"\s+(?:{_HEADS})(?:s|es)\b", re.I)
_HEAD_WORD = re.compile(rf"\b{_HEAD}\b", re.I)
_ENDS_WITH_HEAD = re.compile(rf"\b{_HEAD}$", re.I)
_APPOSITIVE_END = re.compile(r"[,.(]|\s(?:which|that|to|for|is|and)\b|$")


def _after_verb(sentence: str, pos: int, emphasised: tuple[str, ...]) -> tuple[int, str] | None:
    """After "we propose": the name right there, or inside the noun phrase that follows
    (an emphasised name, a "Long Form (ABBR)", a coined name before its head noun), or
    right after it ("a new method, X, ...")."""
    start = pos + (4 if sentence[pos:].lower().startswith("the ") else 0)
    name = _name_at(sentence, start, emphasised, cued=False)
    if name:
        return start, name
    window = _NOUN_PHRASE.match(sentence[pos:])
    phrase = window.group(0) if window else ""
    phrase = _RELATIVE_CLAUSE.split(phrase)[0]
    if _NOT_ARTEFACT.search(phrase):
        return None
    determined = bool(_DETERMINER.match(phrase))
    for m in _NAME_RE.finditer(phrase):
        token, before = m.group(0), phrase[: m.start()]
        if before.endswith("(") and phrase[m.end() : m.end() + 1] == ")":
            words = before[:-1].split()
            n = _acronym_of(token, words)
            # the long form must be the object itself, not a modifier deep inside it
            lead = words[:-n] if n else []
            if n and _shape(token) == 2 and not _PREPOSITION.search(" ".join(lead) + " "):
                if determined or all(w[0].isupper() for w in lead):
                    return pos + m.start(), token
            continue
        if not _shape(token) or _PREPOSITION.search(before):
            continue
        if determined and _is_emphasised(token, emphasised):
            return pos + m.start(), token
        elif (determined and _shape(token) == 2
              and _HEAD_NEXT.match(phrase[m.end() :])
              and not _PLURAL_HEAD_NEXT.match(phrase[m.end() :])
              and not _HEAD_WORD.search(before)):
            return pos + m.start(), token
    # "a novel adversarial training algorithm, FreeLB, that ..."
    rest = sentence[pos + len(window.group(0) if window else "") :]
    if determined and _ENDS_WITH_HEAD.search(phrase.strip()) and rest.startswith(", "):
        start = pos + len(window.group(0) if window else "") + 2
        name = _name_at(sentence, start, emphasised, cued=True)
        if name and _APPOSITIVE_END.match(sentence[start + len(name) :]):
            return start, name
    return None


_NAMED_APPOSITIVE = re.compile(
    rf"(?<![\w-])({_NAME}),\s+(?:a|an)\s+(?:[\w-]+\s+){{0,4}}?{_HEAD}\b")
_OUR_HEAD_COMMA = re.compile(
    rf"\b(?:our|the (?:resulting|proposed|complete|new|final)|(?:a|an) (?:new|novel))\s+"
    rf"(?:[\w-]+\s+){{0,4}}?{_HEAD},\s+(?:the\s+)?", re.I)
_OUR_NAME_HEAD = re.compile(rf"\b(?i:our|the proposed|this)\s+(?=({_NAME})\s+{_HEAD}\b)")
_OPENS_WITH_NAME = re.compile(
    rf"({_NAME})(?:,| is) (?:a|an|the first)\b[^.;]{{0,80}}?\b{_HEAD}\b")
_NAME_THEN_PAREN = re.compile(r"\s*[,(]")
# Lower-case words that each case-insensitive cue above needs (see _mentions).
_NAMING_WORDS = ("called", "named", "namely", "dubbed", "termed", "coined", "know as",
                 "known as", "refer", "we call", "we name", "we term")
_VERB_WORDS = ("propos", "introduc", "present", "develop", "design", "build", "built",
               "construct", "creat", "devis", "describ", "releas", "curat", "put forward",
               "puts forward", "contribution is")
_OUR_HEAD_WORDS = ("our", "the resulting", "the proposed", "the complete", "the new",
                   "the final", "a new", "an new", "a novel", "an novel")
_OUR_NAME_WORDS = ("our", "the proposed", "this")


def _candidates(sentence: str, emphasised: tuple[str, ...]) -> list[tuple[int, str]]:
    """(offset, name) for every introduction cue in one sentence.

    Each pattern is tried only if the words it needs occur in the sentence: most sentences
    have no cue at all, and scanning them is what made this slow.
    """
    folded = _folded(sentence)
    hits: list[tuple[int, str] | None] = []
    if _mentions(folded, _NAMING_WORDS):
        for m in _NAMING.finditer(sentence):
            hits.append(_after_cue(sentence, m.end(), emphasised))
    proposing = False
    if _mentions(folded, _VERB_WORDS):
        # A verb counts after a subject ("we", "this paper") or as "our contribution is".
        # The text before a verb has a subject iff the first subject ends before the verb,
        # so without "contribution is" only the verbs after that subject need finding.
        subject = _SUBJECT.search(sentence)
        contribution = "contribution is" in folded
        if subject or contribution:
            start = subject.end() if subject and not contribution else 0
            for m in _VERB.finditer(sentence, start):
                if ((subject and subject.end() <= m.start())
                        or m.group(0).lower().startswith("contrib")):
                    proposing = True
                    hits.append(_after_verb(sentence, m.end(), emphasised))
    # "we introduce *A*, a benchmark ..., and *B*, a model ...": emphasis plus appositive
    if proposing and emphasised:
        for m in _NAMED_APPOSITIVE.finditer(sentence):
            if _shape(m.group(1)) and _is_emphasised(m.group(1), emphasised):
                hits.append((m.start(), m.group(1)))
    # "The resulting algorithm, X, ...", "Our method, X, ...", "... to a new model, X, by"
    if "," in sentence and _mentions(folded, _OUR_HEAD_WORDS):
        for m in _OUR_HEAD_COMMA.finditer(sentence):
            name = _name_at(sentence, m.end(), emphasised, cued=True)
            if name and _NAME_THEN_PAREN.match(sentence[m.end() + len(name) :]):
                hits.append((m.end(), name))
    # "this X model", "our X framework"
    if _mentions(folded, _OUR_NAME_WORDS):
        for m in _OUR_NAME_HEAD.finditer(sentence):
            if _shape(m.group(1)) == 2:
                hits.append((m.end(), m.group(1)))
    # A sentence that opens with a coined name and says what it is: "X is a ... method".
    m = _OPENS_WITH_NAME.match(sentence)
    if m and _shape(m.group(1)) == 2:
        hits.append((0, m.group(1)))
    return [h for h in hits if h]


@dataclass(frozen=True)
class _Hit:
    name: str
    sentence: int
    start: int  # offset of the name in its sentence
    is_data: bool  # a dataset or benchmark rather than a method: listed after methods


# "X, a new method ...": a name the sentence calls a method is not a dataset after all.
_CALLED_A_METHOD = re.compile(r"\s*,?\s+(?:an?|the)\s+(?:[\w-]+\s+){0,4}?"
                              r"(?:method|framework|model|algorithm|approach|system|architecture)")


def _called_a_method(sentence: str, name: str) -> bool:
    """Whether "NAME, a ... method" occurs in the sentence (NAME anywhere, as is)."""
    i = sentence.find(name)
    while i >= 0:
        if _CALLED_A_METHOD.match(sentence, i + len(name)):
            return True
        i = sentence.find(name, i + 1)
    return False


def _hits(sentences: tuple[str, ...], emphasised: tuple[str, ...]) -> tuple[_Hit, ...]:
    hits: list[_Hit] = []
    seen_before = ""
    for index, sentence in enumerate(sentences):
        for offset, name in _candidates(sentence, emphasised):
            if _word_positions(seen_before, name):
                continue  # used before it is introduced: someone else's name
            context = sentence[max(0, offset - 60) : offset + len(name) + 60]
            is_data = bool(_DATA_HEADS.search(context)) and not _called_a_method(sentence, name)
            hits.append(_Hit(name, index, offset, is_data))
        seen_before += " " + sentence
    return tuple(hits)


@dataclass(frozen=True)
class _Analysis:
    """Everything infer_names and infer_title both need from one abstract."""

    doc: _Doc
    sentences: tuple[str, ...]
    hits: tuple[_Hit, ...]


@lru_cache(maxsize=16)
def _analyse(text: str) -> _Analysis:
    """Read an abstract once: an import calls infer_names and then infer_title on it."""
    doc = _normalise(text)
    sentences = tuple(_sentences(doc.text))
    return _Analysis(doc, sentences, _hits(sentences, doc.emphasised))


def infer_names(text: str) -> list[str]:
    """The short names the abstract introduces for its own artefacts, method first.

    Returns [] rather than guess: a wrong name on a catalogue page is worse than none.
    """
    names: list[str] = []
    hits = _analyse(text).hits
    for hit in sorted(hits, key=lambda h: (h.is_data, h.sentence, h.start)):
        if hit.name.lower() not in (n.lower() for n in names):
            names.append(hit.name)
    return names[:4]


# --------------------------------------------------------------------------- titles

_MAX_TITLE = 100
# What a paper says it does, best topic first: "we study X" names the topic outright,
# "we propose X" names the contribution, "we show that X" only a finding.
_TOPIC_TIERS = (
    r"stud(?:y|ies)|analy[sz]es?|investigates?|examines?|explores?|considers?|revisits?"
    r"|address(?:es)?|tackles?|focus(?:es)? on",
    r"propos(?:e|es)|introduces?|presents?|develops?|describes?|designs?",
    r"provides?|establish(?:es)?|derives?|proves?|characteri[sz]es?|gives?|offers?|defines?"
    r"|formali[sz]es?|identif(?:y|ies)|asks? (?:whether|if)|is concerned with|deals? with",
    r"shows?|demonstrates?|finds?|argues?",
)
_EVALUATIVE = re.compile(
    r"^(?:(?:a|an|the)\s+)?(?:(?:first|novel|new|simple|effective|efficient|powerful"
    r"|intuitive|principled|general|generic|elegant|pioneering|practical|flexible|robust"
    r"|lightweight|scalable|highly|very|yet|and|but|number of|set of|series of|family of"
    r"|class of|variety of)\b,?\s*)*",
    re.I,
)
_CLAUSE_END = re.compile(
    r",|;|:|\s[-\u2013\u2014]{1,3}\s|\s(?:where|which|whose|while|whereas|when|such that|"
    r"so that|thereby|allowing|enabling|yielding|leading|resulting|making)\s"
)


_PLAIN_CAPITALISED = re.compile(r"[A-Z][a-z]+(?:[-\u2013][A-Z]?[a-z]+)*")
_LEAD_TO_FORMULA = re.compile(r"^(.*\S)\s+(?:of|in|with|for|on|over|under|at|by|from|as)\b")
_PARENTHESISED = re.compile(r"\s*\([^()]*\)")
_THIS_PAPER_FILLER = re.compile(r"\s(?:in|of) this (?:paper|work|study)\b|^(?:and|also|then)\s")
_MARKUP = re.compile(r"[*_`$\\{}\[\]<>]")
_SPACES = re.compile(r"\s+")


def _sentence_case(phrase: str) -> str:
    """Lower-case plain capitalised words (keeps acronyms, CamelCase and digits)."""
    return " ".join(
        w.lower() if _PLAIN_CAPITALISED.fullmatch(w) else w
        for w in phrase.split()
    )


def _tidy(phrase: str, limit: int = _MAX_TITLE) -> str:
    """Trim a phrase to a title fragment: no dangling words, no formulas, not too long."""
    if FORMULA_PLACEHOLDER in phrase:
        head = phrase.split(FORMULA_PLACEHOLDER)[0]
        # "networks of the form $...$" -> "networks": drop the phrase that led to the formula
        cut = _LEAD_TO_FORMULA.search(head)
        phrase = cut.group(1) if cut and len(cut.group(1).split()) >= 3 else head
    phrase = _PARENTHESISED.sub("", phrase).split("(")[0]
    phrase = _THIS_PAPER_FILLER.sub(" ", phrase)
    phrase = _MARKUP.sub("", phrase)
    phrase = _SPACES.sub(" ", phrase).strip(" .,;:-\u2013\u2014")
    while len(phrase) > limit:
        seps = (", ", " and ", " with ", " via ", " by ", " through ", " using ", " that ")
        cut = max(phrase.rfind(sep, 0, limit) for sep in seps)
        if cut < limit // 2:
            cut = phrase.rfind(" ", 0, limit)
        phrase = phrase[:cut] if cut > 20 else phrase[:limit]
    words = phrase.split()
    while words and words[-1].lower().strip(",") in _STOP:
        words.pop()
    return " ".join(words).strip(" .,;:")


def _first_clause(phrase: str) -> str:
    """Up to the first clause break; a break only two words in ("a provable, sampling-based
    approach", "A leading hypothesis") is not one."""
    for m in _CLAUSE_END.finditer(phrase):
        if len(phrase[: m.start()].split()) > 2:
            return phrase[: m.start()]
    return phrase


def _expand(phrase: str, abbreviations: dict[str, str], keep: str) -> str:
    for abbr, long in abbreviations.items():
        if abbr != keep and len(long) < 40:
            pieces, last = [], 0
            for i in _word_positions(phrase, abbr):
                pieces += [phrase[last:i], _sentence_case(long)]
                last = i + len(abbr)
            phrase = "".join(pieces) + phrase[last:]
    return phrase


_FOR_SHORT = re.compile(r"^ for short\b")
_LONG_FORM_NEXT = re.compile(r"\s*(?:\(([^()]{6,})\)|:\s+([^,;]{6,}))")
_SPELLED_OUT_BEFORE = re.compile(r"((?:[\w-]+ ){1,8})or $")
_APPOSITION = re.compile(r"\s*(?:\([^()]*\))?\s*(?:,|:|\sis)\s+(.*)")
_ARTICLE = re.compile(r"(?:a|an|the)\b")
_HEAD_ALONE = re.compile(_HEAD)
_GERUND_FIRST = re.compile(r"\w+ing\b")


def _describe(analysis: _Analysis, name: str) -> str:
    """What the named artefact is, from the sentence that introduces it."""
    doc = analysis.doc
    for hit in analysis.hits:
        if hit.name != name:
            continue
        sentence = analysis.sentences[hit.sentence]
        after = _FOR_SHORT.sub("", sentence[hit.start + len(name) :])
        before = sentence[: hit.start]
        abbreviations = _defined_abbreviations(doc.text)
        desc = ""
        long = _LONG_FORM_NEXT.match(after)
        # "... matching or GRAM" (the scan is slow, so only where "or $" can match)
        spelled = (_SPELLED_OUT_BEFORE.search(before)
                   if before.endswith(("or ", "or \n")) else None)
        if long and _acronym_of(name, (long.group(1) or long.group(2)).split()):
            desc = _sentence_case(long.group(1) or long.group(2))
        elif spelled and _acronym_of(name, spelled.group(1).split()):
            words = spelled.group(1).split()
            desc = _sentence_case(" ".join(words[-_acronym_of(name, words) :]))
        elif name in abbreviations and abbreviations[name] in before[-120:]:
            desc = _sentence_case(abbreviations[name])
            desc += " " + _purpose(after.split(")", 1)[-1], has_head=True)
        else:
            appos = _APPOSITION.match(after)
            if appos and _ARTICLE.match(appos.group(1)):
                desc = _head_and_purpose(appos.group(1))
            else:
                head = _head_before(before)
                purpose = _purpose(after, has_head=bool(head))
                if _HEAD_ALONE.fullmatch(head) and _GERUND_FIRST.match(purpose):
                    head = ""  # "model" + "incorporating X": the purpose says it all
                desc = head + " " + purpose
        desc = _tidy(_expand(desc, abbreviations, name), _MAX_TITLE - len(name) - 2)
        if len(desc.split()) < 2:  # a lone "method" says less than a "we study X" sentence
            desc = _tidy(_topic(analysis, fallback=False), _MAX_TITLE - len(name) - 2) or desc
        if desc and desc.lower() != name.lower():
            return desc
    return ""


_DETERMINED_HEAD = re.compile(
    rf"\b(?:a|an|the|two|three|our)\s+((?:[\w\u2010-\u2014-]+\s+){{0,4}}?{_HEAD})\b", re.I)


def _head_before(before: str) -> str:
    """The noun phrase that the name was attached to: "an effective RL framework", or the
    whole object when the name follows it ("we propose Video-level 4D CNNs, namely V4D")."""
    clause = _PARENTHESISED.sub("", _VERB.split(before)[-1])
    m = _DETERMINED_HEAD.search(clause)
    if m:
        return _EVALUATIVE.sub("", m.group(1))
    bare = _NAMING.split(clause)[0].strip(" ,")
    after_verb = len(_VERB.split(before)) > 1
    if after_verb and 1 < len(bare.split()) <= 8 and not _PREPOSITION.search(bare):
        return _sentence_case(_EVALUATIVE.sub("", bare))
    return ""


_AUXILIARIES = frozenset("is are was were has have had can could may might will would should "
                         "does did not also".split())


def _gerund(verb: str) -> str:
    """extends -> extending, uses -> using: turns "X, which extends ..." into a title."""
    stem = verb.lower()
    if stem.endswith("ies"):
        stem = stem[:-3] + "y"
    elif stem.endswith(("sses", "shes", "ches", "xes", "zes")):
        stem = stem[:-2]
    elif stem.endswith("s") and not stem.endswith("ss"):
        stem = stem[:-1]
    if stem.endswith("ie"):
        stem = stem[:-2] + "y"
    elif stem.endswith("e") and not stem.endswith(("ee", "ye", "oe")):
        stem = stem[:-1]
    return stem + "ing"


_NAME_LEFTOVERS = re.compile(
    rf"^\s*(?:\([^()]*\))?\s*(?:(?:and|or)\s+{_NAME}\s*)?(?:{_HEAD})?\s*,?\s*", re.I)
_PURPOSE = re.compile(r"(?:with\s+(?:[\w-]+\s+){1,4}?(?=for\s))?"
                      r"(for|to|that|which|who|by)\s+(?:\w+ly\s+)?(\S+)(.*)")
_LOWER_WORD = re.compile(r"[a-z]{3,}")


def _purpose(after: str, has_head: bool) -> str:
    """The "for ..."/"to ..."/"which ..." phrase right after the name: what it does."""
    after = _NAME_LEFTOVERS.sub("", after)
    m = _PURPOSE.match(after)
    if not m:
        return ""
    word, verb, rest = m.groups()
    if word == "by":
        phrase = f"{verb}{rest}" if verb.endswith("ing") else ""
    elif word in ("that", "which", "who"):
        if not _LOWER_WORD.fullmatch(verb) or verb in _AUXILIARIES or verb.endswith("ss"):
            return ""  # "which is ..." / "which can ..." say nothing usable
        phrase = (f"that {verb}" if has_head else _gerund(verb)) + rest
    else:
        phrase = f"{word} {verb}{rest}" if has_head or word == "for" else _gerund(verb) + rest
    phrase = _first_clause(phrase)
    if FORMULA_PLACEHOLDER in phrase:
        phrase = phrase.split(FORMULA_PLACEHOLDER)[0]
        if len(phrase.split()) < 4:
            return ""
    return phrase


_PRAISE_PAIR = re.compile(r"^(?:[\w-]+\s+){0,2}?(?:yet|and)\s+[\w-]+\s+")
_HEAD_TO_GERUND = re.compile(rf"(?:[\w-]+\s+){{0,3}}{_HEAD}\s+(?:to|for)\s+(\w+ing\b.*)", re.I)


def _head_and_purpose(appositive: str) -> str:
    """"a high-accuracy, low-cost approach to compressing X" -> "compressing X"."""
    phrase = _EVALUATIVE.sub("", appositive)
    phrase = _PRAISE_PAIR.sub("", phrase)
    phrase = _PARENTHESISED.sub("", phrase)
    m = _CLAUSE_END.search(phrase)
    while m and m.group(0) == "," and not _HEAD_WORD.search(phrase[: m.start()]):
        phrase = phrase[: m.start()] + phrase[m.end() :]  # "high-accuracy, low-cost approach"
        m = _CLAUSE_END.search(phrase)
    gerund = _HEAD_TO_GERUND.match(phrase)
    return _first_clause(gerund.group(1) if gerund else phrase)


_TOPIC_SUBJECT = r"(?=[wth])\b(?:we|this (?:paper|work|study)|here)\s+"
_TOPIC_SUBJECT_RE = re.compile(_TOPIC_SUBJECT, re.I)
_TOPIC_CUES = tuple(
    re.compile(rf"{_TOPIC_SUBJECT}(?:\w+ly\s+|also\s+|further\s+|then\s+|first\s+)?"
               rf"(?:{verbs})\s+(?:that\s+)?", re.I)
    for verbs in _TOPIC_TIERS
)
_IN_THIS_PAPER = re.compile(r"^in this (?:paper|work|study) (?=[a-z])")
_IN_THIS = re.compile(r"in this\b", re.I)
_TO_STUDY = re.compile(rf"^to\s+(?:{_TOPIC_TIERS[0]})\s+")
_OPENING_FILLER = re.compile(
    r"^(?:in this (?:paper|work|study)|here|recently|to this end)\b,?\s*", re.I)


def _topic_cue(sentence: str, subjects: list[int], tier: int) -> re.Match[str] | None:
    """``_TOPIC_CUES[tier].search(sentence)``, tried only where a subject starts."""
    for pos in subjects:
        m = _TOPIC_CUES[tier].match(sentence, pos)
        if m:
            return m
    return None


def _topic(analysis: _Analysis, fallback: bool = True) -> str:
    """The object of the best "We study/propose/show ... X" sentence, else (if ``fallback``)
    the first clause of the abstract."""
    sentences = analysis.sentences
    best: tuple[int, int, str] | None = None
    for index, sentence in enumerate(sentences):
        if best and best[0] == 0:
            break  # a later sentence can only tie the best tier, and ties go to the earliest
        subjects = [s.start() for s in _TOPIC_SUBJECT_RE.finditer(sentence)]
        # Only a better tier than the best so far could replace it.
        for tier in range(best[0] if best else len(_TOPIC_CUES)):
            m = _topic_cue(sentence, subjects, tier)
            if not m:
                continue
            phrase = _IN_THIS_PAPER.sub("", sentence[m.end() :])
            if _IN_THIS.match(phrase):
                break  # "the problems we consider in this work, ..." names no topic
            phrase = _TO_STUDY.sub("", phrase)
            phrase = _EVALUATIVE.sub(lambda e: _article(e.group(0)), phrase)
            phrase = _tidy(_first_clause(phrase))
            if len(phrase.split()) >= 3 and (best is None or (tier, index) < best[:2]):
                best = (tier, index, phrase)
            break
    if best or not fallback:
        return best[2] if best else ""
    first = _OPENING_FILLER.sub("", sentences[0] if sentences else "")
    return _tidy(_first_clause(first))


def _article(matched: str) -> str:
    """Keep a bare "the" but drop "the first"/"a novel": they are praise, not topic."""
    return "" if len(matched.split()) > 1 or matched.strip().lower() in ("a", "an") else matched


def _capitalise(phrase: str) -> str:
    return phrase[:1].upper() + phrase[1:] if phrase else phrase


_CAPITALISED = re.compile(r"[A-Z][a-z]")


def infer_title(text: str, names: list[str]) -> str:
    """A readable stand-in title: "Name: what it is" when the paper names its artefact,
    otherwise the topic of its "We study ..." sentence. Never empty."""
    analysis = _analyse(text)
    if names:
        name = names[0]
        desc = _describe(analysis, name) or _tidy(_topic(analysis), _MAX_TITLE - len(name) - 2)
        desc = desc[:1].lower() + desc[1:] if _CAPITALISED.match(desc) else desc
        return f"{name}: {desc}" if desc else name
    topic = _topic(analysis).replace(FORMULA_PLACEHOLDER, "").strip()
    return _capitalise(topic) or "Untitled paper"


# --------------------------------------------------------------------------- slugs

_SLUG_STOP = _STOP | frozenset(
    "its via how why what when do does can towards is are on".split()
) - {"new", "novel", "first", "simple", "general", "unified", "efficient", "effective"}


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


_NOT_SLUG = re.compile(r"[^a-z0-9]+")
_SLUG_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_DASHES = re.compile(r"-{2,}")


def slug_for(title: str, names: list[str]) -> str:
    """A readable page id: the paper's name if it has one, else a few words of the title."""
    slug = _NOT_SLUG.sub("-", _ascii(names[0])).strip("-") if names else ""
    if not slug:
        words = [w for w in _SLUG_WORD.findall(_ascii(title))
                 if w not in _SLUG_STOP]
        slug = "-".join(words[:5])
    if len(slug) > 60:
        slug = slug[:60].rsplit("-", 1)[0] if "-" in slug[:60] else slug[:60]
    slug = _DASHES.sub("-", slug).strip("-")
    return slug or "paper"
