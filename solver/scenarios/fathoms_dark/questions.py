"""Fathoms Dark's question: ``unbound-activation`` — an infected investigator's unbound activation as an
:class:`~solver.answers.Answer` (the result first; the courses of three actions as data; per-step choices when each
action's choice is independent of the others; who decides a tie in the rulebook's words)."""

from __future__ import annotations

import random

from ...answers import Answer, Choice, Drawing, OutcomeData, Result, ResultKind, Step
from ...board import Geometry
from ...errors import BadParameter, RuleViolation
from ...questions import Param, approximate_board, question, settings
from .rules import TIE_CHOOSER, FathomsDarkState, SearchCard
from .unbound_activation import IGNORED_CONDITIONS, UnboundAction, UnboundActionKind, UnboundActivationPlan

#: A path of at most this many moves is shown whole (up to three tied paths); a longer one by its length and its
#: first and last :data:`PATH_ENDS` spaces, unless asked for in full (``paths: full``).
PATH_MOVES_SHOWN = 12
PATH_ENDS = 3

ACTIVATION_RULES = ("fathoms-activation.who", "fathoms-activation.not-normal",
                    "fathoms-activation.discard-until-weapon", "fathoms-activation.three-actions",
                    "fathoms-activation.must-attack", "fathoms-activation.attack-nearest",
                    "fathoms-activation.attacker-breaks-ties", "fathoms-activation.move-toward-attack-space",
                    "fathoms-activation.move-ignores-trap-and-slow", "fathoms-activation.ignore-weakened",
                    "fathoms-activation.paralyzed-ignored")
ATTACK_RULES = ("fathoms-activation.target-as-monster", "fathoms-activation.all-damage-to-target",
                "outcome.loss-investigator-killed")
RANGE_OPTIONS = ("sight.range", "sight.model", "hatch.blocks-sight", "board.distance", "hatch.blocks-movement")
IGNORED_WORDS = {"slow": "Slow (when moving)", "weakened": "Weakened (when attacking)",
                 "paralyzed": "Paralyzed (the whole unbound activation)"}


@question("unbound-activation",
          "Fathoms Dark: an infected investigator's unbound activation — the weapon the search deck gives (or the "
          "weapon's range given), then every course of three actions the rules allow (attacks on the nearest "
          "investigator, moves toward a space to attack from), ties included: counted, and shown step by step "
          "when each action's choice is independent.",
          scenarios=("fathoms-dark",),
          params=(Param("investigator", "the infected investigator (may be left out when only one is infected)"),
                  Param("seed", "a seed for the shuffle, if the search deck runs out before a weapon", type=int),
                  Param("weapon-range", "the range of the weapon discarded, given directly (the search deck is then "
                                        "not used)", type=int, minimum=0),
                  Param("paths", f"'ends' (default): a path of more than {PATH_MOVES_SHOWN} moves is shown by its "
                                 f"length and its first and last spaces; 'full': every path whole",
                        choices=("ends", "full"), default="ends")))
def unbound_activation_question(state: FathomsDarkState, args: dict) -> Answer:
    investigator = _investigator(state, args.get("investigator"))
    options = settings(state, ())
    ended = state.outcome()
    if ended is not None:  # the game is over before the end of the round: nobody takes an unbound activation
        return Answer("unbound-activation",
                      Result(ResultKind.OUTCOME, f"The game is {'won' if ended.is_win else 'lost'} already "
                                                 f"({ended.detail}): no unbound activation is taken."),
                      outcome=OutcomeData.of(ended), rules=(ended.rule_id, "fathoms-activation.who"),
                      options=settings(state, ("outcome.simultaneous",)) if ended.also_met else options,
                      approximate_board=approximate_board(state), draw=Drawing(figures=(investigator,)))
    if not state.is_covered(investigator):
        return Answer("unbound-activation",
                      Result(ResultKind.NOTHING, f"{investigator} takes no unbound activation: his or her Objective "
                                                 f"Point is not covered by an unbound marker."),
                      rules=("fathoms-activation.who",), options=options, approximate_board=approximate_board(state),
                      draw=Drawing(figures=(investigator,)))
    weapon = None
    if args.get("weapon-range") is not None:
        weapon = SearchCard(f"a weapon of range {args['weapon-range']}", True, int(args["weapon-range"]))
    elif not state.search_deck and not state.search_discard:
        raise BadParameter("weapon-range", f"the position has no search deck, so the weapon {investigator} discards "
                                           f"is unknown: give the search deck in the state file, or the weapon's "
                                           f"range", rule_id="fathoms-activation.discard-until-weapon")
    rng = random.Random(args["seed"]) if args.get("seed") is not None else None
    try:
        plan = state.scenario.plan_unbound_activation(state, investigator, rng, weapon)
    except RuleViolation as exc:
        if exc.rule_id == "fathoms-activation.discard-until-weapon":
            raise BadParameter("seed", exc.message, rule_id=exc.rule_id) from None
        raise
    geo = Geometry.of(state)
    told: dict[tuple[str, str], tuple[list[str], dict]] = {}  # (from, goal) → its lines and data, worked out once
    full = args.get("paths", "ends") == "full"
    choices = tuple(_course(state, geo, plan, seq, told, full) for seq in plan.sequences)
    steps = tuple(Step(f"action {i}", tuple(_action_choice(state, a) for a in options_))
                  for i, options_ in enumerate(plan.steps, 1))
    used = ["fathoms-activation.nearest-target"] if plan.weapon else []
    if plan.reshuffled or plan.weapon is None and not plan.weapon_given:
        used.append("fathoms-activation.search-deck-exhausted")
    used += _assumptions_met(plan)
    explanation = _explanation(state, plan, choices, told)
    rules = ACTIVATION_RULES
    if plan.attacks:
        rules += ATTACK_RULES
        explanation.append("Each attack's wounds are its dice's and all go to the target; an investigator they kill "
                           "loses the game for everyone.")
    return Answer("unbound-activation", _result(plan), () if steps else choices, steps,
                  chooser=TIE_CHOOSER if plan.count > 1 else None,
                  rules=rules, options=settings(state, used + (list(RANGE_OPTIONS) if plan.weapon else [])),
                  approximate_board=approximate_board(state), explanation=tuple(explanation),
                  draw=Drawing(spaces=(plan.start,), figures=(investigator,)))


def _assumptions_met(plan: UnboundActivationPlan) -> list[str]:
    """The assumptions that decided a course: an action with no space to attack from does nothing
    (fathoms-activation.nowhere-to-attack-from); a choice between equally near ways to move is the attacking
    investigator's (fathoms-activation.move-tie-chooser)."""
    listed = plan.steps or tuple(zip(*plan.sequences))  # the options at each action, as far as listed
    met = []
    if any(a.kind is UnboundActionKind.NONE for seq in plan.sequences for a in seq):
        met.append("fathoms-activation.nowhere-to-attack-from")
    if any(len(set(at)) > 1 and any(a.kind is UnboundActionKind.MOVE for a in at) for at in listed):
        met.append("fathoms-activation.move-tie-chooser")
    return met


def _investigator(state: FathomsDarkState, given) -> str:
    """The investigator asked about: the one given, or the only infected one."""
    if given is None:
        infected = state.infected()  # in activation-track order
        if len(infected) != 1:
            raise BadParameter("investigator", f"name the infected investigator (infected here, in activation-track "
                                               f"order: {', '.join(infected) or 'none'})",
                               rule_id="fathoms-activation.who")
        return infected[0]
    if given not in state.figures or not state.figures[given].is_investigator:
        names = ", ".join(f.id for f in state.investigators())
        raise BadParameter("investigator", f"no investigator {given!r} in this position (investigators: {names})")
    return given


def _result(plan: UnboundActivationPlan) -> Result:
    """The first line: with what the investigator attacks, and the choice left — or that no course attacks."""
    who, count = plan.investigator, plan.count
    if plan.weapon is None:
        return Result(ResultKind.DETERMINED, f"{who} finds no weapon in the search deck: no action can attack, so "
                                             f"{who} takes no action.", 1)
    weapon = plan.weapon.name
    if not plan.attacks:
        if all(a.kind == "none" for seq in plan.sequences for a in seq):
            return Result(ResultKind.DETERMINED, f"{who} discards {weapon} but no space lets {who} attack another "
                                                 f"investigator: {who} takes no action.", 1)
        text = (f"{who} discards {weapon} but can attack nobody in this unbound activation: three moves toward the "
                f"nearest space to attack from")
        if count == 1:
            return Result(ResultKind.DETERMINED, text + f" ({_course_text(plan.sequences[0])}).", 1)
        return Result(ResultKind.CHOICE, text + f"; {TIE_CHOOSER} chooses among {count} courses.", count)
    if count == 1:
        return Result(ResultKind.DETERMINED, f"{who} attacks with {weapon}: {_course_text(plan.sequences[0])}.", 1)
    if plan.steps:
        words = [" or ".join(_short(a) for a in options) for options in plan.steps]
        each = (f"each action: {words[0]}" if len(set(words)) == 1 else
                "; ".join(f"action {i}: {w}" for i, w in enumerate(words, 1)))
        return Result(ResultKind.CHOICE, f"{who} attacks with {weapon} — {each}, as {TIE_CHOOSER} decides "
                                         f"({count} courses in all).", count)
    return Result(ResultKind.CHOICE, f"{who} attacks with {weapon}; {TIE_CHOOSER} chooses among {count} courses of "
                                     f"three actions.", count)


def _short(a: UnboundAction) -> str:
    return a.target if a.kind == "attack" else str(a)


def _course_text(seq) -> str:
    return ", ".join(str(a) for a in seq)


def _action_choice(state: FathomsDarkState, a: UnboundAction) -> Choice:
    """One option of one step."""
    if a.kind == "attack":
        target = state.figure(a.target).space
        return Choice("target", a.target, str(a), _why(a), ("fathoms-activation.attacker-breaks-ties",),
                      Drawing(spaces=(target,), figures=(a.target,)))
    if a.kind == "move":
        return Choice("space", a.to, str(a), _why(a), ("fathoms-activation.move-toward-attack-space",),
                      Drawing(spaces=(a.to,), paths=((a.at, a.to),)))
    return Choice("action", "no action", str(a), _why(a), ("fathoms-activation.no-attack-space",))


def _why(a: UnboundAction) -> str:
    if a.kind == "attack":
        where = "in the same space" if a.sight == 0 else f"{_moves(a.moves)} away, sight distance {a.sight}"
        return f"from {a.at}: {a.target} is the nearest investigator the weapon reaches ({where})"
    if a.kind == "move":
        return (f"from {a.at}: nobody in reach; the nearest space(s) to attack from, {', '.join(a.goals)}, are "
                f"{_moves(a.distance)} away")
    return f"from {a.at}: no space lets him or her attack another investigator"


def _moves(n: int | None) -> str:
    return "no path" if n is None else f"{n} move" + ("" if n == 1 else "s")


def _course(state, geo, plan, seq, told, full) -> Choice:
    """One whole course of three actions, as data and as what a board draws."""
    paths = []
    for a in seq:
        if a.kind == "move":
            for g in a.goals:
                if (a.at, g) not in told:
                    told[(a.at, g)] = _move_paths_told(geo, a.at, g, a.distance, full)
                paths.append(told[(a.at, g)][1])
    moves = [a.at for a in seq if a.kind == "move"] + [seq[-1].end]
    targets = tuple(dict.fromkeys(a.target for a in seq if a.kind == "attack"))
    value = {"actions": [str(a) for a in seq], "weapon": plan.weapon.name if plan.weapon else None,
             "steps": [a.to_data() for a in seq], "end": seq[-1].end, "paths": paths}
    return Choice("sequence", "; ".join(str(a) for a in seq), value, "; ".join(_why(a) for a in seq),
                  ("fathoms-activation.three-actions",),
                  Drawing(spaces=(seq[-1].end,), paths=(tuple(moves),) if len(moves) > 1 else (), figures=targets))


def _explanation(state, plan: UnboundActivationPlan, choices, told) -> list[str]:
    who = plan.investigator
    fig = state.figure(who)
    if plan.weapon_given:
        lines = [f"{who} stands in {plan.start}; the weapon is given: {plan.weapon.name} (the search deck is not "
                 f"used)."]
    else:
        lines = [f"{who} stands in {plan.start}; search cards discarded: "
                 f"{', '.join(str(c) for c in plan.discarded) or 'none'}"
                 + (" (the discards were reshuffled into a new search deck)" if plan.reshuffled else "") + "."]
    infected = state.infected()
    if len(infected) > 1:
        lines.append(f"Unbound activations at the end of this round, in activation-track order: "
                     f"{', '.join(infected)}.")
    held = [IGNORED_WORDS[t] for t in IGNORED_CONDITIONS if fig.count(t)]
    if any(f.kind == "monster" for f in state.figures_in(fig.space)):
        held.append(f"the trap of the monsters in {fig.space} (when moving)")
    if held:
        lines.append(f"Ignored: {', '.join(held)}; the tokens stay after the unbound activation.")
    geo = Geometry.of(state)
    for seq in plan.sequences:
        for a in seq:
            if a.kind == "move":
                shown = [line for g in a.goals for line in told[(a.at, g)][0]]
            elif a.kind == "attack" and a.sight:
                target = state.figure(a.target).space
                shown = [f"line of sight {a.at} to {a.target} ({target}): {' → '.join(p)}"
                         for p in geo.sight_paths(a.at, target, limit=3)]
            else:
                shown = []
            lines += [line for line in shown if line not in lines]
    if not plan.is_complete and not plan.steps:
        lines.append(f"The first {len(plan.sequences)} of {plan.count} courses are listed.")
    if any(data.get("shortened") for _, data in told.values()):
        lines.append(f"A path of more than {PATH_MOVES_SHOWN} moves is shown by its length and its first and last "
                     f"spaces; paths: full shows it whole.")
    return lines


def _move_paths_told(geo: Geometry, at: str, goal: str, moves: int, full: bool) -> tuple[list[str], dict]:
    """The explanation's lines for the shortest paths of a move from ``at`` toward ``goal`` (``moves`` away), and
    the same as data: whole paths when short or asked for, else the first path's length and ends and whether other
    shortest paths exist (found in one walk, not by listing the paths)."""
    if full or moves <= PATH_MOVES_SHOWN:
        found = geo.move_paths(at, goal, limit=3)
        return ([f"shortest path {at} to {goal}: {' → '.join(p)}" for p in found],
                {"from": at, "to": goal, "moves": moves, "paths": [list(p) for p in found]})
    path, several = geo.first_move_path(at, goal)
    first, last = path[:PATH_ENDS], path[-PATH_ENDS:]
    line = (f"shortest path {at} to {goal}{' (one of several)' if several else ''}: {moves} moves, "
            f"{' → '.join(first)} → … → {' → '.join(last)}")
    return [line], {"from": at, "to": goal, "moves": moves, "first": list(first), "last": list(last),
                    "several": several, "shortened": True}
