"""The rules catalog: every rule with a stable ID, every assumption and interpretation option, the glossary.

The catalog is data, kept once in this package's folder (``solver/catalog/*.yaml``, one file an area: ``general``,
the scenarios …), shipped in the wheel as package data, and read by the engine, the specification's tag check, the
``ask`` command and the website alike.

A rule ID is lower-case words joined by ``-``, in two or more parts joined by ``.``: ``health.gain-over-max``.
An ID never changes meaning; a withdrawn rule keeps its ID and says why it was withdrawn.

**One ID scheme.** An ID is ``<topic>.<name>``, its topic one of its area's topics. A scenario's topics all begin
with the scenario's word — ``fathoms-`` (Fathoms Dark), ``fevered-`` (Fevered Dreams), ``expectant-`` (Expectant
Terror): ``fathoms-activation.attack-nearest``, ``expectant-nest-marker.one-per-room``. Its assumption and
interpretation options share that prefix: each is named under one of the scenario's topics, the one its rules are
about (``fathoms-activation.nearest-target``). The general rules and the board assumptions (``health.*``, ``sight.*``)
belong to no scenario and have no prefix.

**Aliases.** An ID that changed keeps working: ``aliases.yaml`` maps each old ID to its new one, and the catalog
resolves an old ID wherever it is given one (:meth:`Catalog.rule`, :meth:`Catalog.option`, :class:`Options`, the
``rule`` command, ``--option``); the website keeps an anchor for it, so a permalink never breaks. ``python -m
solver.catalog.rename`` rewrites the old IDs across the repository (code, features and their ``@rule:`` tags,
tests, pages, examples). Until it has, the old ID is still the catalogued one and the new one resolves to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

import json
import os
import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from ..errors import InputError, UnknownOptionError
from ..yamlio import load_yaml_file

RULE_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$")
OPTION_KINDS = ("assumption", "interpretation")


def catalog_dir() -> Path:
    """Where the catalog files are: this package's folder (package data, in a wheel as in the repository)."""
    return Path(__file__).resolve().parent


@dataclass(frozen=True, slots=True)
class Rule:
    """One atomic rule: its ID, our wording, and the rulebook section it comes from."""

    id: str
    area: str
    topic: str
    title: str
    text: str
    section: str
    terms: tuple[str, ...] = ()
    withdrawn: str | None = None  # the reason, for a withdrawn rule
    asked: tuple[str, ...] = ()  # how players ask what it answers, in their words (``ask`` indexes them)
    #: the yes/no questions among ``asked`` with the answer the rule gives them (``"… ? → no"`` in the catalog):
    #: ``ask`` opens its ruling with the answer of the one most like the player's question
    yes_no: tuple[tuple[str, str], ...] = ()

    @property
    def is_withdrawn(self) -> bool:
        return self.withdrawn is not None


@dataclass(frozen=True, slots=True)
class Option:
    """A named assumption (a base-game rule the text lacks) or interpretation option (a reading of the text)."""

    name: str
    kind: str
    area: str
    title: str
    text: str
    choices: Mapping[str, str]
    default: str
    grounds: str
    rules: tuple[str, ...] = ()
    asked: tuple[str, ...] = ()  # how players ask what it answers, in their words (``ask`` indexes them)


@dataclass(frozen=True, slots=True)
class Term:
    """A glossary entry: the rulebook's name for a game term, what players call it, and the rules that use it."""

    term: str
    definition: str
    synonyms: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()

    @property
    def anchor(self) -> str:
        return "term-" + re.sub(r"[^a-z0-9]+", "-", self.term.lower()).strip("-")


@dataclass(frozen=True, slots=True)
class Area:
    """One catalog file: a group of topics (general rules, or one scenario's)."""

    name: str
    title: str
    order: int
    topics: tuple[tuple[str, str], ...]  # (topic id, title)
    source: str = ""


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every catalogued rule, option and glossary term, in file order."""

    areas: tuple[Area, ...]
    rules: Mapping[str, Rule]
    options: Mapping[str, Option]
    terms: tuple[Term, ...] = field(default=())
    aliases: Mapping[str, str] = field(default_factory=dict)  # a former (or coming) ID → the catalogued one

    def resolve(self, name: str) -> str:
        """The catalogued ID for ``name``: itself, or the rule or option an alias of that name stands for.

        >>> cat = Catalog((), {"a.x": None}, {}, aliases={"old.x": "a.x"})
        >>> cat.resolve("old.x"), cat.resolve("a.x"), cat.resolve("no.such")
        ('a.x', 'a.x', 'no.such')
        """
        return self.aliases.get(name, name)

    def aliases_of(self, name: str) -> tuple[str, ...]:
        """The other IDs that resolve to the catalogued ``name`` (the website keeps an anchor for each)."""
        return tuple(old for old, new in self.aliases.items() if new == name)

    def rule(self, rule_id: str) -> Rule:
        try:
            return self.rules[self.resolve(rule_id)]
        except KeyError:
            raise KeyError(f"no rule {rule_id!r} in the catalog") from None

    def option(self, name: str) -> Option:
        try:
            return self.options[self.resolve(name)]
        except KeyError:
            raise UnknownOptionError(
                f"no assumption or interpretation option named {name!r}; known: {', '.join(sorted(self.options))}"
            ) from None

    def rules_in(self, area: str) -> list[Rule]:
        return [r for r in self.rules.values() if r.area == area]

    def active_rules(self) -> Iterator[Rule]:
        return (r for r in self.rules.values() if not r.is_withdrawn)


def _need(entry: Mapping, key: str, file: str, where: str, kind: type = str):
    if not (type(entry) is dict or isinstance(entry, Mapping)) or key not in entry:  # a dict: no abstract check
        raise InputError(f"missing key {key!r}", file=file, entry=where)
    value = entry[key]
    if not isinstance(value, kind):
        raise InputError(f"{key!r} must be {kind.__name__}, not {type(value).__name__}", file=file, entry=where)
    return value


def _strs(entry: Mapping, key: str, file: str, where: str) -> tuple[str, ...]:
    value = entry.get(key, []) or []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(f"{key!r} must be a list of strings", file=file, entry=where)
    return tuple(value)


#: How an ``asked`` question carries the answer its entry gives it: ``"can two egg sacs share a room? → no"``.
ANSWER_MARK = "→"


def _asked(entry: Mapping, file: str, where: str) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """An entry's ``asked``: players' questions it answers, a list of non-empty strings (none if absent); and those
    that end in ``→ yes`` or ``→ no`` (:data:`ANSWER_MARK`) with that answer."""
    value = _strs(entry, "asked", file, where)
    questions, answered = [], []
    for v in value:
        question, mark, answer = " ".join(v.split()).partition(ANSWER_MARK)
        question, answer = question.strip(), answer.strip()
        if not question:
            raise InputError("'asked' must hold no empty question", file=file, entry=where)
        if mark and answer not in ("yes", "no"):
            raise InputError(f"asked question {question!r}: after {ANSWER_MARK!r} comes yes or no, not {answer!r}",
                             file=file, entry=where)
        questions.append(question)
        if mark:
            answered.append((question, answer))
    return tuple(questions), tuple(answered)


def _option_asked(entry: Mapping, file: str, where: str) -> tuple[str, ...]:
    """An option's ``asked``: its questions carry no answer (an option's answer is its setting)."""
    questions, answered = _asked(entry, file, where)
    if answered:
        raise InputError(f"asked question {answered[0][0]!r}: an option's questions carry no answer (its setting "
                         f"is the answer): drop {ANSWER_MARK!r} and what follows", file=file, entry=where)
    return questions


#: The checked catalog as JSON, written beside the YAML files into the wheel by its build (``solver/_build.py``), never
#: into the repository: an installed command loads it in a millisecond instead of checking 120 KB of YAML.
COMPILED = "compiled.json"


def load_catalog(directory: Path | None = None) -> Catalog:
    """Read and check every catalog file; a malformed one raises :class:`InputError` naming file and entry.

    The package's own catalog, in an installed wheel, is read from :data:`COMPILED`, which the build made of the
    very YAML files it ships (it can't be older than they are); in the repository there is none."""
    if directory is None and (catalog_dir() / COMPILED).is_file():
        return from_data(json.loads((catalog_dir() / COMPILED).read_text(encoding="utf-8")))
    directory = directory or catalog_dir()
    return _read_catalog(directory, _catalog_files(directory))


def to_data(cat: Catalog) -> dict:
    """The catalog as plain data (JSON): :func:`from_data` makes the same catalog of it."""
    def plain(record) -> dict:
        return {f.name: dict(v) if isinstance(v := getattr(record, f.name), Mapping) else v for f in fields(record)}

    return {"areas": [plain(a) for a in cat.areas], "rules": [plain(r) for r in cat.rules.values()],
            "options": [plain(o) for o in cat.options.values()], "terms": [plain(t) for t in cat.terms],
            "aliases": dict(cat.aliases)}


def from_data(data: dict) -> Catalog:
    """The catalog :func:`to_data` wrote."""
    def record(cls, entry: dict):
        return cls(**{k: tuple(tuple(x) if isinstance(x, list) else x for x in v) if isinstance(v, list) else
                      MappingProxyType(v) if isinstance(v, dict) else v for k, v in entry.items()})

    return Catalog(tuple(record(Area, a) for a in data["areas"]),
                   MappingProxyType({r["id"]: record(Rule, r) for r in data["rules"]}),
                   MappingProxyType({o["name"]: record(Option, o) for o in data["options"]}),
                   tuple(record(Term, t) for t in data["terms"]), MappingProxyType(data["aliases"]))


def _catalog_files(directory: Path) -> list[Path]:
    """The catalog's files: ``*.yaml`` in ``directory`` (what ``directory.glob("*.yaml")`` gives, without
    compiling its pattern), in name order."""
    try:
        names = os.listdir(directory)
    except OSError:
        return []
    return [directory / n for n in sorted(names) if n.endswith(".yaml") and not n.startswith(".")]


def _read_catalog(directory: Path, paths: list[Path]) -> Catalog:
    """Read and check the catalog files ``paths`` of ``directory`` (:func:`load_catalog`)."""
    areas: list[Area] = []
    rules: dict[str, Rule] = {}
    options: dict[str, Option] = {}
    terms: list[Term] = []
    renames: list[tuple[str, str, str, str]] = []  # (old, new, file, entry)
    for path in paths:
        file = str(path)
        data = load_yaml_file(path)
        if path.stem == "aliases":
            aliases = _need(data, "aliases", file, "", dict)
            renames += [(str(old), str(new), file, f"aliases.{old}") for old, new in aliases.items()]
            continue
        if path.stem == "glossary":
            for i, t in enumerate(_need(data, "terms", file, "", list)):
                where = f"terms[{i}]"
                terms.append(Term(_need(t, "term", file, where), _need(t, "definition", file, where).strip(),
                                  _strs(t, "synonyms", file, where), _strs(t, "rules", file, where)))
            continue
        topics = []
        for i, t in enumerate(data.get("topics", []) or []):
            topics.append((_need(t, "id", file, f"topics[{i}]"), _need(t, "title", file, f"topics[{i}]")))
        topic_ids = {t for t, _ in topics}
        area = Area(path.stem, _need(data, "title", file, ""), int(data.get("order", 99)), tuple(topics),
                    str(data.get("source", "")))
        areas.append(area)
        for i, r in enumerate(data.get("rules", []) or []):
            where = f"rules[{i}]"
            rid = _need(r, "id", file, where)
            where = f"rules[{i}] ({rid})"
            if not RULE_ID.match(rid):
                raise InputError(f"rule ID {rid!r} is not of the form 'topic.rule-name'", file=file, entry=where)
            if rid in rules:
                raise InputError(f"rule ID {rid!r} is catalogued twice", file=file, entry=where)
            topic = _need(r, "topic", file, where)
            if topic not in topic_ids:
                raise InputError(f"topic {topic!r} is not among this file's topics", file=file, entry=where)
            rules[rid] = Rule(rid, area.name, topic, _need(r, "title", file, where),
                              " ".join(_need(r, "text", file, where).split()), _need(r, "section", file, where),
                              _strs(r, "terms", file, where), r.get("withdrawn"), *_asked(r, file, where))
        for i, o in enumerate(data.get("options", []) or []):
            where = f"options[{i}]"
            name = _need(o, "name", file, where)
            where = f"options[{i}] ({name})"
            kind = _need(o, "kind", file, where)
            if kind not in OPTION_KINDS:
                raise InputError(f"kind must be one of {OPTION_KINDS}", file=file, entry=where)
            choices = _need(o, "choices", file, where, dict)
            default = _need(o, "default", file, where)
            if default not in choices:
                raise InputError(f"default {default!r} is not one of its choices", file=file, entry=where)
            if name in options:
                raise InputError(f"option {name!r} is catalogued twice", file=file, entry=where)
            options[name] = Option(name, kind, area.name, _need(o, "title", file, where),
                                   " ".join(_need(o, "text", file, where).split()),
                                   MappingProxyType({str(k): " ".join(str(v).split()) for k, v in choices.items()}),
                                   default, " ".join(_need(o, "grounds", file, where).split()),
                                   _strs(o, "rules", file, where), _option_asked(o, file, where))
    for opt in options.values():
        for rid in opt.rules:
            if rid not in rules:
                raise InputError(f"option {opt.name!r} names unknown rule {rid!r}", file=str(directory))
    areas.sort(key=lambda a: (a.order, a.name))
    return Catalog(tuple(areas), MappingProxyType(rules), MappingProxyType(options), tuple(terms),
                   MappingProxyType(_aliases(renames, rules.keys() | options.keys())))


def _aliases(renames: list[tuple[str, str, str, str]], ids) -> dict[str, str]:
    """Each rename ``old → new`` as an alias of the one of the two that is catalogued (the old ID until ``python -m
    solver.catalog.rename`` has rewritten it, the new one after); exactly one of them must be."""
    out: dict[str, str] = {}
    for old, new, file, where in renames:
        if not RULE_ID.match(old) or not RULE_ID.match(new):
            raise InputError(f"{old!r} → {new!r}: not two IDs of the form 'topic.rule-name'", file=file, entry=where)
        if (old in ids) == (new in ids):
            raise InputError(f"{'both' if old in ids else 'neither'} {old!r} and {new!r} are catalogued; an alias "
                             f"names one catalogued ID and one that is not", file=file, entry=where)
        alias, target = (new, old) if old in ids else (old, new)
        if alias in out:
            raise InputError(f"{alias!r} is given twice", file=file, entry=where)
        out[alias] = target
    return out


@lru_cache(maxsize=None)
def catalog() -> Catalog:
    """The catalog, read once a process."""
    return load_catalog()


class Options(Mapping[str, str]):
    """The settings of every assumption and interpretation option: the catalog's defaults unless given.

    >>> Options().get("lisbeth.store-while-full")
    'refuse'
    """

    __slots__ = ("_settings",)

    def __init__(self, settings: Mapping[str, str] | None = None) -> None:
        cat = catalog()
        merged = {name: opt.default for name, opt in cat.options.items()}
        for name, value in (settings or {}).items():
            opt = cat.option(name)  # a former name is resolved to the option's own
            if value not in opt.choices:
                raise UnknownOptionError(
                    f"option {name!r} has no setting {value!r}; its settings: {', '.join(opt.choices)}")
            merged[opt.name] = value
        self._settings = MappingProxyType(merged)

    def __getitem__(self, name: str) -> str:
        if name not in self._settings:
            name = catalog().option(name).name  # a former name, or raises with the known names
        return self._settings[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._settings)

    def __len__(self) -> int:
        return len(self._settings)

    def with_setting(self, name: str, value: str) -> "Options":
        """A copy with one option set: ``Options().with_setting("fevered-obscure.kill-when-card-full", "leave-game")``."""
        changed = {k: v for k, v in self._settings.items() if v != catalog().options[k].default}
        changed[catalog().option(name).name] = value  # a former name too
        return Options(changed)

    def non_default(self) -> dict[str, str]:
        return {k: v for k, v in self._settings.items() if v != catalog().options[k].default}

    def __repr__(self) -> str:
        return f"Options({self.non_default()!r})"
