"""Helpers for the general rules' step modules (no steps here): word lists, and the small test game that the
spawn and outcome features play on — a tiny board, a short devouring track, win/loss hooks driven by flags."""

from __future__ import annotations

import re
from dataclasses import dataclass

from solver.boardfile import board_from_data
from solver.catalog import Options
from solver.game import Figure, GameState, Scenario, TrackSpace
from solver.health import Health
from solver.investigators import INVESTIGATORS


def words(text: str) -> list[str]:
    """``"3c, 1a and 2b"`` → ``["3c", "1a", "2b"]``; ``"none"`` and ``"empty"`` → ``[]``; quotes are dropped."""
    text = text.strip()
    if text in ("none", "empty"):
        return []
    parts = re.split(r",\s*|\s+and\s+", text)
    return [p.strip().strip('"') for p in parts if p.strip()]


def numbers(text: str) -> list[int]:
    """``"2, 4 and 5"`` → ``[2, 4, 5]``."""
    return [int(w) for w in words(text)]


def without_article(text: str) -> str:
    """``"an unbound activation"`` → ``"unbound activation"``."""
    return re.sub(r"^(?:a|an|the)\s+", "", text.strip())


TINY_BOARD = {
    "name": "General rules test board",
    "approximate": True,
    "note": "four small rooms for the general rules' scenarios",
    "rooms": {
        1: {"spaces": {"1a": ["spawn"], "1b": []}},
        2: {"spaces": {"2a": [], "2b": ["spawn"]}},
        3: {"spaces": {"3a": ["start"], "3b": [], "3c": ["spawn"]}},
        4: {"spaces": {"4a": [], "4b": ["spawn"]}},
    },
    "connections": [["1a", "1b"], ["1b", "2a"], ["2a", "2b"], ["2b", "3a"], ["3a", "3b"], ["3b", "3c"],
                     ["3c", "4a"], ["4a", "4b"]],
}


@dataclass
class TinyState(GameState):
    """The test game's state: the general state plus the two flags its win/loss hooks read."""

    winning_condition_met: bool = False
    losing_condition_met: bool = False


class TinyScenario(Scenario):
    """A test scenario: four rooms, a devouring track of ``track_length`` spaces, flags for winning and losing."""

    name = "general-test"
    title = "General rules test game"
    rooms = (1, 2, 3, 4)
    room_deck = (4,)
    devoured_deck = (1, 2, 3)
    state_class = TinyState

    def __init__(self, options: Options | None = None, track_length: int = 5) -> None:
        super().__init__(board_from_data(TINY_BOARD, "<general test board>"), options)
        self.devouring_track = tuple(TrackSpace(2) for _ in range(track_length))

    def setup(self, state, rng) -> None:
        for name, space in (("Lisbeth Gibson", "3a"), ("Sophie Brigman", "3a")):
            state.figures[name] = Figure(name, "investigator", space, Health(INVESTIGATORS[name].health))
            state.activation_track.append(name)
        state.reserve = {"Husk": 6, "Mind Eater": 6}

    def scenario_win(self, state):
        return ("outcome.win-scenario", "the test scenario's winning condition is met") \
            if state.winning_condition_met else None

    def scenario_loss(self, state):
        return ("outcome.loss-scenario", "the test scenario's losing condition is met") \
            if state.losing_condition_met else None
