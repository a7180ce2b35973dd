"""Binds every feature file under features/ to pytest-bdd: each Scenario (and each Examples row) is a test."""

from pytest_bdd import scenarios

scenarios("../features")
