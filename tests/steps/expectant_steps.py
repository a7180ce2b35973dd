"""Steps for Expectant Terror (features/expectant_terror/*.feature).

Every wording names "Expectant Terror", the Nest or nest markers, so it binds no other area's step; the fixtures
are prefixed ``et_`` for the same reason. The steps only translate words into engine calls."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pytest_bdd import given, parsers, then, when

from solver.activation import ActivationContext
from solver.answers import Answer
from solver.boardfile import board_from_data
from solver.boardfile import load_board
from solver.catalog import Options
from solver.errors import DeepMadnessError, PlayerChoiceRequired
from solver.game import Fired
from solver.questions import load_all
from solver.render import to_text
from solver.scenarios import board_file
from solver.scenarios.expectant_terror import (MONSTER_POOL, ExpectantTerror, ExpectantTerrorState, MonsterCard,
                                               NestMarkerSpawn)


@lru_cache(maxsize=1)
def _shipped_board():
    return load_board(board_file(ExpectantTerror.name))


@dataclass
class ETGame:
    """One scenario's Expectant Terror game: the scenario (options), the state, and what the last step did."""

    scenario: ExpectantTerror
    state: ExpectantTerrorState
    settings: dict[str, str] = field(default_factory=dict)
    result: Any = None
    error: Exception | None = None
    answer: Answer | None = None

    def attempt(self, action, *args, **kwargs):
        """Run an engine call; a refusal is kept for the Then steps instead of failing the When step."""
        self.error = None
        try:
            self.result = action(*args, **kwargs)
        except DeepMadnessError as exc:
            self.result = None
            self.error = exc
        return self.result


def _names(text: str) -> list[str]:
    text = text.replace(" and ", ", ")
    return [n.strip() for n in text.split(",") if n.strip()]


def _rooms(text: str) -> list[int]:
    text = text.strip()
    if text in ("none", "nowhere", ""):
        return []
    return [int(r) for r in _names(text)]


def _words(text: str) -> list[str]:
    text = text.strip()
    return [] if text in ("none", "nothing") else _names(text)


# --- the game -------------------------------------------------------------------------------------------------------
@given(parsers.parse("an Expectant Terror game with {names}"), target_fixture="et_game")
def _et_game(names):
    scenario = ExpectantTerror(_shipped_board())
    state = scenario.new_state()
    scenario.add_investigators(state, _names(names))
    return ETGame(scenario, state)


@given(parsers.parse("an Expectant Terror game set up with seed {seed:d} for {names}"), target_fixture="et_game")
def _et_game_seeded(seed, names):
    scenario = ExpectantTerror(_shipped_board())
    state = scenario.new_game(_names(names), rng=random.Random(seed))
    return ETGame(scenario, state)


@given(parsers.parse('the Expectant Terror option "{name}" is set to "{setting}"'))
def _et_option(et_game, name, setting):
    et_game.settings[name] = setting
    et_game.scenario = et_game.scenario.play_on_with(et_game.state, Options(et_game.settings))


@given(parsers.parse("the Expectant Terror devoured deck is {rooms}"))
def _et_deck(et_game, rooms):
    et_game.state.devoured_deck = _rooms(rooms)


@given(parsers.parse("nest markers lie in rooms {rooms}"))
def _et_markers(et_game, rooms):
    et_game.state.nest_markers = set(_rooms(rooms))


@given("no nest marker lies on the board")
def _et_no_markers(et_game):
    et_game.state.nest_markers = set()


@given(parsers.parse("the Expectant Terror devour marker stands on track space {space:d}"))
def _et_marker(et_game, space):
    et_game.state.devour_marker = space - 1


@given(parsers.parse("the Expectant Terror investigator {name} is on {space} with {tokens:d} infested tokens"))
def _et_investigator(et_game, name, space, tokens):
    fig = et_game.state.figures[name]
    fig.space = space
    fig.tokens.pop("infested", None)
    if tokens:
        et_game.scenario.give_infested_tokens(et_game.state, name, tokens)


@given(parsers.parse("the Expectant Terror reserve holds {husks:d} Husks and {eaters:d} Mind Eaters"))
def _et_reserve(et_game, husks, eaters):
    et_game.state.reserve = {"Husk": husks, "Mind Eater": eaters}


@given(parsers.parse("the Expectant Terror reserve holds {husks:d} Husks, {eaters:d} Mind Eaters and "
                     "{grudges:d} Grudges"))
def _et_reserve_grudges(et_game, husks, eaters, grudges):
    et_game.state.reserve = {"Husk": husks, "Mind Eater": eaters, "Grudge": grudges}


@given(parsers.parse("the Nest has {wounds:d} wounds"))
def _et_nest_wounds(et_game, wounds):
    nest = et_game.state.nest
    nest.health.wounds = wounds


@given("the Nest has taken its wound this round and left the board")
def _et_nest_gone(et_game):
    scenario, state = et_game.scenario, et_game.state
    scenario.wound_nest(state, 1)
    scenario.complete_nest_activation(state)


@given(parsers.parse("the Expectant Terror activation of {name} is under way"))
def _et_under_way(et_game, name):
    """Its beginning is behind it (as a state file's ``activation:`` gives it): the tokens don't strike here."""
    et_game.scenario.resume_activation(et_game.state, ActivationContext.normal(name))


@given(parsers.parse("the Expectant Terror monster cards drawn are {cards}"))
def _et_cards_given(et_game, cards):
    et_game.scenario.choose_monsters(et_game.state, cards=_words(cards))


# --- actions ----------------------------------------------------------------------------------------------------------
@when("the Expectant Terror spawn phase is resolved")
def _et_spawn_phase(et_game):
    et_game.attempt(et_game.scenario.spawn_phase, et_game.state)


@when(parsers.parse("the Expectant Terror spawn phase is resolved with spawn cards for {monsters}"))
def _et_spawn_phase_cards(et_game, monsters):
    et_game.attempt(et_game.scenario.spawn_phase, et_game.state, spawn_cards=_words(monsters))


@when(parsers.parse("{count:d} nest markers are spawned in Expectant Terror"))
def _et_spawn_markers(et_game, count):
    et_game.attempt(et_game.scenario.place_nest_markers, et_game.state, count)


@when(parsers.parse("the nest marker in room {room:d} is discarded"))
def _et_remove_marker(et_game, room):
    et_game.attempt(et_game.scenario.remove_nest_marker, et_game.state, room)


@when(parsers.parse("the Nest is dealt {wounds:d} wounds"))
def _et_wound(et_game, wounds):
    et_game.attempt(et_game.scenario.wound_nest, et_game.state, wounds)


@when("the Nest's additional activation ends")
def _et_nest_done(et_game):
    et_game.attempt(et_game.scenario.complete_nest_activation, et_game.state)


@when("the next Expectant Terror round begins")
def _et_next_round(et_game):
    et_game.attempt(et_game.scenario.next_round, et_game.state)


@when(parsers.parse("the Expectant Terror devour phase is resolved"))
def _et_devour(et_game):
    et_game.attempt(et_game.scenario.devour_phase, et_game.state)


@when(parsers.parse("the Expectant Terror activation of {name} begins"))
def _et_begin(et_game, name):
    et_game.attempt(et_game.scenario.begin_activation, et_game.state, ActivationContext.normal(name))


@when(parsers.parse("the Expectant Terror activation of {name} begins and {wounds:d} wounds get through the "
                    "resistance roll"))
def _et_begin_rolled(et_game, name, wounds):
    et_game.attempt(et_game.scenario.begin_activation, et_game.state, ActivationContext.normal(name),
                    choose=lambda decision: wounds)


@when(parsers.parse("the Expectant Terror investigator {name} acts outside an activation"))
def _et_outside(et_game, name):
    et_game.attempt(et_game.scenario.begin_activation, et_game.state, ActivationContext.outside(name))


@when(parsers.parse("the Expectant Terror investigator {name} discards at the nest marker"))
def _et_discard(et_game, name):
    et_game.attempt(et_game.scenario.discard_infestation, et_game.state, name)


@when(parsers.parse("the Expectant Terror investigator {name} spends an action"))
def _et_spend(et_game, name):
    et_game.attempt(et_game.scenario.spend_action, et_game.state, name)


@when("the Expectant Terror activation ends")
def _et_end(et_game):
    et_game.attempt(et_game.scenario.end_activation, et_game.state)


@when(parsers.parse("the Expectant Terror investigator {name} gets {count:d} infested tokens"))
def _et_infest(et_game, name, count):
    et_game.attempt(et_game.scenario.give_infested_tokens, et_game.state, name, count)


@when(parsers.parse("the Expectant Terror monster cards drawn are {cards}"))
def _et_cards(et_game, cards):
    et_game.attempt(et_game.scenario.choose_monsters, et_game.state, _words(cards))


@when(parsers.parse("the Expectant Terror monster cards are drawn with seed {seed:d} from {pool}"))
def _et_cards_seeded(et_game, seed, pool):
    cards = []
    for name in _names(pool):
        epic = name.startswith("epic ")
        cards.append(MonsterCard(name[5:] if epic else name, None, epic))
    et_game.attempt(et_game.scenario.choose_monsters, et_game.state, None, random.Random(seed), pool=cards)


@when(parsers.parse("the Expectant Terror investigators {names} are placed in the start room"))
def _et_place(et_game, names):
    state = et_game.scenario.new_state()
    et_game.state = state
    et_game.attempt(et_game.scenario.add_investigators, state, _names(names))


@when(parsers.parse("the Expectant Terror investigator {name} is placed on {space} in the start room"))
def _et_place_on(et_game, name, space):
    state = et_game.scenario.new_state()
    et_game.state = state
    et_game.attempt(et_game.scenario.add_investigators, state, [name], {name: space})


@when(parsers.parse('the Expectant Terror question "{name}" is asked'))
def _et_ask(et_game, name):
    et_game.answer = load_all()[name].func(et_game.state, {})


@when(parsers.parse('the Expectant Terror question "{name}" is asked with {args}'))
def _et_ask_args(et_game, name, args):
    """``args``: ``name=value`` pairs separated by "; " (a value may hold commas: ``check=17,19``)."""
    question = load_all()[name]
    raw = dict(pair.split("=", 1) for pair in args.split("; "))
    et_game.answer = question.func(et_game.state, question.bind(raw))


@when(parsers.parse("an Expectant Terror board without room {room:d} is used"))
def _et_bad_board(et_game, room):
    data = _board_data(skip_room=room)
    et_game.attempt(ExpectantTerror, board_from_data(data, "<scenario>"))


@when("an Expectant Terror board with no Nest space is used")
def _et_board_no_nest(et_game):
    data = _board_data()
    data["rooms"][2]["spaces"] = {"2a": ["spawn"], "2b": [], "2c": []}
    et_game.attempt(ExpectantTerror, board_from_data(data, "<scenario>"))


def _board_data(skip_room: int | None = None) -> dict:
    import copy

    import yaml

    data = yaml.safe_load(board_file(ExpectantTerror.name).read_text(encoding="utf-8"))
    data = copy.deepcopy(data)
    if skip_room is not None:
        gone = set(data["rooms"][skip_room]["spaces"])
        del data["rooms"][skip_room]
        data["connections"] = [c for c in data["connections"] if c[0] not in gone and c[1] not in gone]
    return data


# --- outcomes -----------------------------------------------------------------------------------------------------------
def _markers(result, key: str) -> list:
    """What a spawn of nest markers did (rooms, spaces, or how many were not placed): from a
    :class:`NestMarkerSpawn`, or from the :class:`Fired` records of a spawn phase."""
    if isinstance(result, NestMarkerSpawn):
        return {"room": list(result.rooms), "space": list(result.spaces), "not placed": result.not_placed}[key]
    assert isinstance(result, list), f"no nest markers were spawned: {result!r}"
    markers = [f.data for f in result if isinstance(f, Fired) and "marker" in f.data]
    if key == "not placed":
        return sum(m["not_placed"] for m in markers if "not_placed" in m)
    return [m[key] for m in markers if "room" in m]


@then(parsers.parse("the nest markers went to rooms {rooms}"))
def _et_went(et_game, rooms):
    assert et_game.error is None, et_game.error
    assert _markers(et_game.result, "room") == _rooms(rooms)


@then(parsers.parse("the nest markers went to the spaces {spaces}"))
def _et_went_spaces(et_game, spaces):
    assert _markers(et_game.result, "space") == _words(spaces)


@then(parsers.parse("{count:d} nest markers were not placed"))
def _et_not_placed(et_game, count):
    assert _markers(et_game.result, "not placed") == count


@then(parsers.parse("the spawn card for the {monster} spawned it on {space}"))
def _et_card_went(et_game, monster, space):
    cards = [f.data for f in et_game.result if "monster" in f.data]
    assert [(c["monster"], c["space"]) for c in cards if c["figure"]] == [(monster, space)], cards


@then(parsers.parse("the nest marker of room {room:d} is among the attack targets of {name}"))
def _et_marker_target(et_game, room, name):
    targets = et_game.scenario.attack_targets(et_game.state, name)
    assert f"nest marker (room {room})" in [t.id for t in targets], targets


@then(parsers.parse('the nest marker of room {room:d} is not an attack target of {name}, by "{rule}"'))
def _et_marker_excluded(et_game, room, name, rule):
    marker = f"nest marker (room {room})"
    assert marker not in [t.id for t in et_game.scenario.attack_targets(et_game.state, name)]
    excluded = {t.id: t.rule_id for t in et_game.scenario.attack_exclusions(et_game.state, name)}
    assert excluded.get(marker) == rule, excluded


@then(parsers.parse("the Expectant Terror board holds nest markers in rooms {rooms}"))
def _et_holds(et_game, rooms):
    assert sorted(et_game.state.nest_markers) == sorted(_rooms(rooms))


@then(parsers.parse("the Expectant Terror devour marker stands on track space {space:d} in round {round_:d}"))
def _et_marker_at(et_game, space, round_):
    assert et_game.error is None, et_game.error
    assert (et_game.state.devour_marker + 1, et_game.state.round) == (space, round_)


@then(parsers.parse("the Expectant Terror devoured deck is now {rooms}"))
def _et_deck_now(et_game, rooms):
    assert et_game.state.devoured_deck == _rooms(rooms)


@then("the Expectant Terror game goes on")
def _et_goes_on(et_game):
    outcome = et_game.state.outcome()
    assert outcome is None, outcome


@then(parsers.parse('the Expectant Terror game is lost by rule "{rule}"'))
def _et_lost(et_game, rule):
    outcome = et_game.state.outcome()
    assert outcome is not None and not outcome.is_win and outcome.rule_id == rule, outcome


@then(parsers.parse('the Expectant Terror game is won by rule "{rule}"'))
def _et_won(et_game, rule):
    outcome = et_game.state.outcome()
    assert outcome is not None and outcome.is_win and outcome.rule_id == rule, outcome


@then(parsers.parse('the Expectant Terror move is refused by rule "{rule}"'))
def _et_refused(et_game, rule):
    assert et_game.error is not None, f"the move was allowed: {et_game.result!r}"
    assert getattr(et_game.error, "rule_id", None) == rule, et_game.error


@then("the Expectant Terror move is allowed")
def _et_allowed(et_game):
    assert et_game.error is None, et_game.error


@then(parsers.parse("the Nest took {taken:d} wounds and ignored {ignored:d}"))
def _et_took(et_game, taken, ignored):
    assert et_game.error is None, et_game.error
    assert (et_game.result.taken, et_game.result.ignored) == (taken, ignored)


@then(parsers.parse("the Nest has {wounds:d} wounds in all"))
def _et_nest_total(et_game, wounds):
    assert et_game.state.nest.health.wounds == wounds


@then("the Nest takes its additional activation now")
def _et_pending(et_game):
    assert et_game.state.nest_activation_pending
    assert et_game.state.nest.space is not None


@then("the Nest takes no additional activation")
def _et_not_pending(et_game):
    assert not et_game.state.nest_activation_pending


@then("the Nest is off the board")
def _et_off(et_game):
    assert et_game.state.nest_is_removed


@then(parsers.parse("the Nest stands on {space}"))
def _et_nest_on(et_game, space):
    nest = et_game.state.nest
    assert nest.space == space and not nest.killed, (nest.space, nest.killed)


@then("the Nest is killed")
def _et_nest_killed(et_game):
    assert et_game.state.nest_is_killed


@then("the Nest is not killed")
def _et_nest_alive(et_game):
    assert not et_game.state.nest_is_killed


@then(parsers.parse("the Nest's maximum health is {health:d}"))
def _et_nest_health(et_game, health):
    assert et_game.state.nest.health.maximum == health


@then(parsers.parse("the Expectant Terror activation order is {steps}"))
def _et_order(et_game, steps):
    assert [name for _, name in et_game.scenario.activation_steps(et_game.state)] == _names(steps)


@then(parsers.parse("the Expectant Terror investigator {name} has {wounds:d} wounds and {tokens:d} infested tokens"))
def _et_inv(et_game, name, wounds, tokens):
    fig = et_game.state.figures[name]
    assert (fig.health.wounds, fig.count("infested")) == (wounds, tokens)


@then(parsers.parse("the Expectant Terror investigator {name} is killed"))
def _et_inv_killed(et_game, name):
    fig = et_game.state.figures[name]
    assert fig.killed or fig.health.is_killed


@then(parsers.parse("the Expectant Terror investigator {name} is on {space}"))
def _et_inv_on(et_game, name, space):
    assert et_game.state.figures[name].space == space


@then(parsers.parse("the Expectant Terror investigator {name} has {count:d} actions left"))
def _et_actions(et_game, name, count):
    assert et_game.state.activation is not None and et_game.state.activation.investigator == name
    assert et_game.state.actions_left == count


@then(parsers.parse("the Expectant Terror space {space} holds {count:d} {monster} figures"))
def _et_space_holds(et_game, space, count, monster):
    found = [f for f in et_game.state.figures_in(space) if f.id.startswith(monster + "#")]
    assert len(found) == count, [f.id for f in et_game.state.figures_in(space)]


@then(parsers.parse("the Expectant Terror reserve has {count:d} {monster} left"))
def _et_reserve_left(et_game, count, monster):
    assert et_game.state.reserve.get(monster, 0) == count, et_game.state.reserve


@then(parsers.parse("the {monster} figures spawned have maximum health {health:d}"))
def _et_spawned_health(et_game, monster, health):
    spawned = [f for f in et_game.state.figures.values() if f.id.startswith(monster + "#")]
    assert spawned and all(f.health.maximum == health for f in spawned)


@then(parsers.parse("the players choose where {name} starts among {spaces}"))
def _et_start_choice(et_game, name, spaces):
    assert isinstance(et_game.error, PlayerChoiceRequired), et_game.error
    assert et_game.error.options == _words(spaces) and name in et_game.error.question


@then(parsers.parse("the players choose how many wounds get through among {values}"))
def _et_roll_choice(et_game, values):
    assert isinstance(et_game.error, PlayerChoiceRequired), et_game.error
    assert et_game.error.options == [int(v) for v in _names(values)]


# --- board and setup -------------------------------------------------------------------------------------------------------
@then(parsers.parse("the Expectant Terror board's rooms are {rooms}"))
def _et_rooms(et_game, rooms):
    assert sorted(et_game.scenario.board.rooms) == sorted(_rooms(rooms))


@then("each Expectant Terror room has exactly one spawn space")
def _et_spawn_spaces(et_game):
    board = et_game.scenario.board
    for room in board.rooms.values():
        assert [s for s in room.spaces if board.space(s).is_spawn_space] == [room.spawn_space]


@then(parsers.parse("every space of the Expectant Terror board can be reached from {space}"))
def _et_connected(et_game, space):
    board = et_game.scenario.board
    assert set(board.distances_from(space)) == set(board.spaces)


@then("the Expectant Terror board is marked as an approximation of the printed diagram")
def _et_approximate(et_game):
    board = et_game.scenario.board
    assert board.approximate and "approximation" in board.note


@then(parsers.parse("the Expectant Terror Nest space is {space}"))
def _et_nest_space(et_game, space):
    assert et_game.scenario.nest_space == space
    assert et_game.scenario.board.room_of(space) == 2


@then(parsers.parse("the Expectant Terror room deck is empty and every room is devoured"))
def _et_all_devoured(et_game):
    state = et_game.state
    assert state.room_deck == [] and state.devoured_rooms == set(et_game.scenario.board.rooms)


@then("every Expectant Terror space but the spawn spaces holds one devoured effect marker")
def _et_effects(et_game):
    board, effects = et_game.scenario.board, et_game.state.devoured_effects
    expected = {s.id for s in board if not s.is_spawn_space and s.room in et_game.state.devoured_rooms}
    assert set(effects) == expected
    assert sorted(effects.values()) == list(range(1, len(expected) + 1))


@then(parsers.parse("the Expectant Terror devoured effect markers lie {how}"))
def _et_effects_order(et_game, how):
    board, effects = et_game.scenario.board, et_game.state.devoured_effects
    listed = [s for r in sorted(et_game.state.devoured_rooms) for s in board.rooms[r].spaces
              if not board.space(s).is_spawn_space]
    in_order = [effects[s] for s in listed] == list(range(1, len(listed) + 1))
    assert in_order == (how == "in the listed order"), (how, effects)


@then(parsers.parse("the Expectant Terror monster activation track is {cards}"))
def _et_track(et_game, cards):
    assert et_game.error is None, et_game.error
    assert et_game.state.monster_cards == _words(cards)


@then(parsers.parse("the Expectant Terror monster activation track holds the Husk and then {count:d} different "
                    "cards among {pool}"))
def _et_track_random(et_game, count, pool):
    track = et_game.state.monster_cards
    assert track[0] == "Husk" and len(track) == count + 1 and len(set(track)) == len(track)
    assert set(track[1:]) <= set(_names(pool)), track


@then(parsers.parse("the Expectant Terror spawn deck holds the spawn cards of {monsters}"))
def _et_spawn_deck(et_game, monsters):
    assert et_game.scenario.spawn_deck(et_game.state) == _words(monsters)


@then(parsers.parse("the expansion's normal monsters are {names}"))
def _et_pool(names):
    assert [c.name for c in MONSTER_POOL] == _names(names) and not any(c.epic for c in MONSTER_POOL)


@then(parsers.parse("the Expectant Terror devouring track's values are {values}"))
def _et_values(et_game, values):
    assert [t.value for t in et_game.scenario.devouring_track] == [int(v) for v in _names(values)]


@then(parsers.parse("the Expectant Terror hazard icon of track space {space:d} is {icon}"))
def _et_icon(et_game, space, icon):
    assert et_game.scenario.devouring_track[space - 1].hazard == icon


@then(parsers.parse('the hazard spawns {count:d} nest markers by rule "{rule}"'))
def _et_due(et_game, count, rule):
    assert et_game.scenario.nest_markers_due(et_game.state) == (count, rule)


# --- answers ------------------------------------------------------------------------------------------------------------
@then(parsers.parse("the Expectant Terror answer's choices are exactly {values}"))
def _et_choices(et_game, values):
    """Every tied option and no other: values separated by ';', a choice's rooms or spaces by ','."""
    want = [v.strip() for v in values.split(";")] if values.strip() != "none" else []
    got = [", ".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v) for v in et_game.answer.values()]
    assert sorted(got) == sorted(want), got


@then(parsers.parse("the Expectant Terror answer counts {count:d} options"))
def _et_choice_count(et_game, count):
    assert et_game.answer.result.count == count


@then(parsers.parse("every pair of the rooms {rooms} is among the Expectant Terror answer's choices"))
def _et_pairs(et_game, rooms):
    from itertools import combinations

    got = {tuple(sorted(v)) for v in et_game.answer.values()}
    for pair in combinations(sorted(_rooms(rooms)), 2):
        assert pair in got, pair


@then(parsers.parse('the Expectant Terror answer names rule "{rule}"'))
def _et_names_rule(et_game, rule):
    assert rule in et_game.answer.rules, et_game.answer.rules


@then(parsers.parse('the Expectant Terror answer does not name rule "{rule}"'))
def _et_no_rule(et_game, rule):
    assert rule not in et_game.answer.rules, et_game.answer.rules


@then(parsers.parse('the Expectant Terror answer does not say "{text}"'))
def _et_not_says(et_game, text):
    assert text not in to_text(et_game.answer), to_text(et_game.answer)


@then(parsers.parse('the Expectant Terror answer says "{text}"'))
def _et_says(et_game, text):
    assert text in to_text(et_game.answer), to_text(et_game.answer)


@then(parsers.parse('the Expectant Terror answer\'s result says "{text}"'))
def _et_result_says(et_game, text):
    """The result — the first line of the answer — says it."""
    assert text in et_game.answer.result.text, et_game.answer.result.text


@then(parsers.parse("the Expectant Terror answer's effect on {name} is {damage:d} damage, {eaters:d} Mind Eaters "
                    "spawned and {missing:d} not"))
def _et_effect(et_game, name, damage, eaters, missing):
    """The infested answer's data for one investigator (its choice's value), not its words."""
    value = next(c.value for c in et_game.answer.choices if c.value["investigator"] == name)
    spawned = value.get("mind_eaters", 0)
    assert (value["damage"], len(spawned) if isinstance(spawned, list) else spawned,
            value.get("not_spawned", 0)) == (damage, eaters, missing), value


@then(parsers.parse("the Expectant Terror answer says {name} rolls resistance against it"))
def _et_effect_roll(et_game, name):
    value = next(c.value for c in et_game.answer.choices if c.value["investigator"] == name)
    assert value["resistance_roll"] is True and value["wounds"] is None, value


@then(parsers.parse("the Expectant Terror answer says {name} may then discard at the nest marker of room {room:d}"))
def _et_effect_discard(et_game, name, room):
    value = next(c.value for c in et_game.answer.choices if c.value["investigator"] == name)
    assert value["may_discard_at_nest_marker"] == room, value


@then(parsers.parse('the Expectant Terror answer says the game is {result} by rule "{rule}"'))
def _et_answer_outcome(et_game, result, rule):
    outcome = et_game.answer.outcome
    assert outcome is not None and outcome.rule == rule, outcome
    assert outcome.result == {"won": "win", "lost": "loss"}[result], outcome
    assert et_game.answer.result.kind.value == "outcome", et_game.answer.result
