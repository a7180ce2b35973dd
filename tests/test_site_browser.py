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
import sys
import threading
import urllib.parse
from pathlib import Path

import pytest

from solver.catalog import catalog
from solver.spec import ROOT, load_results, scenarios_by_rule

sys.path.insert(0, str(ROOT / "rules_docs" / "_ext"))
from dm_rulebook.build import RESULTS_SNAPSHOT, ensure_site  # noqa: E402

SHOTS = ROOT / "build" / "screenshots"

@pytest.fixture(scope="session")
def builds() -> dict:
    try:
        from tests import conftest

        conftest.write_results_file()
    except ImportError:  # run outside this repository's test tree
        pass
    return ensure_site()


@pytest.fixture(scope="session")
def site(builds) -> Path:
    return builds["html"].outdir


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
def browser(chromium):
    """The session's one Chromium (tests/conftest.py)."""
    return chromium


@pytest.fixture
def page(browser):
    """A desktop-sized page; any JavaScript error or console error on it fails the test."""
    pg = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    yield pg
    pg.close()
    assert not errors, f"errors on the page: {errors}"


@pytest.fixture
def phone(browser):
    """A 390 px wide page (a phone), with the same check for errors."""
    pg = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True,
                          has_touch=True)
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    yield pg
    pg.close()
    assert not errors, f"errors on the page: {errors}"


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
    # Sphinx shows its results one at a time (5 ms apart): read them once it says it has finished
    page.locator(".search-summary", has_text="Search finished").wait_for(timeout=15000)
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
    assert word.lower() in section.text_content().lower()  # in its terms (collapsed)


def _rule_with_scenarios():
    by_rule = scenarios_by_rule()
    results = load_results(RESULTS_SNAPSHOT)
    ids = [r.id for r in catalog().active_rules() if by_rule.get(r.id)]
    assert ids, "no catalogued rule has a scenario"
    # prefer one whose scenarios ran, so a status shows
    ran = [r for r in ids if any(results.status(s) != "not run" for s in by_rule[r])]
    return (["health.gain-over-max"] if "health.gain-over-max" in ran else ran or ids)[0]


def test_a_rules_anchor_leads_with_its_ruling_and_keeps_its_proof_collapsed(server, page):
    rule_id = _rule_with_scenarios()
    specs = scenarios_by_rule()[rule_id]
    results = load_results(RESULTS_SNAPSHOT)
    page.goto(f"{server}/{_page_of(rule_id)}#{_anchor(rule_id)}")
    section = page.locator(f"section#{_anchor(rule_id)}")
    section.wait_for()
    page.wait_for_function("id => { const r = document.getElementById(id).getBoundingClientRect();"
                           " return r.top >= 0 && r.top < innerHeight; }", arg=_anchor(rule_id), timeout=10000)
    assert rule_id in section.inner_text()
    ruling = section.locator(".dm-ruling").first
    assert ruling.is_visible() and ruling.inner_text().strip()
    proof = section.locator("details.dm-proof").first
    assert proof.get_attribute("open") is None, "the proof is shown expanded"
    assert "show the proof" in proof.locator("summary").inner_text()
    scenarios = proof.locator(".dm-scenario")
    assert scenarios.count() == 0 or not scenarios.first.is_visible()
    proof.locator("summary").click()
    assert proof.get_attribute("open") is not None
    # each proving scenario is there: in full under the rule it is shown under, else a link to it
    for spec in specs:
        assert spec.name.replace("<", "‹").replace(">", "›") in proof.inner_text() or spec.name in proof.inner_text()
    shown = proof.locator(".dm-scenario")
    for i in range(shown.count()):
        box = shown.nth(i)
        assert box.is_visible()
        title = box.locator(".admonition-title").inner_text()
        spec = next(s for s in specs if s.name in title)
        badge = box.locator(".admonition-title .dm-badge")
        assert badge.inner_text().strip() == results.status(spec)
        colour = badge.evaluate("e => getComputedStyle(e).backgroundColor")
        assert colour not in ("rgba(0, 0, 0, 0)", "transparent")
    _shot(section, f"rule-{rule_id}")


def test_each_scenario_is_shown_once_and_a_link_to_it_opens_its_proof(server, page):
    page.goto(f"{server}/rules/general.html")
    ids = page.locator(".dm-scenario").evaluate_all("els => els.map(e => e.id || e.previousElementSibling?.id)")
    anchors = page.locator("details.dm-proof a[href*='#proof-']")
    assert anchors.count() > 0, "no rule links to a scenario shown under another rule"
    href = anchors.first.get_attribute("href")
    target = href.split("#", 1)[1]
    # the scenario appears once on the page
    assert page.locator(f"[id='{target}']").count() == 1
    assert len(ids) == len(set(ids))
    page.goto(f"{server}/rules/general.html#{target}")
    page.wait_for_function("id => { let e = document.getElementById(id); while (e && e.tagName !== 'DETAILS')"
                           " e = e.parentElement; return e && e.open; }", arg=target, timeout=5000)


def test_a_board_diagram_renders(server, page):
    from solver.boardfile import load_board
    from solver.scenarios import SCENARIOS, board_file

    drawn = 0
    for name in SCENARIOS:
        if not board_file(name).exists():
            continue
        board = load_board(board_file(name))
        page.goto(f"{server}/scenarios/{name}.html?highlight=spawn")  # as a search hit opens it
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


def test_board_labels_are_readable_on_a_phone_and_the_page_no_wider(server, phone):
    from solver.boardfile import load_board
    from solver.scenarios import SCENARIOS, board_file

    name = max((n for n in SCENARIOS if board_file(n).exists()), key=lambda n: len(load_board(board_file(n)).rooms))
    phone.goto(f"{server}/scenarios/{name}.html")
    svg = phone.locator(".dm-board-frame svg.dm-board-svg").first
    svg.wait_for()
    px = svg.locator("text.dm-space-id").first.evaluate(
        "t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a")
    assert px >= 12, f"space labels are {px:.1f} px at 390 px"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    # zoom out to the whole board, then in again
    frame = phone.locator(".dm-board-frame").first
    frame.locator("button[data-zoom=fit]").click()
    fit = svg.bounding_box()["width"]
    frame.locator("button[data-zoom=in]").click()
    assert svg.bounding_box()["width"] > fit
    _shot(phone, f"phone-board-{name}")


PAGE_KINDS = ["index.html", "rules/general.html", "rules/board.html", "scenarios/expectant-terror.html",
              "glossary.html", "assumptions.html", "base-game-facts.html", "coverage.html", "cli.html",
              "state-files.html", "performance.html", "search.html?q=nest", "genindex.html"]


def test_no_page_is_wider_than_a_phone(server, phone):
    wide = {}
    for url in PAGE_KINDS:
        phone.goto(f"{server}/{url}")
        width = phone.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            wide[url] = width
    assert not wide, f"pages wider than 390 px: {wide}"


def test_search_names_rulings_and_ranks_rules_first(server, page):
    cat = catalog()
    page.goto(f"{server}/search.html?q={urllib.parse.quote('can Lisbeth store the die she just put back')}")
    first = page.locator(".dm-rule-hits li").first
    first.wait_for()
    # the rules come before Sphinx's page results, each titled with the rule, its ID and its status badge
    order = page.evaluate("() => { const r = document.querySelector('.dm-rule-hits'), "
                          "p = document.getElementById('search-results'); "
                          "return r.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING; }")
    assert order
    rid = first.locator("code").inner_text()
    assert rid.startswith("lisbeth.")
    assert first.locator("a.dm-rule-hit").inner_text() == cat.rule(rid).title
    assert first.locator(".dm-badge").count() == 1
    _shot(page, "search-rules")
    # every rule's own words find it in the top three
    rules = [(r.id, r.text) for r in cat.active_rules()]
    misses = page.evaluate("rules => rules.filter(([id, text]) => !window.deepmadness.searchRules(text, 3)"
                           ".map(h => h.id).includes(id)).map(([id]) => id)", rules)
    assert not misses, f"rules not in the top three for their own words: {misses}"
    titles = [(r.id, r.title) for r in cat.active_rules()]
    misses = page.evaluate("rules => rules.filter(([id, text]) => !window.deepmadness.searchRules(text, 3)"
                           ".map(h => h.id).includes(id)).map(([id]) => id)", titles)
    assert len(misses) <= len(titles) // 20, f"rules not in the top three for their titles: {misses}"
    # how players ask a rule (the catalog's asked questions) finds it too
    asked = [(r.id, q) for r in cat.active_rules() for q in r.asked]
    misses = page.evaluate("rules => rules.filter(([id, q]) => !window.deepmadness.searchRules(q, 3)"
                           ".map(h => h.id).includes(id)).map(([id, q]) => q)", asked)
    print(f"\nsite search: {len(asked) - len(misses)} of {len(asked)} players' questions find their rule in the "
          "top three")
    assert len(misses) <= len(asked) // 50, misses[:20]


def _ask_questions() -> list[str]:
    from solver.yamlio import load_yaml_file

    data = load_yaml_file(ROOT / "solver" / "ask" / "questions" / "ask_questions.yaml")
    return [str(q["q"]) for q in data["questions"]]


def test_the_ask_box_answers_like_the_command_line(server, page):
    from solver.ask import Asker
    from solver.spec import load_results as results_of

    page.goto(f"{server}/glossary.html")
    box = page.locator("form.dm-askbox")
    box.wait_for()
    questions = _ask_questions()
    got = page.evaluate("async qs => { const out = []; for (const q of qs) out.push(await "
                        "window.deepmadness.askRules(q)); return out; }", questions)
    asker = Asker(results=results_of(RESULTS_SNAPSHOT))
    for q, answer in zip(questions, got):
        want = asker.ask(q).to_json()
        assert [h["id"] for h in answer["results"]] == [h["id"] for h in want["results"]], q
        assert (answer["ruling"], answer["yes_no"], answer["matched"]) == (want["ruling"], want["yes_no"],
                                                                         want["matched"]), q
        assert [s["status"] for h in answer["results"] for s in h["scenarios"]] == \
            [s["status"] for h in want["results"] for s in h["scenarios"]], q
    # the box itself: the ruling first, then the rules, each a link to its rule
    box.locator("input").fill(questions[0])
    box.locator("button").click()
    ruling = box.locator(".dm-ask-ruling")
    ruling.wait_for()
    assert ruling.inner_text() == got[0]["ruling"]
    link = box.locator(".dm-ask-hits a").first
    assert link.get_attribute("href").endswith(f"#{_anchor(got[0]['results'][0]['id'])}")
    _shot(page, "ask-box")


def test_the_single_page_reads_from_disk_without_errors(builds, page):
    single = builds["singlehtml"].outdir / "index.html"
    page.goto(single.as_uri())
    assert page.locator("form.dm-askbox").count() == 0, "the single page has no engine: no question box"
    link = page.locator("details.dm-proof a[href^='#rule-'], .dm-rule-meta a[href^='#rule-']").first
    target = link.get_attribute("href")[1:]
    link.evaluate("a => a.click()")
    page.wait_for_function("id => location.hash === '#' + id", arg=target, timeout=5000)
    assert page.locator(f"[id='{target}']").count() == 1
