"""Steps for Fathoms Dark's board, decks, devouring track and special setup (features/fathoms_dark/)."""

from __future__ import annotations

import copy
import random

from pytest_bdd import given, parsers, then, when

from solver.boardfile import board_from_data
from solver.catalog import Options
from solver.scenarios import board_file
from solver.scenarios.fathoms_dark import SCENARIO_CARDS, FathomsDark
from solver.yamlio import load_yaml_file
from tests.steps.fathoms_common_steps import _refused_under, names


def _shipped(fathoms) -> FathomsDark:
    if fathoms.scenario is None:
        fathoms.scenario = FathomsDark.with_shipped_board(Options(fathoms.data["options"]))  # a Given option step
    return fathoms.scenario


# --- the board ------------------------------------------------------------------------------------------------------
@given("the Fathoms Dark board shipped with the solver")
def _shipped_board(fathoms):
    fathoms.board_data = load_yaml_file(board_file("fathoms-dark"))
    fathoms.scenario = FathomsDark(board_from_data(fathoms.board_data, "fathoms-dark.yaml"))


def _leave_room_out(data, room):
    spaces = set(data["rooms"].pop(room)["spaces"])
    data["connections"] = [c for c in data["connections"] if not ({c[0], c[1]} & spaces)]


def _add_room_30(data):
    data["rooms"][30] = {"spaces": {"30a": ["spawn"]}}
    data["connections"].append(["30a", "9a"])


def _move_unbound_space(data, to):
    for room in data["rooms"].values():
        for sid, spec in room["spaces"].items():
            spec = {"features": spec} if isinstance(spec, list) else dict(spec or {})
            feats = [f for f in spec.get("features", []) if f != "unbound"]
            if sid == to:
                feats.append("unbound")
            spec["features"] = feats
            room["spaces"][sid] = spec


def _drop_objective_point(data, symbol):
    for room in data["rooms"].values():
        for sid, spec in room["spaces"].items():
            if isinstance(spec, dict) and spec.get("objective_point") == symbol:
                room["spaces"][sid] = {k: v for k, v in spec.items() if k != "objective_point"}


BOARD_CHANGES = {
    "room 9 is left out": lambda d: _leave_room_out(d, 9),
    "a room 30 is added": _add_room_30,
    "the Unbound space is 9b": lambda d: _move_unbound_space(d, "9b"),
    "the hexagon Objective Point is left out": lambda d: _drop_objective_point(d, "hexagon"),
}


@given(parsers.parse("the Fathoms Dark board shipped with the solver, changed so that {change}"))
def _changed_board(fathoms, change):
    data = copy.deepcopy(load_yaml_file(board_file("fathoms-dark")))
    BOARD_CHANGES[change](data)
    fathoms.board_data = data


@when("the Fathoms Dark scenario is set on that board")
def _set_on_board(fathoms):
    fathoms.attempt(lambda: FathomsDark(board_from_data(fathoms.board_data, "changed.yaml")))


@then(parsers.parse('the Fathoms Dark board is refused under rule "{rule}"'))
def _board_refused(fathoms, rule):
    _refused_under(fathoms.error, rule)


@then(parsers.parse("the Fathoms Dark board has the rooms {rooms}"))
def _board_rooms(fathoms, rooms):
    expected = sorted(int(r) for r in names(rooms))
    assert sorted(fathoms.scenario.board.rooms) == expected
    assert sorted(fathoms.scenario.rooms) == expected


@then("every Fathoms Dark room has one spawn space")
def _one_spawn_space(fathoms):
    board = fathoms.scenario.board
    for room in board.rooms.values():
        assert [s for s in room.spaces if board.spaces[s].is_spawn_space] == [room.spawn_space]


@then(parsers.parse("the Fathoms Dark Unbound space is {space}, in room {room:d}"))
def _unbound_space(fathoms, space, room):
    state = fathoms.scenario.new_state()
    assert state.unbound_space == space
    assert fathoms.scenario.board.room_of(space) == room == fathoms.scenario.unbound_room


@then(parsers.parse("the Fathoms Dark board has the {symbol} Objective Point in {space}"))
def _objective_point(fathoms, symbol, space):
    assert symbol in SCENARIO_CARDS
    assert fathoms.scenario.board.objective_points[symbol] == space


# --- new games ------------------------------------------------------------------------------------------------------
@given("a new Fathoms Dark game")
def _new_game(fathoms):
    fathoms.state = _shipped(fathoms).new_state()


@given(parsers.parse("a new Fathoms Dark game shuffled with seed {seed:d}"))
def _new_game_seeded(fathoms, seed):
    fathoms.state = _shipped(fathoms).new_state(random.Random(seed))


@given(parsers.parse("a new Fathoms Dark game with the devour marker on space {space:d}"))
def _new_game_marker(fathoms, space):
    fathoms.state = _shipped(fathoms).new_state()
    fathoms.state.devour_marker = space - 1


@given(parsers.parse("a new Fathoms Dark game for {investigators}, the cards drawn with seed {seed:d}"))
def _new_game_for(fathoms, investigators, seed):
    fathoms.state = _shipped(fathoms).new_game(names(investigators), rng=random.Random(seed))


@given(parsers.parse("a Fathoms Dark game for {investigators}"))
def _game_for_undealt(fathoms, investigators):
    fathoms.state = _shipped(fathoms).new_game(names(investigators), deal=False)


@when(parsers.parse("{a} draws the {card_a} card and {b} the {card_b} card, shuffled into the deck {deck}"))
def _draw_into_deck(fathoms, a, card_a, b, card_b, deck):
    fathoms.attempt(fathoms.scenario.deal_scenario_cards, fathoms.state, draws={a: card_a, b: card_b},
                    deck=names(deck))


@when(parsers.parse("{a} draws the {card_a} card and {b} the {card_b} card"))
def _draw(fathoms, a, card_a, b, card_b):
    fathoms.attempt(fathoms.scenario.deal_scenario_cards, fathoms.state, draws={a: card_a, b: card_b},
                    rng=random.Random(0))


@then("the Fathoms Dark step is refused as not the drawn cards, and nothing is dealt")
def _not_drawn(fathoms):
    assert isinstance(fathoms.error, ValueError) and "drawn cards" in str(fathoms.error), fathoms.error
    assert fathoms.state.scenario_deck == [] and fathoms.state.objective_markers == {}
    assert all(f.space is None for f in fathoms.state.investigators())


@then(parsers.parse("each of the {n:d} Fathoms Dark investigators holds a different scenario card"))
def _different_cards(fathoms, n):
    markers = fathoms.state.objective_markers
    assert len(markers) == n == len(fathoms.state.investigators())
    assert len(set(markers.values())) == n
    assert set(markers.values()) <= set(SCENARIO_CARDS)


@then(parsers.parse("{investigator} holds the {card} objective marker"))
def _holds_marker(fathoms, investigator, card):
    assert fathoms.state.objective_markers[investigator] == card


@then(parsers.parse("{investigator}'s Objective Point is the one in {space}"))
def _linked_point(fathoms, investigator, space):
    assert fathoms.state.objective_point_of(investigator) == space


@then("the scenario card deck holds exactly the cards the investigators drew")
def _deck_is_drawn(fathoms):
    assert sorted(fathoms.state.scenario_deck) == sorted(fathoms.state.objective_markers.values())


@then(parsers.parse("{n:d} scenario cards are out of the game, none of them in the deck"))
def _unused(fathoms, n):
    unused = fathoms.state.unused_cards()
    assert len(unused) == n
    assert not set(unused) & set(fathoms.state.scenario_deck)


# --- devoured effect markers ------------------------------------------------------------------------------------------
@when(parsers.parse("the devoured effect markers {pile} are shuffled with seed {seed:d} and placed"))
def _place_effects(fathoms, pile, seed):
    fathoms.pile = names(pile)
    fathoms.scenario.place_devoured_effects(fathoms.state, fathoms.pile, random.Random(seed))


@then(parsers.parse("a devoured effect marker lies on exactly the spaces {spaces}"))
def _effects_on(fathoms, spaces):
    assert sorted(fathoms.state.devoured_effects) == sorted(names(spaces))


@then(parsers.parse("no devoured effect marker lies on the spawn spaces {spaces}"))
def _no_effect_on_spawn(fathoms, spaces):
    for s in names(spaces):
        assert fathoms.state.board.spaces[s].is_spawn_space
        assert s not in fathoms.state.devoured_effects


@then("the five devoured effect markers placed are five different ones of that pile")
def _effects_from_pile(fathoms):
    placed = list(fathoms.state.devoured_effects.values())
    assert len(placed) == 5 == len(set(placed))
    assert set(placed) <= set(fathoms.pile)


# --- decks and track ------------------------------------------------------------------------------------------------
@then(parsers.parse("the Fathoms Dark room deck holds the rooms {rooms}, in some order"))
def _room_deck_any(fathoms, rooms):
    assert sorted(fathoms.state.room_deck) == sorted(int(r) for r in names(rooms))


@then(parsers.parse("the Fathoms Dark devoured deck holds the rooms {rooms}, in some order"))
def _devoured_deck_any(fathoms, rooms):
    assert sorted(fathoms.state.devoured_deck) == sorted(int(r) for r in names(rooms))


@then(parsers.parse("the devoured rooms of the Fathoms Dark game are {rooms}"))
def _devoured_rooms(fathoms, rooms):
    assert fathoms.state.devoured_rooms == {int(r) for r in names(rooms)}


@then(parsers.parse("the Fathoms Dark devouring track has {n:d} spaces"))
def _track_length(fathoms, n):
    assert len(fathoms.state.scenario.devouring_track) == n


@then(parsers.parse("space {space:d} of the Fathoms Dark devouring track is worth {value:d}"))
def _track_value(fathoms, space, value):
    assert fathoms.state.scenario.devouring_track[space - 1].value == value


@when("the Fathoms Dark devour marker advances")
def _advance(fathoms):
    fathoms.attempt(fathoms.state.scenario.devour_phase, fathoms.state)


@then(parsers.parse("the devour marker stands on space {space:d} of the Fathoms Dark devouring track"))
def _marker_on(fathoms, space):
    assert fathoms.error is None, fathoms.error
    assert fathoms.state.devour_marker == space - 1


@then("no hazard effect is resolved in Fathoms Dark")
def _no_hazard(fathoms):
    assert fathoms.error is None, fathoms.error
    assert [f.data["hazard"] for f in fathoms.result] == [None]
    assert fathoms.state.scenario.devouring_track[fathoms.state.devour_marker].hazard is None


# --- monsters, Unbound, spawn deck -------------------------------------------------------------------------------------
@when(parsers.parse("the monsters {monsters} are chosen for Fathoms Dark, of which {epic} is epic"))
def _choose(fathoms, monsters, epic):
    fathoms.attempt(fathoms.state.scenario.choose_monsters, fathoms.state, names(monsters), epic=names(epic))


@then("the Fathoms Dark monster choice is accepted")
def _choice_ok(fathoms):
    assert fathoms.error is None, fathoms.error
    assert fathoms.state.monster_cards


@then(parsers.parse('the Fathoms Dark monster choice is refused under rule "{rule}"'))
def _choice_refused(fathoms, rule):
    _refused_under(fathoms.error, rule)
    assert fathoms.state.monster_cards == []


@then(parsers.parse("the Unbound figure stands in {space}, the Unbound space"))
def _unbound_figure(fathoms, space):
    assert fathoms.state.unbound_space == space
    assert "unbound" in fathoms.state.board.spaces[space].features


@when("the Fathoms Dark spawn deck is made")
def _spawn_deck(fathoms):
    fathoms.result = fathoms.state.scenario.spawn_deck(fathoms.state)


@then(parsers.parse("the Fathoms Dark spawn deck holds the spawn cards of {deck}, none of Unbound"))
def _spawn_deck_is(fathoms, deck):
    assert sorted(fathoms.result) == sorted(names(deck))
