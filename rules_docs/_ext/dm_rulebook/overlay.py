"""What a board picture adds to the board itself: the figures and markers of a position (each a small labelled
badge beside its space) and an answer drawn over it — chosen spaces filled, paths as arrows through their spaces,
target figures ringed, placed pieces drawn dashed on their spaces (:class:`solver.answers.Drawing`)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

#: What each kind of badge stands for, in the legend.
MARK_NAMES = {"investigator": "investigator", "monster": "monster", "special": "Unbound, Obscure or the Nest",
              "flooded": "flooded markers (how many)", "nest-marker": "nest marker",
              "unbound-marker": "unbound marker", "obscure-marker": "obscure marker",
              "effect": "devoured effect marker"}


@dataclass(frozen=True)
class Overlay:
    """A drawing normalised for the picture: spaces, paths, the spaces of the target figures, placements."""

    spaces: tuple[str, ...] = ()
    paths: tuple[tuple[str, ...], ...] = ()
    targets: tuple[tuple[str, str], ...] = ()  # (figure, space)
    placements: tuple[tuple[str, str], ...] = ()  # (what, space)

    def __bool__(self) -> bool:
        return bool(self.spaces or self.paths or self.targets or self.placements)


def normal_draw(draws, figure_spaces: dict[str, str]) -> Overlay:
    """One overlay from a drawing or several (an answer's own and each choice's): a figure named by a drawing is
    ringed on the space where it stands; a placement with no space (taken off the board) is left out."""
    if draws is None:
        return Overlay()
    if not isinstance(draws, (list, tuple)):
        draws = [draws]
    spaces: list[str] = []
    paths: list[tuple[str, ...]] = []
    targets: list[tuple[str, str]] = []
    placements: list[tuple[str, str]] = []
    for d in draws:
        if not d:
            continue
        spaces += [s for s in getattr(d, "spaces", ()) if s not in spaces]
        paths += [tuple(p) for p in getattr(d, "paths", ()) if len(p) > 1 and tuple(p) not in paths]
        for f in getattr(d, "figures", ()):
            where = figure_spaces.get(f) or (f if f in figure_spaces.values() else None)
            if where and (f, where) not in targets:
                targets.append((f, where))
        for p in getattr(d, "placements", ()):
            if getattr(p, "space", None) and (p.marker, p.space) not in placements:
                placements.append((p.marker, p.space))
    return Overlay(tuple(spaces), tuple(paths), tuple(targets), tuple(placements))


def _badge(x: float, y: float, kind: str, label: str, name: str, extra: str = "") -> str:
    w = max(22.0, 9 + 7.6 * len(label))
    return (f'<g class="dm-fig-g dm-mark-{escape(kind)}"{extra}><title>{escape(name)}</title>'
            f'<rect class="dm-fig dm-fig-{escape(kind)}" x="{x - w / 2:.1f}" y="{y - 10:.1f}" width="{w:.1f}" '
            f'height="20" rx="10"/><text class="dm-fig-label" x="{x:.1f}" y="{y:.1f}">{escape(label)}</text></g>')


def marks_svg(sp: dict, marks, r: float) -> list[str]:
    """A badge for each mark, fanned out around its space."""
    out: list[str] = []
    by_space: dict[str, list] = {}
    for m in marks:
        if m.space in sp:
            by_space.setdefault(m.space, []).append(m)
    for sid, ms in by_space.items():
        x, y = sp[sid]
        small = [m for m in ms if m.kind == "effect"]
        for m in small:  # a devoured effect marker: a small square, so that many of them don't hide the board
            out.append(f'<g class="dm-fig-g dm-mark-effect" data-mark="effect" data-space="{escape(sid)}">'
                       f'<title>{escape(m.name)} on {escape(sid)}</title><rect class="dm-fig dm-fig-effect" '
                       f'x="{x + r * .45:.1f}" y="{y + r * .45:.1f}" width="9" height="9" rx="1.5"/></g>')
        ms = [m for m in ms if m.kind != "effect"]
        for i, m in enumerate(ms):
            ang = math.pi * (0.75 + 0.5 * i)
            fx, fy = x + (r + 6) * math.cos(ang), y + (r + 6) * math.sin(ang)
            out.append(_badge(fx, fy, m.kind, m.label[:4], f"{m.name} on {sid}",
                              f' data-mark="{escape(m.kind)}" data-space="{escape(sid)}"'))
    return out


def overlay_svg(sp: dict, ov: Overlay, r: float) -> list[str]:
    """The answer over the board: under the badges' text, above the spaces."""
    if not ov:
        return []
    out = ['<g class="dm-answer" data-answer="1">']
    for s in ov.spaces:
        if s in sp:
            x, y = sp[s]
            out.append(f'<circle class="dm-ans-space" data-ans-space="{escape(s)}" cx="{x:.1f}" cy="{y:.1f}" '
                       f'r="{r + 2}"><title>answer: {escape(s)}</title></circle>')
    for i, path in enumerate(ov.paths):
        pts = [sp[s] for s in path if s in sp]
        if len(pts) < 2:
            continue
        d = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
        out.append(f'<polyline class="dm-ans-path" data-ans-path="{i}" points="{d}" '
                   f'marker-end="url(#dm-arrow)"><title>path: {escape(" → ".join(path))}</title></polyline>')
    for fig, s in ov.targets:
        x, y = sp[s]
        out.append(f'<circle class="dm-ans-target" data-ans-target="{escape(fig)}" cx="{x:.1f}" cy="{y:.1f}" '
                   f'r="{r + 9}"><title>target: {escape(fig)} on {escape(s)}</title></circle>')
    for what, s in ov.placements:
        if s not in sp:
            continue
        x, y = sp[s]
        label = "".join(w[0] for w in what.split()[:2]).upper() or "?"
        out.append(f'<g data-ans-place="{escape(s)}"><title>{escape(what)} placed on {escape(s)}</title>'
                   f'<rect class="dm-ans-place" x="{x + r - 4:.1f}" y="{y - r - 12:.1f}" width="26" height="20" '
                   f'rx="4"/><text class="dm-ans-place-label" x="{x + r + 9:.1f}" y="{y - r - 2:.1f}">'
                   f'{escape(label)}</text></g>')
    out.append("</g>")
    return out


ARROW_DEFS = ('<defs><marker id="dm-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
              'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#e8590c"/></marker></defs>')


def legend_items(marks, ov: Overlay) -> list[tuple[str, str]]:
    """Legend entries (icon SVG at 0,0; text) for the kinds of marks drawn and the parts of the answer drawn."""
    items = []
    for kind in MARK_NAMES:
        if kind == "effect" and any(m.kind == kind for m in marks):
            items.append(('<rect class="dm-fig dm-fig-effect" x="-5" y="-5" width="10" height="10" rx="1.5"/>',
                          MARK_NAMES[kind]))
        elif any(m.kind == kind for m in marks):
            items.append((_badge(0, 0, kind, {"flooded": "2", "special": "Ub"}.get(kind, kind[0]), MARK_NAMES[kind]),
                          MARK_NAMES[kind]))
    if ov.spaces:
        items.append(('<circle class="dm-ans-space" cx="0" cy="0" r="9"/>', "answer: space"))
    if ov.paths:
        items.append(('<polyline class="dm-ans-path" points="-10,0 8,0" marker-end="url(#dm-arrow)"/>',
                      "answer: path"))
    if ov.targets:
        items.append(('<circle class="dm-ans-target" cx="0" cy="0" r="9"/>', "answer: target"))
    if ov.placements:
        items.append(('<rect class="dm-ans-place" x="-10" y="-8" width="20" height="16" rx="3"/>',
                      "answer: placed here"))
    return items
