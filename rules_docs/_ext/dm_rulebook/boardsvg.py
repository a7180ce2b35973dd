"""Board diagrams as SVG, drawn from a board file by a small layout of our own.

Layout, in two steps:

1. **Rooms on a grid.** When the board file gives every room its cell (``at: [column, row]``), that is the layout.
   Otherwise rooms are placed one by one, breadth-first from the start room (else the room with most
   connections), each in the free grid cell that minimises the summed grid distance to the rooms already placed
   that it connects to (weighted by the number of connections), with a small pull toward the origin to stay
   compact. Every room gets a box of the same size.
2. **Spaces inside a room** sit in the slots of a small grid. Each space is drawn toward what it connects to: the
   centres of the neighbouring rooms and its neighbours inside the room; a greedy placement followed by pairwise
   swaps minimises the total length of the connections.

Spaces are circles labelled with their IDs, connections are lines (a hatch is a small bar on its line), and the
features are marked: a spawn space by a thick red ring, a start space by a green one, the Unbound space and a nest
by their fill, an Objective Point by its symbol, a Dimensional Portal by a ring of its colour.
"""

from __future__ import annotations

import math
from html import escape
from itertools import combinations

from .overlay import ARROW_DEFS, legend_items, marks_svg, normal_draw, overlay_svg

SPACE_R = 15
SLOT = 46  # distance between space slots inside a room
ROOM_PAD = 22
ROOM_GAP = 54
LABEL_H = 18

PORTAL_FILL = {"red": "#d62728", "blue": "#1f77b4", "green": "#2ca02c", "yellow": "#e6b800",
               "purple": "#8e44ad", "white": "#a8a8a8"}  # white: a grey ring, seen on white
HATCH_FILL = {"open": "#9ecae1", "closed": "#636363", "locked": "#000000", "sealed": "#8c6d31", "broken": "#e6550d"}
HAZARD_FILL = {"blue": "#2f7fd1", "purple": "#8e44ad", "teal": "#17a2a2", "red": "#d62728", "green": "#2ca02c",
               "yellow": "#e6b800", "none": "none"}

STYLE = """
.dm-board-svg text{font-family:system-ui,-apple-system,"Segoe UI",sans-serif}
.dm-room{fill:var(--color-background-secondary,#f6f7f9);stroke:var(--color-foreground-muted,#8a8f98);stroke-width:1.5}
.dm-room-label{fill:var(--color-foreground-secondary,#4a4f57);font-size:13px;font-weight:600}
.dm-conn{stroke:var(--color-foreground-muted,#8a8f98);stroke-width:2.5;stroke-linecap:round}
.dm-conn-out{stroke:var(--color-brand-primary,#2c5d7c);stroke-width:2.5;stroke-dasharray:6 4;opacity:.8}
.dm-space{fill:var(--color-background-primary,#fff);stroke:var(--color-foreground-primary,#222);stroke-width:1.5}
.dm-space-id{fill:var(--color-foreground-primary,#222);font-size:12px;text-anchor:middle;dominant-baseline:central}
.dm-spawn{fill:none;stroke:#d62728;stroke-width:3.5}
.dm-start{fill:none;stroke:#2ca02c;stroke-width:3.5}
.dm-f-unbound .dm-space{fill:#d9c2ec}
.dm-f-nest .dm-space{fill:#f2d3b3}
.dm-op{fill:#f5c400;stroke:#5c4a00;stroke-width:1}
.dm-fig{stroke:#222;stroke-width:1}
.dm-fig-investigator{fill:#2c7fb8}
.dm-fig-monster{fill:#b2182b}
.dm-fig-special{fill:#5b2a86}
.dm-fig-flooded{fill:#6baed6}
.dm-fig-nest-marker{fill:#d9822b}
.dm-fig-unbound-marker{fill:#8e44ad}
.dm-fig-obscure-marker{fill:#404040}
.dm-fig-effect{fill:#a1887f}
.dm-fig-label{fill:#fff;font-size:12px;font-weight:700;text-anchor:middle;dominant-baseline:central}
.dm-devoured .dm-room{fill:var(--color-background-hover,#e9e3f0);stroke-dasharray:5 3}
.dm-ans-space{fill:#ffd54a;fill-opacity:.18;stroke:#e0a800;stroke-width:4.5}
.dm-ans-path{fill:none;stroke:#e8590c;stroke-width:4;stroke-linecap:round;stroke-linejoin:round;opacity:.85}
.dm-ans-target{fill:none;stroke:#e8590c;stroke-width:3;stroke-dasharray:5 3}
.dm-ans-place{fill:#fff3bf;stroke:#e8590c;stroke-width:2;stroke-dasharray:3 2}
.dm-ans-place-label{fill:#7a3d00;font-size:12px;font-weight:700;text-anchor:middle;dominant-baseline:central}
.dm-legend text{fill:var(--color-foreground-secondary,#4a4f57);font-size:12px;dominant-baseline:central}
"""


# --- layout ------------------------------------------------------------------------------------------------------------
def room_graph(board) -> dict[int, dict[int, int]]:
    """Room → {neighbouring room: number of connections between them}."""
    g: dict[int, dict[int, int]] = {r: {} for r in board.rooms}
    for c in board.connections:
        ra, rb = board.spaces[c.a].room, board.spaces[c.b].room
        if ra != rb:
            g[ra][rb] = g[ra].get(rb, 0) + 1
            g[rb][ra] = g[rb].get(ra, 0) + 1
    return g


def grid_rooms(board) -> dict[int, tuple[int, int]]:
    """Room → its (column, row) cell: the board file's own layout when every room says where it goes (``at``),
    else our search: every room in its own cell, neighbours close together."""
    given = {r: getattr(room, "at", None) for r, room in board.rooms.items()}
    if given and all(at is not None for at in given.values()):
        return dict(given)
    g = room_graph(board)
    rooms = sorted(board.rooms)
    starts = [r for r in rooms if any("start" in board.spaces[s].features for s in board.rooms[r].spaces)]
    placed: dict[int, tuple[int, int]] = {}
    taken: set[tuple[int, int]] = set()
    pending = list(rooms)
    while pending:
        seed = next((r for r in starts if r not in placed), None)
        if seed is None:
            seed = max((r for r in rooms if r not in placed), key=lambda r: (sum(g[r].values()), -r))
        queue = [seed]
        seen = {seed}
        while queue:
            room = queue.pop(0)
            placed[room] = _best_cell(room, g, placed, taken)
            taken.add(placed[room])
            for n in sorted(g[room], key=lambda n: (-g[room][n], n)):
                if n not in seen and n not in placed:
                    seen.add(n)
                    queue.append(n)
        pending = [r for r in rooms if r not in placed]
    placed = _improve(placed, g)
    # shift so the top-left cell is (0, 0)
    minx = min(x for x, _ in placed.values())
    miny = min(y for _, y in placed.values())
    return {r: (x - minx, y - miny) for r, (x, y) in placed.items()}


def _segments_cross(p1, p2, p3, p4) -> bool:
    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 1e-9) - (v < -1e-9)

    if len({p1, p2, p3, p4}) < 4:
        return False
    return orient(p1, p2, p3) * orient(p1, p2, p4) < 0 and orient(p3, p4, p1) * orient(p3, p4, p2) < 0


def _near_segment(c, a, b, tol: float = 0.3) -> bool:
    (ax, ay), (bx, by), (cx, cy) = a, b, c
    dx, dy = bx - ax, by - ay
    t = ((cx - ax) * dx + (cy - ay) * dy) / (dx * dx + dy * dy)
    if t <= 0 or t >= 1:
        return False
    return math.hypot(ax + t * dx - cx, ay + t * dy - cy) < tol


def layout_cost(cells: dict[int, tuple[int, int]], g) -> float:
    """What the grid layout minimises: connection lengths, lines that cross or run through another room, and the
    size of the board (kept wider than tall)."""
    edges = [(a, b, w) for a in g for b, w in g[a].items() if a < b]
    cost = sum(w * math.dist(cells[a], cells[b]) for a, b, w in edges)
    for i, (a, b, _) in enumerate(edges):
        for c, d, _ in edges[i + 1:]:
            if _segments_cross(cells[a], cells[b], cells[c], cells[d]):
                cost += 2.0
        if math.dist(cells[a], cells[b]) > 1.01:
            cost += sum(1.5 for r, pos in cells.items() if r not in (a, b) and _near_segment(pos, cells[a], cells[b]))
    xs = [x for x, _ in cells.values()]
    ys = [y for _, y in cells.values()]
    w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    return cost + 0.25 * (w * h) + 0.5 * max(0, h - w)


def _improve(cells: dict[int, tuple[int, int]], g, max_rounds: int = 12) -> dict[int, tuple[int, int]]:
    """Hill-climb from the greedy placement: move a room to a free cell or swap two rooms while it lowers the
    layout cost (deterministic: rooms and cells in a fixed order)."""
    cells = dict(cells)
    best = layout_cost(cells, g)
    rooms = sorted(cells)
    for _ in range(max_rounds):
        improved = False
        xs = [x for x, _ in cells.values()]
        ys = [y for _, y in cells.values()]
        candidates = [(x, y) for y in range(min(ys) - 1, max(ys) + 2) for x in range(min(xs) - 1, max(xs) + 2)]
        for room in rooms:
            here = cells[room]
            owner = {pos: r for r, pos in cells.items()}
            for pos in candidates:
                if pos == here:
                    continue
                other = owner.get(pos)
                cells[room] = pos
                if other is not None:
                    cells[other] = here
                cost = layout_cost(cells, g)
                if cost < best - 1e-9:
                    best, improved, here = cost, True, pos
                    owner = {p: r for r, p in cells.items()}
                else:
                    cells[room] = here
                    if other is not None:
                        cells[other] = pos
        if not improved:
            break
    return cells


def _best_cell(room, g, placed, taken) -> tuple[int, int]:
    if not placed:
        return (0, 0)
    xs = [x for x, _ in placed.values()]
    ys = [y for _, y in placed.values()]
    best, best_key = None, None
    for x in range(min(xs) - 1, max(xs) + 2):
        for y in range(min(ys) - 1, max(ys) + 2):
            if (x, y) in taken:
                continue
            pull = sum(w * (abs(x - placed[n][0]) + abs(y - placed[n][1])) for n, w in g[room].items()
                       if n in placed)
            # grow the board as a wide rectangle (pages are wider than tall)
            spread = 0.15 * (abs(x) + 1.6 * abs(y))
            key = (pull + spread, abs(y), abs(x), y, x)
            if best_key is None or key < best_key:
                best, best_key = (x, y), key
    return best


def _room_dims(n: int) -> tuple[int, int]:
    cols = max(1, math.ceil(math.sqrt(n)))
    rows = max(1, math.ceil(n / cols))
    return cols, rows


_LAYOUTS: dict[tuple, dict] = {}


def _signature(board) -> tuple:
    return (tuple((r, room.spaces) for r, room in sorted(board.rooms.items())),
            tuple((c.a, c.b) for c in board.connections))


def layout(board) -> dict:
    """Positions for drawing: ``rooms`` → (x, y, w, h) boxes, ``spaces`` → (x, y) centres, and the canvas size.
    Computed once per board shape (an example's board is usually its scenario's)."""
    key = _signature(board)
    if key not in _LAYOUTS:
        _LAYOUTS[key] = _layout(board)
    return _LAYOUTS[key]


def _layout(board) -> dict:
    cells = grid_rooms(board)
    dims = {r: _room_dims(len(board.rooms[r].spaces)) for r in board.rooms}
    max_cols = max(c for c, _ in dims.values())
    max_rows = max(r for _, r in dims.values())
    box_w = (max_cols - 1) * SLOT + 2 * (SPACE_R + ROOM_PAD)
    box_h = (max_rows - 1) * SLOT + 2 * (SPACE_R + ROOM_PAD) + LABEL_H
    margin = 14
    boxes = {}
    for r, (cx, cy) in cells.items():
        boxes[r] = (margin + cx * (box_w + ROOM_GAP), margin + cy * (box_h + ROOM_GAP), box_w, box_h)
    centre = {r: (x + w / 2, y + h / 2 + LABEL_H / 2) for r, (x, y, w, h) in boxes.items()}
    spaces: dict[str, tuple[float, float]] = {}
    adj: dict[str, set[str]] = {s: set() for s in board.spaces}
    for c in board.connections:
        adj[c.a].add(c.b)
        adj[c.b].add(c.a)
    for r, room in board.rooms.items():
        x, y, w, h = boxes[r]
        cols, rows = dims[r]
        # centre this room's slot grid in its box
        ox = x + w / 2 - (cols - 1) * SLOT / 2
        oy = y + LABEL_H + (h - LABEL_H) / 2 - (rows - 1) * SLOT / 2
        slots = [(ox + i * SLOT, oy + j * SLOT) for j in range(rows) for i in range(cols)]
        spaces.update(_place_spaces(room.spaces, slots, adj, board, centre))
    width = max(x + w for x, _, w, _ in boxes.values()) + margin
    height = max(y + h for _, y, _, h in boxes.values()) + margin
    return {"rooms": boxes, "spaces": spaces, "width": width, "height": height, "cells": cells}


def _place_spaces(ids, slots, adj, board, centre) -> dict[str, tuple[float, float]]:
    room = board.spaces[ids[0]].room
    targets = {s: [centre[board.spaces[n].room] for n in adj[s] if board.spaces[n].room != room] for s in ids}
    order = sorted(ids, key=lambda s: (-len(targets[s]), ids.index(s)))
    pos: dict[str, tuple[float, float]] = {}
    free = list(slots)
    for s in order:
        def cost(p):
            c = sum(math.dist(p, t) for t in targets[s])
            c += sum(math.dist(p, pos[n]) for n in adj[s] if n in pos)
            return (c, slots.index(p))
        best = min(free, key=cost)
        pos[s] = best
        free.remove(best)

    def total() -> float:
        t = 0.0
        for s in ids:
            t += sum(math.dist(pos[s], p) for p in targets[s])
            t += sum(math.dist(pos[s], pos[n]) for n in adj[s] if n in pos) / 2
        return t

    # pairwise swaps (and moves into free slots) while they shorten the connections
    improved = True
    rounds = 0
    while improved and rounds < 20:
        improved = False
        rounds += 1
        current = total()
        for a, b in combinations(ids, 2):
            pos[a], pos[b] = pos[b], pos[a]
            t = total()
            if t < current - 1e-9:
                current, improved = t, True
            else:
                pos[a], pos[b] = pos[b], pos[a]
        for a in ids:
            for f in list(free):
                old = pos[a]
                pos[a] = f
                t = total()
                if t < current - 1e-9:
                    current, improved = t, True
                    free.remove(f)
                    free.append(old)
                    break
                pos[a] = old
    return pos


# --- drawing -----------------------------------------------------------------------------------------------------------
def _symbol(kind: str, x: float, y: float, r: float = 6.5) -> str:
    cls = 'class="dm-op"'
    if kind == "circle":
        return f'<circle {cls} cx="{x:.1f}" cy="{y:.1f}" r="{r * .8:.1f}"/>'
    if kind == "square":
        return f'<rect {cls} x="{x - r * .75:.1f}" y="{y - r * .75:.1f}" width="{r * 1.5:.1f}" height="{r * 1.5:.1f}"/>'
    if kind == "cross":
        w = r * .35
        pts = [(-w, -r), (w, -r), (w, -w), (r, -w), (r, w), (w, w), (w, r), (-w, r), (-w, w), (-r, w), (-r, -w),
               (-w, -w)]
    elif kind == "triangle":
        pts = [(0, -r), (r * .95, r * .75), (-r * .95, r * .75)]
    elif kind == "star":
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * .45
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((rad * math.cos(a), rad * math.sin(a)))
    else:  # hexagon, or a symbol we don't know
        pts = [(r * math.cos(math.pi / 3 * i), r * math.sin(math.pi / 3 * i)) for i in range(6)]
    d = " ".join(f"{x + px:.1f},{y + py:.1f}" for px, py in pts)
    return f'<polygon {cls} points="{d}"/>'


def _describe(space) -> str:
    parts = [f"space {space.id} (room {space.room})"]
    names = {"spawn": "spawn space", "start": "start space", "unbound": "the Unbound space", "nest": "the Nest space"}
    parts += [names.get(f, f) for f in sorted(space.features)]
    if space.objective_point:
        parts.append(f"Objective Point: {space.objective_point}")
    if space.portal:
        parts.append(f"{space.portal} Dimensional Portal")
    return ", ".join(parts)


def board_svg(board, *, marks: list | None = None, draw=None, title: str = "", compact: bool = False,
              devoured: frozenset | set = frozenset(), figures: dict | None = None, legend: bool = True) -> str:
    """The board as an inline SVG element: ``marks`` (objects with ``space``, ``kind``, ``label``, ``name``: the
    figures and markers of a position) drawn on their spaces, ``draw`` (a :class:`solver.answers.Drawing`, or
    anything with ``spaces``, ``paths``, ``figures`` and ``placements``) overlaid as the answer, ``devoured`` rooms
    shaded. ``figures`` (space → ``[(label, kind, name)]``) is the older way to give figures."""
    from types import SimpleNamespace

    marks = list(marks or [])
    for sid, figs in (figures or {}).items():
        marks += [SimpleNamespace(space=sid, kind=kind, label=label, name=name) for label, kind, name in figs]
    lay = layout(board)
    sp = lay["spaces"]
    w = lay["width"]
    figure_names = {m.name: m.space for m in marks}
    draw = normal_draw(draw, figure_names)
    legend, legend_h = _legend(board, 14, lay["height"], w - 14, marks, draw, compact) if legend else ("", 0)
    h = lay["height"] + legend_h
    out = [f'<svg class="dm-board-svg{" dm-board-compact" if compact else ""}" xmlns="http://www.w3.org/2000/svg" '
           f'viewBox="0 0 {w:.0f} {h:.0f}" width="{w:.0f}" height="{h:.0f}" role="img" '
           f'aria-label="{escape(title or board.name)}: board diagram" data-rooms="{len(board.rooms)}" '
           f'data-spaces="{len(board.spaces)}">',
           f"<title>{escape(title or board.name)}: {len(board.rooms)} rooms, {len(board.spaces)} spaces</title>",
           f"<style>{STYLE}</style>", ARROW_DEFS]
    for r, (x, y, bw, bh) in sorted(lay["rooms"].items()):
        room = board.rooms[r]
        label = f"{r}" + (f" · {room.name}" if room.name and room.name != f"Room {r}" else "")
        dv = " dm-devoured" if r in devoured else ""
        out.append(f'<g class="dm-room-g{dv}" data-room="{r}"><title>room {escape(label)}</title>'
                   f'<rect class="dm-room" x="{x:.1f}" y="{y:.1f}" width="{bw:.1f}" height="{bh:.1f}" rx="10"/>'
                   f'<text class="dm-room-label" x="{x + 9:.1f}" y="{y + 15:.1f}">{escape(_fit(label, bw))}</text></g>')
    for c in board.connections:
        (x1, y1), (x2, y2) = sp[c.a], sp[c.b]
        out_room = board.spaces[c.a].room != board.spaces[c.b].room
        out.append(f'<line class="{"dm-conn dm-conn-out" if out_room else "dm-conn"}" data-conn="{escape(c.a)} {escape(c.b)}" x1="{x1:.1f}" y1="{y1:.1f}" '
                   f'x2="{x2:.1f}" y2="{y2:.1f}"><title>{escape(c.a)} – {escape(c.b)}'
                   f'{" (" + escape(c.hatch) + " hatch)" if c.hatch else ""}</title></line>')
        if c.hatch:
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            ang = math.degrees(math.atan2(y2 - y1, x2 - x1)) + 90
            out.append(f'<rect class="dm-hatch" x="{mx - 9:.1f}" y="{my - 3:.1f}" width="18" height="6" rx="1.5" '
                       f'fill="{HATCH_FILL.get(c.hatch, "#000")}" transform="rotate({ang:.1f} {mx:.1f} {my:.1f})">'
                       f'<title>{escape(c.hatch)} hatch between {escape(c.a)} and {escape(c.b)}</title></rect>')
    for sid, space in board.spaces.items():
        x, y = sp[sid]
        classes = " ".join(f"dm-f-{f}" for f in sorted(space.features))
        out.append(f'<g class="dm-space-g {classes}" data-space="{escape(sid)}"><title>{escape(_describe(space))}'
                   "</title>")
        if space.portal:
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SPACE_R + 5}" fill="none" '
                       f'stroke="{PORTAL_FILL.get(space.portal, "#888")}" stroke-width="3" stroke-dasharray="4 2"/>')
        out.append(f'<circle class="dm-space" cx="{x:.1f}" cy="{y:.1f}" r="{SPACE_R}"/>')
        if "spawn" in space.features:
            out.append(f'<circle class="dm-spawn" cx="{x:.1f}" cy="{y:.1f}" r="{SPACE_R - 2.5}"/>')
        if "start" in space.features:
            out.append(f'<circle class="dm-start" cx="{x:.1f}" cy="{y:.1f}" r="{SPACE_R + 1.5}"/>')
        out.append(f'<text class="dm-space-id" x="{x:.1f}" y="{y:.1f}">{escape(sid)}</text>')
        if space.objective_point:
            out.append(_symbol(space.objective_point, x + SPACE_R * .85, y - SPACE_R * .85))
        out.append("</g>")
    out += overlay_svg(sp, draw, SPACE_R)
    out += marks_svg(sp, marks, SPACE_R)
    out.append(legend)
    out.append("</svg>")
    return _no_highlight("".join(out))


def _no_highlight(svg: str) -> str:
    """Sphinx highlights a searched word in the page it leads to, and fails on the text of an SVG's ``<style>`` and
    ``<title>`` (they have no box): the class ``nohighlight`` keeps it out of them."""
    return svg.replace("<title>", '<title class="nohighlight">').replace("<style>", '<style class="nohighlight">')


def _fit(label: str, width: float) -> str:
    limit = max(6, int((width - 16) / 7))
    return label if len(label) <= limit else label[:limit - 1] + "…"


def _legend(board, x: float, y: float, width: float, marks=(), ov=None, compact: bool = False
            ) -> tuple[str, float]:
    """The legend below the board, wrapped to ``width``; returns the SVG and its height."""
    return _legend_svg(legend_entries(board, marks, ov), x, y, width)


def legend_html(board, marks=(), draw=None) -> str:
    """The legend as a list the page wraps to its own width (a phone reads it without scrolling the board)."""
    marks = list(marks or [])
    ov = normal_draw(draw, {m.name: m.space for m in marks})
    items = "".join(f'<li><svg class="dm-legend-icon" viewBox="-13 -13 26 26" width="26" height="26" '
                    f'aria-hidden="true">{icon}</svg>{escape(text)}</li>'
                    for icon, text in legend_entries(board, marks, ov))
    return f'<ul class="dm-legend-list" aria-label="legend">{items}</ul>'


def legend_entries(board, marks=(), ov=None) -> list[tuple[str, str]]:
    """What the legend names: the board's features, then the figures and markers drawn on it and the parts of the
    answer drawn over it, as (icon SVG centred on 0,0; text)."""
    extra = legend_items(marks, ov) if ov is not None else []
    items = []
    feats = {f for s in board.spaces.values() for f in s.features}
    items.append(('<circle class="dm-space" cx="0" cy="0" r="8"/><circle class="dm-spawn" cx="0" cy="0" r="6"/>',
                  "spawn space"))
    if "start" in feats:
        items.append(('<circle class="dm-space" cx="0" cy="0" r="8"/><circle class="dm-start" cx="0" cy="0" r="9"/>',
                      "start space"))
    if "unbound" in feats:
        items.append(('<g class="dm-f-unbound"><circle class="dm-space" cx="0" cy="0" r="8"/></g>', "Unbound space"))
    if "nest" in feats:
        items.append(('<g class="dm-f-nest"><circle class="dm-space" cx="0" cy="0" r="8"/></g>', "Nest space"))
    if any(s.objective_point for s in board.spaces.values()):
        items.append((_symbol("star", 0, 0), "Objective Point"))
    if any(s.portal for s in board.spaces.values()):
        items.append(('<circle cx="0" cy="0" r="8" fill="none" stroke="#8e44ad" stroke-width="3" '
                      'stroke-dasharray="4 2"/>', "Dimensional Portal"))
    items.append(('<line class="dm-conn dm-conn-out" x1="-9" y1="0" x2="9" y2="0"/>', "between rooms"))
    if any(c.hatch for c in board.connections):
        items.append(('<rect x="-3" y="-8" width="6" height="16" fill="#000"/>', "hatch"))
    return items + extra


def _legend_svg(items, x: float, y: float, width: float) -> tuple[str, float]:
    out = [f'<g class="dm-legend" transform="translate({x:.0f} {y + 14:.0f})">']
    cx, cy = 10.0, 0.0
    for icon, text in items:
        step = 34 + 7 * len(text)
        if cx > 10 and cx + step > width:
            cx, cy = 10.0, cy + 24
        out.append(f'<g transform="translate({cx:.0f} {cy:.0f})">{icon}<text x="14" y="0">{escape(text)}</text></g>')
        cx += step
    out.append("</g>")
    return "".join(out), cy + 36


def track_svg(track, marker: int | None = None) -> str:
    """The devouring track: one box a space with its value, the hazard icon under it, the last space marked."""
    n = len(track)
    bw, gap = 46, 8
    w = n * (bw + gap) + gap
    h = 96
    out = [f'<svg class="dm-track-svg" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
           f'height="{h}" role="img" aria-label="devouring track, {n} spaces"><title>devouring track</title>',
           "<style>.dm-track-svg text{font-family:system-ui,sans-serif;text-anchor:middle;dominant-baseline:central}"
           ".dm-tbox{fill:var(--color-background-secondary,#f6f7f9);stroke:var(--color-foreground-muted,#8a8f98)}"
           ".dm-tlast{stroke:#d62728;stroke-width:2.5}.dm-tval{font-size:18px;font-weight:700;"
           "fill:var(--color-foreground-primary,#222)}.dm-tnum{font-size:10px;fill:var(--color-foreground-muted,#888)}"
           "</style>"]
    for i, t in enumerate(track):
        x = gap + i * (bw + gap)
        last = i == n - 1
        out.append(f'<g><title>space {i + 1}: value {t.value}, hazard {escape(str(t.hazard or "none"))}'
                   f'{" — the last space: the game is lost" if last else ""}</title>'
                   f'<rect class="dm-tbox{" dm-tlast" if last else ""}" x="{x}" y="8" width="{bw}" height="{bw}" '
                   f'rx="6"/><text class="dm-tval" x="{x + bw / 2}" y="{8 + bw / 2}">{t.value}</text>'
                   f'<text class="dm-tnum" x="{x + bw / 2}" y="{h - 8}">{i + 1}</text>')
        if t.hazard:
            fill = HAZARD_FILL.get(str(t.hazard).lower(), "#888")
            out.append(f'<circle cx="{x + bw / 2}" cy="{8 + bw + 12}" r="8" fill="{fill}" stroke="#333" '
                       f'stroke-width="1"/>')
        if marker is not None and marker == i:
            out.append(f'<circle cx="{x + bw / 2}" cy="14" r="5" fill="#d62728"/>')
        out.append("</g>")
    out.append("</svg>")
    return _no_highlight("".join(out))
