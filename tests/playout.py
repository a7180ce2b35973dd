"""One generic random play-out for every registered scenario (OpenSpiel's ``random_sim_test``): a seeded generator
sets up a game through :meth:`Scenario.new_game`, answers every :class:`~solver.game.Decision` the rules leave to
the players with a random option, picks random legal actions (:meth:`Scenario.legal_actions`) and drives whole
rounds through :func:`solver.game.play_round` — the scenario protocol alone, no scenario-specific code.

``play(name, seed)`` returns the game's transcript (every rule that fired, every decision taken and the state file
after each round, JSON-ready) and the final state; ``tests/test_invariants.py`` checks each round's state,
``tests/test_determinism.py`` that the same seed plays the same game.
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Callable
from typing import Any

from solver.game import Action, Decision, GameState, play_round
from solver.render import plain
from solver.scenarios import SCENARIOS, scenario_class
from solver.state import dump_state

NAMES = ("Lisbeth Gibson", "Sophie Brigman", "Franklyn Christie", "Isaiah Wiesenthal", "Christopher Dalton")
SCENARIO_NAMES = tuple(sorted(SCENARIOS))
#: How many games a scenario ``make test`` plays; ``PLAYOUT_GAMES`` (``make fuzz``) asks for more.
GAMES = int(os.environ.get("PLAYOUT_GAMES", "6"))
#: The most rounds a game is played for (every scenario's devouring track ends it sooner).
MAX_ROUNDS = 40
#: How often an activation ends before its three actions: the players may stop early.
STOP_EARLY = 0.15


@dataclasses.dataclass
class Game:
    """One random game: its seed, its transcript (one entry a round) and the state it ended in."""

    scenario: str
    seed: int
    investigators: tuple[str, ...]
    transcript: list[dict[str, Any]]
    state: GameState
    rounds: list[GameState]  # the state after set-up and after each round (copies), for the invariant checks


def random_chooser(rng: random.Random, taken: list) -> Callable[[Decision], Any]:
    """A chooser that picks one of a decision's options at random (recording it in ``taken``)."""

    def choose(decision: Decision) -> Any:
        assert decision.options, f"a decision with no options: {decision}"
        pick = decision.options[rng.randrange(len(decision.options))]
        taken.append({"rule": decision.rule_id, "question": decision.question, "picked": plain(pick)})
        return pick

    return choose


def random_actions(rng: random.Random, taken: list) -> Callable[[list[Action]], Action | None]:
    """Picks a random legal action, or none (the activation ends) now and then or when none is legal."""

    def pick(actions: list[Action]) -> Action | None:
        if not actions or rng.random() < STOP_EARLY:
            return None
        action = actions[rng.randrange(len(actions))]
        taken.append({"action": action.name, "args": plain(action.args)})
        return action

    return pick


def play(name: str, seed: int, max_rounds: int = MAX_ROUNDS,
         check: Callable[[GameState], None] | None = None) -> Game:
    """Play the scenario ``name`` from set-up until the game is over (or ``max_rounds``), every choice and action
    drawn from ``random.Random(seed)``; ``check(state)`` runs after set-up and after every round."""
    rng = random.Random(seed)
    scenario = scenario_class(name).with_shipped_board()
    investigators = tuple(rng.sample(NAMES, rng.randint(1, 4)))
    decisions: list = []
    actions: list = []
    choose = random_chooser(rng, decisions)
    state = scenario.new_game(investigators, rng, choose)
    transcript = [{"round": "set-up", "decisions": decisions[:], "state": dump_state(state)}]
    rounds = [state.copy()]
    if check:
        check(state)
    for _ in range(max_rounds):
        if state.is_over():
            break
        decisions.clear()
        actions.clear()
        fired = play_round(scenario, state, rng, choose, random_actions(rng, actions))
        transcript.append({"round": state.round, "fired": [plain(f) for f in fired], "decisions": decisions[:],
                           "actions": actions[:], "state": dump_state(state)})
        rounds.append(state.copy())
        if check:
            check(state)
    outcome = state.outcome()
    transcript.append({"outcome": plain(outcome)})
    return Game(name, seed, investigators, transcript, state, rounds)


