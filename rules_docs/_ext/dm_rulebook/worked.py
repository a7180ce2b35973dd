"""Scenario pages and their worked answers: the set-up, the devouring track, the board, the rules, and each shipped
example position answered at build time — the result first, then the board with everything on it (figures,
markers, the special figures) and the answer drawn over it (``Choice.draw`` / ``Answer.draw``: chosen spaces,
paths, targets, placements), then the choices, the rules and what the command prints."""

from __future__ import annotations

from dataclasses import dataclass

from sphinx.util import logging

from solver.answers import Result

from . import boardsvg
from .data import ROOT, SiteData, example_anchor, option_anchor
from .md import code, directive, esc, fence, raw_html, ref, table
from .pages import id_link, linkify, render_area_rules, rule_link

logger = logging.getLogger(__name__)
SPECIAL_FIGURES = ("Unbound", "Obscure", "Nest")


@dataclass(frozen=True)
class Mark:
    """Something on a space that a board picture shows: a figure or a marker."""

    space: str
    kind: str  # investigator, monster, special, flooded, nest-marker, unbound-marker, obscure-marker, effect
    label: str  # a few letters drawn on it
    name: str  # its full name, for the tooltip and the table


def _initials(fid: str) -> str:
    base, _, num = fid.partition("#")
    words = base.split()
    return ("".join(w[0] for w in words) if len(words) > 1 else base[:2]) + num


def _first_attr(obj, *names):
    """The first of ``names`` that ``obj`` has (the scenarios' states name some things their own way)."""
    for name in names:
        value = getattr(obj, name, None)
        if value is not None:
            return value
    return None


def board_marks(state) -> list[Mark]:
    """Every figure and marker of a position that stands on a space, read from the common state and each
    scenario's own state (nest markers, unbound markers, flooded markers, obscure markers, Unbound and Obscure)."""
    out: list[Mark] = []
    for f in getattr(state, "figures", {}).values():
        if f.space is None or getattr(f, "killed", False):
            continue
        base = f.id.split("#")[0]
        kind = "special" if base in SPECIAL_FIGURES else f.kind
        out.append(Mark(f.space, kind, _initials(f.id), f.id))
    unbound = getattr(state, "unbound_space", None)
    if isinstance(unbound, str) and not any(m.name == "Unbound" for m in out):
        out.append(Mark(unbound, "special", "Ub", "Unbound"))
    obscure = getattr(state, "obscure_space", None)
    if callable(obscure):
        obscure = obscure()
    if isinstance(obscure, str) and not any(m.name == "Obscure" for m in out):
        out.append(Mark(obscure, "special", "Ob", "Obscure"))
    flooded = _first_attr(state, "flooded_markers", "flooded") or {}
    for space, n in sorted(flooded.items()):
        if n:
            out.append(Mark(space, "flooded", str(n), f"{n} flooded marker{'s' if n != 1 else ''}"))
    for mid, marker in sorted((getattr(state, "obscure_markers", None) or {}).items()):
        if getattr(marker, "space", None):
            out.append(Mark(marker.space, "obscure-marker", "o", f"obscure marker {mid}"))
    nest = getattr(state, "nest_marker_spaces", None)
    if callable(nest):
        for room, space in sorted(nest().items()):
            out.append(Mark(space, "nest-marker", "n", f"nest marker (room {room})"))
    markers = getattr(state, "unbound_markers", None) or {}
    where = _first_attr(state, "objective_point_of", "objective_point")
    for inv in sorted(markers):
        try:
            space = where(inv)
        except (KeyError, TypeError, AttributeError):
            continue
        out.append(Mark(space, "unbound-marker", "u", f"unbound marker on {inv}'s Objective Point"))
    for attr in ("devoured_effects", "devoured_effect_markers"):
        for space, what in sorted((getattr(state, attr, None) or {}).items()):
            out.append(Mark(space, "effect", "e", f"devoured effect marker{f' {what}' if what else ''}"))
    return out


# --- scenario pages -------------------------------------------------------------------------------------------------
def _deck(cards) -> str:
    return ", ".join(str(c) for c in cards) if cards else "—"


def scenario_page(data: SiteData, name: str) -> str:
    info = data.scenarios[name]
    out = [f"# {esc(info.title)}", ""]
    for m in info.missing:
        out += [directive("note", "", m + " This page fills in as soon as it is there."), ""]
    cls, board, scen = info.cls, info.board, info.scenario
    if cls is not None:
        out += ["## Setup", ""]
        rooms = list(getattr(cls, "rooms", ()) or (board.rooms if board else ()))
        devoured = list(getattr(cls, "devoured_deck", ()))
        room_deck = list(getattr(cls, "room_deck", ()))
        out += [table(["", "Cards, top first"], [["Room deck", _deck(room_deck)],
                                                  ["Devoured deck", _deck(devoured)]]), ""]
        if rooms:
            rows = []
            for number in rooms:
                room = board.rooms.get(number) if board else None
                spaces = [board.spaces[s] for s in room.spaces] if room else []
                marks = []
                for s in spaces:
                    marks += [f"{s.id}: {f}" for f in sorted(s.features) if f != "spawn"]
                    if s.objective_point:
                        marks.append(f"{s.id}: Objective Point {s.objective_point}")
                    if s.portal:
                        marks.append(f"{s.id}: {s.portal} Dimensional Portal")
                side = "devoured" if number in devoured else ("room deck" if number in room_deck else "—")
                rows.append([str(number), room.name if room else "", side,
                             ", ".join(room.spaces) if room else "", room.spawn_space if room else "",
                             "; ".join(marks)])
            out += [table(["Room", "Name", "Starts", "Spaces", "Spawn space", "Features"], rows), ""]
        track = list(getattr(cls, "devouring_track", ()))
        if track:
            end = (rule_link(data, "outcome.loss-devouring-track", "the game is lost")
                   if "outcome.loss-devouring-track" in data.catalog.rules else "the game is lost")
            out += ["## The devouring track", "",
                    f"The devour marker moves along these {len(track)} spaces, left to right; when it reaches the "
                    f"last one, {end}. The icon under a space is its hazard.", ""]
            out += [raw_html(boardsvg.track_svg(track)), ""]
            out += [table(["Space", *[str(i + 1) for i in range(len(track))]],
                          [["Value", *[str(t.value) for t in track]],
                           ["Hazard", *[t.hazard or "—" for t in track]]]), ""]
            effects = getattr(cls, "hazard_effects", None) or getattr(cls, "hazards", None)
            if isinstance(effects, dict) and effects:
                out += ["Hazard effects:", ""]
                out += [f"- **{esc(k)}**: {linkify(data, str(v))}" for k, v in effects.items()]
                out.append("")
    if board is not None:
        out += ["## The board", ""]
        if board.approximate:
            note = board.note if "approximat" in (board.note or "").lower() else (
                "The rulebook's board diagram is not in its text: this layout is a plausible approximation. "
                + (board.note or ""))
            out += [directive("note", "", esc(note)), ""]
        out += [raw_html(board_frame(boardsvg.board_svg(board, title=info.title, legend=False),
                                     boardsvg.legend_html(board))), ""]
        out += [f"{len(board.rooms)} rooms, {len(board.spaces)} spaces, {len(board.connections)} connections; "
                f"drawn from {code(_rel(board.source))} by this site's own layout.", ""]
    area = name.replace("-", "_")
    out += ["## Rules of this scenario", ""]
    out += [render_area_rules(data, area, 3), ""]
    opts = [o for o in data.catalog.options.values() if o.area == area]
    if opts:
        out += ["## Assumptions and interpretations", ""]
        out += [f"- {ref(option_anchor(o.name), o.title)} ({code(o.name)}, default {code(o.default)})"
                for o in opts]
        out.append("")
    out += ["## Worked answers", ""]
    out += [worked_answers(data, name), ""]
    return "\n".join(out)


def _rel(path: str) -> str:
    try:
        from pathlib import Path

        return Path(path).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path


def command_line(e) -> str:
    """The command that answers an example: ``solver.cli.example_argv`` when the command line is there."""
    try:
        from solver.cli import example_argv

        return " ".join(["deepmadness", *[_shell(a) for a in example_argv(e.rel)]])
    except ImportError:
        pass
    params = {}
    try:
        from solver.questions import REGISTRY

        q = REGISTRY.get(e.question)
        params = {p.name: p for p in q.params} if q else {}
    except ImportError:
        pass
    args = []
    for k, v in e.args.items():
        p = params.get(k)
        args += [str(v)] if p is not None and p.positional else [f"--{k}", str(v)]
    return " ".join(["deepmadness", e.question, e.rel, *[_shell(a) for a in args]])


def _shell(arg: str) -> str:
    import shlex

    return shlex.quote(str(arg))


def _answer_draws(answer) -> list:
    draws = [answer.draw, *(c.draw for c in answer.choices)]
    for step in getattr(answer, "steps", ()):
        draws += [c.draw for c in step.options]
    return [d for d in draws if d]


def board_picture(board, state, answer, title: str) -> str:
    """The board of a worked answer, in a frame a reader can pan and zoom: every figure and marker, the devoured
    rooms, and the answer drawn over it."""
    marks = board_marks(state) if state is not None else []
    draws = _answer_draws(answer) if answer is not None else []
    svg = boardsvg.board_svg(board, marks=marks, draw=draws, title=title, compact=True, legend=False,
                             devoured=set(getattr(state, "devoured_rooms", ()) or ()))
    return board_frame(svg, boardsvg.legend_html(board, marks, draws))


def board_frame(svg: str, legend: str = "") -> str:
    """An SVG in a frame that scrolls on its own (the page never gets wider than the screen), with zoom buttons
    (rules_docs/_ext/dm_rulebook/static/dm.js)."""
    return ('<div class="dm-board-frame"><div class="dm-zoom" role="group" aria-label="zoom the board">'
            '<button type="button" data-zoom="in" aria-label="zoom in">+</button>'
            '<button type="button" data-zoom="out" aria-label="zoom out">−</button>'
            '<button type="button" data-zoom="fit">whole board</button></div>'
            f'<div class="dm-board-scroll">{svg}</div>{legend}</div>')


def _marks_table(state) -> str:
    rows = []
    for m in board_marks(state):
        rows.append([m.space, m.name])
    off = [f.id for f in getattr(state, "figures", {}).values() if f.space is None]
    for fid in off:
        rows.append(["off the board", fid])
    if not rows:
        return ""
    return table(["Space", "On it"], rows)


def _figure_rows(state):
    rows = []
    for f in getattr(state, "figures", {}).values():
        tokens = ", ".join(f"{k} {v}" for k, v in f.tokens.items() if v)
        hp = getattr(f.health, "health_plus_tokens", 0)
        if hp:
            tokens = ", ".join(x for x in (tokens, f"health +1 {hp}") if x)
        if getattr(f.health, "wounds", 0) or tokens:
            rows.append([f.id, str(getattr(f.health, "wounds", 0)), tokens or "—"])
    return rows


def example_title(data: SiteData, e) -> str:
    """An example's own title, else its question's help up to the first question mark (never a file name)."""
    if e.title:
        return e.title
    q = data.questions.get(e.question)
    text = getattr(q, "help", "") or ""
    text = text.split(": ", 1)[1] if text.startswith(tuple(i.title + ":" for i in data.scenarios.values())) else text
    return (text.split("?")[0] + "?") if "?" in text else (text or e.question)


def render_example(data: SiteData, e, level: int) -> str:
    h = "#" * level
    title = example_title(data, e)
    out = [f"({example_anchor(e.stem)})=", f"{h} {esc(title)}", ""]
    if e.error:
        out += [fence(command_line(e), "console"), "",
                directive("warning", "", "This example could not be answered in this build: " + esc(e.error)), ""]
        return "\n".join(out)
    state, answer = e.state, e.answer
    if answer is not None and not isinstance(getattr(answer, "result", None), Result):
        msg = f"example {e.rel}: the answer of {e.question!r} is not in the answer model (solver.answers.Result)"
        logger.warning(msg, type="dm", subtype="example")
        out += [directive("warning", "", esc(msg)), ""]
        return "\n".join(out)
    if answer is not None:
        lead = [f"**{esc(answer.result.text)}**"]
        if answer.outcome is not None:
            o = answer.outcome
            lead.append(f"The game is {'won' if o.result == 'win' else 'lost'}: {esc(o.detail)} "
                        f"({id_link(data, o.rule)})")
        if answer.chooser and answer.result.count > 1:
            lead.append(f"Who chooses: {esc(answer.chooser)}.")
        out += [directive("container", "dm-answer-lead", "\n\n".join(lead)), ""]
    out += [f"Position {code(e.rel)}; ask it on the command line with:", "", fence(command_line(e), "console"), ""]
    info = data.scenarios.get(e.scenario or "")
    board = getattr(state, "board", None) or (info.board if info else None)
    if state is not None and board is not None:
        out += [raw_html(board_picture(board, state, answer, title)), ""]
        if answer is not None and not _answer_draws(answer) and answer.choices:
            out += ["*This answer carries no drawing yet: its choices are listed below.*", ""]
        marks = _marks_table(state)
        if marks:
            out += [directive("dm-details", "what is on the board", marks
                              + ("\n\n" + table(["Figure", "Wounds", "Tokens"], _figure_rows(state))
                                 if _figure_rows(state) else ""), {"class": "dm-onboard"}), ""]
    if answer is None:
        out += ["The command prints:", "", fence(e.output or "", "text"), ""]
        return "\n".join(out)
    if answer.steps:
        who = answer.chooser or "the players"
        out += [f"Each step is chosen on its own, by {esc(who)}:", ""]
        out += [table(["Step", "Options"], [[s.label, " | ".join(c.label for c in s.options)]
                                            for s in answer.steps]), ""]
    if answer.choices:
        if len(answer.choices) > 1:
            out += [f"The options ({answer.result.count} in all):", ""]
        if any(c.why for c in answer.choices):
            out += [table(["Option", "Why"], [[c.label, c.why] for c in answer.choices[:20]]), ""]
        else:
            out += [f"- {esc(c.label)}" for c in answer.choices[:20]] + [""]
        if len(answer.choices) > 20:
            out += [f"… and {len(answer.choices) - 20} more (the command's `--json` lists them all).", ""]
    if answer.explanation:
        out += [f"- {esc(x)}" for x in answer.explanation] + [""]
    if answer.rules:
        out += ["Rules applied: " + ", ".join(id_link(data, r) for r in answer.rules), ""]
    if answer.options:
        out += ["Decided with: " + ", ".join(
            f"{id_link(data, k)} = {code(v)}" for k, v in answer.options.items()), ""]
    from solver.render import to_text

    out += [directive("dm-details", "what the command prints", fence(to_text(answer), "text"),
                      {"class": "dm-prints"}), ""]
    return "\n".join(out)


def area_worked_answers(data: SiteData, area: str) -> str:
    """The worked answers of a rules area's page (its examples are named after it), or nothing."""
    exs = data.examples_of_area(area)
    if not exs:
        return ""
    out = ["", "", "## Worked answers", "",
           "Each position below is a state file in `examples/`; the answer is computed by the solver while this "
           "page is built, exactly as the command line answers it.", ""]
    for e in exs:
        out += [render_example(data, e, 3), ""]
    return "\n".join(out)


def worked_answers(data: SiteData, scenario: str) -> str:
    exs = data.examples_of(scenario)
    if not exs:
        if data.missing.get("examples"):
            return esc(data.missing["examples"])
        return ("No example position for this scenario is in `examples/` yet: each shipped question gets one "
                "(`examples/<scenario>-<question>.yaml`), and this section answers it at build time.")
    out = ["Each position below is a state file in `examples/`; the answer is computed by the solver while this "
           "page is built, exactly as the command line answers it.", ""]
    for e in exs:
        out += [render_example(data, e, 3), ""]
    return "\n".join(out)


