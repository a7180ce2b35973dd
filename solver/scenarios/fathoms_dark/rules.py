"""Fathoms Dark: Unbound infects one investigator a round; infected investigators attack their friends.

What never changes is :class:`FathomsDark` (rooms, decks, devouring track); what changes is
:class:`FathomsDarkState`: who holds which objective marker, the face-down scenario card deck, the unbound markers
on the Unbound card, on the Objective Points and out of the game, the Unbound figure, the search deck. The state is
mutable (``copy()`` for an independent one), like every :class:`~solver.game.GameState`.

A round, through the scenario protocol of :class:`~solver.game.Scenario`::

    scenario.start_round(state, rng, choose)   # fathoms-cards.reveal-at-round-start, .holder-acquires
    ...                                        # devour, spawn, activation phase (general rules)
    scenario.end_of_round(state, rng, choose)  # fathoms-cards.place-at-end-of-activation-phase, then
                                               # fathoms-activation.who/.order: each unbound activation

The unbound activation's every legal course is :meth:`FathomsDark.plan_unbound_activation` (the search in
:mod:`.unbound_activation`). Rules: the ``fathoms-*`` IDs of the catalog; options ``fathoms-dark.*``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import random
from collections.abc import Iterable, Sequence

from ...activation import ActivationContext, ActivationEffect
from ...activation import end as activation_end
from ...board import OBJECTIVE_SYMBOLS
from ...components import component
from ...errors import InputError, RuleViolation
from ...game import (Action, ActivationSlot, Chooser, Decision, Figure, Fired, GameState, Scenario, Target,
                     TrackSpace, players_must_choose)
from ...health import Health
from .unbound_activation import UnboundActivationRules

from typing import ClassVar

#: The six scenario cards, one a symbol; each matches one objective marker and one Objective Point.
SCENARIO_CARDS: tuple[str, ...] = OBJECTIVE_SYMBOLS
MARKER_HEALTH = 4  # fathoms-markers.monster-for-others
UNBOUND = "Unbound"
DEVOURED_EFFECT = "devoured effect marker"
#: Who decides a tie in an unbound activation, in the rulebook's words (fathoms-activation.attacker-breaks-ties).
TIE_CHOOSER = "the attacking investigator"
#: An attack's wounds come from its dice, which the engine does not roll (the weapons' values are not public).
DICE = "the dice"


def unbound_markers_in_box() -> int:
    """The unbound markers in the box: twelve (the one table of component counts; fathoms-setup.twelve-markers)."""
    return component("unbound marker").count


UNBOUND_MARKERS = unbound_markers_in_box()


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
    devoured_effects: dict[str, str] = field(default_factory=dict)  # space → devoured effect marker
    monster_cards: list[str] = field(default_factory=list)  # the chosen monsters, in activation-track order

    # --- look-ups -------------------------------------------------------------------------------------------
    def objective_point_of(self, investigator: str) -> str:
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

    def infected(self) -> list[str]:
        """The infected investigators (Objective Point covered), in activation-track order (fathoms-activation.order)."""
        track = list(self.activation_track) or [f.id for f in self.investigators()]
        return [inv for inv in track if self.is_covered(inv)]

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


class FathomsDark(UnboundActivationRules, Scenario):
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
        self.place_devoured_effects(state, rng=rng)

    def place_devoured_effects(self, state: FathomsDarkState, markers: Sequence[str] | None = None,
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
        state.devoured_effects = dict(zip(spaces, pile))
        return state.devoured_effects

    def new_game(self, investigators: Sequence[str], rng: random.Random | None = None,
                 choose: Chooser = players_must_choose, *, draws=None, deck: Sequence[str] | None = None,
                 health=None, deal: bool = True) -> FathomsDarkState:
        """A game at the end of the special setup: the investigators (in activation-track order) each with their
        scenario card. Chance is explicit: ``rng``, or the ``draws`` (investigator → card) and the ``deck`` order
        given. With ``deal=False`` the investigators are chosen but no card is drawn yet
        (:meth:`deal_scenario_cards`). The rules leave no choice here, so ``choose`` is never asked."""
        from ...investigators import INVESTIGATORS

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
            state.figures[n].space = state.objective_point_of(n)  # fathoms-setup.start-on-objective-point
        state.scenario_deck = list(deck)
        state.acquired, state.to_place, state.unbound_markers = [], [], {}

    def choose_monsters(self, state: FathomsDarkState, cards: Sequence[str] | None,
                        rng: random.Random | None = None, *, epic: Iterable[str] = ()) -> list[Fired]:
        """The monster cards chosen in setup step 3, in activation-track order (``cards``; with none given, one a
        investigator drawn by ``rng`` among the expansion's normal monsters). ``epic`` names those that are epic
        monsters (their names are not public), which can't be chosen (fathoms-setup.no-epic-monsters). The
        Unbound card then goes at the end of the track (fathoms-setup.unbound-card-last)."""
        from ...investigators import NORMAL_MONSTERS

        if cards is None:
            if rng is None:
                raise ValueError("the monster cards are chosen: give them, or an rng to draw them")
            cards = rng.sample(NORMAL_MONSTERS, min(len(state.activation_track), len(NORMAL_MONSTERS)))
        epic = set(epic)
        for m in cards:
            if m in epic:
                raise RuleViolation("fathoms-setup.no-epic-monsters", f"{m} is an epic monster: not in Fathoms Dark")
            if m == UNBOUND:
                raise RuleViolation("fathoms-setup.unbound-card-last",
                                    "the Unbound card is not chosen: it goes at the end of the activation track")
        state.monster_cards = list(cards)
        return [Fired("fathoms-setup.no-epic-monsters", "monster cards chosen", {"monster_cards": list(cards)}),
                Fired("fathoms-setup.unbound-card-last", "the Unbound card at the end of the activation track",
                      {"monster_card": UNBOUND})]

    def activation_order(self, state: FathomsDarkState) -> list[ActivationSlot]:
        """The activation track: each investigator with the monster card linked under him or her."""
        monsters = list(state.monster_cards)
        return [ActivationSlot(inv, monsters[i] if i < len(monsters) else None)
                for i, inv in enumerate(state.activation_track)]

    def activation_phase_order(self, state: FathomsDarkState) -> list[str]:
        """The whole activation phase in order: each investigator, then the monster card under him or her; the
        monster cards left over; Unbound after the last monster (fathoms-unbound.activates-last)."""
        order: list[str] = []
        for slot in self.activation_order(state):
            order += [slot.investigator] + ([slot.monster_card] if slot.monster_card else [])
        order += state.monster_cards[len(state.activation_track):]
        return order + [UNBOUND]

    def spawn_deck(self, state: FathomsDarkState) -> list[str]:
        """The spawn deck from the chosen monsters' spawn cards, each named by its monster, in the order of the
        monster cards (shuffling is the caller's chance): the Unbound card's spawn cards stay out
        (fathoms-setup.no-unbound-spawn-cards)."""
        return [c for c in state.monster_cards if c != UNBOUND]

    # --- the devouring track -------------------------------------------------------------------------------------
    def devour_phase(self, state: FathomsDarkState, rng: random.Random | None = None,
                     choose: Chooser = players_must_choose) -> list[Fired]:
        """The devour marker moves one space on; this track has no hazard icon, so nothing is resolved
        (fathoms-track.no-hazards). Reaching the last space loses the game (outcome.loss-devouring-track)."""
        if state.devour_marker >= len(self.devouring_track) - 1:
            raise RuleViolation("outcome.loss-devouring-track", "the devour marker is already on the last space")
        state.devour_marker += 1
        space = self.devouring_track[state.devour_marker]
        return [Fired("fathoms-track.no-hazards", f"the devour marker moves to space {state.devour_marker + 1}",
                      {"track_space": state.devour_marker + 1, "value": space.value, "hazard": space.hazard})]

    # --- the round -----------------------------------------------------------------------------------------------
    def start_round(self, state: FathomsDarkState, rng: random.Random | None = None,
                    choose: Chooser = players_must_choose) -> list[Fired]:
        """Reveal the top scenario card; its marker's holder acquires it and owes an unbound marker at the end of
        this round's activation phase. Nothing is revealed when the deck is empty."""
        if not state.scenario_deck:
            return []  # fathoms-cards.reveal-at-round-start: nothing to reveal
        card = state.scenario_deck[0]  # fathoms-cards.reveal-at-round-start
        holder = state.holder_of(card)
        if holder is None:  # a state file can't hold such a deck; guard against hand-built states
            raise RuleViolation("fathoms-setup.unused-cards-out", f"nobody holds the {card} objective marker")
        if state.is_covered(holder) or holder in state.acquired:
            raise RuleViolation("fathoms-markers.one-per-objective-point",
                                f"{holder} holds the {card} card already, so it can't be in the deck")
        state.scenario_deck.pop(0)
        state.acquired.append(holder)  # fathoms-cards.holder-acquires
        state.to_place.append(holder)  # fathoms-cards.place-at-end-of-activation-phase: not now
        return [Fired("fathoms-cards.reveal-at-round-start", f"the {card} card is revealed", {"card": card}),
                Fired("fathoms-cards.holder-acquires", f"{holder} acquires the {card} card",
                      {"card": card, "investigator": holder})]

    def end_of_activation_phase(self, state: FathomsDarkState, rng: random.Random | None = None,
                                choose: Chooser = players_must_choose, *, position: int | None = None
                                ) -> list[Fired]:
        """Every investigator who acquired a card this round places an unbound marker, taken from the Unbound
        card, on his or her Objective Point.

        With the card empty, ``fathoms-cards.empty-unbound-card`` decides; ``shuffle-back`` shuffles the card
        into the deck (``rng``, or the ``position`` it ends at, as in :meth:`shuffle_card_back`)."""
        short = len(state.to_place) - state.unbound_card
        if short > 0 and self.options["fathoms-cards.empty-unbound-card"] == "shuffle-back":
            _check_chance(state, rng, position)
        fired = []
        for inv in list(state.to_place):
            state.to_place.remove(inv)
            if state.unbound_card > 0:  # fathoms-cards.marker-from-unbound-card
                state.unbound_card -= 1
                state.unbound_markers[inv] = Health(MARKER_HEALTH)  # fathoms-markers.monster-for-others
                fired.append(Fired("fathoms-cards.place-at-end-of-activation-phase",
                                   f"{inv} places an unbound marker on his or her Objective Point",
                                   {"investigator": inv, "space": state.objective_point_of(inv)}))
            elif self.options["fathoms-cards.empty-unbound-card"] == "shuffle-back":
                self.shuffle_card_back(state, inv, rng=rng, position=position)
                fired.append(Fired("fathoms-cards.marker-from-unbound-card", f"{inv} shuffles the card back "
                                   "(the Unbound card is empty)", {"investigator": inv}))
            else:  # keep-card: he keeps the card; nothing is placed
                fired.append(Fired("fathoms-cards.marker-from-unbound-card", f"{inv} keeps the card and places "
                                   "nothing (the Unbound card is empty)", {"investigator": inv}))
        return fired

    def unbound_activation_order(self, state: FathomsDarkState) -> list[str]:
        """Who takes an unbound activation at the end of the round, in activation-track order
        (fathoms-activation.who, .order)."""
        return state.infected()

    def end_of_round(self, state: FathomsDarkState, rng: random.Random | None = None,
                     choose: Chooser = players_must_choose) -> list[Fired]:
        """The end of the round: the markers due at the end of the activation phase are placed (if not already),
        then every infected investigator, in activation-track order, takes an unbound activation — the course
        asked of ``choose`` when the rules allow several (the attacking investigator decides), each attack's wounds
        asked too (they are its dice's). Then the next round."""
        fired = self.end_of_activation_phase(state, rng, choose) if state.to_place else []
        order = self.unbound_activation_order(state)
        fired.append(Fired("fathoms-activation.order", "unbound activations in activation-track order",
                           {"order": order}))
        for name in order:
            if state.is_over():
                return fired
            if state.is_covered(name):  # an earlier activation may have changed nothing here, but check
                fired += self.resolve_unbound_activation(state, name, rng, choose)
        state.round += 1
        return fired

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

    # --- activations ---------------------------------------------------------------------------------------------
    def end_activation(self, state: FathomsDarkState, context: ActivationContext, rng: random.Random | None = None,
                       choose: Chooser = players_must_choose) -> list[Fired]:
        """What the end of an investigator's turn triggers in his or her space: the devoured effect marker there
        (what it does is not public: it is reported, not resolved) — nothing at the end of an unbound activation
        or outside an activation (fathoms-activation.no-start-end-effects, outside-activation.no-start-end-effects)."""
        space = state.figure(context.investigator).space
        marker = state.devoured_effects.get(space)
        due = [ActivationEffect(f"{marker} in {space}", "end", "outside-activation.no-start-end-effects")] \
            if marker else []
        return [Fired("fathoms-board.devoured-effects", e.name, {"space": space, "marker": marker})
                for e in activation_end(context, due)]

    def legal_actions(self, state: FathomsDarkState, investigator: str) -> list[Action]:
        """The scenario's own actions the engine models: attacking a target of this scenario standing in the
        investigator's own space (every weapon reaches it; longer ranges are the weapon's, not modelled here) —
        an unbound marker on another investigator's Objective Point, or Unbound when the attacker is not
        infected."""
        actions = super().legal_actions(state, investigator)
        here = state.figure(investigator).space
        lives_unknown = (self.options["fathoms-unbound.unbound-lives"] != "marker-per-wound"
                         and state.unbound_health is None)  # the engine can't resolve a wound to Unbound then
        for target in self.attack_targets(state, investigator):
            if target.kind != "monster" or (target.id == UNBOUND and not lives_unknown):
                if target.space == here:
                    actions.append(Action("attack", {"target": target.id}, target.rule_id))
        return actions

    def take_action(self, state: FathomsDarkState, investigator: str, action: Action,
                    rng: random.Random | None = None, choose: Chooser = players_must_choose) -> list[Fired]:
        """An attack of :meth:`legal_actions`; its wounds are its dice's, asked of ``choose``."""
        if action.name != "attack" or action not in self.legal_actions(state, investigator):
            return super().take_action(state, investigator, action, rng, choose)
        target = action.args["target"]
        wounds = choose(Decision("fathoms-markers.monster-for-others",
                                 f"How many wounds does {investigator}'s attack on {target} deal?",
                                 tuple(range(MARKER_HEALTH + 1)), DICE))
        if target == UNBOUND:
            lost = self.damage_unbound(state, investigator, wounds)
            return [Fired("fathoms-unbound.lives", f"{investigator} deals {wounds} wounds to Unbound",
                          {"wounds": wounds, "markers_removed": lost})]
        owner = next(o for o in state.unbound_markers if marker_id(o) == target)
        position = None
        if rng is None and wounds >= state.unbound_markers[owner].current:  # the card shuffled back: chance
            position = choose(Decision("fathoms-markers.card-shuffled-back",
                                       f"Where does {owner}'s scenario card end up in the shuffled face-down deck "
                                       f"(0 = on top)?", tuple(range(len(state.scenario_deck) + 1)),
                                       "the shuffle"))
        killed = self.damage_unbound_marker(state, investigator, owner, wounds, rng=rng, position=position)
        fired = [Fired("fathoms-markers.killed-removed" if killed else "fathoms-markers.monster-for-others",
                       f"{investigator} deals {wounds} wounds to {target}", {"wounds": wounds, "killed": killed})]
        if killed:
            fired.append(Fired("fathoms-markers.card-shuffled-back",
                               f"{owner} shuffles his or her scenario card back into the face-down deck",
                               {"investigator": owner}))
        return fired

    # --- attacks -------------------------------------------------------------------------------------------------
    def attack_targets(self, state: FathomsDarkState, attacker_id: str) -> list[Target]:
        """What ``attacker_id`` may attack: the monsters; Unbound unless his or her Objective Point is covered;
        the unbound markers on the other investigators' Objective Points, each with its health
        (fathoms-markers.*)."""
        targets = super().attack_targets(state, attacker_id)
        if state.unbound_space is not None and not state.is_covered(attacker_id):
            health = state.unbound_health
            targets.append(Target(UNBOUND, state.unbound_space, "monster",
                                  health=(health.current, health.maximum) if health else None))
        for owner, marker in state.unbound_markers.items():
            if owner != attacker_id:  # fathoms-markers.owner-cannot-attack
                targets.append(Target(marker_id(owner), state.objective_point_of(owner), "unbound_marker",
                                      "fathoms-markers.monster-for-others", (marker.current, marker.maximum)))
        return targets

    def attack_exclusions(self, state: FathomsDarkState, attacker_id: str) -> list[Target]:
        """What ``attacker_id`` may not attack, with the rule: Unbound when his or her own Objective Point is
        covered (fathoms-markers.covered-cannot-attack-unbound), the unbound marker on it
        (fathoms-markers.owner-cannot-attack)."""
        excluded = []
        if state.unbound_space is not None and state.is_covered(attacker_id):
            excluded.append(Target(UNBOUND, state.unbound_space, "monster",
                                   "fathoms-markers.covered-cannot-attack-unbound", excluded=True))
        if state.is_covered(attacker_id):
            marker = state.unbound_markers[attacker_id]
            excluded.append(Target(marker_id(attacker_id), state.objective_point_of(attacker_id), "unbound_marker",
                                   "fathoms-markers.owner-cannot-attack", (marker.current, marker.maximum), True))
        return excluded

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
        the assumption ``fathoms-unbound.unbound-lives`` says (fathoms-unbound.lives)."""
        state.figure(attacker)
        if state.is_covered(attacker):
            raise RuleViolation("fathoms-markers.covered-cannot-attack-unbound",
                                f"{attacker}'s Objective Point is covered by an unbound marker: "
                                f"{attacker} can't attack Unbound")
        if wounds < 0:
            raise ValueError("wounds can't be negative")
        lost = 0
        if self.options["fathoms-unbound.unbound-lives"] == "marker-per-wound":
            lost = min(wounds, state.unbound_card)
        else:
            if state.unbound_health is None:
                raise RuleViolation("fathoms-unbound.lives", "the Unbound card's health is not public: give "
                                    "Unbound's health with the position before it takes wounds")
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


    # --- invariants ----------------------------------------------------------------------------------------------
    def invariants(self, state: FathomsDarkState) -> list[str]:
        """What is wrong with ``state``: the twelve unbound markers accounted for, one scenario card each (in the
        deck or acquired), a covered Objective Point only for a holder with nothing left to place, live markers,
        figures on real spaces, the Unbound figure on the board."""
        wrong = super().invariants(state)
        if state.markers_accounted() != UNBOUND_MARKERS:
            wrong.append(f"{state.markers_accounted()} unbound markers accounted for, not {UNBOUND_MARKERS} "
                         f"(fathoms-outcome.twelve-markers)")
        if min(state.unbound_card, state.removed_markers) < 0:
            wrong.append("a negative count of unbound markers")
        deck = state.scenario_deck
        if len(deck) != len(set(deck)) or not set(deck) <= set(SCENARIO_CARDS):
            wrong.append(f"the scenario card deck {deck} holds a card twice or an unknown card")
        for inv, card in state.objective_markers.items():
            if (card in deck) == (inv in state.acquired):
                wrong.append(f"{inv}'s {card} card is {'both' if card in deck else 'neither'} in the deck and "
                             f"acquired (fathoms-cards.holder-acquires)")
            if state.is_covered(inv) and (inv not in state.acquired or inv in state.to_place):
                wrong.append(f"{inv}'s Objective Point is covered before the marker was due "
                             f"(fathoms-markers.one-per-objective-point)")
        for inv, marker in state.unbound_markers.items():
            if marker.is_killed or marker.maximum != MARKER_HEALTH:
                wrong.append(f"the unbound marker on {inv}'s Objective Point: {marker} (fathoms-markers.killed-removed)")
        for f in state.figures.values():
            if f.space is not None and f.space not in state.board.spaces:
                wrong.append(f"{f.id} stands on {f.space!r}, no space of the board")
        if state.unbound_space not in state.board.spaces:
            wrong.append(f"the Unbound figure is not on the board ({state.unbound_space!r}; "
                         f"{component('Unbound figure').count} in the box)")
        return wrong


def _check_chance(state: FathomsDarkState, rng: random.Random | None, position: int | None) -> None:
    """A card shuffled into the scenario card deck: chance is explicit, a ``position`` (0 = top) or an ``rng``."""
    if position is None and rng is None:
        raise ValueError("shuffling a card into the deck is chance: give the position it ends at or an rng")
    if position is not None and not 0 <= position <= len(state.scenario_deck):
        raise ValueError(f"a deck of {len(state.scenario_deck)} cards has no position {position}")
