"""The general rules' option step: ``Given the general option "NAME" is set to "SETTING"``.

It comes first in a scenario; the steps that build a die storage, a test game or a component ruling read the
settings from the ``general_settings`` fixture."""

import pytest
from pytest_bdd import given, parsers

from solver.catalog import Options


@pytest.fixture
def general_settings() -> dict[str, str]:
    return {}


@given(parsers.parse('the general option "{name}" is set to "{setting}"'))
def _general_option(general_settings, name, setting):
    Options({**general_settings, name: setting})  # an unknown option or setting fails here
    general_settings[name] = setting
