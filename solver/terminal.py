"""The ``deepmadness`` script's entry point: runs the command line (:func:`solver.cli.main`) so that the terminal
and the operating system can't turn an answer into a traceback.

* **Any output encoding**: on a terminal or a redirect whose encoding lacks a character of an answer (a Windows
  redirect in cp1252, ``LANG=C``), arrows and ellipses fall back to ASCII (``→`` as ``->``) and anything else is
  written as a ``\\u…`` escape, instead of failing.
* **A closed or full output**: a reader that stops early (``| head -1``) ends the command quietly with status 0; a
  missing standard output (``>&-``) is the null device; a full disk is one line on stderr, status 1.
* **Ctrl-C**, however early and however often: ``interrupted`` on stderr and status 130, never a traceback.

Nothing here imports the engine until the command runs, so an early Ctrl-C is caught too.
"""

from __future__ import annotations

import codecs
import os
import signal
import sys

from .errors import CONTROL_CHARACTERS, printable  # noqa: F401  (stdlib only: safe before anything else)

EXIT_INTERRUPTED = 130
EXIT_OUTPUT = 1

#: ASCII stand-ins for the few non-ASCII characters answers use.
ASCII_FALLBACK = {"→": "->", "←": "<-", "›": ">", "…": "...", "—": "--", "–": "-", "×": "x", "≤": "<=", "≥": ">=",
                  "‘": "'", "’": "'", "“": '"', "”": '"', "·": "*", "\u00a0": " "}


def _fallback(error: UnicodeEncodeError) -> tuple[str, int]:
    bad = error.object[error.start:error.end]
    return "".join(ASCII_FALLBACK.get(ch, ch.encode("unicode_escape").decode("ascii")) for ch in bad), error.end


codecs.register_error("deepmadness-ascii", _fallback)


def prepare_streams() -> None:
    """Standard output and error that never fail on a character or on being closed."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:  # started with the stream closed (>&-): write to the null device instead
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
            continue
        try:
            stream.reconfigure(errors="deepmadness-ascii")
        except (AttributeError, ValueError, OSError):
            pass


def _quiet_stdout() -> None:
    """After a closed pipe or a write error, point the real standard output at the null device so that the
    interpreter's last flush of what is still buffered does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _say(message: str) -> None:
    try:
        print(f"deepmadness: {message}", file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def run(argv: list[str] | None = None) -> int:
    """Run the command line; the exit status (0 answered, 2 bad input, 1 internal error or output failure, 130
    interrupted)."""
    try:
        prepare_streams()
        from .cli import main

        code = main(argv)
        sys.stdout.flush()
        return code
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C while we stop changes nothing
        _quiet_stdout()
        _say("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except OSError as exc:  # a full disk, a device error while writing the answer
        _quiet_stdout()
        _say(f"error: can't write the answer: {exc.strerror or exc}")
        return EXIT_OUTPUT


def entry() -> None:
    """The console script: exit with :func:`run`'s status."""
    code = run()
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        _quiet_stdout()
    sys.exit(code)
