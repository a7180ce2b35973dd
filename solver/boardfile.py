"""Board files: a board written in YAML (a shipped board, or the players' own ``board:`` file), read through the
package's strict YAML reader (:mod:`solver.yamlio`) and checked by :func:`solver.board.board_from_data`.

Like the catalog, the boards are data the engine is given: the board module itself reads no file."""

from __future__ import annotations

from .board import Board, board_from_data
from .errors import InputError
from .yamlio import load_yaml_file


def load_board(path) -> Board:
    """Read and check a board file (YAML); a problem raises one :class:`~solver.errors.InputError` naming the file
    and the entry. A file that is not a board at all (no ``rooms:`` mapping) is refused without quoting any of it,
    so that a ``board:`` pointed at some other file reveals nothing of it."""
    data = load_yaml_file(path)
    if not isinstance(data, dict) or not isinstance(data.get("rooms"), dict):
        raise InputError("is not a board file (a board file is a mapping with rooms: and connections:)",
                         file=str(path))
    return board_from_data(data, str(path))
