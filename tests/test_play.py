"""deepmadness play (issue 12): events played on a position through the engine, every rule that fired in order,
what changed, the outcome first, a choice that stops the play, --out that reads back to the same position."""

from __future__ import annotations

import json

import pytest
import yaml

from solver.answers import ResultKind
from solver.cli import main
from solver.play import EVENTS, parse_event, play_events
from solver.errors import BadParameter
from solver.spec import ROOT
from solver.state import dump_state, load_state, state_from_data

LISBETH_EXAMPLE = ROOT / "examples" / "general-play-lisbeth.yaml"
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


def fresh(path=LISBETH_EXAMPLE):
    return load_state(path)


def test_the_rulebooks_lisbeth_example_step_by_step():
    state = fresh()
    answer = play_events(state, ["roll 2,4,5 for=attack", "store 5"])
    assert [r.rule for r in answer.events[1].fired] == ["lisbeth.store-die"]
    assert state.roll.results == (2, 4, 0) and state.stored_die.face == 5
    answer = play_events(state, ["roll 1,3 for=resistance", "replace 1"])
    assert state.roll.results == (5, 3) and state.stored_die is None
    assert {r.rule for r in answer.events[1].fired} == {"lisbeth.replace-result", "lisbeth.replace-later-roll"}
    # what can she store now? the 3, not the 5 she placed
    refused = play_events(state, ["store 5"])
    assert refused.result.kind is ResultKind.NO and refused.rules == ("lisbeth.no-store-placed-die",)
    assert state.roll.results == (5, 3)  # a refused event changes nothing
    stored = play_events(state, ["store 3"])
    assert "lisbeth.store-other-die" in stored.rules and state.roll.results == (5, 0)


def test_the_stored_die_goes_only_into_a_later_roll():
    state = fresh()
    answer = play_events(state, ["roll 2,4,5", "store 5", "replace 2"])
    assert answer.result.kind is ResultKind.NO and answer.rules[-1] == "lisbeth.replace-later-roll"


def test_a_tie_between_dice_stops_the_play_until_chosen():
    state = fresh()
    answer = play_events(state, ["roll 5,2,5", "store 5"])
    assert answer.result.kind is ResultKind.CHOICE and answer.result.count == 2
    assert answer.events[-1].stopped and answer.chooser == "Lisbeth Gibson"
    assert state.stored_die is None  # nothing was stored: the engine did not pick
    state = fresh()
    answer = play_events(state, ["roll 5,2,5", "store 5"], chosen=["roll 1, die 3"])
    assert state.stored_die.face == 5 and state.roll.results == (5, 2, 0)


def test_a_choice_not_among_the_options_is_refused():
    with pytest.raises(BadParameter, match="not one of the options"):
        play_events(fresh(), ["roll 5,2,5", "store 5"], chosen=["roll 1, die 2"])


def test_an_unused_choice_is_refused():
    with pytest.raises(BadParameter, match="left over"):
        play_events(fresh(), ["roll 2,4"], chosen=["anything"])


def test_the_outcome_comes_first_when_the_game_ends():
    state = fresh()
    answer = play_events(state, ["wounds 'Sophie Brigman' 20", "gain-health 'Lisbeth Gibson'"])
    assert answer.result.kind is ResultKind.OUTCOME and answer.outcome.rule == "outcome.loss-investigator-killed"
    assert len(answer.events) == 1  # the game is over: nothing after it is played


def test_gaining_health_heals_a_wound_first():
    state = fresh()
    answer = play_events(state, ["wounds 'Lisbeth Gibson' 2", "gain-health 'Lisbeth Gibson' amount=3"])
    assert [r.rule for r in answer.events[1].fired] == ["health.gain-heals-wound"] * 2 + ["health.gain-over-max"]
    assert state.figures["Lisbeth Gibson"].health.health_plus_tokens == 1


@pytest.mark.parametrize("text, words", [
    ("fly away", "unknown event"), ("store", "needs face"), ("roll 1,2 by=Nobody", "not a figure"),
    ("roll", "needs faces"), ("store five", "whole number"), ("gain-health 'Lisbeth Gibson' 1 2", "too many"),
])
def test_bad_events_are_refused_before_anything_is_played(text, words):
    state = fresh()
    before = dump_state(state)
    with pytest.raises(BadParameter, match=words):
        play_events(state, ["roll 2,4,5", text])
    assert dump_state(state) == before


def test_every_event_is_listed_with_its_syntax(capsys):
    assert main(["play", "--events"]) == 0
    out = capsys.readouterr().out
    for name in EVENTS:
        assert out.count(f"\n{name}") + out.startswith(name) >= 1


def test_every_event_parses_with_its_required_parameters():
    for name, ev in EVENTS.items():
        words = [name] + ["'Lisbeth Gibson'" if p.name in ("who", "by") else "5" for p in ev.params if p.required]
        parsed, args = parse_event(" ".join(words))
        assert parsed is ev and all(p.name in args for p in ev.params if p.required)


@pytest.mark.parametrize("path", [p for p in EXAMPLES if "play" not in p.name], ids=lambda p: p.name)
def test_out_reads_back_to_the_same_position_for_every_example(path, tmp_path, capsys):
    out = tmp_path / "after.yaml"
    state = load_state(path)
    who = state.investigators()[0].id
    assert main(["play", str(path), f"gain-health '{who}'", "--out", str(out)]) == 0, capsys.readouterr().err
    again = load_state(out)
    assert dump_state(again) == dump_state(state_from_data(yaml.safe_load(out.read_text()), str(out)))
    assert again.figures[who].health.current == state.figures[who].health.current + 1
    assert path.read_text() == path.read_text()  # the input is never written


def test_out_is_not_written_when_the_play_stops(tmp_path, capsys):
    out = tmp_path / "after.yaml"
    assert main(["play", str(LISBETH_EXAMPLE), "roll 5,5", "store 5", "--out", str(out)]) == 2
    assert "nothing written" in capsys.readouterr().err and not out.exists()


def test_the_json_answer_lists_each_events_rules_and_changes(capsys):
    assert main(["play", str(LISBETH_EXAMPLE), "roll 2,4,5", "store 5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["question"] == "play" and [e["event"] for e in data["events"]] == ["roll 2,4,5", "store 5"]
    changes = {c["entry"]: c["after"] for c in data["events"][1]["changes"]}
    assert changes["stored_die.face"] == 5


def test_damage_less_what_resistance_cancels_becomes_wounds():
    state = fresh()
    play_events(state, ["damage 'Sophie Brigman' 3 cancelled=1"])
    assert state.figures["Sophie Brigman"].health.wounds == 2
    with pytest.raises(BadParameter, match="cancels at most"):
        play_events(state, ["damage 'Sophie Brigman' 1 cancelled=2"])


@pytest.mark.parametrize("event, verdict, rule", [
    ("attack-with 'Sophie Brigman' ability=1 effect=ability", ResultKind.DETERMINED, "weapon-ability.sophie-first"),
    ("attack-with 'Sophie Brigman' ability=2", ResultKind.NO, "weapon-ability.sophie-first"),
    ("attack-with 'Sophie Brigman' weapon=Knife effect=ability", ResultKind.NO,
     "weapon-ability.effects-only-with-ability"),
])
def test_abilities_that_are_weapons(event, verdict, rule):
    answer = play_events(fresh(), [event])
    assert answer.result.kind is verdict and rule in answer.rules


def test_a_scenarios_own_event_on_another_scenario_is_refused():
    with pytest.raises(BadParameter, match="belongs to Expectant Terror"):
        play_events(fresh(), ["nest-wound"])


def test_the_nest_takes_one_wound_a_round_and_activates():
    state = load_state(ROOT / "examples" / "expectant-terror-play-nest-wound.yaml")
    answer = play_events(state, ["nest-wound wounds=2", "nest-wound"])
    assert [r.rule for r in answer.events[0].fired] == ["expectant-nest.one-wound-per-round", "expectant-nest.activates-when-wounded"]
    assert [r.rule for r in answer.events[1].fired] == ["expectant-nest.one-wound-per-round"]  # its one wound is taken
    assert state.nest.health.wounds == 2


def test_a_seed_draws_what_would_otherwise_be_asked():
    path = ROOT / "examples" / "fathoms-dark-play-unbound-marker.yaml"
    asked = play_events(load_state(path), ["action 'Lisbeth Gibson' attack"], chosen=["1"])
    assert asked.result.kind is ResultKind.CHOICE and "fathoms-markers.card-shuffled-back" in asked.choices[0].rules
    drawn = play_events(load_state(path), ["action 'Lisbeth Gibson' attack"], chosen=["1"], seed=7)
    assert "fathoms-markers.card-shuffled-back" in drawn.rules
