"""State files: a position at the table written in YAML, read into the scenario's state, and written back.

``load_state(path)`` reads a file, ``state_from_data(data, file)`` parsed data, and ``dump_state(state)`` gives the
plain data that reads back into the same state. The format is documented for players in
``rules_docs/state-files.md``; in short::

    scenario: fathoms-dark            # required: fathoms-dark, fevered-dreams or expectant-terror
    board: boards/my-table.yaml       # optional, relative to this file; default: the scenario's shipped board
    options: {sight.model: same-room} # assumption and interpretation settings that differ from the defaults
    round: 3
    devour_marker: 3                  # the space of the devouring track the marker stands on, from 1
    devoured_deck: [26, 5, 27]        # top card first; default: the scenario's list
    room_deck: [9, 12, 13]            # top card first; default: the scenario's list
    devoured_rooms: [5, 26, 27]       # default: the rooms of the devoured deck
    reserve: {Husk: 6, Mind Eater: 6}
    investigators:
      Lisbeth Gibson: {space: 17a, wounds: 1, tokens: {slow: 1}}
    activation_track: [Lisbeth Gibson]  # default: the order of `investigators`
    monsters:
      - {type: Husk, space: 12b, wounds: 2}
    fathoms-dark: {}                  # the scenario's own section, read by the scenario
    example: {question: distance, args: {from: 17a, to: 12b}}  # for examples/: ignored here

Every check names the file, the entry and, where one applies, the rule or assumption: an unknown key, scenario,
investigator, monster type, room or space; a figure without a space; impossible counts; a card in both decks; a
devour marker off the track; an unknown option or setting.

How the state is built: ``scenario.new_state()`` (no shuffle: the decks in the scenario's order, then the
scenario's set-up), then the common keys above, then the scenario's own section through its
:class:`ScenarioSection` (:func:`section_format`). Figures the set-up placed stay unless the file gives a figure of
the same ID; a ``reserve`` given replaces the whole reserve.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from collections.abc import Mapping
from pathlib import Path

from .board import Board
from .boardfile import load_board
from .catalog import Options, catalog
from .errors import BadParameter, InputError, RuleViolation, UnknownOptionError
from .game import MONSTER_TYPES, Figure, GameState, Scenario
from .health import Health
from .investigators import INVESTIGATORS, NORMAL_MONSTERS
from .turnfile import KEYS as TURN_KEYS, dump_turn, read_turn
from .yamlio import Entry, printable, _kind, file_problem, load_yaml_file

COMMON_KEYS = ("scenario", "board", "options", "round", "devour_marker", "devoured_deck", "room_deck",
               "devoured_rooms", "reserve", "investigators", "activation_track", "monsters", "example",
               *TURN_KEYS)
INVESTIGATOR_KEYS = ("space", "wounds", "health_plus_tokens", "tokens", "health", "killed")
MONSTER_KEYS = ("type", "id", "space", "wounds", "health_plus_tokens", "health", "killed")
CONDITION_TOKENS = ("slow", "weakened", "paralyzed")
#: Limits on a position, beyond the components' own counts (each is far above what a table can hold): a game
#: lasts as many rounds as its devouring track has spaces (16 at most), and the box holds 65 monster figures, the
#: base game's some more.
MAX_ROUND = 99
MAX_MONSTERS = 300


def figures_in_box() -> dict[str, int]:
    """Monster figures in the expansion's box (rulebook, "Components"; :mod:`solver.components`) for the types new
    in this expansion. The Husk and the Mind Eater also come with the base game, whose counts are not public, so
    they are not limited."""
    from .components import component

    return {kind: component(f"{kind} figure").count for kind in NORMAL_MONSTERS if kind not in MONSTER_TYPES}


def monster_types() -> tuple[str, ...]:
    """The monster types a state file may name: those with known card values, then the expansion's others."""
    return tuple(MONSTER_TYPES) + tuple(t for t in NORMAL_MONSTERS if t not in MONSTER_TYPES)


def monster_type_of(figure: Figure) -> str:
    """A monster figure's type, from its ID: ``"Husk#2"`` → ``"Husk"``."""
    return figure.id.split("#", 1)[0]


# --- reading ------------------------------------------------------------------------------------------------------
def load_state(path: str | Path, options: Mapping[str, str] | None = None) -> GameState:
    """Read and check a state file; ``options`` (e.g. from ``--option``) override the file's own settings.

    Every problem raises one :class:`InputError` naming the file, the entry and the rule, if one applies."""
    path = Path(path)
    data = load_yaml_file(path)
    return state_from_data(data, str(path), options, base_dir=path.parent)


def state_from_data(data, file: str = "<state>", options: Mapping[str, str] | None = None,
                    base_dir: str | Path | None = None) -> GameState:
    """Build a state from parsed YAML (see the module's docstring); ``base_dir`` is where a relative
    ``board:`` path starts (the state file's folder; default: the current folder)."""
    from .scenarios import SCENARIOS, scenario_class

    if data is None:
        raise InputError("the file is empty: a state file needs at least 'scenario:'", file=file)
    root = Entry(data, file)
    if not isinstance(data, dict):
        raise root.error(f"a state file must be a mapping of keys (scenario:, investigators: …), not {_kind(data)}")
    name = root.need("scenario").text(choices=tuple(SCENARIOS), what="scenario")
    for key in data:
        if key in SCENARIOS and key != name:
            raise Entry(data[key], file, str(key)).error(
                f"this is the section of the scenario {key!r}, but the file is for {name!r}")
    root.keys(COMMON_KEYS + (name,))

    settings = _read_options(root.get("options", {}), options)
    cls = scenario_class(name)
    board = _read_board(root, cls, base_dir)
    scenario: Scenario = cls(board, settings)
    state = scenario.new_state()

    if root.has("round"):
        state.round = root.need("round").integer(minimum=1, maximum=MAX_ROUND)
    _read_devour_marker(root, state)
    _read_decks(root, state)
    if root.has("reserve"):
        state.reserve = _read_reserve(root.need("reserve"))
    _read_investigators(root, state)
    _read_monsters(root, state)
    _check_figure_counts(root, state)
    read_turn(root, state)

    section = root.get(name, {})
    if section.value is None:
        section = Entry({}, file, name)
    section_format(scenario).read(section, state)
    return state


class ScenarioSection:
    """A scenario's own section of a state file (the mapping under the scenario's name): how it is read into a
    state and written back. Declared once here; each scenario implements it in its folder's ``statefile.py`` as
    ``SECTION``. The base has no keys."""

    #: The section's keys for the State files page: ``(key, what it holds)`` in the order a file writes them.
    keys: tuple[tuple[str, str], ...] = ()

    def read(self, section: Entry, state: GameState) -> None:
        """Read ``section`` (``{}`` when the file has none) into ``state``; anything wrong raises
        ``section.error(...)`` (file, entry, what is wrong, rule)."""
        if section.value not in (None, {}):
            raise section.error(f"the scenario {state.scenario.name!r} has no section of its own")

    def write(self, state: GameState) -> dict:
        """The inverse of :meth:`read`: the section as plain data (``{}`` when it has nothing to say), such that
        reading it back gives the same state."""
        return {}


def section_format(scenario: Scenario | type[Scenario]) -> ScenarioSection:
    """The state-file section format of ``scenario`` (a scenario or its class): the ``SECTION`` of its folder's
    ``statefile.py`` (``solver/scenarios/<name>/statefile.py``), or of the module that declares the class (a
    scenario written in one module, as the tests' are); a scenario with neither has no section of its own."""
    import importlib

    cls = scenario if isinstance(scenario, type) else type(scenario)
    own = importlib.import_module(cls.__module__)
    if hasattr(own, "SECTION"):
        return own.SECTION
    module = cls.__module__.rsplit(".", 1)[0] + ".statefile"
    try:
        return importlib.import_module(module).SECTION
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return ScenarioSection()


def _read_options(entry: Entry, overrides: Mapping[str, str] | None) -> Options:
    settings: dict[str, str] = {}
    if entry.value is not None:
        for key, value in entry.items():
            if not isinstance(key, str):
                raise value.error("an option name must be text, e.g. sight.model")
            settings[key] = value.text(what="setting")
    try:
        Options(settings)
    except UnknownOptionError as exc:
        bad = next((k for k in settings if k not in catalog().options or settings[k] not in
                    catalog().options[k].choices), None)
        where = entry.get(bad) if bad is not None else entry
        raise where.error(str(exc)) from None
    for key, value in (overrides or {}).items():
        try:
            Options({key: value})
        except UnknownOptionError as exc:
            raise BadParameter("option", f"{key}={value}: {exc}") from None
        settings[key] = value
    return Options(settings)


def _read_board(root: Entry, cls, base_dir) -> Board:
    if not root.has("board") or root.need("board").value is None:
        from .scenarios import board_file

        path = board_file(cls.name)
        if not path.exists():
            raise root.error(f"the scenario {cls.name!r} has no shipped board yet ({path}); give a 'board:' file")
        return load_board(path)
    entry = root.need("board")
    text = entry.text()
    if not text.strip():
        raise entry.error("empty: name a board file, by its path from the state file's folder")
    rel = Path(text)
    folder = Path(base_dir or ".").resolve()
    if rel.is_absolute() or ".." in rel.parts:
        raise entry.error("a board file is named by its path inside the state file's folder (no absolute path, "
                          "no '..'): the command reads no file outside it")
    if rel.suffix.lower() not in (".yaml", ".yml"):
        raise entry.error("a board file is a YAML file: its name ends in .yaml or .yml")
    path = folder / rel
    try:
        real = path.resolve()
    except (OSError, RuntimeError):
        raise entry.error("can't be followed (a loop of links?)") from None
    if folder != real and folder not in real.parents:
        raise entry.error("leads out of the state file's folder (through a link): the command reads no file "
                          "outside it")
    problem = file_problem(path)
    if problem is not None and problem.startswith("no such file"):
        raise entry.error(f"no board file {printable(text, 80)!r} in the state file's folder")
    if problem is not None and "directory" in problem:
        raise entry.error(f"{printable(text, 80)!r} is a directory, not a board file")
    if problem is not None:
        raise entry.error(f"the board file {problem}")
    return load_board(path)


def _read_devour_marker(root: Entry, state: GameState) -> None:
    if not root.has("devour_marker"):
        return
    track = state.scenario.devouring_track
    entry = root.need("devour_marker")
    value = entry.integer()
    if not 1 <= value <= len(track):
        raise entry.error(f"the devouring track has spaces 1 to {len(track)}, so the devour marker can't stand on "
                          f"{value}", "outcome.loss-devouring-track")
    state.devour_marker = value - 1


def _room_list(entry: Entry, board: Board, what: str) -> list[int]:
    rooms: list[int] = []
    for item in entry.list():
        room = item.integer()
        if room not in board.rooms:
            raise item.error(f"no room {room} on the board {board.name!r} (its rooms: "
                             f"{', '.join(str(r) for r in sorted(board.rooms))})")
        if room in rooms:
            raise item.error(f"room {room} is in the {what} twice", "board.room-cards")
        rooms.append(room)
    return rooms


def _read_decks(root: Entry, state: GameState) -> None:
    board = state.board
    devoured = root.get("devoured_deck", list(state.devoured_deck))
    rooms = root.get("room_deck", list(state.room_deck))
    state.devoured_deck = _room_list(devoured, board, "devoured deck")
    state.room_deck = _room_list(rooms, board, "room deck")
    if root.has("devoured_rooms"):
        state.devoured_rooms = set(_room_list(root.need("devoured_rooms"), board, "devoured rooms"))
    elif root.has("devoured_deck"):
        state.devoured_rooms = set(state.devoured_deck)
    for i, room in enumerate(state.room_deck):
        if room in state.devoured_deck:
            raise rooms.list()[i].error(f"the card of room {room} is in both the room deck and the devoured deck",
                                        "board.room-cards")
        if room in state.devoured_rooms:
            raise rooms.list()[i].error(f"room {room} is devoured, so its card can't be in the room deck",
                                        "board.room-cards")
    for i, room in enumerate(state.devoured_deck):
        if room not in state.devoured_rooms:
            raise devoured.list()[i].error(f"the card of room {room} is in the devoured deck, but room {room} is "
                                           f"not among the devoured rooms", "board.room-cards")


def _read_reserve(entry: Entry) -> dict[str, int]:
    reserve: dict[str, int] = {}
    known = monster_types()
    for key, value in entry.items():
        Entry(key, entry.file, value.path).text(choices=known, what="monster type")
        reserve[str(key)] = value.integer(minimum=0)
    return reserve


def _space(entry: Entry, board: Board) -> str:
    space = entry.text()
    if space not in board.spaces:
        raise entry.error(f"no space {space!r} on the board {board.name!r}")
    return space


def _health(entry: Entry, maximum: int | None, what: str) -> Health:
    if entry.has("health"):
        maximum = entry.need("health").integer(minimum=1)
    elif maximum is None:
        raise entry.get("health").error(f"the {what} card's health is not public: give it here (health: N)")
    wounds = entry.get("wounds", 0).integer(minimum=0)
    if wounds > maximum:
        raise entry.need("wounds").error(f"{wounds} wounds is more than the figure's health, {maximum}")
    tokens = entry.get("health_plus_tokens", 0).integer(minimum=0)
    try:
        return Health(maximum, wounds, tokens)
    except RuleViolation as exc:
        raise entry.error(exc.message, exc.rule_id) from None


def _killed(entry: Entry) -> bool:
    return entry.get("killed", False).boolean()


def _read_investigators(root: Entry, state: GameState) -> None:
    entry = root.get("investigators", {})
    if entry.value is None:
        entry = Entry({}, entry.file, entry.path)
    names: list[str] = []
    for name, inv in entry.items():
        Entry(name, entry.file, inv.path).text(choices=tuple(INVESTIGATORS), what="investigator")
        inv.keys(INVESTIGATOR_KEYS)
        card = INVESTIGATORS[name]
        tokens: dict[str, int] = {}
        tok = inv.get("tokens", {})
        if tok.value is not None:
            for token, count in tok.items():
                Entry(token, tok.file, count.path).text(choices=CONDITION_TOKENS, what="token")
                n = count.integer(minimum=0)
                if n:
                    tokens[token] = n
        state.figures[name] = Figure(name, "investigator", _space(inv.need("space"), state.board),
                                     _health(inv, card.health, name), tokens, _killed(inv))
        names.append(name)
    track = root.get("activation_track", None)
    if track.value is None:
        state.activation_track = [n for n in names]
        return
    order: list[str] = []
    for item in track.list():
        name = item.text()
        if name not in names:
            raise item.error(f"{name!r} is not among the investigators of this file "
                             f"({', '.join(names) or 'none'})")
        if name in order:
            raise item.error(f"{name!r} is on the activation track twice")
        order.append(name)
    missing = [n for n in names if n not in order]
    if missing:
        raise track.error(f"every investigator has a place on the activation track; missing: {', '.join(missing)}")
    state.activation_track = order


def _read_monsters(root: Entry, state: GameState) -> None:
    known = monster_types()
    entries = root.get("monsters", []).list()
    if len(entries) > MAX_MONSTERS:
        raise root.get("monsters").error(f"{len(entries)} monster figures: a position holds at most {MAX_MONSTERS} "
                                         f"(the expansion's box has 65; see the State files page's limits)")
    wanted: list[tuple[Entry, str, str | None]] = []
    taken: set[str] = set()
    for m in entries:
        m.keys(MONSTER_KEYS)
        kind = m.need("type").text(choices=known, what="monster type")
        given = None
        if m.has("id"):
            id_entry = m.need("id")
            given = id_entry.text()
            if not given.startswith(kind + "#") or not given[len(kind) + 1:].isdigit():
                raise id_entry.error(f"a {kind}'s ID is {kind}#N, e.g. {kind}#1")
            if given in taken:
                raise id_entry.error(f"two monsters have the ID {given!r}")
            taken.add(given)
        wanted.append((m, kind, given))
    numbers: dict[str, int] = {}
    for m, kind, given in wanted:
        fid = given
        while fid is None or (given is None and fid in taken):
            numbers[kind] = numbers.get(kind, 0) + 1
            fid = f"{kind}#{numbers[kind]}"
        taken.add(fid)
        card = MONSTER_TYPES.get(kind)
        state.figures[fid] = Figure(fid, "monster", _space(m.need("space"), state.board),
                                    _health(m, card.health if card else None, kind), {}, _killed(m))


def _check_figure_counts(root: Entry, state: GameState) -> None:
    on_board: dict[str, int] = {}
    for f in state.figures.values():
        if f.kind == "monster":
            on_board[monster_type_of(f)] = on_board.get(monster_type_of(f), 0) + 1
    if not any(on_board.get(k, 0) + state.reserve.get(k, 0) for k in NORMAL_MONSTERS if k not in MONSTER_TYPES):
        return  # no figure of a limited type: nothing to count (and the components table is not loaded)
    for kind, limit in figures_in_box().items():
        total = on_board.get(kind, 0) + state.reserve.get(kind, 0)
        if total > limit:
            where = root.get("reserve") if state.reserve.get(kind) else root.get("monsters")
            raise where.error(f"{kind} figures: {on_board.get(kind, 0)} on the board and {state.reserve.get(kind, 0)} "
                              f"in the reserve, but the box holds only {limit}", "components.figure-count")


# --- writing ------------------------------------------------------------------------------------------------------
def dump_state(state: GameState, folder: str | Path | None = None) -> dict:
    """The state as plain data that :func:`state_from_data` reads back into the same state (every common key is
    written out; the scenario's :class:`ScenarioSection` writes its own section)."""
    from .scenarios import board_file

    scenario = state.scenario
    data: dict = {"scenario": scenario.name}
    source = getattr(scenario.board, "source", "")
    if source and Path(source).resolve() != board_file(scenario.name).resolve():
        # a players' board: by its path from ``folder`` (where the state file is written) when it is inside it
        board = Path(source).resolve()
        inside = folder is not None and Path(folder).resolve() in board.parents
        data["board"] = board.relative_to(Path(folder).resolve()).as_posix() if inside else str(board)
    if scenario.options.non_default():
        data["options"] = dict(scenario.options.non_default())
    data["round"] = state.round
    data["devour_marker"] = state.devour_marker + 1
    data["devoured_deck"] = list(state.devoured_deck)
    data["room_deck"] = list(state.room_deck)
    data["devoured_rooms"] = sorted(state.devoured_rooms)
    data["reserve"] = dict(state.reserve)
    investigators: dict = {}
    monsters: list = []
    ordinary = set(monster_types())
    by_type: dict[str, list[str]] = {}
    for f in state.figures.values():
        if f.kind == "monster" and monster_type_of(f) in ordinary:
            by_type.setdefault(monster_type_of(f), []).append(f.id)
    # IDs are written only where reading would not number the monsters the same way (1, 2, 3 … in file order)
    numbered = {k: ids == [f"{k}#{i}" for i in range(1, len(ids) + 1)] for k, ids in by_type.items()}
    for f in state.figures.values():
        if f.kind == "investigator" and f.id in INVESTIGATORS:
            entry: dict = {"space": f.space}
            _dump_health(entry, f, INVESTIGATORS[f.id].health)
            tokens = {t: n for t, n in f.tokens.items() if t in CONDITION_TOKENS and n}
            if tokens:
                entry["tokens"] = tokens
            investigators[f.id] = entry
        elif f.kind == "monster" and monster_type_of(f) in ordinary:
            kind = monster_type_of(f)
            entry = {"type": kind}
            if not numbered[kind]:
                entry["id"] = f.id
            entry["space"] = f.space
            card = MONSTER_TYPES.get(kind)
            _dump_health(entry, f, card.health if card else None)
            monsters.append(entry)
    data["investigators"] = investigators
    data["activation_track"] = list(state.activation_track)
    data["monsters"] = monsters
    data.update(dump_turn(state))
    own = section_format(scenario).write(state)
    if own:
        data[scenario.name] = own
    return data


def _dump_health(entry: dict, f: Figure, card_health: int | None) -> None:
    if f.health.maximum != card_health:
        entry["health"] = f.health.maximum
    if f.health.wounds:
        entry["wounds"] = f.health.wounds
    if f.health.health_plus_tokens:
        entry["health_plus_tokens"] = f.health.health_plus_tokens
    if f.killed:
        entry["killed"] = True


# --- examples: state files that say which question they illustrate ---------------------------------------------------
EXAMPLE_KEYS = ("question", "args", "options", "title", "events", "choose")


@dataclass(frozen=True, slots=True)
class ExampleSpec:
    """What an example state file asks (its ``example:`` key, which the loader otherwise ignores)::

        example:
          question: line-of-sight          # a registered question, or ``check``
          args: {from: 5a, to: 12b}        # the question's own parameters, as on the command line
          options: {sight.model: same-room}  # optional: --option overrides
          title: Sight through the mist    # optional: a line for the website

    A play (``deepmadness play``) gives its events and choices as lists instead of ``args``::

        example: {question: play, events: ["roll 2,4,5 for=attack", "store 5"], choose: []}
    """

    question: str
    args: Mapping[str, str] = field(default_factory=dict)
    options: Mapping[str, str] = field(default_factory=dict)
    title: str = ""
    events: tuple[str, ...] = ()
    choose: tuple[str, ...] = ()


def read_example(path: str | Path) -> ExampleSpec | None:
    """The ``example:`` of a state file, checked; ``None`` when the file has none."""
    file = str(path)
    data = load_yaml_file(path)
    if not isinstance(data, dict) or "example" not in data:
        return None
    entry = Entry(data, file).need("example")
    entry.keys(EXAMPLE_KEYS)
    args: dict[str, str] = {}
    for name, value in entry.get("args", {}).items() if entry.get("args").value is not None else []:
        if isinstance(value.value, (dict, list)) or value.value is None:
            raise value.error("an argument is a single value, as on the command line")
        args[str(name)] = str(value.value)
    options: dict[str, str] = {}
    for name, value in entry.get("options", {}).items() if entry.get("options").value is not None else []:
        options[str(name)] = value.text(what="setting")
    title = entry.get("title", "").text() if entry.get("title").value is not None else ""
    events = tuple(e.text() for e in entry.get("events", []).list())
    choose = tuple(c.text() for c in entry.get("choose", []).list())
    question = entry.need("question").text()
    if (events or choose) and question != "play":
        raise entry.need("events" if events else "choose").error("only a play (question: play) has events")
    if question == "play" and not events:
        raise entry.need("events").error("a play names at least one event")
    return ExampleSpec(question, args, options, title, events, choose)


def answer_example(path: str | Path):
    """``(answer, state)`` for an example state file, answered the way the command line answers it."""
    from .questions import QUESTIONS, load_question

    spec = read_example(path)
    if spec is None or spec.question == "check":
        raise InputError("this file names no question (example: {question: ..., args: {...}})", file=str(path),
                         entry="example")
    q = load_question(spec.question)
    if q is None:
        raise InputError(f"no question {spec.question!r}; known: {', '.join(sorted(QUESTIONS))}", file=str(path),
                         entry="example.question")
    try:
        args = q.bind(spec.args)
    except BadParameter as exc:
        raise InputError(exc.message, file=str(path), entry=f"example.args.{exc.parameter}",
                         rule_id=exc.rule_id) from None
    state = load_state(path, spec.options)
    return q.func(state, args), state
