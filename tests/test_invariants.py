"""Invariants: the rulebook's promises hold across whole random games of every scenario, and every question answers
legally on the positions those games reach.

One generic random play-out (:mod:`tests.playout`, OpenSpiel's ``random_sim_test``) drives every registered
scenario through :func:`solver.game.play_round` — the scenario protocol alone — with seeded random choices and
random legal actions, round after round until the game ends. After the set-up and after every round:

* ``scenario.invariants(state)`` is empty: the scenario's own promises (component counts within the box, markers
  where its rules put them …) and, through ``super()``, the general ones (figures on the board's spaces, health
  tracks possible, the devour marker on the track, no room card twice);
* the general invariants checked here again, independently: no figure holds wounds and health +1 tokens at once,
  the devoured deck and the room deck hold only the scenario's rooms;
* every rule that fired and every decision's rule is catalogued;
* the state file written of the state reads back into the same state (``dump_state`` ∘ ``state_from_data``);
* a finished game has an outcome, and only a finished game stopped before ``MAX_ROUNDS``.

Every question then answers on positions of those games (its parameters drawn from their declarations), or refuses
with a catalogued rule; an answer leaves the position as it was, validates against the published JSON Schema,
names only catalogued rules, and its text's first line is its result. The general questions' answers are checked
against the board's own searches.

A figure's health track (the general rule every figure shares) is checked under any sequence of gains and wounds by
a small Hypothesis state machine. ``make test`` runs a small budget; ``make fuzz`` (``PLAYOUT_GAMES``, Hypothesis
profile ``fuzz``) runs many more games.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import json
import random

import jsonschema
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from solver.board import Geometry
from solver.catalog import catalog
from solver.errors import BadParameter, PlayerChoiceRequired, RuleViolation
from solver.golden import SCHEMA_FILE
from solver.health import Health
from solver.questions import load_all
from solver.render import to_data, to_text
from solver.state import dump_state, state_from_data
from tests.playout import GAMES, MAX_ROUNDS, SCENARIO_NAMES, play
from tests.test_state_support import tiny  # noqa: F401  (fixture)

LONG = settings.get_current_profile_name() in ("fuzz", "long")
QUESTIONS = load_all()
VALIDATOR = jsonschema.Draft202012Validator(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))


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


def catalogued(rule_id: str) -> bool:
    return rule_id in catalog().rules or rule_id in catalog().options


# --- the generic random play-out -----------------------------------------------------------------------------------------
def check_state(state) -> None:
    """Every invariant of a state reached in play (see the module's docstring)."""
    scenario = state.scenario
    wrong = scenario.invariants(state)
    assert not wrong, f"{scenario.name}, round {state.round}: {wrong}"
    rooms = set(scenario.rooms) | set(scenario.room_deck) | set(scenario.devoured_deck)
    assert set(state.devoured_deck) | set(state.room_deck) <= rooms, "a room card of another scenario"
    for f in state.figures.values():
        assert not (f.health.wounds and f.health.health_plus_tokens), f"{f.id} holds wounds and health +1 tokens"
        assert 0 <= f.health.wounds <= f.health.maximum, f"{f.id}: {f.health}"
        assert f.space is None or f.space in state.board.spaces, f"{f.id} off the board on {f.space}"
    written = dump_state(state)
    again = dump_state(state_from_data(copy.deepcopy(written), f"{scenario.name}-round-{state.round}.yaml"))
    assert again == written, f"the state file of round {state.round} does not read back into the same state"


GAME_SEEDS = range(GAMES if not LONG else max(GAMES, 300))  # make fuzz: 300 games a scenario (about 10 s each)


@pytest.mark.parametrize("seed", GAME_SEEDS)
@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_random_games_keep_every_invariant(name, seed):
    game = play(name, seed, check=check_state)
    over = game.state.is_over()
    played = len(game.transcript) - 2  # set-up and outcome aside
    assert over or played == MAX_ROUNDS, f"stopped after {played} rounds with no outcome"
    assert (game.transcript[-1]["outcome"] is not None) == over
    for entry in game.transcript[1:-1]:
        for fired in entry["fired"]:
            assert catalogued(fired["rule_id"]), f"an uncatalogued rule fired: {fired}"
        for decision in entry["decisions"]:
            assert catalogued(decision["rule"]), f"a decision under an uncatalogued rule: {decision}"


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_random_games_take_actions_and_reach_an_end(name):
    """The play-out plays: investigators act (the base game's moves at least), rules fire, and games end."""
    games = [play(name, seed) for seed in range(3)]
    acted = sum(len(e.get("actions", ())) for g in games for e in g.transcript)
    fired = sum(len(e.get("fired", ())) for g in games for e in g.transcript)
    assert acted > 0 and fired > 0
    assert any(g.state.is_over() for g in games), "no random game ever ended"


# --- every question on positions reached in play ---------------------------------------------------------------------
def _argument(param, state, rng: random.Random):
    """A value for a question's parameter, drawn from its declaration and the position; ``None``: no idea."""
    if param.choices:
        return rng.choice(list(param.choices))
    if param.type is int:
        low = param.minimum if param.minimum is not None else 0
        return rng.randint(low, max(low, min(param.maximum if param.maximum is not None else low + 6, low + 6)))
    if param.name == "investigator":
        on_board = [f.id for f in state.investigators() if f.space is not None]
        return rng.choice(on_board) if on_board else None
    if param.name in ("from", "to"):
        return rng.choice([f.id for f in state.figures.values() if f.space is not None] + sorted(state.board.spaces))
    return None


def ask(state, question: str, args: dict):
    """Ask ``question`` on ``state`` as the command line does; the answer (or ``None`` for a refusal) is checked."""
    q = QUESTIONS[question]
    before = snapshot(state)
    try:
        answer = q.func(state, q.bind(args))
    except (RuleViolation, PlayerChoiceRequired) as exc:
        assert catalogued(exc.rule_id), f"{question} refused under an uncatalogued rule: {exc}"
        assert snapshot(state) == before, f"{question} refused and changed the position"
        return None
    except BadParameter as exc:
        assert exc.parameter in {p.name for p in q.params}, exc
        return None
    assert snapshot(state) == before, f"{question} changed the position"
    assert answer.question == question and answer.result.text
    assert all(catalogued(r) for r in answer.rules), answer.rules
    data = to_data(answer)
    errors = [e.message for e in VALIDATOR.iter_errors(json.loads(json.dumps(data)))]
    assert not errors, f"{question}: {errors}"
    assert to_text(answer).splitlines()[0].startswith(answer.result.text.splitlines()[0])
    for drawing in (answer.draw, *(c.draw for c in answer.choices),
                    *(c.draw for step in answer.steps for c in step.options)):
        check_drawing(state, drawing, question)
    return answer


def check_drawing(state, drawing, question: str) -> None:
    """What an answer draws can be drawn on the position's board: its spaces are the board's, each path walks
    along connections, each placement goes to a space of the board (or off it)."""
    board = state.board
    for space in drawing.spaces:
        assert space in board.spaces, f"{question} draws {space!r}, not a space of the board"
    for path in drawing.paths:
        assert all(s in board.spaces for s in path), f"{question} draws a path off the board: {path}"
        assert all(b in board.neighbours(a) for a, b in zip(path, path[1:])), \
            f"{question} draws a path that jumps between spaces not connected: {path}"
    for placement in drawing.placements:
        assert placement.space is None or placement.space in board.spaces, f"{question}: {placement}"
        assert placement.origin is None or placement.origin in board.spaces, f"{question}: {placement}"


def check_general_questions(state, rng: random.Random) -> None:
    """Line of sight, distance, spawn location and attack targets, checked against the board's own searches."""
    geo = Geometry.of(state)
    board = state.board
    places = [f.id for f in state.figures.values() if f.space is not None] + sorted(board.spaces)
    a, b = rng.choice(places), rng.choice(places)
    where = {f.id: f.space for f in state.figures.values()}
    sa, sb = where.get(a, a), where.get(b, b)
    seen = ask(state, "line-of-sight", {"from": a, "to": b})
    for c in seen.choices:  # every line is a walk through neighbours from a to b, of the sight distance given
        path = c.value["path"]
        assert path[0] == sa and path[-1] == sb and len(path) - 1 == c.value["sight_distance"]
        assert all(y in board.neighbours(x, geo.sight_hatches) for x, y in zip(path, path[1:]))
        assert not (set(path[1:-1]) & geo.sight_blockers)
        assert c.draw.paths == (tuple(path),)
    assert bool(seen.choices) == (geo.sight_distance(sa, sb) is not None)
    moved = ask(state, "distance", {"from": a, "to": b})
    paths = [c.value["path"] for c in moved.choices]
    assert len({len(p) for p in paths}) <= 1 and all(p[0] == sa and p[-1] == sb for p in paths)
    for p in paths:
        assert all(y in board.neighbours(x, geo.movement_hatches) for x, y in zip(p, p[1:]))
    if paths:
        assert len(paths[0]) == geo.move_distance(sa, sb) + 1 and moved.result.count == len(paths)
    if state.devoured_deck:
        spawn = ask(state, "spawn-location", {"count": rng.randint(1, 4)})
        assert spawn.choices[0].value["space"] == board.rooms[state.devoured_deck[0]].spawn_space  # spawn.no-location
    for inv in state.investigators():
        if inv.space is None:
            continue
        weapon = rng.randint(0, 3)
        targets = ask(state, "attack-targets", {"investigator": inv.id, "range": weapon})
        for c in targets.choices:
            assert c.value["range"] <= weapon and geo.in_range(inv.space, c.value["space"], weapon)


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_every_question_answers_legally_on_positions_reached_in_play(name):
    rng = random.Random(name)
    asked: set[str] = set()
    for seed in range(2):
        for state in play(name, seed).rounds:
            check_general_questions(state, rng)
            for q in QUESTIONS.values():
                if q.scenarios and name not in q.scenarios:
                    continue
                args = {p.name: _argument(p, state, rng) for p in q.params}
                if any(v is None for p, v in zip(q.params, args.values()) if p.required):
                    continue  # a required parameter this position gives no value for (no investigator on board)
                ask(state, q.name, {k: v for k, v in args.items() if v is not None})
                asked.add(q.name)
    mine = {q.name for q in QUESTIONS.values() if not q.scenarios or name in q.scenarios}
    assert asked == mine, f"questions never asked on {name}: {sorted(mine - asked)}"


# --- health: the general rule every figure shares ------------------------------------------------------------------------
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
TestHealth.settings = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow],
                               **({} if LONG else {"max_examples": 30, "stateful_step_count": 30}))


# --- the base game's actions every scenario has ------------------------------------------------------------------------
def test_the_base_actions_move_to_a_neighbour_and_gain_health(tiny):
    from solver.game import Action
    from solver.state import load_state

    state = load_state(tiny())
    scenario = state.scenario
    # Emma Kruger stands in 2b: 2a and 2c are open, 4a too; the 3D (locked) hatch to 3a blocks movement
    moves = {a.args["to"] for a in scenario.legal_actions(state, "Emma Kruger") if a.name == "move"}
    assert moves == {"2a", "2c", "4a"}
    before = snapshot(state)
    with pytest.raises(RuleViolation) as refused:
        scenario.take_action(state, "Emma Kruger", Action("move", {"to": "3a"}))
    assert refused.value.rule_id == "hatch.blocks-movement" and snapshot(state) == before
    fired = scenario.take_action(state, "Emma Kruger", Action("move", {"to": "4a"}))
    assert state.figures["Emma Kruger"].space == "4a" and fired[0].rule_id == "board.distance"
    # Lisbeth Gibson holds a wound: gaining health heals it first, then gives a health +1 token
    lisbeth = state.figures["Lisbeth Gibson"]
    assert [f.rule_id for f in scenario.take_action(state, lisbeth.id, Action("gain health", {"amount": 1}))] == \
        ["health.gain-heals-wound"]
    assert (lisbeth.health.wounds, lisbeth.health.health_plus_tokens) == (0, 0)
    assert [f.rule_id for f in scenario.take_action(state, lisbeth.id, Action("gain health", {"amount": 1}))] == \
        ["health.gain-over-max"]
    assert lisbeth.health.health_plus_tokens == 1
    lisbeth.killed = True
    assert scenario.legal_actions(state, lisbeth.id) == []
    assert scenario.invariants(state) == []
    state.figures["Emma Kruger"].space = "9z"
    assert any("9z" in w for w in scenario.invariants(state))
