"""Part 2: the solver's questions on generated boards of 100, 1,000 and 10,000 spaces, against a plain
breadth-first search over the same graph.

A generated board has the scenario's own rooms (the scenarios check them), its spaces shared out among the rooms.
Each room is a corridor with a shortcut every few spaces; the rooms form a ring joined end to end, with a
connection across the ring every other room, some of the joins behind hatches. The board carries every printed
feature the scenarios need: one spawn space a room, a start space, the six Dimensional Portals, the six Objective
Points, the Unbound space (room 5) and the Nest's space (room 2). A position on it has several investigators and
monsters far apart, flooded markers (about one space in a hundred), an obscure marker, nest markers and infested
tokens, so that every search crosses the whole board.

Each question is timed on a freshly loaded position (nothing cached from an earlier answer), interleaved with the
plain search; the figures are the ratio of the medians at the largest size (target at most 3×) and the growth
exponent, the slope of log(time) against log(size) (target at most 1.25: linear, give or take the fixed costs).
"""

from __future__ import annotations

import tempfile
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import yaml

from solver.fileio import write_atomic

from .measure import Paired, growth_exponent, interleave, timed
from .report import Figure

SIZES = (100, 1_000, 10_000)
RATIO_TARGET = 3.0
EXPONENT_TARGET = 1.25
PORTALS = ("red", "blue", "green", "yellow", "purple", "white")
SYMBOLS = ("circle", "cross", "square", "triangle", "star", "hexagon")


def letters(i: int) -> str:
    """Space letters after the room number: a … z, aa, ab …

    >>> [letters(i) for i in (0, 25, 26, 27, 701, 702)]
    ['a', 'z', 'aa', 'ab', 'zz', 'aaa']
    """
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(97 + r) + out
    return out


@dataclass(frozen=True)
class Layout:
    """A generated board: its data (the board file's format) and the spaces of each room in corridor order."""

    data: dict
    rooms: tuple[int, ...]
    spaces: dict[int, tuple[str, ...]]

    def at(self, room_index: int, fraction: float) -> str:
        """The space ``fraction`` of the way along the ``room_index``-th room's corridor (never its spawn space)."""
        room = self.rooms[room_index % len(self.rooms)]
        ids = self.spaces[room]
        i = min(len(ids) - 1, max(0, int(fraction * (len(ids) - 1))))
        if i == len(ids) // 2:  # the spawn space
            i = i + 1 if i + 1 < len(ids) else i - 1
        return ids[i]

    def spawn(self, room_index: int) -> str:
        room = self.rooms[room_index % len(self.rooms)]
        return self.spaces[room][len(self.spaces[room]) // 2]

    @property
    def size(self) -> int:
        return sum(len(s) for s in self.spaces.values())


def generate_board(rooms: Sequence[int], size: int, name: str = "generated") -> Layout:
    """A board of ``size`` spaces over ``rooms`` (see the module's docstring)."""
    rooms = tuple(rooms)
    k = len(rooms)
    if size < 5 * k:
        raise ValueError(f"{size} spaces are too few for {k} rooms (five a room at least)")
    per = [size // k + (1 if i < size % k else 0) for i in range(k)]
    spaces: dict[int, tuple[str, ...]] = {r: tuple(f"{r}{letters(i)}" for i in range(n)) for r, n in zip(rooms, per)}
    special: dict[str, dict] = {}

    def put(space: str, **what) -> None:
        special.setdefault(space, {}).update(what)

    layout = Layout({}, rooms, spaces)
    for i, colour in enumerate(PORTALS):
        put(layout.at(i * k // len(PORTALS), 0.3), portal=colour)
    for i, symbol in enumerate(SYMBOLS):
        put(layout.at(i * k // len(SYMBOLS) + 1, 0.7), objective_point=symbol)
    room_data = {}
    for r in rooms:
        ids = spaces[r]
        entry = {}
        for j, sid in enumerate(ids):
            spec = dict(special.get(sid, {}))
            features = []
            if j == len(ids) // 2:
                features.append("spawn")
            if j == 0:
                features.append("start")
            if r == 5 and j == 1:
                features.append("unbound")
            if r == 2 and j == 2:
                features.append("nest")
            if features:
                spec["features"] = features
            entry[sid] = spec or None
        room_data[r] = {"name": f"Generated room {r}", "spaces": entry}
    connections = []
    for r in rooms:  # a corridor, with a shortcut over one space every fifth space
        ids = spaces[r]
        connections += [[ids[j - 1], ids[j]] for j in range(1, len(ids))]
        connections += [[ids[j], ids[j + 2]] for j in range(0, len(ids) - 2, 5)]
    hatches = (None, "closed", None, "open", "locked", None)
    for i, r in enumerate(rooms):  # the ring of rooms, and joins across it
        nxt = rooms[(i + 1) % k]
        join = [spaces[r][-1], spaces[nxt][0]]
        hatch = hatches[i % len(hatches)]
        connections.append(join + ([hatch] if hatch else []))
        if i % 2 == 0 and k > 3:
            across = rooms[(i + k // 2) % k]
            pair = [spaces[r][len(spaces[r]) // 3], spaces[across][2 * len(spaces[across]) // 3]]
            if [pair[1], pair[0]] not in connections and pair not in connections:
                connections.append(pair)
    data = {"name": f"{name} ({size} spaces)", "approximate": True,
            "note": "generated by the benchmark (bench/scale.py)", "rooms": room_data, "connections": connections}
    return Layout(data, rooms, spaces)


# --- positions -----------------------------------------------------------------------------------------------------
def _flooded(layout: Layout, every: int = 97) -> dict[str, int]:
    out = {}
    n = 0
    for r in layout.rooms:
        for j, s in enumerate(layout.spaces[r]):
            if n % every == 13 and j != len(layout.spaces[r]) // 2:
                out[s] = 1 + n % 2
            n += 1
    return out


def fevered_dreams(layout: Layout) -> tuple[dict, list[tuple[str, dict]]]:
    state = {
        "scenario": "fevered-dreams", "round": 2, "devour_marker": 2,
        "investigators": {"Lisbeth Gibson": {"space": layout.at(0, 0.2)},
                          "Sophie Brigman": {"space": layout.at(5, 0.6)},
                          "Franklyn Christie": {"space": layout.at(8, 0.1)}},
        "monsters": [{"type": "Husk", "space": layout.at(5, 0.9)}, {"type": "Husk", "space": layout.at(0, 0.3)},
                     {"type": "Mind Eater", "space": layout.at(9, 0.2)}, {"type": "Husk", "space": layout.at(2, 0.4)}],
        "fevered-dreams": {"obscure_portal": "red", "obscure_card": 1, "flooded": _flooded(layout),
                           "obscure_markers": [{"space": layout.spawn(3)}]},
    }
    questions = [
        ("line-of-sight", {"from": "Lisbeth Gibson", "to": "Husk#1"}),
        ("distance", {"from": "Lisbeth Gibson", "to": "Husk#1"}),
        ("attack-targets", {"investigator": "Sophie Brigman", "range": "3"}),
        ("spawn-location", {"count": "3"}),
        ("purple-hazard", {}),
        ("obscure-spawn", {}),
        ("mist", {}),
    ]
    return state, questions


def expectant_terror(layout: Layout) -> tuple[dict, list[tuple[str, dict]]]:
    state = {
        "scenario": "expectant-terror", "round": 3, "devour_marker": 3,
        "investigators": {"Lisbeth Gibson": {"space": layout.at(0, 0.2)},
                          "Sophie Brigman": {"space": layout.at(6, 0.6)},
                          "Isaiah Wiesenthal": {"space": layout.at(9, 0.5)}},
        "monsters": [{"type": "Husk", "space": layout.at(4, 0.8)}, {"type": "Husk", "space": layout.at(10, 0.3)}],
        "expectant-terror": {"nest_markers": [17, 23], "infested_tokens": {"Lisbeth Gibson": 2, "Sophie Brigman": 1},
                             "monster_track": ["Husk", "Bloated"]},
    }
    questions = [
        ("nest-spawn", {}),
        ("valid-placements", {"order": "any", "count": "3"}),
        ("valid-placements", {"check": "19,20,24"}),
        ("nest-return", {}),
        ("infested", {}),
        ("distance", {"from": "Isaiah Wiesenthal", "to": "Husk#1"}),
    ]
    return state, questions


def fathoms_dark(layout: Layout) -> tuple[dict, list[tuple[str, dict]]]:
    state = {
        "scenario": "fathoms-dark", "round": 3, "devour_marker": 3,
        "investigators": {"Lisbeth Gibson": {"space": layout.at(2, 0.5)},
                          "Sophie Brigman": {"space": layout.at(10, 0.4), "tokens": {"slow": 1}},
                          "Isaiah Wiesenthal": {"space": layout.at(6, 0.5), "wounds": 2}},
        "activation_track": ["Isaiah Wiesenthal", "Sophie Brigman", "Lisbeth Gibson"],
        "monsters": [{"type": "Husk", "space": layout.at(10, 0.45)}, {"type": "Husk", "space": layout.at(3, 0.9)}],
        "fathoms-dark": {"objective_markers": {"Lisbeth Gibson": "circle", "Sophie Brigman": "star",
                                               "Isaiah Wiesenthal": "square"},
                         "scenario_deck": ["square", "circle"], "acquired": ["Sophie Brigman"], "unbound_card": 9,
                         "unbound_markers": {"Sophie Brigman": {"wounds": 1}}, "removed_markers": 2,
                         "search_deck": [{"name": "Flare"}, {"name": "Knife", "weapon": True, "range": 0},
                                         {"name": "Harpoon", "weapon": True, "range": 1}]},
    }
    questions = [
        ("unbound-activation", {"investigator": "Sophie Brigman"}),
        ("attack-targets", {"investigator": "Lisbeth Gibson", "range": "2"}),
        ("line-of-sight", {"from": "Isaiah Wiesenthal", "to": "Lisbeth Gibson"}),
    ]
    return state, questions


SCENARIOS: dict[str, Callable[[Layout], tuple[dict, list[tuple[str, dict]]]]] = {
    "fevered-dreams": fevered_dreams,
    "expectant-terror": expectant_terror,
    "fathoms-dark": fathoms_dark,
}


def scenario_rooms(name: str) -> tuple[int, ...]:
    from solver.scenarios import scenario_class

    return tuple(scenario_class(name).rooms)


@dataclass
class Position:
    """A generated position written to files (board and state), with the plain graph for the baseline search."""

    scenario: str
    size: int
    state_file: Path
    layout: Layout
    questions: list[tuple[str, dict]]
    adjacency: dict[str, list[str]]
    start: str

    def load(self):
        from solver.state import load_state

        return load_state(self.state_file)


def make_position(scenario: str, size: int, folder: Path) -> Position:
    layout = generate_board(scenario_rooms(scenario), size, scenario)
    state, questions = SCENARIOS[scenario](layout)
    board_file = folder / f"{scenario}-{size}-board.yaml"
    state_file = folder / f"{scenario}-{size}.yaml"
    write_atomic(board_file, yaml.safe_dump(layout.data, sort_keys=False))
    state["board"] = board_file.name
    write_atomic(state_file, yaml.safe_dump(state, sort_keys=False, allow_unicode=True))
    adjacency: dict[str, list[str]] = {s: [] for ids in layout.spaces.values() for s in ids}
    for c in layout.data["connections"]:
        adjacency[c[0]].append(c[1])
        adjacency[c[1]].append(c[0])
    start = next(iter(state["investigators"].values()))["space"]
    return Position(scenario, size, state_file, layout, questions, adjacency, start)


def plain_search(adjacency: dict[str, list[str]], start: str) -> dict[str, int]:
    """The baseline: breadth-first search from ``start`` over a plain adjacency list, every space's distance."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        d = dist[here] + 1
        for nxt in adjacency[here]:
            if nxt not in dist:
                dist[nxt] = d
                queue.append(nxt)
    return dist


def question_label(scenario: str, name: str, args: dict) -> str:
    shown = " ".join(f"--{k} {v}" for k, v in args.items() if k in ("order", "check"))
    return f"{name}{' ' + shown if shown else ''} ({scenario})"


def time_question(position: Position, name: str, args: dict) -> float:
    """One answer on a freshly loaded position (untimed load), in seconds."""
    from solver.questions import load_all

    func = load_all()[name].func
    state = position.load()
    return timed(lambda: func(state, dict(args)))


def measure(sizes: Sequence[int] = SIZES, repeats: int = 5, scenarios: Sequence[str] | None = None,
            log=None) -> list[Figure]:
    """Per question: the ratio to the plain search at the largest size, and the growth exponent over the sizes;
    and the plain search's own exponent (a check of the method)."""
    scenarios = list(scenarios or SCENARIOS)
    results: dict[tuple[str, str], dict[int, Paired]] = {}
    labels: dict[tuple[str, str], tuple[str, str, dict]] = {}
    base: dict[int, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="dm-bench-") as tmp:
        for size in sizes:
            for scenario in scenarios:
                pos = make_position(scenario, size, Path(tmp))
                for name, args in pos.questions:
                    label = question_label(scenario, name, args)
                    labels[(scenario, label)] = (name, scenario, args)
                    paired = interleave(lambda: time_question(pos, name, args),
                                        lambda: timed(lambda: plain_search(pos.adjacency, pos.start)), repeats)
                    results.setdefault((scenario, label), {})[size] = paired
                    base.setdefault(size, []).extend(paired.base_times)
                    if log:
                        log(f"  {size:>6} spaces  {label:<48} {paired.time * 1000:8.2f} ms  "
                            f"(search {paired.base_time * 1000:.2f} ms, {paired.time_ratio:.2f}×)")
    largest = max(sizes)
    figures: list[Figure] = []
    for (scenario, label), by_size in results.items():
        at = by_size[largest]
        ms = {s: round(p.time * 1000, 3) for s, p in by_size.items()}
        detail = {"median_ms": ms, "search_median_ms": {s: round(p.base_time * 1000, 3) for s, p in by_size.items()}}
        figures.append(Figure("scale", label, f"time at {largest:,} spaces vs the search", at.time_ratio,
                              RATIO_TARGET, "x", f"{at.time * 1000:.1f} vs {at.base_time * 1000:.1f} ms", detail))
        if len(sizes) > 1:
            exp = growth_exponent(list(by_size), [p.time for p in by_size.values()])
            figures.append(Figure("scale", label, "growth exponent", exp, EXPONENT_TARGET, "exp",
                                  ", ".join(f"{v:g} ms" for v in ms.values()), detail))
    if len(sizes) > 1:
        times = {s: sorted(v)[len(v) // 2] for s, v in base.items()}
        figures.append(Figure("scale", "plain breadth-first search (the baseline)", "growth exponent",
                              growth_exponent(list(times), list(times.values())), EXPONENT_TARGET, "exp",
                              ", ".join(f"{v * 1000:.2f} ms" for v in times.values()),
                              {"median_ms": {s: round(v * 1000, 3) for s, v in times.items()}}))
    return figures
