"""Steps for Fevered Dreams (features/fevered_dreams/*.feature).

Every wording names Fevered Dreams, a flooded or obscure marker, Obscure or the existence dial, so that no other
area's steps match it. Steps only translate words into engine calls on :mod:`solver.scenarios.fevered_dreams`;
the rules live there.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest
from parse import with_pattern
from pytest_bdd import given, parsers, then, when

from solver.activation import ActivationContext
from solver.board import PORTAL_COLOURS
from solver.boardfile import board_from_data
from solver.errors import InputError, PlayerChoiceRequired, RuleViolation
from solver.investigators import INVESTIGATORS
from solver.scenarios import board_file
from solver.scenarios.fevered_dreams import (ROOMS, FeveredDreams, MonsterCard, obscure_spawn_plan,
                                            purple_hazard_outcomes)
from solver.spec import ROOT
from solver.yamlio import load_yaml_file


@with_pattern("|".join(re.escape(n) for n in sorted(INVESTIGATORS, key=len, reverse=True)))
def _investigator(text: str) -> str:
    return text


TYPES = {"Investigator": _investigator}


def step(text: str):
    return parsers.parse(text, extra_types=TYPES)


def _items(text: str) -> list[str]:
    """ "3a, 4a and 17a" → ["3a", "4a", "17a"]; "none" or "nothing" → []."""
    text = text.strip()
    if text in ("none", "nothing", ""):
        return []
    return [t.strip() for t in re.split(r",\s*|\s+and\s+", text) if t.strip()]


def _outcomes(text: str) -> set[tuple[str, ...]]:
    """ "3a+17a; 17c" → {("17a", "3a"), ("17c",)}, each outcome sorted; "nothing" → {()}."""
    out = set()
    for part in text.split(";"):
        part = part.strip()
        out.add(() if part == "nothing" else tuple(sorted(p.strip() for p in part.split("+"))))
    return out


def _counts(text: str) -> dict[str, int]:
    """ "3a: 1, 17b: 2 and 24c: 1" → {"3a": 1, "17b": 2, "24c": 1}; "none" → {}."""
    out = {}
    for item in _items(text):
        space, n = item.split(":")
        out[space.strip()] = int(n)
    return out


@dataclass
class FeveredResult:
    """What a when-step did: its value, or the refusal it met."""

    value: Any = None
    error: Exception | None = None


def _attempt(fn) -> FeveredResult:
    try:
        return FeveredResult(fn())
    except (RuleViolation, PlayerChoiceRequired, InputError) as exc:
        return FeveredResult(error=exc)


def _answers(rule_id: str, value):
    """A chooser that answers only the decision the step names (left to ``rule_id``) and refuses any other, so a
    step never settles a choice its words don't mention."""
    def choose(decision):
        assert decision.rule_id == rule_id, f"a choice the scenario does not make: {decision}"
        return value

    return choose


def _with_investigator(state, name: str):
    if name not in state.figures:
        health = INVESTIGATORS[name].health
        assert health is not None, f"{name}'s health is not public: a scenario naming {name} must give it"
        state.scenario.add_investigator(state, name, health)
    return state.figures[name]


# --- the game -------------------------------------------------------------------------------------------------------
@given("a Fevered Dreams game on the shipped board", target_fixture="fd_state")
def _fd_game():
    return FeveredDreams.with_shipped_board().new_state()


@given(step("a Fevered Dreams game set up with the seed {seed:d}"), target_fixture="fd_state")
def _fd_game_seeded(seed):
    return FeveredDreams.with_shipped_board().new_state(random.Random(seed))


@given(step('the Fevered Dreams option "{name}" is set to "{value}"'))
def _fd_option(fd_state, name, value):
    fd_state.scenario = FeveredDreams(fd_state.board, fd_state.options.with_setting(name, value))


@given(step('the Fevered Dreams example state "{file}"'), target_fixture="fd_state")
def _fd_example(file):
    from solver.state import load_state

    return load_state(ROOT / "examples" / file)


@given(step("{name:Investigator} stands in the Fevered Dreams space {space}"))
def _fd_stands(fd_state, name, space):
    fd_state.board.space(space)
    _with_investigator(fd_state, name).space = space


@when(step("{names} join the Fevered Dreams game"))
def _fd_join(fd_state, names):
    for n in _items(names):
        _with_investigator(fd_state, n)


@when(step("{name:Investigator} is placed in the Fevered Dreams Start room"), target_fixture="fd_result")
def _fd_place_start(fd_state, name):
    return _attempt(lambda: fd_state.scenario.add_investigator(fd_state, name, INVESTIGATORS[name].health))


@when(step("{name:Investigator} is placed on the Fevered Dreams space {space} at the start"),
      target_fixture="fd_result")
def _fd_place_start_on(fd_state, name, space):
    return _attempt(lambda: fd_state.scenario.add_investigator(fd_state, name, INVESTIGATORS[name].health, space))


@given(step("the investigators {names} are on the Fevered Dreams activation track"))
def _fd_track(fd_state, names):
    for n in _items(names):
        _with_investigator(fd_state, n)
    fd_state.activation_track = _items(names)


@given(step("the existence dial of {name:Investigator} shows {level:d}"))
def _fd_existence(fd_state, name, level):
    _with_investigator(fd_state, name)
    fd_state.existence[name] = level


@given(step("one flooded marker lies in each of the Fevered Dreams spaces {spaces}"))
def _fd_flood_each(fd_state, spaces):
    for s in _items(spaces):
        fd_state.add_flooded(s)


@given(step("the Fevered Dreams space {space} holds {count:d} flooded markers"))
def _fd_flood_count(fd_state, space, count):
    fd_state.board.space(space)
    fd_state.flooded_markers.pop(space, None)
    if count:
        fd_state.add_flooded(space, count)


@given("every Fevered Dreams space holds one flooded marker")
def _fd_flood_all(fd_state):
    for s in fd_state.board.spaces:
        fd_state.flooded_markers[s] = max(1, fd_state.flooded_markers.get(s, 0))


@given(step("only the Fevered Dreams portals {colours} remain on the board"))
def _fd_only_portals(fd_state, colours):
    keep = _items(colours)
    fd_state.remove_portals([c for c in PORTAL_COLOURS if c not in keep])


@given(step("the Fevered Dreams portals {colours} have been removed from the game"))
def _fd_removed(fd_state, colours):
    fd_state.remove_portals(_items(colours))


@given(step("the Fevered Dreams portals removed from the game are {colours}"))
def _fd_removed_are(fd_state, colours):
    """Exactly the portals named (``none``: every portal is on the board)."""
    fd_state.remove_portals(_items(colours))
    assert set(fd_state.removed_portals) == set(_items(colours))


@given(step("Obscure stands on the {colour} Dimensional Portal"))
def _fd_obscure_on(fd_state, colour):
    fd_state.reveal(colour)


@given(step("the Obscure card holds {n:d} obscure markers"))
def _fd_card(fd_state, n):
    fd_state.obscure_card = n


@given(step("{n:d} obscure markers have left the game"))
def _fd_out(fd_state, n):
    fd_state.obscure_markers_removed = n


@given(step("an obscure marker stands in the Fevered Dreams space {space}"))
def _fd_marker(fd_state, space):
    _fd_markers(fd_state, space)


@given(step("obscure markers stand in the Fevered Dreams spaces {spaces}"))
def _fd_markers(fd_state, spaces):
    for s in _items(spaces):
        fd_state.put_obscure_marker(s)


@given(step("the Fevered Dreams devour marker stands on space {n:d}"))
def _fd_devour_marker(fd_state, n):
    fd_state.devour_marker = n - 1


@given(step("the Fevered Dreams devoured deck is {cards}, top card first"))
def _fd_deck(fd_state, cards):
    fd_state.devoured_deck = [int(c) for c in _items(cards)]


@given(step("the Fevered Dreams monster cards {names} have been chosen"))
def _fd_monsters_chosen(fd_state, names):
    fd_state.scenario.choose_monsters(fd_state, _items(names))


# --- operations -----------------------------------------------------------------------------------------------------
@when("the Fevered Dreams monster cards are chosen:", target_fixture="fd_result")
def _fd_choose(fd_state, datatable):
    header, *rows = datatable
    cards = [MonsterCard(r[header.index("name")], r[header.index("epic")] == "yes") for r in rows]
    return _attempt(lambda: fd_state.scenario.choose_monsters(fd_state, cards))


@when(step("Fevered Dreams is set up with each seed from {a:d} to {b:d}"), target_fixture="fd_result")
def _fd_many_seeds(a, b):
    scenario = FeveredDreams.with_shipped_board()
    return FeveredResult([scenario.new_state(random.Random(seed)).obscure_portal for seed in range(a, b + 1)])


@when("the Fevered Dreams devour phase is resolved", target_fixture="fd_result")
def _fd_devour(fd_state):
    return _attempt(lambda: fd_state.scenario.devour_phase(fd_state))


@when(step('the Fevered Dreams devour phase is resolved with the placement "{placement}"'),
      target_fixture="fd_result")
def _fd_devour_with(fd_state, placement):
    choose = _answers("fevered-track.purple-nearest-free-space", placement.split("+"))
    return _attempt(lambda: fd_state.scenario.devour_phase(fd_state, choose=choose))


@when("the Fevered Dreams purple hazard outcomes are worked out", target_fixture="fd_result")
def _fd_outcomes(fd_state):
    return FeveredResult(purple_hazard_outcomes(fd_state))


@when(step("{name:Investigator} investigates and the {colour} objective marker is revealed"),
      target_fixture="fd_result")
def _fd_investigate_colour(fd_state, name, colour):
    return _attempt(lambda: fd_state.scenario.investigate(fd_state, name, revealed=colour))


@when(step("{name:Investigator} investigates with the seed {seed:d}"), target_fixture="fd_result")
def _fd_investigate_seed(fd_state, name, seed):
    before = list(fd_state.face_down)
    result = _attempt(lambda: fd_state.scenario.investigate(fd_state, name, rng=random.Random(seed)))
    result.value = (result.value, before)
    return result


@when(step("{name:Investigator} investigates"), target_fixture="fd_result")
def _fd_investigate(fd_state, name):
    return _attempt(lambda: fd_state.scenario.investigate(fd_state, name))


@when(step("the activation of {name:Investigator} ends"), target_fixture="fd_result")
def _fd_end_activation(fd_state, name):
    before = fd_state.existence_of(name)
    result = _attempt(lambda: fd_state.scenario.end_activation(fd_state, ActivationContext.normal(name)))
    result.value = (before, result.value)
    return result


@when(step("{name:Investigator} moves to the Fevered Dreams space {space}"))
def _fd_moves(fd_state, name, space):
    fd_state.board.space(space)
    fd_state.figures[name].space = space


@when(step("{name:Investigator} tries to recover {n:d} existence"), target_fixture="fd_result")
def _fd_recover(fd_state, name, n):
    return _attempt(lambda: fd_state.scenario.recover_existence(fd_state, name, n))


@when("the Fevered Dreams round ends", target_fixture="fd_result")
def _fd_end_round(fd_state):
    return FeveredResult(fd_state.scenario.end_of_round(fd_state))


@when("the Fevered Dreams spawn phase begins", target_fixture="fd_result")
def _fd_spawn_phase(fd_state):
    return _attempt(lambda: fd_state.scenario.spawn_phase(fd_state))


@when("a spawn card then spawns something with no location given", target_fixture="fd_result")
def _fd_then_spawn(fd_state):
    return FeveredResult(fd_state.spawn_without_location())


@when("Fevered Dreams obscure markers spawn with each of the ten cards on top of the devoured deck",
      target_fixture="fd_result")
def _fd_spawn_rotations(fd_state):
    deck = list(fd_state.devoured_deck)
    plans = []
    for i in range(len(deck)):
        work = fd_state.copy()
        work.devoured_deck = deck[i:] + deck[:i]
        plans.append(obscure_spawn_plan(work))
    return FeveredResult(plans)


@when(step('the obscure marker "{marker}" takes {n:d} wounds'), target_fixture="fd_result")
def _fd_wound_marker(fd_state, marker, n):
    return _attempt(lambda: fd_state.scenario.wound_obscure_marker(fd_state, marker, n))


@when(step('the obscure marker "{marker}" is moved to the Fevered Dreams space {space}'),
      target_fixture="fd_result")
def _fd_move_marker(fd_state, marker, space):
    return _attempt(lambda: fd_state.scenario.move_obscure_marker(fd_state, marker, space))


@when(step('{name:Investigator} attacks "{target}" and the dice deal {n:d} wounds'), target_fixture="fd_result")
def _fd_attack(fd_state, name, target, n):
    (action,) = [a for a in fd_state.scenario.legal_actions(fd_state, name)
                 if a.name == "attack" and a.args["target"] == target]
    choose = _answers("fevered-obscure-marker.treated-as-monster", n)
    return _attempt(lambda: fd_state.scenario.take_action(fd_state, name, action, choose=choose))


@when(step("a new Fevered Dreams game is set up for {name:Investigator} without a random draw"),
      target_fixture="fd_result")
def _fd_new_game_no_draw(name):
    return _attempt(lambda: FeveredDreams.with_shipped_board().new_game([name]))


# --- boards ---------------------------------------------------------------------------------------------------------
def _shipped_board_data() -> dict:
    return copy.deepcopy(load_yaml_file(board_file(FeveredDreams.name)))


def _build_board(data) -> FeveredResult:
    def build():
        return FeveredDreams(board_from_data(data, "changed-board.yaml"))

    return _attempt(build)


@when(step("a Fevered Dreams board is built from the shipped board without room {room:d}"),
      target_fixture="fd_result")
def _fd_board_without_room(room):
    data = _shipped_board_data()
    gone = set(data["rooms"].pop(room)["spaces"])
    data["connections"] = [c for c in data["connections"] if not gone & set(map(str, c[:2]))]
    return _build_board(data)


@when(step("a Fevered Dreams board is built from the shipped board with an extra room {room:d}"),
      target_fixture="fd_result")
def _fd_board_extra_room(room):
    data = _shipped_board_data()
    data["rooms"][room] = {"spaces": {f"{room}a": ["spawn"]}}
    data["connections"].append(["2a", f"{room}a"])
    return _build_board(data)


@when("a Fevered Dreams board is built from the shipped board without its start space", target_fixture="fd_result")
def _fd_board_no_start():
    data = _shipped_board_data()
    for sid, spec in data["rooms"][2]["spaces"].items():
        if isinstance(spec, list) and "start" in spec:
            data["rooms"][2]["spaces"][sid] = [f for f in spec if f != "start"]
    return _build_board(data)


@when(step("a Fevered Dreams board is built from the shipped board without the {colour} portal"),
      target_fixture="fd_result")
def _fd_board_no_portal(colour):
    data = _shipped_board_data()
    for room in data["rooms"].values():
        for sid, spec in room["spaces"].items():
            if isinstance(spec, dict) and spec.get("portal") == colour:
                room["spaces"][sid] = {k: v for k, v in spec.items() if k != "portal"}
    return _build_board(data)


# --- questions ------------------------------------------------------------------------------------------------------
@when(step('the Fevered Dreams question "{name}" is asked'), target_fixture="fd_answer")
def _fd_ask(fd_state, name):
    from solver.questions import load_all

    q = load_all()[name]
    assert FeveredDreams.name in q.scenarios
    return q.func(fd_state, q.bind({}))


@when(step('the general question "attack-targets" is asked about {name:Investigator} with a range {r:d} weapon'),
      target_fixture="fd_answer")
def _fd_ask_attack(fd_state, name, r):
    from solver.questions import load_all

    return load_all()["attack-targets"].func(fd_state, {"investigator": name, "range": r})


# --- then: the board -------------------------------------------------------------------------------------------------
@then(step("the Fevered Dreams board has the rooms {rooms}"))
def _fd_has_rooms(fd_state, rooms):
    assert sorted(fd_state.board.rooms) == [int(r) for r in _items(rooms)]


@then("every Fevered Dreams room has exactly one spawn space")
def _fd_one_spawn(fd_state):
    for room in fd_state.board.rooms.values():
        assert [s for s in room.spaces if fd_state.board.space(s).is_spawn_space] == [room.spawn_space]


@then(step("{name:Investigator} stands in the Fevered Dreams space {space}"))
def _fd_then_stands(fd_state, name, space):
    assert fd_state.figures[name].space == space


@then(step("the Fevered Dreams space {space} is the start space of room {room:d}"))
def _fd_start_space(fd_state, space, room):
    assert fd_state.scenario.start_spaces() == [space]
    assert fd_state.board.room_of(space) == room and "start" in fd_state.board.space(space).features


@then(step('that Fevered Dreams board is refused under rule "{rule}"'))
def _fd_board_refused(fd_result, rule):
    assert isinstance(fd_result.error, InputError), fd_result
    assert fd_result.error.rule_id == rule, fd_result.error


@then(step("the Fevered Dreams Dimensional Portals are {portals}"))
def _fd_portals(fd_state, portals):
    expected = dict(item.split() for item in _items(portals))
    assert dict(fd_state.board.portals) == expected


@then(step("the Fevered Dreams devoured deck is {cards}, top card first"))
def _fd_then_deck(fd_state, cards):
    assert fd_state.devoured_deck == [int(c) for c in _items(cards)]


@then("the Fevered Dreams devoured deck holds each of the ten rooms once")
def _fd_deck_ten(fd_state):
    assert sorted(fd_state.devoured_deck) == sorted(ROOMS) and len(fd_state.devoured_deck) == 10


@then("every Fevered Dreams room is devoured and the room deck is empty")
def _fd_all_devoured(fd_state):
    assert fd_state.devoured_rooms == set(ROOMS) and fd_state.room_deck == []


@then("every Fevered Dreams space but the ten spawn spaces holds a devoured effect marker")
def _fd_effects(fd_state):
    spawn = {r.spawn_space for r in fd_state.board.rooms.values()}
    assert len(spawn) == 10
    assert set(fd_state.devoured_effects) == set(fd_state.board.spaces) - spawn


@then(step("the Fevered Dreams spawn space {space} holds no devoured effect marker"))
def _fd_no_effect(fd_state, space):
    assert fd_state.board.space(space).is_spawn_space and space not in fd_state.devoured_effects


# --- then: refusals and the setup ------------------------------------------------------------------------------------
@then(step('the Fevered Dreams operation is refused under rule "{rule}"'))
def _fd_refused(fd_result, rule):
    assert isinstance(fd_result.error, RuleViolation), fd_result
    assert fd_result.error.rule_id == rule, fd_result.error


@then(step("the players must choose where {name:Investigator} starts in Fevered Dreams among {spaces}"))
def _fd_start_asked(fd_result, name, spaces):
    assert isinstance(fd_result.error, PlayerChoiceRequired), fd_result
    assert fd_result.error.rule_id == "fevered-board.start-room" and name in fd_result.error.question
    assert list(fd_result.error.options) == _items(spaces)


@then(step("{name:Investigator} is not in the Fevered Dreams game"))
def _fd_not_in_game(fd_state, name):
    assert name not in fd_state.figures and name not in fd_state.activation_track


@then("no Fevered Dreams monster card has been chosen")
def _fd_no_monsters(fd_state):
    assert fd_state.monster_cards == []


@then(step("the Fevered Dreams activation track's monster cards are {names}"))
def _fd_track_cards(fd_state, names):
    assert fd_state.scenario.activation_track_cards(fd_state) == _items(names)


@then(step("the Fevered Dreams spawn deck holds the spawn cards of {names}, and none of Obscure's"))
def _fd_spawn_deck(fd_state, names):
    deck = fd_state.scenario.spawn_deck(fd_state)
    assert list(deck) == _items(names) and "Obscure" not in deck


@then("one Fevered Dreams objective marker is revealed and five lie face down, one of each colour")
def _fd_markers_setup(fd_state):
    assert len(fd_state.face_down) == 5 and fd_state.obscure_portal not in fd_state.face_down
    assert sorted([fd_state.obscure_portal, *fd_state.face_down]) == sorted(PORTAL_COLOURS)


@then("Obscure stands on the Dimensional Portal of the revealed objective marker's colour")
def _fd_obscure_revealed(fd_state):
    assert fd_state.obscure_space == fd_state.board.portals[fd_state.obscure_portal]


@then("every colour of objective marker is revealed for some seed")
def _fd_every_colour(fd_result):
    assert set(fd_result.value) == set(PORTAL_COLOURS)


@then(step("the colour drawn must be chosen among the Fevered Dreams objective markers {colours}"))
def _fd_draw_asked(fd_result, colours):
    assert isinstance(fd_result.error, PlayerChoiceRequired), fd_result
    assert fd_result.error.rule_id == "fevered-setup.obscure-on-portal"
    assert list(fd_result.error.options) == _items(colours)


@then(step('Obscure took none of the {n:d} wounds, under rule "{rule}"'))
def _fd_obscure_unwounded(fd_result, n, rule):
    (fired,) = fd_result.value
    assert (fired.rule_id, fired.data["target"], fired.data["wounds"]) == (rule, "Obscure", n)


@then(step("Obscure stands in the Fevered Dreams space {space}"))
def _fd_obscure_space(fd_state, space):
    assert fd_state.obscure_space == space


@then(step("the existence dial of {name:Investigator} shows {level:d}"))
def _fd_then_existence(fd_state, name, level):
    assert fd_state.existence[name] == level


# --- then: the track and the purple hazard -----------------------------------------------------------------------------
@then(step("space {n:d} of the Fevered Dreams devouring track shows {value:d} with a {icon} hazard icon"))
def _fd_track_space(fd_state, n, value, icon):
    assert fd_state.scenario.devouring_track[n - 1].value == value
    assert fd_state.scenario.devouring_track[n - 1].hazard == icon


@then(step("the Fevered Dreams devouring track has {n:d} spaces"))
def _fd_track_len(fd_state, n):
    assert len(fd_state.scenario.devouring_track) == n


@then(step("the Fevered Dreams devour marker stands on space {n:d}"))
def _fd_then_devour_marker(fd_state, n):
    assert fd_state.devour_marker == n - 1


@then(step("the Fevered Dreams flooded markers are {counts}"))
def _fd_flooded(fd_state, counts):
    assert {s: n for s, n in fd_state.flooded_markers.items() if n} == _counts(counts)


@then(step('the Fevered Dreams purple hazard outcomes are exactly "{outcomes}"'))
def _fd_outcomes_exactly(fd_result, outcomes):
    got = [tuple(sorted(o.placements)) for o in fd_result.value]
    assert len(got) == len(set(got)), "an outcome is listed twice"
    assert set(got) == _outcomes(outcomes)


@then(step('the Fevered Dreams purple hazard outcome "{placement}" comes from {n:d} resolutions'))
def _fd_resolutions(fd_result, placement, n):
    (wanted,) = _outcomes(placement)
    (match,) = [o for o in fd_result.value if tuple(sorted(o.placements)) == wanted]
    assert match.resolutions == n


@then(step('the players must choose among the Fevered Dreams placements "{outcomes}"'))
def _fd_must_choose(fd_result, outcomes):
    assert isinstance(fd_result.error, PlayerChoiceRequired), fd_result
    assert {tuple(sorted(o)) for o in fd_result.error.options} == _outcomes(outcomes)


# --- then: Investigate --------------------------------------------------------------------------------------------------
@then(step("the {colour} Dimensional Portal has been removed from the game"))
def _fd_portal_removed(fd_state, colour):
    assert colour in fd_state.removed_portals and colour not in fd_state.portals_on_board()


@then(step("the {colour} Dimensional Portal is still on the board"))
def _fd_portal_there(fd_state, colour):
    assert colour in fd_state.portals_on_board()


@then(step("the Obscure card holds {n:d} obscure markers"))
def _fd_then_card(fd_state, n):
    assert fd_state.obscure_card == n


@then(step("the face-down Fevered Dreams objective markers are {colours}"))
def _fd_face_down(fd_state, colours):
    assert sorted(fd_state.face_down) == sorted(_items(colours))


@then("Obscure stands on the portal of an objective marker that was face down")
def _fd_moved_to_face_down(fd_state, fd_result):
    result, before = fd_result.value
    assert result.revealed in before and fd_state.obscure_portal == result.revealed
    assert fd_state.obscure_space == fd_state.board.portals[result.revealed]


@then(step("{n:d} Fevered Dreams objective markers are still face down"))
def _fd_face_down_count(fd_state, n):
    assert len(fd_state.face_down) == n


@then("no Fevered Dreams objective marker is face down and Obscure stands on no portal")
def _fd_nothing_left(fd_state):
    assert fd_state.face_down == [] and fd_state.obscure_portal is None and fd_state.obscure_space is None


# --- then: the outcome --------------------------------------------------------------------------------------------------
@then(step('the Fevered Dreams game is won under rule "{rule}"'))
def _fd_won(fd_state, rule):
    outcome = fd_state.outcome()
    assert outcome is not None and outcome.is_win and outcome.rule_id == rule, outcome


@then(step('the Fevered Dreams game is lost under rule "{rule}"'))
def _fd_lost(fd_state, rule):
    outcome = fd_state.outcome()
    assert outcome is not None and not outcome.is_win and outcome.rule_id == rule, outcome


@then("the Fevered Dreams game is not over")
def _fd_not_over(fd_state):
    assert fd_state.outcome() is None


# --- then: mist and existence ----------------------------------------------------------------------------------------
@then(step("the Fevered Dreams space {space} is a mist space"))
def _fd_is_mist(fd_state, space):
    assert fd_state.is_mist_space(space) and space in fd_state.mist_spaces()


@then(step("the Fevered Dreams space {space} is not a mist space"))
def _fd_is_not_mist(fd_state, space):
    assert not fd_state.is_mist_space(space) and space not in fd_state.mist_spaces()


@then(step("the Fevered Dreams space {space} is not a flooded space"))
def _fd_not_flooded_space(fd_state, space):
    assert fd_state.scenario.is_flooded_space(fd_state, space) is False


@then(step("an action of {name:Investigator} costs {n:d} oxygen"))
def _fd_oxygen(fd_state, name, n):
    assert fd_state.scenario.oxygen_cost(fd_state, name) == n


@then(step("an investigator in the Fevered Dreams space {a} sees {b} at {sight}"))
def _fd_sees(fd_state, a, b, sight):
    got = fd_state.scenario.investigator_sight_distance(fd_state, a, b)
    assert got == (None if sight == "no distance" else int(sight.split()[1]))


@then(step("the spaces that block sight in this Fevered Dreams position are {spaces}"))
def _fd_blockers(fd_state, spaces):
    assert fd_state.scenario.sight_blockers(fd_state) == frozenset(_items(spaces))


@then(step("{name:Investigator} lost {n:d} existence"))
def _fd_lost_existence(fd_state, fd_result, name, n):
    before, _ = fd_result.value
    assert before - fd_state.existence[name] == n


@then(step("{name:Investigator} has been devoured by the mist"))
def _fd_devoured(fd_state, fd_result, name):
    _, fired = fd_result.value
    assert "fevered-existence.devoured-at-zero" in [f.rule_id for f in fired] and fd_state.figures[name].killed


@then(step("{name:Investigator} has taken no wound"))
def _fd_no_wound(fd_state, name):
    assert fd_state.figures[name].health.wounds == 0


# --- then: obscure markers and Obscure ---------------------------------------------------------------------------------
@then(step("obscure markers stand in the Fevered Dreams spaces {spaces}"))
def _fd_then_markers(fd_state, spaces):
    assert sorted(m.space for m in fd_state.obscure_markers.values()) == sorted(_items(spaces))


@then(step("that Fevered Dreams spawn went to the space {space}"))
def _fd_spawn_went(fd_result, space):
    assert fd_result.value == space


@then(step("{n:d} obscure markers stand on the Fevered Dreams board"))
def _fd_marker_count(fd_state, n):
    assert len(fd_state.obscure_markers) == n


@then("every time they stand in three different rooms")
def _fd_three_rooms(fd_state, fd_result):
    assert len(fd_result.value) == 10
    for plan in fd_result.value:
        assert len({fd_state.board.room_of(s) for s in plan.spaces}) == 3 == len(plan.spaces)


@then(step('the Fevered Dreams attack targets of {name:Investigator} are "{targets}"'))
def _fd_targets(fd_state, name, targets):
    got = [t.id for t in fd_state.scenario.attack_targets(fd_state, name)]
    assert sorted(got) == sorted(_items(targets.replace(";", ",")))


@then(step('the obscure marker "{marker}" is still on the board'))
def _fd_marker_there(fd_state, marker):
    assert marker in fd_state.obscure_markers


@then(step('the obscure marker "{marker}" is gone from the board'))
def _fd_marker_gone(fd_state, marker):
    assert marker not in fd_state.obscure_markers


@then(step("{n:d} obscure markers are out of the game"))
def _fd_markers_out(fd_state, n):
    assert fd_state.obscure_markers_removed == n


@then(step("the Fevered Dreams activation order is {names}"))
def _fd_order(fd_state, names):
    assert fd_state.scenario.activation_sequence(fd_state) == [n.strip() for n in names.split(",")]


# --- then: answers ------------------------------------------------------------------------------------------------------
@then(step("the Fevered Dreams answer has {n:d} choices"))
def _fd_answer_count(fd_answer, n):
    assert fd_answer.result.count == n


@then(step("the Fevered Dreams answer lists {n:d} placements"))
def _fd_answer_listed(fd_answer, n):
    assert len(fd_answer.choices) == n


@then(step('the Fevered Dreams answer\'s result is "{kind}"'))
def _fd_answer_kind(fd_answer, kind):
    assert fd_answer.result.kind.value == kind, fd_answer.result


@then(step('the Fevered Dreams answer\'s first line says "{words}"'))
def _fd_answer_first_line(fd_answer, words):
    assert words in fd_answer.result.text, fd_answer.result.text


@then(step('the Fevered Dreams answer\'s outcome is a {result} under rule "{rule}"'))
def _fd_answer_outcome(fd_answer, result, rule):
    assert fd_answer.outcome is not None and (fd_answer.outcome.result, fd_answer.outcome.rule) == (result, rule)


@then(step("the Fevered Dreams answer gives the choice portal by portal: {steps}"))
def _fd_answer_steps(fd_answer, steps):
    """ "red 3a or 17a; yellow 19b, 20a or 25a" → each step's options."""
    got = {step.label.split()[1]: sorted(c.label for c in step.options) for step in fd_answer.steps}
    want = {}
    for part in steps.split(";"):
        colour, options = part.strip().split(" ", 1)
        want[colour] = sorted(re.split(r",\s*|\s+or\s+", options.strip()))
    assert got == want


@then(step("every Fevered Dreams answer choice floods {spaces}"))
def _fd_answer_floods(fd_answer, spaces):
    for c in fd_answer.choices:
        assert set(_items(spaces)) <= set(c.value)


@then(step("the Fevered Dreams answer's rules include \"{rule}\""))
def _fd_answer_rules(fd_answer, rule):
    assert rule in fd_answer.rules


@then(step('the Fevered Dreams answer\'s choices are the placements "{outcomes}"'))
def _fd_answer_placements(fd_answer, outcomes):
    got = [tuple(sorted(s for s, n in c.value.items() for _ in range(n))) for c in fd_answer.choices]
    assert len(got) == len(set(got)) and set(got) == _outcomes(outcomes)


@then(step("the Fevered Dreams answer's only choice is the spaces {spaces}"))
def _fd_answer_spaces(fd_answer, spaces):
    (choice,) = fd_answer.choices
    assert choice.value == _items(spaces)


@then(step("the Fevered Dreams answer shows the mist spaces {counts}"))
def _fd_answer_mist(fd_answer, counts):
    shown: dict[str, int] = {}
    for p in fd_answer.draw.placements:
        shown[p.space] = shown.get(p.space, 0) + 1
    assert shown == _counts(counts)


def _fd_existence_row(fd_answer, name) -> dict:
    (row,) = [c.value for c in fd_answer.choices if c.value["investigator"] == name]
    return row


@then(step("the Fevered Dreams answer shows that {name:Investigator} would lose {n:d} existence and not be "
           "devoured"))
def _fd_answer_loses(fd_answer, name, n):
    row = _fd_existence_row(fd_answer, name)
    assert row["loses"] == n and not row["devoured"]


@then(step("the Fevered Dreams answer shows that {name:Investigator} would lose {n:d} existence and be devoured"))
def _fd_answer_devoured(fd_answer, name, n):
    row = _fd_existence_row(fd_answer, name)
    assert row["loses"] == n and row["devoured"]


@then(step('the Fevered Dreams answer\'s choices are the targets "{targets}"'))
def _fd_answer_targets(fd_answer, targets):
    assert sorted(c.value["target"] for c in fd_answer.choices) == sorted(_items(targets.replace(";", ",")))


@then(step('the Fevered Dreams answer\'s target "{target}" is there under rule "{rule}"'))
def _fd_answer_target_rule(fd_answer, target, rule):
    (choice,) = [c for c in fd_answer.choices if c.value["target"] == target]
    assert rule in choice.rules
