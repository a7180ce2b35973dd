"""``deepmadness ask`` and ``deepmadness rule``: answer quality on players' questions, no-match answers, one rule
with its scenarios, the JSON shapes, and the installed command."""

from __future__ import annotations

import json
import marshal
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import solver.ask as ask_module
from solver.ask import Asker, describe, nearest_ids, option_scenarios, options_touching, tokens
from solver.catalog import catalog
from solver.cli import main
from solver.spec import ROOT, Results, load_features, scenarios_by_rule
from tests.cli_helpers import run_installed

QUESTIONS = Path(__file__).with_name("ask_questions.yaml")
AREAS = ("general", "board", "fathoms_dark", "fevered_dreams", "expectant_terror")
NONSENSE = ("how do I castle kingside", "what's the weather in Paris tomorrow", "who wrote Hamlet",
            "asdf qwerty zxcv", "recipe for banana bread")


@pytest.fixture(scope="module")
def asker() -> Asker:
    return Asker()


@pytest.fixture(scope="module")
def questions() -> list[dict]:
    return yaml.safe_load(QUESTIONS.read_text(encoding="utf-8"))["questions"]


def _area(name: str) -> str:
    cat = catalog()
    return cat.rules[name].area if name in cat.rules else cat.options[name].area


# --- the question set -------------------------------------------------------------------------------------------------
def test_the_question_set_is_large_and_spread_over_every_area(questions):
    assert len(questions) >= 40
    cat = catalog()
    for q in questions:
        assert q["answer"] in cat.rules or q["answer"] in cat.options, q
    counts = {a: sum(_area(q["answer"]) == a for q in questions) for a in AREAS}
    assert all(n >= 5 for n in counts.values()), counts


def test_the_questions_are_players_words_not_rule_titles(questions):
    cat = catalog()
    for q in questions:
        entry = cat.rules.get(q["answer"]) or cat.options[q["answer"]]
        title = tokens(entry.title)
        asked = tokens(q["q"])
        assert not (title and all(w in asked for w in title) and len(title) > 1), (q["q"], entry.title)
        assert entry.title.lower() not in q["q"].lower()


# The target: the right rule first for at least 90 % of the questions, and in the top three for all of
# them. A miss is fixed in the index (solver/ask.py, the glossary's synonyms), never by lowering these marks.
FIRST_TARGET, TOP3_TARGET = 0.90, 1.0


def test_ask_quality(asker, questions, capsys):
    first = top3 = 0
    misses = []
    for q in questions:
        ids = asker.ask(q["q"]).ids
        first += ids[:1] == [q["answer"]]
        top3 += q["answer"] in ids[:3]
        if ids[:1] != [q["answer"]]:
            misses.append(f"  {q['q']!r}: expected {q['answer']}, got {ids}")
    n = len(questions)
    figure = f"ask quality: {first}/{n} first ({100 * first / n:.0f}%), {top3}/{n} in top 3"
    with capsys.disabled():
        print("\n" + figure)
    assert first >= FIRST_TARGET * n and top3 >= TOP3_TARGET * n, figure + "\n" + "\n".join(misses)


# --- no match ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("question", NONSENSE)
def test_a_question_that_matches_nothing_says_so_and_suggests_topics(asker, question):
    answer = asker.ask(question)
    assert not answer.matched and answer.hits == ()
    assert answer.suggestions
    text = answer.to_text()
    assert text.startswith("No rule matches") and "deepmadness rule" in text
    areas = {a.title for a in catalog().areas}
    assert all(s.area_title in areas for s in answer.suggestions)


def test_an_empty_question_is_bad_input(capsys):
    assert main(["ask", "  "]) == 2
    assert "empty" in capsys.readouterr().err


def test_a_real_question_is_not_refused(asker):
    answer = asker.ask("does a locked door block line of sight?")
    assert answer.matched and answer.hits[0].entry.id == "hatch.blocks-sight"


# --- hits, limits and statuses ----------------------------------------------------------------------------------------
def test_hits_are_ranked_and_limited(asker):
    answer = asker.ask("what happens when the Nest takes a wound?", limit=5)
    scores = [h.score for h in answer.hits]
    assert 1 <= len(scores) <= 5 and scores == sorted(scores, reverse=True)
    assert len(asker.ask("what happens when the Nest takes a wound?", limit=1).hits) == 1


def test_each_hit_carries_the_scenarios_that_prove_it_with_their_status():
    by_rule = scenarios_by_rule(load_features())
    rule_id = "health.gain-over-max"
    specs = by_rule[rule_id]
    outcomes = {specs[0].key: "failed"}
    asker = Asker(results=Results("2024-01-01T00:00:00+00:00", "abc", outcomes))
    hit = next(h for h in asker.ask("my guy is at full HP and gets healed, what happens?", limit=5).hits
               if h.entry.id == rule_id)
    assert [s.key for s in hit.scenarios] == [s.key for s in specs]
    assert hit.scenarios[0].status == "failed"
    assert all(s.status == "not run" for s in hit.scenarios[1:])


def test_without_a_results_file_every_status_is_not_run():
    asker = Asker(results=Results(None, None, {}))
    hit = asker.ask("can Lisbeth store the die she just put back?").hits[0]
    assert hit.scenarios and {s.status for s in hit.scenarios} == {"not run"}


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
    assert 'When Lisbeth rolls 2, 4 and 5 for "Grappler attack"' in out


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


# --- JSON -------------------------------------------------------------------------------------------------------------
def test_ask_json_shape(capsys):
    assert main(["ask", "does", "a", "closed", "door", "stop", "me", "from", "walking", "through", "it?", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"question", "matched", "results", "suggestions", "results_generated"}
    assert data["matched"] is True and data["suggestions"] == []
    hit = data["results"][0]
    assert {"id", "kind", "title", "text", "area", "area_title", "topic", "topic_title", "section", "score",
            "coverage", "scenarios"} <= set(hit)
    assert hit["id"] == "hatch.blocks-movement" and hit["kind"] == "assumption"
    for s in hit["scenarios"]:
        assert set(s) == {"name", "keyword", "key", "feature", "rule_block", "status"}


def test_ask_json_when_nothing_matches(capsys):
    assert main(["ask", "how do I castle kingside", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["matched"] is False and data["results"] == [] and data["suggestions"]
    assert set(data["suggestions"][0]) == {"area_title", "topic_title", "example_id"}


def test_rule_json_shape(capsys):
    assert main(["rule", "health.gain-over-max", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["id"] == "health.gain-over-max" and data["kind"] == "rule"
    assert {"title", "text", "area", "topic", "section", "terms", "options", "scenarios", "withdrawn"} <= set(data)
    s = data["scenarios"][0]
    assert {"name", "key", "status", "steps", "background", "examples", "rule_block"} <= set(s)


# --- the index on disk: kept by the project's cache (solver.datacache) ---------------------------------------------------
def _no_rebuild(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the index was rebuilt")

    monkeypatch.setattr(ask_module, "build_index", refuse)


@pytest.fixture
def cache_folder(tmp_path, monkeypatch) -> Path:
    """The project's cache in an empty folder of this test's own, whatever the environment says."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("DEEPMADNESS_CACHE", str(folder))
    return folder


def _index_file(folder: Path) -> Path:
    kept = [p for p in folder.iterdir() if p.suffix == ".marshal" and ask_module._is_index(_load(p))]
    assert len(kept) == 1, kept
    return kept[0]


def _load(path: Path):
    try:
        return marshal.loads(path.read_bytes())
    except (EOFError, ValueError, TypeError):
        return None


def test_the_index_is_written_once_and_then_only_loaded(monkeypatch, cache_folder):
    first = Asker(results=Results(None, None, {}))
    _index_file(cache_folder)
    assert all(p.suffix == ".marshal" for p in cache_folder.iterdir())  # no temporary file left behind
    _no_rebuild(monkeypatch)
    monkeypatch.setattr(ask_module, "load_features", lambda *a: pytest.fail("the features were parsed"))
    again = Asker(results=Results(None, None, {}))
    question = "can Lisbeth store the die she just put back?"
    assert again.ask(question).to_json() == first.ask(question).to_json()


def test_a_changed_source_rebuilds_the_index(tmp_path, monkeypatch, cache_folder):
    extra = tmp_path / "extra.feature"
    extra.write_text("one", encoding="utf-8")
    sources = ask_module._sources()
    monkeypatch.setattr(ask_module, "_sources", lambda: [*sources, extra])
    built = []
    real = ask_module.build_index
    monkeypatch.setattr(ask_module, "build_index", lambda *a: built.append(1) or real(*a))
    Asker(results=Results(None, None, {}))
    Asker(results=Results(None, None, {}))
    assert len(built) == 1
    extra.write_text("two", encoding="utf-8")
    asker = Asker(results=Results(None, None, {}))
    assert len(built) == 2 and asker.ask("can I see through fog?").matched


@pytest.mark.parametrize("content", [b"", b"not marshal data", b"\xe9\x00\x01", marshal.dumps([1, 2]),
                                     marshal.dumps({"entries": []})], ids=["empty", "text", "bad", "list", "shape"])
def test_an_unreadable_index_is_ignored_and_replaced(content, cache_folder):
    Asker(results=Results(None, None, {}))
    kept = _index_file(cache_folder)
    kept.write_bytes(content)
    answer = Asker(results=Results(None, None, {})).ask("does a locked door block line of sight?")
    assert answer.ids[0] == "hatch.blocks-sight"
    assert ask_module._is_index(_load(kept))


def test_a_cache_that_cant_be_written_is_no_error(tmp_path, monkeypatch):
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the cache's folder would be", encoding="utf-8")
    monkeypatch.setenv("DEEPMADNESS_CACHE", str(blocker / "deepmadness"))
    assert Asker(results=Results(None, None, {})).ask("can I see through fog?").matched
    assert blocker.read_text(encoding="utf-8") == "a file where the cache's folder would be"


def test_the_cache_is_off_when_the_projects_caches_are(tmp_path, monkeypatch):
    monkeypatch.setenv("DEEPMADNESS_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert Asker(results=Results(None, None, {})).ask("can I see through fog?").matched
    assert not (tmp_path / "xdg").exists() and not (tmp_path / "home").exists()


def test_the_index_is_kept_in_the_one_cache_folder(tmp_path, monkeypatch):
    """No DEEPMADNESS_CACHE: the index goes to $XDG_CACHE_HOME/deepmadness, beside the parsed catalog, and
    nowhere else (no build/ask-index.json)."""
    monkeypatch.delenv("DEEPMADNESS_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    Asker(results=Results(None, None, {}))
    _index_file(tmp_path / "xdg" / "deepmadness")
    assert not (ROOT / "build" / "ask-index.json").exists()


def test_the_sources_are_the_catalog_the_features_and_the_code():
    sources = ask_module._sources()
    assert Path(ask_module.__file__).resolve() in sources
    assert any(p.suffix == ".feature" for p in sources) and any(p.name == "glossary.yaml" for p in sources)


def test_rule_reads_only_the_features_that_name_it():
    full = load_features()
    for name in ("lisbeth.store-die", "fevered-mist.sight", "hatch.blocks-sight", "sight.model"):
        assert describe(name) == describe(name, features=full)
        only = ask_module._features_naming(name if name in catalog().options else "@rule:" + name)
        assert 0 < len(only) < len(full) or name == "sight.model"
        assert describe(name, features=only) == describe(name, features=full)


# --- the installed command --------------------------------------------------------------------------------------------
_run = run_installed


def test_the_installed_command_asks_and_shows_rules():
    done = _run("ask", "can Lisbeth store the die she just put back?")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("1. lisbeth.no-store-placed-die")
    assert "Proved by:" in done.stdout and "Rulebook:" in done.stdout
    done = _run("rule", "no.such-rule")
    assert done.returncode == 2 and "no rule or option" in done.stderr
    done = _run("rule", "spawn.no-location", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["id"] == "spawn.no-location"


def test_the_rule_command_does_not_need_the_ranking_library():
    code = ("import sys; from solver.cli import main; rc = main(['rule', 'health.gain-over-max']); "
            "assert 'rank_bm25' not in sys.modules and 'numpy' not in sys.modules, sorted(sys.modules); "
            "sys.exit(rc)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
