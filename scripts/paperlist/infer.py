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

MATH = "\u00a7"  # placeholder for a formula that is not a plain word (never part of a name)

# --------------------------------------------------------------------------- normalising

_WRAPPER = re.compile(
    r"\\(?:operatorname\*?|math[a-z]*|text[a-z]*|emph|underline|overline|boldsymbol|bm"
    r"|rm|bf|it|sf|tt|sc|small|large|Large|scriptsize)(?![a-zA-Z])\s*"
)
_MATH_SPAN = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)
_URL = re.compile(r"(?:https?://|www\.)\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|io|net)/\S*")
_EMPH = re.compile(r"\*\*(.+?)\*\*|(?<!\*)\*([^*\n]+?)\*(?!\*)|__(.+?)__")
_QUOTED = re.compile(r"``(.+?)''|\u201c(.+?)\u201d|\"([^\"\n]+)\"|\u2018(.+?)\u2019")


@dataclass(frozen=True)
class _Doc:
    text: str  # plain text: no Markdown, no LaTeX, no URLs
    emphasised: tuple[str, ...]  # spans the authors set in emphasis or quotes


def _math_to_text(match: re.Match[str]) -> str:
    """A formula that only wraps a word (``\\operatorname{Qkmeans}``) *is* that word."""
    body = _WRAPPER.sub("", match.group(1) or match.group(2))
    body = re.sub(r"[{}\s]", "", body)
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9-]*", body):
        return body
    return MATH


def _normalise(text: str) -> _Doc:
    text = unicodedata.normalize("NFC", text)
    text = _URL.sub(" ", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # markdown link -> its label
    text = _MATH_SPAN.sub(_math_to_text, text)
    text = _WRAPPER.sub("", text)
    text = re.sub(r"\\([%&#_$])", r"\1", text).replace("~", " ")
    emphasised: list[str] = []
    for pattern in (_EMPH, _QUOTED):
        emphasised += [next(g for g in m.groups() if g) for m in pattern.finditer(text)]
        text = pattern.sub(lambda m: next(g for g in m.groups() if g), text)
    text = re.sub(r"[{}`]", "", text)
    text = re.sub(r"\s+", " ", text).strip()
    return _Doc(text, tuple(e.strip() for e in emphasised))


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z0-9\"(\[\u201c" + MATH + "])", text) if s]


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
_VERB = re.compile(
    r"(?<![-\w])(?<!been )(?<!previously )(?<!recently )(?<!originally )"
    r"(?:propos(?:e|es|ed|ing)|introduc(?:e|es|ed|ing)|present(?:s|ed|ing)?"
    r"|develop(?:s|ed|ing)?|design(?:s|ed|ing)?|build(?:s|ing)?|built|construct(?:s|ed|ing)?"
    r"|creat(?:e|es|ed|ing)|devis(?:e|es|ed|ing)|describ(?:e|es|ed|ing)|releas(?:e|es|ed|ing)"
    r"|curat(?:e|es|ed|ing)|put(?:s)? forward|contribution is)\b\s*",
    re.I,
)
_SUBJECT = re.compile(r"\b(?:we|our|this (?:paper|work|study|article|note)|here)\b", re.I)
_NAMING = re.compile(
    r"(?<!so-)\b(?:called|named|dubbed|termed|coined|namely|know[n]? as|refer(?:red)? (?:to )?as"
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


def _shape(token: str) -> int:
    """2 = unmistakably a coined name (ProRL, MES-RET, World-R1, word2ket), 1 = a
    capitalised word that can be a name only with a strong cue (Qkmeans), 0 = not one."""
    if len(token) < 2 or not re.search(r"[^\W\d_]", token) or _ADJ_SUFFIX.search(token):
        return 0
    if token.upper() in _COMMON or re.fullmatch(r"[A-Z]{2,}s", token) or _NUMBER_WORD.match(token):
        return 0
    if re.fullmatch(r"[A-Z]{2}", token):
        return 1  # two capitals are more often a shorthand ("FS", "GA") than a name
    if re.fullmatch(r"[A-Z][a-z]+(?:-[A-Za-z][a-z]+)+", token):
        return 1  # "Gap-Aware", "Poly-encoders": ordinary hyphenated words
    if re.search(r"[A-Z]", token[1:]) or (re.search(r"\d", token) and re.search(r"[a-z]", token)):
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


def _defined_abbreviations(text: str) -> dict[str, str]:
    """``Long Form (ABBR)`` pairs, used to spell acronyms out in titles."""
    found: dict[str, str] = {}
    for m in re.finditer(r"((?:[\w\u2010-\u2014-]+ ){1,8})\((" + _NAME + r")\)", text):
        words = m.group(1).split()
        n = _acronym_of(m.group(2), words)
        if n and m.group(2) not in found:
            found[m.group(2)] = " ".join(words[-n:])
    return found


def _is_emphasised(token: str, emphasised: tuple[str, ...]) -> bool:
    return token.lower() in (e.lower() for e in emphasised)


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
    if re.match(r"\s+(?:[A-Z]|[a-z]*[A-Z])", after):
        return None  # the start of a multi-word name or phrase, not a one-token name
    shape = _shape(token)
    described = re.match(r"\s*(?:,\s+(?:a|an|the)\s|:\s|\(|\s[-\u2013\u2014]+\s)", after)
    if shape == 2 or (shape == 1 and (cued or described)):
        return token
    if cued and _is_emphasised(token, emphasised) and token.lower() not in _STOP:
        return token  # to which we refer as "mixout"
    return None


def _after_cue(sentence: str, pos: int, emphasised: tuple[str, ...]) -> tuple[int, str] | None:
    """After "called"/"named": the name, or the abbreviation of a long form that follows."""
    lead = re.match(r"(?:the |a |an )?[\"'\u201c\u2018]?", sentence[pos:])
    start = pos + (lead.end() if lead else 0)
    rest = sentence[start:]
    # "called Visual-Linguistic BERT (VL-BERT for short)", "termed Filter Summary CNNs or FSNet"
    m = re.match(r"((?:[\w\u2010-\u2014-]+ ){1,8}?)(?:\((" + _NAME + r")(?: for short)?\)"
                 r"|or (" + _NAME + r")\b)", rest)
    if m:
        abbr, words = m.group(2) or m.group(3), m.group(1).split()
        n = len(words) if m.group(3) else _acronym_of(abbr, words)
        if _shape(abbr) == 2 and n and all(w[0].isupper() for w in words[:-n]):
            return start + m.start(2 if m.group(2) else 3), abbr
    name = _name_at(sentence, start, emphasised, cued=True)
    return (start, name) if name else None


def _after_verb(sentence: str, pos: int, emphasised: tuple[str, ...]) -> tuple[int, str] | None:
    """After "we propose": the name right there, or inside the noun phrase that follows
    (an emphasised name, a "Long Form (ABBR)", a coined name before its head noun), or
    right after it ("a new method, X, ...")."""
    start = pos + (4 if sentence[pos:].lower().startswith("the ") else 0)
    name = _name_at(sentence, start, emphasised, cued=False)
    if name:
        return start, name
    window = re.match(r"[^,;:.]*", sentence[pos:])
    phrase = window.group(0) if window else ""
    phrase = re.split(r"\s(?:that|which|where|whose|while|because|to|in order)\s", phrase)[0]
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
              and re.match(rf"\s+{_HEAD}\b", phrase[m.end() :], re.I)
              and not re.match(rf"\s+(?:{_HEADS})(?:s|es)\b", phrase[m.end() :], re.I)
              and not re.search(rf"\b{_HEAD}\b", before, re.I)):
            return pos + m.start(), token
    # "a novel adversarial training algorithm, FreeLB, that ..."
    rest = sentence[pos + len(window.group(0) if window else "") :]
    if determined and re.search(rf"\b{_HEAD}$", phrase.strip(), re.I) and rest.startswith(", "):
        start = pos + len(window.group(0) if window else "") + 2
        name = _name_at(sentence, start, emphasised, cued=True)
        if name and re.match(r"[,.(]|\s(?:which|that|to|for|is|and)\b|$",
                             sentence[start + len(name) :]):
            return start, name
    return None


def _candidates(sentence: str, emphasised: tuple[str, ...]) -> list[tuple[int, str]]:
    """(offset, name) for every introduction cue in one sentence."""
    hits: list[tuple[int, str] | None] = []
    for m in _NAMING.finditer(sentence):
        hits.append(_after_cue(sentence, m.end(), emphasised))
    proposing = False
    for m in _VERB.finditer(sentence):
        if _SUBJECT.search(sentence[: m.start()]) or m.group(0).lower().startswith("contrib"):
            proposing = True
            hits.append(_after_verb(sentence, m.end(), emphasised))
    # "we introduce *A*, a benchmark ..., and *B*, a model ...": emphasis plus appositive
    for m in re.finditer(rf"(?<![\w-])({_NAME}),\s+(?:a|an)\s+(?:[\w-]+\s+){{0,4}}?{_HEAD}\b",
                         sentence):
        if proposing and _shape(m.group(1)) and _is_emphasised(m.group(1), emphasised):
            hits.append((m.start(), m.group(1)))
    # "The resulting algorithm, X, ...", "Our method, X, ...", "... to a new model, X, by"
    for m in re.finditer(rf"\b(?:our|the (?:resulting|proposed|complete|new|final)"
                         rf"|(?:a|an) (?:new|novel))\s+(?:[\w-]+\s+){{0,4}}?{_HEAD},\s+"
                         rf"(?:the\s+)?", sentence, re.I):
        name = _name_at(sentence, m.end(), emphasised, cued=True)
        if name and re.match(r"\s*[,(]", sentence[m.end() + len(name) :]):
            hits.append((m.end(), name))
    # "this X model", "our X framework"
    for m in re.finditer(rf"\b(?i:our|the proposed|this)\s+(?=({_NAME})\s+{_HEAD}\b)", sentence):
        if _shape(m.group(1)) == 2:
            hits.append((m.end(), m.group(1)))
    # A sentence that opens with a coined name and says what it is: "X is a ... method".
    m = re.match(rf"({_NAME})(?:,| is) (?:a|an|the first)\b[^.;]{{0,80}}?\b{_HEAD}\b", sentence)
    if m and _shape(m.group(1)) == 2:
        hits.append((0, m.group(1)))
    return [h for h in hits if h]


@dataclass(frozen=True)
class _Hit:
    name: str
    sentence: int
    start: int  # offset of the name in its sentence
    is_data: bool  # a dataset or benchmark rather than a method: listed after methods


def _hits(doc: _Doc) -> list[_Hit]:
    hits: list[_Hit] = []
    seen_before = ""
    for index, sentence in enumerate(_sentences(doc.text)):
        for offset, name in _candidates(sentence, doc.emphasised):
            if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", seen_before):
                continue  # used before it is introduced: someone else's name
            context = sentence[max(0, offset - 60) : offset + len(name) + 60]
            is_data = bool(_DATA_HEADS.search(context)) and not re.search(
                rf"{re.escape(name)}\s*,?\s+(?:an?|the)\s+(?:[\w-]+\s+){{0,4}}?"
                r"(?:method|framework|model|algorithm|approach|system|architecture)",
                sentence,
            )
            hits.append(_Hit(name, index, offset, is_data))
        seen_before += " " + sentence
    return hits


def infer_names(text: str) -> list[str]:
    """The short names the abstract introduces for its own artefacts, method first.

    Returns [] rather than guess: a wrong name on a catalogue page is worse than none.
    """
    names: list[str] = []
    for hit in sorted(_hits(_normalise(text)), key=lambda h: (h.is_data, h.sentence, h.start)):
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


def _sentence_case(phrase: str) -> str:
    """Lower-case plain capitalised words (keeps acronyms, CamelCase and digits)."""
    return " ".join(
        w.lower() if re.fullmatch(r"[A-Z][a-z]+(?:[-\u2013][A-Z]?[a-z]+)*", w) else w
        for w in phrase.split()
    )


def _tidy(phrase: str, limit: int = _MAX_TITLE) -> str:
    """Trim a phrase to a title fragment: no dangling words, no formulas, not too long."""
    if MATH in phrase:
        head = phrase.split(MATH)[0]
        # "networks of the form $...$" -> "networks": drop the phrase that led to the formula
        cut = re.search(r"^(.*\S)\s+(?:of|in|with|for|on|over|under|at|by|from|as)\b", head)
        phrase = cut.group(1) if cut and len(cut.group(1).split()) >= 3 else head
    phrase = re.sub(r"\s*\([^()]*\)", "", phrase).split("(")[0]
    phrase = re.sub(r"\s(?:in|of) this (?:paper|work|study)\b|^(?:and|also|then)\s", " ", phrase)
    phrase = re.sub(r"[*_`$\\{}\[\]<>]", "", phrase)
    phrase = re.sub(r"\s+", " ", phrase).strip(" .,;:-\u2013\u2014")
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
            phrase = re.sub(rf"(?<![\w-]){re.escape(abbr)}(?![\w-])", _sentence_case(long), phrase)
    return phrase


def _describe(doc: _Doc, name: str) -> str:
    """What the named artefact is, from the sentence that introduces it."""
    for hit in _hits(doc):
        if hit.name != name:
            continue
        sentence = _sentences(doc.text)[hit.sentence]
        after = re.sub(r"^ for short\b", "", sentence[hit.start + len(name) :])
        before = sentence[: hit.start]
        abbreviations = _defined_abbreviations(doc.text)
        desc = ""
        long = re.match(r"\s*(?:\(([^()]{6,})\)|:\s+([^,;]{6,}))", after)
        spelled = re.search(r"((?:[\w-]+ ){1,8})or $", before)  # "... matching or GRAM"
        if long and _acronym_of(name, (long.group(1) or long.group(2)).split()):
            desc = _sentence_case(long.group(1) or long.group(2))
        elif spelled and _acronym_of(name, spelled.group(1).split()):
            words = spelled.group(1).split()
            desc = _sentence_case(" ".join(words[-_acronym_of(name, words) :]))
        elif name in abbreviations and abbreviations[name] in before[-120:]:
            desc = _sentence_case(abbreviations[name])
            desc += " " + _purpose(after.split(")", 1)[-1], has_head=True)
        else:
            appos = re.match(r"\s*(?:\([^()]*\))?\s*(?:,|:|\sis)\s+(.*)", after)
            if appos and re.match(r"(?:a|an|the)\b", appos.group(1)):
                desc = _head_and_purpose(appos.group(1))
            else:
                head = _head_before(before)
                purpose = _purpose(after, has_head=bool(head))
                if re.fullmatch(_HEAD, head) and re.match(r"\w+ing\b", purpose):
                    head = ""  # "model" + "incorporating X": the purpose says it all
                desc = head + " " + purpose
        desc = _tidy(_expand(desc, abbreviations, name), _MAX_TITLE - len(name) - 2)
        if len(desc.split()) < 2:  # a lone "method" says less than a "we study X" sentence
            desc = _tidy(_topic(doc, fallback=False), _MAX_TITLE - len(name) - 2) or desc
        if desc and desc.lower() != name.lower():
            return desc
    return ""


def _head_before(before: str) -> str:
    """The noun phrase that the name was attached to: "an effective RL framework", or the
    whole object when the name follows it ("we propose Video-level 4D CNNs, namely V4D")."""
    clause = re.sub(r"\s*\([^()]*\)", "", _VERB.split(before)[-1])
    m = re.search(rf"\b(?:a|an|the|two|three|our)\s+((?:[\w\u2010-\u2014-]+\s+){{0,4}}?{_HEAD})\b",
                  clause, re.I)
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


def _purpose(after: str, has_head: bool) -> str:
    """The "for ..."/"to ..."/"which ..." phrase right after the name: what it does."""
    after = re.sub(rf"^\s*(?:\([^()]*\))?\s*(?:(?:and|or)\s+{_NAME}\s*)?(?:{_HEAD})?\s*,?\s*",
                   "", after, flags=re.I)
    m = re.match(r"(?:with\s+(?:[\w-]+\s+){1,4}?(?=for\s))?"
                 r"(for|to|that|which|who|by)\s+(?:\w+ly\s+)?(\S+)(.*)", after)
    if not m:
        return ""
    word, verb, rest = m.groups()
    if word == "by":
        phrase = f"{verb}{rest}" if verb.endswith("ing") else ""
    elif word in ("that", "which", "who"):
        if not re.fullmatch(r"[a-z]{3,}", verb) or verb in _AUXILIARIES or verb.endswith("ss"):
            return ""  # "which is ..." / "which can ..." say nothing usable
        phrase = (f"that {verb}" if has_head else _gerund(verb)) + rest
    else:
        phrase = f"{word} {verb}{rest}" if has_head or word == "for" else _gerund(verb) + rest
    phrase = _first_clause(phrase)
    if MATH in phrase:
        phrase = phrase.split(MATH)[0]
        if len(phrase.split()) < 4:
            return ""
    return phrase


def _head_and_purpose(appositive: str) -> str:
    """"a high-accuracy, low-cost approach to compressing X" -> "compressing X"."""
    phrase = _EVALUATIVE.sub("", appositive)
    phrase = re.sub(r"^(?:[\w-]+\s+){0,2}?(?:yet|and)\s+[\w-]+\s+", "", phrase)
    phrase = re.sub(r"\s*\([^()]*\)", "", phrase)
    m = _CLAUSE_END.search(phrase)
    while m and m.group(0) == "," and not re.search(rf"\b{_HEAD}\b", phrase[: m.start()], re.I):
        phrase = phrase[: m.start()] + phrase[m.end() :]  # "high-accuracy, low-cost approach"
        m = _CLAUSE_END.search(phrase)
    gerund = re.match(rf"(?:[\w-]+\s+){{0,3}}{_HEAD}\s+(?:to|for)\s+(\w+ing\b.*)", phrase, re.I)
    return _first_clause(gerund.group(1) if gerund else phrase)


def _topic(doc: _Doc, fallback: bool = True) -> str:
    """The object of the best "We study/propose/show ... X" sentence, else (if ``fallback``)
    the first clause of the abstract."""
    sentences = _sentences(doc.text)
    best: tuple[int, int, str] | None = None
    for index, sentence in enumerate(sentences):
        for tier, verbs in enumerate(_TOPIC_TIERS):
            m = re.search(rf"\b(?:we|this (?:paper|work|study)|here)\s+(?:\w+ly\s+|also\s+|"
                          rf"further\s+|then\s+|first\s+)?(?:{verbs})\s+(?:that\s+)?",
                          sentence, re.I)
            if not m:
                continue
            phrase = re.sub(r"^in this (?:paper|work|study) (?=[a-z])", "", sentence[m.end() :])
            if re.match(r"in this\b", phrase, re.I):
                break  # "the problems we consider in this work, ..." names no topic
            phrase = re.sub(rf"^to\s+(?:{_TOPIC_TIERS[0]})\s+", "", phrase)
            phrase = _EVALUATIVE.sub(lambda e: _article(e.group(0)), phrase)
            phrase = _tidy(_first_clause(phrase))
            if len(phrase.split()) >= 3 and (best is None or (tier, index) < best[:2]):
                best = (tier, index, phrase)
            break
    if best or not fallback:
        return best[2] if best else ""
    first = re.sub(r"^(?:in this (?:paper|work|study)|here|recently|to this end)\b,?\s*", "",
                   sentences[0] if sentences else "", flags=re.I)
    return _tidy(_first_clause(first))


def _article(matched: str) -> str:
    """Keep a bare "the" but drop "the first"/"a novel": they are praise, not topic."""
    return "" if len(matched.split()) > 1 or matched.strip().lower() in ("a", "an") else matched


def _capitalise(phrase: str) -> str:
    return phrase[:1].upper() + phrase[1:] if phrase else phrase


def infer_title(text: str, names: list[str]) -> str:
    """A readable stand-in title: "Name: what it is" when the paper names its artefact,
    otherwise the topic of its "We study ..." sentence. Never empty."""
    doc = _normalise(text)
    if names:
        name = names[0]
        desc = _describe(doc, name) or _tidy(_topic(doc), _MAX_TITLE - len(name) - 2)
        desc = desc[:1].lower() + desc[1:] if re.match(r"[A-Z][a-z]", desc) else desc
        return f"{name}: {desc}" if desc else name
    return _capitalise(_topic(doc).replace(MATH, "").strip()) or "Untitled paper"


# --------------------------------------------------------------------------- slugs

_SLUG_STOP = _STOP | frozenset(
    "its via how why what when do does can towards is are on".split()
) - {"new", "novel", "first", "simple", "general", "unified", "efficient", "effective"}


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def slug_for(title: str, names: list[str]) -> str:
    """A readable page id: the paper's name if it has one, else a few words of the title."""
    slug = re.sub(r"[^a-z0-9]+", "-", _ascii(names[0])).strip("-") if names else ""
    if not slug:
        words = [w for w in re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", _ascii(title))
                 if w not in _SLUG_STOP]
        slug = "-".join(words[:5])
    if len(slug) > 60:
        slug = slug[:60].rsplit("-", 1)[0] if "-" in slug[:60] else slug[:60]
    slug = re.sub(r"-{2,}", "-", slug).strip("-")
    return slug or "paper"
