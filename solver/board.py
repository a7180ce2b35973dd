"""The board: spaces grouped into numbered rooms, joined by connections, with the features printed on them.

A board is fixed for a game (it belongs to the scenario, not to the state): which rooms are devoured and which
markers lie where is state (:mod:`solver.game`). Distances are the fewest moves along connections
(``board.distance``); line of sight and weapon range are base-game rules the expansion text lacks, so they are the
named assumption ``sight.model`` behind one function, :func:`Board.can_see` (see the Assumptions page).

Hatches on connections stop movement and sight as the assumptions ``hatch.blocks-movement`` and
``hatch.blocks-sight`` say; a 3D hatch is a locked hatch (``components.3d-hatch``). The board's own searches take
the set of hatch kinds that block as an argument; :class:`Geometry` reads the options of a position and the
scenario's sight blockers once and answers every distance, path and sight question of that position.

Rules: ``board.distance`` (assumption), ``board.one-spawn-space`` (assumption), ``sight.model`` (assumption),
``sight.range`` (assumption), ``hatch.blocks-movement`` (assumption), ``hatch.blocks-sight`` (assumption),
``components.3d-hatch``.
"""

from __future__ import annotations

import itertools

from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import ClassVar

SPACE_FEATURES = ("spawn", "start", "unbound", "nest")
HATCHES = ("open", "closed", "locked", "sealed", "broken")
HATCH_ALIASES = {"3d": "locked"}  # components.3d-hatch: a 3D hatch is treated as a locked hatch
NO_HATCHES: frozenset[str] = frozenset()
PORTAL_COLOURS = ("red", "blue", "green", "yellow", "purple", "white")
OBJECTIVE_SYMBOLS = ("circle", "cross", "square", "triangle", "star", "hexagon")


@dataclass(frozen=True, slots=True)
class Space:
    """One space of a room tile: its ID (``"5a"``), its room, and what is printed on it."""

    id: str
    room: int
    features: frozenset[str] = frozenset()
    objective_point: str | None = None  # the Objective Point's symbol, if any
    portal: str | None = None  # the Dimensional Portal's colour, if any

    @property
    def is_spawn_space(self) -> bool:
        return "spawn" in self.features

    def __repr__(self) -> str:
        return f"Space({self.id!r}, room={self.room})"


@dataclass(frozen=True, slots=True)
class Connection:
    """Two spaces a figure can move between; a hatch on it may stand in the way (base game)."""

    a: str
    b: str
    hatch: str | None = None


@dataclass(frozen=True, slots=True)
class Room:
    """One room tile: its number, its name, its spaces and its spawn space; ``at`` is where a picture of the board
    draws it, as (column, row) of a grid, when the board file says (optional, for drawing only)."""

    number: int
    name: str
    spaces: tuple[str, ...]
    spawn_space: str
    at: tuple[int, int] | None = None


@dataclass(frozen=True, eq=False)
class Board:
    """The spaces, rooms and connections of one scenario's table, and the graph searches over them."""

    name: str
    spaces: Mapping[str, Space]
    rooms: Mapping[int, Room]
    connections: tuple[Connection, ...]
    approximate: bool = True
    note: str = ""
    source: str = ""
    _graphs: dict = field(default_factory=dict, repr=False)  # blocking hatch kinds → neighbour lists
    _searches: dict = field(default_factory=dict, repr=False)  # (start, blockers) → distances (_search)

    # --- look-ups ---------------------------------------------------------------------------------------------
    def space(self, space_id: str) -> Space:
        try:
            return self.spaces[space_id]
        except KeyError:
            raise KeyError(f"no space {space_id!r} on the board {self.name!r}") from None

    def room_of(self, space_id: str) -> int:
        return self.space(space_id).room

    def neighbours(self, space_id: str, blocking_hatches: frozenset[str] = NO_HATCHES) -> tuple[str, ...]:
        """The spaces one connection away, leaving out connections whose hatch is in ``blocking_hatches``."""
        return self.adjacency(blocking_hatches)[space_id]

    def adjacency(self, blocking_hatches: frozenset[str] = NO_HATCHES) -> Mapping[str, tuple[str, ...]]:
        """Space → its neighbours in natural order, leaving out connections whose hatch is in
        ``blocking_hatches`` (the graph of one hatch setting, made once)."""
        blocking_hatches = frozenset(blocking_hatches)
        graph = self._graphs.get(blocking_hatches)
        if graph is None:
            lists: dict[str, list[str]] = {s: [] for s in self.spaces}
            for c in self.connections:
                if c.hatch is None or c.hatch not in blocking_hatches:
                    lists[c.a].append(c.b)
                    lists[c.b].append(c.a)
            graph = self._graphs[blocking_hatches] = MappingProxyType(
                {s: tuple(sorted(ns, key=space_sort_key)) for s, ns in lists.items()})
        return graph

    def hatch_between(self, a: str, b: str) -> str | None:
        """The hatch on the connection joining ``a`` and ``b`` (``None``: no hatch, or not connected)."""
        for c in self.connections:
            if {c.a, c.b} == {a, b}:
                return c.hatch
        return None

    def spaces_with(self, feature: str) -> list[str]:
        return [s.id for s in self.spaces.values() if feature in s.features]

    @cached_property
    def objective_points(self) -> Mapping[str, str]:
        """Objective Point symbol → its space."""
        return MappingProxyType({s.objective_point: s.id for s in self.spaces.values() if s.objective_point})

    @cached_property
    def portals(self) -> Mapping[str, str]:
        """Dimensional Portal colour → its space."""
        return MappingProxyType({s.portal: s.id for s in self.spaces.values() if s.portal})

    # --- the one search ------------------------------------------------------------------------------------------
    def _search(self, start: str, blocking_hatches: frozenset[str], blocked: frozenset[str] = frozenset(),
                room: int | None = None) -> Mapping[str, int]:
        """Fewest steps from ``start`` to every space it reaches along connections no hatch of
        ``blocking_hatches`` closes, entering no space of ``blocked`` and, with ``room``, no space outside it: a
        breadth-first search, made once per (start, blockers) and kept (the move, path and sight questions of a
        position ask the same few)."""
        key = (start, frozenset(blocking_hatches), frozenset(blocked), room)
        found = self._searches.get(key)
        if found is None:
            self.space(start)
            graph = self.adjacency(key[1])
            dist = {start: 0}
            queue = deque([start])
            while queue:
                here = queue.popleft()
                for nxt in graph[here]:
                    if nxt not in dist and nxt not in blocked and (room is None or self.spaces[nxt].room == room):
                        dist[nxt] = dist[here] + 1
                        queue.append(nxt)
            if len(self._searches) > 10_000:  # positions with ever new blockers: keep memory bounded
                self._searches.clear()
            found = self._searches[key] = MappingProxyType(dist)
        return found

    # --- distances (assumption ``board.distance``) -------------------------------------------------------------
    def distances_from(self, start: str, blocking_hatches: frozenset[str] = NO_HATCHES) -> Mapping[str, int]:
        """Fewest moves from ``start`` to every reachable space."""
        return self._search(start, blocking_hatches)

    def rings_from(self, start: str, blocking_hatches: frozenset[str] = NO_HATCHES) -> Iterator[tuple[int, list[str]]]:
        """The spaces 0, 1, 2 … moves from ``start``, a ring at a time in natural order."""
        rings: dict[int, list[str]] = {}
        for space, d in self.distances_from(start, blocking_hatches).items():
            rings.setdefault(d, []).append(space)
        for d in sorted(rings):
            yield d, sorted(rings[d], key=space_sort_key)

    def distance(self, a: str, b: str, blocking_hatches: frozenset[str] = NO_HATCHES) -> int | None:
        """Fewest moves from ``a`` to ``b``; ``None`` when no path joins them."""
        self.space(b)
        return self.distances_from(a, blocking_hatches).get(b)

    def shortest_paths(self, a: str, b: str, limit: int = 1000,
                       blocking_hatches: frozenset[str] = NO_HATCHES) -> list[tuple[str, ...]]:
        """Every shortest path from ``a`` to ``b`` (both included), up to ``limit`` paths, in natural order of the
        spaces: the walks from ``a`` down the distances to ``b``."""
        self.space(a)
        return _all_shortest_paths(a, b, self.distances_from(b, blocking_hatches), self.adjacency(blocking_hatches),
                                   limit)

    def count_shortest_paths(self, a: str, b: str, blocking_hatches: frozenset[str] = NO_HATCHES) -> int:
        """How many shortest paths join ``a`` and ``b`` — counted, not listed (a 10 × 10 grid's corners have
        48,620)."""
        self.space(a)
        return _count_paths(a, b, self.distances_from(b, blocking_hatches), self.adjacency(blocking_hatches))

    def first_shortest_path(self, a: str, b: str,
                            blocking_hatches: frozenset[str] = NO_HATCHES) -> tuple[tuple[str, ...], bool]:
        """The first shortest path from ``a`` to ``b`` that :meth:`shortest_paths` lists, and whether others join
        them too (``((), False)`` when none does): at each step the first neighbour one move nearer ``b``; there
        are other paths exactly when some step has two such neighbours."""
        self.space(a)
        to_b = self.distances_from(b, blocking_hatches)
        if a not in to_b:
            return (), False
        graph = self.adjacency(blocking_hatches)
        path, several, here = [a], False, a
        while here != b:
            steps = [n for n in graph[here] if to_b.get(n) == to_b[here] - 1]
            several = several or len(steps) > 1
            here = steps[0]
            path.append(here)
        return tuple(path), several

    def distances_to(self, goals: Iterable[str], blocking_hatches: frozenset[str] = NO_HATCHES) -> Mapping[str, int]:
        """Fewest moves from every space to the nearest of ``goals`` (moves are the same both ways: the searches
        from the goals); goals not on the board are left out."""
        nearest: dict[str, int] = {}
        for g in set(goals) & set(self.spaces):
            for space, d in self.distances_from(g, blocking_hatches).items():
                if d < nearest.get(space, d + 1):
                    nearest[space] = d
        return MappingProxyType(nearest)

    def first_steps_toward(self, start: str, goals: Iterable[str],
                           blocking_hatches: frozenset[str] = NO_HATCHES) -> tuple[int | None, list[str]]:
        """Toward the nearest of ``goals``: its distance, and every neighbour of ``start`` that lies on a shortest
        path to one of the nearest goals (the players choose among them). ``(0, [])`` if start is a goal.

        A neighbour lies on such a path exactly when it is one move nearer the goals than ``start``
        (:meth:`distances_to`)."""
        goals = set(goals)
        if start in goals:
            return 0, []
        self.space(start)
        to_goals = self.distances_to(goals, blocking_hatches)
        best = to_goals.get(start)
        if best is None:
            return None, []
        return best, [n for n in self.neighbours(start, blocking_hatches) if to_goals.get(n) == best - 1]

    def nearest_goals(self, start: str, goals: Iterable[str],
                      blocking_hatches: frozenset[str] = NO_HATCHES) -> set[str]:
        """The goals fewest moves from ``start`` (every one tied)."""
        goals = set(goals)
        found = {g: d for g, d in self.distances_from(start, blocking_hatches).items() if g in goals}
        return {g for g, d in found.items() if d == min(found.values())}

    # --- sight (assumptions ``sight.model``, ``hatch.blocks-sight``) ---------------------------------------------
    def sight_distances_from(self, start: str, blocked: frozenset[str] | set[str] = frozenset(),
                             model: str = "connected-path",
                             blocking_hatches: frozenset[str] = NO_HATCHES) -> Mapping[str, int]:
        """Every space ``start`` sees, with its sight distance (see :meth:`sight_distance`)."""
        self.space(start)
        if model not in SIGHT_MODELS:
            raise ValueError(f"unknown sight model {model!r}")
        if start in blocked:
            return MappingProxyType({})
        return self._search(start, blocking_hatches, frozenset(blocked),
                            self.room_of(start) if model == "same-room" else None)

    def sight_distances_within(self, start: str, depth: int, blocked: frozenset[str] | set[str] = frozenset(),
                               model: str = "connected-path",
                               blocking_hatches: frozenset[str] = NO_HATCHES) -> Mapping[str, int]:
        """The spaces ``start`` sees at a sight distance of at most ``depth``, with that distance."""
        seen = self.sight_distances_from(start, blocked, model, blocking_hatches)
        return MappingProxyType({s: d for s, d in seen.items() if d <= depth})

    def sight_distance(self, a: str, b: str, blocked: frozenset[str] | set[str] = frozenset(),
                       model: str = "connected-path",
                       blocking_hatches: frozenset[str] = NO_HATCHES) -> int | None:
        """How far ``a`` sees ``b``, or ``None`` if it can't see it.

        ``blocked`` holds the spaces sight can't get into, through or out of (mist spaces); ``blocking_hatches``
        the hatch kinds sight can't cross. The base game's rules of sight are not public, so the model is the
        assumption ``sight.model``:

        * ``connected-path`` (default): sight follows connections; it reaches ``b`` at the length of the
          shortest path that enters no blocked space, leaves none, and passes through none.
        * ``same-room``: a figure sees only the spaces of its own room (and its own space), at their distance
          along connections inside the room.

        A figure sees its own space at sight distance 0, unless that space blocks sight.
        """
        self.space(b)
        return self.sight_distances_from(a, blocked, model, blocking_hatches).get(b)

    def sight_paths(self, a: str, b: str, blocked: frozenset[str] | set[str] = frozenset(),
                    model: str = "connected-path", blocking_hatches: frozenset[str] = NO_HATCHES,
                    limit: int = 1000) -> list[tuple[str, ...]]:
        """Every shortest line of sight from ``a`` to ``b`` (both included), up to ``limit``; ``[]`` if ``a``
        does not see ``b``."""
        self.space(a)
        to_b = self.sight_distances_from(b, blocked, model, blocking_hatches)
        if a not in to_b:
            return []
        return _all_shortest_paths(a, b, to_b, self.adjacency(blocking_hatches), limit)

    def count_sight_paths(self, a: str, b: str, blocked: frozenset[str] | set[str] = frozenset(),
                          model: str = "connected-path", blocking_hatches: frozenset[str] = NO_HATCHES) -> int:
        """How many shortest lines of sight join ``a`` and ``b`` (0 if ``a`` does not see ``b``), counted."""
        self.space(a)
        to_b = self.sight_distances_from(b, blocked, model, blocking_hatches)
        return _count_paths(a, b, to_b, self.adjacency(blocking_hatches))

    def __iter__(self) -> Iterator[Space]:
        return iter(self.spaces.values())

    def __len__(self) -> int:
        return len(self.spaces)

    def __repr__(self) -> str:
        return f"<Board {self.name!r}: {len(self.rooms)} rooms, {len(self.spaces)} spaces>"


def space_sort_key(space_id: str):
    """Natural order: 2a < 10a, so answers list spaces the way a player reads the board."""
    rest = space_id.lstrip("0123456789")
    if rest[:1].isdigit():  # a digit outside ASCII: the slow walk, which takes every digit str.isdigit knows
        i = 0
        while i < len(space_id) and space_id[i].isdigit():
            i += 1
        rest = space_id[i:]
    num = space_id[:len(space_id) - len(rest)]
    return (int(num) if num else 10**9, rest)


SIGHT_MODELS = ("connected-path", "same-room")


def _count_paths(a: str, b: str, to_b: Mapping[str, int], adjacency: Mapping[str, tuple[str, ...]]) -> int:
    """How many paths lead from ``a`` down the distances ``to_b`` to ``b``: each space's count is the sum of its
    neighbours' one move nearer, worked out from ``b`` outwards (linear in the board's size)."""
    if a not in to_b:
        return 0
    far = to_b[a]
    counts = {b: 1}
    for space in sorted((s for s, d in to_b.items() if 0 < d <= far), key=to_b.__getitem__):
        nearer = to_b[space] - 1
        counts[space] = sum(counts.get(n, 0) for n in adjacency[space] if to_b.get(n) == nearer)
    return counts.get(a, 0)


def walk_shortest_paths(a: str, b: str, to_b: Mapping[str, int],
                        adjacency: Mapping[str, tuple[str, ...]]) -> Iterator[tuple[str, ...]]:
    """Every path from ``a`` down the distances ``to_b`` (to ``b``), one at a time, in natural order of the spaces
    (``adjacency`` lists each space's neighbours in that order): a depth-first walk with its own stack (a path may be
    longer than Python's recursion limit) that holds only the path it is on."""
    if a not in to_b:
        return
    if a == b:
        yield (a,)
        return

    def down(here: str) -> Iterator[str]:
        nearer = to_b[here] - 1
        return (n for n in adjacency[here] if to_b.get(n) == nearer)

    path, stack = [a], [down(a)]
    while stack:
        nxt = next(stack[-1], None)
        if nxt is None:
            stack.pop()
            path.pop()
        elif nxt == b:
            yield (*path, b)
        else:
            path.append(nxt)
            stack.append(down(nxt))


def _all_shortest_paths(a: str, b: str, to_b: Mapping[str, int], adjacency: Mapping[str, tuple[str, ...]],
                        limit: int) -> list[tuple[str, ...]]:
    """The first ``limit`` paths of :func:`walk_shortest_paths`."""
    return list(itertools.islice(walk_shortest_paths(a, b, to_b, adjacency), max(limit, 0)))


# --- the options of a position: which hatches block, how sight and range are counted ------------------------------
_HATCH_SETTINGS = {
    "none": NO_HATCHES,
    "locked-and-sealed": frozenset({"locked", "sealed"}),
    "closed-locked-sealed": frozenset({"closed", "locked", "sealed"}),
}


def movement_blocking_hatches(options: Mapping[str, str]) -> frozenset[str]:
    """The hatch kinds that block movement under the assumption ``hatch.blocks-movement``."""
    return _HATCH_SETTINGS[options["hatch.blocks-movement"]]


def sight_blocking_hatches(options: Mapping[str, str]) -> frozenset[str]:
    """The hatch kinds that block sight under the assumption ``hatch.blocks-sight``."""
    return _HATCH_SETTINGS[options["hatch.blocks-sight"]]


@dataclass(frozen=True, slots=True)
class Geometry:
    """Distances, paths and sight in one position, under that position's options and sight blockers.

    ``Geometry.of(state)`` reads the options (``board.distance``, ``sight.model``, ``sight.range``,
    ``hatch.blocks-movement``, ``hatch.blocks-sight``) and the scenario's :meth:`sight_blockers` once."""

    board: Board
    sight_blockers: frozenset[str] = frozenset()
    sight_model: str = "connected-path"
    range_rule: str = "sight-distance"
    movement_hatches: frozenset[str] = frozenset({"locked", "sealed"})
    sight_hatches: frozenset[str] = frozenset({"closed", "locked", "sealed"})
    sees_own_blocked_space: bool = False  # a figure in a blocking space still sees its own space (scenario's say)

    MOVE_RULES: ClassVar[tuple[str, ...]] = ("board.distance", "hatch.blocks-movement")
    SIGHT_RULES: ClassVar[tuple[str, ...]] = ("sight.model", "hatch.blocks-sight")
    RANGE_RULES: ClassVar[tuple[str, ...]] = ("sight.range", "sight.model", "hatch.blocks-sight")

    @classmethod
    def of(cls, state) -> "Geometry":
        """The geometry of a position: its board, its options, its scenario's sight blockers."""
        scenario = state.scenario
        return cls.from_options(state.board, state.options, scenario.sight_blockers(state),
                                scenario.sees_own_blocked_space(state))

    @classmethod
    def from_options(cls, board: Board, options: Mapping[str, str], sight_blockers: Iterable[str] = (),
                     sees_own_blocked_space: bool = False) -> "Geometry":
        """The geometry of ``board`` under ``options`` (an :class:`solver.catalog.Options`)."""
        if options["board.distance"] != "fewest-moves":  # the only setting so far; a new one needs code here
            raise ValueError(f"board.distance {options['board.distance']!r} is not implemented")
        return cls(board, frozenset(sight_blockers), options["sight.model"], options["sight.range"],
                   movement_blocking_hatches(options), sight_blocking_hatches(options), sees_own_blocked_space)

    # movement
    def move_distance(self, a: str, b: str) -> int | None:
        return self.board.distance(a, b, self.movement_hatches)

    def move_distances_from(self, a: str) -> Mapping[str, int]:
        return self.board.distances_from(a, self.movement_hatches)

    def move_rings_from(self, a: str) -> Iterator[tuple[int, list[str]]]:
        return self.board.rings_from(a, self.movement_hatches)

    def move_paths(self, a: str, b: str, limit: int = 1000) -> list[tuple[str, ...]]:
        return self.board.shortest_paths(a, b, limit, self.movement_hatches)

    def first_move_path(self, a: str, b: str) -> tuple[tuple[str, ...], bool]:
        """The first of :meth:`move_paths` and whether there are others (:meth:`Board.first_shortest_path`)."""
        return self.board.first_shortest_path(a, b, self.movement_hatches)

    # sight
    def _blind_in_own_space(self, a: str) -> bool | None:
        """For ``a`` in a blocking space: whether it sees its own space; ``None`` when ``a`` blocks nothing."""
        return self.sees_own_blocked_space if a in self.sight_blockers else None

    def sight_distance(self, a: str, b: str) -> int | None:
        if a == b and self._blind_in_own_space(a) is not None:
            self.board.space(a)
            return 0 if self.sees_own_blocked_space else None
        return self.board.sight_distance(a, b, self.sight_blockers, self.sight_model, self.sight_hatches)

    def sight_distances_from(self, a: str) -> Mapping[str, int]:
        if self._blind_in_own_space(a) is not None:
            self.board.space(a)
            return MappingProxyType({a: 0} if self.sees_own_blocked_space else {})
        return self.board.sight_distances_from(a, self.sight_blockers, self.sight_model, self.sight_hatches)

    def sight_distances_within(self, a: str, depth: int) -> Mapping[str, int]:
        if self._blind_in_own_space(a) is not None:
            return self.sight_distances_from(a)
        return self.board.sight_distances_within(a, depth, self.sight_blockers, self.sight_model, self.sight_hatches)

    def move_path_count(self, a: str, b: str) -> int:
        return self.board.count_shortest_paths(a, b, self.movement_hatches)

    def sight_path_count(self, a: str, b: str) -> int:
        return self.board.count_sight_paths(a, b, self.sight_blockers, self.sight_model, self.sight_hatches)

    def sight_paths(self, a: str, b: str, limit: int = 1000) -> list[tuple[str, ...]]:
        if a == b and self._blind_in_own_space(a) is not None:
            self.board.space(a)
            return [(a,)] if self.sees_own_blocked_space else []
        return self.board.sight_paths(a, b, self.sight_blockers, self.sight_model, self.sight_hatches, limit)

    def range_to(self, a: str, b: str) -> int | None:
        """The range a weapon needs to reach ``b`` from ``a`` (``sight.range``); ``None`` if no range does."""
        seen = self.sight_distance(a, b)
        if seen is None:
            return None
        if self.range_rule == "sight-distance":
            return seen
        if self.range_rule == "moves-and-sight":
            return self.move_distance(a, b)
        raise ValueError(f"unknown sight.range setting {self.range_rule!r}")

    def in_range(self, a: str, b: str, weapon_range: int) -> bool:
        """Whether a weapon of range ``weapon_range`` in ``a`` reaches a target in ``b``."""
        needed = self.range_to(a, b)
        return needed is not None and needed <= weapon_range

    def spaces_in_range_of(self, target: str, weapon_range: int) -> set[str]:
        """Every space ``s`` with ``in_range(s, target, weapon_range)``, from one search out of ``target``: sight
        and moves are the same both ways (connections and hatches work both ways, and a space that blocks sight
        blocks it going in and coming out)."""
        if self.range_rule == "sight-distance":  # a search only as far as the range
            return {s for s, d in self.sight_distances_within(target, weapon_range).items() if d <= weapon_range}
        seen = self.sight_distances_from(target)
        if self.range_rule == "moves-and-sight":
            moves = self.move_distances_from(target)
            return {s for s in seen if moves.get(s) is not None and moves[s] <= weapon_range}
        raise ValueError(f"unknown sight.range setting {self.range_rule!r}")
