"""Words as ``ask`` reads them: a player's question and the catalog's text alike.

Python does what SQLite's tokenizer can't: lower case, contractions opened ("can't", "cant" → can not), number
words as digits, irregular forms regularised, negations as one kept word (``not``), common English words (and the
expansion's name, which says nothing of which rule) marked. Stemming
is SQLite's own (FTS5's ``porter`` tokenizer, :class:`Stemmer`), so the ranking and everything that compares
words here use the very same stems.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Mapping

STOPWORDS = frozenset("""
a about above after again against all also am an and any anyone anything are aren as at be because been before
being below between both but by can cannot could couldn did didn do does doesn doing don down during each else
ever every exactly few for from further get gets getting go goes going got gotta had has have having he her here
hers herself him himself his how however i if in into is isn it its itself just let lets like may me might mine
more most much must my myself need needs now of off ok okay on once one only or other our ours
ourselves out over own please pretty quick quickly rather really right s say says shall she should so some
someone something still such sure t than that the their theirs them themselves then there these they thing
things this those though to too under until up us very want wants was wasn way we were weren what
whatever when where whether which while who whom whose why will with won would wouldn yes yet you your yours
yourself yourselves afterwards afterward rule rules rulebook game actually basically anyway guys hey hi wait thanks
happen happens happened use uses used using many lot lots around guy anyone everyone everybody somebody anybody
r u ur im ive id ill
endless nightmares
""".split()) | frozenset("""
play plays played playing said say told tell thought think thinks wanted wondering wonder wondered argued argue
arguing group yesterday tonight night evening buddy buddies pal mate kid wife husband correct true wrong oops
whole
""".split())  # a story's filler: "last night my buddy played Franklyn …, was that correct?"
# ("endless nightmares", above: the box every question is about, no rule's word)

NUMBER_WORDS = {"zero": "0", "none": "0", "once": "1", "single": "1", "two": "2", "twice": "2", "three": "3",
                "thrice": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
                "ten": "10", "eleven": "11", "twelve": "12", "first": "1", "second": "2", "third": "3",
                "fourth": "4", "1st": "1", "2nd": "2", "3rd": "3", "4th": "4"}

#: Irregular forms the stemmer leaves apart, in the documents and the questions alike.
IRREGULAR: Mapping[str, str] = {
    "lost": "lose", "took": "take", "taken": "take", "drew": "draw", "drawn": "draw", "dealt": "deal",
    "won": "win", "chose": "choose", "chosen": "choose", "gave": "give", "given": "give", "went": "go",
    "came": "come", "held": "hold", "kept": "keep", "stood": "stand", "spent": "spend", "dead": "die",
    "death": "die", "died": "die", "dying": "die", "better": "good", "best": "good", "worse": "bad",
    "added": "add", "adding": "add",  # the Porter stemmer makes these "ad", apart from "add"
    # the Porter stemmer makes both "investig": a figure is not the action (Fevered Dreams' Investigate)
    "investigator": "sleuth", "investigators": "sleuth",
    # a negation is one word, kept: "can't hit anyone" asks the rule that says "no one can be attacked"
    "no": "not", "never": "not", "cannot": "not", "nor": "not", "nobody": "not", "nothing": "not",
    "neither": "not", "unable": "not",
}

#: Short forms typed without their apostrophe (on a phone): read as the words they stand for.
UNMARKED_SHORT_FORMS: Mapping[str, tuple[str, ...]] = {
    **{f"{verb}t": (verb, "not") for verb in ("don", "doesn", "isn", "aren", "didn", "hasn", "haven", "wasn",
                                               "weren", "couldn", "shouldn", "wouldn")},
    "cant": ("can", "not"), "wont": ("will", "not"),
    "thats": ("that",), "whats": ("what",), "theres": ("there",), "hows": ("how",), "wheres": ("where",),
    "whos": ("who",), "youre": ("you",), "theyre": ("they",), "hes": ("he",), "shes": ("she",), "lets": ("let",),
}

_WORD = re.compile(r"[a-z0-9]+")
_POSSESSIVE = re.compile(r"'s\b")
_SHORT_FORM = re.compile(r"'(m|ll|ve|re|d)\b")
_CONTRACTION = re.compile(r"\b(can|won|don|doesn|isn|aren|didn|hasn|haven|wasn|weren|couldn|shouldn|wouldn)'t\b")


def normal_words(text: str) -> list[tuple[str, bool]]:
    """Every word of ``text``, normalised (not stemmed), each with whether it is a common word.

    >>> normal_words("Can't she keep TWO dice?")
    [('can', True), ('not', False), ('she', True), ('keep', False), ('2', False), ('dice', False)]
    """
    text = text.lower().replace("\u2019", "'")
    if "'" in text:
        text = _POSSESSIVE.sub("", text)
        text = _CONTRACTION.sub(r"\1 not", text)
        text = _SHORT_FORM.sub("", text)
    known = _NORMAL
    out = []
    for word in _WORD.findall(text):
        normal = known.get(word)
        if normal is None:
            if word in UNMARKED_SHORT_FORMS:
                out.extend(normal_words(" ".join(UNMARKED_SHORT_FORMS[word])))
                continue
            number = NUMBER_WORDS.get(word, word)
            regular = IRREGULAR.get(number, number)
            normal = known[word] = (regular, regular in STOPWORDS)
        out.append(normal)
    return out


_NORMAL: dict[str, tuple[str, bool]] = {}  # a word as :func:`normal_words` gives it, kept once made


#: What a question asks for, from its question words (common words, which the stems leave out): "how many" and
#: "how much" a count, "what happens" an effect, "where" a place, "when" a moment … Each is a word of its own
#: (``?where``) in the naive Bayes bags, so a rule whose players ask "where" wins a "where" question.
QUESTION_KINDS = {("how", "many"): "?count", ("how", "much"): "?count", ("what", "happens"): "?effect",
                  ("where",): "?where", ("when",): "?when", ("who",): "?who", ("which",): "?which",
                  ("why",): "?why", ("how",): "?how"}


def question_kinds(text: str) -> list[str]:
    """The kinds of question ``text`` asks (:data:`QUESTION_KINDS`), in order, a two-word one first.

    >>> question_kinds("How many nest markers come out, and where? What happens then?")
    ['?count', '?where', '?effect']
    """
    return kinds_of([w for w, _ in normal_words(text)])


def kinds_of(words: list[str]) -> list[str]:
    """:func:`question_kinds` of a text's normalised words (:func:`normal_words`)."""
    kinds, i = [], 0
    while i < len(words):
        pair = tuple(words[i:i + 2])
        if pair in QUESTION_KINDS:
            kinds.append(QUESTION_KINDS[pair])
            i += 2
            continue
        if (words[i],) in QUESTION_KINDS:
            kinds.append(QUESTION_KINDS[(words[i],)])
        i += 1
    return kinds


def normal_text(text: str) -> str:
    """``text`` as the index stores it: its normalised words, common ones included (FTS5 stems them)."""
    return " ".join(w for w, _ in normal_words(text))


class Stemmer:
    """SQLite FTS5's Porter stemmer, for the words Python compares (the same stems the ranking sees).

    >>> Stemmer().stems(["infested", "nests", "healing"])
    ['infest', 'nest', 'heal']
    """

    def __init__(self, db: sqlite3.Connection | None = None) -> None:
        self._db = db or sqlite3.connect(":memory:")
        self._db.execute("CREATE VIRTUAL TABLE temp.stem_words USING fts5(w, tokenize='porter ascii')")
        self._db.execute("CREATE VIRTUAL TABLE temp.stem_vocab USING fts5vocab(temp, stem_words, 'instance')")
        self._known: dict[str, str] = {}

    def stems(self, words: Iterable[str]) -> list[str]:
        words = list(words)
        try:
            return [self._known[w] for w in words]  # all stemmed before: the common case
        except KeyError:
            pass
        new = list(dict.fromkeys(w for w in words if w not in self._known))
        if new:
            db = self._db
            db.execute("DELETE FROM temp.stem_words")
            db.executemany("INSERT INTO temp.stem_words(rowid, w) VALUES (?, ?)", enumerate(new))
            for row, term in db.execute("SELECT doc, term FROM temp.stem_vocab"):
                self._known[new[row]] = term
            for w in new:  # a word the tokenizer keeps nothing of stays itself
                self._known.setdefault(w, w)
        return [self._known[w] for w in words]

    def tokens(self, text: str) -> list[str]:
        """The stems of ``text``'s words without the common ones.

        >>> Stemmer().tokens("Can Lisbeth store the die she just put back?")
        ['lisbeth', 'store', 'die', 'put', 'back']
        """
        return self.stems(w for w, stop in normal_words(text) if not stop)
