"""Ask the rules: a player's question in their own words → the catalogued rulings that answer it, ranked.

``deepmadness ask "can Lisbeth store the die she just put back?"`` prints the best-matching rules (and named
assumptions / interpretation options), each with our wording, the rulebook section and the scenarios that prove
it with the status of their last run. ``deepmadness rule ID`` shows one rule with every scenario that proves it and
the options that touch it.

How a question is matched
-------------------------
Every rule and every option is one document made of *fields* (:data:`FIELDS`): its ID and title, its text, the
rulebook section with its area and topic titles, the glossary names and players' synonyms of the terms it uses, the
names of the scenarios that prove it, and, on the side, those terms' definitions and those scenarios' steps. The
``rank-bm25`` library ranks the documents (BM25) in a few indexes (:data:`INDEXES`) whose scores are added with
weights: the main one holds the main fields, each word once a field and each field repeated as often as it weighs;
the side fields have indexes of their own that count little. Words are lower-cased, number words become digits,
irregular forms are regularised, negations become one kept word ("can't", "never", "no" → not), common English
words are dropped and the rest are stemmed (Snowball), in the documents and in the question alike. A players'
phrase found in the question — a glossary synonym ("extra health", "fog", "bug nest") or an everyday word for the
rulebook's own (:data:`PLAIN_WORDS`: "swap" → replace) — counts with the score of its own words or of the
rulebook's words it may mean, whichever is higher.

When nothing matches
--------------------
A question is answered only when one of the best documents (:data:`COVERAGE_CHECKED`) covers enough of it
(:data:`MIN_COVERAGE`): the share of the question's words, each weighted by how rare it is in the catalog, that the
document contains. A word the catalog never uses counts as a word of middling rarity (:data:`UNKNOWN_WORD_WEIGHT`)
the document lacks, so "how do I castle kingside" matches nothing, and the answer then says so and names the
nearest topics instead of printing an arbitrary rule.

The index on disk
-----------------
Tokenizing the catalog and parsing the feature files take most of a cold start, so the tokenized index is kept by
the project's cache (:mod:`solver.datacache`, ``~/.cache/deepmadness``; ``DEEPMADNESS_CACHE=off`` turns it off)
under a hash of the contents of the catalog files, the feature files and the code that reads them
(:func:`load_index`). A cold ``ask`` whose sources are unchanged only loads the tokens; a stale, missing or
unreadable entry is rebuilt and written again atomically, and a cache that can't be written only costs the rebuild
next time.

An :class:`Asker` is built once and answers many questions: ``Asker().ask(text)``. Importing this module is light;
the ranking library is imported when the first asker is built, and the ``rule`` command never needs it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from .catalog import Catalog, Option, Rule, Term, catalog
from .spec import (FEATURES_DIR, RULE_TAG, Results, ScenarioSpec, Step, load_features, load_results,
                   parse_feature, scenarios_by_rule)

# --- tuning -----------------------------------------------------------------------------------------------------------
#: The fields of a document.
FIELDS = (
    "name",   # the rule's title and the words of its ID
    "text",   # our wording of the rule (an option's text and its choices)
    "where",  # the rulebook section, the area's and the topic's titles
    "terms",  # the glossary names and players' synonyms of the terms the rule uses
    "specs",  # the names of the scenarios (their Rule blocks, their features) that prove the rule
    "defs",   # the glossary definitions of the terms the rule uses (an option's grounds too)
    "steps",  # the steps of the scenarios that prove the rule
)
#: The BM25 indexes (``rank-bm25``), each with the weight its score counts with and the fields it is made of: each
#: field brings each of its words once, repeated as often as the field weighs. The main index holds what says what
#: a rule is; the definitions and the steps name what it touches, shared by many rules, and have indexes of their
#: own that count little. (Measured on tests/ask_questions.yaml: one index a field, summed with weights, ranked
#: fewer questions first than this; so did pairs of neighbouring words as extra tokens.)
INDEXES: Mapping[str, tuple[float, Mapping[str, int]]] = {
    "main": (1.0, {"name": 8, "text": 4, "where": 4, "terms": 8, "specs": 2}),
    "defs": (0.02, {"defs": 1}),
    "steps": (0.02, {"steps": 1}),
}
#: BM25's term-frequency saturation and length normalisation.
K1, B = 4.0, 0.95
#: A glossary term named (not listed) by more than this share of the entries is too common to index with them.
GENERIC_TERM_SHARE = 0.08
#: The weight of a term's rulebook name brought in by a players' synonym found in the question.
SYNONYM_WEIGHT = 1.0
#: The least share of the question's (rarity-weighted) words a document must contain to be an answer ...
MIN_COVERAGE = 0.45
#: ... one of this many best-scored documents.
COVERAGE_CHECKED = 5
#: The weight in the coverage of a question's word the catalog never uses (a common word weighs about 1, the
#: rarest about 5).
UNKNOWN_WORD_WEIGHT = 2.0
#: Further hits are shown while their score is at least this share of the best one's.
RELATIVE_CUTOFF = 0.35
#: How many hits ``ask`` shows at most by default.
DEFAULT_LIMIT = 3
#: The name the project's cache (:mod:`solver.datacache`) keeps the tokenized index under; bump it when the index
#: changes shape (it is rebuilt anyway when the catalog, the features or the code that reads them change).
INDEX_KIND = "ask-index/2"

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
yourself yourselves afterwards afterward rule rules rulebook game actually basically anyway guys hey hi wait thanks happen happens
happened use uses used using many lot lots around guy guys anyone everyone everybody somebody anybody
""".split())

NUMBER_WORDS = {"zero": "0", "none": "0", "once": "1", "single": "1", "two": "2", "twice": "2", "three": "3",
                "thrice": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
                "ten": "10", "eleven": "11", "twelve": "12", "first": "1", "second": "2", "third": "3",
                "fourth": "4"}

#: Everyday words players use for the rulebook's own (non-term) words; game terms' synonyms live in the glossary.
PLAIN_WORDS: Mapping[str, str] = {  # a phrase → the rulebook's word(s) it may mean, alternatives split by ","
    "put": "place", "put back": "place", "swap": "replace", "switch": "replace", "exchange": "replace",
    "beat": "win", "defeat": "win", "victory": "win", "vanish": "remove", "disappear": "remove",
    "cleanse": "kill", "destroy": "kill", "come back": "return", "get rid": "discard", "throw away": "discard",
    "appear": "spawn", "show": "spawn", "pop": "spawn", "closest": "nearest", "close": "near",
    "equally": "tie", "heal": "recover", "forced": "must", "leftover": "remain", "allowed": "may",
    "full": "maximum", "instead": "otherwise", "hit": "wound", "far": "distance", "apart": "distance",
    "all of us": "every investigator", "everyone": "every investigator", "everybody": "every investigator",
    "each of us": "every investigator", "say where": "location", "no matter what": "any reason",
    "anyone": "investigator", "someone": "investigator", "keep": "store", "too": "alike,included",
    "as well": "alike,included", "infected": "unbound marker,infested token,covered", "when": "beginning,end",
    "where": "space,location", "place": "spawn", "stand on": "space", "sit on": "space", "on top of": "space",
}

#: Irregular forms the stemmer leaves apart, in the documents and the questions alike.
IRREGULAR: Mapping[str, str] = {
    "lost": "lose", "took": "take", "taken": "take", "drew": "draw", "drawn": "draw", "dealt": "deal",
    "won": "win", "chose": "choose", "chosen": "choose", "gave": "give", "given": "give", "went": "go",
    "came": "come", "held": "hold", "kept": "keep", "stood": "stand", "spent": "spend", "dead": "die",
    "death": "die", "died": "die", "dying": "die", "better": "good", "best": "good", "worse": "bad",
    # a negation is one word, kept: "can't hit anyone" asks the rule that says "no one can be attacked"
    "no": "not", "never": "not", "cannot": "not", "nor": "not", "nobody": "not", "nothing": "not",
    "neither": "not", "unable": "not",
}

_WORD = re.compile(r"[a-z0-9]+")
_STEMS: dict[str, str] = {}
_stemmer = None


def _stem(word: str) -> str:
    stem = _STEMS.get(word)
    if stem is None:
        global _stemmer
        if _stemmer is None:
            import snowballstemmer

            _stemmer = snowballstemmer.stemmer("english")
        stem = _STEMS[word] = _stemmer.stemWord(word)
    return stem


def normal_words(text: str) -> list[tuple[str, bool]]:
    """Every word of ``text``, normalised: lower case, number words as digits, irregular forms regularised, and
    stemmed unless it is a common word; each with whether it is one (``True``: a stopword).

    >>> normal_words("All of us")
    [('all', True), ('of', True), ('us', True)]
    """
    text = text.lower().replace("\u2019", "'")
    text = re.sub(r"'s\b", "", text)
    text = re.sub(r"\b(can|won|don|doesn|isn|aren|didn|hasn|haven|wasn|weren|couldn|shouldn|wouldn)'t\b", r"\1 not",
                  text)
    text = re.sub(r"'(m|ll|ve|re|d)\b", "", text)
    out = []
    for word in _WORD.findall(text):
        word = IRREGULAR.get(NUMBER_WORDS.get(word, word), NUMBER_WORDS.get(word, word))
        out.append((word, True) if word in STOPWORDS else (_stem(word), False))
    return out


def tokens(text: str) -> list[str]:
    """The words of ``text`` as the index sees them: :func:`normal_words` without the common ones.

    >>> tokens("Can Lisbeth store the die she just put back?")
    ['lisbeth', 'store', 'die', 'put', 'back']
    >>> tokens("Four infested tokens")
    ['4', 'infest', 'token']
    """
    return [w for w, stop in normal_words(text) if not stop]


def _id_words(name: str) -> str:
    return re.sub(r"[.\-]+", " ", name)


# --- documents --------------------------------------------------------------------------------------------------------
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
    """A topic to look at when a question matches nothing: its area, its title and one rule of it."""

    area_title: str
    topic_title: str
    example_id: str

    def to_json(self) -> dict:
        return {"area_title": self.area_title, "topic_title": self.topic_title, "example_id": self.example_id}


@dataclass(frozen=True, slots=True)
class AskAnswer:
    """The answer to one question: the hits, best first (empty when nothing matches), or the nearest topics."""

    question: str
    hits: tuple[Hit, ...]
    suggestions: tuple[Suggestion, ...] = ()
    results_generated: str | None = None

    @property
    def matched(self) -> bool:
        return bool(self.hits)

    @property
    def ids(self) -> list[str]:
        return [h.entry.id for h in self.hits]

    def to_json(self) -> dict:
        return {"question": self.question, "matched": self.matched, "results": [h.to_json() for h in self.hits],
                "suggestions": [s.to_json() for s in self.suggestions],
                "results_generated": self.results_generated}

    def to_text(self, scenarios_shown: int = 2) -> str:
        if not self.hits:
            lines = [f"No rule matches {self.question!r}."]
            if self.suggestions:
                lines.append("The nearest topics:")
                for s in self.suggestions:
                    lines.append(f"  - {s.area_title} › {s.topic_title} (e.g. deepmadness rule {s.example_id})")
            lines.append("Try the rulebook's words for the game terms, or `deepmadness rule ID` for one rule.")
            return "\n".join(lines)
        lines = []
        for n, hit in enumerate(self.hits, 1):
            e = hit.entry
            kind = "" if e.kind == "rule" else f" ({e.kind} option)"
            lines.append(f"{n}. {e.id}{kind}: {e.title}")
            lines.append(f"   {e.text}")
            lines.append(f"   Rulebook: {e.section}" if e.section else f"   Area: {e.area_title}")
            if hit.scenarios:
                for s in hit.scenarios[:scenarios_shown]:
                    lines.append(f"   Proved by: {s.name} [{s.status}] ({s.key})")
                more = len(hit.scenarios) - scenarios_shown
                if more > 0:
                    lines.append(f"   … and {more} more scenario{'s' if more > 1 else ''}: deepmadness rule {e.id}")
            else:
                lines.append("   Proved by: no scenario yet")
            lines.append("")
        return "\n".join(lines).rstrip()


def _terms_of(entry_terms: Iterable[str], entry_id: str, words: Sequence[str], glossary: Sequence[Term],
              term_tokens: Mapping[str, tuple[str, ...]]) -> tuple[list[Term], list[Term]]:
    """The glossary terms a rule or option uses: (those it lists or that list it, those its words name)."""
    listed = {t.lower() for t in entry_terms}
    own, named = [], []
    joined = " " + " ".join(words) + " "
    for t in glossary:
        seq = term_tokens[t.term]
        if t.term.lower() in listed or entry_id in t.rules:
            own.append(t)
        elif seq and (" " + " ".join(seq) + " ") in joined:
            named.append(t)
    return own, named


def _steps_text(steps: Iterable[Step]) -> str:
    return " ".join(s.text for s in steps)


def option_scenarios(name: str, features=None) -> list[ScenarioSpec]:
    """The scenarios that pin a setting of the option ``name`` (their steps name it), in file order."""
    return _scenarios_naming(features if features is not None else load_features()).get(name, [])


def _scenarios_naming(features, cat: Catalog | None = None) -> dict[str, list[ScenarioSpec]]:
    """Option name → the scenarios whose steps name it, in file order."""
    names = list((cat or catalog()).options)
    out: dict[str, list[ScenarioSpec]] = {}
    for f in features:
        for s in f.scenarios:
            text = "\n".join(st.text for st in s.background + s.steps)
            for name in names:
                if name in text:
                    out.setdefault(name, []).append(s)
    return out


def _entries(cat: Catalog) -> list[Entry]:
    areas = {a.name: a for a in cat.areas}
    out = []
    for r in cat.active_rules():
        area = areas[r.area]
        out.append(Entry(r.id, "rule", r.area, area.title, r.topic, dict(area.topics).get(r.topic, r.topic),
                         r.title, r.text, r.section))
    for o in cat.options.values():
        area = areas[o.area]
        out.append(Entry(o.name, o.kind, o.area, area.title, "", f"{o.kind}s", o.title, o.text, ""))
    return out




def build_index(cat: Catalog, features) -> dict:
    """The tokenized index as plain data (what the project's cache keeps, :func:`load_index`): the entries, the scenarios that prove
    each, each entry's words field by field, and the players' phrases with the rulebook's words they may mean."""
    by_rule = scenarios_by_rule(features)
    naming = _scenarios_naming(features, cat)
    glossary = cat.terms
    term_tokens = {t.term: tuple(tokens(t.term)) for t in glossary}
    entries = _entries(cat)
    spec_tokens: dict[str, tuple[str, str]] = {}

    def scenario_text(s: ScenarioSpec) -> tuple[str, str]:
        """A scenario's name (with its Rule block's) and its steps' text (many rules share a scenario)."""
        cached = spec_tokens.get(s.key)
        if cached is None:
            cached = spec_tokens[s.key] = (f"{s.name}. {s.rule_block or ''}. {s.feature_name}", _steps_text(s.background + s.steps))
        return cached

    drafts = []
    named_count: dict[str, int] = {}
    for e in entries:
        if e.kind == "rule":
            rule = cat.rules[e.id]
            specs = tuple(by_rule.get(e.id, ()))
            own_terms: Iterable[str] = rule.terms
            texts = [e.text]
            defs_extra = ""
        else:
            opt = cat.options[e.id]
            specs = tuple(naming.get(e.id, ()))
            own_terms = ()
            texts = [e.text, *opt.choices.values()]
            defs_extra = opt.grounds
        own, named = _terms_of(own_terms, e.id, tokens(" ".join((e.title, _id_words(e.id), *texts))), glossary,
                               term_tokens)
        for t in named:
            named_count[t.term] = named_count.get(t.term, 0) + 1
        drafts.append((e, specs, texts, own, named, defs_extra))
    # a term the text of many entries names (figure, monster, space …) tells them apart no better than a common
    # word: only the terms an entry lists, and the rarer ones it names, bring in the glossary
    common = GENERIC_TERM_SHARE * len(entries)
    fields: dict[str, list[list[str]]] = {f: [] for f in FIELDS}
    scenarios = []
    for e, specs, texts, own, named, defs_extra in drafts:
        used = own + [t for t in named if named_count[t.term] <= common]
        segments = {
            "name": [e.title, _id_words(e.id)],
            "text": texts,
            "where": [e.section, e.area_title, e.topic_title],
            "terms": [phrase for t in used for phrase in (t.term, *t.synonyms)],
            "specs": [scenario_text(s)[0] for s in specs],
            "defs": [t.definition for t in used] + [defs_extra],
            "steps": [scenario_text(s)[1] for s in specs],
        }
        for f in FIELDS:
            fields[f].append(tokens(" ".join(segments[f])))
        scenarios.append([[s.name, s.keyword, s.key, s.feature_name, s.rule_block] for s in specs])
    # players' words: a phrase → the rulebook's words it may mean (each as tokens). A phrase is matched in a
    # question with its common words ("all of us") or, failing that, by its other words alone.
    synonyms: dict[tuple[str, ...], list[tuple[str, ...]]] = {}

    def add(phrase: str, meaning: tuple[str, ...]) -> None:
        full = tuple(w for w, _ in normal_words(phrase))
        for seq in dict.fromkeys((full, tuple(tokens(phrase)))):
            if seq and meaning and meaning not in synonyms.get(seq, ()):
                synonyms.setdefault(seq, []).append(meaning)

    for t in glossary:
        for phrase in (t.term, *t.synonyms):
            seq = set(tokens(phrase))
            if not seq >= set(term_tokens[t.term]) and not seq <= set(term_tokens[t.term]):
                add(phrase, term_tokens[t.term])
    for phrase, meanings in PLAIN_WORDS.items():
        for meaning in meanings.split(","):
            add(phrase, tuple(tokens(meaning)))
    return {"entries": [[getattr(e, name) for name in e.__match_args__] for e in entries], "scenarios": scenarios, "fields": fields,
            "synonyms": [[list(p), [list(m) for m in ms]] for p, ms in synonyms.items()]}


# --- the index cache --------------------------------------------------------------------------------------------------
def _sources(cat_dir: Path | None = None) -> list[Path]:
    """The files the index is made from: the catalog, the features, and the code that reads and tokenizes them."""
    from .catalog import catalog_dir

    here = Path(__file__).resolve().parent
    return [here / "ask.py", here / "catalog.py", here / "spec.py",
            *sorted((cat_dir or catalog_dir()).glob("*.yaml")), *sorted(FEATURES_DIR.rglob("*.feature"))]


def _is_index(value) -> bool:
    """Whether a kept value has the index's shape (else it is built again)."""
    return isinstance(value, dict) and all(k in value for k in ("entries", "scenarios", "fields", "synonyms"))


def load_index(cache: bool = True) -> dict:
    """The index of the catalog and the features as they are now: kept by the project's cache
    (:func:`solver.datacache.derived`, under :data:`INDEX_KIND`, keyed by every source's bytes) and built only when
    a source changed. ``cache=False`` (or ``DEEPMADNESS_CACHE=off``) builds it afresh without touching the cache."""
    from .datacache import derived

    def build() -> dict:
        return build_index(catalog(), load_features())

    return derived(INDEX_KIND, _sources(), build, _is_index) if cache else build()


# --- the asker --------------------------------------------------------------------------------------------------------
class Asker:
    """Answers questions against one catalog, one set of features and one results file; build once, ask often.

    With no catalog and no features given, the tokenized index comes from the project's cache when it is up to
    date (:func:`load_index`; ``cache=False`` builds it afresh without touching the cache).

    >>> asker = Asker()
    >>> asker.ask("how do I castle kingside").matched
    False
    """

    def __init__(self, cat: Catalog | None = None, features=None, results: Results | None = None, *,
                 cache: bool = True, index: Mapping | None = None) -> None:
        from rank_bm25 import BM25Okapi  # the ranking library, imported only when asking

        self.results = results if results is not None else load_results()
        if index is not None:
            pass
        elif cat is None and features is None:
            index = load_index(cache)
        else:
            index = build_index(cat or catalog(), features if features is not None else load_features())
        self.entries = [Entry(*e) for e in index["entries"]]
        self._scenarios = [tuple(ScenarioStatus(*s, status="") for s in specs) for specs in index["scenarios"]]
        fields = index["fields"]
        self._indexes = []
        for weight, parts in INDEXES.values():
            docs = [[w for f, reps in parts.items() for _ in range(reps) for w in dict.fromkeys(fields[f][i])]
                    for i in range(len(self.entries))]
            if weight and any(docs):
                self._indexes.append((weight, BM25Okapi(docs, k1=K1, b=B)))
        self._doc_words = [frozenset(w for f in FIELDS for w in fields[f][i])
                           for i in range(len(self.entries))]
        n = len(self.entries)
        df: dict[str, int] = {}
        for words in self._doc_words:
            for w in words:
                df[w] = df.get(w, 0) + 1
        self._idf = {w: math.log((n - c + 0.5) / (c + 0.5) + 1) for w, c in df.items()}
        self._synonyms = {tuple(p): tuple(tuple(m) for m in ms) for p, ms in index["synonyms"]}
        self._max_phrase = max((len(p) for p in self._synonyms), default=1)
        self._cache: dict[str, object] = {}

    # -- scoring --
    def _token_scores(self, token: str):
        """One word's score in every document: its BM25 score in each index, weighted (cached: questions share
        words)."""
        cached = self._cache.get(token)
        if cached is None:
            cached = 0
            for weight, index in self._indexes:
                cached = cached + weight * index.get_scores([token])
            self._cache[token] = cached
        return cached

    def concepts(self, question: str) -> list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]]:
        """A question as concepts: (its words, the rulebook's words they may mean) pairs, the second empty unless
        the words are a players' phrase (longest phrase first, phrases don't overlap; common words and repeats
        dropped)."""
        ws = normal_words(question)
        content = [i for i, (_, stop) in enumerate(ws) if not stop]
        found: dict[tuple[str, ...], tuple[tuple[str, ...], ...]] = {}
        i = 0
        while i < len(ws):
            for size in range(min(self._max_phrase, len(ws) - i), 0, -1):
                span = tuple(w for w, _ in ws[i:i + size])
                if span in self._synonyms:  # the phrase with its common words
                    end = i + size
                    break
                if not ws[i][1]:  # the phrase by its other words
                    at = content.index(i)
                    picks = content[at:at + size]
                    span = tuple(ws[j][0] for j in picks)
                    if len(picks) == size and span in self._synonyms:
                        end = picks[-1] + 1
                        break
            else:
                if not ws[i][1]:
                    found.setdefault((ws[i][0],), ())
                i += 1
                continue
            raw = tuple(w for w, stop in ws[i:end] if not stop)
            found.setdefault(raw or span, self._synonyms[span] if raw else ((),) + self._synonyms[span])
            i = end
        return [(raw, tuple(m for m in meanings if m)) if meanings[:1] != ((),) else ((), meanings[1:])
                for raw, meanings in found.items()]

    def _concept_scores(self, raw: tuple[str, ...], meanings: tuple[tuple[str, ...], ...]):
        """A concept's score in each document: that of its own words, or of one of its meanings (scaled to as many
        words, times :data:`SYNONYM_WEIGHT`), whichever is highest."""
        import numpy as np

        score = sum(self._token_scores(t) for t in raw)
        for meaning in meanings:
            other = sum(self._token_scores(t) for t in meaning) * (SYNONYM_WEIGHT * max(len(raw), 1) / len(meaning))
            score = np.maximum(score, other)
        return score

    def _concept_weight(self, raw: tuple[str, ...], meanings: tuple[tuple[str, ...], ...]) -> float:
        """How much a concept counts in the coverage: the rarity of its rarest known word."""
        known = [self._idf[t] for t in raw if t in self._idf]
        if not known:
            known = [self._idf[t] for meaning in meanings for t in meaning if t in self._idf]
        return max(known) if known else UNKNOWN_WORD_WEIGHT

    @staticmethod
    def _covers(have: frozenset[str], raw: tuple[str, ...], meanings: tuple[tuple[str, ...], ...]) -> float:
        """The share of a concept a document holds: of its words, or of its best-held meaning's words."""
        return max(sum(t in have for t in seq) / len(seq) for seq in (raw, *meanings) if seq)

    def coverage(self, index: int, concepts) -> float:
        """The share of the question's concepts (weighted by rarity) that the document ``index`` holds."""
        have = self._doc_words[index]
        weights = [self._concept_weight(raw, meanings) for raw, meanings in concepts]
        held = sum(w * self._covers(have, raw, meanings) for w, (raw, meanings) in zip(weights, concepts))
        return held / sum(weights)

    def scores(self, question: str):
        """The question's concepts and every document's score for it (numpy array, in :attr:`entries` order)."""
        import numpy as np

        concepts = self.concepts(question)
        scores = np.zeros(len(self.entries))
        for raw, meanings in concepts:
            scores = scores + self._concept_scores(raw, meanings)
        return concepts, scores

    def ask(self, question: str, limit: int = DEFAULT_LIMIT) -> AskAnswer:
        """The entries that answer ``question``, best first; none (with the nearest topics) when nothing does."""
        import numpy as np

        concepts, scores = self.scores(question)
        generated = self.results.generated
        if not concepts:
            return AskAnswer(question, (), self._suggest(None), generated)
        order = np.argsort(-scores, kind="stable")
        best = float(scores[order[0]])
        if best <= 0:
            return AskAnswer(question, (), self._suggest(None), generated)
        if max(self.coverage(int(i), concepts) for i in order[:COVERAGE_CHECKED]) < MIN_COVERAGE:
            return AskAnswer(question, (), self._suggest(order[:5]), generated)
        hits = []
        for i in order[:limit]:
            score = float(scores[i])
            if score < RELATIVE_CUTOFF * best:
                break
            hits.append(Hit(self.entries[i], score, self.coverage(int(i), concepts), self._status(int(i))))
        return AskAnswer(question, tuple(hits), (), generated)

    def _status(self, index: int) -> tuple[ScenarioStatus, ...]:
        """The scenarios that prove the entry ``index``, with the outcome of their last run."""
        outcomes = self.results.outcomes
        return tuple(replace(s, status=outcomes.get(s.key, "not run")) for s in self._scenarios[index])

    def _suggest(self, order) -> tuple[Suggestion, ...]:
        """The nearest topics: those of the best partial matches, or else the first topic of each area."""
        out: list[Suggestion] = []
        seen = set()
        if order is not None:
            for i in order:
                e = self.entries[i]
                key = (e.area, e.topic_title)
                if key not in seen:
                    seen.add(key)
                    out.append(Suggestion(e.area_title, e.topic_title, e.id))
                if len(out) == 3:
                    break
            return tuple(out)
        for e in self.entries:
            if e.area not in seen:
                seen.add(e.area)
                out.append(Suggestion(e.area_title, e.topic_title, e.id))
        return tuple(out)


# --- one rule ---------------------------------------------------------------------------------------------------------
def nearest_ids(name: str, cat: Catalog | None = None, n: int = 3) -> list[str]:
    """The catalogued rule IDs and option names closest in spelling to ``name``."""
    cat = cat or catalog()
    known = list(dict.fromkeys([*cat.rules, *cat.options]))
    import difflib

    close = difflib.get_close_matches(name, known, n=n, cutoff=0.5)
    if not close:
        prefix = name.split(".")[0]
        close = [k for k in known if k.startswith(prefix + ".")][:n]
    return close


def options_touching(rule_id: str, cat: Catalog | None = None) -> list[Option]:
    """The options that name the rule (in their ``rules:`` list, by name, or in their text)."""
    cat = cat or catalog()
    pattern = re.compile(r"(?<![\w.-])" + re.escape(rule_id) + r"(?![\w-]|\.\w)")
    return [o for o in cat.options.values()
            if rule_id in o.rules or o.name == rule_id or pattern.search(o.text)]


def _step_json(s: Step) -> dict:
    return {"keyword": s.keyword, "text": s.text, "table": [list(r) for r in s.table], "docstring": s.docstring}


def _scenario_json(s: ScenarioSpec, status: str) -> dict:
    return {"name": s.name, "keyword": s.keyword, "key": s.key, "feature": s.feature_name,
            "rule_block": s.rule_block, "status": status, "tags": list(s.tags),
            "background": [_step_json(x) for x in s.background], "steps": [_step_json(x) for x in s.steps],
            "examples": [[list(r) for r in table] for table in s.examples]}


def _option_json(o: Option) -> dict:
    return {"name": o.name, "kind": o.kind, "area": o.area, "title": o.title, "text": o.text,
            "choices": dict(o.choices), "default": o.default, "grounds": o.grounds, "rules": list(o.rules)}


def _features_naming(text: str) -> tuple:
    """The parsed feature files whose text holds ``text`` (the others can't tag or name it), in file order."""
    return tuple(parse_feature(p) for p in sorted(FEATURES_DIR.rglob("*.feature"))
                 if text in p.read_text(encoding="utf-8"))


def describe(name: str, cat: Catalog | None = None, features=None, results: Results | None = None) -> dict:
    """Everything about one rule (or one option) as data: the ``rule`` command's answer.

    A name that is neither a rule ID nor an option name raises :class:`KeyError` with the nearest names.
    """
    cat = cat or catalog()
    if features is None:  # parsed already, or only the files that name it: a rule's tag, an option in a step
        features = load_features() if load_features.cache_info().currsize else \
            _features_naming(RULE_TAG + name if name in cat.rules else name)
    results = results if results is not None else load_results()
    areas = {a.name: a for a in cat.areas}
    if name in cat.rules:
        r: Rule = cat.rules[name]
        area = areas[r.area]
        specs = scenarios_by_rule(features).get(name, [])
        return {"id": r.id, "kind": "rule", "title": r.title, "text": r.text, "area": r.area,
                "area_title": area.title, "topic": r.topic, "topic_title": dict(area.topics).get(r.topic, r.topic),
                "section": r.section, "terms": list(r.terms), "withdrawn": r.withdrawn,
                "options": [_option_json(o) for o in options_touching(name, cat)],
                "scenarios": [_scenario_json(s, results.status(s)) for s in specs],
                "results_generated": results.generated}
    if name in cat.options:
        o = cat.options[name]
        return {"id": o.name, "kind": o.kind, "title": o.title, "text": o.text, "area": o.area,
                "area_title": areas[o.area].title, "choices": dict(o.choices), "default": o.default,
                "grounds": o.grounds, "rules": list(o.rules),
                "scenarios": [_scenario_json(s, results.status(s)) for s in option_scenarios(name, features)],
                "results_generated": results.generated}
    raise KeyError(name)


def _table(rows: Sequence[Sequence[str]], indent: str) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [indent + "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |" for r in rows]


def _steps_lines(steps: Sequence[dict], indent: str) -> list[str]:
    out = []
    for s in steps:
        out.append(f"{indent}{s['keyword']} {s['text']}")
        if s["table"]:
            out += _table(s["table"], indent + "    ")
        if s["docstring"]:
            out += [indent + '    """'] + [indent + "    " + ln for ln in s["docstring"].splitlines()] + \
                   [indent + '    """']
    return out


def render(data: Mapping) -> str:
    """The ``rule`` command's answer as text a player reads."""
    lines = []
    if data["kind"] == "rule":
        lines.append(f"{data['id']}: {data['title']}")
        lines.append(f"{data['area_title']} › {data['topic_title']} — rulebook: {data['section']}")
        if data["withdrawn"]:
            lines.append(f"WITHDRAWN: {data['withdrawn']}")
        lines += ["", data["text"]]
        if data["terms"]:
            lines += ["", "Terms: " + ", ".join(data["terms"])]
        if data["options"]:
            lines += ["", "Options that touch it:"]
            for o in data["options"]:
                lines.append(f"  {o['name']} ({o['kind']}, default {o['default']}): {o['title']}")
                for choice, what in o["choices"].items():
                    lines.append(f"    - {choice}: {what}")
    else:
        lines.append(f"{data['id']} ({data['kind']} option): {data['title']}")
        lines += [data["area_title"], "", data["text"], "", "Settings:"]
        for choice, what in data["choices"].items():
            mark = " (default)" if choice == data["default"] else ""
            lines.append(f"  - {choice}{mark}: {what}")
        lines += ["", f"Grounds: {data['grounds']}"]
        if data["rules"]:
            lines += ["", "Rules it touches: " + ", ".join(data["rules"])]
    specs = data["scenarios"]
    what = "Scenarios that prove it" if data["kind"] == "rule" else "Scenarios that set it"
    lines += ["", f"{what}: {len(specs) if specs else 'none yet'}"]
    for s in specs:
        lines += ["", f"  [{s['status']}] {s['keyword']}: {s['name']}", f"    {s['key']}"]
        if s["rule_block"]:
            lines.append(f"    Rule: {s['rule_block']}")
        if s["background"]:
            lines.append("    Background:")
            lines += _steps_lines(s["background"], "      ")
        lines += _steps_lines(s["steps"], "    ")
        for table in s["examples"]:
            lines.append("    Examples:")
            lines += _table(table, "      ")
    if data.get("results_generated") is None and specs:
        lines += ["", "(No results file: run the specification (make test) to see each scenario's status.)"]
    return "\n".join(lines)
