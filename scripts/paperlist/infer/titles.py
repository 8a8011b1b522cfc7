"""A readable stand-in title for a paper, inferred from its abstract.

Abstracts come without titles, and a list of "Untitled paper"s cannot be browsed. A paper
that names its artefact gets "Name: what it is", taken from the sentence that introduces
the name; otherwise the title is the topic of its "We study ..." sentence. Editors replace
it with the official title (``title_inferred: false``); until then it must at least read
like one: no formulas, no dangling words, at most a hundred characters.
"""

from __future__ import annotations

import math
import operator
import re
from collections import Counter
from functools import cache, lru_cache
from itertools import chain
from pathlib import Path
from typing import NamedTuple

import yaml

from paperlist.infer.names import (
    HEAD,
    HEAD_WORD,
    NAME,
    NAMING_CUE,
    PARENTHESISED,
    PREPOSITION,
    PROPOSING_VERB,
    Analysis,
    acronym_of,
    analyse,
    defined_abbreviations,
)
from paperlist.infer.text import FORMULA_PLACEHOLDER, STOP_WORDS, word_positions
from paperlist.util.text import fold_plural, line_break_cuts

_MAX_TITLE = 100
_DATA_FILE = Path(__file__).resolve().parent.parent / "data" / "titles.yml"


@lru_cache(maxsize=1)
def title_rules() -> dict[str, frozenset[str] | int | dict[str, str]]:
    """data/titles.yml: the word lists that tell a broken title (shared: read only); a
    mapping as word -> word, lower-cased."""
    raw = yaml.safe_load(_DATA_FILE.read_text(encoding="utf-8"))
    return {k: v if isinstance(v, int) else
            {a.lower(): (b or "").lower() for a, b in v.items()} if isinstance(v, dict) else
            frozenset(v.lower().split()) for k, v in raw.items()}


_TITLE_WORD = re.compile(r"[^\W_](?:[\w'\u2019.+-]*[^\W_])?")
_NAME_PREFIX = re.compile(r"^[^\s:]{1,40}:\s+")
_DASHES = ("-", "\u2010", "\u2011", "\u2013", "\u2014")


_FUNCTION_OF: list = [None, frozenset()]


def _function_words(rules: dict[str, frozenset[str] | int | dict[str, str]]) -> frozenset[str]:
    """The rules' function words and the articles: one union per rules, not one per
    abstract for each of the three steps that ask."""
    if _FUNCTION_OF[0] is not rules:
        _FUNCTION_OF[:] = [rules, rules["function_words"] | _ARTICLES]
    return _FUNCTION_OF[1]


def title_problems(title: str) -> list[str]:
    """Why a title does not read as one, by the rules of data/titles.yml: ``start`` (a
    pronoun, determiner or counting word after any "Name:" prefix), ``end`` (a function
    word, or a dash), ``verb`` (a finite verb), ``refers`` (to what the title leaves out:
    "such prompt guards"), ``long``, ``short``, ``latex`` (a backslash: LaTeX source, which
    no reader wants in a listing). Empty for a good title."""
    rules = title_rules()
    problems = []
    desc = _NAME_PREFIX.sub("", title, count=1)
    words = [w.lower() for w in _TITLE_WORD.findall(desc)]
    if words and words[0] in rules["bad_start"]:
        problems.append("start")
    # a function word, or a hyphen left by the word it was shared with ("between coarse-"
    # of "between coarse- and fine-scale representations")
    if words and words[-1] in rules["bad_end"] or title.rstrip().endswith(_DASHES):
        problems.append("end")
    if any(w in rules["finite_verbs"] for w in words):
        problems.append("verb")
    refers = rules["refers_back"]
    if any(w in refers and (not refers[w] or refers[w] not in words[i + 1:])
           for i, w in enumerate(words)):
        problems.append("refers")
    if len(title) > rules["max_chars"]:
        problems.append("long")
    if len(words) < rules["min_words"]:
        problems.append("short")
    # LaTeX source a phrase of the abstract carried in: a command (`\citep`, `\method`,
    # `\enquote` with its braces gone), a line break (`\\`), an escape (`\<`)
    if "\\" in title:
        problems.append("latex")
    return problems
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
_THIS_PAPER_FILLER = re.compile(r"\s(?:in|of) this (?:paper|work|study)\b|^(?:and|also|then)\s")
_MARKUP = re.compile(r"[*_`$\\{}\[\]<>]")
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+")
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
    phrase = PARENTHESISED.sub("", phrase).split("(")[0]
    phrase = _THIS_PAPER_FILLER.sub(" ", phrase)
    # a LaTeX command goes whole: its name is no word of the title (`\method` is not "method")
    phrase = _LATEX_QUOTES.sub("", _MARKUP.sub("", _LATEX_COMMAND.sub(" ", phrase)))
    phrase = _SPACES.sub(" ", phrase).strip(" .,;:-\u2013\u2014")
    limit = max(limit, 0)  # a name near 100 characters leaves no room (and "[:-5]" grows)
    while len(phrase) > limit:
        seps = (", ", " and ", " with ", " via ", " by ", " through ", " using ", " that ")
        cut = max(phrase.rfind(sep, 0, limit) for sep in seps)
        if cut < limit // 2:
            cut = phrase.rfind(" ", 0, limit)
        phrase = phrase[:cut] if cut > 20 else phrase[:limit]
    words = phrase.split()
    while words and words[-1].lower().strip(",") in STOP_WORDS:
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
            for i in word_positions(phrase, abbr):
                pieces += [phrase[last:i], _sentence_case(long)]
                last = i + len(abbr)
            phrase = "".join(pieces) + phrase[last:]
    return phrase


_FOR_SHORT = re.compile(r"^ for short\b")
_LONG_FORM_NEXT = re.compile(r"\s*(?:\(([^()]{6,})\)|:\s+([^,;]{6,}))")
_SPELLED_OUT_BEFORE = re.compile(r"((?:[\w-]+ ){1,8})or $")
_APPOSITION = re.compile(r"\s*(?:\([^()]*\))?\s*(?:,|:|\sis)\s+(.*)")
_ARTICLE = re.compile(r"(?:a|an|the)\b")
_HEAD_ALONE = re.compile(HEAD)
_GERUND_FIRST = re.compile(r"\w+ing\b")


def _describe(analysis: Analysis, name: str) -> str:
    """What the named artefact is, from the sentence that introduces it."""
    doc = analysis.doc
    for hit in analysis.hits:
        if hit.name != name:
            continue
        sentence = analysis.sentences[hit.sentence]
        after = _FOR_SHORT.sub("", sentence[hit.start + len(name) :])
        before = sentence[: hit.start]
        abbreviations = defined_abbreviations(doc.text)
        desc = ""
        long = _LONG_FORM_NEXT.match(after)
        # "... matching or GRAM" (the scan is slow, so only where "or $" can match)
        spelled = (_SPELLED_OUT_BEFORE.search(before)
                   if before.endswith(("or ", "or \n")) else None)
        if long and acronym_of(name, (long.group(1) or long.group(2)).split()):
            desc = _sentence_case(long.group(1) or long.group(2))
        elif spelled and acronym_of(name, spelled.group(1).split()):
            words = spelled.group(1).split()
            desc = _sentence_case(" ".join(words[-acronym_of(name, words) :]))
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
    rf"\b(?:a|an|the|two|three|our)\s+((?:[\w\u2010-\u2014-]+\s+){{0,4}}?{HEAD})\b", re.I)


def _head_before(before: str) -> str:
    """The noun phrase that the name was attached to: "an effective RL framework", or the
    whole object when the name follows it ("we propose Video-level 4D CNNs, namely V4D")."""
    clause = PARENTHESISED.sub("", PROPOSING_VERB.split(before)[-1])
    m = _DETERMINED_HEAD.search(clause)
    if m:
        return _EVALUATIVE.sub("", m.group(1))
    bare = NAMING_CUE.split(clause)[0].strip(" ,")
    after_verb = len(PROPOSING_VERB.split(before)) > 1
    if after_verb and 1 < len(bare.split()) <= 8 and not PREPOSITION.search(bare):
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
        return stem[:-1] + "ing"  # (uses -> using)
    if _DOUBLES.search(stem):
        # "distils" -> "distilling", "plans" -> "planning", but "opens" -> "opening": the
        # spelling titles use (the title model's words), else doubled after one syllable
        prior = title_model()[1]
        known = [form for form in (stem + "ing", stem + stem[-1] + "ing") if form in prior]
        if known:
            return max(known, key=prior.__getitem__)
        if len(_VOWELS.findall(stem)) == 1:
            return stem + stem[-1] + "ing"
    return stem + "ing"


#: a verb's stem that may double its last letter before -ing: consonant, vowel, consonant
#: ("qu" is a consonant: equip, quit)
_DOUBLES = re.compile(r"(?:[^aeiou]|qu)[aeiou][^aeiouwxy]$")
_VOWELS = re.compile(r"[aeiouy]+")


_NAME_LEFTOVERS = re.compile(
    rf"^\s*(?:\([^()]*\))?\s*(?:(?:and|or)\s+{NAME}\s*)?(?:{HEAD})?\s*,?\s*", re.I)
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
_HEAD_TO_GERUND = re.compile(rf"(?:[\w-]+\s+){{0,3}}{HEAD}\s+(?:to|for)\s+(\w+ing\b.*)", re.I)


def _head_and_purpose(appositive: str) -> str:
    """"a high-accuracy, low-cost approach to compressing X" -> "compressing X"."""
    phrase = _EVALUATIVE.sub("", appositive)
    phrase = _PRAISE_PAIR.sub("", phrase)
    phrase = PARENTHESISED.sub("", phrase)
    m = _CLAUSE_END.search(phrase)
    while m and m.group(0) == "," and not HEAD_WORD.search(phrase[: m.start()]):
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


def _topic(analysis: Analysis, fallback: bool = True) -> str:
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


#: a first word set in lower case after "Name: ": capitalised, and its hyphened parts not
_FIRST_LOWERED = re.compile(r"[A-Z][a-z]+(?:[-\u2013][a-z]+)*")


def rule_title(text: str, names: list[str]) -> str:
    """The rule-made title: "Name: what it is" when the paper names its artefact,
    otherwise the topic of its "We study ..." sentence. Never empty."""
    analysis = analyse(text)
    if names:
        name = names[0]
        desc = _describe(analysis, name) or _tidy(_topic(analysis), _MAX_TITLE - len(name) - 2)
        # (a plain capitalised first word only: "LoRA silver bullet" is no "loRA ...", and
        # "Multi-Agent system" no "multi-Agent ...")
        first = desc.split(maxsplit=1)[0] if desc.strip() else ""
        desc = desc[:1].lower() + desc[1:] if _FIRST_LOWERED.fullmatch(first) else desc
        return f"{name}: {desc}" if desc else name
    topic = _topic(analysis).replace(FORMULA_PLACEHOLDER, "").strip()
    return _capitalise(topic) or "Untitled paper"


# --------------------------------------------------------------------------- chosen spans
#
# The title of a paper is, more often than not, a phrase of its abstract (or nearly): the
# contribution's noun phrase, its task, its long form. Every phrase of the abstract that
# could stand as a title (it starts and ends at a phrase boundary and runs through no verb,
# pronoun or clause) is a candidate, and so is the rule-made title above; a linear model
# (data/title_model.json, fitted by scripts/tools/train_titles.py on public papers whose
# real titles are known) scores each from a few cheap features, the best one is the title.

#: Candidate phrases come from the abstract's first sentences, where its contribution is.
_SCANNED = 8
_MODEL_FILE = Path(__file__).resolve().parent.parent / "data" / "title_model.json"
_TOKEN_EDGE = "\"'()[]{}.,;:!?\u201c\u201d\u2018\u2019"
_CLAUSE_MARK = ",;:.!?"
_MARK_AFTER = _CLAUSE_MARK + ")"
_TIER_WORDS = tuple(re.compile(rf"(?:{verbs})", re.I) for verbs in _TOPIC_TIERS)
_ARTICLES = frozenset(("a", "an", "the"))
_OWN_SUBJECT = frozenset(("we", "our", "paper", "work", "study", "here"))
_COUNTING = frozenset("two three four five several multiple various both".split())
_GERUND_CUE = re.compile(r"(?:introduc|propos|present|develop|design|describ|build|construct"
                         r"|creat|devis)ing", re.I)
_PREPOSITIONS = frozenset("for to on of in with by via from towards toward into".split())
_PRAISE = frozenset("new novel first simple general unified efficient effective generic "
                    "principled practical flexible robust lightweight scalable powerful "
                    "elegant intuitive".split())
_UPPER_AFTER_FIRST = re.compile(r".[^A-Z]*[A-Z]")
_HAS_DIGIT = re.compile(r"[0-9]")
#: A word that titles almost never take ("avoids", "significantly", "proposed").
_LOW_PRIOR = 0.01
FEATURES = ("prior", "content", "prior_mean", "low_words", "spread", "repeated", "capitals",
            "has_name",
            "first_prior", "last_prior", "words2", "words3", "words4", "words5", "words7",
            "words10", "sentence0", "sentence1", "sentence2", "sentence3", "sentence4",
            "cue0", "cue1", "cue2", "cue3", "after_article", "after_preposition",
            "sentence_start", "name_sentence", "praise_before", "ends_at_mark", "rule_made",
            "long_form", "background", "q_sum", "q_mean", "q_max", "q_min", "q_ratio")
_WORD_BINS = ((2, "words2"), (3, "words3"), (4, "words4"), (6, "words5"), (9, "words7"))


@lru_cache(maxsize=1)
def title_model() -> tuple[dict[str, float], dict[str, float], float]:
    """(feature weights, word -> share of papers using it whose title has it, default)."""
    raw = _model_file()
    return raw["weights"], raw["prior"], raw["default_prior"]


@lru_cache(maxsize=1)
def _model_file() -> dict:
    import json

    return json.loads(_MODEL_FILE.read_text(encoding="utf-8"))


#: What the word model reads of each word of an abstract (see :func:`word_features`).
WORD_FEATURES = ("log_prior", "prior", "log_count", "first_sentence", "own_sentence_first",
                 "background_first", "first_at", "capitals", "in_own_sentence",
                 "in_long_form", "is_name", "has_digit", "length")


_NAME_THEN_LONG_FORM = re.compile(r"\s*\(([^()]{6,})\)")


def _long_form(analysis: Analysis, name: str) -> str:
    """The name spelled out, whichever way round the abstract puts it: "Equilibrium
    Reasoners (EqR)" or "MES-RET (Many-task Evolution Strategy with ...)"."""
    if not name:
        return ""
    found = defined_abbreviations(analysis.doc.text).get(name)
    if found:
        return found
    for hit in analysis.hits:
        if hit.name == name:
            m = _NAME_THEN_LONG_FORM.match(analysis.sentences[hit.sentence],
                                           hit.start + len(name))
            words = m.group(1).split() if m else []
            if words and acronym_of(name, words) == len(words):
                return " ".join(words)
    return ""


class _WordContext(NamedTuple):
    """What the word model reads of one abstract as a whole (see :func:`word_features`)."""

    #: word -> the sentence it first appears in (in the order word_features gives them)
    first: dict[str, int]
    counts: Counter[str]
    #: the paper's own first sentence ("we ...", "this paper ..."), or the sentence count
    own: int
    #: sentences, at least 1
    n: int
    capitalised: set[str]
    in_own: set[str]
    #: words of a spelled-out abbreviation or of the name's long form
    longs: set[str]
    name: str


_LOWER = operator.itemgetter(1)  # a token's word, lower-cased


def _own_sentence(sentences: list[list[tuple[str, str, bool]]]) -> int:
    """The first sentence that speaks of the paper itself ("we", "this paper"), else the
    number of sentences."""
    return next((k for k, tokens in enumerate(sentences)
                 if not _OWN_SUBJECT.isdisjoint(map(_LOWER, tokens))), len(sentences))


def _word_context(text: str, names: list[str]) -> _WordContext:
    analysis = analyse(text)
    sentences = [_tokens(s) for s in analysis.sentences]
    own = _own_sentence(sentences)
    longs = {w.lower() for long in defined_abbreviations(analysis.doc.text).values()
             for w in long.split()}
    longs.update(w.lower() for w in _long_form(analysis, names[0] if names else "").split())
    name = names[0].lower() if names else ""
    # each sentence's words, lower-cased, but for a formula's or an empty one (a word has
    # a formula, or is empty, iff its lower case has: most sentences have neither)
    lowers = []
    for sentence, tokens in zip(analysis.sentences, sentences, strict=True):
        words = list(map(_LOWER, tokens))
        if "" in words or FORMULA_PLACEHOLDER in sentence:
            words = [w for w in words if w and FORMULA_PLACEHOLDER not in w]
        lowers.append(words)
    counts = Counter(chain.from_iterable(lowers))
    first: dict[str, int] = {}
    for index in range(len(lowers) - 1, -1, -1):
        first.update(dict.fromkeys(lowers[index], index))
    # a capital after the first character; a word without one is its own lower case, and
    # comparing the two is cheaper than the pattern (most words have none)
    capitalised = {t[1] for tokens in sentences for t in tokens
                   if t[0] != t[1] and _UPPER_AFTER_FIRST.match(t[0])}
    in_own = set(lowers[own]) if own < len(lowers) else set()
    return _WordContext(first, counts, own, max(1, len(sentences)), capitalised, in_own,
                        longs, name)


def word_features(text: str, names: list[str]) -> dict[str, list[float]]:
    """Each content word of the abstract's first sentences (lower-cased, as the candidate
    scan reads it), with what tells whether the paper's title uses it: the word's prior
    (how often titles take it), how often and where this abstract uses it (the first
    sentence, the paper's own "we ..." sentence, the background before it), and whether
    it is written like a name or spells one out. A type prior alone scores "learning" the
    same in every abstract; here the abstract's own emphasis counts
    (scripts/tools/train_titles.py fits it)."""
    c = _word_context(text, names)
    function = _function_words(title_rules())
    out = {}
    for lower, at in c.first.items():  # the candidates' words: those of the first sentences
        if at >= _SCANNED or lower in function:
            continue
        share = _word_share(lower)[0]
        count = c.counts[lower]
        out[lower] = [math.log(share + 1e-3), share, math.log1p(count), float(at == 0),
                      float(at == c.own), float(at < c.own), at / c.n,
                      float(lower in c.capitalised), float(lower in c.in_own),
                      float(lower in c.longs), float(lower == c.name),
                      float(not lower.isalpha() and _HAS_DIGIT.search(lower) is not None),
                      min(len(lower), 12) / 12]
    return out


#: word -> the word model's products that depend on the word alone (:func:`_word_terms`),
#: for the model file in _WORD_TERMS_OF (its weights and its prior; a test may swap it).
_WORD_TERMS: dict[str, tuple[float, float, bool]] = {}
_WORD_TERMS_OF: list[object] = [None]


def _word_terms(lower: str, weights: dict[str, float]) -> tuple[float, float, bool]:
    """What the word model adds for the word itself, whatever the abstract: the sum its
    first two products start with (the prior's), the last product (the length's), and
    whether the word has a digit (its weight is added before the length's). Kept in
    _WORD_TERMS: an abstract's words are mostly words every abstract uses, and these
    cost a logarithm and a pattern each."""
    if len(_WORD_TERMS) > 1 << 18:  # a long-running process reads many abstracts
        _WORD_TERMS.clear()
    share = _word_share(lower)[0]
    # 0.0 + a + b: what sum() has added after the first two products
    head = 0.0 + weights["log_prior"] * math.log(share + 1e-3) + weights["prior"] * share
    digit = not lower.isalpha() and _HAS_DIGIT.search(lower) is not None
    terms = _WORD_TERMS[lower] = (head, weights["length"] * (min(len(lower), 12) / 12),
                                  digit)
    return terms


def word_probabilities(text: str, names: list[str]) -> dict[str, float]:
    """Each content word's chance of being in the paper's title, by the word model of
    data/title_model.json (a logistic regression on :func:`word_features`).

    The products of weights and features are added in :data:`WORD_FEATURES` order, one
    float after another, as ``sum(map(operator.mul, weights, features))`` adds them, but
    without the products of the features that are 0 (most are flags that are off): adding
    a zero leaves a sum as it is (a sum that starts at 0 is never -0.0), so each
    probability is the same float, without a feature list per word (the model reads ~100
    words an abstract, and this was a quarter of inferring a title)."""
    whole = _model_file()
    model = whole.get("word_model")
    if not model:
        return dict.fromkeys(word_features(text, names), 0.0)
    c = _word_context(text, names)
    w = model["weights"]
    w_count, w_first, w_own_first, w_background, w_at = (
        w["log_count"], w["first_sentence"], w["own_sentence_first"], w["background_first"],
        w["first_at"])
    w_capitals, w_in_own, w_long, w_name, w_digit = (
        w["capitals"], w["in_own_sentence"], w["in_long_form"], w["is_name"], w["has_digit"])
    bias, own, n, name, counts = model["bias"], c.own, c.n, c.name, c.counts
    capitalised, in_own, longs = c.capitalised, c.in_own, c.longs
    function = _function_words(title_rules())
    if _WORD_TERMS_OF[0] is not whole:  # the terms read the prior too, not only the weights
        _WORD_TERMS.clear()
        _WORD_TERMS_OF[0] = whole
    cached = _WORD_TERMS
    exp = math.exp
    log1p = math.log1p
    out = {}
    for lower, at in c.first.items():
        if at >= _SCANNED or lower in function:
            continue
        terms = cached.get(lower) or _word_terms(lower, w)
        r = terms[0] + w_count * log1p(counts[lower])
        if at == 0:
            r += w_first
        if at == own:
            r += w_own_first
        if at < own:
            r += w_background
        r += w_at * (at / n)
        if lower in capitalised:
            r += w_capitals
        if lower in in_own:
            r += w_in_own
        if lower in longs:
            r += w_long
        if lower == name:
            r += w_name
        if terms[2]:
            r += w_digit
        z = bias + (r + terms[1])
        out[lower] = 1.0 / (1.0 + exp(-z)) if z > -30 else 0.0
    return out


#: word as split from a sentence -> its token (see :func:`_tokens`), shared by every abstract
_TOKEN_OF: dict[str, tuple[str, str, bool]] = {}


def _token(raw: str) -> tuple[str, str, bool]:
    core = raw.strip(_TOKEN_EDGE)
    # a clause mark or ")" ends the word as written (split() never gives an empty one)
    token = _TOKEN_OF[raw] = (core, core.lower(), raw[-1] in _MARK_AFTER)
    return token


@lru_cache(maxsize=4096)
def _tokens(sentence: str) -> list[tuple[str, str, bool]]:
    """(word as written, lower-cased, whether a clause mark follows it). Cached: lists
    repeat sentences ("Code is available at ..."); callers never change the list. A
    word's token depends on the word alone, and most words are words of every abstract:
    each is made once (_TOKEN_OF), and a sentence is mostly dictionary probes."""
    # (the pattern starts with white space, so it is tried at every space: most
    # sentences have no parenthesis)
    raws = (PARENTHESISED.sub("", sentence) if "(" in sentence else sentence).split()
    if len(_TOKEN_OF) > 1 << 18:  # a long-running process reads many abstracts
        _TOKEN_OF.clear()
    tokens = list(map(_TOKEN_OF.get, raws))  # (map: no bytecode per word)
    if None in tokens:
        for k, raw in enumerate(raws):
            if tokens[k] is None:
                tokens[k] = _TOKEN_OF.get(raw) or _token(raw)
    return tokens


def _phrase(words: list[tuple[str, str, bool]]) -> str:
    # (a word a line break cut is whole before a title is checked: "numer- ous" is
    # "numerous", which starts no title)
    return _sentence_case(_rejoined(_LATEX_QUOTES.sub("", " ".join(w[0] for w in words))))


# ``quoted'' in LaTeX: the marks are not part of a title
_LATEX_QUOTES = re.compile(r"``|''")
#: a word that leaves its noun behind: "large language models'", "the task's"
_POSSESSIVE = re.compile(r"(?:['\u2019]s?|s['\u2019])$")


def _dangles(tokens: list[tuple[str, str, bool]]) -> bool:
    """A phrase ends on a possessive ("... measure large language models'"): the thing
    possessed was cut off."""
    return bool(tokens) and bool(_POSSESSIVE.search(tokens[-1][0]))


def _stands_alone(tokens: list[tuple[str, str, bool]]) -> bool:
    """A phrase does not start by pointing back at something the title left out: not
    "task's data efficiency" or "own decoding strategy" (a capitalised owner stands
    alone: "Bloom's taxonomy")."""
    first = tokens[0][0]
    if first.lower() == "own":
        return False
    return not (_POSSESSIVE.search(first) and first[:1].islower())


@cache
def _word_share(lower: str) -> tuple[float, bool, bool]:
    """A word's prior share, whether titles almost never take it, and whether a phrase
    stops before it: a word titles never take that ends in -s, -ed or -ly is mostly a verb
    or an adverb ("beats", "lacks", "famously"), and a phrase does not run through one.
    Kept without a bound (a bounded cache reorders its entries at every hit, and the scan
    asks ~100 words an abstract): _candidate_rows clears it when it holds 2**18 words."""
    _, prior, default = title_model()
    share = prior.get(fold_plural(lower), default)
    low = share < _LOW_PRIOR
    return share, low, low and lower.endswith(("s", "ly", "ed")) and not lower.endswith("ss")


# Word classes the candidate scan asks of every token, as bits of one int per word (one
# dictionary probe instead of a dozen set lookups per token, at 50 candidates an abstract).
_FUNCTION, _BREAKER, _BAD_START, _BAD_END, _VERB_NEXT = 1, 2, 4, 8, 16
_PRAISE_W, _ARTICLE_W, _COUNTING_W, _PREPOSITION_W, _OWN_W, _ING = 32, 64, 128, 256, 512, 1024
_NO_WORD = 2048  # empty, or a formula's: no word of a phrase (its lower case tells)
#: per class bits: whether a phrase may end on the word, and whether a word of these
#: classes after a phrase's last word lets it end there (a phrase is scanned word by
#: word: a list of one table look-up per word is made in C)
_ENDS = [not b & (_BAD_END | _FUNCTION) for b in range(_NO_WORD << 1)]
_FOLLOWS = [bool(b & (_FUNCTION | _BREAKER)) for b in range(_NO_WORD << 1)]
_CLASSES: dict[str, int] = {}
_CLASSES_OF: list[object] = [None]  # the title_rules() the table was made from


def _word_classes(rules: dict[str, frozenset[str] | int]) -> dict[str, int]:
    """The word -> class bits table for these rules (filled as words come)."""
    if _CLASSES_OF[0] is not rules:
        _CLASSES.clear()
        _CLASSES_OF[0] = rules
    return _CLASSES


def _classify(lower: str, rules: dict) -> int:
    bits = 0
    if lower in rules["function_words"] or lower in _ARTICLES:
        bits |= _FUNCTION
    if lower in rules["span_breakers"] or lower in rules["finite_verbs"]:
        bits |= _BREAKER
    for flag, words in ((_BAD_START, rules["bad_start"]), (_BAD_END, rules["bad_end"]),
                        (_VERB_NEXT, rules["verb_next"]), (_PRAISE_W, _PRAISE),
                        (_ARTICLE_W, _ARTICLES), (_COUNTING_W, _COUNTING),
                        (_PREPOSITION_W, _PREPOSITIONS), (_OWN_W, _OWN_SUBJECT)):
        if lower in words:
            bits |= flag
    if lower.endswith("ing"):
        bits |= _ING
    if not lower or FORMULA_PLACEHOLDER in lower:
        bits |= _NO_WORD
    return bits


@lru_cache(maxsize=4096)
def _cue_tiers(verb: str) -> tuple[int, ...]:
    """The cue tiers a verb before a phrase sets, in the order the features are added
    ("cue1" last when only the gerund rule sets it)."""
    tiers = [tier for tier, words in enumerate(_TIER_WORDS) if words.fullmatch(verb)]
    if _GERUND_CUE.fullmatch(verb) and 1 not in tiers:
        tiers.append(1)  # "by introducing X"
    return tuple(tiers)


_WEIGHT_TABLE: list = [None, None]  # [weights, _weight_table(weights)]


def _weight_table(weights: dict[str, float]) -> tuple[list[float], dict[str, float],
                                                      list[tuple[int, float]], list[float]]:
    """What _candidate_rows reads of the feature weights: the ten it adds first, every
    feature's (0 if the model has none), each word bin's, and each phrase length's bin
    weight. Made once per weights (the model's are the same for every abstract)."""
    if _WEIGHT_TABLE[0] is not weights:
        w = [weights.get(k, 0.0) for k in ("prior", "content", "prior_mean", "low_words",
                                           "spread", "repeated", "capitals", "has_name",
                                           "first_prior", "last_prior")]
        wx = {k: weights.get(k, 0.0) for k in FEATURES}
        w_bins = [(top, wx[key]) for top, key in _WORD_BINS]
        bins = [next((v for top, v in w_bins if n <= top), wx["words10"]) for n in range(15)]
        _WEIGHT_TABLE[:] = [weights, (w, wx, w_bins, bins)]
    return _WEIGHT_TABLE[1]


def _candidate_rows(text: str, names: list[str], weights: dict[str, float] | None = None):
    """(words, features) of every candidate phrase, the rule-made title's first; with
    ``weights``, ((tokens, start, end), score) instead, the phrase being
    ``tokens[start:end]`` (sliced only for the one chosen). Features are summed word by
    word as a phrase grows, so each costs a few additions; with weights each score is
    the same sum, in the same order, as the features' (so the same float), without the
    features' dictionaries."""
    analysis = analyse(text)
    rules = title_rules()
    q = word_probabilities(text, names)
    function = _function_words(rules)
    bad_start, bad_end, verb_next = rules["bad_start"], rules["bad_end"], rules["verb_next"]
    name = names[0] if names else ""
    name_lower = name.lower()
    name_sentence = next((h.sentence for h in analysis.hits if h.name == name), -1)
    sentences = [_tokens(s) for s in analysis.sentences[:_SCANNED]]
    # the name's long form ("Equilibrium Reasoners (EqR)") is what the paper is called
    long_form = _long_form(analysis, name).lower().split()
    # how many of these sentences have each word (counted in C)
    counts = Counter(chain.from_iterable({t[1] for t in tokens} for tokens in sentences))
    table = _word_classes(rules)
    memo: dict[str, tuple] = {}
    if len(table) > 1 << 18:  # a long-running process (serve, check) reads many abstracts
        table.clear()
    if _word_share.cache_info().currsize > 1 << 18:  # (unbounded, see there)
        _word_share.cache_clear()

    def classes(tokens):
        out = list(map(table.get, map(_LOWER, tokens)))  # (in C: most words are known)
        if None in out:
            for k, bits in enumerate(out):
                if bits is None:
                    lower = tokens[k][1]
                    bits = table.get(lower)  # (the same word earlier in the sentence)
                    if bits is None:
                        bits = table[lower] = _classify(lower, rules)
                    out[k] = bits
        return out

    def word_values(tokens, bits):
        """Per word: (content, prior, low, spread, repeated, capitals, is the name, stops
        a phrase, chance that the title has it)."""
        values = []
        for (core, lower, _), b in zip(tokens, bits, strict=True):
            value = memo.get(core)  # a word's values are the same all through the abstract
            if value is None:
                share, low, stop = _word_share(lower)
                if b & _FUNCTION:
                    value = (0, share, 0, 0.0, 0, 0, 0, False, 0.0)
                else:
                    seen = counts.get(lower, 1)
                    is_name = lower == name_lower
                    # a capital right after the first character ("GPT", "xLSTM")
                    value = (1, share, low, (seen if seen < 4 else 4) / 4, seen > 1,
                             1 if len(core) > 1 and "A" <= core[1] <= "Z" else 0, is_name,
                             stop or is_name, q.get(lower, 0.0))
                memo[core] = value
            values.append(value)
        return values

    if weights is not None:
        w, wx, w_bins, bins = _weight_table(weights)
        w0, w1, w2, w3, w4, w5, w6, w7, w8, w9 = w
        w_start, w_background, w_name_sentence = (
            wx["sentence_start"], wx["background"], wx["name_sentence"])
        w_article, w_preposition, w_praise = (
            wx["after_article"], wx["after_preposition"], wx["praise_before"])
        w_mark, w_long = wx["ends_at_mark"], wx["long_form"]
        w_cues = [wx[f"cue{tier}"] for tier in range(len(_TIER_WORDS))]
        w_sentences = [wx[f"sentence{k}"] for k in range(5)]
        wq_sum, wq_mean, wq_max, wq_min, wq_ratio = (
            wx["q_sum"], wx["q_mean"], wx["q_max"], wx["q_min"], wx["q_ratio"])

    def q_score(content, q_sum, q_max, q_min):
        return (wq_sum * q_sum + (wq_mean * q_sum / content if content else 0.0)
                + wq_max * q_max + wq_min * q_min + wq_ratio * q_sum / (content + 8))

    def features(values, i, j, sums, extra):
        content, p, low, spread, repeated, capitals, has_name, q_sum, q_max, q_min = sums
        n = j - i + 1
        if weights is not None:  # the score straight away: the same sum as below
            return (w[0] * p + w[1] * content + (w[2] * p / content if content else 0.0)
                    + w[3] * low + w[4] * spread + w[5] * repeated + w[6] * capitals
                    + (w[7] if has_name > 0 else 0.0) + w[8] * values[i][1]
                    + w[9] * values[j][1] + extra
                    + next((v for top, v in w_bins if n <= top), wx["words10"])
                    + q_score(content, q_sum, q_max, q_min))
        feats = {"prior": p, "content": content, "prior_mean": p / content if content else 0.0,
                 "low_words": low, "spread": spread, "repeated": repeated,
                 "capitals": capitals, "has_name": float(has_name > 0),
                 "first_prior": values[i][1], "last_prior": values[j][1],
                 next((key for top, key in _WORD_BINS if n <= top), "words10"): 1.0,
                 "q_sum": q_sum, "q_mean": q_sum / content if content else 0.0,
                 "q_max": q_max, "q_min": q_min, "q_ratio": q_sum / (content + 8)}
        feats.update(extra)
        return feats

    rule_made = rule_title(text, names)
    desc = rule_made[len(name) + 2 :] if name and rule_made.startswith(name + ": ") else (
        "" if rule_made == name else rule_made)
    if name and desc.lower().startswith(name_lower):  # "SIREN: SIREN - a graph network"
        desc = _NAME_REPEATED.sub("", desc[len(name) :])
    # a clause with a finite verb is cut off: "process that follows X and can be trained"
    raw = desc.split()
    verb_at = next((k for k, w in enumerate(raw)
                    if w.lower().strip(_TOKEN_EDGE) in rules["finite_verbs"]), None)
    if verb_at is not None:
        raw = raw[:verb_at]
        while raw and raw[-1].lower().strip(_TOKEN_EDGE) in (function | verb_next | bad_end):
            raw.pop()
        desc = " ".join(raw).rstrip(_CLAUSE_MARK) if len(raw) >= 2 else ""
    first = desc.split(maxsplit=1)[0].lower() if desc.strip() else ""
    if desc and (first in _ARTICLES or first not in function) and first not in verb_next \
            and first not in bad_start:
        desc_tokens = _tokens(desc)
        values = word_values(desc_tokens, classes(desc_tokens))
        tokens = [(raw, "", False) for raw in desc.split()]  # the phrase as the rules made it
        sums = [sum(v[k] for v in values) for k in range(7)]
        qs = [v[8] for v in values if v[0]]
        sums += [sum(qs), max(qs, default=0.0), min(qs, default=0.0)]
        extra = {"rule_made": 1.0}
        if long_form and [t[1] for t in desc_tokens] == long_form:
            extra["long_form"] = 1.0  # the rules spelled the name out ("NAME (Long Form)")
        if weights is not None:
            yield (tokens, 0, len(tokens)), features(
                values, 0, len(tokens) - 1, sums, _weigh(extra, weights)), (
                sums[0], sums[1], sums[7], sums[2], sums[5], sums[4], sums[3], -1, 0.0, 0.0,
                "")
        else:
            yield tokens, features(values, 0, len(tokens) - 1, sums, extra)
    # sentences before the first that speaks of the paper itself ("we", "this paper")
    # are background
    own = _own_sentence(sentences)
    no_start = _FUNCTION | _BREAKER | _BAD_START | _NO_WORD
    boundary = _FUNCTION | _BREAKER | _PRAISE_W | _BAD_START | _ING
    leading = _PRAISE_W | _ARTICLE_W | _COUNTING_W
    for index, tokens in enumerate(sentences):
        n = len(tokens)
        values = None
        bits = classes(tokens)
        # a cue counts after the paper's own subject ("we introduce", not "recent works
        # introduce")
        subject = n if _OWN_SUBJECT.isdisjoint(map(_LOWER, tokens)) else next(
            k for k, b in enumerate(bits) if b & _OWN_W)
        if weights is not None:
            # what every start of this sentence adds (`extra`'s first terms, in its order;
            # a term that is 0 is left out: it would change no sum, which never is -0.0)
            pre = 0.0 + w_sentences[min(index, 4)]
            pre_start = pre + w_start
            if index < own:
                pre += w_background
                pre_start += w_background
            if index == name_sentence:
                pre += w_name_sentence
                pre_start += w_name_sentence
        for i in range(n):
            if bits[i] & no_start:  # (_NO_WORD: an empty word or a formula's)
                continue
            if i:
                prev_mark = tokens[i - 1][2]
                prev_bits = bits[i - 1]
                if not (prev_mark or prev_bits & boundary):
                    continue  # not a phrase boundary
                if not prev_mark and prev_bits & _VERB_NEXT:
                    continue  # "that aligns ...": a verb phrase
                prev_word = "" if prev_mark else tokens[i - 1][1]
            else:
                prev_bits = 0
                prev_word = ""
            if values is None:
                values = word_values(tokens, bits)
                # a phrase runs through no breaker, formula or stopping word
                stops = [b & (_BREAKER | _NO_WORD) or v[7]
                         for b, v in zip(bits, values, strict=True)]
                ends = list(map(_ENDS.__getitem__, bits))
                follows = [*map(_FOLLOWS.__getitem__, bits[1:]), True]
            if values[i][7]:
                continue
            back = i - 1
            praise = 0.0
            while back >= 0 and bits[back] & leading:
                praise += bits[back] & _PRAISE_W != 0
                back -= 1
            verb = tokens[back][0] if back >= 0 else ""
            after_article = float(bool(prev_bits & _ARTICLE_W))
            after_preposition = float(bool(prev_bits & _PREPOSITION_W))
            cues = _cue_tiers(verb) if verb and back > subject else ()
            if weights is not None:
                # the sum of `features`' extra terms, in their order, without the zeros
                extra = pre_start if i == 0 else pre
                if after_article:
                    extra += w_article
                if after_preposition:
                    extra += w_preposition
                if praise:
                    extra += w_praise * praise
                for tier in cues:
                    extra += w_cues[tier]
                at_mark = extra + w_mark
                background = float(index < own)
            else:
                extra_feats = {f"sentence{min(index, 4)}": 1.0, "sentence_start": float(i == 0),
                               "background": float(index < own),
                               "name_sentence": float(index == name_sentence),
                               "after_article": after_article,
                               "after_preposition": after_preposition,
                               "praise_before": praise}
                for tier in cues:
                    extra_feats[f"cue{tier}"] = 1.0
                mark_feats = {**extra_feats, "ends_at_mark": 1.0}
            content = low = repeated = capitals = has_name = 0
            p = spread = q_sum = q_max = 0.0
            q_min = 1.0
            first_prior = values[i][1]
            w8_first = w8 * first_prior if weights is not None else 0.0
            for j in range(i, min(n, i + 14)):
                if j > i and stops[j]:
                    break
                mark = tokens[j][2]
                v_content, v_prior, v_low, v_spread, v_repeated, v_capitals, v_name, _, qv = \
                    values[j]
                content += v_content
                p += v_prior
                low += v_low
                spread += v_spread
                repeated += v_repeated
                capitals += v_capitals
                has_name += v_name
                if v_content:
                    q_sum += qv
                    if qv > q_max:
                        q_max = qv
                    if qv < q_min:
                        q_min = qv
                if j > i and ends[j] and (mark or follows[j]):
                    ends_at_mark = mark or j == n - 1
                    named = long_form and j - i + 1 == len(long_form) and [
                        t[1] for t in tokens[i : j + 1]] == long_form
                    if weights is not None:
                        ext = at_mark if ends_at_mark else extra
                        if named:
                            ext = ext + w_long
                        # the same sum, in the same order, as q_score and features
                        yield (tokens, i, j + 1), (
                            w0 * p + w1 * content + (w2 * p / content if content else 0.0)
                            + w3 * low + w4 * spread + w5 * repeated + w6 * capitals
                            + (w7 if has_name > 0 else 0.0) + w8_first
                            + w9 * v_prior + ext + bins[j - i + 1]
                            + (wq_sum * q_sum + (wq_mean * q_sum / content if content else 0.0)
                               + wq_max * q_max + wq_min * q_min
                               + wq_ratio * q_sum / (content + 8))), (
                            content, p, q_sum, low, capitals, repeated, spread, index,
                            after_preposition, background, prev_word)
                    else:
                        feats = mark_feats if ends_at_mark else extra_feats
                        if named:
                            feats = {**feats, "long_form": 1.0}
                        yield tokens[i : j + 1], features(
                            values, i, j, (content, p, low, spread, repeated, capitals,
                                           has_name, q_sum, q_max, q_min), feats)
                    if named:
                        continue
                if mark:
                    break


_NAME_REPEATED = re.compile(r"^\W*(?:(?:is|was)\s+)?(?:(?:a|an|the)\s+)?")
#: what follows a name the phrase repeats, up to what it says of it: a dash
#: ("GraphFLEx\u2014a unified framework", "HEART--a framework"), not a hyphen
#: ("TransCoder-based editing" is one word) nor a comma ("HALO, RoBERTa and BERT": a list)
_NAME_THEN_MARK = re.compile(r"(?:-{2,3}|[\u2013\u2014])\s*(?:(?:a|an|the)\s+)?",
                             re.IGNORECASE)


def _after_name(phrase: str, name: str) -> str:
    """The phrase without the name it begins with, where a dash follows the name: the
    title says the name before its colon already ("GraphFLEx: GraphFLEx\u2014a unified
    framework" read the name twice)."""
    if name and phrase[: len(name)].lower() == name.lower():
        mark = _NAME_THEN_MARK.match(phrase, len(name))
        if mark and mark.end() < len(phrase):
            return _sentence_case(phrase[mark.end() :])
    return phrase


def _weigh(feats: dict[str, float], weights: dict[str, float]) -> float:
    return sum(weights.get(k, 0.0) * v for k, v in feats.items())


def title_candidates(text: str, names: list[str]) -> list[tuple[str, dict[str, float]]]:
    """Every phrase of the abstract that could be its title, with its features, the
    rule-made title first (``names[0]`` prefixes each, as "Name: phrase")."""
    return [(_phrase(words), feats) for words, feats in _candidate_rows(text, names)]


#: What the second step reads of each way to make the title (see :func:`title_options`):
#: one of the best phrases alone ("none": nothing joined), or joined to another.
PAIR_FEATURES = ("none", "first_gap", "content_first", "score", "score_gap", "content",
                 "background", "sentence0", "after_preposition", "prior_mean", "low_words",
                 "capitals", "repeated", "spread_mean", "named", "joined_by_preposition",
                 "joined_for", "joined_in", "q_mean", "q_sum", "long_form_first")
_INSIDE_SETTING = frozenset(("and", "of"))
_JOINS = frozenset("for in on with via under across from through beyond".split())
_FIRSTS = 3
_PAIR_POOL = 25
_PAIR_MAX_CONTENT = 5
_PART = re.compile(r"[a-z0-9]+")


#: word as written -> its parts as :func:`_parts` gives them, for the function words in
#: _PARTS_OF (a word's parts depend on the word alone: most are words of every abstract)
_PARTS: dict[str, tuple[str, ...]] = {}
_PARTS_OF: list[object] = [None]


def _parts(tokens: list[tuple[str, str, bool]], function: frozenset[str]) -> set[str]:
    if _PARTS_OF[0] is not function or len(_PARTS) > 1 << 18:
        _PARTS.clear()
        _PARTS_OF[0] = function
    out: set[str] = set()
    for t in tokens:
        parts = _PARTS.get(t[0])
        if parts is None:
            parts = _PARTS[t[0]] = tuple(fold_plural(part) for part in _PART.findall(t[0].lower())
                                         if part not in function)
        out.update(parts)
    return out


#: a word written as an abbreviation: "LLMs", "MoE", "LoRA", "GNN" (a plural "s" aside,
#: letters only, at least two capitals and as many capitals as small letters)
_ABBREVIATION = re.compile(r"(?=[A-Za-z]*[A-Z][A-Za-z]*[A-Z])([A-Za-z]{2,8}?)s?")
_SUBWORD = re.compile(r"[^\W_]+")
#: the first letter or digit of a word or of a hyphen part
_INITIAL = re.compile(r"(?<![^\W_])[^\W_]")


class _Said:
    """What a phrase abbreviates and what it could spell out, to tell whether two phrases
    say one thing twice (:func:`_restates`). What it could spell out (`initials`, `parts`)
    is read only when the other phrase writes an abbreviation (most pairs have none), so
    it is worked out then, once."""

    __slots__ = ("_joined", "_initials", "_parts", "abbreviations", "words", "plural")

    def __init__(self, joined: str, abbreviations: frozenset[str],
                 words: dict[str, tuple[int, bool]], plural: bool) -> None:
        self._joined = joined  # its words, lower-cased, joined by spaces
        self._initials: str | None = None
        self._parts: tuple[str, ...] | None = None
        #: the abbreviations it writes, lower-cased, whole words or hyphen parts ("MoE-based")
        self.abbreviations = abbreviations
        #: of those written as a whole word: the word's place and whether it is plural
        self.words = words
        #: whether its last word is plural ("models")
        self.plural = plural

    @property
    def initials(self) -> str:
        """The first letters of its words and hyphen parts ("mixture-of-experts layers":
        "moel")."""
        if self._initials is None:
            self._initials = "".join(_INITIAL.findall(self._joined))
        return self._initials

    @property
    def parts(self) -> tuple[str, ...]:
        """Its words' hyphen parts, lower-cased, a plural "s" aside ("mixture", "of",
        "expert")."""
        if self._parts is None:
            self._parts = tuple(fold_plural(p) for p in _SUBWORD.findall(self._joined))
        return self._parts


def _said(tokens: list[tuple[str, str, bool]]) -> _Said:
    abbreviations: set[str] = set()
    words: dict[str, tuple[int, bool]] = {}
    # (the rule-made title's words are as written, without their lower-cased form)
    lowers = [t[1] or t[0].lower() for t in tokens]
    for k, (core, lower) in enumerate(zip((t[0] for t in tokens), lowers, strict=True)):
        if core == lower:
            continue  # no capital: no abbreviation (most words)
        parts = _SUBWORD.findall(core)
        for part in parts:
            m = _ABBREVIATION.fullmatch(part)
            if m and sum(c.isupper() for c in m.group(1)) * 2 >= len(m.group(1)):
                abbr = m.group(1).lower()
                abbreviations.add(abbr)
                if len(parts) == 1:
                    words.setdefault(abbr, (k, len(part) > len(abbr)))
    last = lowers[-1] if lowers else ""
    joined = " ".join(lowers)
    return _Said(joined, frozenset(abbreviations), words, fold_plural(last) != last)


def _definitions(text: str) -> dict[str, tuple[str, ...]]:
    """The abstract's "Long Form (ABBR)" pairs: the abbreviation, lower-cased, a plural
    "s" aside -> the long form's parts as :class:`_Said` keeps them."""
    out: dict[str, tuple[str, ...]] = {}
    for abbr, long in defined_abbreviations(text).items():
        m = _ABBREVIATION.fullmatch(abbr)
        out.setdefault((m.group(1) if m else abbr).lower(),
                       tuple(fold_plural(p) for p in _SUBWORD.findall(long.lower())))
    return out


def _stands_for(abbr: str, spelled: _Said, defined: dict[str, tuple[str, ...]],
                whole: bool = False) -> bool:
    """Whether the phrase `spelled` spells out the abbreviation (all of it, with `whole`):
    as the abstract defined it, if it did ("RL" is "reinforcement learning" there, not
    "robot locomotion"); else by initials. A whole phrase that is to replace the
    abbreviation must spell three letters or more ("LLM"): two spell out too much by
    chance ("RL", "robot locomotion"), which only costs a join left out."""
    long = defined.get(abbr)
    if long:
        n = len(long)
        return spelled.parts == long if whole else any(
            spelled.parts[i:i + n] == long for i in range(len(spelled.parts) - n + 1))
    if whole:
        return len(abbr) >= 3 and spelled.initials == abbr
    return abbr in spelled.initials


def _spelled_out(first: _Said, setting: _Said, defined: dict[str, tuple[str, ...]]
                 ) -> int | None:
    """The place in the first phrase of a word that is an abbreviation the whole setting
    spells out, in the same number ("LLMs" of "critique ability of LLMs", the setting
    "large language models"; not "LLM" of "LLM coach", which would read "large language
    models coach"), or None."""
    for abbr, (place, plural) in first.words.items():
        if _stands_for(abbr, setting, defined, whole=True):
            return place if plural == setting.plural else None
    return None


def _restates(first: _Said, setting: _Said, defined: dict[str, tuple[str, ...]]) -> bool:
    """Whether one phrase writes as an abbreviation what the other spells out: "LLMs in
    theorem proving for large language models", "large language model quantization for
    extreme LLM compression" say one thing twice, as a shared word would."""
    return (any(_stands_for(abbr, setting, defined) for abbr in first.abbreviations)
            or any(_stands_for(abbr, first, defined) for abbr in setting.abbreviations))


def _setting_words(row: tuple, function: frozenset[str], vague: set[str], named: set[str],
                   ) -> set[str] | None:
    """The words of a candidate phrase (a row of :func:`_candidate_rows`) if it can follow
    a title as its setting ("... in autonomous driving"), else None. It is the same for
    each of the best phrases it might follow, so :func:`title_options` asks once."""
    (tokens, start, end), _, info = row
    content, low, index = info[0], info[3], info[7]
    if index < 0:
        return None  # the rule-made title: a whole description, not a setting
    if not content or content > _PAIR_MAX_CONTENT or low:
        return None  # a word titles never take ("possess", "valuable") ends no title
    phrase = tokens[start:end]
    if _dangles(phrase) or not _stands_alone(phrase):
        return None
    if any(t[1] in function and t[1] not in _INSIDE_SETTING for t in phrase):
        return None  # a setting is one noun phrase, not "benchmark for X" or "Y to Z"
    words = _parts(phrase, function)
    if words <= vague:
        return None  # "for pioneering task" says nothing
    if not words or words & named:
        return None  # nor the name spelled out as its own setting
    return words


_VAGUE_OF: list = [None, frozenset()]


def _vague_words(rules: dict) -> frozenset[str]:
    """The rules' vague words, a plural "s" aside: made once per rules, not per abstract."""
    if _VAGUE_OF[0] is not rules:
        _VAGUE_OF[:] = [rules, frozenset(fold_plural(w) for w in rules["vague_words"])]
    return _VAGUE_OF[1]


def title_options(text: str, names: list[str], checked: bool = True
                  ) -> list[tuple[str, list[float]]]:
    """The ways to make the title, best single phrase first: each of the three
    best-scoring phrases that read as a title, alone or joined to another phrase of the
    abstract ("title for phrase"), with the features that tell which says most.

    A real title usually names both the contribution and its setting ("Calibrated
    uncertainty sampling for active learning"); one phrase of an abstract rarely holds
    both, the setting being a sentence away. The joined phrase shares no word with the
    first, holds at most five content words and keeps the preposition that led to it in
    the abstract ("in autonomous driving"), else takes "for". A phrase that already says
    what it is for ("X for Y", "X to Y") is not joined: "X for Y for Z" reads badly. Nor
    is one that says the first's abbreviation again spelled out ("X of LLMs for large
    language models": the option is "X of large language models"), or the reverse.
    ``checked=False`` leaves out the broken-title check of joined titles (the caller
    checks the ones it would choose)."""
    weights, _, _ = title_model()
    name = names[0] if names else ""
    rows = list(_candidate_rows(text, names, weights))
    order = sorted(range(len(rows)), key=lambda k: -rows[k][1])  # ties: the earliest
    firsts: list[tuple[int, str]] = []
    for k in order:
        tokens, start, end = rows[k][0]
        if _dangles(tokens[start:end]) or not _stands_alone(tokens[start:end]):
            continue
        phrase = _phrase(tokens[start:end])
        title = f"{name}: {_after_name(phrase, name)}" if name else _capitalise(phrase)
        if len(title) <= _MAX_TITLE and not title_problems(title):
            firsts.append((k, title))
            if len(firsts) == _FIRSTS:
                break
    blank = [0.0] * (len(PAIR_FEATURES) - 4)
    if not firsts:
        fallback = rule_title(text, names)
        if len(fallback) > _MAX_TITLE:  # a name given as long as a title
            fallback = _tidy(fallback)
        return [(fallback, [1.0, 0.0, 0.0, *blank, 0.0])]
    rules = title_rules()
    function = _function_words(rules)
    vague = _vague_words(rules)
    long_form = _long_form(analyse(text), name)
    named = _parts(_tokens(long_form), function) if long_form else set()
    top = rows[firsts[0][0]][1]
    options: list[tuple[str, list[float]]] = []
    # what the pair loop finds of a phrase is the same whichever first phrase it follows
    settings: dict[int, set[str] | None] = {}
    phrases: dict[int, str] = {}
    saids: dict[int, _Said] = {}
    # (read only for a pair of which a phrase writes an abbreviation: made then, once)
    defined: dict[str, tuple[str, ...]] | None = None
    for a, single in firsts:
        (tokens_a, start_a, end_a), score_a, info_a = rows[a]
        words_a = _parts(tokens_a[start_a:end_a], function)
        is_long_form = float(bool(named) and words_a == named)
        options.append((single, [1.0, score_a - top, info_a[0], *blank, is_long_form]))
        said = {t[0].lower() for t in tokens_a[start_a:end_a]}
        said_a = None
        if said & {"for", "to"}:
            continue
        for k in order[: _PAIR_POOL + 1]:
            if k == a:
                continue
            if k in settings:
                words = settings[k]
            else:
                words = settings[k] = _setting_words(rows[k], function, vague, named)
            if words is None or words & words_a:
                continue  # no setting, or a word twice
            (tokens, start, end), score, info = rows[k]
            content, p, q_sum, low, capitals, repeated, spread, index, after_prep, \
                background, prev = info
            phrase_a = tokens_a[start_a:end_a]
            if said_a is None:
                said_a = _said(phrase_a)
            said_k = saids.get(k)
            if said_k is None:
                said_k = saids[k] = _said(tokens[start:end])
            # neither phrase writing an abbreviation, neither test below can hold
            abbreviated = bool(said_a.abbreviations or said_k.abbreviations)
            if abbreviated and defined is None:
                defined = _definitions(text)
            spelled = _spelled_out(said_a, said_k, defined) if abbreviated else None
            if spelled is not None:
                # "critique ability of LLMs for large language models" says it once, as
                # titles mostly do: "critique ability of large language models"
                whole = _phrase([*phrase_a[:spelled], *tokens[start:end],
                                 *phrase_a[spelled + 1 :]])
                title = f"{name}: {_after_name(whole, name)}" if name else _capitalise(whole)
            elif abbreviated and _restates(said_a, said_k, defined):
                continue  # the same thing as an abbreviation and spelled out
            else:
                join = prev if prev in _JOINS else "for"
                if join in said:
                    continue  # nor "X in Y" "X in Y in Z"
                phrase = phrases.get(k)
                if phrase is None:
                    phrase = phrases[k] = _phrase(tokens[start:end])
                title = f"{single} {join} {phrase}"
            if len(title) > _MAX_TITLE or (checked and title_problems(title)):
                continue
            options.append((title, [
                0.0, score_a - top, info_a[0], score, score - score_a, content, background,
                float(index == 0), after_prep, p / content, low, capitals, repeated,
                spread / content, float(bool(name)), float(prev in _JOINS),
                float(prev == "for"), float(prev == "in"), q_sum / content, q_sum,
                is_long_form]))
    return options


def _rejoined(phrase: str) -> str:
    """The phrase with each word a PDF's line break cut written whole: joined where the
    title model knows the joined word or it is a function word ("lan- guage" ->
    "language", "be- tween" -> "between"); at its hyphen where it knows the hyphenated
    word, or both parts are words ("real- world" -> "real-world", "impulse- response");
    else joined ("wom- bat" -> "wombat")."""
    cuts = line_break_cuts(phrase) if "- " in phrase else ()  # (most phrases: no pattern)
    if not cuts:
        return phrase
    prior = title_model()[1]
    words = _function_words(title_rules())

    def known(word: str) -> bool:
        word = word.lower()
        return word in prior or fold_plural(word) in prior or word in words

    out, at = [], 0
    for m in cuts:
        a, b = m.group(1), m.group(2)
        hyphened = f"{a}-{b}"
        keep = not known(a + b) and (known(hyphened) or (known(a) and known(b)))
        out += [phrase[at : m.start()], hyphened if keep else a + b]
        at = m.end()
    return "".join(out) + phrase[at:]


def infer_title(text: str, names: list[str]) -> str:
    """A readable stand-in title: "Name: phrase" when the paper names its artefact, the
    phrase being one of the abstract's that reads as a title (see
    :func:`title_candidates`), alone or joined to a second (:func:`title_options`),
    whichever the model expects to say most of the real title. Never empty."""
    options = title_options(text, names, checked=False)
    # (each option is _rejoined again below: the rules' fallback is made without _phrase,
    # and a cut word can span two joined phrases: "Impulse- response", "Fine- tuning")
    weights = _model_file().get("pair_weights")
    chosen = options[0][0]
    if weights and len(options) > 1:
        w = [weights[k] for k in PAIR_FEATURES]
        scores = [sum(map(operator.mul, w, feats)) for _, feats in options]
        # the best that reads as a title (the single phrases were checked): ties go to the
        # first
        chosen = next((options[k][0] for k in sorted(range(len(options)),
                                                      key=lambda k: -scores[k])
                       if options[k][1][0] or not title_problems(options[k][0])), chosen)
    return _proper_cased(_matched_brackets(_rejoined(chosen)), text)


#: a word as a proper noun or adjective is written: a capital, then small letters
_CAPITALISED_WORD = re.compile(r"[A-Z][a-z]+")
#: a list item's number or bullet, after which a word is capitalised as a sentence's
#: first: "(i)", "2)", "(b)", "(A)", "•"
_ENUMERATOR = re.compile(r"\(?(?:\d{1,2}|[ivxIVX]{1,4}|[a-hA-H])\)[.:]?|[\u2022\u00b7*\u2013-]")
#: a run of letters in a title (hyphen parts apart)
_LETTERS = re.compile(r"[A-Za-z]+")


def _starts_anew(word: str) -> bool:
    """Whether the word after this one (as written) is capitalised as a sentence's first
    is: after a colon, or a list item's number or bullet."""
    return word.endswith((":", ";")) or _ENUMERATOR.fullmatch(word) is not None


def _proper_nouns(text: str, words: set[str]) -> dict[str, str]:
    """Of `words` (lower case), each the abstract capitalises inside a sentence among
    words it does not ("with Gaussian covariates", "the Wasserstein distance") and never
    writes in lower case: a proper noun or adjective -> as written. A capital whose
    nearest content word before or after is capitalised too is a name's Title Case, not
    the word's ("a Mixture of Absorbing and Uniform Diffusion", "Chain-of-Thought"); a
    sentence's first word, or one after a colon or a list item's number, is capitalised
    whatever it is; a function word is none, nor a label before its number ("Theorem
    3", "Algorithm 1": data/titles.yml; "Llama 2" is a name), nor a part of a compound
    whose other parts are not in lower case ("Mirror-SD"). Words with accents are left as
    sentence case has them (the patterns are ASCII). Only the sentences that write one
    of the words capitalised are read word by word, and those that write one in lower
    case only for a word found capitalised so (most titles have none)."""
    function = _function_words(title_rules())
    labels = title_rules()["number_labels"]
    cased = {w[:1].upper() + w[1:] for w in words if w not in function}
    sentences = analyse(text).sentences
    tokens_of: dict[int, tuple[list[str], list[str]]] = {}

    def split(n: int) -> tuple[list[str], list[str]]:
        """The n-th sentence's words as written, and without the marks at their edges."""
        if n not in tokens_of:
            raw = sentences[n].split()
            tokens_of[n] = raw, [t.strip(_TOKEN_EDGE) for t in raw]
        return tokens_of[n]

    capital: dict[str, str] = {}
    for n, sentence in enumerate(sentences):
        if not any(c in sentence for c in cased):
            continue
        raw, tokens = split(n)
        # the places a word is written capitalised (not first), then their neighbours
        hits = [i for i, t in enumerate(tokens) if i and any(p in cased for p in t.split("-"))]
        if not hits:
            continue
        content = [i for i, t in enumerate(tokens) if t and t.lower() not in function]
        place = {i: k for k, i in enumerate(content)}

        def capitalised(k: int, content=content, tokens=tokens) -> bool:
            """Whether the k-th content word has a capital anywhere (a sentence's first
            too: in "Vision Transformers increasingly ..." either may be a name's; so do
            "quasi-Monte Carlo", "eXpert Medicine")."""
            return 0 <= k < len(content) and any(c.isupper() for c in tokens[content[k]])

        for i in hits:
            k = place.get(i)
            if (k is None or _starts_anew(raw[i - 1]) or capitalised(k - 1) or capitalised(k + 1)
                    or tokens[i].lower() in labels and raw[i + 1 : i + 2]
                    and raw[i + 1][:1].isdigit()):  # "Theorem 3", not "Llama 2"
                continue
            parts = tokens[i].split("-")
            word = next((p for p in parts if p in cased), "")
            # the compound's other parts in lower case: not "Chain-of-Thought", "Mirror-SD"
            if word and all(p == word or p.islower() for p in parts):
                capital.setdefault(word.lower(), word)
    for word in list(capital):  # never in lower case
        if any(word in sentence and word in (p for t in split(n)[1] for p in t.split("-"))
               for n, sentence in enumerate(sentences)):
            del capital[word]
    return capital


def _inside(sentence: str, phrase: str) -> bool:
    """Whether the sentence writes the phrase other than as its first words, or a list
    item's, or after a colon: where its capitals are the words' own."""
    at = sentence.find(phrase, 1)
    while at > 0:
        before = sentence[:at].split()
        if before and not _starts_anew(before[-1]):
            return True
        at = sentence.find(phrase, at + 1)
    return False


def _proper_cased(title: str, text: str) -> str:
    """The title with each word the abstract writes as a proper noun written so: a
    phrase in sentence case lower-cases every capital ("networks with gaussian
    covariates" of an abstract that says "Gaussian")."""
    words = {w for w in _LETTERS.findall(title)
             if w.islower() and w[:1].upper() + w[1:] in text}
    proper = _proper_nouns(text, words) if words else {}
    # two title words the abstract writes capitalised side by side inside a sentence are
    # one name's: both capitalised or neither ("Isotropic Gaussian", of which only
    # "Isotropic" was alone somewhere, read "Isotropic gaussian"); at a sentence's start
    # any word has a capital ("Sparse Bayesian learning is ...")
    runs = _LETTERS.findall(title)
    for a, b in zip(runs, runs[1:], strict=False):
        if (a in proper) != (b in proper) and a.islower() and b.islower() and any(
                _inside(sentence, f"{a.capitalize()} {b.capitalize()}")
                for sentence in analyse(text).sentences):
            proper.pop(a, None)
            proper.pop(b, None)
    if not proper:
        return title
    return _LETTERS.sub(lambda m: proper.get(m.group(0), m.group(0)), title)


_OPENS = {")": "(", "]": "[", "}": "{"}


def _matched_brackets(title: str) -> str:
    """The title without the brackets it does not close or open: a scraped abstract's
    stray ")" ("We propose Foo) a method) ...") would show on every listing, and a
    bracket cut off with the rest of its sentence ("(see" ...) reads as broken."""
    if "$" in title:  # mathematics: "[0, 1)" is an interval, not a stray bracket
        return title
    stack: list[int] = []
    unmatched: set[int] = set()
    for i, ch in enumerate(title):
        if ch in "([{":
            stack.append(i)
        elif ch in _OPENS:
            if stack and title[stack[-1]] == _OPENS[ch]:
                stack.pop()
            else:
                unmatched.add(i)
    unmatched.update(stack)
    if not unmatched:
        return title
    kept = "".join(ch for i, ch in enumerate(title) if i not in unmatched)
    return _DOUBLED_SPACE.sub(" ", kept).strip() or title


_DOUBLED_SPACE = re.compile(r"  +")
