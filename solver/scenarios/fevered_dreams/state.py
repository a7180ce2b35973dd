"""Fevered Dreams: what changes in a game (:class:`FeveredDreamsState`), its small values and the scenario's
constants. The rules that change it are in :mod:`.rules`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...board import PORTAL_COLOURS
from ...components import component
from ...errors import RuleViolation
from ...game import GameState, TrackSpace
from ...health import Health

ROOMS = (2, 3, 4, 17, 18, 19, 20, 24, 25, 27)
START_ROOM = 2
OBSCURE = "Obscure"
OBSCURE_MARKER_HEALTH = 4
CARD_LIMIT = 3  # obscure markers on the Obscure monster card
MARKERS_EACH_SPAWN_PHASE = 3
INVESTIGATE_COST = 3
BLUE, PURPLE = "blue", "purple"
TRACK = tuple(TrackSpace(value, hazard) for value, hazard in
              zip((3, 2, 3, 2, 3, 2, 3, 2, 3), (BLUE, BLUE, PURPLE) * 3))
MARKER_PREFIX = "Obscure marker#"
DICE = "the dice"
#: The most outcomes of a purple hazard the players are asked to choose among at once; beyond, one decision is
#: asked for each independent group of portals (their product is never listed).
DECISION_LIMIT = 1000


def obscure_markers_in_box() -> int:
    """The obscure markers in the box (rulebook, "Components"; :mod:`solver.components`)."""
    return component("obscure marker").count


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

    flooded_markers: dict[str, int] = field(default_factory=dict)  # space → flooded markers (>= 1); they stack
    obscure_markers: dict[str, ObscureMarker] = field(default_factory=dict)  # on the board, by ID
    obscure_card: int = 0  # obscure markers on the Obscure monster card (0-3)
    obscure_markers_removed: int = 0  # removed from the game (fevered-obscure.kill-when-card-full = leave-game)
    obscure_portal: str | None = None  # the revealed objective marker's colour: Obscure stands on that portal
    face_down: list[str] = field(default_factory=list)  # face-down objective markers beside the Obscure card
    removed_portals: list[str] = field(default_factory=list)  # portals removed from the game, in removal order
    existence: dict[str, int] = field(default_factory=dict)  # investigator → existence level
    devoured_effects: dict[str, str | None] = field(default_factory=dict)  # space → devoured effect (None: unnamed)
    monster_cards: list[MonsterCard] = field(default_factory=list)  # chosen at setup step 3, in track order

    # --- mist (fevered-mist.*) ------------------------------------------------------------------------------------
    def flooded_in(self, space: str) -> int:
        return self.flooded_markers.get(space, 0)

    def is_mist_space(self, space: str) -> bool:
        """A space with one or more flooded markers (fevered-mist.mist-space)."""
        return self.flooded_markers.get(space, 0) > 0

    def mist_spaces(self) -> frozenset[str]:
        return frozenset(s for s, n in self.flooded_markers.items() if n > 0)

    def add_flooded(self, space: str, count: int = 1) -> None:
        """Flooded markers stack (fevered-mist.markers-stack)."""
        self.board.space(space)
        self.flooded_markers[space] = self.flooded_markers.get(space, 0) + count

    # --- portals and Obscure ----------------------------------------------------------------------------------------
    def portals_on_board(self) -> dict[str, str]:
        """Colour → space of every Dimensional Portal not removed from the game, in colour order."""
        return {c: s for c, s in sorted(self.board.portals.items(), key=lambda cs: PORTAL_COLOURS.index(cs[0]))
                if c not in self.removed_portals}

    @property
    def obscure_space(self) -> str | None:
        """Where the Obscure figure stands: the portal of the revealed objective marker."""
        return self.board.portals[self.obscure_portal] if self.obscure_portal else None

    def reveal(self, colour: str) -> None:
        """Obscure stands on the ``colour`` portal, whose objective marker is revealed; every other portal still on
        the board has its objective marker face down (fevered-setup.obscure-on-portal)."""
        if colour not in self.portals_on_board():
            raise RuleViolation("fevered-setup.obscure-on-portal",
                                f"the {colour} portal is not on the board: Obscure can't stand on it")
        self.obscure_portal = colour
        self.face_down = [c for c in self.portals_on_board() if c != colour]

    def remove_portals(self, colours: Iterable[str]) -> None:
        """Take ``colours`` off the board (as Investigate actions did earlier in the game). Obscure's own portal
        may go only with the last ones: where Obscure stands next is revealed at random, so a position must
        say it (:meth:`reveal` first)."""
        gone = [c for c in colours if c not in self.removed_portals]
        left = [c for c in self.portals_on_board() if c not in gone]
        if self.obscure_portal in gone and left:
            raise RuleViolation("fevered-investigate.reveal-next-portal",
                                f"the {self.obscure_portal} portal, Obscure's, can't go while {', '.join(left)} "
                                f"stay on the board: say first on which of them Obscure stands")
        self.removed_portals += gone
        if not left:
            self.obscure_portal = None
        self.face_down = [c for c in left if c != self.obscure_portal]

    # --- obscure markers --------------------------------------------------------------------------------------------
    def obscure_markers_in_supply(self) -> int:
        """Markers neither on the board, nor on the card, nor out of the game (assumption fevered-obscure-marker.supply)."""
        return (obscure_markers_in_box() - len(self.obscure_markers) - self.obscure_card
                - self.obscure_markers_removed)

    def obscure_markers_in(self, space: str) -> list[ObscureMarker]:
        return [m for m in self.obscure_markers.values() if m.space == space]

    def next_marker_id(self) -> str:
        used = set(self.obscure_markers)
        n = 1
        while f"{MARKER_PREFIX}{n}" in used:
            n += 1
        return f"{MARKER_PREFIX}{n}"

    def put_obscure_marker(self, space: str, wounds: int = 0) -> ObscureMarker:
        """An obscure marker on ``space`` (a spawn, or a position being set up)."""
        self.board.space(space)
        m = ObscureMarker(self.next_marker_id(), space, Health(OBSCURE_MARKER_HEALTH, wounds))
        self.obscure_markers[m.id] = m
        return m

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
    revealed: str | None
    obscure_space: str | None
