"""Everything the site shows, read once a build from the project's data: the catalog, the features, the last run's
results, the scenarios and their boards, the examples with their answers, the command line, the build stamp.

A part written by another module that is not there yet (``solver.state``, ``solver.cli``, a scenario module) is
recorded as *missing* with a sentence the page shows; any other failure is a *problem* the build reports as a
warning (so ``-W`` fails the build: every example in the docs must run).
"""

from __future__ import annotations

import datetime as _dt
import importlib
import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES_DIR = ROOT / "examples"

# Scenario areas of the catalog are named like the scenario with "_" for "-": fathoms_dark ↔ fathoms-dark.
STATUS_ORDER = ("failed", "passed", "skipped", "not run")


def area_of_scenario(name: str) -> str:
    return name.replace("-", "_")


def rule_anchor(rule_id: str) -> str:
    """The label of a rule (``rule-health.gain-over-max``); its HTML id is ``rule-health-gain-over-max``."""
    return f"rule-{rule_id}"


def html_id(label: str) -> str:
    """The HTML id docutils makes of a label."""
    from docutils.nodes import make_id

    return make_id(label)


def option_anchor(name: str) -> str:
    return f"option-{name}"


def example_anchor(stem: str) -> str:
    return f"example-{stem}"


def _missing_module(exc: BaseException, names: tuple[str, ...]) -> bool:
    return isinstance(exc, ModuleNotFoundError) and exc.name in names


@dataclass
class Example:
    """One file of ``examples/`` with an ``example: {question, args}`` key, and what answering it gave."""

    path: Path
    question: str
    args: dict
    title: str = ""
    data: dict = field(default_factory=dict)
    scenario: str | None = None
    state: Any = None
    answer: Any = None  # solver.answers.Answer
    output: str | None = None  # what the command printed, for a ``check`` example
    error: str | None = None

    @property
    def stem(self) -> str:
        return self.path.stem

    @property
    def rel(self) -> str:
        return self.path.relative_to(ROOT).as_posix()


@dataclass
class ScenarioInfo:
    name: str  # fathoms-dark
    title: str
    cls: Any = None
    scenario: Any = None  # an instance on the shipped board
    board: Any = None
    missing: list[str] = field(default_factory=list)  # sentences: what is not there yet


@dataclass
class SiteData:
    catalog: Any
    features: tuple
    results: Any
    by_rule: dict
    scenarios: dict[str, ScenarioInfo]
    examples: list[Example]
    questions: dict
    parser: Any
    built: str
    commit: str
    dirty: bool
    results_file: Path | None = None  # the results file read (the ask box gets a copy)
    missing: dict[str, str] = field(default_factory=dict)  # part → sentence for the page
    problems: list[str] = field(default_factory=list)  # warnings for the build

    # --- look-ups ------------------------------------------------------------------------------------------------
    def page_of_area(self, area: str) -> str:
        scen = area.replace("_", "-")
        return f"scenarios/{scen}" if scen in self.scenarios else f"rules/{area}"

    def page_of_rule(self, rule_id: str) -> str:
        return self.page_of_area(self.catalog.rules[rule_id].area)

    def status(self, spec) -> str:
        return self.results.status(spec)

    def rule_status(self, rule_id: str) -> str:
        """``failed`` if any scenario proving it failed, else ``passed`` if one passed, else ``not run`` (scenarios
        exist, none ran) or ``no scenario``."""
        specs = self.by_rule.get(rule_id, [])
        if not specs:
            return "no scenario"
        statuses = {self.status(s) for s in specs}
        for s in ("failed", "passed"):
            if s in statuses:
                return s
        return "skipped" if "skipped" in statuses else "not run"

    def is_proven(self, rule_id: str) -> bool:
        return any(self.status(s) == "passed" for s in self.by_rule.get(rule_id, []))

    def term_index(self) -> dict[str, Any]:
        """Lower-case term or synonym → its glossary Term."""
        out: dict[str, Any] = {}
        for t in self.catalog.terms:
            out.setdefault(t.term.lower(), t)
        for t in self.catalog.terms:
            for s in t.synonyms:
                out.setdefault(s.lower(), t)
        return out

    def rules_of_term(self, term) -> list[str]:
        """The rules that list ``term`` (or one of its synonyms) in their terms, and those the glossary names."""
        names = {term.term.lower(), *(s.lower() for s in term.synonyms)}
        ids = [r.id for r in self.catalog.rules.values() if names & {x.lower() for x in r.terms}]
        ids += [r for r in term.rules if r in self.catalog.rules and r not in ids]
        return ids

    def related_rules(self, rule) -> list[tuple[str, list[str]]]:
        """Other rules sharing a glossary term with ``rule``: ``[(rule_id, [shared terms])]``, most shared first."""
        index = self.term_index()
        mine = {index[t.lower()].term for t in rule.terms if t.lower() in index}
        shared: dict[str, list[str]] = {}
        for term_name in sorted(mine):
            term = next(t for t in self.catalog.terms if t.term == term_name)
            for rid in self.rules_of_term(term):
                if rid != rule.id and not self.catalog.rules[rid].is_withdrawn:
                    shared.setdefault(rid, []).append(term_name)
        order = {rid: i for i, rid in enumerate(self.catalog.rules)}
        return sorted(shared.items(), key=lambda kv: (-len(kv[1]), order[kv[0]]))

    def page_of_example(self, e: Example) -> str | None:
        """Where an example is answered: the page of a rules area its file is named after
        (``general-distance.yaml`` → ``rules/general``), else its scenario's page."""
        for a in self.catalog.areas:
            page = self.page_of_area(a.name)
            if page.startswith("rules/") and e.stem.startswith(a.name.replace("_", "-") + "-"):
                return page
        return f"scenarios/{e.scenario}" if e.scenario in self.scenarios else None

    def examples_of(self, scenario: str) -> list[Example]:
        return [e for e in self.examples
                if e.scenario == scenario and self.page_of_example(e) == f"scenarios/{scenario}"]

    def examples_of_area(self, area: str) -> list[Example]:
        """The examples answered on a rules area's page (named after the area: ``general-*.yaml``)."""
        return [e for e in self.examples if self.page_of_example(e) == f"rules/{area}"]

    def option_pins(self) -> dict[str, list[tuple[str, Any]]]:
        """Option name → ``[(setting, scenario spec)]`` for every scenario whose steps name the option; the setting
        is read from the step (a quoted choice, or an outline placeholder filled from its Examples), ``"?"`` when
        the step names no setting."""
        pins: dict[str, list[tuple[str, Any]]] = {name: [] for name in self.catalog.options}
        for feature in self.features:
            for spec in feature.scenarios:
                for step in (*spec.background, *spec.steps):
                    for name, opt in self.catalog.options.items():
                        if not re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", step.text):
                            continue
                        for setting in _settings_in_step(step.text, name, opt, spec):
                            if (setting, spec) not in pins[name]:
                                pins[name].append((setting, spec))
        return pins


def _column_settings(spec, column: str, opt) -> list[str]:
    """The settings of ``opt`` that an Examples column named ``column`` lists, row by row."""
    found: list[str] = []
    for table in spec.examples:
        if column in table[0]:
            col = table[0].index(column)
            found += [row[col] for row in table[1:] if row[col] in opt.choices]
    return found


def _settings_in_step(text: str, name: str, opt, spec) -> list[str]:
    after = text.split(name, 1)[1].lstrip("\"'")  # past the quote that closes the option's name
    found = []
    for quoted in re.findall(r'"([^"]*)"', after) or re.findall(r"'([^']*)'", after):
        if quoted in opt.choices:
            found.append(quoted)
        else:
            m = re.fullmatch(r"<([^>]+)>", quoted)
            if m:
                found += _column_settings(spec, m.group(1), opt)
        if found:
            break
    if not found:
        m = re.search(r"<([^>]+)>", after)
        if m:
            found += _column_settings(spec, m.group(1), opt)
        for word in re.findall(r"[\w-]+", after):
            if not found and word in opt.choices:
                found.append(word)
    return list(dict.fromkeys(found)) or ["?"]


def _git(*args: str) -> str:
    try:
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=20)
        return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def _scenarios(problems: list[str]) -> dict[str, ScenarioInfo]:
    from solver.scenarios import SCENARIOS, board_file

    out: dict[str, ScenarioInfo] = {}
    for name, (module, cls_name) in SCENARIOS.items():
        info = ScenarioInfo(name, name.replace("-", " ").title())
        out[name] = info
        try:
            mod = importlib.import_module(module)
        except Exception as exc:  # noqa: BLE001 - shown on the page or reported
            if _missing_module(exc, (module,)):
                info.missing.append(f"The scenario module `{module}` is not written yet.")
            else:
                problems.append(f"scenario {name}: importing {module} failed: {type(exc).__name__}: {exc}")
                info.missing.append(f"The scenario module `{module}` failed to import.")
            continue
        info.cls = getattr(mod, cls_name, None)
        if info.cls is None:
            info.missing.append(f"`{module}` has no class `{cls_name}` yet.")
            continue
        info.title = getattr(info.cls, "title", info.title) or info.title
        path = board_file(name)
        if not path.exists():
            info.missing.append(f"The shipped board file `{path.relative_to(ROOT).as_posix()}` is not there yet.")
            continue
        try:
            info.scenario = info.cls.with_shipped_board()
            info.board = info.scenario.board
        except Exception as exc:  # noqa: BLE001
            problems.append(f"scenario {name}: building it on its shipped board failed: {type(exc).__name__}: {exc}")
            info.missing.append("Building the scenario on its shipped board failed (see the build log).")
    return out


def _examples(missing: dict[str, str], problems: list[str]) -> list[Example]:
    from solver.yamlio import load_yaml_file

    examples: list[Example] = []
    for path in sorted(EXAMPLES_DIR.glob("*.yaml")):
        try:
            data = load_yaml_file(path)
        except Exception as exc:  # noqa: BLE001
            problems.append(f"{path.name}: {exc}")
            continue
        if not isinstance(data, dict) or not isinstance(data.get("example"), dict):
            continue
        ex = data["example"]
        examples.append(Example(path, str(ex.get("question", "")), dict(ex.get("args") or {}),
                                str(ex.get("title") or ex.get("description") or ""), data,
                                str(data.get("scenario")) if data.get("scenario") else None))
    if not examples:
        return examples
    try:
        from solver import state as state_mod
    except Exception as exc:  # noqa: BLE001
        if _missing_module(exc, ("solver.state",)):
            missing["examples"] = ("The state-file loader (`solver.state`) is not written yet, so the examples "
                                   "can't be answered in this build.")
            for e in examples:
                e.error = missing["examples"]
            return examples
        raise
    from solver.questions import load_all

    registry = load_all()
    for e in examples:
        try:
            if e.question in COMMAND_EXAMPLES:
                e.output, e.state = check_example(e, state_mod)
                continue
            e.answer, e.state = answer_example(e, state_mod, registry)
        except Exception as exc:  # noqa: BLE001
            e.error = f"{type(exc).__name__}: {exc}"
            problems.append(f"example {e.rel}: answering {e.question!r} failed: {e.error}")
    return examples


def answer_example(e: Example, state_mod, registry):
    """Answer one example the way the command line does: load the state file, run the question with its args."""
    helper = getattr(state_mod, "answer_example", None)
    if helper is not None:
        result = helper(e.path)
        if isinstance(result, tuple):
            return result
        return result, state_mod.load_state(e.path)
    state = state_mod.load_state(e.path)
    if e.question not in registry:
        raise KeyError(f"no question named {e.question!r}; registered: {', '.join(sorted(registry))}")
    return registry[e.question].func(state, dict(e.args)), state


COMMAND_EXAMPLES = ("check", "play")  # examples of a command rather than a question: the page shows what it prints


def check_example(e: Example, state_mod):
    """A ``check`` or ``play`` example: what the command (``deepmadness check FILE``, ``deepmadness play FILE
    EVENT…``) prints, and the state."""
    import contextlib
    import io

    from solver import cli

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
        code = cli.main(cli.example_argv(e.path))
    if code not in (0,):
        raise RuntimeError(f"deepmadness {e.question} exited with {code}: {buf.getvalue().strip()}")
    return buf.getvalue(), state_mod.load_state(e.path)


def _parser(missing: dict[str, str], problems: list[str]):
    try:
        from solver import cli
    except Exception as exc:  # noqa: BLE001
        if _missing_module(exc, ("solver.cli",)):
            missing["cli"] = "The command line (`solver.cli`) is not written yet: this page fills in once it is."
            return None
        problems.append(f"importing solver.cli failed: {type(exc).__name__}: {exc}")
        missing["cli"] = "Importing `solver.cli` failed (see the build log)."
        return None
    build = getattr(cli, "build_parser", None)
    if build is None:
        missing["cli"] = "`solver.cli` has no `build_parser()` yet."
        return None
    return build()


def collect() -> SiteData:
    """Read everything; the caller reports ``problems`` as build warnings."""
    from solver.catalog import catalog
    from solver.questions import load_all
    import os

    from solver.spec import RESULTS_FILE, load_features, load_results, scenarios_by_rule

    missing: dict[str, str] = {}
    problems: list[str] = []
    features = load_features()
    scenarios = _scenarios(problems)
    examples = _examples(missing, problems)
    parser = _parser(missing, problems)
    questions = dict(load_all())
    commit = _git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = bool(_git("status", "--porcelain", "--untracked-files=no"))
    built = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    results_file = Path(os.environ.get("DM_SPEC_RESULTS") or RESULTS_FILE)
    results = load_results(results_file)
    return SiteData(catalog(), features, results, scenarios_by_rule(features), scenarios, examples,
                    questions, parser, built, commit, dirty, results_file, missing, problems)
