"""``deepmadness ask`` and ``deepmadness rule``: the question set and its two parts, answer quality on each, honest
scope, the ruling first, one function for the command line and the website, the JSON shapes, one rule with its
scenarios, and the installed command."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import solver.ask as ask_module
import solver.ask.index as index_module
import solver.rule as rule_module
from solver.ask import NOT_COVERED, Asker, ask_json
from solver.ask.words import Stemmer, normal_words
from solver.catalog import catalog, catalog_dir
from solver.cli import main
from solver.rule import describe, nearest_ids, option_scenarios, options_touching
from solver.spec import ROOT, Results, load_features, scenarios_by_rule
from tests import ask_quality
from tests.cli_helpers import run_installed

AREAS = ("general", "board", "fathoms_dark", "fevered_dreams", "expectant_terror")
NONSENSE = ("how do I castle kingside", "what's the weather in Paris tomorrow", "who wrote Hamlet",
            "asdf qwerty zxcv", "recipe for banana bread")


@pytest.fixture(scope="module")
def asker() -> Asker:
    return Asker(results=Results(None, None, {}))


@pytest.fixture(scope="module")
def figures(asker) -> dict:
    return {part: ask_quality.measure(asker, part) for part in ask_quality.PARTS}


def _area(name: str) -> str:
    cat = catalog()
    name = cat.resolve(name)
    return cat.rules[name].area if name in cat.rules else cat.options[name].area


# --- the question set -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("part", ask_quality.PARTS)
def test_every_question_names_the_rules_that_answer_it_or_is_out_of_scope(part):
    cat = catalog()
    for q in ask_quality.questions(part):
        assert ("answers" in q) != (q.get("scope") == "out"), q
        assert q.get("yes_no", "yes") in ("yes", "no"), q
        assert all(cat.resolve(a) in cat.rules or cat.resolve(a) in cat.options for a in q.get("answers", ())), q


def test_the_question_set_is_large_varied_and_split():
    parts = {part: ask_quality.questions(part) for part in ask_quality.PARTS}
    assert all(len(parts[p]) >= 75 for p in ask_quality.HELD_OUT_PARTS)
    assert len(parts["held_out"]) + len(parts["tuning"]) >= 150
    for part, questions in parts.items():
        assert sum(q.get("scope") == "out" for q in questions) >= 10
        counts = {a: sum(_area(q["answers"][0]) == a for q in questions if "answers" in q) for a in AREAS}
        # the board's area holds seven assumptions only (its rules are the base game's): two questions at least —
        # but in the fourth held-out part, whose writer took out every question drafted about the catalog's readings
        # and assumptions (its header says why), before it was measured, and in the fifth, written from the
        # rulebook alone, which holds none of the base game's board rules those assumptions stand in for
        board = 0 if part in ask_quality.HELD_OUT_PARTS[3:] else 2
        assert all(n >= (board if a == "board" else 5) for a, n in counts.items()), counts
    texts = {part: {q["q"].strip().lower() for q in questions} for part, questions in parts.items()}
    assert not any(texts[p] & texts["tuning"] for p in ask_quality.HELD_OUT_PARTS)


def test_no_test_asks_a_held_out_question():
    source = Path(__file__).read_text(encoding="utf-8").lower()
    assert not [q["q"] for part in ask_quality.HELD_OUT_PARTS for q in ask_quality.questions(part)
                if q["q"].lower() in source]


def test_the_tuning_questions_are_players_words_not_rule_titles():
    import yaml

    cat, stem = catalog(), Stemmer()
    for q in yaml.safe_load(ask_quality.PARTS["tuning"][0].read_text(encoding="utf-8"))["questions"]:
        for answer in q.get("answers", ()):
            entry = cat.rules.get(cat.resolve(answer)) or cat.options[cat.resolve(answer)]
            title, asked = stem.tokens(entry.title), stem.tokens(q["q"])
            assert not (len(title) > 1 and all(w in asked for w in title)), (q["q"], entry.title)


def _git(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], capture_output=True, text=True, cwd=ROOT)


def _has_commit(commit: str) -> bool:
    try:
        return _git("cat-file", "-e", f"{commit}^{{commit}}").returncode == 0
    except OSError:  # no git at all
        return False


#: The ranking's code: what must not have changed while the held-out questions were written.
RANKING_CODE = ("solver/ask/rank.py", "solver/ask/words.py", "solver/ask/__init__.py", "solver/ask/answer.py")


def _new_ids(text: str) -> str:
    """``text`` with the catalog's former IDs rewritten to the present ones (python -m solver.catalog.rename)."""
    from solver.catalog.rename import id_pattern, renames, rewrite

    ids, _ = renames()
    return rewrite(text, ids, id_pattern(list(ids)))


def _former_ids(text: str) -> str:
    """The inverse of :func:`_new_ids`: the present IDs written back as their former names."""
    from solver.catalog.rename import id_pattern, renames, rewrite

    ids, _ = renames()
    back = {new: old for old, new in ids.items()}
    return rewrite(text, back, id_pattern(list(back)))


def test_the_held_out_questions_are_those_recorded_when_they_were_written():
    """The fresh held-out file's header records the SHA-256 of its questions: any later edit shows (this holds on
    any copy of the project, a shallow clone or an unpacked archive included)."""
    import hashlib

    path = ask_quality.PARTS["held_out"][0]
    raw = path.read_bytes()
    recorded = re.search(rb"^# content-sha256: ([0-9a-f]{64})$", raw, re.M)
    assert recorded, "the held-out file's header records no content-sha256"
    body = raw[raw.index(b"\nquestions:\n") + 1:].decode("utf-8")
    # the catalog's one ID scheme renamed IDs after the file was written (solver/catalog/aliases.yaml): the questions
    # are those recorded when their rule IDs are read back under their former names, and nothing else changed
    assert hashlib.sha256(_former_ids(body).encode("utf-8")).hexdigest() == recorded.group(1).decode()


@pytest.mark.parametrize("part", ask_quality.COMMITTED_ALONE)
def test_the_later_held_out_parts_are_the_ones_committed_alone(part):
    """The later held-out files (the second on) have the bytes they had when each was committed on its own (the
    SHA-256 is recorded, so this holds on any copy); where the history is there, that commit added that file and
    nothing else. Every held-out part but the first (checked by its header's own SHA-256, above) is recorded so."""
    import hashlib

    assert set(ask_quality.COMMITTED_ALONE) == set(ask_quality.HELD_OUT_PARTS) - {"held_out"}
    commit, sha256 = ask_quality.COMMITTED_ALONE[part]
    path = ask_quality.PARTS[part][0]
    assert hashlib.sha256(path.read_bytes()).hexdigest() == sha256
    assert re.fullmatch(r"[0-9a-f]{40}", commit)
    if _has_commit(commit):
        changed = _git("show", "--format=", "--name-only", commit).stdout.split()
        assert changed == [f"tests/{path.name}"], changed
        assert _git("merge-base", "--is-ancestor", commit, "HEAD").returncode == 0


def test_the_held_out_part_was_committed_before_the_ranking_changed():
    """Where the history is there: the held-out file was added and reworded in commits of its own
    (ask_quality.HELD_OUT_ADDED, HELD_OUT_COMMIT), the ranking's code did not change between them, and the file has
    not changed since. Where it isn't (a shallow clone, an archive), the recorded content hash above is what holds;
    this test then checks the next best thing: that the recorded commits are full hashes."""
    added, final = ask_quality.HELD_OUT_ADDED, ask_quality.HELD_OUT_COMMIT
    assert all(re.fullmatch(r"[0-9a-f]{40}", c) for c in (added, final))
    if not (_has_commit(added) and _has_commit(final) and _has_commit(f"{added}^")):
        return  # no history here: the content hash (previous test) is the check
    path = "tests/ask_questions_fresh.yaml"
    for commit in (added, final):
        changed = _git("show", "--format=", "--name-only", commit).stdout.split()
        assert changed == [path], (commit, changed)  # the held-out file, on its own
    assert _git("merge-base", "--is-ancestor", added, final).returncode == 0
    assert _git("merge-base", "--is-ancestor", final, "HEAD").returncode == 0
    assert _git("diff", "--quiet", f"{added}^", final, "--", *RANKING_CODE).returncode == 0
    # since then only the catalog's ID rename touched it: the file is the recorded one with its former IDs rewritten
    written = _git("show", f"{final}:{path}").stdout
    assert (ROOT / path).read_text(encoding="utf-8") == _new_ids(written)


# --- how players ask it: the catalog's ``asked`` -------------------------------------------------------------------
def test_every_rule_and_option_says_how_players_ask_it():
    """Every rule and option carries 6 to 16 players' questions (``asked``), written from the rulebook and the
    catalog: none is a question of the tuning part, and no two entries share one."""
    cat = catalog()
    tuning = {q["q"].strip().lower() for q in ask_quality.questions("tuning")}
    seen: dict[str, str] = {}
    for name, entry in [*((r.id, r) for r in cat.active_rules()), *cat.options.items()]:
        assert 6 <= len(entry.asked) <= 16, name
        for q in entry.asked:
            assert seen.setdefault(q.lower(), name) == name, (name, q, seen[q.lower()])
    assert not [q for q in seen if q in tuning]
    measured = {q["q"].strip().lower() for part in ask_quality.PARTS for q in ask_quality.questions(part)}
    assert not [q for q in seen if q in measured]  # nor a held-out one (both were written apart from them)


def test_no_out_of_scope_cue_is_in_a_question_the_rules_answer(asker):
    """The glossary's out-of-scope cues end a question as "not covered": none may occur in a question of the
    catalog's ``asked`` lists, which the rules do answer (nor in the tuning part's answerable questions)."""
    rk = asker.ranker

    def stems(text: str) -> str:
        return " " + " ".join(rk.stemmer.stems(w for w, _ in normal_words(text))) + " "

    cat = catalog()
    answered = [q for entry in (*cat.rules.values(), *cat.options.values()) for q in entry.asked]
    answered += [q["q"] for q in ask_quality.questions("tuning") if "answers" in q]
    held = [stems(q) for q in answered]
    clashes = [(cue, q) for cue in asker.index["out_of_scope"] for q, s in zip(answered, held) if f" {cue} " in s]
    assert not clashes


@pytest.mark.parametrize("asked", ['[""]', '["   "]', '"one question, not a list"', '[3]', '["can she? → maybe"]',
                                   '["→ no"]'])
def test_the_catalog_refuses_an_asked_that_is_not_a_list_of_questions(tmp_path, asked):
    from solver.catalog import load_catalog
    from solver.errors import InputError

    (tmp_path / "general.yaml").write_text(
        "title: T\ntopics:\n  - {id: t, title: T}\nrules:\n  - id: t.x\n    topic: t\n    title: X\n"
        f"    section: S\n    asked: {asked}\n    text: Some rule.\n", encoding="utf-8")
    with pytest.raises(InputError, match="asked"):
        load_catalog(tmp_path)


def test_a_yes_no_question_players_ask_carries_the_rules_answer(tmp_path):
    """``"… ? → no"`` in a rule's ``asked``: the question is indexed without the mark, and the rule's ``yes_no`` holds
    its answer; an option's questions carry none (its setting is its answer)."""
    from solver.catalog import load_catalog
    from solver.errors import InputError

    head = "title: T\ntopics:\n  - {id: t, title: T}\n"
    rule = ("rules:\n  - id: t.x\n    topic: t\n    title: X\n    section: S\n"
            "    asked: [\"can two share a room? → no\", \"what goes where?\"]\n    text: One a room.\n")
    (tmp_path / "general.yaml").write_text(head + rule, encoding="utf-8")
    got = load_catalog(tmp_path).rules["t.x"]
    assert got.asked == ("can two share a room?", "what goes where?")
    assert got.yes_no == (("can two share a room?", "no"),)
    (tmp_path / "general.yaml").write_text(
        head + rule + "options:\n  - name: t.o\n    kind: assumption\n    title: O\n    text: O.\n"
        "    choices: {a: A}\n    default: a\n    grounds: G.\n    asked: [\"is it a? → yes\"]\n", encoding="utf-8")
    with pytest.raises(InputError, match="option's questions carry no answer"):
        load_catalog(tmp_path)


def test_the_ruling_takes_the_answer_of_the_players_question_most_like_it(asker):
    """The rule's labelled yes/no question most like the player's gives the ruling's yes or no (the plain fact:
    "can't she …?" is answered as "can she …?"), turned round when one of the two asks about a negative statement
    and the other not; a question like none of them falls back to the rule's wording."""
    row = next(i for i, labelled in enumerate(asker._yes_no) if any(a == "no" and not n for _, a, n in labelled))
    words = next(w for w, a, n in asker._yes_no[row] if a == "no" and not n).split()
    assert asker.known_answer(row, words) == ("no", False)
    assert asker.known_answer(row, ["zzzunknown", "qqqother"]) is None
    from solver.ask.answer import Hit, ruling

    hit = Hit(asker.entries[row], 1.0, 1.0, ())
    assert ruling("can she do it?", hit, None, ("no", False))[1] == "no"
    assert ruling("can't she do it?", hit, None, ("no", False))[1] == "no"
    assert ruling("is it true that she can't do it?", hit, None, ("no", False))[1] == "yes"
    assert ruling("is it true that she can't do it?", hit, None, ("no", True))[1] == "no"
    assert ruling("what does it do?", hit, None, ("no", False))[1] is None  # no yes/no question, no yes or no


def test_the_players_questions_are_a_field_of_the_index_and_rank_their_rule():
    index = index_module.load_index()
    assert "asked" in index["fields"] and "asked" in index_module.FIELDS
    row = [e[0] for e in index["entries"]].index("health.gain-over-max")
    assert "overheal" in index["fields"]["asked"][row] or "max" in index["fields"]["asked"][row]


def test_ask_learns_the_labelled_players_questions_of_its_package():
    """Each answerable players' question of solver/ask/questions/ joins the asked of the rule it names first (and its
    yes/no answer that rule's labelled ones); each out-of-scope one joins the examples the rules don't answer."""
    cat = catalog()
    index = index_module.build_index(cat, load_features())
    questions = index_module.players_questions()
    assert [p.name for p in index_module.question_files()] == list(index_module.QUESTION_FILES)
    assert all(p.is_file() for p in index_module.question_files())
    owners = {(" ".join(q.split()), row) for q, row in zip(index["examples"]["text"], index["examples"]["owner"])}
    rows: dict[str, int] = {}
    for row, e in enumerate(index["entries"]):
        rows.setdefault(e[0], row)  # the rule's row where an option shares its name (the rules come first)
    answered = [q for q in questions if "answers" in q and cat.resolve(q["answers"][0]) in cat.rules]
    assert len(answered) > 1000
    assert all((" ".join(q["q"].split()), rows[cat.resolve(q["answers"][0])]) in owners for q in answered)
    out = [" ".join(q["q"].split()) for q in questions if q.get("scope") == "out"]
    assert len(out) > 200 and set(out) <= set(index["examples"]["out_text"])
    labelled = sum(len(index["yes_no"][rows[r.id]]) for r in cat.active_rules())
    assert labelled == sum(len(r.yes_no) for r in cat.active_rules()) + sum("yes_no" in q for q in answered)


def test_a_ranker_reads_its_tables_from_the_index_image_as_it_would_make_them():
    """The wheel's index carries its FTS5 tables as a database image (index.with_tables): a ranker that reads them
    scores and covers every word as one that makes them; an image that is not one leaves the tables to be made."""
    from solver.ask.rank import Ranker

    index = json.loads(json.dumps(index_module.load_index()))
    made = Ranker(index)
    imaged = Ranker(index_module.with_tables(dict(index)))
    junk = Ranker({**index, "tables": b"not a database"})
    assert not made.from_image and imaged.from_image and not junk.from_image
    words = sorted({w for f in ("name", "text", "asked") for doc in index["fields"][f] for w in doc.split()})[::5]
    assert len(words) > 300
    for ranker in (imaged, junk):
        assert all(ranker.word_scores(w) == made.word_scores(w) and ranker.holders(w) == made.holders(w)
                   for w in words)


def test_a_players_questions_file_of_another_shape_is_one_clear_error(tmp_path, monkeypatch):
    from solver.errors import InputError

    bad = tmp_path / "questions.yaml"
    bad.write_text("questions:\n  - q: how many nest markers?\n    answers: [expectant-nest-marker.supply]\n"
                   "  - q: what is a husk?\n    yes_no: maybe\n", encoding="utf-8")
    monkeypatch.setattr(index_module, "question_files", lambda: [bad])
    with pytest.raises(InputError) as raised:
        index_module.players_questions()
    assert raised.value.file == str(bad) and raised.value.entry == "question 2"


# --- answer quality ---------------------------------------------------------------------------------------------------
def _figure(part: str, f: dict) -> str:
    s = ask_quality.shares(f)
    return (f"ask quality ({part}): {f['first']}/{f['answerable']} first ({s['first']:.0%}), {f['top3']}/"
            f"{f['answerable']} in the top three ({s['top3']:.0%}), {f['not_covered']}/{f['out_of_scope']} "
            f"out of scope answered 'not covered' ({s['not_covered']:.0%})")


#: What the ranking must not fall below: the figures measured when it was last changed, less about one question
#: (a change that loses more is a regression). Issue 14's own targets are ask_quality.TARGETS, asserted on the
#: held-out parts together (below); each part's PASS or MISS is on the Performance page beside its figures.
FLOORS = {"held_out": {"first": 0.89, "top3": 0.92, "not_covered": 0.86},
          "held_out_2": {"first": 0.92, "top3": 0.95, "not_covered": 0.92},
          "held_out_3": {"first": 0.89, "top3": 0.97, "not_covered": 0.96},
          "held_out_4": {"first": 0.97, "top3": 0.98, "not_covered": 0.90},
          "held_out_5": {"first": 0.86, "top3": 0.94, "not_covered": 0.83},
          "held_out_6": {"first": 0.90, "top3": 0.96, "not_covered": 0.66},
          "held_out_7": {"first": 0.91, "top3": 0.96, "not_covered": 0.95},
          "held_out_8": {"first": 0.87, "top3": 0.93, "not_covered": 0.83},
          "held_out_9": {"first": 0.88, "top3": 0.95, "not_covered": 0.80},
          "held_out_10": {"first": 0.90, "top3": 0.97, "not_covered": 0.71},
          "held_out_11": {"first": 0.90, "top3": 0.94, "not_covered": 0.62},
          "held_out_12": {"first": 0.88, "top3": 0.93, "not_covered": 0.61},
          "held_out_13": {"first": 0.89, "top3": 0.96, "not_covered": 0.78},
          "held_out_14": {"first": 0.84, "top3": 0.90, "not_covered": 0.76},
          "held_out_15": {"first": 0.89, "top3": 0.95, "not_covered": 0.88},
          # the tuning part's questions are ask's own data (solver/ask/questions/): this checks they are learnt
          "tuning": {"first": 0.99, "top3": 0.99, "not_covered": 0.99}}


@pytest.mark.parametrize("part", ask_quality.PARTS)
def test_ask_quality_holds_its_floor(part, figures, capsys):
    f = figures[part]
    with capsys.disabled():
        print("\n" + _figure(part, f))
    s = ask_quality.shares(f)
    misses = "\n".join(f"  {q!r}: expected {want}, got {got}" for q, want, got in f["misses"]) if part == "tuning" \
        else f"  ({len(f['misses'])} misses, not listed: the held-out part is never tuned on)"
    assert all(s[k] >= FLOORS[part][k] for k in s), _figure(part, f) + "\n" + misses


def test_issue_14s_targets_hold_on_the_held_out_parts_together(figures, capsys):
    """Every question never tuned on, as one set (the fifteen held-out parts): the right ruling first for 85 %,
    in the top three for 95 %, and "not covered" for 80 % of the out-of-scope ones."""
    f = ask_quality.together(figures)
    with capsys.disabled():
        print("\n" + _figure("held-out parts together", f))
    s = ask_quality.shares(f)
    assert all(s[k] >= ask_quality.TARGETS[k] for k in ask_quality.TARGETS), _figure("held-out parts together", f)


def test_the_rerank_grid_measures_the_shipped_weights_as_the_figures_do(asker, figures):
    """``python -m tests.ask_quality --rerank-grid`` (how the re-ranking's weights were chosen): at the shipped
    weights its two halves add up to the tuning part's figures, and it leaves the weights as they were."""
    shipped = ask_module.RERANK_MEANING, ask_module.RERANK_COVERAGE
    [(a, b, first_a, top3_a, first_b, top3_b)] = ask_quality.rerank_grid(asker, (shipped[0],), (shipped[1],))
    assert (first_a + first_b, top3_a + top3_b) == (figures["tuning"]["first"], figures["tuning"]["top3"])
    assert (ask_module.RERANK_MEANING, ask_module.RERANK_COVERAGE) == shipped == (a, b)


def test_the_ruling_says_yes_or_no_rightly(figures):
    """The tuning part's yes/no questions (``yes_no:``) whose first hit is the right rule: the ruling's first word
    matches the rule for most of them — the answer of the rule's labelled players' question most like it, else read
    from the rule's wording (a restriction such as "only" is a no only to a question that asks past it). The floor
    is the figure measured last (267 of 335, with the fourth development set's harder voices) less about four
    questions."""
    f = figures["tuning"]
    assert f["yes_no"] >= 30 and f["yes_no_right"] >= 0.78 * f["yes_no"], f


def test_the_performance_data_holds_todays_figures_and_says_pass_or_miss_truly(figures):
    """rules_docs/_data/ask-quality.json (the Performance page) holds both parts' figures as measured now (within
    three questions: the catalog and the features change under it), and each target's PASS or MISS is what those
    figures give; where the held-out part reaches every target, the targets themselves are asserted."""
    data = json.loads(ask_quality.OUT.read_text(encoding="utf-8"))
    assert data["targets"] == ask_quality.TARGETS
    assert set(data["parts"]) == set(data["status"]) == set(ask_quality.PARTS)
    # every part with the figures of the ranking when it was written, but the second (measured once, then)
    assert set(data["start"]) == set(ask_quality.PARTS) - {"held_out_2"}
    for part, recorded in data["parts"].items():
        live = figures[part]
        for k in ("first", "top3", "not_covered"):
            assert abs(recorded[k] - live[k]) <= 3, (part, k, recorded[k], live[k], "run python -m tests.ask_quality "
                                                                                    "--write")
        assert recorded["answerable"] == live["answerable"] and recorded["out_of_scope"] == live["out_of_scope"]
        assert data["status"][part] == ask_quality.status(recorded)
    assert data["together"] == ask_quality.together(data["parts"])
    assert data["together_status"] == ask_quality.status(data["together"])
    table = ask_quality.TABLE.read_text(encoding="utf-8")
    assert table == ask_quality.table(data)
    if all(v == "PASS" for v in ask_quality.status(figures["held_out"]).values()):
        s = ask_quality.shares(figures["held_out"])
        assert all(s[k] >= ask_quality.TARGETS[k] for k in ask_quality.TARGETS)


# --- honest scope -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("question", NONSENSE)
def test_a_question_the_rules_dont_answer_says_so_and_names_the_nearest_topics(asker, question):
    answer = asker.ask(question)
    assert not answer.matched and answer.hits == () and answer.suggestions
    text = answer.to_text()
    assert text.startswith(NOT_COVERED) and "deepmadness rule" in text
    areas = {a.title for a in catalog().areas}
    assert all(s.area_title in areas for s in answer.suggestions)


def test_strategy_and_other_games_are_not_covered(asker):
    for question in ("what is the most difficult scenario?", "in Twilight Imperium how do I score objectives?"):
        assert not asker.ask(question).matched, question


def test_the_questions_the_rules_dont_answer_are_examples_of_their_own(asker):
    """The glossary's ``out_of_scope_questions`` are the examples a question is held against (:meth:`Ranker.nearest`,
    :meth:`Ranker.meant`, the scope model's figures): none is a question of either part of the question set (the
    figures would lie) or of the catalog's ``asked`` lists; another game's rules are nearer them, a rule's question
    nearer the rules'."""
    from solver.yamlio import load_yaml_file

    examples = {q.strip().lower() for q in load_yaml_file(catalog_dir() / "glossary.yaml")["out_of_scope_questions"]}
    assert len(examples) >= 100
    cat = catalog()
    asked = {q.strip().lower() for entry in (*cat.rules.values(), *cat.options.values()) for q in entry.asked}
    measured = {q["q"].strip().lower() for part in ask_quality.PARTS for q in ask_quality.questions(part)}
    assert not examples & asked and not examples & measured
    rk = asker.ranker
    inside, outside = rk.nearest(frozenset(rk.stemmer.tokens("how do you score points in Ticket to Ride?")))
    assert outside > inside
    inside, outside = rk.nearest(frozenset(rk.stemmer.tokens("can Lisbeth store the die she just put back?")))
    assert inside > outside
    assert rk.nearest(frozenset(rk.stemmer.tokens("zzz qqq"))) == (0.0, 0.0)


def test_a_figure_the_engine_knows_is_no_unknown_name(asker):
    """Naming a figure (an investigator of the base game, a monster) says who, not which rule: the question is
    still covered; an unknown capitalised name (another game's) weighs against it (UNKNOWN_NAME_WEIGHT), so that a
    question made of such names is not covered."""
    assert "emma" in asker.index["figures"] and "drifter" in asker.index["figures"]
    assert asker.ask("can Emma Kruger gain health above her maximum?").ids[0] == "health.gain-over-max"
    assert _health_coverage(asker, "can Gandalf gain health above his maximum?") < 0.6
    assert not asker.ask("can Gandalf heal Frodo with the Palantir?").matched


def _health_coverage(asker, question: str) -> float:
    """How much of ``question`` the rule health.gain-over-max holds (Asker.coverage), names weighed as ask does."""
    row = next(i for i, e in enumerate(asker.entries) if e.id == "health.gain-over-max")
    return asker.coverage(row, asker.ranker.concepts(question), ask_module._names(question))


def test_a_players_name_in_a_story_is_no_unknown_name(asker):
    """A story's players ("Priya", "Tom": the glossary's ``players_names``) say who played, as a figure's name does:
    they weigh nothing against the rule, where another game's hero does."""
    assert "priya" in asker.index["figures"] and "gandalf" not in asker.index["figures"]
    assert asker.ask("can Priya gain health above her maximum?").ids[0] == "health.gain-over-max"
    assert _health_coverage(asker, "can Priya gain health above her maximum?") == 1.0
    assert _health_coverage(asker, "can Gandalf gain health above his maximum?") < 1.0


def test_the_expansions_name_capitalised_is_no_unknown_name(asker):
    assert asker.ask("In Endless Nightmares can health go above the maximum?").ids[0] == "health.gain-over-max"


def test_a_question_about_the_base_game_is_covered_only_by_what_may_go_into_it(asker):
    assert not asker.ask("in the base game, how far can a monster move in one activation?").matched
    assert asker.ask("can the expansion's investigators be added to the base game?").ids[0] == "components.any-chapter"


def test_a_question_comparing_the_base_game_with_a_scenario_asks_the_expansions_rules(asker):
    """Naming the base game and one of the expansion's scenarios asks what the scenario does differently; a story
    told in base-game words is read by what its last sentence means too."""
    asked = asker.ask("In the base game oxygen runs out in flooded spaces. Do flooded spaces still cost oxygen in "
                      "Fevered Dreams?")
    assert asked.ids[0] == "fevered-mist.no-flooded-rules"
    assert not asker.ask("In the base game, how much oxygen does a flooded space cost?").matched
    story = asker.ask("In the base game healing stops at your maximum. In Endless Nightmares can health go over it?")
    assert story.ids[0] == "health.gain-over-max"


def test_the_rule_that_answers_comes_before_an_option_on_the_same_topic(asker):
    assert asker.ask("how many wounds can the Nest take in one round?").ids[0] == "expectant-nest.one-wound-per-round"


def test_an_option_comes_first_when_the_question_is_about_a_reading(asker):
    assert asker.ask("which reading do you assume for the Nest's maximum health?").ids[0] == "expectant-nest.maximum-health"


def test_near_ties_go_to_the_rule_whose_title_names_the_point(asker):
    """Within TIE_BAND of the best score, the title that holds most of the question's words (over the square root
    of its length) comes first; beyond the band, the score decides."""
    ids = [e.id for e in asker.entries]
    point, sibling = ids.index("fevered-board.start-room"), ids.index("fevered-obscure-marker.spawn-three")
    stems = frozenset(asker.ranker.stemmer.tokens("where is the start room in fevered dreams?"))
    scores = [0.0] * len(ids)
    scores[sibling] = 10.0
    for near, first in ((10.0 * (1 - ask_module.TIE_BAND / 2), point), (10.0 * (1 - 2 * ask_module.TIE_BAND), sibling)):
        scores[point] = near
        order = sorted(range(len(ids)), key=lambda i: -scores[i])
        assert asker._near_ties_by_title(order, scores, 10.0, stems)[0] == first


def test_a_long_text_is_read_only_up_to_a_bound(asker):
    import solver.ask.rank as rank_module

    words = [f"word{i}" for i in range(5 * rank_module.MAX_WORDS)]
    assert len(asker.ranker.concepts(" ".join(words))) == rank_module.MAX_WORDS
    assert not asker.ask(" ".join(words)).matched


def test_a_short_form_typed_without_its_apostrophe_is_read_as_with_it():
    assert normal_words("infected player cant reach anyone") == normal_words("infected player can't reach anyone")
    assert [w for w, _ in normal_words("doesnt thats")] == ["doesn", "not", "that"]


def test_an_investigator_is_not_the_investigate_action(asker):
    """The Porter stemmer makes both words "investig"; the catalog's Investigate action (Fevered Dreams) is asked
    about apart from the investigators."""
    stems = asker.ranker.stemmer.tokens
    assert stems("investigate") != stems("investigator") == stems("investigators")
    assert asker.ask("where do I need to be to investigate?").ids[0] == "fevered-investigate.same-space"


def test_the_expansions_name_says_nothing_of_which_rule():
    """"Endless Nightmares" names the box every question is about, not a rule (nor an unknown game)."""
    assert all(common for _, common in normal_words("Endless Nightmares"))


def test_a_misspelt_word_is_read_as_the_catalogs_word(asker):
    assert asker.ranker.spelled("lisbth") == "lisbeth" and asker.ranker.spelled("friends") == "friends"


# --- the ruling first -------------------------------------------------------------------------------------------------
def test_the_answer_opens_with_the_ruling_yes_or_no(asker):
    answer = asker.ask("can Lisbeth store the die she just put back?")
    assert answer.ids[0] == "lisbeth.no-store-placed-die" and answer.yes_no == "no"
    text = answer.to_text()
    assert text.splitlines()[0].startswith("No. ") and "\nRule lisbeth.no-store-placed-die:" in text
    assert "Rulebook: The New Investigators › Lisbeth Gibson" in text and "Proved by:" in text


def test_a_yes_question_answered_by_a_plain_rule_says_yes(asker):
    answer = asker.ask("does Franklyn's power count as a weapon?")
    assert answer.ids[0] == "weapon-ability.franklyn-second" and answer.ruling.startswith("Yes. ")


def test_a_question_past_the_limit_a_rule_sets_is_answered_no(asker):
    answer = asker.ask("can two egg sacs share the same room?")  # each rule says so: a room holds one at most
    assert answer.ids[0] in ("expectant-nest-marker.different-rooms", "expectant-nest-marker.one-per-room")
    assert answer.yes_no == "no" and answer.ruling.startswith("No. ")
    from solver.ask.answer import _past_the_limit

    assert _past_the_limit("can another one go there", "it holds at most one marker")
    assert not _past_the_limit("can it go there", "it holds at most one marker")
    assert not _past_the_limit("can another one go there", "it holds no marker")


def test_a_count_of_components_opens_with_the_component_lists_count(asker):
    """A question the component list answers opens with the count of each component it names, from the engine's
    table (solver/components.py, which the specification checks against the list) — and says no to a wrong one."""
    from solver.components import component

    count = component("grudge token").count
    answer = asker.ask("how many grudge tokens come with the expansion?")
    assert answer.ids[0] == "components.contents" and f"holds {count} grudge tokens" in answer.ruling
    assert asker.ask(f"does the expansion come with {count} grudge tokens?").ruling.startswith("Yes.")
    assert asker.ask(f"does the expansion come with {count - 2} grudge tokens?").ruling.startswith("No.")


def test_a_question_of_what_the_box_holds_is_answered_by_the_component_list_for_every_kind(asker):
    """"How many X are in the box" and its like put the component list first with X's count, whatever X is, even
    where the ranking alone refused or found a rule that merely names X; "how many X are there" may be answered by a
    scenario's rule that says how many X there are instead. A question of using X in a chapter, of where X goes or
    of how many X a rule brings into play does not."""
    from solver.ask.words import normal_words
    from solver.components import COMPONENTS

    for c in COMPONENTS:
        for question in (f"how many {c.name}s are in the box", f"how many {c.name}s come with endless nightmares?",
                         f"the expansion comes with {c.count + 1} {c.name}s, right?"):
            answer = asker.ask(question)
            assert answer.ids[:1] == ["components.contents"], question
            assert f" {c.count} {c.name}" in answer.ruling, (question, answer.ruling)
        assert asker.ask(f"the expansion comes with {c.count + 1} {c.name}s, right?").ruling.startswith("No.")
        answer = asker.ask(f"how many {c.name}s r there")
        said = {w for w, _ in normal_words(answer.ruling)}
        assert answer.ids[0] == "components.contents" or str(c.count) in said, (c.name, answer.ruling)
    for question in ("can I use the purge tokens from this box in a base game chapter?",
                     "how many nest markers come in when the devour marker hits teal?",
                     "how many immortal markers go on one immortal", "do the unused scenario cards go back in the box?",
                     "what happens if we have more Grudge figures than the box comes with?",
                     "Sophie killed the obscure marker and put it back in the box. Where does it go?"):
        assert asker.ask(question).ids[:1] != ["components.contents"], question


def test_the_box_contents_check_takes_no_players_question_another_entry_answers(asker):
    """Of the catalog's own players' questions (``asked``), those the box-contents check would send to the component
    list belong to it, or are answered first by the entry they belong to all the same."""
    from solver.ask import _last_sentence

    rk = asker.ranker
    fired = 0
    for row, text in zip(rk._example_owner, rk._texts["in"]):
        question = text.split(" → ")[0]
        if asker.contents_kind(_last_sentence(question) or question):
            fired += 1
            owner = asker.entries[row].id
            assert owner == "components.contents" or asker.ask(question).ids[:1] == [owner], question
    assert fired >= 3


def test_an_open_question_opens_with_the_rule_itself(asker):
    answer = asker.ask("where is a monster placed when an effect doesn't say where it spawns?")
    assert answer.ids[0] == "spawn.no-location" and answer.yes_no is None
    assert answer.ruling == ask_module.answer.first_sentence(answer.hits[0].entry.text)


def test_an_option_answer_says_the_rulebook_leaves_it_open_and_gives_the_default(asker):
    answer = asker.ask("which reading do you assume for the Nest's maximum health?")
    assert answer.ids[0] == "expectant-nest.maximum-health" and answer.yes_no is None
    assert "leaves this open" in answer.ruling and "By default: Five wounds kill the Nest." in answer.ruling


def test_proof_titles_have_no_outline_placeholders(asker, figures):
    for q in ask_quality.questions("tuning"):
        text = asker.ask(q["q"]).to_text()
        assert not re.search(r"Proved by: [^\n]*<[a-z _-]+>", text), text


def test_a_rule_is_shown_once_even_if_an_option_shares_its_name(asker):
    cat = catalog()
    shared = [name for name in cat.options if name in cat.rules]
    assert shared
    for name in shared:
        ids = asker.ask(cat.rules[name].text, limit=10).ids
        assert len(ids) == len(set(ids)) and name in ids


# --- hits, limits and statuses ----------------------------------------------------------------------------------------
def test_hits_are_ranked_and_limited(asker):
    """The best-scored entries come first, ordered by their score's share of the best, the meaning of their
    nearest players' question and how much of the question they hold (Asker._reranked); the rest by score."""
    from solver.ask.vectors import load_vectors

    question = "what happens when the Nest takes a wound?"
    answer = asker.ask(question, limit=5)
    scores = [h.score for h in answer.hits]
    best = max(scores)
    rows = [next(i for i, e in enumerate(asker.entries) if e.id == h.entry.id) for h in answer.hits]
    alike = asker.ranker.entry_meanings(load_vectors().meaning(question), rows)
    key = [h.score / best + ask_module.RERANK_MEANING * alike.get(row, 0.0) + ask_module.RERANK_COVERAGE * h.coverage
           for h, row in zip(answer.hits, rows)]
    first = ask_module.RERANK_CANDIDATES
    assert 1 <= len(scores) <= 5 and key[:first] == sorted(key[:first], reverse=True)
    assert scores[first:] == sorted(scores[first:], reverse=True)
    assert len(asker.ask(question, limit=1).hits) == 1


def test_each_hit_carries_the_scenarios_that_prove_it_with_their_status():
    specs = scenarios_by_rule(load_features())["health.gain-over-max"]
    asker = Asker(results=Results("2024-01-01T00:00:00+00:00", "abc", {specs[0].key: "failed"}))
    hit = next(h for h in asker.ask("my guy is at full HP and gets healed, what happens?", limit=5).hits
               if h.entry.id == "health.gain-over-max")
    assert [s.key for s in hit.scenarios] == [s.key for s in specs]
    assert hit.scenarios[0].status == "failed" and all(s.status == "not run" for s in hit.scenarios[1:])


def test_an_empty_question_is_bad_input(capsys):
    assert main(["ask", "  "]) == 2
    assert "empty" in capsys.readouterr().err


# --- one ranking for the command line and the website -----------------------------------------------------------------
def test_ask_json_is_what_the_command_prints(capsys):
    question = "does a closed door stop me from walking through it?"
    assert main(["ask", question, "--json"]) == 0
    printed, returned = json.loads(capsys.readouterr().out), ask_json(question)
    for data in (printed, returned):  # the results file may be rewritten meanwhile by a run of the specification
        data.pop("results_generated")
        for hit in data["results"]:
            hit["scenarios"] = [{k: v for k, v in s.items() if k != "status"} for s in hit["scenarios"]]
    assert printed == returned


def test_the_index_is_plain_data_the_website_can_ship_as_json(asker):
    shipped = json.loads(json.dumps(asker.index))
    again = Asker(index=shipped, results=Results(None, None, {}))
    for q in ask_quality.questions("tuning")[:40]:
        assert again.ask(q["q"]).to_json() == asker.ask(q["q"]).to_json()


def test_the_ranking_needs_only_the_standard_library():
    code = ("import sys; from solver.ask import Asker; Asker().ask('can I see through fog?'); "
            "bad = {'numpy', 'rank_bm25', 'snowballstemmer'} & set(sys.modules); assert not bad, bad")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr


def test_ask_json_shape(capsys):
    words = ["does", "a", "closed", "door", "stop", "me", "from", "walking", "through", "it?"]
    assert main(["ask", *words, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"question", "matched", "ruling", "yes_no", "results", "suggestions", "results_generated"}
    assert data["matched"] is True and data["suggestions"] == [] and data["ruling"]
    hit = data["results"][0]
    assert {"id", "kind", "title", "text", "area", "area_title", "topic", "topic_title", "section", "score",
            "coverage", "scenarios"} <= set(hit)
    assert hit["id"] == "hatch.blocks-movement" and hit["kind"] == "assumption"
    for s in hit["scenarios"]:
        assert set(s) == {"name", "keyword", "key", "feature", "rule_block", "status"}


def test_ask_json_when_the_rules_dont_cover_the_question(capsys):
    assert main(["ask", "how do I castle kingside", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["matched"] is False and data["results"] == [] and data["suggestions"]
    assert data["ruling"].startswith(NOT_COVERED) and data["yes_no"] is None
    assert set(data["suggestions"][0]) == {"area_title", "topic_title", "example_id"}


# --- one rule ---------------------------------------------------------------------------------------------------------
def test_rule_shows_every_scenario_and_the_options_that_touch_it():
    data = describe("lisbeth.store-die")
    expected = scenarios_by_rule(load_features())["lisbeth.store-die"]
    assert [s["key"] for s in data["scenarios"]] == [s.key for s in expected]
    assert "lisbeth.store-while-full" in [o["name"] for o in data["options"]]
    first = data["scenarios"][0]
    assert first["steps"] and all(s["keyword"] and s["text"] for s in first["steps"])


def test_rule_text_renders_steps_and_examples(capsys):
    assert main(["rule", "lisbeth.one-die-stored"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("lisbeth.one-die-stored: One die in storage")
    assert "lisbeth.store-while-full" in out and "Examples:" in out
    assert re.search(r"^\s+\| setting\s+\|", out, re.M)


def test_rule_shows_an_option_with_the_scenarios_that_set_it(capsys):
    assert main(["rule", "sight.model"]) == 0
    out = capsys.readouterr().out
    assert "assumption option" in out and "(default)" in out
    assert len(option_scenarios("hatch.blocks-sight")) >= 1


def test_options_touching_a_rule_are_found_by_list_name_and_text():
    names = [o.name for o in options_touching("components.3d-hatch")]
    assert "hatch.blocks-movement" in names and "hatch.blocks-sight" in names
    assert [o.name for o in options_touching("components.unlisted")] == ["components.unlisted"]


def test_an_unknown_rule_id_is_bad_input_with_the_nearest_ids(capsys):
    assert main(["rule", "health.gain-over-mx"]) == 2
    err = capsys.readouterr().err
    assert "health.gain-over-max" in err and "did you mean" in err
    assert nearest_ids("lisbeth.store")[0].startswith("lisbeth.")


def test_rule_json_shape(capsys):
    assert main(["rule", "health.gain-over-max", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["id"] == "health.gain-over-max" and data["kind"] == "rule"
    assert {"title", "text", "area", "topic", "section", "terms", "options", "scenarios", "withdrawn"} <= set(data)
    s = data["scenarios"][0]
    assert {"name", "key", "status", "steps", "background", "examples", "rule_block"} <= set(s)


def test_rule_reads_only_the_features_that_name_it():
    full = load_features()
    for name in ("lisbeth.store-die", "fevered-mist.sight", "hatch.blocks-sight", "sight.model"):
        assert describe(name) == describe(name, features=full)
        only = rule_module._features_naming(name if name in catalog().options else "@rule:" + name)
        assert 0 < len(only) < len(full) or name == "sight.model"
        assert describe(name, features=only) == describe(name, features=full)


def test_the_rule_command_does_not_load_the_ranking():
    code = ("import sys; from solver.cli import main; rc = main(['rule', 'health.gain-over-max']); "
            "assert 'solver.ask.rank' not in sys.modules and 'sqlite3' not in sys.modules, sorted(sys.modules); "
            "sys.exit(rc)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr


# --- the installed command --------------------------------------------------------------------------------------------
def test_the_installed_command_asks_and_shows_rules():
    done = run_installed("ask", "can Lisbeth store the die she just put back?")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("No. ") and "Rule lisbeth.no-store-placed-die" in done.stdout
    assert "Proved by:" in done.stdout and "Rulebook:" in done.stdout
    done = run_installed("rule", "no.such-rule")
    assert done.returncode == 2 and "no rule or option" in done.stderr
    done = run_installed("rule", "spawn.no-location", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["id"] == "spawn.no-location"


# --- the index kept between runs --------------------------------------------------------------------------------------

@pytest.fixture
def cache_folder(tmp_path, monkeypatch):
    """An empty cache folder of the test's own, and sources that stay as they are while it runs (other work may
    change the real ones meanwhile)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("DEEPMADNESS_CACHE", str(folder))
    source = tmp_path / "source.feature"
    source.write_text("as it is", encoding="utf-8")
    monkeypatch.setattr(index_module, "_sources", lambda: [source])
    return folder


def test_the_index_is_built_once_then_read(cache_folder, monkeypatch):
    first = index_module.load_index()
    assert [p.name for p in cache_folder.iterdir()] and all(p.suffix == ".json" for p in cache_folder.iterdir())
    monkeypatch.setattr(index_module, "build_index", lambda *a: pytest.fail("the index was built again"))
    assert index_module.load_index() == json.loads(json.dumps(first))


def test_a_changed_source_builds_the_index_again(cache_folder, tmp_path, monkeypatch):
    index_module.load_index()
    (tmp_path / "source.feature").write_text("changed", encoding="utf-8")
    built = []
    real = index_module.build_index
    monkeypatch.setattr(index_module, "build_index", lambda *a: built.append(1) or real(*a))
    index_module.load_index()
    assert built == [1] and len(list(cache_folder.iterdir())) == 1  # the stale file is gone


def _kept(folder: Path) -> Path:
    (kept,) = folder.iterdir()
    return kept


@pytest.mark.parametrize("content", ["", "not json", "[1, 2]", '{"entries": []}', "{}\n{}"])
def test_a_damaged_index_file_is_built_again(cache_folder, content):
    index_module.load_index()
    kept = _kept(cache_folder)
    kept.write_text(content, encoding="utf-8")
    assert index_module.is_index(index_module.load_index())
    assert index_module._decode(kept.read_bytes(), index_module.sources_key()) is not None  # replaced


def _rebuilt(monkeypatch) -> list:
    built = []
    real = index_module.build_index
    monkeypatch.setattr(index_module, "build_index", lambda *a: built.append(1) or real(*a))
    return built


def test_a_tampered_index_entry_is_not_used(cache_folder, monkeypatch):
    """An entry whose body was changed (a rule's text rewritten) no longer has the digest its header claims; one
    whose header was rewritten to match names other sources or another format: both are built again."""
    import hashlib

    index_module.load_index()
    kept = _kept(cache_folder)
    head, _, body = kept.read_bytes().partition(b"\n")
    tampered = body.replace(b'"rule"', b'"assumption"', 1)
    assert tampered != body
    kept.write_bytes(head + b"\n" + tampered)
    built = _rebuilt(monkeypatch)
    assert index_module.load_index()["entries"][0][1] == "rule" and built == [1]
    header = json.loads(head)
    for change in ({"digest": hashlib.blake2b(tampered, digest_size=16).hexdigest(), "key": "0" * 32},
                   {"digest": hashlib.blake2b(tampered, digest_size=16).hexdigest(), "format": "ask-index/0"}):
        kept.write_bytes(json.dumps({**header, **change}).encode() + b"\n" + tampered)
        index_module.load_index()
    assert built == [1, 1, 1]
    assert b'"rule"' in kept.read_bytes().partition(b"\n")[2][:400]


def test_a_fifo_as_the_index_entry_is_not_read_and_does_not_hang(cache_folder, monkeypatch):
    import os

    index_module.load_index()
    kept = _kept(cache_folder)
    kept.unlink()
    os.mkfifo(kept)
    built = _rebuilt(monkeypatch)
    assert index_module.is_index(index_module.load_index()) and built == [1]
    assert kept.is_file() and not kept.is_fifo()  # replaced by a regular file


def test_a_link_to_dev_zero_as_the_index_entry_is_not_followed(cache_folder, monkeypatch):
    index_module.load_index()
    kept = _kept(cache_folder)
    kept.unlink()
    kept.symlink_to("/dev/zero")
    built = _rebuilt(monkeypatch)
    assert index_module.is_index(index_module.load_index()) and built == [1]
    assert not kept.is_symlink() and kept.is_file()


def test_a_link_to_a_good_index_entry_is_not_followed_either(cache_folder, tmp_path, monkeypatch):
    index_module.load_index()
    kept = _kept(cache_folder)
    elsewhere = tmp_path / "elsewhere.json"
    kept.rename(elsewhere)
    kept.symlink_to(elsewhere)
    built = _rebuilt(monkeypatch)
    index_module.load_index()
    assert built == [1] and not kept.is_symlink()


def test_a_huge_index_entry_is_not_read(cache_folder, monkeypatch):
    index_module.load_index()
    kept = _kept(cache_folder)
    good = kept.read_bytes()
    with kept.open("r+b") as f:  # a sparse file: the good entry, then zeros beyond the cap
        f.truncate(index_module.MAX_CACHE_BYTES + 1)
    assert kept.read_bytes()[:len(good)] == good
    read = []
    real = index_module._decode
    monkeypatch.setattr(index_module, "_decode", lambda data, key: read.append(len(data)) or real(data, key))
    built = _rebuilt(monkeypatch)
    assert index_module.is_index(index_module.load_index()) and built == [1] and read == []
    assert kept.stat().st_size == len(good)


def test_the_index_entry_is_written_atomically(cache_folder, monkeypatch):
    import solver.fileio as fileio

    written = []
    real = fileio.write_atomic
    monkeypatch.setattr(fileio, "write_atomic", lambda path, data, *a: written.append(path) or real(path, data, *a))
    index_module.load_index()
    assert written == [_kept(cache_folder)]


def test_a_relative_xdg_cache_home_is_ignored(tmp_path, monkeypatch):
    monkeypatch.delenv("DEEPMADNESS_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")
    assert index_module.cache_dir() == tmp_path / "home" / ".cache" / "deepmadness"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert index_module.cache_dir() == tmp_path / "xdg" / "deepmadness"
    monkeypatch.setenv("DEEPMADNESS_CACHE", "off")
    assert index_module.cache_dir() is None


def test_a_cache_that_cant_be_written_is_no_error_and_off_writes_nothing(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache's folder would be", encoding="utf-8")
    monkeypatch.setenv("DEEPMADNESS_CACHE", str(blocker / "deepmadness"))
    assert index_module.is_index(index_module.load_index())
    monkeypatch.setenv("DEEPMADNESS_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert index_module.is_index(index_module.load_index())
    assert not (tmp_path / "xdg").exists() and not (tmp_path / "home").exists()


def test_the_sources_are_the_code_the_catalog_and_the_features():
    """The cache key covers what makes the index: the code (answer.py too: the index keeps whether each labelled
    yes/no question asks about a negative statement), the catalog and the feature files."""
    names = {p.name for p in index_module._sources()}
    assert {"index.py", "words.py", "answer.py", "glossary.yaml", "general.yaml"} <= names
    assert any(name.endswith(".feature") for name in names)


# --- the website's ask box: the same code under Pyodide ---------------------------------------------------------
PYODIDE = ROOT / "node_modules" / "pyodide"  # installed by `make test` (package.json)
_IN_PYODIDE = """
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
import fs from "node:fs";
const [folder, indexFile, questionsFile, outFile] = process.argv.slice(-4);
const py = await loadPyodide({ indexURL: "%(pyodide)s/" });
py.FS.mkdirTree("/pkg/solver/ask");
py.FS.writeFile("/pkg/solver/__init__.py", fs.readFileSync(folder + "/__init__.py"));
for (const f of fs.readdirSync(folder + "/ask").filter((f) => f.endsWith(".py") || f.endsWith(".bin"))) {
  py.FS.writeFile("/pkg/solver/ask/" + f, fs.readFileSync(folder + "/ask/" + f));
}
py.FS.writeFile("/index.json", fs.readFileSync(indexFile));
py.FS.writeFile("/questions.json", fs.readFileSync(questionsFile));
fs.writeFileSync(outFile, py.runPython(`
import json, sys
sys.path.insert(0, "/pkg")
from solver.ask import use_index, ask_json
use_index(json.load(open("/index.json")))
json.dumps({"python": sys.version, "answers": [ask_json(q) for q in json.load(open("/questions.json"))]})
`));
"""


def test_the_website_gets_the_same_answers_from_the_same_code_under_pyodide(tmp_path, asker):
    """The site's ask box runs solver.ask in the browser (Pyodide: another Python, another SQLite) on the index
    written by ``python -m solver.ask``; every question of the held-out parts and every other one of the tuning
    part (about 2,600: the tuning part's are ask's own data, and all of them would cost half a minute more of
    ``make test``) gets the very answer ``ask --json`` gives from the same index."""
    index_file, questions_file, out = tmp_path / "index.json", tmp_path / "questions.json", tmp_path / "out.json"
    assert index_module.main([str(index_file)]) == 0
    questions = [q["q"] for part in ask_quality.PARTS
                 for q in ask_quality.questions(part)[::2 if part == "tuning" else 1]]
    assert len(questions) > 2500
    questions_file.write_text(json.dumps(questions), encoding="utf-8")
    script = _IN_PYODIDE % {"pyodide": PYODIDE.as_posix()}
    done = subprocess.run(["node", "--input-type=module", "-e", script, "--", str(ROOT / "solver"), str(index_file),
                           str(questions_file), str(out)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    browser = json.loads(out.read_text(encoding="utf-8"))
    here = Asker(index=json.loads(index_file.read_text(encoding="utf-8")), results=ask_module.NO_RESULTS)
    assert browser["python"] != sys.version
    assert browser["answers"] == [here.ask(q).to_json() for q in questions]


def test_a_question_most_like_an_example_the_rules_dont_answer_is_not_covered(asker):
    """The nearest-example check of honest scope: a question most like one of the glossary's examples of questions
    the rules don't answer, and clearly more than like any question players ask of a rule, is "not covered"; one
    most like a players' question of a rule is not held back by it."""
    from solver.ask import NEAREST_LEAD, NEAREST_SIMILARITY
    from solver.yamlio import load_yaml_file

    rk = asker.ranker
    example = "what is the best investigator for a first game of fathoms dark with two players"
    inside, outside = rk.nearest(frozenset(rk.stemmer.tokens(example)))
    assert 0 <= inside <= 1 and 0 <= outside <= 1
    own = catalog().rules["expectant-nest-marker.one-per-room"].asked[0]
    inside, outside = rk.nearest(frozenset(rk.stemmer.tokens(own)))
    assert inside == pytest.approx(1.0)
    assert not (outside >= NEAREST_SIMILARITY and outside > inside + NEAREST_LEAD)
    assert asker.ask(own).ids[0] == "expectant-nest-marker.one-per-room"
    examples = load_yaml_file(catalog_dir() / "glossary.yaml")["out_of_scope_questions"]
    refused = [q for q in examples if (lambda i, o: o >= NEAREST_SIMILARITY and o > i + NEAREST_LEAD)(
        *rk.nearest(frozenset(rk.stemmer.tokens(str(q)))))]
    assert len(refused) >= 0.9 * len(examples)  # each example is most like itself (1.0) unless an asked twin
    assert all(not asker.ask(str(q)).matched for q in refused[:50])


def test_the_nearest_players_questions_lean_to_the_rule_they_ask_of(asker):
    """:meth:`Ranker.neighbours`: a players' question of the catalog is most like itself (1.0), so the entry it asks
    of leads the neighbours; a question sharing no word with any of them has none."""
    rk = asker.ranker
    rule = catalog().rules["lisbeth.one-die-stored"]
    row = next(i for i, e in enumerate(asker.entries) if e.id == rule.id and e.kind == "rule")
    for question in rule.asked[:3]:
        near = rk.neighbours(frozenset(rk.stemmer.tokens(question)))
        assert near[row] == pytest.approx(1.0) == max(near.values())
    assert rk.neighbours(frozenset({"zzzunknown"})) == {}


def test_a_long_text_costs_no_more_than_its_first_characters(asker):
    """Only a question's first MAX_QUESTION_CHARS characters are read (600 KB of one word once took 4 s in the naive
    Bayes model): the answer to a huge text is the answer to its beginning."""
    from solver.ask import MAX_QUESTION_CHARS

    head = "can two egg sacs share a room? "
    huge = head * (20 * MAX_QUESTION_CHARS // len(head))
    assert asker.ask(huge).ids == asker.ask(huge[:MAX_QUESTION_CHARS]).ids


def test_a_story_is_covered_by_its_last_sentence(asker, monkeypatch):
    """A question told as a story: the table talk before it is no reason to refuse it when its last sentence, the
    question, is one the rules answer (the coverage check reads that sentence too)."""
    story = ("We were setting up on a rainy Sunday with my cousins and the bag of tokens got mixed up with another "
             "game's and the dog ate one. How many unbound markers do we put on the unbound card in setup?")
    answer = asker.ask(story)
    assert answer.matched and answer.ids[0].startswith("fathoms-setup.")
    monkeypatch.setattr(ask_module, "_core_concepts", lambda rk, last: ())
    monkeypatch.setattr(ask_module, "MEANT_COVERED", 2.0)  # nor what it means
    assert not asker.ask(story).matched  # without it, the story's words would refuse it


# --- the scope model ----------------------------------------------------------------------------------------------------
def test_the_scope_models_fit_finds_the_weights_that_made_the_labels():
    """:func:`solver.ask.scope_training.fit` (Newton's method on the standard library): labels drawn from a known
    logistic model give back its weights and bias, within the noise of 4,000 draws."""
    import math
    import random

    from solver.ask.scope_training import fit

    rng = random.Random(7)
    truth, bias = (2.0, -1.5, 0.5), -0.4
    rows = [[rng.uniform(-1, 1) for _ in truth] for _ in range(4000)]
    labels = [int(rng.random() < 1 / (1 + math.exp(-(bias + sum(w * x for w, x in zip(truth, r)))))) for r in rows]
    weights, got_bias = fit(rows, labels, penalty=1e-6)
    assert weights == pytest.approx(truth, abs=0.3) and got_bias == pytest.approx(bias, abs=0.2)
    shrunk, _ = fit(rows, labels, penalty=1000.0)  # the penalty pulls the weights toward nothing
    assert sum(map(abs, shrunk)) < 0.5 * sum(map(abs, weights))


def test_the_scope_model_leans_out_as_a_question_nears_what_the_rules_dont_answer():
    """The fitted weights say what the figures mean: the odds that the rules don't answer a question rise as it
    nears an out-of-scope example (in meaning and in words) and as its best entry is an option, and fall as it
    nears a question players ask of a rule."""
    from solver.ask import SCOPE_FIGURES, outside_odds

    base = (0.6, 0.6, 0.4, 0.4, 0.0)
    for i, name in enumerate(SCOPE_FIGURES):
        more = list(base)
        more[i] += 0.2
        rises = name in ("meant_out", "near_out", "option")
        assert (outside_odds(more) > outside_odds(base)) == rises, name


def test_the_scope_model_reads_only_questions_no_other_check_refused(asker, monkeypatch):
    """The scope model is the last check: a question it reads has its five figures appended to ``scope_figures``,
    and the model alone decides whether it is answered (refusing every one it reads refuses it; refusing none
    answers it); a question another check refused (an out-of-scope cue) never reaches it."""
    import math

    from solver.ask import SCOPE_FIGURES

    question = "can two egg sacs share a room?"
    seen: list = []
    assert asker.ask(question, scope_figures=seen).matched
    assert len(seen) == 1 and len(seen[0]) == len(SCOPE_FIGURES)
    monkeypatch.setattr(ask_module, "SCOPE_BIAS", math.inf)
    assert not asker.ask(question).matched
    seen.clear()
    assert not asker.ask("what is the best strategy for fathoms dark", scope_figures=seen).matched and not seen


def test_the_tuning_halves_are_written_whole_and_apart(tmp_path):
    """``python -m tests.ask_quality --tuning-halves A B`` (the scope model's cross-fit): every tuning question in
    exactly the half :func:`solver.ask.scope_training.half` puts it in."""
    from solver.ask.index import players_questions
    from solver.ask.scope_training import half

    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    assert ask_quality.main(["--tuning-halves", str(a), str(b)]) == 0
    halves = [players_questions([a]), players_questions([b])]
    assert sorted((q["q"] for h in halves for q in h)) == sorted(q["q"] for q in ask_quality.questions("tuning"))
    assert all(half(q["q"]) == h for h in (0, 1) for q in halves[h]) and all(halves)
