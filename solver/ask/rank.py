"""The ranking: SQLite FTS5's BM25 with column weights, over the documents of :mod:`solver.ask.index`.

Two FTS5 tables, both with the ``porter`` tokenizer: ``main`` holds the fields that say what an entry is (its
name, its text, its rulebook section, its terms' names and players' synonyms, its scenarios' names), weighted by
:data:`MAIN_WEIGHTS`; ``side`` holds what it merely touches (its terms' definitions, its scenarios' steps) and
counts :data:`SIDE_WEIGHT` as much. A question is a list of *concepts* — a word, or a players' phrase with the
rulebook's words it may mean — and a document's score is the sum over the concepts of the best of the concept's
own words' BM25 and its meanings' (each meaning scaled to as many words). FTS5 computes each word's BM25; Python
only adds them up, so this runs wherever Python's ``sqlite3`` has FTS5 (CPython here, Pyodide in the browser).
To that sum each document adds its naive Bayes posterior (:meth:`Ranker.posterior`, :data:`BAYES_WEIGHT`) over the
word counts the index keeps for it (how players ask it, its title and its text), a share by how alike the
players' question of it most like the question is (:meth:`Ranker.neighbours`, :data:`NEIGHBOUR_WEIGHT`), and a
share by how nearly its players' question nearest in meaning means what the question does (word-piece vectors,
:mod:`.vectors`; :meth:`Ranker.meaning_share`, :data:`MEANING_WEIGHT`).
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Mapping, Sequence

from .vectors import cosine, kept_meaning, load_vectors, unpacked
from .words import Stemmer, normal_words

#: The BM25 weight of the players' questions an entry answers (the catalog's ``asked``), beside its text's 1.0: chosen
#: on half A of the tuning questions (blake2b of the question, even first byte), 1.5 to 4 all within two of the best.
ASKED_WEIGHT = 1.5
#: The FTS5 tables: each with how much its score counts and its columns' BM25 weights (fields of the index).
TABLES: Mapping[str, tuple[float, Mapping[str, float]]] = {
    "main": (1.0, {"name": 4.0, "text": 1.0, "where": 0.5, "terms": 0.5, "specs": 0.5, "asked": ASKED_WEIGHT}),
    "side": (0.1, {"defs": 1.0, "steps": 1.0}),
}
#: The fields a document's coverage of a question does not look at (:meth:`Ranker.holders`): the players' questions
#: are our own words for what an entry answers, and a question they alone hold is not one the rules answer.
UNCOVERING_FIELDS = frozenset({"asked"})
#: The weight of a meaning (the rulebook's words a players' phrase stands for) against the phrase's own words.
SYNONYM_WEIGHT = 1.0
#: The most a word the catalog uses weighs in the coverage (a common word weighs about 1).
RARITY_CAP = 2.5
#: A question is read up to this many words (a longer text is no question; its cost stays bounded).
MAX_WORDS = 200
#: How close a word the catalog never uses must be to one it uses to be read as its misspelling.
SPELLING_CUTOFF = 0.85
#: Shorter words are left as they are: too many real words lie that close to one another ("black", "back").
SPELLING_MIN_LENGTH = 6
#: An option's score is multiplied by this unless the question is about readings or assumptions: the rule that
#: answers comes first.
OPTION_FACTOR = 0.8
#: Words that make a question one about our readings, not the rules (then options are not held back).
ABOUT_OPTIONS = frozenset({"option", "assum", "interpret", "read", "ambigu", "unclear", "default", "set"})


#: How much the naive Bayes posterior counts beside BM25: the best document's BM25 score times this, shared out
#: among the documents by their posterior probability (chosen on half A of the tuning part).
BAYES_WEIGHT = 1.0
#: The naive Bayes model's additive smoothing (Lidstone): a word an entry never uses counts this many times.
BAYES_SMOOTHING = 0.5


#: How much the nearest players' questions count (:meth:`Ranker.neighbours`): the best score so far times this,
#: shared out among the entries by a softmax of their nearest question's likeness, :data:`NEIGHBOUR_SHARPNESS`
#: sharp. Chosen on the A halves of three splits of the tuning part (0.2 to 0.5 and sharpness 7 to 10 within a
#: question of one another; first +1 to +3 a half, on the B halves too: 330 → 334 of 407 in all).
NEIGHBOUR_WEIGHT = 0.3
NEIGHBOUR_SHARPNESS = 10.0
#: What the question means (:mod:`.vectors`): among the :data:`MEANING_CANDIDATES` entries scored highest, each
#: gets a share of :data:`MEANING_WEIGHT` times the best score, by how nearly its players' question nearest in
#: meaning means what the question does (a softmax of the cosines, :data:`MEANING_SHARPNESS`)
MEANING_WEIGHT = 0.6
MEANING_SHARPNESS = 20.0
MEANING_CANDIDATES = 15


def _log_likelihood(words: Sequence[str], bag: Mapping[str, int], size: int, vocabulary: int) -> float:
    """The log-probability of ``words`` under a bag of ``size`` word counts (multinomial, add-:data:`BAYES_SMOOTHING`
    over ``vocabulary`` words)."""
    return sum(math.log((bag.get(w, 0) + BAYES_SMOOTHING) / (size + BAYES_SMOOTHING * vocabulary)) for w in words)


def _softmax(alike: Mapping[int, float], sharpness: float) -> dict[int, float]:
    """Shares summing to one of the rows of ``alike``, by a softmax of their likeness, ``sharpness`` sharp."""
    top = max(alike.values())
    odds = {row: math.exp(sharpness * (a - top)) for row, a in alike.items()}
    norm = sum(odds.values())
    return {row: o / norm for row, o in odds.items()}


def weighted_jaccard(a: frozenset[str], b: frozenset[str], weight) -> float:
    """How alike two sets of words are: the weight of the words they share over that of all their words (each
    word weighs ``weight(word)``); 0 for two empty sets. The sums are exact (``math.fsum``), so they don't hang on
    the order a set's words come in (string hashing): two sets as alike as another two, by their words' weights,
    are exactly as alike, and a tie goes to the first one asked about.

    >>> weighted_jaccard(frozenset("abcde"), frozenset("abcdefghij"), lambda w: 0.1)  # ten 0.1s make 1, exactly
    0.5
    """
    union = math.fsum(weight(w) for w in a | b)
    return math.fsum(weight(w) for w in a & b) / union if union else 0.0


class Ranker:
    """BM25 scores of the index's documents for a question's concepts; build once, rank often."""

    def __init__(self, index: Mapping) -> None:
        self.db = sqlite3.connect(":memory:")
        fields = index["fields"]
        self.size = len(index["entries"])
        self.kinds = [e[1] for e in index["entries"]]
        made = self.from_image = self._tables_from_image(index.get("tables"))
        self.stemmer = Stemmer(self.db)
        self._tables = []
        for table, (factor, columns) in TABLES.items():
            cols = ", ".join(f"f_{c}" for c in columns)
            if not made:
                self.db.execute(f"CREATE VIRTUAL TABLE t_{table} USING fts5({cols}, tokenize='porter ascii')")
                self.db.executemany(f"INSERT INTO t_{table}(rowid, {cols}) VALUES (?{', ?' * len(columns)})",
                                    ((i, *(fields[c][i] for c in columns)) for i in range(self.size)))
            weights = ", ".join(str(float(w)) for w in columns.values())
            covering = [f"f_{c}" for c in columns if c not in UNCOVERING_FIELDS]
            scope = "" if len(covering) == len(columns) else "{" + " ".join(covering) + "} : "
            self._tables.append((f"SELECT rowid, -bm25(t_{table}, {weights}) FROM t_{table} WHERE t_{table} MATCH ?",
                                 f"SELECT rowid FROM t_{table} WHERE t_{table} MATCH ?", factor, scope))
        self.synonyms = {tuple(p): tuple(ms) for p, ms in index["synonyms"]}
        self._max_phrase = max((len(p) for p in self.synonyms), default=1)
        self._vocabulary: dict[str, list[str]] = {}
        for w in sorted({w for f in ("name", "text", "where", "terms") for doc in fields[f] for w in doc.split()}):
            if len(w) >= 4 and not w.isdigit():
                self._vocabulary.setdefault(w[0], []).append(w)
        self._phrase_words = frozenset(w for p in self.synonyms for w in p)
        self._spelled: dict[str, str] = {}
        self._bags = [dict(bag) for bag in index["counts"]]
        self._bag_sizes = [sum(bag.values()) for bag in self._bags]
        self._entry_words = frozenset(w for bag in self._bags for w in bag)
        self.figures = frozenset(index.get("figures", ()))  # the words of the figures' names the engine knows
        self._words: dict[str, dict[int, float]] = {}
        self._docs: dict[str, frozenset[int]] = {}
        # players' questions one a row (content stems), those the rules answer and those they don't, and which
        # rows hold each word (for :meth:`nearest`)
        examples = index.get("examples", {})
        sides = {side: [row.split() for row in examples.get(side, ())] for side in ("in", "out")}
        self._example_owner = examples.get("owner", ())  # the entry each "in" row asks of
        self._texts = {"in": examples.get("text", ()), "out": examples.get("out_text", ())}  # each row as written
        self._examples_of: list[list[int]] = [[] for _ in range(self.size)]  # each entry's "in" rows
        for i, row in enumerate(self._example_owner):
            self._examples_of[row].append(i)
        self._meanings: dict[str, dict[int, list[float] | None]] = {"in": {}, "out": {}}  # made when first needed
        self._entry_memo: tuple[object, dict[int, float | None]] = (None, {})  # see entry_meanings
        kept = index.get("meanings")  # the examples' meanings, when the index keeps them (index.with_meanings)
        self._kept = {side: unpacked(kept[side], kept["dims"]) if kept else None for side in ("in", "out")}
        self._example_total = sum(len(rows) for rows in sides.values())
        #: a word no example holds weighs as one held once would, more
        self._example_unknown = math.log(self._example_total + 1)
        self._example_weight: dict[str, float] = {}  # each word's weight, made when first needed (_weight)
        self._example_lines = sides
        self._example_sizes: dict[str, dict[int, float]] = {side: {} for side in sides}  # made when first needed
        self._example_rows: dict[str, dict[str, list[int]]] = {side: {} for side in sides}
        for side, rows in sides.items():
            postings = self._example_rows[side]
            for i, row in enumerate(rows):
                for w in row:
                    postings.setdefault(w, []).append(i)

    def _tables_from_image(self, image) -> bool:
        """Whether the FTS5 tables came from ``image``, the index's own (``tables``: :func:`.index.with_tables`,
        which the wheel's index carries): a database image of exactly the tables this ranker would make of the
        index, read at once instead of filled a row at a time. Anything else (none, or an image without a row of
        each document) leaves a new, empty database for the tables to be made in."""
        if not isinstance(image, bytes):
            return False
        try:
            self.db.deserialize(image)
            if all(self.db.execute(f"SELECT count(*) FROM t_{t}").fetchone()[0] == self.size for t in TABLES):
                return True
        except sqlite3.DatabaseError:
            pass
        self.db.close()
        self.db = sqlite3.connect(":memory:")
        return False

    def image(self) -> bytes:
        """The FTS5 tables as one database image (for :func:`.index.with_tables`), committed first: FTS5 holds the
        terms of its last inserts in memory until then."""
        self.db.commit()
        return self.db.serialize()

    # -- one word --
    def word_scores(self, word: str) -> dict[int, float]:
        """One word's weighted BM25 score in every document that holds it (cached: questions share words)."""
        scores = self._words.get(word)
        if scores is None:
            scores = {}
            query = '"' + word.replace('"', "") + '"'
            for select, _, factor, _ in self._tables:
                for row, score in self.db.execute(select, (query,)):
                    scores[row] = scores.get(row, 0.0) + factor * score
            self._words[word] = scores
        return scores

    def holders(self, word: str) -> frozenset[int]:
        """The documents whose fields hold ``word``, but for :data:`UNCOVERING_FIELDS` (for the coverage)."""
        docs = self._docs.get(word)
        if docs is None:
            query = '"' + word.replace('"', "") + '"'
            docs = frozenset(r for _, select, _, scope in self._tables
                             for (r,) in self.db.execute(select, (scope + query,)))
            self._docs[word] = docs
        return docs

    def rarity(self, word: str) -> float | None:
        """How rare a word is in the catalog (BM25's IDF); ``None`` for a word no document holds."""
        n = len(self.holders(word))
        return math.log((self.size - n + 0.5) / (n + 0.5) + 1) if n else None

    def spelled(self, word: str) -> str:
        """A word the catalog never uses, as the catalog's word it is most likely a misspelling of ("lisbth" →
        lisbeth): the closest of the same first letter and about the same length (difflib, ratio
        :data:`SPELLING_CUTOFF`); else the word itself."""
        if len(word) < SPELLING_MIN_LENGTH or word.isdigit() or self.holders(word) or self._is_phrase_word(word):
            return word
        fixed = self._spelled.get(word)
        if fixed is None:
            import difflib

            near = [w for w in self._vocabulary.get(word[0], ()) if abs(len(w) - len(word)) <= 2]
            close = difflib.get_close_matches(word, near, n=1, cutoff=SPELLING_CUTOFF)
            fixed = self._spelled[word] = close[0] if close else word
        return fixed

    def _is_phrase_word(self, word: str) -> bool:
        return word in self._phrase_words

    # -- a question --
    def concepts(self, question: str) -> list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]]:
        """A question as concepts: (its words, the rulebook's words they may mean), the second empty unless the
        words are a players' phrase (longest phrase first, phrases don't overlap; common words and repeats
        dropped). Words are normalised, not stemmed: FTS5 stems them."""
        ws = [(self.spelled(w) if not stop else w, stop) for w, stop in normal_words(question)[:MAX_WORDS]]
        stems = self.stemmer.stems(w for w, _ in ws)
        content = [i for i, (_, stop) in enumerate(ws) if not stop]
        position = {i: at for at, i in enumerate(content)}
        found: list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]] = []
        seen: set[tuple[str, ...]] = set()
        i = 0
        while i < len(ws):
            end = None
            for size in range(min(self._max_phrase, len(ws) - i), 0, -1):
                span = tuple(stems[i:i + size])
                if span in self.synonyms:  # the phrase with its common words
                    end = i + size
                    break
                if not ws[i][1]:  # the phrase by its other words
                    at = position[i]
                    picks = content[at:at + size]
                    span = tuple(stems[j] for j in picks)
                    if len(picks) == size and span in self.synonyms:
                        end = picks[-1] + 1
                        break
            if end is None:
                if not ws[i][1] and (stems[i],) not in seen:
                    seen.add((stems[i],))
                    found.append(((ws[i][0],), ()))
                i += 1
                continue
            raw = tuple(w for w, stop in ws[i:end] if not stop)
            key = tuple(self.stemmer.stems(raw)) if raw else span
            if key not in seen:  # a phrase of common words only ("all of us") counts by its meanings alone
                seen.add(key)
                found.append((raw, tuple(tuple(m.split()) for m in self.synonyms[span])))
            i = end
        return found

    def posterior(self, words: Sequence[str]) -> list[float]:
        """Each document's probability of being the one a question asks about, by multinomial naive Bayes over
        the words of the entries' bags (how players ask it, its title, its text; :data:`BAYES_SMOOTHING`) with a
        uniform prior; the question's words (content stems) that no bag holds are left out. Uniform when none is
        left."""
        words = [w for w in words if w in self._entry_words]
        if not words:
            return [1.0 / self.size] * self.size
        vocabulary = len(self._entry_words)
        logs = [_log_likelihood(words, bag, size, vocabulary) for bag, size in zip(self._bags, self._bag_sizes)]
        top = max(logs)
        odds = [math.exp(x - top) for x in logs]
        total = sum(odds)
        return [o / total for o in odds]

    def _alike(self, side: str, stems: frozenset[str]) -> dict[int, float]:
        """How alike the question of the content stems ``stems`` is to each players' question of ``side`` ("in": the
        catalog's ``asked``, "out": the glossary's examples the rules don't answer) that shares a word with it: the
        weight of the words the two share over that of all their words (weighted Jaccard), a word weighing its
        inverse frequency among all those questions."""
        weight = self._weight
        stems = sorted(stems)  # the sums in one order, whatever the string hashing (as weighted_jaccard's)
        mine = sum(weight(w) for w in stems)
        shared: dict[int, float] = {}
        postings = self._example_rows[side]
        for w in stems:
            rows = postings.get(w, ())
            if rows:
                held = weight(w)
                for i in rows:
                    shared[i] = shared.get(i, 0.0) + held
        sizes, lines = self._example_sizes[side], self._example_lines[side]
        out = {}
        for i, s in shared.items():
            size = sizes.get(i)
            if size is None:
                size = sizes[i] = sum(weight(w) for w in lines[i])
            out[i] = s / (mine + size - s)
        return out

    def _weight(self, word: str) -> float:
        """A word's weight in :meth:`nearest`: its inverse frequency among the example questions (made once)."""
        found = self._example_weight.get(word)
        if found is None:
            n = sum(len(self._example_rows[side].get(word, ())) for side in ("in", "out"))
            found = math.log((self._example_total + 1) / n) if n else self._example_unknown
            self._example_weight[word] = found
        return found

    def nearest(self, stems: frozenset[str], naming: Sequence[str] = ()) -> tuple[float, float]:
        """How alike the question of the content stems ``stems`` is to the players' question most like it among
        those the rules answer and among those they don't (:meth:`_alike`): (the first, the second). The words of
        a figure's name the engine knows are left out: they say who, not what ("emma kruger starting health?" is
        out of scope, "can Emma Kruger gain health above her maximum?" is not). So are the questions the rules
        answer that name one of ``naming`` (phrases of stems), for a question that names none of them: "in the base
        game X; in Fevered Dreams?" is answered because it names the scenario."""
        stems = stems - self.figures
        inside = self._alike("in", stems)
        if naming:
            postings = self._example_rows["in"]
            for name in naming:
                words = name.split()
                if not set(words) <= stems:
                    for i in set.intersection(*(set(postings.get(w, ())) for w in words)):
                        inside.pop(i, None)
        return max(inside.values(), default=0.0), max(self._alike("out", stems).values(), default=0.0)

    def neighbours(self, stems: frozenset[str]) -> dict[int, float]:
        """Each entry some players' question of which shares a word with the question: how alike the most alike
        of them is (:meth:`_alike`) — a nearest-neighbour reading of how players ask each rule."""
        owner = self._example_owner
        best: dict[int, float] = {}
        for i, alike in self._alike("in", stems).items():
            if alike > best.get(owner[i], 0.0):
                best[owner[i]] = alike
        return best

    def example_meaning(self, i: int, side: str = "in") -> list[float] | None:
        """What players' question ``i`` of ``side`` ("in": an entry's ``asked``; "out": an out-of-scope example)
        means (:meth:`.vectors.Vectors.meaning`, as the index keeps it), made once."""
        made = self._meanings[side]
        if i not in made:
            kept = self._kept[side]
            made[i] = kept(i) if kept else kept_meaning(load_vectors().meaning(self._texts[side][i]))
        return made[i]

    def entry_meanings(self, meaning: Sequence[float], rows: Sequence[int]) -> dict[int, float]:
        """For each entry of ``rows`` with players' questions: how nearly the one nearest in meaning to ``meaning``
        means it (the cosine). Kept for the last ``meaning`` asked about (the ranking and the scope ask twice)."""
        if self._entry_memo[0] is not meaning:
            self._entry_memo = (meaning, {})
        memo = self._entry_memo[1]
        for row in rows:
            if row not in memo:
                found = [cosine(meaning, m) for m in map(self.example_meaning, self._examples_of[row]) if m]
                memo[row] = max(found) if found else None
        return {row: memo[row] for row in rows if memo[row] is not None}

    def meant(self, meaning: Sequence[float], order: Sequence[int], stems: frozenset[str]) -> tuple[float, float]:
        """How nearly the players' question nearest in meaning to ``meaning`` means it (the cosine), among those of
        the first :data:`MEANING_CANDIDATES` entries of ``order`` (the ranking) and among the glossary's examples of
        questions the rules don't answer that share a content stem with the question (``stems``): (the first, the
        second); -1 where there is none."""
        postings = self._example_rows["out"]
        outside = {i for w in stems for i in postings.get(w, ())}
        return (max(self.entry_meanings(meaning, order[:MEANING_CANDIDATES]).values(), default=-1.0),
                max((cosine(meaning, m) for i in outside if (m := self.example_meaning(i, "out"))), default=-1.0))

    def meaning_share(self, total: Sequence[float], meaning: Sequence[float]) -> dict[int, float]:
        """The share (summing to one) of each of the :data:`MEANING_CANDIDATES` entries scored highest in
        ``total`` by how nearly its players' question nearest in meaning means ``meaning`` (a unit vector)."""
        alike = self.entry_meanings(meaning, sorted(range(self.size), key=lambda r: -total[r])[:MEANING_CANDIDATES])
        return _softmax(alike, MEANING_SHARPNESS) if alike else {}

    def scores(self, concepts: Sequence[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]],
               question_stems: frozenset[str] = frozenset(), words: Sequence[str] = (),
               meaning: Sequence[float] | None = None) -> list[float]:
        """Every document's score for the concepts (in the index's order): the BM25 sum plus the naive Bayes
        posterior of the question's content stems ``words`` (:meth:`posterior`) scaled to the best BM25 score
        (:data:`BAYES_WEIGHT`), plus the share of the nearest players' questions (:meth:`neighbours`,
        :data:`NEIGHBOUR_WEIGHT`); options held back unless the question is about readings; then, given the
        question's ``meaning`` (its unit vector), the share of the entries whose players' question nearest in
        meaning means most nearly what it does (:meth:`meaning_share`, :data:`MEANING_WEIGHT`)."""
        total = [0.0] * self.size
        for raw, meanings in concepts:
            best: dict[int, float] = {}
            for seq, scale in ((raw, 1.0), *((m, SYNONYM_WEIGHT * max(len(raw), 1) / len(m)) for m in meanings)):
                if not seq:
                    continue
                got: dict[int, float] = {}
                for w in seq:
                    for row, s in self.word_scores(w).items():
                        got[row] = got.get(row, 0.0) + s * scale
                for row, s in got.items():
                    if s > best.get(row, 0.0):
                        best[row] = s
            for row, s in best.items():
                total[row] += s
        if words and BAYES_WEIGHT:
            best = max(total)
            for row, p in enumerate(self.posterior(words)):
                total[row] += BAYES_WEIGHT * best * p
        near = self.neighbours(frozenset(w for w in words if not w.startswith("?"))) if NEIGHBOUR_WEIGHT else {}
        if near:
            best = max(total)
            for row, share in _softmax(near, NEIGHBOUR_SHARPNESS).items():
                total[row] += NEIGHBOUR_WEIGHT * best * share
        if not question_stems & ABOUT_OPTIONS:
            for row, kind in enumerate(self.kinds):
                if kind != "rule":
                    total[row] *= OPTION_FACTOR
        if meaning is not None and MEANING_WEIGHT and self._texts["in"]:
            best = max(total)
            for row, share in self.meaning_share(total, meaning).items():
                total[row] += MEANING_WEIGHT * best * share
        return total

    def concept_weight(self, raw: tuple[str, ...], meanings: tuple[tuple[str, ...], ...],
                       unknown: float) -> float:
        """How much a concept counts in the coverage: the rarity of its rarest known word, at most
        :data:`RARITY_CAP` (a name the catalog uses once, "Drifter", is rare without being the question's point)."""
        known = [r for r in map(self.rarity, raw) if r is not None]
        if not known:
            known = [r for m in meanings for r in map(self.rarity, m) if r is not None]
        return min(max(known), RARITY_CAP) if known else unknown

    def covers(self, row: int, raw: tuple[str, ...], meanings: tuple[tuple[str, ...], ...]) -> float:
        """The share of a concept the document ``row`` holds: of its words, or of its best-held meaning's."""
        return max(sum(row in self.holders(w) for w in seq) / len(seq) for seq in (raw, *meanings) if seq)


