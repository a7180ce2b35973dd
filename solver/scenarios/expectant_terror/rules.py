"""Expectant Terror's rules: the scenario (what never changes) and its state (what does).

:class:`ExpectantTerror` holds twelve rooms, all devoured from the start, an eight-space devouring track whose teal
and blue hazard icons spawn two or three nest markers a round, and the options in force. An
:class:`ExpectantTerrorState` holds the nest markers on the board (one a room, in its spawn space), the Nest's wound
this round and whether it is off the board, the monster cards of the activation track, the devoured effect
markers, and whose activation is under way. Infested tokens are tokens on the investigator figures
(``figure.tokens["infested"]``). Every hook of the scenario protocol (:class:`solver.game.Scenario`) returns the
rules that fired as :class:`~solver.game.Fired` records; where the rules leave a choice it asks ``choose``.

A round, as :func:`solver.game.play_round` plays it::

    scenario.start_round(state)        # the Nest's one wound a round starts afresh; a removed Nest returns
    scenario.devour_phase(state)       # the devour marker advances one space
    scenario.spawn_phase(state)        # the hazard's nest markers, before any spawn card
    scenario.begin_activation(state, ActivationContext.normal("Lisbeth Gibson"))   # infested tokens strike
    scenario.take_action(state, "Lisbeth Gibson", Action("discard infested tokens"))  # at a nest marker, free
    scenario.end_activation(state, ActivationContext.normal("Lisbeth Gibson"))
    scenario.end_of_round(state)

>>> et = ExpectantTerror.with_shipped_board()
>>> state = et.new_state()
>>> et.add_investigators(state, ["Lisbeth Gibson", "Sophie Brigman"])
>>> et.choose_monsters(state, ["Bloated"])
['Bloated']
>>> state.monster_cards, state.figures["Nest"].space
(['Husk', 'Bloated'], '2b')
>>> et.place_nest_markers(state, 2).rooms
(1, 2)

Rules: the ``expectant-board``, ``expectant-setup``, ``expectant-track``, ``nest-marker``, ``nest``,
``infested`` and ``expectant-outcome`` topics of the catalog (``expectant_terror.yaml``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from ...activation import ActivationContext, ActivationEffect, ability_refusal, begin
from ...board import Board
from ...catalog import Options
from ...components import component
from ...errors import InputError, RuleViolation
from ...game import (MONSTER_TYPES, Action, ActivationSlot, Chooser, Decision, Figure, Fired, GameState, Scenario,
                     Target, TrackSpace, players_must_choose)
from ...health import Health
from ...investigators import INVESTIGATORS, NORMAL_MONSTERS
from .infested import (DISCARD_INFESTATION, HUSK, INFESTED_KILLS, INFESTED_TOKEN_SUPPLY, MIND_EATER,
                       InfestationDiscard, InfestedRules, InfestedStrike)
from .nest import NestRules, NestWound
from .nest_markers import NEST_MARKER_SUPPLY, NestMarkerSpawn, nest_marker_fired, place_nest_markers

SCENARIO_NAME = "expectant-terror"
NEST = "Nest"  # the Nest figure's ID and monster card
#: The box's counts (the one table, :mod:`solver.components`).
HUSK_STANDEES = component("Husk standee").count
MIND_EATER_FIGURES = component("Mind Eater figure").count
ACTIONS_PER_ACTIVATION = 3  # BASE-GAME-FACTS: three actions an activation
HAZARD_NEST_MARKERS = {"teal": 2, "blue": 3}  # expectant-track.teal, expectant-track.blue
HAZARD_RULES = {"teal": "expectant-track.teal", "blue": "expectant-track.blue"}

# The start of an investigator's activation: infested tokens strike (not outside a normal activation).
INFESTED_AT_START = ActivationEffect("infested tokens", "beginning", "expectant-infested.start-damage")
DISCARD = "discard infested tokens"  # the action's name


@dataclass(frozen=True, slots=True)
class MonsterCard:
    """A monster card that may be drawn at random for the monster activation track, and how many figures the
    component list gives it (``None``: not public)."""

    name: str
    figures: int | None = None
    epic: bool = False


#: The random monster pool under ``expectant-setup.random-monster-pool = expansion-normal-monsters``: the
#: expansion's nine normal monsters with their figures (the base game's are not public).
MONSTER_POOL: tuple[MonsterCard, ...] = tuple(MonsterCard(n, component(f"{n} figure").count)
                                              for n in NORMAL_MONSTERS)
SCENARIO_CARDS = (HUSK, MIND_EATER, NEST)  # placed by the scenario's own setup, never drawn at random


# --- results of operations ----------------------------------------------------------------------------------------
# --- the state ----------------------------------------------------------------------------------------------------
@dataclass
class ExpectantTerrorState(GameState):
    """What changes in an Expectant Terror game, beyond the common state.

    The Nest is the figure ``figures["Nest"]``: on the board, off it (``space`` None, not killed: removed after its
    wound until the next round) or killed."""

    nest_markers: set[int] = field(default_factory=set)  # the rooms holding one, in their spawn space
    nest_wounds_this_round: int = 0  # expectant-nest.one-wound-per-round
    nest_activation_pending: bool = False  # its additional activation after a wound is under way
    monster_cards: list[str] = field(default_factory=list)  # the monster activation track's cards, in track order
    devoured_effects: dict[str, int] = field(default_factory=dict)  # space → devoured effect marker number
    activation: ActivationContext | None = None  # whose activation (or action outside one) is under way
    actions_left: int = 0

    @property
    def nest(self) -> Figure:
        return self.figures[NEST]

    @property
    def nest_is_removed(self) -> bool:
        """The Nest is off the board for the time being (expectant-nest.removed-after-activation)."""
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
class ExpectantTerror(InfestedRules, NestRules, Scenario):
    """Expectant Terror: what never changes in a game, and the operations its rules allow."""

    name: ClassVar[str] = SCENARIO_NAME
    title: ClassVar[str] = "Expectant Terror"
    rooms: ClassVar[tuple[int, ...]] = (1, 2, 17, 19, 20, 23, 24, 25, 26, 27, 28, 29)  # expectant-board.rooms
    start_room: ClassVar[int] = 1
    nest_room: ClassVar[int] = 2
    #: Its infested discard is an action of the investigator's own activation: the actions left are counted.
    actions_per_activation: ClassVar[int | None] = ACTIONS_PER_ACTIVATION
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
        maximum health follows ``expectant-nest.maximum-health``. Returns the new scenario."""
        new = self.with_options(options)
        state.scenario = new
        nest = state.figures.get(NEST)
        if nest is not None:
            nest.health = Health(new.nest_health, min(nest.health.wounds, new.nest_health),
                                 nest.health.health_plus_tokens)
        return new

    @property
    def nest_health(self) -> int:
        """The Nest's maximum health (assumption ``expectant-nest.maximum-health``)."""
        return int(self.options["expectant-nest.maximum-health"])

    # --- the protocol: set-up -----------------------------------------------------------------------------------------
    def setup(self, state: GameState, rng: random.Random | None) -> None:
        """The special setup that needs no investigator: devoured effect markers, the Husk card in the first
        monster space, the Nest figure, the reserve. Investigators and the random monster cards come after
        (:meth:`add_investigators`, :meth:`choose_monsters`; :meth:`new_game` does all)."""
        assert isinstance(state, ExpectantTerrorState)
        # expectant-board.devoured-effects (assumption expectant-setup.devoured-effect-markers)
        spaces = [s for r in sorted(state.devoured_rooms) for s in self.board.rooms[r].spaces
                  if not self.board.space(s).is_spawn_space]
        markers = list(range(1, len(spaces) + 1))
        if rng is not None:
            rng.shuffle(markers)
        state.devoured_effects = dict(zip(spaces, markers))
        state.monster_cards = [HUSK]  # expectant-setup.husk-first: before the monsters are chosen
        # expectant-setup.nest-figure
        state.figures[NEST] = Figure(NEST, "monster", self.nest_space, Health(self.nest_health))
        # expectant-setup.husk-standees, expectant-setup.standees-are-husks (assumption expectant-setup.husk-figures)
        state.reserve = {HUSK: HUSK_STANDEES, MIND_EATER: MIND_EATER_FIGURES}

    def new_game(self, investigators: Sequence[str], rng: random.Random | None = None,
                 choose: Chooser = players_must_choose) -> ExpectantTerrorState:
        """A new game: the common state and special setup, the investigators in the Start room (``choose`` asked
        where each starts when the players choose), then the random monster cards drawn with ``rng``."""
        state = self.new_state(rng)
        assert isinstance(state, ExpectantTerrorState)
        self.add_investigators(state, investigators, choose=choose)
        self.choose_monsters(state, None, rng)
        return state

    def start_spaces(self) -> list[str]:
        """Where an investigator may start (assumption ``expectant-setup.start-space``)."""
        room = self.board.rooms[self.start_room]
        if self.options["expectant-setup.start-space"] == "start-space":
            starts = [s for s in room.spaces if "start" in self.board.space(s).features]
            return starts or [room.spawn_space]
        return list(room.spaces)

    def add_investigators(self, state: ExpectantTerrorState, names: Sequence[str],
                          spaces: Mapping[str, str] | None = None, choose: Chooser = players_must_choose) -> None:
        """Place the investigators in the Start room and on the activation track, in the order given. Where the
        start space is the players' choice, ``spaces`` names it, else ``choose`` is asked."""
        allowed = self.start_spaces()
        spaces = dict(spaces or {})
        placed: list[Figure] = []
        for name in names:  # every investigator is checked before any is placed
            card = INVESTIGATORS.get(name)
            if card is None:
                raise InputError(f"unknown investigator {name!r}; known: {', '.join(INVESTIGATORS)}")
            if card.health is None:
                raise InputError(f"{name}'s health is not public: the position must give it")
            if name in state.figures or any(f.id == name for f in placed):
                raise InputError(f"{name} is already in the game")
            if name in spaces:
                space = spaces[name]
            elif len(allowed) == 1:
                space = allowed[0]
            else:
                space = choose(Decision("expectant-board.start-room", f"where does {name} start",
                                        tuple(allowed)))
            if space not in allowed:
                raise RuleViolation("expectant-board.start-room",
                                    f"{name} can't start on {space}: the start is {', '.join(allowed)}")
            placed.append(Figure(name, "investigator", space, Health(card.health)))
        for fig in placed:
            state.figures[fig.id] = fig
            state.activation_track.append(fig.id)

    def monster_spaces(self, state: ExpectantTerrorState) -> int:
        """How many monster spaces the track has (assumption ``expectant-setup.monster-spaces``)."""
        return max(1, len(state.activation_track))

    def choose_monsters(self, state: ExpectantTerrorState, cards: Sequence[str] | None = None,
                        rng: random.Random | None = None, *,
                        pool: Sequence[MonsterCard] = MONSTER_POOL) -> list[str]:
        """Fill the monster spaces after the Husk with random monster cards (expectant-setup.random-monsters):
        ``cards`` as drawn, or drawn with ``rng`` from ``pool`` (assumption ``expectant-setup.random-monster-pool``:
        the expansion's nine normal monsters). Epic monsters can't be used (expectant-setup.no-epic). Each card's
        figures join the reserve. Returns the cards placed."""
        if state.monster_cards[:1] != [HUSK]:
            raise RuleViolation("expectant-setup.husk-first", "the Husk card must be in the first monster space "
                                                              "before the other monsters are chosen")
        free = self.monster_spaces(state) - len(state.monster_cards)
        by_name = {c.name: c for c in pool}
        if cards is None:
            if rng is None:
                raise ValueError("the monster cards are random: give the cards drawn or a random.Random")
            candidates = [c.name for c in pool if not c.epic and c.name not in SCENARIO_CARDS
                          and c.name not in state.monster_cards]
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
            if name in state.monster_cards or name in cards[:i]:
                raise RuleViolation("expectant-setup.random-monsters", f"{name} is already on the track")
        for name in cards:
            state.monster_cards.append(name)
            figures = by_name.get(name, MonsterCard(name)).figures
            if figures:
                state.reserve[name] = state.reserve.get(name, 0) + figures
        return cards

    def spawn_deck(self, state: ExpectantTerrorState) -> list[str]:
        """The monsters whose spawn cards are shuffled into the spawn deck: the chosen ones, never the Nest
        (expectant-setup.no-nest-spawn-cards); the Mind Eater as ``expectant-setup.mind-eater-spawn-cards`` says."""
        monsters = [m for m in state.monster_cards if m != NEST]
        if self.options["expectant-setup.mind-eater-spawn-cards"] == "shuffled-in" and MIND_EATER not in monsters:
            monsters.append(MIND_EATER)
        return monsters

    # --- the protocol: the activation order ------------------------------------------------------------------------
    def activation_order(self, state: ExpectantTerrorState) -> list[ActivationSlot]:
        """The investigators in activation-track order, each with the monster card of the monster space under
        him or her (the Husk under the first). :meth:`activation_steps` adds the Mind Eater and the Nest."""
        cards = state.monster_cards
        return [ActivationSlot(name, cards[i] if i < len(cards) else None)
                for i, name in enumerate(state.activation_track)]

    def activation_steps(self, state: ExpectantTerrorState) -> list[tuple[str, str]]:
        """The whole activation phase, in order: ``("investigator", name)`` and ``("monster", card)`` steps. The
        Mind Eater card sits on the far left (option ``expectant-setup.mind-eater-slot``); each monster space
        follows its investigator; the Nest comes after the last monster (expectant-nest.activates-last), unless its figure
        is off the board (expectant-nest.off-board-no-activation)."""
        order: list[tuple[str, str]] = []
        slot = self.options["expectant-setup.mind-eater-slot"]
        if slot == "before-first-investigator":
            order.append(("monster", MIND_EATER))
        for i, step in enumerate(self.activation_order(state)):
            order.append(("investigator", step.investigator))
            if step.monster_card is not None:
                if i == 0 and slot == "with-first-monster-space":
                    order.append(("monster", MIND_EATER))
                order.append(("monster", step.monster_card))
        nest = state.figures.get(NEST)
        if nest is not None and nest.space is not None and not nest.killed:
            order.append(("monster", NEST))
        return order

    # --- the protocol: the round -----------------------------------------------------------------------------------
    def start_round(self, state: ExpectantTerrorState, rng: random.Random | None = None,
                    choose: Chooser = players_must_choose) -> list[Fired]:
        """The beginning of a game round: the Nest's one wound a round starts afresh, and a removed Nest returns
        to the spawn space of the devoured deck's top room, whose card then goes to the bottom
        (expectant-nest.returns-next-round, expectant-nest.return-card-to-bottom)."""
        if state.nest_activation_pending:
            raise RuleViolation("expectant-nest.removed-after-activation", "the Nest's additional activation is not finished")
        state.nest_wounds_this_round = 0
        if state.nest_is_removed:
            room = state.devoured_deck[0] if state.devoured_deck else None
            space = state.spawn_without_location()
            state.nest.space = space
            return [Fired("expectant-nest.returns-next-round", "the Nest returns", {"space": space, "room": room}),
                    Fired("expectant-nest.return-card-to-bottom", "its room's card goes to the bottom",
                          {"deck_after": list(state.devoured_deck)})]
        return []

    def end_of_round(self, state: ExpectantTerrorState, rng: random.Random | None = None,
                     choose: Chooser = players_must_choose) -> list[Fired]:
        """The end of the round: the round counter moves on. Refused while the Nest's additional activation is
        under way, or when a removed Nest could not return (an empty devoured deck) — before anything changes."""
        if state.nest_activation_pending:
            raise RuleViolation("expectant-nest.removed-after-activation", "the Nest's additional activation is not finished")
        if state.nest_is_removed:
            state.default_spawn_space()  # an empty devoured deck is refused before anything changes
        return super().end_of_round(state, rng, choose)

    def next_round(self, state: ExpectantTerrorState, rng: random.Random | None = None,
                   choose: Chooser = players_must_choose) -> list[Fired]:
        """The end of this round and the start of the next (:meth:`end_of_round`, then :meth:`start_round`)."""
        return self.end_of_round(state, rng, choose) + self.start_round(state, rng, choose)

    def devour_phase(self, state: ExpectantTerrorState, rng: random.Random | None = None,
                     choose: Chooser = players_must_choose) -> list[Fired]:
        """The devour marker advances one space; every room is already devoured, so its hazard waits for the spawn
        phase."""
        if state.devour_marker >= len(self.devouring_track) - 1:
            raise RuleViolation("outcome.loss-devouring-track", "the devour marker is on the last space already")
        state.devour_marker += 1
        space = self.devouring_track[state.devour_marker]
        return [Fired("expectant-track.hazards", "the devour marker advances",
                      {"track_space": state.devour_marker + 1, "hazard": space.hazard})]

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

    def spawn_phase(self, state: ExpectantTerrorState, rng: random.Random | None = None,
                    choose: Chooser = players_must_choose, spawn_cards: Sequence[str] = ()) -> list[Fired]:
        """The spawn phase: first the hazard's nest markers, then the spawn cards (expectant-nest-marker.before-spawn-cards).

        The base game's spawn cards are not public; ``spawn_cards`` names the monster each card drawn spawns, and
        each spawns like an item with no location given (assumption ``expectant-setup.spawn-card-placement``), so
        it meets the devoured deck as the nest markers left it."""
        count, rule = self.nest_markers_due(state)
        fired = nest_marker_fired(self.place_nest_markers(state, count), rule)
        for monster in spawn_cards:
            space = state.spawn_without_location()
            spawned = self.spawn_monsters(state, monster, space, 1)
            fired.append(Fired("spawn.no-location", "a spawn card's monster spawns",
                               {"monster": monster, "space": space, "figure": spawned[0] if spawned else None}))
        return fired

    # --- nest markers --------------------------------------------------------------------------------------------------
    def place_nest_markers(self, state: ExpectantTerrorState, count: int) -> NestMarkerSpawn:
        """Spawn ``count`` nest markers (see :func:`.nest_markers.place_nest_markers`)."""
        return place_nest_markers(state, count)

    def remove_nest_marker(self, state: ExpectantTerrorState, room: int) -> None:
        """A nest marker leaves the board and goes back to the supply (assumption
        ``expectant-nest-marker.discarded-to-supply``)."""
        if room not in state.nest_markers:
            raise RuleViolation("expectant-nest-marker.supply", f"room {room} holds no nest marker")
        state.nest_markers.discard(room)

    def attack_targets(self, state: GameState, attacker_id: str) -> list[Target]:
        """Every monster figure on the board, and — under ``expectant-nest-marker.attack = attackable`` — every nest marker
        (under the default ``discard-only`` a nest marker leaves the board only by the discard)."""
        targets = super().attack_targets(state, attacker_id)
        if self.options["expectant-nest-marker.attack"] == "attackable":
            assert isinstance(state, ExpectantTerrorState)
            targets += [Target(f"nest marker (room {room})", space, "nest_marker", "expectant-nest-marker.attack")
                        for room, space in state.nest_marker_spaces().items()]
        return targets

    def attack_exclusions(self, state: GameState, attacker_id: str) -> list[Target]:
        """Under ``expectant-nest-marker.attack = discard-only`` (the default) every nest marker on the board, excluded: it
        leaves the board only by the discard at a nest marker."""
        if self.options["expectant-nest-marker.attack"] == "attackable":
            return []
        assert isinstance(state, ExpectantTerrorState)
        return [Target(f"nest marker (room {room})", space, "nest_marker", "expectant-nest-marker.attack", excluded=True)
                for room, space in state.nest_marker_spaces().items()]

    # --- investigators: activations and infested tokens -----------------------------------------------------------------
    def begin_activation(self, state: ExpectantTerrorState, context: ActivationContext,
                         rng: random.Random | None = None, choose: Chooser = players_must_choose) -> list[Fired]:
        """An investigator's turn begins. In a normal activation his or her infested tokens strike first: X damage
        and X Mind Eaters in his or her space (expectant-infested.start-damage, expectant-infested.start-mind-eaters); outside a
        normal activation nothing is triggered (outside-activation.no-start-end-effects). Under
        ``expectant-infested.damage = after-resistance`` ``choose`` is asked how many wounds get through the resistance
        roll."""
        if state.activation is not None:
            raise RuleViolation("expectant-infested.discard-in-activation",
                                f"{state.activation.investigator}'s turn is still under way")
        fig = self._investigator(state, context.investigator)
        if fig.killed or fig.health.is_killed:
            raise RuleViolation("outcome.loss-investigator-killed", f"{fig.id} is killed")
        strikes = bool(begin(context, (INFESTED_AT_START,))) and fig.count("infested") > 0
        wounds = self.infested_wounds(fig, choose) if strikes else 0  # asked before anything changes
        state.activation = context
        state.actions_left = ACTIONS_PER_ACTIVATION if context.is_normal else 0
        if not strikes:
            if fig.count("infested") and not context.is_normal:  # say why nothing happens
                return [Fired("outside-activation.no-start-end-effects",
                              f"{fig.id}'s infested tokens don't strike: nothing starts with an "
                              f"{context.kind.value}", {"investigator": fig.id})]
            return []
        strike = self.infested_strike(state, fig.id, wounds)
        return [Fired("expectant-infested.start-damage", "infested damage",
                      {"investigator": fig.id, "damage": strike.damage, "wounds": strike.wounds,
                       "killed": strike.killed}),
                Fired("expectant-infested.start-mind-eaters", "Mind Eaters spawn",
                      {"space": fig.space, "figures": list(strike.mind_eaters),
                       "not_spawned": strike.missing_mind_eaters})]

    def resume_activation(self, state: ExpectantTerrorState, context: ActivationContext,
                          actions_left: int | None = None) -> None:
        """An activation already under way, its beginning behind it (as a state file gives it): nothing strikes
        again. ``actions_left`` defaults to three in a normal activation, none outside one."""
        if state.activation is not None:
            raise RuleViolation("expectant-infested.discard-in-activation",
                                f"{state.activation.investigator}'s turn is still under way")
        self._investigator(state, context.investigator)
        default = ACTIONS_PER_ACTIVATION if context.is_normal else 0
        actions = default if actions_left is None else actions_left
        if not 0 <= actions <= ACTIONS_PER_ACTIVATION:
            raise ValueError(f"an activation has 0 to {ACTIONS_PER_ACTIVATION} actions left, not {actions}")
        state.activation = context
        state.actions_left = actions

    def legal_actions(self, state: GameState, investigator: str) -> list[Action]:
        """During the investigator's own activation: the base game's actions the engine models while one of the
        three is left (``super()``), and the discard at a nest marker (free) when it is allowed."""
        assert isinstance(state, ExpectantTerrorState)
        ctx = state.activation
        if ctx is None or ctx.investigator != investigator:
            return []
        actions = super().legal_actions(state, investigator) if state.actions_left > 0 else []
        if self.discard_refusal(state, investigator) is None:
            fig = state.figures[investigator]
            actions.append(Action(DISCARD, {"room": state.nest_marker_room_at(fig.space)},
                                  "expectant-infested.discard-with-nest-marker"))
        return actions

    def take_action(self, state: GameState, investigator: str, action: Action, rng: random.Random | None = None,
                    choose: Chooser = players_must_choose) -> list[Fired]:
        """The discard at a nest marker (free), or one of the base game's actions, which spends one of the
        activation's three actions."""
        assert isinstance(state, ExpectantTerrorState)
        if action.name == DISCARD:
            done = self.discard_infestation(state, investigator)
            return [Fired("expectant-infested.discard-with-nest-marker", "infested tokens and a nest marker discarded",
                          {"investigator": investigator, "infested_tokens": done.infested_tokens,
                           "room": done.room}),
                    Fired("expectant-infested.husks-spawn", "Husks spawn",
                          {"figures": list(done.husks), "not_spawned": done.missing_husks})]
        ctx = state.activation
        if ctx is None or ctx.investigator != investigator or state.actions_left <= 0:
            raise ValueError(f"{investigator} has no action to take now: an action is one of the three of his or "
                             f"her activation")
        fired = super().take_action(state, investigator, action, rng, choose)
        state.actions_left -= 1
        return fired

    def end_activation(self, state: ExpectantTerrorState, context: ActivationContext | None = None,
                       rng: random.Random | None = None, choose: Chooser = players_must_choose) -> list[Fired]:
        """The activation under way ends (nothing of this scenario happens at its end)."""
        if state.activation is None:
            raise RuleViolation("expectant-infested.discard-in-activation", "no activation is under way")
        state.activation = None
        state.actions_left = 0
        return []

    # --- winning, losing and the invariants ---------------------------------------------------------------------------
    def scenario_loss(self, state: GameState) -> tuple[str, str] | None:
        if isinstance(state, ExpectantTerrorState) and len(state.nest_markers) >= NEST_MARKER_SUPPLY:
            rooms = ", ".join(map(str, sorted(state.nest_markers)))
            return ("expectant-outcome.loss-six-nest-markers",
                    f"all {NEST_MARKER_SUPPLY} nest markers are on the board (rooms {rooms})")
        return None

    def scenario_win(self, state: GameState) -> tuple[str, str] | None:
        if isinstance(state, ExpectantTerrorState) and state.nest_is_killed:
            return "expectant-outcome.win-nest-killed", "the Nest has been killed"
        return None

    def invariants(self, state: GameState) -> list[str]:
        """Component counts within the box and the scenario's own rules (see the checks' words)."""
        assert isinstance(state, ExpectantTerrorState)
        wrong: list[str] = []
        if len(state.nest_markers) > NEST_MARKER_SUPPLY:
            wrong.append(f"{len(state.nest_markers)} nest markers: the box has {NEST_MARKER_SUPPLY}")
        if not state.nest_markers <= set(self.board.rooms):
            wrong.append(f"nest markers in rooms not on the board: {sorted(state.nest_markers - set(self.board.rooms))}")
        if sorted(state.devoured_deck) != sorted(set(state.devoured_deck)):
            wrong.append("a room card is twice in the devoured deck")
        if not 0 <= state.nest_wounds_this_round <= 1:
            wrong.append(f"the Nest took {state.nest_wounds_this_round} wounds this round (expectant-nest.one-wound-per-round)")
        if state.nest_is_removed and state.nest_wounds_this_round != 1:
            wrong.append("the Nest is off the board without its wound this round (expectant-nest.returns-next-round)")
        for monster, box in ((HUSK, HUSK_STANDEES), (MIND_EATER, MIND_EATER_FIGURES)):
            on_board = sum(1 for f in state.figures.values() if f.id.startswith(monster + "#"))
            if state.reserve.get(monster, 0) < 0 or on_board + state.reserve.get(monster, 0) > box:
                wrong.append(f"{on_board} {monster}s on the board and {state.reserve.get(monster, 0)} in the "
                             f"reserve: the box has {box}")
        tokens = sum(f.count("infested") for f in state.investigators())
        if self.options["expectant-infested.token-supply"] == "twelve" and tokens > INFESTED_TOKEN_SUPPLY:
            wrong.append(f"{tokens} infested tokens held: the box has {INFESTED_TOKEN_SUPPLY}")
        for f in state.investigators():
            if f.count("infested") > INFESTED_KILLS or (f.count("infested") == INFESTED_KILLS and not f.killed):
                wrong.append(f"{f.id} holds {f.count('infested')} infested tokens (expectant-infested.killed-at-four)")
        return wrong
