"""Steps for the expansion's components (features/general/components.feature)."""

import pytest
from pytest_bdd import given, parsers, then, when

from solver.catalog import Options
from solver.components import check_use, hatch_kind, total
from solver.errors import RuleViolation

from tests.general_helpers import without_article


@pytest.fixture
def chapter_excludes() -> list[str]:
    return []


@when(parsers.parse('the components on the line "{line}" of the component list are counted'),
      target_fixture="component_count")
def _count(line):
    return total(line)


@then(parsers.parse("the component count is {expected:d}"))
def _count_is(component_count, expected):
    assert component_count == expected


@given(parsers.parse("the chapter being played says not to use the {component}"))
def _chapter_excludes(chapter_excludes, component):
    chapter_excludes.append(component)


@when(parsers.re(r"the players ask whether the (?P<component>.+) may be used in (?P<where>an? .+)"),
      target_fixture="component_ruling")
def _ask(component, where, general_settings, chapter_excludes):
    try:
        return check_use(component, without_article(where), Options(general_settings), chapter_excludes)
    except RuleViolation as refusal:
        return refusal


@then(parsers.re(r'the components (?P<verdict>may|may not) be used, by rule "(?P<rule>[^"]+)"'))
def _verdict(component_ruling, verdict, rule):
    if verdict == "may":
        assert not isinstance(component_ruling, RuleViolation), component_ruling
    else:
        assert isinstance(component_ruling, RuleViolation), f"allowed: {component_ruling}"
    assert component_ruling.rule_id == rule


@when(parsers.parse("the players ask which hatch a {hatch} counts as"), target_fixture="hatch_answer")
def _ask_hatch(hatch):
    return hatch_kind(hatch)


@then(parsers.parse("it counts as a {kind} hatch"))
def _hatch_is(hatch_answer, kind):
    assert hatch_answer == kind


@when(parsers.parse("a position whose reserve holds {count:d} {monster} figures is read"), target_fixture="position_read")
def _read_position(general_settings, count, monster):
    """A small Expectant Terror position (any scenario would do) with that reserve, read as a state file is."""
    from solver.errors import InputError
    from solver.state import state_from_data

    data = {"scenario": "expectant-terror", "investigators": {"Lisbeth Gibson": {"space": "17a"}},
            "reserve": {monster: count}, "options": dict(general_settings)}
    try:
        return state_from_data(data, "pos.yaml")
    except InputError as refusal:
        return refusal


@then(parsers.re(r'the position is (?P<verdict>read|refused under "(?P<rule>[^"]+)")'))
def _position_verdict(position_read, verdict, rule):
    from solver.errors import InputError

    if rule is None:
        assert not isinstance(position_read, InputError), position_read
    else:
        assert isinstance(position_read, InputError) and position_read.rule_id == rule, position_read
