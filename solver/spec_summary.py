"""``python -m solver.spec_summary``: what the last run of the specification proved, rule by rule."""

from __future__ import annotations

import sys

from .catalog import catalog
from .spec import load_features, load_results, scenarios_by_rule


def summary() -> tuple[str, int]:
    """The summary text, and the number of active rules without a passing scenario."""
    cat = catalog()
    results = load_results()
    by_rule = scenarios_by_rule()
    features = load_features()
    all_scenarios = [s for f in features for s in f.scenarios]
    statuses = [results.status(s) for s in all_scenarios]
    lines = []
    uncovered = []
    for area in cat.areas:
        rules = [r for r in cat.rules_in(area.name) if not r.is_withdrawn]
        proven = [r for r in rules if any(results.status(s) == "passed" for s in by_rule.get(r.id, []))]
        if rules:
            lines.append(f"  {area.title:<28} {len(proven):>3}/{len(rules)} rules proven")
        else:  # an area of assumptions only (the board): nothing is missing
            opts = sum(1 for o in cat.options.values() if o.area == area.name)
            lines.append(f"  {area.title:<28} no rules of its own ({opts} assumptions and interpretations)")
        uncovered += [r for r in rules if r not in proven]
    active = sum(1 for _ in cat.active_rules())
    head = [
        f"Specification: {len(all_scenarios)} scenarios in {len(features)} feature files — "
        f"{statuses.count('passed')} passed, {statuses.count('failed')} failed, "
        f"{statuses.count('not run') + statuses.count('skipped')} not run",
        f"Rules: {active - len(uncovered)}/{active} catalogued rules have a passing scenario",
    ]
    tail = []
    if uncovered:
        tail.append("Rules with no passing scenario:")
        tail += [f"  {r.id}: {r.title}" for r in uncovered]
    else:
        tail.append("Every catalogued rule has a passing scenario.")
    return "\n".join(head + lines + tail), len(uncovered)


def main() -> int:
    text, _missing = summary()
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
