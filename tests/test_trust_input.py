"""Trust, bad input: every command of ``deepmadness`` meets hand-written files that are wrong in every way.

A player's state file is written at the table. Whatever is wrong with it — the file itself (missing, a folder, a
pipe, empty, not YAML, not UTF-8, unsafe YAML tags, too big …), its shape (wrong types, missing keys), its names
(scenario, investigator, room, space, colour, symbol) or its counts (five infested tokens, two nest markers in one
room, four obscure markers on the card, thirteen unbound markers, negative health …) — every command answers with
one line on standard error naming the file, the entry's path inside it, what is wrong and, where one applies, the
rule; exit status 2; no traceback; and the file is left exactly as it was.

The tables run through *every* command the parser offers: ``check``, every registered question, ``ask`` and
``rule`` (which take no state file, so they get their own table). A new question is covered as soon as it is
registered; a new question parameter must get bad values in :data:`BAD_ARGUMENTS`.

Also here: only safe YAML loading anywhere in the code base, and every file the project writes is written
atomically (:func:`solver.fileio.write_atomic`), keeping the old content whole when writing fails.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import hashlib
import io
import os
import stat
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from solver import cli, fileio
from solver.errors import InputError
from solver.questions import load_all
from solver.spec import ROOT

# --- running a command in-process --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return self.err.strip().splitlines()


def run(argv: list[str]) -> Run:
    """``deepmadness ARGV`` in-process (``solver.cli.main``), capturing both outputs."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main([str(a) for a in argv])
    return Run(code, out.getvalue(), err.getvalue())


@pytest.fixture(autouse=True)
def _no_debug(monkeypatch):
    """Internal errors must show as such (exit 1), not as tracebacks raised into the test."""
    monkeypatch.delenv("DEEPMADNESS_DEBUG", raising=False)


def digest(path: Path) -> tuple[bytes, int] | None:
    """The content hash and modification time of a file (``None`` when it is not a regular file)."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    return hashlib.sha256(Path(path).read_bytes()).digest(), info.st_mtime_ns


#: The longest error line (solver.cli.MAX_ERROR characters of message, an ellipsis and the prefix).
MAX_LINE = cli.MAX_ERROR + 80


def assert_one_clear_error(result: Run, *fragments: str) -> None:
    """Exit status 2, nothing on standard output, one short line on standard error holding every fragment, no
    control character: ``deepmadness: error: …`` (argparse's too: ``deepmadness: error: argument --flag: …``)."""
    assert result.code == 2, f"exit {result.code}, stderr: {result.err!r}"
    assert result.out == ""
    assert "Traceback" not in result.err and "internal error" not in result.err
    assert len(result.err_lines) == 1, result.err
    line = result.err_lines[0]
    assert line.startswith("deepmadness: error: "), line
    assert len(line) <= MAX_LINE, f"an error line of {len(line)} characters"
    assert not any(ord(c) < 32 or 0x7f <= ord(c) < 0xa0 for c in line), f"a control character in {line!r}"
    for fragment in fragments:
        assert fragment in line, f"{fragment!r} not in {line!r}"


def run_unchanged(argv: list[str], path: Path) -> Run:
    """Run a command on ``path`` and check that the file was not touched."""
    before = digest(path)
    result = run(argv)
    assert digest(path) == before, f"{path} was modified by {argv[0]}"
    return result


# --- the commands ------------------------------------------------------------------------------------------------------
def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _takes_state(p: argparse.ArgumentParser) -> bool:
    return any(a.dest == "state" for a in p._actions)


SUBCOMMANDS = _subcommands()
STATE_COMMANDS = sorted(n for n, p in SUBCOMMANDS.items() if _takes_state(p))
TEXT_COMMANDS = sorted(n for n, p in SUBCOMMANDS.items() if not _takes_state(p) and n != "questions")
QUESTIONS = load_all()


def test_the_tables_cover_every_command():
    assert "check" in STATE_COMMANDS and "play" in STATE_COMMANDS
    assert set(QUESTIONS) <= set(STATE_COMMANDS)
    assert set(STATE_COMMANDS) == set(QUESTIONS) | {"check", "play"}
    assert set(SUBCOMMANDS) == set(STATE_COMMANDS) | set(TEXT_COMMANDS) | {"questions"}


def scenarios_of(command: str) -> tuple[str, ...]:
    q = QUESTIONS.get(command)
    return q.scenarios if q is not None and q.scenarios else tuple(BASES)


# --- good positions the bad ones start from ---------------------------------------------------------------------------
BASES = {
    "fathoms-dark": textwrap.dedent("""\
        scenario: fathoms-dark
        round: 2
        devour_marker: 2
        investigators:
          Lisbeth Gibson: {space: 24a}
          Sophie Brigman: {space: 17b, wounds: 1}
        monsters:
          - {type: Husk, space: 27b}
        fathoms-dark:
          objective_markers: {Lisbeth Gibson: circle, Sophie Brigman: star}
          scenario_deck: [circle]
          acquired: [Sophie Brigman]
          unbound_markers: {Sophie Brigman: {}}
          search_deck: [{name: Knife, weapon: true, range: 0}]
        """),
    "fevered-dreams": textwrap.dedent("""\
        scenario: fevered-dreams
        round: 3
        devour_marker: 2
        investigators:
          Lisbeth Gibson: {space: 17c}
          Sophie Brigman: {space: 20a}
        fevered-dreams:
          obscure_portal: blue
          removed_portals: [white]
          obscure_card: 2
          obscure_markers: [{space: 3a, wounds: 1}]
          flooded: {3b: 1, 17b: 2}
          existence: {Lisbeth Gibson: 4, Sophie Brigman: 5}
        """),
    "expectant-terror": textwrap.dedent("""\
        scenario: expectant-terror
        round: 3
        devour_marker: 3
        reserve: {Husk: 4, Mind Eater: 2}
        investigators:
          Lisbeth Gibson: {space: 17a}
          Sophie Brigman: {space: 24b}
        expectant-terror:
          nest_markers: [17, 25]
          infested_tokens: {Lisbeth Gibson: 2, Sophie Brigman: 1}
          monster_track: [Husk, Despair]
        """),
}

#: Arguments that make each question's command line complete on the positions above.
GOOD_ARGUMENTS: dict[str, list[str]] = {
    "line-of-sight": ["--from", "Lisbeth Gibson", "--to", "Sophie Brigman"],
    "distance": ["--from", "Lisbeth Gibson", "--to", "Sophie Brigman"],
    "attack-targets": ["--investigator", "Lisbeth Gibson", "--range", "1"],
    "unbound-activation": ["--investigator", "Sophie Brigman"],
    "play": ["round-start"],  # play needs an event; the round's start happens in every scenario
}


def command_line(command: str, path: Path | str) -> list[str]:
    """A complete command line for ``command`` on the file ``path``: the required parameters get good values (so
    only the file can be wrong)."""
    argv = [command, str(path)]
    q = QUESTIONS.get(command)
    if (q is not None and any(p.required for p in q.params)) or command == "play":
        assert command in GOOD_ARGUMENTS, f"give the question {command!r} good arguments in GOOD_ARGUMENTS"
    return argv + GOOD_ARGUMENTS.get(command, [])


def _write(tmp_path: Path, text: str | bytes, name: str = "state.yaml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


PAIRS = [(c, s) for c in STATE_COMMANDS for s in scenarios_of(c)]


@pytest.mark.parametrize("command, scenario", PAIRS, ids=[f"{c}-{s}" for c, s in PAIRS])
def test_the_good_positions_are_answered(tmp_path, command, scenario):
    path = _write(tmp_path, BASES[scenario])
    result = run_unchanged(command_line(command, path), path)
    assert result.code == 0, result.err
    assert result.out.strip() and not result.err


# --- the file itself is wrong ---------------------------------------------------------------------------------------------
def _loop(tmp_path: Path) -> Path:
    path = tmp_path / "loop.yaml"
    path.symlink_to(path)
    return path


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    return path


FILE_CASES = [
    # name, how to make the path, fragments of the message after "FILE: "
    ("missing file", lambda t: t / "nowhere.yaml", ["no such file"]),
    ("missing folder", lambda t: t / "no" / "such" / "state.yaml", ["no such file"]),
    ("a file used as a folder", lambda t: _write(t, "x: 1\n", "plain") / "state.yaml", ["no such file"]),
    ("a directory", lambda t: t, ["is a directory"]),
    ("a pipe (would never end)", _fifo, ["not a regular file"]),
    ("a device", lambda t: Path(os.devnull), ["not a regular file"]),
    ("a name too long", lambda t: t / ("x" * 5000 + ".yaml"), ["can't be opened"]),
    ("a link to itself", lambda t: _loop(t), ["can't be opened: Too many levels of symbolic links"]),
    ("empty file", lambda t: _write(t, ""), ["the file is empty"]),
    ("only comments", lambda t: _write(t, "# nothing here yet\n\n"), ["the file is empty"]),
    ("only a document marker", lambda t: _write(t, "---\n...\n"), ["the file is empty"]),
    ("a scalar", lambda t: _write(t, "fathoms-dark\n"), ["a state file must be a mapping", "text 'fathoms-dark'"]),
    ("a list", lambda t: _write(t, "- scenario: fathoms-dark\n"), ["a state file must be a mapping", "a list"]),
    ("a number", lambda t: _write(t, "42\n"), ["a state file must be a mapping", "the number 42"]),
    ("unclosed bracket", lambda t: _write(t, "scenario: [fathoms-dark\nround: 2\n"), ["not valid YAML", "line "]),
    ("tab indentation", lambda t: _write(t, "scenario: fathoms-dark\ninvestigators:\n\tLisbeth Gibson: {}\n"),
     ["not valid YAML", "line 3"]),
    ("bad indentation", lambda t: _write(t, "scenario: fathoms-dark\n  round: 2\n"), ["not valid YAML"]),
    ("key without value separator", lambda t: _write(t, "scenario fathoms-dark\nround: 2\n"), ["not valid YAML"]),
    ("two documents", lambda t: _write(t, "scenario: fathoms-dark\n---\nscenario: fevered-dreams\n"),
     ["not valid YAML"]),
    ("duplicate key", lambda t: _write(t, "scenario: fathoms-dark\nround: 2\nround: 3\n"),
     ["duplicate key 'round' (first written on line 2)"]),
    ("binary bytes", lambda t: _write(t, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe"), ["not UTF-8 text"]),
    ("Latin-1 text", lambda t: _write(t, "scenario: fathoms-dark\n# caf\xe9\n".encode("latin-1")),
     ["not UTF-8 text (line 2, byte 28)"]),
    ("a NUL byte", lambda t: _write(t, "scenario: fathoms-dark\x00\n"),
     ["line 1, column 23: not valid YAML: the character #x0000 is not allowed"]),
    ("a control character", lambda t: _write(t, "round: 2\nscenario: fathoms\x07dark\n"),
     ["line 2, column 18: not valid YAML: the character #x0007 is not allowed"]),
    ("a Python tag", lambda t: _write(t, "scenario: !!python/object/apply:os.getcwd []\n"),
     ["refused: line 1: the YAML tag", "python/object/apply", "is not allowed here"]),
    ("a Python name tag", lambda t: _write(t, "scenario: !!python/name:os.system\n"),
     ["refused: line 1: the YAML tag", "is not allowed here"]),
    ("an unknown tag", lambda t: _write(t, "scenario: !secret fathoms-dark\n"),
     ["refused: line 1: the YAML tag '!secret' is not allowed here"]),
    ("an unhashable key", lambda t: _write(t, "? [a, b]\n: c\nscenario: fathoms-dark\n"), ["not valid YAML"]),
    ("an undefined alias", lambda t: _write(t, "scenario: *nowhere\n"), ["not valid YAML"]),
    ("nesting a thousand deep", lambda t: _write(t, "scenario: " + "[" * 2000 + "]" * 2000 + "\n"),
     ["not valid YAML"]),
    # YAML 1.1 surprises (issue 13): a merge key can't override an entry written twice, 027 is not room 23
    ("a merge key", lambda t: _write(t, "scenario: fathoms-dark\nround: 2\ninvestigators: {<<: {Lisbeth Gibson: "
                                         "{space: 17b}}, Lisbeth Gibson: {space: 24b}}\n"),
     ["investigators.<<: unknown investigator '<<'"]),
    ("an octal-looking room", lambda t: _write(t, "scenario: fathoms-dark\nround: 2\ndevoured_deck: [027, 05]\n"),
     ["line 3, column 17: not valid YAML: 027 has a leading zero", "write 27"]),
    ("a hexadecimal round", lambda t: _write(t, "scenario: fathoms-dark\nround: 0x1F\n"),
     ["round: must be a whole number, not text '0x1F'"]),
    ("too big", lambda t: _write(t, "scenario: fathoms-dark\n" + "# padding\n" * 500_000),
     ["too big for a state or board file"]),
]


@pytest.mark.parametrize("command", STATE_COMMANDS)
@pytest.mark.parametrize("name, make, fragments", FILE_CASES, ids=[c[0] for c in FILE_CASES])
def test_a_bad_file_gives_one_clear_message(tmp_path, command, name, make, fragments):
    path = make(tmp_path)
    result = run_unchanged(command_line(command, path), path)
    # a 5,000-character name is cut with the line (MAX_ERROR): its start is named
    named = f"error: {path}: " if len(str(path)) < cli.MAX_ERROR else f"error: {str(path)[:200]}"
    assert_one_clear_error(result, named, *fragments)


@pytest.mark.parametrize("command", STATE_COMMANDS)
def test_a_file_saved_on_windows_is_read(tmp_path, command):
    """A byte order mark and CRLF line ends (a Windows editor's UTF-8) are fine."""
    scenario = scenarios_of(command)[0]
    path = _write(tmp_path, b"\xef\xbb\xbf" + BASES[scenario].replace("\n", "\r\n").encode("utf-8"))
    result = run_unchanged(command_line(command, path), path)
    assert result.code == 0, result.err


def test_a_utf16_file_is_named_as_not_utf8(tmp_path):
    path = _write(tmp_path, BASES["fathoms-dark"].encode("utf-16"))
    assert_one_clear_error(run(["check", path]), f"{path}: not UTF-8 text (line 1, byte 0)")


def test_an_unsafe_tag_runs_nothing(tmp_path):
    """A tag that would call Python (os.mkdir) under an unsafe loader is refused and has no effect."""
    target = tmp_path / "made-by-yaml"
    path = _write(tmp_path, f"scenario: fathoms-dark\nround: !!python/object/apply:os.mkdir [{str(target)!r}]\n")
    for command in STATE_COMMANDS:
        assert_one_clear_error(run(command_line(command, path)), "the YAML tag", "is not allowed here")
    assert not target.exists()


def test_a_pipe_is_refused_by_the_installed_command_without_waiting(tmp_path):
    """The installed script, as a player runs it: a named pipe nobody writes to is refused at once."""
    path = _fifo(tmp_path)
    script = Path(sys.executable).parent / "deepmadness"
    done = subprocess.run([str(script), "check", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "not a regular file" in done.stderr and "Traceback" not in done.stderr


# --- the file's content is wrong --------------------------------------------------------------------------------------------
def _set(*path_and_value):
    *path, value = path_and_value

    def change(d):
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = copy.deepcopy(value)
    return change


def _del(*path):
    def change(d):
        for k in path[:-1]:
            d = d[k]
        del d[path[-1]]
    return change


def _all(*changes):
    def change(d):
        for c in changes:
            c(d)
    return change


FD, FV, ET = "fathoms-dark", "fevered-dreams", "expectant-terror"
LISBETH = ("investigators", "Lisbeth Gibson")
FIVE = {n: {"space": "1a"} for n in ("Lisbeth Gibson", "Sophie Brigman", "Franklyn Christie", "Isaiah Wiesenthal")}

#: (name, scenario, change, fragments of the one-line message after the file's name). Every case runs through every
#: command that applies to its scenario; the fragments name the entry's path, what is wrong and the rule.
CONTENT_CASES = [
    # --- the scenario ---
    ("no scenario", FD, _del("scenario"), ["scenario: missing (required)"]),
    ("unknown scenario", FD, _set("scenario", "fathoms-light"),
     ["scenario: unknown scenario 'fathoms-light'; known: fathoms-dark, fevered-dreams, expectant-terror"]),
    ("scenario as a list", FV, _set("scenario", [FV]), ["scenario: must be text, not a list"]),
    ("another scenario's section", ET, _set(FD, {}),
     ["fathoms-dark: this is the section of the scenario 'fathoms-dark', but the file is for 'expectant-terror'"]),
    ("unknown key", FV, _set("rounds", 3), ["unknown key 'rounds'; allowed here:"]),
    ("unknown option", FD, _set("options", {"sight.modle": "same-room"}),
     ["options.sight.modle: no assumption or interpretation option named 'sight.modle'"]),
    ("unknown option setting", ET, _set("options", {"expectant-nest.maximum-health": "9"}),
     ["options.expectant-nest.maximum-health: option 'expectant-nest.maximum-health' has no setting '9'"]),
    ("missing board file", FD, _set("board", "my-table.yaml"), ["board: no board file 'my-table.yaml'"]),
    ("board file is a device", FV, _set("board", os.devnull),
     ["board: a board file is named by its path inside the state file's folder (no absolute path, no '..')"]),
    ("board file outside the folder", FD, _set("board", "../../../../../../etc/passwd"),
     ["board: a board file is named by its path inside the state file's folder", "reads no file outside it"]),
    ("an empty board name", ET, _set("board", ""), ["board:"]),
    # --- common keys: types and ranges ---
    ("round as text", FD, _set("round", "two"), ["round: must be a whole number, not text 'two'"]),
    ("round as a fraction", FV, _set("round", 2.5), ["round: must be a whole number, not the number 2.5"]),
    ("round 0", ET, _set("round", 0), ["round: 0 is below the least allowed, 1"]),
    ("devour marker off the track", FD, _set("devour_marker", 10),
     ["devour_marker: the devouring track has spaces 1 to 9", "[outcome.loss-devouring-track]"]),
    ("devour marker off the short track", ET, _set("devour_marker", 9),
     ["devour_marker: the devouring track has spaces 1 to 8", "[outcome.loss-devouring-track]"]),
    ("devour marker negative", FV, _set("devour_marker", -1), ["devour_marker:", "can't stand on -1"]),
    ("investigators as a list", FD, _set("investigators", ["Lisbeth Gibson"]),
     ["investigators: must be a mapping (key: value), not a list"]),
    ("deck as a number", ET, _set("devoured_deck", 5), ["devoured_deck: must be a list, not the number 5"]),
    ("monsters as a mapping", FD, _set("monsters", {"type": "Husk"}), ["monsters: must be a list, not a mapping"]),
    # --- names ---
    ("unknown investigator", FV, _set(*LISBETH[:1], "Lisbeth Gibsen", {"space": "2a"}),
     ["investigators.Lisbeth Gibsen: unknown investigator 'Lisbeth Gibsen'"]),
    ("unknown monster type", ET, _set("monsters", [{"type": "Hsuk", "space": "1a"}]),
     ["monsters[0].type: unknown monster type 'Hsuk'"]),
    ("unknown room", FD, _set("room_deck", [9, 12, 99]), ["room_deck[2]: no room 99 on the board"]),
    ("a room of another scenario", FV, _set("devoured_deck", [2, 3, 4, 17, 18, 19, 20, 24, 25, 5]),
     ["devoured_deck[9]: no room 5 on the board"]),
    ("unknown space", FV, _set(*LISBETH, "space", "99z"), ["investigators.Lisbeth Gibson.space: no space '99z'"]),
    ("monster on a missing space", ET, _set("monsters", [{"type": "Husk", "space": "2z"}]),
     ["monsters[0].space: no space '2z'"]),
    ("unknown portal colour", FV, _set(FV, "obscure_portal", "pink"),
     ["fevered-dreams.obscure_portal: unknown portal colour 'pink'"]),
    ("unknown removed portal", FV, _set(FV, "removed_portals", ["ultraviolet"]),
     ["fevered-dreams.removed_portals[0]: unknown portal colour 'ultraviolet'"]),
    ("unknown objective marker symbol", FD, _set(FD, "objective_markers", "Lisbeth Gibson", "moon"),
     ["fathoms-dark.objective_markers.Lisbeth Gibson: unknown objective marker symbol 'moon'"]),
    ("Unbound on a missing space", FD, _set(FD, "unbound", {"space": "5z"}),
     ["fathoms-dark.unbound.space: no space '5z'"]),
    ("obscure marker on a missing space", FV, _set(FV, "obscure_markers", [{"space": "99a"}]),
     ["fevered-dreams.obscure_markers[0].space: no space '99a'"]),
    ("flooded marker on a missing space", FV, _set(FV, "flooded", {"17z": 1}),
     ["fevered-dreams.flooded.17z: no space '17z'"]),
    ("Nest on a missing space", ET, _set(ET, "nest", {"space": "2z"}), ["expectant-terror.nest.space: no space '2z'"]),
    ("nest marker in a room not on the board", ET, _set(ET, "nest_markers", [5]),
     ["expectant-terror.nest_markers[0]: room 5 is not on the board [expectant-board.rooms]"]),
    ("infested tokens of a stranger", ET, _set(ET, "infested_tokens", {"Emma Kruger": 1}),
     ["expectant-terror.infested_tokens.Emma Kruger: 'Emma Kruger' is not an investigator of this game"]),
    # --- missing keys ---
    ("investigator without space", FD, _del(*LISBETH, "space"),
     ["investigators.Lisbeth Gibson.space: missing (required)"]),
    ("monster without type", FD, _set("monsters", [{"space": "27b"}]), ["monsters[0].type: missing (required)"]),
    ("investigator without objective marker", FD, _del(FD, "objective_markers", "Lisbeth Gibson"),
     ["fathoms-dark.objective_markers: every investigator holds an objective marker; missing: Lisbeth Gibson",
      "[fathoms-setup.objective-marker]"]),
    ("Obscure on no portal", FV, _set(FV, "obscure_portal", None),
     ["fevered-dreams.obscure_portal:", "so say on which of them Obscure stands [fevered-setup.obscure-on-portal]"]),
    ("an unpublished health not given", ET, _set(*LISBETH[:1], "Emma Kruger", {"space": "1a"}),
     ["investigators.Emma Kruger.health:", "not public"]),
    # --- impossible counts ---
    ("negative health", FD, _set(*LISBETH, "health", -1),
     ["investigators.Lisbeth Gibson.health: -1 is below the least allowed, 1"]),
    ("negative wounds", FV, _set(*LISBETH, "wounds", -2),
     ["investigators.Lisbeth Gibson.wounds: -2 is below the least allowed, 0"]),
    ("more wounds than health", ET, _set(*LISBETH, "wounds", 8),
     ["investigators.Lisbeth Gibson.wounds: 8 wounds is more than the figure's health, 7"]),
    ("wounds and health +1 tokens", FD, _all(_set(*LISBETH, "wounds", 1), _set(*LISBETH, "health_plus_tokens", 1)),
     ["investigators.Lisbeth Gibson:", "[health.tokens-absorb-wounds]"]),
    ("negative reserve", ET, _set("reserve", {"Husk": -1}), ["reserve.Husk: -1 is below the least allowed, 0"]),
    ("more figures than the box holds", FD, _set("reserve", {"Parasite": 13}),
     ["reserve: Parasite figures: 0 on the board and 13 in the reserve, but the box holds only 12"]),
    ("a card in both decks", FD, _set("room_deck", [9, 12, 13, 5]),
     ["room_deck[3]: the card of room 5 is in both the room deck and the devoured deck [board.room-cards]"]),
    ("a card twice", FD, _set("devoured_deck", [5, 26, 5]),
     ["devoured_deck[2]: room 5 is in the devoured deck twice [board.room-cards]"]),
    ("thirteen unbound markers", FD, _set(FD, "unbound_card", 13),
     ["fathoms-dark.unbound_card: 13 is above the most allowed, 12 [fathoms-outcome.twelve-markers]"]),
    ("unbound markers that don't add up to twelve", FD,
     _all(_set(FD, "removed_markers", 3), _set(FD, "unbound_card", 11)),
     ["fathoms-dark.unbound_card: 11 on the Unbound card, 1 on Objective Points and 3 removed make 15: there are 12 "
      "unbound markers [fathoms-outcome.twelve-markers]"]),
    ("an unbound marker already killed", FD, _set(FD, "unbound_markers", "Sophie Brigman", {"wounds": 4}),
     ["fathoms-dark.unbound_markers.Sophie Brigman.wounds: 4 is above the most allowed, 3",
      "[fathoms-markers.killed-removed]"]),
    ("two investigators on one objective marker", FD, _set(FD, "objective_markers", "Lisbeth Gibson", "star"),
     ["two investigators hold the star objective marker", "[fathoms-setup.objective-marker]"]),
    ("an investigator twice on the activation track", FD,
     _set("activation_track", ["Lisbeth Gibson", "Lisbeth Gibson", "Sophie Brigman"]),
     ["activation_track[1]: 'Lisbeth Gibson' is on the activation track twice"]),
    ("a scenario card twice in the deck", FD, _all(_set(FD, "scenario_deck", ["circle", "circle"])),
     ["fathoms-dark.scenario_deck[1]: the circle card is in the deck twice [fathoms-setup.face-down-deck]"]),
    ("four obscure markers on the card", FV, _set(FV, "obscure_card", 4),
     ["fevered-dreams.obscure_card: 4 is above the most allowed, 3 [fevered-obscure-marker.card-limit]"]),
    ("four obscure markers on the board", FV,
     _set(FV, "obscure_markers", [{"space": s} for s in ("3a", "4a", "18a", "19a")]),
     ["fevered-dreams.obscure_markers: 4 obscure markers on the board",
      "[fevered-obscure-marker.end-of-round-flooded]"]),
    ("more than six obscure markers", FV,
     _all(_set(FV, "obscure_card", 3), _set(FV, "obscure_markers_out", 2),
          _set(FV, "obscure_markers", [{"space": "3a"}, {"space": "4a"}])),
     ["fevered-dreams: 2 obscure markers on the board, 3 on the card and 2 out of the game: there are only 6",
      "[fevered-obscure-marker.supply]"]),
    ("two obscure markers in one room", FV, _set(FV, "obscure_markers", [{"space": "3a"}, {"space": "3a"}]),
     ["fevered-dreams.obscure_markers[1].space: room 3 already has an obscure marker",
      "[fevered-obscure-marker.different-rooms]"]),
    ("an obscure marker killed already", FV, _set(FV, "obscure_markers", [{"space": "3a", "wounds": 4}]),
     ["fevered-dreams.obscure_markers[0].wounds: 4 is above the most allowed, 3"]),
    ("no flooded marker counted as one", FV, _set(FV, "flooded", {"3b": 0}),
     ["fevered-dreams.flooded.3b: 0 is below the least allowed, 1 [fevered-mist.markers-stack]"]),
    ("existence above the dial", FV, _set(FV, "existence", "Lisbeth Gibson", 6),
     ["fevered-dreams.existence.Lisbeth Gibson: existence level 6 is above the start level 5",
      "[fevered-existence.no-recovery]"]),
    ("negative existence", FV, _set(FV, "existence", "Lisbeth Gibson", -1),
     ["fevered-dreams.existence.Lisbeth Gibson: -1 is below the least allowed, 0"]),
    ("Obscure on a removed portal", FV, _set(FV, "obscure_portal", "white"),
     ["fevered-dreams.obscure_portal: the white portal was removed from the game",
      "[fevered-investigate.remove-portal]"]),
    ("five infested tokens", ET, _set(ET, "infested_tokens", "Lisbeth Gibson", 5),
     ["expectant-terror.infested_tokens.Lisbeth Gibson: 5 is above the most allowed, 4 [expectant-infested.killed-at-four]"]),
    ("more infested tokens than the box holds", ET,
     _all(_set("investigators", FIVE), _set(ET, "infested_tokens", {n: 4 for n in FIVE})),
     ["expectant-terror.infested_tokens: 16 infested tokens: the expansion has only 12", "[expectant-infested.supply]"]),
    ("two nest markers in one room", ET, _set(ET, "nest_markers", [17, 17]),
     ["expectant-terror.nest_markers[1]: room 17 is listed twice: a room holds at most one nest marker",
      "[expectant-nest-marker.one-per-room]"]),
    ("seven nest markers", ET, _set(ET, "nest_markers", [1, 2, 17, 19, 20, 23, 24]),
     ["expectant-terror.nest_markers: 7 nest markers: there are only 6 [expectant-nest-marker.supply]"]),
    ("two wounds on the Nest in one round", ET, _set(ET, "nest", {"space": "2b", "wounds": 2, "wounds_this_round": 2}),
     ["expectant-terror.nest.wounds_this_round: 2 is above the most allowed, 1 [expectant-nest.one-wound-per-round]"]),
    ("a Nest wounded to death but standing", ET, _set(ET, "nest", {"space": "2b", "wounds": 5}),
     ["expectant-terror.nest.wounds:", "[expectant-outcome.win-nest-killed]"]),
    ("the Husk not first on the monster track", ET, _set(ET, "monster_track", ["Despair", "Husk"]),
     ["expectant-terror.monster_track[0]: the first monster space holds the Husk card, not Despair",
      "[expectant-setup.husk-first]"]),
    ("a monster track longer than its spaces", ET, _set(ET, "monster_track", ["Husk", "Despair", "Grudge"]),
     ["expectant-terror.monster_track: 3 monster cards for 2 monster spaces", "[expectant-setup.random-monsters]"]),
    ("more actions than an activation has", ET,
     _set(ET, "activation", {"investigator": "Lisbeth Gibson", "actions_left": 4}),
     ["expectant-terror.activation.actions_left: 4 is above the most allowed, 3"]),
    # --- wrong types inside a scenario's own section ---
    ("flooded as a list", FV, _set(FV, "flooded", ["3b"]), ["fevered-dreams.flooded: must be a mapping"]),
    ("existence as text", FV, _set(FV, "existence", "Lisbeth Gibson", "high"),
     ["fevered-dreams.existence.Lisbeth Gibson: must be a whole number, not text 'high'"]),
    ("nest markers as a number", ET, _set(ET, "nest_markers", 17),
     ["expectant-terror.nest_markers: must be a list, not the number 17"]),
    ("a section that is a list", FD, _set(FD, ["objective_markers"]),
     ["fathoms-dark: must be a mapping (key: value), not a list"]),
    ("a weapon without range", FD, _set(FD, "search_deck", [{"name": "Knife", "weapon": True}]),
     ["fathoms-dark.search_deck[0].range: missing (required)"]),
]
_CASE_NAMES = [c[0] for c in CONTENT_CASES]
assert len(set(_CASE_NAMES)) == len(_CASE_NAMES)


def _bad_state(tmp_path: Path, scenario: str, change) -> Path:
    data = yaml.safe_load(BASES[scenario])
    change(data)
    return _write(tmp_path, yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


@pytest.mark.parametrize("name, scenario, change, fragments", CONTENT_CASES, ids=_CASE_NAMES)
def test_a_bad_position_gives_one_clear_message_to_every_command(tmp_path, name, scenario, change, fragments):
    path = _bad_state(tmp_path, scenario, change)
    commands = [c for c in STATE_COMMANDS if scenario in scenarios_of(c)]
    assert len(commands) >= 5
    messages = set()
    for command in commands:
        result = run_unchanged(command_line(command, path), path)
        assert_one_clear_error(result, f"error: {path}: ", *fragments)
        messages.add(result.err)
    assert len(messages) == 1, f"the commands disagree about what is wrong: {messages}"


def test_a_question_for_another_scenario_names_the_scenario(tmp_path):
    for command, q in sorted(QUESTIONS.items()):
        for scenario in BASES:
            if q.scenarios and scenario not in q.scenarios:
                path = _write(tmp_path, BASES[scenario])
                assert_one_clear_error(run(command_line(command, path)), f"{path}: scenario: the question "
                                       f"{command!r} is for the scenario(s)", repr(scenario))


# --- the board file a state names is wrong ----------------------------------------------------------------------------------
BOARDS = ROOT / "solver" / "scenarios" / "boards"

#: (name, scenario, change to the scenario's shipped board, fragments of the message after the board file's name)
BOARD_CASES = [
    ("not a mapping", FD, lambda b: ["rooms"],
     ["is not a board file (a board file is a mapping with rooms: and connections:)"]),
    ("no rooms", FV, lambda b: {**b, "rooms": {}}, ["rooms: 'rooms' must map room numbers to their spaces"]),
    ("a room number that is text", ET, lambda b: {**b, "rooms": {**b["rooms"], "seven": {"spaces": {"7a": []}}}},
     ["rooms.seven: room number 'seven' must be a whole number from 1"]),
    ("two spawn spaces in a room", FD, _set("rooms", 17, "spaces", "17b", ["spawn"]),
     ["rooms.17: room 17 must have exactly one spawn space, not 2 [board.one-spawn-space]"]),
    ("a space of another room", FV, _set("rooms", 3, "spaces", "4z", []),
     ["rooms.3.spaces.4z: space ID '4z' must be the room number and a letter"]),
    ("an unknown feature", ET, _set("rooms", 1, "spaces", "1b", ["start", "trapdoor"]),
     ["rooms.1.spaces.1b: unknown feature(s) ['trapdoor']"]),
    ("an unknown portal colour", FV, _set("rooms", 3, "spaces", "3b", {"portal": "magenta"}),
     ["rooms.3.spaces.3b: unknown Dimensional Portal colour 'magenta'"]),
    ("an objective point twice", FD, _set("rooms", 23, "spaces", "23b", {"objective_point": "star"}),
     ["objective point 'star' is on both"]),
    ("a connection to a missing space", ET, lambda b: {**b, "connections": [*b["connections"], ["1a", "99z"]]},
     ["connection to missing space '99z'"]),
    ("an unknown hatch", FD, lambda b: {**b, "connections": [[*b["connections"][0][:2], "ajar"],
                                                              *b["connections"][1:]]},
     ["connections[0]: unknown hatch 'ajar'"]),
    ("a room of the scenario missing", FD, lambda b: {**b, "rooms": {k: v for k, v in b["rooms"].items() if k != 9},
                                                      "connections": [c for c in b["connections"]
                                                                      if not any(str(x).startswith("9") for x in c[:2])]},
     ["the Fathoms Dark board has rooms", "lacks [9]", "[fathoms-board.rooms]"]),
    ("no Unbound space", FD, _set("rooms", 5, "spaces", "5b", []), ["[fathoms-board.unbound-space]"]),
    ("a portal missing", FV, _set("rooms", 27, "spaces", "27b", []),
     ["rooms: a Fevered Dreams board has six Dimensional Portals, one of each colour; missing: white",
      "[fevered-board.six-portals]"]),
    ("no Nest space", ET, _set("rooms", 2, "spaces", "2b", []),
     ["rooms.2: room 2 must hold exactly one space marked 'nest', not 0 [expectant-board.nest-space]"]),
    ("not YAML", FV, lambda b: "rooms: [unclosed\n", ["line 2, column 1: not valid YAML"]),
]


@pytest.mark.parametrize("name, scenario, change, fragments", BOARD_CASES, ids=[c[0] for c in BOARD_CASES])
def test_a_bad_board_file_gives_one_clear_message_to_every_command(tmp_path, name, scenario, change, fragments):
    board = yaml.safe_load((BOARDS / f"{scenario}.yaml").read_text(encoding="utf-8"))
    changed = change(board)
    if changed is None:  # the change edited the board in place
        changed = board
    board_path = tmp_path / "table.yaml"
    board_path.write_text(changed if isinstance(changed, str) else yaml.safe_dump(changed, sort_keys=False),
                          encoding="utf-8")
    state = yaml.safe_load(BASES[scenario])
    state["board"] = "table.yaml"
    path = _write(tmp_path, yaml.safe_dump(state, sort_keys=False))
    for command in [c for c in STATE_COMMANDS if scenario in scenarios_of(c)]:
        before = digest(board_path)
        result = run_unchanged(command_line(command, path), path)
        assert digest(board_path) == before
        assert_one_clear_error(result, f"error: {board_path}: ", *fragments)


# --- the command line's own arguments are wrong ------------------------------------------------------------------------
#: Bad values for every question parameter (by name), and what the message names. Every registered parameter must
#: be here: a new question is then checked as soon as it exists.
BAD_ARGUMENTS: dict[str, list[tuple[str, str]]] = {
    "from": [("99z", "'99z' is neither a space of the board nor a figure"), ("", "is neither"),
             ("Emma Kruger", "is neither")],
    "to": [("0a", "'0a' is neither a space"), ("husk#1", "is neither")],
    "investigator": [("Nobody", "'Nobody'"), ("Husk#1", "'Husk#1'"), ("", "''")],
    "range": [("far", "must be a whole number, not 'far'"), ("-1", "must be at least 0, not -1"),
              ("1.5", "must be a whole number, not '1.5'"), ("1" + "0" * 5000, "must be a whole number")],
    "weapon-range": [("long", "must be a whole number, not 'long'"), ("-2", "must be at least 0, not -2")],
    "count": [("many", "must be a whole number, not 'many'"), ("1000000000", "must be at most"),
              ("-3", "must be at least")],
    "seed": [("abc", "must be a whole number, not 'abc'"), ("1.5", "must be a whole number, not '1.5'")],
    "track-space": [("0", "must be at least 1, not 0"), ("9", "must be at most 8, not 9"),
                    ("x", "must be a whole number, not 'x'")],
    "check": [("19,x", "rooms are numbers separated by commas, not 'x'"),
              ("99", "room 99 is not on the board [expectant-board.rooms]"),
              (",".join(["19"] * 20_000), "more than 6 rooms: there are only 6 nest markers [expectant-nest-marker.supply]")],
    "order": [("sideways", "must be one of deck, any, not 'sideways'")],
    "paths": [("some", "must be one of ends, full, not 'some'"), ("", "not ''")],
}


def test_every_question_parameter_has_bad_values():
    names = {p.name for q in QUESTIONS.values() for p in q.params}
    missing = sorted(names - set(BAD_ARGUMENTS))
    assert not missing, f"give these question parameters bad values in BAD_ARGUMENTS: {missing}"


ARG_CASES = [(q.name, p.name, value, fragment) for q in sorted(QUESTIONS.values(), key=lambda q: q.name)
             for p in q.params for value, fragment in BAD_ARGUMENTS.get(p.name, [])]


@pytest.mark.parametrize("command, param, value, fragment", ARG_CASES,
                         ids=[f"{c}--{p}={v[:20]!r}" for c, p, v, _ in ARG_CASES])
def test_a_bad_argument_gives_one_clear_message(tmp_path, command, param, value, fragment):
    scenario = scenarios_of(command)[0]
    path = _write(tmp_path, BASES[scenario])
    argv = command_line(command, path)
    flag = f"--{param}"
    if flag in argv:
        argv[argv.index(flag) + 1] = value
    else:
        argv += [flag, value]
    result = run_unchanged(argv, path)
    # argparse's refusal reads "argument --count: …"; a name the position doesn't know, "error: --from: …"
    assert_one_clear_error(result, f"--{param}: ", fragment)


BAD_OPTIONS = [
    ("sight.modle=same-room", "argument --option: sight.modle=same-room: no assumption or interpretation option"),
    ("sight.model=x-ray", "argument --option: sight.model=x-ray: option 'sight.model' has no setting 'x-ray'"),
    ("expectant-nest.maximum-health=1000", "has no setting '1000'"),
    ("sight.model\x1b[2J=x", "sight.model\\x1b[2J=x"),  # an escape sequence is shown escaped
    ("x" * 100_000 + "=y", "argument --option: xxxx"),  # a huge argument: the line is capped
]


@pytest.mark.parametrize("command", STATE_COMMANDS)
@pytest.mark.parametrize("option, fragment", BAD_OPTIONS, ids=[o[:30] for o, _ in BAD_OPTIONS])
def test_a_bad_option_on_the_command_line_gives_one_clear_message(tmp_path, command, option, fragment):
    path = _write(tmp_path, BASES[scenarios_of(command)[0]])
    assert_one_clear_error(run_unchanged(command_line(command, path) + ["--option", option], path), fragment)


@pytest.mark.parametrize("command", STATE_COMMANDS)
def test_a_malformed_option_is_refused_by_the_parser(tmp_path, command):
    path = _write(tmp_path, BASES[scenarios_of(command)[0]])
    result = run_unchanged(command_line(command, path) + ["--option", "sight.model"], path)
    assert result.code == 2 and "expected NAME=SETTING" in result.err and "Traceback" not in result.err


# --- the commands without a state file: ask and rule -----------------------------------------------------------------------
TEXT_CASES = {
    "ask": [(["   "], "question: the question is empty"),
            (["nest", "--limit", "0"], "argument --limit: must be at least 1, not 0"),
            (["nest " * 1000], "question: the question is 4,999 characters long; ask it in at most 2,000")],
    "rule": [(["health.gain-over-maximum"], "ID: no rule or option 'health.gain-over-maximum' in the catalog"),
             ([""], "no rule or option ''")],
}


def test_every_text_command_has_bad_cases():
    assert set(TEXT_COMMANDS) == set(TEXT_CASES)


@pytest.mark.parametrize("command, args, fragment", [(c, a, f) for c, cases in TEXT_CASES.items() for a, f in cases])
def test_a_bad_text_command_gives_one_clear_message(command, args, fragment):
    assert_one_clear_error(run([command, *args]), fragment)


def test_a_damaged_results_file_is_bad_input(tmp_path, monkeypatch):
    """``ask`` and ``rule`` read the last run's results; a damaged file (cut short while written, hand-edited) is
    named, not an internal error."""
    import solver.rule
    from solver.spec import load_results

    for text in ('{"generated": "2026-01-01", "scenarios": [{"key": "a.feature:3", "outc', "[1, 2]",
                 '{"scenarios": [{"outcome": "passed"}]}', "\x00\x01"):
        bad = _write(tmp_path, text, "spec-results.json")
        with pytest.raises(InputError) as err:
            load_results(bad)
        assert str(bad) in str(err.value) and "make spec" in str(err.value)
        monkeypatch.setattr(solver.rule, "load_results", lambda path=bad: load_results(path))
        assert_one_clear_error(run(["rule", "health.gain-over-max"]), str(bad), "not a results file")


# --- the commands never write to their input ------------------------------------------------------------------------------
@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*.yaml")), ids=lambda p: p.name)
def test_answering_an_example_leaves_it_as_it_was(path):
    for argv in (cli.example_argv(path), cli.example_argv(path) + ["--json"], ["check", str(path)]):
        assert run_unchanged(argv, path).code == 0


# --- only safe YAML loading -------------------------------------------------------------------------------------------------
UNSAFE_NAMES = {"unsafe_load", "unsafe_load_all", "full_load", "full_load_all", "FullLoader", "UnsafeLoader",
                "Loader", "CLoader", "CFullLoader", "CUnsafeLoader"}
SAFE_LOADERS = {"SafeLoader", "CSafeLoader", "BaseLoader", "CBaseLoader"}


def _safe_loader_names(tree: ast.AST) -> set[str]:
    """PyYAML's safe loaders, and the names a module gives them: ``X = getattr(yaml, "CSafeLoader",
    yaml.SafeLoader)``, ``class X(SafeLoader)`` — a name is safe when everything it is made of is."""
    safe = set(SAFE_LOADERS)
    harmless = {"yaml", "getattr"}
    changed = True
    while changed:
        changed = False
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                name, parts = node.targets[0].id, [node.value]
            elif isinstance(node, ast.ClassDef) and node.bases:
                name, parts = node.name, list(node.bases)
            else:
                continue
            if name in safe:
                continue
            refs = {n.attr for p in parts for n in ast.walk(p) if isinstance(n, ast.Attribute)}
            refs |= {n.id for p in parts for n in ast.walk(p) if isinstance(n, ast.Name)}
            refs |= {n.value for p in parts for n in ast.walk(p) if isinstance(n, ast.Constant)
                     and isinstance(n.value, str)}
            if refs - harmless and refs - harmless <= safe:
                safe.add(name)
                changed = True
    return safe


def _python_files() -> list[Path]:
    files = [ROOT / "conf.py"] if (ROOT / "conf.py").exists() else []
    for folder in ("solver", "tests", "rules_docs"):
        files += [p for p in (ROOT / folder).rglob("*.py") if "__pycache__" not in p.parts]
    return sorted(files)


def _yaml_misuse(tree: ast.AST) -> list[str]:
    """Uses of PyYAML that could build arbitrary Python objects: the unsafe loaders by name, and ``yaml.load`` /
    ``yaml.load_all`` without a safe ``Loader``."""
    found = []
    safe = _safe_loader_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "yaml" \
                and node.attr in UNSAFE_NAMES:
            found.append(f"line {node.lineno}: yaml.{node.attr}")
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "yaml":
            found += [f"line {node.lineno}: from yaml import {a.name}" for a in node.names if a.name in UNSAFE_NAMES]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("load",
                                                                                                      "load_all") \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "yaml":
            loader = [k.value for k in node.keywords if k.arg == "Loader"] or node.args[1:2]
            name = None
            if loader:
                name = loader[0].attr if isinstance(loader[0], ast.Attribute) else getattr(loader[0], "id", None)
            if name not in safe:
                found.append(f"line {node.lineno}: yaml.{node.func.attr} with Loader={name}")
    return found


def test_only_safe_yaml_loading_in_the_code_base():
    problems = []
    for path in _python_files():
        for p in _yaml_misuse(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            problems.append(f"{path.relative_to(ROOT)}: {p}")
    assert not problems, "unsafe YAML loading:\n" + "\n".join(problems)


def test_the_yaml_check_finds_unsafe_loading():
    bad = ("import yaml\nyaml.load(t)\nyaml.load(t, Loader=yaml.FullLoader)\nyaml.unsafe_load(t)\n"
           "yaml.load_all(t, yaml.Loader)\nfrom yaml import UnsafeLoader\nyaml.full_load(t)\n")
    assert {int(p.split(":")[0].split()[1]) for p in _yaml_misuse(ast.parse(bad))} == {2, 3, 4, 5, 6, 7}
    safe = ("import yaml\nL = getattr(yaml, 'CSafeLoader', yaml.SafeLoader)\nclass M(L): pass\n"
            "yaml.safe_load(t)\nyaml.load(t, Loader=M)\nyaml.load(t, L)\n")
    assert _yaml_misuse(ast.parse(safe)) == []
    sneaky = "import yaml\nL = getattr(yaml, 'UnsafeLoader')\nclass M(yaml.FullLoader): pass\nyaml.load(t, Loader=L)\n"
    assert {p.split(":")[0] for p in _yaml_misuse(ast.parse(sneaky + "yaml.load(t, Loader=M)\n"))} >= {"line 4",
                                                                                                      "line 5"}


def test_our_loader_is_a_safe_loader():
    from solver import yamlio

    assert issubclass(yamlio._Loader, (yaml.SafeLoader, getattr(yaml, "CSafeLoader", yaml.SafeLoader)))
    with pytest.raises(InputError):
        yamlio.load_yaml_text("x: !!python/object/new:object []")


# --- every file the project writes is written atomically -----------------------------------------------------------------
def _code_files() -> list[Path]:
    """The code that writes files for the project (not the tests' own fixtures)."""
    files = [p for p in (ROOT / "solver").rglob("*.py") if "__pycache__" not in p.parts]
    files += [p for p in (ROOT / "rules_docs").rglob("*.py") if "__pycache__" not in p.parts]
    files += [ROOT / "tests" / "conftest.py"] + ([ROOT / "conf.py"] if (ROOT / "conf.py").exists() else [])
    return sorted(p for p in files if p != ROOT / "solver" / "fileio.py")


def _direct_writes(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name in ("write_text", "write_bytes", "copyfile", "copy", "copy2", "dump") and not (
                name in ("copy", "dump") and not (isinstance(func, ast.Attribute)
                                                  and getattr(func.value, "id", None) in ("shutil", "json"))):
            found.append(f"line {node.lineno}: {name}()")
        if name == "open":
            mode = node.args[1] if len(node.args) > 1 else next((k.value for k in node.keywords if k.arg == "mode"),
                                                                 None)
            if isinstance(mode, ast.Constant) and isinstance(mode.value, str) and set(mode.value) & set("wax+"):
                found.append(f"line {node.lineno}: open(..., {mode.value!r})")
    return found


#: Direct writes that are not a file the project keeps, each with why.
NOT_KEPT = {
    "solver/terminal.py": "opens the null device for a stream that was closed: nothing is written to a file",
    "solver/web.py": "the browser's in-memory scratch folder (Pyodide), rewritten for every answer",
}


def test_the_project_writes_files_only_through_write_atomic():
    problems = []
    for path in _code_files():
        if str(path.relative_to(ROOT)) in NOT_KEPT:
            continue
        for p in _direct_writes(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            problems.append(f"{path.relative_to(ROOT)}: {p}")
    assert not problems, "write these through solver.fileio.write_atomic:\n" + "\n".join(problems)


def test_the_write_check_finds_direct_writes():
    code = ("p.write_text(t)\np.write_bytes(b)\nopen(p, 'w')\nopen(p, mode='a')\nshutil.copyfile(a, b)\n"
            "json.dump(d, f)\nopen(p)\nopen(p, 'rb')\nx.copy()\n")
    assert len(_direct_writes(ast.parse(code))) == 6


def test_write_atomic_replaces_the_content(tmp_path):
    path = tmp_path / "results.json"
    fileio.write_atomic(path, "old")
    fileio.write_atomic(path, "new ünïcode")
    assert path.read_text(encoding="utf-8") == "new ünïcode"
    fileio.write_atomic(path, b"\x00bytes")
    assert path.read_bytes() == b"\x00bytes"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.json"]


def _boom(*args, **kwargs):
    raise OSError(28, "No space left on device")


FAILURES = [
    ("the text can't be encoded", None, None, "\udc80 a lone surrogate"),
    ("the disk is full mid-write", "write", lambda real: lambda fd, data: (real(fd, bytes(data[:3])), _boom())[1],
     "x" * 10_000),
    ("the sync fails", "fsync", lambda real: _boom, "new"),
    ("the rename fails", "replace", lambda real: _boom, "new"),
    ("the run is interrupted", "fsync", lambda real: lambda fd: (_ for _ in ()).throw(KeyboardInterrupt()), "new"),
]


@pytest.mark.parametrize("name, function, fake, text", FAILURES, ids=[f[0] for f in FAILURES])
def test_a_failed_write_keeps_the_old_content_whole(tmp_path, monkeypatch, name, function, fake, text):
    path = tmp_path / "spec-results.json"
    path.write_text('{"old": "content"}', encoding="utf-8")
    if function is not None:
        monkeypatch.setattr(fileio.os, function, fake(getattr(os, function)))
    with pytest.raises((OSError, UnicodeEncodeError, KeyboardInterrupt)):
        fileio.write_atomic(path, text)
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == '{"old": "content"}'
    assert [p.name for p in tmp_path.iterdir()] == ["spec-results.json"], "a temporary file was left behind"


def test_a_failed_first_write_leaves_no_file(tmp_path, monkeypatch):
    monkeypatch.setattr(fileio.os, "fsync", _boom)
    with pytest.raises(OSError):
        fileio.write_atomic(tmp_path / "new.json", "{}")
    assert list(tmp_path.iterdir()) == []


def test_write_atomic_keeps_the_permissions(tmp_path):
    path = tmp_path / "page.md"
    path.write_text("old")
    path.chmod(0o640)
    fileio.write_atomic(path, "new")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    fresh = tmp_path / "fresh.md"
    umask = os.umask(0o022)
    try:
        fileio.write_atomic(fresh, "new")
    finally:
        os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644


def test_the_results_file_is_written_atomically(monkeypatch, tmp_path):
    """The specification's results file (tests/conftest.py) goes through write_atomic."""
    import tests.conftest as conftest

    written = {}
    monkeypatch.setattr(conftest, "RESULTS_FILE", tmp_path / "build" / "spec-results.json")
    monkeypatch.setattr(conftest, "write_atomic", lambda path, text: written.setdefault(path, text))
    monkeypatch.setattr(conftest, "_RESULTS", [{"key": "x.feature:1", "outcome": "passed"}])
    assert conftest.write_results_file()
    assert list(written) == [tmp_path / "build" / "spec-results.json"]
    assert '"x.feature:1"' in written[tmp_path / "build" / "spec-results.json"]


# --- a closed standard output ------------------------------------------------------------------------------------------------
class _ClosedPipe(io.TextIOBase):
    def write(self, s):
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self):
        raise BrokenPipeError(32, "Broken pipe")


@pytest.mark.parametrize("argv", [["questions"], ["--help"], ["check", str(ROOT / "examples" /
                                                                           "general-distance.yaml")]])
def test_a_closed_output_ends_the_command_quietly(monkeypatch, argv):
    err = io.StringIO()
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    monkeypatch.setattr(sys, "stderr", err)
    assert cli.main(argv) == 0
    assert err.getvalue() == ""


def test_the_installed_command_piped_into_a_closed_reader_exits_quietly():
    """``deepmadness rule ID | head -0``: the reader is gone before the first line is written."""
    script = Path(sys.executable).parent / "deepmadness"
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([str(script), "rule", "health.gain-over-max"], stdout=write, stderr=subprocess.PIPE,
                              text=True, timeout=60)
    finally:
        os.close(write)
    assert done.returncode == 0
    assert done.stderr == ""
