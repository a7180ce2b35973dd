"""The ``fevered-dreams:`` section of a state file: read into a :class:`FeveredDreamsState` and written back.

    fevered-dreams:
      obscure_portal: red            # required while a portal is on the board: Obscure stands on that portal
      face_down: [blue, green]       # default: every other portal still on the board
      removed_portals: [white]       # removed by Investigate actions
      obscure_card: 2                # obscure markers on the Obscure monster card, 0 to 3
      obscure_markers:               # on the board: always on spawn spaces, three at most
        - {space: 3a, wounds: 1}
      obscure_markers_removed: 0     # removed from the game (fevered-obscure.kill-when-card-full = leave-game)
      flooded_markers: {17b: 2, 3a: 1}   # flooded markers a space

The former names of two keys, ``flooded`` and ``obscure_markers_out``, are still read (:data:`FORMER_KEYS`).
      existence: {Lisbeth Gibson: 3} # default: the start level (fevered-existence.dial-start-level)
      devoured_effects: {2a: null}   # default: one, unnamed, on every space but the spawn spaces
      monster_cards: [Grudge, {name: Bloated}]   # set-up step 3; {name: X, epic: true} is refused
"""

from __future__ import annotations

from ...board import PORTAL_COLOURS
from ...errors import InputError, RuleViolation
from ...health import Health
from ...state import ScenarioSection
from .purple_hazard import sorted_spaces
from .state import (CARD_LIMIT, MARKER_PREFIX, MARKERS_EACH_SPAWN_PHASE, OBSCURE_MARKER_HEALTH, ROOMS,
                    FeveredDreamsState, MonsterCard, ObscureMarker, obscure_markers_in_box)


def _colours(entry, what: str) -> list[str]:
    out: list[str] = []
    for e in entry.list():
        c = e.text(choices=PORTAL_COLOURS, what=f"{what} colour")
        if c in out:
            raise e.error(f"{c} is listed twice", "fevered-setup.objective-markers")
        out.append(c)
    return out


class FeveredDreamsSection(ScenarioSection):
    """The ``fevered-dreams:`` section (see the module's docstring)."""

    keys = (
        ("obscure_portal", "the colour of the revealed objective marker: Obscure stands on that portal; required "
                           "while a portal is on the board"),
        ("face_down", "the face-down objective markers (default: every other portal still on the board)"),
        ("removed_portals", "the portals removed from the game by Investigate actions"),
        ("obscure_card", "obscure markers on the Obscure monster card, 0 to 3"),
        ("obscure_markers", "obscure markers on the board: a list of spawn spaces, or {space, wounds}"),
        ("obscure_markers_removed", "obscure markers removed from the game (fevered-obscure.kill-when-card-full = "
                                    "leave-game); former name: obscure_markers_out"),
        ("flooded_markers", "flooded markers: space → how many (they stack); former name: flooded"),
        ("existence", "each investigator's existence level (default: the start level)"),
        ("devoured_effects", "devoured effect markers: space → name, or null for an unnamed one (default: one on "
                             "every space but the spawn spaces)"),
        ("monster_cards", "the monster cards chosen at set-up step 3, in track order (no epic monster)"),
    )

    def read(self, section, state: FeveredDreamsState) -> None:
        """Read the section, cross-checking it with the common keys; every problem names the file, the entry and
        the rule."""
        section.keys(tuple(k for k, _ in self.keys) + tuple(FORMER_KEYS))
        _check_decks(section, state)
        _read_portals(section, state)
        _read_obscure_markers(section, state)
        _read_flooded(section, state)
        _read_existence(section, state)
        _read_effects(section, state)
        _read_monster_cards(section, state)

    def write(self, state: FeveredDreamsState) -> dict:
        out: dict = {
            "obscure_portal": state.obscure_portal,
            "face_down": sorted(state.face_down, key=PORTAL_COLOURS.index),
            "removed_portals": list(state.removed_portals),
            "obscure_card": state.obscure_card,
            "obscure_markers": [{"space": m.space, "wounds": m.health.wounds}
                                for m in sorted(state.obscure_markers.values(), key=lambda m: m.id)],
            "flooded_markers": {s: state.flooded_markers[s] for s in sorted_spaces(state.mist_spaces())},
            "existence": dict(state.existence),
            "devoured_effects": {s: state.devoured_effects[s] for s in sorted_spaces(state.devoured_effects)},
            "monster_cards": [c.name for c in state.monster_cards],
        }
        if state.obscure_markers_removed:
            out["obscure_markers_removed"] = state.obscure_markers_removed
        return out


SECTION = FeveredDreamsSection()

#: Keys read under their former names: former name → the key's name now (one name per game term: the flooded
#: markers, the obscure markers removed from the game).
FORMER_KEYS = {"flooded": "flooded_markers", "obscure_markers_out": "obscure_markers_removed"}


def _key(section, name: str) -> str | None:
    """The key the section gives for ``name``: ``name`` itself or its former name (``None``: neither); both at
    once are refused."""
    given = [k for k in (name, *(old for old, new in FORMER_KEYS.items() if new == name)) if section.has(k)]
    if len(given) > 1:
        raise section.get(given[1]).error(f"the former name of {name}: give one of the two")
    return given[0] if given else None


def _check_decks(section, state: FeveredDreamsState) -> None:
    """Every room is devoured, the devoured deck holds each of them once (fevered-board.devoured-deck)."""
    file = section.file
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


def _read_portals(section, state: FeveredDreamsState) -> None:
    """Portals, Obscure and the objective markers. A position with a portal on the board says where Obscure
    stands: the engine never puts it on a portal of its own accord (fevered-setup.obscure-on-portal)."""
    removed = _colours(section.get("removed_portals", []), "portal") if section.has("removed_portals") else []
    state.removed_portals = removed
    on_board = list(state.portals_on_board())
    state.obscure_portal = None
    if section.has("obscure_portal") and section.need("obscure_portal").value is not None:
        entry = section.need("obscure_portal")
        colour = entry.text(choices=PORTAL_COLOURS, what="portal colour")
        if colour in removed:
            raise entry.error(f"the {colour} portal was removed from the game: Obscure can't stand on it",
                              "fevered-investigate.remove-portal")
        state.obscure_portal = colour
    elif on_board:
        raise section.get("obscure_portal").error(
            f"{'missing' if not section.has('obscure_portal') else 'empty'}: portals are still on the board "
            f"({', '.join(on_board)}), so say on which of them Obscure stands", "fevered-setup.obscure-on-portal")
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


def _read_obscure_markers(section, state: FeveredDreamsState) -> None:
    """Obscure markers on the card, on the board, out of the game (fevered-obscure-marker.supply)."""
    board = state.board
    if section.has("obscure_card"):
        state.obscure_card = section.need("obscure_card").integer(0, CARD_LIMIT, "fevered-obscure-marker.card-limit")
    removed = _key(section, "obscure_markers_removed")
    if removed:
        state.obscure_markers_removed = section.need(removed).integer(0, obscure_markers_in_box(),
                                                                      "fevered-obscure-marker.supply")
    markers_entry = section.get("obscure_markers", [])
    markers = markers_entry.list()
    if len(markers) > MARKERS_EACH_SPAWN_PHASE:
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
            raise space_entry.error(f"{space} is not a spawn space: obscure markers spawn on spawn spaces",
                                    "fevered-obscure-marker.spawn-three")
        room = board.room_of(space)
        if room in rooms_with and state.options["fevered-obscure-marker.spawn-repeated-room"] == "skip":
            raise space_entry.error(f"room {room} already has an obscure marker ({rooms_with[room]}): the markers "
                                    f"of a spawn phase go into different rooms",
                                    "fevered-obscure-marker.different-rooms")
        rooms_with[room] = space
        mid = f"{MARKER_PREFIX}{i + 1}"
        state.obscure_markers[mid] = ObscureMarker(mid, space, Health(OBSCURE_MARKER_HEALTH, wounds))
    if state.obscure_markers_in_supply() < 0:
        raise section.error(f"{len(markers)} obscure markers on the board, {state.obscure_card} on the card and "
                            f"{state.obscure_markers_removed} out of the game: there are only "
                            f"{obscure_markers_in_box()}", "fevered-obscure-marker.supply")


def _read_flooded(section, state: FeveredDreamsState) -> None:
    flooded: dict[str, int] = {}
    entry = section.get(_key(section, "flooded_markers") or "flooded_markers", {})
    for space, e in entry.items() if entry.value else []:
        space = str(space)
        if space not in state.board.spaces:
            raise e.error(f"no space {space!r} on the board")
        flooded[space] = e.integer(1, None, "fevered-mist.markers-stack")
    state.flooded_markers = flooded


def _read_existence(section, state: FeveredDreamsState) -> None:
    start_level = state.scenario.existence_start_level()
    names = {f.id for f in state.investigators()}
    state.existence = {n: start_level for n in names}
    entry = section.get("existence", {})
    for name, e in entry.items() if entry.value else []:
        if name not in names:
            raise e.error(f"{name!r} is not an investigator of this position (investigators: "
                          f"{', '.join(sorted(names)) or 'none'})")
        level = e.integer(0, None)
        if level > start_level:
            raise e.error(f"existence level {level} is above the start level {start_level}, and existence is never "
                          f"recovered (a bigger dial: set the option fevered-existence.dial-start-level)",
                          "fevered-existence.no-recovery")
        state.existence[name] = level
        if level == 0:
            state.figures[name].killed = True  # fevered-existence.devoured-at-zero


def _read_effects(section, state: FeveredDreamsState) -> None:
    """Devoured effect markers (fevered-board.devoured-effects)."""
    if not section.has("devoured_effects"):
        return
    entry = section.need("devoured_effects")
    effects: dict[str, str | None] = {}
    for space, e in entry.items() if entry.value else []:
        space = str(space)
        if space not in state.board.spaces:
            raise e.error(f"no space {space!r} on the board")
        if state.board.space(space).is_spawn_space:
            raise e.error(f"{space} is a spawn space: no devoured effect marker goes there",
                          "fevered-board.devoured-effects")
        effects[space] = None if e.value is None else e.text()
    state.devoured_effects = effects


def _read_monster_cards(section, state: FeveredDreamsState) -> None:
    """Monster cards (fevered-setup.*)."""
    if not section.has("monster_cards"):
        return
    cards: list[MonsterCard] = []
    for e in section.need("monster_cards").list():
        if isinstance(e.value, dict):
            e.keys(("name", "epic"))
            card = MonsterCard(e.need("name").text(), e.get("epic", False).boolean())
        else:
            card = MonsterCard(e.text())
        try:  # each card checked alone (the rules judge a card by itself): a long list costs linear time
            state.scenario.choose_monsters(state, [card])
        except RuleViolation as exc:
            raise e.error(exc.message, exc.rule_id) from None
        cards.append(card)
    state.monster_cards = cards
