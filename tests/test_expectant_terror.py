"""Expectant Terror beyond the feature files: the state file's section (every refusal names file, entry and rule),
the round trip through dump_state, the questions on the examples (answers as data), the placements checked against
a plain search, a board with many rooms, and random play-outs that keep the scenario's invariants."""

from __future__ import annotations

import copy
import itertools
import json
import math
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.activation import ActivationContext
from solver.answers import ResultKind
from solver.boardfile import board_from_data
from solver.catalog import Options
from solver.cli import example_argv, main
from solver.errors import BadParameter, InputError, PlayerChoiceRequired, RuleViolation
from solver.game import Action
from tests.test_state_support import assert_refused
from solver.questions import REGISTRY, load_all
from solver.render import to_text
from solver.scenarios.expectant_terror import (INFESTED_TOKEN_SUPPLY, NEST_MARKER_SUPPLY, ExpectantTerror,
                                               ExpectantTerrorState, broken_placement_rules, placement_limits,
                                               placements)
from solver.spec import ROOT
from solver.state import dump_state, state_from_data

NEST_MARKERS = NEST_MARKER_SUPPLY

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
    assert state.monster_cards == ["Husk"]
    assert state.nest_marker_room_at("17a") == 17 and state.nest_marker_room_at("17b") is None
    assert state.outcome() is None


BAD_SECTIONS = [
    ({"nest_markers": [17, 17]}, "expectant-terror.nest_markers[1]", "expectant-nest-marker.one-per-room", "twice"),
    ({"nest_markers": [1, 2, 17, 19, 20, 23, 24]}, "expectant-terror.nest_markers", "expectant-nest-marker.supply",
     "only 6"),
    ({"nest_markers": [5]}, "expectant-terror.nest_markers[0]", "expectant-board.rooms", "not on the board"),
    ({"nest_markers": ["17a"]}, "expectant-terror.nest_markers[0]", None, "whole number"),
    ({"nest": {"space": "removed", "wounds": 1}}, "expectant-terror.nest", "expectant-nest.returns-next-round",
     "wounds_this_round must be 1"),
    ({"nest": {"space": "2b", "wounds": 1, "wounds_this_round": 2}}, "expectant-terror.nest.wounds_this_round",
     "expectant-nest.one-wound-per-round", "above"),
    ({"nest": {"space": "2b", "wounds": 5}}, "expectant-terror.nest.wounds", "expectant-outcome.win-nest-killed",
     "kill the Nest"),
    ({"nest": {"space": "2b", "wounds": 6}}, "expectant-terror.nest.wounds", None, "above"),
    ({"nest": {"space": "2b", "wounds": 0, "activation_pending": True}},
     "expectant-terror.nest.activation_pending", "expectant-nest.activates-when-wounded", "wounds_this_round must be 1"),
    ({"nest": {"space": "removed", "wounds": 1, "wounds_this_round": 1, "activation_pending": True}},
     "expectant-terror.nest.activation_pending", "expectant-nest.removed-after-activation", "after its additional"),
    ({"nest": {"space": "99z"}}, "expectant-terror.nest.space", None, "no space"),
    ({"nest": {"space": "2b", "wounds": 1, "health_plus_tokens": 1}}, "expectant-terror.nest",
     "health.tokens-absorb-wounds", "at once"),
    ({"nest": {"space": "2b", "lives": 3}}, "expectant-terror.nest", None, "unknown key 'lives'"),
    ({"infested_tokens": {"Lisbeth Gibson": 5}}, "expectant-terror.infested_tokens.Lisbeth Gibson",
     "expectant-infested.killed-at-four", "above"),
    ({"infested_tokens": {"Emma Kruger": 1}}, "expectant-terror.infested_tokens.Emma Kruger", None,
     "not an investigator of this game"),
    ({"monster_cards": ["Bloated", "Husk"]}, "expectant-terror.monster_cards[0]", "expectant-setup.husk-first",
     "Husk card"),
    ({"monster_cards": ["Husk", "Nest"]}, "expectant-terror.monster_cards[1]", "expectant-setup.nest-card-last",
     "end of the activation track"),
    ({"monster_cards": ["Husk", "Mind Eater"]}, "expectant-terror.monster_cards[1]",
     "expectant-setup.mind-eater-far-left", "far left"),
    ({"monster_cards": ["Husk", "Bloated", "Grudge"]}, "expectant-terror.monster_cards",
     "expectant-setup.random-monsters", "2 monster spaces"),
    ({"monster_track": []}, "expectant-terror.monster_track", "expectant-setup.husk-first", "Husk card"),
    ({"nest": {"space": "2b", "wounds": 0, "wounds_this_round": 1}}, "expectant-terror.nest.wounds_this_round",
     "expectant-nest.one-wound-per-round", "0 wounds"),
    ({"devoured_effects": {"17a": 1}}, "expectant-terror.devoured_effects.17a", "expectant-board.devoured-effects",
     "spawn space"),
    ({"devoured_effects": {"17b": 1, "19b": 1}}, "expectant-terror.devoured_effects.19b",
     "expectant-board.devoured-effects", "two spaces"),
    ({"activation": {"investigator": "Lisbeth Gibson", "kind": "unbound"}}, "expectant-terror.activation.kind",
     None, "unknown kind 'unbound'"),
    ({"activation": {"investigator": "Lisbeth Gibson", "actions_left": 4}},
     "expectant-terror.activation.actions_left", None, "above"),
    ({"obscure_markers": [17]}, "expectant-terror", None, "unknown key 'obscure_markers'"),
]


@pytest.mark.parametrize("changes, entry, rule, words", BAD_SECTIONS, ids=[b[3] + " " + b[0].__repr__()[:30]
                                                                          for b in BAD_SECTIONS])
def test_a_bad_section_is_refused_naming_file_entry_and_rule(changes, entry, rule, words):
    assert_refused(_read, changes, entry, rule, words)


def test_the_activation_is_the_common_top_level_key_with_its_actions_left():
    """One ``activation:`` for every scenario, at the top level; Expectant Terror's ``actions_left`` is part of it,
    and the section's former ``activation:`` is still read, never beside the top-level one."""
    top = _read(activation={"investigator": "Lisbeth Gibson", "kind": "normal", "actions_left": 2})
    former = _read({"activation": {"investigator": "Lisbeth Gibson", "kind": "normal", "actions_left": 2}})
    assert top.activation == former.activation == ActivationContext.normal("Lisbeth Gibson")
    assert top.actions_left == former.actions_left == 2
    written = dump_state(former)
    assert written["activation"] == {"investigator": "Lisbeth Gibson", "kind": "normal", "actions_left": 2}
    assert "activation" not in written["expectant-terror"]
    assert_refused(lambda changes: _read(changes, activation={"investigator": "Lisbeth Gibson"}),
                   {"activation": {"investigator": "Lisbeth Gibson"}}, "expectant-terror.activation", None,
                   "top level")
    assert_refused(lambda changes: _read(activation={"investigator": "Lisbeth Gibson", "actions_left": 4}), {},
                   "activation.actions_left", None, "above")


def test_twelve_infested_tokens_at_most():
    data = copy.deepcopy(BASE)
    names = ["Lisbeth Gibson", "Sophie Brigman", "Isaiah Wiesenthal", "Franklyn Christie"]
    data["investigators"] = {n: {"space": "17b"} for n in names}
    data["expectant-terror"]["infested_tokens"] = {n: 3 for n in names}
    assert sum(f.count("infested") for f in state_from_data(data, "pos.yaml").investigators()) == 12
    assert INFESTED_TOKEN_SUPPLY == 12
    data["investigators"]["Christopher Dalton"] = {"space": "17b"}
    data["expectant-terror"]["infested_tokens"]["Christopher Dalton"] = 1
    with pytest.raises(InputError) as caught:
        state_from_data(data, "pos.yaml")
    assert caught.value.rule_id == "expectant-infested.supply" and caught.value.entry == "expectant-terror.infested_tokens"
    # the cap is an assumption: without it thirteen tokens are a legal position
    unlimited = state_from_data(data, "pos.yaml", {"expectant-infested.token-supply": "unlimited"})
    assert sum(f.count("infested") for f in unlimited.investigators()) == 13
    assert unlimited.scenario.invariants(unlimited) == []


def test_a_devoured_deck_missing_rooms_is_refused():
    data = copy.deepcopy(BASE)
    data["devoured_deck"] = [1, 2, 17, 19, 20, 23, 24, 25, 26, 27, 28]
    with pytest.raises(InputError) as caught:
        state_from_data(data, "pos.yaml")
    err = caught.value
    assert (err.file, err.entry, err.rule_id) == ("pos.yaml", "devoured_deck", "expectant-board.devoured-deck")
    assert "29" in err.message


def test_four_infested_tokens_read_as_a_killed_investigator():
    state = _read({"infested_tokens": {"Sophie Brigman": 4}})
    assert state.figures["Sophie Brigman"].killed
    assert state.outcome().rule_id == "outcome.loss-investigator-killed"


def test_a_wound_that_waits_for_the_activation_reads_only_under_activates_first():
    section = {"nest": {"space": "2b", "wounds": 5, "wounds_this_round": 1, "activation_pending": True}}
    with pytest.raises(InputError) as caught:
        _read(section)
    assert caught.value.rule_id == "expectant-outcome.win-nest-killed"
    state = _read(section, options={"expectant-nest.killing-wound": "activates-first"})
    assert state.nest_activation_pending and state.outcome() is None
    state.scenario.complete_nest_activation(state)
    assert state.outcome().rule_id == "expectant-outcome.win-nest-killed"


def test_a_removed_and_a_killed_nest_read_back():
    removed = _read({"nest": {"space": "removed", "wounds": 2, "wounds_this_round": 1}})
    assert removed.nest_is_removed and not removed.nest_is_killed
    removed.scenario.next_round(removed)
    assert removed.nest.space == "1a"  # the default deck's top card is room 1
    killed = _read({"nest": {"space": "killed", "wounds": 5}})
    assert killed.outcome().rule_id == "expectant-outcome.win-nest-killed"


@pytest.mark.parametrize("section", [
    {},
    {"nest": {"space": "removed", "wounds": 3, "wounds_this_round": 1}, "nest_markers": [1, 2, 29],
     "infested_tokens": {"Sophie Brigman": 3}, "monster_cards": ["Husk", "Purge"],
     "activation": {"investigator": "Sophie Brigman", "kind": "outside", "actions_left": 0}},
    {"nest": {"space": "25a", "wounds": 0, "health_plus_tokens": 2}, "devoured_effects": {"17b": 4, "2b": 9}},
])
def test_the_section_survives_the_round_trip(section):
    state = _read(section)
    data = dump_state(state)
    again = state_from_data(copy.deepcopy(data), "again.yaml")
    assert dump_state(again) == data
    assert again.nest_markers == state.nest_markers and again.activation == state.activation


# --- the questions on the examples (answers as data) -----------------------------------------------------------------
def _example(name, capsys):
    path = ROOT / "examples" / f"expectant-terror-{name}.yaml"
    assert main(example_argv(path) + ["--json"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def test_every_question_has_its_example(capsys):
    assert {"nest-spawn", "valid-placements", "nest-return", "infested"} <= set(load_all())
    for name in ("nest-spawn", "valid-placements", "nest-return", "infested"):
        assert REGISTRY[name].scenarios == ("expectant-terror",)
        answer = _example(name, capsys)
        assert answer["question"] == name and answer["approximate_board"] is True


def test_the_nest_spawn_example(capsys):
    answer = _example("nest-spawn", capsys)
    assert answer["result"]["kind"] == "determined"
    assert answer["result"]["text"] == "Track space 3 (teal icon): 2 nest markers: room 19 (19a), room 23 (23a)."
    assert [c["value"] for c in answer["choices"]] == [["19a", "23a"]]
    assert [p["space"] for p in answer["choices"][0]["draw"]["placements"]] == ["19a", "23a"]
    assert "Devoured deck after: 24, 25, 26, 27, 28, 29, 1, 2, 17, 19, 20, 23" in answer["explanation"]
    assert "expectant-nest-marker.skip-occupied" in answer["rules"]
    assert answer["options"] == {"expectant-nest-marker.card-after-spawn": "to-bottom", "expectant-nest-marker.no-room": "not-placed"}


def test_the_valid_placements_example(capsys):
    answer = _example("valid-placements", capsys)
    assert answer["result"]["kind"] == "no"
    assert answer["result"]["text"].startswith("Rooms 19, 23, 24 break expectant-nest-marker.one-per-room")
    assert "expectant-nest-marker.deck-order (the devoured deck sends them to rooms 19, 24, 25" in answer["result"]["text"]
    assert [c["value"] for c in answer["choices"]] == [[19, 24, 25]]


def test_the_nest_return_example(capsys):
    answer = _example("nest-return", capsys)
    assert [c["value"] for c in answer["choices"]] == ["26a"]
    assert answer["choices"][0]["draw"]["figures"] == ["Isaiah Wiesenthal", "Sophie Brigman"]
    assert answer["result"]["text"].startswith("The Nest returns at the start of round 5 to 26a")


def test_the_infested_example(capsys):
    answer = _example("infested", capsys)
    lisbeth, sophie = answer["choices"]
    assert lisbeth["value"]["investigator"] == "Lisbeth Gibson" and lisbeth["value"]["damage"] == 2
    assert len(lisbeth["value"]["mind_eaters"]) == 2 and lisbeth["value"]["may_discard_at_nest_marker"] == 17
    assert sophie["value"]["not_spawned"] == 1 and sophie["value"]["mind_eaters"] == []
    assert lisbeth["value"]["resistance_roll"] == (answer["options"]["expectant-infested.damage"] == "after-resistance")


def test_a_question_does_not_change_the_position():
    state = _read({"nest_markers": [17]})
    before = dump_state(state)
    for name in ("nest-spawn", "valid-placements", "nest-return", "infested"):
        REGISTRY[name].func(state, {})
    assert dump_state(state) == before


@pytest.mark.parametrize("args, parameter, words", [
    ({"count": "9"}, "count", "at most 6"),
    ({"track-space": "0"}, "track-space", "at least 1"),
    ({"order": "random"}, "order", "must be one of deck, any"),
])
def test_bad_parameters_are_refused_by_their_declarations(args, parameter, words):
    with pytest.raises(BadParameter, match=words) as caught:
        REGISTRY["valid-placements"].bind(args)
    assert caught.value.parameter == parameter


@pytest.mark.parametrize("args, parameter, words", [
    ({"check": "17,x"}, "check", "rooms are numbers"),
    ({"check": "5"}, "check", "not on the board"),
    ({"count": 9}, "count", "from 0 to 6"),
    ({"track-space": 9}, "track-space", "from 1 to 8"),
])
def test_bad_parameters_are_refused_by_the_question(args, parameter, words):
    with pytest.raises(BadParameter, match=words) as caught:
        REGISTRY["valid-placements"].func(_read(), args)
    assert caught.value.parameter == parameter


def test_a_question_about_another_scenario_is_refused():
    from solver.scenarios.fathoms_dark import FathomsDark

    other = FathomsDark.with_shipped_board().new_state()
    with pytest.raises(InputError, match="Expectant Terror"):
        REGISTRY["nest-return"].func(other, {})


# --- the placements against a plain search ---------------------------------------------------------------------------
positions = st.fixed_dictionaries({
    "deck": st.permutations(ROOMS),
    "held": st.sets(st.sampled_from(ROOMS), max_size=NEST_MARKERS),
    "count": st.integers(min_value=0, max_value=NEST_MARKERS),
    "card_after": st.sampled_from(["to-bottom", "stays-on-top"]),
})


def _position(p) -> ExpectantTerrorState:
    scenario = _scenario(**{"expectant-nest-marker.card-after-spawn": p["card_after"]})
    state = scenario.new_state()
    state.devoured_deck = list(p["deck"])
    state.nest_markers = set(p["held"])
    return state


@settings(max_examples=80, deadline=None)
@given(positions)
def test_every_placement_by_the_room_rules_is_every_combination_of_free_rooms(p):
    state = _position(p)
    free = [r for r in state.devoured_deck if r not in state.nest_markers]
    placed = min(p["count"], NEST_MARKERS - len(state.nest_markers), len(free))
    limits = placement_limits(state, p["count"])
    assert limits.placed == placed
    expected = sorted(sorted(c, key=state.devoured_deck.index) for c in itertools.combinations(free, placed))
    assert sorted(list(x) for x in placements(limits, "any")) == expected


@settings(max_examples=80, deadline=None)
@given(positions)
def test_in_deck_order_the_one_placement_is_the_first_free_rooms(p):
    state = _position(p)
    free = [r for r in state.devoured_deck if r not in state.nest_markers]
    placed = min(p["count"], NEST_MARKERS - len(state.nest_markers), len(free))
    limits = placement_limits(state, p["count"])
    assert list(placements(limits, "deck")) == [tuple(free[:placed])]
    assert list(limits.dictated) == free[:placed]
    assert broken_placement_rules(state, free[:placed], limits, "count") == []
    if placed >= 2:  # the same rooms in another order break the deck's order only
        swapped = free[1::-1] + free[2:placed]
        assert [r for r, _ in broken_placement_rules(state, swapped, limits, "count")] == ["expectant-nest-marker.deck-order"]


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
    broken = broken_placement_rules(state, proposal, placement_limits(state, p["count"]), "count", order)
    assert (broken == []) == legal, broken
    rules = {r for r, _ in broken}
    assert ("expectant-nest-marker.different-rooms" in rules) == (len(set(proposal)) < len(proposal))
    assert ("expectant-nest-marker.one-per-room" in rules) == bool(set(proposal) & state.nest_markers)


def _many_rooms_board(n: int):
    rooms = {r: {"spaces": {f"{r}a": ["spawn"]}} for r in range(3, n + 1)}
    rooms[1] = {"spaces": {"1a": ["spawn"], "1b": ["start"]}}
    rooms[2] = {"spaces": {"2a": ["spawn"], "2b": ["nest"]}}
    spaces = [s for r in sorted(rooms) for s in rooms[r]["spaces"]]
    return board_from_data({"name": "many rooms", "rooms": rooms,
                            "connections": [[a, b] for a, b in zip(spaces, spaces[1:])]}, "<many>")


def test_valid_placements_in_any_order_on_many_rooms_is_counted_not_listed():
    scenario = ExpectantTerror(_many_rooms_board(300))
    state = scenario.new_state()
    state.devoured_deck = sorted(scenario.board.rooms)
    started = time.perf_counter()
    answer = REGISTRY["valid-placements"].func(state, {"count": 6, "order": "any"})
    assert time.perf_counter() - started < 2.0
    assert answer.result.count == math.comb(300, 6) and answer.is_summarised
    assert len(answer.choices) == 30 and answer.choices[0].value == [1, 2, 3, 4, 5, 6]
    assert "… and" in to_text(answer)


# --- the answers that misled ----------------------------------------------------------------------------------------------
def test_nest_spawn_says_the_loss_first():
    state = _read({"nest_markers": [1, 2, 29, 28]}, devour_marker=1)
    answer = REGISTRY["nest-spawn"].func(state, {})
    assert answer.result.kind is ResultKind.OUTCOME
    assert answer.result.text.startswith("The game is lost: all 6 nest markers are on the board")
    assert answer.outcome.rule == "expectant-outcome.loss-six-nest-markers"
    assert to_text(answer).splitlines()[0].startswith(answer.result.text)


@pytest.mark.parametrize("setting, kind, words", [
    ("not-placed", ResultKind.NOTHING, "2 of the 2 nest markers can't be placed (no room of the devoured deck"),
    ("game-lost", ResultKind.OUTCOME, "The game is lost: a nest marker had to spawn and no room"),
])
def test_nest_spawn_says_the_markers_not_placed_first(setting, kind, words):
    state = _read({"nest_markers": [17, 19]}, options={"expectant-nest-marker.no-room": setting})
    state.devoured_deck = [17, 19]  # a deck of two rooms (the engine's own, not a state file's)
    answer = REGISTRY["nest-spawn"].func(state, {"count": 2})
    assert answer.result.kind is kind and answer.result.text.startswith(words), answer.result
    assert answer.options["expectant-nest-marker.no-room"] == setting


def test_infested_says_the_loss_first_when_an_investigator_holds_four():
    answer = REGISTRY["infested"].func(_read({"infested_tokens": {"Sophie Brigman": 4}}), {})
    assert answer.result.kind is ResultKind.OUTCOME
    assert "No investigator holds an infested token" not in to_text(answer)
    assert answer.outcome.rule == "outcome.loss-investigator-killed"


def test_infested_says_the_loss_first_when_the_reserve_is_short():
    data = copy.deepcopy(BASE)
    data["reserve"] = {"Mind Eater": 1}
    data["expectant-terror"]["infested_tokens"] = {"Lisbeth Gibson": 2}
    answer = REGISTRY["infested"].func(state_from_data(data, "pos.yaml"), {})
    assert answer.result.kind is ResultKind.OUTCOME and answer.result.text.startswith("The game is lost")
    assert answer.outcome.rule == "outcome.loss-empty-reserve"


def test_infested_honours_an_action_outside_an_activation():
    state = _read({"activation": {"investigator": "Lisbeth Gibson", "kind": "outside"}})
    answer = REGISTRY["infested"].func(state, {})
    lisbeth = next(c for c in answer.choices if c.value["investigator"] == "Lisbeth Gibson")
    assert lisbeth.value["damage"] == 0 and lisbeth.value["mind_eaters"] == 0
    assert "outside-activation.no-start-end-effects" in lisbeth.rules
    assert answer.result.kind is ResultKind.NOTHING


# --- random play-outs ---------------------------------------------------------------------------------------------------------
NAMES = ["Lisbeth Gibson", "Sophie Brigman", "Isaiah Wiesenthal", "Franklyn Christie"]


def _invariants(scenario: ExpectantTerror, state: ExpectantTerrorState, rounds_played: int) -> None:
    assert scenario.invariants(state) == []
    assert sorted(state.devoured_deck) == sorted(ROOMS)
    assert state.nest.health.wounds <= rounds_played
    for monster in ("Husk", "Mind Eater"):
        on_board = sum(1 for f in state.figures.values() if f.id.startswith(monster + "#"))
        assert on_board + state.reserve.get(monster, 0) == 6
    assert scenario.activation_steps(state)[-1] == (("monster", "Nest") if state.nest.space else
                                                    ("monster", state.monster_cards[-1]))
    data = dump_state(state)
    assert dump_state(state_from_data(copy.deepcopy(data), "playout.yaml")) == data


def _play(seed: int, settings: dict) -> ExpectantTerrorState:
    rng = random.Random(seed)
    scenario = _scenario(**settings)
    state = scenario.new_game(NAMES[:rng.randint(1, 4)], rng=rng)
    roll = lambda decision: rng.choice(decision.options)  # noqa: E731 — the resistance roll, at random
    rounds = 1
    while state.outcome() is None:
        if rounds > 1:
            scenario.next_round(state, rng, roll)
        scenario.devour_phase(state, rng, roll)
        if state.outcome() is not None:
            break
        scenario.spawn_phase(state, rng, roll)
        for slot in scenario.activation_order(state):
            name = slot.investigator
            if state.outcome() is not None:
                break
            context = ActivationContext.normal(name)
            try:
                scenario.begin_activation(state, context, rng, roll)
            except RuleViolation:
                break
            fig = state.figures[name]
            # a few moves: to a random nest marker's space, sometimes
            if state.nest_markers and rng.random() < 0.9:
                fig.space = state.board.rooms[rng.choice(sorted(state.nest_markers))].spawn_space
            actions = scenario.legal_actions(state, name)
            discard = [a for a in actions if a.name == "discard infested tokens"]
            if discard and rng.random() < 0.9:
                scenario.take_action(state, name, discard[0], rng, roll)
            if rng.random() < 0.3 and state.infested(name) < 4:
                scenario.give_infested_tokens(state, name, 1)
            if rng.random() < 0.5 and state.nest.space is not None and not state.nest_is_killed:
                scenario.wound_nest(state, rng.randint(1, 3))
                if state.nest_activation_pending:
                    scenario.complete_nest_activation(state)
            scenario.end_activation(state, context, rng, roll)
            _invariants(scenario, state, rounds)
        rounds += 1
    return state


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("settings", [
    {},
    {"expectant-nest-marker.card-after-spawn": "stays-on-top", "expectant-infested.short-reserve": "all-or-nothing",
     "expectant-infested.damage": "wounds", "expectant-nest.killing-wound": "activates-first", "expectant-nest.maximum-health": "4",
     "expectant-infested.horror-0-spawn": "never-loses"},
], ids=["defaults", "other-readings"])
def test_random_play_outs_keep_the_invariants_and_end(seed, settings):
    state = _play(seed, settings)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.rule_id in {"expectant-outcome.loss-six-nest-markers", "expectant-outcome.win-nest-killed",
                               "outcome.loss-investigator-killed", "outcome.loss-devouring-track",
                               "outcome.loss-empty-reserve"}


def test_play_round_drives_the_scenario_through_the_protocol():
    from solver.game import play_round

    for seed in range(20):
        rng = random.Random(seed)
        scenario = _scenario(**{"expectant-setup.start-space": "anywhere-in-start-room"})
        pick = lambda decision: rng.choice(decision.options)  # noqa: E731
        state = scenario.new_game(NAMES[:rng.randint(1, 4)], rng, pick)
        for _ in range(10):
            play_round(scenario, state, rng, pick, lambda acts: rng.choice(acts) if acts else None)
            assert scenario.invariants(state) == []
            if state.is_over():
                break
        assert state.is_over()


def test_setup_is_reproducible_from_a_seed_and_chance_must_be_explicit():
    scenario = _scenario()
    a = scenario.new_game(NAMES[:3], rng=random.Random(7))
    b = scenario.new_game(NAMES[:3], rng=random.Random(7))
    assert (a.devoured_deck, a.monster_cards, a.devoured_effects) == (b.devoured_deck, b.monster_cards,
                                                                      b.devoured_effects)
    with pytest.raises(ValueError, match="random"):
        scenario.new_game(NAMES[:2])


def test_anywhere_in_the_start_room_asks_the_players():
    scenario = _scenario(**{"expectant-setup.start-space": "anywhere-in-start-room"})
    with pytest.raises(PlayerChoiceRequired) as caught:
        scenario.new_game(NAMES[:1], rng=random.Random(1))
    assert caught.value.options == ["1a", "1b", "1c"]
    state = scenario.new_state()
    scenario.add_investigators(state, NAMES[:2], {"Lisbeth Gibson": "1a", "Sophie Brigman": "1c"})
    assert [state.figures[n].space for n in NAMES[:2]] == ["1a", "1c"]


def test_a_move_is_an_action_to_an_adjacent_space():
    scenario = _scenario()
    state = scenario.new_state()
    scenario.add_investigators(state, NAMES[:1])
    assert scenario.legal_actions(state, NAMES[0]) == []  # not during his or her activation
    scenario.begin_activation(state, ActivationContext.normal(NAMES[0]))
    moves = [a for a in scenario.legal_actions(state, NAMES[0]) if a.name == "move"]
    assert {a.args["to"] for a in moves} == set(state.board.neighbours("1b"))
    scenario.take_action(state, NAMES[0], moves[0])
    assert state.actions_left == 2 and state.figures[NAMES[0]].space == moves[0].args["to"]
    with pytest.raises(RuleViolation):  # not a neighbour: refused, and no action spent
        scenario.take_action(state, NAMES[0], Action("move", {"to": "29a"}))
    assert state.actions_left == 2
    for _ in range(2):
        scenario.take_action(state, NAMES[0], scenario.legal_actions(state, NAMES[0])[0])
    assert state.actions_left == 0 and scenario.legal_actions(state, NAMES[0]) == []
    with pytest.raises(ValueError, match="no action"):
        scenario.take_action(state, NAMES[0], moves[0])


def test_a_refused_operation_leaves_the_state_as_it_was():
    scenario = _scenario()
    state = scenario.new_state()
    scenario.add_investigators(state, NAMES[:3])
    before = dump_state(state)
    for bad in (["Bloated", "Nest"], ["Bloated", "Bloated"], ["Grudge", "Mind Eater"]):
        with pytest.raises(RuleViolation):
            scenario.choose_monsters(state, bad)
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
        scenario.next_round(state)
    assert dump_state(state) == before


@pytest.mark.parametrize("section, options, words, choices", [
    ({"nest": {"space": "2b", "wounds": 2, "wounds_this_round": 1, "activation_pending": True}}, None,
     "is taking its additional activation", ["1a"]),
    ({"nest": {"space": "2b", "wounds": 5, "wounds_this_round": 1, "activation_pending": True}},
     {"expectant-nest.killing-wound": "activates-first"}, "is killed when its additional activation ends", []),
    ({"nest": {"space": "killed", "wounds": 5}}, None, "has been killed", []),
])
def test_nest_return_in_every_state_of_the_nest(section, options, words, choices):
    answer = REGISTRY["nest-return"].func(_read(section, options=options), {})
    assert words in answer.result.text and answer.values() == choices


@pytest.mark.parametrize("setting", ["discard-only", "attackable"])
def test_attack_targets_names_the_nest_marker_option_that_decided_it(setting):
    """Whether a nest marker is a target is the interpretation expectant-nest-marker.attack: the answer gives its setting."""
    load_all()
    state = _read(options={"expectant-nest-marker.attack": setting})
    answer = REGISTRY["attack-targets"].func(state, {"investigator": "Lisbeth Gibson", "range": 0})
    assert answer.options["expectant-nest-marker.attack"] == setting
    targets = [c.value["target"] for c in answer.choices]
    assert ("nest marker (room 17)" in targets) == (setting == "attackable"), targets
