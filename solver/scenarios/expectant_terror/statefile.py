"""The ``expectant-terror:`` section of a state file: read into an :class:`ExpectantTerrorState` and written back
(:data:`SECTION`, a :class:`solver.state.ScenarioSection`)::

    expectant-terror:
      nest: {space: 2b, wounds: 1, wounds_this_round: 0}   # space: removed | killed | a space
      nest_markers: [17, 23]                               # rooms; the marker lies on the spawn space
      infested_tokens: {Lisbeth Gibson: 2}
      monster_cards: [Husk, Bloated]                       # the monster activation track (old name: monster_track)
      devoured_effects: {1b: 3, 1c: 7}                     # optional: space → marker number

The activation under way, with its actions left, is the common top-level key (``activation: {investigator: Lisbeth
Gibson, kind: normal, actions_left: 3}``, :mod:`solver.turnfile`); an ``activation:`` in this section, where the
first build kept it, is read too.

Besides its own keys it checks what the scenario asks of the common ones: every room's card is in the devoured
deck (``expectant-board.devoured-deck``).
"""

from __future__ import annotations

from ...errors import InputError
from ...game import Figure, GameState
from ...health import Health
from ...state import ScenarioSection
from ...turnfile import read_activation
from ...yamlio import Entry
from .infested import INFESTED_KILLS, INFESTED_TOKEN_SUPPLY
from .nest_markers import NEST_MARKER_SUPPLY
from .rules import HUSK, MIND_EATER, NEST, ExpectantTerrorState


class ExpectantTerrorSection(ScenarioSection):
    """Reads and writes the ``expectant-terror:`` section (see the module's docstring)."""

    keys = (
        ("nest", "the Nest: `space` (a space, `removed` until the next round, or `killed`), `wounds`, "
                 "`health_plus_tokens`, `wounds_this_round` (0 or 1), `activation_pending` (its additional "
                 "activation is under way)"),
        ("nest_markers", "the rooms holding a nest marker (on the room's spawn space)"),
        ("infested_tokens", "investigator → infested tokens held (0 to 4; four kill)"),
        ("monster_cards", "the monster activation track's cards, the Husk first (`monster_track` is read too)"),
        ("devoured_effects", "space → devoured effect marker number (optional)"),
    )

    def read(self, section: Entry, state: GameState) -> None:
        assert isinstance(state, ExpectantTerrorState)
        _check_devoured_deck(section, state)
        if section.value is None:
            return
        section.keys(tuple(k for k, _ in self.keys) + ("monster_track", "activation"))
        if section.has("nest_markers"):
            _read_nest_markers(section.need("nest_markers"), state)
        if section.has("nest"):
            _read_nest(section.need("nest"), state)
        if section.has("infested_tokens"):
            _read_infested(section.need("infested_tokens"), state)
        if section.has("monster_cards") and section.has("monster_track"):
            raise section.need("monster_track").error("monster_track is the old name of monster_cards: give one")
        for key in ("monster_cards", "monster_track"):
            if section.has(key):
                _read_monster_cards(section.need(key), state)
        if section.has("devoured_effects"):
            _read_devoured_effects(section.need("devoured_effects"), state)
        if section.has("activation"):  # its former place: the activation is the state file's top-level key now
            if state.activation is not None:
                raise section.need("activation").error("the activation is given at the top level (activation:); "
                                                       "give it once")
            read_activation(section.need("activation"), state, kinds=("normal", "outside"))

    def write(self, state: GameState) -> dict:
        assert isinstance(state, ExpectantTerrorState)
        out: dict = {}
        nest = state.figures.get(NEST)
        if nest is not None:
            where = "killed" if nest.killed else ("removed" if nest.space is None else nest.space)
            entry: dict = {"space": where, "wounds": nest.health.wounds}
            if nest.health.health_plus_tokens:
                entry["health_plus_tokens"] = nest.health.health_plus_tokens
            if state.nest_wounds_this_round:
                entry["wounds_this_round"] = state.nest_wounds_this_round
            if state.nest_activation_pending:
                entry["activation_pending"] = True
            out["nest"] = entry
        out["nest_markers"] = sorted(state.nest_markers)
        infested = {f.id: f.count("infested") for f in state.investigators() if f.count("infested")}
        if infested:
            out["infested_tokens"] = infested
        out["monster_cards"] = list(state.monster_cards)
        if state.devoured_effects:
            out["devoured_effects"] = dict(state.devoured_effects)
        return out


SECTION = ExpectantTerrorSection()


def _check_devoured_deck(section: Entry, state: ExpectantTerrorState) -> None:
    """Every room is devoured from the start and no card ever leaves the devoured deck: it holds all the rooms."""
    missing = sorted(set(state.scenario.rooms) - set(state.devoured_deck))
    if missing:
        raise InputError(f"the devoured deck lacks room(s) {', '.join(map(str, missing))}: in Expectant Terror "
                         f"every room starts devoured and its card stays in the devoured deck",
                         file=section.file, entry="devoured_deck", rule_id="expectant-board.devoured-deck")


def _read_nest_markers(entry: Entry, state: ExpectantTerrorState) -> None:
    rooms: list[int] = []
    for item in entry.list():
        room = item.integer(minimum=1)
        if room not in state.board.rooms:
            raise item.error(f"room {room} is not on the board", "expectant-board.rooms")
        if room not in state.devoured_rooms:
            raise item.error(f"room {room} is not devoured: nest markers spawn only in devoured rooms",
                             "expectant-nest-marker.deck-order")
        if room in rooms:
            raise item.error(f"room {room} is listed twice: a room holds at most one nest marker",
                             "expectant-nest-marker.one-per-room")
        rooms.append(room)
    if len(rooms) > NEST_MARKER_SUPPLY:
        raise entry.error(f"{len(rooms)} nest markers: there are only {NEST_MARKER_SUPPLY}", "expectant-nest-marker.supply")
    state.nest_markers = set(rooms)


def _read_nest(entry: Entry, state: ExpectantTerrorState) -> None:
    entry.keys(("space", "wounds", "health_plus_tokens", "wounds_this_round", "activation_pending"))
    scenario = state.scenario
    maximum = scenario.nest_health
    where = entry.need("space").text()
    wounds = entry.get("wounds", 0).integer(minimum=0, maximum=maximum)
    tokens = entry.get("health_plus_tokens", 0).integer(minimum=0)
    this_round = entry.get("wounds_this_round", 0).integer(minimum=0, maximum=1, rule_id="expectant-nest.one-wound-per-round")
    pending = entry.get("activation_pending", False).boolean()
    if wounds and tokens:
        raise entry.error("the Nest can't hold health +1 tokens and wounds at once", "health.tokens-absorb-wounds")
    if this_round and not wounds:
        raise entry.need("wounds_this_round").error(
            "the Nest took its wound this round but has 0 wounds: a wound taken stays until the Nest is killed",
            "expectant-nest.one-wound-per-round")
    health = Health(maximum, wounds, tokens)
    nest = Figure(NEST, "monster", None, health)
    if where == "killed":
        nest.killed = True
        if pending:
            raise entry.need("activation_pending").error("a killed Nest has no activation under way",
                                                         "expectant-nest.killing-wound")
    elif where == "removed":
        if this_round != 1:
            raise entry.error("a removed Nest returns at the start of the next round, so it is off the board "
                              "only in the round it took its wound: wounds_this_round must be 1",
                              "expectant-nest.returns-next-round")
        if pending:
            raise entry.need("activation_pending").error(
                "the Nest leaves the board only after its additional activation", "expectant-nest.removed-after-activation")
    else:
        if where not in state.board.spaces:
            raise entry.need("space").error(f"no space {where!r} on the board; write a space, 'removed' or "
                                            f"'killed'")
        nest.space = where
        if health.is_killed and not (pending and scenario.options["expectant-nest.killing-wound"] == "activates-first"):
            raise entry.need("wounds").error(f"{wounds} wounds kill the Nest (health {maximum}): write "
                                             f"space: killed", "expectant-outcome.win-nest-killed")
        if pending and this_round != 1:
            raise entry.need("activation_pending").error(
                "the additional activation follows the wound it took this round: wounds_this_round must be 1",
                "expectant-nest.activates-when-wounded")
    state.figures[NEST] = nest
    state.nest_wounds_this_round = this_round
    state.nest_activation_pending = pending


def _read_infested(entry: Entry, state: ExpectantTerrorState) -> None:
    total = 0
    for name, item in entry.items():
        fig = state.figures.get(name)
        if fig is None or not fig.is_investigator:
            raise item.error(f"{name!r} is not an investigator of this game")
        n = item.integer(minimum=0, maximum=INFESTED_KILLS, rule_id="expectant-infested.killed-at-four")
        if fig.count("infested") and fig.count("infested") != n:
            raise item.error(f"{name}'s infested tokens are also given among his or her tokens, as "
                             f"{fig.count('infested')}")
        total += n
        if n:
            fig.tokens["infested"] = n
        else:
            fig.tokens.pop("infested", None)
        if n >= INFESTED_KILLS:
            fig.killed = True
    if total > INFESTED_TOKEN_SUPPLY and state.options["expectant-infested.token-supply"] == "twelve":
        raise entry.error(f"{total} infested tokens: the expansion has only {INFESTED_TOKEN_SUPPLY} "
                          f"(expectant-infested.token-supply=twelve)", "expectant-infested.supply")


def _read_monster_cards(entry: Entry, state: ExpectantTerrorState) -> None:
    cards: list[str] = []
    for i, item in enumerate(entry.list()):
        name = item.text()
        if i == 0 and name != HUSK:
            raise item.error(f"the first monster space holds the Husk card, not {name}", "expectant-setup.husk-first")
        if name == NEST:
            raise item.error("the Nest card is at the end of the activation track, not in a monster space",
                             "expectant-setup.nest-card-last")
        if name == MIND_EATER:
            raise item.error("the Mind Eater card is on the far left, not in a monster space",
                             "expectant-setup.mind-eater-far-left")
        if name in cards:
            raise item.error(f"{name} is on the track twice", "expectant-setup.random-monsters")
        cards.append(name)
    if not cards:
        raise entry.error("the first monster space holds the Husk card", "expectant-setup.husk-first")
    spaces = state.scenario.monster_spaces(state)
    if len(cards) > spaces:
        raise entry.error(f"{len(cards)} monster cards for {spaces} monster spaces (one an investigator)",
                          "expectant-setup.random-monsters")
    state.monster_cards = cards


def _read_devoured_effects(entry: Entry, state: ExpectantTerrorState) -> None:
    board = state.board
    effects: dict[str, int] = {}
    seen: set[int] = set()
    for space, item in entry.items():
        space = str(space)
        if space not in board.spaces:
            raise item.error(f"no space {space!r} on the board")
        if board.space(space).is_spawn_space:
            raise item.error(f"{space} is a spawn space: it holds no devoured effect marker",
                             "expectant-board.devoured-effects")
        if board.room_of(space) not in state.devoured_rooms:
            raise item.error(f"{space} is not in a devoured room", "expectant-board.devoured-effects")
        number = item.integer(minimum=1)
        if number in seen:
            raise item.error(f"devoured effect marker {number} is on two spaces", "expectant-board.devoured-effects")
        seen.add(number)
        effects[space] = number
    state.devoured_effects = effects
