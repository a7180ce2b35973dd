"""The positional questions every scenario shares: line of sight, distance, where an item spawned with no location
goes, and what an investigator may attack.

Each answer lists every option tied for best, with the distances and paths behind it and the rules and
assumptions applied (``board.distance``, ``sight.model``, ``sight.range``, ``hatch.blocks-movement``,
``hatch.blocks-sight``, ``spawn.no-location`` …).
"""

from __future__ import annotations

from .answers import Answer, Choice
from .board import Geometry, space_sort_key
from .errors import InputError
from .game import GameState, Target
from .questions import Param, question

_FROM = Param("from", "where from: a space ID (17a) or a figure (an investigator's name, Husk#1)", required=True)
_TO = Param("to", "where to: a space ID (12b) or a figure (an investigator's name, Husk#1)", required=True)


def locate(state: GameState, where: str, param: str) -> tuple[str, str]:
    """``(space, label)`` for a space ID or a figure ID; an unknown one is an :class:`InputError` naming the
    command-line parameter."""
    where = str(where).strip()
    if where in state.board.spaces:
        return where, where
    figure = state.figures.get(where)
    if figure is not None:
        if figure.space is None:
            raise InputError(f"{where} is not on the board", entry=f"--{param}")
        return figure.space, f"{where} ({figure.space})"
    known = ", ".join(sorted(state.figures)) or "none"
    raise InputError(f"{where!r} is neither a space of the board nor a figure (figures: {known})",
                     entry=f"--{param}")


def whole_number(args: dict, name: str, default: int | None = None, minimum: int = 0,
                 maximum: int | None = None) -> int:
    """A question's whole-number argument, checked."""
    raw = args.get(name)
    if raw is None:
        if default is None:
            raise InputError("missing (required)", entry=f"--{name}")
        return default
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise InputError(f"must be a whole number, not {raw!r}", entry=f"--{name}") from None
    if value < minimum:
        raise InputError(f"must be at least {minimum}, not {value}", entry=f"--{name}")
    if maximum is not None and value > maximum:
        raise InputError(f"must be at most {maximum}, not {value}", entry=f"--{name}")
    return value


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
    a, a_label = locate(state, args.get("from"), "from")
    b, b_label = locate(state, args.get("to"), "to")
    geo = Geometry.of(state)
    rules = Geometry.SIGHT_RULES
    explanation = []
    if geo.sight_blockers:
        explanation.append("Spaces that block sight in this position: "
                           + ", ".join(sorted(geo.sight_blockers, key=space_sort_key)) + ".")
    paths = geo.sight_paths(a, b)
    opts = state.options.non_default()
    if not paths:
        return Answer("line-of-sight", f"{a_label} can't see {b_label}: {_why_unseen(geo, a, b)}.", (),
                      tuple(explanation), rules, opts)
    d = len(paths[0]) - 1
    choices = tuple(Choice(list(p), f"sight distance {d}", {"sight_distance": d}) for p in paths)
    summary = (f"{a_label} sees {b_label} at sight distance {d}"
               + (f", along {_plural(len(paths), 'shortest line')}." if d else " (the same space)."))
    return Answer("line-of-sight", summary, choices, tuple(explanation), rules, opts)


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
    a, a_label = locate(state, args.get("from"), "from")
    b, b_label = locate(state, args.get("to"), "to")
    geo = Geometry.of(state)
    paths = geo.move_paths(a, b)
    opts = state.options.non_default()
    if not paths:
        blocked = state.board.distance(a, b) is not None
        why = ("every way crosses a hatch that blocks movement (hatch.blocks-movement: "
               + _kinds(geo.movement_hatches) + ")") if blocked else "no connections join them"
        return Answer("distance", f"No way leads from {a_label} to {b_label}: {why}.", (), (), Geometry.MOVE_RULES,
                      opts)
    d = len(paths[0]) - 1
    choices = tuple(Choice(list(p), _plural(d, "move"), {"distance": d}) for p in paths)
    if d == 0:
        summary = f"{a_label} and {b_label} are the same space: distance 0."
    elif len(paths) == 1:
        summary = f"{a_label} to {b_label}: {_plural(d, 'move')}, along one shortest path."
    else:
        summary = f"{a_label} to {b_label}: {_plural(d, 'move')}, along {len(paths)} shortest paths (tied)."
    return Answer("distance", summary, choices, (), Geometry.MOVE_RULES, opts)


# --- spawning with no location -------------------------------------------------------------------------------------
#: The most items ``spawn-location --count`` follows: the devoured deck comes round again after as many spawns as it
#: has cards (twelve at most), so a longer list only repeats itself; the limit keeps a mistyped count from running
#: for ever.
MAX_SPAWN_COUNT = 100

@question("spawn-location", "Where does an item spawned with no location go (and the next ones, with --count)?",
          params=(Param("count", "how many items are spawned one after another (default 1)"),))
def spawn_location(state: GameState, args: dict) -> Answer:
    count = whole_number(args, "count", default=1, minimum=1, maximum=MAX_SPAWN_COUNT)
    work = state.copy()
    spaces: list[str] = []
    steps: list[str] = []
    for i in range(count):
        room = work.devoured_deck[0] if work.devoured_deck else None
        space = work.spawn_without_location()  # raises RuleViolation(spawn.no-location) on an empty deck
        spaces.append(space)
        steps.append(f"{i + 1}. room {room} tops the devoured deck: its spawn space {space}; the card goes to the "
                     f"bottom.")
    rules = ("spawn.no-location", "spawn.card-to-bottom", "board.one-spawn-space")
    after = "Devoured deck afterwards (top first): " + ", ".join(str(r) for r in work.devoured_deck) + "."
    opts = state.options.non_default()
    if count == 1:
        return Answer("spawn-location", f"It spawns in {spaces[0]}.",
                      (Choice(spaces[0], steps[0][3:], {"devoured_deck_after": list(work.devoured_deck)}),),
                      (after,), rules, opts)
    return Answer("spawn-location", f"The {count} items spawn in turn in " + ", ".join(spaces) + ".",
                  (Choice(spaces, "one after another", {"devoured_deck_after": list(work.devoured_deck)}),),
                  tuple(steps) + (after,), rules, opts)


# --- attack targets --------------------------------------------------------------------------------------------------
@question("attack-targets", "What may an investigator attack with a weapon of a given range?",
          params=(Param("investigator", "the attacking investigator's name", required=True),
                  Param("range", "the weapon's range: 0 is the investigator's own space", required=True)))
def attack_targets(state: GameState, args: dict) -> Answer:
    name = str(args.get("investigator") or "").strip()
    attacker = state.figures.get(name)
    if attacker is None or not attacker.is_investigator:
        known = ", ".join(f.id for f in state.investigators()) or "none"
        raise InputError(f"{name!r} is not an investigator of this position (investigators: {known})",
                         entry="--investigator")
    if attacker.space is None:
        raise InputError(f"{name} is not on the board", entry="--investigator")
    weapon_range = whole_number(args, "range", minimum=0)
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
    for needed, t in reachable:
        lines = geo.sight_paths(here, t.space)
        why = ("in its own space" if needed == 0 else
               f"range {needed} ({'sight distance' if geo.range_rule == 'sight-distance' else 'moves'}), seen along "
               + _path(lines[0]) + (f" and {len(lines) - 1} more line(s)" if len(lines) > 1 else ""))
        choices.append(Choice(t.id, why, {"space": t.space, "kind": t.kind, "range": needed,
                                          "lines_of_sight": [list(p) for p in lines]}))
    rules = Geometry.RANGE_RULES + tuple(dict.fromkeys(t.rule_id for _, t in reachable if t.rule_id))
    label = f"{name} ({here}) with a range {weapon_range} weapon"
    if not choices:
        summary = f"{label} can attack nothing" + ("." if targets else ": there is nothing to attack.")
    elif len(choices) == 1:
        summary = f"{label} can attack only {choices[0].value}."
    else:
        summary = f"{label} can attack any of {len(choices)} targets; the players choose."
    if explanation:
        explanation.insert(0, "Out of reach:")
    return Answer("attack-targets", summary, tuple(choices), tuple(explanation), rules,
                  state.options.non_default())
