"""The living rulebook without a browser: the glossary covers the catalog's terms, the board layout is sound, and
the built site (html and single page, warning-free) holds every rule at its anchor, in the JSON export too."""

from __future__ import annotations

import json
import re
import sys
from types import SimpleNamespace

import pytest

from solver.boardfile import board_from_data
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


def test_a_worked_answers_board_draws_every_marker_and_the_answer():
    from dm_rulebook.worked import board_marks

    from solver.answers import Drawing, Placement

    board = _boards()[-1]
    state = SimpleNamespace(
        figures={"Lisbeth Gibson": SimpleNamespace(id="Lisbeth Gibson", kind="investigator", space="1a", killed=False),
                 "Husk#1": SimpleNamespace(id="Husk#1", kind="monster", space="2a", killed=False),
                 "Obscure": SimpleNamespace(id="Obscure", kind="monster", space="3a", killed=False)},
        flooded={"1b": 2}, obscure_markers={"o1": SimpleNamespace(space="1c")},
        nest_marker_spaces=lambda: {4: "4a"}, unbound_markers={"Lisbeth Gibson": object()},
        objective_point=lambda inv: "2b", devoured_rooms={4})
    marks = board_marks(state)
    kinds = {(m.kind, m.space) for m in marks}
    assert kinds == {("investigator", "1a"), ("monster", "2a"), ("special", "3a"), ("flooded", "1b"),
                     ("obscure-marker", "1c"), ("nest-marker", "4a"), ("unbound-marker", "2b")}
    draw = Drawing(spaces=("2b",), paths=(("1a", "1b", "1c"),), figures=("Husk#1",),
                   placements=(Placement("nest marker", "3a"),))
    svg = boardsvg.board_svg(board, marks=marks, draw=[draw], compact=True, devoured={4})
    for m in marks:
        assert f'data-mark="{m.kind}" data-space="{m.space}"' in svg
    assert 'data-ans-space="2b"' in svg and 'data-ans-path="0"' in svg and 'data-ans-target="Husk#1"' in svg
    assert 'data-ans-place="3a"' in svg and 'class="dm-room-g dm-devoured" data-room="4"' in svg
    legend = svg[svg.index('class="dm-legend"'):]
    # the same legend as a list the page wraps (for a phone): the same entries
    assert boardsvg.legend_html(board, marks, [draw]).count("<li>") == legend.count('<text x="14"')
    for text in ("flooded markers", "nest marker", "unbound marker", "obscure marker", "Unbound, Obscure",
                 "answer: space", "answer: path", "answer: target", "answer: placed here"):
        assert text in legend, text
    # space labels are 12 px at the board's natural size (the frame scrolls, the page does not)
    assert ".dm-space-id{fill:var(--color-foreground-primary,#222);font-size:12px" in svg


@pytest.mark.parametrize("example, kinds", [
    ("fevered-dreams-mist", {"flooded", "investigator"}),
    ("fathoms-dark-attack-targets", {"unbound-marker", "special", "investigator"}),
    ("expectant-terror-nest-spawn", {"nest-marker"}),
])
def test_the_shipped_examples_boards_show_what_their_question_is_about(example, kinds):
    from dm_rulebook.worked import board_marks

    from solver.state import load_state

    state = load_state(ROOT / "examples" / f"{example}.yaml")
    drawn = {m.kind for m in board_marks(state)}
    assert kinds <= drawn, f"{example}: not drawn: {sorted(kinds - drawn)}"


def test_a_board_file_that_places_its_rooms_is_drawn_that_way():
    from solver.scenarios import SCENARIOS, board_file

    for name in SCENARIOS:
        board = load_board(board_file(name))
        if all(room.at is not None for room in board.rooms.values()):
            assert boardsvg.grid_rooms(board) == {r: room.at for r, room in board.rooms.items()}
    chain = _boards()[-1]  # no room says where it goes: our layout search places them
    assert all(room.at is None for room in chain.rooms.values())
    assert len(set(boardsvg.grid_rooms(chain).values())) == len(chain.rooms)


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


def _dead_links(root):
    """Every local link (href, src) of every page that leads to no file, or to no element of its page."""
    from html.parser import HTMLParser
    from urllib.parse import unquote, urlsplit

    class Page(HTMLParser):
        def __init__(self):
            super().__init__()
            self.ids, self.links = set(), []

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if a.get("id"):
                self.ids.add(a["id"])
            self.links += [a[k] for k in ("href", "src") if a.get(k)]

    parsed = {}

    def page(path):
        if path not in parsed:
            parsed[path] = Page()
            parsed[path].feed(path.read_text(encoding="utf-8"))
        return parsed[path]

    dead, total = [], 0
    for f in sorted(root.rglob("*.html")):
        if "_static" in f.relative_to(root).parts:
            continue
        for url in page(f).links:
            u = urlsplit(url)
            if u.scheme or url.startswith(("//", "data:")):
                continue
            total += 1
            target = (f.parent / unquote(u.path)).resolve() if u.path else f
            if target.is_dir():
                target = target / "index.html"
            if not target.exists() or (u.fragment and target.suffix == ".html"
                                       and unquote(u.fragment) not in page(target).ids):
                dead.append(f"{f.relative_to(root)}: {url}")
    return total, dead


@pytest.mark.parametrize("builder", ["html", "singlehtml"])
def test_no_dead_link_in_either_build(built, builder):
    total, dead = _dead_links(built[builder].outdir)
    assert total > 500
    assert not dead, f"{len(dead)} dead links of {total}, e.g. {dead[:10]}"


def test_each_rule_leads_with_its_ruling_and_collapses_its_proof(built):
    text = (built["html"].outdir / "rules" / "general.html").read_text(encoding="utf-8")
    cat = catalog()
    general = [r for r in cat.rules_in("general") if not r.is_withdrawn]
    assert text.count('class="dm-ruling') == len(general)
    assert text.count('<details class="dm-details dm-proof">') == sum(1 for r in general if scenarios_by_rule().get(r.id))
    assert "<details open" not in text
    # each scenario is shown in full once in the whole site: under the first active rule it proves
    order = list(cat.rules)
    homes = {}
    for specs in scenarios_by_rule().values():
        for spec in specs:
            ids = [r for r in spec.rule_ids if r in cat.rules and not cat.rules[r].is_withdrawn]
            homes[spec.key] = min(ids, key=order.index)
    here = {k for k, rid in homes.items() if cat.rules[rid].area == "general"}
    proof_ids = re.findall(r'id="(proof-[^"]+)"', text)
    assert len(proof_ids) == len(set(proof_ids)) == len(here)
    assert len(re.findall(r'<div class="dm-scenario [^"]*admonition"', text)) == len(here)


def test_each_rule_and_option_shows_how_players_ask_it(built):
    """A rule's collapsed details, and an option's, list the players' questions it answers (the catalog's
    ``asked``), so the site's search finds a rule by players' words too."""
    import html as html_module

    cat = catalog()
    text = html_module.unescape((built["html"].outdir / "rules" / "general.html").read_text(encoding="utf-8"))
    general = [r for r in cat.rules_in("general") if not r.is_withdrawn]
    assert text.count("How players ask it:") == len(general)
    assert all(f"“{q}”" in text for r in general for q in r.asked[:1])
    options = html_module.unescape((built["html"].outdir / "assumptions.html").read_text(encoding="utf-8"))
    assert all(f"“{o.asked[0]}”" in options for o in cat.options.values())


def test_the_assumptions_link_the_base_game_facts_and_the_home_page_the_index(built):
    html = built["html"].outdir
    assumptions = (html / "assumptions.html").read_text(encoding="utf-8")
    assert "BASE-GAME-FACTS" not in assumptions and 'href="base-game-facts.html"' in assumptions
    home = (html / "index.html").read_text(encoding="utf-8")
    assert 'href="genindex.html"' in home and 'id="dm-ask-home"' in home
    assert 'href="genindex.html"' in (html / "glossary.html").read_text(encoding="utf-8")
    assert "0/0" not in home and "0 of 0 rules" not in (html / "rules" / "board.html").read_text(encoding="utf-8")


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
    from dm_rulebook import pages, worked
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
        assert "not written yet" in worked.worked_answers(data, scenario)


def test_the_ask_box_takes_as_much_of_a_question_as_ask_reads():
    """The site's ask box holds at most what ``deepmadness ask`` reads of a question (it refuses a longer one)."""
    from solver.ask import MAX_QUESTION_CHARS

    script = (ROOT / "rules_docs" / "_ext" / "dm_rulebook" / "static" / "dm-ask.js").read_text(encoding="utf-8")
    assert re.findall(r"input\.maxLength = (\d+);", script) == [str(MAX_QUESTION_CHARS)]
