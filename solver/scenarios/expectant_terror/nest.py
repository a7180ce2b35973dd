"""The Nest: at most one wound a round, an additional activation after it, then off the board until the next
round (or killed). :class:`NestRules` is a part of :class:`~solver.scenarios.expectant_terror.rules.ExpectantTerror`
(a mixin): its methods read the scenario's options and work on an Expectant Terror state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...errors import RuleViolation

if TYPE_CHECKING:
    from .rules import ExpectantTerrorState


@dataclass(frozen=True, slots=True)
class NestWound:
    """What wounding the Nest did: wounds dealt, taken (at most 1 a round), ignored; whether it now takes its
    additional activation, and whether it is killed."""

    dealt: int
    taken: int
    ignored: int
    activates: bool
    killed: bool


class NestRules:
    """Wounding the Nest, the end of its additional activation, and where it returns."""

    options: object  # the scenario's options (set by Scenario)

    def wound_nest(self, state: ExpectantTerrorState, wounds: int = 1) -> NestWound:
        """Deal wounds to the Nest: it takes at most 1 a game round, for any reason (expectant-nest.one-wound-per-round); the
        one it takes makes it activate at once (expectant-nest.activates-when-wounded). A wound that kills it wins the game
        at once or after that activation (option ``expectant-nest.killing-wound``)."""
        if wounds < 0:
            raise ValueError("wounds can't be negative")
        nest = state.nest
        if nest.killed:
            raise RuleViolation("expectant-outcome.win-nest-killed", "the Nest is already killed")
        if nest.space is None:
            raise RuleViolation("expectant-nest.off-board-no-activation",
                                "the Nest's figure is off the board until the next round: it can't be wounded")
        taken = min(wounds, max(0, 1 - state.nest_wounds_this_round))
        activates = False
        if taken:
            nest.health.take_wounds(taken)
            state.nest_wounds_this_round += taken
            if nest.health.is_killed and self.options["expectant-nest.killing-wound"] == "no-activation":
                nest.killed = True
                nest.space = None
            else:
                state.nest_activation_pending = True
                activates = True
        return NestWound(wounds, taken, wounds - taken, activates, nest.killed)

    def complete_nest_activation(self, state: ExpectantTerrorState) -> str:
        """The Nest's additional activation is over: its figure leaves the board until the next round
        (expectant-nest.removed-after-activation), or, if its wound killed it, it is killed now. Returns ``"removed"`` or
        ``"killed"``."""
        if not state.nest_activation_pending:
            raise RuleViolation("expectant-nest.activates-when-wounded", "the Nest has no additional activation under way")
        state.nest_activation_pending = False
        nest = state.nest
        nest.space = None
        if nest.health.is_killed:
            nest.killed = True
            return "killed"
        return "removed"

    def nest_return_space(self, state: ExpectantTerrorState) -> str:
        """Where a removed Nest comes back at the start of the next round, with the deck as it is now."""
        return state.default_spawn_space()
