"""Deep Madness: Endless Nightmares — rules engine, positional solver and executable specification.

The state model
---------------
Small values — a die result, a space, a marker, an answer — are ``@dataclass(frozen=True, slots=True)``: equal
when their fields are equal, hashable, changed only by :func:`dataclasses.replace`.

Whatever changes during a game — a figure's wounds, the decks, the markers on the board — lives in *mutable*
state objects that offer ``copy()`` (the python-chess ``Board`` model). An operation either changes the state it is
called on or raises a :class:`solver.errors.RuleViolation` naming the rule it breaks, leaving the state as it was.
What never changes during a game (the board graph, the rooms, the devouring track, the interpretation options)
belongs to a scenario object, not to the state.

Chance is an explicit step: a roll, a shuffle or a draw is given as values, or drawn from a
``random.Random(seed)`` passed in. Nothing in the package calls the ``random`` module's global functions.

Every rule the engine applies has a stable ID in the rules catalog (``solver/catalog``); base-game rules that
the expansion text lacks are named *assumptions*, readings of ambiguous text are named *interpretation options*,
both catalogued with a default (:mod:`solver.catalog`).
"""

__version__ = "0.1.0"
