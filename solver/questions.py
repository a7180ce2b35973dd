"""The registry of positional questions the command line answers: ``deepmadness <question> STATE.yaml``.

A question is a function ``(state, args) -> Answer`` registered with :func:`question`. ``args`` is a dict of the
question's own command-line arguments (declared as ``params``). Scenario modules register their own questions;
``load_all()`` imports every module that registers some.
"""

from __future__ import annotations

from dataclasses import dataclass

import importlib
from collections.abc import Callable

from .answers import Answer


@dataclass(frozen=True, slots=True)
class Param:
    """A question's own command-line argument: ``--name VALUE`` (or positional when ``positional``)."""

    name: str
    help: str
    required: bool = False
    positional: bool = False


@dataclass(frozen=True, slots=True)
class Question:
    """A registered question: its command-line name, help, answering function, scenarios and parameters."""

    name: str
    help: str
    func: Callable[..., Answer]
    scenarios: tuple[str, ...] = ()  # scenario names it applies to; empty: every scenario
    params: tuple[Param, ...] = ()


REGISTRY: dict[str, Question] = {}

# Modules that register questions. A new module appends itself here.
QUESTION_MODULES = (
    "solver.general_questions",
    "solver.scenarios.fathoms_dark",
    "solver.scenarios.fevered_dreams",
    "solver.scenarios.expectant_terror",
)


#: Which module registers each question, so that the command line imports only the one it runs
#: (:func:`load_question`); ``load_all`` imports them all. A test checks it against the registry.
QUESTION_HOMES: dict[str, str] = {
    "line-of-sight": "solver.general_questions",
    "distance": "solver.general_questions",
    "spawn-location": "solver.general_questions",
    "attack-targets": "solver.general_questions",
    "unbound-activation": "solver.scenarios.fathoms_dark",
    "purple-hazard": "solver.scenarios.fevered_dreams",
    "obscure-spawn": "solver.scenarios.fevered_dreams",
    "mist": "solver.scenarios.fevered_dreams",
    "nest-spawn": "solver.scenarios.expectant_terror",
    "valid-placements": "solver.scenarios.expectant_terror",
    "nest-return": "solver.scenarios.expectant_terror",
    "infested": "solver.scenarios.expectant_terror",
}


def question(name: str, help: str, scenarios: tuple[str, ...] = (), params: tuple[Param, ...] = ()):
    """Register a question under ``name`` (the command-line word)."""

    def deco(func):
        if name in REGISTRY:
            raise ValueError(f"question {name!r} registered twice")
        REGISTRY[name] = Question(name, help, func, scenarios, params)
        return func

    return deco


def load_all() -> dict[str, Question]:
    for mod in QUESTION_MODULES:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:  # a module not written yet
            if exc.name != mod:
                raise
    return REGISTRY


def load_question(name: str) -> Question | None:
    """The question ``name``, importing only the module that registers it when :data:`QUESTION_HOMES` knows it
    (every module otherwise); ``None`` for a name no module registers."""
    if name not in REGISTRY and name in QUESTION_HOMES:
        importlib.import_module(QUESTION_HOMES[name])
    if name not in REGISTRY:
        load_all()
    return REGISTRY.get(name)
