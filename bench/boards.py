"""Big boards for the growth figures: a shipped example's board drawn out, every connection made a corridor of new
spaces, until the board has about the size asked for. Every printed feature (spawn spaces, portals, Objective
Points …) and every figure of the example stay where they were, so the example's question still applies; only the
distances grow (each connection becomes ``per + 1`` moves), and with them every search.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from solver.fileio import write_atomic
from solver.scenarios import board_file
from solver.yamlio import load_yaml_file


def letters(i: int) -> str:
    """Space letters after the room number: a … z, aa, ab …

    >>> [letters(i) for i in (0, 25, 26, 27, 701, 702)]
    ['a', 'z', 'aa', 'ab', 'zz', 'aaa']
    """
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(97 + r) + out
    return out


def stretch(board: dict, size: int) -> tuple[dict, int]:
    """``board`` (a board file's data) with each connection drawn out through new spaces of the room it starts in,
    to about ``size`` spaces; and how many new spaces each connection got."""
    rooms = {int(r): dict(room) for r, room in board["rooms"].items()}
    for room in rooms.values():
        room["spaces"] = dict(room["spaces"])
    count = sum(len(room["spaces"]) for room in rooms.values())
    per = max(0, (size - count) // len(board["connections"]))
    made = dict.fromkeys(rooms, 26)  # new spaces are named aa, ab …: no shipped room has 26 spaces
    connections = []
    for a, b, *hatch in board["connections"]:
        room = int(re.match(r"\d+", a).group())
        chain = [a]
        for _ in range(per):
            chain.append(f"{room}{letters(made[room])}")
            made[room] += 1
            rooms[room]["spaces"][chain[-1]] = []
        chain.append(b)
        connections += [[x, y] for x, y in zip(chain, chain[1:-1])] + [[chain[-2], b, *hatch]]
    return {**board, "rooms": rooms, "connections": connections, "note": "drawn out by the benchmark"}, per


@dataclass(frozen=True)
class Position:
    """An example's position on its board drawn out: the state file written, the board's number of spaces."""

    state_file: Path
    spaces: int
    per: int  # new spaces on each connection: a connection is per + 1 moves

    def load(self, options=None):
        from solver.state import load_state

        return load_state(self.state_file, options)


def stretched(example: Path, size: int, folder: Path) -> Position:
    """The example's state on its board (``board:``, else its scenario's shipped one) drawn out to about ``size``
    spaces, written into ``folder``."""
    state = load_yaml_file(example)
    source = example.parent / state["board"] if state.get("board") else board_file(state["scenario"])
    board, per = stretch(load_yaml_file(source), size)
    name = f"{example.stem}-{size}"
    write_atomic(folder / f"{name}-board.yaml", yaml.safe_dump(board, sort_keys=False))
    write_atomic(folder / f"{name}.yaml", yaml.safe_dump({**state, "board": f"{name}-board.yaml"}, sort_keys=False,
                                                           allow_unicode=True))
    return Position(folder / f"{name}.yaml", sum(len(r["spaces"]) for r in board["rooms"].values()), per)
