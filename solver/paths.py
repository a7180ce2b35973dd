"""Every tied shortest path, streamed: ``python -m solver.paths STATE.yaml --from A --to B [--sight]``.

``distance`` and ``line-of-sight`` count every shortest path or line between two spaces or figures and list the
first 24 (issue 13: a 10 × 10 grid's corners are joined by 48,620, a 100 × 100 grid's by about 10^58). This
prints all of them, one JSON list of space IDs a line, in the order those answers list them (natural order of the
spaces, step by step), from a walk that holds only the path it is on: the first line comes at once, memory stays
flat, and ``| head`` or Ctrl-C stops it. Bad input is refused the way the command line refuses it (one line, exit
2); ``--option NAME=SETTING`` sets the options that decide which hatches block movement and sight and how sight runs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator

EXIT_OK, EXIT_INPUT, EXIT_INTERRUPTED = 0, 2, 130


def tied_paths(state, a: str, b: str, sight: bool = False) -> Iterator[tuple[str, ...]]:
    """Every shortest path (or, with ``sight``, every shortest line of sight) from ``a`` to ``b`` in the position,
    under its options, lazily."""
    from .board import Geometry, walk_shortest_paths

    geo = Geometry.of(state)
    board = state.board
    if not sight:
        return walk_shortest_paths(a, b, board.distances_from(b, geo.movement_hatches), board.adjacency(geo.movement_hatches))
    if a == b:  # a figure in a space that blocks sight: the scenario says whether it sees its own space
        return iter(geo.sight_paths(a, b))
    to_b = board.sight_distances_from(b, geo.sight_blockers, geo.sight_model, geo.sight_hatches)
    return walk_shortest_paths(a, b, to_b, board.adjacency(geo.sight_hatches))


def build_parser() -> argparse.ArgumentParser:
    from .cli import _option, _Parser

    parser = _Parser(prog="python -m solver.paths", description=__doc__.split("\n\n")[0])
    parser.add_argument("state", metavar="STATE.yaml", help="the state file describing the position")
    parser.add_argument("--from", dest="start", required=True, help="a space ID or a figure")
    parser.add_argument("--to", dest="end", required=True, help="a space ID or a figure")
    parser.add_argument("--sight", action="store_true", help="lines of sight instead of paths of movement")
    parser.add_argument("--option", action="append", type=_option, default=[], metavar="NAME=SETTING",
                        help="set an assumption or interpretation option (repeatable)")
    return parser


def main(argv: list[str] | None = None) -> int:
    from .cli import _fail, flag_message
    from .errors import BadParameter, DeepMadnessError, InputError

    try:
        ns = build_parser().parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        from .general_questions import locate
        from .state import load_state

        state = load_state(ns.state, dict(ns.option))
        a, _ = locate(state, ns.start, "from")
        b, _ = locate(state, ns.end, "to")
        for path in tied_paths(state, a, b, ns.sight):
            sys.stdout.write(json.dumps(list(path)) + "\n")
        sys.stdout.flush()
    except InputError as exc:
        return _fail(exc.describe(), EXIT_INPUT)
    except BadParameter as exc:
        return _fail(flag_message(exc), EXIT_INPUT)
    except DeepMadnessError as exc:
        return _fail(str(exc), EXIT_INPUT)
    except KeyboardInterrupt:
        return _fail("interrupted", EXIT_INTERRUPTED)
    except BrokenPipeError:  # the reader has all it wants (| head): what is still buffered goes nowhere
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
