"""Fevered Dreams: Obscure lurks behind six Dimensional Portals, and its mist eats the investigators' existence.

The scenario (what never changes): the ten rooms, all of them devoured (no room deck), the devouring track with its
hazard icons, the board with its six Dimensional Portals. The state (:class:`FeveredDreamsState` in :mod:`.state`,
what changes): the flooded markers (they stack; a space with one is a *mist space*), the obscure markers on the
board and on the Obscure monster card, which portal Obscure stands on, the face-down objective markers, the removed
portals, every investigator's existence dial, the devoured effect markers and the chosen monster cards.

The round, through the scenario protocol (:class:`solver.game.Scenario`):

* :meth:`FeveredDreams.devour_phase` — the devour marker advances and the new space's hazard icon is resolved; a
  purple icon floods, for each portal, the nearest space without a flooded marker (:mod:`.purple_hazard`);
* :meth:`FeveredDreams.spawn_phase` — three obscure markers, before any spawn card (:func:`obscure_spawn_plan`);
* :meth:`FeveredDreams.end_activation` — an investigator in a mist space loses existence;
* :meth:`FeveredDreams.end_of_round` — every obscure marker on the board becomes a flooded marker;
* :meth:`FeveredDreams.take_action` — the investigators' means: Investigate, attacking an obscure marker, moving.

Rules: the catalog area ``fevered_dreams``. Options read here: ``fevered-setup.start-space``,
``fevered-existence.dial-start-level``,
``fevered-obscure-marker.supply``, ``fevered-obscure.kill-when-card-full``, ``fevered-mist.same-space-sight``, ``fevered-track.purple-order``,
``fevered-track.purple-nearest-flooded``, ``fevered-track.purple-portal-space``, ``fevered-obscure-marker.spawn-repeated-room``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...activation import ActivationContext
from ...board import PORTAL_COLOURS, Board, space_sort_key
from ...errors import InputError, RuleViolation
from ...game import (Action, ActivationSlot, Chooser, Decision, Figure, Fired, GameState, Scenario, Target,
                     players_must_choose)
from ...health import Health
from ...investigators import INVESTIGATORS
from .purple_hazard import purple_hazard_plan, sorted_spaces
from .state import (BLUE, CARD_LIMIT, DECISION_LIMIT, DICE, INVESTIGATE_COST, MARKERS_EACH_SPAWN_PHASE, OBSCURE,
                    OBSCURE_MARKER_HEALTH, PURPLE, ROOMS, START_ROOM, TRACK, ExistenceLoss, FeveredDreamsState,
                    InvestigateResult, MonsterCard, obscure_markers_in_box)


@dataclass(frozen=True, slots=True)
class SpawnStep:
    """One card of the devoured deck in a spawn phase: where its obscure marker went (or that it was passed over:
    its room already has one this phase), and whether its room came up again (``repeated``)."""

    card: int
    space: str | None
    repeated: bool = False


@dataclass(frozen=True, slots=True)
class ObscureSpawnPlan:
    """Where the three obscure markers of a spawn phase go (fevered-obscure-marker.spawn-three): the spaces, the
    cards walked through, the devoured deck afterwards, the markers the supply held and how many could not
    spawn for want of another room (fevered-obscure-marker.spawn-repeated-room = skip)."""

    spaces: tuple[str, ...]
    steps: tuple[SpawnStep, ...]
    deck_after: tuple[int, ...]
    available: int
    not_spawned_no_room: int = 0


# --- obscure markers: the spawn phase --------------------------------------------------------------------------------
def obscure_spawn_plan(state: FeveredDreamsState) -> ObscureSpawnPlan:
    """Where this spawn phase's obscure markers go, without changing the state: the spawn space of the room of
    each top card of the devoured deck, each card then to the bottom (spawn.no-location, spawn.card-to-bottom), in
    three different rooms (fevered-obscure-marker.different-rooms, option ``fevered-obscure-marker.spawn-repeated-room``)."""
    deck = list(state.devoured_deck)
    available = state.obscure_markers_in_supply()
    wanted = min(MARKERS_EACH_SPAWN_PHASE, max(available, 0))
    skip = state.options["fevered-obscure-marker.spawn-repeated-room"] == "skip"
    spaces: list[str] = []
    steps: list[SpawnStep] = []
    rooms_used: list[int] = []
    while len(spaces) < wanted:
        if not deck:
            raise RuleViolation("spawn.no-location", "the devoured deck is empty: there is no room to spawn in")
        if skip:
            passed = 0
            while deck[0] in rooms_used and passed < len(deck):
                card = deck.pop(0)
                deck.append(card)
                steps.append(SpawnStep(card, None))
                passed += 1
            if deck[0] in rooms_used:
                return ObscureSpawnPlan(tuple(spaces), tuple(steps), tuple(deck), available, wanted - len(spaces))
        card = deck.pop(0)
        deck.append(card)
        space = state.board.rooms[card].spawn_space
        steps.append(SpawnStep(card, space, card in rooms_used))
        spaces.append(space)
        rooms_used.append(card)
    return ObscureSpawnPlan(tuple(spaces), tuple(steps), tuple(deck), available)


# --- the scenario -----------------------------------------------------------------------------------------------------
class FeveredDreams(Scenario):
    """Storybook: Fevered Dreams."""

    name = "fevered-dreams"
    title = "Fevered Dreams"
    rooms = ROOMS
    room_deck = ()  # fevered-board.devoured-deck: every room starts devoured
    devoured_deck = ROOMS
    devouring_track = TRACK
    #: The hazard icons and the rules that give their effects (the catalog words them; the site links them).
    hazard_effects = {
        BLUE: "fevered-track.blue-no-effect",
        PURPLE: "fevered-track.purple-each-portal, fevered-track.purple-nearest-free-space, "
                "fevered-track.purple-one-portal-at-a-time",
    }
    state_class = FeveredDreamsState

    def __init__(self, board: Board, options=None) -> None:
        super().__init__(board, options)
        check_board(board)

    # --- set-up -------------------------------------------------------------------------------------------------
    def setup(self, state: FeveredDreamsState, rng: random.Random | None) -> None:
        """The special set-up. With ``rng`` the objective markers are shuffled and one is revealed: Obscure stands
        on its portal. Without one nothing is revealed yet: every objective marker lies face down and Obscure is
        not on the board until :meth:`FeveredDreamsState.reveal` (the engine never picks the colour)."""
        state.room_deck = []
        state.devoured_rooms = set(ROOMS)
        # fevered-board.devoured-effects: every space of a devoured room but its spawn space (the markers' faces
        # are not public: they are recorded unnamed)
        state.devoured_effects = {s: None for room in ROOMS for s in self.board.rooms[room].spaces
                                  if not self.board.space(s).is_spawn_space}
        markers = [c for c in PORTAL_COLOURS if c in self.board.portals]  # fevered-setup.objective-markers
        state.face_down = list(markers)
        if rng is not None:
            state.reveal(markers[rng.randrange(len(markers))])  # fevered-setup.obscure-on-portal

    def new_game(self, investigators: Sequence[str], rng: random.Random | None = None,
                 choose: Chooser = players_must_choose) -> FeveredDreamsState:
        """A new game: the set-up, then each investigator in the Start room with a full existence dial (where
        the players place them, ``choose`` is asked where each starts). Without ``rng`` the revealed objective
        marker is asked of ``choose`` (a random draw at the table). The monster cards are the players' choice
        (:meth:`choose_monsters`)."""
        state = self.new_state(rng)
        if state.obscure_portal is None:
            colour = choose(Decision("fevered-setup.obscure-on-portal", "Which objective marker is revealed?",
                                     tuple(state.face_down), "a random draw"))
            state.reveal(colour)
        for name in investigators:
            health = INVESTIGATORS[name].health
            if health is None:
                raise ValueError(f"{name}'s health is not public: add the investigator with add_investigator and "
                                 f"give it")
            self.add_investigator(state, name, health, choose=choose)
        return state

    def start_spaces(self) -> list[str]:
        """Where an investigator may start (fevered-board.start-room, assumption ``fevered-setup.start-space``):
        the space of room 2 marked "start" (the players choose if a board marks several), or any space of room 2
        when the players place the investigators."""
        spaces = self.board.rooms[START_ROOM].spaces
        if self.options["fevered-setup.start-space"] == "start-space":
            return [s for s in spaces if "start" in self.board.space(s).features]
        return list(spaces)

    def existence_start_level(self) -> int:
        return int(self.options["fevered-existence.dial-start-level"])

    def add_investigator(self, state: FeveredDreamsState, investigator: str, health: int, space: str | None = None,
                         choose: Chooser = players_must_choose) -> None:
        """Put an investigator into a game being set up: in the Start room, with a full existence dial
        (fevered-board.start-room, fevered-existence.dial). ``space`` says where; without it the one start space
        allowed is used, or ``choose`` is asked when the players place the investigators
        (``fevered-setup.start-space``)."""
        if investigator in state.figures:
            raise RuleViolation("fevered-board.start-room", f"{investigator} is already in the game")
        allowed = self.start_spaces()
        if space is None:
            space = allowed[0] if len(allowed) == 1 else choose(
                Decision("fevered-board.start-room", f"Where does {investigator} start?", tuple(allowed)))
        if space not in allowed:
            raise RuleViolation("fevered-board.start-room",
                                f"{investigator} can't start on {space}: under fevered-setup.start-space = "
                                f"{self.options['fevered-setup.start-space']} the start is {', '.join(allowed)}")
        state.figures[investigator] = Figure(investigator, "investigator", space, Health(health))
        state.activation_track.append(investigator)
        state.existence[investigator] = self.existence_start_level()

    def choose_monsters(self, state: FeveredDreamsState, cards: Iterable[MonsterCard | str],
                        rng: random.Random | None = None) -> None:
        """Set-up step 3: the monster cards the players chose, in track order (``rng`` is not used: the choice is
        theirs). No epic monster (fevered-setup.no-epic-monsters); the Obscure card is not chosen, it ends the
        track (fevered-setup.obscure-card-last)."""
        chosen = [c if isinstance(c, MonsterCard) else MonsterCard(str(c)) for c in cards]
        for c in chosen:
            if c.epic:
                raise RuleViolation("fevered-setup.no-epic-monsters",
                                    f"{c.name} is an epic monster: epic monsters can't be chosen in Fevered Dreams")
            if c.name == OBSCURE:
                raise RuleViolation("fevered-setup.obscure-card-last",
                                    "the Obscure card is not chosen with the monsters: it is placed at the end of "
                                    "the activation track after them")
        state.monster_cards = chosen

    def activation_track_cards(self, state: FeveredDreamsState) -> list[str]:
        """The monster cards of the activation track, first to last: the chosen ones, then Obscure's."""
        return [c.name for c in state.monster_cards] + [OBSCURE]

    def spawn_deck(self, state: FeveredDreamsState) -> tuple[str, ...]:
        """Whose spawn cards are shuffled into the spawn deck: the chosen monsters', never Obscure's
        (fevered-setup.no-obscure-spawn-cards)."""
        return tuple(c.name for c in state.monster_cards if c.name != OBSCURE)

    def activation_order(self, state: FeveredDreamsState) -> list[ActivationSlot]:
        """The activation track: each investigator with the monster card under it (the base game's alternation).
        Further monster cards and Obscure, after the last monster (fevered-obscure.activates-last), are in
        :meth:`activation_sequence`."""
        monsters = [c.name for c in state.monster_cards]
        return [ActivationSlot(inv, monsters[i] if i < len(monsters) else None)
                for i, inv in enumerate(state.activation_track)]

    def activation_sequence(self, state: FeveredDreamsState) -> list[str]:
        """Who activates in a round, investigators and monster cards in turn, then any further monster cards, and
        Obscure after the last monster (fevered-obscure.activates-last)."""
        order: list[str] = []
        for slot in self.activation_order(state):
            order += [slot.investigator] + ([slot.monster_card] if slot.monster_card else [])
        order += [c.name for c in state.monster_cards][len(state.activation_track):]
        return order + [OBSCURE]

    # --- the devour phase: the track's hazard icons -----------------------------------------------------------
    def devour_phase(self, state: FeveredDreamsState, rng: random.Random | None = None,
                     choose: Chooser = players_must_choose) -> list[Fired]:
        """Advance the devour marker one space and resolve the hazard icon under the new space: blue has no
        effect (fevered-track.blue-no-effect); purple floods near every portal, the players choosing where the
        rules leave a choice (asked of ``choose``; a refused or unmade choice leaves the state as it was)."""
        if state.devour_marker >= len(TRACK) - 1:
            raise RuleViolation("outcome.loss-devouring-track", "the devour marker already stands on the last "
                                                                "space of the devouring track")
        hazard = TRACK[state.devour_marker + 1].hazard
        placed: list[str] = []
        if hazard == PURPLE:
            placed = self._choose_purple_placement(state, choose)
            for s in placed:
                state.add_flooded(s)
        state.devour_marker += 1
        fired = [Fired("fevered-track.values",
                       f"the devour marker moves onto space {state.devour_marker + 1}",
                       {"track_space": state.devour_marker + 1, "hazard": hazard})]
        if hazard == PURPLE:
            fired.append(Fired("fevered-track.purple-each-portal", "flooded markers placed",
                               {"spaces": sorted_spaces(placed)}))
        else:
            fired.append(Fired("fevered-track.blue-no-effect", "no effect", {}))
        return fired

    def _choose_purple_placement(self, state: FeveredDreamsState, choose: Chooser) -> list[str]:
        plan = purple_hazard_plan(state)
        rule = "fevered-track.purple-nearest-free-space"
        if plan.count <= DECISION_LIMIT:
            outcomes = plan.all_outcomes()
            if len(outcomes) == 1:
                return list(outcomes[0].placements)
            options = tuple(list(o.placements) for o in outcomes)
            picked = choose(Decision(rule, "Where do the purple hazard's flooded markers go?", options))
            return list(plan.find(list(picked)).placements)
        placed: list[str] = []
        for g in plan.groups:  # independent groups: one decision each, never their product
            options = tuple(list(o.placements) for o in g.outcomes)
            question = (f"Where does the flooded marker of the {g.portals[0]} portal go?" if len(g.portals) == 1
                        else f"Where do the flooded markers of the {', '.join(g.portals[:-1])} and {g.portals[-1]} "
                             f"portals go?")
            picked = options[0] if len(options) == 1 else choose(Decision(rule, question, options))
            if sorted_spaces(picked) not in [sorted_spaces(o) for o in options]:
                raise RuleViolation(rule, f"{list(picked)} is not an outcome of the portals "
                                          f"{', '.join(g.portals)}: {list(options)}")
            placed += list(picked)
        return placed

    def resolve_purple_hazard(self, state: FeveredDreamsState, placement: Sequence[str]) -> tuple[str, ...]:
        """Place a purple hazard's flooded markers where the players chose (``placement``: the spaces, in any
        order); one no resolution gives is refused (fevered-track.purple-nearest-free-space)."""
        chosen = purple_hazard_plan(state).find(list(placement))
        for s in chosen.placements:
            state.add_flooded(s)
        return chosen.placements

    # --- the spawn phase: obscure markers ------------------------------------------------------------------------
    def spawn_phase(self, state: FeveredDreamsState, rng: random.Random | None = None,
                    choose: Chooser = players_must_choose) -> list[Fired]:
        """The beginning of the spawn phase: three obscure markers, before any spawn card is resolved
        (fevered-obscure-marker.spawn-three). The spawn cards that follow are the players' (their faces are not
        public)."""
        plan = obscure_spawn_plan(state)
        fired = []
        for space in plan.spaces:
            m = state.put_obscure_marker(space)
            fired.append(Fired("fevered-obscure-marker.spawn-three", f"{m.id} spawns in {space}",
                               {"marker": m.id, "space": space}))
        state.devoured_deck = list(plan.deck_after)
        return fired

    # --- activations ---------------------------------------------------------------------------------------------
    def oxygen_cost(self, state: FeveredDreamsState, investigator: str) -> int:
        """Oxygen an action costs: none, wherever the investigator stands (fevered-mist.no-flooded-rules)."""
        self._investigator(state, investigator)
        return 0

    def is_flooded_space(self, state: FeveredDreamsState, space: str) -> bool:
        """Whether the base game's flooded-space rules apply to ``space``: never in this scenario; flooded
        markers make mist spaces (fevered-mist.no-flooded-rules)."""
        state.board.space(space)
        return False

    def existence_loss(self, state: FeveredDreamsState, investigator: str) -> ExistenceLoss:
        """What ending an activation where ``investigator`` stands costs, without changing the state: in a mist
        space the dial turns down by the flooded markers there (fevered-existence.mist-at-end-of-activation); at 0
        the investigator is devoured (fevered-existence.devoured-at-zero)."""
        f = self._investigator(state, investigator)
        before = state.existence_of(investigator)
        x = state.flooded_in(f.space)
        after = max(0, before - x)
        return ExistenceLoss(investigator, f.space, x, before, after, x > 0 and after == 0)

    def end_activation(self, state: FeveredDreamsState, context: ActivationContext,
                       rng: random.Random | None = None, choose: Chooser = players_must_choose) -> list[Fired]:
        """The end of an investigator's activation (:meth:`existence_loss` applied). Nothing at the end of
        actions taken outside an activation (outside-activation.no-start-end-effects)."""
        if not context.is_normal:
            return []
        loss = self.existence_loss(state, context.investigator)
        state.existence[loss.investigator] = loss.after
        if loss.devoured:
            state.figures[loss.investigator].killed = True
        if not loss.flooded_markers:
            return []
        fired = [Fired("fevered-existence.mist-at-end-of-activation",
                       f"{loss.investigator}'s existence {loss.before} → {loss.after}",
                       {"investigator": loss.investigator, "space": loss.space, "before": loss.before,
                        "after": loss.after})]
        if loss.devoured:
            fired.append(Fired("fevered-existence.devoured-at-zero", f"{loss.investigator} is devoured by the mist",
                               {"investigator": loss.investigator}))
        return fired

    def recover_existence(self, state: FeveredDreamsState, investigator: str, amount: int = 1) -> None:
        """Existence is never recovered (fevered-existence.no-recovery)."""
        self._investigator(state, investigator)
        raise RuleViolation("fevered-existence.no-recovery",
                            f"{investigator}'s existence level can't be recovered, for any reason")

    def end_of_round(self, state: FeveredDreamsState, rng: random.Random | None = None,
                     choose: Chooser = players_must_choose) -> list[Fired]:
        """Every obscure marker on the board is replaced by a flooded marker in its space
        (fevered-obscure-marker.end-of-round-flooded); the markers return to the supply (fevered-obscure-marker.supply).
        The round counter advances."""
        fired = []
        for m in sorted(state.obscure_markers.values(), key=lambda m: (space_sort_key(m.space), m.id)):
            state.add_flooded(m.space)
            fired.append(Fired("fevered-obscure-marker.end-of-round-flooded", f"{m.id} becomes a flooded marker",
                               {"space": m.space}))
        state.obscure_markers.clear()
        state.round += 1
        return fired

    # --- the investigators' actions ---------------------------------------------------------------------------------
    def legal_actions(self, state: FeveredDreamsState, investigator: str) -> list[Action]:
        """The base game's actions the engine models, and the scenario's own: Investigate when allowed, and an
        attack on an obscure marker, or on Obscure, in the investigator's own space (longer ranges are the
        weapon's, not modelled here)."""
        actions = super().legal_actions(state, investigator)
        if not actions:  # killed, or off the board
            return actions
        here = state.figures[investigator].space
        if self.investigate_refusal(state, investigator) is None:
            actions.append(Action("Investigate", {}, "fevered-investigate.same-space"))
        actions += [Action("attack", {"target": t.id}, t.rule_id) for t in self.attack_targets(state, investigator)
                    if t.space == here and t.kind != "monster"]
        return actions

    def take_action(self, state: FeveredDreamsState, investigator: str, action: Action,
                    rng: random.Random | None = None, choose: Chooser = players_must_choose) -> list[Fired]:
        """One of :meth:`legal_actions`. An attack's wounds are its dice's, asked of ``choose``; the objective
        marker revealed by Investigate is drawn with ``rng`` or asked of ``choose``."""
        if action.name not in ("Investigate", "attack") or action not in self.legal_actions(state, investigator):
            return super().take_action(state, investigator, action, rng, choose)
        if action.name == "Investigate":
            revealed = None
            if rng is None and state.face_down:
                revealed = choose(Decision("fevered-investigate.reveal-next-portal",
                                           "Which objective marker is revealed?", tuple(state.face_down),
                                           "a random draw"))
            done = self.investigate(state, investigator, revealed, rng)
            fired = [Fired("fevered-investigate.same-space", f"{investigator} Investigates in Obscure's space"),
                     Fired("fevered-investigate.three-markers", "the three obscure markers on the Obscure card are "
                                                                "discarded"),
                     Fired("fevered-investigate.remove-portal", f"the {done.removed_portal} portal is removed",
                           {"removed": done.removed_portal, "revealed": done.revealed})]
            if done.revealed:
                fired.append(Fired("fevered-investigate.reveal-next-portal",
                                   f"the {done.revealed} objective marker is revealed: Obscure moves to the "
                                   f"{done.revealed} portal", {"revealed": done.revealed}))
            return fired
        target = action.args["target"]
        wounds = choose(Decision("fevered-obscure-marker.treated-as-monster",
                                 f"How many wounds does {investigator}'s attack on {target} deal?",
                                 tuple(range(OBSCURE_MARKER_HEALTH + 1)), DICE))
        if target == OBSCURE:
            return [Fired("fevered-obscure.no-wounds", f"Obscure takes none of the {wounds} wounds",
                          {"target": target, "wounds": wounds})]
        result = self.wound_obscure_marker(state, target, wounds)
        return [Fired("fevered-obscure-marker.killed-to-card" if result != "wounded"
                      else "fevered-obscure-marker.treated-as-monster", f"{target}: {result}",
                      {"target": target, "wounds": wounds, "result": result})]

    def investigate_refusal(self, state: FeveredDreamsState, investigator: str) -> RuleViolation | None:
        """Why ``investigator`` may not take the Investigate action now (``None``: he or she may)."""
        f = self._investigator(state, investigator)
        if state.obscure_space is None:
            return RuleViolation("fevered-investigate.same-space",
                                 "Obscure stands on no portal: every portal is removed")
        if f.space != state.obscure_space:
            return RuleViolation("fevered-investigate.same-space",
                                 f"{investigator} is in {f.space}, not in Obscure's space {state.obscure_space}")
        if state.obscure_card < INVESTIGATE_COST:
            return RuleViolation("fevered-investigate.three-markers",
                                 f"the Obscure card holds {state.obscure_card} obscure marker(s); investigating "
                                 f"discards three")
        return None

    def investigate(self, state: FeveredDreamsState, investigator: str, revealed: str | None = None,
                    rng: random.Random | None = None) -> InvestigateResult:
        """The Investigate action: discard three obscure markers from the Obscure card, remove the portal in the
        investigator's space from the game, reveal a face-down objective marker at random — ``revealed`` names
        the colour turned up, or ``rng`` draws it — and move Obscure onto that portal."""
        refusal = self.investigate_refusal(state, investigator)
        if refusal is not None:
            raise refusal
        if state.face_down:
            if revealed is None:
                if rng is None:
                    raise ValueError("the next objective marker is revealed at random: give the colour revealed "
                                     "or a random.Random")
                revealed = state.face_down[rng.randrange(len(state.face_down))]
            elif revealed not in state.face_down:
                raise RuleViolation("fevered-investigate.reveal-next-portal",
                                    f"{revealed!r} is not among the face-down objective markers "
                                    f"{state.face_down}")
        elif revealed is not None:
            raise RuleViolation("fevered-investigate.reveal-next-portal",
                                "no face-down objective marker is left to reveal")
        removed = state.obscure_portal
        state.obscure_card -= INVESTIGATE_COST  # fevered-investigate.three-markers: back to the supply
        state.removed_portals.append(removed)  # fevered-investigate.remove-portal
        if revealed is not None:
            state.face_down.remove(revealed)  # fevered-investigate.reveal-next-portal
        state.obscure_portal = revealed
        return InvestigateResult(investigator, removed, revealed, state.obscure_space)

    def can_attack_obscure_markers(self, state: FeveredDreamsState) -> bool:
        """Whether obscure markers may be attacked now: always, but while the card holds three under
        ``fevered-obscure.kill-when-card-full = no-attack``."""
        return not (state.obscure_card >= CARD_LIMIT
                    and state.options["fevered-obscure.kill-when-card-full"] == "no-attack")

    def wound_obscure_marker(self, state: FeveredDreamsState, marker_id: str, wounds: int) -> str:
        """Wounds dealt to an obscure marker, a monster of health 4 for the investigators
        (fevered-obscure-marker.treated-as-monster). A killed marker leaves the board for the Obscure card
        (fevered-obscure-marker.killed-to-card), which holds three at most (fevered-obscure-marker.card-limit;
        option ``fevered-obscure.kill-when-card-full``). Returns ``"wounded"``, ``"to-card"``, ``"to-supply"`` or
        ``"left-game"``."""
        m = state.obscure_markers.get(marker_id)
        if m is None:
            raise RuleViolation("fevered-obscure-marker.treated-as-monster",
                                f"no obscure marker {marker_id!r} on the board; there are "
                                f"{sorted(state.obscure_markers)}")
        if not self.can_attack_obscure_markers(state):
            raise RuleViolation("fevered-obscure-marker.card-limit",
                                "the Obscure card already holds three obscure markers: under "
                                "fevered-obscure.kill-when-card-full=no-attack they can't be attacked")
        m.health.take_wounds(wounds)
        if not m.health.is_killed:
            return "wounded"
        del state.obscure_markers[marker_id]
        if state.obscure_card < CARD_LIMIT:
            state.obscure_card += 1
            return "to-card"
        if state.options["fevered-obscure.kill-when-card-full"] == "leave-game":
            state.obscure_markers_removed += 1
            return "left-game"
        return "to-supply"

    def move_obscure_marker(self, state: FeveredDreamsState, marker_id: str, space: str) -> None:
        """Obscure markers never move (fevered-obscure-marker.never-moves)."""
        raise RuleViolation("fevered-obscure-marker.never-moves",
                            f"{marker_id} can't move to {space}: an obscure marker can't move for any reason")

    def wound_obscure(self, state: FeveredDreamsState, wounds: int) -> int:
        """Wounds dealt to Obscure are ignored: it can't take wounds or be killed (fevered-obscure.no-wounds).
        Returns the wounds it took: 0."""
        return 0

    # --- sight and attack targets ------------------------------------------------------------------------------
    def sight_blockers(self, state: FeveredDreamsState) -> frozenset[str]:
        """The mist spaces: an investigator's sight can't get into, through or out of them (fevered-mist.sight)."""
        return state.mist_spaces()

    def sees_own_blocked_space(self, state: FeveredDreamsState) -> bool:
        """Whether an investigator in a mist space still sees his or her own space (option
        ``fevered-mist.same-space-sight``)."""
        return state.options["fevered-mist.same-space-sight"] == "sees-own-space"

    def investigator_sight_distance(self, state: FeveredDreamsState, a: str, b: str) -> int | None:
        """How far an investigator in ``a`` sees ``b`` (``None``: not at all): the position's geometry, with the
        mist spaces as sight blockers and :meth:`sees_own_blocked_space` for a figure inside one."""
        from ...board import Geometry

        return Geometry.of(state).sight_distance(a, b)

    def attack_targets(self, state: FeveredDreamsState, attacker_id: str) -> list[Target]:
        """The monster figures; Obscure, a legal target whose wounds are ignored (fevered-obscure.no-wounds: it
        can't take wounds or be killed, yet an attack on it may still matter); and the obscure markers (monsters
        of health 4 for the investigators, fevered-obscure-marker.treated-as-monster) unless the card is full
        under ``fevered-obscure.kill-when-card-full = no-attack``."""
        targets = super().attack_targets(state, attacker_id)
        if state.obscure_space is not None:
            targets.append(Target(OBSCURE, state.obscure_space, "obscure", "fevered-obscure.no-wounds"))
        if self.can_attack_obscure_markers(state):
            for m in sorted(state.obscure_markers.values(), key=lambda m: (space_sort_key(m.space), m.id)):
                targets.append(Target(m.id, m.space, "obscure_marker", "fevered-obscure-marker.treated-as-monster",
                                      (m.health.current, m.health.maximum)))
        return targets

    def attack_exclusions(self, state: FeveredDreamsState, attacker_id: str) -> list[Target]:
        """The obscure markers while the Obscure card holds three, under ``fevered-obscure.kill-when-card-full =
        no-attack`` (fevered-obscure-marker.card-limit)."""
        if self.can_attack_obscure_markers(state):
            return []
        return [Target(m.id, m.space, "obscure_marker", "fevered-obscure-marker.card-limit",
                       (m.health.current, m.health.maximum), excluded=True)
                for m in sorted(state.obscure_markers.values(), key=lambda m: (space_sort_key(m.space), m.id))]

    # --- invariants and the end of the game ---------------------------------------------------------------------
    def invariants(self, state: FeveredDreamsState) -> list[str]:
        """The component counts and the scenario's rules that every position keeps."""
        wrong = []
        box = obscure_markers_in_box()
        if state.obscure_markers_in_supply() < 0:
            wrong.append(f"more than the {box} obscure markers of the box are in play")
        if not 0 <= state.obscure_card <= CARD_LIMIT:
            wrong.append(f"the Obscure card holds {state.obscure_card} obscure markers (0 to {CARD_LIMIT})")
        if len(state.obscure_markers) > MARKERS_EACH_SPAWN_PHASE:
            wrong.append(f"{len(state.obscure_markers)} obscure markers on the board (three at most)")
        for m in state.obscure_markers.values():
            if not state.board.space(m.space).is_spawn_space:
                wrong.append(f"{m.id} stands on {m.space}, not a spawn space")
        colours = [*state.face_down, *state.removed_portals, *([state.obscure_portal] if state.obscure_portal
                                                                 else [])]
        if sorted(colours) != sorted(state.board.portals):
            wrong.append(f"the objective markers {colours} are not the six colours once each")
        if state.portals_on_board() and state.obscure_portal is None:
            wrong.append("portals are on the board but Obscure stands on none")
        if any(n < 1 for n in state.flooded_markers.values()):
            wrong.append("a space lists fewer than one flooded marker")
        start = self.existence_start_level()
        for f in state.investigators():
            level = state.existence.get(f.id)
            if level is None or not 0 <= level <= start:
                wrong.append(f"{f.id}'s existence level {level} is not between 0 and {start}")
            elif level == 0 and not f.killed:
                wrong.append(f"{f.id}'s existence dial shows 0 but he or she was not devoured")
        return wrong

    def scenario_win(self, state: FeveredDreamsState) -> tuple[str, str] | None:
        if not state.portals_on_board():
            return ("fevered-outcome.win-portals-removed", "every Dimensional Portal has been removed from the board")
        return None

    def scenario_loss(self, state: FeveredDreamsState) -> tuple[str, str] | None:
        return None  # fevered-outcome.general-losses-only

    # --- helpers -------------------------------------------------------------------------------------------------
    @staticmethod
    def _investigator(state: GameState, investigator: str) -> Figure:
        f = state.figures.get(investigator)
        if f is None or not f.is_investigator:
            raise KeyError(f"{investigator!r} is not an investigator of this position")
        if f.space is None:
            raise RuleViolation("fevered-board.start-room", f"{investigator} is not on the board")
        return f


def check_board(board: Board) -> None:
    """A Fevered Dreams board: the rulebook's ten rooms (fevered-board.rooms), a start space in room 2
    (fevered-board.start-room), six Dimensional Portals, one a colour (fevered-board.six-portals)."""
    file = board.source or board.name
    rooms = set(board.rooms)
    if rooms != set(ROOMS):
        missing = sorted(set(ROOMS) - rooms)
        extra = sorted(rooms - set(ROOMS))
        raise InputError("a Fevered Dreams board has rooms " + ", ".join(map(str, ROOMS))
                         + (f"; missing: {missing}" if missing else "") + (f"; not in the scenario: {extra}"
                                                                             if extra else ""),
                         file=file, entry="rooms", rule_id="fevered-board.rooms")
    if not any("start" in board.space(s).features for s in board.rooms[START_ROOM].spaces):
        raise InputError("room 2 is the Start room: one of its spaces needs the feature 'start'", file=file,
                         entry=f"rooms.{START_ROOM}", rule_id="fevered-board.start-room")
    missing = [c for c in PORTAL_COLOURS if c not in board.portals]
    if missing:
        raise InputError(f"a Fevered Dreams board has six Dimensional Portals, one of each colour; missing: "
                         f"{', '.join(missing)}", file=file, entry="rooms", rule_id="fevered-board.six-portals")
