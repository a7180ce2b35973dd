"""Fathoms Dark steps shared by its features: the scenario context, refusals, marker counts, the outcome.

Every wording here names Fathoms Dark or one of its own terms (unbound marker, Objective Point, scenario card), so
no other area's step text can bind to it.
"""

from __future__ import annotations

import copy
import re

import pytest
from pytest_bdd import parsers, then

from solver.errors import InputError, RuleViolation
from solver.scenarios.fathoms_dark import FathomsDark, FathomsDarkState


def names(text: str) -> list[str]:
    """``"A, B and C"`` → ``["A", "B", "C"]``; ``nobody``, ``nothing``, ``none`` and ``empty`` → ``[]``."""
    text = text.strip()
    if text in ("nobody", "nothing", "none", "empty"):
        return []
    return [p.strip() for p in re.split(r",\s*|\s+and\s+", text) if p.strip()]


class FathomsContext:
    """One scenario's world: a position written as state-file data (read once, on first use), or a state built
    directly; the last result and the last refusal."""

    def __init__(self) -> None:
        self.data: dict = {"scenario": "fathoms-dark", "options": {}, "investigators": {}, "fathoms-dark": {}}
        self._state: FathomsDarkState | None = None
        self.result = None
        self.error: Exception | None = None
        self.board_data: dict | None = None
        self.scenario: FathomsDark | None = None

    @property
    def section(self) -> dict:
        return self.data["fathoms-dark"]

    def read(self) -> FathomsDarkState:
        from solver.state import state_from_data

        return state_from_data(copy.deepcopy(self.data), "<fathoms scenario>")

    @property
    def state(self) -> FathomsDarkState:
        if self._state is None:
            self._state = self.read()
        return self._state

    @state.setter
    def state(self, value: FathomsDarkState) -> None:
        self._state = value

    def attempt(self, func, *args, **kwargs):
        """Run an engine call, keeping a refusal (rule violation, bad input, bad value) for a Then step."""
        self.error = None
        try:
            self.result = func(*args, **kwargs)
        except (RuleViolation, InputError, ValueError) as exc:
            self.error = exc
        return self.result


@pytest.fixture
def fathoms() -> FathomsContext:
    return FathomsContext()


def _refused_under(error, rule: str) -> None:
    assert error is not None, "the step was not refused"
    assert isinstance(error, (RuleViolation, InputError)), f"refused, but not by a rule: {error!r}"
    assert error.rule_id == rule, f"refused under {error.rule_id!r}, not {rule!r}: {error}"


@then(parsers.parse('the Fathoms Dark step is refused under rule "{rule}"'))
def _step_refused(fathoms, rule):
    _refused_under(fathoms.error, rule)


@then(parsers.parse('the Fathoms Dark game is lost under rule "{rule}"'))
def _game_lost(fathoms, rule):
    outcome = fathoms.state.outcome()
    assert outcome is not None and not outcome.is_win, f"the game is not lost: {outcome}"
    assert outcome.rule_id == rule, outcome


@then(parsers.parse('the Fathoms Dark game is won under rule "{rule}"'))
def _game_won(fathoms, rule):
    outcome = fathoms.state.outcome()
    assert outcome is not None and outcome.is_win, f"the game is not won: {outcome}"
    assert outcome.rule_id == rule, outcome


@then("the Fathoms Dark game goes on")
def _game_goes_on(fathoms):
    assert fathoms.state.outcome() is None, fathoms.state.outcome()


@then(parsers.parse("{n:d} unbound markers are on the Unbound card"))
def _on_card(fathoms, n):
    assert fathoms.state.unbound_card == n


@then(parsers.parse("{n:d} unbound marker is out of the game"))
@then(parsers.parse("{n:d} unbound markers are out of the game"))
def _out_of_game(fathoms, n):
    assert fathoms.state.removed_markers == n


@then("no unbound marker is on the board or out of the game")
def _none_elsewhere(fathoms):
    assert not fathoms.state.unbound_markers
    assert fathoms.state.removed_markers == 0


@then(parsers.parse("the scenario card deck is {cards}"))
def _deck_is(fathoms, cards):
    assert fathoms.state.scenario_deck == names(cards)


@then(parsers.parse("the scenario card deck holds {cards}, in some order"))
def _deck_holds(fathoms, cards):
    assert sorted(fathoms.state.scenario_deck) == sorted(names(cards))


@then(parsers.parse("the Fathoms Dark activation phase runs {order}"))
def _activation_phase(fathoms, order):
    assert fathoms.state.scenario.activation_phase_order(fathoms.state) == names(order)
