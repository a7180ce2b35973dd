"""An ``ask`` answer as data, and its text: the ruling first (yes or no where the question is one), then the rule,
its rulebook section and the scenarios that prove it; or "not covered by the Endless Nightmares rules" with the
nearest topics."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .words import normal_words

NOT_COVERED = "Not covered by the Endless Nightmares rules"
#: A yes/no answer turned round.
OTHER_ANSWER = {"yes": "no", "no": "yes"}
#: Words that open a yes/no question (or a clause of one: "Franklyn has a shotgun, does his bonus apply?").
_AUXILIARIES = frozenset("""can could do does did is are was were will would may might must shall should has have
had am""".split())
#: Words that open a question asking for something else than yes or no.
_QUESTION_WORDS = frozenset("what where when who whom whose which why how".split())
#: A question tag that makes the statement before it a yes/no question ("he wanted the bonus, allowed?").
_TAGS = frozenset("""allowed correct right true ok okay legal possible yes legit fine""".split())
#: Words that open a condition before a sentence's main clause ("When a figure with no wounds gains 1 health, …").
_CONDITIONS = frozenset("""when if while with after once as during at in unless until before whenever under
for""".split())


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing a question can be answered with: a catalogued rule, or a named assumption / interpretation
    option (``kind`` is ``rule``, ``assumption`` or ``interpretation``)."""

    id: str
    kind: str
    area: str
    area_title: str
    topic: str
    topic_title: str
    title: str
    text: str
    section: str


@dataclass(frozen=True, slots=True)
class ScenarioStatus:
    """A scenario that proves a rule (or pins an option's setting), with the outcome of its last run."""

    name: str
    keyword: str
    key: str  # features/…/x.feature:LINE
    feature: str
    rule_block: str | None
    status: str  # passed, failed, skipped or "not run"

    def to_json(self) -> dict:
        return {"name": self.name, "keyword": self.keyword, "key": self.key, "feature": self.feature,
                "rule_block": self.rule_block, "status": self.status}


@dataclass(frozen=True, slots=True)
class Hit:
    """A ranked answer: the entry, its score, the share of the question it covers, and its scenarios."""

    entry: Entry
    score: float
    coverage: float
    scenarios: tuple[ScenarioStatus, ...]

    def to_json(self) -> dict:
        e = self.entry
        return {"id": e.id, "kind": e.kind, "title": e.title, "text": e.text, "area": e.area,
                "area_title": e.area_title, "topic": e.topic, "topic_title": e.topic_title, "section": e.section,
                "score": round(self.score, 4), "coverage": round(self.coverage, 4),
                "scenarios": [s.to_json() for s in self.scenarios]}


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A topic to look at when the rules don't answer a question: its area, its title and one rule of it."""

    area_title: str
    topic_title: str
    example_id: str

    def to_json(self) -> dict:
        return {"area_title": self.area_title, "topic_title": self.topic_title, "example_id": self.example_id}


@dataclass(frozen=True, slots=True)
class AskAnswer:
    """The answer to one question: the ruling in one sentence, the hits best first (none when the rules don't
    cover the question: then the nearest topics)."""

    question: str
    hits: tuple[Hit, ...]
    suggestions: tuple[Suggestion, ...] = ()
    results_generated: str | None = None
    ruling: str = ""
    yes_no: str | None = None  # "yes" or "no" when the question is a yes/no one and a rule answers it

    @property
    def matched(self) -> bool:
        return bool(self.hits)

    @property
    def ids(self) -> list[str]:
        return [h.entry.id for h in self.hits]

    def to_json(self) -> dict:
        return {"question": self.question, "matched": self.matched, "ruling": self.ruling, "yes_no": self.yes_no,
                "results": [h.to_json() for h in self.hits], "suggestions": [s.to_json() for s in self.suggestions],
                "results_generated": self.results_generated}

    def to_text(self, scenarios_shown: int = 2) -> str:
        lines = [self.ruling]
        if not self.hits:
            if self.suggestions:
                lines.append("The nearest topics:")
                for s in self.suggestions:
                    lines.append(f"  - {s.area_title} › {s.topic_title} (e.g. deepmadness rule {s.example_id})")
            lines.append("Try the rulebook's words for the game terms, or `deepmadness rule ID` for one rule.")
            return "\n".join(lines)
        for n, hit in enumerate(self.hits, 1):
            e = hit.entry
            kind = "Rule" if e.kind == "rule" else f"{e.kind.capitalize()} option"
            lines.append("")
            if n == 2:
                lines += ["Also relevant:"]
            lines.append(f"{'' if n == 1 else f'{n}. '}{kind} {e.id}: {e.title}")
            lines.append(f"   Rulebook: {e.section} ({e.area_title} › {e.topic_title})" if e.section
                         else f"   Area: {e.area_title}")
            lines.append(f"   {e.text}")
            if hit.scenarios:
                for s in hit.scenarios[:scenarios_shown]:
                    lines.append(f"   Proved by: {s.name} [{s.status}] ({s.key})")
                more = len(hit.scenarios) - scenarios_shown
                if more > 0:
                    lines.append(f"   … and {more} more scenario{'s' if more > 1 else ''}: deepmadness rule {e.id}")
            else:
                lines.append("   Proved by: no scenario yet")
        return "\n".join(lines).rstrip()


# --- the ruling sentence ------------------------------------------------------------------------------------------------
def _clauses(text: str) -> list[str]:
    return [c.strip() for c in re.split(r"[,;:.?!]|\s[-–—]+\s|\s(?:and|but|so|then)\s", text) if c.strip()]


#: Words that can open the subject after a question's auxiliary ("… does *the* whole team lose"), besides a name.
_NOT_SUBJECTS = frozenset("not still also only just never always already even really ever too".split())


def _question_word(word: str) -> str:
    """A question word with the "'s" it may carry, typed or not ("what's", "whats"), as the question word.

    >>> [_question_word(w) for w in ("what's", "whats", "wheres", "has", "what")]
    ['what', 'what', 'where', 'has', 'what']
    """
    base = word[:-2] if word.endswith("'s") else word[:-1] if word.endswith("s") else word
    return base if base in _QUESTION_WORDS else word


def _after_condition(clause: str) -> str:
    """A clause that opens with a condition and then asks ("if franklyn dies does the whole team lose", "after lisbeth
    uses her stored 5 can she store it again"): the question from its last auxiliary that comes two words or more
    after the condition's first word and is followed by a subject (not an adverb, a participle or an adjective
    ending in -ed or -ing), unless a question word comes before it (then it asks what, where …); else the clause as
    it is.

    >>> _after_condition("if franklyn dies does the whole team lose")
    'does the whole team lose'
    >>> _after_condition("when does the nest activate")
    'when does the nest activate'
    >>> _after_condition("if the nest is wounded twice what happens")
    'if the nest is wounded twice what happens'
    >>> _after_condition("after we seal a portal where does obscure go")
    'after we seal a portal where does obscure go'
    """
    words = clause.split()
    if not words or words[0] not in _CONDITIONS:
        return clause
    for k in range(len(words) - 2, 2, -1):
        nxt = words[k + 1]
        if (_auxiliary(words[k]) in _AUXILIARIES and nxt not in _NOT_SUBJECTS and nxt not in _QUESTION_WORDS
                and not nxt.endswith(("ed", "ing"))):
            if set(words[1:k]) & _QUESTION_WORDS:  # "after we seal a portal where does Obscure go": asks where
                return clause
            return " ".join(words[k:])
    return clause


def yes_no_clause(question: str) -> str | None:
    """The clause of ``question`` that asks yes or no, if it asks so: its last clause that opens with an auxiliary
    verb or a question word, when that is an auxiliary and the clause offers no alternatives ("open or shut?").

    >>> yes_no_clause("Lisbeth has nothing stored, can she still change a die result?")
    'can she still change a die result'
    >>> yes_no_clause("he used a shotgun and wanted the bonus, allowed?")
    'wanted the bonus'
    >>> yes_no_clause("can't she store it?")
    "can't she store it"
    >>> yes_no_clause("a card doesn't say where, where does it go?") is None
    True
    >>> yes_no_clause("the 3d door, is it open or shut?") is None
    True
    >>> yes_no_clause("Alex had 3 left on the dial. What's he at now?") is None
    True
    """
    found = None
    clauses = _clauses(question.lower().replace("\u2019", "'"))
    if len(clauses) > 1 and question.rstrip().endswith("?") and clauses[-1] in _TAGS:
        return clauses[-2]  # "…, allowed?": the statement before the tag
    for clause in map(_after_condition, clauses):
        words = clause.split()
        first = _auxiliary(_question_word(words[0])) if words else ""
        first = "can" if first == "cannot" else first
        if first in _AUXILIARIES or first in _QUESTION_WORDS:
            found = clause
    if found is None or _question_word(found.split()[0]) in _QUESTION_WORDS or re.search(r"\bor\b", found):
        return None
    return found


def _fragment(question: str) -> bool:
    """Whether ``question`` is a yes/no question put as a fragment ("sophie first ability weapon?"): it ends with a
    question mark, holds no question word and no alternatives, and says at least three things (two, "teal icon?",
    ask what rather than whether).

    >>> [_fragment(q) for q in ("sophie first ability weapon?", "nest wound how often?", "blue or teal?",
    ...                         "teal icon?", "alex had 3 existence, what's he at now?", "whats the nest hp now?")]
    [True, False, False, False, False, False]
    """
    words = [_question_word(w) for w in re.findall(r"[a-z']+", question.lower().replace("\u2019", "'"))]
    content = [w for w, common in normal_words(question) if not common]
    return (question.rstrip().endswith("?") and not (set(words) & _QUESTION_WORDS) and "or" not in words
            and len(content) >= 3)


#: A rule's main clause that sets a limit ("only", "at most", "different" …) …
RESTRICTING = frozenset({"only", "most", "different", "must", "exactly"})
#: … answers no to a question that asks past it ("another one", "share", "stack", "also", "a regular gun"). Number
#: words are digits by then ("two", "second" → 2) and are left out: "can she store a 2?" asks no more than one.
PAST_THE_LIMIT = frozenset({"another", "other", "more", "both", "same", "share", "stack", "stacked", "also", "too",
                            "regular", "again", "extra", "twice", "else"})


def _past_the_limit(clause: str, main: str) -> bool:
    """Whether the question's clause asks past the limit the rule's (positive) main clause sets: "can two egg sacs
    share a room?" against "… go into three different rooms"."""
    return (bool({w for w, _ in normal_words(main)} & RESTRICTING)
            and bool({w for w, _ in normal_words(clause)} & PAST_THE_LIMIT) and not _negative(main))


def _proposition(clause: str) -> str:
    """A yes/no clause as the statement it asks about: a negative auxiliary that opens it made positive ("can't she
    store it" → "can she store it": its answer is the plain fact, no where she can't).

    >>> _proposition("doesn't the roll read 0"), _proposition("does the roll not read 0")
    ('does the roll read 0', 'does the roll not read 0')
    """
    first, _, rest = clause.partition(" ")
    base = _auxiliary(first)
    return f"{base} {rest}".strip() if base != first and base in _AUXILIARIES else clause


def _auxiliary(word: str) -> str:
    """A word without the "n't" it may end in, "can't" and "won't" as "can" and "will"."""
    base = re.sub(r"n'?t$", "", word)
    return {"ca": "can", "wo": "will"}.get(base, base)


def _negative(text: str) -> bool:
    """Whether a clause says no: a negation, or that something is ignored."""
    return any(w == "not" or w.startswith("ignor") for w, _ in normal_words(text))


def negative_question(question: str) -> bool:
    """Whether a yes/no question asks about a negative statement ("is it true they don't …?"; "can't she …?" asks
    about "she can", :func:`_proposition`)."""
    return _negative(_proposition(yes_no_clause(question) or question))


def first_sentence(text: str) -> str:
    """The first sentence of a rule's text."""
    text = " ".join(text.split())
    m = re.search(r"(?<!e\.g)(?<!i\.e)\.(\s|$)", text)
    return text[:m.start() + 1] if m else text


def main_clause(sentence: str) -> str:
    """A sentence without the condition it opens with ("When a figure … gains 1 health, it still gains it" → "it
    still gains it")."""
    sentence = sentence.split(";", 1)[0]
    words = sentence.split(maxsplit=1)
    if words and words[0].lower() in _CONDITIONS and "," in sentence:
        return sentence.split(",", 1)[1]
    return sentence


def ruling(question: str, hit: Hit | None, default: tuple[str, str] | None = None,
           known: tuple[str, bool] | None = None, sentence: str | None = None) -> tuple[str, str | None]:
    """The answer's first sentence, and "yes" or "no" where the question is a yes/no one and a rule answers it.
    ``known`` is the answer the rule gives the yes/no question players ask of it that is most like this one, and
    whether that question asks about a negative statement (the catalog's ``asked … → no``;
    :meth:`solver.ask.Asker.known_answer`): the catalog answers the plain fact ("can't she store it?" no where she
    can't), so the answer holds for this question unless one of the two asks about a negative statement and the
    other not ("is it true they don't …?" against "do they …?"): then it is turned round. It answers a question put
    as a fragment too (:func:`_fragment`). Without one, the
    rule's main clause says the opposite of the question (one of them negative) → no, else yes; but a question
    that asks past the limit the rule sets (:func:`_past_the_limit`) → no. Either way a question stating a number
    the rule's sentence doesn't, where it states others, is answered no (:func:`_other_number`), and so is one that
    says a word of the opposite sense to the sentence's (:func:`_contradicts`: yes to "did we do it wrong?").
    ``sentence``, when given, stands for the rule's first sentence (the counts of the components a question names:
    :func:`component_counts`)."""
    if hit is None:
        return f"{NOT_COVERED}: no rule answers this question.", None
    e = hit.entry
    if e.kind != "rule":
        setting = f" By default: {default[1]}" if default and default[1] else ""
        return f"The rulebook leaves this open; our {e.kind} option {e.id} decides ({e.title}).{setting}", None
    sentence = sentence or first_sentence(e.text)
    clause = yes_no_clause(question)
    answer, asks_negative = None, negative_question(question)
    if known is not None:
        answer, negative = known
        if negative != asks_negative:
            answer = OTHER_ANSWER[answer]
    if clause is None:
        if answer is None or not _fragment(question):
            return sentence, None
        clause = question  # "sophie first ability weapon?": the fragment is its own clause
    elif answer is None:
        main = main_clause(sentence)
        if _past_the_limit(clause, main):  # beyond the rule's limit: no (yes to "is it true they can't …?")
            answer = "yes" if _negative(_proposition(clause)) else "no"
        else:
            answer = "no" if _negative(_proposition(clause)) != _negative(main) else "yes"
    if _other_number(clause, sentence) and not asks_negative:
        answer = "no"  # "teal icon spawns 3 nest markers?" against "two nest markers": not what the rule says
    if _contradicts(question, sentence):
        answer = "yes" if asks_negative else "no"  # "we left the card on top, right?" against "… to the bottom"
    return f"{answer.capitalize()}. {sentence}", answer


#: Words of opposite sense (:func:`_contradicts`): a question that says one where the rule's sentence says the other
#: tells a play or asks a claim the rule denies.
OPPOSITES = (({"top"}, {"bottom"}), ({"nearest", "closest"}, {"farthest", "furthest"}), ({"before"}, {"after"}),
             ({"first"}, {"last"}), ({"same"}, {"different"}), ({"start", "beginning"}, {"end"}), ({"up"}, {"down"}),
             ({"keep", "kept"}, {"discard", "discards", "discarded"}))


def _contradicts(question: str, sentence: str) -> bool:
    """Whether the question says a word of one sense of :data:`OPPOSITES` and the rule's sentence one of the other,
    neither saying both: "we spawned the marker and then left that card on top, right?" against "… moved to the
    bottom of the devoured deck" (the play the question tells is not the rule's).

    >>> _contradicts("we left the card on top, right?", "The card is moved to the bottom of the deck.")
    True
    >>> _contradicts("does the card go from the top to the bottom?", "The card is moved to the bottom of the deck.")
    False
    """
    asked = {w for w, _ in normal_words(question)}
    said = {w for w, _ in normal_words(sentence)}

    def sense(words, one, other) -> tuple[bool, bool]:
        return bool(words & one), bool(words & other)

    return any(sum(a := sense(asked, *pair)) == sum(b := sense(said, *pair)) == 1 and a != b for pair in OPPOSITES)


#: The rule whose ruling a question's named components' counts open (:func:`component_counts`).
COMPONENT_LIST_RULE = "components.contents"


def component_counts(stems: frozenset[str], tokens_of, kinds) -> str | None:
    """The component list's count of each of the expansion's components a question names, as one sentence:
    ``stems`` are its content stems, ``tokens_of`` gives a name's content stems (:meth:`.words.Stemmer.tokens`),
    ``kinds`` each kind of component and a line of the list that counts several kinds, with its count (the
    index's ``component_counts``: "Monster Figures" named as a whole counts them all). A name held within a longer
    one the question also names gives way to it. ``None`` when it names none.

    >>> from .words import Stemmer
    >>> kinds = [["Husk standee", 6], ["grudge token", 12], ["3D hatch", 6]]
    >>> component_counts(frozenset(Stemmer().tokens("how many grudge tokens and husk standees?")), Stemmer().tokens,
    ...                  kinds)
    'By the component list, the box holds 6 Husk standees and 12 grudge tokens.'
    """
    def plural(name: str, n: int) -> str:
        return name if n == 1 else name + ("es" if name.endswith(("ch", "sh", "s", "x")) else "s")

    named = [(name, n, frozenset(tokens_of(name))) for name, n in kinds]
    named = [k for k in named if k[2] and k[2] <= stems]
    named = [k for k in named if not any(k[2] < other[2] for other in named)]
    if not named:
        return None
    said = [f"{n} {plural(name, n)}" for name, n, _ in named]
    listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
    return f"By the component list, the box holds {listed}."


def _other_number(clause: str, sentence: str) -> bool:
    """Whether a yes/no clause states a number and the rule's sentence states numbers, none of them that one.

    >>> [_other_number("teal icon spawns 3 nest markers", "Two nest markers are spawned."),
    ...  _other_number("can she store 1 die", "Her storage holds one die."),
    ...  _other_number("it comes with 13 health +1 tokens", "The box holds 12 health +1 tokens.")]
    [True, False, True]
    """
    named = set(re.findall(r"\+\d+", clause)) & set(re.findall(r"\+\d+", sentence))

    def numbers(text: str) -> set[str]:  # a "+1" both say names a thing (the health +1 token), it counts nothing
        for plus in named:
            text = text.replace(plus, " ")
        return {w for w, _ in normal_words(text) if w.isdigit()}

    asked, said = numbers(clause), numbers(sentence)
    return bool(asked and said and not asked & said)
