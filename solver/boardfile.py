"""Board files: a board written in YAML (a shipped board, or the players' own ``board:`` file), read through the
package's strict YAML reader (:mod:`solver.yamlio`) and checked entry by entry (:func:`board_from_data`): every
problem is one :class:`~solver.errors.InputError` naming the file, the entry and, where one applies, the rule.

Like the catalog, the boards are data the engine is given: the board module itself reads no file and names no
entry of one."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from .board import (HATCH_ALIASES, HATCHES, OBJECTIVE_SYMBOLS, PORTAL_COLOURS, SPACE_FEATURES, Board, Connection,
                    Room, Space)
from .errors import InputError
from .yamlio import load_yaml_file

BOARD_KEYS = ("name", "approximate", "note", "rooms", "connections")
_LETTERS = re.compile("[a-z]+")  # a space ID's letters, after its room number


def load_board(path) -> Board:
    """Read and check a board file (YAML); a problem raises one :class:`~solver.errors.InputError` naming the file
    and the entry. A file that is not a board at all (no ``rooms:`` mapping) is refused without quoting any of it,
    so that a ``board:`` pointed at some other file reveals nothing of it."""
    data = load_yaml_file(path)
    if not isinstance(data, dict) or not isinstance(data.get("rooms"), dict):
        raise InputError("is not a board file (a board file is a mapping with rooms: and connections:)",
                         file=str(path))
    return board_from_data(data, str(path))


def _room_at(value, file: str, where: str) -> tuple[int, int] | None:
    """A room's optional ``at: [column, row]``: where a picture of the board draws it (no rule reads it)."""
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != 2
            or any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in value)):
        raise InputError("'at' is [column, row]: two whole numbers from 0", file=file, entry=f"{where}.at")
    return (value[0], value[1])


def board_from_data(data, file: str) -> Board:
    """Build a board from parsed YAML, checking every entry; errors name the file and the entry's path.

    The format (see ``rules_docs/state-files.md``)::

        name: Fathoms Dark
        approximate: true          # a plausible layout, not the printed one
        rooms:
          5:
            name: Unbound's lair    # optional
            at: [1, 1]              # optional: [column, row] where a picture of the board draws the room
            spaces:
              5a: [spawn]           # the features printed on the space
              5b: {features: [unbound], objective_point: star, portal: red}
        connections:
          - [5a, 5b]
          - [5b, 12a, locked]       # an optional hatch: open, closed, locked, sealed or broken (3d: locked)
    """
    if not isinstance(data, Mapping):
        raise InputError("a board file must be a mapping with 'rooms' and 'connections'", file=file)
    unknown_keys = [k for k in data if k not in BOARD_KEYS]
    if unknown_keys:
        raise InputError(f"unknown key {unknown_keys[0]!r}; allowed here: {', '.join(BOARD_KEYS)}", file=file,
                         entry=str(unknown_keys[0]))
    if not isinstance(data.get("approximate", True), bool):
        raise InputError("must be true or false", file=file, entry="approximate")
    rooms_data = data.get("rooms")
    if not isinstance(rooms_data, Mapping) or not rooms_data:
        raise InputError("'rooms' must map room numbers to their spaces", file=file, entry="rooms")
    spaces: dict[str, Space] = {}
    rooms: dict[int, Room] = {}
    for number, room in rooms_data.items():
        where = f"rooms.{number}"
        prefix = str(number)
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
            if not (sid.startswith(prefix) and _LETTERS.fullmatch(sid, len(prefix))):  # "<number>[a-z]+"
                raise InputError(f"space ID {sid!r} must be the room number and a letter, e.g. '{number}a'",
                                 file=file, entry=swhere)
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
        rooms[number] = Room(number, str(room.get("name", f"Room {number}")), tuple(ids), spawn[0],
                             _room_at(room.get("at"), file, where))
    taken: dict[tuple[int, int], int] = {}
    for r in rooms.values():
        if r.at is not None:
            if r.at in taken:
                raise InputError(f"rooms {taken[r.at]} and {r.number} are both drawn at {list(r.at)}", file=file,
                                 entry=f"rooms.{r.number}.at")
            taken[r.at] = r.number
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
    joined: dict[frozenset[str], int] = {}
    connections = data.get("connections") or []
    if not isinstance(connections, list):
        raise InputError("'connections' must be a list of [space, space] pairs", file=file, entry="connections")
    for i, c in enumerate(connections):
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
        if isinstance(hatch, str):
            hatch = HATCH_ALIASES.get(hatch.lower(), hatch)  # components.3d-hatch
        if hatch is not None and hatch not in HATCHES:
            raise InputError(f"unknown hatch {hatch!r}; known: {', '.join(HATCHES)} (a 3D hatch: 3d)", file=file,
                             entry=where)
        pair = frozenset((a, b))
        if pair in joined:
            raise InputError(f"{a} and {b} are already connected by connections[{joined[pair]}]", file=file,
                             entry=where)
        joined[pair] = i
        conns.append(Connection(a, b, hatch))
    return Board(str(data.get("name", file)), MappingProxyType(spaces), MappingProxyType(rooms), tuple(conns),
                 bool(data.get("approximate", True)), str(data.get("note", "")), file)
