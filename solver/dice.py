"""Rolls of dice, and Lisbeth Gibson's stored die (her first ability).

A :class:`Roll` keeps every die with its identity and state: rolled, stored away (its result counts 0), placed
from Lisbeth's storage, or replaced (out of the roll). Lisbeth's :class:`DieStorage` makes her rolls (numbered in
the order she makes them), stores a die of the roll she has just made, and later puts the stored value into
another roll in place of one result.

Rules (rulebook, "The New Investigators › Lisbeth Gibson"): ``lisbeth.store-die``, ``lisbeth.one-die-stored``,
``lisbeth.current-roll-only``, ``lisbeth.replace-result``, ``lisbeth.replace-later-roll``,
``lisbeth.replace-needs-stored-die``, ``lisbeth.no-store-placed-die``,
``lisbeth.no-store-replaced-die``, ``lisbeth.store-other-die``; option ``lisbeth.store-while-full``.

The rulebook's example:

>>> lisbeth = DieStorage()
>>> grappler = lisbeth.roll([2, 4, 5], "Grappler attack")
>>> _ = lisbeth.store(grappler, grappler.die_showing(5))
>>> grappler.results
(2, 4, 0)
>>> resistance = lisbeth.roll([1, 3], "resistance")
>>> lisbeth.replace(resistance, resistance.die_showing(1))
>>> resistance.results
(5, 3)
>>> [d.face for d in lisbeth.storable(resistance)]
[3]
"""

from __future__ import annotations

import copy as _copy
import enum
from dataclasses import dataclass, field, replace
from typing import Iterable

from .catalog import Options
from .errors import PlayerChoiceRequired, RuleViolation


class DieState(enum.Enum):
    """Where a die of a roll stands."""

    ROLLED = "rolled"  # as rolled: its face is its result
    STORED = "stored"  # stored away by Lisbeth: its result counts 0 (lisbeth.store-die)
    PLACED = "placed"  # put into this roll from Lisbeth's storage, in place of a replaced die
    REPLACED = "replaced"  # its result was replaced: it is out of the roll


@dataclass(frozen=True)
class Die:
    """One die of a roll: its identity (``"roll 2, die 1"``), the face it shows, and its state."""

    id: str
    face: int
    state: DieState = DieState.ROLLED

    @property
    def result(self) -> int | None:
        """What it counts in the roll: its face, 0 once stored, ``None`` once out of the roll."""
        if self.state is DieState.STORED:
            return 0
        if self.state is DieState.REPLACED:
            return None
        return self.face


@dataclass
class Roll:
    """A roll of dice. ``dice`` are the dice that count, in order (a placed die stands where the die it replaced
    stood); ``out`` are the dice taken out of the roll by a replacement. Mutable; ``copy()`` gives a copy."""

    number: int  # the order in which Lisbeth made her rolls, from 1
    purpose: str
    dice: list[Die]
    out: list[Die] = field(default_factory=list)

    @classmethod
    def from_faces(cls, number: int, faces: Iterable[int], purpose: str = "") -> "Roll":
        faces = list(faces)
        if not faces:
            raise ValueError("a roll has at least one die")
        for f in faces:
            if not isinstance(f, int) or isinstance(f, bool) or f < 0:
                raise ValueError(f"a die's result is a whole number from 0, not {f!r}")
        return cls(number, purpose, [Die(f"roll {number}, die {i}", f) for i, f in enumerate(faces, 1)])

    @property
    def results(self) -> tuple[int, ...]:
        """The results that count, in order: a stored die counts 0, a replaced die is gone."""
        return tuple(d.result for d in self.dice)

    @property
    def total(self) -> int:
        return sum(self.results)

    def all_dice(self) -> list[Die]:
        """The dice in the roll, then the dice taken out of it."""
        return [*self.dice, *self.out]

    def die(self, die_id: str) -> Die:
        for d in self.all_dice():
            if d.id == die_id:
                return d
        raise KeyError(f"no die {die_id!r} in roll {self.number}")

    def die_showing(self, face: int) -> Die:
        """The die whose face is ``face`` — the rulebook's "the die with the [5] result", stored, placed or
        replaced alike. Two such dice are a choice the players must name (by ``die``)."""
        found = [d for d in self.all_dice() if d.face == face]
        if not found:
            raise KeyError(f"no die showing {face} in roll {self.number} ({self.purpose})")
        if len(found) > 1:
            raise PlayerChoiceRequired("lisbeth.store-die", f"which die showing {face}", [d.id for d in found])
        return found[0]

    def _put(self, old: Die, new: Die) -> None:
        self.dice[self.dice.index(old)] = new

    def copy(self) -> "Roll":
        return _copy.deepcopy(self)

    def __repr__(self) -> str:
        return f"<Roll {self.number} ({self.purpose}): results {list(self.results)}>"


@dataclass(frozen=True)
class StoredDie:
    """The die waiting in Lisbeth's storage: the value it shows and the roll it was stored from."""

    face: int
    from_roll: int
    die_id: str


@dataclass
class DieStorage:
    """Lisbeth Gibson's storage: one stored die at most, and the rolls she has made (the last is the current one).

    Every operation checks the rules first and changes nothing when it raises :class:`RuleViolation`."""

    options: Options = field(default_factory=Options)
    stored: StoredDie | None = None
    rolls_made: int = 0

    def roll(self, faces: Iterable[int], purpose: str = "") -> Roll:
        """Lisbeth rolls: the given results (chance is given as values, or drawn by the caller)."""
        roll = Roll.from_faces(self.rolls_made + 1, faces, purpose)
        self.rolls_made = roll.number
        return roll

    @property
    def is_empty(self) -> bool:
        return self.stored is None

    # --- storing -----------------------------------------------------------------------------------------------
    def store_refusal(self, roll: Roll, die: Die) -> RuleViolation | None:
        """Why Lisbeth can't store ``die`` now (the rule it breaks), or ``None`` when she can."""
        if roll.number != self.rolls_made:
            return RuleViolation("lisbeth.current-roll-only",
                                 f"roll {roll.number} ({roll.purpose}) is settled; she stores a die of the roll she "
                                 f"has just made")
        die = roll.die(die.id)
        if die.state is DieState.PLACED:
            return RuleViolation("lisbeth.no-store-placed-die",
                                 f"the die showing {die.face} was placed from her storage; it can't be stored again")
        if die.state is DieState.REPLACED:
            return RuleViolation("lisbeth.no-store-replaced-die",
                                 f"the die showing {die.face} was replaced and is out of the roll")
        if die.state is DieState.STORED:
            return RuleViolation("lisbeth.store-die", f"the die showing {die.face} is already stored")
        if self.stored is not None and self.options["lisbeth.store-while-full"] == "refuse":
            return RuleViolation("lisbeth.one-die-stored",
                                 f"a die showing {self.stored.face} is already stored; she uses it before storing "
                                 f"another (option lisbeth.store-while-full=refuse)")
        return None

    def storable(self, roll: Roll) -> list[Die]:
        """Every die Lisbeth may store now, in roll order (the players choose)."""
        return [d for d in roll.all_dice() if self.store_refusal(roll, d) is None]

    def store(self, roll: Roll, die: Die) -> StoredDie | None:
        """Store ``die``: its result in ``roll`` becomes 0 and its value waits in her storage.

        Returns the stored die that was lost to make room (option ``lisbeth.store-while-full=replace``), if any."""
        refusal = self.store_refusal(roll, die)
        if refusal:
            raise refusal
        die = roll.die(die.id)
        lost = self.stored
        roll._put(die, replace(die, state=DieState.STORED))
        self.stored = StoredDie(die.face, roll.number, die.id)
        return lost

    # --- replacing ---------------------------------------------------------------------------------------------
    def replace_refusal(self, roll: Roll, die: Die) -> RuleViolation | None:
        """Why Lisbeth can't replace ``die``'s result with her stored die now, or ``None`` when she can."""
        if self.stored is None:
            return RuleViolation("lisbeth.replace-needs-stored-die", "her storage is empty: no die to put in")
        if roll.number != self.rolls_made:
            return RuleViolation("lisbeth.current-roll-only",
                                 f"roll {roll.number} ({roll.purpose}) is settled; she places her stored die into "
                                 f"the roll she has just made")
        if roll.number == self.stored.from_roll:
            return RuleViolation("lisbeth.replace-later-roll",
                                 f"the stored die came from this very roll ({roll.purpose}); it goes into a later one")
        die = roll.die(die.id)
        if die.state is not DieState.ROLLED:
            # unreachable in play (a placement empties the storage, and she stores only from the roll just made),
            # kept as a guard for hand-built rolls
            return RuleViolation("lisbeth.replace-result",
                                 f"the die showing {die.face} is {die.state.value}; only a rolled result is replaced")
        return None

    def replaceable(self, roll: Roll) -> list[Die]:
        """Every die whose result Lisbeth may replace now, in roll order (the players choose)."""
        return [d for d in roll.all_dice() if self.replace_refusal(roll, d) is None]

    def replace(self, roll: Roll, die: Die) -> None:
        """Replace ``die``'s result with the stored value: ``die`` leaves the roll, the stored die takes its place,
        and her storage is empty."""
        refusal = self.replace_refusal(roll, die)
        if refusal:
            raise refusal
        die = roll.die(die.id)
        stored = self.stored
        roll._put(die, Die(f"roll {roll.number}, placed ({stored.die_id})", stored.face, DieState.PLACED))
        roll.out.append(replace(die, state=DieState.REPLACED))
        self.stored = None

    def copy(self) -> "DieStorage":
        return DieStorage(self.options, self.stored, self.rolls_made)
