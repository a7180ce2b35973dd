"""The executable specification as data: the feature files parsed with the official Cucumber parser, and the
results of the last run (``build/spec-results.json``), joined to the rules catalog.

Used by the tests (tag checks), ``make rulebook``'s summary, the website and ``deepmadness ask``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import json
from functools import lru_cache
import importlib.util
from pathlib import Path


ROOT = Path(__file__).resolve().parent.parent
#: The feature files: the repository's ``features/`` folder, installed as the data-only package ``solver.features``
#: (``pyproject.toml``): the wheel carries them and an editable install reads the repository's files themselves.
FEATURES_DIR = Path(next(iter(importlib.util.find_spec("solver.features").submodule_search_locations))).resolve()
RESULTS_FILE = ROOT / "build" / "spec-results.json"
RULE_TAG = "@rule:"
OPTION_TAG = "@option:"  # a scenario that pins an assumption or interpretation option


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a scenario: its keyword, its text, and its data table or doc string, if any."""

    keyword: str
    text: str
    table: tuple[tuple[str, ...], ...] = ()  # a data table, header row first
    docstring: str | None = None


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    """One Scenario or Scenario Outline of a feature file, with the rule IDs its tags (and its Rule's and
    Feature's tags) name."""

    feature_file: str  # relative to the repository, with / separators
    feature_name: str
    rule_block: str | None  # the Gherkin `Rule:` it stands under
    name: str
    keyword: str
    line: int
    tags: tuple[str, ...]
    rule_ids: tuple[str, ...]
    description: str
    background: tuple[Step, ...]
    steps: tuple[Step, ...]
    examples: tuple[tuple[tuple[str, ...], ...], ...] = ()  # each Examples table, header row first

    @property
    def key(self) -> str:
        """A stable identifier: ``features/general/health.feature:12``."""
        return f"{self.feature_file}:{self.line}"

    @property
    def option_names(self) -> tuple[str, ...]:
        """The assumptions and interpretation options its ``@option:NAME`` tags say it pins."""
        return _rule_ids(self.tags, OPTION_TAG)


@dataclass(frozen=True, slots=True)
class FeatureSpec:
    """One feature file: its path, name, description and tags, and its scenarios in file order."""

    file: str
    name: str
    description: str
    tags: tuple[str, ...]
    scenarios: tuple[ScenarioSpec, ...] = field(default=())


def _tags(node: dict) -> tuple[str, ...]:
    return tuple(t["name"] for t in node.get("tags", []))


def _steps(node: dict) -> tuple:
    """A node's steps as plain data: (keyword, text, data table, doc string) each."""
    out = []
    for s in node.get("steps", []):
        table = ()
        if s.get("dataTable"):
            table = tuple(tuple(c["value"] for c in row["cells"]) for row in s["dataTable"]["rows"])
        doc = s["docString"]["content"] if s.get("docString") else None
        out.append((s["keyword"].strip(), s["text"], table, doc))
    return tuple(out)


def _rule_ids(tags, prefix: str = RULE_TAG) -> tuple[str, ...]:
    seen: list[str] = []
    for t in tags:
        if t.startswith(prefix) and t[len(prefix):] not in seen:
            seen.append(t[len(prefix):])
    return tuple(seen)


def _feature_name(path: Path) -> str:
    """A feature file's name as the specification knows it, in the repository and in an installed wheel alike:
    ``features/general/health.feature``; a file elsewhere keeps its own path."""
    path = path.resolve()
    if path.is_relative_to(FEATURES_DIR):
        return "features/" + path.relative_to(FEATURES_DIR).as_posix()
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


#: The package's feature files parsed, as JSON, written into the wheel by its build (``solver/_build.py``, from the very
#: files it ships), never into the repository: an installed ``rule`` or ``ask`` needn't import the Cucumber parser.
COMPILED = "compiled.json"


@lru_cache(maxsize=1)
def _compiled() -> dict[str, list]:
    file = FEATURES_DIR / COMPILED
    return json.loads(file.read_text(encoding="utf-8")) if file.is_file() else {}


def compile_features(directory: Path = FEATURES_DIR) -> dict[str, tuple]:
    """Every feature file of ``directory`` parsed (:func:`_parse_feature_text`), by its name (``solver/_build.py``)."""
    return {_feature_name(p): _parse_feature_text(p.read_text(encoding="utf-8")) for p in feature_files(directory)}


def _tuples(value):
    """JSON's lists back to the tuples :func:`_parse_feature_text` gave.

    >>> _tuples(["a", [1, ["b", None]], []])
    ('a', (1, ('b', None)), ())
    """
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def parse_feature(path: Path) -> FeatureSpec:
    """Parse one feature file; a syntax error raises the parser's CompositeParserException. A file of an installed
    wheel comes parsed already (:data:`COMPILED`)."""
    rel = _feature_name(path)
    parsed = _compiled().get(rel)
    name, description, ftags, scenarios = _tuples(parsed) if parsed is not None else \
        _parse_feature_text(path.read_text(encoding="utf-8"))
    return FeatureSpec(rel, name, description, ftags, tuple(
        ScenarioSpec(rel, name, rule_name, sname, keyword, line, tags, ids, sdescription,
                     tuple(Step(*x) for x in background), tuple(Step(*x) for x in steps), examples)
        for rule_name, sname, keyword, line, tags, ids, sdescription, background, steps, examples in scenarios))


def _parse_feature_text(text: str) -> tuple:
    """A feature file parsed by the official Cucumber parser, as plain data: its name, description, tags and
    scenarios, each (rule block, name, keyword, line, tags, rule IDs, description, background, steps, examples)."""
    from gherkin.parser import Parser  # the official Cucumber parser, imported when a file is parsed
    from gherkin.token_scanner import TokenScanner

    doc = Parser().parse(TokenScanner(text))
    feat = doc["feature"]
    ftags = _tags(feat)
    scenarios: list[tuple] = []

    def walk(children, rule_name, inherited, background):
        for child in children:
            if "background" in child:
                background = background + _steps(child["background"])
            elif "rule" in child:
                rule = child["rule"]
                walk(rule["children"], rule["name"], inherited + _tags(rule), background)
            elif "scenario" in child:
                sc = child["scenario"]
                tags = inherited + _tags(sc)
                for ex in sc.get("examples", []):
                    tags = tags + _tags(ex)
                examples = []
                for ex in sc.get("examples", []):
                    if ex.get("tableHeader"):
                        rows = [tuple(c["value"] for c in ex["tableHeader"]["cells"])]
                        rows += [tuple(c["value"] for c in r["cells"]) for r in ex.get("tableBody", [])]
                        examples.append(tuple(rows))
                scenarios.append((rule_name, sc["name"], sc["keyword"], sc["location"]["line"], tags,
                                  _rule_ids(tags), (sc.get("description") or "").strip(), background, _steps(sc),
                                  tuple(examples)))

    walk(feat.get("children", []), None, ftags, ())
    return feat["name"], (feat.get("description") or "").strip(), ftags, tuple(scenarios)


def feature_files(directory: Path = FEATURES_DIR) -> list[Path]:
    return sorted(directory.rglob("*.feature"))


@lru_cache(maxsize=None)
def load_features(directory: Path = FEATURES_DIR) -> tuple[FeatureSpec, ...]:
    return tuple(parse_feature(p) for p in feature_files(directory))


def scenarios_by_rule(features=None) -> dict[str, list[ScenarioSpec]]:
    """Rule ID → the scenarios tagged with it, in file order; a tag naming a former ID (an alias) counts for the
    rule it became."""
    from .catalog import catalog

    resolve = catalog().resolve
    out: dict[str, list[ScenarioSpec]] = {}
    for f in features if features is not None else load_features():
        for s in f.scenarios:
            for rid in s.rule_ids:
                out.setdefault(resolve(rid), []).append(s)
    return out


@dataclass(frozen=True, slots=True)
class Results:
    """The last run's outcome per scenario (key ``file:line``): ``passed``, ``failed`` or ``skipped``; an outline
    counts as passed only when every example passed."""

    generated: str | None
    commit: str | None
    outcomes: dict[str, str]

    def status(self, scenario: ScenarioSpec) -> str:
        return self.outcomes.get(scenario.key, "not run")


def load_results(path: Path = RESULTS_FILE) -> Results:
    """The last run's results; none when the file is not there. A damaged file (not JSON, not the results' shape)
    is an :class:`solver.errors.InputError` naming it: run the specification again (``make spec``)."""
    if not path.exists():
        return Results(None, None, {})
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        merged: dict[str, str] = {}
        rank = {"failed": 3, "skipped": 2, "passed": 1}
        for r in data.get("scenarios", []):
            key = r["key"]
            if rank.get(r["outcome"], 0) > rank.get(merged.get(key, ""), 0):
                merged[key] = r["outcome"]
        return Results(data.get("generated"), data.get("commit"), merged)
    except (ValueError, TypeError, KeyError, AttributeError, OSError) as exc:
        from .errors import InputError

        raise InputError(f"not a results file of the specification ({type(exc).__name__}: {exc}); run the "
                         f"specification again (make spec)", file=str(path)) from None
