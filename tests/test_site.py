"""The living rulebook without a browser: the glossary covers the catalog's terms, the board layout is sound, and
the built site (html and single page, warning-free) holds every rule at its anchor, in the JSON export too."""

from __future__ import annotations

import json
import re
import sys
from types import SimpleNamespace

import pytest

from solver.board import board_from_data
from solver.boardfile import load_board
from solver.catalog import catalog
from solver.spec import ROOT, Step, load_results, scenarios_by_rule

sys.path.insert(0, str(ROOT / "rules_docs" / "_ext"))
from dm_rulebook import boardsvg  # noqa: E402
from dm_rulebook.build import RESULTS_SNAPSHOT, ensure_site  # noqa: E402
from dm_rulebook.data import _settings_in_step  # noqa: E402
from dm_rulebook.md import esc  # noqa: E402


# --- the glossary -----------------------------------------------------------------------------------------------------
def test_every_term_a_rule_lists_has_a_glossary_entry():
    cat = catalog()
    known = {t.term.lower() for t in cat.terms} | {s.lower() for t in cat.terms for s in t.synonyms}
    missing = sorted({(t, r.id) for r in cat.rules.values() for t in r.terms if t.lower() not in known})
    assert not missing, "terms with no entry in solver/catalog/glossary.yaml: " + ", ".join(
        f"{t!r} ({rid})" for t, rid in missing)


def test_a_players_word_names_one_term_only():
    cat = catalog()
    owner: dict[str, str] = {t.term.lower(): t.term for t in cat.terms}
    assert len(owner) == len(cat.terms), "a term is in the glossary twice"
    clashes = []
    for t in cat.terms:
        for s in t.synonyms:
            if s.lower() in owner and owner[s.lower()] != t.term:
                clashes.append(f"{s!r}: {owner[s.lower()]} and {t.term}")
            owner.setdefault(s.lower(), t.term)
    assert not clashes, clashes


def test_glossary_entries_name_catalogued_rules_and_have_players_words():
    cat = catalog()
    assert all(r in cat.rules for t in cat.terms for r in t.rules)
    assert all(t.definition.strip() for t in cat.terms)
    used = {x.lower() for r in cat.rules.values() for x in r.terms}
    without = [t.term for t in cat.terms if t.term.lower() in used and not t.synonyms]
    assert not without, f"terms the rules use with no players' words for search: {without}"


# --- helpers --------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["a <figure> with *stars* and _under_ | pipe", "`code` [link](x) {term}`y`",
                                  "1. not a list", "12) nor this", "# not a heading", "- nor a bullet",
                                  "+ nor that", "> no quote", "health +1 token", 'say "x"', "a & b &amp; c",
                                  "![img](y)"])
def test_text_from_data_is_escaped_for_markdown(text):
    from markdown_it import MarkdownIt

    html = MarkdownIt("commonmark").enable("table").renderInline(esc(text))
    plain = re.sub(r"<[^>]+>", "", html).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"') \
        .replace("&amp;", "&")
    assert plain == text
    assert "<em>" not in html and "<a " not in html and "<code>" not in html


def test_a_step_that_names_an_option_pins_its_setting():
    opt = SimpleNamespace(choices={"whole-reserve": "", "that-monster-type": ""})
    spec = SimpleNamespace(examples=((("setting",), ("whole-reserve",), ("that-monster-type",)),))
    plain = SimpleNamespace(examples=())
    assert _settings_in_step('the option "reserve.empty" is set to "that-monster-type"', "reserve.empty", opt,
                             plain) == ["that-monster-type"]
    assert _settings_in_step('the option "reserve.empty" is set to "<setting>"', "reserve.empty", opt,
                             spec) == ["whole-reserve", "that-monster-type"]
    assert _settings_in_step("reserve.empty is left as it is", "reserve.empty", opt, plain) == ["?"]
    assert Step("Given", "x").text == "x"


# --- the board layout ------------------------------------------------------------------------------------------------
def _boards():
    from solver.scenarios import SCENARIOS, board_file

    boards = [load_board(board_file(n)) for n in SCENARIOS if board_file(n).exists()]
    boards.append(board_from_data({
        "name": "chain", "rooms": {1: {"spaces": {"1a": ["spawn", "start"], "1b": [], "1c": []}},
                                   2: {"spaces": {"2a": ["spawn"], "2b": {"objective_point": "star"}}},
                                   3: {"spaces": {"3a": ["spawn"]}}, 4: {"spaces": {"4a": ["spawn"]}}},
        "connections": [["1a", "1b"], ["1b", "1c"], ["1c", "2a"], ["2a", "2b"], ["2b", "3a", "locked"],
                        ["3a", "4a"]]}, "chain.yaml"))
    return boards


@pytest.mark.parametrize("board", _boards(), ids=lambda b: b.name)
def test_board_layout_gives_each_room_its_own_cell_and_each_space_a_place_in_its_room(board):
    lay = boardsvg.layout(board)
    cells = lay["cells"]
    assert set(cells) == set(board.rooms)
    assert len(set(cells.values())) == len(cells), "two rooms in one cell"
    for sid, (x, y) in lay["spaces"].items():
        rx, ry, rw, rh = lay["rooms"][board.spaces[sid].room]
        r = boardsvg.SPACE_R
        assert rx + r <= x <= rx + rw - r and ry + r <= y <= ry + rh - r, sid
    assert len(set(lay["spaces"].values())) == len(board.spaces), "two spaces drawn on one spot"
    # rooms joined by a connection are placed close together: on average less than two cells apart
    g = boardsvg.room_graph(board)
    pairs = [(a, b) for a in g for b in g[a] if a < b]
    if pairs:
        mean = sum(abs(cells[a][0] - cells[b][0]) + abs(cells[a][1] - cells[b][1]) for a, b in pairs) / len(pairs)
        assert mean < 2.0


def test_the_board_svg_marks_every_space_connection_and_feature():
    board = _boards()[-1]
    svg = boardsvg.board_svg(board, figures={"1a": [("LG", "investigator", "Lisbeth Gibson")]})
    assert svg.count('class="dm-space-g') == len(board.spaces)
    assert svg.count("<line ") >= len(board.connections)
    assert svg.count('class="dm-spawn"') >= sum(1 for s in board if s.is_spawn_space)
    assert 'class="dm-start"' in svg and 'class="dm-op"' in svg and "locked hatch" in svg
    assert "Lisbeth Gibson on 1a" in svg


# --- the built site ----------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def built():
    try:
        from tests import conftest

        conftest.write_results_file()
    except ImportError:
        pass
    return ensure_site()


def test_the_json_export_has_every_rule_with_its_status_at_a_real_anchor(built):
    html = built["html"].outdir
    data = json.loads((html / "rules.json").read_text(encoding="utf-8"))
    cat = catalog()
    results = load_results(RESULTS_SNAPSHOT)
    by_rule = scenarios_by_rule()
    assert [r["id"] for r in data["rules"]] == list(cat.rules)
    assert {o["name"] for o in data["rulings"]} == set(cat.options)
    pages: dict[str, str] = {}
    for r in data["rules"]:
        page, anchor = r["url"].split("#")
        text = pages.setdefault(page, (html / page).read_text(encoding="utf-8"))
        assert f'id="{anchor}"' in text, r["id"]
        statuses = [s["status"] for s in r["scenarios"]]
        assert statuses == [results.status(s) for s in by_rule.get(r["id"], [])]
        assert r["proven"] == ("passed" in statuses)


def test_the_single_page_holds_every_rule_and_the_build_stamp(built):
    single = (built["singlehtml"].outdir / "index.html").read_text(encoding="utf-8")
    for rule_id in catalog().rules:
        assert f'id="rule-{rule_id.replace(".", "-")}"' in single, rule_id
    assert "dm-board-svg" in single or "not there yet" in single
    assert re.search(r"Built \d{4}-\d\d-\d\d \d\d:\d\d UTC from commit", single)


def test_rule_text_links_its_terms_and_keeps_the_spaces_around_them():
    from dm_rulebook.pages import linkify

    term = SimpleNamespace(term="health +1 token")
    reserve = SimpleNamespace(term="reserve")
    known = {"health +1 token": term, "reserve": reserve}
    out = linkify(None, "It takes a health +1 token, and the reserve holds 2 health +1 tokens.", known)
    assert out == ("It takes a {term}`health +1 token <health +1 token>`, and the {term}`reserve <reserve>` holds 2 "
                   "health +1 tokens.")


def test_a_module_not_written_yet_is_named_on_its_page_not_a_broken_build(monkeypatch):
    import solver
    from dm_rulebook import pages
    from dm_rulebook.data import collect

    for name in ("state", "cli"):
        monkeypatch.setitem(sys.modules, f"solver.{name}", None)
        monkeypatch.delattr(solver, name, raising=False)
    data = collect()
    assert not data.problems, data.problems
    assert "solver.cli" in data.missing["cli"] and data.parser is None
    assert "not written yet" in pages.cli(data)
    if data.examples:
        assert "solver.state" in data.missing["examples"]
        assert all(e.answer is None and e.error for e in data.examples)
        scenario = next(e.scenario for e in data.examples if e.scenario in data.scenarios)
        assert "not written yet" in pages.worked_answers(data, scenario)
