"""The Table page in a real browser: headless Chromium (the system's, never a downloaded one) opens the page, served
from a local http.server on 127.0.0.1, and the solver runs in it (Pyodide from node_modules, our package from the
zip the build writes) — nothing is fetched from any other host.

Only the Table page's files are built (``build_table`` into a temporary folder, well under a second), not the whole
site; one page serves every example (the runtime starts once), a second one opens a shared URL.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import http.server
import io
import os
import json
import shutil
import sys
import threading
from pathlib import Path

import pytest
import yaml

from solver.board import Room
from solver.boardfile import load_board
from solver.catalog import catalog
from solver.cli import example_argv
from solver.cli import main as cli_main
from solver.scenarios import SCENARIOS
from solver.spec import ROOT
from tests.cli_helpers import run_installed

sys.path.insert(0, str(ROOT / "rules_docs" / "_ext"))
from dm_rulebook.table import build_table  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))
SHOTS = ROOT / "build" / "screenshots"


@pytest.fixture(scope="session")
def table_site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("table-site")
    build_table(out, standalone=True)
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def table_server(table_site):
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(table_site)))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()
    srv.server_close()


class Watched:
    """A page with every console error, page error and request to another host recorded."""

    def __init__(self, browser, base: str, width: int = 1280) -> None:
        self.page = browser.new_page(viewport={"width": width, "height": 900})
        self.problems: list[str] = []
        self.page.on("console", lambda m: m.type == "error" and self.problems.append(f"console: {m.text}"))
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e} {e.stack}"))
        self.page.on("request", lambda r: r.url.startswith((base, "data:", "blob:"))
                     or self.problems.append(f"request to another host: {r.url}"))

    def open(self, url: str) -> "Watched":
        self.page.goto(url)
        self.page.evaluate("window.deepmadness.ready")
        self.page.wait_for_selector("#dm-table[data-ready=true]", timeout=60000)
        return self

    def answer(self, question: str, state_yaml: str, args):
        return self.page.evaluate("([q, s, a]) => window.deepmadness.answer(q, s, a)", [question, state_yaml, args])


@pytest.fixture(scope="session")
def table(chromium, table_server):
    w = Watched(chromium, table_server).open(f"{table_server}/table.html")
    yield w
    w.page.close()
    assert not w.problems, w.problems


def cli_json(*argv: str, cwd: Path = ROOT):
    r = run_installed(*argv, "--json", cwd=cwd)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def command_line(argv: list[str], cwd: Path) -> tuple[int, str, str]:
    """``deepmadness ARGV`` run in this process (``solver.cli.main``, the installed script's entry point): exit
    status, standard output, standard error — a new process per example would double this file's run time."""
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli_main(argv)
    finally:
        os.chdir(here)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_example_answers_in_the_browser_as_on_the_command_line(table, example):
    argv = example_argv(example)
    argv[1] = example.name
    code, out, err = command_line([*argv, "--json"], example.parent)
    text = example.read_text(encoding="utf-8")
    if code == 0:
        assert table.answer(argv[0], text, argv[2:]) == json.loads(out)
    else:  # the command line refuses it: the browser refuses it with the same message
        message = table.page.evaluate("([q, s, a]) => window.deepmadness.answer(q, s, a).catch((e) => e.message)",
                                      [argv[0], text, argv[2:]])
        assert message.replace("state.yaml", example.name) == err.strip()


def test_a_refused_position_gives_the_command_lines_message(table, tmp_path):
    text = "scenario: fathoms-dark\ninvestigators:\n  Lisbeth Gibson: {space: 99z}\n"
    (tmp_path / "bad.yaml").write_text(text, encoding="utf-8")
    cli = run_installed("check", "bad.yaml", cwd=tmp_path)
    assert cli.returncode == 2
    message = table.page.evaluate("(s) => window.deepmadness.answer('check', s).catch((e) => e.message)", text)
    assert message.replace("state.yaml", "bad.yaml") == cli.stderr.strip()


def _open(page, details: str) -> None:
    page.evaluate("(sel) => { document.querySelector(sel).open = true; }", details)


def _wait_status(page, text: str) -> None:
    """Wait until the check that runs after every change says ``text``."""
    page.wait_for_function("(t) => document.getElementById('dm-t-status').textContent.includes(t)", arg=text,
                           timeout=15000)


def _tap(page, space: str) -> None:
    page.locator(f'g.dm-t-space[data-space="{space}"]').click()


def _tap_room(page, room: str) -> None:
    """Tap a room's tile at the middle of its top edge (clear of its spaces and its rounded corners)."""
    tile = page.locator(f'g.dm-t-room[data-room="{room}"] rect')
    tile.click(position={"x": tile.bounding_box()["width"] / 2, "y": 4})


def _tool(page, tool: str) -> None:
    page.check(f'input[name=dm-t-tool][value="{tool}"]')


def _state_yaml(page) -> str:
    return page.input_value("#dm-t-state-yaml")


def _set_up_by_taps(page) -> None:
    """Fathoms Dark: Sophie Brigman on 24b and a Husk on 13a, placed by tapping; the distance question asked."""
    page.select_option("#dm-t-start", "general-distance.yaml")  # Fathoms Dark on its shipped board
    page.click("#dm-t-clear")
    _tool(page, "investigator")
    page.select_option("#dm-t-which-investigator", "Sophie Brigman")
    _tap(page, "24b")
    _tool(page, "monster")
    page.select_option("#dm-t-which-monster", "Husk")
    _tap(page, "13a")
    page.select_option("#dm-t-question", "distance")
    page.fill('input[data-param="from"]', "Sophie Brigman")
    page.fill('input[data-param="to"]', "Husk#1")
    page.click("#dm-t-ask-button")


def test_a_position_built_by_taps_answers_as_the_command_line(table, tmp_path):
    page = table.page
    _set_up_by_taps(page)
    shown = json.loads(page.text_content("#dm-t-json"))
    (tmp_path / "state.yaml").write_text(_state_yaml(page), encoding="utf-8")
    assert cli_json("distance", "state.yaml", "--from", "Sophie Brigman", "--to", "Husk#1", cwd=tmp_path) == shown
    # the same figures on the same board as the shipped example: the same result, two tied paths drawn
    example = cli_json(*example_argv(ROOT / "examples" / "general-distance.yaml"))
    assert shown["result"] == example["result"]
    assert page.locator("#dm-t-svg polyline.dm-t-path").count() >= 1
    _wait_status(page, "Legal position")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "table-taps.png"))


def test_markers_and_wounds_set_by_taps_answer_as_the_command_line(table, tmp_path):
    """Fevered Dreams: two flooded markers tapped onto Franklyn Christie's space make it a mist space; a wound and a
    slow token set on him from the figure panel; the mist question's answer is the command line's."""
    page = table.page
    page.select_option("#dm-t-start", "fevered-dreams-mist.yaml")
    _tool(page, "flooded")
    _tap(page, "2a")
    _tap(page, "2a")
    _tool(page, "move")
    page.locator('g.dm-t-fig[data-figure="Franklyn Christie"]').click()
    page.click('button[aria-label="wounds more"]')
    page.click('button[aria-label="slow more"]')
    state = _state_yaml(page)
    assert "2a: 2" in state and "wounds: 1" in state and "slow: 1" in state
    assert page.locator(".dm-t-m-flooded").count() == 5
    page.click("#dm-t-ask-button")
    shown = json.loads(page.text_content("#dm-t-json"))
    (tmp_path / "state.yaml").write_text(state, encoding="utf-8")
    assert cli_json("mist", "state.yaml", cwd=tmp_path) == shown
    assert any("Franklyn Christie" in c["label"] and "2a" in c["label"] for c in shown["choices"])


def test_obscure_moves_to_the_portal_tapped(table):
    page = table.page
    page.select_option("#dm-t-start", "fevered-dreams-mist.yaml")
    _tool(page, "move")
    page.locator('g.dm-t-fig[data-figure="Obscure"]').click()
    board = page.evaluate("window.deepmadness.app.board")
    portals = {sid: spec["portal"] for room in board["rooms"].values() for sid, spec in room["spaces"].items()
               if spec.get("portal")}
    now = yaml.safe_load(_state_yaml(page))["fevered-dreams"]["obscure_portal"]
    target, colour = next((sid, c) for sid, c in portals.items() if c != now)
    _tap(page, target)
    assert yaml.safe_load(_state_yaml(page))["fevered-dreams"]["obscure_portal"] == colour
    assert page.get_attribute('g.dm-t-fig[data-figure="Obscure"]', "data-space") == target


def test_pick_fills_the_questions_fields_from_the_board(table):
    page = table.page
    page.select_option("#dm-t-start", "general-distance.yaml")
    page.select_option("#dm-t-question", "line-of-sight")
    _tool(page, "pick")
    page.locator('input[data-param="from"]').focus()
    _tap(page, "17a")
    page.locator('input[data-param="to"]').focus()
    page.locator('g.dm-t-fig[data-figure="Husk#1"]').click()
    assert page.input_value('input[data-param="from"]') == "17a"
    assert page.input_value('input[data-param="to"]') == "Husk#1"
    _tool(page, "move")


def test_events_played_on_the_table_answer_as_the_command_line_and_leave_the_position_after(table, tmp_path):
    page = table.page
    example = ROOT / "examples" / "general-play-wounds.yaml"
    argv = example_argv(example)
    page.select_option("#dm-t-start", example.name)
    assert page.input_value("#dm-t-events").splitlines() == [a for a in argv[2:] if not a.startswith("--")]
    page.click("#dm-t-play-button")
    shown = json.loads(page.text_content("#dm-t-json"))
    (tmp_path / "state.yaml").write_text(_state_yaml(page), encoding="utf-8")
    assert cli_json("play", "state.yaml", *argv[2:], cwd=tmp_path) == shown
    played = page.locator("#dm-t-answer .dm-t-played > li")
    assert played.count() == len(shown["events"])
    for i, event in enumerate(shown["events"]):
        assert event["event"] in played.nth(i).inner_text()
        for fired in event["fired"]:
            assert played.nth(i).locator(f'a.dm-t-rule:text-is("{fired["rule"]}")').count() >= 1
    # one event kept: the table shows the position the command line writes with --out
    page.fill("#dm-t-events", "gain-health 'Sophie Brigman'")
    page.click("#dm-t-play-keep")
    r = run_installed("play", "state.yaml", "gain-health 'Sophie Brigman'", "--out", "after.yaml", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    after = yaml.safe_load((tmp_path / "after.yaml").read_text(encoding="utf-8"))
    assert yaml.safe_load(_state_yaml(page)) == after
    assert after["investigators"]["Sophie Brigman"].get("health_plus_tokens")


def test_an_answer_chosen_step_by_step_draws_each_steps_options(table):
    """An unbound activation whose every action is chosen on its own: one button per option of each step; tapping
    one draws it on the board."""
    page = table.page
    page.select_option("#dm-t-start", "fathoms-dark-unbound-activation-tie.yaml")
    page.click("#dm-t-ask-button")
    data = json.loads(page.text_content("#dm-t-json"))
    assert data["steps"], "the example's answer is chosen step by step"
    chips = page.locator("#dm-t-answer .dm-t-step button")
    assert chips.count() == sum(len(step["options"]) for step in data["steps"])
    for i, option in enumerate(data["steps"][0]["options"]):
        chips.nth(i).click()
        drawn = option["draw"]
        assert drawn["spaces"] or drawn["figures"]
        chosen = page.eval_on_selector_all("#dm-t-svg [data-chosen]", "(es) => es.map((e) => e.dataset.chosen)")
        targets = page.eval_on_selector_all("#dm-t-svg [data-target]", "(es) => es.map((e) => e.dataset.target)")
        assert set(chosen) == set(drawn["spaces"]) | set(data["draw"]["spaces"])
        assert set(targets) == set(drawn["figures"]) | set(data["draw"]["figures"])


def test_a_scenarios_own_set_up_with_the_investigators_chosen(table, tmp_path):
    page = table.page
    page.select_option("#dm-t-start", "general-distance.yaml")  # Fathoms Dark
    _open(page, "#dm-t-setup")
    for name in ("Lisbeth Gibson", "Sophie Brigman", "Isaiah Wiesenthal"):
        page.check(f'#dm-t-setup-form input[data-investigator="{name}"]')
    page.click("#dm-t-setup-button")
    _wait_status(page, "Legal position")
    state = yaml.safe_load(_state_yaml(page))
    assert set(state["investigators"]) == {"Lisbeth Gibson", "Sophie Brigman", "Isaiah Wiesenthal"}
    assert set(state["fathoms-dark"]["objective_markers"]) == set(state["investigators"])
    (tmp_path / "state.yaml").write_text(_state_yaml(page), encoding="utf-8")
    assert run_installed("check", "state.yaml", cwd=tmp_path).returncode == 0


def test_rule_ids_link_to_their_rule_pages(table):
    page = table.page
    _set_up_by_taps(page)
    page.select_option("#dm-t-question", "attack-targets")
    page.fill('input[data-param="investigator"]', "Sophie Brigman")
    page.fill('input[data-param="range"]', "3")
    page.click("#dm-t-ask-button")
    links = page.locator("#dm-t-answer a.dm-t-rule")
    assert links.count() >= 1
    for i in range(links.count()):
        name, href = links.nth(i).inner_text(), links.nth(i).get_attribute("href")
        page_name, anchor = href.split("#")
        if name in catalog().rules:
            assert anchor == "rule-" + name.replace(".", "-") and page_name == _page_of(name)
        else:  # an assumption or interpretation option
            assert name in catalog().options
            assert (page_name, anchor) == ("assumptions.html", "option-" + name.replace(".", "-"))


def _page_of(rule_id: str) -> str:
    area = catalog().rule(rule_id).area
    scen = area.replace("_", "-")
    return f"scenarios/{scen}.html" if scen in SCENARIOS else f"rules/{area}.html"


def test_a_shared_url_opens_the_same_position(table, chromium, table_server):
    """A position set up by taps on a board changed in the editor (9a joined to 17a): the URL carries both, and a
    new page opened from it shows the same state, the same board and the same answer."""
    page = table.page
    _set_up_by_taps(page)
    _open(page, "#dm-t-editor")
    page.click("#dm-t-edit-toggle")
    page.check('input[name=dm-t-edit-tool][value="connect"]')
    _tap(page, "9a")
    _tap(page, "17a")
    page.click("#dm-t-edit-toggle")
    board = page.input_value("#dm-t-board-yaml")
    assert "[9a, 17a]" in board
    page.click("#dm-t-ask-button")
    answer = json.loads(page.text_content("#dm-t-json"))
    _open(page, "#dm-t-files")
    page.click("#dm-t-share")
    url = page.input_value("#dm-t-share-url")
    assert "#s=" in url and "&b=" in url and len(url) < 4000
    other = Watched(chromium, table_server).open(url)
    try:
        assert _state_yaml(other.page) == _state_yaml(page)
        assert other.page.evaluate("window.deepmadness.app.boardYaml") == board
        other.page.click("#dm-t-ask-button")
        assert json.loads(other.page.text_content("#dm-t-json")) == answer
        assert not other.problems, other.problems
    finally:
        other.page.close()


def test_a_state_file_made_on_the_command_line_opens_in_the_browser(table):
    page = table.page
    text = (ROOT / "examples" / "fevered-dreams-mist.yaml").read_text(encoding="utf-8")
    _open(page, "#dm-t-files")
    page.fill("#dm-t-state-yaml", text)
    page.click("#dm-t-state-apply")
    assert page.input_value("#dm-t-scenario") == "fevered-dreams"
    assert page.locator(".dm-t-m-flooded").count() == 4  # the example's four flooded spaces
    _wait_status(page, "Legal position")


def test_state_and_board_files_open_and_save_as_the_command_line_reads_them(table, tmp_path):
    """A state on a board of its own, opened from files; saved again (the page's downloads), the two files answer
    on the command line exactly as in the browser."""
    page = table.page
    shipped = (ROOT / "solver" / "scenarios" / "boards" / "fathoms-dark.yaml")
    if not shipped.exists():
        from solver.scenarios import board_file

        shipped = board_file("fathoms-dark")
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "table.yaml").write_text(shipped.read_text(encoding="utf-8").replace("name: Fathoms Dark",
                                                                                           "name: Our table"))
    state = (ROOT / "examples" / "general-distance.yaml").read_text(encoding="utf-8")
    (tmp_path / "in" / "state.yaml").write_text(state + "board: table.yaml\n", encoding="utf-8")
    page.set_input_files("#dm-t-open-state", str(tmp_path / "in" / "state.yaml"))
    _wait_status(page, "open it")  # the state names a board file not opened yet
    page.set_input_files("#dm-t-open-board", str(tmp_path / "in" / "table.yaml"))
    _wait_status(page, "Legal position")
    page.select_option("#dm-t-question", "distance")
    page.fill('input[data-param="from"]', "Sophie Brigman")
    page.fill('input[data-param="to"]', "Husk#1")
    page.click("#dm-t-ask-button")
    shown = json.loads(page.text_content("#dm-t-json"))
    _open(page, "#dm-t-files")
    out = tmp_path / "out"
    out.mkdir()
    for button, name in (("#dm-t-save-state", "state.yaml"), ("#dm-t-save-board", "board.yaml")):
        with page.expect_download() as download:
            page.click(button)
        assert download.value.suggested_filename == name
        download.value.save_as(str(out / name))
    assert "board: board.yaml" in (out / "state.yaml").read_text(encoding="utf-8")
    assert "name: Our table" in (out / "board.yaml").read_text(encoding="utf-8")
    assert cli_json("distance", "state.yaml", "--from", "Sophie Brigman", "--to", "Husk#1", cwd=out) == shown


def test_a_board_made_in_the_editor_loads_in_the_command_line(table, tmp_path):
    page = table.page
    page.select_option("#dm-t-start", "general-distance.yaml")  # Fathoms Dark on its shipped board
    _open(page, "#dm-t-editor")
    page.click("#dm-t-edit-toggle")  # a copy of the shipped board
    page.check('input[name=dm-t-edit-tool][value="connect"]')
    _tap(page, "9a")
    _tap(page, "17a")
    page.check('input[name=dm-t-edit-tool][value="hatch"]')
    _tap(page, "9a")
    _tap(page, "17a")  # no hatch → open
    page.check('input[name=dm-t-edit-tool][value="space"]')
    _tap_room(page, "9")
    assert "dm-t-ok" in page.get_attribute("#dm-t-edit-status", "class"), page.inner_text("#dm-t-edit-status")
    rooms_placed = "at" in {f.name for f in dataclasses.fields(Room)}  # board files may say where rooms are drawn
    assert page.locator('input[name=dm-t-edit-tool][value="room"]').count() == int(rooms_placed)
    if rooms_placed:  # move room 9 one cell down: every room's place is written, 9 and its neighbour swap
        page.check('input[name=dm-t-edit-tool][value="room"]')
        _tap_room(page, "9")
        page.click('button[aria-label="move the room down"]')
        assert "dm-t-ok" in page.get_attribute("#dm-t-edit-status", "class"), page.inner_text("#dm-t-edit-status")
        assert page.input_value("#dm-t-board-yaml").count("at: [") == 12
    board = page.input_value("#dm-t-board-yaml")
    (tmp_path / "board.yaml").write_text(board, encoding="utf-8")
    (tmp_path / "state.yaml").write_text("scenario: fathoms-dark\nboard: board.yaml\n", encoding="utf-8")
    data = cli_json("distance", "state.yaml", "--from", "9a", "--to", "17a", cwd=tmp_path)
    assert data["choices"][0]["value"]["distance"] == 1
    assert "[9a, 17a, open]" in board and "9c: []" in board
    page.click("#dm-t-edit-toggle")


def test_a_board_entered_from_nothing_is_a_board_file_the_command_lines_loader_accepts(table, tmp_path):
    """Two rooms entered from an empty board: spaces, a connection with a closed hatch, a start space, an
    Objective Point and a portal; the file the editor writes reads back as that board."""
    page = table.page
    page.select_option("#dm-t-start", "general-distance.yaml")
    _open(page, "#dm-t-editor")
    page.click("#dm-t-edit-new")
    for number in ("7", "8"):
        page.fill("#dm-t-room-number", number)
        page.click("#dm-t-add-room")
    page.check('input[name=dm-t-edit-tool][value="space"]')
    _tap_room(page, "7")  # 7b
    page.check('input[name=dm-t-edit-tool][value="connect"]')
    for a, b in (("7a", "7b"), ("7b", "8a")):
        _tap(page, a)
        _tap(page, b)
    page.check('input[name=dm-t-edit-tool][value="hatch"]')
    for _ in range(2):  # none → open → closed
        _tap(page, "7b")
        _tap(page, "8a")
    page.check('input[name=dm-t-edit-tool][value="feature"]')
    page.select_option("#dm-t-edit-feature", "start")
    _tap(page, "7b")
    page.check('input[name=dm-t-edit-tool][value="objective"]')
    page.select_option("#dm-t-edit-symbol", "star")
    _tap(page, "8a")
    page.check('input[name=dm-t-edit-tool][value="portal"]')
    page.select_option("#dm-t-edit-portal", "red")
    _tap(page, "7a")
    assert "dm-t-ok" in page.get_attribute("#dm-t-edit-status", "class"), page.inner_text("#dm-t-edit-status")
    (tmp_path / "board.yaml").write_text(page.input_value("#dm-t-board-yaml"), encoding="utf-8")
    board = load_board(tmp_path / "board.yaml")
    assert sorted(board.spaces) == ["7a", "7b", "8a"]
    assert {(c.a, c.b, c.hatch) for c in board.connections} == {("7a", "7b", None), ("7b", "8a", "closed")}
    assert board.spaces["7b"].features == {"start"} and board.spaces["7a"].is_spawn_space
    assert board.spaces["8a"].objective_point == "star" and board.spaces["7a"].portal == "red"
    page.click("#dm-t-edit-toggle")  # stop editing
    page.select_option("#dm-t-start", "general-distance.yaml")


def test_the_page_fits_a_phone(table):
    page = table.page
    page.set_viewport_size({"width": 390, "height": 844})
    try:
        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "table-phone.png"), full_page=True)
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_no_console_error_and_nothing_from_another_host(table):
    """After every test above on the same page: no console error, no page error, no request to another host."""
    assert table.page.evaluate("window.deepmadness.timings.runtime_ms") > 0
    assert not table.problems, table.problems
