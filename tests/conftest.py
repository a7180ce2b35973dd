"""Shared test set-up: step modules, the @rule:ID tag check, and the per-scenario results file.

* Every module in ``tests/steps/`` is loaded as a plugin, so its step definitions serve every feature file.
* ``@rule:ID`` tags become ``pytest.mark.rule(ID)``; a tag naming a rule the catalog does not hold (or a withdrawn
  one) stops the run at collection.
* After a run that executed scenarios, ``build/spec-results.json`` records each scenario's outcome for the
  rulebook summary and the website.
"""

from __future__ import annotations

import datetime as _dt
import json
import pkgutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings

from solver.catalog import catalog
from solver.fileio import write_atomic
from solver.spec import OPTION_TAG, RESULTS_FILE, ROOT, RULE_TAG

pytest_plugins = [f"tests.steps.{m.name}" for m in pkgutil.iter_modules([str(Path(__file__).parent / "steps")])]

# Hypothesis profiles for `make fuzz` (pytest --hypothesis-profile=fuzz): many more examples and longer random
# games for the property tests that defer to the profile (tests/test_invariants.py); `make test` keeps each test's
# own small budget. "long" is the same profile under another name.
for _name in ("fuzz", "long"):
    hypothesis_settings.register_profile(_name, max_examples=400, stateful_step_count=150, deadline=None)


class UnknownRuleTag(pytest.UsageError):
    """A scenario's @rule: tag names no catalogued rule."""


def pytest_bdd_apply_tag(tag: str, function):
    if tag.startswith(RULE_TAG[1:]):
        rule_id = catalog().resolve(tag[len(RULE_TAG) - 1:])  # a former ID (solver/catalog/aliases.yaml) resolves
        rules = catalog().rules
        if rule_id not in rules:
            raise UnknownRuleTag(f"scenario {function.__doc__!r} is tagged @{tag}, but no rule {rule_id!r} "
                                 f"is in the catalog (solver/catalog)")
        if rules[rule_id].is_withdrawn:
            raise UnknownRuleTag(f"scenario {function.__doc__!r} is tagged @{tag}, a withdrawn rule")
        pytest.mark.rule(rule_id)(function)
        return True
    if tag.startswith(OPTION_TAG[1:]):
        name = catalog().resolve(tag[len(OPTION_TAG) - 1:])
        if name not in catalog().options:
            raise UnknownRuleTag(f"scenario {function.__doc__!r} is tagged @{tag}, but no assumption or "
                                 f"interpretation option {name!r} is in the catalog (solver/catalog)")
        pytest.mark.option(name)(function)
        return True
    return None


_RESULTS: list[dict] = []


def pytest_bdd_before_scenario(request, feature, scenario):
    path = Path(feature.filename).resolve()
    request.node._dm_scenario = {
        "key": f"{path.relative_to(ROOT).as_posix()}:{scenario.line_number}",
        "feature": feature.name,
        "scenario": scenario.name,
    }


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    info = getattr(item, "_dm_scenario", None)
    if info is not None and (report.when == "call" or report.outcome != "passed"):
        if report.when == "call" or report.failed:
            _RESULTS.append({**info, "nodeid": item.nodeid, "outcome": report.outcome,
                             "rules": [m.args[0] for m in item.iter_markers("rule")]})
    return report


def _commit() -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                             timeout=10)
        return out.stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


def write_results_file() -> bool:
    """Write ``build/spec-results.json`` from the scenarios run so far in this session (the site's browser test
    calls it mid-session, so the site it builds shows this run's outcomes); ``False`` when none ran."""
    if not _RESULTS:
        return False
    RESULTS_FILE.parent.mkdir(parents=True, exist_ok=True)
    data = {"generated": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            "commit": _commit(), "scenarios": _RESULTS}
    write_atomic(RESULTS_FILE, json.dumps(data, indent=1))
    return True


def pytest_sessionfinish(session, exitstatus):
    write_results_file()


@pytest.fixture(scope="session")
def chromium():
    """One headless Chromium for every browser test of the session (the system's /usr/bin/chromium: ``make test``
    installs it; a browser is never downloaded). Playwright's sync API runs one event loop a thread, so two
    browser test modules must share it rather than each start their own."""
    import shutil

    from playwright.sync_api import sync_playwright

    exe = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else shutil.which("chromium")
    assert exe, "no Chromium at /usr/bin/chromium: install it with apt-get install chromium (make test does)"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe,
                                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        yield browser
        browser.close()
