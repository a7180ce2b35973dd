"""Answers as data: every question returns one :class:`Answer`, a typed value that the terminal text, the JSON, the
website and the browser table all render (:mod:`solver.render` writes the text and the JSON, in one place).

An answer says, in this order of importance:

* its :class:`Result` — what a player must know first: the game ends (``outcome``), the players choose among
  ``count`` options, the rules decide one, nothing happens, or yes/no;
* the ``outcome`` when the position (or what the question plays out) ends the game;
* ``choices`` — *every* option tied for best, as data a board can draw (:class:`Drawing`), each with why;
  when the set is large only the first few are listed and ``result.count`` says how many there are;
* ``steps`` — when the choices are made step by step and each step's choice is independent of the others
  (an unbound activation's actions, one portal's flooded markers at a time), the options of each step:
  ``count`` full options are then the product of the steps' options;
* ``chooser`` — who decides a tie, in the rulebook's words (in an unbound activation, the attacking investigator);
* the rule IDs applied, the options (assumptions and interpretation options) that decided it with their
  settings, and whether the board is a shipped approximate layout.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class ResultKind(enum.Enum):
    """What kind of result an answer has; the first line of the text says it in words."""

    OUTCOME = "outcome"  # the game ends (won or lost): ``Answer.outcome`` says how and by which rule
    CHOICE = "choice"  # the players choose among ``count`` options tied for best
    DETERMINED = "determined"  # the rules leave no choice: exactly one option
    NOTHING = "nothing"  # nothing happens, or nothing is possible (the text says which)
    YES = "yes"
    NO = "no"


@dataclass(frozen=True, slots=True)
class Placement:
    """A marker, token or figure put on (or moved to, or taken off: ``space`` None) a space by an answer."""

    marker: str  # what: "flooded marker", "nest marker", "obscure marker", "Husk", an investigator's name …
    space: str | None
    origin: str | None = None  # where it comes from, when it moves


@dataclass(frozen=True, slots=True)
class Drawing:
    """What a board picture shows of one choice (or of a whole answer): plain data, no prose.

    ``spaces`` are filled (chosen spaces, reachable spaces), ``paths`` drawn as arrows through their spaces in
    order, ``figures`` ringed (targets, the figure asked about), ``placements`` drawn as pieces."""

    spaces: tuple[str, ...] = ()
    paths: tuple[tuple[str, ...], ...] = ()
    figures: tuple[str, ...] = ()
    placements: tuple[Placement, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.spaces or self.paths or self.figures or self.placements)


@dataclass(frozen=True, slots=True)
class Choice:
    """One option the players (or the rules) may pick.

    ``kind`` says what it is (``space``, ``path``, ``target``, ``placement``, ``sequence``, ``order``, ``weapon``,
    ``room`` …); ``label`` is the pick in a few words; ``value`` the same as data (JSON-ready: strings, numbers,
    lists, mappings); ``why`` the reason in one sentence; ``rules`` the rule IDs that make it an option; ``draw``
    what a board shows of it."""

    kind: str
    label: str
    value: Any = None
    why: str = ""
    rules: tuple[str, ...] = ()
    draw: Drawing = field(default_factory=Drawing)


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a choice made step by step, independent of the other steps: its label ("action 1",
    "the red portal's flooded marker") and every option at that step."""

    label: str
    options: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class Result:
    """What a player must know first: the kind of result, one sentence, and how many options there are in all
    (the listed ``Answer.choices`` may be fewer when the set is summarised)."""

    kind: ResultKind
    text: str
    count: int = 0


@dataclass(frozen=True, slots=True)
class OutcomeData:
    """The end of a game as an answer carries it: ``win`` or ``loss``, why (a :class:`solver.game.Termination`
    value), the rule that decided it, the detail and the other ending conditions met at the same moment."""

    result: str
    termination: str
    rule: str
    detail: str
    also_met: tuple[str, ...] = ()

    @classmethod
    def of(cls, outcome) -> "OutcomeData | None":
        """From a :class:`solver.game.Outcome` (``None`` stays ``None``)."""
        if outcome is None:
            return None
        return cls(outcome.result, outcome.termination.name.lower(), outcome.rule_id, outcome.detail,
                   tuple(outcome.also_met))


@dataclass(frozen=True, slots=True)
class RuleFired:
    """A rule that fired while an event was played: its catalogued ID and what happened, in a few words."""

    rule: str
    what: str


@dataclass(frozen=True, slots=True)
class Change:
    """One entry of the position that an event changed, by its state-file path (``investigators.Lisbeth
    Gibson.wounds``): its value before and after (``None`` where it was or is absent)."""

    entry: str
    before: Any
    after: Any


@dataclass(frozen=True, slots=True)
class PlayedEvent:
    """One event played on a position (``deepmadness play``): the event as written, every rule that fired, in
    order, and what changed; ``stopped`` when a choice the rules leave to the players stopped the play before it."""

    event: str
    fired: tuple[RuleFired, ...] = ()
    changes: tuple[Change, ...] = ()
    stopped: bool = False


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer to one question about one position (see the module's docstring)."""

    question: str
    result: Result
    choices: tuple[Choice, ...] = ()
    steps: tuple[Step, ...] = ()
    outcome: OutcomeData | None = None
    chooser: str | None = None
    rules: tuple[str, ...] = ()
    options: dict[str, str] = field(default_factory=dict)  # the options that decided it: name → setting
    approximate_board: bool = False
    explanation: tuple[str, ...] = ()
    draw: Drawing = field(default_factory=Drawing)  # what the whole answer shows beyond its choices
    events: tuple[PlayedEvent, ...] = ()  # what happens if: the events played, in order (``play`` only)

    @property
    def is_summarised(self) -> bool:
        """Whether only some of the options are listed (``result.count`` says how many there are)."""
        return self.result.count > len(self.choices)

    def values(self) -> list[Any]:
        """The listed choices' values."""
        return [c.value for c in self.choices]


def choice_result(count: int, what: str, chooser: str = "the players") -> Result:
    """The usual result for ``count`` options of ``what`` (a plural noun): a choice, one determined option, or
    nothing."""
    if count == 0:
        return Result(ResultKind.NOTHING, f"No {what}.", 0)
    if count == 1:
        return Result(ResultKind.DETERMINED, f"One {what.rstrip('s')} only: the rules leave no choice.", 1)
    return Result(ResultKind.CHOICE, f"{chooser[0].upper()}{chooser[1:]} choose among {count} {what}.", count)
