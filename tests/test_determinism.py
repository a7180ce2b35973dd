"""Determinism: the same seed gives the same game, in this process and in any other.

Chance is an explicit step (see :mod:`solver`): every shuffle, draw and reveal takes a ``random.Random(seed)``. So:

* each scenario's setup from a seed — the scenario card draws and the face-down deck (Fathoms Dark), the devoured
  effect markers, the objective marker revealed for Obscure and the face-down ones (Fevered Dreams), the random
  monster cards (Expectant Terror), the devoured deck's shuffle — is the same for the same seed, and different
  seeds can differ;
* every random step during a game (a scenario card shuffled back, the search deck reshuffled, a portal revealed
  by Investigate, the spawn deck shuffled) is the same for the same seed;
* whole random play-outs (:mod:`tests.playout`: every scenario through the protocol, random choices and random legal
  actions from one seeded generator) give the same transcript — every rule fired, every choice and action, the
  state file after every round, the outcome — for the same seed;
* none of it depends on Python's string hashing (the order of sets): two interpreters with different
  ``PYTHONHASHSEED`` values produce the same transcripts and the same answers to every example;
* nothing in the package calls the ``random`` module's global functions (a hidden, unseeded source of chance).
"""

from __future__ import annotations

import ast
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from solver.catalog import Options
from solver.scenarios import scenario_class
from solver.scenarios.expectant_terror import ExpectantTerror
from solver.scenarios.fathoms_dark import FathomsDark, SearchCard
from solver.scenarios.fevered_dreams import FeveredDreams
from solver.spec import ROOT
from solver.state import dump_state
from tests.playout import SCENARIO_NAMES, play, random_chooser

NAMES = ["Lisbeth Gibson", "Sophie Brigman", "Franklyn Christie", "Isaiah Wiesenthal", "Christopher Dalton"]
SEEDS = range(8)


# --- set-ups from a seed: Scenario.new_game, every choice drawn from the same generator ----------------------------------
def _setup(name: str):
    def setup(seed: int) -> dict:
        rng = random.Random(seed)
        scenario = scenario_class(name).with_shipped_board()
        return dump_state(scenario.new_game(NAMES[:3], rng, random_chooser(rng, [])))
    return setup


SETUPS = {name: _setup(name) for name in SCENARIO_NAMES}

#: What the seed decides in each set-up (the keys of the state file that differ between seeds).
DECIDED_BY_CHANCE = {
    "fathoms-dark": [("devoured_deck",), ("fathoms-dark", "objective_markers"), ("fathoms-dark", "scenario_deck")],
    "fevered-dreams": [("devoured_deck",), ("fevered-dreams", "obscure_portal")],
    "expectant-terror": [("devoured_deck",), ("expectant-terror", "monster_cards"),
                         ("expectant-terror", "devoured_effects")],
}


def _at(data, path):
    for key in path:
        data = data[key]
    return data


@pytest.mark.parametrize("scenario", SETUPS)
def test_the_same_seed_gives_the_same_setup(scenario):
    for seed in SEEDS:
        assert SETUPS[scenario](seed) == SETUPS[scenario](seed)


@pytest.mark.parametrize("scenario", SETUPS)
def test_different_seeds_can_give_different_setups(scenario):
    setups = [SETUPS[scenario](seed) for seed in SEEDS]
    for path in DECIDED_BY_CHANCE[scenario]:
        seen = {json.dumps(_at(s, path), sort_keys=True) for s in setups}
        assert len(seen) > 1, f"{'.'.join(path)} is the same for seeds {list(SEEDS)}: the seed decides nothing"


def test_the_devoured_effect_markers_are_shuffled_by_the_seed():
    scenario = FathomsDark.with_shipped_board()
    piles = []
    for seed in (1, 1, 2, 3):
        state = scenario.new_state()
        pile = [f"marker {i}" for i in range(12)]
        piles.append(scenario.place_devoured_effects(state, pile, rng=random.Random(seed)))
    assert piles[0] == piles[1] and len({json.dumps(p) for p in piles}) > 1


# --- each random step of a game --------------------------------------------------------------------------------------
def _fathoms_in_play(seed: int):
    scenario = FathomsDark.with_shipped_board(Options({"fathoms-cards.empty-unbound-card": "shuffle-back"}))
    state = scenario.new_game(NAMES[:4], rng=random.Random(seed))
    return scenario, state


def _shuffle_back(seed: int) -> list[str]:
    scenario, state = _fathoms_in_play(0)
    scenario.start_round(state)
    holder = state.acquired[0]
    scenario.shuffle_card_back(state, holder, rng=random.Random(seed))
    return list(state.scenario_deck)


def _reshuffled_search(seed: int) -> list[str]:
    scenario, state = _fathoms_in_play(0)
    state.search_discard = [SearchCard(f"card {i}") for i in range(8)] + [SearchCard("Knife", True, 0)]
    discarded, weapon, reshuffled = scenario.discard_until_weapon(state, rng=random.Random(seed))
    assert reshuffled and weapon.name == "Knife"
    return [c.name for c in discarded] + [c.name for c in state.search_deck]


def _marker_killed(seed: int) -> list[str]:
    scenario, state = _fathoms_in_play(0)
    scenario.start_round(state)
    scenario.end_of_activation_phase(state, rng=random.Random(0))
    owner = next(iter(state.unbound_markers))
    attacker = next(n for n in state.objective_markers if n != owner)
    assert scenario.damage_unbound_marker(state, attacker, owner, 4, rng=random.Random(seed))
    return list(state.scenario_deck)


def _spawn_deck(seed: int) -> list[str]:
    scenario = FathomsDark.with_shipped_board()
    return random.Random(seed).sample(scenario.spawn_deck(scenario.new_state()) + [f"Husk {i}" for i in range(6)], 6)


def _investigated(seed: int) -> list[str]:
    scenario = FeveredDreams.with_shipped_board()
    state = scenario.new_state(random.Random(0))
    scenario.add_investigator(state, "Lisbeth Gibson", 7)
    revealed = []
    while state.obscure_space is not None and state.face_down:
        state.figures["Lisbeth Gibson"].space = state.obscure_space
        state.obscure_card = 3
        revealed.append(scenario.investigate(state, "Lisbeth Gibson", rng=random.Random(seed)).revealed)
    return revealed


def _monster_cards(seed: int) -> list[str]:
    scenario = ExpectantTerror.with_shipped_board()
    state = scenario.new_state()
    scenario.add_investigators(state, NAMES[:4])
    return scenario.choose_monsters(state, rng=random.Random(seed))


RANDOM_STEPS = {"a scenario card shuffled back": _shuffle_back, "the search deck reshuffled": _reshuffled_search,
                "a killed unbound marker's card shuffled back": _marker_killed,
                "the spawn deck shuffled": _spawn_deck, "a portal revealed by Investigate": _investigated,
                "the random monster cards drawn": _monster_cards}


@pytest.mark.parametrize("step", RANDOM_STEPS)
def test_every_random_step_follows_its_seed(step):
    make = RANDOM_STEPS[step]
    results = [make(seed) for seed in SEEDS]
    assert results == [make(seed) for seed in SEEDS], "the same seed gave another result"
    assert len({json.dumps(r) for r in results}) > 1, "every seed gave the same result: the seed decides nothing"


def test_chance_without_a_seed_is_refused():
    """A random step given neither its values nor a generator does not guess (ValueError names what is missing)."""
    scenario, state = _fathoms_in_play(0)
    scenario.start_round(state)
    with pytest.raises(ValueError):
        scenario.shuffle_card_back(state, state.acquired[0])
    fevered = FeveredDreams.with_shipped_board()
    fstate = fevered.new_state(random.Random(0))
    fevered.add_investigator(fstate, "Lisbeth Gibson", 7)
    fstate.figures["Lisbeth Gibson"].space, fstate.obscure_card = fstate.obscure_space, 3
    with pytest.raises(ValueError):
        fevered.investigate(fstate, "Lisbeth Gibson")


# --- whole play-outs: the one generic random play-out (tests/playout.py) ---------------------------------------------
def _plays(name: str):
    def transcript(seed: int) -> list[dict]:
        return play(name, seed).transcript
    return transcript


PLAYS = {name: _plays(name) for name in SCENARIO_NAMES}


@pytest.mark.parametrize("scenario", PLAYS)
def test_the_same_seed_plays_the_same_game(scenario):
    for seed in range(3):
        first = PLAYS[scenario](seed)
        assert len(first) > 2  # the set-up, at least one round, the outcome
        assert first == PLAYS[scenario](seed)


@pytest.mark.parametrize("scenario", PLAYS)
def test_different_seeds_play_different_games(scenario):
    games = {json.dumps(PLAYS[scenario](seed), sort_keys=True) for seed in range(4)}
    assert len(games) > 1


def test_the_unbound_activation_question_follows_its_seed(tmp_path, capsys):
    """The command line's --seed: the same seed gives the same reshuffled search deck and answer."""
    import yaml

    from solver.cli import main

    data = yaml.safe_load((ROOT / "examples" / "fathoms-dark-unbound-activation.yaml").read_text(encoding="utf-8"))
    section = data["fathoms-dark"]
    section["search_discard"] = section.pop("search_deck") + [{"name": f"card {i}"} for i in range(8)]
    path = tmp_path / "reshuffle.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    answers = []
    for seed in ("1", "1", "2", "3", "4"):
        assert main(["unbound-activation", str(path), "--investigator", "Sophie Brigman", "--seed", seed,
                     "--json"]) == 0
        answers.append(json.loads(capsys.readouterr().out))
    assert answers[0] == answers[1]
    assert len({json.dumps(a["explanation"]) for a in answers}) > 1


# --- across processes: nothing depends on string hashing ----------------------------------------------------------------
def transcripts() -> dict:
    """Everything seeded this module checks, plus the answer to every example, as JSON-ready data."""
    from solver.cli import example_argv, main

    out: dict = {"setups": {name: [make(s) for s in SEEDS[:3]] for name, make in SETUPS.items()},
                 "plays": {name: [play(s) for s in range(2)] for name, play in PLAYS.items()},
                 "steps": {name: make(5) for name, make in RANDOM_STEPS.items()}, "examples": {}}
    import contextlib
    import io

    for path in sorted((ROOT / "examples").glob("*.yaml")):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            main(example_argv(path) + ["--json"])
        out["examples"][path.name] = json.loads(buffer.getvalue())
    return out


def _in_a_new_interpreter(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    code = "import json, tests.test_determinism as t; print(json.dumps(t.transcripts(), sort_keys=True))"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_nothing_depends_on_string_hashing():
    first, second = _in_a_new_interpreter("1"), _in_a_new_interpreter("4242")
    assert json.loads(first)["examples"] and json.loads(first)["plays"]
    if first != second:
        a, b = json.loads(first), json.loads(second)
        differ = [f"{group}/{key}" for group in a for key in a[group] if a[group][key] != b[group][key]]
        pytest.fail(f"the results depend on PYTHONHASHSEED: {differ}")


# --- no hidden chance ------------------------------------------------------------------------------------------------------
GLOBAL_RANDOM = {"random", "shuffle", "choice", "choices", "sample", "randint", "randrange", "uniform", "seed",
                 "getrandbits", "gauss", "triangular", "betavariate", "expovariate", "normalvariate", "randbytes"}


def _global_random_calls(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random" \
                and node.attr in GLOBAL_RANDOM:
            found.append(f"line {node.lineno}: random.{node.attr}")
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            found += [f"line {node.lineno}: from random import {a.name}" for a in node.names
                      if a.name in GLOBAL_RANDOM]
    return found


def test_the_package_never_uses_the_global_random_functions():
    problems = [f"{p.relative_to(ROOT)}: {found}" for p in sorted((ROOT / "solver").rglob("*.py"))
                for found in _global_random_calls(ast.parse(p.read_text(encoding="utf-8")))]
    assert not problems, "chance must come from a random.Random passed in:\n" + "\n".join(problems)
    assert _global_random_calls(ast.parse("import random\nrandom.shuffle(x)\nrandom.Random(3).shuffle(x)\n")) == \
        ["line 2: random.shuffle"]


def test_seeded_games_never_touch_the_global_generator(monkeypatch):
    """Play every scenario with the global generator's functions booby-trapped: nothing may call them."""
    def trap(*args, **kwargs):
        raise AssertionError("the global random generator was used")

    for name in GLOBAL_RANDOM - {"seed"}:
        if hasattr(random, name):
            monkeypatch.setattr(random, name, trap)
    for play in PLAYS.values():
        assert play(3)
    for make in SETUPS.values():
        assert make(3)
