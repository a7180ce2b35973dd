"""Fathoms Dark: Unbound infects one investigator a round; infected investigators attack their friends.

What never changes is :class:`FathomsDark` (rooms, decks, devouring track); what changes is
:class:`FathomsDarkState`: who holds which objective marker, the face-down scenario card deck, the unbound markers
on the Unbound card, on the Objective Points and out of the game, the Unbound figure, the search deck.

A round, as far as this scenario adds to it::

    scenario.start_round(state)                # fathoms-cards.reveal-at-round-start, .holder-acquires
    ...                                        # devour, spawn, activation phase (general rules)
    scenario.end_of_activation_phase(state)    # fathoms-cards.place-at-end-of-activation-phase
    for name in scenario.end_of_round(state):  # fathoms-activation.who, .order
        scenario.take_unbound_activation(state, name, sequence, wounds)

The unbound activation's every legal course — the weapon found, then every sequence of three actions the rules
allow, ties included — is :func:`unbound_activation_sequences`, and the question ``unbound-activation``.

Rules: the ``fathoms-*`` IDs of ``rules_docs/catalog/fathoms_dark.yaml``; options ``fathoms-dark.*``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import random
from collections.abc import Iterable, Mapping, Sequence

from ..activation import ActivationContext, ActivationEffect, ActivationKind
from ..activation import end as activation_end
from ..answers import Answer, Choice
from ..board import OBJECTIVE_SYMBOLS, Geometry, space_sort_key
from ..errors import InputError, RuleViolation
from ..game import Figure, GameState, Scenario, Target, TrackSpace
from ..health import Health
from ..questions import Param, question
from ..yamlio import Entry

from typing import ClassVar

#: The six scenario cards, one a symbol; each matches one objective marker and one Objective Point.
SCENARIO_CARDS: tuple[str, ...] = OBJECTIVE_SYMBOLS
UNBOUND_MARKERS = 12  # fathoms-setup.twelve-markers
MARKER_HEALTH = 4  # fathoms-markers.monster-for-others
UNBOUND = "Unbound"
UNBOUND_ACTIONS = 3  # fathoms-activation.three-actions
DEVOURED_EFFECT = "devoured effect marker"
#: The unbound-activation answer shows a path of at most this many moves whole (up to three tied paths); a longer
#: one by its length and its first and last :data:`PATH_ENDS` spaces, unless asked for in full (``--paths full``).
PATH_MOVES_SHOWN = 12
PATH_ENDS = 3


def marker_id(investigator: str) -> str:
    """How answers name the unbound marker on ``investigator``'s Objective Point."""
    return f"unbound marker ({investigator})"


@dataclass(frozen=True, slots=True)
class SearchCard:
    """A search card as far as the unbound activation needs it: its name, whether it is a weapon, its range.

    Weapon cards' values are not public, so a state file gives them."""

    name: str
    weapon: bool = False
    range: int | None = None

    def __post_init__(self) -> None:
        if self.weapon and (self.range is None or self.range < 0):
            raise ValueError(f"the weapon {self.name!r} needs a range of 0 or more")
        if not self.weapon and self.range is not None:
            raise ValueError(f"{self.name!r} is no weapon, so it has no range")

    def __str__(self) -> str:
        return f"{self.name} (weapon, range {self.range})" if self.weapon else self.name


@dataclass
class FathomsDarkState(GameState):
    """What changes in a game of Fathoms Dark (besides the common state)."""

    objective_markers: dict[str, str] = field(default_factory=dict)  # investigator → symbol of his marker
    scenario_deck: list[str] = field(default_factory=list)  # the face-down deck, top card first (symbols)
    acquired: list[str] = field(default_factory=list)  # investigators holding their own scenario card
    to_place: list[str] = field(default_factory=list)  # acquired this round: marker due at end of activation phase
    unbound_card: int = 0  # unbound markers on the Unbound monster card
    unbound_markers: dict[str, Health] = field(default_factory=dict)  # investigator → marker on his OP
    removed_markers: int = 0  # unbound markers removed from the game
    unbound_space: str | None = None  # where the Unbound figure stands
    unbound_health: Health | None = None  # the Unbound card's health is not public: None until given
    search_deck: list[SearchCard] = field(default_factory=list)  # top card first
    search_discard: list[SearchCard] = field(default_factory=list)  # last discarded card last
    devoured_effect_markers: dict[str, str] = field(default_factory=dict)  # space → marker
    monster_cards: list[str] = field(default_factory=list)  # the chosen monsters, in activation-track order

    # --- look-ups -------------------------------------------------------------------------------------------
    def objective_point(self, investigator: str) -> str:
        """The space of ``investigator``'s Objective Point (fathoms-setup.linked-objective-point)."""
        try:
            symbol = self.objective_markers[investigator]
        except KeyError:
            raise KeyError(f"{investigator!r} holds no objective marker") from None
        return self.board.objective_points[symbol]

    def holder_of(self, symbol: str) -> str | None:
        """The investigator holding the objective marker with ``symbol``; ``None`` if nobody drew it."""
        return next((inv for inv, s in self.objective_markers.items() if s == symbol), None)

    def is_covered(self, investigator: str) -> bool:
        """Whether an unbound marker covers ``investigator``'s Objective Point."""
        return investigator in self.unbound_markers

    def unused_cards(self) -> list[str]:
        """The scenario cards nobody drew: out of the game (fathoms-setup.unused-cards-out)."""
        drawn = set(self.objective_markers.values())
        return [c for c in SCENARIO_CARDS if c not in drawn]

    def markers_accounted(self) -> int:
        """Unbound markers on the card, on the board and out of the game: always twelve (fathoms-outcome)."""
        return self.unbound_card + len(self.unbound_markers) + self.removed_markers

    def figure(self, figure_id: str) -> Figure:
        try:
            return self.figures[figure_id]
        except KeyError:
            raise KeyError(f"no figure {figure_id!r} in this position") from None


# --- the unbound activation's actions ------------------------------------------------------------------------------
def _moves(n: int | None) -> str:
    return "no path" if n is None else f"{n} move" + ("" if n == 1 else "s")


@dataclass(frozen=True, slots=True)
class UnboundAction:
    """One action of an unbound activation: an attack, a move, or nothing.

    ``at`` is where the investigator stands when acting. An attack names its ``target`` and how far it is
    (``distance`` by the measure of ``fathoms-dark.nearest-target``, ``moves`` and ``sight`` both); a move names
    the space it goes ``to``, the nearest spaces to attack from (``goals``) and their distance before the move."""

    kind: str  # "attack", "move" or "none"
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

    def explain(self) -> str:
        if self.kind == "attack":
            where = "in the same space" if self.sight == 0 else \
                f"{_moves(self.moves)} away, sight distance {self.sight}"
            return f"from {self.at}: attack {self.target} ({where})"
        if self.kind == "move":
            goals = ", ".join(self.goals)
            return (f"from {self.at}: no investigator in range; the nearest space(s) to attack from: {goals}, "
                    f"{_moves(self.distance)} away; move to {self.to}")
        return f"from {self.at}: no space lets him or her attack another investigator; nothing happens"

    def to_data(self) -> dict:
        data = {"action": self.kind, "at": self.at}
        if self.kind == "attack":
            data.update(target=self.target, moves=self.moves, sight_distance=self.sight)
        elif self.kind == "move":
            data.update(to=self.to, toward=list(self.goals), distance=self.distance)
        return data


def conditions_in_force(context: ActivationContext, tokens: Mapping[str, int]) -> frozenset[str]:
    """The condition tokens held that apply in this turn: none of Slow, Weakened and Paralyzed applies during an
    unbound activation (fathoms-activation.move-ignores-trap-and-slow, .ignore-weakened, .paralyzed-ignored); the
    tokens themselves stay (fathoms-activation.paralyzed-kept)."""
    if context.kind is ActivationKind.UNBOUND:
        return frozenset()
    return frozenset(t for t, n in tokens.items() if n)


@dataclass(frozen=True, slots=True)
class UnboundActivationPlan:
    """Every legal course of one unbound activation: the cards discarded, the weapon, the action sequences."""

    investigator: str
    start: str
    discarded: tuple[SearchCard, ...]
    weapon: SearchCard | None
    sequences: tuple[tuple[UnboundAction, ...], ...]
    reshuffled: bool = False


class FathomsDark(Scenario):
    """Storybook: Fathoms Dark."""

    name: ClassVar[str] = "fathoms-dark"
    title: ClassVar[str] = "Fathoms Dark"
    rooms: ClassVar[tuple[int, ...]] = (17, 24, 23, 29, 19, 27, 26, 25, 12, 13, 5, 9)  # fathoms-board.rooms
    room_deck: ClassVar[tuple[int, ...]] = (9, 12, 13, 17, 19, 23, 24, 25, 29)  # fathoms-decks.room-deck
    devoured_deck: ClassVar[tuple[int, ...]] = (5, 26, 27)  # fathoms-decks.devoured-deck
    #: fathoms-track.values; no hazard icons (fathoms-track.no-hazards)
    devouring_track: ClassVar[tuple[TrackSpace, ...]] = tuple(TrackSpace(v) for v in (3, 2, 3, 2, 3, 2, 3, 2, 3))
    state_class: ClassVar[type[GameState]] = FathomsDarkState
    unbound_room: ClassVar[int] = 5  # fathoms-board.unbound-space

    def __init__(self, board, options=None) -> None:
        super().__init__(board, options)
        missing = [r for r in self.rooms if r not in board.rooms]
        extra = [r for r in board.rooms if r not in self.rooms]
        if missing or extra:
            raise InputError(f"the Fathoms Dark board has rooms {', '.join(map(str, self.rooms))}; this board "
                             f"lacks {missing or 'none'} and adds {extra or 'none'}", file=board.source or None,
                             rule_id="fathoms-board.rooms")
        unbound = board.spaces_with("unbound")
        if len(unbound) != 1 or board.room_of(unbound[0]) != self.unbound_room:
            raise InputError(f"the board needs one Unbound space, in room {self.unbound_room} (found: "
                             f"{unbound or 'none'})", file=board.source or None, rule_id="fathoms-board.unbound-space")
        missing_ops = [s for s in SCENARIO_CARDS if s not in board.objective_points]
        if missing_ops:
            raise InputError(f"the board lacks the Objective Point(s) {', '.join(missing_ops)}",
                             file=board.source or None, rule_id="fathoms-board.objective-points")

    # --- set-up --------------------------------------------------------------------------------------------------
    def setup(self, state: FathomsDarkState, rng: random.Random | None) -> None:
        """What the special setup does before the investigators are known: the Unbound card with its twelve
        markers, the Unbound figure, the devoured effect markers. :meth:`deal_scenario_cards` does the rest."""
        state.unbound_card = UNBOUND_MARKERS  # fathoms-setup.twelve-markers
        state.removed_markers = 0
        state.unbound_space = self.board.spaces_with("unbound")[0]  # fathoms-setup.unbound-figure
        self.place_devoured_effect_markers(state, rng=rng)

    def place_devoured_effect_markers(self, state: FathomsDarkState, markers: Sequence[str] | None = None,
                                      rng: random.Random | None = None) -> dict[str, str]:
        """A devoured effect marker on every space of every devoured room but the spawn spaces
        (fathoms-board.devoured-effects). ``markers`` is the shuffled pile, top first (what each marker does is
        not public, so by default they are all just "devoured effect marker"); ``rng`` shuffles it."""
        spaces = [s for room in sorted(state.devoured_rooms) for s in self.board.rooms[room].spaces
                  if not self.board.spaces[s].is_spawn_space]
        pile = list(markers) if markers is not None else [DEVOURED_EFFECT] * len(spaces)
        if len(pile) < len(spaces):
            raise ValueError(f"{len(spaces)} spaces need a devoured effect marker; the pile has {len(pile)}")
        if rng is not None:
            rng.shuffle(pile)
        state.devoured_effect_markers = dict(zip(spaces, pile))
        return state.devoured_effect_markers

    def new_game(self, investigators: Sequence[str], rng: random.Random | None = None,
                 draws: Mapping[str, str] | None = None, deck: Sequence[str] | None = None,
                 health: Mapping[str, int] | None = None, deal: bool = True) -> FathomsDarkState:
        """A game at the end of the special setup: the investigators (in activation-track order) each with their
        scenario card. Chance is explicit: ``rng``, or the ``draws`` and the ``deck`` order given. With
        ``deal=False`` the investigators are chosen but no card is drawn yet (:meth:`deal_scenario_cards`)."""
        from ..investigators import INVESTIGATORS

        state = self.new_state(rng)
        for name in investigators:
            card = INVESTIGATORS[name]
            maximum = (health or {}).get(name, card.health)
            if maximum is None:
                raise ValueError(f"{name}'s health is not public: give it")
            state.figures[name] = Figure(name, "investigator", None, Health(maximum))
        state.activation_track = list(investigators)
        if deal:
            self.deal_scenario_cards(state, rng=rng, draws=draws, deck=deck)
        return state

    def deal_scenario_cards(self, state: FathomsDarkState, rng: random.Random | None = None,
                            draws: Mapping[str, str] | None = None, deck: Sequence[str] | None = None) -> None:
        """Each investigator draws a scenario card at random, takes the matching objective marker and starts on
        the matching Objective Point, now linked to him or her; the drawn cards, shuffled, form the face-down
        deck; the others leave the game (fathoms-setup.*).

        ``draws`` (investigator → card) and ``deck`` (the shuffled deck, top first) give the chance as values;
        otherwise ``rng`` draws and shuffles."""
        names = [f.id for f in state.investigators()]
        if len(names) > len(SCENARIO_CARDS):
            raise RuleViolation("fathoms-setup.draw-scenario-card",
                                f"{len(names)} investigators, but only {len(SCENARIO_CARDS)} scenario cards")
        if draws is None:
            if rng is None:
                raise ValueError("drawing scenario cards is chance: give the draws or an rng")
            cards = list(SCENARIO_CARDS)
            rng.shuffle(cards)  # fathoms-setup.draw-scenario-card
            draws = dict(zip(names, cards))
        draws = dict(draws)
        if sorted(draws) != sorted(names):
            raise ValueError(f"every investigator draws one card: {names}, not {sorted(draws)}")
        drawn = list(draws.values())
        bad = [c for c in drawn if c not in SCENARIO_CARDS]
        if bad:
            raise ValueError(f"no scenario card {bad[0]!r}; the cards: {', '.join(SCENARIO_CARDS)}")
        if len(set(drawn)) != len(drawn):
            raise RuleViolation("fathoms-setup.draw-scenario-card", "two investigators can't draw the same card")
        if deck is None:
            deck = [draws[n] for n in names]
            if rng is None:
                raise ValueError("shuffling the drawn cards is chance: give the deck order or an rng")
            rng.shuffle(deck)  # fathoms-setup.face-down-deck
        if sorted(deck) != sorted(drawn):
            raise ValueError(f"the face-down deck is exactly the drawn cards {sorted(drawn)}, not {sorted(deck)}")
        state.objective_markers = {n: draws[n] for n in names}  # fathoms-setup.objective-marker
        for n in names:
            state.figures[n].space = state.objective_point(n)  # fathoms-setup.start-on-objective-point
        state.scenario_deck = list(deck)
        state.acquired, state.to_place, state.unbound_markers = [], [], {}

    def choose_monsters(self, state: FathomsDarkState, monsters: Sequence[str],
                        epic: Iterable[str] = ()) -> None:
        """The monster cards chosen in setup step 3, in activation-track order; ``epic`` names those that are
        epic monsters (their names are not public), which can't be chosen (fathoms-setup.no-epic-monsters).
        The Unbound card then goes at the end of the track (fathoms-setup.unbound-card-last)."""
        epic = set(epic)
        for m in monsters:
            if m in epic:
                raise RuleViolation("fathoms-setup.no-epic-monsters", f"{m} is an epic monster: not in Fathoms Dark")
            if m == UNBOUND:
                raise RuleViolation("fathoms-setup.unbound-card-last",
                                    "the Unbound card is not chosen: it goes at the end of the activation track")
        state.monster_cards = list(monsters)

    def activation_phase_order(self, state: FathomsDarkState) -> list[str]:
        """The activation phase in order: each investigator, then the monster card under him or her; the
        monster cards left over; Unbound after the last monster (fathoms-unbound.activates-last)."""
        order: list[str] = []
        monsters = list(state.monster_cards)
        for inv in state.activation_track:
            order.append(inv)
            if monsters:
                order.append(monsters.pop(0))
        order += monsters
        order.append(UNBOUND)
        return order

    def spawn_deck(self, spawn_cards: Iterable[str], rng: random.Random | None = None) -> list[str]:
        """The spawn deck from the chosen monsters' spawn cards (each named by its monster): the Unbound spawn
        cards stay out (fathoms-setup.no-unbound-spawn-cards). ``rng`` shuffles it."""
        deck = [c for c in spawn_cards if c != UNBOUND]
        if rng is not None:
            rng.shuffle(deck)
        return deck

    # --- the devouring track -------------------------------------------------------------------------------------
    def advance_devour_marker(self, state: GameState) -> str | None:
        """The devour marker moves one space on; returns the hazard to resolve there — always none on this track
        (fathoms-track.no-hazards). Reaching the last space loses the game (outcome.loss-devouring-track)."""
        if state.devour_marker >= len(self.devouring_track) - 1:
            raise RuleViolation("outcome.loss-devouring-track", "the devour marker is already on the last space")
        state.devour_marker += 1
        return self.devouring_track[state.devour_marker].hazard

    # --- the round -----------------------------------------------------------------------------------------------
    def start_round(self, state: FathomsDarkState) -> str | None:
        """Reveal the top scenario card; its marker's holder acquires it and owes an unbound marker at the end of
        this round's activation phase. Returns the revealed card (``None``: the deck is empty)."""
        if not state.scenario_deck:
            return None  # fathoms-cards.reveal-at-round-start: nothing to reveal
        card = state.scenario_deck[0]  # fathoms-cards.reveal-at-round-start
        holder = state.holder_of(card)
        if holder is None:  # read_state refuses such a deck; guard against hand-built states
            raise RuleViolation("fathoms-setup.unused-cards-out", f"nobody holds the {card} objective marker")
        if state.is_covered(holder) or holder in state.acquired:
            raise RuleViolation("fathoms-markers.one-per-objective-point",
                                f"{holder} holds the {card} card already, so it can't be in the deck")
        state.scenario_deck.pop(0)
        state.acquired.append(holder)  # fathoms-cards.holder-acquires
        state.to_place.append(holder)  # fathoms-cards.place-at-end-of-activation-phase: not now
        return card

    def end_of_activation_phase(self, state: FathomsDarkState, rng: random.Random | None = None,
                                position: int | None = None) -> list[str]:
        """Every investigator who acquired a card this round places an unbound marker, taken from the Unbound
        card, on his or her Objective Point. Returns who placed one.

        With the card empty, ``fathoms-dark.empty-unbound-card`` decides; ``shuffle-back`` shuffles the card
        into the deck (``rng``, or the ``position`` it ends at, as in :meth:`shuffle_card_back`)."""
        short = len(state.to_place) - state.unbound_card
        if short > 0 and self.options["fathoms-dark.empty-unbound-card"] == "shuffle-back":
            _check_chance(state, rng, position)
        placed = []
        for inv in list(state.to_place):
            state.to_place.remove(inv)
            if state.unbound_card > 0:  # fathoms-cards.marker-from-unbound-card
                state.unbound_card -= 1
                state.unbound_markers[inv] = Health(MARKER_HEALTH)  # fathoms-markers.monster-for-others
                placed.append(inv)
            elif self.options["fathoms-dark.empty-unbound-card"] == "shuffle-back":
                self.shuffle_card_back(state, inv, rng=rng, position=position)
            # keep-card: he keeps the card; nothing is placed
        return placed

    def end_of_round(self, state: FathomsDarkState) -> list[str]:
        """Who takes an unbound activation now, in activation-track order (fathoms-activation.who, .order)."""
        track = list(state.activation_track) or [f.id for f in state.investigators()]
        return [inv for inv in track if state.is_covered(inv)]

    def shuffle_card_back(self, state: FathomsDarkState, investigator: str, rng: random.Random | None = None,
                          position: int | None = None) -> None:
        """``investigator`` shuffles his or her scenario card back into the face-down deck. Chance is explicit:
        ``position`` says where the card ends up (0 = top), or ``rng`` shuffles the deck."""
        card = state.objective_markers[investigator]
        _check_chance(state, rng, position)
        if investigator in state.acquired:
            state.acquired.remove(investigator)
        if position is not None:
            state.scenario_deck.insert(position, card)
        else:
            state.scenario_deck.append(card)
            rng.shuffle(state.scenario_deck)

    # --- attacks -------------------------------------------------------------------------------------------------
    def attack_targets(self, state: FathomsDarkState, attacker_id: str) -> list[Target]:
        """What ``attacker_id`` may attack: the monsters; Unbound unless his or her Objective Point is covered;
        the unbound markers on the other investigators' Objective Points (fathoms-markers.*)."""
        targets = super().attack_targets(state, attacker_id)
        if state.unbound_space is not None and not state.is_covered(attacker_id):
            targets.append(Target(UNBOUND, state.unbound_space, "monster"))
        for owner in state.unbound_markers:
            if owner != attacker_id:  # fathoms-markers.owner-cannot-attack
                targets.append(Target(marker_id(owner), state.objective_point(owner), "unbound_marker",
                                      "fathoms-markers.monster-for-others"))
        return targets

    def damage_unbound_marker(self, state: FathomsDarkState, attacker: str, owner: str, wounds: int,
                              rng: random.Random | None = None, position: int | None = None) -> bool:
        """``attacker`` deals ``wounds`` to the unbound marker on ``owner``'s Objective Point; returns whether it
        was killed. A killed marker leaves the game and ``owner`` shuffles the card back (``rng`` or the
        ``position`` it ends at)."""
        if owner not in state.unbound_markers:
            raise RuleViolation("fathoms-markers.monster-for-others",
                                f"there is no unbound marker on {owner}'s Objective Point")
        if attacker == owner:
            raise RuleViolation("fathoms-markers.owner-cannot-attack",
                                f"{attacker} can't attack the unbound marker on his or her own Objective Point")
        if not state.figure(attacker).is_investigator:
            raise RuleViolation("fathoms-markers.monster-for-others",
                                "an unbound marker is a monster for the investigators only")
        if wounds >= state.unbound_markers[owner].current:  # a kill shuffles a card back: chance
            _check_chance(state, rng, position)
        health = state.unbound_markers[owner]
        health.take_wounds(wounds)
        if not health.is_killed:
            return False
        del state.unbound_markers[owner]  # fathoms-markers.killed-removed
        state.removed_markers += 1
        self.shuffle_card_back(state, owner, rng=rng, position=position)  # fathoms-markers.card-shuffled-back
        return True

    def damage_unbound(self, state: FathomsDarkState, attacker: str, wounds: int) -> int:
        """``attacker`` deals ``wounds`` to Unbound; returns how many lives (markers of its card) it lost.

        A covered investigator can't attack it (fathoms-markers.covered-cannot-attack-unbound); its lives go as
        the assumption ``fathoms-dark.unbound-lives`` says (fathoms-unbound.lives)."""
        state.figure(attacker)
        if state.is_covered(attacker):
            raise RuleViolation("fathoms-markers.covered-cannot-attack-unbound",
                                f"{attacker}'s Objective Point is covered by an unbound marker: "
                                f"{attacker} can't attack Unbound")
        if wounds < 0:
            raise ValueError("wounds can't be negative")
        lost = 0
        if self.options["fathoms-dark.unbound-lives"] == "marker-per-wound":
            lost = min(wounds, state.unbound_card)
        else:
            if state.unbound_health is None:
                raise InputError("the Unbound card's health is not public: give it in the state file "
                                 "(fathoms-dark: {unbound: {health: N}})", rule_id="fathoms-unbound.lives")
            health = state.unbound_health
            for _ in range(wounds):
                health.take_wounds(1)
                if health.is_killed:
                    if state.unbound_card - lost > 0:
                        lost += 1
                    state.unbound_health = health = Health(health.maximum)
        state.unbound_card -= lost
        state.removed_markers += lost
        return lost

    def move_unbound_marker(self, state: FathomsDarkState, owner: str, to: str) -> None:
        """Nothing moves an unbound marker (fathoms-markers.never-moves): always refused."""
        raise RuleViolation("fathoms-markers.never-moves",
                            f"the unbound marker on {owner}'s Objective Point can't be moved to {to}, for any reason")

    # --- the unbound activation --------------------------------------------------------------------------------
    def unbound_context(self, investigator: str) -> ActivationContext:
        """The turn an unbound activation is: not a normal activation (fathoms-activation.not-normal), so no
        activation ability and no beginning- or end-of-activation effect (solver.activation)."""
        return ActivationContext.unbound(investigator)

    def move_hindrances(self, state: FathomsDarkState, investigator: str, unbound: bool) -> list[str]:
        """What would stop ``investigator`` leaving his or her space with a move: a Slow token, or monsters whose
        total Trap reaches his or her Escape (base game). An unbound activation ignores both
        (fathoms-activation.move-ignores-trap-and-slow)."""
        from ..game import MONSTER_TYPES
        from ..investigators import INVESTIGATORS

        if unbound:
            return []
        fig = state.figure(investigator)
        reasons = []
        if fig.count("slow"):
            reasons.append("slow")
        trap = sum(MONSTER_TYPES[t].trap for f in state.figures_in(fig.space) if f.kind == "monster"
                   for t in [f.id.split("#")[0]] if t in MONSTER_TYPES)
        escape = INVESTIGATORS[investigator].escape if investigator in INVESTIGATORS else None
        if escape is not None and trap >= escape:
            reasons.append("trap")
        return reasons

    def end_of_activation_triggers(self, state: FathomsDarkState, investigator: str,
                                   context: ActivationContext) -> list[str]:
        """What the end of ``investigator``'s turn triggers in his or her space (a devoured effect marker):
        nothing at the end of an unbound activation (fathoms-activation.no-start-end-effects)."""
        space = state.figure(investigator).space
        marker = state.devoured_effect_markers.get(space)
        due = [ActivationEffect(f"{marker} in {space}", "end", "outside-activation.no-start-end-effects")] \
            if marker else []
        return [e.name for e in activation_end(context, due)]

    def discard_until_weapon(self, state: FathomsDarkState, rng: random.Random | None = None
                             ) -> tuple[list[SearchCard], SearchCard | None, bool]:
        """Discard search cards until a weapon is discarded (fathoms-activation.discard-until-weapon).

        Returns the cards discarded (the weapon last), the weapon (``None``: none found) and whether the discards
        were reshuffled. When the deck runs out, ``fathoms-dark.search-deck-exhausted`` decides; a reshuffle is
        chance: ``rng``."""
        discarded: list[SearchCard] = []
        reshuffled = False
        while True:
            if not state.search_deck:
                if self.options["fathoms-dark.search-deck-exhausted"] == "no-weapon" or reshuffled:
                    return discarded, None, reshuffled
                if not any(c.weapon for c in state.search_discard):
                    return discarded, None, reshuffled
                if rng is None:
                    raise InputError("the search deck runs out before a weapon: its discards are reshuffled, "
                                     "which is chance — give a seed", rule_id="fathoms-activation.discard-until-weapon")
                state.search_deck = list(state.search_discard)
                state.search_discard = []
                rng.shuffle(state.search_deck)
                reshuffled = True
            card = state.search_deck.pop(0)
            state.search_discard.append(card)
            discarded.append(card)
            if card.weapon:
                return discarded, card, reshuffled

    def plan_unbound_activation(self, state: FathomsDarkState, investigator: str,
                                rng: random.Random | None = None) -> UnboundActivationPlan:
        """Every legal course of ``investigator``'s unbound activation, without changing ``state``: the weapon
        the search deck gives, then every sequence of three actions (ties are the investigator's choices)."""
        return self._plan(state.copy(), investigator, rng)

    def _plan(self, state: FathomsDarkState, investigator: str, rng: random.Random | None) -> UnboundActivationPlan:
        """The plan; discards the search cards of ``state`` itself."""
        if not state.is_covered(investigator):
            raise RuleViolation("fathoms-activation.who",
                                f"{investigator}'s Objective Point is uncovered: no unbound activation")
        discarded, weapon, reshuffled = self.discard_until_weapon(state, rng)
        start = state.figure(investigator).space
        sequences = unbound_activation_sequences(state, investigator, weapon)
        return UnboundActivationPlan(investigator, start, tuple(discarded), weapon, tuple(sequences), reshuffled)

    def take_unbound_activation(self, state: FathomsDarkState, investigator: str,
                                sequence: Sequence[str], wounds: Sequence[int] = (),
                                rng: random.Random | None = None) -> UnboundActivationPlan:
        """Resolve ``investigator``'s unbound activation: the search cards are discarded, then the actions of
        ``sequence`` (as the answer writes them: "attack Sophie Brigman", "move 17b→24a", "no action"), which must
        be one the rules allow. ``wounds`` gives each attack's wounds, in order (the dice are the players'); all
        go to the target (fathoms-activation.all-damage-to-target). Tokens are left as they were
        (fathoms-activation.paralyzed-kept). A sequence the rules don't allow changes nothing."""
        trial = state.copy()
        plan = self._plan(trial, investigator, rng)
        chosen = next((s for s in plan.sequences if [str(a) for a in s] == list(sequence)), None)
        if chosen is None:
            allowed = "; ".join(" / ".join(str(a) for a in s) for s in plan.sequences)
            raise RuleViolation("fathoms-activation.must-attack",
                                f"{' / '.join(sequence)} is not an unbound activation the rules allow; "
                                f"allowed: {allowed}")
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

    def unbound_attack(self, state: FathomsDarkState, attacker: str, target: str, wounds: int) -> int:
        """An attack of an unbound activation: the target counts as a monster and takes every wound
        (fathoms-activation.target-as-monster, .all-damage-to-target); returns the wounds marked."""
        if target == attacker or not state.figure(target).is_investigator:
            raise RuleViolation("fathoms-activation.must-attack", "an unbound attack targets another investigator")
        return state.figure(target).health.take_wounds(wounds)

    # --- winning and losing ----------------------------------------------------------------------------------------
    def scenario_loss(self, state: FathomsDarkState) -> tuple[str, str] | None:
        names = [f.id for f in state.investigators()]
        if names and all(state.is_covered(n) for n in names):
            return ("fathoms-outcome.loss-all-covered",
                    "every investigator's Objective Point is covered by an unbound marker")
        return None

    def scenario_win(self, state: FathomsDarkState) -> tuple[str, str] | None:
        if state.unbound_card == 0 and not state.unbound_markers and state.removed_markers == UNBOUND_MARKERS:
            return ("fathoms-outcome.win-all-removed",
                    f"all {UNBOUND_MARKERS} unbound markers have been removed from the game")
        return None

    # --- state files ---------------------------------------------------------------------------------------------
    def read_state(self, section, state: FathomsDarkState) -> None:
        """Read the ``fathoms-dark:`` section of a state file (see :data:`SECTION_FORMAT`)."""
        _read_section(self, section, state)

    def write_state(self, state: FathomsDarkState) -> dict:
        data: dict = {}
        if state.objective_markers:
            data["objective_markers"] = dict(state.objective_markers)
        data["scenario_deck"] = list(state.scenario_deck)
        if state.acquired:
            data["acquired"] = list(state.acquired)
        if state.to_place:
            data["to_place"] = list(state.to_place)
        data["unbound_card"] = state.unbound_card
        if state.unbound_markers:
            data["unbound_markers"] = {inv: _health_data(h) for inv, h in state.unbound_markers.items()}
        data["removed_markers"] = state.removed_markers
        unbound: dict = {"space": state.unbound_space}
        if state.unbound_health is not None:
            unbound.update(health=state.unbound_health.maximum, **_health_data(state.unbound_health))
        data["unbound"] = unbound
        if state.search_deck:
            data["search_deck"] = [_card_data(c) for c in state.search_deck]
        if state.search_discard:
            data["search_discard"] = [_card_data(c) for c in state.search_discard]
        data["devoured_effect_markers"] = dict(state.devoured_effect_markers)
        if state.monster_cards:
            data["monster_cards"] = list(state.monster_cards)
        return data


def _check_chance(state: FathomsDarkState, rng: random.Random | None, position: int | None) -> None:
    """A card shuffled into the scenario card deck: chance is explicit, a ``position`` (0 = top) or an ``rng``."""
    if position is None and rng is None:
        raise ValueError("shuffling a card into the deck is chance: give the position it ends at or an rng")
    if position is not None and not 0 <= position <= len(state.scenario_deck):
        raise ValueError(f"a deck of {len(state.scenario_deck)} cards has no position {position}")


# --- the unbound activation, as a search over positions and a constraint problem over sequences ---------------------
def _other_investigators(state: FathomsDarkState, investigator: str) -> list[Figure]:
    return [f for f in state.investigators()
            if f.id != investigator and f.space is not None and not f.killed and not f.health.is_killed]


def attack_choices(state: FathomsDarkState, investigator: str, weapon: SearchCard | None, at: str,
                   geometry: Geometry | None = None) -> list[UnboundAction]:
    """The attacks the rules allow ``investigator`` standing in ``at``: the nearest of the other investigators
    the weapon reaches, every one tied for nearest (fathoms-activation.must-attack, .attack-nearest,
    .attacker-breaks-ties)."""
    if weapon is None:
        return []
    geo = geometry or Geometry.of(state)
    by_sight = state.options["fathoms-dark.nearest-target"] == "sight-distance"
    reachable = []
    for f in _other_investigators(state, investigator):
        if at in geo.spaces_in_range_of(f.space, weapon.range):  # the search from f, shared by every space
            moves = geo.move_distance(at, f.space)
            sight = geo.sight_distance(at, f.space)
            near = sight if by_sight or moves is None else moves
            reachable.append((near, f.id, moves, sight))
    if not reachable:
        return []
    best = min(r[0] for r in reachable)
    return [UnboundAction("attack", at, target=name, distance=near, moves=moves, sight=sight)
            for near, name, moves, sight in sorted(reachable, key=lambda r: r[1]) if near == best]


def attack_spaces(state: FathomsDarkState, investigator: str, weapon: SearchCard | None,
                  geometry: Geometry | None = None) -> list[str]:
    """Every space from which ``investigator`` could attack another investigator with ``weapon``."""
    if weapon is None:
        return []
    geo = geometry or Geometry.of(state)
    spaces: set[str] = set()
    for f in _other_investigators(state, investigator):  # one search from each of them, not one from every space
        spaces |= geo.spaces_in_range_of(f.space, weapon.range)
    return sorted(spaces, key=space_sort_key)


def action_choices(state: FathomsDarkState, investigator: str, weapon: SearchCard | None, at: str,
                   geometry: Geometry | None = None, goals: Sequence[str] | None = None) -> list[UnboundAction]:
    """Every action the rules allow for one action of an unbound activation, standing in ``at``: the tied
    nearest attacks; failing any, every first step toward the nearest space to attack from
    (fathoms-activation.move-toward-attack-space; trap and Slow ignored); failing that, no action."""
    geo = geometry or Geometry.of(state)
    attacks = attack_choices(state, investigator, weapon, at, geo)
    if attacks:
        return attacks
    goals = attack_spaces(state, investigator, weapon, geo) if goals is None else goals
    distance, steps = state.board.first_steps_toward(at, goals, geo.movement_hatches)
    if not steps:
        return [UnboundAction("none", at)]  # fathoms-activation.no-attack-space
    near = state.board.nearest_goals(at, goals, geo.movement_hatches)
    nearest = tuple(g for g in goals if g in near)
    return [UnboundAction("move", at, to=step, distance=distance, goals=nearest) for step in steps]


def unbound_activation_sequences(state: FathomsDarkState, investigator: str,
                                 weapon: SearchCard | None) -> list[tuple[UnboundAction, ...]]:
    """Every sequence of three actions the rules allow ``investigator`` with ``weapon``, from where he or she
    stands, as a constraint problem (python-constraint2):

    * ``at1 … at4``: where the investigator stands before each action and at the end (``at1`` is fixed);
    * ``do1 … do3``: each action's choice (0 a move or nothing, ``k`` an attack on the ``k``-th investigator);
    * ``key1 … key3``: ``at·(C·N) + do·N + next_at`` — one number for each (from, choice, to) row of the table of
      legal actions; a ``VariableExactSumConstraint`` ties it to its three variables and the key's domain holds
      only the table's rows, so every solution is a legal sequence and every legal sequence a solution.
    """
    from constraint import Problem, VariableExactSumConstraint

    geo = Geometry.of(state)
    start = state.figure(investigator).space
    goals = attack_spaces(state, investigator, weapon, geo)
    names = [None] + sorted(f.id for f in _other_investigators(state, investigator))

    rows: dict[str, list[UnboundAction]] = {}  # the legal actions from every space he or she can stand in
    reach = [[start]]  # reach[i]: where he or she may stand before action i + 1
    for _ in range(UNBOUND_ACTIONS):
        ends: dict[str, None] = {}
        for at in reach[-1]:
            if at not in rows:
                rows[at] = action_choices(state, investigator, weapon, at, geo, goals)
            ends.update(dict.fromkeys(a.end for a in rows[at]))
        reach.append(list(ends))
    spaces = sorted(set().union(*reach), key=space_sort_key)  # the spaces he or she can stand in, numbered
    index = {s: i for i, s in enumerate(spaces)}
    n, c = len(spaces), len(names)

    def key(at: str, action: UnboundAction) -> int:
        return index[at] * c * n + names.index(action.target) * n + index[action.end]

    table = {key(at, a): a for at, actions in rows.items() for a in actions}

    # each variable's domain holds only what can happen at its step: the search has little to try
    problem = Problem()
    problem.addVariable("at1", [index[start]])
    for i in range(2, UNBOUND_ACTIONS + 2):
        problem.addVariable(f"at{i}", sorted(index[s] for s in reach[i - 1]))
    for i in range(1, UNBOUND_ACTIONS + 1):
        problem.addVariable(f"do{i}", sorted({names.index(a.target) for at in reach[i - 1] for a in rows[at]}))
        problem.addVariable(f"key{i}", sorted(key(at, a) for at in reach[i - 1] for a in rows[at]))
        problem.addConstraint(VariableExactSumConstraint(f"key{i}", [f"at{i}", f"do{i}", f"at{i + 1}"],
                                                         [c * n, n, 1, 1]))
    sequences = {tuple(table[sol[f"key{i}"]] for i in range(1, UNBOUND_ACTIONS + 1))
                 for sol in problem.getSolutions()}
    return sorted(sequences, key=lambda seq: [(str(a), a.at) for a in seq])


# --- the state file's section ------------------------------------------------------------------------------------
SECTION_KEYS = ("objective_markers", "scenario_deck", "acquired", "to_place", "unbound_card", "unbound_markers",
                "removed_markers", "unbound", "search_deck", "search_discard", "devoured_effect_markers",
                "monster_cards")

SECTION_FORMAT = """\
fathoms-dark:
  objective_markers: {Lisbeth Gibson: circle, Sophie Brigman: star}  # every investigator's marker (its symbol)
  scenario_deck: [circle]          # the face-down deck, top first; default: the cards not acquired
  acquired: [Sophie Brigman]       # investigators holding their scenario card
  to_place: []                     # of those, who places a marker at the end of this activation phase
  unbound_card: 11                 # markers on the Unbound card; default: 12 less the others
  unbound_markers: {Sophie Brigman: {wounds: 1}}   # the marker on that investigator's Objective Point
  removed_markers: 0               # markers removed from the game
  unbound: {space: 5b, health: 6, wounds: 0}       # the Unbound figure; its card's health is not public
  search_deck:                     # top first; weapon cards' values are not public
    - {name: Flare}
    - {name: Harpoon, weapon: true, range: 1}
  search_discard: []
  devoured_effect_markers: {5b: devoured effect marker}   # default: one on every non-spawn devoured space
  monster_cards: [Husk, Mind Eater]                       # the chosen monsters, activation-track order
"""


def _health_data(h: Health) -> dict:
    data = {}
    if h.wounds:
        data["wounds"] = h.wounds
    if h.health_plus_tokens:
        data["health_plus_tokens"] = h.health_plus_tokens
    return data


def _card_data(card: SearchCard) -> dict:
    return {"name": card.name, "weapon": True, "range": card.range} if card.weapon else {"name": card.name}


def _read_names(entry, investigators: list[str], what: str, rule_id: str | None = None) -> list[str]:
    names: list[str] = []
    for item in entry.list():
        name = item.text()
        if name not in investigators:
            raise item.error(f"{name!r} is not among the investigators ({', '.join(investigators) or 'none'})")
        if name in names:
            raise item.error(f"{name!r} is listed twice in {what}", rule_id)
        names.append(name)
    return names


def _read_cards(entry) -> list[SearchCard]:
    cards = []
    for item in entry.list():
        item.keys(("name", "weapon", "range"))
        name = item.need("name").text()
        weapon = item.get("weapon", False).boolean()
        if weapon:
            rng = item.need("range").integer(minimum=0)
        else:
            if item.has("range"):
                raise item.need("range").error(f"{name!r} is no weapon (weapon: true), so it has no range")
            rng = None
        cards.append(SearchCard(name, weapon, rng))
    return cards


def _read_section(scenario: FathomsDark, section, state: FathomsDarkState) -> None:
    section.keys(SECTION_KEYS)
    board = state.board
    investigators = [f.id for f in state.investigators()]

    # objective markers: one each, different symbols (fathoms-setup.objective-marker)
    markers = section.get("objective_markers", {})
    if markers.value is None:
        markers = Entry({}, markers.file, markers.path)
    given: dict[str, str] = {}
    for name, sym in markers.items():
        if name not in investigators:
            raise sym.error(f"{name!r} is not among the investigators ({', '.join(investigators) or 'none'})")
        symbol = sym.text(choices=SCENARIO_CARDS, what="objective marker symbol")
        if symbol in given.values():
            raise sym.error(f"two investigators hold the {symbol} objective marker: there is one of each",
                            "fathoms-setup.objective-marker")
        given[name] = symbol
    if len(investigators) > len(SCENARIO_CARDS):
        raise section.error(f"{len(investigators)} investigators, but there are only {len(SCENARIO_CARDS)} "
                            f"scenario cards", "fathoms-setup.draw-scenario-card")
    missing = [n for n in investigators if n not in given]
    if missing:
        raise markers.error(f"every investigator holds an objective marker; missing: {', '.join(missing)}",
                            "fathoms-setup.objective-marker")
    state.objective_markers = {n: given[n] for n in investigators}

    acquired = _read_names(section.get("acquired", []), investigators, "acquired")
    to_place_entry = section.get("to_place", [])
    to_place = _read_names(to_place_entry, investigators, "to_place")
    for i, name in enumerate(to_place):
        if name not in acquired:
            raise to_place_entry.list()[i].error(f"{name} places a marker only after acquiring the card: add "
                                                 f"{name} to 'acquired'", "fathoms-cards.holder-acquires")

    # the face-down deck: the cards of the investigators not holding theirs
    deck_entry = section.get("scenario_deck", None)
    if deck_entry.value is None:
        deck = [state.objective_markers[n] for n in investigators if n not in acquired]
    else:
        deck = []
        for item in deck_entry.list():
            card = item.text(choices=SCENARIO_CARDS, what="scenario card")
            holder = state.holder_of(card)
            if holder is None:
                raise item.error(f"nobody drew the {card} card: it is out of the game", "fathoms-setup.unused-cards-out")
            if card in deck:
                raise item.error(f"the {card} card is in the deck twice", "fathoms-setup.face-down-deck")
            if holder in acquired:
                covered = section.get("unbound_markers", {}).value or {}
                if holder in covered:
                    raise item.error(f"{holder}'s Objective Point is covered, so the {card} card is with {holder}, "
                                     f"not in the deck", "fathoms-markers.one-per-objective-point")
                raise item.error(f"{holder} holds the {card} card, so it is not in the deck",
                                 "fathoms-cards.holder-acquires")
            deck.append(card)
        lost = [n for n in investigators if n not in acquired and state.objective_markers[n] not in deck]
        if lost:
            raise deck_entry.error(f"{lost[0]}'s card ({state.objective_markers[lost[0]]}) is neither in the deck "
                                   f"nor acquired", "fathoms-setup.face-down-deck")
    state.scenario_deck, state.acquired, state.to_place = deck, acquired, to_place

    # unbound markers on the Objective Points
    um = section.get("unbound_markers", {})
    covered: dict[str, Health] = {}
    if um.value is not None:
        for name, spec in um.items():
            where = spec
            if name not in investigators:
                raise where.error(f"{name!r} is not among the investigators ({', '.join(investigators) or 'none'})")
            if spec.value is None:
                spec = Entry({}, spec.file, spec.path)
            spec.keys(("wounds", "health_plus_tokens"))
            wounds = spec.get("wounds", 0).integer(minimum=0, maximum=MARKER_HEALTH - 1,
                                                   rule_id="fathoms-markers.killed-removed")
            plus = spec.get("health_plus_tokens", 0).integer(minimum=0)
            if wounds and plus:
                raise spec.error("a marker can't hold health +1 tokens and wounds at once",
                                 "health.tokens-absorb-wounds")
            if name not in acquired or name in to_place:
                raise where.error(f"{name}'s Objective Point is covered only once {name} has acquired the card and "
                                  f"placed the marker (in 'acquired', not in 'to_place')",
                                  "fathoms-markers.one-per-objective-point")
            covered[name] = Health(MARKER_HEALTH, wounds, plus)
    state.unbound_markers = covered

    # the twelve markers (fathoms-outcome.twelve-markers)
    removed = section.get("removed_markers", 0).integer(minimum=0, maximum=UNBOUND_MARKERS,
                                                        rule_id="fathoms-outcome.twelve-markers")
    card_entry = section.get("unbound_card", UNBOUND_MARKERS - len(covered) - removed)
    card = card_entry.integer(minimum=0, maximum=UNBOUND_MARKERS, rule_id="fathoms-outcome.twelve-markers")
    total = card + len(covered) + removed
    if total != UNBOUND_MARKERS:
        raise (card_entry if section.has("unbound_card") else section).error(
            f"{card} on the Unbound card, {len(covered)} on Objective Points and {removed} removed make {total}: "
            f"there are {UNBOUND_MARKERS} unbound markers", "fathoms-outcome.twelve-markers")
    state.unbound_card, state.removed_markers = card, removed
    idle = [n for n in acquired if n not in covered and n not in to_place]
    if idle:
        if card > 0 or scenario.options["fathoms-dark.empty-unbound-card"] != "keep-card":
            raise section.get("acquired").error(
                f"{idle[0]} holds the card but has no marker to place and none placed: only with the Unbound card "
                f"empty and fathoms-dark.empty-unbound-card = keep-card", "fathoms-cards.marker-from-unbound-card")

    # the Unbound figure
    ub = section.get("unbound", {})
    if ub.value is not None:
        ub.keys(("space", "health", "wounds", "health_plus_tokens"))
        if ub.has("space"):
            space = ub.need("space").text()
            if space not in board.spaces:
                raise ub.need("space").error(f"no space {space!r} on the board {board.name!r}")
            state.unbound_space = space
        if ub.has("health"):
            maximum = ub.need("health").integer(minimum=1)
            wounds = ub.get("wounds", 0).integer(minimum=0, maximum=maximum - 1)
            plus = ub.get("health_plus_tokens", 0).integer(minimum=0)
            if wounds and plus:
                raise ub.error("Unbound can't hold health +1 tokens and wounds at once", "health.tokens-absorb-wounds")
            state.unbound_health = Health(maximum, wounds, plus)
        elif ub.has("wounds") or ub.has("health_plus_tokens"):
            raise Entry(None, ub.file, f"{ub.path}.health").error(
                "the Unbound card's health is not public: give it with its wounds", "fathoms-unbound.lives")

    state.search_deck = _read_cards(section.get("search_deck", []))
    state.search_discard = _read_cards(section.get("search_discard", []))

    effects = section.get("devoured_effect_markers", None)
    if effects.value is not None:
        placed: dict[str, str] = {}
        for space, label in effects.items():
            if str(space) not in board.spaces:
                raise label.error(f"no space {space!r} on the board {board.name!r}")
            s = board.spaces[str(space)]
            if s.room not in state.devoured_rooms:
                raise label.error(f"room {s.room} is not devoured: no devoured effect marker on {space}",
                                  "fathoms-board.devoured-effects")
            if s.is_spawn_space:
                raise label.error(f"{space} holds a spawn marker: no devoured effect marker there",
                                  "fathoms-board.devoured-effects")
            placed[str(space)] = label.text()
        state.devoured_effect_markers = placed
    else:
        scenario.place_devoured_effect_markers(state)

    monsters = section.get("monster_cards", [])
    names = []
    for item in monsters.list():
        name = item.text()
        if name == UNBOUND:
            raise item.error("the Unbound card is not chosen: it goes at the end of the activation track",
                             "fathoms-setup.unbound-card-last")
        names.append(name)
    state.monster_cards = names


# --- the question ---------------------------------------------------------------------------------------------------
ACTIVATION_RULES = ("fathoms-activation.who", "fathoms-activation.not-normal",
                    "fathoms-activation.discard-until-weapon", "fathoms-activation.three-actions",
                    "fathoms-activation.must-attack", "fathoms-activation.attack-nearest",
                    "fathoms-activation.attacker-breaks-ties", "fathoms-activation.move-toward-attack-space",
                    "fathoms-activation.move-ignores-trap-and-slow", "fathoms-activation.ignore-weakened",
                    "fathoms-activation.paralyzed-ignored", "fathoms-dark.nearest-target",
                    "fathoms-dark.search-deck-exhausted", "sight.range", "sight.model", "board.distance")


@question("unbound-activation",
          "Fathoms Dark: an infected investigator's unbound activation — the weapon the search deck gives, then every "
          "sequence of three actions the rules allow (attacks on the nearest investigator, moves toward a space to "
          "attack from), ties included.",
          scenarios=("fathoms-dark",),
          params=(Param("investigator", "the infected investigator (may be left out when only one is infected)"),
                  Param("seed", "a seed for the shuffle, if the search deck runs out before a weapon"),
                  Param("paths", f"'ends' (default): a path of more than {PATH_MOVES_SHOWN} moves is shown by its "
                                 f"length and its first and last spaces; 'full': every path whole")))
def unbound_activation_question(state: FathomsDarkState, args: dict) -> Answer:
    investigator = str(args.get("investigator") or "")
    if args.get("investigator") is None:  # not given: the one infected investigator, if there is only one
        infected = [f.id for f in state.investigators() if state.is_covered(f.id)]
        if len(infected) != 1:
            who = ", ".join(infected) if infected else "none"
            raise InputError(f"name the infected investigator with --investigator (infected here: {who})",
                             entry="--investigator", rule_id="fathoms-activation.who")
        investigator = infected[0]
    paths = "ends" if args.get("paths") is None else str(args["paths"]).strip().lower()
    if paths not in ("ends", "full"):
        raise InputError(f"must be 'ends' or 'full', not {paths!r}", entry="--paths")
    if investigator not in state.figures or not state.figures[investigator].is_investigator:
        names = ", ".join(f.id for f in state.investigators())
        raise InputError(f"no investigator {investigator!r} in this position (investigators: {names})",
                         entry="--investigator")
    options = state.options.non_default()
    if not state.is_covered(investigator):
        return Answer("unbound-activation",
                      f"{investigator}'s Objective Point is not covered by an unbound marker: {investigator} takes no "
                      f"unbound activation.", (), (), ("fathoms-activation.who",), options)
    seed = str(args.get("seed") or "").strip()
    if seed and not seed.lstrip("-").isdigit():
        raise InputError(f"the seed must be a whole number, not {seed!r}", entry="--seed")
    rng = random.Random(int(seed)) if seed else None
    plan = state.scenario.plan_unbound_activation(state, investigator, rng)
    fig = state.figure(investigator)
    lines = [f"{investigator} stands in {plan.start}; search cards discarded: "
             f"{', '.join(str(c) for c in plan.discarded) or 'none'}"
             + (" (the discards were reshuffled into a new search deck)" if plan.reshuffled else "") + "."]
    ignored = {"slow": "Slow (when moving)", "weakened": "Weakened (when attacking)",
               "paralyzed": "Paralyzed (the whole unbound activation)"}
    held = [ignored[t] for t in ignored if fig.count(t)]
    if any(f.kind == "monster" for f in state.figures_in(fig.space)):
        held.append(f"the trap of the monsters in {fig.space} (when moving)")
    if held:
        lines.append(f"Ignored: {', '.join(held)}; the tokens stay after the unbound activation.")
    geo = Geometry.of(state)
    told: dict[tuple[str, str], tuple[list[str], dict]] = {}  # (from, to) → its lines and data, worked out once
    for seq in plan.sequences:  # the paths and lines of sight behind each action, once each
        for a in seq:
            if a.kind == "move":
                shown = []
                for g in a.goals:
                    if (a.at, g) not in told:
                        told[(a.at, g)] = _move_paths_told(geo, a.at, g, a.distance, paths == "full")
                    shown += told[(a.at, g)][0]
            elif a.kind == "attack" and a.sight:
                target = state.figure(a.target).space
                shown = [f"line of sight {a.at} to {a.target} ({target}): {' → '.join(p)}"
                         for p in geo.sight_paths(a.at, target, limit=3)]
            else:
                shown = []
            lines += [line for line in shown if line not in lines]
    if plan.weapon is None:
        summary = (f"{investigator} finds no weapon in the search deck, so no action can be an attack or a move "
                   f"toward one.")
    else:
        summary = (f"{investigator} attacks with {plan.weapon}; "
                   f"{len(plan.sequences)} sequence(s) of three actions are allowed.")
    if any(data.get("shortened") for _, data in told.values()):
        lines.append(f"A path of more than {PATH_MOVES_SHOWN} moves is shown by its length and its first and last "
                     f"spaces; --paths full shows it whole.")
    choices = tuple(
        Choice(tuple(str(a) for a in seq), "; ".join(a.explain() for a in seq),
               {"weapon": plan.weapon.name if plan.weapon else None,
                "actions": [a.to_data() for a in seq], "end": seq[-1].end,
                "paths": [told[(a.at, g)][1] for a in seq if a.kind == "move" for g in a.goals]})
        for seq in plan.sequences)
    return Answer("unbound-activation", summary, choices, tuple(lines), ACTIVATION_RULES, options)


def _move_paths_told(geo: Geometry, at: str, goal: str, moves: int, full: bool) -> tuple[list[str], dict]:
    """The explanation's lines for the shortest paths of a move from ``at`` toward ``goal`` (``moves`` away), and
    the same as data for the JSON answer: whole paths when short or asked for, else the first path's length and
    ends and whether other shortest paths exist (found in one walk, not by listing the paths)."""
    if full or moves <= PATH_MOVES_SHOWN:
        found = geo.move_paths(at, goal, limit=3)
        return ([f"shortest path {at} to {goal}: {' → '.join(p)}" for p in found],
                {"from": at, "to": goal, "moves": moves, "paths": [list(p) for p in found]})
    path, several = geo.first_move_path(at, goal)
    first, last = path[:PATH_ENDS], path[-PATH_ENDS:]
    line = (f"shortest path {at} to {goal}{' (one of several)' if several else ''}: {moves} moves, "
            f"{' → '.join(first)} → … → {' → '.join(last)}")
    return [line], {"from": at, "to": goal, "moves": moves, "first": list(first), "last": list(last),
                    "several": several, "shortened": True}
