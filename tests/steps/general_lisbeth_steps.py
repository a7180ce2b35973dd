"""Steps for Lisbeth Gibson's stored die (features/general/lisbeth.feature)."""

from dataclasses import dataclass, field

import pytest
from pytest_bdd import given, parsers, then, when

from solver.catalog import Options
from solver.dice import DieStorage, Roll
from solver.errors import RuleViolation

from tests.general_helpers import numbers


@dataclass
class LisbethTable:
    """Lisbeth's storage, her rolls by purpose, and the result of her last attempt."""

    storage: DieStorage
    rolls: dict[str, Roll] = field(default_factory=dict)
    attempt: RuleViolation | None = None


@pytest.fixture
def lisbeth(general_settings) -> LisbethTable:
    return LisbethTable(DieStorage(Options(general_settings)))


@given("Lisbeth Gibson has no die stored")
def _empty(lisbeth):
    assert lisbeth.storage.is_empty


@when(parsers.parse('Lisbeth rolls {faces} for "{purpose}"'))
def _roll(lisbeth, faces, purpose):
    lisbeth.rolls[purpose] = lisbeth.storage.roll(numbers(faces), purpose)


@when(parsers.parse('Lisbeth stores the die showing {face:d} of the "{purpose}" roll'))
def _store(lisbeth, face, purpose):
    roll = lisbeth.rolls[purpose]
    lisbeth.storage.store(roll, roll.die_showing(face))


@when(parsers.parse('Lisbeth replaces the die showing {face:d} of the "{purpose}" roll with her stored die'))
def _replace(lisbeth, face, purpose):
    roll = lisbeth.rolls[purpose]
    lisbeth.storage.replace(roll, roll.die_showing(face))


def _attempt(lisbeth, action, purpose, face):
    """Try ``action`` (her storage's store or replace) on a die of a roll; keep the refusal, if any."""
    roll = lisbeth.rolls[purpose]
    try:
        action(roll, roll.die_showing(face))
        lisbeth.attempt = None
    except RuleViolation as refusal:
        lisbeth.attempt = refusal


@when(parsers.parse('Lisbeth tries to store the die showing {face:d} of the "{purpose}" roll'))
def _try_store(lisbeth, face, purpose):
    _attempt(lisbeth, lisbeth.storage.store, purpose, face)


@when(parsers.parse('Lisbeth tries to replace the die showing {face:d} of the "{purpose}" roll with her stored die'))
def _try_replace(lisbeth, face, purpose):
    _attempt(lisbeth, lisbeth.storage.replace, purpose, face)


@then(parsers.parse('the results of the "{purpose}" roll are {results}'))
def _results(lisbeth, purpose, results):
    assert list(lisbeth.rolls[purpose].results) == numbers(results)


@then(parsers.parse("Lisbeth's stored die shows {face:d}"))
def _stored(lisbeth, face):
    assert lisbeth.storage.stored is not None, "her storage is empty"
    assert lisbeth.storage.stored.face == face


@then("Lisbeth has no die stored")
def _nothing_stored(lisbeth):
    assert lisbeth.storage.is_empty, f"she holds {lisbeth.storage.stored}"


@then(parsers.parse('Lisbeth may store only the dice showing {faces} of the "{purpose}" roll'))
def _storable(lisbeth, faces, purpose):
    roll = lisbeth.rolls[purpose]
    assert sorted(d.face for d in lisbeth.storage.storable(roll)) == sorted(numbers(faces))


@then(parsers.parse('Lisbeth may replace only the dice showing {faces} of the "{purpose}" roll'))
def _replaceable(lisbeth, faces, purpose):
    roll = lisbeth.rolls[purpose]
    assert sorted(d.face for d in lisbeth.storage.replaceable(roll)) == sorted(numbers(faces))


@then(parsers.parse('Lisbeth\'s attempt is refused by rule "{rule}"'))
def _refused(lisbeth, rule):
    assert lisbeth.attempt is not None, "the attempt succeeded"
    assert lisbeth.attempt.rule_id == rule, lisbeth.attempt


@then("Lisbeth's attempt succeeds")
def _succeeds(lisbeth):
    assert lisbeth.attempt is None, lisbeth.attempt
