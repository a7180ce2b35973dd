"""Expectant Terror: the Nest, its nest markers, and the infested investigators.

What never changes is the :class:`ExpectantTerror` scenario: twelve rooms, all devoured from the start, an
eight-space devouring track whose teal and blue hazard icons spawn two or three nest markers a round, and the
options in force. What changes is an :class:`ExpectantTerrorState`: the nest markers on the board (one a room, in
its spawn space), the Nest's wounds this round and whether it is off the board, the monster activation track, the
devoured effect markers, and whose activation is under way. Infested tokens are tokens on the investigator
figures (``figure.tokens["infested"]``).

A round, as the engine plays it::

    scenario.begin_next_round(state)      # from round 2 (start_round): the removed Nest returns
    scenario.devour_phase(state)          # the devour marker advances one space
    scenario.spawn_phase(state)           # the hazard's nest markers, before any spawn card
    scenario.begin_activation(state, ActivationContext.normal("Lisbeth Gibson"))   # infested tokens strike
    scenario.discard_infestation(state, "Lisbeth Gibson")                          # at a nest marker, free
    scenario.end_activation(state)
    scenario.wound_nest(state); scenario.complete_nest_activation(state)

>>> et = ExpectantTerror.with_shipped_board()
>>> state = et.start_game(["Lisbeth Gibson", "Sophie Brigman"], monsters=["Bloated"])
>>> state.monster_track, state.figures["Nest"].space
(['Husk', 'Bloated'], '2b')
>>> et.place_nest_markers(state, 2).rooms
(1, 2)

Rules: the ``expectant-board``, ``expectant-setup``, ``expectant-track``, ``nest-marker``, ``nest``,
``infested`` and ``expectant-outcome`` topics of ``rules_docs/catalog/expectant_terror.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import random
from collections.abc import Iterable, Mapping, Sequence

from ..activation import Ability, ActivationContext, ActivationEffect, ActivationKind, ability_refusal, begin
from ..answers import Answer, Choice
from ..board import Board
from ..catalog import Options
from ..errors import InputError, PlayerChoiceRequired, RuleViolation
from ..game import MONSTER_TYPES, Figure, GameState, Outcome, Scenario, Termination, TrackSpace
from ..health import Health
from ..investigators import INVESTIGATORS
from ..questions import Param, question

from typing import ClassVar

SCENARIO_NAME = "expectant-terror"
NEST = "Nest"  # the Nest figure's ID and monster card
HUSK = "Husk"
MIND_EATER = "Mind Eater"
NEST_MARKERS = 6  # nest-marker.supply
INFESTED_TOKENS = 12  # the component list
INFESTED_KILLS = 4  # infested.killed-at-four
HUSK_STANDEES = 6  # expectant-setup.husk-standees
MIND_EATER_FIGURES = 6  # the component list
ACTIONS_PER_ACTIVATION = 3  # BASE-GAME-FACTS: three actions an activation
HAZARD_NEST_MARKERS = {"teal": 2, "blue": 3}  # expectant-track.teal, expectant-track.blue
HAZARD_RULES = {"teal": "expectant-track.teal", "blue": "expectant-track.blue"}

# The start of an investigator's activation: infested tokens strike (not outside a normal activation).
INFESTED_AT_START = ActivationEffect("infested tokens", "beginning", "infested.start-damage")
# The discard at a nest marker: usable only in a normal activation.
DISCARD_INFESTATION = Ability("discard infested tokens and a nest marker", during_activation=True)


@dataclass(frozen=True, slots=True)
class MonsterCard:
    """A monster card that may be drawn at random for the monster activation track, and how many figures the
    component list gives it (``None``: not public)."""

    name: str
    figures: int | None = None
    epic: bool = False


# The expansion's nine normal monsters and their figures ("Components"); the base game's are not public.
MONSTER_POOL: tuple[MonsterCard, ...] = tuple(MonsterCard(n, c) for n, c in (
    ("Immortal", 3), ("Wrecked", 3), ("Purge", 5), ("Despair", 5), ("Hallucination", 5), ("Drifter", 3),
    ("Grudge", 8), ("Parasite", 12), ("Bloated", 12)))
SCENARIO_CARDS = (HUSK, MIND_EATER, NEST)  # placed by the scenario's own setup, never drawn at random


# --- results of operations ----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class NestMarkerSpawn:
    """What spawning nest markers did: where they went (rooms and spaces, in order), how many could not be placed
    and why, and each step through the devoured deck."""

    asked: int
    rooms: tuple[int, ...]
    spaces: tuple[str, ...]
    not_placed: int = 0
    why_not_placed: str = ""
    steps: tuple[str, ...] = ()
    deck_after: tuple[int, ...] = ()
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SpawnPhase:
    """A spawn phase: the nest markers first, then each spawn card as ``(monster, space, figure ID or None)``."""

    nest_markers: NestMarkerSpawn
    spawn_cards: tuple[tuple[str, str, str | None], ...] = ()


@dataclass(frozen=True, slots=True)
class NestWound:
    """What wounding the Nest did: wounds dealt, taken (at most 1 a round), ignored; whether it now takes its
    additional activation, and whether it is killed."""

    dealt: int
    taken: int
    ignored: int
    activates: bool
    killed: bool


@dataclass(frozen=True, slots=True)
class InfestedStrike:
    """What an investigator's infested tokens did at the start of his or her activation."""

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


# --- the state ----------------------------------------------------------------------------------------------------
@dataclass
class ExpectantTerrorState(GameState):
    """What changes in an Expectant Terror game, beyond the common state.

    The Nest is the figure ``figures["Nest"]``: on the board, off it (``space`` None, not killed: removed after its
    wound until the next round) or killed."""

    nest_markers: set[int] = field(default_factory=set)  # the rooms holding one, in their spawn space
    nest_wounds_this_round: int = 0  # nest.one-wound-per-round
    nest_activation_pending: bool = False  # its additional activation after a wound is under way
    monster_track: list[str] = field(default_factory=list)  # the monster activation track's cards, first first
    devoured_effects: dict[str, int] = field(default_factory=dict)  # space → devoured effect marker number
    activation: ActivationContext | None = None  # whose activation (or action outside one) is under way
    actions_left: int = 0

    @property
    def nest(self) -> Figure:
        return self.figures[NEST]

    @property
    def nest_is_removed(self) -> bool:
        """The Nest is off the board for the time being (nest.removed-after-activation)."""
        nest = self.figures.get(NEST)
        return nest is not None and nest.space is None and not nest.killed

    @property
    def nest_is_killed(self) -> bool:
        nest = self.figures.get(NEST)
        return nest is not None and nest.killed

    def nest_marker_spaces(self) -> dict[int, str]:
        """Room → the space holding its nest marker (the room's spawn space)."""
        return {r: self.board.rooms[r].spawn_space for r in sorted(self.nest_markers)}

    def nest_marker_room_at(self, space: str | None) -> int | None:
        """The room whose nest marker lies in ``space``, if one does."""
        if space is None:
            return None
        room = self.board.room_of(space)
        if room in self.nest_markers and self.board.rooms[room].spawn_space == space:
            return room
        return None

    def infested(self, investigator: str) -> int:
        return self.figures[investigator].count("infested")


# --- the scenario -------------------------------------------------------------------------------------------------
class ExpectantTerror(Scenario):
    """Expectant Terror: what never changes in a game, and the operations its rules allow."""

    name: ClassVar[str] = SCENARIO_NAME
    title: ClassVar[str] = "Expectant Terror"
    rooms: ClassVar[tuple[int, ...]] = (1, 2, 17, 19, 20, 23, 24, 25, 26, 27, 28, 29)  # expectant-board.rooms
    start_room: ClassVar[int] = 1
    nest_room: ClassVar[int] = 2
    room_deck: ClassVar[tuple[int, ...]] = ()  # expectant-board.devoured-deck: every room starts devoured
    devoured_deck: ClassVar[tuple[int, ...]] = (1, 2, 17, 19, 20, 23, 24, 25, 26, 27, 28, 29)
    devouring_track: ClassVar[tuple[TrackSpace, ...]] = tuple(  # expectant-track.values, expectant-track.hazards
        TrackSpace(2, h) for h in ("blue", "blue", "teal", "blue", "blue", "teal", "blue", "blue"))
    hazard_effects: ClassVar[dict[str, str]] = {  # the hazard icons' effects, in our words (for the website)
        "teal": "before any spawn card of the round's spawn phase, two nest markers spawn in different rooms, "
                "following the devoured deck and skipping rooms that already hold one",
        "blue": "the same with three nest markers (in this scenario blue is not 'no effect')",
    }
    state_class: ClassVar[type[GameState]] = ExpectantTerrorState

    def __init__(self, board: Board, options: Options | None = None) -> None:
        super().__init__(board, options)
        missing = [r for r in self.rooms if r not in board.rooms]
        if missing:
            raise InputError(f"the Expectant Terror board needs rooms {', '.join(map(str, missing))}",
                             file=board.source or board.name, entry="rooms", rule_id="expectant-board.rooms")
        nests = [s for s in board.spaces_with("nest") if board.room_of(s) == self.nest_room]
        if len(nests) != 1:
            raise InputError(f"room {self.nest_room} must hold exactly one space marked 'nest', not {len(nests)}",
                             file=board.source or board.name, entry=f"rooms.{self.nest_room}",
                             rule_id="expectant-board.nest-space")
        self.nest_space = nests[0]

    def with_options(self, options: Options) -> "ExpectantTerror":
        """The same scenario on the same board with other options."""
        return type(self)(self.board, options)

    def play_on_with(self, state: ExpectantTerrorState, options: Options) -> "ExpectantTerror":
        """Go on with ``state`` under other options: its scenario becomes this one with ``options``, and the Nest's
        maximum health follows ``nest.maximum-health``. Returns the new scenario."""
        new = self.with_options(options)
        state.scenario = new
        nest = state.figures.get(NEST)
        if nest is not None:
            nest.health = Health(new.nest_health, min(nest.health.wounds, new.nest_health),
                                 nest.health.health_plus_tokens)
        return new

    @property
    def nest_health(self) -> int:
        """The Nest's maximum health (assumption ``nest.maximum-health``)."""
        return int(self.options["nest.maximum-health"])

    # --- setup ------------------------------------------------------------------------------------------------------
    def setup(self, state: GameState, rng: random.Random | None) -> None:
        """The special setup that needs no investigator: devoured effect markers, the Husk card in the first
        monster space, the Nest figure, the reserve. Investigators and the random monster cards come after
        (:meth:`add_investigators`, :meth:`choose_monsters`; :meth:`start_game` does all)."""
        assert isinstance(state, ExpectantTerrorState)
        # expectant-board.devoured-effects (assumption expectant-setup.devoured-effect-markers)
        spaces = [s for r in sorted(state.devoured_rooms) for s in self.board.rooms[r].spaces
                  if not self.board.space(s).is_spawn_space]
        markers = list(range(1, len(spaces) + 1))
        if rng is not None:
            rng.shuffle(markers)
        state.devoured_effects = dict(zip(spaces, markers))
        state.monster_track = [HUSK]  # expectant-setup.husk-first: before the monsters are chosen
        # expectant-setup.nest-figure
        state.figures[NEST] = Figure(NEST, "monster", self.nest_space, Health(self.nest_health))
        # expectant-setup.husk-standees, expectant-setup.standees-are-husks (assumption expectant-setup.husk-figures)
        state.reserve = {HUSK: HUSK_STANDEES, MIND_EATER: MIND_EATER_FIGURES}

    def start_spaces(self) -> list[str]:
        """Where an investigator may start (assumption ``expectant-setup.start-space``)."""
        room = self.board.rooms[self.start_room]
        if self.options["expectant-setup.start-space"] == "start-space":
            starts = [s for s in room.spaces if "start" in self.board.space(s).features]
            return starts or [room.spawn_space]
        return list(room.spaces)

    def add_investigators(self, state: ExpectantTerrorState, names: Sequence[str],
                          spaces: Mapping[str, str] | None = None) -> None:
        """Place the investigators in the Start room and on the activation track, in the order given. Where the
        start space is the players' choice, ``spaces`` names it, else :class:`PlayerChoiceRequired`."""
        allowed = self.start_spaces()
        spaces = dict(spaces or {})
        placed: list[Figure] = []
        for name in names:  # every investigator is checked before any is placed
            card = INVESTIGATORS.get(name)
            if card is None:
                raise InputError(f"unknown investigator {name!r}; known: {', '.join(INVESTIGATORS)}")
            if card.health is None:
                raise InputError(f"{name}'s health is not public: give it in a state file")
            if name in spaces:
                space = spaces[name]
                if space not in allowed:
                    raise RuleViolation("expectant-board.start-room",
                                        f"{name} can't start on {space}: the start is {', '.join(allowed)}")
            elif len(allowed) == 1:
                space = allowed[0]
            else:
                raise PlayerChoiceRequired("expectant-board.start-room", f"where does {name} start", allowed)
            if name in state.figures or any(f.id == name for f in placed):
                raise InputError(f"{name} is already in the game")
            placed.append(Figure(name, "investigator", space, Health(card.health)))
        for fig in placed:
            state.figures[fig.id] = fig
            state.activation_track.append(fig.id)

    def monster_spaces(self, state: ExpectantTerrorState) -> int:
        """How many monster spaces the track has (assumption ``expectant-setup.monster-spaces``)."""
        return max(1, len(state.activation_track))

    def choose_monsters(self, state: ExpectantTerrorState, rng: random.Random | None = None,
                        cards: Sequence[str] | None = None,
                        pool: Sequence[MonsterCard] = MONSTER_POOL) -> list[str]:
        """Fill the monster spaces after the Husk with random monster cards (expectant-setup.random-monsters):
        ``cards`` as drawn, or drawn with ``rng`` from ``pool``. Epic monsters can't be used
        (expectant-setup.no-epic). Each card's figures join the reserve. Returns the cards placed."""
        if state.monster_track[:1] != [HUSK]:
            raise RuleViolation("expectant-setup.husk-first", "the Husk card must be in the first monster space "
                                                              "before the other monsters are chosen")
        free = self.monster_spaces(state) - len(state.monster_track)
        by_name = {c.name: c for c in pool}
        if cards is None:
            if rng is None:
                raise ValueError("the monster cards are random: give the cards drawn or a random.Random")
            candidates = [c.name for c in pool if not c.epic and c.name not in SCENARIO_CARDS
                          and c.name not in state.monster_track]
            if len(candidates) < free:
                raise RuleViolation("expectant-setup.random-monsters",
                                    f"{free} monster cards are needed and only {len(candidates)} may be drawn")
            cards = rng.sample(candidates, free)
        cards = list(cards)
        if len(cards) != free:
            raise RuleViolation("expectant-setup.random-monsters",
                                f"{free} monster space(s) are left to fill, not {len(cards)}")
        for i, name in enumerate(cards):  # every card is checked before any is placed
            card = by_name.get(name, MonsterCard(name))
            if card.epic:
                raise RuleViolation("expectant-setup.no-epic", f"{name} is an epic monster: not in this scenario")
            if name == NEST:
                raise RuleViolation("expectant-setup.nest-card-last",
                                    "the Nest card goes at the end of the activation track, not in a monster space")
            if name == MIND_EATER:
                raise RuleViolation("expectant-setup.mind-eater-far-left",
                                    "the Mind Eater card goes on the far left, not in a monster space")
            if name in state.monster_track or name in cards[:i]:
                raise RuleViolation("expectant-setup.random-monsters", f"{name} is already on the track")
        for name in cards:
            state.monster_track.append(name)
            figures = by_name.get(name, MonsterCard(name)).figures
            if figures:
                state.reserve[name] = state.reserve.get(name, 0) + figures
        return cards

    def start_game(self, investigators: Sequence[str], rng: random.Random | None = None,
                   monsters: Sequence[str] | None = None, start_spaces: Mapping[str, str] | None = None,
                   pool: Sequence[MonsterCard] = MONSTER_POOL) -> ExpectantTerrorState:
        """A new game: the common state and special setup, the investigators, then the random monster cards."""
        state = self.new_state(rng)
        assert isinstance(state, ExpectantTerrorState)
        self.add_investigators(state, investigators, start_spaces)
        self.choose_monsters(state, rng, monsters, pool)
        return state

    def spawn_deck_monsters(self, state: ExpectantTerrorState) -> list[str]:
        """The monsters whose spawn cards are shuffled into the spawn deck: the chosen ones, never the Nest
        (expectant-setup.no-nest-spawn-cards); the Mind Eater as ``expectant-setup.mind-eater-spawn-cards`` says."""
        monsters = [m for m in state.monster_track if m != NEST]
        if self.options["expectant-setup.mind-eater-spawn-cards"] == "shuffled-in" and MIND_EATER not in monsters:
            monsters.append(MIND_EATER)
        return monsters

    def activation_order(self, state: ExpectantTerrorState) -> list[tuple[str, str]]:
        """The activation phase, in order: ``("investigator", name)`` and ``("monster", card)`` steps. The Mind
        Eater card sits on the far left (option ``expectant-setup.mind-eater-slot``); each monster space follows
        its investigator; the Nest comes after the last monster (nest.activates-last), unless its figure is off
        the board (nest.off-board-no-activation)."""
        order: list[tuple[str, str]] = []
        slot = self.options["expectant-setup.mind-eater-slot"]
        if slot == "before-first-investigator":
            order.append(("monster", MIND_EATER))
        for i, name in enumerate(state.activation_track):
            order.append(("investigator", name))
            if i < len(state.monster_track):
                if i == 0 and slot == "with-first-monster-space":
                    order.append(("monster", MIND_EATER))
                order.append(("monster", state.monster_track[i]))
        nest = state.figures.get(NEST)
        if nest is not None and nest.space is not None and not nest.killed:
            order.append(("monster", NEST))
        return order

    # --- the round ---------------------------------------------------------------------------------------------------
    def begin_next_round(self, state: ExpectantTerrorState) -> str | None:
        """The round counter moves on and the new round starts (:meth:`start_round`)."""
        if state.nest_activation_pending:
            raise RuleViolation("nest.removed-after-activation",
                                "the Nest's additional activation is not finished")
        if state.nest_is_removed:
            state.default_spawn_space()  # an empty devoured deck is refused before anything changes
        state.round += 1
        return self.start_round(state)

    def start_round(self, state: ExpectantTerrorState) -> str | None:
        """The beginning of a game round: the Nest's one wound a round starts afresh, and a removed Nest returns
        to the spawn space of the devoured deck's top room, whose card then goes to the bottom
        (nest.returns-next-round, nest.return-card-to-bottom). Returns the Nest's new space if it returned."""
        if state.nest_activation_pending:
            raise RuleViolation("nest.removed-after-activation",
                                "the Nest's additional activation is not finished")
        state.nest_wounds_this_round = 0
        if state.nest_is_removed:
            space = state.spawn_without_location()
            state.nest.space = space
            return space
        return None

    def devour_phase(self, state: ExpectantTerrorState) -> TrackSpace:
        """The devour marker advances one space; every room is already devoured, so its hazard waits for the spawn
        phase. Returns the new track space."""
        if state.devour_marker >= len(self.devouring_track) - 1:
            raise RuleViolation("outcome.loss-devouring-track", "the devour marker is on the last space already")
        state.devour_marker += 1
        return self.devouring_track[state.devour_marker]

    def track_space(self, state: ExpectantTerrorState, index: int | None = None) -> TrackSpace:
        index = state.devour_marker if index is None else index
        if not 0 <= index < len(self.devouring_track):
            raise RuleViolation("expectant-track.values",
                                f"the devouring track has spaces 1 to {len(self.devouring_track)}, not {index + 1}")
        return self.devouring_track[index]

    def nest_markers_due(self, state: ExpectantTerrorState, index: int | None = None) -> tuple[int, str]:
        """How many nest markers this round's hazard spawns, and the rule that says so."""
        hazard = self.track_space(state, index).hazard
        return HAZARD_NEST_MARKERS[hazard], HAZARD_RULES[hazard]

    def spawn_phase(self, state: ExpectantTerrorState, spawn_cards: Sequence[str] = ()) -> SpawnPhase:
        """The spawn phase: first the hazard's nest markers, then the spawn cards (nest-marker.before-spawn-cards).

        The base game's spawn cards are not public; ``spawn_cards`` names the monster each card drawn spawns, and
        each spawns like an item with no location given (spawn.no-location), so it meets the devoured deck as the
        nest markers left it. Returns the nest markers placed and each card's figure (``None``: not spawned)."""
        count, _ = self.nest_markers_due(state)
        nest = self.place_nest_markers(state, count)
        cards = []
        for monster in spawn_cards:
            space = state.spawn_without_location()
            spawned = self.spawn_monsters(state, monster, space, 1)
            cards.append((monster, space, spawned[0] if spawned else None))
        return SpawnPhase(nest, tuple(cards))

    # --- nest markers -------------------------------------------------------------------------------------------------
    def place_nest_markers(self, state: ExpectantTerrorState, count: int) -> NestMarkerSpawn:
        """Spawn ``count`` nest markers, one at a time, each in the spawn space of the devoured deck's top room,
        skipping (card to the bottom) a room that already holds one (nest-marker.deck-order,
        nest-marker.skip-occupied, nest-marker.one-per-room, nest-marker.different-rooms)."""
        if count < 0:
            raise ValueError("a negative number of nest markers")
        deck = state.devoured_deck
        steps: list[str] = []
        rooms: list[int] = []
        rules = ["nest-marker.deck-order", "spawn.no-location"]
        not_placed, why = 0, ""
        card_after = self.options["nest-marker.card-after-spawn"]
        for i in range(count):
            n = i + 1
            if len(state.nest_markers) >= NEST_MARKERS:
                not_placed = count - i
                why = f"all {NEST_MARKERS} nest markers are on the board: the supply is empty"
                steps.append(f"marker {n}: none left in the supply (nest-marker.supply)")
                rules.append("nest-marker.supply")
                break
            if not any(r not in state.nest_markers for r in deck):
                rules.append("nest-marker.no-room")
                if self.options["nest-marker.no-room"] == "game-lost":
                    not_placed = count - i
                    why = "no room of the devoured deck is free of nest markers: the game is lost"
                    steps.append(f"marker {n}: every room of the devoured deck holds a nest marker; "
                                 f"under nest-marker.no-room=game-lost the game is lost")
                    if state.lost_reason is None:
                        state.lost_reason = Outcome("loss", Termination.SCENARIO_LOSS, why,
                                                    "expectant-outcome.loss-no-room-for-nest-marker")
                    rules.append("expectant-outcome.loss-no-room-for-nest-marker")
                    break
                not_placed += 1
                why = "no room of the devoured deck is free of nest markers"
                steps.append(f"marker {n}: every room of the devoured deck holds a nest marker; a full turn of the "
                             f"deck leaves it as it was and the marker is not placed (nest-marker.no-room)")
                continue
            while deck[0] in state.nest_markers:
                skipped = deck.pop(0)
                deck.append(skipped)
                steps.append(f"marker {n}: room {skipped} already holds a nest marker: its card goes to the bottom "
                             f"(nest-marker.skip-occupied)")
                if "nest-marker.skip-occupied" not in rules:
                    rules.append("nest-marker.skip-occupied")
            room = deck[0]
            space = self.board.rooms[room].spawn_space
            state.nest_markers.add(room)
            rooms.append(room)
            if card_after == "to-bottom":
                deck.append(deck.pop(0))
                steps.append(f"marker {n}: room {room}, on its spawn space {space}; the card goes to the bottom "
                             f"(spawn.card-to-bottom)")
            else:
                steps.append(f"marker {n}: room {room}, on its spawn space {space}; the card stays on top "
                             f"(nest-marker.card-after-spawn=stays-on-top)")
        rules.append("nest-marker.card-after-spawn")
        return NestMarkerSpawn(count, tuple(rooms), tuple(self.board.rooms[r].spawn_space for r in rooms),
                               not_placed, why, tuple(steps), tuple(deck), tuple(dict.fromkeys(rules)))

    def remove_nest_marker(self, state: ExpectantTerrorState, room: int) -> None:
        """A nest marker leaves the board and goes back to the supply."""
        if room not in state.nest_markers:
            raise RuleViolation("nest-marker.supply", f"room {room} holds no nest marker")
        state.nest_markers.discard(room)

    # --- the Nest ------------------------------------------------------------------------------------------------------
    def wound_nest(self, state: ExpectantTerrorState, wounds: int = 1) -> NestWound:
        """Deal wounds to the Nest: it takes at most 1 a game round, for any reason (nest.one-wound-per-round); the
        one it takes makes it activate at once (nest.activates-when-wounded). A wound that kills it wins the game
        at once or after that activation (option ``nest.killing-wound``)."""
        if wounds < 0:
            raise ValueError("wounds can't be negative")
        nest = state.nest
        if nest.killed:
            raise RuleViolation("expectant-outcome.win-nest-killed", "the Nest is already killed")
        if nest.space is None:
            raise RuleViolation("nest.off-board-no-activation",
                                "the Nest's figure is off the board until the next round: it can't be wounded")
        taken = min(wounds, max(0, 1 - state.nest_wounds_this_round))
        activates = False
        if taken:
            nest.health.take_wounds(taken)
            state.nest_wounds_this_round += taken
            if nest.health.is_killed and self.options["nest.killing-wound"] == "no-activation":
                nest.killed = True
                nest.space = None
            else:
                state.nest_activation_pending = True
                activates = True
        return NestWound(wounds, taken, wounds - taken, activates, nest.killed)

    def complete_nest_activation(self, state: ExpectantTerrorState) -> str:
        """The Nest's additional activation is over: its figure leaves the board until the next round
        (nest.removed-after-activation), or, if its wound killed it, it is killed now. Returns ``"removed"`` or
        ``"killed"``."""
        if not state.nest_activation_pending:
            raise RuleViolation("nest.activates-when-wounded", "the Nest has no additional activation under way")
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

    # --- investigators: activations and infested tokens -----------------------------------------------------------------
    def give_infested_tokens(self, state: ExpectantTerrorState, investigator: str, count: int = 1) -> bool:
        """The investigator takes infested tokens one at a time; with the fourth he or she is killed at once
        (infested.killed-at-four), and takes no more: no investigator ever holds five (a state file refuses five
        too). Returns whether he or she was killed."""
        fig = self._investigator(state, investigator)
        if count < 0:
            raise ValueError("a negative number of infested tokens")
        taken = max(0, min(count, INFESTED_KILLS - fig.count("infested")))
        in_play = sum(f.count("infested") for f in state.investigators())
        if in_play + taken > INFESTED_TOKENS:
            raise RuleViolation("infested.supply",
                                f"only {INFESTED_TOKENS - in_play} of the {INFESTED_TOKENS} infested tokens are left")
        if taken:
            fig.tokens["infested"] = fig.count("infested") + taken
        if fig.count("infested") >= INFESTED_KILLS:
            fig.killed = True
        return fig.killed

    def begin_activation(self, state: ExpectantTerrorState, context: ActivationContext,
                         wounds_after_resistance: int | None = None) -> InfestedStrike | None:
        """An investigator's turn begins. In a normal activation his or her infested tokens strike first: X damage
        and X Mind Eaters in his or her space (infested.start-damage, infested.start-mind-eaters); outside a
        normal activation nothing is triggered (outside-activation.no-start-end-effects). Under
        ``infested.damage = after-resistance`` the wounds that got through the resistance roll are given."""
        if state.activation is not None:
            raise RuleViolation("infested.discard-in-activation",
                                f"{state.activation.investigator}'s turn is still under way")
        fig = self._investigator(state, context.investigator)
        if fig.killed or fig.health.is_killed:
            raise RuleViolation("outcome.loss-investigator-killed", f"{fig.id} is killed")
        strikes = bool(begin(context, (INFESTED_AT_START,)))
        if strikes:  # ask for the resistance roll before anything changes
            self.infested_wounds(fig.count("infested"), wounds_after_resistance)
        state.activation = context
        state.actions_left = ACTIONS_PER_ACTIVATION if context.is_normal else 0
        if not strikes:
            return None
        return self.infested_strike(state, fig.id, wounds_after_resistance)

    def infested_strike(self, state: ExpectantTerrorState, investigator: str,
                        wounds_after_resistance: int | None = None) -> InfestedStrike:
        """The infested tokens' effect on one investigator (called by :meth:`begin_activation`)."""
        fig = self._investigator(state, investigator)
        x = fig.count("infested")
        wounds = self.infested_wounds(x, wounds_after_resistance)
        if wounds:
            fig.health.take_wounds(wounds)
        spawned = self.spawn_monsters(state, MIND_EATER, fig.space, x) if x else []
        return InfestedStrike(fig.id, x, x, wounds, tuple(spawned), x - len(spawned),
                              fig.killed or fig.health.is_killed)

    def infested_wounds(self, damage: int, wounds_after_resistance: int | None = None) -> int:
        """The wounds X infested damage deals (assumption ``infested.damage``)."""
        if damage == 0 or self.options["infested.damage"] == "wounds":
            return damage
        if wounds_after_resistance is None:
            raise PlayerChoiceRequired("infested.start-damage",
                                       f"how many of the {damage} damage get through the resistance roll",
                                       list(range(damage + 1)))
        if not 0 <= wounds_after_resistance <= damage:
            raise RuleViolation("infested.start-damage",
                                f"{wounds_after_resistance} wounds from {damage} damage is impossible")
        return wounds_after_resistance

    def spend_action(self, state: ExpectantTerrorState) -> int:
        """The investigator under way spends one of the activation's actions; returns the actions left."""
        if state.activation is None or state.actions_left <= 0:
            raise RuleViolation("infested.discard-free", "no action is left to spend")
        state.actions_left -= 1
        return state.actions_left

    def can_discard_infestation(self, state: ExpectantTerrorState, investigator: str) -> RuleViolation | None:
        """Why the investigator can't discard at a nest marker now, or ``None`` when he or she may."""
        ctx = state.activation
        if ctx is None or ctx.investigator != investigator:
            return RuleViolation("infested.discard-in-activation",
                                 f"{investigator} may discard infested tokens only during his or her activation")
        refusal = ability_refusal(ctx, DISCARD_INFESTATION)
        if refusal is not None:
            return refusal
        fig = self._investigator(state, investigator)
        if state.nest_marker_room_at(fig.space) is None:
            return RuleViolation("infested.discard-with-nest-marker", f"no nest marker is in {fig.id}'s space "
                                                                      f"{fig.space}")
        if fig.count("infested") == 0 and self.options["infested.discard-uninfested"] == "needs-infested-token":
            return RuleViolation("infested.discard-with-nest-marker",
                                 f"{fig.id} holds no infested token (infested.discard-uninfested="
                                 f"needs-infested-token)")
        return None

    def discard_infestation(self, state: ExpectantTerrorState, investigator: str) -> InfestationDiscard:
        """In the same space as a nest marker, during his or her activation, the investigator discards all
        infested tokens and that nest marker, then spawns as many Husks in his or her space; no action is spent
        (infested.discard-with-nest-marker, infested.husks-spawn, infested.discard-free)."""
        refusal = self.can_discard_infestation(state, investigator)
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

    def end_activation(self, state: ExpectantTerrorState) -> None:
        if state.activation is None:
            raise RuleViolation("infested.discard-in-activation", "no activation is under way")
        state.activation = None
        state.actions_left = 0

    # --- spawning monsters in a given space ---------------------------------------------------------------------------
    def spawn_monsters(self, state: ExpectantTerrorState, monster: str, space: str | None,
                       count: int) -> list[str]:
        """Spawn ``count`` ``monster`` figures from the reserve in ``space``; returns the new figures' IDs. With too
        few left the option ``expectant.short-reserve`` decides, and the empty-reserve rule
        (``outcome.loss-empty-reserve``, option ``reserve.empty``) applies to what can't spawn."""
        if space is None or count <= 0:
            return []
        left = state.reserve.get(monster, 0)
        if left < count and self.options["expectant.short-reserve"] == "all-or-nothing":
            if left == 0 or not state.reserve_has_monsters():
                state.take_from_reserve(monster)  # takes nothing here; records a loss where the rule says so
            return []
        spawned = []
        for _ in range(count):
            if state.take_from_reserve(monster):
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

    # --- winning and losing ----------------------------------------------------------------------------------------------
    def scenario_loss(self, state: GameState) -> tuple[str, str] | None:
        if isinstance(state, ExpectantTerrorState) and len(state.nest_markers) >= NEST_MARKERS:
            rooms = ", ".join(map(str, sorted(state.nest_markers)))
            return ("expectant-outcome.loss-six-nest-markers",
                    f"all {NEST_MARKERS} nest markers are on the board (rooms {rooms})")
        return None

    def scenario_win(self, state: GameState) -> tuple[str, str] | None:
        if isinstance(state, ExpectantTerrorState) and state.nest_is_killed:
            return "expectant-outcome.win-nest-killed", "the Nest has been killed"
        return None

    # --- the state file's own section ---------------------------------------------------------------------------------------
    SECTION_KEYS: ClassVar[tuple[str, ...]] = ("nest", "nest_markers", "infested_tokens", "monster_track",
                                               "devoured_effects", "activation")

    def read_state(self, section, state: GameState) -> None:
        """Read the ``expectant-terror:`` section of a state file (see :meth:`write_state` for its keys)::

            expectant-terror:
              nest: {space: 2b, wounds: 1, wounds_this_round: 0}   # space: removed | killed | a space
              nest_markers: [17, 23]                               # rooms; the marker lies on the spawn space
              infested_tokens: {Lisbeth Gibson: 2}
              monster_track: [Husk, Bloated]
              devoured_effects: {1b: 3, 1c: 7}                     # optional: space → marker number
              activation: {investigator: Lisbeth Gibson, kind: normal, actions_left: 3}
        """
        assert isinstance(state, ExpectantTerrorState)
        if section.value is None:
            return
        section.keys(self.SECTION_KEYS)
        if section.has("nest_markers"):
            self._read_nest_markers(section.need("nest_markers"), state)
        if section.has("nest"):
            self._read_nest(section.need("nest"), state)
        if section.has("infested_tokens"):
            self._read_infested(section.need("infested_tokens"), state)
        if section.has("monster_track"):
            self._read_monster_track(section.need("monster_track"), state)
        if section.has("devoured_effects"):
            self._read_devoured_effects(section.need("devoured_effects"), state)
        if section.has("activation"):
            self._read_activation(section.need("activation"), state)

    def _read_nest_markers(self, entry, state: ExpectantTerrorState) -> None:
        rooms: list[int] = []
        for item in entry.list():
            room = item.integer(minimum=1)
            if room not in self.board.rooms:
                raise item.error(f"room {room} is not on the board", "expectant-board.rooms")
            if room not in state.devoured_rooms:
                raise item.error(f"room {room} is not devoured: nest markers spawn only in devoured rooms",
                                 "nest-marker.deck-order")
            if room in rooms:
                raise item.error(f"room {room} is listed twice: a room holds at most one nest marker",
                                 "nest-marker.one-per-room")
            rooms.append(room)
        if len(rooms) > NEST_MARKERS:
            raise entry.error(f"{len(rooms)} nest markers: there are only {NEST_MARKERS}", "nest-marker.supply")
        state.nest_markers = set(rooms)

    def _read_nest(self, entry, state: ExpectantTerrorState) -> None:
        entry.keys(("space", "wounds", "health_plus_tokens", "wounds_this_round", "activation_pending"))
        maximum = self.nest_health
        where = entry.need("space").text()
        wounds = entry.get("wounds", 0).integer(minimum=0, maximum=maximum)
        tokens = entry.get("health_plus_tokens", 0).integer(minimum=0)
        this_round = entry.get("wounds_this_round", 0).integer(minimum=0, maximum=1, rule_id="nest.one-wound-per-round")
        pending = entry.get("activation_pending", False).boolean()
        if wounds and tokens:
            raise entry.error("the Nest can't hold health +1 tokens and wounds at once", "health.tokens-absorb-wounds")
        health = Health(maximum, wounds, tokens)
        nest = Figure(NEST, "monster", None, health)
        if where == "killed":
            nest.killed = True
            if pending:
                raise entry.need("activation_pending").error("a killed Nest has no activation under way",
                                                             "nest.killing-wound")
        elif where == "removed":
            if this_round != 1:
                raise entry.error("a removed Nest returns at the start of the next round, so it is off the board "
                                  "only in the round it took its wound: wounds_this_round must be 1",
                                  "nest.returns-next-round")
            if pending:
                raise entry.need("activation_pending").error(
                    "the Nest leaves the board only after its additional activation", "nest.removed-after-activation")
        else:
            if where not in self.board.spaces:
                raise entry.need("space").error(f"no space {where!r} on the board; write a space, 'removed' or "
                                                f"'killed'")
            nest.space = where
            if health.is_killed and not (pending and self.options["nest.killing-wound"] == "activates-first"):
                raise entry.need("wounds").error(f"{wounds} wounds kill the Nest (health {maximum}): write "
                                                 f"space: killed", "expectant-outcome.win-nest-killed")
            if pending and this_round != 1:
                raise entry.need("activation_pending").error(
                    "the additional activation follows the wound it took this round: wounds_this_round must be 1",
                    "nest.activates-when-wounded")
        state.figures[NEST] = nest
        state.nest_wounds_this_round = this_round
        state.nest_activation_pending = pending

    def _read_infested(self, entry, state: ExpectantTerrorState) -> None:
        total = 0
        for name, item in entry.items():
            fig = state.figures.get(name)
            if fig is None or not fig.is_investigator:
                raise item.error(f"{name!r} is not an investigator of this game")
            n = item.integer(minimum=0, maximum=INFESTED_KILLS, rule_id="infested.killed-at-four")
            if fig.count("infested") and fig.count("infested") != n:
                raise item.error(f"{name}'s infested tokens are also given among his or her tokens, as "
                                 f"{fig.count('infested')}")
            total += n
            if n:
                fig.tokens["infested"] = n
            else:
                fig.tokens.pop("infested", None)
            if n >= INFESTED_KILLS:
                fig.killed = True
        if total > INFESTED_TOKENS:
            raise entry.error(f"{total} infested tokens: the expansion has only {INFESTED_TOKENS}", "infested.supply")

    def _read_monster_track(self, entry, state: ExpectantTerrorState) -> None:
        cards: list[str] = []
        items = entry.list()
        for i, item in enumerate(items):
            name = item.text()
            if i == 0 and name != HUSK:
                raise item.error(f"the first monster space holds the Husk card, not {name}",
                                 "expectant-setup.husk-first")
            if name == NEST:
                raise item.error("the Nest card is at the end of the activation track, not in a monster space",
                                 "expectant-setup.nest-card-last")
            if name == MIND_EATER:
                raise item.error("the Mind Eater card is on the far left, not in a monster space",
                                 "expectant-setup.mind-eater-far-left")
            if name in cards:
                raise item.error(f"{name} is on the track twice", "expectant-setup.random-monsters")
            cards.append(name)
        if not cards:
            raise entry.error("the first monster space holds the Husk card", "expectant-setup.husk-first")
        spaces = self.monster_spaces(state)
        if len(cards) > spaces:
            raise entry.error(f"{len(cards)} monster cards for {spaces} monster spaces (one an investigator)",
                              "expectant-setup.random-monsters")
        state.monster_track = cards

    def _read_devoured_effects(self, entry, state: ExpectantTerrorState) -> None:
        effects: dict[str, int] = {}
        seen: set[int] = set()
        for space, item in entry.items():
            space = str(space)
            if space not in self.board.spaces:
                raise item.error(f"no space {space!r} on the board")
            if self.board.space(space).is_spawn_space:
                raise item.error(f"{space} is a spawn space: it holds no devoured effect marker",
                                 "expectant-board.devoured-effects")
            if self.board.room_of(space) not in state.devoured_rooms:
                raise item.error(f"{space} is not in a devoured room", "expectant-board.devoured-effects")
            number = item.integer(minimum=1)
            if number in seen:
                raise item.error(f"devoured effect marker {number} is on two spaces",
                                 "expectant-board.devoured-effects")
            seen.add(number)
            effects[space] = number
        state.devoured_effects = effects

    def _read_activation(self, entry, state: ExpectantTerrorState) -> None:
        if entry.value is None:
            state.activation = None
            return
        entry.keys(("investigator", "kind", "actions_left"))
        name = entry.need("investigator").text()
        fig = state.figures.get(name)
        if fig is None or not fig.is_investigator:
            raise entry.need("investigator").error(f"{name!r} is not an investigator of this game")
        kind = entry.get("kind", "normal").text(("normal", "outside"), "kind of turn")
        context = ActivationContext.normal(name) if kind == "normal" else ActivationContext.outside(name)
        default = ACTIONS_PER_ACTIVATION if kind == "normal" else 0
        actions = entry.get("actions_left", default).integer(minimum=0, maximum=ACTIONS_PER_ACTIVATION)
        state.activation = context
        state.actions_left = actions

    def write_state(self, state: GameState) -> dict:
        assert isinstance(state, ExpectantTerrorState)
        out: dict = {}
        nest = state.figures.get(NEST)
        if nest is not None:
            where = "killed" if nest.killed else ("removed" if nest.space is None else nest.space)
            entry: dict = {"space": where, "wounds": nest.health.wounds}
            if nest.health.health_plus_tokens:
                entry["health_plus_tokens"] = nest.health.health_plus_tokens
            if state.nest_wounds_this_round:
                entry["wounds_this_round"] = state.nest_wounds_this_round
            if state.nest_activation_pending:
                entry["activation_pending"] = True
            out["nest"] = entry
        out["nest_markers"] = sorted(state.nest_markers)
        infested = {f.id: f.count("infested") for f in state.investigators() if f.count("infested")}
        if infested:
            out["infested_tokens"] = infested
        out["monster_track"] = list(state.monster_track)
        if state.devoured_effects:
            out["devoured_effects"] = dict(state.devoured_effects)
        if state.activation is not None:
            kind = "normal" if state.activation.kind is ActivationKind.NORMAL else "outside"
            out["activation"] = {"investigator": state.activation.investigator, "kind": kind,
                                 "actions_left": state.actions_left}
        return out


# --- the solver: questions ----------------------------------------------------------------------------------------------
def _scenario(state: GameState) -> ExpectantTerror:
    if not isinstance(state.scenario, ExpectantTerror):
        raise InputError(f"this question is about Expectant Terror, not {state.scenario.title}")
    return state.scenario


def _int_arg(args: Mapping, name: str, minimum: int, maximum: int) -> int | None:
    value = args.get(name)
    if value in (None, ""):
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise InputError(f"must be a whole number, not {value!r}", entry=f"--{name}") from None
    if not minimum <= number <= maximum:
        raise InputError(f"must be from {minimum} to {maximum}, not {number}", entry=f"--{name}")
    return number


def _rooms_arg(args: Mapping, name: str, board: Board) -> list[int] | None:
    value = args.get(name)
    if value in (None, ""):
        return None
    items = value if isinstance(value, (list, tuple)) else str(value).replace(" ", ",").split(",")
    rooms = []
    for item in items:
        if item in ("", None):
            continue
        try:
            room = int(item)
        except (TypeError, ValueError):
            raise InputError(f"rooms are numbers separated by commas, not {item!r}", entry=f"--{name}") from None
        if room not in board.rooms:
            raise InputError(f"room {room} is not on the board", entry=f"--{name}", rule_id="expectant-board.rooms")
        rooms.append(room)
    return rooms


def _nest_count(state: ExpectantTerrorState, args: Mapping) -> tuple[int, str, str]:
    """The number of nest markers asked about: ``--count``, else the hazard of the track space asked about
    (``--track-space``, 1-based), else the current one. Returns (count, rule, description)."""
    scenario = _scenario(state)
    index = _int_arg(args, "track-space", 1, len(scenario.devouring_track))
    index = state.devour_marker if index is None else index - 1
    count = _int_arg(args, "count", 0, NEST_MARKERS)
    track = scenario.track_space(state, index)
    if count is not None:
        return count, "nest-marker.deck-order", f"{count} nest marker(s) (asked)"
    n, rule = scenario.nest_markers_due(state, index)
    return n, rule, f"track space {index + 1} ({track.hazard} icon): {n} nest markers"


@question("nest-spawn", "Expectant Terror: where this round's nest markers go (the current devouring track space's "
          "hazard, before any spawn card)", scenarios=(SCENARIO_NAME,),
          params=(Param("track-space", "the devouring track space to ask about (1-8; default: the devour "
                                       "marker's)"),
                  Param("count", "the number of nest markers instead of the hazard's")))
def nest_spawn_question(state: GameState, args: Mapping) -> Answer:
    """Where the spawn phase's nest markers go: the devoured deck decides, one marker at a time."""
    scenario = _scenario(state)
    assert isinstance(state, ExpectantTerrorState)
    count, count_rule, described = _nest_count(state, args)
    trial = state.copy()
    result = scenario.place_nest_markers(trial, count)
    explanation = [f"Devoured deck, top first: {', '.join(map(str, state.devoured_deck))}",
                   f"Nest markers on the board before: rooms {_rooms_text(sorted(state.nest_markers))}",
                   *result.steps,
                   f"Devoured deck after: {', '.join(map(str, result.deck_after))}"]
    if result.not_placed:
        explanation.append(f"{result.not_placed} marker(s) not placed: {result.why_not_placed}")
    outcome = trial.outcome()
    if outcome is not None and not outcome.is_win:
        explanation.append(f"The game is lost: {outcome.detail} [{outcome.rule_id}]")
    placed = ", ".join(f"room {r} ({s})" for r, s in zip(result.rooms, result.spaces)) or "nowhere"
    summary = f"{described.capitalize()}: {placed}."
    choices = (Choice(list(result.spaces), f"rooms {_rooms_text(result.rooms)}, in the devoured deck's order",
                      {"rooms": list(result.rooms), "deck_after": list(result.deck_after),
                       "not_placed": result.not_placed}),) if result.rooms else ()
    rules = [count_rule, "nest-marker.before-spawn-cards", "nest-marker.different-rooms", "nest-marker.one-per-room",
             *result.rules]
    if outcome is not None and not outcome.is_win:
        rules.append(outcome.rule_id)
    return Answer("nest-spawn", summary, choices, tuple(explanation), tuple(dict.fromkeys(rules)),
                  scenario.options.non_default())


# The placement rules as constraints over "how many of the new nest markers go into each room".
PLACEMENT_RULES = ("nest-marker.different-rooms", "nest-marker.one-per-room", "count", "nest-marker.deck-order")


def _placement_constraints(state: ExpectantTerrorState, placed: int, dictated: Sequence[int] | None):
    """Rule → [(constraint, variables)]: python-constraint2 built-in constraints, one group a rule."""
    from constraint import ExactSumConstraint, InSetConstraint

    rooms = list(dict.fromkeys(state.devoured_deck))
    held = [r for r in rooms if r in state.nest_markers]
    groups = {
        "nest-marker.different-rooms": [(InSetConstraint({0, 1}), rooms)],
        "nest-marker.one-per-room": [(InSetConstraint({0}), held)] if held else [],
        "count": [(ExactSumConstraint(placed), rooms)],
        "nest-marker.deck-order": [],
    }
    if dictated is not None:
        chosen = [r for r in rooms if r in dictated]
        others = [r for r in rooms if r not in dictated]
        if chosen:
            groups["nest-marker.deck-order"].append((InSetConstraint({1}), chosen))
        if others:
            groups["nest-marker.deck-order"].append((InSetConstraint({0}), others))
    return rooms, groups


def _problem(rooms: Sequence[int], domain: Mapping[int, Iterable[int]], groups: Mapping, use: Iterable[str]):
    from constraint import Problem

    problem = Problem()
    for r in rooms:
        problem.addVariable(r, list(domain[r]))
    for rule in use:
        for constraint, variables in groups[rule]:
            problem.addConstraint(constraint, list(variables))
    return problem


def legal_nest_placements(state: ExpectantTerrorState, count: int, order: str = "deck") -> dict:
    """Every legal placement of ``count`` nest markers (each a list of rooms in devoured-deck order), found with
    python-constraint2: one variable a room (how many new markers it gets), the rules as built-in constraints.
    ``order = "deck"`` applies the devoured deck's order (a single placement); ``"any"`` lists every placement the
    room rules alone allow. Returns the placements, how many markers can be placed, and the rule that limits them."""
    scenario = _scenario(state)
    rooms = list(dict.fromkeys(state.devoured_deck))
    free = [r for r in rooms if r not in state.nest_markers]
    supply = max(0, NEST_MARKERS - len(state.nest_markers))
    placed = min(count, supply, len(free))
    limit = None
    if placed < count:
        limit = "nest-marker.supply" if supply <= len(free) else "nest-marker.one-per-room"
    trial = state.copy()
    dictated = list(scenario.place_nest_markers(trial, count).rooms)
    rooms, groups = _placement_constraints(state, placed, dictated if order == "deck" else None)
    problem = _problem(rooms, {r: range(placed + 1) for r in rooms}, groups, PLACEMENT_RULES)
    position = {r: i for i, r in enumerate(rooms)}
    solutions = [sorted((r for r, n in s.items() if n), key=position.__getitem__) for s in problem.getSolutions()]
    solutions.sort(key=lambda p: [position[r] for r in p])
    return {"placements": solutions, "placed": placed, "limit": limit, "dictated": dictated, "free": free}


def check_nest_placement(state: ExpectantTerrorState, proposal: Sequence[int], count: int,
                         count_rule: str, order: str = "deck") -> list[tuple[str, str]]:
    """The rules a proposed placement (rooms, in the order the markers are placed) breaks: ``(rule_id, why)``
    pairs. The proposal is a python-constraint2 problem with one variable a marker, fixed to the proposed room,
    checked against each rule's built-in constraints alone: AllDifferent (different rooms), NotInSet (rooms
    holding a marker), InSet (the room the devoured deck sends each marker to); the count is compared."""
    from constraint import AllDifferentConstraint, InSetConstraint, NotInSetConstraint, Problem

    found = legal_nest_placements(state, count, order)
    placed, dictated = found["placed"], found["dictated"]
    deck_rooms = set(state.devoured_deck)
    markers = [f"marker {i + 1}" for i in range(len(proposal))]
    groups: dict[str, list] = {
        "nest-marker.different-rooms": [(AllDifferentConstraint(), markers)],
        "nest-marker.one-per-room": [(NotInSetConstraint(set(state.nest_markers)), markers)],
        "nest-marker.deck-order": [(InSetConstraint(deck_rooms), markers)],
    }
    if order == "deck":
        groups["nest-marker.deck-order"] += [(InSetConstraint({room}), [marker])
                                             for marker, room in zip(markers, dictated)]
    doubled = sorted({r for r in proposal if list(proposal).count(r) > 1})
    outside = [r for r in proposal if r not in deck_rooms]
    why = {
        "nest-marker.different-rooms": f"two markers of one spawn in the same room ({_rooms_text(doubled)})",
        "nest-marker.one-per-room": "a room that already holds a nest marker "
                                    f"({_rooms_text(sorted(set(proposal) & state.nest_markers))})",
        "nest-marker.deck-order": (f"room(s) {_rooms_text(outside)} are not in the devoured deck" if outside else
                                   f"the markers go one at a time in the deck's order: {_rooms_text(dictated)}"
                                   if sorted(proposal) == sorted(dictated) else
                                   f"the devoured deck sends them to rooms {_rooms_text(dictated)}, in that order"),
    }
    broken: list[tuple[str, str]] = []
    for rule, constraints in groups.items():
        problem = Problem()
        for marker, room in zip(markers, proposal):
            problem.addVariable(marker, [room])
        for constraint, variables in constraints:
            if variables:
                problem.addConstraint(constraint, variables)
        if markers and problem.getSolution() is None:
            broken.append((rule, why[rule]))
        if rule == "nest-marker.one-per-room" and len(proposal) != placed:
            broken.append((found["limit"] or count_rule, f"{len(proposal)} marker(s) where {placed} must be placed"))
    return broken


@question("valid-placements", "Expectant Terror: every legal placement of nest markers (python-constraint2), or "
          "check a proposed one with --check ROOMS", scenarios=(SCENARIO_NAME,),
          params=(Param("count", "how many nest markers (default: the current track space's hazard)"),
                  Param("track-space", "the devouring track space whose hazard gives the count (1-8)"),
                  Param("check", "a proposed placement: rooms separated by commas, in placing order"),
                  Param("order", "'deck' (default): the devoured deck's order decides; 'any': every placement "
                                 "the room rules alone allow")))
def valid_placements_question(state: GameState, args: Mapping) -> Answer:
    scenario = _scenario(state)
    assert isinstance(state, ExpectantTerrorState)
    count, count_rule, described = _nest_count(state, args)
    order = str(args.get("order") or "deck")
    if order not in ("deck", "any"):
        raise InputError(f"must be 'deck' or 'any', not {order!r}", entry="--order")
    found = legal_nest_placements(state, count, order)
    placements = found["placements"]
    explanation = [
        f"Rooms free of nest markers, in devoured-deck order: {_rooms_text(found['free'])}",
        f"Nest markers in the supply: {NEST_MARKERS - len(state.nest_markers)} of {NEST_MARKERS}",
        f"The devoured deck's order sends them to: {_rooms_text(found['dictated'])}",
    ]
    if found["limit"]:
        explanation.append(f"Only {found['placed']} of the {count} can be placed [{found['limit']}]")
    rules = [count_rule, "nest-marker.different-rooms", "nest-marker.one-per-room"]
    if order == "deck":
        rules += ["nest-marker.deck-order", "nest-marker.skip-occupied"]
    if found["limit"]:
        rules.append(found["limit"])
    choices = tuple(Choice(p, f"rooms {_rooms_text(p)}", {"spaces": [scenario.board.rooms[r].spawn_space for r in p]})
                    for p in placements)
    scope = "in the devoured deck's order" if order == "deck" else "by the room rules alone (--order any)"
    summary = f"{described.capitalize()}: {len(placements)} legal placement(s) {scope}."
    proposal = _rooms_arg(args, "check", scenario.board)
    if proposal is not None:
        broken = check_nest_placement(state, proposal, count, count_rule, order)
        if broken:
            summary = (f"Rooms {_rooms_text(proposal)} break "
                       + "; ".join(f"{rule} ({why})" for rule, why in broken) + ". " + summary)
            rules = [r for r, _ in broken] + rules
        else:
            summary = f"Rooms {_rooms_text(proposal)} are a legal placement. " + summary
    return Answer("valid-placements", summary, choices, tuple(explanation), tuple(dict.fromkeys(rules)),
                  scenario.options.non_default())


@question("nest-return", "Expectant Terror: where the Nest comes back at the start of the next round",
          scenarios=(SCENARIO_NAME,))
def nest_return_question(state: GameState, args: Mapping) -> Answer:
    scenario = _scenario(state)
    assert isinstance(state, ExpectantTerrorState)
    rules = ["nest.returns-next-round", "nest.return-card-to-bottom", "spawn.no-location"]
    if state.nest_is_killed or (state.nest_activation_pending and state.nest.health.is_killed):
        when = "has been killed" if state.nest_is_killed else "is killed when its additional activation ends"
        return Answer("nest-return", f"The Nest {when}: it does not return.", (), (),
                      ("expectant-outcome.win-nest-killed", "nest.killing-wound"), scenario.options.non_default())
    space = scenario.nest_return_space(state)
    room = state.devoured_deck[0]
    deck_after = state.devoured_deck[1:] + state.devoured_deck[:1]
    if state.nest_is_removed:
        summary = (f"The Nest returns at the start of round {state.round + 1} to {space}, the spawn space of room "
                   f"{room} (the devoured deck's top card); card {room} then goes to the bottom.")
    elif state.nest_activation_pending:
        summary = (f"The Nest is taking its additional activation; when it ends the Nest leaves the board and "
                   f"returns at the start of round {state.round + 1} to {space}, the spawn space of room {room}, "
                   f"unless a spawn with no location moves the devoured deck first.")
        rules = ["nest.removed-after-activation", *rules]
    else:
        where = state.nest.space
        summary = (f"The Nest is on the board ({where}). If it takes its wound this round, it leaves after its "
                   f"additional activation and returns at the start of round {state.round + 1} to {space}, the "
                   f"spawn space of room {room}, unless a spawn with no location moves the devoured deck first.")
        rules = ["nest.activates-when-wounded", "nest.removed-after-activation", *rules]
    distances = scenario.board.distances_from(space)
    reach = sorted(((distances.get(f.space), f.id) for f in state.investigators()
                    if f.space is not None and not f.killed and distances.get(f.space) is not None))
    explanation = [f"Devoured deck, top first: {', '.join(map(str, state.devoured_deck))}; after: "
                   f"{', '.join(map(str, deck_after))}"]
    nearest: list[str] = []
    if reach:
        best = reach[0][0]
        nearest = [name for d, name in reach if d == best]
        explanation += [f"{name}: {d} move(s) from {space}" for d, name in reach]
        tie = "; the players choose among them when a monster moves toward the nearest" if len(nearest) > 1 else ""
        explanation.append(f"Nearest investigator(s) to {space}: {', '.join(nearest)} at {best}{tie}")
    choice = Choice(space, f"room {room}'s spawn space", {"room": room, "deck_after": deck_after,
                                                          "nearest_investigators": nearest})
    return Answer("nest-return", summary, (choice,), tuple(explanation), tuple(rules),
                  scenario.options.non_default())


@question("infested", "Expectant Terror: what each investigator's infested tokens do at the start of his or her "
          "activation", scenarios=(SCENARIO_NAME,))
def infested_question(state: GameState, args: Mapping) -> Answer:
    """Each investigator in activation-track order: X damage, X Mind Eaters in his or her space (from the reserve
    as the earlier ones left it), killed at four; and whether a nest marker in the space allows the discard."""
    scenario = _scenario(state)
    assert isinstance(state, ExpectantTerrorState)
    trial = state.copy()
    trial.activation = None
    lines: list[str] = []
    rules = ["infested.start-damage", "infested.start-mind-eaters", "infested.damage"]
    order = [n for n in trial.activation_track if n in trial.figures] or [f.id for f in trial.investigators()]
    struck = 0
    for name in order:
        fig = trial.figures[name]
        x = fig.count("infested")
        if fig.killed or fig.health.is_killed:
            lines.append(f"{name}: killed" + (" (four infested tokens)" if x >= INFESTED_KILLS else ""))
            if x >= INFESTED_KILLS:
                rules.append("infested.killed-at-four")
            continue
        if x == 0:
            line = f"{name}: no infested token, nothing happens"
        else:
            struck += 1
            if scenario.options["infested.damage"] == "wounds":
                strike = scenario.infested_strike(trial, name)
                hurt = f"{x} damage = {strike.wounds} wound(s), health {fig.health.current}/{fig.health.maximum}"
            else:
                strike = scenario.infested_strike(trial, name, 0)  # the wounds wait for the players' roll
                hurt = f"{x} damage, less what the resistance roll stops (infested.damage=after-resistance)"
            eaters = f"{len(strike.mind_eaters)} Mind Eater(s) in {fig.space}"
            if strike.missing_mind_eaters:
                eaters += f", {strike.missing_mind_eaters} not spawned (reserve short: expectant.short-reserve)"
            line = f"{name}: {hurt}; {eaters}"
            if fig.health.is_killed:
                line += " — killed"
                rules.append("outcome.loss-investigator-killed")
        room = trial.nest_marker_room_at(fig.space)
        if room is not None:
            allowed = x > 0 or scenario.options["infested.discard-uninfested"] == "allowed"
            if allowed:
                line += (f"; a nest marker lies here (room {room}): he or she may then discard "
                         f"{x} infested token(s) and it, spawning {x} Husk(s), at no action")
                rules += ["infested.discard-with-nest-marker", "infested.husks-spawn", "infested.discard-free"]
        lines.append(line)
    if trial.lost_reason is not None:
        lines.append(f"The game is lost: {trial.lost_reason.detail} [{trial.lost_reason.rule_id}]")
        rules.append(trial.lost_reason.rule_id)
    summary = (f"{struck} investigator(s) suffer their infested tokens at the start of their activations."
               if struck else "No investigator holds an infested token: nothing happens.")
    return Answer("infested", summary, (), tuple(lines), tuple(dict.fromkeys(rules)),
                  scenario.options.non_default())


def _rooms_text(rooms: Iterable[int]) -> str:
    rooms = list(rooms)
    return ", ".join(map(str, rooms)) if rooms else "none"


__all__ = ["ExpectantTerror", "ExpectantTerrorState", "MonsterCard", "MONSTER_POOL", "NestMarkerSpawn", "SpawnPhase",
           "NestWound", "InfestedStrike", "InfestationDiscard", "legal_nest_placements", "check_nest_placement"]
