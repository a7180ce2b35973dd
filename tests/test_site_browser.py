"""The living rulebook in a real browser: headless Chromium (the system's, never a downloaded one) opens the built
site, served from a local http.server on 127.0.0.1, and checks what a reader relies on — search finds a rule by a
player's word, a rule's anchor shows the scenarios proving it with their status, a board diagram renders.
Screenshots are kept in build/screenshots/.

The site is built (``sphinx-build -n -W``) by the session fixture when it is missing or older than its inputs; in a
run that executed the specification first, this run's outcomes are written out before, so the site shows them.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import sys
import threading
import urllib.parse
from pathlib import Path

import pytest

from solver.catalog import catalog
from solver.spec import ROOT, load_results, scenarios_by_rule

sys.path.insert(0, str(ROOT / "rules_docs" / "_ext"))
from dm_rulebook.build import RESULTS_SNAPSHOT, ensure_site  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = ROOT / "build" / "screenshots"

@pytest.fixture(scope="session")
def site() -> Path:
    try:
        from tests import conftest

        conftest.write_results_file()
    except ImportError:  # run outside this repository's test tree
        pass
    return ensure_site()["html"].outdir


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def server(site):
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    exe = str(CHROMIUM) if CHROMIUM.exists() else shutil.which("chromium")
    assert exe, "no Chromium at /usr/bin/chromium: install it with apt-get install chromium (.ci/run does)"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe,
                              args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        yield b
        b.close()


@pytest.fixture
def page(browser):
    pg = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    pg.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def _shot(target, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    target.screenshot(path=str(path))
    assert path.stat().st_size > 1000
    return path


def _page_of(rule_id: str) -> str:
    area = catalog().rule(rule_id).area
    from solver.scenarios import SCENARIOS

    scen = area.replace("_", "-")
    return f"scenarios/{scen}.html" if scen in SCENARIOS else f"rules/{area}.html"


def _anchor(rule_id: str) -> str:
    return "rule-" + rule_id.replace(".", "-")


def _searchable_word():
    """A player's word for a term (a glossary synonym) that some rule lists, with the rules listing the term;
    ``health +1 token`` first when it qualifies."""
    cat = catalog()
    terms = sorted(cat.terms, key=lambda t: (t.term != "health +1 token", t.term))
    for t in terms:
        names = {t.term.lower(), *(s.lower() for s in t.synonyms)}
        rules = [r.id for r in cat.active_rules() if names & {x.lower() for x in r.terms}]
        words = [s for s in t.synonyms if len(s) > 3 and " " in s] or [s for s in t.synonyms if len(s) > 3]
        if rules and words:
            return words[0], rules
    pytest.fail("no glossary term with a player's word is listed by any rule")


def test_search_finds_a_rule_by_a_players_word(server, page):
    word, rules = _searchable_word()
    page.goto(f"{server}/search.html?q={urllib.parse.quote(word)}")
    links = page.locator("#search-results a")
    links.first.wait_for(timeout=15000)
    hrefs = [links.nth(i).get_attribute("href") or "" for i in range(links.count())]
    wanted = {f"{_page_of(r)}#{_anchor(r)}" for r in rules}
    hits = [h for h in hrefs if any(h.endswith(w) or w in h for w in wanted)]
    _shot(page, "search")
    assert hits, f"searching {word!r} found {hrefs}, none of the rules {sorted(wanted)}"
    # the hit leads to the rule itself
    page.goto(f"{server}/{hits[0].lstrip('/')}")
    anchor = hits[0].split("#", 1)[1]
    section = page.locator(f"section#{anchor}")
    assert section.count() == 1
    assert word.lower() in section.inner_text().lower()


def _rule_with_scenarios():
    by_rule = scenarios_by_rule()
    results = load_results(RESULTS_SNAPSHOT)
    ids = [r.id for r in catalog().active_rules() if by_rule.get(r.id)]
    assert ids, "no catalogued rule has a scenario"
    # prefer one whose scenarios ran, so a status shows
    ran = [r for r in ids if any(results.status(s) != "not run" for s in by_rule[r])]
    return (["health.gain-over-max"] if "health.gain-over-max" in ran else ran or ids)[0]


def test_a_rules_anchor_shows_its_scenarios_with_their_status(server, page):
    rule_id = _rule_with_scenarios()
    specs = scenarios_by_rule()[rule_id]
    results = load_results(RESULTS_SNAPSHOT)
    page.goto(f"{server}/{_page_of(rule_id)}#{_anchor(rule_id)}")
    section = page.locator(f"section#{_anchor(rule_id)}")
    section.wait_for()
    # the browser went to the anchor (furo scrolls smoothly): the rule's heading comes on screen and stays
    page.wait_for_function("id => { const r = document.getElementById(id).getBoundingClientRect();"
                           " return r.top >= 0 && r.top < innerHeight; }", arg=_anchor(rule_id), timeout=10000)
    top = section.locator("h1, h2, h3, h4, h5").first.bounding_box()
    assert top is not None and 0 <= top["y"] < 900
    assert rule_id in section.inner_text()
    scenarios = section.locator(".dm-scenario")
    assert scenarios.count() == len(specs)
    for i, spec in enumerate(specs):
        box = scenarios.nth(i)
        title = box.locator(".admonition-title")
        assert spec.name in title.inner_text()
        status = results.status(spec)
        badge = title.locator(".dm-badge")
        assert badge.inner_text().strip() == status
        assert f"dm-{status.replace(' ', '-')}" in (badge.get_attribute("class") or "")
        colour = badge.evaluate("e => getComputedStyle(e).backgroundColor")
        assert colour not in ("rgba(0, 0, 0, 0)", "transparent")
    _shot(section, f"rule-{rule_id}")


def test_a_board_diagram_renders(server, page):
    from solver.boardfile import load_board
    from solver.scenarios import SCENARIOS, board_file

    drawn = 0
    for name in SCENARIOS:
        if not board_file(name).exists():
            continue
        board = load_board(board_file(name))
        page.goto(f"{server}/scenarios/{name}.html")
        svg = page.locator("svg.dm-board-svg").first
        svg.wait_for()
        box = svg.bounding_box()
        assert box and box["width"] > 200 and box["height"] > 150
        assert svg.locator("g.dm-space-g").count() == len(board.spaces)
        assert svg.locator("rect.dm-room").count() == len(board.rooms)
        assert svg.locator("line[data-conn]").count() == len(board.connections)
        shown = set(svg.locator("text.dm-space-id").evaluate_all("els => els.map(e => e.textContent)"))
        assert shown == set(board.spaces)
        # every space is drawn inside the box of its own room
        for sid in list(board.spaces)[:50]:
            g = svg.locator(f'g.dm-space-g[data-space="{sid}"] circle.dm-space')
            room = svg.locator(f'g.dm-room-g[data-room="{board.spaces[sid].room}"] rect')
            c, r = g.bounding_box(), room.bounding_box()
            assert r["x"] <= c["x"] and c["x"] + c["width"] <= r["x"] + r["width"] + 0.5
            assert r["y"] <= c["y"] and c["y"] + c["height"] <= r["y"] + r["height"] + 0.5
        _shot(svg, f"board-{name}")
        drawn += 1
    assert drawn, "no scenario ships a board file yet"
