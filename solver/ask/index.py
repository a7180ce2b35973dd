"""``ask``'s documents as plain data: one a rule or option, field by field, with the players' words.

The documents are made from the catalog, the glossary, the feature files and the players' questions ``ask`` learns
from (:data:`QUESTION_FILES`: each labelled with the rule that answers it, or as one the rules don't answer, whose
words join that rule's ``asked`` or the glossary's out-of-scope examples): an installed wheel carries them made
(:data:`PACKAGED`, written by its build), a checkout keeps them between runs in a JSON file named by a hash of their
bytes (:func:`load_index`). The index is plain data (lists, dicts, text): the website ships it as JSON
(``python -m solver.ask OUT.json``), and :class:`solver.ask.rank.Ranker` builds its SQLite FTS5 tables from
it, in the command line and in the browser alike.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from .words import Stemmer, kinds_of, normal_text, normal_words

#: The fields of a document.
FIELDS = (
    "name",   # the rule's title and the words of its ID
    "text",   # our wording of the rule (an option's text and its choices)
    "where",  # the rulebook section, the area's and the topic's titles
    "terms",  # the glossary names and players' synonyms of the terms the rule uses
    "specs",  # the names of the scenarios (their Rule blocks, their features) that prove the rule
    "defs",   # the glossary definitions of the terms the rule uses (an option's grounds too)
    "steps",  # the steps of the scenarios that prove the rule
    "asked",  # how players ask what it answers, in their words (the catalog's ``asked``: doc2query by hand, and
              # the players' questions labelled with it: QUESTION_FILES)
)
#: A glossary term named (not listed) by more than this share of the entries is too common to index with them.
GENERIC_TERM_SHARE = 0.08
#: What an option is called, among its side words: a question about our readings or assumptions finds them.
KIND_WORDS = {"assumption": "assumption option assume", "interpretation": "interpretation option reading"}
#: The entry fields, in the order the index stores them.
ENTRY_FIELDS = ("id", "kind", "area", "area_title", "topic", "topic_title", "title", "text", "section")
#: The players' questions ``ask`` learns from, in ``questions/`` beside this module: the question set's tuning part,
#: written blind from the rulebook in players' voices, each labelled with the rules that answer it (best first, with
#: the rule's yes or no where it is a yes/no question) or as out of scope. A question joins the ``asked`` of the rule
#: it names first (and its yes/no answer that rule's labelled ones); an out-of-scope one joins the glossary's
#: examples of what the rules don't answer. The vectors' training reads them in this order
#: (:mod:`solver.ask.vectors_training`). The held-out parts (tests/) are never among them.
QUESTION_FILES = ("ask_questions.yaml", "ask_questions_heldout.yaml", "ask_questions_dev.yaml",
                  "ask_questions_dev2.yaml", "ask_questions_dev3.yaml", "ask_questions_dev4.yaml",
                  "ask_questions_dev5.yaml", "ask_questions_dev6.yaml", "ask_questions_dev7.yaml",
                  "ask_questions_dev8.yaml", "ask_questions_dev9.yaml", "ask_questions_dev10.yaml",
                  "ask_questions_dev11.yaml", "ask_questions_dev12.yaml", "ask_questions_dev13.yaml",
                  "ask_questions_dev14.yaml")


def question_files() -> list[Path]:
    """The paths of :data:`QUESTION_FILES`."""
    here = Path(__file__).resolve().parent / "questions"
    return [here / name for name in QUESTION_FILES]


def players_questions(paths: Iterable[Path] | None = None) -> list[dict]:
    """Every question of the files ``paths`` (by default :func:`question_files`), in order: a mapping with its text
    ``q`` and either ``answers`` (rule and option IDs, best first; ``yes_no`` too where it is a yes/no question) or
    ``scope: out``. A file or a question of another shape is an :class:`~solver.errors.InputError` naming it."""
    from ..errors import InputError
    from ..yamlio import load_yaml_file

    out = []
    for path in question_files() if paths is None else paths:
        data = load_yaml_file(path)
        asked = data.get("questions") if isinstance(data, dict) else None
        if not isinstance(asked, list):
            raise InputError("a players' questions file holds a mapping with a 'questions' list", file=str(path))
        for n, q in enumerate(asked, 1):
            answers = q.get("answers") if isinstance(q, dict) else None
            if not (isinstance(q, dict) and isinstance(q.get("q"), str) and q["q"].strip()
                    and (q.get("scope") == "out" or (isinstance(answers, list) and answers
                                                     and all(isinstance(a, str) for a in answers)))
                    and q.get("yes_no", "yes") in ("yes", "no")):
                raise InputError("a players' question has a non-empty 'q' and either 'answers' (a list of rule IDs, "
                                 "with 'yes_no': yes or no where it is a yes/no question) or 'scope: out'",
                                 file=str(path), entry=f"question {n}")
            out.append(q)
    return out


def _labelled(cat, questions: Iterable[Mapping] | None = None) -> tuple[dict[str, list[tuple[str, str | None]]],
                                                                        list[str]]:
    """The players' questions (``questions``, by default :func:`players_questions`) as the index uses them: each
    rule's, with its yes/no answer or ``None`` (the rule each names first, renamed rules resolved), and the
    out-of-scope ones."""
    by_rule: dict[str, list[tuple[str, str | None]]] = {}
    outside = []
    for q in players_questions() if questions is None else questions:
        text = " ".join(q["q"].split())
        if q.get("scope") == "out":
            outside.append(text)
            continue
        rule = cat.resolve(q["answers"][0])
        if rule in cat.rules:
            by_rule.setdefault(rule, []).append((text, q.get("yes_no")))
    return by_rule, outside


def _id_words(name: str) -> str:
    return re.sub(r"[.\-]+", " ", name)


def _terms_of(entry_terms: Iterable[str], entry_id: str, words: Sequence[str], glossary: Sequence,
              term_stems: Mapping[str, tuple[str, ...]]) -> tuple[list, list]:
    """The glossary terms a rule or option uses: (those it lists or that list it, those its words name)."""
    listed = {t.lower() for t in entry_terms}
    own, named = [], []
    joined = " " + " ".join(words) + " "
    for t in glossary:
        seq = term_stems[t.term]
        if t.term.lower() in listed or entry_id in t.rules:
            own.append(t)
        elif seq and (" " + " ".join(seq) + " ") in joined:
            named.append(t)
    return own, named


def _entries(cat) -> list[list[str]]:
    areas = {a.name: a for a in cat.areas}
    out = []
    for r in cat.active_rules():
        area = areas[r.area]
        out.append([r.id, "rule", r.area, area.title, r.topic, dict(area.topics).get(r.topic, r.topic), r.title,
                    r.text, r.section])
    for o in cat.options.values():
        area = areas[o.area]
        out.append([o.name, o.kind, o.area, area.title, "", f"{o.kind}s", o.title, o.text, ""])
    return out


def build_index(cat, features, players_words: Mapping[str, str] | None = None,
                questions: Iterable[Mapping] | None = None) -> dict:
    """The index as plain data: the entries (:data:`ENTRY_FIELDS`), the scenarios that prove each, each entry's
    normalised text field by field (:data:`FIELDS`), the stems of its title and ID, each option's default
    setting, the players' phrases (stems) with the rulebook's words they may mean (normalised words, for the
    ranking to look up), and the out-of-scope cues (stems). It learns the players' questions ``questions``
    (:func:`players_questions`'s mappings; by default those of :data:`QUESTION_FILES`): a cross-fit leaves some
    out."""
    from ..rule import proof_title, scenarios_naming
    from ..spec import scenarios_by_rule

    stemmer = Stemmer()
    glossary_data = _glossary_data()
    made: dict[str, list[tuple[str, bool]]] = {}  # each text's normal words, made once

    def words_of(text: str) -> list[tuple[str, bool]]:
        found = made.get(text)
        if found is None:
            found = made[text] = normal_words(text)
        return found

    # every word the index stems, stemmed at once: one SQLite round trip instead of one a text
    labelled, labelled_outside = _labelled(cat, questions)
    stemmer.stems({w for text in _texts(cat, glossary_data, labelled, labelled_outside) for w, _ in words_of(text)})
    by_rule = scenarios_by_rule(features)
    naming = scenarios_naming(features, cat)
    glossary = cat.terms
    term_stems = {t.term: tuple(stemmer.tokens(t.term)) for t in glossary}
    entries = _entries(cat)
    drafts = []
    named_count: dict[str, int] = {}
    for e in entries:
        eid, kind, title, text = e[0], e[1], e[6], e[7]
        if kind == "rule":
            specs = tuple(by_rule.get(eid, ()))
            own_terms: Iterable[str] = cat.rules[eid].terms
            texts, extra = [text], ""
            asked = (*cat.rules[eid].asked, *(q for q, _ in labelled.get(eid, ())))
        else:
            opt = cat.options[eid]
            specs = tuple(naming.get(eid, ()))
            own_terms, texts, extra, asked = (), [text, *opt.choices.values()], opt.grounds, opt.asked
        own, named = _terms_of(own_terms, eid, stemmer.tokens(" ".join((title, _id_words(eid), *texts))),
                               glossary, term_stems)
        for t in named:
            named_count[t.term] = named_count.get(t.term, 0) + 1
        drafts.append((e, specs, texts, own, named, extra, asked))
    # a term the text of many entries names (figure, monster, space …) tells them apart no better than a common
    # word: only the terms an entry lists, and the rarer ones it names, bring in the glossary
    common = GENERIC_TERM_SHARE * len(entries)
    fields: dict[str, list[str]] = {f: [] for f in FIELDS}
    scenarios = []
    spec_text: dict[str, tuple[str, str]] = {}  # many rules share a scenario: its name and steps, normalised once

    def of(s) -> tuple[str, str]:
        done = spec_text.get(s.key)
        if done is None:
            done = spec_text[s.key] = (normal_text(f"{s.name}. {s.rule_block or ''}. {s.feature_name}"),
                                       normal_text(" ".join(st.text for st in s.background + s.steps)))
        return done

    # each entry's texts as naive Bayes reads them (how players ask it, its title, its text), normalised once
    bag_texts = [[words_of(t) for t in (*asked, e[6], *texts)] for e, _, texts, _, _, _, asked in drafts]
    for (e, specs, texts, own, named, extra, asked), normal in zip(drafts, bag_texts):
        used = own + [t for t in named if named_count[t.term] <= common]
        segments = {
            "name": [e[6], _id_words(e[0])],
            "text": texts,
            "where": [e[8], e[3], e[5]],
            "terms": [phrase for t in used for phrase in (t.term, *t.synonyms)],
            "defs": [t.definition for t in used] + [extra, KIND_WORDS.get(e[1], "")],
        }
        for f in FIELDS:  # each word once a field: a field says whether a word is there, not how often
            if f == "asked":  # its questions' words, normalised above
                text = " ".join(w for words in normal[:len(asked)] for w, _ in words)
            elif f in ("specs", "steps"):
                text = " ".join(of(s)[f == "steps"] for s in specs)
            else:
                text = normal_text(" ".join(segments[f]))
            fields[f].append(" ".join(dict.fromkeys(text.split())))
        scenarios.append([[proof_title(s.name, s.examples), s.keyword, s.key, s.feature_name, s.rule_block]
                          for s in specs])
    # players' words: a phrase → the rulebook's words it may mean. A phrase is matched in a question with its
    # common words ("all of us") or, failing that, by its other words alone.
    synonyms: dict[tuple[str, ...], list[str]] = {}

    def add(phrase: str, meaning: str) -> None:
        full = tuple(stemmer.stems(w for w, _ in normal_words(phrase)))
        content = tuple(stemmer.tokens(phrase))
        meaning = normal_text(meaning)
        for seq in dict.fromkeys((full, content)):
            if seq and meaning and meaning not in synonyms.get(seq, ()):
                synonyms.setdefault(seq, []).append(meaning)

    for t in glossary:
        own_stems = set(term_stems[t.term])
        for phrase in (t.term, *t.synonyms):
            seq = set(stemmer.tokens(phrase))
            if not seq >= own_stems and not seq <= own_stems:
                add(phrase, t.term)
    for phrase, meanings in (players_words if players_words is not None else
                             {str(k): str(v) for k, v in (glossary_data.get("players_words") or {}).items()}).items():
        for meaning in meanings.split(","):
            add(phrase, meaning)
    defaults = {o.name: [o.default, o.choices.get(o.default, "")] for o in cat.options.values()}
    cues = [" ".join(stemmer.stems(w for w, _ in normal_words(c))) for c in glossary_data.get("out_of_scope") or ()]
    titles = [sorted(set(stemmer.tokens(f"{e[6]} {_id_words(e[0])}"))) for e in entries]
    # each entry's words as a bag for the naive Bayes ranking: how players ask it, its title and its text (all
    # stemmed already, with every text of the catalog, at the start)
    def bag(texts: Iterable[list[tuple[str, bool]]]) -> list[list]:
        """The words of ``texts`` (:func:`normal_words` of each) as naive Bayes counts them: their stems and the
        kinds of question they ask."""
        counts: Counter[str] = Counter()
        for words in texts:
            counts.update(stemmer.stems(w for w, stop in words if not stop))
            counts.update(kinds_of([w for w, _ in words]))
        return [[w, n] for w, n in sorted(counts.items())]

    counts = [bag(texts) for texts in bag_texts]
    # one players' question a row, as its content stems: those the rules answer (every entry's asked) and the
    # glossary's examples of those they don't, for the nearest-example check of honest scope (Ranker.nearest)
    outside_texts = [*(str(q) for q in glossary_data.get("out_of_scope_questions") or ()), *labelled_outside]
    outside = [words_of(q) for q in outside_texts]

    def stem_set(words: list[tuple[str, bool]]) -> str:  # a question's content stems, as one string
        return " ".join(sorted(set(stemmer.stems(w for w, stop in words if not stop))))

    examples = {"in": [stem_set(w) for texts, d in zip(bag_texts, drafts) for w in texts[:len(d[6])]],
                "out": [stem_set(w) for w in outside],
                "owner": [row for row, d in enumerate(drafts) for _ in d[6]],  # the entry each "in" row asks of
                "text": [q for d in drafts for q in d[6]],  # each "in" row as written, for what it means (vectors)
                "out_text": outside_texts}  # and each "out" row
    # the yes/no questions players ask of each rule, with the rule's answer (content stems, yes or no, whether it
    # asks about a negative statement): the ruling takes the answer of the one most like a question
    from .answer import negative_question

    yes_no = [[[stem_set(words_of(q)), a, negative_question(q)]
               for q, a in (*cat.rules[e[0]].yes_no, *((q, a) for q, a in labelled.get(e[0], ()) if a))]
              if e[1] == "rule" else [] for e in entries]
    return {"entries": entries, "scenarios": scenarios, "fields": fields, "defaults": defaults, "titles": titles,
            "synonyms": [[list(p), ms] for p, ms in synonyms.items()], "out_of_scope": cues,
            "figures": sorted({*figure_words(), *(str(n).lower() for n in glossary_data.get("players_names") or ())}),
            "component_counts": component_kinds(), "counts": counts, "yes_no": yes_no, "examples": examples}


def _texts(cat, glossary_data: Mapping, labelled: Mapping, outside: Sequence[str]) -> Iterable[str]:
    """Every text of the catalog, the glossary and the players' questions (:func:`_labelled`) the index reads."""
    for questions in labelled.values():
        yield from (q for q, _ in questions)
    yield from outside
    for r in cat.rules.values():
        yield from (r.id, r.title, r.text, r.section, *r.asked)
    for o in cat.options.values():
        yield from (o.name, o.title, o.text, o.grounds, *o.choices.values(), *o.asked)
    for t in cat.terms:
        yield from (t.term, t.definition, *t.synonyms)
    for key in ("players_words", "out_of_scope_questions", "out_of_scope"):
        value = glossary_data.get(key) or ()
        yield from (f"{k} {v}" for k, v in value.items()) if isinstance(value, Mapping) else map(str, value)


def component_kinds() -> list[list]:
    """Each kind of the expansion's components with the component list's count of it, and each line of the list
    that counts several kinds ("monster figure": 65), for the ruling of a question that names them
    (:func:`.answer.component_counts`)."""
    from ..components import COMPONENTS, total

    groups = [c.group for c in COMPONENTS]
    shared = [g for g in dict.fromkeys(groups) if groups.count(g) > 1]
    return [[c.name, c.count] for c in COMPONENTS] + [[g.lower().removesuffix("s"), total(g)] for g in shared]


def figure_words() -> list[str]:
    """The words of the figures' names the engine knows (investigators, monsters): naming a figure says who, not
    which rule, so such a word is no sign of a question the rules don't cover (an unknown name is: another game's).
    The index's ``figures`` adds the players' given names of the glossary (``players_names``: a story's "Priya"
    says who played)."""
    from ..game import MONSTER_TYPES
    from ..investigators import INVESTIGATORS, NORMAL_MONSTERS

    return sorted({w.lower() for name in (*INVESTIGATORS, *MONSTER_TYPES, *NORMAL_MONSTERS) for w in name.split()})


# --- players' words and out-of-scope cues: data in the glossary file ---------------------------------------------
def _glossary_data() -> dict:
    """The glossary file's data: its ``players_words`` (everyday words for the rulebook's own, a phrase → the
    words it may mean, alternatives split by ``,``) and its ``out_of_scope`` cues are ``ask``'s."""
    from ..catalog import catalog_dir
    from ..yamlio import load_yaml_file

    data = load_yaml_file(catalog_dir() / "glossary.yaml")
    return data if isinstance(data, dict) else {}


#: The cache file's format: bump it when the index changes shape (a changed source changes the key anyway).
INDEX_FORMAT = b"ask-index/22"
#: The index with its players' questions' meanings (:func:`with_meanings`), written into the wheel by its build
#: (``solver/_build.py``) of the very sources it ships, never into the repository: an installed ``ask`` reads it as
#: it reads the compiled catalog, instead of hashing its sources and keeping a cache (a player's first ``ask`` then
#: costs what the next ones do). It is the standard library's ``marshal`` of that plain data — the format of the
#: wheel's own compiled ``.pyc`` files, in its version :data:`MARSHAL_VERSION`, which every Python this package runs
#: on reads — since a cold process reads it in a third of the time the same data takes as JSON (about 8 ms against
#: 22 ms: the cold ``ask``'s largest single cost).
PACKAGED = "index.marshal"
#: The ``marshal`` format version of :data:`PACKAGED` (4: Python 3.4 on).
MARSHAL_VERSION = 4
#: The largest cache file read (the index is about 1 MB): anything bigger is not ours and is built again.
MAX_CACHE_BYTES = 8 * 1024 * 1024


def _sources() -> list[Path]:
    """The files the index is made from: the code that makes it, the catalog, the players' questions and the
    feature files."""
    from ..spec import feature_files

    here = Path(__file__).resolve().parent
    catalog_folder = here.parent / "catalog"  # solver.catalog.catalog_dir(), without importing the YAML reader
    code = [here / "index.py", here / "words.py", here / "answer.py", here / "vectors.py",
            here.parent / "rule.py", here.parent / "spec.py", here.parent / "components.py",
            here.parent / "yamlio.py", catalog_folder / "__init__.py", here.parent / "investigators.py",
            here.parent / "game.py"]
    return [*code, *sorted(catalog_folder.glob("*.yaml")), *question_files(), *feature_files()]


def _build() -> dict:
    from ..catalog import catalog
    from ..spec import load_features

    return build_index(catalog(), load_features())


def cache_dir() -> Path | None:
    """Where the index is kept between runs: ``$DEEPMADNESS_CACHE`` (``off`` keeps nothing), else
    ``$XDG_CACHE_HOME/deepmadness`` — only when that is an absolute path, as the XDG Base Directory specification
    says (a relative one is ignored) — or ``~/.cache/deepmadness``."""
    import os

    env = os.environ.get("DEEPMADNESS_CACHE")
    if env is not None:
        return None if env.strip().lower() in ("", "0", "off", "no", "false") else Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME") or ""
    return (Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache") / "deepmadness"


def _digest(data: bytes) -> str:
    import hashlib

    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _read_regular(path: Path, cap: int) -> bytes | None:
    """The bytes of ``path`` if it is a regular file (not a link, FIFO, device or folder) of at most ``cap`` bytes;
    else ``None``. Opened without following a link and without blocking, checked on the open file, read up to
    the cap only."""
    import os
    import stat

    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > cap:
            return None
        chunks, left = [], cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        return data if len(data) <= cap else None
    except OSError:
        return None
    finally:
        os.close(fd)


def _encode(index: dict, key: str) -> bytes:
    """A cache file: one header line (format, the sources' key, the digest of the body) and the index as JSON."""
    import json

    body = json.dumps(index, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    header = json.dumps({"format": INDEX_FORMAT.decode(), "key": key, "digest": _digest(body)})
    return header.encode("ascii") + b"\n" + body


def _decode(data: bytes, key: str) -> dict | None:
    """The index a cache file holds, if its header is ours (format and key) and its body has the digest the header
    claims and the index's shape; else ``None``."""
    import json

    head, sep, body = data.partition(b"\n")
    try:
        header = json.loads(head)
        if not (sep and isinstance(header, dict) and header.get("format") == INDEX_FORMAT.decode()
                and header.get("key") == key and header.get("digest") == _digest(body)):
            return None
        index = json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    return index if is_index(index) else None


def sources_key() -> str | None:
    """The hash of every source's bytes (and of the index's format), or ``None`` when a source can't be read."""
    import hashlib

    from .vectors import header

    key = hashlib.blake2b(INDEX_FORMAT, digest_size=16)
    try:
        for source in _sources():
            raw = source.read_bytes()
            key.update(b"%d:%s%d:" % (len(str(source)), str(source).encode(), len(raw)) + raw)
        key.update(header())  # the vectors file by the digest its header gives (the kept meanings are made of it)
    except OSError:
        return None
    return key.hexdigest()


def load_index() -> dict:
    """The index of the catalog and the features as they are now. Building it parses every feature file (about
    half a second on a busy machine), so it is kept in :func:`cache_dir`, in a file named by a hash of every
    source's bytes. The cache can't change an answer: the file is used only if it is a regular file (not a link,
    FIFO or device) of at most :data:`MAX_CACHE_BYTES`, whose header names this format and these sources and whose
    body has the digest the header claims and the index's shape (:func:`is_index`); anything else is built again
    and replaced, written atomically. A cache that can't be written only costs the building next time. An installed
    wheel's own index (:data:`PACKAGED`) comes first: no cache is read or written."""
    packaged = Path(__file__).with_name(PACKAGED)
    if packaged.is_file():
        import marshal

        return marshal.loads(packaged.read_bytes())
    folder = cache_dir()
    if folder is None:
        return _build()
    key = sources_key()
    if key is None:
        return _build()
    target = folder / f"ask-index-{key}.json"
    data = _read_regular(target, MAX_CACHE_BYTES)
    kept = _decode(data, key) if data is not None else None
    if kept is not None:
        return kept
    index = with_meanings(_build())  # kept for next time: with what every players' question means
    try:
        from ..fileio import write_atomic

        folder.mkdir(parents=True, exist_ok=True)
        if target.is_symlink() or (target.exists() and not target.is_file()):
            target.unlink()  # a link, FIFO or device where the entry goes: replaced by a regular file
        write_atomic(target, _encode(index, key))
        for old in folder.glob("ask-index-*.json"):  # the index of sources that have changed since
            if old != target and (old.is_symlink() or old.is_file()):
                old.unlink(missing_ok=True)
    except (OSError, ValueError):
        pass
    return index


def with_meanings(index: dict) -> dict:
    """``index`` with what each players' question means (``meanings``: the "in" and "out" examples' vectors,
    :func:`.vectors.pack`), so that a process reading the kept index needn't make them (about 0.1 s for all of
    them; one that builds the index without keeping it makes only those it needs, as it needs them)."""
    from .vectors import load_vectors, pack

    vectors = load_vectors()
    examples = index["examples"]
    index["meanings"] = {"dims": vectors.dims,
                         **{side: pack([vectors.meaning(t) for t in examples[key]], vectors.dims)
                            for side, key in (("in", "text"), ("out", "out_text"))}}
    return index


def with_tables(index: dict) -> dict:
    """``index`` with its ranking's FTS5 tables made (``tables``: an SQLite database image,
    :meth:`.rank.Ranker.image`), for the wheel's own index (:data:`PACKAGED`): a cold ``ask`` then reads them at
    once instead of filling them row by row (about 6 ms of its 0.11 s). Bytes are no JSON: the website's index and
    the checkout's cache have none (their ranker makes the tables)."""
    from .rank import Ranker

    index["tables"] = Ranker(index).image()
    return index


def _meanings_fit(value) -> bool:
    """Whether an index's ``meanings`` (if any) has its shape: one scale a players' question on each side."""
    meanings = value.get("meanings")
    if meanings is None:
        return True
    return (isinstance(meanings, dict) and isinstance(meanings.get("dims"), int)
            and all(isinstance(meanings.get(side), list) and len(meanings[side]) == 2
                    and isinstance(meanings[side][0], list) and isinstance(meanings[side][1], str)
                    and len(meanings[side][0]) == len(value["examples"][key])
                    and len(meanings[side][1]) == 4 * -(-len(meanings[side][0]) * meanings["dims"] // 3)  # base64
                    and all(isinstance(x, float) for x in meanings[side][0])
                    for side, key in (("in", "text"), ("out", "out_text"))))


def is_index(value) -> bool:
    """Whether a value has the index's shape: every part there with its type, one row of every field, one
    scenario list and one title list for every entry, entries of :data:`ENTRY_FIELDS` strings."""
    if not isinstance(value, dict):
        return False
    parts = {"entries": list, "scenarios": list, "fields": dict, "synonyms": list, "defaults": dict,
             "out_of_scope": list, "titles": list}
    if not all(isinstance(value.get(k), t) for k, t in parts.items()):
        return False
    n = len(value["entries"])
    fields = value["fields"]
    return (n > 0 and len(value["scenarios"]) == len(value["titles"]) == n
            and all(isinstance(e, list) and len(e) == len(ENTRY_FIELDS) and all(isinstance(x, str) for x in e)
                    for e in value["entries"])
            and set(fields) == set(FIELDS)
            and all(isinstance(rows, list) and len(rows) == n and all(isinstance(r, str) for r in rows)
                    for rows in fields.values())
            and all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], list) and isinstance(p[1], list)
                    for p in value["synonyms"])
            and all(isinstance(c, str) for c in value["out_of_scope"])
            and isinstance(value.get("figures", []), list) and all(isinstance(w, str) for w in value.get("figures", []))
            and isinstance(value.get("component_counts"), list)
            and all(isinstance(k, list) and len(k) == 2 and isinstance(k[0], str) and isinstance(k[1], int)
                    for k in value["component_counts"])
            and isinstance(value.get("yes_no"), list) and len(value["yes_no"]) == n
            and all(isinstance(rows, list) and all(isinstance(r, list) and len(r) == 3 and isinstance(r[0], str)
                                                   and r[1] in ("yes", "no") and isinstance(r[2], bool) for r in rows)
                    for rows in value["yes_no"])
            and isinstance(value.get("examples"), dict)
            and set(value["examples"]) == {"in", "out", "owner", "text", "out_text"}
            and all(isinstance(value["examples"][k], list) and all(isinstance(r, str) for r in value["examples"][k])
                    for k in ("in", "out", "text", "out_text"))
            and isinstance(value["examples"]["owner"], list)
            and len(value["examples"]["owner"]) == len(value["examples"]["in"]) == len(value["examples"]["text"])
            and len(value["examples"]["out_text"]) == len(value["examples"]["out"])
            and all(isinstance(i, int) and 0 <= i < n for i in value["examples"]["owner"])
            and _meanings_fit(value)
            and isinstance(value.get("counts"), list) and len(value["counts"]) == n
            and all(isinstance(bag, list) and all(isinstance(p, list) and len(p) == 2 and isinstance(p[0], str)
                                                  and isinstance(p[1], int) for p in bag) for bag in value["counts"]))


def main(argv: list[str] | None = None) -> int:
    """``python -m solver.ask OUT.json``: write the index as JSON (for the website's ask box)."""
    import json
    import sys

    from ..fileio import write_atomic

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m solver.ask OUT.json", file=sys.stderr)
        return 2
    write_atomic(args[0], json.dumps(_build(), ensure_ascii=False, separators=(",", ":")))
    return 0


