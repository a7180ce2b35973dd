"""Long paths and searches shared between questions: the search out of several goals also says which goals are
nearest, a walk down shortest paths reuses it, and the unbound activation shows a path of many moves by its length
and its ends (``--paths full``: whole) — each checked against the plain searches it replaces."""

from __future__ import annotations

import copy
import itertools
import json
import random
from dataclasses import dataclass
from pathlib import Path

import yaml

import pytest

from solver.boardfile import load_board
from solver.cli import main
from solver.errors import BadParameter
from solver.questions import load_all
from solver.scenarios import board_file

BOARDS = ("fathoms-dark", "fevered-dreams", "expectant-terror")
HATCH_SETS = (frozenset(), frozenset({"locked", "sealed"}), frozenset({"closed", "locked", "sealed"}))


@pytest.mark.parametrize("name", BOARDS)
@pytest.mark.parametrize("hatches", HATCH_SETS, ids=lambda h: "+".join(sorted(h)) or "open")
def test_nearest_goals_are_the_goals_at_the_least_distance(name, hatches):
    board = load_board(board_file(name))
    spaces = sorted(board.spaces)
    rng = random.Random(f"{name}{sorted(hatches)}")
    for _ in range(12):
        goals = rng.sample(spaces, rng.randint(1, 6))
        for start in rng.sample(spaces, 10):
            far = {g: board.distance(start, g, hatches) for g in goals}
            reached = [d for d in far.values() if d is not None]
            expected = {g for g, d in far.items() if reached and d == min(reached)}
            assert board.nearest_goals(start, goals, hatches) == expected
            assert board.distances_to(goals, hatches).get(start) == (min(reached) if reached else None)


@pytest.mark.parametrize("name", BOARDS)
def test_a_walk_reusing_a_search_out_of_goals_lists_the_same_paths(name):
    """shortest_paths after distances_to (which it reuses) equals shortest_paths on a board that searched from the
    goal itself; first_shortest_path is the first of them, and says whether there are others."""
    hatches = frozenset({"locked", "sealed"})
    rng = random.Random(name)
    spaces = sorted(load_board(board_file(name)).spaces)
    for _ in range(15):
        reuse, fresh = load_board(board_file(name)), load_board(board_file(name))
        goals = rng.sample(spaces, rng.randint(1, 5))
        reuse.distances_to(goals, hatches)
        for start in rng.sample(spaces, 8):
            for goal in reuse.nearest_goals(start, goals, hatches):
                expected = fresh.shortest_paths(start, goal, 1000, hatches)
                assert reuse.shortest_paths(start, goal, 1000, hatches) == expected
                assert reuse.first_shortest_path(start, goal, hatches) == (expected[0], len(expected) > 1)


@pytest.mark.parametrize("name", BOARDS)
def test_first_shortest_path_matches_every_shortest_path(name):
    board = load_board(board_file(name))
    for a, b in itertools.islice(itertools.product(sorted(board.spaces), repeat=2), 0, None, 7):
        paths = board.shortest_paths(a, b, limit=2)
        assert board.first_shortest_path(a, b) == ((paths[0], len(paths) > 1) if paths else ((), False))


@dataclass(frozen=True)
class FarPosition:
    """A Fathoms Dark position written as files: the shipped board with every connection drawn out into a corridor
    of new spaces, so that the infected investigator is hundreds of moves from anyone to attack."""

    state_file: Path

    def load(self):
        from solver.state import load_state

        return load_state(self.state_file)


def _drawn_out(per: int) -> dict:
    """The shipped Fathoms Dark board with ``per`` new spaces on every connection (named after the room it starts
    in: 5aa, 5ab …), every printed feature where it was."""
    from solver.yamlio import load_yaml_file

    data = copy.deepcopy(load_yaml_file(board_file("fathoms-dark")))
    made: dict[str, int] = {}
    connections = []
    for a, b, *hatch in data["connections"]:
        room = a.rstrip("abcdefghijklmnopqrstuvwxyz")
        chain = [a]
        for _ in range(per):
            n = made.get(room, 0)
            made[room] = n + 1
            chain.append(f"{room}{chr(97 + n // 26 % 26)}{chr(97 + n % 26)}{chr(97 + n // 676)}")
            data["rooms"][int(room)]["spaces"][chain[-1]] = []
        chain.append(b)
        connections += [[x, y] for x, y in zip(chain, chain[1:-1])] + [[chain[-2], b, *hatch]]
    data["connections"] = connections
    data["note"] = "drawn out for the long-path tests"
    return data


@pytest.fixture(scope="module")
def far_position(tmp_path_factory):
    folder = tmp_path_factory.mktemp("long")
    (folder / "board.yaml").write_text(yaml.safe_dump(_drawn_out(60)), encoding="utf-8")
    state = {"scenario": "fathoms-dark", "board": "board.yaml",
             "investigators": {"Sophie Brigman": {"space": "24b"}, "Lisbeth Gibson": {"space": "9a"}},
             "fathoms-dark": {"objective_markers": {"Sophie Brigman": "star", "Lisbeth Gibson": "circle"},
                              "acquired": ["Sophie Brigman"], "unbound_markers": {"Sophie Brigman": {}},
                              "search_deck": [{"name": "Knife", "weapon": True, "range": 0}]}}
    (folder / "far.yaml").write_text(yaml.safe_dump(state, allow_unicode=True), encoding="utf-8")
    return FarPosition(folder / "far.yaml")


def _answer(position, **args):
    return load_all()["unbound-activation"].func(position.load(), {"investigator": "Sophie Brigman", **args})


def test_a_long_path_is_shown_by_its_length_and_its_ends(far_position):
    short, full = _answer(far_position), _answer(far_position, paths="full")
    assert [c.value["actions"] for c in short.choices] == [c.value["actions"] for c in full.choices]
    board = far_position.load().board
    hatches = frozenset({"locked", "sealed"})
    told = [p for c in short.choices for p in c.value["paths"]]
    assert told and all(p["shortened"] for p in told)
    for p in told:
        paths = board.shortest_paths(p["from"], p["to"], 2, hatches)
        assert p["moves"] == len(paths[0]) - 1 > 12
        assert (p["first"], p["last"]) == (list(paths[0][:3]), list(paths[0][-3:]))
        assert p["several"] == (len(paths) > 1)
        line = next(e for e in short.explanation if e.startswith(f"shortest path {p['from']} to {p['to']}"))
        assert f"{p['moves']} moves, {' → '.join(p['first'])} → … → {' → '.join(p['last'])}" in line
        assert len(line) < 200
    assert any("paths: full" in e for e in short.explanation)
    whole = [p for c in full.choices for p in c.value["paths"]]
    for p in whole:
        assert p["paths"] == [list(x) for x in board.shortest_paths(p["from"], p["to"], 3, hatches)]
        assert all(len(x) - 1 == p["moves"] for x in p["paths"])
    assert not any("paths: full" in e for e in full.explanation)


def test_the_command_line_takes_paths_and_refuses_a_bad_value(far_position, capsys):
    argv = ["unbound-activation", str(far_position.state_file), "--investigator", "Sophie Brigman", "--json"]
    assert main(argv + ["--paths", "full"]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert all("paths" in p for c in whole["choices"] for p in c["value"]["paths"])
    with pytest.raises(BadParameter, match="ends, full") as caught:
        load_all()["unbound-activation"].bind({"investigator": "Sophie Brigman", "paths": "some"})
    assert caught.value.parameter == "paths"
    assert main(argv + ["--paths", "some"]) == 2
    assert "--paths" in capsys.readouterr().err


def test_short_paths_are_shown_whole_as_before():
    from solver.state import load_state

    state = load_state(Path(__file__).resolve().parent.parent / "examples" / "fathoms-dark-unbound-activation.yaml")
    answer = load_all()["unbound-activation"].func(state, {"investigator": "Sophie Brigman"})
    assert "  shortest path 5b to 26a: 5b → 5c → 26a" in "\n" + "\n".join("  " + e for e in answer.explanation)
    assert not any("paths: full" in e for e in answer.explanation)
    assert all("paths" in p and "shortened" not in p for c in answer.choices for p in c.value["paths"])
