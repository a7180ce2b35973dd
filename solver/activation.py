"""Activation contexts: an investigator's normal activation, and actions taken outside of one.

An investigator sometimes acts outside his or her normal activation: a standalone action an effect grants, or the
Fathoms Dark *unbound activation*, which "is not a normal investigator activation" and carries the same
restrictions. Outside a normal activation

* the effects and abilities usually available during an activation can't be used or triggered
  (``outside-activation.no-activation-abilities``), and
* nothing that takes place at the beginning or end of an activation is triggered — devoured effects, the drowning
  check, a scenario's own start- and end-of-activation effects (``outside-activation.no-start-end-effects``).

>>> due = (ActivationEffect("devoured effect", "end"), ActivationEffect("drowning check", "beginning"))
>>> [e.name for e in begin(ActivationContext.normal("Lisbeth Gibson"), due)]
['drowning check']
>>> begin(ActivationContext.outside("Lisbeth Gibson"), due)
[]
"""

from __future__ import annotations

from dataclasses import dataclass

import enum
from collections.abc import Iterable

from .errors import RuleViolation

MOMENTS = ("beginning", "end")


class ActivationKind(enum.Enum):
    """The kind of turn an investigator acts in."""

    NORMAL = "normal activation"
    OUTSIDE = "action outside an activation"
    UNBOUND = "unbound activation"  # Fathoms Dark: not a normal activation, same restrictions

    @property
    def is_normal(self) -> bool:
        return self is ActivationKind.NORMAL


@dataclass(frozen=True, slots=True)
class ActivationContext:
    """Who is acting, and in what kind of turn."""

    investigator: str
    kind: ActivationKind

    @classmethod
    def normal(cls, investigator: str) -> "ActivationContext":
        return cls(investigator, ActivationKind.NORMAL)

    @classmethod
    def outside(cls, investigator: str) -> "ActivationContext":
        return cls(investigator, ActivationKind.OUTSIDE)

    @classmethod
    def unbound(cls, investigator: str) -> "ActivationContext":
        return cls(investigator, ActivationKind.UNBOUND)

    @property
    def is_normal(self) -> bool:
        return self.kind.is_normal


@dataclass(frozen=True, slots=True)
class ActivationEffect:
    """An effect that takes place at the ``"beginning"`` or ``"end"`` of an investigator's activation (a devoured
    effect, the drowning check, Expectant Terror's infested tokens …); ``rule_id`` names the rule it comes from."""

    name: str
    moment: str
    rule_id: str | None = None

    def __post_init__(self) -> None:
        if self.moment not in MOMENTS:
            raise ValueError(f"an activation effect takes place at the {' or the '.join(MOMENTS)}, "
                             f"not {self.moment!r}")


@dataclass(frozen=True, slots=True)
class Ability:
    """An investigator's effect or ability. ``during_activation`` is true for what is usually available during
    the investigator's own activation (the abilities the rule restricts)."""

    name: str
    during_activation: bool = True


def triggered(context: ActivationContext, moment: str, due: Iterable[ActivationEffect]) -> list[ActivationEffect]:
    """The effects of ``due`` that take place at ``moment`` of this turn: those of that moment in a normal
    activation; none outside one (``outside-activation.no-start-end-effects``)."""
    if moment not in MOMENTS:
        raise ValueError(f"moment must be one of {MOMENTS}, not {moment!r}")
    due = list(due)
    if not context.is_normal:
        return []
    return [e for e in due if e.moment == moment]


def begin(context: ActivationContext, due: Iterable[ActivationEffect] = ()) -> list[ActivationEffect]:
    """The turn begins: the beginning-of-activation effects it triggers (none outside a normal activation)."""
    return triggered(context, "beginning", due)


def end(context: ActivationContext, due: Iterable[ActivationEffect] = ()) -> list[ActivationEffect]:
    """The turn ends: the end-of-activation effects it triggers (none outside a normal activation)."""
    return triggered(context, "end", due)


def ability_refusal(context: ActivationContext, ability: Ability) -> RuleViolation | None:
    """Why ``ability`` can't be used or triggered in this turn, or ``None`` when it can."""
    if ability.during_activation and not context.is_normal:
        return RuleViolation("outside-activation.no-activation-abilities",
                             f"{context.investigator} is not in a normal activation ({context.kind.value}): "
                             f"{ability.name!r}, usually available during an activation, can't be used or triggered")
    return None


def may_use(context: ActivationContext, ability: Ability) -> bool:
    return ability_refusal(context, ability) is None


def use(context: ActivationContext, ability: Ability) -> None:
    """Use or trigger ``ability`` in this turn, or raise :class:`RuleViolation`."""
    refusal = ability_refusal(context, ability)
    if refusal:
        raise refusal


def usable(context: ActivationContext, abilities: Iterable[Ability]) -> list[Ability]:
    """Every ability of ``abilities`` that may be used in this turn, in the order given."""
    return [a for a in abilities if may_use(context, a)]
