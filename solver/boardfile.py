"""Board files: a board written in YAML (a shipped board, or the players' own ``board:`` file), read through the
package's strict YAML reader (:mod:`solver.yamlio`) and checked by :func:`solver.board.board_from_data`.

Like the catalog, the boards are data the engine is given: the board module itself reads no file."""

from __future__ import annotations

from .board import Board, board_from_data
from .yamlio import load_yaml_file


def load_board(path) -> Board:
    """Read and check a board file (YAML); a problem raises one :class:`~solver.errors.InputError` naming the file
    and the entry."""
    return board_from_data(load_yaml_file(path), str(path))
