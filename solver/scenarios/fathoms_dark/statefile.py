"""Fathoms Dark's own section of a state file (``fathoms-dark:``), read into a :class:`~.rules.FathomsDarkState`
and written back: :data:`SECTION`, a :class:`solver.state.ScenarioSection`. An example::

    fathoms-dark:
      objective_markers: {Lisbeth Gibson: circle, Sophie Brigman: star}  # every investigator's marker (its symbol)
      scenario_deck: [circle]          # the face-down deck, top first; default: the cards not acquired
      acquired: [Sophie Brigman]       # investigators holding their scenario card
      to_place: []                     # of those, who places a marker at the end of this activation phase
      unbound_card: 11                 # markers on the Unbound card; default: 12 less the others
      unbound_markers: {Sophie Brigman: {wounds: 1}}   # the marker on that investigator's Objective Point
      removed_markers: 0               # markers removed from the game
      unbound: {space: 5b, health: 6, wounds: 0}       # the Unbound figure; its card's health is not public
      search_deck:                     # top first; weapon cards' values are not public
        - {name: Flare}
        - {name: Harpoon, weapon: true, range: 1}
      search_discard: []
      devoured_effect_markers: {5b: devoured effect marker}   # default: one on every non-spawn devoured space
      monster_cards: [Husk, Mind Eater]                       # the chosen monsters, activation-track order

Every check names the file, the entry and the rule: one objective marker each, a deck of drawn cards only, a marker
placed only after the card was acquired, twelve unbound markers in all, weapons with a range, devoured effect
markers on devoured rooms' spaces but their spawn spaces.
"""

from __future__ import annotations

from ...health import Health
from ...state import ScenarioSection
from ...yamlio import Entry
from .rules import MARKER_HEALTH, SCENARIO_CARDS, UNBOUND, UNBOUND_MARKERS, FathomsDarkState, SearchCard


class FathomsDarkSection(ScenarioSection):
    """The ``fathoms-dark:`` section of a state file."""

    keys = (
        ("objective_markers", "every investigator's objective marker, by its symbol (fathoms-setup.objective-marker)"),
        ("scenario_deck", "the face-down scenario card deck, top first; default: the cards not acquired"),
        ("acquired", "the investigators holding their own scenario card"),
        ("to_place", "of those, who places an unbound marker at the end of this activation phase"),
        ("unbound_card", "unbound markers on the Unbound card; default: twelve less the others"),
        ("unbound_markers", "investigator → the unbound marker on his or her Objective Point ({wounds: N})"),
        ("removed_markers", "unbound markers removed from the game"),
        ("unbound", "the Unbound figure: {space, health, wounds}; its card's health is not public"),
        ("search_deck", "search cards, top first: {name}, or {name, weapon: true, range: N}"),
        ("search_discard", "the search discard pile, last discarded last"),
        ("devoured_effect_markers", "space → devoured effect marker; default: one on every non-spawn devoured space"),
        ("monster_cards", "the chosen monster cards, in activation-track order"),
    )

    def read(self, section: Entry, state: FathomsDarkState) -> None:
        _read_section(state.scenario, section, state)

    def write(self, state: FathomsDarkState) -> dict:
        data: dict = {}
        if state.objective_markers:
            data["objective_markers"] = dict(state.objective_markers)
        data["scenario_deck"] = list(state.scenario_deck)
        if state.acquired:
            data["acquired"] = list(state.acquired)
        if state.to_place:
            data["to_place"] = list(state.to_place)
        data["unbound_card"] = state.unbound_card
        if state.unbound_markers:
            data["unbound_markers"] = {inv: _health_data(h) for inv, h in state.unbound_markers.items()}
        data["removed_markers"] = state.removed_markers
        unbound: dict = {"space": state.unbound_space}
        if state.unbound_health is not None:
            unbound.update(health=state.unbound_health.maximum, **_health_data(state.unbound_health))
        data["unbound"] = unbound
        if state.search_deck:
            data["search_deck"] = [_card_data(c) for c in state.search_deck]
        if state.search_discard:
            data["search_discard"] = [_card_data(c) for c in state.search_discard]
        data["devoured_effect_markers"] = dict(state.devoured_effects)
        if state.monster_cards:
            data["monster_cards"] = list(state.monster_cards)
        return data


SECTION = FathomsDarkSection()
SECTION_KEYS = tuple(key for key, _ in FathomsDarkSection.keys)


def _health_data(h: Health) -> dict:
    data = {}
    if h.wounds:
        data["wounds"] = h.wounds
    if h.health_plus_tokens:
        data["health_plus_tokens"] = h.health_plus_tokens
    return data


def _card_data(card: SearchCard) -> dict:
    return {"name": card.name, "weapon": True, "range": card.range} if card.weapon else {"name": card.name}


def _read_names(entry, investigators: list[str], what: str, rule_id: str | None = None) -> list[str]:
    names: list[str] = []
    for item in entry.list():
        name = item.text()
        if name not in investigators:
            raise item.error(f"{name!r} is not among the investigators ({', '.join(investigators) or 'none'})")
        if name in names:
            raise item.error(f"{name!r} is listed twice in {what}", rule_id)
        names.append(name)
    return names


def _read_cards(entry) -> list[SearchCard]:
    cards = []
    for item in entry.list():
        item.keys(("name", "weapon", "range"))
        name = item.need("name").text()
        weapon = item.get("weapon", False).boolean()
        if weapon:
            rng = item.need("range").integer(minimum=0)
        else:
            if item.has("range"):
                raise item.need("range").error(f"{name!r} is no weapon (weapon: true), so it has no range")
            rng = None
        cards.append(SearchCard(name, weapon, rng))
    return cards


def _read_section(scenario, section: Entry, state: FathomsDarkState) -> None:
    section.keys(SECTION_KEYS)
    board = state.board
    investigators = [f.id for f in state.investigators()]

    # objective markers: one each, different symbols (fathoms-setup.objective-marker)
    markers = section.get("objective_markers", {})
    if markers.value is None:
        markers = Entry({}, markers.file, markers.path)
    given: dict[str, str] = {}
    for name, sym in markers.items():
        if name not in investigators:
            raise sym.error(f"{name!r} is not among the investigators ({', '.join(investigators) or 'none'})")
        symbol = sym.text(choices=SCENARIO_CARDS, what="objective marker symbol")
        if symbol in given.values():
            raise sym.error(f"two investigators hold the {symbol} objective marker: there is one of each",
                            "fathoms-setup.objective-marker")
        given[name] = symbol
    if len(investigators) > len(SCENARIO_CARDS):
        raise section.error(f"{len(investigators)} investigators, but there are only {len(SCENARIO_CARDS)} "
                            f"scenario cards", "fathoms-setup.draw-scenario-card")
    missing = [n for n in investigators if n not in given]
    if missing:
        raise markers.error(f"every investigator holds an objective marker; missing: {', '.join(missing)}",
                            "fathoms-setup.objective-marker")
    state.objective_markers = {n: given[n] for n in investigators}

    acquired = _read_names(section.get("acquired", []), investigators, "acquired")
    to_place_entry = section.get("to_place", [])
    to_place = _read_names(to_place_entry, investigators, "to_place")
    for i, name in enumerate(to_place):
        if name not in acquired:
            raise to_place_entry.list()[i].error(f"{name} places a marker only after acquiring the card: add "
                                                 f"{name} to 'acquired'", "fathoms-cards.holder-acquires")

    # the face-down deck: the cards of the investigators not holding theirs
    deck_entry = section.get("scenario_deck", None)
    if deck_entry.value is None:
        deck = [state.objective_markers[n] for n in investigators if n not in acquired]
    else:
        deck = []
        for item in deck_entry.list():
            card = item.text(choices=SCENARIO_CARDS, what="scenario card")
            holder = state.holder_of(card)
            if holder is None:
                raise item.error(f"nobody drew the {card} card: it is out of the game", "fathoms-setup.unused-cards-out")
            if card in deck:
                raise item.error(f"the {card} card is in the deck twice", "fathoms-setup.face-down-deck")
            if holder in acquired:
                covered = section.get("unbound_markers", {}).value or {}
                if holder in covered:
                    raise item.error(f"{holder}'s Objective Point is covered, so the {card} card is with {holder}, "
                                     f"not in the deck", "fathoms-markers.one-per-objective-point")
                raise item.error(f"{holder} holds the {card} card, so it is not in the deck",
                                 "fathoms-cards.holder-acquires")
            deck.append(card)
        lost = [n for n in investigators if n not in acquired and state.objective_markers[n] not in deck]
        if lost:
            raise deck_entry.error(f"{lost[0]}'s card ({state.objective_markers[lost[0]]}) is neither in the deck "
                                   f"nor acquired", "fathoms-setup.face-down-deck")
    state.scenario_deck, state.acquired, state.to_place = deck, acquired, to_place

    # unbound markers on the Objective Points
    um = section.get("unbound_markers", {})
    covered: dict[str, Health] = {}
    if um.value is not None:
        for name, spec in um.items():
            where = spec
            if name not in investigators:
                raise where.error(f"{name!r} is not among the investigators ({', '.join(investigators) or 'none'})")
            if spec.value is None:
                spec = Entry({}, spec.file, spec.path)
            spec.keys(("wounds", "health_plus_tokens"))
            wounds = spec.get("wounds", 0).integer(minimum=0, maximum=MARKER_HEALTH - 1,
                                                   rule_id="fathoms-markers.killed-removed")
            plus = spec.get("health_plus_tokens", 0).integer(minimum=0)
            if wounds and plus:
                raise spec.error("a marker can't hold health +1 tokens and wounds at once",
                                 "health.tokens-absorb-wounds")
            if name not in acquired or name in to_place:
                raise where.error(f"{name}'s Objective Point is covered only once {name} has acquired the card and "
                                  f"placed the marker (in 'acquired', not in 'to_place')",
                                  "fathoms-markers.one-per-objective-point")
            covered[name] = Health(MARKER_HEALTH, wounds, plus)
    state.unbound_markers = covered

    # the twelve markers (fathoms-outcome.twelve-markers)
    removed = section.get("removed_markers", 0).integer(minimum=0, maximum=UNBOUND_MARKERS,
                                                        rule_id="fathoms-outcome.twelve-markers")
    card_entry = section.get("unbound_card", UNBOUND_MARKERS - len(covered) - removed)
    card = card_entry.integer(minimum=0, maximum=UNBOUND_MARKERS, rule_id="fathoms-outcome.twelve-markers")
    total = card + len(covered) + removed
    if total != UNBOUND_MARKERS:
        raise (card_entry if section.has("unbound_card") else section).error(
            f"{card} on the Unbound card, {len(covered)} on Objective Points and {removed} removed make {total}: "
            f"there are {UNBOUND_MARKERS} unbound markers", "fathoms-outcome.twelve-markers")
    state.unbound_card, state.removed_markers = card, removed
    idle = [n for n in acquired if n not in covered and n not in to_place]
    if idle:
        if card > 0 or scenario.options["fathoms-cards.empty-unbound-card"] != "keep-card":
            raise section.get("acquired").error(
                f"{idle[0]} holds the card but has no marker to place and none placed: only with the Unbound card "
                f"empty and fathoms-cards.empty-unbound-card = keep-card", "fathoms-cards.marker-from-unbound-card")

    # the Unbound figure
    ub = section.get("unbound", {})
    if ub.value is not None:
        ub.keys(("space", "health", "wounds", "health_plus_tokens"))
        if ub.has("space"):
            space = ub.need("space").text()
            if space not in board.spaces:
                raise ub.need("space").error(f"no space {space!r} on the board {board.name!r}")
            state.unbound_space = space
        if ub.has("health"):
            maximum = ub.need("health").integer(minimum=1)
            wounds = ub.get("wounds", 0).integer(minimum=0, maximum=maximum - 1)
            plus = ub.get("health_plus_tokens", 0).integer(minimum=0)
            if wounds and plus:
                raise ub.error("Unbound can't hold health +1 tokens and wounds at once", "health.tokens-absorb-wounds")
            state.unbound_health = Health(maximum, wounds, plus)
        elif ub.has("wounds") or ub.has("health_plus_tokens"):
            raise Entry(None, ub.file, f"{ub.path}.health").error(
                "the Unbound card's health is not public: give it with its wounds", "fathoms-unbound.lives")

    state.search_deck = _read_cards(section.get("search_deck", []))
    state.search_discard = _read_cards(section.get("search_discard", []))

    effects = section.get("devoured_effect_markers", None)
    if effects.value is not None:
        placed: dict[str, str] = {}
        for space, label in effects.items():
            if str(space) not in board.spaces:
                raise label.error(f"no space {space!r} on the board {board.name!r}")
            s = board.spaces[str(space)]
            if s.room not in state.devoured_rooms:
                raise label.error(f"room {s.room} is not devoured: no devoured effect marker on {space}",
                                  "fathoms-board.devoured-effects")
            if s.is_spawn_space:
                raise label.error(f"{space} is a spawn space: no devoured effect marker there",
                                  "fathoms-board.devoured-effects")
            placed[str(space)] = label.text()
        state.devoured_effects = placed
    else:
        scenario.place_devoured_effects(state)

    monsters = section.get("monster_cards", [])
    names = []
    for item in monsters.list():
        name = item.text()
        if name == UNBOUND:
            raise item.error("the Unbound card is not chosen: it goes at the end of the activation track",
                             "fathoms-setup.unbound-card-last")
        names.append(name)
    state.monster_cards = names


