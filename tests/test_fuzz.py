"""Fuzz: thousands of malformed state files through every command — no traceback, no exit status but 0 or 2.

Each case starts from a shipped example (``examples/*.yaml``) and breaks it the way hand-written files break:
keys deleted, values of the wrong type, numbers out of range, unknown names, lists with an item twice, keys added,
two values swapped; or, in the text, the file cut short, binary bytes, YAML garbage, a line dropped or doubled, a
tab, a wrong indentation; or its board (a mutated copy of the scenario's shipped board). The command's own
arguments are sometimes broken too, and ``--json`` or an ``--option`` added.

Every case is made from a seeded ``random.Random`` (``FUZZ_SEED``, the command, the case number): a failure names
the case, and :func:`make_case` makes it again. ``make test`` runs :data:`FUZZ_COUNT` cases in all (default 2,100,
spread over the commands), in-process through ``solver.cli.main`` for speed, plus a handful through the installed
``deepmadness`` script; ``make fuzz`` runs many more (``FUZZ_COUNT=20000``).

What each run must do: exit 0 (the file happened to stay legal) or 2 (one line on standard error, starting
``deepmadness: error:``), print no traceback and leave the file as it was.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import io
import math
import os
import random
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from solver import cli
from solver.questions import load_all
from solver.spec import ROOT
from solver.state import read_example
from tests.cli_helpers import run_installed

FUZZ_COUNT = int(os.environ.get("FUZZ_COUNT", "2100"))
FUZZ_SEED = os.environ.get("FUZZ_SEED", "deep-madness")
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
BOARDS = ROOT / "solver" / "scenarios" / "boards"
QUESTIONS = load_all()
STATE_COMMANDS = ["check", "play", *sorted(QUESTIONS)]
#: Events for ``play`` (good ones, and broken ones); play takes one to three of them.
PLAY_EVENTS = ["round-start", "devour", "spawn", "end-of-round", "gain-health 'Lisbeth Gibson'", "store 5",
               "wounds 'Sophie Brigman' 2", "action 'Lisbeth Gibson'", "nest-wound", "infested-token 'Lisbeth Gibson'",
               "unbound-activation 'Sophie Brigman'", "roll 1,2,3", "begin-activation Nobody", "wounds x y",
               "round-start extra=1", "", "fly", "damage 'Lisbeth Gibson' 99999999999999999999", "'unclosed"]
TEXT_COMMANDS = ["ask", "rule"]
PER_COMMAND = math.ceil(FUZZ_COUNT / len(STATE_COMMANDS))

# --- what a mutation puts in ------------------------------------------------------------------------------------------
NAMES = ["fathoms-dark", "fevered-dreams", "expectant-terror", "base", "Lisbeth Gibson", "Emma Kruger",
         "Franklyn Christie", "Sophie Brigman", "Husk", "Mind Eater", "Nest", "Unbound", "Obscure", "Parasite",
         "Husk#1", "Husk#7", "red", "purple", "pink", "star", "circle", "moon", "5a", "5b", "2b", "99z", "17a",
         "24b", "removed", "killed", "normal", "outside", "locked", "3d", "spawn", "nest", "sight.model",
         "same-room", "", " ", "~", "null", "yes", "NaN", "Lisbeth Gibson\n", "é", "名前", "x" * 300]
VALUES = [None, True, False, 0, 1, 2, 3, 4, 5, 6, 7, 9, 12, 13, 100, -1, -7, 10**18, -(10**18), 2.5, -0.0,
          float("inf"), float("nan"), "", "0", "1", "many", [], [None], [[1]], {}, {"": None}, {"space": "5a"},
          {"type": "Husk"}, [1, 2, 3], ["5a", "5a"]]
YAML_GARBAGE = ["{[", "]: :", "- - -", "? [a]\n: b", "&a [*a]", "x: &b {y: *b}", "!!python/object:os.system x",
                "!!binary AAAA", "%YAML 9.9", "---", "...", "'unclosed", '"bad \\q escape"', "key: |\n bad",
                "\t- tab", ": no key", "@reserved", "`reserved", "a: b: c", "*nothing"]


def _paths(data, prefix=()):
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, prefix + (i,))
    return out


def _at(data, path):
    for k in path:
        data = data[k]
    return data


def mutate_data(data, rng: random.Random):
    """One to three structural changes at random places of the parsed file."""
    data = copy.deepcopy(data)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        path = rng.choice(_paths(data))
        if not path:
            data = rng.choice(VALUES + NAMES) if rng.random() < 0.3 else data
            continue
        parent, key = _at(data, path[:-1]), path[-1]
        here = parent[key]
        op = rng.randrange(9)
        if op == 0:
            del parent[key]
        elif op == 1:
            parent[key] = copy.deepcopy(rng.choice(VALUES))
        elif op == 2 and isinstance(here, int) and not isinstance(here, bool):
            parent[key] = here + rng.choice((-100, -13, -2, -1, 1, 2, 3, 13, 100))
        elif op == 3 and isinstance(here, str):
            parent[key] = rng.choice((here + "x", here.upper(), here[:-1], here + " ", rng.choice(NAMES)))
        elif op == 4 and isinstance(parent, dict):
            parent[rng.choice(NAMES + [5, None, True])] = copy.deepcopy(rng.choice(VALUES + NAMES))
        elif op == 5 and isinstance(here, list) and here:
            here.append(copy.deepcopy(rng.choice(here)))
        elif op == 6 and isinstance(here, (list, dict)) and here:
            parent[key] = [here] if rng.random() < 0.5 else {"value": here}
        elif op == 7:
            other = rng.choice(_paths(data))
            if other and other[:len(path)] != path and path[:len(other)] != other:
                other_parent = _at(data, other[:-1])
                parent[key], other_parent[other[-1]] = other_parent[other[-1]], parent[key]
        else:
            parent[key] = rng.choice(NAMES)
    return data


def mutate_text(text: str, rng: random.Random) -> bytes:
    """A change to the bytes or lines of the file."""
    raw = text.encode("utf-8")
    op = rng.randrange(9)
    if op == 0:
        return raw[:rng.randrange(len(raw) + 1)]
    if op == 1:
        at = rng.randrange(len(raw) + 1)
        return raw[:at] + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 9))) + raw[at:]
    lines = text.splitlines(keepends=True) or [""]
    i = rng.randrange(len(lines))
    if op == 2:
        del lines[i]
    elif op == 3:
        lines.insert(i, lines[i])
    elif op == 4:
        lines[i] = "\t" + lines[i]
    elif op == 5:
        lines.insert(i, rng.choice(YAML_GARBAGE) + "\n")
    elif op == 6:
        lines[i] = lines[i].replace(":", "", 1)
    elif op == 7:
        lines[i] = "  " + lines[i] if rng.random() < 0.5 else lines[i].lstrip()
    else:
        lines[i] = lines[i].replace(" ", "", 1)
    return "".join(lines).encode("utf-8")


# --- the cases ------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    """One run: the files to write (name → bytes) and the command line (``{state}`` stands for the state file)."""

    command: str
    number: int
    files: dict
    argv: tuple

    @property
    def name(self) -> str:
        return f"FUZZ_SEED={FUZZ_SEED} {self.command} #{self.number}"


_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class Example:
    path: Path
    text: str
    data: dict
    question: str | None
    args: dict


def _example(path: Path) -> Example:
    spec = read_example(path)
    text = path.read_text(encoding="utf-8")
    return Example(path, text, yaml.load(text, Loader=_LOADER), spec.question if spec else None,
                   dict(spec.args) if spec else {})


_ALL_EXAMPLES = [_example(p) for p in EXAMPLES]
_BOARD_TEXTS = {p.stem: p.read_text(encoding="utf-8") for p in BOARDS.glob("*.yaml")}


def _dump(data) -> bytes:
    return yaml.dump(data, Dumper=_DUMPER, sort_keys=False, allow_unicode=True).encode("utf-8")


def _examples_for(command: str) -> list[Example]:
    q = QUESTIONS.get(command)
    own = [e for e in _ALL_EXAMPLES if e.question == command]
    fitting = [e for e in _ALL_EXAMPLES if q is None or not q.scenarios or e.data["scenario"] in q.scenarios]
    return own * 3 + fitting  # mostly the command's own example, whose arguments fit it


_EXAMPLES_FOR = {c: _examples_for(c) for c in STATE_COMMANDS}
BAD_ARGUMENT_VALUES = ["", " ", "-1", "0", "99", "10000000", "x", "1e9", "3.5", "99z", "Husk#1", "Nobody", "Nest",
                       "1,1", "a,b", ",", "deck", "any", "é", "Lisbeth Gibson"]
OPTIONS = ["sight.model=same-room", "sight.range=moves-and-sight", "hatch.blocks-movement=none",
           "hatch.blocks-sight=none", "reserve.empty=that-monster-type", "expectant-nest.maximum-health=4",
           "expectant-nest.killing-wound=activates-first", "expectant-infested.damage=after-resistance", "expectant-infested.short-reserve="
           "all-or-nothing", "fathoms-unbound.unbound-lives=marker-per-wound", "fathoms-activation.nearest-target="
           "sight-distance", "fathoms-activation.search-deck-exhausted=no-weapon", "fevered-mist.same-space-sight=blind",
           "fevered-track.purple-nearest-flooded=stack", "fevered-track.purple-nearest-flooded=no-marker",
           "fevered-track.purple-portal-space=excluded", "fevered-obscure-marker.spawn-repeated-room=same-room",
           "fevered-obscure.kill-when-card-full=no-attack", "fevered-existence.dial-start-level=4", "no.such=option",
           "sight.model=x-ray"]


def make_case(command: str, number: int) -> Case:
    """The ``number``-th case of ``command`` (the same for the same FUZZ_SEED, on any machine)."""
    rng = random.Random(f"{FUZZ_SEED}/{command}/{number}")
    example = rng.choice(_EXAMPLES_FOR[command])
    files = {"state.yaml": _broken_state(example, rng)}
    if files["state.yaml"] is None:  # a broken board, named by an otherwise good state file
        board_text = _BOARD_TEXTS[example.data["scenario"]]
        files["board.yaml"] = _changed(board_text, yaml.load(board_text, Loader=_LOADER), rng, text_share=0.4)
        files["state.yaml"] = _dump({**example.data, "board": "board.yaml"})
    argv = [command, "{state}"]
    if command == "play":
        argv += rng.sample(PLAY_EVENTS, rng.choice((1, 1, 2, 3)))
        if rng.random() < 0.3:
            argv += ["--seed", rng.choice(BAD_ARGUMENT_VALUES + ["7"])]
    q = QUESTIONS.get(command)
    if q is not None:
        given = example.args if example.question == command else {}
        for p in q.params:
            if p.name in given or p.required:
                value = given.get(p.name, rng.choice(BAD_ARGUMENT_VALUES))
                if rng.random() < 0.15:
                    value = rng.choice(BAD_ARGUMENT_VALUES)
                argv += [value] if p.positional else [f"--{p.name}", value]
            elif rng.random() < 0.1:
                argv += [f"--{p.name}", rng.choice(BAD_ARGUMENT_VALUES)]
    if rng.random() < 0.4:
        argv.append("--json")
    if rng.random() < 0.25:
        argv += ["--option", rng.choice(OPTIONS)]
    return Case(command, number, files, tuple(argv))


def _broken_state(example: Example, rng: random.Random) -> bytes | None:
    """The example's file, broken; ``None`` (one case in ten): break its board instead."""
    if rng.random() < 0.1:
        return None
    return _changed(example.text, example.data, rng, text_share=0.4)


def _changed(text: str, data, rng: random.Random, text_share: float) -> bytes:
    """A changed copy of a file, as structure or as text; tries again until it differs from the original."""
    for _ in range(20):
        if rng.random() < text_share:
            body = mutate_text(text, rng)
            if body != text.encode("utf-8"):
                return body
        else:
            changed = mutate_data(data, rng)
            if changed != data:
                return _dump(changed)
    return text.encode("utf-8")[: len(text) // 2]


# --- running them ----------------------------------------------------------------------------------------------------------
def run_in_process(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    return code, out.getvalue(), err.getvalue()


def _problem(code: int, out: str, err: str) -> str | None:
    """What is wrong with a run's result, or ``None``."""
    if "Traceback" in err or "Traceback" in out:
        return "a traceback"
    if code not in (0, 2):
        return f"exit status {code}"
    if code == 2:
        lines = err.strip().splitlines()
        if len(lines) != 1:
            return "not one error line"
        line = lines[0]
        if not line.startswith("deepmadness: error: "):  # argparse's too: "deepmadness: error: argument --to: …"
            return "not one error line"
        if len(line) > cli.MAX_ERROR + 80:
            return f"an error line of {len(line)} characters"
        if any(ord(c) < 32 or 0x7f <= ord(c) < 0xa0 for c in line):
            return "a control character in the error line"
    elif not out.strip() or err:
        return "no answer"
    return None


def _run_case(case: Case, folder: Path, runner) -> str | None:
    for name, content in case.files.items():
        (folder / name).write_bytes(content)
    state = folder / "state.yaml"
    before = hashlib.sha256(state.read_bytes()).digest()
    argv = [str(state) if a == "{state}" else a for a in case.argv]
    code, out, err = runner(argv)
    if hashlib.sha256(state.read_bytes()).digest() != before:
        return f"{case.name}: the state file was modified"
    problem = _problem(code, out, err)
    if problem is None:
        return None
    shown = case.files["state.yaml"][:600].decode("utf-8", "replace")
    return f"{case.name}: {problem}\n  argv: {case.argv}\n  stderr: {err[-800:]}\n  file:\n{shown}"


@pytest.fixture(autouse=True)
def _no_debug(monkeypatch):
    monkeypatch.delenv("DEEPMADNESS_DEBUG", raising=False)


@pytest.mark.parametrize("command", STATE_COMMANDS)
def test_malformed_state_files_never_break_a_command(command, tmp_path):
    failures = []
    for number in range(PER_COMMAND):
        folder = tmp_path / str(number)
        folder.mkdir()
        case = make_case(command, number)
        failure = _run_case(case, folder, run_in_process)
        if failure:
            failures.append(failure)
    assert not failures, f"{len(failures)} of {PER_COMMAND} cases failed:\n\n" + "\n\n".join(failures[:5])


def test_the_cases_are_malformed_and_reproducible(tmp_path):
    """The generator makes the same case again from its number, breaks the files it starts from (most are
    refused) and still lets some through to the questions (some stay legal)."""
    assert PER_COMMAND * len(STATE_COMMANDS) >= FUZZ_COUNT
    assert make_case("distance", 7) == make_case("distance", 7)
    assert make_case("distance", 7) != make_case("distance", 8)
    originals = {p.read_bytes() for p in EXAMPLES}
    codes = []
    for i, case in enumerate(make_case(c, n) for c in ("check", "mist", "nest-spawn", "unbound-activation")
                             for n in range(40)):
        assert case.files["state.yaml"] not in originals or "board.yaml" in case.files
        folder = tmp_path / str(i)
        folder.mkdir()
        for name, content in case.files.items():
            (folder / name).write_bytes(content)
        codes.append(run_in_process([str(folder / "state.yaml") if a == "{state}" else a for a in case.argv])[0])
    assert codes.count(2) > len(codes) / 2, f"only {codes.count(2)} of {len(codes)} mutated files were refused"
    assert codes.count(0) > 0, "no mutated file stayed legal: the mutations are too blunt to reach the questions"


ASK_WORDS = ["nest", "marker", "wound", "Lisbeth", "die", "unbound", "mist", "portal", "health", "+1", "can",
             "how", "many", "?", "the", "obscure", "spawn", "room", "and", "or", "not", "é", "名前", "\t", "'", '"',
             "--json", "-", "0", "99", "castle", "kingside", "%s", "{}", "\\", "$(rm -rf /)", "..."]


def make_text_case(command: str, number: int) -> list[str]:
    rng = random.Random(f"{FUZZ_SEED}/{command}/{number}")
    if command == "ask":
        words = [rng.choice(ASK_WORDS) for _ in range(rng.randrange(0, 12))]
        argv = ["ask", " ".join(words) if rng.random() < 0.7 else "x" * rng.randrange(1, 3000)]
        if rng.random() < 0.2:
            argv += ["--limit", rng.choice(["0", "1", "5", "-2", "1000"])]
    else:
        from solver.catalog import catalog

        ids = sorted(catalog().rules) + sorted(catalog().options)
        rid = rng.choice(ids)
        argv = ["rule", rng.choice([rid, rid.upper(), rid[:-1], rid + ".x", rid.replace(".", " "), "",
                                    rng.choice(ASK_WORDS)])]
    if rng.random() < 0.4:
        argv.append("--json")
    return argv


@pytest.mark.parametrize("command", TEXT_COMMANDS)
def test_garbled_questions_and_rule_ids_never_break_a_command(command):
    count = max(20, FUZZ_COUNT // 50)
    failures = []
    for number in range(count):
        argv = make_text_case(command, number)
        code, out, err = run_in_process(argv)
        problem = _problem(code, out, err)
        if problem:
            failures.append(f"{command} #{number}: {problem}: {argv!r}\n{err[-500:]}")
    assert not failures, "\n".join(failures[:5])


# --- a handful through the installed command -----------------------------------------------------------------------------
def run_script(argv: list[str]) -> tuple[int, str, str]:
    done = run_installed(*argv)
    return done.returncode, done.stdout, done.stderr


SCRIPT_CASES = [(c, n) for c, n in (("check", 0), ("check", 3), ("distance", 1), ("unbound-activation", 2),
                                    ("purple-hazard", 4), ("valid-placements", 5))]


@pytest.mark.parametrize("command, number", SCRIPT_CASES, ids=[f"{c}#{n}" for c, n in SCRIPT_CASES])
def test_the_installed_command_survives_malformed_files(command, number, tmp_path):
    """The script as players run it answers a malformed file the way ``main`` does in-process."""
    case = make_case(command, number)
    assert _run_case(case, tmp_path, run_script) is None
    argv = [str(tmp_path / "state.yaml") if a == "{state}" else a for a in case.argv]
    assert run_script(argv) == run_in_process(argv)
