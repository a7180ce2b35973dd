"""Steps for the board: hatches, distance and sight (features/board/*.feature).

The wordings say "board" so they don't bind other areas' steps; the board is built from a sentence, its rooms
read from the space IDs (each room's first space is its spawn space)."""

from __future__ import annotations

import pytest
from pytest_bdd import given, parsers, then, when

from solver.board import Geometry, space_sort_key
from solver.boardfile import board_from_data
from solver.catalog import Options


@pytest.fixture
def board_settings() -> dict:
    """The board options a scenario pins (the catalog's defaults otherwise)."""
    return {}


@given(parsers.parse('the board option "{name}" is set to "{setting}"'))
def _board_option(board_settings, name, setting):
    Options({name: setting})  # an unknown option or setting fails here, not later
    board_settings[name] = setting


@given(parsers.parse("a board where {a} and {b} are joined through a {hatch} hatch, and the way round is {route}"),
       target_fixture="board")
def _board_with_hatch(a, b, hatch, route):
    way = [s.strip() for s in route.split(",")]
    return _board_from_connections([[a, b, hatch.lower()]] + [[x, y] for x, y in zip(way, way[1:])])


def _board_from_connections(connections: list[list[str]]):
    """A board with just these connections; rooms come from the space IDs, each room's first space spawns."""
    spaces = sorted({s for c in connections for s in c[:2]}, key=space_sort_key)
    rooms: dict[int, dict] = {}
    for s in spaces:
        room = rooms.setdefault(space_sort_key(s)[0], {"spaces": {}})
        room["spaces"][s] = [] if room["spaces"] else ["spawn"]
    return board_from_data({"name": "scenario board", "rooms": rooms, "connections": connections}, "<scenario>")


@when(parsers.parse("the moves from {a} to {b} are counted"), target_fixture="board_measure")
def _count_moves(board, board_settings, a, b):
    return Geometry.from_options(board, Options(board_settings)).move_distance(a, b)


@when(parsers.parse("the line of sight from {a} to {b} is traced"), target_fixture="board_measure")
def _trace_sight(board, board_settings, a, b):
    return Geometry.from_options(board, Options(board_settings)).sight_distance(a, b)


@then(parsers.parse("the board distance is {moves:d} moves"))
def _distance_is(board_measure, moves):
    assert board_measure == moves


@then(parsers.parse("the board sight distance is {distance:d}"))
def _sight_distance_is(board_measure, distance):
    assert board_measure == distance


@then("the board line of sight is blocked")
def _sight_blocked(board_measure):
    assert board_measure is None


@given(parsers.parse("a board whose connections are {pairs}"), target_fixture="board")
def _board_with_connections(pairs):
    return _board_from_connections([p.strip().split("-") for p in pairs.split(",")])


@when(parsers.parse("the weapon range from {a} to {b} is measured"), target_fixture="board_measure")
def _measure_range(board, board_settings, a, b):
    return Geometry.from_options(board, Options(board_settings)).range_to(a, b)


@then(parsers.parse("the board sight is {sight}"))
def _sight_is(board_measure, sight):
    assert ("blocked" if board_measure is None else f"at distance {board_measure}") == sight


@then(parsers.parse("the board range is {moves:d}"))
def _range_is(board_measure, moves):
    assert board_measure == moves
