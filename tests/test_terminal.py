"""The installed script against what a terminal and the operating system can do to it (issue 13): any output
encoding, a closed or full standard output, Ctrl-C however early, and names that carry terminal control
characters — never a traceback, never raw escape sequences."""

from __future__ import annotations

import os
import signal
import subprocess
import time

import pytest

from solver.spec import ROOT
from tests.cli_helpers import installed_script

EXAMPLE = str(ROOT / "examples" / "general-distance.yaml")
DISTANCE = ["distance", EXAMPLE, "--from", "Sophie Brigman", "--to", "Husk#1"]


def run(args, **kw):
    env = {k: v for k, v in os.environ.items() if k != "DEEPMADNESS_DEBUG"} | kw.pop("env", {})
    return subprocess.run([installed_script(), *args], capture_output=True, timeout=60, env=env, **kw)


@pytest.mark.parametrize("encoding", ["cp1252", "ascii", "latin-1"])
def test_any_output_encoding_gets_the_answer(encoding):
    done = run(DISTANCE, env={"PYTHONIOENCODING": encoding})
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode(encoding)
    assert "moves" in text and "->" in text  # the arrows fall back to ASCII
    assert b"Traceback" not in done.stderr


def test_a_closed_standard_output_is_quiet():
    done = subprocess.run(f"'{installed_script()}' questions >&-", shell=True, capture_output=True, timeout=60)
    assert done.returncode == 0 and b"Traceback" not in done.stderr


def test_a_full_disk_is_one_line_not_a_traceback():
    with open("/dev/full", "wb") as full:
        done = subprocess.run([installed_script(), "questions"], stdout=full, stderr=subprocess.PIPE, timeout=60,
                              env={**os.environ, "PYTHONUNBUFFERED": ""})
    assert done.returncode == 1
    lines = done.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and "can't write the answer" in lines[0]


def test_a_reader_that_stops_early_ends_the_command_quietly():
    done = subprocess.run(f"'{installed_script()}' questions | head -c 10", shell=True, capture_output=True,
                          timeout=60, executable="/bin/bash")
    assert b"Traceback" not in done.stderr and b"error" not in done.stderr


def _started(proc: subprocess.Popen) -> None:
    """Wait until the child runs the project's code (its YAML library is loaded): a signal before that lands in
    the interpreter's own start-up (site import), which no program can handle."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with open(f"/proc/{proc.pid}/maps", encoding="utf-8", errors="replace") as maps:
                if "_yaml" in maps.read():
                    return
        except OSError:
            return
        time.sleep(0.002)


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.2])
def test_ctrl_c_at_any_moment_exits_130_without_a_traceback(delay):
    proc = subprocess.Popen([installed_script(), *DISTANCE], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _started(proc)
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    time.sleep(0.01)
    proc.send_signal(signal.SIGINT)  # and a second one while it stops
    out, err = proc.communicate(timeout=60)
    assert b"Traceback" not in err
    assert proc.returncode in (0, 130, -signal.SIGINT)  # answered before the signal, or interrupted
    if proc.returncode == 130:
        assert err.decode().strip().endswith("interrupted")


def test_control_characters_in_names_are_shown_escaped(tmp_path):
    state = tmp_path / "state.yaml"
    state.write_text("scenario: fathoms-dark\ninvestigators:\n  \"Lisbeth\\e[2J\\nRules: none\": {space: 17b}\n")
    done = run(["check", str(state)])
    assert done.returncode == 2
    assert b"\x1b" not in done.stderr and b"\\x1b[2J" in done.stderr
    assert len(done.stderr.decode().strip().splitlines()) == 1


def test_an_error_line_is_capped(tmp_path):
    state = tmp_path / "state.yaml"
    state.write_text("scenario: " + "x" * 100_000 + "\n")
    done = run(["check", str(state)])
    assert done.returncode == 2 and len(done.stderr) < 1000
