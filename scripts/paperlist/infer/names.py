"""Infer a paper's own short name(s) from its abstract.

Abstracts do not come with titles, so we read them the way a person skimming would: a
paper's own name is the one it *introduces* ("we propose X, a framework for ...",
"a method called X", "Long Form (X)"), not every acronym it mentions. Abbreviations that
the abstract merely defines for existing concepts ("Reinforcement learning (RL)") are
the main trap, so every rule needs an introduction cue, and a name already used before
the sentence that introduces it is taken to be someone else's. The sentence that
introduces a name is also what the title says about it, so :func:`analyse` keeps it for
:mod:`paperlist.infer.titles`, along with the cue patterns both read.

Everything here is plain-text heuristics on purpose: no model, no network, deterministic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from paperlist.infer.text import (
    STOP_WORDS,
    Doc,
    fold_case,
    mentions,
    normalise,
    split_sentences,
    word_positions,
)

#: Pattern source of one name token ("ProRL", "MES-RET", "word2ket", "C++").
NAME = r"[^\W_](?:[^\W_]|[-.](?=[^\W_]))*\+{0,2}"
_NAME_RE = re.compile(NAME)

# Head nouns that say "this is an artefact": a name attached to one is a contribution.
_HEADS = (
    "method|approach|framework|model|architecture|algorithm|technique|network|system|tool"
    "|toolkit|toolbox|library|package|dataset|data set|benchmark|corpus|suite|metric|module"
    "|layer|pipeline|procedure|scheme|strategy|platform|agent|language|estimator|optimizer"
    "|regularizer|regularization|loss|objective|attack|defense|defence|environment|simulator"
    "|engine|solver|protocol|family|variant|operator|block|unit|transformer|encoder|decoder"
    "|generator|detector|classifier|learner|policy|score|measure|index|collection|testbed"
    "|database|formulation|mechanism|compiler|interface|reasoner|extension|implementation"
    "|tokenizer|critic"
)
#: Pattern source of a head noun, singular or plural: what a named artefact is.
HEAD = rf"(?:{_HEADS})(?:s|es)?"
_DATA_HEADS = re.compile(
    r"\b(?:dataset|data set|benchmark|corpus|suite|collection|testbed|database)s?\b", re.I
)
# A name introduced as one of these is a task or a concept, not the paper's artefact.
_NOT_ARTEFACT = re.compile(
    r"(?:task|problem|setting|challenge|notion|concept|phenomenon|hypothesis|question|curse"
    r"|regime|assumption|property|perspective|scenario|issue|bias|effect|principle)s?",
    re.I,
)
#: "we propose/introduce/present ...": the verbs that introduce a contribution. A leading
#: (?=[...]) of the cue's possible first letters changes no match, but lets the scan give
#: up at most characters before trying the look-behinds and alternatives.
PROPOSING_VERB = re.compile(
    r"(?=[pidbcr])(?<![-\w])(?<!been )(?<!previously )(?<!recently )(?<!originally )"
    r"(?:propos(?:e|es|ed|ing)|introduc(?:e|es|ed|ing)|present(?:s|ed|ing)?"
    r"|develop(?:s|ed|ing)?|design(?:s|ed|ing)?|build(?:s|ing)?|built|construct(?:s|ed|ing)?"
    r"|creat(?:e|es|ed|ing)|devis(?:e|es|ed|ing)|describ(?:e|es|ed|ing)|releas(?:e|es|ed|ing)"
    r"|curat(?:e|es|ed|ing)|put(?:s)? forward|contribution is"
    r"|pioneer(?:s|ed|ing)?)\b\s*",
    re.I,
)
_SUBJECT = re.compile(
    r"(?=[wothu])\b(?:we|us|our|(?:this|the present) (?:paper|work|study|article|note)|here)\b",
    re.I)
#: "called", "dubbed", "we refer to it as": what a new name follows.
NAMING_CUE = re.compile(
    r"(?=[cndtkrwas])(?<!so-)\b(?:(?:called|named|dubbed|termed|abbreviated)(?: as)?|coined"
    r"|namely|know[n]? as|shorted as|short for"
    r"|refer(?:red)? (?:to )?as"
    r"|(?:we|which we) (?:call|name|term|refer to)"
    r"(?: (?:it|this|them|(?:our|the|this|these) (?:resulting |final |proposed |new )?"
    r"(?-i:[a-z]+)))?"
    r"(?: as)?)\s+",
    re.I,
)
#: A preposition: after one, a phrase modifies something else rather than naming it.
PREPOSITION = re.compile(r"(?<![-\w])(?:of|for|on|in|with|by|from|using|based)\s", re.I)
_DETERMINER = re.compile(r"(?:a|an|the|our|this|two|three)\s", re.I)
# Abbreviations of this shape are shared vocabulary, never one paper's own name.
_COMMON = frozenset(
    "AI ML DL RL NLP CV LLM VLM MLP CNN RNN GNN GCN LSTM GRU GAN VAE SGD GPU CPU TPU API "
    "PCA SVM KNN MDP POMDP ODE PDE SDE IID OOD SOTA QA VQA ASR TTS MT NMT BERT GPT MPC "
    # methods every reader of the field knows by these letters (2024-2026)
    "COT RAG RLHF RLVR DPO PPO GRPO LORA PEFT SFT ICL MOE VIT VLA MLLM LVLM LMM KV NERF SAE"
    .split()
)
_ADJ_SUFFIX = re.compile(
    r"-(?:based|like|style|aware|free|driven|level|wise|specific|agnostic|guided|conditioned"
    r"|augmented|friendly|only|centric|shot|scale|order|step|head|type|dependent|invariant"
    r"|equivariant|efficient|enabled|powered|inspired|induced|[a-z]+ed)$"
)
_NUMBER_WORD = re.compile(r"^(?:\d+|one|two|three|four|multi|single|double|bi|tri)-[a-z]", re.I)
_LETTER = re.compile(r"[^\W\d_]")
# 7B, 2.2K, 13K, 2D, 280K-sample: sizes, not names
_QUANTITY = re.compile(r"\d+(?:[.,]\d+)?[A-Za-z]{0,2}(?:-[a-z]+)?")
#: a parenthesised aside, "(see Section 3)", left out of names and titles
PARENTHESISED = re.compile(r"\s*\([^()]*\)")
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
    if (len(token) < 2 or not _LETTER.search(token) or _ADJ_SUFFIX.search(token)
            or _QUANTITY.fullmatch(token)):
        return 0
    if token.upper() in _COMMON or _PLURAL_CAPS.fullmatch(token) or _NUMBER_WORD.match(token):
        return 0
    if token.isupper() and token.lower() in STOP_WORDS:
        return 0  # "NEW", "NOVEL" of an abstract set in capitals (not "SimPLe")
    if _TWO_CAPS.fullmatch(token):
        return 1  # two capitals are more often a shorthand ("FS", "GA") than a name
    if _HYPHENATED_WORDS.fullmatch(token):
        return 1  # "Gap-Aware", "Poly-encoders": ordinary hyphenated words
    if _UPPER.search(token[1:]) or (_DIGIT.search(token) and _LOWER.search(token)):
        return 2
    if token[0].isupper() and (token[1:].islower() or not token[1:].isalpha()):
        return 1
    return 0


def _abbr_shape(abbr: str, long_form: str) -> int:
    """The shape of an abbreviation in parentheses after its long form: a plural one of a
    capitalised plural long form is shaped as its singular ("Sparse Graph Autoencoders
    (SGAEs)"), while "LLMs" of "large language models" stays shared vocabulary. (Such a
    plural is a name only if the abstract also uses its singular: see _hits.)"""
    if (_PLURAL_CAPS.fullmatch(abbr) and long_form.endswith("s")
            and long_form.split()[-1][:1].isupper()):
        return _shape(abbr[:-1])
    return _shape(abbr)


def acronym_of(abbr: str, words: list[str]) -> int:
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


_LEAD_WORDS = frozenset("a an the our new novel simple first general unified".split())


def _spells_start(abbr: str, words: list[str]) -> bool:
    """Whether a long form right after "we propose" starts with its abbreviation's first
    letter and is capitalised there: "Continual Real-time Unlearning with ... (CaRE)",
    "Tool-integrated verification (T1)" (acronym_of wants every letter at a word start)."""
    words = [w for w in words if w.lower() not in _LEAD_WORDS]
    return (1 < len(words) <= 14 and words[0][:1].isupper()
            and words[0][:1].lower() == abbr[:1].lower())


_ABBR_IN_PARENS = re.compile(r"\((" + NAME + r")\)")
# Up to eight words, each preceded by one space, read backwards from a "(": the reversed
# form of "(?:word ){1,8}" ending right before the parenthesis.
_WORDS_BEFORE_REVERSED = re.compile(r"(?: [\w\u2010-\u2014-]+){1,8}")


@lru_cache(maxsize=16)
def _parenthesised(text: str) -> tuple[tuple[str, int, list[str]], ...]:
    """Each "(ABBR)" of the text: the token, where it starts, and up to eight words before
    it (read only). Found from each "(ABBR)" backwards, which avoids retrying the word run
    at every word of the text."""
    found = []
    backwards = text[::-1]
    for m in _ABBR_IN_PARENS.finditer(text):
        before = _WORDS_BEFORE_REVERSED.match(backwards, len(text) - m.start())
        if before:
            found.append((m.group(1), m.start(), before.group(0)[::-1].split()))
    return tuple(found)


@lru_cache(maxsize=16)
def defined_abbreviations(text: str) -> dict[str, str]:
    """``Long Form (ABBR)`` pairs, used to spell acronyms out in titles (shared: read only).

    Same result as ``re.finditer(r"((?:[\\w-]+ ){1,8})\\((NAME)\\)", text)``, but found
    from each "(ABBR)" backwards (see _parenthesised).
    """
    found: dict[str, str] = {}
    for abbr, _, words in _parenthesised(text):
        if abbr.islower():
            continue  # "diverse predictions (modes)": a gloss, not an abbreviation
        n = acronym_of(abbr, words)
        if n and abbr not in found:
            found[abbr] = " ".join(words[-n:])
    return found


def _is_emphasised(token: str, emphasised: tuple[str, ...]) -> bool:
    return token.lower() in (e.lower() for e in emphasised)


_PHRASE_GOES_ON = re.compile(r"\s+(?:[A-Z]|[a-z]*[A-Z])")
# A lower-case word that carries the phrase on (not "that", "to", "is", "and", ...).
_WORD_GOES_ON = re.compile(
    r"\s+(?!(?:that|which|who|to|for|and|or|is|are|was|were|has|have|can|with|in|on|as|by"
    r"|from|at|of|via|using|under|over|into|than|then|also|while|when|where)\b)"
    r"[a-z][\w-]*(?<!s)\b")  # not a verb: "dubbed Chameleon leverages ..."
_SAYS_WHAT_IT_IS = re.compile(
    r"\s*(?:,\s+(?:a|an|the|which|that)\s|:\s|\(|\s[-\u2013\u2014]+\s"
    r"|[\u2013\u2014]{1,2}\s*(?:a|an|the)\s)")


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
    if shape == 1 and not described and _WORD_GOES_ON.match(after):
        return None  # "called Physics guided ...": a plain word starting a phrase
    if shape == 2 or (shape == 1 and (cued or described)):
        return token
    if not shape and token.islower() and len(token) > 2 and token not in STOP_WORDS:
        # "we introduce sparq (sparse quantile regression), an estimator": a coined word in
        # lower case, spelled out right after and said what it is
        spelled = _SPELLED_NEXT.match(after)
        words = spelled.group(1).split() if spelled else []
        if len(words) >= 2 and acronym_of(token, words) == len(words):
            return token
    if cued and _is_emphasised(token, emphasised) and token.lower() not in STOP_WORDS:
        return token  # to which we refer as "mixout"
    return None


_SPELLED_NEXT = re.compile(r"\s*\(([^()]{3,80})\),\s+(?:a|an|the first)\s")
_CUE_LEAD = re.compile(r"(?:the |a |an )?[\"'\u201c\u2018]?")
_LONG_FORM_AFTER_CUE = re.compile(r"((?:[\w\u2010-\u2014-]+ ){1,8}?)(?:\((" + NAME
                                  + r")(?: for short)?\)|or (" + NAME + r")\b)")


def _after_cue(sentence: str, pos: int, emphasised: tuple[str, ...]) -> tuple[int, str] | None:
    """After "called"/"named": the name, or the abbreviation of a long form that follows."""
    lead = _CUE_LEAD.match(sentence[pos:])
    start = pos + (lead.end() if lead else 0)
    rest = sentence[start:]
    # "called Visual-Linguistic BERT (VL-BERT for short)", "termed Filter Summary CNNs or FSNet"
    m = _LONG_FORM_AFTER_CUE.match(rest)
    if m:
        abbr, words = m.group(2) or m.group(3), m.group(1).split()
        n = len(words) if m.group(3) else acronym_of(abbr, words)
        if _abbr_shape(abbr, m.group(1).rstrip()) == 2 and n and all(
                w[0].isupper() for w in words[:-n]):
            return start + m.start(2 if m.group(2) else 3), abbr
        if (not n and _shape(abbr) == 2 and _capitalised_long_form(words)
                and abbr[0].lower() == words[0][0].lower()):
            # "called Stepwise Contrastive Decoding (Step-XCD)": a long
            # form set like a name, its letters too loose for acronym_of
            return start + m.start(2 if m.group(2) else 3), abbr
    name = _name_at(sentence, start, emphasised, cued=True)
    return (start, name) if name else None


# The rest of a capitalised long form up to its "(ABBR)" or "(ABBR Head)".
_LONG_FORM_GOES_ON = re.compile(
    r"(?:[\s-]+(?:[A-Z][\w-]*|of|for|and|the|in|on|with|to|via|from|by|a|an)){1,10}\s*\("
    + NAME + r"(?:\s[\w-]+)?\)")
_HEAD_IN_PARENS = re.compile(r" [A-Z][a-z]+\)")
_NOUN_PHRASE = re.compile(r"[^,;:.]*")
_RELATIVE_CLAUSE = re.compile(r"\s(?:that|which|where|whose|while|because|to|in order)\s")
_HEAD_NEXT = re.compile(rf"\s+{HEAD}\b", re.I)
_PLURAL_HEAD_NEXT = re.compile(rf"\s+(?:{_HEADS})(?:s|es)\b", re.I)
#: A head noun as a whole word anywhere.
HEAD_WORD = re.compile(rf"\b{HEAD}\b", re.I)
_ENDS_WITH_HEAD = re.compile(rf"\b{HEAD}$", re.I)
_HEAD_COMMA_NAME = re.compile(rf"(?:a|an|the)\s[^.;:()]*?\b{HEAD},\s+(?:the\s+)?({NAME})", re.I)
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
    head = PARENTHESISED.sub("", PREPOSITION.split(phrase)[0]).split()
    if head and _NOT_ARTEFACT.fullmatch(head[-1]):
        return None  # "a new task, ...", "the problem of ...": not an artefact
    determined = bool(_DETERMINER.match(phrase))
    for m in _NAME_RE.finditer(phrase):
        token, before = m.group(0), phrase[: m.start()]
        if before.endswith("(") and (phrase[m.end() : m.end() + 1] == ")" or (
                _HEAD_IN_PARENS.match(phrase, m.end())
                and phrase[m.end() + 1 : phrase.index(")", m.end())] in before)):
            # "(ABBR)", or "Compound Sparse Adapters (CSA Adapters)": the head repeated
            words = before[:-1].split()
            n = acronym_of(token, words)
            if not n and determined and _shape(token) == 2 and _ENDS_WITH_HEAD.search(
                    before[:-1].rstrip()):
                return pos + m.start(), token  # "a new unsupervised approach (Patch2Loc)"
            # the long form must be the object itself, not a modifier deep inside it
            lead = words[:-n] if n else []
            if n and _spelled_abbr(token, words[-n:]) and not PREPOSITION.search(
                    " ".join(lead) + " "):
                if determined or all(w[0].isupper() for w in lead):
                    return pos + m.start(), token
            if _spelled_abbr(token, words) and _spells_start(token, words):
                return pos + m.start(), token  # a long form too loose for acronym_of
            if (_shape(token) == 2 and _capitalised_long_form(words)
                    and _DESCRIBED_AFTER_PARENS.match(sentence, pos + m.end())):
                # "We introduce Cross-Lingual Prompt Smuggling (XLIPS), a novel attack"
                return pos + m.start(), token
            continue
        if not _shape(token) or PREPOSITION.search(before):
            continue
        if _LONG_FORM_GOES_ON.match(phrase, m.end()):
            continue  # "the SYstem of Neat Parts (SYNP)": a long form's first word
        if determined and _is_emphasised(token, emphasised):
            return pos + m.start(), token
        elif (determined and _shape(token) == 2 and before.endswith(" ")
              and _ENDS_WITH_HEAD.search(before.rstrip())
              and not _HEAD_NEXT.match(phrase[m.end() :])):
            return pos + m.start(), token  # "the first ... deployment framework PHOENIX"
        elif (determined and _shape(token) == 2
              and _HEAD_NEXT.match(phrase[m.end() :])
              and not _PLURAL_HEAD_NEXT.match(phrase[m.end() :])
              and not HEAD_WORD.search(before)):
            # "an ARC-style puzzle dataset, PuzzARC": the name set off after the head
            head_end = m.end() + _HEAD_NEXT.match(phrase[m.end() :]).end()
            if not phrase[head_end:].strip() and sentence.startswith(", ", pos + len(phrase)):
                found = _appositive(sentence, pos + len(phrase) + 2, emphasised)
                if found and _shape(found[1]) == 2:
                    return found
            return pos + m.start(), token
    # "a lightweight, economical and transparent reasoning framework, PathHD, that ..."
    late = _HEAD_COMMA_NAME.match(sentence, pos)
    if late and late.end(1) - pos < 160:
        found = _appositive(sentence, late.start(1), emphasised)
        if found:
            return found
    # "a novel adversarial training algorithm, FreeLB, that ...", "a new framework: X",
    # "a search framework — X."
    end = pos + len(window.group(0) if window else "")
    dash = phrase.find("\u2014")
    if dash > 0:
        end, phrase = pos + dash, phrase[:dash]
    mark = _APPOSITION_MARK.match(sentence, end)
    if determined and mark and _ENDS_WITH_HEAD.search(phrase.strip()):
        found = _appositive(sentence, mark.end(), emphasised)
        # after a colon or dash a list often follows ("three parts: an Encoder, ..."):
        # only a coined name right there counts
        if found and (mark.group(0)[0] == "," or (found[0] == mark.end() and (
                _shape(found[1]) == 2 or (mark.group(0)[0] != ":" and _ENDS_CLAUSE.match(
                    sentence, found[0] + len(found[1])))))):
            return found
    return None


_DESCRIBED_AFTER_PARENS = re.compile(
    rf"\),\s+(?:a|an|the first)\s+(?:[\w-]+\s+){{0,4}}?{HEAD}\b", re.I)


def _capitalised_long_form(words: list[str]) -> bool:
    """Two to eight words, each capitalised but for small words: "Cross-Lingual Prompt
    Smuggling", a long form set like a name whatever letters abbreviate it."""
    words = [w for w in words if w.lower() not in _LEAD_WORDS]
    return 2 <= len(words) <= 8 and all(
        w[:1].isupper() for w in words if w.lower() not in STOP_WORDS)


_ENDS_CLAUSE = re.compile(r"\s*(?:[.,;]|$)")
_APPOSITION_MARK = re.compile(r"(?:,|:|\s?\u2014|\s-{1,2})\s*")
_CLOSES_LONG_FORM = re.compile(r"(?: for short)?\)")


def _appositive(sentence: str, start: int, emphasised: tuple[str, ...]) -> tuple[int, str] | None:
    """The name set off after a head noun ("a new method, X, ..."), or the abbreviation
    of a long form there ("a coding architecture, Practical Image Codec (PIC), that")."""
    found = _after_cue(sentence, start, emphasised)
    if not found:
        return None
    offset, name = found
    after = sentence[offset + len(name) :]
    if _CLOSES_LONG_FORM.match(after) or _APPOSITIVE_END.match(after):
        return found
    return None


def _spelled_abbr(token: str, long_form: list[str]) -> bool:
    """Whether a parenthesised token after its long form can be a name: a coined shape, or
    a plain one ("Nash", "T1") whose long form is capitalised like a name."""
    shape = _abbr_shape(token, " ".join(long_form))
    return shape == 2 or (shape == 1 and len(token) > 2 and token[1:].islower() and len(
        long_form) > 1 and all(w[0].isupper() for w in long_form if w.lower() not in STOP_WORDS))


_NAMED_APPOSITIVE = re.compile(
    rf"(?<![\w-])({NAME}),\s+(?:a|an)\s+(?:[\w-]+\s+){{0,4}}?{HEAD}\b")
_OWN_APPOSITIVE = re.compile(
    rf"(?<![\w-])({NAME}),\s+(?:a|an|the first)\s+(?:[\w-]+,?\s+){{0,5}}?{HEAD}\b")
#: What _OWN_APPOSITIVE cannot match without: found by a fast search for its ",", where
#: the pattern itself tries a name at every word (most sentences have no ", a ")
_APPOSITIVE_LEAD = re.compile(r",\s+(?:a|an|the first)\s")
# Before a name: it is what the paper is tested on or built from, not what it makes.
_USED_ON = re.compile(
    r"\b(?:evaluat|validat|benchmark|test|compar|experiment|integrat|demonstrat|appl|train"
    r"|fine-tun|build(?:ing)? on|based on|extend)\w*|\b(?:on|in|of|to|from|against|than|over"
    r"|like|including|such as|matches|outperforms|[Hh]ybrid|[Gg]eneralized)\s+$", re.I)
# "Hybrid LinUCB", "LLM SELECTOR": the last word of a longer name, not a name of its own.
_NAME_GOES_BACK = re.compile(r"\b[A-Z][\w-]*\s$")
_OUR_HEAD_COMMA = re.compile(
    rf"\b(?:our|the (?:resulting|proposed|complete|new|final)|(?:a|an) (?:new|novel))\s+"
    rf"(?:[\w-]+\s+){{0,4}}?{HEAD},\s+(?:the\s+)?", re.I)
_OUR_NAME_HEAD = re.compile(
    rf"\b(?i:our(?: so-called)?|the proposed|this)\s+"
    rf"(?=({NAME})(?:\s+\(({NAME})\))?\s+{HEAD}\b)")
_OPENS_WITH_NAME = re.compile(
    rf"({NAME})(?:,| is) (?:a|an|the first)\b[^.;]{{0,80}}?\b{HEAD}\b")
_NAME_THEN_PAREN = re.compile(r"\s*[,(]")
# Lower-case words that each case-insensitive cue above needs (see mentions).
_NAMING_WORDS = ("call", "name", "dubbed", "termed", "coined", "know as",  # call(ed), name(d|ly)
                 "abbreviated", "shorted as", "short for", "known as", "refer", "we term")
#: What leads to a long form the paper coins: a proposing verb, or "with"/"through"
#: ("we address this with Long Form (LF)"), then at most an article and a praise word.
_OWN_LONG_FORM_LEAD = re.compile(
    r"(?:\b(?:propos|introduc|present|develop|design|build|construct|creat|devis|defin|form"
    r"|call|nam|term|dub)[a-z]*\s*|\b(?:with|through|via)\s+)(?:(?:a|an|the|our)\s+)?"
    r"(?:(?:new|novel|simple|general|unified)\s+)?"
    r"(?:(?!task|problem|setting|paradigm|challenge|question)[a-z]+\s*[,:]\s+)?")
#: Methods the field knows by their letters, which an abstract spells out as it uses them
#: ("we optimise the policy with Soft Actor-Critic (SAC)"): never the paper's own
_KNOWN_METHODS = frozenset(
    "SAC CQL IQL HER TD3 DDPG DQN A2C A3C TRPO MAML MCTS BPTT EM MCMC HMC VI ELBO KL "
    "SVD PCA ICA LDA ADMM SGLD ADAM LBFGS BM25 TFIDF".split())
_NOT_COINED = _COMMON | _KNOWN_METHODS
_CLAUSE_MARKS = re.compile(r"[,;:]")
_VERB_WORDS = ("propos", "introduc", "present", "develop", "design", "build", "built",
               "construct", "creat", "devis", "describ", "releas", "curat", "put forward",
               "puts forward", "contribution is", "pioneer")
_OUR_HEAD_WORDS = ("our", "the resulting", "the proposed", "the complete", "the new",
                   "the final", "a new", "an new", "a novel", "an novel")
_OUR_NAME_WORDS = ("our", "the proposed", "this")


def _describes_in_lower_case(sentence: str, offset: int, name: str) -> bool:
    """Whether the "(ABBR)" at ``offset`` abbreviates a long form in lower case and is
    followed by a head noun: "a multi-stage packing policy (MSPP) framework"."""
    if sentence[offset - 1 : offset] != "(" or not _HEAD_NEXT.match(
            sentence, offset + len(name) + 1) or sentence[offset + len(name) :][:1] != ")":
        return False
    words = sentence[max(0, offset - 120) : offset - 1].split()[-8:]
    n = acronym_of(name, words)
    return bool(n) and all(w[:1].islower() for w in words[-n:])


def _candidates(sentence: str, emphasised: tuple[str, ...]) -> list[tuple[int, str, bool]]:
    """(offset, name, weak) for every introduction cue in one sentence.

    Each pattern is tried only if the words it needs occur in the sentence: most sentences
    have no cue at all, and scanning them is what made this slow.
    """
    folded = fold_case(sentence)
    hits: list[tuple[int, str] | None] = []
    weak_hits: list[tuple[int, str]] = []
    # the first "we" / "this paper": where the sentence starts speaking of the paper's work
    verbs = mentions(folded, _VERB_WORDS)
    own = _SUBJECT.search(sentence) if verbs or "," in sentence or "(" in sentence else None
    if mentions(folded, _NAMING_WORDS):
        for m in NAMING_CUE.finditer(sentence):
            # "one popular encoding, namely X", "the widely used method called X"
            lead = fold_case(sentence[max(0, m.start() - 40) : m.start()]).split()[-4:]
            if not _word_lists()["not_own"].intersection(lead):
                hits.append(_after_cue(sentence, m.end(), emphasised))
    proposing = False
    if verbs:
        # A verb counts after a subject ("we", "this paper") or as "our contribution is".
        # The text before a verb has a subject iff the first subject ends before the verb,
        # so without "contribution is" only the verbs after that subject need finding.
        subject = own
        contribution = "contribution is" in folded
        if subject or contribution:
            start = subject.end() if subject and not contribution else 0
            for m in PROPOSING_VERB.finditer(sentence, start):
                if ((subject and subject.end() <= m.start())
                        or m.group(0).lower().startswith("contrib")):
                    proposing = True
                    hits.append(_after_verb(sentence, m.end(), emphasised))
    # "we propose a multi-stage packing policy (MSPP) framework": letters for a
    # description in lower case, modifying a head noun, are weak beside a coined name
    for i, hit in enumerate(hits):
        if hit and _describes_in_lower_case(sentence, *hit):
            hits[i] = None
            weak_hits.append(hit)
    # "we introduce *A*, a benchmark ..., and *B*, a model ...": emphasis plus appositive
    if proposing and emphasised:
        for m in _NAMED_APPOSITIVE.finditer(sentence):
            if _shape(m.group(1)) and _is_emphasised(m.group(1), emphasised):
                hits.append((m.start(), m.group(1)))
    # "We address this gap with X, the first ... framework", "... through X, a new method":
    # a coined name the sentence about the paper's own work describes as an artefact
    subject = own if "," in sentence else None
    if subject and _APPOSITIVE_LEAD.search(sentence, subject.end()):
        for m in _OWN_APPOSITIVE.finditer(sentence, subject.end()):
            described = fold_case(m.group(0)).split()
            before = sentence[subject.end() : m.start()]
            if (_shape(m.group(1)) == 2 and not _USED_ON.search(before)
                    and not _NAME_GOES_BACK.search(before)
                    and not _word_lists()["not_own"].intersection(described)):
                hits.append((m.start(), m.group(1)))
    # "The resulting algorithm, X, ...", "Our method, X, ...", "... to a new model, X, by"
    if "," in sentence and mentions(folded, _OUR_HEAD_WORDS):
        for m in _OUR_HEAD_COMMA.finditer(sentence):
            name = _name_at(sentence, m.end(), emphasised, cued=True)
            if name and _NAME_THEN_PAREN.match(sentence[m.end() + len(name) :]):
                hits.append((m.end(), name))
    # "this X model", "our X framework"
    if mentions(folded, _OUR_NAME_WORDS):
        for m in _OUR_NAME_HEAD.finditer(sentence):
            # "the proposed Long-Name (LN) model": the abbreviation is what it goes by
            if m.group(2) and _shape(m.group(2)) == 2:
                hits.append((m.start(2), m.group(2)))
            elif _shape(m.group(1)) == 2:
                hits.append((m.end(), m.group(1)))
    # "We address this with Diverse-Exploration RL (DeRL)", "this paper introduces
    # Decision-Focused Generative Learning (Gen-DFL)": an abbreviation the sentence about
    # the paper's own work spells out, capitalised, after a proposing verb or "with" or
    # "through" (not "we propose probably approximately correct (PAC) algorithms"). Weak (a
    # name cued outright wins), as "we propose a method for the Markov decision process
    # (MDP)" spells out a concept the paper did not coin.
    subject = own if "(" in sentence else None
    if subject:
        for m in _ABBR_IN_PARENS.finditer(sentence, subject.end()):
            abbr = m.group(1)
            if _abbr_shape(abbr, sentence[: m.start()].rstrip()) != 2 \
                    or abbr.upper() in _NOT_COINED:
                continue  # not "(GS)", "(modes)", "(SAC)"
            before = sentence[subject.end() : m.start()]
            # the nearest lead whose words up to the "(" spell the abbreviation out (a
            # nearer "with" may be the long form's own: "Search with Learned Values")
            for lead in reversed(list(_OWN_LONG_FORM_LEAD.finditer(before))):
                long = before[lead.end() :]
                words = long.split()
                n = acronym_of(abbr, words)
                if n >= 2 and n >= len(words) - 1 and words[-n][0].isupper() \
                        and not _USED_ON.search(before[: lead.start()]) \
                        and not _CLAUSE_MARKS.search(long):  # not "a new task, Long (LF)"
                    weak_hits.append((m.start() + 1, abbr))
                    break
    # A sentence that opens with a coined name and says what it is: "X is a ... method".
    # It is only a weak hint (a cited method is described so too: "X, a popular method"):
    # dropped when the abstract introduces a name of its own.
    m = _OPENS_WITH_NAME.match(sentence)
    found = [(offset, name, False) for offset, name in filter(None, hits)]
    found += [(offset, name, True) for offset, name in weak_hits]
    if m and _shape(m.group(1)) == 2:
        described = fold_case(m.group(0)).split()
        if not _word_lists()["not_own"].intersection(described):
            found.append((0, m.group(1), True))
    return found


@dataclass(frozen=True)
class Hit:
    """A name the abstract introduces, and where: its sentence also describes it."""

    name: str
    sentence: int
    start: int  # offset of the name in its sentence
    is_data: bool  # a dataset or benchmark rather than a method: listed after methods
    weak: bool = False  # only "X is a ... method": dropped if the abstract has a name cued


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


_SIZE_SUFFIX = re.compile(r"-\d+(?:\.\d+)?B$")  # "e3-1.7B": the model's size, not its name
_GLUED = re.compile(r"\.([A-Z][a-z]+)")  # "MoSE.Moreover": a missing space
_DATA_FILE = Path(__file__).resolve().parent.parent / "data" / "names.yml"


@lru_cache(maxsize=1)
def _word_lists() -> dict[str, frozenset[str]]:
    raw = yaml.safe_load(_DATA_FILE.read_text(encoding="utf-8"))
    return {k: frozenset(v.lower().split()) for k, v in raw.items()}


def _clean(name: str) -> str:
    """A found name without the model size or the next sentence's first word glued to it."""
    glued = _GLUED.search(name) if "." in name else None
    if glued and glued.group(1).lower() in _word_lists()["sentence_openers"]:
        name = name[: glued.start()]
    return _SIZE_SUFFIX.sub("", name)


_WORD_PARTS = re.compile(r"[-\u2013\u2014\s]+|(?<=[a-z])(?=[A-Z])")


def _crafted(abbr: str, long: str) -> bool:
    """Whether ``abbr`` is more than the initials of the parts of ``long`` ("GoA" of
    "Graph-of-Agents", "PnF" of "Plug-and-Fold" are initials; "S2J", "BARE" are not)."""
    head = abbr.split("-")[0].lower()
    if long.lower().startswith(abbr.lower()) or (len(head) > 2 and long.lower().startswith(head)):
        return False  # "NECromancer (NEC)", "missingness-MDPs (miss-MDPs)": clippings
    parts = [p for p in _WORD_PARTS.split(long) if p]
    letters = "".join(c for c in abbr.lower() if c.isalnum())
    plain = "".join(p[0] for p in parts).lower()
    with_n = "".join("n" if p.lower() == "and" else p[0] for p in parts).lower()
    return letters not in (plain, with_n)


def _spelled_by(text: str) -> dict[str, str]:
    """Words of a long form that spell out a defined abbreviation -> the abbreviation:
    "REinforcement Learning with ... (RESTRAIN)" is RESTRAIN, not "REinforcement". But
    an abbreviation of one coined word -> that word: "Graph-of-Agents (GoA)" is the name
    the paper goes by. Unless the abbreviation is crafted rather than the word's initials
    ("Solve-to-Judge (S2J)", "Base-Refine (BARE)") and the abstract goes on using it more:
    then it is a name of its own."""
    spelled = _spelled_by_capitals(text)
    defined = defined_abbreviations(text)
    for abbr, long in defined.items():
        words = long.split()
        if len(words) == 1 and _shape(words[0]) and ("-" in long or _UPPER.search(long[1:])):
            if _crafted(abbr, long) and (len(word_positions(text, abbr))
                                         > len(word_positions(text, long))):
                spelled[long] = abbr
            else:
                spelled[abbr] = long
            continue
        # not a name introduced before its long form: "We propose X ... the X Score (XS)"
        # (an abbreviation defined before is one: "KXE randomized GAN (KXE-GAN)")
        coined = [word for word in words if (_TWO_CAPS.match(word) or _UPPER.search(word[1:]))
                  and word not in spelled]
        if coined:
            before = text[: text.find(long + " (")]
            spelled.update((word, abbr) for word in coined
                           if word in defined or not word_positions(before, word))
    return spelled


_CAPITALS = re.compile(r"[A-Z]")
# a capital inside a part of a word, not starting it: "rePLAN", "ranKed" (not "Multi-Agent")
_ODD_CAPITAL = re.compile(r"[^\W\d_][A-Z]")


def _spelled_by_capitals(text: str) -> dict[str, str]:
    """Words of a long form whose capitals spell out its abbreviation -> the abbreviation:
    "REcurrent planning with self-rePLAN loops (REPLAN)" and
    "ranKed-Of-Ten-Action (KOTA)" are REPLAN and KOTA (acronym_of takes the
    shortest run of words that spells the letters, here not where the long form starts).
    Only words with a capital inside ("rePLAN", not "Multi-Agent"), and a one-word
    long form only when it is crafted and used less than its abbreviation, as in
    :func:`_spelled_by`."""
    spelled: dict[str, str] = {}
    defined = defined_abbreviations(text)
    for abbr, start, words in _parenthesised(text):
        long = defined.get(abbr)
        if long and long[0] == abbr[0]:
            continue  # spelled out from its first letter: _spelled_by's own loop maps it
        letters = "".join(c for c in abbr if c.isalnum())
        if (len(letters) < 3 or not letters.isupper() or abbr in spelled.values()
                or not _ODD_CAPITAL.search(" ".join(words))):
            continue
        caps = ""
        for i in range(len(words) - 1, -1, -1):
            caps = "".join(_CAPITALS.findall(words[i])) + caps
            if len(caps) >= len(letters):
                long = " ".join(words[i:])
                earlier = text[: start - len(long) - 1]
                if caps == letters and (i < len(words) - 1 or (
                        _crafted(abbr, long) and len(word_positions(text, abbr))
                        > len(word_positions(text, long)))):
                    spelled.update((w, abbr) for w in words[i:]
                                   if _ODD_CAPITAL.search(w) and w[:1].isalpha()
                                   and not word_positions(earlier, w))
                break
    return spelled


def _hits(sentences: tuple[str, ...], emphasised: tuple[str, ...]) -> tuple[Hit, ...]:
    hits: list[Hit] = []
    seen_before = ""
    spelled = _spelled_by(" ".join(sentences)) if any("(" in s for s in sentences) else {}
    for index, sentence in enumerate(sentences):
        for offset, found, weak in _candidates(sentence, emphasised):
            name = _clean(spelled.get(found, found))
            if word_positions(seen_before, name):
                continue  # used before it is introduced: someone else's name
            if _PLURAL_CAPS.fullmatch(name):
                # "we introduce ... (TSDLs) ... one TSDL": a family of models the
                # abstract also names one by one; otherwise a plural is a kind of thing
                if not word_positions(" ".join(sentences), name[:-1]):
                    continue
                name = name[:-1]
            context = sentence[max(0, offset - 60) : offset + len(name) + 60]
            is_data = bool(_DATA_HEADS.search(context)) and not _called_a_method(sentence, name)
            hits.append(Hit(name, index, offset, is_data, weak))
        seen_before += " " + sentence
    return tuple(hits)


@dataclass(frozen=True)
class Analysis:
    """Everything infer_names and infer_title both need from one abstract."""

    doc: Doc
    sentences: tuple[str, ...]
    hits: tuple[Hit, ...]


_SUBJECT_NAME = re.compile(rf"({NAME}) (?!is\b|has\b|was\b|does\b)[a-z]{{3,}}s\b")


def _subject_hit(sentences: tuple[str, ...], text: str) -> tuple[Hit, ...]:
    """With no cue at all: a coined name that first appears as the subject of a sentence
    after the first and that the abstract uses again ("NoiseTune adds noise to ...")."""
    for index, sentence in enumerate(sentences[1:], 1):
        m = _SUBJECT_NAME.match(sentence)
        if not m or _shape(m.group(1)) != 2:
            continue
        name = m.group(1)
        uses = word_positions(text, name)
        if len(uses) > 1 and not word_positions(" ".join(sentences[:index]), name):
            return (Hit(name, index, 0, False),)
    return ()


# "Code: https://github.com/user/FastWalk": the repository of the paper's code
_CODE_HOSTS = ("github.com/", "gitlab.com/", "huggingface.co/")
_CODE_REPOSITORY = re.compile(
    "(?:" + "|".join(re.escape(host) for host in _CODE_HOSTS) + ")"
    r"[\w.-]+/([A-Za-z][A-Za-z0-9-]*?)(?:\.git)?(?=[/\s)\]}>]|[.,;]?$|[.,;]\s)")
_LONGEST_REPOSITORY_NAME = 12
# what says the link is the paper's own: "Code is available at", "we release ... at"
_OFFERS_CODE = re.compile(
    r"\b(?:[Cc]odes?|[Cc]odebase|available|releas\w*|open-sourc\w*|[Rr]epository"
    r"|[Ii]mplementation|[Pp]roject)\b")


def _repository_hit(raw: str, sentences: tuple[str, ...]) -> tuple[Hit, ...]:
    """With no name introduced at all: the code repository's name, if it is a short
    coined word ("FastWalk", "Maze-Kit"), is what the authors call their work. (The text
    read has no links left: the hit points past the end of the first sentence about the
    paper's own work, which is what a title says the work is.)"""
    m = _CODE_REPOSITORY.search(raw) if any(h in raw for h in _CODE_HOSTS) else None
    if (not m or not sentences or len(m.group(1)) > _LONGEST_REPOSITORY_NAME
            or _shape(m.group(1)) != 2
            or not _OFFERS_CODE.search(raw, max(0, m.start() - 80), m.start())):
        return ()  # not a tool the work uses: "built on github.com/org/Tool"
    own = next((i for i, s in enumerate(sentences) if _SUBJECT.search(s)), 0)
    return (Hit(m.group(1), own, len(sentences[own]), False),)


_HYPHENS = re.compile("[\u2010\u2011]")
_TEXT_IN_MATH = re.compile(
    r"\$\s*(?:\\(?:text|textbf|textit|texttt|textsf|textrm|textsc|mathrm|mathbf|mathit"
    r"|mathsf|mathtt|emph|underline|boldsymbol)\s*\{\s*)+([^{}$\\\s][^{}$\\]*|)(?:\}\s*)+\$")
_THAT_IS = re.compile(r"\((?:i\.e\.|a\.k\.a\.),?\s+(" + NAME + r")\)")


@lru_cache(maxsize=16)
def analyse(text: str) -> Analysis:
    """Read an abstract once: an import calls infer_names and then infer_title on it."""
    # "***X***" (bold italic) would leave "*X*" behind; non-breaking hyphens split names
    plain = text.replace("***", "**") if "***" in text else text
    if "$\\" in plain:  # "$\textit{Long Form}$" is words, not a formula run together
        plain = _TEXT_IN_MATH.sub(r"\1", plain)
    doc = normalise(plain)
    if "(i.e." in doc.text or "(a.k.a." in doc.text:  # "Long Form (i.e., ABBR)"
        doc = Doc(_THAT_IS.sub(r"(\1)", doc.text), doc.emphasised)
    if "\u2011" in doc.text or "\u2010" in doc.text:
        emphasised = tuple(_HYPHENS.sub("-", e) for e in doc.emphasised)
        doc = Doc(_HYPHENS.sub("-", doc.text), emphasised)
    sentences = tuple(split_sentences(doc.text))
    hits = (_hits(sentences, doc.emphasised) or _subject_hit(sentences, doc.text)
            or _repository_hit(text, sentences))
    return Analysis(doc, sentences, hits)


# "X-26k", "X-1.5M": a data set's size, so a derived release ("the X-26k training set")
_COUNT_SUFFIX = re.compile(r"-\d+(?:\.\d+)?[kKM]$")


def _base_of_count(name: str, text: str) -> str:
    """"X" for "X-26k" when the abstract goes on calling the artefact plain X (at least
    twice) and X is not an abbreviation defined in passing: the count is one release of
    X, not its name."""
    m = _COUNT_SUFFIX.search(name)
    if not m:
        return name
    base = name[: m.start()]
    if (_shape(base) == 2 and len(word_positions(text, base)) >= 2
            and f"({base})" not in text):
        return base
    return name


# "We also/further propose ...", "Furthermore, we ...": a contribution beside the main one.
_SECONDARY = re.compile(
    r"\b(?:we (?:also|further|then|additionally|finally|subsequently|next)\b"
    r"|(?:^|, )(?:further(?:more)?|additionally|in addition|moreover|finally|besides|also)\b"
    r"|\b(?:also|further|additionally) (?:propos|introduc|present|develop|design|build"
    r"|construct|creat|releas|curat)[a-z]*\b)",
    re.I)
# "Building on X, we propose Y", "On this foundation, we ...": Y is what the earlier
# contribution was for, the paper's end product.
_BUILDS_ON = re.compile(
    r"(?:building (?:up)?on|built (?:up)?on|on top of|on (?:this|that|these) (?:foundation|basis)"
    r"|based on (?=[^\W\d_]*[A-Z]))\b", re.I)
# "we build two models: X and Y": a name listed as one of several of a kind
_SEVERAL = re.compile(
    rf"\b(?:two|three|four|several|multiple|a few|a family of|a suite of)\s+(?:[\w-]+\s+){{0,3}}?"
    rf"(?:{_HEADS})(?:s|es)\s*(?::|,|\(|,?\s+(?:namely|i\.e\.,?|including|called|named|dubbed))"
    r"(?:[^.;:]{1,60}?(?:,|\band))?\s*$", re.I)


def _one_of_several(sentence: str, start: int) -> bool:
    """Whether the name at ``start`` is in a list of several artefacts of a
    kind ("two models: X and Y"): each is a part of the work, none the paper's own name."""
    return bool(_SEVERAL.search(sentence[max(0, start - 80) : start]))


_VERSION = re.compile(r"[-\s]?(?:[vV]?\d+(?:\.\d+)*|\+\+?|[vV]\d+)")


def _is_version_of(newer: str, older: str) -> bool:
    """"TD-MPC2" of "TD-MPC", "MiniGPT-v2" of "MiniGPT", "Pseudo-LiDAR++" of "Pseudo-LiDAR"."""
    return (len(newer) > len(older) and newer.startswith(older)
            and bool(_VERSION.fullmatch(newer[len(older) :])))


def _family_first(names: list[str], text: str) -> list[str]:
    """A family of names goes by its stem: "Omni-Reward" before "Omni-RewardBench" and
    "Omni-RewardModel"; and "RARE-Get", "RARE-Set" are RARE's parts when the abstract
    also says RARE on its own, twice or more (once is rather the base model its variants
    build on: "LLaVA-Med and LLaVA-Path both fine-tune LLaVA")."""
    def stem_of(n: str) -> str:
        return n[: n.index("-")] if "-" in n[1:] else ""

    for n in names:
        if sum(1 for m in names if m != n and m.startswith(n)) >= 2:
            return [n] + [m for m in names if m != n]
    stems = [stem_of(n) for n in names]
    for stem in dict.fromkeys(stems):
        if stem and stems.count(stem) >= 2 and _shape(stem) == 2 and stem not in names \
                and len(word_positions(text, stem)) >= 2:
            return [stem, *names]
    return names


# "X-Bench", "XBench", "X-Eval": a benchmark named after the model X it comes with
_BENCH_SUFFIX = re.compile(r"-?(?:Bench|Benchmark|Eval|Arena|Suite)$")


def _model_of_benchmark(names: list[str], text: str) -> list[str]:
    """"RedFox" before "RedFox-Bench" when the abstract talks of plain RedFox three times
    or more (and it is not an abbreviation defined in passing): the benchmark is the
    model's companion, the model is what the paper is about."""
    m = _BENCH_SUFFIX.search(names[0])
    stem = names[0][: m.start()] if m else ""
    if (stem and stem not in names and _shape(stem) == 2
            and len(word_positions(text, stem)) >= 3 and f"({stem})" not in text):
        return [stem, *names]
    return names


_LONGEST_NAME = 40


def infer_names(text: str) -> list[str]:
    """The short names the abstract introduces for its own artefacts: one introduced as
    built on an earlier one first, then the one it uses most (the paper's own name is what
    the rest of the abstract talks about; its first method counts one use more), ties to
    the main contribution over an extra one ("we further propose ..."), then methods
    before datasets, then in order of introduction. Names introduced
    before the abstract first speaks of the paper itself ("we", "this paper") come last:
    the background names existing things ("a problem known as Long Form (LF)").

    Returns [] rather than guess: a wrong name on a catalogue page is worse than none.
    """
    names: list[str] = []
    analysis = analyse(text)
    strong = any(not h.weak for h in analysis.hits)
    first: dict[str, Hit] = {}
    for hit in sorted(analysis.hits, key=lambda h: (h.is_data, h.sentence, h.start)):
        if hit.weak and strong:
            continue
        if hit.name.lower() not in (n.lower() for n in names):
            names.append(hit.name)
            first[hit.name] = hit
    if len(names) > 1:
        # "TD-MPC2 ... upon the TD-MPC algorithm": the new version is the paper's
        names = [n for n in names if not any(_is_version_of(m, n) for m in names)]
        uses = {n: len(word_positions(analysis.doc.text, n)) for n in names}
        own = next((i for i, s in enumerate(analysis.sentences) if _SUBJECT.search(s)),
                   len(analysis.sentences))
        secondary = {n: bool(_SECONDARY.search(analysis.sentences[first[n].sentence]))
                     or _one_of_several(analysis.sentences[first[n].sentence], first[n].start)
                     for n in names}
        # "Building on X, we develop Y": Y is the end product, ahead of X however used
        builds = {n: bool(_BUILDS_ON.match(analysis.sentences[first[n].sentence]))
                  and not secondary[n]
                  and first[n].sentence > min(first[m].sentence for m in names)
                  for n in names}
        # the first method the paper's own part introduces is its headline: it counts one
        # use more, as the rest of a short abstract has less room to repeat it
        lead = min((n for n in names if first[n].sentence >= own),
                   key=lambda n: (first[n].sentence, first[n].start), default=None)
        if lead is not None and not first[lead].is_data:
            uses[lead] += 1
        # stable: ties go to a coined word over a bare acronym, then to the main
        # contribution over one introduced as an extra ("we also ..."), then keep the
        # order above
        names.sort(key=lambda n: (first[n].sentence < own, bool(_COUNT_SUFFIX.search(n)),
                                  not builds[n], -uses[n], n.isupper(), secondary[n]))
    if names and first[names[0]].is_data:
        names = _model_of_benchmark(names, analysis.doc.text)
    if len(names) > 1:
        names = _family_first(names, analysis.doc.text)
    if any(_COUNT_SUFFIX.search(n) for n in names):
        # ("ACCORD", "ACCORD-90k") stay both: the data set is a second artefact
        names = [n if n[: n.rfind("-")] in names else _base_of_count(n, analysis.doc.text)
                 for n in names]
    # a "name" longer than a title has room for is a run of letters (a DNA sequence, a
    # hash), not what anybody calls a method
    return [n for n in names if len(n) <= _LONGEST_NAME][:4]
