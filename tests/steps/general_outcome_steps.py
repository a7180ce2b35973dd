"""Steps for winning and losing (features/general/outcome.feature), on the test game of general_helpers."""

import random

import pytest
from pytest_bdd import given, parsers, then, when

from solver.catalog import Options
from solver.game import play_round, players_must_choose

from tests.general_helpers import TinyScenario, words


@pytest.fixture
def test_game_reserve_given() -> list[bool]:
    """For each monster that had to spawn: whether the reserve gave a figure."""
    return []


@given("a test game", target_fixture="test_game")
def _game(general_settings):
    return TinyScenario(Options(general_settings)).new_state()


@given(parsers.parse("the test game's devouring track has {length:d} spaces"))
def _track(test_game, length):
    test_game.scenario = TinyScenario(test_game.options, track_length=length)


@given(parsers.parse("the test game's devour marker stands on space {space:d}"))
def _marker(test_game, space):
    assert 1 <= space <= len(test_game.scenario.devouring_track)
    test_game.devour_marker = space - 1


@given("the test scenario's winning condition is met")
def _win_met(test_game):
    test_game.winning_condition_met = True


@given("the test scenario's losing condition is met")
def _loss_met(test_game):
    test_game.losing_condition_met = True


@given(parsers.parse("{investigator} holds {tokens:d} health +1 tokens in the test game"))
def _tokens(test_game, investigator, tokens):
    test_game.figures[investigator].health.gain(tokens)
    assert test_game.figures[investigator].health.health_plus_tokens == tokens


@when(parsers.parse("{investigator} takes {wounds:d} wounds in the test game"))
def _wounds(test_game, investigator, wounds):
    test_game.figures[investigator].health.take_wounds(wounds)


@given(parsers.parse("{investigator} is killed instantly in the test game"))
@when(parsers.parse("{investigator} is killed instantly in the test game"))
def _killed(test_game, investigator):
    test_game.figures[investigator].killed = True


@given(parsers.parse("the test game's reserve holds {husks:d} Husk, {eaters:d} Mind Eater and {grudges:d} Grudge"))
def _reserve(test_game, husks, eaters, grudges):
    test_game.reserve = {"Husk": husks, "Mind Eater": eaters, "Grudge": grudges}


@when(parsers.parse("a {monster} must spawn in the test game"))
def _must_spawn(test_game, test_game_reserve_given, monster):
    before = dict(test_game.reserve)
    given = test_game.take_from_reserve(monster)
    assert test_game.reserve.get(monster, 0) == before.get(monster, 0) - (1 if given else 0)
    test_game_reserve_given.append(given)


@then(parsers.parse("the test game's reserve gives {count:d} {monster} for the spawn"))
def _reserve_gives(test_game_reserve_given, count, monster):
    assert test_game_reserve_given[-1] == bool(count)


@then(parsers.re(r"the test game (?P<verdict>goes on|is lost \((?P<lost>[^)]+)\)|is won \((?P<won>[^)]+)\))"))
def _outcome(test_game, verdict, lost, won):
    outcome = test_game.outcome()
    if verdict == "goes on":
        assert outcome is None, outcome
        assert not test_game.is_over()
        return
    assert outcome is not None, "the game goes on"
    assert test_game.is_over()
    assert outcome.result == ("loss" if lost else "win"), outcome
    assert outcome.rule_id == (lost or won), outcome
    assert outcome.termination.rule_id == (lost or won), outcome


@then(parsers.parse("{investigator} is alive and unwounded in the test game"))
def _alive(test_game, investigator):
    figure = test_game.figures[investigator]
    assert not figure.killed and not figure.health.is_killed and figure.health.wounds == 0


@then(parsers.parse("no investigator takes another action in the test game: it is over for {investigators} alike"))
def _over_for_all(test_game, investigators):
    """outcome.together: the game ends for the whole team — a round played on asks no one, alive or not, to act."""
    assert test_game.outcome() is not None
    asked: list[str] = []

    def pick(actions):
        asked.append(actions)
        return None

    play_round(test_game.scenario, test_game, random.Random(0), players_must_choose, pick)
    assert all(name in test_game.figures for name in words(investigators))
    assert asked == [], f"an investigator was asked to act after the game ended: {asked}"


@then(parsers.parse("the test game's outcome also names {rules}"))
def _also(test_game, rules):
    assert list(test_game.outcome().also_met) == words(rules)
