"""Steps for actions outside of activation (features/general/outside_activation.feature)."""

from dataclasses import dataclass, field

import pytest
from pytest_bdd import given, parsers, then, when

from solver import activation
from solver.activation import Ability, ActivationContext, ActivationEffect, ActivationKind
from solver.errors import RuleViolation

from tests.general_helpers import without_article, words

CONTEXT_WORDS = r"(?P<context>an? (?:normal activation|action outside an activation|unbound activation))"


def _context(investigator: str, context: str) -> ActivationContext:
    return ActivationContext(investigator, ActivationKind(without_article(context)))


@dataclass
class ActivationTable:
    """The abilities and the start/end-of-activation effects of the scenario's investigator."""

    abilities: dict[str, Ability] = field(default_factory=dict)
    due: list[ActivationEffect] = field(default_factory=list)
    context: ActivationContext | None = None


@pytest.fixture
def activation_table() -> ActivationTable:
    return ActivationTable()


@given(parsers.parse('{investigator} has the ability "{ability}", usually available during her activation'))
def _activation_ability(activation_table, investigator, ability):
    activation_table.abilities[ability] = Ability(ability, during_activation=True)


@given(parsers.parse('{investigator} has the ability "{ability}", not tied to her activation'))
def _free_ability(activation_table, investigator, ability):
    activation_table.abilities[ability] = Ability(ability, during_activation=False)


@when(parsers.re(rf'(?P<investigator>.+) tries to use "(?P<ability>[^"]+)" in {CONTEXT_WORDS}'),
      target_fixture="ability_use")
def _try_use(activation_table, investigator, ability, context):
    try:
        activation.use(_context(investigator, context), activation_table.abilities[ability])
        return None
    except RuleViolation as refusal:
        return refusal


@then("using the ability is allowed")
def _allowed(ability_use):
    assert ability_use is None, ability_use


@then(parsers.parse('using the ability is refused by rule "{rule}"'))
def _refused(ability_use, rule):
    assert ability_use is not None, "the ability was used"
    assert ability_use.rule_id == rule


@when(parsers.re(rf"(?P<investigator>.+) acts in {CONTEXT_WORDS}"))
def _acts(activation_table, investigator, context):
    activation_table.context = _context(investigator, context)


@then(parsers.parse("the abilities {investigator} may use are {abilities}"))
def _usable(activation_table, investigator, abilities):
    usable = activation.usable(activation_table.context, activation_table.abilities.values())
    assert [a.name for a in usable] == words(abilities)


@given(parsers.parse("these effects take place at {investigator}'s activation:"))
def _due(activation_table, investigator, datatable):
    header, *rows = datatable
    assert header == ["effect", "moment"]
    activation_table.due = [ActivationEffect(name, moment) for name, moment in rows]


@when(parsers.re(rf"(?P<investigator>.+)'s turn in {CONTEXT_WORDS} begins"), target_fixture="triggered_effects")
def _begins(activation_table, investigator, context):
    return activation.begin(_context(investigator, context), activation_table.due)


@when(parsers.re(rf"(?P<investigator>.+)'s turn in {CONTEXT_WORDS} ends"), target_fixture="triggered_effects")
def _ends(activation_table, investigator, context):
    return activation.end(_context(investigator, context), activation_table.due)


@then(parsers.parse("the activation effects triggered are {effects}"))
def _triggered(triggered_effects, effects):
    assert [e.name for e in triggered_effects] == words(effects)
