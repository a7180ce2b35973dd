"""The positional questions every scenario shares: line of sight, distance, where an item spawned with no location
goes, and what an investigator may attack.

Each returns an :class:`~solver.answers.Answer`: its result first, every option tied for best as a
:class:`~solver.answers.Choice` with what a board draws of it (the paths, the spaces, the targets), the rules
applied and the options that decided it (``board.distance``, ``sight.model``, ``sight.range``,
``hatch.blocks-movement``, ``hatch.blocks-sight``, ``board.one-spawn-space``).
"""

from __future__ import annotations

from .answers import Answer, Choice, Drawing, Placement, Result, ResultKind
from .board import Geometry, _all_shortest_paths, space_sort_key
from .errors import BadParameter
from .game import GameState, Target
from .questions import Param, approximate_board, question, settings

_FROM = Param("from", "where from: a space ID (17a) or a figure (an investigator's name, Husk#1)", required=True)
_TO = Param("to", "where to: a space ID (12b) or a figure (an investigator's name, Husk#1)", required=True)

#: The most items ``spawn-location --count`` follows: the devoured deck comes round again after as many spawns as it
#: has cards (twelve at most), so a longer list only repeats itself; the limit keeps a mistyped count from running
#: for ever.
MAX_SPAWN_COUNT = 100


def locate(state: GameState, where: str, param: str) -> tuple[str, str]:
    """``(space, label)`` for a space ID or a figure ID; an unknown one is a :class:`BadParameter` naming the
    question's parameter ``param``."""
    where = str(where).strip()
    if where in state.board.spaces:
        return where, where
    figure = state.figures.get(where)
    if figure is not None:
        if figure.space is None:
            raise BadParameter(param, f"{where} is not on the board")
        return figure.space, f"{where} ({figure.space})"
    known = ", ".join(sorted(state.figures)) or "none"
    raise BadParameter(param, f"{where!r} is neither a space of the board nor a figure (figures: {known})")


def _answer(state: GameState, question: str, result: Result, rules: tuple[str, ...], decided_by, **fields) -> Answer:
    return Answer(question, result, rules=rules, options=settings(state, decided_by),
                  approximate_board=approximate_board(state), **fields)


#: At most this many tied paths or lines are listed; more are counted (the answer says how many there are).
PATHS_LISTED = 24


def _listed(count: int) -> str:
    return f", the first {PATHS_LISTED} listed" if count > PATHS_LISTED else ""


def _path(path) -> str:
    return " → ".join(path)


def _kinds(hatches) -> str:
    names = sorted(hatches)
    listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
    return f"{listed} hatches block it"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --- line of sight ---------------------------------------------------------------------------------------------------
@question("line-of-sight", "Can one space or figure see another, at what sight distance, along which lines?",
          params=(_FROM, _TO))
def line_of_sight(state: GameState, args: dict) -> Answer:
    a, a_label = locate(state, args["from"], "from")
    b, b_label = locate(state, args["to"], "to")
    geo = Geometry.of(state)
    rules = Geometry.SIGHT_RULES
    explanation = []
    if geo.sight_blockers:
        explanation.append("Spaces that block sight in this position: "
                           + ", ".join(sorted(geo.sight_blockers, key=space_sort_key)) + ".")
    paths = geo.sight_paths(a, b, PATHS_LISTED)
    count = geo.sight_path_count(a, b) if len(paths) >= PATHS_LISTED else len(paths)
    blockers = Drawing(spaces=tuple(sorted(geo.sight_blockers, key=space_sort_key)))
    if not paths:
        result = Result(ResultKind.NO, f"{a_label} can't see {b_label}: {_why_unseen(geo, a, b)}.")
        return _answer(state, "line-of-sight", result, rules, Geometry.SIGHT_RULES,
                       explanation=tuple(explanation), draw=blockers)
    d = len(paths[0]) - 1
    choices = tuple(Choice("path", _path(p), {"path": list(p), "sight_distance": d}, f"sight distance {d}",
                           draw=Drawing(spaces=(p[-1],), paths=(tuple(p),))) for p in paths)
    text = (f"{a_label} sees {b_label} at sight distance {d}"
            + (f", along {_plural(count, 'shortest line')}{_listed(count)}." if d else " (the same space)."))
    return _answer(state, "line-of-sight", Result(ResultKind.YES, text, count), rules, Geometry.SIGHT_RULES,
                   choices=choices, explanation=tuple(explanation), draw=blockers)


def _why_unseen(geo: Geometry, a: str, b: str) -> str:
    board = geo.board
    if a == b and a in geo.sight_blockers:
        return f"{a} blocks sight, and in this scenario a figure there sees nothing, not even its own space"
    if a in geo.sight_blockers:
        return f"sight can't get out of {a}, a space that blocks sight"
    if b in geo.sight_blockers:
        return f"sight can't get into {b}, a space that blocks sight"
    if geo.sight_model == "same-room" and board.room_of(a) != board.room_of(b):
        return (f"{a} and {b} are in different rooms ({board.room_of(a)} and {board.room_of(b)}), and under "
                f"sight.model=same-room a figure sees only its own room")
    open_sight = board.sight_distance(a, b, frozenset(), geo.sight_model, frozenset())
    if open_sight is None:
        return "no connections join the two spaces"
    no_hatches = board.sight_distance(a, b, geo.sight_blockers, geo.sight_model, frozenset())
    if no_hatches is not None:
        return ("every line between them crosses a hatch that blocks sight (hatch.blocks-sight: "
                + _kinds(geo.sight_hatches) + ")")
    return "every line between them passes through a space that blocks sight"


# --- distance --------------------------------------------------------------------------------------------------------
@question("distance", "How many moves apart are two spaces or figures, and along which shortest paths?",
          params=(_FROM, _TO))
def distance(state: GameState, args: dict) -> Answer:
    a, a_label = locate(state, args["from"], "from")
    b, b_label = locate(state, args["to"], "to")
    geo = Geometry.of(state)
    paths = geo.move_paths(a, b, PATHS_LISTED)
    count = geo.move_path_count(a, b) if len(paths) >= PATHS_LISTED else len(paths)
    if not paths:
        blocked = state.board.distance(a, b) is not None
        why = ("every way crosses a hatch that blocks movement (hatch.blocks-movement: "
               + _kinds(geo.movement_hatches) + ")") if blocked else "no connections join them"
        return _answer(state, "distance", Result(ResultKind.NOTHING, f"No way leads from {a_label} to {b_label}: "
                                                                     f"{why}."),
                       Geometry.MOVE_RULES, Geometry.MOVE_RULES)
    d = len(paths[0]) - 1
    choices = tuple(Choice("path", _path(p), {"path": list(p), "distance": d}, _plural(d, "move"),
                           draw=Drawing(spaces=(p[-1],), paths=(tuple(p),))) for p in paths)
    if d == 0:
        result = Result(ResultKind.DETERMINED, f"{a_label} and {b_label} are the same space: distance 0.", 1)
    elif len(paths) == 1:
        result = Result(ResultKind.DETERMINED, f"{a_label} to {b_label}: {_plural(d, 'move')}, along one shortest "
                                               f"path.", 1)
    else:
        result = Result(ResultKind.CHOICE, f"{a_label} to {b_label}: {_plural(d, 'move')}, along {count:,} "
                                           f"shortest paths (tied){_listed(count)}: the players choose.", count)
    return _answer(state, "distance", result, Geometry.MOVE_RULES, Geometry.MOVE_RULES, choices=choices,
                   chooser="the players" if result.kind is ResultKind.CHOICE else None)


# --- spawning with no location -------------------------------------------------------------------------------------
@question("spawn-location", "Where does an item spawned with no location go (and the next ones, with --count)?",
          params=(Param("count", "how many items are spawned one after another (default 1)", type=int, default=1,
                        minimum=1, maximum=MAX_SPAWN_COUNT),))
def spawn_location(state: GameState, args: dict) -> Answer:
    count = args.get("count", 1)
    work = state.copy()
    spaces: list[str] = []
    choices: list[Choice] = []
    for i in range(count):
        room = work.devoured_deck[0] if work.devoured_deck else None
        space = work.spawn_without_location()  # raises RuleViolation(spawn.no-location) on an empty deck
        spaces.append(space)
        choices.append(Choice("space", f"{i + 1}. {space}", {"space": space, "room": room},
                              f"room {room} tops the devoured deck: its spawn space {space}; the card goes to the "
                              f"bottom", draw=Drawing(spaces=(space,), placements=(Placement("item", space),))))
    rules = ("spawn.no-location", "spawn.card-to-bottom", "board.one-spawn-space")
    after = "Devoured deck afterwards (top first): " + ", ".join(str(r) for r in work.devoured_deck) + "."
    text = (f"It spawns in {spaces[0]}." if count == 1 else
            f"The {count} items spawn in turn in " + ", ".join(spaces) + ".")
    return _answer(state, "spawn-location", Result(ResultKind.DETERMINED, text, 1), rules,
                   ("board.one-spawn-space",), choices=tuple(choices), explanation=(after,),
                   draw=Drawing(spaces=tuple(dict.fromkeys(spaces)),
                                placements=tuple(Placement("item", s) for s in spaces)))


# --- attack targets --------------------------------------------------------------------------------------------------
def _lines_from(geo: Geometry, here: str):
    """Lines of sight from ``here``, out of ONE search from ``here`` (sight works both ways): for a space, the first
    :data:`PATHS_LISTED` shortest lines in natural order and how many there are (counted down the distances, never
    listed) — hundreds of targets cost one search, not one each with a thousand lines each (issue 13)."""
    to_here = geo.sight_distances_from(here)
    adjacency = geo.board.adjacency(geo.sight_hatches)
    counts: dict[str, int] = {}
    for space in sorted(to_here, key=to_here.__getitem__):
        d = to_here[space]
        counts[space] = 1 if d == 0 else sum(counts.get(n, 0) for n in adjacency[space] if to_here.get(n) == d - 1)

    keys: dict[str, tuple] = {}  # each space's sort key, made once

    def key(path: tuple[str, ...]) -> list[tuple]:
        return [keys[s] if s in keys else keys.setdefault(s, space_sort_key(s)) for s in path]

    def lines(space: str) -> tuple[list[tuple[str, ...]], int]:
        if space not in to_here:
            return [], 0
        walks = _all_shortest_paths(space, here, to_here, adjacency, PATHS_LISTED)
        return sorted((tuple(reversed(w)) for w in walks), key=key), counts[space]
    return lines


@question("attack-targets", "What may an investigator attack with a weapon of a given range?",
          params=(Param("investigator", "the attacking investigator's name", required=True),
                  Param("range", "the weapon's range: 0 is the investigator's own space", required=True, type=int,
                        minimum=0)))
def attack_targets(state: GameState, args: dict) -> Answer:
    name = args["investigator"]
    attacker = state.figures.get(name)
    if attacker is None or not attacker.is_investigator:
        known = ", ".join(f.id for f in state.investigators()) or "none"
        raise BadParameter("investigator", f"{name!r} is not an investigator of this position (investigators: "
                                           f"{known})")
    if attacker.space is None:
        raise BadParameter("investigator", f"{name} is not on the board")
    weapon_range = args["range"]
    geo = Geometry.of(state)
    here = attacker.space
    targets: list[Target] = state.scenario.attack_targets(state, name)
    reachable: list[tuple[int, Target]] = []
    explanation: list[str] = []
    for t in targets:
        needed = geo.range_to(here, t.space)
        if needed is None:
            explanation.append(f"{t.id} ({t.space}): out of sight — {_why_unseen(geo, here, t.space)}.")
        elif needed > weapon_range:
            explanation.append(f"{t.id} ({t.space}): needs range {needed}.")
        else:
            reachable.append((needed, t))
    reachable.sort(key=lambda nt: (nt[0], space_sort_key(nt[1].space), nt[1].id))
    choices = []
    lines_to = _lines_from(geo, here)
    for needed, t in reachable:
        lines, count = lines_to(t.space)
        why = ("in its own space" if needed == 0 else
               f"range {needed} ({'sight distance' if geo.range_rule == 'sight-distance' else 'moves'}), seen along "
               + _path(lines[0]) + (f" and {count - 1:,} more line(s)" if count > 1 else "")
               + _listed(count))
        health = {"health": list(t.health)} if t.health else {}  # (left, maximum) where the rules give one
        choices.append(Choice("target", f"{t.id} ({t.space})" + (f", health {t.health[0]} of {t.health[1]}"
                                                                  if t.health else ""),
                              {"target": t.id, "space": t.space, "kind": t.kind, "range": needed,
                               "lines_of_sight": [list(p) for p in lines], "lines_of_sight_count": count, **health},
                              why, (t.rule_id,) if t.rule_id else (),
                              Drawing(spaces=(t.space,), paths=tuple(tuple(p) for p in lines), figures=(t.id,))))
    rules = Geometry.RANGE_RULES + tuple(dict.fromkeys(t.rule_id for _, t in reachable if t.rule_id))
    label = f"{name} ({here}) with a range {weapon_range} weapon"
    if not choices:
        result = Result(ResultKind.NOTHING, f"{label} can attack nothing"
                        + ("." if targets else ": there is nothing to attack."))
    elif len(choices) == 1:
        result = Result(ResultKind.DETERMINED, f"{label} can attack only {choices[0].label}.", 1)
    else:
        result = Result(ResultKind.CHOICE, f"{label} can attack any of {len(choices)} targets; the players choose.",
                        len(choices))
    if explanation:
        explanation.insert(0, "Out of reach:")
    excluded = state.scenario.attack_exclusions(state, name)  # what the rules forbid, and which rule
    if excluded:
        explanation += ["Not a target for " + name + ":"] + [f"{t.id} ({t.space}) [{t.rule_id}]" for t in excluded]
        rules += tuple(dict.fromkeys(t.rule_id for t in excluded if t.rule_id))
    # an option that excludes or admits a target (expectant-nest-marker.attack) decided the answer: its setting is shown
    decided = Geometry.RANGE_RULES + tuple(r for r in rules if r in state.options)
    return _answer(state, "attack-targets", result, rules, decided, choices=tuple(choices),
                   explanation=tuple(explanation), draw=Drawing(figures=(name,), spaces=(here,)),
                   chooser="the players" if result.kind is ResultKind.CHOICE else None)
