"""Expectant Terror beyond the feature files: the state file's section (every refusal names file, entry and rule),
the round trip through dump_state, the questions on the examples, the constraint model checked against a plain
search, and random play-outs that keep the scenario's invariants."""

from __future__ import annotations

import copy
import itertools
import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.activation import ActivationContext
from solver.catalog import Options
from solver.cli import example_argv, main
from solver.errors import InputError, PlayerChoiceRequired, RuleViolation
from tests.test_state_support import assert_refused
from solver.questions import REGISTRY, load_all
from solver.scenarios.expectant_terror import (HUSK, INFESTED_TOKENS, MIND_EATER, NEST, NEST_MARKERS,
                                               ExpectantTerror, ExpectantTerrorState, check_nest_placement,
                                               legal_nest_placements)
from solver.spec import ROOT
from solver.state import dump_state, state_from_data

ROOMS = list(ExpectantTerror.devoured_deck)
BASE = {
    "scenario": "expectant-terror",
    "round": 2,
    "devour_marker": 2,
    "investigators": {"Lisbeth Gibson": {"space": "17a"}, "Sophie Brigman": {"space": "24b"}},
    "expectant-terror": {"nest": {"space": "2b", "wounds": 1}, "nest_markers": [17, 23],
                         "infested_tokens": {"Lisbeth Gibson": 2}},
}


def _read(section_changes=None, options=None, **top):
    data = copy.deepcopy(BASE)
    data.update(top)
    data["expectant-terror"].update(section_changes or {})
    return state_from_data(data, "pos.yaml", options)


def _scenario(**settings) -> ExpectantTerror:
    return ExpectantTerror.with_shipped_board(Options(settings))


def test_the_base_position_reads():
    state = _read()
    assert isinstance(state, ExpectantTerrorState)
    assert state.nest_markers == {17, 23}
    assert state.nest.space == "2b" and state.nest.health.wounds == 1 and state.nest.health.maximum == 5
    assert state.infested("Lisbeth Gibson") == 2 and state.infested("Sophie Brigman") == 0
    assert state.monster_track == [HUSK]
    assert state.nest_marker_room_at("17a") == 17 and state.nest_marker_room_at("17b") is None
    assert state.outcome() is None


BAD_SECTIONS = [
    ({"nest_markers": [17, 17]}, "expectant-terror.nest_markers[1]", "nest-marker.one-per-room", "twice"),
    ({"nest_markers": [1, 2, 17, 19, 20, 23, 24]}, "expectant-terror.nest_markers", "nest-marker.supply",
     "only 6"),
    ({"nest_markers": [5]}, "expectant-terror.nest_markers[0]", "expectant-board.rooms", "not on the board"),
    ({"nest_markers": ["17a"]}, "expectant-terror.nest_markers[0]", None, "whole number"),
    ({"nest": {"space": "removed", "wounds": 1}}, "expectant-terror.nest", "nest.returns-next-round",
     "wounds_this_round must be 1"),
    ({"nest": {"space": "2b", "wounds": 1, "wounds_this_round": 2}}, "expectant-terror.nest.wounds_this_round",
     "nest.one-wound-per-round", "above"),
    ({"nest": {"space": "2b", "wounds": 5}}, "expectant-terror.nest.wounds", "expectant-outcome.win-nest-killed",
     "kill the Nest"),
    ({"nest": {"space": "2b", "wounds": 6}}, "expectant-terror.nest.wounds", None, "above"),
    ({"nest": {"space": "2b", "wounds": 0, "activation_pending": True}},
     "expectant-terror.nest.activation_pending", "nest.activates-when-wounded", "wounds_this_round must be 1"),
    ({"nest": {"space": "removed", "wounds": 1, "wounds_this_round": 1, "activation_pending": True}},
     "expectant-terror.nest.activation_pending", "nest.removed-after-activation", "after its additional"),
    ({"nest": {"space": "99z"}}, "expectant-terror.nest.space", None, "no space"),
    ({"nest": {"space": "2b", "wounds": 1, "health_plus_tokens": 1}}, "expectant-terror.nest",
     "health.tokens-absorb-wounds", "at once"),
    ({"nest": {"space": "2b", "lives": 3}}, "expectant-terror.nest", None, "unknown key 'lives'"),
    ({"infested_tokens": {"Lisbeth Gibson": 5}}, "expectant-terror.infested_tokens.Lisbeth Gibson",
     "infested.killed-at-four", "above"),
    ({"infested_tokens": {"Emma Kruger": 1}}, "expectant-terror.infested_tokens.Emma Kruger", None,
     "not an investigator of this game"),
    ({"monster_track": ["Bloated", "Husk"]}, "expectant-terror.monster_track[0]", "expectant-setup.husk-first",
     "Husk card"),
    ({"monster_track": ["Husk", "Nest"]}, "expectant-terror.monster_track[1]", "expectant-setup.nest-card-last",
     "end of the activation track"),
    ({"monster_track": ["Husk", "Mind Eater"]}, "expectant-terror.monster_track[1]",
     "expectant-setup.mind-eater-far-left", "far left"),
    ({"monster_track": ["Husk", "Bloated", "Grudge"]}, "expectant-terror.monster_track",
     "expectant-setup.random-monsters", "2 monster spaces"),
    ({"monster_track": []}, "expectant-terror.monster_track", "expectant-setup.husk-first", "Husk card"),
    ({"devoured_effects": {"17a": 1}}, "expectant-terror.devoured_effects.17a", "expectant-board.devoured-effects",
     "spawn space"),
    ({"devoured_effects": {"17b": 1, "19b": 1}}, "expectant-terror.devoured_effects.19b",
     "expectant-board.devoured-effects", "two spaces"),
    ({"activation": {"investigator": "Lisbeth Gibson", "kind": "unbound"}}, "expectant-terror.activation.kind",
     None, "unknown kind of turn"),
    ({"activation": {"investigator": "Lisbeth Gibson", "actions_left": 4}},
     "expectant-terror.activation.actions_left", None, "above"),
    ({"obscure_markers": [17]}, "expectant-terror", None, "unknown key 'obscure_markers'"),
]


@pytest.mark.parametrize("changes, entry, rule, words", BAD_SECTIONS, ids=[b[3] + " " + b[0].__repr__()[:30]
                                                                          for b in BAD_SECTIONS])
def test_a_bad_section_is_refused_naming_file_entry_and_rule(changes, entry, rule, words):
    assert_refused(_read, changes, entry, rule, words)


def test_twelve_infested_tokens_at_most():
    data = copy.deepcopy(BASE)
    names = ["Lisbeth Gibson", "Sophie Brigman", "Isaiah Wiesenthal", "Franklyn Christie"]
    data["investigators"] = {n: {"space": "17b"} for n in names}
    data["expectant-terror"]["infested_tokens"] = {n: 3 for n in names}
    assert sum(f.count("infested") for f in state_from_data(data, "pos.yaml").investigators()) == INFESTED_TOKENS
    data["investigators"]["Christopher Dalton"] = {"space": "17b"}
    data["expectant-terror"]["infested_tokens"]["Christopher Dalton"] = 1
    with pytest.raises(InputError) as caught:
        state_from_data(data, "pos.yaml")
    assert caught.value.rule_id == "infested.supply" and caught.value.entry == "expectant-terror.infested_tokens"


def test_four_infested_tokens_read_as_a_killed_investigator():
    state = _read({"infested_tokens": {"Sophie Brigman": 4}})
    assert state.figures["Sophie Brigman"].killed
    assert state.outcome().rule_id == "outcome.loss-investigator-killed"


def test_a_wound_that_waits_for_the_activation_reads_only_under_activates_first():
    section = {"nest": {"space": "2b", "wounds": 5, "wounds_this_round": 1, "activation_pending": True}}
    with pytest.raises(InputError) as caught:
        _read(section)
    assert caught.value.rule_id == "expectant-outcome.win-nest-killed"
    state = _read(section, options={"nest.killing-wound": "activates-first"})
    assert state.nest_activation_pending and state.outcome() is None
    state.scenario.complete_nest_activation(state)
    assert state.outcome().rule_id == "expectant-outcome.win-nest-killed"


def test_a_removed_and_a_killed_nest_read_back():
    removed = _read({"nest": {"space": "removed", "wounds": 2, "wounds_this_round": 1}})
    assert removed.nest_is_removed and not removed.nest_is_killed
    assert removed.scenario.begin_next_round(removed) == "1a"  # the default deck's top card is room 1
    killed = _read({"nest": {"space": "killed", "wounds": 5}})
    assert killed.outcome().rule_id == "expectant-outcome.win-nest-killed"


@pytest.mark.parametrize("section", [
    {},
    {"nest": {"space": "removed", "wounds": 3, "wounds_this_round": 1}, "nest_markers": [1, 2, 29],
     "infested_tokens": {"Sophie Brigman": 3}, "monster_track": ["Husk", "Purge"],
     "activation": {"investigator": "Sophie Brigman", "kind": "outside", "actions_left": 0}},
    {"nest": {"space": "25a", "wounds": 0, "health_plus_tokens": 2}, "devoured_effects": {"17b": 4, "2b": 9}},
])
def test_the_section_survives_the_round_trip(section):
    state = _read(section)
    data = dump_state(state)
    again = state_from_data(copy.deepcopy(data), "again.yaml")
    assert dump_state(again) == data
    assert again.nest_markers == state.nest_markers and again.activation == state.activation


# --- the questions on the examples ---------------------------------------------------------------------------------------
def _example(name, capsys):
    path = ROOT / "examples" / f"expectant-terror-{name}.yaml"
    assert main(example_argv(path) + ["--json"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_every_question_has_its_example(capsys):
    assert {"nest-spawn", "valid-placements", "nest-return", "infested"} <= set(load_all())
    for name in ("nest-spawn", "valid-placements", "nest-return", "infested"):
        assert REGISTRY[name].scenarios == ("expectant-terror",)
        assert _example(name, capsys)["question"] == name


def test_the_nest_spawn_example(capsys):
    answer = _example("nest-spawn", capsys)
    assert [c["value"] for c in answer["choices"]] == [["19a", "23a"]]
    assert answer["choices"][0]["detail"]["deck_after"] == [24, 25, 26, 27, 28, 29, 1, 2, 17, 19, 20, 23]
    assert "nest-marker.skip-occupied" in answer["rules"]


def test_the_valid_placements_example(capsys):
    answer = _example("valid-placements", capsys)
    assert [c["value"] for c in answer["choices"]] == [[19, 24, 25]]
    assert answer["summary"].startswith("Rooms 19, 23, 24 break nest-marker.one-per-room")
    assert "nest-marker.deck-order (the devoured deck sends them to rooms 19, 24, 25" in answer["summary"]


def test_the_nest_return_example(capsys):
    answer = _example("nest-return", capsys)
    assert [c["value"] for c in answer["choices"]] == ["26a"]
    assert answer["choices"][0]["detail"]["nearest_investigators"] == ["Isaiah Wiesenthal", "Sophie Brigman"]


def test_the_infested_example(capsys):
    answer = _example("infested", capsys)
    assert answer["explanation"][0].startswith("Lisbeth Gibson: 2 damage = 2 wound(s), health 5/7; "
                                               "2 Mind Eater(s) in 17a")
    assert "1 not spawned" in answer["explanation"][1]
    assert answer["choices"] == []


def test_a_question_does_not_change_the_position():
    state = _read({"nest_markers": [17]})
    before = dump_state(state)
    for name in ("nest-spawn", "valid-placements", "nest-return", "infested"):
        REGISTRY[name].func(state, {})
    assert dump_state(state) == before


@pytest.mark.parametrize("args, words", [
    ({"count": "9"}, "from 0 to 6"),
    ({"track-space": "0"}, "from 1 to 8"),
    ({"order": "random"}, "'deck' or 'any'"),
    ({"check": "17,x"}, "rooms are numbers"),
    ({"check": "5"}, "not on the board"),
])
def test_bad_question_arguments_are_refused(args, words):
    with pytest.raises(InputError, match=words):
        REGISTRY["valid-placements"].func(_read(), args)


def test_a_question_about_another_scenario_is_refused():
    from solver.scenarios.fathoms_dark import FathomsDark

    other = FathomsDark.with_shipped_board().new_state()
    with pytest.raises(InputError, match="Expectant Terror"):
        REGISTRY["nest-return"].func(other, {})


# --- the constraint model against a plain search ---------------------------------------------------------------------------
positions = st.fixed_dictionaries({
    "deck": st.permutations(ROOMS),
    "held": st.sets(st.sampled_from(ROOMS), max_size=NEST_MARKERS),
    "count": st.integers(min_value=0, max_value=NEST_MARKERS),
    "card_after": st.sampled_from(["to-bottom", "stays-on-top"]),
})


def _position(p) -> ExpectantTerrorState:
    scenario = _scenario(**{"nest-marker.card-after-spawn": p["card_after"]})
    state = scenario.new_state()
    state.devoured_deck = list(p["deck"])
    state.nest_markers = set(p["held"])
    return state


@settings(max_examples=80, deadline=None)
@given(positions)
def test_every_placement_the_constraints_allow_is_every_combination_of_free_rooms(p):
    state = _position(p)
    free = [r for r in state.devoured_deck if r not in state.nest_markers]
    placed = min(p["count"], NEST_MARKERS - len(state.nest_markers), len(free))
    found = legal_nest_placements(state, p["count"], "any")
    assert found["placed"] == placed
    expected = sorted(sorted(c, key=state.devoured_deck.index) for c in itertools.combinations(free, placed))
    assert sorted(found["placements"]) == expected


@settings(max_examples=80, deadline=None)
@given(positions)
def test_in_deck_order_the_one_placement_is_the_first_free_rooms(p):
    state = _position(p)
    free = [r for r in state.devoured_deck if r not in state.nest_markers]
    placed = min(p["count"], NEST_MARKERS - len(state.nest_markers), len(free))
    found = legal_nest_placements(state, p["count"], "deck")
    assert found["placements"] == [free[:placed]]
    assert found["dictated"] == free[:placed]
    assert check_nest_placement(state, free[:placed], p["count"], "count") == []
    if placed >= 2:  # the same rooms in another order break the deck's order only
        swapped = free[1::-1] + free[2:placed]
        assert [r for r, _ in check_nest_placement(state, swapped, p["count"], "count")] == [
            "nest-marker.deck-order"]


# --- random play-outs ---------------------------------------------------------------------------------------------------------
NAMES = ["Lisbeth Gibson", "Sophie Brigman", "Isaiah Wiesenthal", "Franklyn Christie"]


def _invariants(scenario: ExpectantTerror, state: ExpectantTerrorState, rounds_played: int) -> None:
    assert len(state.nest_markers) <= NEST_MARKERS and state.nest_markers <= set(ROOMS)
    assert sorted(state.devoured_deck) == sorted(ROOMS)
    assert 0 <= state.nest_wounds_this_round <= 1
    assert state.nest.health.wounds <= rounds_played
    assert all(n >= 0 for n in state.reserve.values())
    for monster, start in ((HUSK, 6), (MIND_EATER, 6)):
        on_board = sum(1 for f in state.figures.values() if f.id.startswith(monster + "#"))
        assert on_board + state.reserve.get(monster, 0) == start
    assert sum(f.count("infested") for f in state.investigators()) <= INFESTED_TOKENS
    for f in state.investigators():
        assert f.killed == (f.killed or f.count("infested") >= 4) and f.count("infested") <= 4
    if state.nest_is_removed:
        assert state.nest_wounds_this_round == 1
    assert scenario.activation_order(state)[-1] == (("monster", NEST) if state.nest.space else
                                                    ("monster", state.monster_track[-1]))
    data = dump_state(state)
    assert dump_state(state_from_data(copy.deepcopy(data), "playout.yaml")) == data


def _play(seed: int, settings: dict) -> ExpectantTerrorState:
    rng = random.Random(seed)
    scenario = _scenario(**settings)
    state = scenario.start_game(NAMES[:rng.randint(1, 4)], rng=rng)
    rounds = 1
    while state.outcome() is None:
        if rounds > 1:
            scenario.begin_next_round(state)
        scenario.devour_phase(state)
        if state.outcome() is not None:
            break
        scenario.spawn_phase(state)
        for name in list(state.activation_track):
            if state.outcome() is not None:
                break
            context = ActivationContext.normal(name)
            try:
                scenario.begin_activation(state, context, rng.randint(0, 1))
            except RuleViolation:
                break
            fig = state.figures[name]
            # a few moves: to a random nest marker's space, sometimes
            if state.nest_markers and rng.random() < 0.9:
                fig.space = state.board.rooms[rng.choice(sorted(state.nest_markers))].spawn_space
            if scenario.can_discard_infestation(state, name) is None and rng.random() < 0.9:
                scenario.discard_infestation(state, name)
            if rng.random() < 0.3 and state.infested(name) < 4:
                scenario.give_infested_tokens(state, name, 1)
            if rng.random() < 0.5 and state.nest.space is not None and not state.nest_is_killed:
                scenario.wound_nest(state, rng.randint(1, 3))
                if state.nest_activation_pending:
                    scenario.complete_nest_activation(state)
            scenario.end_activation(state)
            _invariants(scenario, state, rounds)
        rounds += 1
    return state


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("settings", [
    {},
    {"nest-marker.card-after-spawn": "stays-on-top", "expectant.short-reserve": "all-or-nothing",
     "infested.damage": "after-resistance", "nest.killing-wound": "activates-first", "nest.maximum-health": "4"},
], ids=["defaults", "other-readings"])
def test_random_play_outs_keep_the_invariants_and_end(seed, settings):
    state = _play(seed, settings)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.rule_id in {"expectant-outcome.loss-six-nest-markers", "expectant-outcome.win-nest-killed",
                               "outcome.loss-investigator-killed", "outcome.loss-devouring-track",
                               "outcome.loss-empty-reserve"}


def test_setup_is_reproducible_from_a_seed_and_chance_must_be_explicit():
    scenario = _scenario()
    a = scenario.start_game(NAMES[:3], rng=random.Random(7))
    b = scenario.start_game(NAMES[:3], rng=random.Random(7))
    assert (a.devoured_deck, a.monster_track, a.devoured_effects) == (b.devoured_deck, b.monster_track,
                                                                      b.devoured_effects)
    with pytest.raises(ValueError, match="random"):
        scenario.start_game(NAMES[:2])


def test_anywhere_in_the_start_room_lists_every_space():
    scenario = _scenario(**{"expectant-setup.start-space": "anywhere-in-start-room"})
    with pytest.raises(PlayerChoiceRequired) as caught:
        scenario.start_game(NAMES[:1], monsters=[])
    assert caught.value.options == ["1a", "1b", "1c"]
    state = scenario.start_game(NAMES[:2], monsters=["Bloated"],
                                start_spaces={"Lisbeth Gibson": "1a", "Sophie Brigman": "1c"})
    assert [state.figures[n].space for n in NAMES[:2]] == ["1a", "1c"]


def test_the_solver_imports_python_constraint_only_when_asked():
    code = ("import sys, solver.questions as q; q.load_all(); "
            "assert 'constraint' not in sys.modules, 'imported at start'; "
            "from solver.scenarios.expectant_terror import ExpectantTerror, legal_nest_placements; "
            "s = ExpectantTerror.with_shipped_board().new_state(); legal_nest_placements(s, 2); "
            "assert 'constraint' in sys.modules")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr


def test_a_refused_operation_leaves_the_state_as_it_was():
    scenario = _scenario()
    state = scenario.new_state()
    scenario.add_investigators(state, NAMES[:3])
    before = dump_state(state)
    for bad in (["Bloated", "Nest"], ["Bloated", "Bloated"], ["Grudge", "Mind Eater"]):
        with pytest.raises(RuleViolation):
            scenario.choose_monsters(state, cards=bad)
        assert dump_state(state) == before
    with pytest.raises(InputError):
        scenario.add_investigators(state, ["Christopher Dalton", "Emma Kruger"])
    with pytest.raises(InputError, match="already"):
        scenario.add_investigators(state, ["Christopher Dalton", "Lisbeth Gibson"])
    assert dump_state(state) == before
    scenario.wound_nest(state)
    scenario.complete_nest_activation(state)
    state.devoured_deck = []
    before = dump_state(state)
    with pytest.raises(RuleViolation):
        scenario.begin_next_round(state)
    assert dump_state(state) == before


@pytest.mark.parametrize("section, options, words, choices", [
    ({"nest": {"space": "2b", "wounds": 2, "wounds_this_round": 1, "activation_pending": True}}, None,
     "is taking its additional activation", ["1a"]),
    ({"nest": {"space": "2b", "wounds": 5, "wounds_this_round": 1, "activation_pending": True}},
     {"nest.killing-wound": "activates-first"}, "is killed when its additional activation ends", []),
    ({"nest": {"space": "killed", "wounds": 5}}, None, "has been killed", []),
])
def test_nest_return_in_every_state_of_the_nest(section, options, words, choices):
    answer = REGISTRY["nest-return"].func(_read(section, options=options), {})
    assert words in answer.summary and answer.values() == choices


@settings(max_examples=120, deadline=None)
@given(positions, st.lists(st.sampled_from(ROOMS), max_size=NEST_MARKERS), st.sampled_from(["deck", "any"]))
def test_a_checked_proposal_is_legal_exactly_when_a_plain_search_says_so(p, proposal, order):
    state = _position(p)
    free = [r for r in state.devoured_deck if r not in state.nest_markers]
    placed = min(p["count"], NEST_MARKERS - len(state.nest_markers), len(free))
    if order == "deck":
        legal = proposal == free[:placed]
    else:
        legal = (len(proposal) == placed and len(set(proposal)) == len(proposal)
                 and not set(proposal) & state.nest_markers)
    broken = check_nest_placement(state, proposal, p["count"], "count", order)
    assert (broken == []) == legal, broken
    rules = {r for r, _ in broken}
    assert ("nest-marker.different-rooms" in rules) == (len(set(proposal)) < len(proposal))
    assert ("nest-marker.one-per-room" in rules) == bool(set(proposal) & state.nest_markers)
