"""The package's exception family: one class a kind of failure, each carrying its context as attributes."""

from __future__ import annotations

import re


class DeepMadnessError(Exception):
    """Base class of every error this package raises on purpose."""


class RuleViolation(DeepMadnessError, ValueError):
    """An operation the rules forbid; ``rule_id`` names the catalogued rule it breaks."""

    def __init__(self, rule_id: str, message: str) -> None:
        super().__init__(f"{message} [{rule_id}]")
        self.rule_id = rule_id
        self.message = message


class InputError(DeepMadnessError, ValueError):
    """A bad input file or argument: which file, which entry inside it, what is wrong, which rule (if any)."""

    def __init__(self, message: str, *, file: str | None = None, entry: str | None = None,
                 rule_id: str | None = None) -> None:
        self.file = file
        self.entry = entry
        self.rule_id = rule_id
        self.message = message
        super().__init__(self.describe())

    def describe(self) -> str:
        """One line a player can act on: ``FILE: ENTRY: what is wrong [rule]``."""
        parts = [p for p in (self.file, self.entry) if p]
        where = ": ".join(parts)
        text = f"{where}: {self.message}" if where else self.message
        if self.rule_id:
            text += f" [{self.rule_id}]"
        return text


class UnknownOptionError(DeepMadnessError, KeyError):
    """An assumption or interpretation option name, or one of its settings, that the catalog does not list."""

    def __str__(self) -> str:  # KeyError quotes its argument; we want the sentence
        return str(self.args[0]) if self.args else ""


class PlayerChoiceRequired(DeepMadnessError, LookupError):
    """The rules leave a choice to the players and none was given; ``options`` lists what they may choose."""

    def __init__(self, rule_id: str, question: str, options: list) -> None:
        super().__init__(f"{question}: the players choose among {options!r} [{rule_id}]")
        self.rule_id = rule_id
        self.question = question
        self.options = options


class BadParameter(DeepMadnessError, ValueError):
    """A question's parameter that names nothing in the position or is out of range: ``parameter`` is the
    question's own name for it (``investigator``, ``count``); the command line shows it as its flag."""

    def __init__(self, parameter: str, message: str, *, rule_id: str | None = None) -> None:
        self.parameter = parameter
        self.message = message
        self.rule_id = rule_id
        super().__init__(f"{parameter}: {message}" + (f" [{rule_id}]" if rule_id else ""))


# --- showing what a player wrote, safely ---------------------------------------------------------------------------
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str, limit: int | None = None) -> str:
    """``text`` safe to show on a terminal: control characters (escape sequences, newlines, bidirectional
    overrides) written as ``\\x1b``-style escapes, and cut to ``limit`` characters with an ellipsis.

    >>> printable("Lisbeth\\x1b[2J\\nRules: none")
    'Lisbeth\\\\x1b[2J\\\\nRules: none'
    """
    shown = CONTROL_CHARACTERS.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
    if limit is not None and len(shown) > limit:
        shown = shown[:limit] + "…"
    return shown
