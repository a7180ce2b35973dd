"""The purple hazard: for each Dimensional Portal on the board, a flooded marker in the nearest space without one
(fevered-track.purple-each-portal, fevered-track.purple-nearest-free-space).

Whether the portals are resolved one after another (a marker placed for one portal counts for the next) or all at
once (each looks at the board as it was before the hazard) is the interpretation option ``fevered-track.purple-order``.

The work is bounded: the portals are split into *groups* that can't affect each other (:func:`hazard_groups`), each
group's outcomes are found on their own (a group is one portal but where two portals' searches meet), and the
whole hazard is every combination of one outcome a group. :class:`HazardPlan` counts those combinations before any
is listed (the product of the groups' counts) and lists them lazily, so that six portals each with several equally
near spaces never build the full product.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from ...board import Geometry, space_sort_key
from ...errors import InputError, RuleViolation

ONE_AFTER_ANOTHER, AT_ONCE = "one-after-another", "at-once"
#: The most resolutions (an order of a group's portals with a choice at each tie) searched for one group of portals
#: whose searches meet; they are counted first, and a position past the limit is refused rather than searched for
#: minutes. Independent portals are never multiplied together, so this bounds only portals crowded around the same
#: spaces.
GROUP_SEARCH_LIMIT = 50_000


def sorted_spaces(spaces) -> list[str]:
    return sorted(spaces, key=space_sort_key)


@dataclass(frozen=True, slots=True)
class HazardOutcome:
    """One result of a purple hazard (or of one group of portals): the spaces that receive a flooded marker (a space
    twice when two markers stack there), every portal-by-portal assignment that gives it (colour, space or
    ``None``), how many resolutions (an order of the portals with a choice at each tie) lead to it, and one such
    order (empty when the portals are resolved at once)."""

    placements: tuple[str, ...]
    by_portal: tuple[tuple[tuple[str, str | None], ...], ...]
    resolutions: int
    example_order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HazardGroup:
    """Portals whose markers may change each other's search (most often one portal alone), and every outcome of
    the group, in a stable order."""

    portals: tuple[str, ...]
    outcomes: tuple[HazardOutcome, ...]


@dataclass(frozen=True, slots=True)
class HazardPlan:
    """Every outcome of a purple hazard now, as independent groups of portals: an outcome of the whole is one
    outcome of each group. ``interleavings`` is the number of ways the groups' own orders interleave into one order
    of every portal (1 when the portals are resolved at once)."""

    order: str
    portals: Mapping[str, str]  # colour → space of every portal on the board
    groups: tuple[HazardGroup, ...]
    interleavings: int

    @property
    def count(self) -> int:
        """How many outcomes there are, counted without listing them: one choice a group, independent."""
        return math.prod(len(g.outcomes) for g in self.groups)

    @property
    def resolutions(self) -> int:
        """How many full resolutions (orders × tie choices) there are in all."""
        return self.interleavings * math.prod(sum(o.resolutions for o in g.outcomes) for g in self.groups)

    @property
    def is_stepwise(self) -> bool:
        """Whether the players' choice falls into more than one independent step (a group a step)."""
        return sum(1 for g in self.groups if len(g.outcomes) > 1) > 1

    def outcomes(self, limit: int | None = None) -> Iterator[HazardOutcome]:
        """The outcomes of the whole hazard, combined lazily from the groups' (at most ``limit`` of them)."""
        combos = itertools.product(*(g.outcomes for g in self.groups))
        for parts in itertools.islice(combos, limit):
            yield _combine(parts, self.interleavings, list(self.portals))

    def all_outcomes(self) -> list[HazardOutcome]:
        """Every distinct outcome (two assignments that flood the same spaces are one), sorted by their spaces.
        Lists the whole product: for a plan whose :attr:`count` is known to be small."""
        merged: dict[tuple[str, ...], HazardOutcome] = {}
        for o in self.outcomes():
            old = merged.get(o.placements)
            if old is None:
                merged[o.placements] = o
            else:
                ways = tuple(sorted(set(old.by_portal + o.by_portal), key=_by_portal_key))
                merged[o.placements] = HazardOutcome(o.placements, ways, old.resolutions + o.resolutions,
                                                     old.example_order)
        return sorted(merged.values(), key=lambda o: [space_sort_key(s) for s in o.placements])

    def find(self, placement) -> HazardOutcome:
        """The outcome that floods exactly ``placement`` (spaces in any order), found group by group without
        listing the product; a placement no resolution gives raises :class:`RuleViolation`."""

        def walk(i: int, left: Counter):
            if i == len(self.groups):
                return [] if not +left else None
            for o in self.groups[i].outcomes:
                mine = Counter(o.placements)
                if all(left[s] >= n for s, n in mine.items()):
                    rest = walk(i + 1, left - mine)
                    if rest is not None:
                        return [o, *rest]
            return None

        parts = walk(0, Counter(placement))
        if parts is None:
            raise RuleViolation("fevered-track.purple-nearest-free-space",
                                f"no resolution of the purple hazard puts the flooded markers in "
                                f"{sorted_spaces(placement)}")
        return _combine(parts, self.interleavings, list(self.portals))


def _combine(parts, interleavings: int, colours: list[str]) -> HazardOutcome:
    placements = tuple(sorted_spaces(s for o in parts for s in o.placements))
    by_portal = [()]
    for o in parts:
        by_portal = [a + b for a in by_portal for b in o.by_portal]
    by_portal = tuple(sorted((tuple(sorted(a, key=lambda cs: colours.index(cs[0]))) for a in by_portal),
                             key=_by_portal_key))
    return HazardOutcome(placements, by_portal, interleavings * math.prod(o.resolutions for o in parts),
                         tuple(c for o in parts for c in o.example_order))


def _by_portal_key(assignment) -> list:
    return [(c, space_sort_key(s or "~")) for c, s in assignment]


# --- where one portal's marker may go ---------------------------------------------------------------------------------
def hazard_candidates(distances: Mapping[str, int], portal_space: str, flooded: frozenset[str], mode: str,
                      portal_counts: bool) -> list[str]:
    """The spaces one portal's flooded marker may go to, given the spaces already flooded; ``[]``: no marker
    (``mode`` is the setting of ``fevered-track.purple-nearest-flooded``)."""
    reach = {s: d for s, d in distances.items() if portal_counts or s != portal_space}
    if not reach:
        return []
    if mode == "search-further":
        free = {s: d for s, d in reach.items() if s not in flooded}
        if not free:
            return []
        best = min(free.values())
        return sorted_spaces(s for s, d in free.items() if d == best)
    nearest = min(reach.values())
    ring = [s for s, d in reach.items() if d == nearest]
    free = [s for s in ring if s not in flooded]
    if free:
        return sorted_spaces(free)
    return sorted_spaces(ring) if mode == "stack" else []


def portal_reach(geo, portals: Mapping[str, str], initial: frozenset[str], portal_counts: bool
                 ) -> dict[str, dict[str, int]]:
    """Colour → the moves from its portal to every space a purple hazard's search from that portal can look at,
    nearest first. With ``n`` portals at most ``n - 1`` markers are placed before a portal's own, so its search
    never looks past the first ring by which ``n`` spaces free of flooded markers lie nearer."""
    n = len(portals)
    reach: dict[str, dict[str, int]] = {}
    for colour, portal in portals.items():
        found: dict[str, int] = {}
        free = 0
        for d, ring in geo.move_rings_from(portal):
            if free > n - 1:
                break
            for s in ring:
                found[s] = d
                if s not in initial and (portal_counts or s != portal):
                    free += 1
        reach[colour] = found
    return reach


def destination_domain(distances: Mapping[str, int], portal_space: str, initial: frozenset[str], n: int,
                       mode: str, portal_counts: bool) -> list[str]:
    """The spaces a portal's marker could possibly reach, whatever ``n - 1`` other portals do first."""
    reach = {s: d for s, d in distances.items() if portal_counts or s != portal_space}
    if not reach:
        return []
    if mode == "search-further":
        free = sorted(((d, s) for s, d in reach.items() if s not in initial),
                      key=lambda ds: (ds[0], space_sort_key(ds[1])))
        keep = []
        closer, level = 0, None  # how many free spaces lie nearer than the current one's distance
        for i, (d, s) in enumerate(free):
            if d != level:
                closer, level = i, d
            if closer > n - 1:
                break
            keep.append(s)
        return keep
    nearest = min(reach.values())
    return sorted_spaces(s for s, d in reach.items() if d == nearest)


# --- the plan ---------------------------------------------------------------------------------------------------------
def purple_hazard_plan(state) -> HazardPlan:
    """Every outcome of a purple hazard resolved now, as a :class:`HazardPlan` (options read:
    ``fevered-track.purple-order``, ``fevered-track.purple-nearest-flooded``, ``fevered-track.purple-portal-space``)."""
    portals = state.portals_on_board()
    order = state.options["fevered-track.purple-order"]
    if not portals:
        return HazardPlan(order, portals, (), 1)
    geo = Geometry.of(state)
    mode = state.options["fevered-track.purple-nearest-flooded"]
    portal_counts = state.options["fevered-track.purple-portal-space"] == "counts"
    initial = state.mist_spaces()
    n = 1 if order == AT_ONCE else len(portals)
    distances = portal_reach(geo, portals, initial, portal_counts) if n > 1 else \
        {c: _ring_distances(geo, s, initial, portal_counts) for c, s in portals.items()}
    cache: dict[tuple[str, frozenset[str]], list[str]] = {}

    def candidates(colour: str, flooded: frozenset[str]) -> list[str]:
        key = (colour, flooded)
        if key not in cache:
            cache[key] = hazard_candidates(distances[colour], portals[colour], flooded, mode, portal_counts)
        return cache[key]

    if order == AT_ONCE:  # every portal looks at the board as it was: each is a group of its own
        groups = tuple(HazardGroup((c,), _single(c, candidates(c, initial))) for c in portals)
        return HazardPlan(order, portals, groups, 1)

    def domain(colour: str, k: int) -> list[str]:
        return destination_domain(distances[colour], portals[colour], initial, k, mode, portal_counts)

    found = []
    for g in hazard_groups(list(portals), domain):
        if len(g) == 1:
            found.append(HazardGroup(tuple(g), _single(g[0], candidates(g[0], initial))))
        else:
            outcomes = group_resolutions(g, initial, candidates)
            if outcomes is None:
                raise InputError(f"the portals {', '.join(g)} crowd around the same spaces: their purple hazard has "
                                 f"more than {GROUP_SEARCH_LIMIT} resolutions, the most the engine searches "
                                 f"(fevered-track.purple-order = at-once counts them portal by portal)",
                                 rule_id="fevered-track.purple-one-portal-at-a-time")
            found.append(HazardGroup(tuple(g), outcomes))
    interleavings = math.factorial(len(portals)) // math.prod(math.factorial(len(g.portals)) for g in found)
    return HazardPlan(order, portals, tuple(found), interleavings)


def _ring_distances(geo, portal: str, initial: frozenset[str], portal_counts: bool) -> dict[str, int]:
    """The moves from ``portal`` to every space out to the first ring holding a space free of flooded markers."""
    return portal_reach(geo, {"x": portal}, initial, portal_counts)["x"]


def _single(colour: str, where: list[str]) -> tuple[HazardOutcome, ...]:
    if not where:
        return (HazardOutcome((), (((colour, None),),), 1, (colour,)),)
    return tuple(HazardOutcome((s,), (((colour, s),),), 1, (colour,)) for s in where)


def purple_hazard_outcomes(state) -> list[HazardOutcome]:
    """Every distinct placement of flooded markers a purple hazard may give now (see :func:`purple_hazard_plan`),
    sorted by their spaces. Lists the whole product: count with ``purple_hazard_plan(state).count`` first."""
    return purple_hazard_plan(state).all_outcomes()


def hazard_groups(colours: list[str], domain) -> list[list[str]]:
    """Split the portals into groups that can't affect each other. A portal's marker lands in its *domain*: the
    spaces its search can reach when at most ``k - 1`` other markers were placed first, ``k`` the size of its
    group. Portals whose domains meet go into one group, and the domains are recomputed for the bigger groups
    until nothing changes. (Sound by induction over the resolution order: every marker so far landed in its own
    group's domains, so a portal's search only ever meets markers of its own group.)"""
    group_of = {c: i for i, c in enumerate(colours)}
    while True:
        members: dict[int, list[str]] = {}
        for c in colours:
            members.setdefault(group_of[c], []).append(c)
        spaces = {c: set(domain(c, len(members[group_of[c]]))) for c in colours}
        merged = False
        for i, a in enumerate(colours):
            for b in colours[i + 1:]:
                if group_of[a] != group_of[b] and spaces[a] & spaces[b]:
                    old, new = group_of[b], group_of[a]
                    for c in colours:
                        if group_of[c] == old:
                            group_of[c] = new
                    merged = True
        if not merged:
            return sorted(({g: [c for c in colours if group_of[c] == g] for g in set(group_of.values())}).values(),
                          key=lambda g: colours.index(g[0]))


def group_resolutions(colours: list[str], initial: frozenset[str], candidates,
                      budget: int = GROUP_SEARCH_LIMIT) -> tuple[HazardOutcome, ...] | None:
    """Every resolution of one group of portals resolved one after another — every order, and at each portal's
    turn every space the rules leave it once the earlier markers are on the board — walked one after another and
    kept as outcomes (resolutions that flood the same spaces are one outcome); ``None`` as soon as there are more
    than ``budget`` resolutions.

    A plain walk: the same search written for python-constraint2 (a step and a destination per portal, a Python
    predicate per step, as before) gave the same outcomes about 20 times slower (2.2 s against 0.12 s for six
    portals with 8,400 resolutions on the shipped board)."""
    grouped: dict[tuple[str, ...], dict] = {}
    count = 0

    def walk(left: tuple[str, ...], flooded: frozenset[str], order: tuple[str, ...],
             where: dict[str, str | None]) -> bool:
        nonlocal count
        if not left:
            count += 1
            assignment = tuple((c, where[c]) for c in colours)
            key = tuple(sorted(s for _, s in assignment if s is not None))  # plain order: sorted once at the end
            g = grouped.setdefault(key, {"by_portal": set(), "count": 0, "order": order})
            g["by_portal"].add(assignment)
            g["count"] += 1
            return count <= budget
        for c in left:
            rest = tuple(x for x in left if x != c)
            for s in candidates(c, flooded) or [None]:
                where[c] = s
                if not walk(rest, flooded if s is None else flooded | {s}, order + (c,), where):
                    return False
            del where[c]
        return True

    if not walk(tuple(colours), frozenset(initial), (), {}):
        return None
    out = [HazardOutcome(tuple(sorted_spaces(key)), tuple(sorted(g["by_portal"], key=_by_portal_key)), g["count"],
                         g["order"]) for key, g in grouped.items()]
    return tuple(sorted(out, key=lambda o: [space_sort_key(s) for s in o.placements]))
