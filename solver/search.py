"""The one gateway to python-constraint2 (import name ``constraint``): a search for every assignment of choices
that the rules allow, in our vocabulary. Nothing else in the package imports ``constraint``.

A :class:`ChoiceSearch` has named *choices*, each with the options it may take, and *rules* that tie some choices
together; :meth:`~ChoiceSearch.every_solution` lists every assignment that keeps all the rules (the players'
legal choices), :meth:`~ChoiceSearch.any_solution` finds one, :meth:`~ChoiceSearch.is_possible` says whether one
exists. The built-in constraints (all different, only from a set, never from a set, an exact sum) are preferred
to Python predicates, which python-constraint2 runs far slower.

>>> s = ChoiceSearch()
>>> s.choose("first", ["3a", "3b"]); s.choose("second", ["3a", "3b", "4a"])
>>> s.all_different(["first", "second"]); s.never(["second"], {"4a"})
>>> sorted(tuple(sorted(a.items())) for a in s.every_solution())
[(('first', '3a'), ('second', '3b')), (('first', '3b'), ('second', '3a'))]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

import constraint as _constraint


class ChoiceSearch:
    """Every assignment of named choices that keeps the rules added to it."""

    def __init__(self) -> None:
        self._problem = _constraint.Problem()
        self._names: list[str] = []

    def choose(self, name: str, options: Iterable[Hashable]) -> None:
        """A choice ``name`` that takes one of ``options`` (an empty list makes the search impossible)."""
        self._problem.addVariable(name, list(options))
        self._names.append(name)

    def all_different(self, names: Sequence[str]) -> None:
        """The choices ``names`` take different options."""
        self._problem.addConstraint(_constraint.AllDifferentConstraint(), list(names))

    def only(self, names: Sequence[str], allowed: Iterable[Hashable]) -> None:
        """The choices ``names`` take only options from ``allowed``."""
        self._problem.addConstraint(_constraint.InSetConstraint(set(allowed)), list(names))

    def never(self, names: Sequence[str], forbidden: Iterable[Hashable]) -> None:
        """The choices ``names`` never take an option from ``forbidden``."""
        self._problem.addConstraint(_constraint.NotInSetConstraint(set(forbidden)), list(names))

    def exact_sum(self, names: Sequence[str], total: int) -> None:
        """The (numeric) choices ``names`` add up to ``total``."""
        self._problem.addConstraint(_constraint.ExactSumConstraint(total), list(names))

    def sum_is(self, target: str, names: Sequence[str]) -> None:
        """The numeric choice ``target`` equals the sum of the choices ``names``."""
        self._problem.addConstraint(_constraint.VariableExactSumConstraint(target, list(names)),
                                    [target, *names])

    def require(self, names: Sequence[str], test: Callable[..., bool]) -> None:
        """``test(*options)`` holds for the options the choices ``names`` take (a Python predicate: use the
        built-in rules above where one fits)."""
        self._problem.addConstraint(_constraint.FunctionConstraint(test), list(names))

    def every_solution(self) -> list[dict[str, Any]]:
        """Every assignment that keeps all the rules (the choices ``name → option``)."""
        return self._problem.getSolutions()

    def any_solution(self) -> dict[str, Any] | None:
        """One assignment that keeps all the rules, or ``None``."""
        return self._problem.getSolution()

    def is_possible(self) -> bool:
        """Whether any assignment keeps all the rules."""
        return self.any_solution() is not None
