"""The player-first parts of the home page: a quick reference per scenario — set-up, special rules, how to win and
lose, and the questions players ask most, each answered by ``deepmadness ask`` while the page is built."""

from __future__ import annotations

from .data import ROOT, SiteData, rule_anchor
from .md import esc, ref
from .pages import ruling_line

QUESTIONS = ROOT / "solver" / "ask" / "questions" / "ask_questions.yaml"  # players' questions, with their answers
SETUP_TOPICS = ("setup", "board", "decks")
OUTCOME_TOPICS = ("outcome",)


def _questions() -> list[dict]:
    if not QUESTIONS.exists():
        return []
    from solver.yamlio import load_yaml_file

    data = load_yaml_file(QUESTIONS)
    items = data.get("questions") if isinstance(data, dict) else None
    return [q for q in items or [] if isinstance(q, dict) and q.get("answers")]


def _first_rule(data: SiteData, area: str, topic: str):
    return next((r for r in data.catalog.rules_in(area) if r.topic == topic and not r.is_withdrawn), None)


def _topic_kind(topic: str, kinds: tuple[str, ...]) -> bool:
    return any(topic == k or topic.endswith("-" + k) for k in kinds)


def asked(question: str) -> dict | None:
    """What ``deepmadness ask --json`` answers (None when ask is not importable)."""
    try:
        from solver.ask import ask_json
    except ImportError:
        return None
    return ask_json(question)


def quickref(data: SiteData) -> str:
    """One section per scenario: set-up, special rules, how to win and lose, the questions players ask most."""
    questions = _questions()
    out = []
    for name, info in data.scenarios.items():
        area = name.replace("-", "_")
        a = next((x for x in data.catalog.areas if x.name == area), None)
        if a is None:
            continue
        out += [f"### {esc(info.title)}", ""]
        board, cls = info.board, info.cls
        facts = []
        if board is not None:
            facts.append(f"{len(board.rooms)} rooms, {len(board.spaces)} spaces")
        track = list(getattr(cls, "devouring_track", ()) or ())
        if track:
            facts.append(f"a devouring track of {len(track)} spaces")
        setup = [r for r in data.catalog.rules_in(area) if _topic_kind(r.topic, SETUP_TOPICS) and not r.is_withdrawn]
        line = "**Set-up:** " + (", ".join(facts) + ". " if facts else "")
        line += " · ".join(ref(rule_anchor(r.id), r.title) for r in setup[:6])
        if len(setup) > 6:
            line += f" · and {len(setup) - 6} more on the {ref(rule_anchor(setup[0].id), 'scenario page')}"
        out += [line, ""]
        special = [(t, title) for t, title in a.topics
                   if not _topic_kind(t, SETUP_TOPICS + OUTCOME_TOPICS) and _first_rule(data, area, t)]
        if special:
            out += ["**Special rules:** " + " · ".join(
                ref(rule_anchor(_first_rule(data, area, t).id), title) for t, title in special), ""]
        ends = [r for r in data.catalog.rules_in(area) if _topic_kind(r.topic, OUTCOME_TOPICS) and not r.is_withdrawn]
        if ends:
            out += ["**How to win and lose:**", ""]
            out += [f"- {ref(rule_anchor(r.id), r.title)}: {esc(ruling_line(r.text)[0])}" for r in ends]
            out.append("")
        mine = [q for q in questions if any(data.catalog.rules.get(x) is not None
                                            and data.catalog.rules[x].area == area for x in q["answers"])][:4]
        if mine:
            out += ["**Questions players ask:**", ""]
            for q in mine:
                got = asked(str(q["q"]))
                hit = (got or {}).get("results") or []
                if hit and hit[0]["id"] in q["answers"] and hit[0]["id"] in data.catalog.rules:
                    out.append(f"- *{esc(q['q'])}* {esc(got['ruling'])} "
                               f"({ref(rule_anchor(hit[0]['id']), hit[0]['title'])})")
                else:
                    r = data.catalog.rules[next(x for x in q["answers"] if x in data.catalog.rules)]
                    out.append(f"- *{esc(q['q'])}* {esc(ruling_line(r.text)[0])} ({ref(rule_anchor(r.id), r.title)})")
            out.append("")
        out += [f"All of it on the {ref(rule_anchor(data.catalog.rules_in(area)[0].id), info.title + ' page')}; "
                f"{len([r for r in data.catalog.rules_in(area) if not r.is_withdrawn])} rules.", ""]
    return "\n".join(out)


def rules_pages(data: SiteData) -> str:
    """The rules pages that are not a scenario's, with how many rules and assumptions each holds (an area with no
    rule of its own says so instead of '0/0')."""
    out = []
    for a in data.catalog.areas:
        page = data.page_of_area(a.name)
        if not page.startswith("rules/"):
            continue
        rules = [r for r in data.catalog.rules_in(a.name) if not r.is_withdrawn]
        opts = [o for o in data.catalog.options.values() if o.area == a.name]
        what = f"{len(rules)} rules" if rules else "no rules of its own"
        if opts:
            what += f", {len(opts)} assumptions and interpretations"
        out.append(f"- {{doc}}`{esc(a.title)} </{page}>` — {what}")
    return "\n".join(out)
