"""The board: spaces grouped into numbered rooms, joined by connections, with the features printed on them.

A board is fixed for a game (it belongs to the scenario, not to the state): which rooms are devoured and which
markers lie where is state (:mod:`solver.game`). Distances are the fewest moves along connections
(``board.distance``); line of sight and weapon range are base-game rules the expansion text lacks, so they are the
named assumption ``sight.model`` behind one function, :func:`Board.can_see` (see the Assumptions page).

Rules: ``board.distance`` (assumption), ``board.one-spawn-space`` (assumption), ``sight.model`` (assumption).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Iterable, Iterator, Mapping

from .errors import InputError

SPACE_FEATURES = ("spawn", "start", "unbound", "nest")
HATCHES = ("open", "closed", "locked", "sealed", "broken")
PORTAL_COLOURS = ("red", "blue", "green", "yellow", "purple", "white")
OBJECTIVE_SYMBOLS = ("circle", "cross", "square", "triangle", "star", "hexagon")


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Connection:
    """Two spaces a figure can move between; a hatch on it may stand in the way (base game)."""

    a: str
    b: str
    hatch: str | None = None


@dataclass(frozen=True)
class Room:
    number: int
    name: str
    spaces: tuple[str, ...]
    spawn_space: str


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
    _adjacency: dict = field(default_factory=dict, repr=False)
    _distance_cache: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        adj: dict[str, list[str]] = {s: [] for s in self.spaces}
        for c in self.connections:
            adj[c.a].append(c.b)
            adj[c.b].append(c.a)
        for s, ns in adj.items():
            self._adjacency[s] = tuple(sorted(set(ns), key=space_sort_key))

    # --- look-ups ---------------------------------------------------------------------------------------------
    def space(self, space_id: str) -> Space:
        try:
            return self.spaces[space_id]
        except KeyError:
            raise KeyError(f"no space {space_id!r} on the board {self.name!r}") from None

    def room_of(self, space_id: str) -> int:
        return self.space(space_id).room

    def neighbours(self, space_id: str) -> tuple[str, ...]:
        return self._adjacency[space_id]

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

    # --- distances -------------------------------------------------------------------------------------------
    def distances_from(self, start: str) -> Mapping[str, int]:
        """Fewest moves from ``start`` to every reachable space (breadth-first search, cached per board)."""
        cached = self._distance_cache.get(start)
        if cached is None:
            self.space(start)
            dist = {start: 0}
            queue = deque([start])
            adj = self._adjacency
            while queue:
                here = queue.popleft()
                d = dist[here] + 1
                for nxt in adj[here]:
                    if nxt not in dist:
                        dist[nxt] = d
                        queue.append(nxt)
            cached = self._distance_cache[start] = MappingProxyType(dist)
        return cached

    def distance(self, a: str, b: str) -> int | None:
        """Fewest moves from ``a`` to ``b``; ``None`` when no path joins them."""
        return self.distances_from(a).get(b)

    def shortest_paths(self, a: str, b: str, limit: int = 1000) -> list[tuple[str, ...]]:
        """Every shortest path from ``a`` to ``b`` (both included), up to ``limit`` paths, in a stable order."""
        to_b = self.distances_from(b)
        if a not in to_b:
            return []
        paths: list[tuple[str, ...]] = []

        def walk(path: list[str]) -> None:
            if len(paths) >= limit:
                return
            here = path[-1]
            if here == b:
                paths.append(tuple(path))
                return
            for nxt in self._adjacency[here]:
                if to_b.get(nxt) == to_b[here] - 1:
                    path.append(nxt)
                    walk(path)
                    path.pop()

        walk([a])
        return paths

    def first_steps_toward(self, start: str, goals: Iterable[str]) -> tuple[int | None, list[str]]:
        """Toward the nearest of ``goals``: its distance, and every neighbour of ``start`` that lies on a shortest
        path to one of the nearest goals (the players choose among them). ``(0, [])`` if start is a goal."""
        goals = set(goals)
        if start in goals:
            return 0, []
        best = None
        for g in goals:
            d = self.distance(start, g)
            if d is not None and (best is None or d < best):
                best = d
        if best is None:
            return None, []
        nearest = [g for g in goals if self.distance(start, g) == best]
        steps = set()
        for n in self._adjacency[start]:
            for g in nearest:
                if self.distance(n, g) == best - 1:
                    steps.add(n)
        return best, sorted(steps, key=space_sort_key)

    # --- sight (named assumption ``sight.model``) ---------------------------------------------------------------
    def sight_distance(self, a: str, b: str, blocked: frozenset[str] | set[str] = frozenset(),
                       model: str = "connected-path") -> int | None:
        """How far ``a`` sees ``b``, or ``None`` if it can't see it.

        ``blocked`` holds the spaces sight can't get into, through or out of (mist spaces). The base game's rules
        of sight are not public, so the model is the assumption ``sight.model``:

        * ``connected-path`` (default): sight follows connections; it reaches ``b`` at the length of the
          shortest path that enters no blocked space, leaves none, and passes through none.
        * ``same-room``: a figure sees only the spaces of its own room (and its own space), at their distance.
        """
        if a in blocked or b in blocked:
            return None
        if a == b:
            return 0
        if model == "same-room":
            if self.room_of(a) != self.room_of(b):
                return None
        elif model != "connected-path":
            raise ValueError(f"unknown sight model {model!r}")
        dist = {a: 0}
        queue = deque([a])
        while queue:
            here = queue.popleft()
            for nxt in self._adjacency[here]:
                if nxt in dist or nxt in blocked:
                    continue
                if model == "same-room" and self.room_of(nxt) != self.room_of(a):
                    continue
                dist[nxt] = dist[here] + 1
                if nxt == b:
                    return dist[nxt]
                queue.append(nxt)
        return None

    def __iter__(self) -> Iterator[Space]:
        return iter(self.spaces.values())

    def __len__(self) -> int:
        return len(self.spaces)

    def __repr__(self) -> str:
        return f"<Board {self.name!r}: {len(self.rooms)} rooms, {len(self.spaces)} spaces>"


def space_sort_key(space_id: str):
    """Natural order: 2a < 10a, so answers list spaces the way a player reads the board."""
    num = ""
    i = 0
    while i < len(space_id) and space_id[i].isdigit():
        num += space_id[i]
        i += 1
    return (int(num) if num else 10**9, space_id[i:])


# --- reading a board file ----------------------------------------------------------------------------------------
def board_from_data(data, file: str) -> Board:
    """Build a board from parsed YAML, checking every entry; errors name the file and the entry's path.

    The format (see ``rules_docs/state-files.md``)::

        name: Fathoms Dark
        approximate: true          # a plausible layout, not the printed one
        rooms:
          5:
            name: Unbound's lair    # optional
            spaces:
              5a: [spawn]           # the features printed on the space
              5b: {features: [unbound], objective_point: star, portal: red}
        connections:
          - [5a, 5b]
          - [5b, 12a, locked]       # an optional hatch: open, closed, locked, sealed or broken
    """
    if not isinstance(data, Mapping):
        raise InputError("a board file must be a mapping with 'rooms' and 'connections'", file=file)
    rooms_data = data.get("rooms")
    if not isinstance(rooms_data, Mapping) or not rooms_data:
        raise InputError("'rooms' must map room numbers to their spaces", file=file, entry="rooms")
    spaces: dict[str, Space] = {}
    rooms: dict[int, Room] = {}
    for number, room in rooms_data.items():
        where = f"rooms.{number}"
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise InputError(f"room number {number!r} must be a whole number from 1", file=file, entry=where)
        if not isinstance(room, Mapping) or not isinstance(room.get("spaces"), Mapping) or not room["spaces"]:
            raise InputError("a room needs 'spaces': a mapping of space IDs to their features", file=file,
                             entry=where)
        ids = []
        for sid, spec in room["spaces"].items():
            swhere = f"{where}.spaces.{sid}"
            sid = str(sid)
            if sid in spaces:
                raise InputError(f"space {sid!r} is already in room {spaces[sid].room}", file=file, entry=swhere)
            if spec is None:
                spec = {}
            if isinstance(spec, list):
                spec = {"features": spec}
            if not isinstance(spec, Mapping):
                raise InputError("a space is a list of features or a mapping", file=file, entry=swhere)
            unknown = set(spec) - {"features", "objective_point", "portal"}
            if unknown:
                raise InputError(f"unknown key(s) {sorted(unknown)}", file=file, entry=swhere)
            features = spec.get("features") or []
            if not isinstance(features, list):
                raise InputError("'features' must be a list", file=file, entry=swhere)
            bad = [f for f in features if f not in SPACE_FEATURES]
            if bad:
                raise InputError(f"unknown feature(s) {bad}; known: {', '.join(SPACE_FEATURES)}", file=file,
                                 entry=swhere)
            op = spec.get("objective_point")
            if op is not None and op not in OBJECTIVE_SYMBOLS:
                raise InputError(f"unknown Objective Point symbol {op!r}; known: {', '.join(OBJECTIVE_SYMBOLS)}",
                                 file=file, entry=swhere)
            portal = spec.get("portal")
            if portal is not None and portal not in PORTAL_COLOURS:
                raise InputError(f"unknown Dimensional Portal colour {portal!r}; known: "
                                 f"{', '.join(PORTAL_COLOURS)}", file=file, entry=swhere)
            spaces[sid] = Space(sid, number, frozenset(features), op, portal)
            ids.append(sid)
        spawn = [s for s in ids if spaces[s].is_spawn_space]
        if len(spawn) != 1:
            raise InputError(f"room {number} must have exactly one spawn space, not {len(spawn)}", file=file,
                             entry=where, rule_id="board.one-spawn-space")
        rooms[number] = Room(number, str(room.get("name", f"Room {number}")), tuple(ids), spawn[0])
    for feature in ("objective_point", "portal"):
        seen: dict[str, str] = {}
        for s in spaces.values():
            v = getattr(s, feature)
            if v is not None:
                if v in seen:
                    raise InputError(f"{feature.replace('_', ' ')} {v!r} is on both {seen[v]} and {s.id}",
                                     file=file, entry=f"rooms.{s.room}.spaces.{s.id}")
                seen[v] = s.id
    conns = []
    for i, c in enumerate(data.get("connections") or []):
        where = f"connections[{i}]"
        if not isinstance(c, list) or len(c) not in (2, 3):
            raise InputError("a connection is [space, space] or [space, space, hatch]", file=file, entry=where)
        a, b = str(c[0]), str(c[1])
        for s in (a, b):
            if s not in spaces:
                raise InputError(f"connection to missing space {s!r}", file=file, entry=where)
        if a == b:
            raise InputError(f"space {a!r} connected to itself", file=file, entry=where)
        hatch = c[2] if len(c) == 3 else None
        if hatch is not None and hatch not in HATCHES:
            raise InputError(f"unknown hatch {hatch!r}; known: {', '.join(HATCHES)}", file=file, entry=where)
        conns.append(Connection(a, b, hatch))
    return Board(str(data.get("name", file)), MappingProxyType(spaces), MappingProxyType(rooms), tuple(conns),
                 bool(data.get("approximate", True)), str(data.get("note", "")), file)


def load_board(path) -> Board:
    """Read and check a board file (YAML)."""
    from .yamlio import load_yaml_file

    return board_from_data(load_yaml_file(path), str(path))
