"""Fevered Dreams: Obscure lurks behind six Dimensional Portals, and its mist eats the investigators' existence.

The scenario (what never changes): the ten rooms, all of them devoured (no room deck), the devouring track with its
hazard icons, the board with its six Dimensional Portals. The state (:class:`FeveredDreamsState`, what changes):
the flooded markers (they stack; a space with one is a *mist space*), the obscure markers on the board and on the
Obscure monster card, which portal Obscure stands on, the face-down objective markers, the removed portals, every
investigator's existence dial, the devoured effect markers and the chosen monster cards.

The round, as this scenario's rules touch it:

* :meth:`FeveredDreams.devour_phase` — the devour marker advances and the new space's hazard icon is resolved; a
  purple icon floods, for each portal, the nearest space without a flooded marker (:func:`purple_hazard_outcomes`
  gives every placement some order and some tie choice allows);
* :meth:`FeveredDreams.spawn_phase` — three obscure markers, before any spawn card (:func:`obscure_spawn_plan`);
* :meth:`FeveredDreams.end_of_activation` — an investigator in a mist space loses existence;
* :meth:`FeveredDreams.end_of_round` — every obscure marker on the board becomes a flooded marker;
* :meth:`FeveredDreams.investigate`, :meth:`FeveredDreams.wound_obscure_marker` — the investigators' means.

Rules: the catalog area ``fevered_dreams`` (``rules_docs/catalog/fevered_dreams.yaml``). Options read here:
``existence-dial.start-level``, ``obscure-marker.supply``, ``obscure.kill-when-card-full``, ``mist.same-space-sight``,
``purple-hazard.nearest-flooded``, ``purple-hazard.portal-space``, ``obscure-spawn.repeated-room``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from ..answers import Answer, Choice
from ..board import PORTAL_COLOURS, Board, space_sort_key
from ..errors import InputError, PlayerChoiceRequired, RuleViolation
from ..game import GameState, Scenario, Target, TrackSpace
from ..health import Health
from ..questions import question

ROOMS = (2, 3, 4, 17, 18, 19, 20, 24, 25, 27)
START_ROOM = 2
OBSCURE = "Obscure"
OBSCURE_MARKERS_IN_BOX = 6  # rulebook, "Components"
OBSCURE_MARKER_HEALTH = 4
CARD_LIMIT = 3  # obscure markers on the Obscure monster card
MARKERS_A_SPAWN_PHASE = 3
INVESTIGATE_COST = 3
BLUE, PURPLE = "blue", "purple"
TRACK = tuple(TrackSpace(value, hazard) for value, hazard in
              zip((3, 2, 3, 2, 3, 2, 3, 2, 3), (BLUE, BLUE, PURPLE) * 3))
MARKER_PREFIX = "Obscure marker#"


def _sorted_spaces(spaces: Iterable[str]) -> list[str]:
    return sorted(spaces, key=space_sort_key)


# --- the state ------------------------------------------------------------------------------------------------------
@dataclass
class ObscureMarker:
    """An obscure marker on the board: a monster of health 4 for the investigators, which never moves."""

    id: str
    space: str
    health: Health = field(default_factory=lambda: Health(OBSCURE_MARKER_HEALTH))


@dataclass(frozen=True, slots=True)
class MonsterCard:
    """A monster card chosen at setup step 3; ``epic`` marks an epic monster (its names are not in the text)."""

    name: str
    epic: bool = False


@dataclass
class FeveredDreamsState(GameState):
    """What changes in a game of Fevered Dreams, besides the common state."""

    flooded: dict[str, int] = field(default_factory=dict)  # space → flooded markers (>= 1); they stack
    obscure_markers: dict[str, ObscureMarker] = field(default_factory=dict)  # on the board, by ID
    obscure_card: int = 0  # obscure markers on the Obscure monster card (0-3)
    obscure_markers_out: int = 0  # removed from the game (obscure.kill-when-card-full = leave-game)
    obscure_portal: str | None = None  # the revealed objective marker's colour: Obscure stands on that portal
    face_down: list[str] = field(default_factory=list)  # face-down objective markers beside the Obscure card
    removed_portals: list[str] = field(default_factory=list)  # portals removed from the game, in removal order
    existence: dict[str, int] = field(default_factory=dict)  # investigator → existence level
    devoured_effects: dict[str, str | None] = field(default_factory=dict)  # space → devoured effect (None: unnamed)
    monster_cards: list[MonsterCard] = field(default_factory=list)  # chosen at setup step 3, in track order

    # --- mist (fevered-mist.*) ------------------------------------------------------------------------------------
    def flooded_in(self, space: str) -> int:
        return self.flooded.get(space, 0)

    def is_mist_space(self, space: str) -> bool:
        """A space with one or more flooded markers (fevered-mist.mist-space)."""
        return self.flooded.get(space, 0) > 0

    def mist_spaces(self) -> frozenset[str]:
        return frozenset(s for s, n in self.flooded.items() if n > 0)

    def add_flooded(self, space: str, count: int = 1) -> None:
        """Flooded markers stack (fevered-mist.markers-stack)."""
        self.board.space(space)
        self.flooded[space] = self.flooded.get(space, 0) + count

    # --- portals and Obscure ----------------------------------------------------------------------------------------
    def portals_on_board(self) -> dict[str, str]:
        """Colour → space of every Dimensional Portal not removed from the game, in colour order."""
        return {c: s for c, s in sorted(self.board.portals.items(), key=lambda cs: PORTAL_COLOURS.index(cs[0]))
                if c not in self.removed_portals}

    @property
    def obscure_space(self) -> str | None:
        """Where the Obscure figure stands: the portal of the revealed objective marker."""
        return self.board.portals[self.obscure_portal] if self.obscure_portal else None

    # --- obscure markers --------------------------------------------------------------------------------------------
    def obscure_markers_in_supply(self) -> int:
        """Markers neither on the board, nor on the card, nor out of the game (assumption obscure-marker.supply)."""
        return (OBSCURE_MARKERS_IN_BOX - len(self.obscure_markers) - self.obscure_card
                - self.obscure_markers_out)

    def obscure_markers_in(self, space: str) -> list[ObscureMarker]:
        return [m for m in self.obscure_markers.values() if m.space == space]

    def _next_marker_id(self) -> str:
        used = set(self.obscure_markers)
        n = 1
        while f"{MARKER_PREFIX}{n}" in used:
            n += 1
        return f"{MARKER_PREFIX}{n}"

    # --- existence ------------------------------------------------------------------------------------------------
    def existence_of(self, investigator: str) -> int:
        if investigator not in self.existence:
            raise KeyError(f"{investigator!r} has no existence dial in this position")
        return self.existence[investigator]


# --- results of operations (small frozen values) ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ExistenceLoss:
    """What the end of an activation cost an investigator (fevered-existence.mist-at-end-of-activation)."""

    investigator: str
    space: str
    flooded_markers: int
    before: int
    after: int
    devoured: bool

    @property
    def lost(self) -> int:
        return self.before - self.after


@dataclass(frozen=True, slots=True)
class InvestigateResult:
    """What investigating did: the investigator, the portal removed, the colour revealed next (``None``: no
    face-down objective marker was left) and the obscure space afterwards."""

    investigator: str
    removed_portal: str
    revealed: str | None  # the colour revealed next; None when no face-down marker was left
    obscure_space: str | None


@dataclass(frozen=True, slots=True)
class HazardOutcome:
    """One result of a purple hazard: the spaces that receive a flooded marker (a space twice when two markers
    stack there), the portal-by-portal assignments that give it, how many resolutions (an order of the portals
    with a choice at each tie) lead to it, and one such order."""

    placements: tuple[str, ...]
    by_portal: tuple[tuple[tuple[str, str | None], ...], ...]
    resolutions: int
    example_order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DevourResult:
    """What a devour phase did: the track space the marker moved onto (from 1), its hazard icon and the flooded
    markers a purple hazard placed."""

    space: int  # 1-based space of the devouring track the marker moved onto
    hazard: str | None
    placements: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SpawnStep:
    """One spawn card of a spawn phase: where its monster went (or why it was passed over)."""

    card: int
    space: str | None  # None: the card was passed over (its room already has one this phase)
    note: str


@dataclass(frozen=True, slots=True)
class ObscureSpawnPlan:
    """Where the three obscure markers of a spawn phase go (fevered-obscure-marker.spawn-three)."""

    spaces: tuple[str, ...]
    steps: tuple[SpawnStep, ...]
    deck_after: tuple[int, ...]
    available: int  # markers the supply held
    notes: tuple[str, ...] = ()


# --- the purple hazard ------------------------------------------------------------------------------------------------
def _hazard_candidates(distances: Mapping[str, int], portal_space: str, flooded: frozenset[str], mode: str,
                       portal_counts: bool) -> list[str]:
    """The spaces one portal's flooded marker may go to, given the spaces already flooded; ``[]``: no marker."""
    reach = {s: d for s, d in distances.items() if portal_counts or s != portal_space}
    if not reach:
        return []
    if mode == "search-further":
        free = {s: d for s, d in reach.items() if s not in flooded}
        if not free:
            return []
        best = min(free.values())
        return _sorted_spaces(s for s, d in free.items() if d == best)
    nearest = min(reach.values())
    ring = [s for s, d in reach.items() if d == nearest]
    free = [s for s in ring if s not in flooded]
    if free:
        return _sorted_spaces(free)
    return _sorted_spaces(ring) if mode == "stack" else []


def purple_hazard_outcomes(state: FeveredDreamsState) -> list[HazardOutcome]:
    """Every placement of flooded markers a purple hazard may give now: one marker for each portal on the board,
    resolved one portal after another in any order, each in the nearest space without a flooded marker, the
    players choosing among equally near spaces (fevered-track.purple-*). Outcomes come in a stable order.

    Portals whose markers can never land where another's search looks don't affect each other: they are split
    into independent groups (:func:`_hazard_groups`), each group's resolutions are a constraint problem
    (:func:`_group_resolutions`), and the outcomes are every combination of the groups' outcomes.
    """
    from ..board import Geometry

    portals = state.portals_on_board()
    if not portals:
        return [HazardOutcome((), ((),), 1, ())]
    geo = Geometry.of(state)
    mode = state.options["purple-hazard.nearest-flooded"]
    portal_counts = state.options["purple-hazard.portal-space"] == "counts"
    initial = state.mist_spaces()
    distances = portal_reach(geo, portals, initial, portal_counts)
    cache: dict[tuple[str, frozenset[str]], list[str]] = {}

    def candidates(colour: str, flooded: frozenset[str]) -> list[str]:
        key = (colour, flooded)
        if key not in cache:
            cache[key] = _hazard_candidates(distances[colour], portals[colour], flooded, mode, portal_counts)
        return cache[key]

    def domain(colour: str, k: int) -> list[str]:
        return _destination_domain(distances[colour], portals[colour], initial, k, mode, portal_counts)

    groups = _hazard_groups(list(portals), domain)
    per_group = [_group_resolutions(g, _sorted_spaces(set().union(*(domain(c, len(g)) for c in g))), initial,
                                    candidates) for g in groups]
    combined: list[tuple[tuple[str, ...], tuple[tuple[tuple[str, str | None], ...], ...], int, tuple[str, ...]]]
    combined = [((), ((),), 1, ())]
    for outcomes in per_group:
        combined = [(a_pl + o.placements, tuple(x + y for x in a_bp for y in o.by_portal), a_n * o.resolutions,
                     a_ord + o.example_order) for a_pl, a_bp, a_n, a_ord in combined for o in outcomes]
    interleavings = _factorial(len(portals))
    for g in groups:
        interleavings //= _factorial(len(g))
    colours = list(portals)
    out = []
    for placements, by_portal, n, order in combined:
        by_portal = tuple(sorted((tuple(sorted(a, key=lambda cs: colours.index(cs[0]))) for a in by_portal),
                                 key=lambda a: [space_sort_key(s or "~") for _, s in a]))
        out.append(HazardOutcome(tuple(_sorted_spaces(placements)), by_portal, n * interleavings, order))
    return sorted(out, key=lambda o: [space_sort_key(s) for s in o.placements])


def portal_reach(geo, portals: Mapping[str, str], initial: frozenset[str], portal_counts: bool
                 ) -> dict[str, dict[str, int]]:
    """Colour → the moves from its portal to every space a purple hazard's search from that portal can look at,
    nearest first. With ``n`` portals at most ``n - 1`` markers are placed before a portal's own, so its search
    never looks past the first ring by which ``n`` spaces free of flooded markers lie nearer (each rule of
    ``purple-hazard.nearest-flooded`` looks at most that far): the search out of the portal stops there."""
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


def _factorial(n: int) -> int:
    out = 1
    for i in range(2, n + 1):
        out *= i
    return out


def _hazard_groups(colours: list[str], domain) -> list[list[str]]:
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


def _group_resolutions(colours: list[str], reachable: list[str], initial: frozenset[str],
                       candidates) -> list[HazardOutcome]:
    """Every resolution of one group of portals, as a constraint problem (python-constraint2): ``step:i`` is the
    portal resolved i-th (all different), ``dest:i`` the space its marker goes to (or ``none``); the constraint on
    step i makes ``dest:i`` legal for that portal once the markers of steps 0 … i-1 are on the board. Every
    solution is one resolution (an order and a choice at each tie); resolutions that flood the same spaces are one
    outcome."""
    from constraint import AllDifferentConstraint, FunctionConstraint, Problem

    n = len(colours)
    problem = Problem()
    steps = [f"step:{i}" for i in range(n)]
    dests = [f"dest:{i}" for i in range(n)]
    for sv, dv in zip(steps, dests):
        problem.addVariable(sv, list(colours))
        problem.addVariable(dv, list(reachable) + [NO_MARKER])
    problem.addConstraint(AllDifferentConstraint(), steps)

    def legal_at(i: int):
        def check(*values) -> bool:  # step:0 … step:i, dest:0 … dest:i
            order, placed = values[:i + 1], values[i + 1:]
            flooded = initial.union(d for d in placed[:i] if d != NO_MARKER)
            legal = candidates(order[i], frozenset(flooded))
            return placed[i] in legal if placed[i] != NO_MARKER else not legal
        return check

    # step i's constraint names steps and dests 0 … i: the earlier a step, the more constraints its variables
    # carry, so the solver assigns the steps in order and prunes each as soon as it is placed
    for i in range(n):
        problem.addConstraint(FunctionConstraint(legal_at(i)), steps[:i + 1] + dests[:i + 1])

    grouped: dict[tuple[str, ...], dict] = {}
    for sol in problem.getSolutions():
        order = tuple(sol[v] for v in steps)
        where = {sol[sv]: (None if sol[dv] == NO_MARKER else sol[dv]) for sv, dv in zip(steps, dests)}
        assignment = tuple((c, where[c]) for c in colours)
        placements = tuple(_sorted_spaces(s for _, s in assignment if s is not None))
        g = grouped.setdefault(placements, {"by_portal": set(), "count": 0, "order": None})
        g["by_portal"].add(assignment)
        g["count"] += 1
        key = [PORTAL_COLOURS.index(c) for c in order]
        if g["order"] is None or key < [PORTAL_COLOURS.index(c) for c in g["order"]]:
            g["order"] = order
    return [HazardOutcome(pl, tuple(g["by_portal"]), g["count"], g["order"]) for pl, g in grouped.items()]


NO_MARKER = "none"


def _destination_domain(distances: Mapping[str, int], portal_space: str, initial: frozenset[str], n: int,
                        mode: str, portal_counts: bool) -> list[str]:
    """The spaces a portal's marker could possibly reach, whatever the other portals do first (a sound pruning:
    at most ``n - 1`` markers are placed before this portal's)."""
    reach = {s: d for s, d in distances.items() if portal_counts or s != portal_space}
    if not reach:
        return []
    if mode == "search-further":
        free = sorted(((d, s) for s, d in reach.items() if s not in initial), key=lambda ds: (ds[0],
                                                                                            space_sort_key(ds[1])))
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
    return _sorted_spaces(s for s, d in reach.items() if d == nearest)


# --- obscure markers: the spawn phase --------------------------------------------------------------------------------
def obscure_spawn_plan(state: FeveredDreamsState) -> ObscureSpawnPlan:
    """Where this spawn phase's obscure markers go, without changing the state: the spawn space of the room of
    each top card of the devoured deck, each card then to the bottom (spawn.no-location, spawn.card-to-bottom), in
    three different rooms (fevered-obscure-marker.different-rooms, option ``obscure-spawn.repeated-room``)."""
    deck = list(state.devoured_deck)
    available = state.obscure_markers_in_supply()
    wanted = min(MARKERS_A_SPAWN_PHASE, max(available, 0))
    notes: list[str] = []
    if available < MARKERS_A_SPAWN_PHASE:
        notes.append(f"only {max(available, 0)} obscure marker(s) left in the supply "
                     f"(obscure-marker.supply; {state.obscure_markers_out} out of the game)")
    skip = state.options["obscure-spawn.repeated-room"] == "skip"
    spaces: list[str] = []
    steps: list[SpawnStep] = []
    rooms_used: list[int] = []
    while len(spaces) < wanted:
        if not deck:
            raise RuleViolation("spawn.no-location", "the devoured deck is empty: there is no room to spawn in")
        if skip:
            passed = 0
            while deck[0] in rooms_used and passed < len(deck):
                card = deck.pop(0)
                deck.append(card)
                steps.append(SpawnStep(card, None, f"room {card} already has this phase's obscure marker: the card "
                                                   f"goes to the bottom unused"))
                passed += 1
            if deck[0] in rooms_used:
                notes.append(f"no other room is left in the devoured deck: {wanted - len(spaces)} marker(s) not "
                             f"spawned (obscure-spawn.repeated-room=skip)")
                break
        card = deck.pop(0)
        deck.append(card)
        space = state.board.rooms[card].spawn_space
        again = card in rooms_used
        steps.append(SpawnStep(card, space, f"top card {card} → spawn space {space}; card to the bottom"
                               + (" (a room used again: obscure-spawn.repeated-room=same-room)" if again else "")))
        spaces.append(space)
        rooms_used.append(card)
    return ObscureSpawnPlan(tuple(spaces), tuple(steps), tuple(deck), available, tuple(notes))


# --- the scenario -----------------------------------------------------------------------------------------------------
class FeveredDreams(Scenario):
    """Storybook: Fevered Dreams."""

    name = "fevered-dreams"
    title = "Fevered Dreams"
    rooms = ROOMS
    room_deck = ()  # fevered-board.devoured-deck: every room starts devoured
    devoured_deck = ROOMS
    devouring_track = TRACK
    hazard_effects = {  # the hazard icons' effects, in our words (for the website)
        BLUE: "no effect (fevered-track.blue-no-effect)",
        PURPLE: "for each Dimensional Portal still on the board, one after another in the players' order, a flooded "
                "marker goes into the nearest space without one; the players choose among equally near spaces "
                "(fevered-track.purple-each-portal, fevered-track.purple-nearest-free-space, "
                "fevered-track.purple-one-portal-at-a-time)",
    }
    state_class = FeveredDreamsState

    def __init__(self, board: Board, options=None) -> None:
        super().__init__(board, options)
        check_board(board)

    # --- setup ------------------------------------------------------------------------------------------------
    def setup(self, state: FeveredDreamsState, rng: random.Random | None) -> None:
        """The special setup. With ``rng`` the objective markers are shuffled before one is revealed; without
        one they stay in colour order and the first (red) is revealed."""
        state.room_deck = []
        state.devoured_rooms = set(ROOMS)
        # fevered-board.devoured-effects: every space of a devoured room but its spawn space (the markers' faces
        # are not public: they are recorded unnamed)
        state.devoured_effects = {s: None for room in ROOMS for s in self.board.rooms[room].spaces
                                  if not self.board.space(s).is_spawn_space}
        # fevered-setup.objective-markers, fevered-setup.obscure-on-portal
        markers = [c for c in PORTAL_COLOURS if c in self.board.portals]
        if rng is not None:
            rng.shuffle(markers)
        state.obscure_portal = markers.pop(0)
        state.face_down = sorted(markers, key=PORTAL_COLOURS.index)
        start = self.start_space()
        for f in state.investigators():
            if f.space is None:
                f.space = start  # fevered-board.start-room
            state.existence.setdefault(f.id, self.existence_start_level())

    def start_space(self) -> str:
        return start_space_of(self.board)

    def existence_start_level(self) -> int:
        return int(self.options["existence-dial.start-level"])

    def add_investigator(self, state: FeveredDreamsState, investigator: str, health: int) -> None:
        """Put an investigator into a game being set up: on the Start room's start space, with a full existence
        dial (fevered-board.start-room, fevered-existence.dial)."""
        from ..game import Figure

        if investigator in state.figures:
            raise RuleViolation("fevered-board.start-room", f"{investigator} is already in the game")
        state.figures[investigator] = Figure(investigator, "investigator", self.start_space(), Health(health))
        state.activation_track.append(investigator)
        state.existence[investigator] = self.existence_start_level()

    def choose_monsters(self, state: FeveredDreamsState, cards: Iterable[MonsterCard | str]) -> None:
        """Setup step 3: the chosen monster cards, in track order. No epic monster (fevered-setup.no-epic-monsters);
        the Obscure card is not chosen, it ends the track (fevered-setup.obscure-card-last)."""
        chosen = [c if isinstance(c, MonsterCard) else MonsterCard(str(c)) for c in cards]
        for c in chosen:
            if c.epic:
                raise RuleViolation("fevered-setup.no-epic-monsters",
                                    f"{c.name} is an epic monster: epic monsters can't be chosen in Fevered Dreams")
            if c.name == OBSCURE:
                raise RuleViolation("fevered-setup.obscure-card-last",
                                    "the Obscure card is not chosen with the monsters: it is placed at the end of "
                                    "the activation track after them")
        state.monster_cards = chosen

    def activation_track_cards(self, state: FeveredDreamsState) -> list[str]:
        """The monster cards of the activation track, first to last: the chosen ones, then Obscure's."""
        return [c.name for c in state.monster_cards] + [OBSCURE]

    def spawn_deck_monsters(self, state: FeveredDreamsState) -> tuple[str, ...]:
        """Whose spawn cards are shuffled into the spawn deck: the chosen monsters', never Obscure's
        (fevered-setup.no-obscure-spawn-cards)."""
        return tuple(c.name for c in state.monster_cards if c.name != OBSCURE)

    def activation_order(self, state: FeveredDreamsState) -> list[str]:
        """Who activates in a round: each investigator of the activation track followed by the monster card
        under it (the base game's alternation), any further monster cards, and Obscure after the last monster
        (fevered-obscure.activates-last)."""
        order: list[str] = []
        monsters = [c.name for c in state.monster_cards]
        for i, inv in enumerate(state.activation_track):
            order.append(inv)
            if i < len(monsters):
                order.append(monsters[i])
        order += monsters[len(state.activation_track):]
        order.append(OBSCURE)
        return order

    # --- the devour phase: the track's hazard icons -----------------------------------------------------------
    def devour_phase(self, state: FeveredDreamsState, placement: Sequence[str] | None = None) -> DevourResult:
        """Advance the devour marker one space and resolve the hazard icon under the new space: blue has no
        effect (fevered-track.blue-no-effect); purple floods near every portal (:meth:`resolve_purple_hazard`,
        with ``placement`` the players' choice where the rules leave one)."""
        if state.devour_marker >= len(TRACK) - 1:
            raise RuleViolation("outcome.loss-devouring-track", "the devour marker already stands on the last "
                                                                "space of the devouring track")
        hazard = TRACK[state.devour_marker + 1].hazard
        placed: tuple[str, ...] = ()
        if hazard == PURPLE:  # a refused or unmade choice leaves the marker where it was
            placed = self.resolve_purple_hazard(state, placement)
        elif placement:
            raise RuleViolation("fevered-track.blue-no-effect", "a blue hazard icon has no effect: there is nothing "
                                                                "to place")
        state.devour_marker += 1
        return DevourResult(state.devour_marker + 1, hazard, placed)

    def resolve_purple_hazard(self, state: FeveredDreamsState, placement: Sequence[str] | None = None
                              ) -> tuple[str, ...]:
        """Place the purple hazard's flooded markers. When the rules leave the players more than one outcome,
        ``placement`` (the spaces receiving a marker, in any order) must name one of them."""
        outcomes = purple_hazard_outcomes(state)
        if placement is None:
            if len(outcomes) > 1:
                raise PlayerChoiceRequired("fevered-track.purple-one-portal-at-a-time",
                                           "where the purple hazard's flooded markers go",
                                           [list(o.placements) for o in outcomes])
            chosen = outcomes[0]
        else:
            wanted = tuple(_sorted_spaces(placement))
            match = [o for o in outcomes if o.placements == wanted]
            if not match:
                raise RuleViolation("fevered-track.purple-nearest-free-space",
                                    f"no order of the portals and no choice among equally near spaces puts the "
                                    f"flooded markers in {list(wanted)}; the outcomes are "
                                    f"{[list(o.placements) for o in outcomes]}")
            chosen = match[0]
        for s in chosen.placements:
            state.add_flooded(s)
        return chosen.placements

    # --- the spawn phase: obscure markers ------------------------------------------------------------------------
    def spawn_phase(self, state: FeveredDreamsState) -> list[ObscureMarker]:
        """The beginning of the spawn phase: three obscure markers, before any spawn card is resolved
        (fevered-obscure-marker.spawn-three). The spawn cards that follow are the players' (their faces are not
        public)."""
        plan = obscure_spawn_plan(state)
        spawned = []
        for space in plan.spaces:
            m = ObscureMarker(state._next_marker_id(), space)
            state.obscure_markers[m.id] = m
            spawned.append(m)
        state.devoured_deck = list(plan.deck_after)
        return spawned

    # --- activations ---------------------------------------------------------------------------------------------
    def oxygen_cost(self, state: FeveredDreamsState, investigator: str) -> int:
        """Oxygen an action costs: none, wherever the investigator stands (fevered-mist.no-flooded-rules)."""
        self._investigator(state, investigator)
        return 0

    def is_flooded_space(self, state: FeveredDreamsState, space: str) -> bool:
        """Whether the base game's flooded-space rules apply to ``space``: never in this scenario; flooded
        markers make mist spaces (fevered-mist.no-flooded-rules)."""
        state.board.space(space)
        return False

    def end_of_activation(self, state: FeveredDreamsState, investigator: str) -> ExistenceLoss:
        """The end of an investigator's activation: in a mist space the existence dial turns down by the
        flooded markers there (fevered-existence.mist-at-end-of-activation); at 0 the investigator is devoured
        (fevered-existence.devoured-at-zero). Not called for actions outside an activation
        (outside-activation.no-start-end-effects)."""
        f = self._investigator(state, investigator)
        before = state.existence_of(investigator)
        x = state.flooded_in(f.space)
        after = max(0, before - x)
        state.existence[investigator] = after
        devoured = x > 0 and after == 0
        if devoured:
            f.killed = True
        return ExistenceLoss(investigator, f.space, x, before, after, devoured)

    def recover_existence(self, state: FeveredDreamsState, investigator: str, amount: int = 1) -> None:
        """Existence is never recovered (fevered-existence.no-recovery)."""
        self._investigator(state, investigator)
        raise RuleViolation("fevered-existence.no-recovery",
                            f"{investigator}'s existence level can't be recovered, for any reason")

    def end_of_round(self, state: FeveredDreamsState) -> list[str]:
        """Every obscure marker on the board is replaced by a flooded marker in its space
        (fevered-obscure-marker.end-of-round-flooded); the markers return to the supply (obscure-marker.supply).
        Returns the spaces flooded; the round counter advances."""
        flooded = []
        for m in sorted(state.obscure_markers.values(), key=lambda m: (space_sort_key(m.space), m.id)):
            state.add_flooded(m.space)
            flooded.append(m.space)
        state.obscure_markers.clear()
        state.round += 1
        return flooded

    # --- the investigators' means -----------------------------------------------------------------------------
    def can_investigate(self, state: FeveredDreamsState, investigator: str) -> tuple[bool, str | None, str]:
        """Whether ``investigator`` may take the Investigate action now: ``(yes, rule_id, why)``."""
        f = self._investigator(state, investigator)
        if state.obscure_space is None:
            return False, "fevered-investigate.same-space", "Obscure stands on no portal: every portal is removed"
        if f.space != state.obscure_space:
            return (False, "fevered-investigate.same-space",
                    f"{investigator} is in {f.space}, not in Obscure's space {state.obscure_space}")
        if state.obscure_card < INVESTIGATE_COST:
            return (False, "fevered-investigate.three-markers",
                    f"the Obscure card holds {state.obscure_card} obscure marker(s); investigating discards three")
        return True, None, f"{investigator} stands with Obscure and the card holds three obscure markers"

    def investigate(self, state: FeveredDreamsState, investigator: str, revealed: str | None = None,
                    rng: random.Random | None = None) -> InvestigateResult:
        """The Investigate action: discard three obscure markers from the Obscure card, remove the portal in the
        investigator's space from the game, reveal a face-down objective marker at random — ``revealed`` names
        the colour turned up, or ``rng`` draws it — and move Obscure onto that portal."""
        ok, rule, why = self.can_investigate(state, investigator)
        if not ok:
            raise RuleViolation(rule, why)
        if state.face_down:
            if revealed is None:
                if rng is None:
                    raise ValueError("the next objective marker is revealed at random: give the colour revealed "
                                     "or a random.Random")
                revealed = state.face_down[rng.randrange(len(state.face_down))]
            elif revealed not in state.face_down:
                raise RuleViolation("fevered-investigate.reveal-next-portal",
                                    f"{revealed!r} is not among the face-down objective markers "
                                    f"{state.face_down}")
        elif revealed is not None:
            raise RuleViolation("fevered-investigate.reveal-next-portal",
                                "no face-down objective marker is left to reveal")
        removed = state.obscure_portal
        state.obscure_card -= INVESTIGATE_COST  # fevered-investigate.three-markers: back to the supply
        state.removed_portals.append(removed)  # fevered-investigate.remove-portal
        if revealed is not None:
            state.face_down.remove(revealed)  # fevered-investigate.reveal-next-portal
        state.obscure_portal = revealed
        return InvestigateResult(investigator, removed, revealed, state.obscure_space)

    def can_attack_obscure_markers(self, state: FeveredDreamsState) -> bool:
        """Whether obscure markers may be attacked now: always, but while the card holds three under
        ``obscure.kill-when-card-full = no-attack``."""
        return not (state.obscure_card >= CARD_LIMIT
                    and state.options["obscure.kill-when-card-full"] == "no-attack")

    def wound_obscure_marker(self, state: FeveredDreamsState, marker_id: str, wounds: int) -> str:
        """Wounds dealt to an obscure marker, a monster of health 4 for the investigators
        (fevered-obscure-marker.treated-as-monster). A killed marker leaves the board for the Obscure card
        (fevered-obscure-marker.killed-to-card), which holds three at most (fevered-obscure-marker.card-limit;
        option ``obscure.kill-when-card-full``). Returns ``"wounded"``, ``"to-card"``, ``"to-supply"`` or
        ``"left-game"``."""
        m = state.obscure_markers.get(marker_id)
        if m is None:
            raise RuleViolation("fevered-obscure-marker.treated-as-monster",
                                f"no obscure marker {marker_id!r} on the board; there are "
                                f"{sorted(state.obscure_markers)}")
        if not self.can_attack_obscure_markers(state):
            raise RuleViolation("fevered-obscure-marker.card-limit",
                                "the Obscure card already holds three obscure markers: under "
                                "obscure.kill-when-card-full=no-attack they can't be attacked")
        m.health.take_wounds(wounds)
        if not m.health.is_killed:
            return "wounded"
        del state.obscure_markers[marker_id]
        if state.obscure_card < CARD_LIMIT:
            state.obscure_card += 1
            return "to-card"
        if state.options["obscure.kill-when-card-full"] == "leave-game":
            state.obscure_markers_out += 1
            return "left-game"
        return "to-supply"

    def move_obscure_marker(self, state: FeveredDreamsState, marker_id: str, space: str) -> None:
        """Obscure markers never move (fevered-obscure-marker.never-moves)."""
        raise RuleViolation("fevered-obscure-marker.never-moves",
                            f"{marker_id} can't move to {space}: an obscure marker can't move for any reason")

    def wound_obscure(self, state: FeveredDreamsState, wounds: int) -> None:
        """Obscure can't take wounds or be killed (fevered-obscure.no-wounds)."""
        raise RuleViolation("fevered-obscure.no-wounds", "Obscure can't take wounds or be killed")

    # --- sight and attack targets ------------------------------------------------------------------------------
    def sight_blockers(self, state: FeveredDreamsState) -> frozenset[str]:
        """The mist spaces: an investigator's sight can't get into, through or out of them (fevered-mist.sight)."""
        return state.mist_spaces()

    def sees_own_blocked_space(self, state: FeveredDreamsState) -> bool:
        """Whether an investigator in a mist space still sees his or her own space (option
        ``mist.same-space-sight``)."""
        return state.options["mist.same-space-sight"] == "sees-own-space"

    def investigator_sight_distance(self, state: FeveredDreamsState, a: str, b: str) -> int | None:
        """How far an investigator in ``a`` sees ``b`` (``None``: not at all): the position's geometry, with the
        mist spaces as sight blockers and :meth:`sees_own_blocked_space` for a figure inside one."""
        from ..board import Geometry

        return Geometry.of(state).sight_distance(a, b)

    def attack_targets(self, state: FeveredDreamsState, attacker_id: str) -> list[Target]:
        """The monster figures, and the obscure markers (monsters of health 4 for the investigators,
        fevered-obscure-marker.treated-as-monster) unless the card is full under
        ``obscure.kill-when-card-full = no-attack``. Obscure is not among them: it can't be wounded
        (fevered-obscure.no-wounds)."""
        targets = super().attack_targets(state, attacker_id)
        if self.can_attack_obscure_markers(state):
            for m in sorted(state.obscure_markers.values(), key=lambda m: (space_sort_key(m.space), m.id)):
                targets.append(Target(m.id, m.space, "obscure_marker", "fevered-obscure-marker.treated-as-monster"))
        return targets

    # --- the end of the game -------------------------------------------------------------------------------------
    def scenario_win(self, state: FeveredDreamsState) -> tuple[str, str] | None:
        if not state.portals_on_board():
            return ("fevered-outcome.win-portals-removed", "every Dimensional Portal has been removed from the board")
        return None

    def scenario_loss(self, state: FeveredDreamsState) -> tuple[str, str] | None:
        return None  # fevered-outcome.general-losses-only

    # --- helpers -------------------------------------------------------------------------------------------------
    @staticmethod
    def _investigator(state: GameState, investigator: str):
        f = state.figures.get(investigator)
        if f is None or not f.is_investigator:
            raise KeyError(f"{investigator!r} is not an investigator of this position")
        if f.space is None:
            raise RuleViolation("fevered-board.start-room", f"{investigator} is not on the board")
        return f

    # --- state files ------------------------------------------------------------------------------------------
    def read_state(self, section, state: FeveredDreamsState) -> None:
        """Read the ``fevered-dreams:`` section of a state file (see :data:`SECTION_KEYS`), cross-checking it
        with the common keys; every problem names the file, the entry and the rule."""
        _read_section(self, section, state)

    def write_state(self, state: FeveredDreamsState) -> dict:
        return _write_section(self, state)


def start_space_of(board: Board) -> str:
    starts = [s for s in board.rooms[START_ROOM].spaces if "start" in board.space(s).features]
    return starts[0] if starts else board.rooms[START_ROOM].spaces[0]


def check_board(board: Board) -> None:
    """A Fevered Dreams board: the rulebook's ten rooms (fevered-board.rooms), a start space in room 2
    (fevered-board.start-room), six Dimensional Portals, one a colour (fevered-board.six-portals)."""
    file = board.source or board.name
    rooms = set(board.rooms)
    if rooms != set(ROOMS):
        missing = sorted(set(ROOMS) - rooms)
        extra = sorted(rooms - set(ROOMS))
        raise InputError("a Fevered Dreams board has rooms " + ", ".join(map(str, ROOMS))
                         + (f"; missing: {missing}" if missing else "") + (f"; not in the scenario: {extra}"
                                                                             if extra else ""),
                         file=file, entry="rooms", rule_id="fevered-board.rooms")
    if not any("start" in board.space(s).features for s in board.rooms[START_ROOM].spaces):
        raise InputError("room 2 is the Start room: one of its spaces needs the feature 'start'", file=file,
                         entry=f"rooms.{START_ROOM}", rule_id="fevered-board.start-room")
    missing = [c for c in PORTAL_COLOURS if c not in board.portals]
    if missing:
        raise InputError(f"a Fevered Dreams board has six Dimensional Portals, one of each colour; missing: "
                         f"{', '.join(missing)}", file=file, entry="rooms", rule_id="fevered-board.six-portals")


# --- questions ----------------------------------------------------------------------------------------------------------
def _fevered(state: GameState) -> FeveredDreamsState:
    if not isinstance(state, FeveredDreamsState):
        raise InputError(f"this question is about Fevered Dreams, not {state.scenario.name!r}")
    return state


def _next_purple(state: GameState) -> str:
    for i in range(state.devour_marker + 1, len(TRACK)):
        if TRACK[i].hazard == PURPLE:
            return f"The next purple hazard icon is under space {i + 1} of the devouring track " \
                   f"(the devour marker is on space {state.devour_marker + 1})."
    return "No purple hazard icon is left ahead of the devour marker."


@question("purple-hazard", "Where does each Dimensional Portal's flooded marker go when a purple hazard is resolved "
          "now? Every order of the portals and every tie, as the set of outcomes.", scenarios=(FeveredDreams.name,))
def purple_hazard_question(state: GameState, args: dict) -> Answer:
    state = _fevered(state)
    from ..board import Geometry

    outcomes = purple_hazard_outcomes(state)
    portals = state.portals_on_board()
    geo = Geometry.of(state)
    mist = state.mist_spaces()
    explanation = [_next_purple(state)]
    explanation.append("Mist spaces before the hazard: " + (", ".join(
        f"{s} ({state.flooded[s]})" for s in _sorted_spaces(mist)) or "none") + ".")
    portal_counts = state.options["purple-hazard.portal-space"] == "counts"
    reach = portal_reach(geo, portals, mist, portal_counts)
    for colour, space in portals.items():
        dist = reach[colour]
        free = [(d, s) for s, d in dist.items() if s not in mist and (portal_counts or s != space)]
        if free:
            best = min(d for d, _ in free)
            nearest = _sorted_spaces(s for d, s in free if d == best)
            explanation.append(f"{colour} portal ({space}): nearest space(s) without a flooded marker, before any "
                               f"other portal's marker: {', '.join(nearest)} at distance {best}.")
        else:
            explanation.append(f"{colour} portal ({space}): every space it reaches holds a flooded marker.")
    choices = []
    for o in outcomes:
        ways = "; ".join(", ".join(f"{c}→{s or 'none'}" for c, s in a) for a in o.by_portal)
        why = (f"{o.resolutions} resolution(s) (orders × tie choices); portal by portal: {ways}"
               if portals else "no portal is left on the board")
        choices.append(Choice(dict(Counter(o.placements)), why, {
            "by_portal": [{c: s for c, s in a} for a in o.by_portal],
            "resolutions": o.resolutions, "example_order": list(o.example_order)}))
    if not portals:
        summary = "No Dimensional Portal is on the board: a purple hazard places no flooded marker."
    elif len(outcomes) == 1:
        summary = (f"The {len(portals)} portal(s) place their flooded markers in "
                   f"{', '.join(outcomes[0].placements) or 'no space'}, whatever the order.")
    else:
        summary = (f"The {len(portals)} portals' flooded markers can end in {len(outcomes)} different ways; the "
                   f"players choose the order and among equally near spaces.")
    rules = ("fevered-track.purple-each-portal", "fevered-track.purple-nearest-free-space",
             "fevered-track.purple-one-portal-at-a-time", "fevered-mist.markers-stack", "board.distance",
             "purple-hazard.nearest-flooded", "purple-hazard.portal-space")
    return Answer("purple-hazard", summary, tuple(choices), tuple(explanation), rules, state.options.non_default())


@question("obscure-spawn", "Where do the three obscure markers of the next spawn phase go?",
          scenarios=(FeveredDreams.name,))
def obscure_spawn_question(state: GameState, args: dict) -> Answer:
    state = _fevered(state)
    plan = obscure_spawn_plan(state)
    explanation = [f"Devoured deck, top card first: {list(state.devoured_deck)}."]
    explanation += [s.note for s in plan.steps]
    explanation += list(plan.notes)
    explanation.append(f"Devoured deck afterwards: {list(plan.deck_after)}.")
    rules = ("fevered-obscure-marker.spawn-three", "fevered-obscure-marker.different-rooms", "spawn.no-location",
             "spawn.card-to-bottom", "obscure-spawn.repeated-room", "obscure-marker.supply")
    if not plan.spaces:
        return Answer("obscure-spawn", "No obscure marker spawns.", (), tuple(explanation), rules,
                      state.options.non_default())
    rooms = [state.board.room_of(s) for s in plan.spaces]
    summary = (f"{len(plan.spaces)} obscure marker(s) spawn, before any spawn card, in "
               + ", ".join(f"{s} (room {r})" for s, r in zip(plan.spaces, rooms)) + ".")
    choice = Choice(list(plan.spaces), "the devoured deck decides: no choice is left to the players",
                    {"rooms": rooms, "devoured_deck_after": list(plan.deck_after)})
    return Answer("obscure-spawn", summary, (choice,), tuple(explanation), rules, state.options.non_default())


@question("mist", "Which spaces are mist spaces, and what does each investigator's existence dial lose at the end "
          "of an activation where he or she stands?", scenarios=(FeveredDreams.name,))
def mist_question(state: GameState, args: dict) -> Answer:
    state = _fevered(state)
    scenario: FeveredDreams = state.scenario
    mist = {s: state.flooded[s] for s in _sorted_spaces(state.mist_spaces())}
    explanation = ["Mist spaces (flooded markers): " + (", ".join(f"{s} ({n})" for s, n in mist.items())
                                                        or "none") + "."]
    people = {}
    for f in state.investigators():
        if f.space is None or f.killed:
            continue
        level = state.existence.get(f.id, scenario.existence_start_level())
        x = state.flooded_in(f.space)
        after = max(0, level - x)
        people[f.id] = {"space": f.space, "mist_space": x > 0, "flooded_markers": x, "existence": level,
                        "loses": level - after, "existence_after": after, "devoured": x > 0 and after == 0}
        if x == 0:
            explanation.append(f"{f.id} ({f.space}): not a mist space; existence stays {level}.")
        else:
            explanation.append(f"{f.id} ({f.space}): {x} flooded marker(s): existence {level} → {after}"
                               + (" — devoured by the mist, killed" if after == 0 else "") + ".")
    sight = "sees" if scenario.sees_own_blocked_space(state) else "sees nothing, not even"
    explanation.append(f"An investigator's line of sight can't get into, through or out of a mist space; one "
                       f"standing in a mist space {sight} his or her own space (mist.same-space-sight).")
    devoured = [n for n, p in people.items() if p["devoured"]]
    losing = [n for n, p in people.items() if p["loses"]]
    summary = f"{len(mist)} mist space(s). "
    if devoured:
        summary += "Ending an activation where they stand devours " + ", ".join(devoured) + "."
    elif losing:
        summary += "Ending an activation where they stand costs existence to " + ", ".join(losing) + "."
    else:
        summary += "No investigator stands in a mist space."
    choice = Choice(mist, "the mist spaces, with the flooded markers in each", {"investigators": people})
    rules = ("fevered-mist.mist-space", "fevered-mist.markers-stack", "fevered-mist.sight",
             "fevered-existence.mist-at-end-of-activation", "fevered-existence.devoured-at-zero",
             "mist.same-space-sight")
    return Answer("mist", summary, (choice,), tuple(explanation), rules, state.options.non_default())


# --- the state file's section -------------------------------------------------------------------------------------------
SECTION_KEYS = ("obscure_portal", "face_down", "removed_portals", "obscure_card", "obscure_markers",
                "obscure_markers_out", "flooded", "existence", "devoured_effects", "monster_cards")
"""The ``fevered-dreams:`` section of a state file::

    fevered-dreams:
      obscure_portal: red            # the revealed objective marker: Obscure stands on that portal
      face_down: [blue, green]       # default: every other portal still on the board
      removed_portals: [white]       # removed by Investigate actions
      obscure_card: 2                # obscure markers on the Obscure monster card, 0 to 3
      obscure_markers:               # on the board: always on spawn spaces, three at most
        - {space: 3a, wounds: 1}
      obscure_markers_out: 0         # removed from the game (obscure.kill-when-card-full = leave-game)
      flooded: {17b: 2, 3a: 1}       # flooded markers a space
      existence: {Lisbeth Gibson: 3} # default: the start level (existence-dial.start-level)
      devoured_effects: {2a: null}   # default: one, unnamed, on every space but the spawn spaces
      monster_cards: [Grudge, {name: Bloated}]   # setup step 3; {name: X, epic: true} is refused
"""


def _colours(entry, what: str) -> list[str]:
    out: list[str] = []
    for e in entry.list():
        c = e.text(choices=PORTAL_COLOURS, what=f"{what} colour")
        if c in out:
            raise e.error(f"{c} is listed twice", "fevered-setup.objective-markers")
        out.append(c)
    return out


def _read_section(scenario: FeveredDreams, section, state: FeveredDreamsState) -> None:
    section.keys(SECTION_KEYS)
    board = state.board
    file = section.file
    start_level = scenario.existence_start_level()

    # every room is devoured, the devoured deck holds each of them once (fevered-board.devoured-deck)
    if state.room_deck:
        raise InputError(f"Fevered Dreams has no room deck (every room starts devoured), but it lists "
                         f"{state.room_deck}", file=file, entry="room_deck", rule_id="fevered-board.devoured-deck")
    if set(state.devoured_rooms) != set(ROOMS):
        raise InputError(f"every room of Fevered Dreams is devoured: {sorted(set(ROOMS) - set(state.devoured_rooms))}"
                         f" missing", file=file, entry="devoured_rooms", rule_id="fevered-board.devoured-deck")
    seen: set[int] = set()
    for card in state.devoured_deck:
        if card not in ROOMS or card in seen:
            raise InputError(f"room card {card} is {'listed twice' if card in seen else 'not a Fevered Dreams room'}",
                             file=file, entry="devoured_deck", rule_id="fevered-board.devoured-deck")
        seen.add(card)

    # portals, Obscure, the objective markers
    removed = _colours(section.get("removed_portals", []), "portal") if section.has("removed_portals") else []
    state.removed_portals = removed
    on_board = [c for c in state.portals_on_board()]
    if section.has("obscure_portal") and section.need("obscure_portal").value is not None:
        entry = section.need("obscure_portal")
        colour = entry.text(choices=PORTAL_COLOURS, what="portal colour")
        if colour in removed:
            raise entry.error(f"the {colour} portal was removed from the game: Obscure can't stand on it",
                              "fevered-investigate.remove-portal")
        state.obscure_portal = colour
    elif section.has("obscure_portal") or not on_board:
        state.obscure_portal = None
    elif state.obscure_portal in removed:
        raise section.error(f"the {state.obscure_portal} portal is removed: say on which portal Obscure stands "
                            f"(obscure_portal)", "fevered-investigate.reveal-next-portal")
    if state.obscure_portal is None and on_board:
        raise section.need("obscure_portal").error(
            f"portals are still on the board ({', '.join(on_board)}): Obscure stands on one of them",
            "fevered-setup.obscure-on-portal")
    expected = [c for c in on_board if c != state.obscure_portal]
    if section.has("face_down"):
        entry = section.need("face_down")
        face_down = _colours(entry, "objective marker")
        if sorted(face_down, key=PORTAL_COLOURS.index) != expected:
            raise entry.error(f"the face-down objective markers are those of the portals still on the board but "
                              f"Obscure's: {expected or 'none'}", "fevered-investigate.reveal-next-portal")
        state.face_down = face_down
    else:
        state.face_down = expected

    # obscure markers: on the card, on the board, out of the game
    if section.has("obscure_card"):
        state.obscure_card = section.need("obscure_card").integer(0, CARD_LIMIT, "fevered-obscure-marker.card-limit")
    if section.has("obscure_markers_out"):
        state.obscure_markers_out = section.need("obscure_markers_out").integer(0, OBSCURE_MARKERS_IN_BOX,
                                                                                "obscure-marker.supply")
    markers_entry = section.get("obscure_markers", [])
    markers = markers_entry.list()
    if len(markers) > MARKERS_A_SPAWN_PHASE:
        raise markers_entry.error(f"{len(markers)} obscure markers on the board: at most three are (three spawn "
                                  f"a spawn phase and all are replaced at the end of the round)",
                                  "fevered-obscure-marker.end-of-round-flooded")
    state.obscure_markers = {}
    rooms_with: dict[int, str] = {}
    for i, e in enumerate(markers):
        if isinstance(e.value, str):
            space_entry, wounds = e, 0
        else:
            e.keys(("space", "wounds"))
            space_entry = e.need("space")
            wounds = e.get("wounds", 0).integer(0, OBSCURE_MARKER_HEALTH - 1, "fevered-obscure-marker.killed-to-card")
        space = space_entry.text()
        if space not in board.spaces:
            raise space_entry.error(f"no space {space!r} on the board")
        if not board.space(space).is_spawn_space:
            raise space_entry.error(f"{space} is not a spawn space: obscure markers spawn on spawn spaces and never "
                                    f"move", "fevered-obscure-marker.never-moves")
        room = board.room_of(space)
        if room in rooms_with and state.options["obscure-spawn.repeated-room"] == "skip":
            raise space_entry.error(f"room {room} already has an obscure marker ({rooms_with[room]}): the markers "
                                    f"of a spawn phase go into different rooms",
                                    "fevered-obscure-marker.different-rooms")
        rooms_with[room] = space
        mid = f"{MARKER_PREFIX}{i + 1}"
        state.obscure_markers[mid] = ObscureMarker(mid, space, Health(OBSCURE_MARKER_HEALTH, wounds))
    if state.obscure_markers_in_supply() < 0:
        raise section.error(f"{len(markers)} obscure markers on the board, {state.obscure_card} on the card and "
                            f"{state.obscure_markers_out} out of the game: there are only six", "obscure-marker.supply")

    # flooded markers (fevered-mist.markers-stack)
    flooded: dict[str, int] = {}
    for space, e in section.get("flooded", {}).items() if section.get("flooded", {}).value else []:
        space = str(space)
        if space not in board.spaces:
            raise e.error(f"no space {space!r} on the board")
        flooded[space] = e.integer(1, None, "fevered-mist.markers-stack")
    state.flooded = flooded

    # existence dials (fevered-existence.*)
    names = {f.id for f in state.investigators()}
    state.existence = {n: start_level for n in names}
    exist_entry = section.get("existence", {})
    for name, e in exist_entry.items() if exist_entry.value else []:
        if name not in names:
            raise e.error(f"{name!r} is not an investigator of this position (investigators: "
                          f"{', '.join(sorted(names)) or 'none'})")
        level = e.integer(0, None)
        if level > start_level:
            raise e.error(f"existence level {level} is above the start level {start_level}, and existence is never "
                          f"recovered (a bigger dial: set the option existence-dial.start-level)",
                          "fevered-existence.no-recovery")
        state.existence[name] = level
        if level == 0:
            state.figures[name].killed = True  # fevered-existence.devoured-at-zero

    # devoured effect markers (fevered-board.devoured-effects)
    if section.has("devoured_effects"):
        effects_entry = section.need("devoured_effects")
        effects: dict[str, str | None] = {}
        for space, e in effects_entry.items() if effects_entry.value else []:
            space = str(space)
            if space not in board.spaces:
                raise e.error(f"no space {space!r} on the board")
            if board.space(space).is_spawn_space:
                raise e.error(f"{space} is a spawn space: no devoured effect marker goes there",
                              "fevered-board.devoured-effects")
            effects[space] = None if e.value is None else e.text()
        state.devoured_effects = effects

    # monster cards (fevered-setup.*)
    if section.has("monster_cards"):
        cards = []
        for e in section.need("monster_cards").list():
            if isinstance(e.value, dict):
                e.keys(("name", "epic"))
                card = MonsterCard(e.need("name").text(), e.get("epic", False).boolean())
            else:
                card = MonsterCard(e.text())
            try:
                scenario.choose_monsters(state, [*cards, card])
            except RuleViolation as exc:
                raise e.error(exc.message, exc.rule_id) from None
            cards.append(card)
        state.monster_cards = cards


def _write_section(scenario: FeveredDreams, state: FeveredDreamsState) -> dict:
    out: dict = {
        "obscure_portal": state.obscure_portal,
        "face_down": sorted(state.face_down, key=PORTAL_COLOURS.index),
        "removed_portals": list(state.removed_portals),
        "obscure_card": state.obscure_card,
        "obscure_markers": [{"space": m.space, "wounds": m.health.wounds}
                            for m in sorted(state.obscure_markers.values(), key=lambda m: m.id)],
        "flooded": {s: state.flooded[s] for s in _sorted_spaces(state.mist_spaces())},
        "existence": dict(state.existence),
        "devoured_effects": {s: state.devoured_effects[s] for s in _sorted_spaces(state.devoured_effects)},
        "monster_cards": [c.name for c in state.monster_cards],
    }
    if state.obscure_markers_out:
        out["obscure_markers_out"] = state.obscure_markers_out
    return out
