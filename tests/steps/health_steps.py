"""Steps for health, wounds and health +1 tokens (features/general/health.feature)."""

from pytest_bdd import given, parsers, then, when

from solver.health import Health


@given(parsers.parse("a {figure} with maximum health {maximum:d}, {wounds:d} wounds and no health +1 token"),
       target_fixture="health")
def _figure_no_tokens(figure, maximum, wounds):
    return Health(maximum=maximum, wounds=wounds)


@given(parsers.parse("a {figure} with maximum health {maximum:d}, {wounds:d} wounds and {held:d} health +1 tokens"),
       target_fixture="health")
def _figure_with_tokens(figure, maximum, wounds, held):
    return Health(maximum=maximum, wounds=wounds, health_plus_tokens=held)


@when(parsers.parse("it gains {amount:d} health"))
def _gains(health, amount):
    health.gain(amount)


@when(parsers.parse("it takes {amount:d} wounds"))
def _takes(health, amount):
    health.take_wounds(amount)


@then(parsers.parse("it has {wounds:d} wounds and {tokens:d} health +1 tokens"))
def _has(health, wounds, tokens):
    assert (health.wounds, health.health_plus_tokens) == (wounds, tokens)


@then(parsers.parse("its health is {value:d}"))
def _health_is(health, value):
    assert health.current == value


@then("it is killed")
def _killed(health):
    assert health.is_killed
