"""Invariants: the rulebook's promises hold across long random games, and every answer on a random legal position
is legal.

Rule-based state machines (``hypothesis.stateful``) drive each scenario through its public operations, round after
round, choosing among legal *and* illegal operations: a legal one must be accepted and keep every invariant; an
illegal one must be refused with a :class:`solver.errors.RuleViolation` naming a catalogued rule (or a
:class:`solver.errors.PlayerChoiceRequired` when a choice is missing) and leave the state exactly as it was. Moving
a figure is the base game's, not the engine's: the machines set a figure's space directly, as players do.

The invariants checked after every step:

* Fathoms Dark — twelve unbound markers, always (card + Objective Points + removed); the card's count never rises
  and the removed count never falls; every drawn scenario card is either in the face-down deck or with its holder;
  a covered Objective Point belongs to a holder with nothing left to place; an unbound activation's moves go to
  neighbours and its attacks reach another investigator; the game is won exactly when all twelve are removed.
* Fevered Dreams — six obscure markers (board + card + out of the game + supply), at most three on the card and
  three on the board; an existence dial never rises and at 0 its investigator is killed; flooded markers are never
  taken away; a purple hazard puts a flooded marker only where none was (unless the option stacks them); the six
  portal colours are Obscure's, face down or removed; obscure markers stand on spawn spaces, one room each.
* Expectant Terror — at most one nest marker a room and six in all; the Nest takes at most one wound a game round;
  Husks and Mind Eaters are conserved (board + reserve); at most twelve infested tokens, four kill.
* Every scenario — the devoured deck keeps its cards (a permutation of the scenario's list); no figure holds
  health +1 tokens and wounds at once; health +1 tokens absorb wounds first.

``make test`` runs a small budget; ``make fuzz`` (Hypothesis profile ``fuzz``) runs hundreds of longer games.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, event, given, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from solver.activation import ActivationContext
from solver.board import Geometry
from solver.catalog import Options, catalog
from solver.errors import InputError, PlayerChoiceRequired, RuleViolation
from solver.game import players_must_choose
from solver.health import Health
from solver.investigators import INVESTIGATORS
from solver.questions import load_all
from solver.scenarios.expectant_terror import (HUSK, INFESTED_KILLS, INFESTED_TOKEN_SUPPLY as INFESTED_TOKENS,
                                               MIND_EATER, NEST, NEST_MARKER_SUPPLY as NEST_MARKERS, ExpectantTerror)
from solver.scenarios.fathoms_dark import SCENARIO_CARDS, UNBOUND_MARKERS, FathomsDark, SearchCard
from solver.scenarios.fevered_dreams import (CARD_LIMIT, OBSCURE_MARKERS_IN_BOX, PURPLE, TRACK, FeveredDreams,
                                             purple_hazard_outcomes)
from solver.state import dump_state, state_from_data

LONG = settings.get_current_profile_name() in ("fuzz", "long")


def budget(examples: int, steps: int | None = None) -> dict:
    """This test's own small budget in ``make test``; the profile's (``make fuzz``) otherwise."""
    if LONG:
        return {}
    return {"max_examples": examples, **({"stateful_step_count": steps} if steps else {})}


MACHINE_SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
NAMES = ("Lisbeth Gibson", "Sophie Brigman", "Franklyn Christie", "Isaiah Wiesenthal", "Christopher Dalton")
QUESTIONS = load_all()


# --- refused operations leave the state as it was ---------------------------------------------------------------------
def snapshot(value):
    """Everything a state holds, as plain comparable data (the scenario, which never changes, left out)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, {f.name: snapshot(getattr(value, f.name)) for f in dataclasses.fields(value)
                                       if f.name != "scenario"})
    if isinstance(value, dict):
        return {k: snapshot(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [snapshot(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((snapshot(v) for v in value), key=repr)
    if isinstance(value, enum.Enum):
        return value.value
    return value


def attempt(state, operation):
    """Run ``operation``; ``(True, result)`` when it is accepted, ``(False, error)`` when the rules refuse it — and
    then the state must be exactly as it was and the refusal must name a catalogued rule."""
    before = snapshot(state)
    try:
        return True, operation()
    except (RuleViolation, PlayerChoiceRequired) as exc:
        assert snapshot(state) == before, f"refused ({exc}) but the state changed"
        assert exc.rule_id in catalog().rules or exc.rule_id in catalog().options, exc.rule_id
        return False, exc


def refused(state, operation) -> RuleViolation | PlayerChoiceRequired:
    ok, result = attempt(state, operation)
    assert not ok, f"accepted, but the rules forbid it: {result!r}"
    return result


def accepted(state, operation):
    ok, result = attempt(state, operation)
    assert ok, f"refused, but the rules allow it: {result}"
    return result


def check_common(state) -> None:
    scenario = state.scenario
    assert sorted(state.devoured_deck) == sorted(scenario.devoured_deck), "the devoured deck lost or gained cards"
    for f in state.figures.values():
        assert not (f.health.wounds and f.health.health_plus_tokens), f"{f.id} holds wounds and health +1 tokens"
        assert 0 <= f.health.wounds <= f.health.maximum and f.health.health_plus_tokens >= 0
        assert f.space is None or f.space in state.board.spaces
    assert 0 <= state.devour_marker < len(scenario.devouring_track)


# --- health: the general rule every figure shares -----------------------------------------------------------------------
class HealthMachine(RuleBasedStateMachine):
    """A figure's health track under any sequence of gains and wounds (health.*)."""

    @initialize(maximum=st.integers(1, 12))
    def start(self, maximum):
        self.health = Health(maximum)

    @rule(amount=st.integers(0, 4))
    def gain(self, amount):
        before = (self.health.wounds, self.health.health_plus_tokens)
        self.health.gain(amount)
        healed = min(amount, before[0])
        assert self.health.wounds == before[0] - healed  # health.gain-heals-wound first
        assert self.health.health_plus_tokens == before[1] + amount - healed  # health.gain-over-max

    @rule(amount=st.integers(0, 6))
    def wound(self, amount):
        wounds, tokens = self.health.wounds, self.health.health_plus_tokens
        marked = self.health.take_wounds(amount)
        # health.tokens-absorb-wounds: the tokens go first; the track holds at most the maximum
        assert marked == min(max(0, amount - tokens), self.health.maximum - wounds)
        assert self.health.health_plus_tokens == max(0, tokens - amount)
        assert self.health.wounds == wounds + marked

    @rule(amount=st.integers(-3, -1))
    def negative(self, amount):
        before = snapshot(self.health)
        with pytest.raises(ValueError):
            self.health.take_wounds(amount)
        with pytest.raises(ValueError):
            self.health.gain(amount)
        assert snapshot(self.health) == before

    @invariant()
    def consistent(self):
        h = self.health
        assert not (h.wounds and h.health_plus_tokens)
        assert 0 <= h.wounds <= h.maximum
        assert h.current == h.maximum - h.wounds + h.health_plus_tokens
        assert h.is_killed == (h.current <= 0)


TestHealth = HealthMachine.TestCase
TestHealth.settings = settings(**MACHINE_SETTINGS, **budget(30, 30))


# --- Fathoms Dark ------------------------------------------------------------------------------------------------------------
search_cards = st.lists(st.one_of(st.builds(SearchCard, st.sampled_from(["Flare", "Rope", "Map"])),
                                  st.builds(lambda n, r: SearchCard(n, True, r), st.sampled_from(["Knife", "Harpoon"]),
                                            st.integers(0, 3))), max_size=6)


class FathomsDarkMachine(RuleBasedStateMachine):
    """Random rounds of Fathoms Dark: cards revealed, markers placed and attacked, Unbound attacked, unbound
    activations taken (one of every sequence the solver allows), and operations the rules forbid."""

    @initialize(players=st.integers(1, 5), seed=st.integers(0, 2**32), cards=search_cards,
                lives=st.sampled_from(["marker-per-kill", "marker-per-wound"]),
                empty=st.sampled_from(["keep-card", "shuffle-back"]),
                exhausted=st.sampled_from(["reshuffle-discards", "no-weapon"]),
                nearest=st.sampled_from(["fewest-moves", "sight-distance"]), unbound_health=st.integers(1, 4))
    def start(self, players, seed, cards, lives, empty, exhausted, nearest, unbound_health):
        self.scenario = FathomsDark.with_shipped_board(Options({
            "fathoms-dark.unbound-lives": lives, "fathoms-dark.empty-unbound-card": empty,
            "fathoms-dark.search-deck-exhausted": exhausted, "fathoms-dark.nearest-target": nearest}))
        self.names = list(NAMES[:players])
        self.state = self.scenario.new_game(self.names, rng=random.Random(seed))
        self.state.search_deck = list(cards)
        self.state.unbound_health = Health(unbound_health)  # the card's value is not public: the file gives it
        self.card_before, self.removed_before = self.state.unbound_card, self.state.removed_markers

    @rule(seed=st.integers(0, 99))
    def a_whole_round(self, seed):
        """A round's scenario steps in order: reveal, place at the end of the activation phase, then each
        infected investigator's unbound activation (the first course the solver lists)."""
        self.start_round()
        self.end_of_activation_phase(seed)
        for name in self.scenario.unbound_activation_order(self.state):
            plan = self.scenario.plan_unbound_activation(self.state, name, rng=random.Random(seed))
            sequence = plan.sequences[0]
            wounds = [1 for a in sequence if a.kind == "attack"]
            accepted(self.state, lambda: self.scenario.take_unbound_activation(
                self.state, name, [str(a) for a in sequence], wounds, rng=random.Random(seed)))

    def name(self, i: int) -> str:
        return self.names[i % len(self.names)]

    @rule()
    def start_round(self):
        state = self.state
        card = accepted(state, lambda: self.scenario.start_round(state))
        if card is not None:
            holder = state.holder_of(card)
            assert holder in state.acquired and holder in state.to_place  # fathoms-cards.holder-acquires

    @rule(seed=st.integers(0, 99))
    def end_of_activation_phase(self, seed):
        state = self.state
        due = list(state.to_place)
        placed = accepted(state, lambda: self.scenario.end_of_activation_phase(state, rng=random.Random(seed)))
        assert not state.to_place and set(placed) <= set(due)
        assert all(state.is_covered(n) for n in placed)

    @rule(attacker=st.integers(0, 9), owner=st.integers(0, 9), wounds=st.integers(0, 5), seed=st.integers(0, 99))
    def attack_an_unbound_marker(self, attacker, owner, wounds, seed):
        state, attacker, owner = self.state, self.name(attacker), self.name(owner)
        legal = state.is_covered(owner) and attacker != owner  # fathoms-markers.owner-cannot-attack
        ok, _ = attempt(state, lambda: self.scenario.damage_unbound_marker(state, attacker, owner, wounds,
                                                                            rng=random.Random(seed)))
        assert ok == legal, (attacker, owner, state.unbound_markers)
        if ok and owner not in state.unbound_markers:
            event("fathoms: an unbound marker killed")

    @rule(attacker=st.integers(0, 9), wounds=st.integers(0, 4))
    def attack_unbound(self, attacker, wounds):
        state, attacker = self.state, self.name(attacker)
        ok, _ = attempt(state, lambda: self.scenario.damage_unbound(state, attacker, wounds))
        assert ok == (not state.is_covered(attacker))  # fathoms-markers.covered-cannot-attack-unbound

    @rule(owner=st.integers(0, 9), to=st.sampled_from(["5a", "24b", "17a"]))
    def move_an_unbound_marker(self, owner, to):
        refused(self.state, lambda: self.scenario.move_unbound_marker(self.state, self.name(owner), to))

    @rule(who=st.integers(0, 9), choice=st.integers(0, 999), seed=st.integers(0, 99),
          wounds=st.lists(st.integers(0, 3), min_size=3, max_size=3))
    def unbound_activation(self, who, choice, seed, wounds):
        state = self.state
        name = self.name(who)
        if not state.is_covered(name):
            refused(state, lambda: self.scenario.plan_unbound_activation(state, name, rng=random.Random(seed)))
            return
        plan = self.scenario.plan_unbound_activation(state, name, rng=random.Random(seed))
        assert plan.sequences, "an unbound activation always has a course"
        geo = Geometry.of(state)
        for sequence in plan.sequences:
            assert len(sequence) == 3
            at = plan.start
            for action in sequence:
                assert action.at == at
                if action.kind == "move":  # to a neighbour, hatches that block movement respected
                    assert action.to in state.board.neighbours(at, geo.movement_hatches), (at, action.to)
                elif action.kind == "attack":  # another investigator the weapon reaches
                    target = state.figures[action.target]
                    assert target.is_investigator and target.id != name
                    assert geo.in_range(at, target.space, plan.weapon.range)
                at = action.end
        sequence = plan.sequences[choice % len(plan.sequences)]
        given = [w for w, a in zip(wounds, sequence) if a.kind == "attack"]
        tokens = dict(state.figures[name].tokens)
        accepted(state, lambda: self.scenario.take_unbound_activation(state, name, [str(a) for a in sequence], given,
                                                                     rng=random.Random(seed)))
        assert state.figures[name].space == sequence[-1].end
        assert state.figures[name].tokens == tokens  # fathoms-activation.paralyzed-kept
        event(f"fathoms: an unbound activation of {len(plan.sequences) > 1 and 'several' or 'one'} course(s)")

    @rule(who=st.integers(0, 9), seed=st.integers(0, 99))
    def an_unbound_activation_the_rules_forbid(self, who, seed):
        state = self.state
        refused(state, lambda: self.scenario.take_unbound_activation(
            state, self.name(who), ["attack Nobody", "move 5a→0z", "no action"], [1], rng=random.Random(seed)))

    @invariant()
    def twelve_markers(self):
        state = self.state
        check_common(state)
        assert state.markers_accounted() == UNBOUND_MARKERS  # fathoms-outcome.twelve-markers
        assert 0 <= state.unbound_card <= self.card_before  # markers leave the card, never return
        assert state.removed_markers >= self.removed_before  # removed from the game for good
        self.card_before, self.removed_before = state.unbound_card, state.removed_markers
        assert len(state.scenario_deck) == len(set(state.scenario_deck)) and set(state.scenario_deck) <= \
            set(SCENARIO_CARDS)
        for inv, card in state.objective_markers.items():
            assert (card in state.scenario_deck) != (inv in state.acquired), (inv, card, state.scenario_deck)
        for inv, marker in state.unbound_markers.items():
            assert inv in state.acquired and inv not in state.to_place
            assert not marker.is_killed, "a killed unbound marker stays on the board"
        won = self.scenario.scenario_win(state) is not None
        assert won == (state.removed_markers == UNBOUND_MARKERS)


TestFathomsDark = FathomsDarkMachine.TestCase
TestFathomsDark.settings = settings(**MACHINE_SETTINGS, **budget(20, 30))


# --- Fevered Dreams -------------------------------------------------------------------------------------------------------------
class FeveredDreamsMachine(RuleBasedStateMachine):
    """Random rounds of Fevered Dreams: devour (purple hazards resolved by one of the outcomes the solver lists),
    obscure markers spawned, attacked and replaced, investigators moved, Investigate taken, and forbidden
    operations."""

    @initialize(players=st.integers(1, 4), seed=st.integers(0, 2**32),
                nearest=st.sampled_from(["search-further", "no-marker", "stack"]),
                portal=st.sampled_from(["counts", "excluded"]), repeated=st.sampled_from(["skip", "same-room"]),
                full=st.sampled_from(["to-supply", "leave-game", "no-attack"]),
                dial=st.sampled_from(["4", "5", "7"]), card=st.integers(0, 3))
    def start(self, players, seed, nearest, portal, repeated, full, dial, card):
        self.scenario = FeveredDreams.with_shipped_board(Options({
            "purple-hazard.nearest-flooded": nearest, "purple-hazard.portal-space": portal,
            "obscure-spawn.repeated-room": repeated, "obscure.kill-when-card-full": full,
            "existence-dial.start-level": dial}))
        self.state = self.scenario.new_state(random.Random(seed))
        self.names = list(NAMES[:players])
        for name in self.names:
            self.scenario.add_investigator(self.state, name, INVESTIGATORS[name].health)
        self.phase = "devour"
        self.state.obscure_card = card  # a game under way: markers killed earlier wait on the card
        self.existence = dict(self.state.existence)
        self.flooded = Counter(self.state.flooded)

    def name(self, i: int) -> str:
        return self.names[i % len(self.names)]

    @precondition(lambda self: self.phase == "devour")
    @rule(choice=st.integers(0, 999), wrong=st.booleans())
    def devour(self, choice, wrong):
        state = self.state
        if state.devour_marker >= len(TRACK) - 1:
            refused(state, lambda: self.scenario.devour_phase(state))  # outcome.loss-devouring-track
            self.phase = "over"
            return
        if TRACK[state.devour_marker + 1].hazard != PURPLE:
            refused(state, lambda: self.scenario.devour_phase(state, ["2a"]))  # fevered-track.blue-no-effect
            accepted(state, lambda: self.scenario.devour_phase(state))
            self.phase = "spawn"
            return
        outcomes = purple_hazard_outcomes(state)
        assert outcomes
        if wrong:  # a placement no order and no tie allows
            possible = {o.placements for o in outcomes}
            bogus = next((s,) for s in sorted(state.board.spaces) if (s,) not in possible)
            refused(state, lambda: self.scenario.devour_phase(state, list(bogus)))
        if len(outcomes) > 1:
            refused(state, lambda: self.scenario.devour_phase(state))  # the players' choice is needed
        before = Counter(state.flooded)
        outcome = outcomes[choice % len(outcomes)]
        accepted(state, lambda: self.scenario.devour_phase(state, list(outcome.placements)))
        event(f"fevered: a purple hazard with {'one outcome' if len(outcomes) == 1 else 'several outcomes'}")
        placed = Counter(outcome.placements)
        assert Counter(state.flooded) == before + placed
        assert sum(placed.values()) <= len(state.portals_on_board())  # one marker a portal at most
        if state.options["purple-hazard.nearest-flooded"] != "stack":  # fevered-track.purple-nearest-free-space
            assert all(before[s] == 0 and n == 1 for s, n in placed.items()), (before, placed)
        self.phase = "spawn"

    @precondition(lambda self: self.phase == "spawn")
    @rule()
    def spawn(self):
        state = self.state
        supply = state.obscure_markers_in_supply()
        spawned = accepted(state, lambda: self.scenario.spawn_phase(state))
        assert len(spawned) <= min(3, supply)
        assert all(state.board.space(m.space).is_spawn_space for m in spawned)
        if state.options["obscure-spawn.repeated-room"] == "skip":
            assert len({state.board.room_of(m.space) for m in spawned}) == len(spawned)
        self.phase = "activations"

    @rule(who=st.integers(0, 9), where=st.integers(0, 99), to_obscure=st.booleans())
    def move(self, who, where, to_obscure):  # the base game's move: the players place the figure
        f = self.state.figures[self.name(who)]
        if to_obscure and self.state.obscure_space:
            f.space = self.state.obscure_space
        else:
            options = [f.space, *self.state.board.neighbours(f.space)]
            f.space = options[where % len(options)]

    @rule(which=st.integers(0, 9), wounds=st.integers(0, 5), bogus=st.booleans())
    def attack_an_obscure_marker(self, which, wounds, bogus):
        state = self.state
        ids = sorted(state.obscure_markers)
        if bogus or not ids:
            refused(state, lambda: self.scenario.wound_obscure_marker(state, "Obscure marker#99", wounds))
            return
        marker = ids[which % len(ids)]
        legal = self.scenario.can_attack_obscure_markers(state)
        card = state.obscure_card
        ok, result = attempt(state, lambda: self.scenario.wound_obscure_marker(state, marker, wounds))
        assert ok == legal
        if ok and result == "to-card":
            assert state.obscure_card == card + 1 <= CARD_LIMIT  # fevered-obscure-marker.killed-to-card

    @rule(who=st.integers(0, 9), seed=st.integers(0, 99), wounds=st.integers(1, 4))
    def a_turn_at_obscures_portal(self, who, seed, wounds):
        """An investigator goes to Obscure's portal, attacks the obscure markers there, and investigates."""
        f = self.state.figures[self.name(who)]
        if self.state.obscure_space:
            f.space = self.state.obscure_space
        for marker in sorted(m.id for m in self.state.obscure_markers_in(f.space)):
            self.attack_an_obscure_marker(sorted(self.state.obscure_markers).index(marker), wounds, False)
        self.investigate(who, seed)

    @rule(who=st.integers(0, 9), seed=st.integers(0, 99))
    def investigate(self, who, seed):
        state, name = self.state, self.name(who)
        allowed, _, _ = self.scenario.can_investigate(state, name)
        portals = len(state.portals_on_board())
        ok, _ = attempt(state, lambda: self.scenario.investigate(state, name, rng=random.Random(seed)))
        assert ok == allowed
        if ok:
            assert len(state.portals_on_board()) == portals - 1
            event("fevered: a portal removed")

    @rule(who=st.integers(0, 9))
    def end_of_activation(self, who):
        state, name = self.state, self.name(who)
        level, x = state.existence[name], state.flooded_in(state.figures[name].space)
        accepted(state, lambda: self.scenario.end_of_activation(state, name))
        assert state.existence[name] == max(0, level - x)  # fevered-existence.mist-at-end-of-activation

    @rule(who=st.integers(0, 9), marker=st.integers(0, 9), space=st.sampled_from(["2a", "3a", "27b"]))
    def forbidden(self, who, marker, space):
        state = self.state
        refused(state, lambda: self.scenario.recover_existence(state, self.name(who)))
        refused(state, lambda: self.scenario.wound_obscure(state, 1))
        refused(state, lambda: self.scenario.move_obscure_marker(state, f"Obscure marker#{marker}", space))

    @precondition(lambda self: self.phase == "activations")
    @rule()
    def end_of_round(self):
        state = self.state
        on_board = Counter(m.space for m in state.obscure_markers.values())
        before = Counter(state.flooded)
        accepted(state, lambda: self.scenario.end_of_round(state))
        assert not state.obscure_markers  # fevered-obscure-marker.end-of-round-flooded
        assert Counter(state.flooded) == before + on_board
        self.phase = "devour"

    @invariant()
    def the_promises_hold(self):
        state = self.state
        check_common(state)
        assert state.obscure_markers_in_supply() >= 0  # obscure-marker.supply: six in all
        assert len(state.obscure_markers) + state.obscure_card + state.obscure_markers_out \
            + state.obscure_markers_in_supply() == OBSCURE_MARKERS_IN_BOX
        assert 0 <= state.obscure_card <= CARD_LIMIT and len(state.obscure_markers) <= 3
        rooms = [state.board.room_of(m.space) for m in state.obscure_markers.values()]
        assert all(state.board.space(m.space).is_spawn_space for m in state.obscure_markers.values())
        if state.options["obscure-spawn.repeated-room"] == "skip":
            assert len(rooms) == len(set(rooms))
        for name, level in state.existence.items():
            assert 0 <= level <= self.existence[name], "an existence level rose"  # fevered-existence.no-recovery
            if level == 0:
                assert state.figures[name].killed  # fevered-existence.devoured-at-zero
        self.existence = dict(state.existence)
        assert all(state.flooded.get(s, 0) >= n for s, n in self.flooded.items()), "a flooded marker went away"
        self.flooded = Counter(state.flooded)
        colours = [*state.face_down, *state.removed_portals, *([state.obscure_portal] if state.obscure_portal else [])]
        assert sorted(colours) == sorted(state.board.portals)
        won = self.scenario.scenario_win(state) is not None
        assert won == (not state.portals_on_board())


TestFeveredDreams = FeveredDreamsMachine.TestCase
TestFeveredDreams.settings = settings(**MACHINE_SETTINGS, **budget(20, 50))


# --- Expectant Terror ---------------------------------------------------------------------------------------------------------
class ExpectantTerrorMachine(RuleBasedStateMachine):
    """Random rounds of Expectant Terror: nest markers spawned and discarded, the Nest wounded, removed and back,
    activations with infested tokens striking, and operations the rules forbid."""

    @initialize(players=st.integers(1, 4), seed=st.integers(0, 2**32),
                card_after=st.sampled_from(["to-bottom", "stays-on-top"]),
                no_room=st.sampled_from(["not-placed", "game-lost"]),
                damage=st.sampled_from(["wounds", "after-resistance"]),
                short=st.sampled_from(["spawn-what-remains", "all-or-nothing"]),
                killing=st.sampled_from(["no-activation", "activates-first"]),
                health=st.sampled_from(["4", "5", "7"]), uninfested=st.sampled_from(["allowed",
                                                                                    "needs-infested-token"]))
    def start(self, players, seed, card_after, no_room, damage, short, killing, health, uninfested):
        self.scenario = ExpectantTerror.with_shipped_board(Options({
            "nest-marker.card-after-spawn": card_after, "nest-marker.no-room": no_room, "infested.damage": damage,
            "expectant.short-reserve": short, "nest.killing-wound": killing, "nest.maximum-health": health,
            "infested.discard-uninfested": uninfested}))
        self.names = list(NAMES[:players])
        self.state = self.scenario.new_game(self.names, rng=random.Random(seed))
        self.figures_of = {t: self.state.reserve[t] for t in (HUSK, MIND_EATER)}
        self.phase = "devour"
        self.round, self.wounds_at_round_start = self.state.round, self.state.nest.health.wounds

    def name(self, i: int) -> str:
        return self.names[i % len(self.names)]

    @precondition(lambda self: self.phase == "next-round")
    @rule()
    def next_round(self):
        state = self.state
        if state.nest_activation_pending:
            refused(state, lambda: self.scenario.next_round(state))  # nest.removed-after-activation
            accepted(state, lambda: self.scenario.complete_nest_activation(state))
        removed = state.nest_is_removed
        top = state.devoured_deck[0] if state.devoured_deck else None
        ok, _ = attempt(state, lambda: self.scenario.next_round(state))
        if ok and removed:  # nest.returns-next-round: the spawn space of the devoured deck's top room
            assert state.nest.space == state.board.rooms[top].spawn_space
        self.phase = "devour" if ok else "over"

    @precondition(lambda self: self.phase == "devour")
    @rule()
    def devour(self):
        state = self.state
        ok, _ = attempt(state, lambda: self.scenario.devour_phase(state))
        self.phase = "spawn" if ok else "over"

    @precondition(lambda self: self.phase == "spawn")
    @rule(cards=st.lists(st.integers(0, 9), max_size=2))
    def spawn(self, cards):
        state = self.state
        before = set(state.nest_markers)
        due, _ = self.scenario.nest_markers_due(state)
        monsters = [state.monster_cards[i % len(state.monster_cards)] for i in cards]
        result = accepted(state, lambda: self.scenario.spawn_phase(state, spawn_cards=monsters))
        placed = [f.data["room"] for f in result if "marker" in f.data and "room" in f.data]
        assert len(placed) == len(set(placed)) <= due  # nest-marker.different-rooms
        assert not set(placed) & before  # nest-marker.one-per-room
        assert state.nest_markers == before | set(placed)
        self.phase = "activations"

    @rule(count=st.integers(0, 4))
    def more_nest_markers(self, count):
        state = self.state
        before = set(state.nest_markers)
        result = accepted(state, lambda: self.scenario.place_nest_markers(state, count))
        assert len(result.rooms) + result.not_placed == count or state.lost_reason is not None \
            or len(state.nest_markers) == NEST_MARKERS
        assert not set(result.rooms) & before and len(set(result.rooms)) == len(result.rooms)

    @rule(room=st.sampled_from([1, 2, 17, 19, 20, 23, 24, 25, 26, 27, 28, 29]))
    def remove_a_nest_marker(self, room):
        state = self.state
        legal = room in state.nest_markers
        ok, _ = attempt(state, lambda: self.scenario.remove_nest_marker(state, room))
        assert ok == legal and room not in state.nest_markers

    @rule(wounds=st.integers(0, 3))
    def wound_the_nest(self, wounds):
        state = self.state
        nest = state.nest
        legal = not nest.killed and nest.space is not None
        taken_before = state.nest_wounds_this_round
        ok, result = attempt(state, lambda: self.scenario.wound_nest(state, wounds))
        assert ok == legal
        if ok:
            assert result.taken == min(wounds, 1 - taken_before)  # nest.one-wound-per-round
            event(f"expectant: the Nest took {result.taken} of {wounds} wound(s)")

    @rule()
    def complete_the_nest_activation(self):
        state = self.state
        legal = state.nest_activation_pending
        ok, _ = attempt(state, lambda: self.scenario.complete_nest_activation(state))
        assert ok == legal
        if ok:
            assert state.nest.space is None  # nest.removed-after-activation

    @rule(who=st.integers(0, 9), count=st.integers(0, 3))
    def infest(self, who, count):
        state, name = self.state, self.name(who)
        in_play = sum(f.count("infested") for f in state.investigators())
        held = state.figures[name].count("infested")
        taken = min(count, INFESTED_KILLS - held)  # none beyond the fourth, which kills
        ok, _ = attempt(state, lambda: self.scenario.give_infested_tokens(state, name, count))
        assert ok == (in_play + taken <= INFESTED_TOKENS)  # infested.supply
        if ok:
            assert state.figures[name].count("infested") == held + taken

    @rule(who=st.integers(0, 9), normal=st.booleans(), roll=st.none() | st.integers(0, 4))
    def begin_activation(self, who, normal, roll):
        state, name = self.state, self.name(who)
        fig = state.figures[name]
        context = ActivationContext.normal(name) if normal else ActivationContext.outside(name)
        busy, dead = state.activation is not None, fig.killed or fig.health.is_killed
        x = fig.count("infested")
        ok, result = attempt(state, lambda: self.scenario.begin_activation(
            state, context, choose=lambda d: roll if roll is not None else players_must_choose(d)))
        if busy or dead:
            assert not ok
        if ok and normal and x:  # infested.start-damage, infested.start-mind-eaters
            eaters = next(f.data for f in result if f.rule_id == "infested.start-mind-eaters")
            assert len(eaters["figures"]) + eaters["not_spawned"] == x

    @rule(who=st.integers(0, 9))
    def discard_at_a_nest_marker(self, who):
        state, name = self.state, self.name(who)
        allowed = self.scenario.discard_refusal(state, name) is None
        ok, result = attempt(state, lambda: self.scenario.discard_infestation(state, name))
        assert ok == allowed
        if ok:
            assert state.figures[name].count("infested") == 0 and result.room not in state.nest_markers
            event("expectant: a nest marker discarded")

    @rule()
    def spend_an_action(self):
        state = self.state
        legal = state.activation is not None and state.actions_left > 0
        ok, _ = attempt(state, lambda: self.scenario.spend_action(state))
        assert ok == legal

    @rule()
    def end_the_activation(self):
        state = self.state
        legal = state.activation is not None
        ok, _ = attempt(state, lambda: self.scenario.end_activation(state))
        assert ok == legal and state.activation is None

    @rule(who=st.integers(0, 9), where=st.integers(0, 99), to_marker=st.booleans())
    def move(self, who, where, to_marker):  # the base game's move: the players place the figure
        state = self.state
        f = state.figures[self.name(who)]
        if to_marker and state.nest_markers:
            spaces = sorted(state.nest_marker_spaces().values())
            f.space = spaces[where % len(spaces)]
        else:
            options = [f.space, *state.board.neighbours(f.space)]
            f.space = options[where % len(options)]

    @rule(who=st.integers(0, 9), roll=st.integers(0, 4), where=st.integers(0, 99), actions=st.integers(0, 4))
    def a_whole_activation(self, who, roll, where, actions):
        """An investigator's activation: the infested tokens strike, the investigator goes to a nest marker and
        discards there if the rules allow, spends actions, and ends the turn."""
        state = self.state
        if state.activation is not None:
            self.end_the_activation()
        self.begin_activation(who, True, roll)
        if state.activation is None:
            return
        self.move(who, where, True)
        self.discard_at_a_nest_marker(who)
        for _ in range(actions):
            self.spend_an_action()
        self.end_the_activation()

    @precondition(lambda self: self.phase == "activations")
    @rule()
    def end_of_round(self):
        if self.state.activation is not None:
            self.scenario.end_activation(self.state)
        self.phase = "next-round"

    @invariant()
    def the_promises_hold(self):
        state = self.state
        check_common(state)
        assert len(state.nest_markers) <= NEST_MARKERS  # nest-marker.supply
        assert state.nest_markers <= set(state.board.rooms)  # a set of rooms: one a room (nest-marker.one-per-room)
        assert state.nest_wounds_this_round in (0, 1)
        if state.round != self.round:
            self.round, self.wounds_at_round_start = state.round, state.nest.health.wounds
        assert state.nest.health.wounds - self.wounds_at_round_start <= 1  # nest.one-wound-per-round
        if state.nest_is_removed:
            assert state.nest_wounds_this_round == 1
        for monster, total in self.figures_of.items():  # figures are conserved: on the board or in the reserve
            on_board = sum(1 for f in state.figures.values() if f.id.startswith(monster + "#"))
            assert on_board + state.reserve.get(monster, 0) == total
            assert state.reserve.get(monster, 0) >= 0
        infested = [f.count("infested") for f in state.investigators()]
        assert sum(infested) <= INFESTED_TOKENS  # infested.supply
        for f in state.investigators():
            assert f.count("infested") <= INFESTED_KILLS
            if f.count("infested") >= INFESTED_KILLS:
                assert f.killed  # infested.killed-at-four
        if len(state.nest_markers) == NEST_MARKERS:
            assert state.outcome() is not None and not state.outcome().is_win

    def teardown(self):
        if hasattr(self, "state"):  # the position reads back from its state file
            data = dump_state(self.state)
            assert dump_state(state_from_data(copy.deepcopy(data), "machine.yaml")) == data


TestExpectantTerror = ExpectantTerrorMachine.TestCase
TestExpectantTerror.settings = settings(**MACHINE_SETTINGS, **budget(20, 50))


# --- every question on random legal positions ------------------------------------------------------------------------------
def _spaces(scenario_cls) -> list[str]:
    return sorted(scenario_cls.with_shipped_board().board.spaces)


FD_SPACES, FV_SPACES, ET_SPACES = _spaces(FathomsDark), _spaces(FeveredDreams), _spaces(ExpectantTerror)
GENERAL_OPTIONS = {
    "sight.model": st.sampled_from(["connected-path", "same-room"]),
    "sight.range": st.sampled_from(["sight-distance", "moves-and-sight"]),
    "hatch.blocks-movement": st.sampled_from(["locked-and-sealed", "closed-locked-sealed", "none"]),
    "hatch.blocks-sight": st.sampled_from(["closed-locked-sealed", "locked-and-sealed", "none"]),
}


def _options(draw, own: dict) -> dict:
    return draw(st.fixed_dictionaries({}, optional={**GENERAL_OPTIONS, **own}))


def _investigators(draw, spaces, most=4) -> dict:
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=most, unique=True))
    out = {}
    for n in names:
        inv = {"space": draw(st.sampled_from(spaces)), "wounds": draw(st.integers(0, INVESTIGATORS[n].health - 1))}
        if not inv["wounds"] and draw(st.booleans()):
            inv["health_plus_tokens"] = draw(st.integers(1, 2))
        tokens = draw(st.dictionaries(st.sampled_from(["slow", "weakened", "paralyzed"]), st.integers(0, 1)))
        if tokens:
            inv["tokens"] = tokens
        out[n] = inv
    return out


@st.composite
def fathoms_positions(draw):
    investigators = _investigators(draw, FD_SPACES, 5)
    names = list(investigators)
    symbols = draw(st.permutations(SCENARIO_CARDS))
    markers = dict(zip(names, symbols))
    acquired = [n for n in names if draw(st.booleans())]
    covered = [n for n in acquired if draw(st.booleans())]
    to_place = [n for n in acquired if n not in covered]
    removed = draw(st.integers(0, UNBOUND_MARKERS - len(covered)))
    cards = draw(search_cards)
    section = {
        "objective_markers": markers,
        "scenario_deck": draw(st.permutations([markers[n] for n in names if n not in acquired])),
        "acquired": acquired, "to_place": to_place,
        "unbound_markers": {n: {"wounds": draw(st.integers(0, 3))} for n in covered},
        "removed_markers": removed, "unbound_card": UNBOUND_MARKERS - len(covered) - removed,
        "unbound": {"space": "5b", "health": draw(st.integers(1, 5))},
        "search_deck": [{"name": c.name, "weapon": True, "range": c.range} if c.weapon else {"name": c.name}
                        for c in cards],
    }
    monsters = [{"type": "Husk", "space": draw(st.sampled_from(FD_SPACES))} for _ in range(draw(st.integers(0, 3)))]
    return {"scenario": "fathoms-dark", "round": draw(st.integers(1, 8)), "devour_marker": draw(st.integers(1, 8)),
            "devoured_deck": list(draw(st.permutations([5, 26, 27]))), "investigators": investigators,
            "monsters": monsters, "fathoms-dark": section,
            "options": _options(draw, {"fathoms-dark.nearest-target": st.sampled_from(["fewest-moves",
                                                                                        "sight-distance"]),
                                       "fathoms-dark.search-deck-exhausted": st.sampled_from(
                                           ["reshuffle-discards", "no-weapon"])})}


@st.composite
def fevered_positions(draw):
    investigators = _investigators(draw, FV_SPACES)
    colours = ["red", "blue", "green", "yellow", "purple", "white"]
    removed = draw(st.lists(st.sampled_from(colours), unique=True, max_size=5))
    left = [c for c in colours if c not in removed]
    card = draw(st.integers(0, 3))
    rooms = draw(st.lists(st.sampled_from([2, 3, 4, 17, 18, 19, 20, 24, 25, 27]), unique=True,
                          max_size=min(3, 6 - card)))
    board = FeveredDreams.with_shipped_board().board
    section = {
        "obscure_portal": draw(st.sampled_from(left)), "removed_portals": removed, "obscure_card": card,
        "obscure_markers": [{"space": board.rooms[r].spawn_space, "wounds": draw(st.integers(0, 3))} for r in rooms],
        "flooded": draw(st.dictionaries(st.sampled_from(FV_SPACES), st.integers(1, 3), max_size=14)),
        "existence": {n: draw(st.integers(1, 4)) for n in investigators},
    }
    return {"scenario": "fevered-dreams", "round": draw(st.integers(1, 8)), "devour_marker": draw(st.integers(1, 8)),
            "devoured_deck": list(draw(st.permutations([2, 3, 4, 17, 18, 19, 20, 24, 25, 27]))),
            "investigators": investigators, "fevered-dreams": section,
            "options": _options(draw, {
                "purple-hazard.nearest-flooded": st.sampled_from(["search-further", "no-marker", "stack"]),
                "purple-hazard.portal-space": st.sampled_from(["counts", "excluded"]),
                "obscure-spawn.repeated-room": st.sampled_from(["skip", "same-room"]),
                "mist.same-space-sight": st.sampled_from(["sees-own-space", "blind"])})}


ET_ROOMS = [1, 2, 17, 19, 20, 23, 24, 25, 26, 27, 28, 29]


@st.composite
def expectant_positions(draw):
    investigators = _investigators(draw, ET_SPACES)
    infested = {n: draw(st.integers(0, 3)) for n in investigators}
    nest = draw(st.sampled_from(["board", "removed"]))
    section = {
        "nest_markers": draw(st.lists(st.sampled_from(ET_ROOMS), unique=True, max_size=6)),
        "infested_tokens": infested, "monster_cards": ["Husk"],
        "nest": ({"space": draw(st.sampled_from(ET_SPACES)), "wounds": draw(st.integers(0, 3))} if nest == "board"
                 else {"space": "removed", "wounds": draw(st.integers(1, 3)), "wounds_this_round": 1}),
    }
    return {"scenario": "expectant-terror", "round": draw(st.integers(1, 8)),
            "devour_marker": draw(st.integers(1, 8)), "devoured_deck": list(draw(st.permutations(ET_ROOMS))),
            "reserve": {"Husk": draw(st.integers(0, 6)), "Mind Eater": draw(st.integers(0, 6))},
            "investigators": investigators, "expectant-terror": section,
            "options": _options(draw, {
                "nest-marker.card-after-spawn": st.sampled_from(["to-bottom", "stays-on-top"]),
                "infested.discard-uninfested": st.sampled_from(["allowed", "needs-infested-token"])})}


def _load(data):
    try:
        return state_from_data(copy.deepcopy(data), "random.yaml")
    except InputError as exc:  # a combination the generator can't rule out cheaply (e.g. six nest markers + …)
        note(f"not a legal position: {exc}")
        assume(False)


def _ask(state, question: str, **args):
    """Ask a question as the command line does (arguments are text); it must answer, whatever the position."""
    q = QUESTIONS[question]
    assert not q.scenarios or state.scenario.name in q.scenarios
    before = snapshot(state)
    answer = q.func(state, {k: str(v) for k, v in args.items()})
    assert snapshot(state) == before, f"{question} changed the position"
    assert answer.question == question and answer.summary
    assert all(r in catalog().rules or r in catalog().options for r in answer.rules), answer.rules
    answer.to_json()
    answer.to_text()
    return answer


def check_general_questions(state, rng: random.Random) -> None:
    """Line of sight, distance, spawn location and attack targets on a position, each answer's options legal."""
    geo = Geometry.of(state)
    board = state.board
    figures = [f.id for f in state.figures.values() if f.space is not None]
    places = sorted(board.spaces)
    a = rng.choice(figures + places)
    b = rng.choice(figures + places)
    where = {f.id: f.space for f in state.figures.values()}
    sa, sb = where.get(a, a), where.get(b, b)
    seen = _ask(state, "line-of-sight", **{"from": a, "to": b})
    for c in seen.choices:  # every line is a walk through neighbours from a to b, of the sight distance given
        path = c.value
        assert path[0] == sa and path[-1] == sb and len(path) - 1 == c.detail["sight_distance"]
        assert all(y in board.neighbours(x, geo.sight_hatches) for x, y in zip(path, path[1:]))
        assert not (set(path[1:-1]) & geo.sight_blockers)
    assert bool(seen.choices) == (geo.sight_distance(sa, sb) is not None)
    moved = _ask(state, "distance", **{"from": a, "to": b})
    lengths = {len(c.value) for c in moved.choices}
    assert len(lengths) <= 1 and all(c.value[0] == sa and c.value[-1] == sb for c in moved.choices)
    for c in moved.choices:
        assert all(y in board.neighbours(x, geo.movement_hatches) for x, y in zip(c.value, c.value[1:]))
    if moved.choices:
        assert lengths == {geo.move_distance(sa, sb) + 1}
    if state.devoured_deck:
        spawn = _ask(state, "spawn-location", count=rng.randint(1, 4))
        first = spawn.choices[0].value
        first = first[0] if isinstance(first, list) else first
        assert first == board.rooms[state.devoured_deck[0]].spawn_space  # spawn.no-location
    for inv in state.investigators():
        weapon = rng.randint(0, 3)
        targets = _ask(state, "attack-targets", investigator=inv.id, range=weapon)
        for c in targets.choices:
            assert c.detail["range"] <= weapon and geo.in_range(inv.space, c.detail["space"], weapon)


QUESTION_SETTINGS = settings(**MACHINE_SETTINGS, **budget(25))


@QUESTION_SETTINGS
@given(data=fathoms_positions(), seed=st.integers(0, 999))
def test_every_fathoms_dark_question_answers_legally(data, seed):
    state = _load(data)
    rng = random.Random(seed)
    check_general_questions(state, rng)
    for inv in state.investigators():
        answer = _ask(state, "unbound-activation", investigator=inv.id, seed=seed)
        if not state.is_covered(inv.id):
            assert not answer.choices
            continue
        assert answer.choices
        for c in answer.choices:  # each sequence is one take_unbound_activation accepts
            trial = state.copy()
            wounds = [1 for a in c.detail["actions"] if a["action"] == "attack"]
            state.scenario.take_unbound_activation(trial, inv.id, list(c.value), wounds, rng=random.Random(seed))
            assert trial.figures[inv.id].space == c.detail["end"]


@QUESTION_SETTINGS
@given(data=fevered_positions(), seed=st.integers(0, 999))
def test_every_fevered_dreams_question_answers_legally(data, seed):
    state = _load(data)
    check_general_questions(state, random.Random(seed))
    hazard = _ask(state, "purple-hazard")
    mist = state.mist_spaces()
    portals = state.portals_on_board()
    for c in hazard.choices:
        placed = Counter(c.value)
        assert sum(placed.values()) <= len(portals)
        if state.options["purple-hazard.nearest-flooded"] != "stack":  # only where no flooded marker was
            assert not set(placed) & mist and set(placed.values()) <= {1}
        trial = state.copy()  # the engine accepts the outcome as a resolution
        state.scenario.resolve_purple_hazard(trial, list(placed.elements()))
    spawn = _ask(state, "obscure-spawn")
    for c in spawn.choices:
        assert len(c.value) <= min(3, state.obscure_markers_in_supply())
        assert all(state.board.space(s).is_spawn_space for s in c.value)
        if state.options["obscure-spawn.repeated-room"] == "skip":
            assert len({state.board.room_of(s) for s in c.value}) == len(c.value)
    report = _ask(state, "mist").choices[0]
    assert report.value == {s: state.flooded[s] for s in mist}
    for name, row in report.detail["investigators"].items():
        level, x = state.existence[name], state.flooded_in(state.figures[name].space)
        assert row["existence_after"] == max(0, level - x) and row["devoured"] == (x > 0 and level <= x)


@QUESTION_SETTINGS
@given(data=expectant_positions(), seed=st.integers(0, 999), count=st.integers(0, 6),
       order=st.sampled_from(["deck", "any"]))
def test_every_expectant_terror_question_answers_legally(data, seed, count, order):
    state = _load(data)
    check_general_questions(state, random.Random(seed))
    held = set(state.nest_markers)
    spawn = _ask(state, "nest-spawn", count=count)
    rooms = [state.board.room_of(s) for s in spawn.choices[0].value] if spawn.choices else []
    assert len(rooms) == len(set(rooms)) <= count and not set(rooms) & held  # a room with no nest marker
    assert len(held) + len(rooms) <= NEST_MARKERS
    assert [state.board.rooms[r].spawn_space for r in rooms] == (spawn.choices[0].value if rooms else [])
    placements = _ask(state, "valid-placements", count=count, order=order)
    for c in placements.choices:
        assert len(c.value) == len(set(c.value)) and not set(c.value) & held
        assert set(c.value) <= set(state.devoured_deck)
    if order == "deck":
        assert [c.value for c in placements.choices] == [rooms]
    back = _ask(state, "nest-return")
    if back.choices and state.devoured_deck:
        assert back.choices[0].value == state.board.rooms[state.devoured_deck[0]].spawn_space
    _ask(state, "infested")


def test_every_question_is_checked_on_random_positions():
    checked = {"line-of-sight", "distance", "spawn-location", "attack-targets", "unbound-activation",
               "purple-hazard", "obscure-spawn", "mist", "nest-spawn", "valid-placements", "nest-return", "infested"}
    assert set(QUESTIONS) == checked, f"check the new questions on random positions: {set(QUESTIONS) - checked}"
