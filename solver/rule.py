"""``deepmadness rule ID``: one rule (or one assumption / interpretation option) with everything about it — our
wording, its rulebook section, every scenario that proves it (steps, examples, the status of its last run) and the
options that touch it. The data (:func:`describe`) and its text (:func:`render`) are separate, so ``--json``
prints the very data the text is made from.

This module reads only the feature files that name the rule (a rule's tag, an option's name in a step), so a
``rule`` command parses a few files, not the whole specification; it never imports ``ask``'s ranking.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from .catalog import Catalog, Option, Rule, catalog
from .spec import FEATURES_DIR, RULE_TAG, Results, ScenarioSpec, Step, load_features, load_results, \
    parse_feature, scenarios_by_rule


def option_scenarios(name: str, features=None) -> list[ScenarioSpec]:
    """The scenarios that pin a setting of the option ``name`` (their steps name it), in file order."""
    return scenarios_naming(features if features is not None else load_features()).get(name, [])


def scenarios_naming(features, cat: Catalog | None = None) -> dict[str, list[ScenarioSpec]]:
    """Option name → the scenarios whose steps name it, in file order."""
    names = list((cat or catalog()).options)
    out: dict[str, list[ScenarioSpec]] = {}
    for f in features:
        for s in f.scenarios:
            text = "\n".join(st.text for st in s.background + s.steps)
            for name in names:
                if name in text:
                    out.setdefault(name, []).append(s)
    return out


def nearest_ids(name: str, cat: Catalog | None = None, n: int = 3) -> list[str]:
    """The catalogued rule IDs and option names closest in spelling to ``name``."""
    cat = cat or catalog()
    known = list(dict.fromkeys([*cat.rules, *cat.options]))
    import difflib

    close = difflib.get_close_matches(name, known, n=n, cutoff=0.5)
    if not close:
        prefix = name.split(".")[0]
        close = [k for k in known if k.startswith(prefix + ".")][:n]
    return close


def options_touching(rule_id: str, cat: Catalog | None = None) -> list[Option]:
    """The options that name the rule (in their ``rules:`` list, by name, or in their text)."""
    cat = cat or catalog()
    pattern = re.compile(r"(?<![\w.-])" + re.escape(rule_id) + r"(?![\w-]|\.\w)")
    return [o for o in cat.options.values()
            if rule_id in o.rules or o.name == rule_id or pattern.search(o.text)]


def _step_json(s: Step) -> dict:
    return {"keyword": s.keyword, "text": s.text, "table": [list(r) for r in s.table], "docstring": s.docstring}


def _scenario_json(s: ScenarioSpec, status: str) -> dict:
    return {"name": s.name, "keyword": s.keyword, "key": s.key, "feature": s.feature_name,
            "rule_block": s.rule_block, "status": status, "tags": list(s.tags),
            "background": [_step_json(x) for x in s.background], "steps": [_step_json(x) for x in s.steps],
            "examples": [[list(r) for r in table] for table in s.examples]}


def _option_json(o: Option) -> dict:
    return {"name": o.name, "kind": o.kind, "area": o.area, "title": o.title, "text": o.text,
            "choices": dict(o.choices), "default": o.default, "grounds": o.grounds, "rules": list(o.rules)}


def _features_naming(text: str) -> tuple:
    """The parsed feature files whose text holds ``text`` (the others can't tag or name it), in file order."""
    return tuple(parse_feature(p) for p in sorted(FEATURES_DIR.rglob("*.feature"))
                 if text in p.read_text(encoding="utf-8"))


def describe(name: str, cat: Catalog | None = None, features=None, results: Results | None = None) -> dict:
    """Everything about one rule (or one option) as data: the ``rule`` command's answer.

    A name that is neither a rule ID nor an option name raises :class:`KeyError` with the nearest names.
    """
    cat = cat or catalog()
    name = cat.resolve(name)  # a former ID shows the rule it became
    if features is None:  # parsed already, or only the files that name it: a rule's tag, an option in a step
        features = load_features() if load_features.cache_info().currsize else \
            _features_naming(RULE_TAG + name if name in cat.rules else name)
    results = results if results is not None else load_results()
    areas = {a.name: a for a in cat.areas}
    if name in cat.rules:
        r: Rule = cat.rules[name]
        area = areas[r.area]
        specs = scenarios_by_rule(features).get(name, [])
        return {"id": r.id, "kind": "rule", "title": r.title, "text": r.text, "area": r.area,
                "area_title": area.title, "topic": r.topic, "topic_title": dict(area.topics).get(r.topic, r.topic),
                "section": r.section, "terms": list(r.terms), "withdrawn": r.withdrawn,
                "options": [_option_json(o) for o in options_touching(name, cat)],
                "scenarios": [_scenario_json(s, results.status(s)) for s in specs],
                "results_generated": results.generated}
    if name in cat.options:
        o = cat.options[name]
        return {"id": o.name, "kind": o.kind, "title": o.title, "text": o.text, "area": o.area,
                "area_title": areas[o.area].title, "choices": dict(o.choices), "default": o.default,
                "grounds": o.grounds, "rules": list(o.rules),
                "scenarios": [_scenario_json(s, results.status(s)) for s in option_scenarios(name, features)],
                "results_generated": results.generated}
    raise KeyError(name)


def _table(rows: Sequence[Sequence[str]], indent: str) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [indent + "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |" for r in rows]


def _steps_lines(steps: Sequence[dict], indent: str) -> list[str]:
    out = []
    for s in steps:
        out.append(f"{indent}{s['keyword']} {s['text']}")
        if s["table"]:
            out += _table(s["table"], indent + "    ")
        if s["docstring"]:
            out += [indent + '    """'] + [indent + "    " + ln for ln in s["docstring"].splitlines()] + \
                   [indent + '    """']
    return out


def render(data: Mapping) -> str:
    """The ``rule`` command's answer as text a player reads."""
    lines = []
    if data["kind"] == "rule":
        lines.append(f"{data['id']}: {data['title']}")
        lines.append(f"{data['area_title']} › {data['topic_title']} — rulebook: {data['section']}")
        if data["withdrawn"]:
            lines.append(f"WITHDRAWN: {data['withdrawn']}")
        lines += ["", data["text"]]
        if data["terms"]:
            lines += ["", "Terms: " + ", ".join(data["terms"])]
        if data["options"]:
            lines += ["", "Options that touch it:"]
            for o in data["options"]:
                lines.append(f"  {o['name']} ({o['kind']}, default {o['default']}): {o['title']}")
                for choice, what in o["choices"].items():
                    lines.append(f"    - {choice}: {what}")
    else:
        lines.append(f"{data['id']} ({data['kind']} option): {data['title']}")
        lines += [data["area_title"], "", data["text"], "", "Settings:"]
        for choice, what in data["choices"].items():
            mark = " (default)" if choice == data["default"] else ""
            lines.append(f"  - {choice}{mark}: {what}")
        lines += ["", f"Grounds: {data['grounds']}"]
        if data["rules"]:
            lines += ["", "Rules it touches: " + ", ".join(data["rules"])]
    specs = data["scenarios"]
    what = "Scenarios that prove it" if data["kind"] == "rule" else "Scenarios that set it"
    lines += ["", f"{what}: {len(specs) if specs else 'none yet'}"]
    for s in specs:
        lines += ["", f"  [{s['status']}] {s['keyword']}: {s['name']}", f"    {s['key']}"]
        if s["rule_block"]:
            lines.append(f"    Rule: {s['rule_block']}")
        if s["background"]:
            lines.append("    Background:")
            lines += _steps_lines(s["background"], "      ")
        lines += _steps_lines(s["steps"], "    ")
        for table in s["examples"]:
            lines.append("    Examples:")
            lines += _table(table, "      ")
    if data.get("results_generated") is None and specs:
        lines += ["", "(No results file: run the specification (make test) to see each scenario's status.)"]
    return "\n".join(lines)


def proof_title(name: str, examples: Sequence[Sequence[Sequence[str]]] = ()) -> str:
    """A scenario's name as a reader sees it: an outline's placeholders filled from its first example, or else as
    plain words ("<figure>" → figure).

    >>> proof_title("A <figure> at full health gains 1", [[["figure", "health"], ["Husk", "4"]]])
    'A Husk at full health gains 1'
    >>> proof_title("A <figure> at full health gains 1")
    'A figure at full health gains 1'
    """
    if examples and len(examples[0]) > 1:
        row = dict(zip(examples[0][0], examples[0][1]))
        name = re.sub(r"<([^<>]*)>", lambda m: row.get(m.group(1), m.group(0)), name)
    return re.sub(r"<([^<>]*)>", r"\1", name)
