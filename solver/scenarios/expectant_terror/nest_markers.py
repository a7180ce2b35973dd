"""Nest markers: where a spawn of nest markers goes (one at a time, following the devoured deck and skipping the
rooms that hold one), every legal placement, and which rules a proposed placement breaks. Results are data
(:class:`NestMarkerSpawn`, :class:`MarkerStep`); the questions put them into words.

Every legal placement is plain Python: in the devoured deck's order there is exactly one (the first free rooms),
and by the room rules alone the placements are the combinations of the free rooms — counted before they are
listed, so a board with many rooms never enumerates millions (:func:`placement_count`, :func:`placements`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ...components import component
from ...game import Fired, Outcome, Termination

#: The nest markers in the box (``expectant-nest-marker.supply``), from the one table of component counts.
NEST_MARKER_SUPPLY = component("nest marker").count


@dataclass(frozen=True, slots=True)
class MarkerStep:
    """One nest marker of a spawn: its number (from 1), the rooms whose cards were skipped before it (to the
    bottom: they hold a marker), the room and space it went to, and what became of that room's card
    (``"to-bottom"`` or ``"stays-on-top"``). ``failed`` names the rule that stopped it (``None``: placed)."""

    marker: int
    skipped: tuple[int, ...] = ()
    room: int | None = None
    space: str | None = None
    card: str | None = None
    failed: str | None = None


@dataclass(frozen=True, slots=True)
class NestMarkerSpawn:
    """What spawning nest markers did: how many were asked, where they went (rooms and spaces, in order), how many
    could not be placed and the rule that stopped them, each marker's step, the devoured deck afterwards and the
    rules applied."""

    asked: int
    rooms: tuple[int, ...]
    spaces: tuple[str, ...]
    not_placed: int = 0
    stopped_by: str | None = None  # expectant-nest-marker.supply, expectant-nest-marker.no-room, or the loss rule
    steps: tuple[MarkerStep, ...] = ()
    deck_after: tuple[int, ...] = ()
    rules: tuple[str, ...] = ()


def place_nest_markers(state, count: int) -> NestMarkerSpawn:
    """Spawn ``count`` nest markers into ``state`` (an Expectant Terror state), one at a time, each in the spawn
    space of the devoured deck's top room, skipping (card to the bottom) a room that already holds one
    (expectant-nest-marker.deck-order, expectant-nest-marker.skip-occupied, expectant-nest-marker.one-per-room, expectant-nest-marker.different-rooms)."""
    if count < 0:
        raise ValueError("a negative number of nest markers")
    options, board, deck = state.options, state.board, state.devoured_deck
    steps: list[MarkerStep] = []
    rooms: list[int] = []
    rules = ["expectant-nest-marker.deck-order", "spawn.no-location"]
    not_placed, stopped_by = 0, None
    card_after = options["expectant-nest-marker.card-after-spawn"]
    for i in range(count):
        n = i + 1
        if len(state.nest_markers) >= NEST_MARKER_SUPPLY:
            not_placed, stopped_by = count - i, "expectant-nest-marker.supply"
            steps.append(MarkerStep(n, failed="expectant-nest-marker.supply"))
            rules.append("expectant-nest-marker.supply")
            break
        if not any(r not in state.nest_markers for r in deck):
            rules.append("expectant-nest-marker.no-room")
            if options["expectant-nest-marker.no-room"] == "game-lost":
                loss = "expectant-outcome.loss-no-room-for-nest-marker"
                not_placed, stopped_by = count - i, loss
                steps.append(MarkerStep(n, failed=loss))
                if state.lost_reason is None:
                    state.lost_reason = Outcome("loss", Termination.SCENARIO_LOSS,
                                                "a nest marker had to spawn and no room of the devoured deck was "
                                                "free of nest markers", loss)
                rules.append(loss)
                break
            not_placed += 1
            stopped_by = "expectant-nest-marker.no-room"
            steps.append(MarkerStep(n, failed="expectant-nest-marker.no-room"))
            continue
        skipped: list[int] = []
        while deck[0] in state.nest_markers:
            skipped.append(deck[0])
            deck.append(deck.pop(0))
        if skipped and "expectant-nest-marker.skip-occupied" not in rules:
            rules.append("expectant-nest-marker.skip-occupied")
        room = deck[0]
        space = board.rooms[room].spawn_space
        state.nest_markers.add(room)
        rooms.append(room)
        if card_after == "to-bottom":
            deck.append(deck.pop(0))
        steps.append(MarkerStep(n, tuple(skipped), room, space, card_after))
    rules.append("expectant-nest-marker.card-after-spawn")
    return NestMarkerSpawn(count, tuple(rooms), tuple(board.rooms[r].spawn_space for r in rooms), not_placed,
                           stopped_by, tuple(steps), tuple(deck), tuple(dict.fromkeys(rules)))


@dataclass(frozen=True, slots=True)
class PlacementLimits:
    """What bounds a placement of ``asked`` markers: the rooms free of markers (devoured-deck order), how many can
    be placed, the rule that keeps it below ``asked`` (``None``: all can), and the placement the deck dictates."""

    asked: int
    free: tuple[int, ...]
    placed: int
    limit: str | None
    dictated: tuple[int, ...]


def placement_limits(state, count: int) -> PlacementLimits:
    """The free rooms, how many of ``count`` markers can be placed and why not more, and the dictated placement
    (played on a copy: ``state`` is not changed)."""
    free = tuple(r for r in dict.fromkeys(state.devoured_deck) if r not in state.nest_markers)
    supply = max(0, NEST_MARKER_SUPPLY - len(state.nest_markers))
    placed = min(count, supply, len(free))
    limit = None
    if placed < count:
        limit = "expectant-nest-marker.supply" if supply <= len(free) else "expectant-nest-marker.one-per-room"
    dictated = place_nest_markers(state.copy(), count).rooms
    return PlacementLimits(count, free, placed, limit, dictated)


def placement_count(limits: PlacementLimits, order: str) -> int:
    """How many legal placements there are: one in the devoured deck's order, C(free, placed) by the room rules
    alone — counted, not listed."""
    return 1 if order == "deck" else math.comb(len(limits.free), limits.placed)


def placements(limits: PlacementLimits, order: str) -> Iterator[tuple[int, ...]]:
    """The legal placements, each a tuple of rooms in devoured-deck order, lazily (take only what you list)."""
    if order == "deck":
        yield tuple(limits.dictated[:limits.placed])
        return
    yield from itertools.combinations(limits.free, limits.placed)


def broken_placement_rules(state, proposal: Sequence[int], limits: PlacementLimits, count_rule: str,
                           order: str = "deck") -> list[tuple[str, dict]]:
    """The rules a proposed placement (rooms, in the order the markers are placed) breaks, as ``(rule_id,
    details)`` pairs, in the order: different rooms, one a room, the count (``count_rule``: the hazard's rule, or
    the limit's), the deck's order (every room in the deck; under ``"deck"`` the order it dictates)."""
    proposal = list(proposal)
    deck_rooms = set(state.devoured_deck)
    broken: list[tuple[str, dict]] = []
    doubled = sorted({r for r in proposal if proposal.count(r) > 1})
    if doubled:
        broken.append(("expectant-nest-marker.different-rooms", {"rooms": doubled}))
    held = sorted(set(proposal) & state.nest_markers)
    if held:
        broken.append(("expectant-nest-marker.one-per-room", {"rooms": held}))
    if len(proposal) != limits.placed:
        broken.append((limits.limit or count_rule, {"proposed": len(proposal), "placed": limits.placed}))
    outside = [r for r in proposal if r not in deck_rooms]
    if outside:
        broken.append(("expectant-nest-marker.deck-order", {"rooms": outside, "not_in_deck": True}))
    elif order == "deck" and proposal != list(limits.dictated[:limits.placed]):
        same_rooms = sorted(proposal) == sorted(limits.dictated[:limits.placed])
        broken.append(("expectant-nest-marker.deck-order", {"dictated": list(limits.dictated), "same_rooms": same_rooms}))
    return broken


def nest_marker_fired(spawn: NestMarkerSpawn, count_rule: str) -> list[Fired]:
    """A spawn of nest markers as the rules that fired: the hazard's count, then each marker placed (or not)."""
    fired = [Fired(count_rule, "nest markers spawn", {"count": spawn.asked})]
    for step in spawn.steps:
        if step.room is not None:
            fired.append(Fired("expectant-nest-marker.deck-order", "a nest marker spawns",
                               {"marker": step.marker, "room": step.room, "space": step.space,
                                "skipped": list(step.skipped)}))
        else:
            left = 1 if step.failed == "expectant-nest-marker.no-room" else spawn.asked - step.marker + 1
            fired.append(Fired(step.failed or "expectant-nest-marker.no-room", "nest markers are not placed",
                               {"marker": step.marker, "not_placed": left}))
    return fired
