"""The command line: ``deepmadness <question> STATE.yaml [--json] [--option NAME=SETTING ...] [question params]``.

* ``deepmadness questions`` lists the questions; ``deepmadness check STATE.yaml`` says whether a position is
  legal (it loads and passes the scenario's checks) and whether the game is won or lost, with the rule.
* ``deepmadness ask "QUESTION"`` finds the rulings that answer a question in the player's own words;
  ``deepmadness rule ID`` shows one rule with its scenarios (:mod:`solver.ask`).
* Every answer (``check``'s too) is an :class:`~solver.answers.Answer`, printed through :mod:`solver.render`: text
  whose first line is the result, or ``--json`` (the data the published JSON Schema describes).
* Argument checking lives here: a question's :class:`~solver.questions.Param` declarations become argparse
  arguments (type, choices, bounds), and a :class:`~solver.errors.BadParameter` raised by a question (a name the
  position doesn't know) is shown with the parameter's flag (``--investigator``).
* Exit status: 0 answered, 2 bad input (one line on stderr: file, entry, what is wrong, rule), 1 internal error.

:func:`build_parser` builds the whole argument parser (the website generates the command-line reference from
it), or one command's alone: a command imports only its own question's module and its state file's scenario.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

PROG = "deepmadness"
EXIT_OK, EXIT_INTERNAL, EXIT_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130
MAX_ERROR = 500  # the longest error line: a message never echoes a whole file
REPORT = "please report it, with the state file, at the project's issue tracker"


def error_line(message: str) -> str:
    """An error message as one safe line: control characters escaped, at most MAX_ERROR characters — a long
    message loses its middle (a huge path or value), never its end, where the reason and the rule are."""
    from .errors import printable

    line = printable(" ".join(str(message).splitlines()))
    if len(line) > MAX_ERROR:
        line = line[:MAX_ERROR - 160] + " … " + line[-157:]
    return line


class _Parser(argparse.ArgumentParser):
    """argparse with its refusals on one line, like every other error (``deepmadness: error: argument --to: …``),
    exit 2."""

    def error(self, message: str):
        self.exit(EXIT_INPUT, f"{PROG}: error: {error_line(message)}\n")


def _option(text: str) -> tuple[str, str]:
    from .catalog import Options
    from .errors import UnknownOptionError

    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=SETTING (e.g. sight.model=same-room), not {text!r}")
    try:
        Options({name.strip(): value.strip()})
    except UnknownOptionError as exc:
        raise argparse.ArgumentTypeError(f"{text}: {exc}") from None
    return name.strip(), value.strip()


def _whole_number(minimum: int):
    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value
    return convert


def _param_type(param):
    """The argparse ``type`` of a question's :class:`~solver.questions.Param`: its own check, its refusal as
    argparse's one-line error naming the flag."""
    def convert(text: str):
        try:
            return param.check(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    convert.__name__ = getattr(param.type, "__name__", "value")
    return convert


def _add_param(parser: argparse.ArgumentParser, param) -> None:
    extra = {"type": _param_type(param), "default": param.default}
    if param.choices:
        extra["choices"] = param.choices
    help_text = param.help + (f" (default {param.default})" if param.default is not None and "default" not in
                              param.help else "")
    if param.positional:
        parser.add_argument(param.name, help=help_text, nargs=None if param.required else "?", **extra)
    else:
        parser.add_argument(f"--{param.name}", dest=param.name, required=param.required, help=help_text,
                            metavar=param.name.upper(), **extra)


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
    ask.add_argument("--limit", type=_whole_number(1), default=3, metavar="N", help="show at most N rulings (default 3)")
    ask.add_argument("--json", action="store_true", help="print the answer as JSON, for scripts")


def _rule_parser(sub) -> None:
    rule = sub.add_parser("rule", help="show one rule with every scenario that proves it",
                          description="Show one rule (or one named option): our wording, the rulebook section, the "
                                      "options that touch it and every scenario that proves it, with its status.")
    rule.add_argument("rule_id", metavar="ID", help="a rule ID such as health.gain-over-max, or an option name")
    rule.add_argument("--json", action="store_true", help="print the rule as JSON, for scripts")


COMMANDS = ("questions", "check", "ask", "rule", "play")  # the sub-commands that are not questions


def _play_parser(sub) -> None:
    """The ``play`` sub-command (:mod:`solver.play` is imported only when it runs)."""
    play = sub.add_parser(
        "play", help="what happens if: play events on a position, every rule that fires, in order",
        description="Play events on the position in order. For each event: every rule that fired and what changed; "
                    "the outcome first when the game ends. Where the rules leave a choice the play stops and lists "
                    "the options: --choose names the one to continue with. 'play --events' lists the events.")
    play.add_argument("state", metavar="STATE.yaml", nargs="?", help="the state file describing the position")
    play.add_argument("events", metavar="EVENT", nargs="*",
                      help="an event, quoted as one argument: \"store 5\", \"gain-health 'Sophie Brigman'\"")
    play.add_argument("--events", dest="list_events", action="store_true", help="list the events and their syntax")
    play.add_argument("--choose", metavar="OPTION", action="append", default=[],
                      help="the option to continue with when the rules leave a choice (repeatable, used in order)")
    play.add_argument("--seed", metavar="N", type=int,
                      help="draw shuffles and random draws from this seed (without it, they are asked as choices)")
    play.add_argument("--out", metavar="NEW.yaml",
                      help="write the resulting position as a state file (when every event was played)")
    play.add_argument("--json", action="store_true", help="print the answer as JSON, for scripts")
    play.add_argument("--option", metavar="NAME=SETTING", type=_option, action="append", default=[],
                      help="set an assumption or interpretation option (repeatable)")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser: one sub-command a registered question (its parameters from the question's
    :class:`~solver.questions.Param` declarations), plus ``check``, ``questions``, ``ask``, ``rule`` and ``play``.

    With ``command`` (a sub-command's name) it holds that sub-command alone, which parses that command's line the
    same way while importing only its own question's module; the whole parser (``command`` ``None`` or unknown)
    imports every question module (``deepmadness --help``, an unknown command's error, the website)."""
    from . import __version__

    if command in COMMANDS:  # a command of its own: no question module, not even the questions' table
        whole, questions = False, []
    else:
        from .questions import QUESTIONS, load_all, load_question

        whole = command not in QUESTIONS
        questions = list(load_all().values()) if whole else [load_question(command)]
    parser = _Parser(
        prog=PROG, description="Answers rules questions about a Deep Madness: Endless Nightmares position, listing "
                               "every option the rules leave to the players and the rule that decides it.",
        epilog="Exit status: 0 answered, 2 bad input, 1 internal error.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, parser_class=_Parser)
    if whole or command == "questions":
        listing = sub.add_parser("questions", help="list the questions this command answers",
                                 description="List the questions this command answers, with the scenarios they apply "
                                             "to.")
        listing.add_argument("--json", action="store_true", help="print the list as JSON")
    if whole or command == "check":
        check = sub.add_parser("check", help="is the position legal, and is the game won or lost?",
                               description="Load a state file and run every check on it; then say whether the game "
                                           "goes on, is won or is lost, with the rule that decides it.")
        _common(check)
    for name, add in (("ask", _ask_parser), ("rule", _rule_parser), ("play", _play_parser)):
        if whole or command == name:
            add(sub)
    for q in sorted(questions, key=lambda q: q.name):
        scope = f" (scenarios: {', '.join(q.scenarios)})" if q.scenarios else ""
        p = sub.add_parser(q.name, help=q.help + scope, description=q.help + scope)
        _common(p)
        for param in q.params:
            _add_param(p, param)
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
    from .errors import BadParameter, DeepMadnessError, InputError, PlayerChoiceRequired, RuleViolation

    positional: set[str] = set()
    try:
        args = sys.argv[1:] if argv is None else list(argv)
        parser = build_parser(args[0] if args else None)  # the command's own sub-command only
        try:
            ns = parser.parse_args(args)
        except SystemExit as exc:  # argparse has printed its message (or --help / --version)
            return int(exc.code or 0)
        if ns.command not in COMMANDS:
            from .questions import REGISTRY

            if ns.command in REGISTRY:
                positional = {p.name for p in REGISTRY[ns.command].params if p.positional}
        return _run(ns)
    except InputError as exc:
        return _fail(f"{exc.describe()}", EXIT_INPUT)
    except BadParameter as exc:
        return _fail(flag_message(exc, positional), EXIT_INPUT)
    except RuleViolation as exc:
        return _fail(f"the rules don't allow it: {exc}", EXIT_INPUT)
    except PlayerChoiceRequired as exc:
        return _fail(f"a choice is needed: {exc}", EXIT_INPUT)
    except DeepMadnessError as exc:
        return _fail(str(exc), EXIT_INPUT)
    except KeyboardInterrupt:
        return _fail("interrupted", EXIT_INTERRUPTED)
    except BrokenPipeError:  # the reader closed our output: see main()
        raise
    except Exception as exc:  # an internal error: a short message, no traceback unless asked for
        if os.environ.get("DEEPMADNESS_DEBUG"):
            raise
        return _fail(f"internal error ({type(exc).__name__}: {exc}); {REPORT}. "
                     f"Set DEEPMADNESS_DEBUG=1 to see the traceback.", EXIT_INTERNAL)


def flag_message(exc, positional: set[str] = frozenset()) -> str:
    """A :class:`~solver.errors.BadParameter` as the command line shows it: the parameter's flag first
    (``--investigator: 'Husk#1' is not an investigator …``); a positional parameter by its name."""
    flag = exc.parameter if exc.parameter in positional else f"--{exc.parameter}"
    return f"{flag}: {exc.message}" + (f" [{exc.rule_id}]" if exc.rule_id else "")


def _fail(message: str, code: int) -> int:
    message = error_line(message)  # one line, whatever a message holds
    try:
        print(f"{PROG}: error: {message}", file=sys.stderr)
    except (OSError, ValueError):  # no standard error to print to: the exit status still says it
        pass
    return code


def _print_json(data) -> None:
    import json

    print(json.dumps(data, indent=2, ensure_ascii=False))


def _print_answer(ns, answer) -> None:
    from .render import to_data, to_text

    if ns.json:
        _print_json(to_data(answer))
    else:  # names from a state file are shown with their control characters escaped (no terminal injection)
        from .errors import printable

        print("\n".join(printable(line) for line in to_text(answer).splitlines()))


def _run(ns: argparse.Namespace) -> int:
    if ns.command == "questions":
        return _list_questions(ns)
    if ns.command in ("ask", "rule"):
        return _ask(ns) if ns.command == "ask" else _rule(ns)
    if ns.command == "play":
        from .play import run_cli

        return run_cli(ns, _print_answer)
    from .state import load_state

    options = {}
    for name, value in ns.option:
        options[name] = value
    state = load_state(ns.state, options)
    if ns.command == "check":
        return _check(ns, state)
    from .questions import REGISTRY

    q = REGISTRY[ns.command]
    if q.scenarios and state.scenario.name not in q.scenarios:
        from .errors import InputError

        raise InputError(f"the question {q.name!r} is for the scenario(s) {', '.join(q.scenarios)}, not "
                         f"{state.scenario.name!r}", file=ns.state, entry="scenario")
    args = {p.name: getattr(ns, p.name) for p in q.params if getattr(ns, p.name, None) is not None}
    _print_answer(ns, q.func(state, args))
    return EXIT_OK


def _list_questions(ns) -> int:
    from .questions import load_all

    rows = sorted(load_all().values(), key=lambda q: q.name)
    if ns.json:
        _print_json([{"name": q.name, "help": q.help, "scenarios": list(q.scenarios),
                      "params": [{"name": p.name, "help": p.help, "required": p.required,
                                  "type": "integer" if p.type is int else "text", "choices": list(p.choices),
                                  "default": p.default} for p in q.params]}
                     for q in rows])
        return EXIT_OK
    width = max([len(q.name) for q in rows] + [5])
    print(f"{'check':<{width}}  is the position legal, and is the game won or lost?")
    for q in rows:
        scope = f" [{', '.join(q.scenarios)}]" if q.scenarios else ""
        print(f"{q.name:<{width}}  {q.help}{scope}")
    return EXIT_OK


def _check(ns, state) -> int:
    _print_answer(ns, check_answer(state, Path(ns.state).name))
    return EXIT_OK


def check_answer(state, file_name: str):
    """``check``'s answer: the outcome first (the game goes on, is won or is lost, with its rule and every other
    ending condition met at the same moment), then the position that was checked."""
    from .answers import Answer, OutcomeData, Result, ResultKind
    from .questions import approximate_board

    outcome = state.outcome()
    options = dict(state.options.non_default())
    if outcome is None:
        result = Result(ResultKind.NOTHING, "The game goes on: no winning or losing condition is met.")
    else:
        result = Result(ResultKind.OUTCOME, f"The game is {'won' if outcome.is_win else 'lost'}: {outcome.detail}.")
        if outcome.also_met:
            options["outcome.simultaneous"] = state.options["outcome.simultaneous"]
    rules = (outcome.rule_id, *outcome.also_met) if outcome is not None else ()
    return Answer("check", result, outcome=OutcomeData.of(outcome), rules=rules, options=options,
                  approximate_board=approximate_board(state),
                  explanation=(f"Legal position: {state.scenario.title}, round {state.round} ({file_name}).",))


def _ask(ns) -> int:
    from .ask import MAX_QUESTION_CHARS, Asker
    from .errors import InputError

    question = " ".join(ns.question).strip()
    if not question:
        raise InputError("the question is empty", entry="question")
    if len(question) > MAX_QUESTION_CHARS:
        raise InputError(f"the question is {len(question):,} characters long; ask it in at most "
                         f"{MAX_QUESTION_CHARS:,}", entry="question")
    answer = Asker().ask(question, limit=ns.limit)
    if ns.json:
        _print_json(answer.to_json())
    else:
        print(answer.to_text())
    return EXIT_OK


def _rule(ns) -> int:
    from .rule import describe, nearest_ids, render
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
    if spec.question == "play":
        return ["play", str(path), *spec.events, *(w for c in spec.choose for w in ("--choose", c)),
                *(w for name, value in spec.options.items() for w in ("--option", f"{name}={value}"))]
    from .questions import load_question

    q = load_question(spec.question)
    positional = {p.name for p in q.params if p.positional} if q else set()
    argv = [spec.question, str(path)]
    for name, value in spec.args.items():
        argv += [value] if name in positional else [f"--{name}", value]
    for name, value in spec.options.items():
        argv += ["--option", f"{name}={value}"]
    return argv


def example_answer(path: str | Path):
    """The :class:`~solver.answers.Answer` the command line prints for an example state file (its question's, or
    ``check``'s for a file that names none)."""
    from .state import answer_example, load_state, read_example

    spec = read_example(path)
    if spec is None or spec.question == "check":
        return check_answer(load_state(path, spec.options if spec else None), Path(path).name)
    if spec.question == "play":
        from .play import play_events

        return play_events(load_state(path, spec.options), list(spec.events), list(spec.choose))
    return answer_example(path)[0]


if __name__ == "__main__":  # python -m solver.cli
    sys.exit(main())
