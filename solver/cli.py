"""The command line: ``deepmadness <question> STATE.yaml [--json] [--option NAME=SETTING ...] [question params]``.

* ``deepmadness questions`` lists the questions; ``deepmadness check STATE.yaml`` says whether a position is
  legal (it loads and passes the scenario's checks) and whether the game is won or lost, with the rule.
* ``deepmadness ask "QUESTION"`` finds the rulings that answer a question in the player's own words;
  ``deepmadness rule ID`` shows one rule with its scenarios (:mod:`solver.ask`).
* Answers are short text with rule IDs; ``--json`` prints them for scripts.
* Exit status: 0 answered, 2 bad input (one line on stderr: file, entry, what is wrong, rule), 1 internal error.

:func:`build_parser` builds the whole argument parser (the website generates the command-line reference from
it). Importing this module stays light: question modules load when the parser is built — for a command line, only
the sub-command it names and the module of its question — and the solver library only inside the questions that
use it.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

PROG = "deepmadness"
EXIT_OK, EXIT_INTERNAL, EXIT_INPUT = 0, 1, 2
REPORT = "please report it, with the state file, at the project's issue tracker"


def _option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=SETTING (e.g. sight.model=same-room), not {text!r}")
    return name.strip(), value.strip()


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("state", metavar="STATE.yaml", help="the state file describing the position")
    parser.add_argument("--json", action="store_true", help="print the answer as JSON, for scripts")
    parser.add_argument("--option", metavar="NAME=SETTING", type=_option, action="append", default=[],
                        help="set an assumption or interpretation option for this answer (repeatable); "
                             "it overrides the state file's own 'options:'")


def _ask_parser(sub) -> None:
    ask = sub.add_parser("ask", help="find the rulings that answer a question in your own words",
                         description="Find the catalogued rules (and named assumptions and interpretation options) "
                                     "that answer a question asked in your own words, best first, each with the "
                                     "scenario that proves it and the status of its last run.")
    ask.add_argument("question", nargs="+", help="the question, e.g. \"can Lisbeth store the die she just put "
                                                 "back?\"")
    ask.add_argument("--limit", type=int, default=3, metavar="N", help="show at most N rulings (default 3)")
    ask.add_argument("--json", action="store_true", help="print the answer as JSON, for scripts")


def _rule_parser(sub) -> None:
    rule = sub.add_parser("rule", help="show one rule with every scenario that proves it",
                          description="Show one rule (or one named option): our wording, the rulebook section, the "
                                      "options that touch it and every scenario that proves it, with its status.")
    rule.add_argument("rule_id", metavar="ID", help="a rule ID such as health.gain-over-max, or an option name")
    rule.add_argument("--json", action="store_true", help="print the rule as JSON, for scripts")


COMMANDS = ("questions", "check", "ask", "rule")  # the sub-commands that are not questions


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser: one sub-command a registered question, plus ``check``, ``questions``, ``ask`` and
    ``rule``. With ``command`` (a sub-command's name, the first word of a command line), only that sub-command is
    built, and only the module of its question imported: a cold command loads no more than it runs."""
    from . import __version__
    from .questions import load_all, load_question

    only = None
    if command is not None:
        if command in COMMANDS:
            only = {command}
        elif load_question(command) is not None:
            only = {command}

    def wanted(name: str) -> bool:
        return only is None or name in only

    parser = argparse.ArgumentParser(
        prog=PROG, description="Answers rules questions about a Deep Madness: Endless Nightmares position, listing "
                               "every option the rules leave to the players and the rule that decides it.",
        epilog="Exit status: 0 answered, 2 bad input, 1 internal error.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    if wanted("questions"):
        listing = sub.add_parser("questions", help="list the questions this command answers",
                                 description="List the questions this command answers, with the scenarios they "
                                             "apply to.")
        listing.add_argument("--json", action="store_true", help="print the list as JSON")
    if wanted("check"):
        check = sub.add_parser("check", help="is the position legal, and is the game won or lost?",
                               description="Load a state file and run every check on it; then say whether the game "
                                           "goes on, is won or is lost, with the rule that decides it.")
        _common(check)
    if wanted("ask"):
        _ask_parser(sub)
    if wanted("rule"):
        _rule_parser(sub)
    questions = load_all().values() if only is None else [load_question(n) for n in only if n not in COMMANDS]
    for q in sorted(questions, key=lambda q: q.name):
        scope = f" (scenarios: {', '.join(q.scenarios)})" if q.scenarios else ""
        p = sub.add_parser(q.name, help=q.help + scope, description=q.help + scope)
        _common(p)
        for param in q.params:
            if param.positional:
                p.add_argument(param.name, help=param.help, nargs=None if param.required else "?")
            else:
                p.add_argument(f"--{param.name}", dest=param.name, required=param.required, help=param.help,
                               metavar=param.name.upper())
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command; returns the exit status (the ``deepmadness`` script exits with it).

    A reader that stops reading early (``deepmadness questions | head -1``) closes our standard output: the
    command then stops quietly with status 0, as the answer was found and the reader wanted no more of it."""
    try:
        code = _main(argv)
        sys.stdout.flush()  # a closed output shows here, not in the interpreter's last flush
        return code
    except BrokenPipeError:
        _drop_stdout()
        return EXIT_OK


def _drop_stdout() -> None:
    """After a closed pipe, point the process's standard output at the null device, so that the interpreter's
    final flush of what is still buffered does not fail again (only for the real standard output)."""
    if sys.stdout is not sys.__stdout__ or sys.stdout is None:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _main(argv: list[str] | None) -> int:
    from .errors import DeepMadnessError, InputError, PlayerChoiceRequired, RuleViolation

    try:
        args = sys.argv[1:] if argv is None else list(argv)
        parser = build_parser(args[0] if args and not args[0].startswith("-") else None)
        try:
            ns = parser.parse_args(args)
        except SystemExit as exc:  # argparse has printed its message (or --help / --version)
            return int(exc.code or 0)
        return _run(ns)
    except InputError as exc:
        return _fail(f"{exc.describe()}", EXIT_INPUT)
    except RuleViolation as exc:
        return _fail(f"the rules don't allow it: {exc}", EXIT_INPUT)
    except PlayerChoiceRequired as exc:
        return _fail(f"a choice is needed: {exc}", EXIT_INPUT)
    except DeepMadnessError as exc:
        return _fail(str(exc), EXIT_INPUT)
    except KeyboardInterrupt:
        return _fail("interrupted", EXIT_INTERNAL)
    except BrokenPipeError:  # the reader closed our output: see main()
        raise
    except Exception as exc:  # an internal error: a short message, no traceback unless asked for
        if os.environ.get("DEEPMADNESS_DEBUG"):
            raise
        return _fail(f"internal error ({type(exc).__name__}: {exc}); {REPORT}. "
                     f"Set DEEPMADNESS_DEBUG=1 to see the traceback.", EXIT_INTERNAL)


def _fail(message: str, code: int) -> int:
    message = " ".join(str(message).splitlines())  # one line, whatever a message holds
    try:
        print(f"{PROG}: error: {message}", file=sys.stderr)
    except (OSError, ValueError):  # no standard error to print to: the exit status still says it
        pass
    return code


def _print_json(data) -> None:
    import json

    print(json.dumps(data, indent=2, ensure_ascii=False))


def _run(ns: argparse.Namespace) -> int:
    from .questions import REGISTRY

    if ns.command == "questions":
        return _list_questions(ns)
    if ns.command in ("ask", "rule"):
        return _ask(ns) if ns.command == "ask" else _rule(ns)
    from .state import load_state

    options = {}
    for name, value in ns.option:
        options[name] = value
    state = load_state(ns.state, options)
    if ns.command == "check":
        return _check(ns, state)
    q = REGISTRY[ns.command]
    if q.scenarios and state.scenario.name not in q.scenarios:
        from .errors import InputError

        raise InputError(f"the question {q.name!r} is for the scenario(s) {', '.join(q.scenarios)}, not "
                         f"{state.scenario.name!r}", file=ns.state, entry="scenario")
    args = {p.name: getattr(ns, p.name) for p in q.params if getattr(ns, p.name, None) is not None}
    answer = q.func(state, args)
    if ns.json:
        _print_json(answer.to_json())
    else:
        print(answer.to_text())
    return EXIT_OK


def _list_questions(ns) -> int:
    from .questions import load_all

    rows = sorted(load_all().values(), key=lambda q: q.name)
    if ns.json:
        _print_json([{"name": q.name, "help": q.help, "scenarios": list(q.scenarios),
                      "params": [{"name": p.name, "help": p.help, "required": p.required} for p in q.params]}
                     for q in rows])
        return EXIT_OK
    width = max([len(q.name) for q in rows] + [5])
    print(f"{'check':<{width}}  is the position legal, and is the game won or lost?")
    for q in rows:
        scope = f" [{', '.join(q.scenarios)}]" if q.scenarios else ""
        print(f"{q.name:<{width}}  {q.help}{scope}")
    return EXIT_OK


def _check(ns, state) -> int:
    outcome = state.outcome()
    scenario = state.scenario
    data = {"legal": True, "scenario": scenario.name, "round": state.round,
            "options": state.options.non_default(), "outcome": None}
    if outcome is not None:
        data["outcome"] = {"result": outcome.result, "termination": outcome.termination.name.lower(),
                           "detail": outcome.detail, "rule": outcome.rule_id, "also_met": list(outcome.also_met)}
    if ns.json:
        _print_json(data)
        return EXIT_OK
    print(f"Legal position: {scenario.title}, round {state.round} ({Path(ns.state).name}).")
    if outcome is None:
        print("The game goes on: no winning or losing condition is met.")
    elif outcome.is_win:
        print(f"The game is won: {outcome.detail}. [{outcome.rule_id}]")
    else:
        print(f"The game is lost: {outcome.detail}. [{outcome.rule_id}]")
    if outcome is not None and outcome.also_met:
        print("Also met at the same moment: " + ", ".join(outcome.also_met)
              + f" (option outcome.simultaneous={state.options['outcome.simultaneous']} decides which counts)")
    if data["options"]:
        print("Options: " + ", ".join(f"{k}={v}" for k, v in data["options"].items()))
    return EXIT_OK


def _ask(ns) -> int:
    from .ask import Asker
    from .errors import InputError

    question = " ".join(ns.question).strip()
    if not question:
        raise InputError("the question is empty", entry="question")
    if ns.limit < 1:
        raise InputError(f"--limit must be at least 1, not {ns.limit}", entry="--limit")
    answer = Asker().ask(question, limit=ns.limit)
    if ns.json:
        _print_json(answer.to_json())
    else:
        print(answer.to_text())
    return EXIT_OK


def _rule(ns) -> int:
    from .ask import describe, nearest_ids, render
    from .errors import InputError

    try:
        data = describe(ns.rule_id)
    except KeyError:
        near = nearest_ids(ns.rule_id)
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        raise InputError(f"no rule or option {ns.rule_id!r} in the catalog{hint}", entry="ID") from None
    if ns.json:
        _print_json(data)
    else:
        print(render(data))
    return EXIT_OK


# --- examples: state files that say which question they illustrate ---------------------------------------------------
def example_argv(path: str | Path) -> list[str]:
    """The command line an example state file asks for (its ``example:`` key, see
    :class:`solver.state.ExampleSpec`); a file without one is checked: ``check FILE``."""
    from .state import read_example

    spec = read_example(path)
    if spec is None:
        return ["check", str(path)]
    from .questions import load_all

    q = load_all().get(spec.question)
    positional = {p.name for p in q.params if p.positional} if q else set()
    argv = [spec.question, str(path)]
    for name, value in spec.args.items():
        argv += [value] if name in positional else [f"--{name}", value]
    for name, value in spec.options.items():
        argv += ["--option", f"{name}={value}"]
    return argv


if __name__ == "__main__":  # python -m solver.cli
    sys.exit(main())
