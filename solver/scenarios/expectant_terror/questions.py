"""Expectant Terror's questions, each an :class:`~solver.answers.Answer` (the result first — the outcome when the
game ends —, the choices as data a board can draw, the rules, the options that decided it):

* ``nest-spawn`` — where this round's nest markers go;
* ``valid-placements`` — every legal placement of nest markers (counted before listed), or the rules a proposed
  one breaks;
* ``nest-return`` — where the Nest comes back at the start of the next round;
* ``infested`` — what each investigator's infested tokens do at the start of his or her activation.

The parameters are checked here (their declarations and :class:`~solver.errors.BadParameter`), never by the rules.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping

from ...answers import Answer, Choice, Drawing, OutcomeData, Placement, Result, ResultKind
from ...errors import BadParameter, InputError
from ...game import GameState
from ...questions import Param, approximate_board, question, settings
from .infested import INFESTED_KILLS
from .nest_markers import (NEST_MARKER_SUPPLY, MarkerStep, NestMarkerSpawn, broken_placement_rules,
                           placement_count, placement_limits, placements)
from .rules import SCENARIO_NAME, ExpectantTerror, ExpectantTerrorState

#: valid-placements lists at most this many placements; ``result.count`` says how many there are.
PLACEMENTS_LISTED = 30
TRACK_SPACES = len(ExpectantTerror.devouring_track)
NEST_MARKER_OPTIONS = ("expectant-nest-marker.card-after-spawn", "expectant-nest-marker.no-room")


def _state(state: GameState) -> ExpectantTerrorState:
    if not isinstance(state, ExpectantTerrorState):
        raise InputError(f"this question is about Expectant Terror, not {state.scenario.title}")
    return state


def _rooms_text(rooms: Iterable[int]) -> str:
    rooms = list(rooms)
    return ", ".join(map(str, rooms)) if rooms else "none"


def _count(state: ExpectantTerrorState, args: Mapping) -> tuple[int, str, str]:
    """The number of nest markers asked about: ``count``, else the hazard of the track space asked about
    (``track-space``, from 1), else the current one. Returns (count, rule, description)."""
    scenario = state.scenario
    index = state.devour_marker if args.get("track-space") is None else int(args["track-space"]) - 1
    if not 0 <= index < TRACK_SPACES:
        raise BadParameter("track-space", f"must be from 1 to {TRACK_SPACES}, not {index + 1}")
    if args.get("count") is not None:
        count = int(args["count"])
        if not 0 <= count <= NEST_MARKER_SUPPLY:
            raise BadParameter("count", f"must be from 0 to {NEST_MARKER_SUPPLY}, not {count}")
        return count, "expectant-nest-marker.deck-order", f"{count} nest marker(s) (asked)"
    n, rule = scenario.nest_markers_due(state, index)
    return n, rule, f"track space {index + 1} ({scenario.track_space(state, index).hazard} icon): {n} nest markers"


def _rooms_arg(state: ExpectantTerrorState, text) -> list[int]:
    rooms = []
    for item in str(text).replace(" ", ",").split(","):
        if not item:
            continue
        try:
            room = int(item)
        except ValueError:
            raise BadParameter("check", f"rooms are numbers separated by commas, not {item!r}") from None
        if room not in state.board.rooms:
            raise BadParameter("check", f"room {room} is not on the board", rule_id="expectant-board.rooms")
        rooms.append(room)
        if len(rooms) > NEST_MARKER_SUPPLY:  # no placement holds more: refused, not echoed back 20,000 times
            raise BadParameter("check", f"more than {NEST_MARKER_SUPPLY} rooms: there are only {NEST_MARKER_SUPPLY} "
                                        "nest markers", rule_id="expectant-nest-marker.supply")
    return rooms


def _step_text(step: MarkerStep) -> list[str]:
    n = step.marker
    lines = [f"marker {n}: room {r} already holds a nest marker: its card goes to the bottom "
             f"(expectant-nest-marker.skip-occupied)" for r in step.skipped]
    if step.failed == "expectant-nest-marker.supply":
        lines.append(f"marker {n}: none left in the supply (expectant-nest-marker.supply)")
    elif step.failed == "expectant-nest-marker.no-room":
        lines.append(f"marker {n}: every room of the devoured deck holds a nest marker; a full turn of the deck "
                     f"leaves it as it was and the marker is not placed (expectant-nest-marker.no-room)")
    elif step.failed:
        lines.append(f"marker {n}: every room of the devoured deck holds a nest marker; under "
                     f"expectant-nest-marker.no-room=game-lost the game is lost")
    elif step.card == "to-bottom":
        lines.append(f"marker {n}: room {step.room}, on its spawn space {step.space}; the card goes to the bottom "
                     f"(spawn.card-to-bottom)")
    else:
        lines.append(f"marker {n}: room {step.room}, on its spawn space {step.space}; the card stays on top "
                     f"(expectant-nest-marker.card-after-spawn=stays-on-top)")
    return lines


NOT_PLACED_WHY = {"expectant-nest-marker.supply": f"all {NEST_MARKER_SUPPLY} nest markers are on the board: the supply is empty",
                  "expectant-nest-marker.no-room": "no room of the devoured deck is free of nest markers",
                  "expectant-outcome.loss-no-room-for-nest-marker":
                      "no room of the devoured deck is free of nest markers"}


def _marker_drawing(spawn: NestMarkerSpawn) -> Drawing:
    return Drawing(spaces=spawn.spaces, placements=tuple(Placement("nest marker", s) for s in spawn.spaces))


# --- nest-spawn -----------------------------------------------------------------------------------------------------
@question("nest-spawn", "Expectant Terror: where this round's nest markers go (the current devouring track space's "
          "hazard, before any spawn card)", scenarios=(SCENARIO_NAME,),
          params=(Param("track-space", f"the devouring track space to ask about (1-{TRACK_SPACES}; default: the "
                                       f"devour marker's)", type=int, minimum=1, maximum=TRACK_SPACES),
                  Param("count", "the number of nest markers instead of the hazard's", type=int, minimum=0,
                        maximum=NEST_MARKER_SUPPLY)))
def nest_spawn_question(state: GameState, args: Mapping) -> Answer:
    """Where the spawn phase's nest markers go: the devoured deck decides, one marker at a time."""
    state = _state(state)
    count, count_rule, described = _count(state, args)
    trial = state.copy()
    spawn = trial.scenario.place_nest_markers(trial, count)
    outcome = trial.outcome()
    placed = ", ".join(f"room {r} ({s})" for r, s in zip(spawn.rooms, spawn.spaces)) or "nowhere"
    if outcome is not None and not outcome.is_win:
        result = Result(ResultKind.OUTCOME, f"The game is lost: {outcome.detail}.", 1 if spawn.rooms else 0)
    elif spawn.not_placed:
        kind = ResultKind.DETERMINED if spawn.rooms else ResultKind.NOTHING
        result = Result(kind, f"{spawn.not_placed} of the {count} nest markers can't be placed "
                              f"({NOT_PLACED_WHY[spawn.stopped_by]}); placed: {placed}.", 1 if spawn.rooms else 0)
    elif spawn.rooms:
        result = Result(ResultKind.DETERMINED, f"{described[0].upper()}{described[1:]}: {placed}.", 1)
    else:
        result = Result(ResultKind.NOTHING, f"{described[0].upper()}{described[1:]}: no marker to place.", 0)
    explanation = [f"Devoured deck, top first: {_rooms_text(state.devoured_deck)}",
                   f"Nest markers on the board before: rooms {_rooms_text(sorted(state.nest_markers))}",
                   *(line for step in spawn.steps for line in _step_text(step)),
                   f"Devoured deck after: {_rooms_text(spawn.deck_after)}"]
    choices = (Choice("placement", f"rooms {_rooms_text(spawn.rooms)}", list(spawn.spaces),
                      "one marker at a time, in the devoured deck's order", ("expectant-nest-marker.deck-order",),
                      _marker_drawing(spawn)),) if spawn.rooms else ()
    rules = [count_rule, "expectant-nest-marker.before-spawn-cards", "expectant-nest-marker.different-rooms", "expectant-nest-marker.one-per-room",
             *spawn.rules]
    if outcome is not None:
        rules.append(outcome.rule_id)
    return Answer("nest-spawn", result, choices, outcome=OutcomeData.of(outcome),
                  rules=tuple(dict.fromkeys(rules)), options=settings(state, NEST_MARKER_OPTIONS),
                  approximate_board=approximate_board(state), explanation=tuple(explanation),
                  draw=Drawing(spaces=tuple(state.nest_marker_spaces().values())))


# --- valid-placements ---------------------------------------------------------------------------------------------
BROKEN_WHY = {
    "expectant-nest-marker.different-rooms": lambda d: f"two markers of one spawn in the same room ({_rooms_text(d['rooms'])})",
    "expectant-nest-marker.one-per-room": lambda d: f"a room that already holds a nest marker ({_rooms_text(d['rooms'])})",
    "expectant-nest-marker.deck-order": lambda d: (
        f"room(s) {_rooms_text(d['rooms'])} are not in the devoured deck" if d.get("not_in_deck") else
        f"the markers go one at a time in the deck's order: {_rooms_text(d['dictated'])}" if d["same_rooms"] else
        f"the devoured deck sends them to rooms {_rooms_text(d['dictated'])}, in that order"),
}


def _broken_why(rule: str, details: dict) -> str:
    if rule in BROKEN_WHY:
        return BROKEN_WHY[rule](details)
    return f"{details['proposed']} marker(s) where {details['placed']} must be placed"


@question("valid-placements", "Expectant Terror: every placement of nest markers the rules allow (in the devoured "
          "deck's order: the one; by the room rules alone: counted, the first listed), or check a proposed one",
          scenarios=(SCENARIO_NAME,),
          params=(Param("count", "how many nest markers (default: the current track space's hazard)", type=int,
                        minimum=0, maximum=NEST_MARKER_SUPPLY),
                  Param("track-space", f"the devouring track space whose hazard gives the count (1-{TRACK_SPACES})",
                        type=int, minimum=1, maximum=TRACK_SPACES),
                  Param("check", "a proposed placement: rooms separated by commas, in placing order"),
                  Param("order", "'deck' (default): the devoured deck's order decides; 'any': what the room rules "
                                 "alone allow (a tool mode: the players never choose the rooms)",
                        choices=("deck", "any"), default="deck")))
def valid_placements_question(state: GameState, args: Mapping) -> Answer:
    state = _state(state)
    count, count_rule, described = _count(state, args)
    order = args.get("order") or "deck"
    if order not in ("deck", "any"):
        raise BadParameter("order", f"must be 'deck' or 'any', not {order!r}")
    proposal = _rooms_arg(state, args["check"]) if args.get("check") not in (None, "") else None
    limits = placement_limits(state, count)
    total = placement_count(limits, order)
    listed = list(itertools.islice(placements(limits, order), PLACEMENTS_LISTED))
    board = state.board
    why = ("the devoured deck's order" if order == "deck" else
           "different rooms, none holding a nest marker (the room rules alone)")
    choices = tuple(Choice("placement", f"rooms {_rooms_text(p)}", list(p), why,
                           draw=Drawing(spaces=tuple(board.rooms[r].spawn_space for r in p),
                                        placements=tuple(Placement("nest marker", board.rooms[r].spawn_space)
                                                         for r in p)))
                    for p in listed)
    rules = [count_rule, "expectant-nest-marker.different-rooms", "expectant-nest-marker.one-per-room"]
    if order == "deck":
        rules += ["expectant-nest-marker.deck-order", "expectant-nest-marker.skip-occupied"]
    if limits.limit:
        rules.append(limits.limit)
    described = described[0].upper() + described[1:]
    if order == "deck":
        text = (f"{described}: the devoured deck's order allows one placement, rooms "
                f"{_rooms_text(limits.dictated[:limits.placed])}.")
        result = Result(ResultKind.DETERMINED, text, 1)
    else:
        text = (f"{described}: {total} placement(s) keep the room rules alone; in play the devoured deck's order "
                f"leaves no choice (rooms {_rooms_text(limits.dictated[:limits.placed])}).")
        result = Result(ResultKind.DETERMINED, text, total)
    explanation = [f"Rooms free of nest markers, in devoured-deck order: {_rooms_text(limits.free)}",
                   f"Nest markers in the supply: {NEST_MARKER_SUPPLY - len(state.nest_markers)} of "
                   f"{NEST_MARKER_SUPPLY}",
                   f"The devoured deck's order sends them to: {_rooms_text(limits.dictated)}"]
    if limits.limit:
        explanation.append(f"Only {limits.placed} of the {count} can be placed [{limits.limit}]")
    if proposal is not None:
        broken = broken_placement_rules(state, proposal, limits, count_rule, order)
        if broken:
            result = Result(ResultKind.NO, f"Rooms {_rooms_text(proposal)} break "
                                           + "; ".join(f"{rule} ({_broken_why(rule, d)})" for rule, d in broken)
                                           + ".", total)
            rules = [r for r, _ in broken] + rules
        else:
            result = Result(ResultKind.YES, f"Rooms {_rooms_text(proposal)} are a legal placement.", total)
        explanation.insert(0, text)
    return Answer("valid-placements", result, choices,
                  rules=tuple(dict.fromkeys(rules)), options=settings(state, NEST_MARKER_OPTIONS),
                  approximate_board=approximate_board(state), explanation=tuple(explanation))


# --- nest-return ------------------------------------------------------------------------------------------------------
@question("nest-return", "Expectant Terror: where the Nest comes back at the start of the next round",
          scenarios=(SCENARIO_NAME,))
def nest_return_question(state: GameState, args: Mapping) -> Answer:
    state = _state(state)
    options = settings(state, ("expectant-nest.killing-wound",))
    rules = ["expectant-nest.returns-next-round", "expectant-nest.return-card-to-bottom", "spawn.no-location"]
    if state.nest_is_killed or (state.nest_activation_pending and state.nest.health.is_killed):
        if state.nest_is_killed:
            outcome = state.outcome()
            text = "The Nest has been killed: the game is won and the Nest does not return."
        else:
            outcome = None
            text = "The Nest is killed when its additional activation ends: it does not return."
        return Answer("nest-return", Result(ResultKind.OUTCOME if outcome else ResultKind.NOTHING, text),
                      outcome=OutcomeData.of(outcome), rules=("expectant-outcome.win-nest-killed",
                                                              "expectant-nest.killing-wound"),
                      options=options, approximate_board=approximate_board(state))
    space = state.scenario.nest_return_space(state)
    room = state.devoured_deck[0]
    deck_after = state.devoured_deck[1:] + state.devoured_deck[:1]
    nxt = state.round + 1
    if state.nest_is_removed:
        text = (f"The Nest returns at the start of round {nxt} to {space}, the spawn space of room {room} (the "
                f"devoured deck's top card); card {room} then goes to the bottom.")
    elif state.nest_activation_pending:
        text = (f"The Nest is taking its additional activation; when it ends the Nest leaves the board and "
                f"returns at the start of round {nxt} to {space}, the spawn space of room {room}, unless a spawn "
                f"with no location moves the devoured deck first.")
        rules = ["expectant-nest.removed-after-activation", *rules]
    else:
        text = (f"The Nest is on the board ({state.nest.space}). If it takes its wound this round, it leaves after "
                f"its additional activation and returns at the start of round {nxt} to {space}, the spawn space of "
                f"room {room}, unless a spawn with no location moves the devoured deck first.")
        rules = ["expectant-nest.activates-when-wounded", "expectant-nest.removed-after-activation", *rules]
    distances = state.board.distances_from(space)
    reach = sorted((distances[f.space], f.id) for f in state.investigators()
                   if f.space is not None and not f.killed and f.space in distances)
    explanation = [f"Devoured deck, top first: {_rooms_text(state.devoured_deck)}; after: {_rooms_text(deck_after)}"]
    nearest: tuple[str, ...] = ()
    if reach:
        best = reach[0][0]
        nearest = tuple(name for d, name in reach if d == best)
        explanation += [f"{name}: {d} move(s) from {space}" for d, name in reach]
        tie = "; the players choose among them when a monster moves toward the nearest" if len(nearest) > 1 else ""
        explanation.append(f"Nearest investigator(s) to {space}: {', '.join(nearest)} at {best}{tie}")
    choice = Choice("space", space, space, f"room {room}'s spawn space: the devoured deck's top card",
                    ("expectant-nest.returns-next-round",), Drawing(spaces=(space,), figures=nearest,
                                                          placements=(Placement("Nest", space),)))
    return Answer("nest-return", Result(ResultKind.DETERMINED, text, 1), (choice,),
                  rules=tuple(rules), options=options, approximate_board=approximate_board(state),
                  explanation=tuple(explanation))


# --- infested ---------------------------------------------------------------------------------------------------------
INFESTED_OPTIONS = ("expectant-infested.damage", "expectant-infested.short-reserve", "reserve.empty", "expectant-infested.horror-0-spawn")


@question("infested", "Expectant Terror: what each investigator's infested tokens do at the start of his or her "
          "activation", scenarios=(SCENARIO_NAME,))
def infested_question(state: GameState, args: Mapping) -> Answer:
    """Each investigator in activation-track order: X damage (a resistance roll, or X wounds: ``expectant-infested.damage``),
    X Mind Eaters in his or her space (from the reserve as the earlier ones left it), killed at four; and whether a
    nest marker in the space allows the discard. An investigator acting outside an activation suffers nothing."""
    state = _state(state)
    scenario = state.scenario
    trial = state.copy()
    under_way = trial.activation
    trial.activation = None
    reading = scenario.options["expectant-infested.damage"]
    rules = ["expectant-infested.start-damage", "expectant-infested.start-mind-eaters"]
    options = settings(state, INFESTED_OPTIONS)
    order = [n for n in trial.activation_track if n in trial.figures] or [f.id for f in trial.investigators()]
    choices: list[Choice] = []
    holders, outside = 0, None
    for name in order:
        fig = trial.figures[name]
        x = fig.count("infested")
        value = {"investigator": name, "space": fig.space, "infested_tokens": x}
        if fig.killed or fig.health.is_killed:
            four = x >= INFESTED_KILLS
            choices.append(Choice("effect", f"{name}: killed" + (" (four infested tokens)" if four else ""),
                                  {**value, "killed": True},
                                  "four infested tokens kill at once" if four else "a killed investigator has no "
                                                                                   "activation",
                                  rules=("expectant-infested.killed-at-four",) if four else (),
                                  draw=Drawing(figures=(name,))))
            if four:
                rules.append("expectant-infested.killed-at-four")
            continue
        if under_way is not None and under_way.investigator == name and not under_way.is_normal:
            choices.append(Choice("effect", f"{name}: acts outside an activation: the infested tokens deal no "
                                            f"damage and spawn nothing", {**value, "damage": 0, "mind_eaters": 0},
                                  "nothing at the beginning of an activation is triggered outside one",
                                  ("outside-activation.no-start-end-effects",), Drawing(figures=(name,))))
            rules.append("outside-activation.no-start-end-effects")
            outside = name
            continue
        if x == 0:
            choices.append(Choice("effect", f"{name}: no infested token, nothing happens", {**value, "damage": 0},
                                  "X is 0", draw=Drawing(figures=(name,))))
            continue
        holders += 1
        wounds = x if reading == "wounds" else 0  # under after-resistance the roll decides: shown, not dealt
        strike = scenario.infested_strike(trial, name, wounds)
        if reading == "wounds":
            hurt = (f"{x} damage = {x} wound(s), no roll (expectant-infested.damage=wounds), health "
                    f"{fig.health.current}/{fig.health.maximum}")
        else:
            current = fig.health.current
            hurt = (f"{x} damage: {name} rolls resistance and takes the wounds that get through (0 to {x}; "
                    f"expectant-infested.damage=after-resistance), health now {current}/{fig.health.maximum}"
                    + (f", killed if {current} get through" if current <= x else ""))
        eaters = f"{len(strike.mind_eaters)} Mind Eater(s) in {fig.space}"
        if strike.missing_mind_eaters:
            eaters += f", {strike.missing_mind_eaters} not spawned (reserve short: expectant-infested.short-reserve)"
        label = f"{name}: {hurt}; {eaters}"
        if reading == "wounds" and fig.health.is_killed:
            label += " — killed"
            rules.append("outcome.loss-investigator-killed")
        room = trial.nest_marker_room_at(fig.space)
        discard = room is not None and (x > 0 or scenario.options["expectant-infested.discard-uninfested"] == "allowed")
        if discard:
            label += (f"; a nest marker lies here (room {room}): he or she may then discard {x} infested token(s) "
                      f"and it, spawning {x} Husk(s), at no action")
            rules += ["expectant-infested.discard-with-nest-marker", "expectant-infested.husks-spawn", "expectant-infested.discard-free"]
        choices.append(Choice("effect", label, {**value, "damage": x, "wounds": wounds if reading == "wounds" else None,
                                                "resistance_roll": reading != "wounds",
                                                "mind_eaters": list(strike.mind_eaters),
                                                "not_spawned": strike.missing_mind_eaters,
                                                "may_discard_at_nest_marker": room if discard else None},
                              "as the activation begins", rules=("expectant-infested.start-damage", "expectant-infested.start-mind-eaters"),
                              draw=Drawing(spaces=(fig.space,), figures=(name,),
                                           placements=tuple(Placement("Mind Eater", fig.space)
                                                            for _ in strike.mind_eaters))))
    outcome = trial.outcome()
    if outcome is not None and not outcome.is_win:
        result = Result(ResultKind.OUTCOME, f"The game is lost: {outcome.detail}.", 1)
        rules.append(outcome.rule_id)
    elif holders:
        first = (f"{outside} acts outside an activation and suffers nothing; {holders} other investigator(s)"
                 if outside else f"{holders} investigator(s)")
        result = Result(ResultKind.DETERMINED, f"{first} hold infested tokens: at the start of their activations, "
                        + ("each rolls resistance against X damage" if reading != "wounds"
                           else "each takes X wounds, no roll") + " and X Mind Eaters spawn.", 1)
    elif outside is not None:
        result = Result(ResultKind.NOTHING, f"Nothing happens: {outside} acts outside an activation, so the "
                                            f"infested tokens deal no damage and spawn nothing.", 0)
    else:
        result = Result(ResultKind.NOTHING, "No investigator holds an infested token: nothing happens.", 0)
    return Answer("infested", result, tuple(choices), outcome=OutcomeData.of(outcome), chooser=None,
                  rules=tuple(dict.fromkeys(rules)), options=options,
                  approximate_board=approximate_board(state))
