"""Steps for spawning with no location given (features/general/spawn.feature), on the test game of
general_helpers."""

import pytest
from pytest_bdd import given, parsers, then, when

from solver.catalog import Options
from solver.errors import RuleViolation

from tests.general_helpers import TinyScenario, numbers, words


@pytest.fixture
def test_game_spawns() -> list[str]:
    """The spaces the scenario's spawns went to, in order."""
    return []


@given(parsers.parse("a test game whose devoured deck is {deck}"), target_fixture="test_game")
def _game_with_deck(general_settings, deck):
    state = TinyScenario(Options(general_settings)).new_state()
    state.devoured_deck = numbers(deck)
    state.devoured_rooms = set(state.devoured_deck)
    return state


@when(parsers.parse("an effect spawns {item} in the test game without saying where"))
def _spawn(test_game, test_game_spawns, item):
    test_game_spawns.append(test_game.spawn_without_location())


@when(parsers.parse("an effect tries to spawn {item} in the test game without saying where"),
      target_fixture="test_game_refusal")
def _try_spawn(test_game, test_game_spawns, item):
    try:
        test_game_spawns.append(test_game.spawn_without_location())
        return None
    except RuleViolation as refusal:
        return refusal


@then(parsers.parse("the test game's spawns went to {spaces}"))
def _went_to(test_game, test_game_spawns, spaces):
    assert test_game_spawns == words(spaces)
    for space in test_game_spawns:
        assert test_game.board.space(space).is_spawn_space


@then(parsers.parse("the test game's devoured deck is {deck}"))
def _deck_is(test_game, deck):
    assert test_game.devoured_deck == numbers(deck)


@then(parsers.parse('the spawn is refused by rule "{rule}"'))
def _spawn_refused(test_game_refusal, rule):
    assert test_game_refusal is not None, "the spawn happened"
    assert test_game_refusal.rule_id == rule
