"""Fathoms Dark beyond the feature files: the state file's section (every refusal names file, entry and rule),
the round trip through dump_state, the unbound-activation question (answers as data: per-step choices, counts, who
decides), the counting search checked against a plain one, and random play-outs that keep the invariants."""

from __future__ import annotations

import copy
import itertools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.cli import example_argv, main
from solver.activation import ActivationContext
from solver.errors import BadParameter, InputError, RuleViolation
from tests.test_state_support import assert_refused
from solver.health import Health
from solver.questions import REGISTRY, load_all
from solver.scenarios.fathoms_dark import (SCENARIO_CARDS, UNBOUND_MARKERS, ActionTable, FathomsDark, SearchCard,
                                           action_choices, conditions_in_force, unbound_activation_sequences)
from solver.spec import ROOT
from solver.state import dump_state, state_from_data

BASE = {
    "scenario": "fathoms-dark",
    "investigators": {"Lisbeth Gibson": {"space": "17b"}, "Sophie Brigman": {"space": "24a"},
                      "Isaiah Wiesenthal": {"space": "25b"}},
    "fathoms-dark": {"objective_markers": {"Lisbeth Gibson": "circle", "Sophie Brigman": "star",
                                           "Isaiah Wiesenthal": "square"},
                     "acquired": ["Sophie Brigman"], "unbound_markers": {"Sophie Brigman": {}},
                     "search_deck": [{"name": "Flare"}, {"name": "Harpoon", "weapon": True, "range": 1}]},
}


def _read(section_changes=None, drop=(), **top):
    data = copy.deepcopy(BASE)
    data.update(top)
    for key in drop:
        del data["fathoms-dark"][key]
    data["fathoms-dark"].update(section_changes or {})
    return state_from_data(data, "pos.yaml")


def test_the_base_position_reads():
    state = _read()
    assert state.is_covered("Sophie Brigman") and not state.is_covered("Lisbeth Gibson")
    assert state.unbound_card == 11 and state.removed_markers == 0
    assert state.scenario_deck == ["circle", "square"]
    assert state.unbound_space == "5b"
    assert state.markers_accounted() == UNBOUND_MARKERS


BAD_SECTIONS = [
    ({"objective_markers": {"Lisbeth Gibson": "circle", "Sophie Brigman": "star"}},
     "fathoms-dark.objective_markers", "fathoms-setup.objective-marker", "missing: Isaiah Wiesenthal"),
    ({"objective_markers": {"Lisbeth Gibson": "circle", "Sophie Brigman": "circle", "Isaiah Wiesenthal": "square"}},
     "fathoms-dark.objective_markers.Sophie Brigman", "fathoms-setup.objective-marker", "two investigators"),
    ({"objective_markers": {"Lisbeth Gibson": "moon", "Sophie Brigman": "star", "Isaiah Wiesenthal": "square"}},
     "fathoms-dark.objective_markers.Lisbeth Gibson", None, "unknown objective marker symbol"),
    ({"scenario_deck": ["circle", "square", "hexagon"]},
     "fathoms-dark.scenario_deck[2]", "fathoms-setup.unused-cards-out", "nobody drew"),
    ({"scenario_deck": ["circle", "circle", "square"]},
     "fathoms-dark.scenario_deck[1]", "fathoms-setup.face-down-deck", "twice"),
    ({"scenario_deck": ["circle"]},
     "fathoms-dark.scenario_deck", "fathoms-setup.face-down-deck", "Isaiah Wiesenthal's card"),
    ({"scenario_deck": ["star", "circle", "square"]},
     "fathoms-dark.scenario_deck[0]", "fathoms-markers.one-per-objective-point", "covered"),
    ({"to_place": ["Lisbeth Gibson"]},
     "fathoms-dark.to_place[0]", "fathoms-cards.holder-acquires", "after acquiring"),
    ({"to_place": ["Sophie Brigman"]},
     "fathoms-dark.unbound_markers.Sophie Brigman", "fathoms-markers.one-per-objective-point", "placed"),
    ({"unbound_markers": {"Sophie Brigman": {"wounds": 4}}},
     "fathoms-dark.unbound_markers.Sophie Brigman.wounds", "fathoms-markers.killed-removed", "above"),
    ({"unbound_markers": {"Lisbeth Gibson": {}, "Sophie Brigman": {}}},
     "fathoms-dark.unbound_markers.Lisbeth Gibson", "fathoms-markers.one-per-objective-point", "acquired"),
    ({"unbound_card": 12},
     "fathoms-dark.unbound_card", "fathoms-outcome.twelve-markers", "make 13"),
    ({"removed_markers": 13},
     "fathoms-dark.removed_markers", "fathoms-outcome.twelve-markers", "above"),
    ({"acquired": ["Sophie Brigman", "Lisbeth Gibson"], "scenario_deck": ["square"]},
     "fathoms-dark.acquired", "fathoms-cards.marker-from-unbound-card", "no marker to place"),
    ({"search_deck": [{"name": "Knife", "weapon": True}]},
     "fathoms-dark.search_deck[0].range", None, "missing"),
    ({"search_deck": [{"name": "Flare", "range": 2}]},
     "fathoms-dark.search_deck[0].range", None, "no weapon"),
    ({"devoured_effect_markers": {"5a": "Rot"}},
     "fathoms-dark.devoured_effect_markers.5a", "fathoms-board.devoured-effects", "spawn space"),
    ({"devoured_effect_markers": {"17a": "Rot"}},
     "fathoms-dark.devoured_effect_markers.17a", "fathoms-board.devoured-effects", "not devoured"),
    ({"unbound": {"space": "99z"}}, "fathoms-dark.unbound.space", None, "no space"),
    ({"unbound": {"wounds": 1}}, "fathoms-dark.unbound.health", "fathoms-unbound.lives", "not public"),
    ({"monster_cards": ["Husk", "Unbound"]},
     "fathoms-dark.monster_cards[1]", "fathoms-setup.unbound-card-last", "not chosen"),
    ({"flooded": {"5a": 1}}, "fathoms-dark", None, "unknown key 'flooded'"),
]


@pytest.mark.parametrize("changes, entry, rule, words", BAD_SECTIONS, ids=[b[3] for b in BAD_SECTIONS])
def test_a_bad_section_is_refused_naming_file_entry_and_rule(changes, entry, rule, words):
    assert_refused(_read, changes, entry, rule, words)


def test_an_idle_card_holder_is_fine_with_the_card_empty_and_keep_card():
    state = _read({"acquired": ["Sophie Brigman", "Lisbeth Gibson"], "scenario_deck": ["square"],
                   "unbound_card": 0, "removed_markers": 11})
    assert state.acquired == ["Sophie Brigman", "Lisbeth Gibson"] and not state.is_covered("Lisbeth Gibson")
    with pytest.raises(InputError, match="keep-card"):
        _read({"acquired": ["Sophie Brigman", "Lisbeth Gibson"], "scenario_deck": ["square"], "unbound_card": 0,
               "removed_markers": 11}, options={"fathoms-cards.empty-unbound-card": "shuffle-back"})


def test_seven_investigators_can_not_be_dealt():
    scenario = FathomsDark.with_shipped_board()
    state = scenario.new_game(["Lisbeth Gibson"], deal=False)
    for i in range(6):
        state.figures[f"X{i}"] = copy.deepcopy(state.figures["Lisbeth Gibson"])
        state.figures[f"X{i}"].id = f"X{i}"
    with pytest.raises(RuleViolation) as caught:
        scenario.deal_scenario_cards(state, rng=random.Random(1))
    assert caught.value.rule_id == "fathoms-setup.draw-scenario-card"


def test_setup_is_reproducible_from_a_seed():
    scenario = FathomsDark.with_shipped_board()
    names = ["Lisbeth Gibson", "Sophie Brigman", "Isaiah Wiesenthal"]
    a = scenario.new_game(names, rng=random.Random(42))
    b = scenario.new_game(names, rng=random.Random(42))
    assert (a.objective_markers, a.scenario_deck, a.room_deck) == (b.objective_markers, b.scenario_deck, b.room_deck)
    for name in names:
        assert a.figures[name].space == scenario.board.objective_points[a.objective_markers[name]]


def _snapshot(state):
    fields = ("objective_markers", "scenario_deck", "acquired", "to_place", "unbound_card", "unbound_markers",
              "removed_markers", "search_deck", "search_discard")
    return copy.deepcopy({f: getattr(state, f) for f in fields}), {k: (f.space, f.health.wounds)
                                                                  for k, f in state.figures.items()}


def test_a_refused_operation_leaves_the_state_as_it_was():
    scenario = FathomsDark.with_shipped_board()
    state = _read({"unbound_card": 0, "removed_markers": 11, "to_place": ["Lisbeth Gibson"],
                   "acquired": ["Sophie Brigman", "Lisbeth Gibson"], "scenario_deck": ["square"]},
                  options={"fathoms-cards.empty-unbound-card": "shuffle-back"})
    scenario = state.scenario
    before = _snapshot(state)
    refusals = [
        lambda: scenario.end_of_activation_phase(state),  # a shuffle with no chance given
        lambda: scenario.shuffle_card_back(state, "Lisbeth Gibson", position=5),
        lambda: scenario.damage_unbound_marker(state, "Lisbeth Gibson", "Sophie Brigman", 4),
        lambda: scenario.damage_unbound_marker(state, "Sophie Brigman", "Sophie Brigman", 1),
        lambda: scenario.damage_unbound(state, "Sophie Brigman", 1),
        lambda: scenario.take_unbound_activation(state, "Sophie Brigman", ["no action"] * 3),
        lambda: scenario.move_unbound_marker(state, "Sophie Brigman", "24a"),
    ]
    for refuse in refusals:
        with pytest.raises((RuleViolation, ValueError)):
            refuse()
        assert _snapshot(state) == before
    state.scenario_deck.insert(0, "star")  # a hand-built deck holding a covered investigator's card
    before = _snapshot(state)
    with pytest.raises(RuleViolation) as caught:
        scenario.start_round(state)
    assert caught.value.rule_id == "fathoms-markers.one-per-objective-point"
    assert _snapshot(state) == before


def test_chance_must_be_explicit():
    scenario = FathomsDark.with_shipped_board()
    state = scenario.new_game(["Lisbeth Gibson"], deal=False)
    with pytest.raises(ValueError, match="chance"):
        scenario.deal_scenario_cards(state)
    state = _read()
    with pytest.raises(ValueError, match="chance"):
        scenario.shuffle_card_back(state, "Sophie Brigman")


# --- state files: writing and reading back -----------------------------------------------------------------------------
def test_dump_state_reads_back_the_same_position():
    state = _read({"unbound_markers": {"Sophie Brigman": {"wounds": 2}}, "unbound": {"health": 6, "wounds": 1},
                   "search_discard": [{"name": "Rope"}], "monster_cards": ["Husk"]},
                  monsters=[{"type": "Husk", "space": "24a"}], round=4, devour_marker=3)
    data = dump_state(state)
    again = state_from_data(json.loads(json.dumps(data)), "again.yaml")
    assert dump_state(again) == data
    assert again.unbound_markers["Sophie Brigman"].wounds == 2
    assert again.unbound_health.current == 5
    assert again.search_discard == [SearchCard("Rope")]


# --- the question --------------------------------------------------------------------------------------------------------
def test_the_question_is_registered_for_fathoms_dark_only():
    q = load_all()["unbound-activation"]
    assert q.scenarios == ("fathoms-dark",)


def test_the_example_lists_both_ways(capsys):
    path = ROOT / "examples" / "fathoms-dark-unbound-activation.yaml"
    assert main(example_argv(path) + ["--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert sorted(tuple(c["value"]["actions"]) for c in answer["choices"]) == [
        ("move 5b→5a", "move 5a→27c", "attack Lisbeth Gibson"),
        ("move 5b→5c", "move 5c→26a", "attack Isaiah Wiesenthal")]
    assert all(c["value"]["weapon"] == "Knife" for c in answer["choices"])
    assert answer["steps"] == []  # the second move depends on the first: whole courses, not per-step choices
    assert answer["result"]["count"] == 2 and answer["chooser"] == "the attacking investigator"
    assert answer["result"]["text"].startswith("Sophie Brigman attacks with Knife")
    assert sorted(c["draw"]["paths"][0][-1] for c in answer["choices"]) == ["26a", "27c"]
    assert "fathoms-activation.attacker-breaks-ties" in answer["rules"]


def test_the_attack_targets_example_offers_the_marker_and_the_husk(capsys):
    path = ROOT / "examples" / "fathoms-dark-attack-targets.yaml"
    assert main(example_argv(path) + ["--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert sorted(c["value"]["target"] for c in answer["choices"]) == ["Husk#1", "unbound marker (Sophie Brigman)"]
    assert "fathoms-markers.monster-for-others" in answer["rules"]


def test_an_uncovered_investigator_has_no_unbound_activation():
    answer = REGISTRY["unbound-activation"].func(_read(), {"investigator": "Lisbeth Gibson"})
    assert answer.choices == () and "takes no unbound activation" in answer.result.text
    assert answer.rules == ("fathoms-activation.who",)


def test_an_unknown_investigator_is_bad_input():
    with pytest.raises(BadParameter, match="no investigator 'Emma'"):
        REGISTRY["unbound-activation"].func(_read(), {"investigator": "Emma"})


def test_the_question_changes_nothing():
    state = _read()
    before = dump_state(state)
    REGISTRY["unbound-activation"].func(state, {"investigator": "Sophie Brigman"})
    assert dump_state(state) == before


def test_a_reshuffle_needs_a_seed():
    state = _read({"search_deck": [{"name": "Flare"}], "search_discard": [{"name": "Knife", "weapon": True,
                                                                         "range": 0}]})
    with pytest.raises(BadParameter, match="seed") as caught:
        REGISTRY["unbound-activation"].func(state, {"investigator": "Sophie Brigman"})
    assert caught.value.parameter == "seed"
    answer = REGISTRY["unbound-activation"].func(state, {"investigator": "Sophie Brigman", "seed": 3})
    assert answer.choices and all(c.value["weapon"] == "Knife" for c in answer.choices)
    with pytest.raises(BadParameter, match="whole number"):
        REGISTRY["unbound-activation"].bind({"investigator": "Sophie Brigman", "seed": "three"})


# --- the counting search against a plain one ------------------------------------------------------------------------------
def _plain_search(state, investigator, weapon):
    """Every sequence by straightforward recursion over action_choices: the reference for the counting search."""
    out = []

    def walk(at, seq):
        if len(seq) == 3:
            out.append(tuple(seq))
            return
        for action in action_choices(state, investigator, weapon, at):
            walk(action.end, seq + [action])

    walk(state.figures[investigator].space, [])
    return out


SPACES = sorted(FathomsDark.with_shipped_board().board.spaces)
OTHERS = ["Lisbeth Gibson", "Isaiah Wiesenthal", "Franklyn Christie", "Christopher Dalton"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(me=st.sampled_from(SPACES), others=st.lists(st.sampled_from(SPACES), min_size=0, max_size=4),
       weapon_range=st.integers(0, 3), nearest=st.sampled_from(["fewest-moves", "sight-distance"]))
def test_the_search_counts_and_lists_exactly_the_legal_sequences(me, others, weapon_range, nearest):
    data = copy.deepcopy(BASE)
    data["options"] = {"fathoms-activation.nearest-target": nearest}
    data["investigators"] = {"Sophie Brigman": {"space": me}}
    markers = {"Sophie Brigman": "star"}
    for name, space, symbol in zip(OTHERS, others, ["circle", "square", "cross", "hexagon"]):
        data["investigators"][name] = {"space": space}
        markers[name] = symbol
    data["fathoms-dark"]["objective_markers"] = markers
    state = state_from_data(data, "h.yaml")
    weapon = SearchCard("W", True, weapon_range)
    got = unbound_activation_sequences(state, "Sophie Brigman", weapon)
    plain = _plain_search(state, "Sophie Brigman", weapon)
    assert len(got) == len(set(got)) == len(plain)
    assert set(got) == set(plain)
    table = ActionTable(state, "Sophie Brigman", weapon)
    assert table.count() == len(plain)  # counted without listing
    steps = table.steps()
    if steps:  # independent steps: the courses are exactly their product
        assert set(itertools.product(*steps)) == set(plain)
    for seq in got:  # every action is an attack when one is possible, and attacks only the nearest
        assert table.allows([str(a) for a in seq]) == seq
        for action in seq:
            options = action_choices(state, "Sophie Brigman", weapon, action.at)
            assert action in options
            if any(o.kind == "attack" for o in options):
                assert action.kind == "attack"


# --- random play-outs ---------------------------------------------------------------------------------------------------------
def _check_invariants(state):
    assert state.markers_accounted() == UNBOUND_MARKERS
    assert min(state.unbound_card, state.removed_markers) >= 0
    for inv, card in state.objective_markers.items():
        in_deck = card in state.scenario_deck
        assert in_deck != (inv in state.acquired), (inv, state.scenario_deck, state.acquired)
        if state.is_covered(inv):
            assert inv in state.acquired and inv not in state.to_place
    assert len(state.scenario_deck) == len(set(state.scenario_deck))
    assert set(state.scenario_deck) <= set(SCENARIO_CARDS)
    outcome = state.scenario.scenario_win(state)
    assert (outcome is not None) == (state.removed_markers == UNBOUND_MARKERS)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(1, 5), rounds=st.integers(1, 12),
       lives=st.sampled_from(["marker-per-kill", "marker-per-wound"]),
       empty=st.sampled_from(["keep-card", "shuffle-back"]))
def test_random_play_keeps_twelve_markers_and_one_card_each(seed, players, rounds, lives, empty):
    from solver.catalog import Options

    rng = random.Random(seed)
    scenario = FathomsDark.with_shipped_board(Options({"fathoms-unbound.unbound-lives": lives,
                                                       "fathoms-cards.empty-unbound-card": empty}))
    names = ["Lisbeth Gibson", "Sophie Brigman", "Isaiah Wiesenthal", "Franklyn Christie",
             "Christopher Dalton"][:players]
    state = scenario.new_game(names, rng=rng)
    state.unbound_health = None if lives == "marker-per-wound" else Health(3)  # its card's value is not public
    _check_invariants(state)
    for _ in range(rounds):
        scenario.start_round(state)
        _check_invariants(state)
        for _ in range(rng.randint(0, 4)):  # the investigators attack markers and Unbound
            attacker = rng.choice(names)
            owners = [o for o in state.unbound_markers if o != attacker]
            if owners and rng.random() < 0.6:
                scenario.damage_unbound_marker(state, attacker, rng.choice(owners), rng.randint(0, 4), rng=rng)
            elif not state.is_covered(attacker):
                scenario.damage_unbound(state, attacker, rng.randint(0, 3))
            else:
                with pytest.raises(RuleViolation):
                    scenario.damage_unbound(state, attacker, 1)
            _check_invariants(state)
        scenario.end_of_activation_phase(state, rng=rng)
        _check_invariants(state)
        order = scenario.unbound_activation_order(state)
        assert order == [n for n in names if state.is_covered(n)]
        if state.is_over():
            break


def test_the_command_line_refuses_bad_input_with_status_2(capsys):
    path = str(ROOT / "examples" / "fathoms-dark-unbound-activation.yaml")
    assert main(["unbound-activation", path, "--investigator", "Nobody"]) == 2
    assert "no investigator 'Nobody'" in capsys.readouterr().err
    assert main(["unbound-activation", path, "--investigator", "Sophie Brigman", "--seed", "x"]) == 2
    assert "--seed" in capsys.readouterr().err
    other = str(ROOT / "examples" / "general-attack-targets.yaml")  # a Fevered Dreams position
    assert main(["unbound-activation", other, "--investigator", "Sophie Brigman"]) == 2
    assert "fathoms-dark" in capsys.readouterr().err


def test_an_option_given_on_the_command_line_changes_the_answer(capsys, tmp_path):
    import yaml

    data = yaml.safe_load((ROOT / "examples" / "fathoms-dark-unbound-activation.yaml").read_text(encoding="utf-8"))
    data["fathoms-dark"]["search_deck"] = [{"name": "Flare"}]
    data["fathoms-dark"]["search_discard"] = [{"name": "Knife", "weapon": True, "range": 0}]
    path = tmp_path / "exhausted.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    argv = ["unbound-activation", str(path), "--investigator", "Sophie Brigman", "--seed", "5", "--json"]
    assert main(argv) == 0
    reshuffled = json.loads(capsys.readouterr().out)
    assert len(reshuffled["choices"]) == 2
    assert reshuffled["options"]["fathoms-activation.search-deck-exhausted"] == "reshuffle-discards"
    assert main(argv + ["--option", "fathoms-activation.search-deck-exhausted=no-weapon"]) == 0
    no_weapon = json.loads(capsys.readouterr().out)
    assert [c["value"]["actions"] for c in no_weapon["choices"]] == [["no action", "no action", "no action"]]
    assert no_weapon["options"] == {"fathoms-activation.search-deck-exhausted": "no-weapon",
                                    "fathoms-activation.nowhere-to-attack-from": "no-action"}  # what "no action" rests on
    assert reshuffled["options"]["fathoms-activation.move-tie-chooser"] == "attacking-investigator"  # 5b→5a or 5c
    assert "fathoms-activation.nowhere-to-attack-from" not in reshuffled["options"]
    assert "attacks with" not in no_weapon["result"]["text"] and "no weapon" in no_weapon["result"]["text"]


def test_the_only_infected_investigator_needs_no_naming(capsys, tmp_path):
    import yaml

    path = ROOT / "examples" / "fathoms-dark-unbound-activation.yaml"
    assert main(["unbound-activation", str(path), "--json"]) == 0
    implicit = json.loads(capsys.readouterr().out)
    assert main(["unbound-activation", str(path), "--investigator", "Sophie Brigman", "--json"]) == 0
    assert implicit == json.loads(capsys.readouterr().out)
    data = yaml.safe_load(path.read_text())
    data["fathoms-dark"]["unbound_markers"]["Lisbeth Gibson"] = {"wounds": 0}
    data["fathoms-dark"]["unbound_card"] -= 1
    data["fathoms-dark"]["scenario_deck"].remove("circle")
    data["fathoms-dark"]["acquired"].append("Lisbeth Gibson")
    two = tmp_path / "two.yaml"
    two.write_text(yaml.safe_dump(data))
    assert main(["unbound-activation", str(two)]) == 2
    err = capsys.readouterr().err
    assert "--investigator" in err and "Sophie Brigman, Lisbeth Gibson" in err  # activation-track order


# --- issue 11: answers that misled --------------------------------------------------------------------------------------
def _two_near():
    return _read({"search_deck": [{"name": "Harpoon", "weapon": True, "range": 1}]},
                 investigators={"Lisbeth Gibson": {"space": "17b"}, "Sophie Brigman": {"space": "24a"},
                                "Isaiah Wiesenthal": {"space": "24b"}})


def test_two_equally_near_victims_are_a_choice_at_each_action():
    answer = REGISTRY["unbound-activation"].func(_two_near(), {"investigator": "Sophie Brigman"})
    assert answer.result.count == 8 and answer.choices == ()  # not eight whole courses
    assert [s.label for s in answer.steps] == ["action 1", "action 2", "action 3"]
    for step in answer.steps:
        assert [c.label for c in step.options] == ["Isaiah Wiesenthal", "Lisbeth Gibson"]
        assert [c.draw.figures for c in step.options] == [("Isaiah Wiesenthal",), ("Lisbeth Gibson",)]
    assert answer.chooser == "the attacking investigator"  # the rulebook's words
    assert answer.result.text == ("Sophie Brigman attacks with Harpoon — each action: Isaiah Wiesenthal or Lisbeth "
                                  "Gibson, as the attacking investigator decides (8 courses in all).")


def test_a_large_tie_is_counted_and_summarised_by_its_steps():
    everyone = {"Sophie Brigman": {"space": "24a"}}
    markers = {"Sophie Brigman": "star"}
    for name, symbol in zip(OTHERS, ["circle", "square", "cross", "hexagon"]):
        everyone[name] = {"space": "24b"}
        markers[name] = symbol
    state = _read({"objective_markers": markers, "scenario_deck": ["circle", "square", "cross", "hexagon"],
                   "search_deck": [{"name": "Harpoon", "weapon": True, "range": 1}]}, investigators=everyone)
    plan = state.scenario.plan_unbound_activation(state, "Sophie Brigman")
    assert plan.count == 64 and len(plan.sequences) == state.scenario.sequences_listed  # the first few only
    assert [len(step) for step in plan.steps] == [4, 4, 4]


def test_with_no_search_deck_the_question_refuses_or_takes_the_weapon_given():
    state = _read({"search_deck": []})
    with pytest.raises(BadParameter, match="no search deck") as caught:
        REGISTRY["unbound-activation"].func(state, {"investigator": "Sophie Brigman"})
    assert caught.value.parameter == "weapon-range"
    assert caught.value.rule_id == "fathoms-activation.discard-until-weapon"
    answer = REGISTRY["unbound-activation"].func(state, {"investigator": "Sophie Brigman", "weapon-range": 1})
    assert answer.result.text.startswith("Sophie Brigman attacks with a weapon of range 1")
    assert answer.options["fathoms-activation.nearest-target"] == "fewest-moves"
    assert "fathoms-activation.search-deck-exhausted" not in answer.options  # the deck was not used


def test_no_attack_in_any_course_never_says_attacks_with(tmp_path):
    import yaml

    from solver.scenarios import board_file
    from solver.yamlio import load_yaml_file

    board = copy.deepcopy(load_yaml_file(board_file("fathoms-dark")))  # room 9 cut off from the rest
    cut = set(board["rooms"][9]["spaces"])
    board["connections"] = [c for c in board["connections"] if not {c[0], c[1]} & cut]
    (tmp_path / "cut.yaml").write_text(yaml.safe_dump(board), encoding="utf-8")
    data = copy.deepcopy(BASE)
    data["board"] = "cut.yaml"
    data["investigators"] = {"Lisbeth Gibson": {"space": "9a"}, "Sophie Brigman": {"space": "24a"},
                             "Isaiah Wiesenthal": {"space": "9b"}}
    data["fathoms-dark"]["search_deck"] = [{"name": "Knife", "weapon": True, "range": 0}]
    alone = state_from_data(data, str(tmp_path / "pos.yaml"), base_dir=tmp_path)
    answer = REGISTRY["unbound-activation"].func(alone, {"investigator": "Sophie Brigman"})
    assert answer.result.text == ("Sophie Brigman discards Knife but no space lets Sophie Brigman attack another "
                                  "investigator: Sophie Brigman takes no action.")
    assert [c.value["actions"] for c in answer.choices] == [["no action"] * 3]


def test_only_the_conditions_the_rulebook_names_are_ignored():
    context = ActivationContext.unbound("Sophie Brigman")
    held = {"weakened": 1, "slow": 1, "paralyzed": 1, "a madness token": 1}
    assert conditions_in_force(context, held) == {"a madness token"}
    assert conditions_in_force(ActivationContext.normal("Sophie Brigman"), held) == set(held)


def test_play_rounds_through_the_protocol_keep_the_invariants():
    from solver.game import play_round

    for seed in range(6):
        rng = random.Random(seed)
        scenario = FathomsDark.with_shipped_board()
        state = scenario.new_game(["Lisbeth Gibson", "Sophie Brigman", "Isaiah Wiesenthal"], rng=rng)
        scenario.choose_monsters(state, None, rng)
        state.search_deck = [SearchCard("Knife", True, 0), SearchCard("Flare"), SearchCard("Harpoon", True, 1)] * 4
        for _ in range(10):
            play_round(scenario, state, rng, lambda d: rng.choice(d.options),
                       lambda actions: rng.choice(actions) if actions else None)
            assert scenario.invariants(state) == []
            if state.is_over():
                break


def test_attack_targets_says_what_is_excluded_and_by_which_rule_and_shows_the_marker_health():
    state = _read({"unbound_markers": {"Sophie Brigman": {"wounds": 1}}},
                  investigators={"Lisbeth Gibson": {"space": "24a"}, "Sophie Brigman": {"space": "24b"},
                                 "Isaiah Wiesenthal": {"space": "25b"}})
    covered = REGISTRY["attack-targets"].func(state, {"investigator": "Sophie Brigman", "range": 9})
    assert {"fathoms-markers.covered-cannot-attack-unbound", "fathoms-markers.owner-cannot-attack"} <= set(
        covered.rules)
    assert "unbound marker (Sophie Brigman) (24b) [fathoms-markers.owner-cannot-attack]" in covered.explanation
    assert "Unbound" not in [c.value["target"] for c in covered.choices]
    other = REGISTRY["attack-targets"].func(state, {"investigator": "Lisbeth Gibson", "range": 1})
    marker = next(c for c in other.choices if c.value["target"] == "unbound marker (Sophie Brigman)")
    assert marker.value["health"] == [3, 4] and "health 3 of 4" in marker.label


def test_the_end_of_round_asks_what_the_rules_leave_open_and_picks_nothing():
    from solver.errors import PlayerChoiceRequired

    state = _read({"search_deck": []})  # nothing known of the search deck
    with pytest.raises(PlayerChoiceRequired) as caught:
        state.scenario.end_of_round(state)
    assert caught.value.rule_id == "fathoms-activation.discard-until-weapon" and caught.value.options == [0, 1, 2, 3]
    tie = _two_near()
    with pytest.raises(PlayerChoiceRequired) as caught:
        tie.scenario.end_of_round(tie)
    assert caught.value.rule_id == "fathoms-activation.attacker-breaks-ties" and len(caught.value.options) == 8
    answers = iter([("attack Lisbeth Gibson", "attack Isaiah Wiesenthal", "attack Lisbeth Gibson"), 1, 0, 2])
    fired = tie.scenario.end_of_round(tie, None, lambda decision: next(answers))
    assert [f.rule_id for f in fired] == ["fathoms-activation.order", "fathoms-activation.three-actions"]
    assert tie.figures["Lisbeth Gibson"].health.wounds == 3 and tie.figures["Isaiah Wiesenthal"].health.wounds == 0
    assert tie.round == 2


def test_the_answer_names_every_unbound_activation_of_the_round_in_activation_track_order():
    state = _read({"acquired": ["Sophie Brigman", "Lisbeth Gibson"], "scenario_deck": ["square"],
                   "unbound_markers": {"Sophie Brigman": {}, "Lisbeth Gibson": {}}},
                  activation_track=["Isaiah Wiesenthal", "Sophie Brigman", "Lisbeth Gibson"])
    answer = REGISTRY["unbound-activation"].func(state, {"investigator": "Lisbeth Gibson"})
    assert ("Unbound activations at the end of this round, in activation-track order: Sophie Brigman, "
            "Lisbeth Gibson.") in answer.explanation


def test_a_game_already_lost_says_so_first_and_takes_no_unbound_activation():
    lost = _read({"acquired": ["Sophie Brigman", "Lisbeth Gibson", "Isaiah Wiesenthal"], "scenario_deck": [],
                  "unbound_markers": {"Sophie Brigman": {}, "Lisbeth Gibson": {}, "Isaiah Wiesenthal": {}}})
    answer = REGISTRY["unbound-activation"].func(lost, {"investigator": "Sophie Brigman"})
    assert answer.result.kind.value == "outcome" and answer.result.text.startswith("The game is lost already")
    assert answer.outcome.result == "loss" and answer.outcome.rule == "fathoms-outcome.loss-all-covered"
    assert answer.choices == () and answer.steps == ()
