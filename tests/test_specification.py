"""The specification itself: every feature file parses with the official Cucumber parser, every scenario names
the rules it proves, every tag names a catalogued rule, and every catalogued rule has a scenario."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner

from solver.catalog import RULE_ID, catalog, load_catalog
from solver.errors import InputError
from solver.spec import ROOT, feature_files, load_features, scenarios_by_rule

FEATURES = feature_files()


def test_there_are_feature_files():
    assert len(FEATURES) >= 1


@pytest.mark.parametrize("path", FEATURES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_feature_parses_with_the_official_parser(path):
    doc = Parser().parse(TokenScanner(path.read_text(encoding="utf-8")))
    assert doc["feature"]["name"], "a feature needs a name"


def test_every_scenario_names_a_catalogued_rule():
    """Every tag names a catalogued rule or option, or a former ID of one (an alias)."""
    rules, resolve = catalog().rules, catalog().resolve
    problems = []
    for feature in load_features():
        for sc in feature.scenarios:
            if not sc.rule_ids and not sc.option_names:
                problems.append(f"{sc.key} {sc.name!r}: no @rule: or @option: tag")
            for name in sc.option_names:
                if resolve(name) not in catalog().options:
                    problems.append(f"{sc.key} {sc.name!r}: unknown option {name!r}")
            for rid in map(resolve, sc.rule_ids):
                if rid not in rules:
                    problems.append(f"{sc.key} {sc.name!r}: unknown rule {rid!r}")
                elif rules[rid].is_withdrawn:
                    problems.append(f"{sc.key} {sc.name!r}: withdrawn rule {rid!r}")
    assert not problems, "\n".join(problems)


def test_every_active_rule_has_a_scenario():
    by_rule = scenarios_by_rule()
    missing = [r.id for r in catalog().active_rules() if r.id not in by_rule]
    assert not missing, f"catalogued rules with no scenario: {missing}"


def test_rule_ids_are_well_formed_and_options_name_known_rules():
    cat = catalog()
    assert all(RULE_ID.match(r) for r in cat.rules)
    for opt in cat.options.values():
        assert opt.default in opt.choices
        assert all(r in cat.rules for r in opt.rules)


def test_a_duplicate_rule_id_is_refused(tmp_path):
    (tmp_path / "x.yaml").write_text(textwrap.dedent("""\
        title: X
        topics: [{id: t, title: T}]
        rules:
          - {id: t.a, topic: t, title: A, text: a, section: S}
          - {id: t.a, topic: t, title: B, text: b, section: S}
        """))
    with pytest.raises(InputError, match="catalogued twice"):
        load_catalog(tmp_path)


def test_an_unknown_rule_tag_fails_the_run(tmp_path):
    """A scenario tagged with a rule the catalog does not hold stops the whole run at collection."""
    (tmp_path / "bad.feature").write_text(textwrap.dedent("""\
        Feature: Bad tag
          @rule:health.no-such-rule
          Scenario: Tagged with an unknown rule
            Given nothing
        """))
    (tmp_path / "test_bad.py").write_text(textwrap.dedent("""\
        from pytest_bdd import given, scenarios
        scenarios("bad.feature")

        @given("nothing")
        def _nothing():
            pass
        """))
    (tmp_path / "conftest.py").write_text("from tests.conftest import pytest_bdd_apply_tag\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir",
                          str(tmp_path), str(tmp_path)], capture_output=True, text=True, env=env, cwd=tmp_path,
                         timeout=120)
    assert run.returncode != 0
    assert "health.no-such-rule" in run.stdout + run.stderr


def test_scenario_names_are_unique_within_a_feature():
    """pytest-bdd keys a feature's scenarios by name: a second scenario with the same name would silently replace
    the first, which would then never run."""
    problems = []
    for feature in load_features():
        seen: dict[str, str] = {}
        for sc in feature.scenarios:
            if sc.name in seen:
                problems.append(f"{sc.key} repeats the name {sc.name!r} of {seen[sc.name]}")
            seen.setdefault(sc.name, sc.key)
    assert not problems, "\n".join(problems)


# --- one ID scheme; a changed ID keeps working as an alias (solver/catalog/aliases.yaml) -----------------------------
SCENARIO_WORDS = {"fathoms_dark": "fathoms-", "fevered_dreams": "fevered-", "expectant_terror": "expectant-"}


def test_every_alias_stands_for_a_catalogued_id_and_is_none_itself():
    cat = catalog()
    assert cat.aliases, "aliases.yaml lists no former ID"
    for alias, target in cat.aliases.items():
        assert target in cat.rules or target in cat.options, (alias, target)
        assert alias not in cat.rules and alias not in cat.options, alias
        assert alias in cat.aliases_of(target)


def test_a_former_id_answers_for_the_rule_it_became(capsys):
    from solver.cli import main

    cat = catalog()
    for alias, target in cat.aliases.items():
        assert cat.resolve(alias) == target
        if target in cat.rules:
            assert cat.rule(alias) is cat.rules[target]
        else:
            assert cat.option(alias) is cat.options[target]
    alias, target = next((a, t) for a, t in cat.aliases.items() if t in cat.rules)
    assert main(["rule", alias]) == 0
    out = capsys.readouterr().out
    assert target in out and cat.rules[target].title in out


def test_a_former_option_name_sets_the_option():
    from solver.catalog import Options

    cat = catalog()
    alias, target = next((a, t) for a, t in cat.aliases.items() if t in cat.options)
    other = next(c for c in cat.options[target].choices if c != cat.options[target].default)
    options = Options({alias: other})
    assert options[target] == other and options[alias] == other
    assert options.non_default() == {target: other}


def test_an_alias_naming_two_catalogued_ids_is_refused(tmp_path):
    (tmp_path / "x.yaml").write_text(textwrap.dedent("""\
        title: X
        topics: [{id: t, title: T}]
        rules:
          - {id: t.a, topic: t, title: A, text: a, section: S}
          - {id: t.b, topic: t, title: B, text: b, section: S}
        """))
    (tmp_path / "aliases.yaml").write_text("aliases:\n  t.a: t.b\n")
    with pytest.raises(InputError, match="both 't.a' and 't.b' are catalogued") as info:
        load_catalog(tmp_path)
    assert "aliases.yaml" in str(info.value) and "aliases.t.a" in str(info.value)
    (tmp_path / "aliases.yaml").write_text("aliases:\n  t.old: t.b\n")
    assert load_catalog(tmp_path).rule("t.old").title == "B"


def test_the_rename_script_rewrites_former_ids_and_checks(tmp_path, capsys):
    from solver.catalog.rename import main as rename, renames

    ids, topics = renames()
    former, new = next(iter(ids.items()))
    (tmp_path / "solver" / "catalog").mkdir(parents=True)
    shutil.copy(ROOT / "solver" / "catalog" / "aliases.yaml", tmp_path / "solver" / "catalog")
    old_topic, new_topic = next(iter(topics.items()))
    area = tmp_path / "solver" / "catalog" / "area.yaml"
    area.write_text(f"topics:\n  - id: {old_topic}\nrules:\n  - id: {former}\n    topic: {old_topic}\n")
    feature = tmp_path / "features" / "x.feature"
    feature.parent.mkdir()
    feature.write_text(f"Feature: X\n  @rule:{former}\n  Scenario: S ({former}, not state.{former})\n")
    assert rename(["--check", str(tmp_path)]) == 1
    assert rename([str(tmp_path)]) == 0
    assert feature.read_text() == f"Feature: X\n  @rule:{new}\n  Scenario: S ({new}, not state.{former})\n"
    assert area.read_text() == f"topics:\n  - id: {new_topic}\nrules:\n  - id: {new}\n    topic: {new_topic}\n"
    assert (tmp_path / "solver" / "catalog" / "aliases.yaml").read_text() == \
        (ROOT / "solver" / "catalog" / "aliases.yaml").read_text()  # the aliases keep the former IDs
    assert rename(["--check", str(tmp_path)]) == 0


def test_the_catalog_compiled_for_the_wheel_is_the_catalog():
    """The wheel's build step (solver/_build.py) writes ``to_data(catalog)`` as JSON into the wheel; an installed
    command reads it back."""
    import json

    from solver.catalog import from_data, to_data

    cat = catalog()
    again = from_data(json.loads(json.dumps(to_data(cat))))
    assert again == cat and again.rule("health.gain-over-max") == cat.rule("health.gain-over-max")
    assert again.aliases == cat.aliases and again.terms == cat.terms


def test_a_tag_naming_a_former_id_marks_the_rule_it_became():
    from tests.conftest import pytest_bdd_apply_tag

    cat = catalog()
    alias, target = next((a, t) for a, t in cat.aliases.items() if t in cat.rules)

    def scenario():
        """A scenario tagged with a former ID."""

    assert pytest_bdd_apply_tag("rule:" + alias, scenario) is True
    assert [m.args for m in scenario.pytestmark] == [(target,)]


def test_the_features_compiled_for_the_wheel_read_back_as_parsed():
    """The wheel's build step (solver/_build.py) writes ``compile_features()`` as JSON into the wheel; an installed
    command reads it back through ``parse_feature`` instead of the Cucumber parser, and must get the same
    specification."""
    import json

    from solver import spec

    compiled = json.loads(json.dumps(spec.compile_features()))
    assert set(compiled) == {f.file for f in load_features()}
    for name, data in compiled.items():
        assert spec._tuples(data) == spec._parse_feature_text((ROOT / name).read_text(encoding="utf-8")), name


def test_a_scenarios_rules_and_options_share_its_prefix():
    """The one ID scheme (solver/catalog's docstring): every topic of a scenario's area begins with the scenario's
    word, and every rule and option of the area sits under one of its topics."""
    cat = catalog()
    for area in cat.areas:
        word = SCENARIO_WORDS.get(area.name)
        if not word:
            continue
        topics = {t for t, _ in area.topics}
        assert topics and all(t.startswith(word) for t in topics), (area.name, topics)
        names = [r.id for r in cat.rules_in(area.name)] + [o.name for o in cat.options.values() if o.area == area.name]
        assert [n for n in names if n.split(".")[0] not in topics] == [], area.name


def test_no_file_names_a_former_id():
    from solver.catalog.rename import main as rename

    assert rename(["--check", str(ROOT)]) == 0
