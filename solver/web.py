"""The bridge between the Table page (the solver in the browser, under Pyodide) and the command line.

The page never calls the engine directly: every answer comes from :func:`solver.cli.main`, run on the position's
files written to a working folder, with its standard output captured — so the browser answers exactly what
``deepmadness QUESTION STATE.yaml --json`` prints, whatever the engine's inner shape. Beside it, a few helpers the
page needs: the question registry as form fields, the board of a position as data, YAML to and from plain data, the
position packed for a URL. Everything here is plain standard library (and PyYAML, which the solver reads with).
"""

from __future__ import annotations

import base64
import contextlib
import io
import json
import os
import zlib
from pathlib import Path

WORKDIR = Path(os.environ.get("DEEPMADNESS_WEB_DIR", "/tmp/deepmadness-table"))
STATE_FILE = "state.yaml"
BOARD_FILE = "board.yaml"  # a position on a board of the player's own: the state says ``board: board.yaml``


class CommandFailed(Exception):
    """The command line refused the input (exit status 2) or failed (1): its one-line message."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def run(argv: list[str], state_yaml: str | None = None, board_yaml: str | None = None) -> tuple[int, str, str]:
    """Run ``deepmadness ARGV`` in the working folder, with ``state.yaml`` (and ``board.yaml``) holding the given
    texts; returns ``(exit status, standard output, standard error)``."""
    from .cli import main

    WORKDIR.mkdir(parents=True, exist_ok=True)
    for name, text in ((STATE_FILE, state_yaml), (BOARD_FILE, board_yaml)):
        path = WORKDIR / name
        if text is None:
            path.unlink(missing_ok=True)
        else:
            path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(WORKDIR)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(a) for a in argv])
    finally:
        os.chdir(here)
    return code, out.getvalue(), err.getvalue()


def argv_for(question: str, args) -> list[str]:
    """A question's command line after the state file: ``args`` is a list (the command line's own words) or a
    mapping of parameter name → value (``options``: a mapping of option name → setting, for ``--option``)."""
    if args is None:
        return []
    if isinstance(args, (list, tuple)):
        return [str(a) for a in args]
    from .questions import load_question

    q = load_question(question)
    positional = {p.name for p in q.params if p.positional} if q else set()
    argv: list[str] = []
    for name, value in args.items():
        if name == "options":
            for opt, setting in (value or {}).items():
                argv += ["--option", f"{opt}={setting}"]
        elif value not in (None, ""):
            argv += [str(value)] if name in positional else [f"--{name}", str(value)]
    return argv


def answer(question: str, state_yaml: str, args=None, board_yaml: str | None = None) -> str:
    """Exactly what ``deepmadness QUESTION state.yaml --json ARGS`` prints (``check`` included); a refusal raises
    :class:`CommandFailed` with the command line's message."""
    # --json last: a command with positional words after the state file (play's events) reads them all
    code, out, err = run([question, STATE_FILE, *argv_for(question, args), "--json"], state_yaml, board_yaml)
    if code != 0:
        raise CommandFailed(code, err.strip() or f"exit status {code}")
    return out


AFTER_FILE = "after.yaml"  # where ``play --out`` writes the position after the events


def play(state_yaml: str, args, board_yaml: str | None = None) -> dict:
    """``deepmadness play state.yaml ARGS --out after.yaml --json``: ``{"answer": the JSON it prints, "state": the
    text of the position after the events, or null when it wrote none}``; a refusal raises :class:`CommandFailed`."""
    after = WORKDIR / AFTER_FILE
    after.unlink(missing_ok=True)
    code, out, err = run(["play", STATE_FILE, *[str(a) for a in args], "--out", AFTER_FILE, "--json"], state_yaml,
                         board_yaml)
    if code != 0:
        raise CommandFailed(code, err.strip() or f"exit status {code}")
    return {"answer": out, "state": after.read_text(encoding="utf-8") if after.exists() else None}


def events() -> str:
    """``deepmadness play --events``: the events the command plays, with their syntax (empty without ``play``)."""
    code, out, _ = run(["play", "--events"])
    return out if code == 0 else ""


def check(state_yaml: str, board_yaml: str | None = None) -> dict:
    """``deepmadness check --json`` in short: ``{"legal": true, "text", "outcome": {"result", "detail", "rule",
    …} or null, "answer": the command line's JSON}``, or ``{"legal": false, "error": message}`` for a refused
    position."""
    try:
        data = json.loads(answer("check", state_yaml, None, board_yaml))
    except CommandFailed as exc:
        return {"legal": False, "error": exc.message, "status": exc.code}
    result = data.get("result")
    text = result.get("text", "") if isinstance(result, dict) else ""
    return {"legal": data.get("legal", True), "text": text, "outcome": data.get("outcome"), "answer": data}


def questions() -> list[dict]:
    """Every question the command line answers, as form fields: name, help, scenarios and parameters (name,
    help, required, positional)."""
    from .questions import load_all

    return [{"name": q.name, "help": q.help, "scenarios": list(q.scenarios),
             "params": [{"name": p.name, "help": p.help, "required": bool(p.required),
                         "positional": bool(p.positional)} for p in q.params]}
            for q in sorted(load_all().values(), key=lambda q: q.name)]


def vocabulary() -> dict:
    """The names a position is written with: scenarios, investigators, monster types, condition tokens, space
    features, Objective Point symbols, portal colours, hatches, and each option with its settings."""
    from . import board as boards
    from .catalog import catalog
    from .scenarios import SCENARIOS
    from .state import monster_types

    try:
        from .investigators import INVESTIGATORS
    except ImportError:  # pragma: no cover - moved
        INVESTIGATORS = {}
    from .state import CONDITION_TOKENS
    cat = catalog()
    return {"scenarios": list(SCENARIOS), "section_keys": _section_keys(SCENARIOS),
            "investigators": list(INVESTIGATORS),
            "monsters": list(monster_types()), "tokens": list(CONDITION_TOKENS),
            "room_at": _rooms_have_at(),
            "features": list(boards.SPACE_FEATURES), "objective_points": list(boards.OBJECTIVE_SYMBOLS),
            "portals": list(boards.PORTAL_COLOURS), "hatches": list(boards.HATCHES),
            "options": {o.name: {"choices": list(dict(o.choices)), "default": o.default, "title": o.title}
                        for o in cat.options.values()},
            "rule_areas": {r.id: r.area for r in cat.rules.values()}}


def setup(scenario: str, investigators: list[str], seed: int) -> dict:
    """A scenario's set-up on its shipped board, as state-file data: the scenario's own ``new_game`` with
    ``investigators``, its chance (shuffles, draws) from ``random.Random(seed)``; the players then move what
    differs at their table."""
    import random

    from .boardfile import board_from_data
    from .catalog import Options
    from .scenarios import scenario_class
    from .state import dump_state

    cls = scenario_class(scenario)
    game = cls(board_from_data(parse_yaml(shipped_board(scenario)), BOARD_FILE), Options())
    data = dump_state(game.new_game(list(investigators), random.Random(seed)))
    data.pop("board", None)  # the shipped board, read here from its text
    return data


def _rooms_have_at() -> bool:
    """Whether board files may say where a picture draws each room (``at: [column, row]``)."""
    import dataclasses

    from .board import Room

    return "at" in {f.name for f in dataclasses.fields(Room)}


def _section_keys(scenarios) -> dict[str, list[str]]:
    """Each scenario's own state-file keys, as its section format declares them (empty when it declares none)."""
    from .scenarios import scenario_class
    from .state import section_format

    out = {}
    for name in scenarios:
        keys = getattr(section_format(scenario_class(name)), "keys", ()) or ()
        out[name] = [k[0] if isinstance(k, (tuple, list)) else str(k) for k in keys]
    return out


def shipped_board(scenario: str) -> str:
    """The text of a scenario's shipped board file."""
    from .scenarios import board_file

    return board_file(scenario).read_text(encoding="utf-8")


def board(board_yaml: str, file: str = BOARD_FILE) -> dict:
    """A board file checked by the engine's own loader, as plain data: ``{"name", "approximate", "rooms":
    {number: {"name", "spaces": {id: {"features", "objective_point", "portal"}}}}, "connections": [[a, b,
    hatch]]}``; a refused file raises :class:`CommandFailed` with the loader's message."""
    from .boardfile import board_from_data
    from .errors import InputError

    try:
        b = board_from_data(parse_yaml(board_yaml, file), file)
    except InputError as exc:
        raise CommandFailed(2, exc.describe()) from None
    return {"name": b.name, "approximate": b.approximate,
            "rooms": {str(n): {"name": r.name, "at": list(r.at) if getattr(r, "at", None) else None, "spaces": {
                s: {"features": sorted(b.spaces[s].features), "objective_point": b.spaces[s].objective_point,
                    "portal": b.spaces[s].portal} for s in r.spaces}} for n, r in b.rooms.items()},
            "connections": [[c.a, c.b, c.hatch] for c in b.connections]}


def board_to_yaml(data: dict) -> str:
    """A board file's text from the page's board data (the shape :func:`board` returns)."""
    rooms = {}
    for number, room in data.get("rooms", {}).items():
        spaces = {}
        for sid, spec in room.get("spaces", {}).items():
            extra = {k: spec[k] for k in ("objective_point", "portal") if spec.get(k)}
            features = list(spec.get("features") or [])
            spaces[sid] = {"features": features, **extra} if extra else features
        entry = {"name": room["name"]} if room.get("name") and room["name"] != f"Room {number}" else {}
        if room.get("at") is not None:
            entry["at"] = [int(room["at"][0]), int(room["at"][1])]
        entry["spaces"] = spaces
        rooms[int(number)] = entry
    out = {"name": data.get("name") or "My table", "approximate": bool(data.get("approximate", False)),
           "rooms": rooms,
           "connections": [[c[0], c[1], c[2]] if len(c) > 2 and c[2] else [c[0], c[1]]
                           for c in data.get("connections", [])]}
    return dump_yaml(out)


def parse_yaml(text: str, file: str = STATE_FILE):
    """YAML text as plain data, read as the command line reads it (:func:`solver.yamlio.load_yaml_text`: strict,
    safe); a refusal raises :class:`CommandFailed` with its message."""
    from .errors import InputError
    from .yamlio import load_yaml_text

    try:
        return load_yaml_text(text, file)
    except InputError as exc:
        raise CommandFailed(2, exc.describe()) from None


def dump_yaml(data) -> str:
    """Plain data as YAML: keys in their order, short lists and mappings on one line."""
    import yaml

    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100)


def pack(text: str) -> str:
    """A position's text made short for a URL fragment: deflate, then base64url without padding."""
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def unpack(token: str) -> str:
    """The text :func:`pack` packed."""
    token = token.strip()
    return zlib.decompress(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))).decode("utf-8")


def call(name: str, args_json: str) -> str:
    """The page's one entry point: ``name`` a function of this module, its arguments as a JSON list; returns JSON
    ``{"ok": result}`` or ``{"error": message, "status": code}``."""
    functions = {f.__name__: f for f in (answer, check, play, events, questions, vocabulary, setup, shipped_board,
                                         board, board_to_yaml, parse_yaml, dump_yaml, pack, unpack)}
    try:
        result = functions[name](*json.loads(args_json))
    except CommandFailed as exc:
        return json.dumps({"error": exc.message, "status": exc.code})
    except Exception as exc:  # the page shows it; the command line's own errors come as CommandFailed
        return json.dumps({"error": f"{type(exc).__name__}: {exc}", "status": 1})
    return json.dumps({"ok": result}, ensure_ascii=False, default=str)
