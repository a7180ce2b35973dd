"""The registry of positional questions the command line answers: ``deepmadness <question> STATE.yaml``.

A question is a function ``(state, args) -> Answer`` registered with :func:`question`. ``args`` maps the names of
the question's own parameters (declared as :class:`Param`, with their type, choices and bounds) to values already
of that type: the command line checks them (argparse, from the same declarations), and :meth:`Question.bind` does
the same for an example file's ``args``. A question refers to a parameter by its name (``investigator``), never
by a command-line flag: a value that names nothing in the position raises :class:`~solver.errors.BadParameter`.
Scenario modules register their own questions; :data:`QUESTIONS` says which module registers which, so that
``load_question(name)`` imports one module and ``load_all()`` every one.
"""

from __future__ import annotations

from dataclasses import dataclass

import importlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .answers import Answer
from .errors import BadParameter


@dataclass(frozen=True, slots=True)
class Param:
    """A question's own parameter: ``--name VALUE`` on the command line (or positional when ``positional``).

    ``type`` converts the text given (``str`` or ``int``); ``choices`` lists the only values allowed;
    ``minimum``/``maximum`` bound a whole number; ``default`` is the value when it is left out (``None``: the
    question gets no entry for it)."""

    name: str
    help: str
    required: bool = False
    positional: bool = False
    type: Callable[[str], Any] = str
    choices: tuple[Any, ...] = ()
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None

    def check(self, raw: Any) -> Any:
        """``raw`` (text, or a value of the declared type) converted and checked; a bad value raises
        :class:`ValueError` with what is wrong, in words (the caller names the parameter)."""
        if self.type is int:
            if isinstance(raw, bool) or not isinstance(raw, (int, str)):
                raise ValueError(f"must be a whole number, not {raw!r}")
            try:
                value = int(str(raw).strip())
            except ValueError:
                raise ValueError(f"must be a whole number, not {raw!r}") from None
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"must be at most {self.maximum}, not {value}")
        else:
            value = self.type(str(raw).strip())
        if self.choices and value not in self.choices:
            raise ValueError(f"must be one of {', '.join(map(str, self.choices))}, not {value!r}")
        return value


@dataclass(frozen=True, slots=True)
class Question:
    """A registered question: its command-line name, help, answering function, scenarios and parameters."""

    name: str
    help: str
    func: Callable[..., Answer]
    scenarios: tuple[str, ...] = ()  # scenario names it applies to; empty: every scenario
    params: tuple[Param, ...] = ()

    def bind(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """The arguments for :attr:`func` from ``raw`` values (an example file's ``args``: text or numbers), each
        converted and checked by its :class:`Param`, defaults filled in; a bad or missing one raises
        :class:`~solver.errors.BadParameter`, an unknown name too."""
        known = {p.name: p for p in self.params}
        for name in raw:
            if name not in known:
                raise BadParameter(str(name), f"the question {self.name!r} has no such parameter; its parameters: "
                                              + (", ".join(known) or "none"))
        args: dict[str, Any] = {}
        for p in self.params:
            if p.name in raw and raw[p.name] is not None:
                try:
                    args[p.name] = p.check(raw[p.name])
                except ValueError as exc:
                    raise BadParameter(p.name, str(exc)) from None
            elif p.required:
                raise BadParameter(p.name, "missing (required)")
            elif p.default is not None:
                args[p.name] = p.default
        return args


REGISTRY: dict[str, Question] = {}

#: Every question's name and the module that registers it, so that a command imports only its own question's module
#: (and, through the state file, its own scenario). A new question adds its line here; :func:`load_all` checks that
#: the table and the registrations agree.
QUESTIONS = {
    "line-of-sight": "solver.general_questions",
    "distance": "solver.general_questions",
    "spawn-location": "solver.general_questions",
    "attack-targets": "solver.general_questions",
    "unbound-activation": "solver.scenarios.fathoms_dark.questions",
    "purple-hazard": "solver.scenarios.fevered_dreams.questions",
    "obscure-spawn": "solver.scenarios.fevered_dreams.questions",
    "mist": "solver.scenarios.fevered_dreams.questions",
    "nest-spawn": "solver.scenarios.expectant_terror.questions",
    "valid-placements": "solver.scenarios.expectant_terror.questions",
    "nest-return": "solver.scenarios.expectant_terror.questions",
    "infested": "solver.scenarios.expectant_terror.questions",
}
#: The modules that register questions.
QUESTION_MODULES = tuple(dict.fromkeys(QUESTIONS.values()))


def question(name: str, help: str, scenarios: tuple[str, ...] = (), params: tuple[Param, ...] = ()):
    """Register a question under ``name`` (the command-line word)."""

    def deco(func):
        if name in REGISTRY:
            raise ValueError(f"question {name!r} registered twice")
        REGISTRY[name] = Question(name, help, func, scenarios, params)
        return func

    return deco


def load_all() -> dict[str, Question]:
    """Every registered question, by name (importing every module of :data:`QUESTION_MODULES`); a question
    registered but not in :data:`QUESTIONS`, or listed there but not registered, is a programming error."""
    for mod in QUESTION_MODULES:
        importlib.import_module(mod)
    if set(REGISTRY) != set(QUESTIONS):
        raise RuntimeError(f"solver.questions.QUESTIONS and the registered questions differ: "
                           f"{sorted(set(REGISTRY) ^ set(QUESTIONS))}")
    return REGISTRY


def load_question(name: str) -> Question | None:
    """The question ``name``, importing only the module that registers it; ``None`` for a name no module
    registers."""
    if name not in QUESTIONS:
        return None
    importlib.import_module(QUESTIONS[name])
    return REGISTRY[name]


# --- what every answer says about its position --------------------------------------------------------------------
def settings(state, names: Iterable[str]) -> dict[str, str]:
    """The settings of the options ``names`` in ``state`` (default or not): an answer's ``options``, the ones
    that decided it."""
    return {name: state.options[name] for name in dict.fromkeys(names)}


def approximate_board(state) -> bool:
    """Whether ``state`` is played on an approximate layout (a shipped board, not the printed one)."""
    return bool(getattr(state.board, "approximate", False))
