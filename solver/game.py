"""The game: a scenario (what never changes) and its mutable state (what does), with the general rules that
every scenario shares — spawning with no location given, and how the game ends — and **the scenario protocol**:
the hooks every scenario implements, declared once on :class:`Scenario` with one name, signature and return type
each (set-up, each round phase, the start and end of an activation, the actions an investigator may take, win and
loss). :func:`play_round` drives any scenario through one round through these hooks alone.

Every hook that changes the state returns the rules that fired, in order, as :class:`Fired` records. Where the
rules leave a choice, a hook asks its ``choose`` argument with a :class:`Decision` (the options and who decides);
the default, :func:`players_must_choose`, raises :class:`~solver.errors.PlayerChoiceRequired` — the engine never
picks silently. Chance comes from the ``rng`` passed in (``random.Random(seed)``) or is given as values.

A scenario (``solver/scenarios/<name>/``) subclasses :class:`Scenario` and, where it has state of its own,
:class:`GameState`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import copy as _copy
import enum
import random
from collections.abc import Callable, Sequence
from typing import Any

from .board import Board, movement_blocking_hatches
from .catalog import Options
from .activation import ActivationContext
from .dice import Roll, StoredDie
from .errors import PlayerChoiceRequired, RuleViolation
from .health import Health

from typing import ClassVar


class Termination(enum.Enum):
    """Why a game ended; each names the rule that decides it."""

    SCENARIO_WIN = "outcome.win-scenario"
    SCENARIO_LOSS = "outcome.loss-scenario"
    INVESTIGATOR_KILLED = "outcome.loss-investigator-killed"
    DEVOURING_TRACK_END = "outcome.loss-devouring-track"
    EMPTY_RESERVE = "outcome.loss-empty-reserve"

    @property
    def rule_id(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game as data: won or lost (by all players together), why, and the rule that decided it.

    ``scenario_rule`` names the scenario's own winning or losing rule when the scenario decided it.
    """

    result: str  # "win" or "loss" — shared by every player (outcome.together)
    termination: Termination
    detail: str
    scenario_rule: str | None = None
    also_met: tuple[str, ...] = ()  # the rules of the other ending conditions met at the same moment

    @property
    def rule_id(self) -> str:
        return self.scenario_rule or self.termination.rule_id

    @property
    def is_win(self) -> bool:
        return self.result == "win"


@dataclass(frozen=True, slots=True)
class MonsterType:
    """A monster card's values (fan data; see BASE-GAME-FACTS.md)."""

    name: str
    horror: int
    trap: int
    damage: int
    range: int
    health: int
    resistance: int = 0
    actions: tuple[str, ...] = ()


MONSTER_TYPES: dict[str, MonsterType] = {
    "Husk": MonsterType("Husk", 1, 1, 1, 0, 4, 0, ("Move", "Attack", "Special")),
    "Mind Eater": MonsterType("Mind Eater", 0, 1, 1, 0, 1, 0, ("Move", "Move", "Attack")),
}


@dataclass
class Figure:
    """A figure on the board (or off it: ``space`` is None). Investigators and monsters share the health rules."""

    id: str  # unique in the state: "Lisbeth Gibson", "Husk#1"
    kind: str  # "investigator" or "monster"
    space: str | None
    health: Health
    tokens: dict[str, int] = field(default_factory=dict)  # condition and other tokens: "slow", "infested" …
    killed: bool = False  # killed instantly (by a rule), whatever its health

    @property
    def is_investigator(self) -> bool:
        return self.kind == "investigator"

    def count(self, token: str) -> int:
        return self.tokens.get(token, 0)


@dataclass(frozen=True, slots=True)
class Target:
    """Something an investigator may attack: a monster figure, or a marker the rules treat as a monster.

    ``id`` names it the way answers show it (``"Husk#1"``, a marker's own name), ``space`` is where it stands,
    ``kind`` says what it is (``"monster"`` for a figure; a scenario's markers use their own words, e.g.
    ``"unbound_marker"``), and ``rule_id`` the rule that makes it attackable, if not the ordinary one.
    ``health`` is ``(health left, maximum health)`` where the rules give the target a health of its own (a marker
    treated as a monster). ``excluded`` marks something on the board the investigator may *not* attack, and
    ``rule_id`` then names the rule that excludes it (:meth:`Scenario.attack_exclusions`)."""

    id: str
    space: str
    kind: str = "monster"
    rule_id: str | None = None
    health: tuple[int, int] | None = None
    excluded: bool = False


@dataclass
class GameState:
    """What changes during a game. Mutable; ``copy()`` gives an independent copy."""

    scenario: "Scenario"
    figures: dict[str, Figure] = field(default_factory=dict)
    devoured_rooms: set[int] = field(default_factory=set)
    room_deck: list[int] = field(default_factory=list)  # index 0 is the top card
    devoured_deck: list[int] = field(default_factory=list)  # index 0 is the top card
    devour_marker: int = 0  # index of the devouring-track space it stands on
    reserve: dict[str, int] = field(default_factory=dict)  # monster type → figures left in the reserve
    round: int = 1
    activation_track: list[str] = field(default_factory=list)  # investigator IDs, first to activate first
    lost_reason: Outcome | None = None  # a loss that happened during an operation (an empty reserve)
    # the moment of play (deepmadness play): whose activation it is, the roll just made, Lisbeth's stored die
    activation: ActivationContext | None = None
    roll: Roll | None = None
    roll_by: str | None = None
    rolls_made: int = 0  # Lisbeth's rolls so far (lisbeth.current-roll-only, lisbeth.replace-later-roll)
    stored_die: StoredDie | None = None  # lisbeth.store-die

    @property
    def board(self) -> Board:
        return self.scenario.board

    @property
    def options(self) -> Options:
        return self.scenario.options

    def copy(self) -> "GameState":
        """An independent copy: everything deep-copied but the scenario, which never changes and is shared."""
        return _copy.deepcopy(self, {id(self.scenario): self.scenario})

    # --- figures -------------------------------------------------------------------------------------------------
    def investigators(self) -> list[Figure]:
        return [f for f in self.figures.values() if f.is_investigator]

    def figures_in(self, space: str) -> list[Figure]:
        return [f for f in self.figures.values() if f.space == space]

    # --- spawning with no location (spawn.no-location, spawn.card-to-bottom) ----------------------------------------
    def default_spawn_space(self) -> str:
        """The spawn space of the room named by the devoured deck's top card (without moving the card)."""
        if not self.devoured_deck:
            raise RuleViolation("spawn.needs-devoured-card",
                                "the devoured deck is empty: there is no room to spawn in")
        top = self.devoured_deck[0]
        room = self.board.rooms.get(top)
        if room is None:
            raise RuleViolation("spawn.no-location", f"the devoured deck's top card is room {top}, which is not on "
                                                     f"the board {self.board.name!r}")
        return room.spawn_space

    def spawn_without_location(self) -> str:
        """Where an item spawned with no location goes (spawn.no-location); the top card of the devoured deck then
        goes to its bottom (spawn.card-to-bottom), so the next such spawn uses the next room."""
        space = self.default_spawn_space()
        self.devoured_deck.append(self.devoured_deck.pop(0))
        return space

    # --- the reserve (outcome.loss-empty-reserve) -------------------------------------------------------------------
    def counts_in_reserve(self, monster: str) -> bool:
        """Whether ``monster`` figures count as monsters left in the reserve: not when its horror is 0; a monster
        whose horror the engine lacks counts under the assumption ``reserve.unknown-horror = counts``."""
        known = MONSTER_TYPES.get(monster)
        if known is None:
            return self.options["reserve.unknown-horror"] == "counts"
        return known.horror != 0

    def reserve_has_monsters(self) -> bool:
        """Whether a monster is left in the reserve, horror-0 monsters not counting."""
        return any(n > 0 and self.counts_in_reserve(t) for t, n in self.reserve.items())

    def take_from_reserve(self, monster: str) -> bool:
        """Take one ``monster`` figure from the reserve for a spawn; ``False`` if none spawns.

        The game is lost (``outcome.loss-empty-reserve``) when the reserve holds no monster but horror-0 ones, or,
        under the option ``reserve.empty = that-monster-type``, when no ``monster`` figure is left (a horror-0
        monster that has run out just does not spawn: the rule leaves horror-0 monsters out)."""
        if not self.reserve_has_monsters():
            self._lose_reserve(monster, "the reserve held no monster (horror 0 aside)")
            return False
        if self.reserve.get(monster, 0) > 0:
            self.reserve[monster] -= 1
            return True
        if self.options["reserve.empty"] == "that-monster-type" and self.counts_in_reserve(monster):
            self._lose_reserve(monster, f"no {monster} was left in the reserve (reserve.empty=that-monster-type)")
        return False

    def _lose_reserve(self, monster: str, why: str) -> None:
        if self.lost_reason is None:  # the first loss stands
            self.lost_reason = Outcome("loss", Termination.EMPTY_RESERVE, f"a {monster} had to spawn and {why}")

    # --- the end of the game ------------------------------------------------------------------------------------------
    def losses(self) -> list[Outcome]:
        """Every losing condition met now, in the rulebook's order after an empty reserve met during a spawn:
        the scenario's own, a killed investigator, the end of the devouring track."""
        found: list[Outcome] = []
        if self.lost_reason is not None:
            found.append(self.lost_reason)
        loss = self.scenario.scenario_loss(self)
        if loss:
            found.append(Outcome("loss", Termination.SCENARIO_LOSS, loss[1], loss[0]))
        for f in self.investigators():
            if f.killed or f.health.is_killed:
                found.append(Outcome("loss", Termination.INVESTIGATOR_KILLED, f"{f.id} was killed"))
        track = self.scenario.devouring_track
        if track and self.devour_marker >= len(track) - 1:
            found.append(Outcome("loss", Termination.DEVOURING_TRACK_END,
                                 f"the devour marker reached space {len(track)}, the last of the devouring track"))
        return found

    def outcome(self) -> Outcome | None:
        """The game's outcome, or ``None`` while it goes on. When a win and a loss are met at the same moment, the
        option ``outcome.simultaneous`` decides (``outcome.ends-together``); ``also_met`` names the other
        conditions met."""
        losses = self.losses()
        win = self.scenario.scenario_win(self)
        won = Outcome("win", Termination.SCENARIO_WIN, win[1], win[0]) if win else None
        met = [*losses, *([won] if won else [])]
        if not met:
            return None
        if won and losses and self.options["outcome.simultaneous"] == "win-first":
            first = won
        else:
            first = met[0]
        rest = tuple(dict.fromkeys(o.rule_id for o in met if o is not first))
        return replace(first, also_met=rest) if rest else first

    def is_over(self) -> bool:
        return self.outcome() is not None


@dataclass(frozen=True, slots=True)
class TrackSpace:
    """One space of the devouring track: its number and the hazard icon under it (None where there is none)."""

    value: int
    hazard: str | None = None


@dataclass(frozen=True, slots=True)
class Fired:
    """One rule that fired while the state changed: its catalogued ID, what happened in a few words, and the
    same as data (spaces, figures, counts — JSON-ready) for answers that draw it."""

    rule_id: str
    what: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the rules leave to the players: the rule that leaves it, the question in words, every option
    (JSON-ready values) and who decides, in the rulebook's words."""

    rule_id: str
    question: str
    options: tuple[Any, ...]
    chooser: str = "the players"


#: What a hook calls when the rules leave a choice: it gets the :class:`Decision` and returns one of its options.
Chooser = Callable[[Decision], Any]


def players_must_choose(decision: Decision) -> Any:
    """The default chooser: no silent pick — raise :class:`PlayerChoiceRequired` with the options."""
    raise PlayerChoiceRequired(decision.rule_id, decision.question, list(decision.options))


@dataclass(frozen=True, slots=True)
class ActivationSlot:
    """One place on the activation track: the investigator, and the monster card linked under it (if any)."""

    investigator: str
    monster_card: str | None = None


@dataclass(frozen=True, slots=True)
class Action:
    """An action an investigator may take during an activation: its name (the rulebook's word: ``move``,
    ``Investigate``, ``discard infested tokens`` …), its arguments as JSON-ready data, and the rule that allows it."""

    name: str
    args: dict[str, Any] = field(default_factory=dict)
    rule_id: str | None = None


def play_round(scenario: "Scenario", state: "GameState", rng: random.Random, choose: Chooser,
               pick_action: Callable[[list[Action]], Action | None]) -> list[Fired]:
    """One whole round of ``state`` through the protocol alone: round start, devour, spawn, each activation of
    the activation track (actions picked by ``pick_action`` among the legal ones until it returns ``None`` or three
    were taken), end of round. Stops as soon as the game is over; returns every rule that fired, in order."""
    fired: list[Fired] = []
    for phase in (scenario.start_round, scenario.devour_phase, scenario.spawn_phase):
        fired += phase(state, rng, choose)
        if state.is_over():
            return fired
    for slot in scenario.activation_order(state):
        context = ActivationContext.normal(slot.investigator)
        fired += scenario.begin_activation(state, context, rng, choose)
        for _ in range(3):
            if state.is_over():
                return fired
            action = pick_action(scenario.legal_actions(state, slot.investigator))
            if action is None:
                break
            fired += scenario.take_action(state, slot.investigator, action, rng, choose)
        if state.is_over():
            return fired
        fired += scenario.end_activation(state, context, rng, choose)
        if state.is_over():
            return fired
    fired += scenario.end_of_round(state, rng, choose)
    return fired


class Scenario:
    """What never changes in a game: the board, the decks as dealt, the devouring track, the options.

    Subclasses set the class attributes and override the hooks; ``new_state()`` makes a state."""

    name: ClassVar[str] = "base"
    title: ClassVar[str] = "Base"
    rooms: ClassVar[tuple[int, ...]] = ()
    room_deck: ClassVar[tuple[int, ...]] = ()
    devoured_deck: ClassVar[tuple[int, ...]] = ()
    devouring_track: ClassVar[tuple[TrackSpace, ...]] = ()
    state_class: ClassVar[type[GameState]] = GameState
    #: Whether the scenario counts the actions an activation has left (then a state file's ``activation`` may say
    #: ``actions_left``, at most this many); ``None``: it doesn't.
    actions_per_activation: ClassVar[int | None] = None

    def __init__(self, board: Board, options: Options | None = None) -> None:
        self.board = board
        self.options = options or Options()

    @classmethod
    def with_shipped_board(cls, options: Options | None = None) -> "Scenario":
        """The scenario on the board file shipped beside its module (an approximate layout)."""
        from .boardfile import load_board
        from .scenarios import board_file

        return cls(load_board(board_file(cls.name)), options)

    def new_state(self, rng: random.Random | None = None, **fields) -> GameState:
        """A state at the start of the game. Shuffles use ``rng`` (seeded by the caller); without one, the decks
        stay in the order the scenario lists them."""
        state = self.state_class(scenario=self, room_deck=list(self.room_deck),
                                 devoured_deck=list(self.devoured_deck),
                                 devoured_rooms=set(self.devoured_deck), **fields)
        if rng is not None:
            rng.shuffle(state.room_deck)
            rng.shuffle(state.devoured_deck)
        self.setup(state, rng)
        return state

    # --- the protocol: set-up --------------------------------------------------------------------------------------
    def setup(self, state: GameState, rng: random.Random | None) -> None:
        """The scenario's special set-up of a new state's board and decks (called by :meth:`new_state`)."""

    def new_game(self, investigators: Sequence[str], rng: random.Random | None = None,
                 choose: Chooser = players_must_choose) -> GameState:
        """A whole game set up: the state of :meth:`new_state` with ``investigators`` placed and every other
        component of the scenario's set-up (monster cards, markers, tracks) as its rules say. The base scenario
        places no one."""
        return self.new_state(rng)

    # --- the protocol: the round's phases ----------------------------------------------------------------------
    def start_round(self, state: GameState, rng: random.Random | None = None,
                    choose: Chooser = players_must_choose) -> list[Fired]:
        """What happens as a round starts (before the devour phase)."""
        return []

    def devour_phase(self, state: GameState, rng: random.Random | None = None,
                     choose: Chooser = players_must_choose) -> list[Fired]:
        """The devour phase: the devour marker advances one space and the room or hazard under it is resolved."""
        return []

    def spawn_phase(self, state: GameState, rng: random.Random | None = None,
                    choose: Chooser = players_must_choose) -> list[Fired]:
        """The spawn phase: monsters (and the scenario's markers) appear."""
        return []

    def activation_order(self, state: GameState) -> list[ActivationSlot]:
        """The activation phase's order: the activation track, first to activate first."""
        return [ActivationSlot(i) for i in state.activation_track]

    def resume_activation(self, state: GameState, context: ActivationContext, actions_left: int | None = None) -> None:
        """An activation already under way, its beginning behind it (as a state file gives it): nothing that
        happens as an activation starts happens again. ``actions_left`` only where the scenario counts them
        (:attr:`actions_per_activation`)."""
        if actions_left is not None and self.actions_per_activation is None:
            raise ValueError(f"{self.title} doesn't count the actions an activation has left")
        state.activation = context

    def begin_activation(self, state: GameState, context: ActivationContext, rng: random.Random | None = None,
                         choose: Chooser = players_must_choose) -> list[Fired]:
        """What happens as an investigator's activation (normal, outside one, unbound) starts."""
        return []

    def legal_actions(self, state: GameState, investigator: str) -> list[Action]:
        """Every action ``investigator`` may take now: the base game's actions the engine models — a move to each
        neighbouring space a hatch doesn't close (``hatch.blocks-movement``), gaining 1 health — and, in a
        subclass, the scenario's own actions (a scenario adds its own to ``super().legal_actions(...)``). A killed
        investigator, or one off the board, takes none."""
        figure = state.figures.get(investigator)
        if figure is None or figure.space is None or figure.killed or figure.health.is_killed:
            return []
        hatches = movement_blocking_hatches(state.options)
        moves = [Action("move", {"to": space}, "board.distance")
                 for space in state.board.neighbours(figure.space, hatches)]
        return [*moves, Action("gain health", {"amount": 1}, "health.gain-over-max")]

    def take_action(self, state: GameState, investigator: str, action: Action, rng: random.Random | None = None,
                    choose: Chooser = players_must_choose) -> list[Fired]:
        """Take one of :meth:`legal_actions`; an action the rules don't allow raises :class:`RuleViolation` (naming
        the rule it breaks), one the engine doesn't model a :class:`ValueError`. The base game's: ``move`` (one
        space, to a neighbour a hatch doesn't close) and ``gain health`` (a wound healed first, else a health +1
        token)."""
        figure = state.figures.get(investigator)
        if figure is None or not figure.is_investigator:
            raise ValueError(f"{investigator!r} is not an investigator of this position")
        if action.name == "move":
            to = action.args.get("to")
            here = figure.space
            if here is None or to not in state.board.neighbours(here, movement_blocking_hatches(state.options)):
                raise RuleViolation("hatch.blocks-movement", f"{investigator} can't move from {here} to {to}: a move "
                                                             f"goes to a neighbouring space no hatch closes")
            figure.space = to
            return [Fired("board.distance", f"{investigator} moves from {here} to {to}",
                          {"figure": investigator, "from": here, "to": to})]
        if action.name == "gain health":
            amount = int(action.args.get("amount", 1))
            healed = min(amount, figure.health.wounds)
            figure.health.gain(amount)
            rule = "health.gain-heals-wound" if healed else "health.gain-over-max"
            return [Fired(rule, f"{investigator} gains {amount} health",
                          {"figure": investigator, "amount": amount, "healed": healed})]
        raise ValueError(f"{investigator} can't take the action {action.name!r}: the engine doesn't model it")

    def end_activation(self, state: GameState, context: ActivationContext, rng: random.Random | None = None,
                       choose: Chooser = players_must_choose) -> list[Fired]:
        """What happens as an investigator's activation ends."""
        return []

    def end_of_round(self, state: GameState, rng: random.Random | None = None,
                     choose: Chooser = players_must_choose) -> list[Fired]:
        """The end of the round (the refresh phase)."""
        state.round += 1
        return []

    def invariants(self, state: GameState) -> list[str]:
        """What is wrong with ``state`` (empty when it keeps every invariant the scenario's components and rules
        impose: counts within the box, figures on real spaces …). The generic random play-out checks it.

        The base checks what every scenario shares (a scenario adds its own to ``super().invariants(state)``):
        figures stand on the board's spaces; a health track holds no more wounds than its maximum and never
        wounds and health +1 tokens at once (``health.gain-heals-wound``); the devour marker stands on the
        devouring track; no room card is in two decks or twice in one; the activation track names figures."""
        wrong: list[str] = []
        for f in state.figures.values():
            if f.space is not None and f.space not in state.board.spaces:
                wrong.append(f"{f.id} stands on {f.space}, which is not a space of the board")
            h = f.health
            if not 0 <= h.wounds <= h.maximum or h.health_plus_tokens < 0:
                wrong.append(f"{f.id}'s health track is impossible: {h.wounds} wounds of {h.maximum}, "
                             f"{h.health_plus_tokens} health +1 tokens")
            if h.wounds and h.health_plus_tokens:
                wrong.append(f"{f.id} holds wounds and health +1 tokens at once")
        if self.devouring_track and not 0 <= state.devour_marker < len(self.devouring_track):
            wrong.append(f"the devour marker is off the devouring track (index {state.devour_marker})")
        cards = [*state.devoured_deck, *state.room_deck]
        if len(cards) != len(set(cards)):
            wrong.append("a room card is in the decks twice")
        unknown = [n for n in state.activation_track if n not in state.figures]
        if unknown:
            wrong.append(f"the activation track names {unknown}, not figures of the position")
        return wrong

    def sight_blockers(self, state: GameState) -> frozenset[str]:
        """The spaces line of sight can't get into, through or out of (Fevered Dreams: the mist spaces).
        The base scenario has none."""
        return frozenset()

    def sees_own_blocked_space(self, state: GameState) -> bool:
        """Whether a figure standing in a space that blocks sight still sees its own space (at sight distance 0).
        The base scenario has no such spaces."""
        return False

    def attack_targets(self, state: GameState, attacker_id: str) -> list[Target]:
        """Everything the investigator ``attacker_id`` may attack, wherever it stands (range and sight are
        checked by the caller). The base scenario: every monster figure on the board. Scenarios add the markers
        treated as monsters and take away what the investigator may not attack."""
        return [Target(f.id, f.space) for f in state.figures.values()
                if f.kind == "monster" and f.space is not None and not f.killed]

    def attack_exclusions(self, state: GameState, attacker_id: str) -> list[Target]:
        """What stands on the board that the investigator ``attacker_id`` may not attack, each with the rule that
        excludes it (``excluded=True``), so that answers can say why it is not a target. The base scenario: none."""
        return []

    def scenario_win(self, state: GameState) -> tuple[str, str] | None:
        """``(rule_id, detail)`` when the scenario's winning condition is met."""
        return None

    def scenario_loss(self, state: GameState) -> tuple[str, str] | None:
        """``(rule_id, detail)`` when one of the scenario's losing conditions is met."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.title!r} on {self.board!r}>"
