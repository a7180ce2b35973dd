"""Infested tokens (and the monsters they spawn): what they do at the start of an investigator's activation, the
discard at a nest marker, and spawning Husks and Mind Eaters from the reserve. :class:`InfestedRules` is a part of
:class:`~solver.scenarios.expectant_terror.rules.ExpectantTerror` (a mixin): its methods read the scenario's
options and work on an Expectant Terror state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...activation import Ability, ability_refusal
from ...components import component
from ...errors import InputError, RuleViolation
from ...game import MONSTER_TYPES, Chooser, Decision, Figure, GameState, players_must_choose
from ...health import Health

if TYPE_CHECKING:
    from .rules import ExpectantTerrorState

HUSK = "Husk"
MIND_EATER = "Mind Eater"
INFESTED_TOKEN_SUPPLY = component("infested token").count  # the box's count (solver.components)
INFESTED_KILLS = 4  # expectant-infested.killed-at-four
# The discard at a nest marker: usable only in a normal activation.
DISCARD_INFESTATION = Ability("discard infested tokens and a nest marker", during_activation=True)


@dataclass(frozen=True, slots=True)
class InfestedStrike:
    """What an investigator's infested tokens did at the start of his or her activation: X damage, the wounds it
    caused (after the resistance roll under ``expectant-infested.damage = after-resistance``), the Mind Eaters spawned and
    how many could not be."""

    investigator: str
    infested_tokens: int
    damage: int
    wounds: int
    mind_eaters: tuple[str, ...]
    missing_mind_eaters: int
    killed: bool


@dataclass(frozen=True, slots=True)
class InfestationDiscard:
    """What a discard at a nest marker did: tokens discarded, the nest marker's room, the Husks spawned."""

    investigator: str
    infested_tokens: int
    room: int
    husks: tuple[str, ...]
    missing_husks: int


class InfestedRules:
    """Infested tokens, the discard at a nest marker, and spawning monsters in a given space."""

    options: object  # the scenario's options (set by Scenario)

    def give_infested_tokens(self, state: ExpectantTerrorState, investigator: str, count: int = 1) -> bool:
        """The investigator takes infested tokens one at a time; with the fourth he or she is killed at once
        (expectant-infested.killed-at-four), and takes no more: no investigator ever holds five. Under
        ``expectant-infested.token-supply = twelve`` the box's twelve tokens are all there are. Returns whether he or she
        was killed."""
        fig = self._investigator(state, investigator)
        if count < 0:
            raise ValueError("a negative number of infested tokens")
        taken = max(0, min(count, INFESTED_KILLS - fig.count("infested")))
        in_play = sum(f.count("infested") for f in state.investigators())
        if self.options["expectant-infested.token-supply"] == "twelve" and in_play + taken > INFESTED_TOKEN_SUPPLY:
            raise RuleViolation("expectant-infested.supply", f"only {INFESTED_TOKEN_SUPPLY - in_play} of the "
                                                   f"{INFESTED_TOKEN_SUPPLY} infested tokens are left "
                                                   f"(expectant-infested.token-supply=twelve)")
        if taken:
            fig.tokens["infested"] = fig.count("infested") + taken
        if fig.count("infested") >= INFESTED_KILLS:
            fig.killed = True
        return fig.killed

    def infested_wounds(self, fig: Figure, choose: Chooser = players_must_choose) -> int:
        """The wounds X infested damage deals the investigator ``fig`` (option ``expectant-infested.damage``): X under
        ``wounds``; under ``after-resistance`` the wounds that get through his or her resistance roll, asked of
        ``choose`` (0 to X)."""
        damage = fig.count("infested")
        if damage == 0 or self.options["expectant-infested.damage"] == "wounds":
            return damage
        got = choose(Decision("expectant-infested.start-damage",
                              f"how many of the {damage} damage get through {fig.id}'s resistance roll",
                              tuple(range(damage + 1)), f"{fig.id}'s resistance roll"))
        if not isinstance(got, int) or not 0 <= got <= damage:
            raise RuleViolation("expectant-infested.start-damage", f"{got} wounds from {damage} damage is impossible")
        return got

    def infested_strike(self, state: ExpectantTerrorState, investigator: str, wounds: int) -> InfestedStrike:
        """The infested tokens' effect on one investigator, ``wounds`` being what the damage caused (called by
        :meth:`begin_activation`; the ``infested`` question plays it on a copy)."""
        fig = self._investigator(state, investigator)
        x = fig.count("infested")
        if wounds:
            fig.health.take_wounds(wounds)
        spawned = self.spawn_monsters(state, MIND_EATER, fig.space, x) if x else []
        return InfestedStrike(fig.id, x, x, wounds, tuple(spawned), x - len(spawned),
                              fig.killed or fig.health.is_killed)

    def spend_action(self, state, investigator: str | None = None) -> int:
        """The investigator under way (``investigator``, if named, must be the one) spends one of the activation's
        actions; returns the actions left."""
        if investigator is not None and (state.activation is None or state.activation.investigator != investigator):
            raise RuleViolation("expectant-infested.discard-in-activation", f"it is not {investigator}'s activation")
        if state.activation is None or state.actions_left <= 0:
            raise RuleViolation("expectant-infested.discard-free", "no action is left to spend")
        state.actions_left -= 1
        return state.actions_left

    def discard_refusal(self, state: ExpectantTerrorState, investigator: str) -> RuleViolation | None:
        """Why the investigator can't discard at a nest marker now, or ``None`` when he or she may."""
        ctx = state.activation
        if ctx is None or ctx.investigator != investigator:
            return RuleViolation("expectant-infested.discard-in-activation",
                                 f"{investigator} may discard infested tokens only during his or her activation")
        refusal = ability_refusal(ctx, DISCARD_INFESTATION)
        if refusal is not None:
            return refusal
        fig = self._investigator(state, investigator)
        if state.nest_marker_room_at(fig.space) is None:
            return RuleViolation("expectant-infested.discard-with-nest-marker", f"no nest marker is in {fig.id}'s space "
                                                                      f"{fig.space}")
        if fig.count("infested") == 0 and self.options["expectant-infested.discard-uninfested"] == "needs-infested-token":
            return RuleViolation("expectant-infested.discard-with-nest-marker",
                                 f"{fig.id} holds no infested token (expectant-infested.discard-uninfested="
                                 f"needs-infested-token)")
        return None

    def discard_infestation(self, state: ExpectantTerrorState, investigator: str) -> InfestationDiscard:
        """In the same space as a nest marker, during his or her activation, the investigator discards all
        infested tokens and that nest marker, then spawns as many Husks in his or her space; no action is spent
        (expectant-infested.discard-with-nest-marker, expectant-infested.husks-spawn, expectant-infested.discard-free)."""
        refusal = self.discard_refusal(state, investigator)
        if refusal is not None:
            raise refusal
        fig = state.figures[investigator]
        room = state.nest_marker_room_at(fig.space)
        assert room is not None
        x = fig.count("infested")
        fig.tokens.pop("infested", None)
        self.remove_nest_marker(state, room)
        husks = self.spawn_monsters(state, HUSK, fig.space, x) if x else []
        return InfestationDiscard(fig.id, x, room, tuple(husks), x - len(husks))

    # --- spawning monsters in a given space ---------------------------------------------------------------------------
    def spawn_monsters(self, state: ExpectantTerrorState, monster: str, space: str | None,
                       count: int) -> list[str]:
        """Spawn ``count`` ``monster`` figures from the reserve in ``space``; returns the new figures' IDs. With too
        few left the option ``expectant-infested.short-reserve`` decides, and the empty-reserve rule
        (``outcome.loss-empty-reserve``, options ``reserve.empty`` and ``expectant-infested.horror-0-spawn``) applies to what
        can't spawn."""
        if space is None or count <= 0:
            return []
        left = state.reserve.get(monster, 0)
        horror_0 = (monster in MONSTER_TYPES and MONSTER_TYPES[monster].horror == 0
                    and self.options["expectant-infested.horror-0-spawn"] == "never-loses")
        if left < count and self.options["expectant-infested.short-reserve"] == "all-or-nothing":
            if not horror_0 and (left == 0 or not state.reserve_has_monsters()):
                state.take_from_reserve(monster)  # takes nothing here; records a loss where the rule says so
            return []
        spawned = []
        for _ in range(count):
            if horror_0:  # a horror-0 monster spawns while one is left, and its lack loses nothing
                if state.reserve.get(monster, 0) > 0:
                    state.reserve[monster] -= 1
                    spawned.append(self._new_monster(state, monster, space))
            elif state.take_from_reserve(monster):
                spawned.append(self._new_monster(state, monster, space))
            elif state.lost_reason is not None:
                break
        return spawned

    @staticmethod
    def _new_monster(state: ExpectantTerrorState, monster: str, space: str) -> str:
        used = [int(f.id.split("#", 1)[1]) for f in state.figures.values()
                if f.id.startswith(monster + "#") and f.id.split("#", 1)[1].isdigit()]
        fid = f"{monster}#{max(used, default=0) + 1}"
        mtype = MONSTER_TYPES.get(monster)
        state.figures[fid] = Figure(fid, "monster", space, Health(mtype.health if mtype else 1))
        return fid

    @staticmethod
    def _investigator(state: GameState, name: str) -> Figure:
        fig = state.figures.get(name)
        if fig is None or not fig.is_investigator:
            raise InputError(f"no investigator {name!r} in this game; investigators: "
                             f"{', '.join(f.id for f in state.investigators())}")
        return fig
