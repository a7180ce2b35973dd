"""Fevered Dreams beyond the feature files: the purple hazard checked against a plain enumeration of every order
and tie (under both readings of fevered-track.purple-order), counted rather than enumerated when the portals are
independent and refused past its limit when they crowd together; the shipped examples; the state file (round trip,
impossible positions refused, Obscure's position required); the answers that once misled (mist's lost game first,
Obscure a target whose wounds are ignored); and seeded play-outs through the scenario protocol that check the
invariants."""

from __future__ import annotations

import random
from collections import Counter
from math import prod

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.board import Geometry, space_sort_key
from solver.boardfile import board_from_data
from solver.catalog import Options
from solver.errors import PlayerChoiceRequired, RuleViolation
from solver.game import Decision, play_round
from solver.questions import load_all
from solver.scenarios import board_file
from solver.scenarios.fevered_dreams import (CARD_LIMIT, FeveredDreams, hazard_candidates, obscure_markers_in_box,
                                            purple_hazard_outcomes, purple_hazard_plan)
from solver.scenarios.fevered_dreams.questions import FIRST_FEW
from solver.spec import ROOT
from solver.yamlio import load_yaml_file

EXAMPLES = sorted(p for p in (ROOT / "examples").glob("fevered-dreams-*.yaml") if "-play-" not in p.name)
SCENARIO = FeveredDreams.with_shipped_board()
SPACES = sorted(SCENARIO.board.spaces, key=space_sort_key)


def enumerate_resolutions(state) -> Counter:
    """Every order of the portals and every choice at a tie, one after another (or, under
    fevered-track.purple-order = at-once, every portal's own choice on the board as it was): the outcome (sorted spaces)
    of each, counted. The rules stated directly, with no solver."""
    geo = Geometry.of(state)
    portals = state.portals_on_board()
    mode = state.options["fevered-track.purple-nearest-flooded"]
    counts = state.options["fevered-track.purple-portal-space"] == "counts"
    at_once = state.options["fevered-track.purple-order"] == "at-once"
    initial = state.mist_spaces()
    found: Counter = Counter()

    def walk(left, flooded, placed):
        if not left:
            found[tuple(sorted(placed, key=space_sort_key))] += 1
            return
        for c in left[:1] if at_once else left:
            rest = [x for x in left if x != c]
            where = hazard_candidates(geo.move_distances_from(portals[c]), portals[c],
                                      initial if at_once else flooded, mode, counts)
            if not where:
                walk(rest, flooded, placed)
            for s in where:
                walk(rest, flooded | {s}, placed + [s])

    walk(list(portals), initial, [])
    return found


def _position(scenario, flooded=(), removed=()):
    state = scenario.new_state()
    state.flooded_markers = {s: 1 for s in flooded}
    state.remove_portals(sorted(removed))
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flooded=st.sets(st.sampled_from(SPACES), max_size=18),
       removed=st.sets(st.sampled_from(["blue", "green", "yellow", "purple", "white"]), max_size=5),
       mode=st.sampled_from(["search-further", "no-marker", "stack"]),
       portal_space=st.sampled_from(["counts", "excluded"]),
       order=st.sampled_from(["one-after-another", "at-once"]))
def test_purple_hazard_outcomes_are_exactly_those_of_every_order_and_tie(flooded, removed, mode, portal_space, order):
    scenario = FeveredDreams(SCENARIO.board, Options({"fevered-track.purple-nearest-flooded": mode,
                                                      "fevered-track.purple-portal-space": portal_space,
                                                      "fevered-track.purple-order": order}))
    state = _position(scenario, flooded, removed)
    got = {o.placements: o.resolutions for o in purple_hazard_outcomes(state)}
    assert got == dict(enumerate_resolutions(state))
    plan = purple_hazard_plan(state)
    if order == "at-once":  # each portal's own choice: the count is of assignments, some flooding the same spaces
        assert plan.count == len({a for o in plan.all_outcomes() for a in o.by_portal})
    else:  # the groups' outcomes flood disjoint spaces: the count is of distinct placements
        assert plan.count == len(got)


def test_six_surrounded_portals_are_answered_quickly():
    import time

    state = SCENARIO.new_state()
    for space in state.portals_on_board().values():
        state.add_flooded(space)
    start = time.perf_counter()
    outcomes = purple_hazard_outcomes(state)
    assert time.perf_counter() - start < 2.0
    assert sum(o.resolutions for o in outcomes) == sum(enumerate_resolutions(state).values())


def _crowded_board(extra: int):
    """The shipped board with ``extra`` more spaces next to each portal (in its room, joined to the portal only)."""
    data = load_yaml_file(board_file(FeveredDreams.name))
    for number, room in data["rooms"].items():
        for sid, spec in list(room["spaces"].items()):
            if isinstance(spec, dict) and "portal" in spec:
                for i in range(extra):
                    room["spaces"][f"{number}z{chr(97 + i)}"] = []
                    data["connections"].append([sid, f"{number}z{chr(97 + i)}"])
    return board_from_data(data, "crowded.yaml")


def test_many_tied_neighbours_a_portal_are_counted_not_enumerated():
    """Six portals, each with its own space flooded and a dozen equally near spaces around it: millions of
    placements. The answer counts them, gives the choice portal by portal and the first few placements."""
    import time

    scenario = FeveredDreams(_crowded_board(12))
    state = scenario.new_state()
    for space in state.portals_on_board().values():
        state.add_flooded(space)
    start = time.perf_counter()
    answer = load_all()["purple-hazard"].func(state, {})
    assert time.perf_counter() - start < 5.0
    plan = purple_hazard_plan(state)
    assert answer.result.count == plan.count > 10 ** 6
    assert answer.steps and plan.count == prod(len(step.options) for step in answer.steps)
    assert len(answer.choices) == FIRST_FEW and answer.is_summarised
    for choice in answer.choices:  # each listed placement is one the engine accepts
        trial = state.copy()
        scenario.resolve_purple_hazard(trial, [s for s, n in choice.value.items() for _ in range(n)])


def test_a_devour_phase_with_millions_of_placements_asks_group_by_group():
    """Past DECISION_LIMIT placements the players are asked once for each independent group of portals, never
    for the product; what they chose is one resolution the engine accepts."""
    from solver.scenarios.fevered_dreams.state import DECISION_LIMIT

    scenario = FeveredDreams(_crowded_board(12))
    state = scenario.new_state(random.Random(1))
    for space in state.portals_on_board().values():
        state.add_flooded(space)
    state.devour_marker = 1
    plan = purple_hazard_plan(state)
    assert plan.count > DECISION_LIMIT
    before, asked, rng = state.copy(), [], random.Random(2)

    def choose(decision):
        asked.append(decision)
        return rng.choice(decision.options)

    fired = scenario.devour_phase(state, choose=choose)
    assert len(asked) == sum(1 for g in plan.groups if len(g.outcomes) > 1)
    assert all(len(d.options) <= DECISION_LIMIT for d in asked)
    placed = fired[-1].data["spaces"]
    assert plan.find(placed) and Counter(state.flooded_markers) - Counter(before.flooded_markers) == Counter(placed)


def test_portals_crowded_around_the_same_spaces_are_refused_past_the_documented_limit():
    """Twelve spaces next to every portal at once: one group of six portals whose resolutions would run into the
    billions. The engine counts them first and refuses past its limit; resolved at once, the same hazard is
    counted portal by portal."""
    import time

    from solver.errors import InputError
    from solver.scenarios.fevered_dreams.purple_hazard import GROUP_SEARCH_LIMIT

    data = load_yaml_file(board_file(FeveredDreams.name))
    portals = [sid for room in data["rooms"].values() for sid, spec in room["spaces"].items()
               if isinstance(spec, dict) and "portal" in spec]
    for i in range(12):
        data["rooms"][2]["spaces"][f"2z{chr(97 + i)}"] = []
        data["connections"] += [[p, f"2z{chr(97 + i)}"] for p in portals]
    board = board_from_data(data, "crowded.yaml")
    state = _position(FeveredDreams(board), flooded=portals)
    start = time.perf_counter()
    with pytest.raises(InputError) as info:
        purple_hazard_plan(state)
    assert time.perf_counter() - start < 2.0
    assert info.value.rule_id == "fevered-track.purple-one-portal-at-a-time"
    assert str(GROUP_SEARCH_LIMIT) in str(info.value)
    at_once = _position(FeveredDreams(board, Options({"fevered-track.purple-order": "at-once"})), flooded=portals)
    answer = load_all()["purple-hazard"].func(at_once, {})
    assert answer.result.count == prod(len(step.options) for step in answer.steps) > 10 ** 6


def test_a_purple_hazard_with_a_single_outcome_needs_no_choice():
    state = SCENARIO.new_state()
    state.devour_marker = 1
    fired = SCENARIO.devour_phase(state)
    assert [f.rule_id for f in fired] == ["fevered-track.values", "fevered-track.purple-each-portal"]
    assert sorted(state.flooded_markers) == sorted(state.portals_on_board().values())


def test_a_purple_hazard_with_ties_asks_the_players():
    state = SCENARIO.new_state()
    state.devour_marker = 1
    state.add_flooded("20b")
    with pytest.raises(PlayerChoiceRequired) as info:
        SCENARIO.devour_phase(state)
    assert info.value.rule_id == "fevered-track.purple-nearest-free-space"
    assert sorted(sorted(o) for o in info.value.options) == sorted(
        sorted(["3b", "17b", "18b", "24c", "27b", s]) for s in ("19b", "20a", "25a"))
    assert state.devour_marker == 1 and state.flooded_markers == {"20b": 1}  # nothing changed until they choose
    asked: list[Decision] = []

    def choose(decision):
        asked.append(decision)
        return ["3b", "17b", "18b", "24c", "27b", "20a"]

    SCENARIO.devour_phase(state, choose=choose)
    assert len(asked) == 1 and asked[0].chooser == "the players"
    assert state.devour_marker == 2 and state.flooded_markers["20a"] == 1


def test_a_placement_no_resolution_gives_is_refused_and_changes_nothing():
    state = SCENARIO.new_state()
    state.devour_marker = 1
    state.add_flooded("20b")
    with pytest.raises(RuleViolation) as info:
        SCENARIO.devour_phase(state, choose=lambda d: ["20b", "3b", "17b", "18b", "24c", "27b"])
    assert info.value.rule_id == "fevered-track.purple-nearest-free-space"
    assert state.devour_marker == 1 and state.flooded_markers == {"20b": 1}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_answers_its_question_and_round_trips(path):
    from solver.state import dump_state, load_state, section_format, state_from_data

    example = load_yaml_file(path)["example"]
    state = load_state(path)
    q = load_all()[example["question"]]
    answer = q.func(state, q.bind(example.get("args") or {}))
    assert answer.question == example["question"] and answer.result.text and answer.choices
    assert all(r for r in answer.rules) and answer.approximate_board
    again = state_from_data(dump_state(state), str(path), base_dir=path.parent)
    section = section_format(state.scenario)
    assert section.write(again) == section.write(state)


def test_every_fevered_question_has_an_example():
    questions = [name for name, q in load_all().items() if q.scenarios == (FeveredDreams.name,)]
    assert sorted(questions) == ["mist", "obscure-spawn", "purple-hazard"]
    for name in questions:
        assert (ROOT / "examples" / f"fevered-dreams-{name}.yaml").exists()


def _fd_file(**section):
    from solver.state import state_from_data

    data = {"scenario": FeveredDreams.name, "investigators": {"Lisbeth Gibson": {"space": "2a"},
                                                              "Sophie Brigman": {"space": "17b"}},
            "fevered-dreams": section}
    return state_from_data(data, "fd.yaml")


def test_a_state_file_that_does_not_say_where_obscure_stands_is_refused():
    from solver.errors import InputError

    with pytest.raises(InputError) as info:
        _fd_file(obscure_card=1)
    assert (info.value.entry, info.value.rule_id) == ("fevered-dreams.obscure_portal",
                                                       "fevered-setup.obscure-on-portal")
    assert _fd_file(obscure_portal="green").obscure_space == "18b"
    state = _fd_file(removed_portals=["red", "blue", "green", "yellow", "purple", "white"])
    assert state.obscure_portal is None and state.outcome().is_win


# State files: what the section says is read back unchanged; positions the rules can't produce are refused, naming
# the entry and the rule (input checks, kept here rather than in the specification, whose scenarios are rulings).
def test_a_position_read_written_and_read_again_is_the_same_position():
    from solver.state import dump_state, section_format, state_from_data

    state = _fd_file(obscure_portal="green", removed_portals=["white", "red"], obscure_card=2,
                     obscure_markers=[{"space": "3a", "wounds": 2}, "24a"], flooded_markers={"17b": 2, "3a": 1},
                     existence={"Lisbeth Gibson": 3})
    assert state.obscure_space == "18b" and sorted(state.face_down) == ["blue", "purple", "yellow"]
    assert state.flooded_markers == {"3a": 1, "17b": 2}
    again = state_from_data(dump_state(state), "again.yaml")
    assert section_format(state.scenario).write(again) == section_format(state.scenario).write(state)


@pytest.mark.parametrize("section, entry, rule", [
    ({"obscure_portal": "red", "removed_portals": ["white"], "face_down": ["blue", "green", "yellow", "purple",
                                                                          "white"]},
     "fevered-dreams.face_down", "fevered-investigate.reveal-next-portal"),
    ({"obscure_portal": "red", "face_down": ["blue", "green"]}, "fevered-dreams.face_down",
     "fevered-investigate.reveal-next-portal"),
    ({"obscure_portal": "white", "removed_portals": ["white"]}, "fevered-dreams.obscure_portal",
     "fevered-investigate.remove-portal"),
    ({"obscure_portal": None}, "fevered-dreams.obscure_portal", "fevered-setup.obscure-on-portal"),
    ({"flooded": {"3a": 2}}, "fevered-dreams.obscure_portal", "fevered-setup.obscure-on-portal"),
    ({"obscure_portal": "red", "obscure_markers": ["2b", "2b"]}, "fevered-dreams.obscure_markers[1]",
     "fevered-obscure-marker.different-rooms"),
    ({"obscure_portal": "red", "flooded": {"3a": 0}}, "fevered-dreams.flooded.3a", "fevered-mist.markers-stack"),
    ({"obscure_portal": "red", "obscure_markers": [{"space": "3b"}]}, "fevered-dreams.obscure_markers[0].space",
     "fevered-obscure-marker.spawn-three"),
], ids=["face-down marker of a removed portal", "face-down marker missing", "Obscure on a removed portal",
        "Obscure nowhere", "no obscure_portal at all", "two obscure markers in one room", "0 flooded markers",
        "obscure marker off the spawn spaces"])
def test_impossible_positions_are_refused(section, entry, rule):
    from solver.errors import InputError

    with pytest.raises(InputError) as info:
        _fd_file(**section)
    assert (info.value.file, info.value.entry, info.value.rule_id) == ("fd.yaml", entry, rule)


def _fd_data(section: dict, top: dict | None = None, options: dict | None = None) -> dict:
    """State-file data: Lisbeth Gibson on 2a, Obscure on the red portal, then ``section`` in the scenario's section,
    ``top`` at the top level and ``options``."""
    data = {"scenario": FeveredDreams.name, "investigators": {"Lisbeth Gibson": {"space": "2a"}},
            "fevered-dreams": {"obscure_portal": "red", **section}, **(top or {})}
    if options:
        data["options"] = options
    return data


# Once scenarios of the specification, tagged with the rule each entry breaks; they check a state file, not a game
# ruling (issue 11), so they live here.
@pytest.mark.parametrize("section, top, entry, rule", [
    ({}, {"room_deck": [3], "devoured_deck": [2, 4, 17, 18, 19, 20, 24, 25, 27]}, "room_deck",
     "fevered-board.devoured-deck"),
    ({}, {"devoured_deck": [2, 3, 4, 17, 18, 19, 20, 24, 25], "devoured_rooms": [2, 3, 4, 17, 18, 19, 20, 24, 25]},
     "devoured_rooms", "fevered-board.devoured-deck"),
    ({"devoured_effects": {"3a": None}}, {}, "fevered-dreams.devoured_effects.3a", "fevered-board.devoured-effects"),
    ({"obscure_card": 4}, {}, "fevered-dreams.obscure_card", "fevered-obscure-marker.card-limit"),
    ({"obscure_markers": ["3a", "4a", "17a", "18a"]}, {}, "fevered-dreams.obscure_markers",
     "fevered-obscure-marker.end-of-round-flooded"),
    ({"monster_cards": ["Grudge", {"name": "Leviath", "epic": True}]}, {}, "fevered-dreams.monster_cards[1]",
     "fevered-setup.no-epic-monsters"),
], ids=["a room in the room deck", "a room missing from the devoured deck", "a devoured effect on a spawn space",
        "four on the Obscure card", "four obscure markers on the board", "an epic monster"])
def test_a_state_file_that_breaks_a_rule_is_refused_naming_the_entry_and_the_rule(section, top, entry, rule):
    from solver.errors import InputError
    from solver.state import state_from_data

    with pytest.raises(InputError) as info:
        state_from_data(_fd_data(section, top), "fd.yaml")
    assert (info.value.file, info.value.entry, info.value.rule_id) == ("fd.yaml", entry, rule)


@pytest.mark.parametrize("level, verdict", [("5", "refused"), ("6", "read"), ("7", "read")])
def test_a_state_file_cant_show_an_existence_above_the_start_level(level, verdict):
    """An existence of 6 is read only where fevered-existence.dial-start-level allows it (fevered-existence.no-recovery)."""
    from solver.errors import InputError
    from solver.state import state_from_data

    data = _fd_data({"existence": {"Lisbeth Gibson": 6}}, options={"fevered-existence.dial-start-level": level})
    if verdict == "read":
        assert state_from_data(data, "fd.yaml").existence["Lisbeth Gibson"] == 6
    else:
        with pytest.raises(InputError) as info:
            state_from_data(data, "fd.yaml")
        assert (info.value.entry, info.value.rule_id) == ("fevered-dreams.existence.Lisbeth Gibson",
                                                           "fevered-existence.no-recovery")


def test_more_than_six_obscure_markers_in_all_are_refused():
    from solver.errors import InputError
    from solver.state import state_from_data

    data = {"scenario": FeveredDreams.name, "options": {"fevered-obscure.kill-when-card-full": "leave-game"},
            "investigators": {"Lisbeth Gibson": {"space": "2a"}},
            "fevered-dreams": {"obscure_portal": "red", "obscure_card": 3, "obscure_markers_removed": 2,
                               "obscure_markers": ["3a", "4a"]}}
    with pytest.raises(InputError) as info:
        state_from_data(data, "fd.yaml")
    assert (info.value.entry, info.value.rule_id) == ("fevered-dreams", "fevered-obscure-marker.supply")


def test_the_former_key_names_are_still_read_and_the_new_ones_written():
    from solver.errors import InputError
    from solver.state import section_format

    old = _fd_file(obscure_portal="red", flooded={"3a": 2})
    new = _fd_file(obscure_portal="red", flooded_markers={"3a": 2})
    assert old.flooded_markers == new.flooded_markers == {"3a": 2}
    assert section_format(new.scenario).write(old)["flooded_markers"] == {"3a": 2}
    with pytest.raises(InputError) as info:
        _fd_file(obscure_portal="red", flooded={"3a": 1}, flooded_markers={"3a": 1})
    assert info.value.entry == "fevered-dreams.flooded"


def test_mist_says_first_that_the_game_is_lost_when_a_dial_would_reach_0():
    state = _fd_file(obscure_portal="red", flooded={"17b": 2}, existence={"Sophie Brigman": 2})
    answer = load_all()["mist"].func(state, {})
    assert answer.result.kind.value == "outcome" and answer.result.text.startswith("The game is lost")
    assert "Sophie Brigman" in answer.result.text
    assert answer.outcome.result == "loss" and answer.outcome.rule == "outcome.loss-investigator-killed"
    row = {c.value["investigator"]: c.value for c in answer.choices}["Sophie Brigman"]
    assert row["devoured"] and row["existence_after"] == 0
    assert state.existence["Sophie Brigman"] == 2  # the question changes nothing
    safe = _fd_file(obscure_portal="red", flooded={"17b": 1}, existence={"Sophie Brigman": 2})
    answer = load_all()["mist"].func(safe, {})
    assert answer.result.kind.value == "determined" and answer.outcome is None


def test_mist_on_a_position_already_lost_says_so_first():
    state = _fd_file(obscure_portal="red", existence={"Sophie Brigman": 0})
    answer = load_all()["mist"].func(state, {})
    assert answer.result.text.startswith("The game is already lost") and answer.outcome.result == "loss"


def test_obscure_is_a_legal_attack_target_whose_wounds_are_ignored():
    state = _fd_file(obscure_portal="blue")
    answer = load_all()["attack-targets"].func(state, {"investigator": "Sophie Brigman", "range": 0})
    (choice,) = [c for c in answer.choices if c.value["target"] == "Obscure"]
    assert "fevered-obscure.no-wounds" in choice.rules
    actions = SCENARIO.legal_actions(state, "Sophie Brigman")
    attack = next(a for a in actions if a.name == "attack" and a.args["target"] == "Obscure")
    fired = SCENARIO.take_action(state, "Sophie Brigman", attack, choose=lambda d: 4)
    assert [f.rule_id for f in fired] == ["fevered-obscure.no-wounds"] and state.outcome() is None


def test_attack_targets_show_an_obscure_markers_health_and_say_why_a_full_card_shields_them():
    from solver.state import state_from_data

    def ask(setting):
        data = {"scenario": FeveredDreams.name, "options": {"fevered-obscure.kill-when-card-full": setting},
                "investigators": {"Lisbeth Gibson": {"space": "2b"}},
                "fevered-dreams": {"obscure_portal": "white", "obscure_card": 3,
                                   "obscure_markers": [{"space": "2b", "wounds": 1}]}}
        return load_all()["attack-targets"].func(state_from_data(data, "fd.yaml"),
                                                 {"investigator": "Lisbeth Gibson", "range": 0})

    (choice,) = ask("to-supply").choices
    assert choice.value["target"] == "Obscure marker#1" and choice.value["health"] == [3, 4]
    shielded = ask("no-attack")
    assert not shielded.choices and "fevered-obscure-marker.card-limit" in shielded.rules
    assert any("Obscure marker#1" in line for line in shielded.explanation)


def test_purple_hazard_says_first_that_the_next_purple_icon_is_the_tracks_last_space():
    state = _fd_file(obscure_portal="red")
    state.devour_marker = 6  # on space 7: the next purple icon is under space 9, the last
    answer = load_all()["purple-hazard"].func(state, {})
    assert answer.result.kind.value == "outcome" and answer.result.text.startswith("The game is lost")
    assert answer.outcome.rule == "outcome.loss-devouring-track" and answer.choices
    state.devour_marker = 1  # on space 2: the next purple icon is under space 3
    assert load_all()["purple-hazard"].func(state, {}).outcome is None


def test_at_once_lets_two_portals_stack_on_a_shared_space():
    scenario = FeveredDreams(SCENARIO.board, Options({"fevered-track.purple-order": "at-once"}))
    state = _position(scenario, ["3b", "17b"], ["green", "yellow", "purple", "white"])
    got = {o.placements for o in purple_hazard_outcomes(state)}
    assert ("17a", "17a") in got and ("3a", "17c") in got
    answer = load_all()["purple-hazard"].func(state, {})
    assert answer.options["fevered-track.purple-order"] == "at-once" and "all at once" in answer.result.text


def test_a_new_game_asks_where_each_investigator_starts_only_when_the_players_place_them():
    """fevered-setup.start-space: by default new_game puts everyone on 2a and asks nothing; under
    anywhere-in-start-room it asks, for each investigator, among the spaces of room 2, and places the answer."""
    asked = []

    def choose(decision):
        asked.append(decision)
        return "2c" if "Lisbeth" in decision.question else "2b"

    state = SCENARIO.new_game(["Lisbeth Gibson", "Sophie Brigman"], random.Random(1), choose)
    assert asked == [] and {state.figures[n].space for n in ("Lisbeth Gibson", "Sophie Brigman")} == {"2a"}
    scenario = FeveredDreams(SCENARIO.board, Options({"fevered-setup.start-space": "anywhere-in-start-room"}))
    state = scenario.new_game(["Lisbeth Gibson", "Sophie Brigman"], random.Random(1), choose)
    assert [(d.rule_id, d.options) for d in asked] == [("fevered-board.start-room", ("2a", "2b", "2c"))] * 2
    assert (state.figures["Lisbeth Gibson"].space, state.figures["Sophie Brigman"].space) == ("2c", "2b")
    with pytest.raises(PlayerChoiceRequired):
        scenario.new_game(["Lisbeth Gibson"], random.Random(1))


def test_a_board_marking_two_start_spaces_leaves_the_start_to_the_players():
    """Under the default start-space setting the engine never picks one of two spaces marked "start"."""
    data = load_yaml_file(board_file(FeveredDreams.name))
    data["rooms"][2]["spaces"]["2c"] = ["start"]
    scenario = FeveredDreams(board_from_data(data, "two-starts.yaml"))
    state = scenario.new_state()
    with pytest.raises(PlayerChoiceRequired) as info:
        scenario.add_investigator(state, "Lisbeth Gibson", 7)
    assert (info.value.rule_id, info.value.options) == ("fevered-board.start-room", ["2a", "2c"])
    scenario.add_investigator(state, "Lisbeth Gibson", 7, "2c")
    assert state.figures["Lisbeth Gibson"].space == "2c"


@pytest.mark.parametrize("seed", range(6))
def test_seeded_play_outs_through_the_protocol_keep_the_scenario_invariants(seed):
    """Whole games with random choices, driven by solver.game.play_round alone: the invariants hold after every
    round, existence is never recovered, flooded markers stay, and the game ends by a rule of the scenario."""
    rng = random.Random(seed)
    scenario = SCENARIO
    state = scenario.new_game(["Lisbeth Gibson", "Sophie Brigman"], rng)

    def pick(actions):
        return rng.choice(actions + [None]) if actions else None

    prev_existence, prev_flooded = dict(state.existence), Counter(state.flooded_markers)
    while state.outcome() is None:
        play_round(scenario, state, rng, lambda d: rng.choice(d.options), pick)
        assert scenario.invariants(state) == []
        assert not state.obscure_markers or state.is_over()
        assert 0 <= state.obscure_card <= CARD_LIMIT <= obscure_markers_in_box()
        assert all(state.existence[n] <= prev_existence[n] for n in prev_existence)  # never recovered
        assert all(state.flooded_markers.get(s, 0) >= n for s, n in prev_flooded.items())  # they stay
        prev_existence, prev_flooded = dict(state.existence), Counter(state.flooded_markers)
    assert state.outcome().rule_id in ("outcome.loss-devouring-track", "outcome.loss-investigator-killed",
                                       "fevered-outcome.win-portals-removed")
