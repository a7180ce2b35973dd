"""A tiny scenario and board for the state-file and command-line tests, independent of the shipped scenarios.

``tiny`` is registered in :data:`solver.scenarios.SCENARIOS` for the length of a test (fixture ``tiny``). Its own
state-file section (``SECTION``, beside the class) holds ``mist: [spaces]`` — spaces that block sight — so the tests
exercise a :class:`~solver.state.ScenarioSection` and the hooks ``sight_blockers`` and ``attack_targets`` the way a
real scenario does.

The board (rooms 1, 2, 3 and 4)::

    1a ── 1b ── 2a ── 2b ══3d══ 3a        1a ─closed─ 2a  (a second way into room 2)
     │                 │                  2b ─ 4a ─ 4b ─ 4c ─ 3a   (the long way round room 4)
    1c ───────────── 2c
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from solver.game import GameState, Scenario, Target, TrackSpace
from solver.state import ScenarioSection

TINY_BOARD = textwrap.dedent("""\
    name: Tiny
    approximate: true
    note: a test board
    rooms:
      1:
        spaces:
          1a: [spawn, start]
          1b: []
          1c: []
      2:
        spaces:
          2a: [spawn]
          2b: {objective_point: star}
          2c: {portal: red}
      3:
        spaces:
          3a: [spawn]
      4:
        spaces:
          4a: [spawn]
          4b: []
          4c: []
    connections:
      - [1a, 1b]
      - [1b, 2a]
      - [1a, 2a, closed]
      - [1a, 1c]
      - [1c, 2c]
      - [2a, 2b]
      - [2b, 2c]
      - [2b, 3a, 3d]
      - [2b, 4a]
      - [4a, 4b]
      - [4b, 4c]
      - [4c, 3a]
    """)

TINY_STATE = textwrap.dedent("""\
    scenario: tiny
    board: board.yaml
    round: 2
    devour_marker: 2
    devoured_deck: [2, 3]
    room_deck: [1, 4]
    reserve: {Husk: 4, Mind Eater: 6}
    investigators:
      Lisbeth Gibson: {space: 1a, wounds: 1, tokens: {slow: 1}}
      Emma Kruger: {space: 2b, health: 8, health_plus_tokens: 1}
    activation_track: [Emma Kruger, Lisbeth Gibson]
    monsters:
      - {type: Husk, space: 2a}
      - {type: Husk, space: 3a, wounds: 2}
      - {type: Parasite, space: 4b, health: 2}
    """)


@dataclass
class TinyState(GameState):
    mist: set[str] = field(default_factory=set)  # spaces that block sight


class TinyScenario(Scenario):
    """Four rooms, a four-space devouring track, and mist spaces that block sight."""

    name = "tiny"
    title = "Tiny"
    rooms = (1, 2, 3, 4)
    room_deck = (1, 4)
    devoured_deck = (2, 3)
    devouring_track = tuple(TrackSpace(v) for v in (3, 2, 3, 2))
    state_class = TinyState

    def sight_blockers(self, state) -> frozenset[str]:
        return frozenset(state.mist)

    def attack_targets(self, state, attacker_id) -> list[Target]:
        # a marker treated as a monster on the Objective Point, as the scenarios have
        return super().attack_targets(state, attacker_id) + [Target("star marker", "2b", "test_marker")]


class TinySection(ScenarioSection):
    """The tiny scenario's own section: ``tiny: {mist: [spaces]}`` (declared beside the scenario's class)."""

    keys = (("mist", "the spaces that block sight"),)

    def read(self, section, state) -> None:
        section.keys(("mist",))
        for item in section.get("mist", []).list():
            space = item.text()
            if space not in state.board.spaces:
                raise item.error(f"no space {space!r} on the board")
            state.mist.add(space)

    def write(self, state) -> dict:
        return {"mist": sorted(state.mist)} if state.mist else {}


SECTION = TinySection()


@pytest.fixture
def tiny(tmp_path, monkeypatch):
    """Registers the tiny scenario, writes its board; returns a function that writes a state file and gives its
    path (``tiny(text)``; ``tiny()`` writes :data:`TINY_STATE`)."""
    from solver.scenarios import SCENARIOS

    monkeypatch.setitem(SCENARIOS, "tiny", (__name__, "TinyScenario"))
    (tmp_path / "board.yaml").write_text(TINY_BOARD, encoding="utf-8")

    def write(text: str = TINY_STATE, name: str = "state.yaml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


def assert_refused(read, changes, entry: str, rule: str | None, words: str, file: str = "pos.yaml") -> None:
    """``read(changes)`` must raise one InputError naming ``file``, ``entry`` and ``rule``, saying ``words``."""
    from solver.errors import InputError

    with pytest.raises(InputError) as caught:
        read(changes)
    err = caught.value
    assert err.file == file
    assert err.entry == entry, err
    assert err.rule_id == rule, err
    assert words in err.message, err
