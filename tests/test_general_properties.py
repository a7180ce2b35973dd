"""Random play-outs of the general rules that check invariants (Hypothesis): Lisbeth's stored die, spawning with
no location given, and the outcome."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.catalog import Options
from solver.dice import DieState, DieStorage
from solver.errors import RuleViolation
from tests.general_helpers import TinyScenario

faces = st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=4)
operation = st.one_of(
    st.tuples(st.just("roll"), faces),
    st.tuples(st.just("store"), st.integers(0, 10), st.integers(0, 5)),
    st.tuples(st.just("replace"), st.integers(0, 10), st.integers(0, 5)),
)


def _snapshot(storage, rolls):
    return (storage.stored, storage.rolls_made, [(list(r.dice), list(r.out)) for r in rolls])


@settings(max_examples=300, deadline=None)
@given(st.lists(operation, max_size=25), st.sampled_from(["refuse", "replace"]))
def test_lisbeths_storage_keeps_its_invariants(ops, setting):
    storage = DieStorage(Options({"lisbeth.store-while-full": setting}))
    rolls = []
    for op in ops:
        if op[0] == "roll":
            rolls.append(storage.roll(op[1]))
            continue
        if not rolls:
            continue
        roll = rolls[op[1] % len(rolls)]
        everything = roll.all_dice()
        die = everything[op[2] % len(everything)]
        legal = storage.storable(roll) if op[0] == "store" else storage.replaceable(roll)
        before = _snapshot(storage, rolls)
        try:
            (storage.store if op[0] == "store" else storage.replace)(roll, die)
        except RuleViolation as refusal:
            assert refusal.rule_id.startswith("lisbeth.")
            assert die not in legal, "a die listed as legal was refused"
            assert _snapshot(storage, rolls) == before, "a refused operation changed something"
        else:
            assert die in legal, "a die not listed as legal was accepted"
    for r in rolls:
        placed = [d for d in r.dice if d.state is DieState.PLACED]
        assert len(placed) == len(r.out) <= 1  # one placement a roll at most, one die out for it
        assert all(d.state is DieState.REPLACED for d in r.out)
        assert all(x >= 0 for x in r.results)
        assert len(r.results) == len(r.dice)
    if storage.stored is not None:
        assert 1 <= storage.stored.from_roll <= storage.rolls_made


@settings(max_examples=200, deadline=None)
@given(st.permutations([1, 2, 3, 4]).flatmap(lambda p: st.integers(1, 4).map(lambda n: p[:n])),
       st.integers(0, 12))
def test_spawning_with_no_location_walks_the_devoured_deck(deck, spawns):
    state = TinyScenario().new_state()
    state.devoured_deck = list(deck)
    spaces = [state.spawn_without_location() for _ in range(spawns)]
    board = state.board
    assert spaces == [board.rooms[deck[i % len(deck)]].spawn_space for i in range(spawns)]
    k = spawns % len(deck)
    assert state.devoured_deck == list(deck[k:] + deck[:k])


@settings(max_examples=200, deadline=None)
@given(st.booleans(), st.booleans(), st.booleans(), st.integers(1, 5), st.sampled_from(["loss-first", "win-first"]))
def test_the_outcome_names_every_condition_met(win, loss, killed, marker, setting):
    state = TinyScenario(Options({"outcome.simultaneous": setting})).new_state()
    state.winning_condition_met, state.losing_condition_met = win, loss
    state.figures["Sophie Brigman"].killed = killed
    state.devour_marker = marker - 1
    met = {r for r, on in (("outcome.win-scenario", win), ("outcome.loss-scenario", loss),
                           ("outcome.loss-investigator-killed", killed),
                           ("outcome.loss-devouring-track", marker == 5)) if on}
    outcome = state.outcome()
    if not met:
        assert outcome is None
        return
    assert {outcome.rule_id, *outcome.also_met} == met
    lost = met - {"outcome.win-scenario"}
    if win and (not lost or setting == "win-first"):
        assert outcome.is_win
    else:
        assert outcome.result == "loss" and outcome.rule_id in lost
