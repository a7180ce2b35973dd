"""The Fevered Dreams questions: ``purple-hazard``, ``obscure-spawn`` and ``mist``. Each returns an
:class:`~solver.answers.Answer` — the result first (the outcome when the game ends), the choices as data with what a
board draws of them, the rules and the options that decided it. The words are here; the rules are in
:mod:`.rules` and :mod:`.purple_hazard`."""

from __future__ import annotations

from collections import Counter

from ...activation import ActivationContext
from ...answers import Answer, Choice, Drawing, OutcomeData, Placement, Result, ResultKind, Step
from ...board import Geometry
from ...errors import InputError
from ...questions import approximate_board, question, settings
from .purple_hazard import AT_ONCE, HazardOutcome, portal_reach, purple_hazard_plan, sorted_spaces
from .rules import PURPLE, TRACK, FeveredDreams, FeveredDreamsState

#: How many full placements a purple-hazard answer lists when there are more (``result.count`` says how many).
FIRST_FEW = 12

HAZARD_RULES = ("fevered-track.purple-each-portal", "fevered-track.purple-nearest-free-space",
                "fevered-track.purple-one-portal-at-a-time", "fevered-mist.markers-stack")
HAZARD_OPTIONS = ("fevered-track.purple-order", "fevered-track.purple-nearest-flooded", "fevered-track.purple-portal-space",
                  "board.distance")


def _fevered(state) -> FeveredDreamsState:
    if not isinstance(state, FeveredDreamsState):
        raise InputError(f"this question is about Fevered Dreams, not {state.scenario.name!r}")
    return state


def _answer(state, question: str, result: Result, rules, decided_by, **fields) -> Answer:
    return Answer(question, result, rules=tuple(rules), options=settings(state, decided_by),
                  approximate_board=approximate_board(state), **fields)


def _over(state, question: str, rules, decided_by) -> Answer | None:
    """The answer when the position's game is already over: the outcome, first."""
    outcome = state.outcome()
    if outcome is None:
        return None
    word = "won" if outcome.is_win else "lost"
    return _answer(state, question, Result(ResultKind.OUTCOME, f"The game is already {word}: {outcome.detail}."),
                   (outcome.rule_id, *rules), decided_by, outcome=OutcomeData.of(outcome))


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _spaces_text(spaces) -> str:
    spaces = list(spaces)
    if not spaces:
        return "no space"
    return spaces[0] if len(spaces) == 1 else ", ".join(spaces[:-1]) + " and " + spaces[-1]


# --- purple-hazard ----------------------------------------------------------------------------------------------------
def _placement_choice(o: HazardOutcome, order: str, rules=HAZARD_RULES) -> Choice:
    counts = dict(Counter(o.placements))
    ways = "; ".join(", ".join(f"{c} → {s or 'no marker'}" for c, s in a) for a in o.by_portal[:3])
    more = f" (and {len(o.by_portal) - 3} more)" if len(o.by_portal) > 3 else ""
    if order == AT_ONCE:
        why = f"portal by portal: {ways}{more}"
    else:
        why = f"{o.resolutions} resolution(s) (orders × choices among equally near spaces); portal by portal: " \
              f"{ways}{more}"
    label = ", ".join(f"{s} ×{n}" if n > 1 else s for s, n in counts.items()) or "no flooded marker"
    return Choice("placement", label, counts, why, tuple(rules),
                  Drawing(spaces=tuple(counts), placements=tuple(Placement("flooded marker", s)
                                                                 for s in o.placements)))


def _next_purple(state) -> int | None:
    """The index on the devouring track of the next purple hazard icon ahead of the devour marker."""
    return next((i for i in range(state.devour_marker + 1, len(TRACK)) if TRACK[i].hazard == PURPLE), None)


@question("purple-hazard", "Where does each Dimensional Portal's flooded marker go when a purple hazard is resolved "
          "now? Every outcome, counted; the choice portal by portal when the portals are independent.",
          scenarios=(FeveredDreams.name,))
def purple_hazard_question(state, args: dict) -> Answer:
    state = _fevered(state)
    over = _over(state, "purple-hazard", HAZARD_RULES, HAZARD_OPTIONS)
    if over is not None:
        return over
    plan = purple_hazard_plan(state)
    portals = plan.portals
    count = plan.count
    explanation = _hazard_explanation(state, plan)
    if not portals:
        return _answer(state, "purple-hazard", Result(ResultKind.NOTHING, "No Dimensional Portal is on the board: a "
                                                      "purple hazard places no flooded marker."),
                       HAZARD_RULES, HAZARD_OPTIONS, explanation=tuple(explanation))
    listed = plan.all_outcomes() if count <= FIRST_FEW else list(plan.outcomes(FIRST_FEW))
    choices = tuple(_placement_choice(o, plan.order) for o in listed)
    steps: tuple[Step, ...] = ()
    if plan.is_stepwise:
        steps = tuple(Step(_group_label(g.portals, portals),
                           tuple(_placement_choice(o, plan.order) for o in g.outcomes)) for g in plan.groups)
    how = "resolved all at once" if plan.order == AT_ONCE else "resolved one after another"
    if len(listed) == 1 and count == 1:
        result = Result(ResultKind.DETERMINED,
                        f"The purple hazard puts a flooded marker in {_spaces_text(listed[0].placements)}: the "
                        f"{len(portals)} portal(s) {how} leave no choice.", 1)
    else:
        text = f"The players choose among {count} placements of the purple hazard's flooded markers ({how})"
        if steps:
            chosen = sum(1 for step in steps if len(step.options) > 1)
            text += f", made in {chosen} independent choices, portal by portal"
        result = Result(ResultKind.CHOICE, text + ".", count)
    outcome = None
    ahead = _next_purple(state)
    if ahead == len(TRACK) - 1:
        work = state.copy()
        work.devour_marker = ahead
        end = work.outcome()
        if end is not None and not end.is_win:
            outcome = OutcomeData.of(end)
            result = Result(ResultKind.OUTCOME, f"The game is lost as the devour marker reaches space {ahead + 1}, "
                                                f"the last of the devouring track, under the next purple hazard icon;"
                                                f" {result.text[:1].lower()}{result.text[1:]}", count)
    if plan.count > len(listed):
        explanation.append(f"The first {len(listed)} of {count} placements are listed.")
    rules = HAZARD_RULES + (("outcome.loss-devouring-track",) if outcome else ())
    return _answer(state, "purple-hazard", result, rules, HAZARD_OPTIONS, choices=choices, steps=steps,
                   outcome=outcome, chooser="the players", explanation=tuple(explanation),
                   draw=Drawing(spaces=tuple(portals.values()),
                                placements=tuple(Placement("flooded marker", s)
                                                 for s in sorted_spaces(state.mist_spaces()))))


def _group_label(group, portals) -> str:
    if len(group) == 1:
        return f"the {group[0]} portal ({portals[group[0]]})"
    return "the " + ", ".join(group[:-1]) + f" and {group[-1]} portals together (their searches meet)"


def _hazard_explanation(state, plan) -> list[str]:
    ahead = _next_purple(state)
    lines = [f"The next purple hazard icon is under space {ahead + 1} of the devouring track (the devour marker is "
             f"on space {state.devour_marker + 1})." if ahead is not None
             else "No purple hazard icon is left ahead of the devour marker."]
    mist = state.mist_spaces()
    lines.append("Mist spaces before the hazard: " + (", ".join(
        f"{s} ({state.flooded_markers[s]})" for s in sorted_spaces(mist)) or "none") + ".")
    portal_counts = state.options["fevered-track.purple-portal-space"] == "counts"
    reach = portal_reach(Geometry.of(state), plan.portals, mist, portal_counts)
    for colour, space in plan.portals.items():
        free = [(d, s) for s, d in reach[colour].items() if s not in mist and (portal_counts or s != space)]
        if free:
            best = min(d for d, _ in free)
            nearest = sorted_spaces(s for d, s in free if d == best)
            lines.append(f"{colour} portal ({space}): nearest space(s) without a flooded marker, before any other "
                         f"portal's marker: {', '.join(nearest)} at distance {best}.")
        else:
            lines.append(f"{colour} portal ({space}): every space it reaches holds a flooded marker.")
    return lines


# --- obscure-spawn ----------------------------------------------------------------------------------------------------
SPAWN_RULES = ("fevered-obscure-marker.spawn-three", "fevered-obscure-marker.different-rooms", "spawn.no-location",
               "spawn.card-to-bottom")
SPAWN_OPTIONS = ("fevered-obscure-marker.spawn-repeated-room", "fevered-obscure-marker.supply", "board.one-spawn-space")


@question("obscure-spawn", "Where do the three obscure markers of the next spawn phase go?",
          scenarios=(FeveredDreams.name,))
def obscure_spawn_question(state, args: dict) -> Answer:
    from .rules import obscure_spawn_plan

    state = _fevered(state)
    over = _over(state, "obscure-spawn", SPAWN_RULES, SPAWN_OPTIONS)
    if over is not None:
        return over
    plan = obscure_spawn_plan(state)
    explanation = [f"Devoured deck, top card first: {list(state.devoured_deck)}."]
    for s in plan.steps:
        if s.space is None:
            explanation.append(f"Room {s.card} already has this phase's obscure marker: the card goes to the bottom "
                               f"unused.")
        else:
            explanation.append(f"Top card {s.card} → spawn space {s.space}; the card goes to the bottom"
                               + (" (a room used again: fevered-obscure-marker.spawn-repeated-room=same-room)." if s.repeated
                                  else "."))
    explanation.append(f"Devoured deck afterwards: {list(plan.deck_after)}.")
    short = []
    if plan.available < 3:
        short.append(f"only {max(plan.available, 0)} obscure marker(s) are left in the supply")
    if plan.not_spawned_no_room:
        short.append(f"{plan.not_spawned_no_room} can't spawn: no other room is left in the devoured deck")
    if not plan.spaces:
        return _answer(state, "obscure-spawn", Result(ResultKind.NOTHING, "No obscure marker spawns: "
                                                      + "; ".join(short or ["none is left"]) + "."),
                       SPAWN_RULES, SPAWN_OPTIONS, explanation=tuple(explanation))
    rooms = [state.board.room_of(s) for s in plan.spaces]
    text = (f"{len(plan.spaces)} obscure marker(s) spawn, before any spawn card, in "
            + _spaces_text([f"{s} (room {r})" for s, r in zip(plan.spaces, rooms)]) + "."
            + (" " + _first_upper("; ".join(short)) + "." if short else ""))
    choice = Choice("placement", ", ".join(plan.spaces), list(plan.spaces),
                    "the devoured deck decides: no choice is left to the players", SPAWN_RULES,
                    Drawing(spaces=plan.spaces, placements=tuple(Placement("obscure marker", s)
                                                                 for s in plan.spaces)))
    return _answer(state, "obscure-spawn", Result(ResultKind.DETERMINED, text, 1), SPAWN_RULES, SPAWN_OPTIONS,
                   choices=(choice,), explanation=tuple(explanation))


# --- mist -------------------------------------------------------------------------------------------------------------
MIST_RULES = ("fevered-mist.mist-space", "fevered-mist.markers-stack", "fevered-mist.sight",
              "fevered-existence.mist-at-end-of-activation", "fevered-existence.devoured-at-zero")
MIST_OPTIONS = ("fevered-existence.dial-start-level", "fevered-mist.same-space-sight")


@question("mist", "Which spaces are mist spaces, and what does each investigator's existence dial lose at the end "
          "of an activation where he or she stands?", scenarios=(FeveredDreams.name,))
def mist_question(state, args: dict) -> Answer:
    state = _fevered(state)
    scenario: FeveredDreams = state.scenario
    mist = sorted_spaces(state.mist_spaces())
    draw = Drawing(spaces=tuple(mist), placements=tuple(Placement("flooded marker", s)
                                                        for s in mist for _ in range(state.flooded_markers[s])))
    over = _over(state, "mist", MIST_RULES, MIST_OPTIONS)
    if over is not None:
        return Answer(over.question, over.result, rules=over.rules, options=over.options, outcome=over.outcome,
                      approximate_board=over.approximate_board, draw=draw)
    choices = []
    devoured, losing = [], []
    for f in state.investigators():
        if f.space is None or f.killed:
            continue
        loss = scenario.existence_loss(state, f.id)
        value = {"investigator": f.id, "space": f.space, "mist_space": loss.flooded_markers > 0,
                 "flooded_markers": loss.flooded_markers, "existence": loss.before, "loses": loss.lost,
                 "existence_after": loss.after, "devoured": loss.devoured}
        if not loss.flooded_markers:
            why = "not a mist space: the dial stays"
        else:
            why = f"{loss.flooded_markers} flooded marker(s) there" + (": devoured by the mist, killed"
                                                                      if loss.devoured else "")
        choices.append(Choice("existence", f"{f.id} in {f.space}: existence {loss.before} → {loss.after}", value,
                              why, ("fevered-existence.devoured-at-zero",) if loss.devoured else
                              ("fevered-existence.mist-at-end-of-activation",),
                              Drawing(spaces=(f.space,), figures=(f.id,))))
        (devoured if loss.devoured else losing if loss.lost else []).append(loss)
    sight = "sees" if scenario.sees_own_blocked_space(state) else "sees nothing, not even"
    explanation = [f"Mist spaces (flooded markers): " + (", ".join(f"{s} ({state.flooded_markers[s]})" for s in mist)
                                                         or "none") + ".",
                   f"An investigator's line of sight can't get into, through or out of a mist space; one standing in "
                   f"a mist space {sight} his or her own space (fevered-mist.same-space-sight)."]
    outcome = None
    rules = MIST_RULES
    if devoured:
        work = state.copy()
        first = devoured[0]
        scenario.end_activation(work, ActivationContext.normal(first.investigator))
        end = work.outcome()
        outcome = OutcomeData.of(end)
        who = _spaces_text([f"{d.investigator} ({d.space}: existence {d.before} → 0)" for d in devoured])
        result = Result(ResultKind.OUTCOME, f"The game is lost if {who} ends an activation there: the mist devours "
                                            f"the investigator, who is killed.", len(choices))
        rules = ("outcome.loss-investigator-killed",) + MIST_RULES
    elif losing:
        who = _spaces_text([f"{d.investigator} ({d.before} → {d.after})" for d in losing])
        result = Result(ResultKind.DETERMINED, f"Ending an activation where they stand costs existence to {who}; "
                                               f"{len(mist)} mist space(s).", len(choices))
    else:
        result = Result(ResultKind.NOTHING, f"No investigator stands in a mist space: ending an activation costs "
                                            f"no existence; {len(mist)} mist space(s).", len(choices))
    return _answer(state, "mist", result, rules, MIST_OPTIONS, choices=tuple(choices), outcome=outcome,
                   explanation=tuple(explanation), draw=draw)
