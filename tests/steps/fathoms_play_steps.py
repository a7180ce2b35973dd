"""Steps for Fathoms Dark during play: positions, scenario cards, the unbound activation, the unbound markers,
Unbound, winning and losing (features/fathoms_dark/).

A position is written as state-file data (the ``fathoms-dark:`` section documented in
``solver.scenarios.fathoms_dark.statefile``) and read, checks and all, on the first When or Then."""

from __future__ import annotations

import random
import re

from pytest_bdd import given, parsers, then, when

from solver.activation import Ability, ActivationContext, ability_refusal
from solver.errors import PlayerChoiceRequired
from solver.scenarios.fathoms_dark import conditions_in_force
from tests.steps.fathoms_common_steps import _refused_under, names

CARD = re.compile(r"^(?P<name>.+?)(?: \(range (?P<range>\d+)\))?$")


def _cards(text: str) -> list[dict]:
    """``"Flare, Harpoon (range 1)"`` → search cards as a state file writes them (a range makes a weapon)."""
    out = []
    for part in names(text):
        m = CARD.match(part)
        card = {"name": m["name"]}
        if m["range"] is not None:
            card.update(weapon=True, range=int(m["range"]))
        out.append(card)
    return out


# --- positions -------------------------------------------------------------------------------------------------------
@given("a Fathoms Dark position with these investigators:")
def _position(fathoms, datatable):
    header, *rows = datatable
    for row in rows:
        entry = dict(zip(header, row))
        name = entry["investigator"]
        inv = {"space": entry["space"]}
        tokens = names(entry.get("tokens", "") or "none")
        if tokens:
            inv["tokens"] = {t: 1 for t in tokens}
        fathoms.data["investigators"][name] = inv
        fathoms.section.setdefault("objective_markers", {})[name] = entry["objective marker"]


@given(parsers.parse('the Fathoms Dark option "{name}" is set to "{value}"'))
def _option(fathoms, name, value):
    assert fathoms._state is None, "set options before the position is read"
    fathoms.data["options"][name] = value


@given(parsers.parse("the Fathoms Dark activation track is {order}"))
def _track(fathoms, order):
    fathoms.data["activation_track"] = names(order)


@given(parsers.parse("the unbound markers cover the Objective Points of {investigators}"))
def _cover(fathoms, investigators):
    for name in names(investigators):
        fathoms.section.setdefault("acquired", []).append(name)
        fathoms.section.setdefault("unbound_markers", {})[name] = {}


@given(parsers.parse("the unbound marker on {owner}'s Objective Point has {wounds:d} wounds"))
def _marker_wounds(fathoms, owner, wounds):
    fathoms.section["unbound_markers"][owner] = {"wounds": wounds}


@given(parsers.parse("{investigator} has acquired his or her scenario card this round"))
def _acquired_now(fathoms, investigator):
    fathoms.section.setdefault("acquired", []).append(investigator)
    fathoms.section.setdefault("to_place", []).append(investigator)


@given(parsers.parse("{investigator} holds his or her scenario card with no marker placed"))
def _holds_idle(fathoms, investigator):
    fathoms.section.setdefault("acquired", []).append(investigator)


@given(parsers.parse("the scenario card deck is {cards}"))
def _deck(fathoms, cards):
    fathoms.section["scenario_deck"] = names(cards)


@given(parsers.parse("{card:d} unbound markers are on the Unbound card and {removed:d} are removed from the game"))
def _marker_counts(fathoms, card, removed):
    fathoms.section["unbound_card"] = card
    fathoms.section["removed_markers"] = removed


@given(parsers.parse("the search deck holds, top first, {cards}"))
def _search_deck(fathoms, cards):
    fathoms.section["search_deck"] = _cards(cards)


@given(parsers.parse("the search discard pile holds {cards}"))
def _search_discard(fathoms, cards):
    fathoms.section["search_discard"] = _cards(cards)


@given(parsers.parse("{count:d} Husks stand in {space} of the Fathoms Dark board"))
def _husks(fathoms, count, space):
    fathoms.data.setdefault("monsters", []).extend({"type": "Husk", "space": space} for _ in range(count))


@given(parsers.parse("Unbound has a health of {health:d}"))
def _unbound_health(fathoms, health):
    fathoms.section["unbound"] = {"health": health}


@given(parsers.parse("the Fathoms Dark monster cards are {monsters}"))
def _monster_cards(fathoms, monsters):
    fathoms.section["monster_cards"] = names(monsters)


@when("the Fathoms Dark position is read")
def _read(fathoms):
    fathoms.attempt(fathoms.read)
    if fathoms.error is None:
        fathoms.state = fathoms.result


@then("the Fathoms Dark position is accepted")
def _accepted(fathoms):
    assert fathoms.error is None, fathoms.error


@then(parsers.parse('the Fathoms Dark position is refused under rule "{rule}"'))
def _position_refused(fathoms, rule):
    _refused_under(fathoms.error, rule)


# --- the round ---------------------------------------------------------------------------------------------------------
@when("the Fathoms Dark round begins")
def _round_begins(fathoms):
    fired = fathoms.attempt(fathoms.state.scenario.start_round, fathoms.state) or []
    fathoms.revealed = [f.data["card"] for f in fired if f.rule_id == "fathoms-cards.reveal-at-round-start"]


@when("the Fathoms Dark activation phase ends")
def _activation_phase_ends(fathoms):
    fathoms.attempt(fathoms.state.scenario.end_of_activation_phase, fathoms.state, random.Random(0))


@when("the Fathoms Dark round reaches its unbound activations")
def _round_ends(fathoms):
    fathoms.attempt(fathoms.state.scenario.unbound_activation_order, fathoms.state)


@when("the Fathoms Dark round ends")
def _round_ends_in_play(fathoms):
    fathoms.error = None
    try:
        fathoms.result = fathoms.state.scenario.end_of_round(fathoms.state)
    except PlayerChoiceRequired as exc:
        fathoms.error = exc


@then(parsers.parse('the Fathoms Dark round waits for a choice under rule "{rule}" among {options}'))
def _waits_for_choice(fathoms, rule, options):
    assert isinstance(fathoms.error, PlayerChoiceRequired), fathoms.error
    assert fathoms.error.rule_id == rule
    assert [str(o) for o in fathoms.error.options] == names(options)


@then(parsers.parse("the scenario card revealed is {card}"))
def _revealed(fathoms, card):
    assert fathoms.error is None, fathoms.error
    assert fathoms.revealed == [card]


@then("no scenario card is revealed")
def _nothing_revealed(fathoms):
    assert fathoms.error is None, fathoms.error
    assert fathoms.revealed == []


@then(parsers.parse("{investigator} holds his or her scenario card"))
def _holds_card(fathoms, investigator):
    state = fathoms.state
    assert investigator in state.acquired
    assert state.objective_markers[investigator] not in state.scenario_deck


@then(parsers.parse("{investigator} does not hold his or her scenario card"))
def _not_holds_card(fathoms, investigator):
    state = fathoms.state
    assert investigator not in state.acquired
    assert state.objective_markers[investigator] in state.scenario_deck


@then(parsers.parse("{investigator}'s Objective Point is covered"))
def _covered(fathoms, investigator):
    assert fathoms.state.is_covered(investigator)


@then(parsers.parse("{investigator}'s Objective Point is not covered"))
def _not_covered(fathoms, investigator):
    assert not fathoms.state.is_covered(investigator)


@then(parsers.parse("the unbound activations come in the order {order}"))
def _order(fathoms, order):
    assert fathoms.error is None, fathoms.error
    assert fathoms.result == names(order)


# --- the unbound activation --------------------------------------------------------------------------------------------
@when(parsers.parse("the unbound activation of {investigator} is worked out"))
def _work_out(fathoms, investigator):
    fathoms.plan = fathoms.attempt(fathoms.state.scenario.plan_unbound_activation, fathoms.state, investigator)


@when(parsers.parse("the unbound activation of {investigator} is worked out with seed {seed:d}"))
def _work_out_seeded(fathoms, investigator, seed):
    fathoms.plan = fathoms.attempt(fathoms.state.scenario.plan_unbound_activation, fathoms.state, investigator,
                                   random.Random(seed))


@when(parsers.parse('{investigator} takes the unbound activation "{sequence}" dealing {wounds} wounds'))
def _take(fathoms, investigator, sequence, wounds):
    fathoms.plan = fathoms.attempt(fathoms.state.scenario.take_unbound_activation, fathoms.state, investigator,
                                   sequence.split("; "), [int(w) for w in names(wounds)])


@then(parsers.parse("the search cards discarded are {cards}"))
def _discarded(fathoms, cards):
    assert fathoms.error is None, fathoms.error
    assert [c.name for c in fathoms.plan.discarded] == names(cards)


@then(parsers.parse("the weapon found is {weapon}"))
def _weapon(fathoms, weapon):
    assert fathoms.error is None, fathoms.error
    found = fathoms.plan.weapon
    assert (found.name if found else "none") == weapon


@then(parsers.parse("the search deck left holds {cards}"))
def _deck_left(fathoms, cards):
    assert [c.name for c in fathoms.state.search_deck] == names(cards)


@then("the allowed unbound action sequences are:")
def _sequences(fathoms, datatable):
    assert fathoms.error is None, fathoms.error
    header, *rows = datatable
    expected = [tuple(row[0].split("; ")) for row in rows]
    got = [tuple(str(a) for a in seq) for seq in fathoms.plan.sequences]
    assert len(got) == len(set(got)), f"a sequence is listed twice: {got}"
    assert set(got) == set(expected), f"allowed: {got}"


@then(parsers.parse("each of the three actions is the attacking investigator's choice of {options}, {count:d} "
                    "courses in all"))
def _per_step(fathoms, options, count):
    assert fathoms.error is None, fathoms.error
    expected = [o.strip() for o in options.split(" or ")]
    assert [[str(a) for a in step] for step in fathoms.plan.steps] == [expected] * 3
    assert fathoms.plan.count == count


@then(parsers.parse("the unbound-activation answer for {investigator} gives the choice among {count:d} courses "
                    "to {chooser}"))
def _chooser(fathoms, investigator, count, chooser):
    from solver.scenarios.fathoms_dark.questions import unbound_activation_question

    answer = unbound_activation_question(fathoms.state, {"investigator": investigator})
    assert (answer.chooser, answer.result.count) == (chooser, count), (answer.chooser, answer.result)


@then(parsers.parse("the Fathoms Dark investigator {investigator} has {wounds:d} wounds"))
def _wounds(fathoms, investigator, wounds):
    assert fathoms.state.figures[investigator].health.wounds == wounds


@then(parsers.parse("{investigator} stands in {space} on the Fathoms Dark board"))
def _stands(fathoms, investigator, space):
    assert fathoms.error is None, fathoms.error
    assert fathoms.state.figures[investigator].space == space


@then(parsers.parse("{investigator} still holds {n:d} {token} token after the unbound activation"))
def _still_holds(fathoms, investigator, n, token):
    assert fathoms.error is None, fathoms.error
    assert fathoms.state.figures[investigator].count(token) == n


@then(parsers.parse("outside an unbound activation {investigator} could not leave his or her space: {reasons}"))
def _hindered(fathoms, investigator, reasons):
    scenario = fathoms.state.scenario
    assert scenario.move_hindrances(fathoms.state, investigator, ActivationContext.normal(investigator)) \
        == names(reasons)


@then(parsers.parse("in {investigator}'s unbound activation nothing stops him or her leaving the space"))
def _unhindered(fathoms, investigator):
    scenario = fathoms.state.scenario
    assert scenario.move_hindrances(fathoms.state, investigator, scenario.unbound_context(investigator)) == []


@then(parsers.parse("in a normal activation {investigator}'s conditions in force are {conditions}"))
def _normal_conditions(fathoms, investigator, conditions):
    tokens = fathoms.state.figures[investigator].tokens
    assert conditions_in_force(ActivationContext.normal(investigator), tokens) == set(names(conditions))


@then(parsers.parse("in {investigator}'s unbound activation the conditions in force are {conditions}"))
def _unbound_conditions(fathoms, investigator, conditions):
    tokens = fathoms.state.figures[investigator].tokens
    context = fathoms.state.scenario.unbound_context(investigator)
    assert conditions_in_force(context, tokens) == set(names(conditions))


@then(parsers.parse('in {investigator}\'s unbound activation a token the rulebook does not name, "{token}", stays '
                    'in force'))
def _other_condition_kept(fathoms, investigator, token):
    """Only Weakened, Slow and Paralyzed are ignored (the three the rulebook names), not every token held."""
    tokens = {**fathoms.state.figures[investigator].tokens, token: 1}
    context = fathoms.state.scenario.unbound_context(investigator)
    assert token in conditions_in_force(context, tokens)
    assert not conditions_in_force(context, tokens) & {"weakened", "slow", "paralyzed"}


@then(parsers.parse("in {investigator}'s unbound activation any ability usually available during an activation is "
                    'refused under rule "{rule}"'))
def _no_abilities(fathoms, investigator, rule):
    context = fathoms.state.scenario.unbound_context(investigator)
    refusal = ability_refusal(context, Ability("an ability usually available during an activation"))
    assert refusal is not None and refusal.rule_id == rule, refusal


@then(parsers.parse("in a normal activation of {investigator} such an ability may be used"))
def _abilities_normally(fathoms, investigator):
    context = ActivationContext.normal(investigator)
    assert ability_refusal(context, Ability("an ability usually available during an activation")) is None


@then(parsers.parse("the end of {investigator}'s unbound activation triggers nothing"))
def _no_end_triggers(fathoms, investigator):
    assert fathoms.error is None, fathoms.error
    scenario = fathoms.state.scenario
    assert scenario.end_activation(fathoms.state, scenario.unbound_context(investigator)) == []


@then(parsers.parse("the end of a normal activation of {investigator} would trigger the devoured effect marker in "
                    "{space}"))
def _normal_end_triggers(fathoms, investigator, space):
    triggers = fathoms.state.scenario.end_activation(fathoms.state, ActivationContext.normal(investigator))
    assert [(f.rule_id, f.data["space"]) for f in triggers] == [("fathoms-board.devoured-effects", space)], triggers


# --- unbound markers and Unbound ------------------------------------------------------------------------------------------
@then(parsers.parse("the Fathoms Dark attack targets of {attacker} are {targets}"))
def _targets(fathoms, attacker, targets):
    got = sorted(t.id for t in fathoms.state.scenario.attack_targets(fathoms.state, attacker))
    assert got == sorted(names(targets)), got


@then(parsers.parse("the Fathoms Dark attack targets of {attacker} include {target} in {space}"))
def _target_in(fathoms, attacker, target, space):
    got = {(t.id, t.space) for t in fathoms.state.scenario.attack_targets(fathoms.state, attacker)}
    assert (target, space) in got, got


@then(parsers.parse('{attacker} may not attack {target} in {space}, under rule "{rule}"'))
def _excluded(fathoms, attacker, target, space, rule):
    got = {(t.id, t.space): t.rule_id for t in fathoms.state.scenario.attack_exclusions(fathoms.state, attacker)}
    assert got.get((target, space)) == rule, got


@then(parsers.parse("{attacker} may attack everything on the Fathoms Dark board the rules allow"))
def _nothing_excluded(fathoms, attacker):
    assert fathoms.state.scenario.attack_exclusions(fathoms.state, attacker) == []


@then(parsers.parse("the Fathoms Dark attack targets of {attacker} include {target} with health {left:d} of "
                    "{maximum:d}"))
def _target_health(fathoms, attacker, target, left, maximum):
    got = {t.id: t.health for t in fathoms.state.scenario.attack_targets(fathoms.state, attacker)}
    assert got.get(target) == (left, maximum), got


@when(parsers.parse("{attacker} deals {wounds:d} wounds to the unbound marker on {owner}'s Objective Point"))
def _hit_marker(fathoms, attacker, wounds, owner):
    fathoms.attempt(fathoms.state.scenario.damage_unbound_marker, fathoms.state, attacker, owner, wounds,
                    rng=random.Random(0))


@when(parsers.parse("{attacker} deals {wounds:d} wounds to the unbound marker on {owner}'s Objective Point, the card "
                    "shuffled to position {position:d}"))
def _hit_marker_at(fathoms, attacker, wounds, owner, position):
    fathoms.attempt(fathoms.state.scenario.damage_unbound_marker, fathoms.state, attacker, owner, wounds,
                    position=position - 1)


@then(parsers.parse("the unbound marker on {owner}'s Objective Point has {left:d} health left"))
def _marker_left(fathoms, owner, left):
    assert fathoms.error is None, fathoms.error
    marker = fathoms.state.unbound_markers.get(owner)
    assert (marker.current if marker else 0) == left


@when(parsers.parse("an effect moves the unbound marker on {owner}'s Objective Point to {to}"))
def _move_marker(fathoms, owner, to):
    fathoms.attempt(fathoms.state.scenario.move_unbound_marker, fathoms.state, owner, to)


@when(parsers.parse("{attacker} deals {wounds:d} wounds to Unbound"))
def _hit_unbound(fathoms, attacker, wounds):
    fathoms.attempt(fathoms.state.scenario.damage_unbound, fathoms.state, attacker, wounds)


@then(parsers.parse("Unbound lost {lost:d} lives"))
def _lives_lost(fathoms, lost):
    assert fathoms.error is None, fathoms.error
    assert fathoms.result == lost
