"""Fathoms Dark's unbound activation as a search: the actions the rules allow at each step, and every course of
three actions (fathoms-activation.*).

Each action is re-evaluated from where the investigator stands: an attack on the nearest other investigator the
weapon reaches (every one tied for nearest: the attacking investigator decides), otherwise every first step on a
shortest path toward the nearest space from which an attack is possible, otherwise nothing.

The courses are **counted before they are listed**: :func:`count_sequences` walks the table of actions once per
space (no course is built), :func:`sequences` lists them lazily, :func:`independent_steps` says when each action's
choice is independent of the others (the courses are then the product of the steps' options: "each action: Sophie
or Isaiah"). A plain depth-first walk over that table replaces the former constraint model (same courses; a
search over the three steps' (from, choice, to) rows is a table lookup, not a constraint problem).
"""

from __future__ import annotations

from dataclasses import dataclass

import enum
import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from ...activation import ActivationContext, ActivationKind
from ...errors import RuleViolation
from ...board import Geometry, space_sort_key

if TYPE_CHECKING:
    from .rules import FathomsDarkState, SearchCard

UNBOUND_ACTIONS = 3  # fathoms-activation.three-actions

#: The condition tokens an unbound activation ignores, each with the rule that names it (the rulebook names these
#: and no other: fathoms-activation.ignore-weakened, .move-ignores-trap-and-slow, .paralyzed-ignored).
IGNORED_CONDITIONS: Mapping[str, str] = {
    "weakened": "fathoms-activation.ignore-weakened",
    "slow": "fathoms-activation.move-ignores-trap-and-slow",
    "paralyzed": "fathoms-activation.paralyzed-ignored",
}


def conditions_in_force(context: ActivationContext, tokens: Mapping[str, int]) -> frozenset[str]:
    """The condition tokens held that apply in this turn. An unbound activation ignores Weakened (when attacking),
    Slow (when moving) and Paralyzed — those three only; any other token held stays in force. The tokens
    themselves stay (fathoms-activation.paralyzed-kept)."""
    held = frozenset(t for t, n in tokens.items() if n)
    if context.kind is ActivationKind.UNBOUND:
        return held - IGNORED_CONDITIONS.keys()
    return held


class UnboundActionKind(enum.StrEnum):
    """What one action of an unbound activation is."""

    ATTACK = "attack"  # an attack on the nearest other investigator the weapon reaches
    MOVE = "move"  # a move toward the nearest space from which an attack is possible
    NONE = "none"  # nothing: no space lets the investigator attack (fathoms-activation.no-attack-space)


@dataclass(frozen=True, slots=True)
class UnboundAction:
    """One action of an unbound activation: an attack, a move, or nothing.

    ``at`` is where the investigator stands when acting. An attack names its ``target`` and how far it is
    (``distance`` by the measure of ``fathoms-activation.nearest-target``, ``moves`` and ``sight`` both); a move names
    the space it goes ``to``, the nearest spaces to attack from (``goals``) and their distance before the move."""

    kind: UnboundActionKind
    at: str
    target: str | None = None
    to: str | None = None
    distance: int | None = None
    moves: int | None = None
    sight: int | None = None
    goals: tuple[str, ...] = ()

    @property
    def end(self) -> str:
        """Where the investigator stands after the action."""
        return self.to if self.kind == "move" else self.at

    def __str__(self) -> str:
        if self.kind == "attack":
            return f"attack {self.target}"
        if self.kind == "move":
            return f"move {self.at}→{self.to}"
        return "no action"

    def to_data(self) -> dict:
        data: dict = {"action": self.kind.value, "at": self.at}
        if self.kind == "attack":
            data.update(target=self.target, moves=self.moves, sight_distance=self.sight)
        elif self.kind == "move":
            data.update(to=self.to, toward=list(self.goals), distance=self.distance)
        return data


def other_investigators(state: "FathomsDarkState", investigator: str) -> list:
    """The investigators an unbound attack may target: the others on the board, alive."""
    return [f for f in state.investigators()
            if f.id != investigator and f.space is not None and not f.killed and not f.health.is_killed]


def attack_choices(state: "FathomsDarkState", investigator: str, weapon: "SearchCard | None", at: str,
                   geometry: Geometry | None = None) -> list[UnboundAction]:
    """The attacks the rules allow ``investigator`` standing in ``at``: the nearest of the other investigators
    the weapon reaches, every one tied for nearest (fathoms-activation.must-attack, .attack-nearest,
    .attacker-breaks-ties)."""
    if weapon is None:
        return []
    geo = geometry or Geometry.of(state)
    by_sight = state.options["fathoms-activation.nearest-target"] == "sight-distance"
    reachable = []
    for f in other_investigators(state, investigator):
        if at in geo.spaces_in_range_of(f.space, weapon.range):  # the search from f, shared by every space
            moves = geo.move_distance(at, f.space)
            sight = geo.sight_distance(at, f.space)
            near = sight if by_sight or moves is None else moves
            reachable.append((near, f.id, moves, sight))
    if not reachable:
        return []
    best = min(r[0] for r in reachable)
    return [UnboundAction(UnboundActionKind.ATTACK, at, target=name, distance=near, moves=moves, sight=sight)
            for near, name, moves, sight in sorted(reachable, key=lambda r: r[1]) if near == best]


def attack_spaces(state: "FathomsDarkState", investigator: str, weapon: "SearchCard | None",
                  geometry: Geometry | None = None) -> list[str]:
    """Every space from which ``investigator`` could attack another investigator with ``weapon``."""
    if weapon is None:
        return []
    geo = geometry or Geometry.of(state)
    spaces: set[str] = set()
    for f in other_investigators(state, investigator):  # one search from each of them, not one from every space
        spaces |= geo.spaces_in_range_of(f.space, weapon.range)
    return sorted(spaces, key=space_sort_key)


def action_choices(state: "FathomsDarkState", investigator: str, weapon: "SearchCard | None", at: str,
                   geometry: Geometry | None = None, goals: Sequence[str] | None = None) -> list[UnboundAction]:
    """Every action the rules allow for one action of an unbound activation, standing in ``at``: the tied
    nearest attacks; failing any, every first step toward the nearest space to attack from
    (fathoms-activation.move-toward-attack-space; trap and Slow ignored); failing that, no action
    (fathoms-activation.no-attack-space)."""
    geo = geometry or Geometry.of(state)
    attacks = attack_choices(state, investigator, weapon, at, geo)
    if attacks:
        return attacks
    goals = attack_spaces(state, investigator, weapon, geo) if goals is None else goals
    distance, steps = state.board.first_steps_toward(at, goals, geo.movement_hatches)
    if not steps:
        return [UnboundAction(UnboundActionKind.NONE, at)]
    near = state.board.nearest_goals(at, goals, geo.movement_hatches)
    nearest = tuple(g for g in goals if g in near)
    return [UnboundAction(UnboundActionKind.MOVE, at, to=step, distance=distance, goals=nearest) for step in steps]


class ActionTable:
    """The actions the rules allow from every space the investigator can stand in during the activation, worked out
    once per space: what :func:`count_sequences`, :func:`sequences` and :func:`independent_steps` walk."""

    def __init__(self, state: "FathomsDarkState", investigator: str, weapon: "SearchCard | None") -> None:
        self.state, self.investigator, self.weapon = state, investigator, weapon
        self.start = state.figure(investigator).space
        self.geometry = Geometry.of(state)
        self.goals = attack_spaces(state, investigator, weapon, self.geometry)
        self.rows: dict[str, list[UnboundAction]] = {}

    def at(self, space: str) -> list[UnboundAction]:
        """The actions allowed standing in ``space``."""
        if space not in self.rows:
            self.rows[space] = action_choices(self.state, self.investigator, self.weapon, space, self.geometry,
                                              self.goals)
        return self.rows[space]

    def count(self) -> int:
        """How many courses of three actions the rules allow (counted, not listed)."""
        memo: dict[tuple[str, int], int] = {}

        def ways(space: str, left: int) -> int:
            if left == 0:
                return 1
            if (space, left) not in memo:
                memo[(space, left)] = sum(ways(a.end, left - 1) for a in self.at(space))
            return memo[(space, left)]

        return ways(self.start, UNBOUND_ACTIONS)

    def sequences(self) -> Iterator[tuple[UnboundAction, ...]]:
        """Every course of three actions, depth first in a stable order (listed lazily: take the first few)."""
        def walk(space: str, done: tuple[UnboundAction, ...]) -> Iterator[tuple[UnboundAction, ...]]:
            if len(done) == UNBOUND_ACTIONS:
                yield done
                return
            for action in sorted(self.at(space), key=lambda a: (str(a), a.at)):
                yield from walk(action.end, done + (action,))

        return walk(self.start, ())

    def steps(self) -> tuple[tuple[UnboundAction, ...], ...]:
        """Each step's options, in order, when every step's choice is independent of the others (the courses
        are then exactly the product of the steps' options); ``()`` when an earlier choice changes a later one
        (a move to one side or the other)."""
        reach = {self.start}
        options: list[tuple[UnboundAction, ...]] = []
        for _ in range(UNBOUND_ACTIONS):
            rows = [tuple(sorted(self.at(s), key=str)) for s in sorted(reach, key=space_sort_key)]
            if len(set(rows)) != 1:  # the same options from every space reached (where they stand too, not only
                return ()            # their words: "attack Lisbeth Gibson" from 5a is not the attack from 29a)
            options.append(rows[0])
            reach = {a.end for row in rows for a in row}
        product = 1
        for row in options:
            product *= len(row)
        return tuple(options) if product == self.count() else ()

    def allows(self, sequence: Sequence[str]) -> tuple[UnboundAction, ...] | None:
        """The course written ``sequence`` ("attack Sophie Brigman", "move 17b→24a", "no action"), if the rules
        allow it: each action checked where the previous one left the investigator (no course is listed)."""
        if len(sequence) != UNBOUND_ACTIONS:
            return None
        space, chosen = self.start, []
        for written in sequence:
            action = next((a for a in self.at(space) if str(a) == written), None)
            if action is None:
                return None
            chosen.append(action)
            space = action.end
        return tuple(chosen)


def unbound_activation_sequences(state: "FathomsDarkState", investigator: str,
                                 weapon: "SearchCard | None") -> list[tuple[UnboundAction, ...]]:
    """Every course of three actions the rules allow ``investigator`` with ``weapon`` (all of them: for a summary,
    count with :meth:`ActionTable.count` and take the first few of :meth:`ActionTable.sequences`)."""
    return list(ActionTable(state, investigator, weapon).sequences())


def first(iterable, n: int) -> list:
    """The first ``n`` items."""
    return list(itertools.islice(iterable, n))


@dataclass(frozen=True, slots=True)
class UnboundActivationPlan:
    """Every legal course of one unbound activation, counted before it is listed: the cards discarded, the weapon,
    how many courses of three actions (``count``), the first ``len(sequences)`` of them, each step's options when
    the steps are independent (``steps``; empty otherwise), and whether any course attacks."""

    investigator: str
    start: str
    discarded: tuple["SearchCard", ...]
    weapon: "SearchCard | None"
    count: int
    sequences: tuple[tuple[UnboundAction, ...], ...]
    steps: tuple[tuple[UnboundAction, ...], ...] = ()
    reshuffled: bool = False
    weapon_given: bool = False  # the weapon was given as it is, not found in the search deck
    attacks: bool = False  # some allowed course contains an attack

    @property
    def is_complete(self) -> bool:
        """Whether every course is listed."""
        return len(self.sequences) == self.count


class UnboundActivationRules:
    """The unbound activation's rules, as methods of :class:`~.rules.FathomsDark` (a mix-in: this module holds the
    topic, the scenario class the rest)."""

    #: At most this many courses of an unbound activation are listed by a plan; the rest are counted.
    sequences_listed = 12

    def unbound_context(self, investigator: str) -> ActivationContext:
        """The turn an unbound activation is: not a normal activation (fathoms-activation.not-normal), so no
        activation ability and no beginning- or end-of-activation effect (solver.activation)."""
        return ActivationContext.unbound(investigator)

    def move_hindrances(self, state: "FathomsDarkState", investigator: str, context: ActivationContext) -> list[str]:
        """What would stop ``investigator`` leaving his or her space with a move in this turn: a Slow token in
        force, or monsters whose total Trap reaches his or her Escape (base game). An unbound activation ignores
        both (fathoms-activation.move-ignores-trap-and-slow)."""
        from ...game import MONSTER_TYPES
        from ...investigators import INVESTIGATORS

        if context.kind is ActivationKind.UNBOUND:
            return []
        fig = state.figure(investigator)
        reasons = []
        if "slow" in conditions_in_force(context, fig.tokens):
            reasons.append("slow")
        trap = sum(MONSTER_TYPES[t].trap for f in state.figures_in(fig.space) if f.kind == "monster"
                   for t in [f.id.split("#")[0]] if t in MONSTER_TYPES)
        escape = INVESTIGATORS[investigator].escape if investigator in INVESTIGATORS else None
        if escape is not None and trap >= escape:
            reasons.append("trap")
        return reasons

    def discard_until_weapon(self, state: "FathomsDarkState", rng=None) -> tuple[list, "SearchCard | None", bool]:
        """Discard search cards until a weapon is discarded (fathoms-activation.discard-until-weapon).

        Returns the cards discarded (the weapon last), the weapon (``None``: none found) and whether the discards
        were reshuffled. When the deck runs out, ``fathoms-activation.search-deck-exhausted`` decides; a reshuffle is
        chance: ``rng``."""
        discarded: list = []
        reshuffled = False
        while True:
            if not state.search_deck:
                if state.options["fathoms-activation.search-deck-exhausted"] == "no-weapon" or reshuffled:
                    return discarded, None, reshuffled
                if not any(c.weapon for c in state.search_discard):
                    return discarded, None, reshuffled
                if rng is None:
                    raise RuleViolation("fathoms-activation.discard-until-weapon",
                                        "the search deck runs out before a weapon: its discards are reshuffled, "
                                        "which is chance — give a seed")
                state.search_deck = list(state.search_discard)
                state.search_discard = []
                rng.shuffle(state.search_deck)
                reshuffled = True
            card = state.search_deck.pop(0)
            state.search_discard.append(card)
            discarded.append(card)
            if card.weapon:
                return discarded, card, reshuffled

    def plan_unbound_activation(self, state: "FathomsDarkState", investigator: str, rng=None,
                                weapon: "SearchCard | None" = None) -> UnboundActivationPlan:
        """Every legal course of ``investigator``'s unbound activation, without changing ``state``: the weapon
        the search deck gives (or ``weapon``, given as it is: the search deck is then not used), then the number
        of courses of three actions, the first few, and each step's options when the steps are independent (ties
        are the attacking investigator's choices)."""
        return self._plan(state.copy(), investigator, rng, weapon)

    def _plan(self, state: "FathomsDarkState", investigator: str, rng, weapon=None) -> UnboundActivationPlan:
        """The plan; discards the search cards of ``state`` itself."""
        return self._plan_and_table(state, investigator, rng, weapon)[0]

    def _plan_and_table(self, state: "FathomsDarkState", investigator: str, rng, weapon=None
                        ) -> tuple[UnboundActivationPlan, ActionTable]:
        if not state.is_covered(investigator):
            raise RuleViolation("fathoms-activation.who",
                                f"{investigator}'s Objective Point is uncovered: no unbound activation")
        if weapon is None:
            discarded, weapon, reshuffled = self.discard_until_weapon(state, rng)
            given = False
        else:
            discarded, reshuffled, given = [], False, True
        table = ActionTable(state, investigator, weapon)
        count = table.count()
        listed = tuple(first(table.sequences(), self.sequences_listed))
        attacks = any(a.kind == "attack" for row in _reachable_rows(table) for a in row)
        plan = UnboundActivationPlan(investigator, table.start, tuple(discarded), weapon, count, listed,
                                     table.steps() if count > 1 else (), reshuffled, given, attacks)
        return plan, table

    def take_unbound_activation(self, state: "FathomsDarkState", investigator: str, sequence: Sequence[str],
                                wounds: Sequence[int] = (), rng=None, weapon: "SearchCard | None" = None
                                ) -> UnboundActivationPlan:
        """Resolve ``investigator``'s unbound activation: the search cards are discarded, then the actions of
        ``sequence`` (as the answer writes them: "attack Sophie Brigman", "move 17b→24a", "no action"), which must
        be a course the rules allow. ``wounds`` gives each attack's wounds, in order (the dice are the players');
        all go to the target (fathoms-activation.all-damage-to-target). Tokens are left as they were
        (fathoms-activation.paralyzed-kept). A course the rules don't allow changes nothing. ``weapon``, when
        given, is the weapon as it is (the search deck is then not used)."""
        trial = state.copy()
        plan, table = self._plan_and_table(trial, investigator, rng, weapon)
        chosen = table.allows(list(sequence))
        if chosen is None:
            allowed = "; ".join(" / ".join(str(a) for a in s) for s in plan.sequences)
            more = "" if plan.is_complete else f" … ({plan.count} in all)"
            raise RuleViolation("fathoms-activation.must-attack",
                                f"{' / '.join(sequence)} is not an unbound activation the rules allow; "
                                f"allowed: {allowed}{more}")
        attacks = [a for a in chosen if a.kind == "attack"]
        if len(wounds) != len(attacks):
            raise ValueError(f"give the wounds of each of the {len(attacks)} attacks")
        for action in chosen:
            if action.kind == "move":  # trap and Slow ignored: the tokens stay as they are
                trial.figure(investigator).space = action.to
        for action, n in zip(attacks, wounds):
            self.unbound_attack(trial, investigator, action.target, n)
        state.search_deck, state.search_discard = trial.search_deck, trial.search_discard
        for fid in [investigator] + [a.target for a in attacks]:
            state.figures[fid] = trial.figures[fid]
        return plan

    def resolve_unbound_activation(self, state: "FathomsDarkState", investigator: str, rng, choose) -> list:
        """One unbound activation during play: the course asked of ``choose`` when the rules allow several (the
        attacking investigator decides, fathoms-activation.attacker-breaks-ties), each attack's wounds asked of
        ``choose`` too (its dice); when the position holds no search deck at all, the weapon's range is asked too
        (never "no weapon" by default). Returns the rules that fired."""
        from ...game import Decision, Fired

        from .rules import SearchCard

        weapon = None
        if not state.search_deck and not state.search_discard:  # the position says nothing of the search deck
            reach = choose(Decision("fathoms-activation.discard-until-weapon",
                                    f"The search deck is not known: what is the range of the weapon {investigator} "
                                    f"discards?", tuple(range(4)), "the search deck"))
            weapon = SearchCard(f"a weapon of range {reach}", True, reach)
        seed = rng.random() if rng is not None else None  # one draw: the plan and the resolution see one shuffle
        plan, table = self._plan_and_table(state.copy(), investigator, _seeded(seed), weapon)
        courses = list(table.sequences())
        course = courses[0]
        if len(courses) > 1:
            labels = tuple(tuple(str(a) for a in s) for s in courses)
            picked = choose(Decision("fathoms-activation.attacker-breaks-ties",
                                     f"Which course does {investigator}'s unbound activation take?", labels,
                                     "the attacking investigator"))
            course = courses[labels.index(tuple(picked))]
        wounds = [choose(Decision("fathoms-activation.all-damage-to-target",
                                  f"How many wounds does {investigator}'s attack on {a.target} deal?",
                                  tuple(range(5)), "the dice")) for a in course if a.kind == "attack"]
        self.take_unbound_activation(state, investigator, [str(a) for a in course], wounds, _seeded(seed), weapon)
        weapon = plan.weapon.name if plan.weapon else "no weapon"
        done = ", ".join(str(a) + (f" ({wounds[i]} wound{'' if wounds[i] == 1 else 's'})"
                                   if a.kind == "attack" else "")
                         for i, a in zip(_attack_numbers(course), course))
        return [Fired("fathoms-activation.three-actions", f"{investigator}'s unbound activation with {weapon}: {done}",
                      {"investigator": investigator, "weapon": plan.weapon.name if plan.weapon else None,
                       "actions": [a.to_data() for a in course], "wounds": wounds})]

    def unbound_attack(self, state: "FathomsDarkState", attacker: str, target: str, wounds: int) -> int:
        """An attack of an unbound activation: the target counts as a monster and takes every wound
        (fathoms-activation.target-as-monster, .all-damage-to-target); returns the wounds marked."""
        if target == attacker or not state.figure(target).is_investigator:
            raise RuleViolation("fathoms-activation.must-attack", "an unbound attack targets another investigator")
        return state.figure(target).health.take_wounds(wounds)


def _attack_numbers(course) -> list[int]:
    """For each action of ``course``, the index of its wounds among the attacks' (its own when an attack)."""
    numbers, n = [], 0
    for a in course:
        numbers.append(n)
        n += a.kind == "attack"
    return numbers


def _reachable_rows(table: ActionTable) -> list[list[UnboundAction]]:
    """The actions allowed at every step from every space the investigator can stand in then."""
    reach, rows = {table.start}, []
    for _ in range(UNBOUND_ACTIONS):
        step = [table.at(s) for s in sorted(reach, key=space_sort_key)]
        rows += step
        reach = {a.end for row in step for a in row}
    return rows


def _seeded(seed):
    import random

    return None if seed is None else random.Random(seed)

