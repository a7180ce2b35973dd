"""The Table page's build (``rules_docs/_ext/dm_rulebook/table.py``) and its Python bridge (``solver/web.py``), without
a browser: what the page is made of, and that the bridge answers exactly as the command line."""

from __future__ import annotations

import json
import sys
import zipfile

import pytest

from solver import web
from solver.catalog import catalog
from solver.spec import ROOT
from tests.cli_helpers import run_installed

sys.path.insert(0, str(ROOT / "rules_docs" / "_ext"))
from dm_rulebook import table  # noqa: E402


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("table")
    return out, table.build_table(out, standalone=True)


def test_the_page_carries_the_runtime_and_the_package_and_nothing_compiled(built):
    out, static = built
    assert (out / "table.html").is_file()
    for name in table.PYODIDE_FILES:
        assert (static / "pyodide" / name).stat().st_size == (ROOT / "node_modules" / "pyodide" / name).stat().st_size
    names = zipfile.ZipFile(static / "deepmadness.zip").namelist()
    for needed in ("solver/cli.py", "solver/web.py", "yaml/__init__.py"):
        assert needed in names
    assert "solver/ask/vectors.bin" not in names  # 3.7 MB the board doesn't need: the ask box fetches it apart
    assert not [n for n in names if n.startswith("constraint/")]  # the package needs no constraint solver
    assert any(n.startswith("solver/catalog/") and n.endswith(".yaml") for n in names)
    assert not [n for n in names if n.endswith((".so", ".pyc", ".c")) or "__pycache__" in n]
    html = (out / "table.html").read_text(encoding="utf-8")
    assert "http://" not in html and "https://" not in html  # nothing from another host
    for script in static.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        assert "cdn" not in text.lower() and "https://" not in text, script.name


def test_every_rule_and_option_has_its_link(built):
    _, static = built
    links = json.loads((static / "rule-links.json").read_text(encoding="utf-8"))
    cat = catalog()
    assert set(links) == set(cat.rules) | set(cat.options)
    rule = next(iter(cat.rules))
    assert links[rule].endswith("#rule-" + rule.replace(".", "-"))


def test_the_examples_are_listed_with_their_command_lines(built):
    _, static = built
    listed = {e["file"]: e for e in json.loads((static / "examples.json").read_text(encoding="utf-8"))}
    assert set(listed) == {p.name for p in (ROOT / "examples").glob("*.yaml")}
    for e in listed.values():
        assert e["text"] == (ROOT / "examples" / e["file"]).read_text(encoding="utf-8")


def test_without_npm_ci_the_build_says_what_to_run(tmp_path):
    with pytest.raises(table.TableBuildError, match="npm ci"):
        table.build_table(tmp_path / "site", root=tmp_path)


def test_the_bridge_prints_what_the_command_line_prints(tmp_path):
    text = (ROOT / "examples" / "general-distance.yaml").read_text(encoding="utf-8")
    (tmp_path / "state.yaml").write_text(text, encoding="utf-8")
    cli = run_installed("distance", "state.yaml", "--json", "--from", "Sophie Brigman", "--to", "Husk#1",
                        cwd=tmp_path)
    assert cli.returncode == 0, cli.stderr
    assert web.answer("distance", text, {"from": "Sophie Brigman", "to": "Husk#1"}) == cli.stdout
    assert web.answer("distance", text, ["--from", "Sophie Brigman", "--to", "Husk#1"]) == cli.stdout
    refused = web.call("answer", json.dumps(["distance", text, {"from": "Nobody", "to": "Husk#1"}]))
    cli = run_installed("distance", "state.yaml", "--json", "--from", "Nobody", "--to", "Husk#1", cwd=tmp_path)
    assert cli.returncode == 2 and json.loads(refused) == {"error": cli.stderr.strip(), "status": 2}


def test_a_position_packs_into_a_url_and_back():
    text = (ROOT / "examples" / "fathoms-dark-unbound-activation.yaml").read_text(encoding="utf-8")
    token = web.pack(text)
    assert web.unpack(token) == text
    assert set(token) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(token) < len(text)


def test_a_board_round_trips_through_the_pages_data():
    text = (ROOT / "solver" / "scenarios" / "boards" / "expectant-terror.yaml")
    if not text.exists():
        from solver.scenarios import board_file

        text = board_file("expectant-terror")
    data = web.board(text.read_text(encoding="utf-8"))
    again = web.board(web.board_to_yaml(data))
    assert {**again, "name": data["name"], "approximate": data["approximate"]} == data


def test_the_built_site_has_the_table_page_and_every_rule_link_lands_on_its_anchor():
    """In the site ``make rulebook`` builds (the build the site's own tests share): the Table page with its files,
    and each rule's or option's link an anchor of the page it names."""
    from dm_rulebook.build import ensure_site

    site = ensure_site(("html",))["html"].outdir
    assert 'id="dm-table"' in (site / "table.html").read_text(encoding="utf-8")
    static = site / "_static" / "table"
    assert (static / "deepmadness.zip").is_file() and (static / "pyodide" / "pyodide.asm.wasm").is_file()
    links = json.loads((static / "rule-links.json").read_text(encoding="utf-8"))
    pages: dict[str, str] = {}
    for name, link in links.items():
        page, anchor = link.split("#")
        if page not in pages:
            pages[page] = (site / page).read_text(encoding="utf-8")
        assert f'id="{anchor}"' in pages[page], f"{name}: no anchor {link}"
