"""Fevered Dreams beyond the feature files: the purple-hazard solver checked against a plain enumeration of every
order and tie, the shipped examples, the state-file round trip, the cold import, and seeded play-outs that check
the scenario's invariants."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.board import Geometry, space_sort_key
from solver.catalog import Options
from solver.errors import PlayerChoiceRequired
from solver.questions import load_all
from solver.scenarios.fevered_dreams import (CARD_LIMIT, OBSCURE_MARKERS_IN_BOX, FeveredDreams, _hazard_candidates,
                                            purple_hazard_outcomes)
from solver.spec import ROOT

EXAMPLES = sorted((ROOT / "examples").glob("fevered-dreams-*.yaml"))
SCENARIO = FeveredDreams.with_shipped_board()
SPACES = sorted(SCENARIO.board.spaces, key=space_sort_key)


def enumerate_resolutions(state) -> Counter:
    """Every order of the portals and every choice at a tie, one after another: the outcome (sorted spaces) of
    each, counted. The rules stated directly, with no solver."""
    geo = Geometry.of(state)
    portals = state.portals_on_board()
    mode = state.options["purple-hazard.nearest-flooded"]
    counts = state.options["purple-hazard.portal-space"] == "counts"
    found: Counter = Counter()

    def walk(left, flooded, placed):
        if not left:
            found[tuple(sorted(placed, key=space_sort_key))] += 1
            return
        for c in left:
            rest = [x for x in left if x != c]
            where = _hazard_candidates(geo.move_distances_from(portals[c]), portals[c], flooded, mode, counts)
            if not where:
                walk(rest, flooded, placed)
            for s in where:
                walk(rest, flooded | {s}, placed + [s])

    walk(list(portals), state.mist_spaces(), [])
    return found


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flooded=st.sets(st.sampled_from(SPACES), max_size=18),
       removed=st.sets(st.sampled_from(["blue", "green", "yellow", "purple", "white"]), max_size=5),
       mode=st.sampled_from(["search-further", "no-marker", "stack"]),
       portal_space=st.sampled_from(["counts", "excluded"]))
def test_purple_hazard_outcomes_are_exactly_those_of_every_order_and_tie(flooded, removed, mode, portal_space):
    scenario = FeveredDreams(SCENARIO.board, Options({"purple-hazard.nearest-flooded": mode,
                                                      "purple-hazard.portal-space": portal_space}))
    state = scenario.new_state()
    state.flooded = {s: 1 for s in flooded}
    state.removed_portals = sorted(removed)
    state.face_down = [c for c in state.portals_on_board() if c != state.obscure_portal]
    got = {o.placements: o.resolutions for o in purple_hazard_outcomes(state)}
    assert got == dict(enumerate_resolutions(state))


def test_six_surrounded_portals_are_answered_quickly():
    import time

    state = SCENARIO.new_state()
    for space in state.portals_on_board().values():
        state.add_flooded(space)
    start = time.perf_counter()
    outcomes = purple_hazard_outcomes(state)
    assert time.perf_counter() - start < 2.0
    assert sum(o.resolutions for o in outcomes) == sum(enumerate_resolutions(state).values())


def test_a_purple_hazard_with_a_single_outcome_needs_no_choice():
    state = SCENARIO.new_state()
    state.devour_marker = 1
    result = SCENARIO.devour_phase(state)
    assert result.hazard == "purple" and sorted(result.placements) == sorted(state.portals_on_board().values())


def test_a_purple_hazard_with_ties_asks_the_players():
    state = SCENARIO.new_state()
    state.devour_marker = 1
    state.add_flooded("20b")
    with pytest.raises(PlayerChoiceRequired) as info:
        SCENARIO.devour_phase(state)
    assert info.value.rule_id == "fevered-track.purple-one-portal-at-a-time"
    assert sorted(sorted(o) for o in info.value.options) == sorted(
        sorted(["3b", "17b", "18b", "24c", "27b", s]) for s in ("19b", "20a", "25a"))
    assert state.devour_marker == 1 and state.flooded == {"20b": 1}  # nothing changed until the players choose
    SCENARIO.devour_phase(state, ["3b", "17b", "18b", "24c", "27b", "20a"])
    assert state.devour_marker == 2 and state.flooded["20a"] == 1


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_answers_its_question_and_round_trips(path):
    from solver.state import dump_state, load_state, state_from_data
    from solver.yamlio import load_yaml_file

    example = load_yaml_file(path)["example"]
    state = load_state(path)
    q = load_all()[example["question"]]
    answer = q.func(state, dict(example.get("args") or {}))
    assert answer.question == example["question"] and answer.summary and answer.choices
    assert all(r for r in answer.rules)
    again = state_from_data(dump_state(state), str(path), base_dir=path.parent)
    assert again.scenario.write_state(again) == state.scenario.write_state(state)


def test_every_fevered_question_has_an_example():
    questions = [name for name, q in load_all().items() if q.scenarios == (FeveredDreams.name,)]
    assert sorted(questions) == ["mist", "obscure-spawn", "purple-hazard"]
    for name in questions:
        assert (ROOT / "examples" / f"fevered-dreams-{name}.yaml").exists()


def test_the_constraint_solver_is_imported_only_when_a_question_needs_it():
    code = ("import sys, solver.scenarios.fevered_dreams as m; "
            "print('constraint' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.stdout.strip() == "False", out.stderr


@pytest.mark.parametrize("seed", range(6))
def test_seeded_play_outs_keep_the_scenario_invariants(seed):
    """Whole games with random choices: the invariants the rules promise hold after every step."""
    rng = random.Random(seed)
    scenario = SCENARIO
    state = scenario.new_state(rng)
    for name in ("Lisbeth Gibson", "Sophie Brigman"):
        scenario.add_investigator(state, name, 8)
    prev_existence = dict(state.existence)
    prev_flooded = Counter(state.flooded)
    while state.outcome() is None:
        try:
            scenario.devour_phase(state)
        except PlayerChoiceRequired as choice:
            scenario.resolve_purple_hazard(state, rng.choice(choice.options))
        if state.outcome() is not None:
            break
        spawned = scenario.spawn_phase(state)
        assert len(spawned) == 3 and len({state.board.room_of(m.space) for m in spawned}) == 3
        for name in state.activation_track:
            f = state.figures[name]
            f.space = rng.choice([f.space, *state.board.neighbours(f.space)])
            for m in list(state.obscure_markers.values()):
                if m.space == f.space and scenario.can_attack_obscure_markers(state):
                    scenario.wound_obscure_marker(state, m.id, rng.randint(1, 4))
            if scenario.can_investigate(state, name)[0]:
                scenario.investigate(state, name, rng=rng)
            scenario.end_of_activation(state, name)
            assert 0 <= state.obscure_card <= CARD_LIMIT
            assert state.obscure_markers_in_supply() >= 0
            assert len(state.obscure_markers) + state.obscure_card <= OBSCURE_MARKERS_IN_BOX
        scenario.end_of_round(state)
        assert not state.obscure_markers
        assert all(state.existence[n] <= prev_existence[n] for n in prev_existence)  # never recovered
        assert all(state.flooded.get(s, 0) >= n for s, n in prev_flooded.items())  # flooded markers stay
        assert sorted([*state.face_down, *state.removed_portals, *([state.obscure_portal] if state.obscure_portal
                                                                   else [])]) == sorted(state.board.portals)
        prev_existence, prev_flooded = dict(state.existence), Counter(state.flooded)
    assert state.outcome().rule_id in ("outcome.loss-devouring-track", "outcome.loss-investigator-killed",
                                       "fevered-outcome.win-portals-removed")
