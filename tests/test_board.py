"""Board files and the geometry of a position: distances, every tied shortest path, sight, range and hatches
under each setting of the board assumptions (solver/catalog/board.yaml)."""

from __future__ import annotations

import textwrap

import pytest
import yaml

from solver.board import Geometry
from solver.boardfile import board_from_data
from solver.catalog import Options
from solver.errors import InputError
from solver.yamlio import load_yaml_text
from tests.test_state_support import TINY_BOARD


@pytest.fixture(scope="module")
def board():
    return board_from_data(load_yaml_text(TINY_BOARD, "tiny.yaml"), "tiny.yaml")


def geo(board, blockers=(), **settings):
    return Geometry.from_options(board, Options({k.replace("_", ".", 1).replace("_", "-"): v for k, v in settings.items()}), blockers)


# --- board files ------------------------------------------------------------------------------------------------------
def _board(text):
    return board_from_data(load_yaml_text(textwrap.dedent(text), "b.yaml"), "b.yaml")


BAD_BOARDS = [
    ("not a mapping", "- 1a\n", "a board file must be a mapping"),
    ("unknown key", "rooms: {1: {spaces: {1a: [spawn]}}}\nconections: []\n", "conections: unknown key 'conections'"),
    ("no rooms", "name: x\n", "rooms: 'rooms' must map room numbers"),
    ("room number as text", "rooms: {one: {spaces: {1a: [spawn]}}}\n", "rooms.one: room number 'one'"),
    ("space of another room", "rooms: {1: {spaces: {2a: [spawn]}}}\n",
     "rooms.1.spaces.2a: space ID '2a' must be the room number and a letter"),
    ("no spawn space", "rooms: {1: {spaces: {1a: []}}}\n",
     "rooms.1: room 1 must have exactly one spawn space, not 0 [board.one-spawn-space]"),
    ("two spawn spaces", "rooms: {1: {spaces: {1a: [spawn], 1b: [spawn]}}}\n", "not 2 [board.one-spawn-space]"),
    ("unknown feature", "rooms: {1: {spaces: {1a: [spawn, lava]}}}\n", "unknown feature(s) ['lava']"),
    ("two stars", "rooms: {1: {spaces: {1a: {features: [spawn], objective_point: star}, "
                  "1b: {objective_point: star}}}}\n", "objective point 'star' is on both 1a and 1b"),
    ("connection to nowhere", "rooms: {1: {spaces: {1a: [spawn]}}}\nconnections: [[1a, 1z]]\n",
     "connections[0]: connection to missing space '1z'"),
    ("connected twice", "rooms: {1: {spaces: {1a: [spawn], 1b: []}}}\nconnections: [[1a, 1b], [1b, 1a, closed]]\n",
     "connections[1]: 1b and 1a are already connected by connections[0]"),
    ("unknown hatch", "rooms: {1: {spaces: {1a: [spawn], 1b: []}}}\nconnections: [[1a, 1b, ajar]]\n",
     "connections[0]: unknown hatch 'ajar'"),
    ("approximate as text", "approximate: maybe\nrooms: {1: {spaces: {1a: [spawn]}}}\n",
     "approximate: must be true or false"),
]


@pytest.mark.parametrize("name, text, fragment", BAD_BOARDS, ids=[b[0] for b in BAD_BOARDS])
def test_a_bad_board_file_names_file_and_entry(name, text, fragment):
    with pytest.raises(InputError) as err:
        _board(text)
    assert str(err.value).startswith("b.yaml")
    assert fragment in str(err.value)


def test_a_3d_hatch_is_read_as_a_locked_hatch(board):
    assert board.hatch_between("2b", "3a") == "locked"
    assert board.hatch_between("3a", "2b") == "locked"
    assert board.hatch_between("1a", "2a") == "closed"
    assert board.hatch_between("1a", "1b") is None


# --- distance (board.distance, hatch.blocks-movement) ------------------------------------------------------------------
def test_distance_is_the_fewest_moves_and_every_tied_path_is_listed(board):
    g = geo(board)
    assert g.move_distance("1a", "1a") == 0
    assert g.move_paths("1a", "1a") == [("1a",)]
    # the closed hatch 1a-2a does not block movement by default: two moves, one way
    assert g.move_paths("1a", "2b") == [("1a", "2a", "2b")]
    # 1b to 2c: through 2a and 2b, or back through 1a and 1c — both 3 moves
    assert g.move_distance("1b", "2c") == 3
    assert sorted(g.move_paths("1b", "2c")) == [("1b", "1a", "1c", "2c"), ("1b", "2a", "2b", "2c")]


@pytest.mark.parametrize("setting, expected", [
    ("locked-and-sealed", 6),      # the locked (3D) hatch 2b-3a is shut: 1a 2a 2b, then round room 4
    ("closed-locked-sealed", 7),   # and the closed one 1a-2a: round 1b as well
    ("none", 3),                   # straight through both
])
def test_which_hatches_stop_movement(board, setting, expected):
    assert geo(board, hatch_blocks_movement=setting).move_distance("1a", "3a") == expected


def test_first_steps_toward_the_nearest_goal_list_every_tied_step(board):
    # from 2b, 1b and 1c are both two moves away (via 2a, via 2c): both first steps are the players' choice
    assert board.first_steps_toward("2b", ["1b", "1c"]) == (2, ["2a", "2c"])
    assert board.first_steps_toward("2b", ["2b"]) == (0, [])
    assert board.first_steps_toward("2b", ["3a"], frozenset({"locked"})) == (4, ["4a"])


# --- sight (sight.model, hatch.blocks-sight, blockers) -----------------------------------------------------------------
def test_sight_follows_connections_and_stops_at_shut_hatches(board):
    g = geo(board)
    assert g.sight_distance("1a", "1a") == 0
    # the closed hatch 1a-2a blocks sight by default: round by 1b or by 1c
    assert g.sight_distance("1a", "2b") == 3
    assert sorted(g.sight_paths("1a", "2b")) == [("1a", "1b", "2a", "2b"), ("1a", "1c", "2c", "2b")]
    assert geo(board, hatch_blocks_sight="locked-and-sealed").sight_distance("1a", "2b") == 2
    assert geo(board, hatch_blocks_sight="none").sight_distance("1a", "3a") == 3


def test_a_blocking_space_stops_sight_getting_in_through_and_out(board):
    g = geo(board, blockers={"2a"})
    assert g.sight_distance("1b", "2a") is None   # into
    assert g.sight_distance("2a", "1b") is None   # out of
    assert g.sight_distance("2a", "2a") is None   # a figure in a blocking space sees nothing, not even its own
    assert g.sight_paths("2a", "2a") == [] and g.sight_distances_from("2a") == {}
    seeing = Geometry.from_options(board, Options(), {"2a"}, sees_own_blocked_space=True)  # unless the scenario
    assert seeing.sight_distance("2a", "2a") == 0 and seeing.sight_paths("2a", "2a") == [("2a",)]   # says so
    assert seeing.sight_distance("2a", "1b") is None and seeing.sight_distances_from("2a") == {"2a": 0}
    assert seeing.in_range("2a", "2a", 0) and not seeing.in_range("2a", "2b", 1)
    assert g.sight_paths("1a", "2b") == [("1a", "1c", "2c", "2b")]   # not through 2a
    g = geo(board, blockers={"2a", "2c"})
    assert g.sight_distance("1a", "2b") is None
    assert g.sight_paths("1a", "2b") == []
    # movement is not sight: blockers don't lengthen a move
    assert g.move_distance("1a", "2b") == 2


def test_same_room_sight(board):
    g = geo(board, sight_model="same-room")
    assert g.sight_distance("1b", "1c") == 2
    assert g.sight_distance("1b", "2a") is None
    assert g.sight_distance("2a", "2c") == 2
    assert geo(board).sight_distance("1b", "2a") == 1


# --- range (sight.range) -----------------------------------------------------------------------------------------------
def test_range_zero_is_the_own_space(board):
    g = geo(board)
    assert g.in_range("2a", "2a", 0)
    assert not g.in_range("2a", "2b", 0)
    assert g.in_range("2a", "2b", 1)


@pytest.mark.parametrize("setting, needed", [("sight-distance", 3), ("moves-and-sight", 2)])
def test_how_range_is_counted(board, setting, needed):
    # 1a to 2b: 2 moves through the closed hatch, but sight goes round it in 3
    g = geo(board, sight_range=setting)
    assert g.range_to("1a", "2b") == needed
    assert g.in_range("1a", "2b", needed) and not g.in_range("1a", "2b", needed - 1)


def test_range_needs_sight_under_every_setting(board):
    for setting in ("sight-distance", "moves-and-sight"):
        g = geo(board, blockers={"2b"}, sight_range=setting)
        assert g.range_to("2a", "2b") is None and not g.in_range("2a", "2b", 5)


def test_every_board_assumption_is_catalogued_with_its_grounds():
    from solver.catalog import catalog

    cat = catalog()
    for name in ("board.distance", "board.one-spawn-space", "board.room-cards", "sight.model", "sight.range",
                 "hatch.blocks-movement", "hatch.blocks-sight"):
        opt = cat.option(name)
        assert opt.kind == "assumption" and opt.area == "board" and opt.grounds
    # the settings the code knows are exactly the catalogued ones
    from solver.board import _HATCH_SETTINGS, SIGHT_MODELS

    assert set(cat.option("hatch.blocks-movement").choices) <= set(_HATCH_SETTINGS)
    assert set(cat.option("hatch.blocks-sight").choices) <= set(_HATCH_SETTINGS)
    assert set(cat.option("sight.model").choices) == set(SIGHT_MODELS)
    assert yaml.safe_load(TINY_BOARD)["rooms"]  # the test board itself is plain YAML
