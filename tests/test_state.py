"""State files: what a good one reads into, a table of bad ones and the message each gives, and round trips."""

from __future__ import annotations

import copy
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solver.errors import BadParameter, InputError
from solver.spec import ROOT
from solver.state import dump_state, load_state, state_from_data
from tests.test_state_support import TINY_BOARD, TINY_STATE, tiny  # noqa: F401  (fixture)

BASE = yaml.safe_load(TINY_STATE)


def test_a_good_state_file_reads_into_the_scenarios_state(tiny):
    state = load_state(tiny())
    assert type(state).__name__ == "TinyState"
    assert state.scenario.name == "tiny" and state.board.name == "Tiny"
    assert state.round == 2
    assert state.devour_marker == 1  # the file counts track spaces from 1
    assert state.devoured_deck == [2, 3] and state.room_deck == [1, 4]
    assert state.devoured_rooms == {2, 3}
    assert state.reserve == {"Husk": 4, "Mind Eater": 6}
    assert state.activation_track == ["Emma Kruger", "Lisbeth Gibson"]
    lisbeth = state.figures["Lisbeth Gibson"]
    assert (lisbeth.space, lisbeth.health.maximum, lisbeth.health.wounds, lisbeth.tokens) == ("1a", 7, 1, {"slow": 1})
    emma = state.figures["Emma Kruger"]
    assert (emma.health.maximum, emma.health.health_plus_tokens, emma.health.current) == (8, 1, 9)
    assert sorted(f.id for f in state.figures.values() if f.kind == "monster") == ["Husk#1", "Husk#2", "Parasite#1"]
    assert state.figures["Husk#2"].space == "3a" and state.figures["Husk#2"].health.wounds == 2
    assert state.figures["Husk#1"].health.maximum == 4  # the Husk card's health (fan data)
    assert state.figures["Parasite#1"].health.maximum == 2


def test_defaults_come_from_the_scenario(tiny):
    state = load_state(tiny("scenario: tiny\nboard: board.yaml\ninvestigators:\n"
                            "  Sophie Brigman: {space: 2a}\n  Isaiah Wiesenthal: {space: 1a}\n"))
    assert state.devoured_deck == [2, 3] and state.room_deck == [1, 4] and state.devoured_rooms == {2, 3}
    assert state.round == 1 and state.devour_marker == 0
    assert state.activation_track == ["Sophie Brigman", "Isaiah Wiesenthal"]  # the order of `investigators`
    assert state.options["sight.model"] == "connected-path"


def test_the_devoured_rooms_follow_a_given_devoured_deck(tiny):
    state = load_state(tiny("scenario: tiny\nboard: board.yaml\ndevoured_deck: [3, 4, 2]\nroom_deck: [1]\n"))
    assert state.devoured_deck == [3, 4, 2] and state.devoured_rooms == {2, 3, 4}


def test_options_from_the_file_and_overrides(tiny):
    path = tiny(TINY_STATE + "options: {sight.model: same-room, hatch.blocks-sight: none}\n")
    state = load_state(path)
    assert state.options["sight.model"] == "same-room" and state.options["hatch.blocks-sight"] == "none"
    state = load_state(path, {"sight.model": "connected-path", "sight.range": "moves-and-sight"})
    assert state.options["sight.model"] == "connected-path"
    assert state.options["sight.range"] == "moves-and-sight"
    assert state.options["hatch.blocks-sight"] == "none"


@pytest.mark.parametrize("override, fragments", [
    ({"sight.modle": "same-room"}, ["sight.modle=same-room", "no assumption or interpretation option"]),
    ({"sight.model": "x-ray"}, ["sight.model=x-ray", "has no setting 'x-ray'"]),
])
def test_a_bad_option_override_names_the_parameter(tiny, override, fragments):
    """An override comes from the caller (the command line's --option): the error names the parameter ``option``,
    never a flag (the command line adds the dashes)."""
    with pytest.raises(BadParameter) as err:
        load_state(tiny(), override)
    assert err.value.parameter == "option" and "--" not in str(err.value)
    for f in fragments:
        assert f in str(err.value)


def test_the_scenarios_own_section_is_read_by_the_scenario(tiny):
    state = load_state(tiny(TINY_STATE + "tiny: {mist: [2a, 1b]}\n"))
    assert state.mist == {"2a", "1b"}
    assert state.scenario.sight_blockers(state) == {"2a", "1b"}


def test_the_example_key_is_ignored(tiny):
    state = load_state(tiny(TINY_STATE + "example: {question: distance, args: {from: 1a, to: 3a}}\n"))
    assert state.round == 2


def test_figures_the_setup_placed_stay(tiny, monkeypatch):
    from tests.test_state_support import TinyScenario

    def setup(self, state, rng):
        from solver.game import Figure
        from solver.health import Health

        state.figures["Unbound"] = Figure("Unbound", "monster", "3a", Health(10))

    monkeypatch.setattr(TinyScenario, "setup", setup)
    state = load_state(tiny())
    assert state.figures["Unbound"].space == "3a"
    assert "Unbound" not in str(dump_state(state))  # the scenario writes its own figures (write_state)


# --- bad inputs: each gives one InputError naming file, entry, what is wrong and the rule ---------------------------
def _set(path, value):
    def change(d):
        *keys, last = path
        for k in keys:
            d = d[k]
        d[last] = value
    return change


def _del(path):
    def change(d):
        *keys, last = path
        for k in keys:
            d = d[k]
        del d[last]
    return change


LISBETH = ("investigators", "Lisbeth Gibson")
BAD = [
    ("unknown scenario", _set(("scenario",), "fathoms-light"), ["scenario:", "unknown scenario 'fathoms-light'",
                                                                "fathoms-dark"]),
    ("no scenario", _del(("scenario",)), ["scenario: missing (required)"]),
    ("scenario not text", _set(("scenario",), ["tiny"]), ["scenario: must be text, not a list"]),
    ("unknown key", _set(("rounds",), 3), ["unknown key 'rounds'"]),
    ("another scenario's section", _set(("fevered-dreams",), {}),
     ["fevered-dreams: this is the section of the scenario 'fevered-dreams', but the file is for 'tiny'"]),
    ("unknown investigator", _set(("investigators", "Lisbeth Gibsen"), {"space": "1a"}),
     ["investigators.Lisbeth Gibsen: unknown investigator 'Lisbeth Gibsen'"]),
    ("investigator without space", _del(LISBETH + ("space",)),
     ["investigators.Lisbeth Gibson.space: missing (required)"]),
    ("investigator on a missing space", _set(LISBETH + ("space",), "9z"),
     ["investigators.Lisbeth Gibson.space: no space '9z' on the board 'Tiny'"]),
    ("investigator space not text", _set(LISBETH + ("space",), None),
     ["investigators.Lisbeth Gibson.space: must be text, not empty"]),
    ("more wounds than health", _set(LISBETH + ("wounds",), 8),
     ["investigators.Lisbeth Gibson.wounds: 8 wounds is more than the figure's health, 7"]),
    ("negative wounds", _set(LISBETH + ("wounds",), -1), ["wounds: -1 is below the least allowed, 0"]),
    ("wounds as text", _set(LISBETH + ("wounds",), "one"), ["wounds: must be a whole number, not text 'one'"]),
    ("wounds and health +1 tokens", _set(LISBETH + ("health_plus_tokens",), 1),
     ["investigators.Lisbeth Gibson:", "[health.tokens-absorb-wounds]"]),
    ("a card without public health", _del(("investigators", "Emma Kruger", "health")),
     ["investigators.Emma Kruger.health:", "not public"]),
    ("health of 0", _set(("investigators", "Emma Kruger", "health"), 0), ["health: 0 is below the least allowed, 1"]),
    ("unknown token", _set(LISBETH + ("tokens",), {"sloww": 1}),
     ["tokens.sloww: unknown token 'sloww'; known: slow, weakened, paralyzed"]),
    ("negative token count", _set(LISBETH + ("tokens",), {"slow": -1}), ["tokens.slow: -1 is below"]),
    ("unknown investigator key", _set(LISBETH + ("spcae",), "1a"),
     ["investigators.Lisbeth Gibson: unknown key 'spcae'"]),
    ("killed not true or false", _set(LISBETH + ("killed",), "yes please"), ["killed: must be true or false"]),
    ("investigators as a list", _set(("investigators",), ["Lisbeth Gibson"]),
     ["investigators: must be a mapping (key: value), not a list"]),
    ("round as text", _set(("round",), "two"), ["round: must be a whole number, not text 'two'"]),
    ("round 0", _set(("round",), 0), ["round: 0 is below the least allowed, 1"]),
    ("devour marker past the track", _set(("devour_marker",), 5),
     ["devour_marker: the devouring track has spaces 1 to 4", "[outcome.loss-devouring-track]"]),
    ("devour marker before the track", _set(("devour_marker",), 0), ["devour_marker:", "spaces 1 to 4"]),
    ("a card in both decks", _set(("room_deck",), [1, 2]),
     ["room_deck[1]: the card of room 2 is in both the room deck and the devoured deck", "[board.room-cards]"]),
    ("a card twice", _set(("devoured_deck",), [2, 3, 2]),
     ["devoured_deck[2]: room 2 is in the devoured deck twice [board.room-cards]"]),
    ("a card of a room not on the board", _set(("devoured_deck",), [2, 9]),
     ["devoured_deck[1]: no room 9 on the board 'Tiny' (its rooms: 1, 2, 3, 4)"]),
    ("a devoured room in the room deck", _set(("devoured_rooms",), [2, 3, 4]),
     ["room_deck[1]: room 4 is devoured, so its card can't be in the room deck [board.room-cards]"]),
    ("a devoured card of a room not devoured", _set(("devoured_rooms",), [2]),
     ["devoured_deck[1]: the card of room 3 is in the devoured deck, but room 3 is not among the devoured rooms"]),
    ("a deck that is not a list", _set(("room_deck",), 1), ["room_deck: must be a list, not the number 1"]),
    ("unknown monster type", _set(("monsters", 0, "type"), "Hsuk"),
     ["monsters[0].type: unknown monster type 'Hsuk'; known: Husk, Mind Eater"]),
    ("monster without space", _del(("monsters", 1, "space")), ["monsters[1].space: missing (required)"]),
    ("monster on a missing space", _set(("monsters", 1, "space"), "3z"), ["monsters[1].space: no space '3z'"]),
    ("monster card without public health", _del(("monsters", 2, "health")), ["monsters[2].health:", "not public"]),
    ("monster with too many wounds", _set(("monsters", 1, "wounds"), 5),
     ["monsters[1].wounds: 5 wounds is more than the figure's health, 4"]),
    ("monsters as a mapping", _set(("monsters",), {"type": "Husk"}), ["monsters: must be a list, not a mapping"]),
    ("unknown monster key", _set(("monsters", 0, "room"), 2), ["monsters[0]: unknown key 'room'"]),
    ("monster ID of another type", _set(("monsters", 0, "id"), "Parasite#1"),
     ["monsters[0].id: a Husk's ID is Husk#N"]),
    ("two monsters with one ID", lambda d: [m.__setitem__("id", "Husk#1") for m in d["monsters"][:2]],
     ["monsters[1].id: two monsters have the ID 'Husk#1'"]),
    ("negative reserve", _set(("reserve", "Husk"), -1), ["reserve.Husk: -1 is below the least allowed, 0"]),
    ("unknown reserve type", _set(("reserve", "Gnome"), 1), ["reserve.Gnome: unknown monster type 'Gnome'"]),
    ("more figures than the box holds", _set(("reserve", "Parasite"), 12),
     ["reserve: Parasite figures: 1 on the board and 12 in the reserve, but the box holds only 12"]),
    ("unknown option", _set(("options",), {"sight.modle": "same-room"}),
     ["options.sight.modle: no assumption or interpretation option named 'sight.modle'"]),
    ("unknown setting", _set(("options",), {"sight.model": "x-ray"}),
     ["options.sight.model: option 'sight.model' has no setting 'x-ray'; its settings: connected-path, same-room"]),
    ("options as a list", _set(("options",), ["sight.model"]), ["options: must be a mapping"]),
    ("actions left where no one counts them", _set(("activation",), {"investigator": "Emma Kruger",
                                                                      "actions_left": 2}),
     ["activation.actions_left: ", "doesn't count the actions an activation has left"]),
    ("activation track with a stranger", _set(("activation_track",), ["Sophie Brigman", "Emma Kruger"]),
     ["activation_track[0]: 'Sophie Brigman' is not among the investigators of this file"]),
    ("activation track missing one", _set(("activation_track",), ["Emma Kruger"]),
     ["activation_track: every investigator has a place on the activation track; missing: Lisbeth Gibson"]),
    ("activation track twice", _set(("activation_track",), ["Emma Kruger", "Emma Kruger", "Lisbeth Gibson"]),
     ["activation_track[1]: 'Emma Kruger' is on the activation track twice"]),
    ("missing board file", _set(("board",), "nope.yaml"), ["board: no board file 'nope.yaml'"]),
    ("board file is not YAML", _set(("board",), "."), ["board: a board file is a YAML file"]),
    ("board file by an absolute path", _set(("board",), "/etc/shadow"), ["board: a board file is named by its path "
                                                                         "inside the state file's folder"]),
    ("board file outside the folder", _set(("board",), "../secret.yaml"), ["no absolute path, no '..'"]),
    ("board file empty", _set(("board",), ""), ["board: empty"]),
    ("scenario section: bad space", _set(("tiny",), {"mist": ["9z"]}), ["tiny.mist[0]: no space '9z'"]),
    ("scenario section: unknown key", _set(("tiny",), {"fog": []}), ["tiny: unknown key 'fog'; allowed here: mist"]),
]


@pytest.mark.parametrize("name, change, fragments", BAD, ids=[b[0] for b in BAD])
def test_a_bad_state_file_gives_one_clear_message(tiny, name, change, fragments):
    data = copy.deepcopy(BASE)
    change(data)
    path = tiny(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    with pytest.raises(InputError) as err:
        load_state(path)
    message = str(err.value)
    assert message.startswith(str(path) + ": ")
    for fragment in fragments:
        assert fragment in message
    assert "Traceback" not in message


RAW_BAD = [
    ("empty file", "", ["the file is empty"]),
    ("only comments", "# a position, some day\n", ["the file is empty"]),
    ("a list", "- scenario: tiny\n", ["a state file must be a mapping"]),
    ("text", "just some words\n", ["a state file must be a mapping"]),
    ("malformed YAML", "scenario: [tiny\n", ["not valid YAML", "line "]),
    ("tab indentation", "scenario: tiny\ninvestigators:\n\tLisbeth Gibson: {space: 1a}\n", ["not valid YAML"]),
    ("a duplicate investigator", TINY_STATE.replace("  Emma Kruger:", "  Lisbeth Gibson:"),
     ["line 10", "duplicate key 'Lisbeth Gibson' (first written on line 9)"]),
    ("an unsafe tag", "scenario: !!python/object/apply:os.system [echo hi]\n", ["line 1", "is not allowed here"]),
]


@pytest.mark.parametrize("name, text, fragments", RAW_BAD, ids=[b[0] for b in RAW_BAD])
def test_a_file_that_is_not_a_state_gives_one_clear_message(tiny, name, text, fragments):
    path = tiny(text)
    with pytest.raises(InputError) as err:
        load_state(path)
    assert str(err.value).startswith(str(path) + ": ")
    for fragment in fragments:
        assert fragment in str(err.value)


def test_a_missing_file_a_directory_and_bad_bytes(tiny, tmp_path):
    with pytest.raises(InputError, match="no such file"):
        load_state(tmp_path / "nowhere.yaml")
    with pytest.raises(InputError, match="is a directory"):
        load_state(tmp_path)
    (tmp_path / "latin1.yaml").write_bytes("scenario: tiny\n# caf\xe9\n".encode("latin-1"))
    with pytest.raises(InputError, match="not UTF-8"):
        load_state(tmp_path / "latin1.yaml")


def test_a_bad_board_file_names_the_board_file(tiny, tmp_path):
    (tmp_path / "bad-board.yaml").write_text(TINY_BOARD.replace("1a: [spawn, start]", "1a: [start]"))
    with pytest.raises(InputError) as err:
        load_state(tiny(TINY_STATE.replace("board.yaml", "bad-board.yaml")))
    assert "bad-board.yaml: rooms.1: room 1 must have exactly one spawn space, not 0 [board.one-spawn-space]" \
        in str(err.value)


# --- writing: dump_state reads back into the same state -------------------------------------------------------------
def test_dump_round_trips(tiny):
    path = tiny(TINY_STATE + "options: {sight.model: same-room}\ntiny: {mist: [2c]}\n")
    state = load_state(path)
    data = dump_state(state, path.parent)  # the players' board by its path from the state file's folder
    assert data["board"] == "board.yaml"
    assert data["options"] == {"sight.model": "same-room"} and data["tiny"] == {"mist": ["2c"]}
    assert data["devour_marker"] == 2 and data["activation_track"] == ["Emma Kruger", "Lisbeth Gibson"]
    again = state_from_data(copy.deepcopy(data), "dumped", base_dir=path.parent)
    assert dump_state(again, path.parent) == data
    assert again.mist == {"2c"}
    assert {f.id: (f.space, f.health, f.tokens) for f in again.figures.values()} == \
        {f.id: (f.space, f.health, f.tokens) for f in state.figures.values()}


def test_dump_keeps_monster_ids_that_are_not_numbered_in_order(tiny):
    path = tiny()
    state = load_state(path)
    del state.figures["Husk#1"]  # killed and removed: Husk#2 keeps its ID
    state.figures["Lisbeth Gibson"].killed = True
    data = dump_state(state, path.parent)
    assert [m.get("id") for m in data["monsters"]] == ["Husk#2", None]
    again = state_from_data(copy.deepcopy(data), "dumped", base_dir=path.parent)
    assert "Husk#2" in again.figures and "Husk#1" not in again.figures
    assert again.figures["Lisbeth Gibson"].killed
    assert dump_state(again, path.parent) == data


def test_dumped_data_is_plain_yaml(tiny):
    path = tiny()
    data = dump_state(load_state(path), path.parent)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    assert dump_state(state_from_data(yaml.safe_load(text), "text", base_dir=path.parent), path.parent) == data


# --- fuzzing: any legal position written by dump_state reads back the same -----------------------------------------
_SPACES = ["1a", "1b", "1c", "2a", "2b", "2c", "3a", "4a", "4b", "4c"]
_NAMES = ["Lisbeth Gibson", "Franklyn Christie", "Sophie Brigman", "Isaiah Wiesenthal", "Christopher Dalton"]


@st.composite
def positions(draw):
    from solver.investigators import INVESTIGATORS

    names = draw(st.lists(st.sampled_from(_NAMES), unique=True, max_size=5))
    investigators = {}
    for n in names:
        wounds = draw(st.integers(0, INVESTIGATORS[n].health))
        inv = {"space": draw(st.sampled_from(_SPACES)), "wounds": wounds}
        if not wounds:
            inv["health_plus_tokens"] = draw(st.integers(0, 3))
        inv["tokens"] = draw(st.dictionaries(st.sampled_from(["slow", "weakened", "paralyzed"]), st.integers(0, 2)))
        investigators[n] = inv
    monsters = []
    for kind in draw(st.lists(st.sampled_from(["Husk", "Mind Eater", "Parasite"]), max_size=6)):
        m = {"type": kind, "space": draw(st.sampled_from(_SPACES))}
        if kind == "Parasite":
            m["health"] = draw(st.integers(1, 3))
        monsters.append(m)
    rooms = draw(st.permutations([1, 2, 3, 4]))
    cut = draw(st.integers(0, 4))
    return {
        "scenario": "tiny", "round": draw(st.integers(1, 9)), "devour_marker": draw(st.integers(1, 4)),
        "devoured_deck": list(rooms[:cut]), "room_deck": list(rooms[cut:]),
        "reserve": draw(st.dictionaries(st.sampled_from(["Husk", "Mind Eater"]), st.integers(0, 6))),
        "investigators": investigators,
        "activation_track": draw(st.permutations(names)),
        "monsters": monsters,
        "options": draw(st.fixed_dictionaries({}, optional={
            "sight.model": st.sampled_from(["connected-path", "same-room"]),
            "hatch.blocks-sight": st.sampled_from(["none", "locked-and-sealed"])})),
        "tiny": {"mist": draw(st.lists(st.sampled_from(_SPACES), unique=True, max_size=3))},
    }


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=positions())
def test_any_position_round_trips(tiny, data):
    folder = Path(tiny()).parent
    data = {**data, "board": "board.yaml"}
    state = state_from_data(copy.deepcopy(data), "fuzz", base_dir=folder)
    dumped = dump_state(state, folder)
    again = state_from_data(copy.deepcopy(dumped), "dumped", base_dir=folder)
    assert dump_state(again, folder) == dumped
    assert again.devoured_deck == data["devoured_deck"] and again.room_deck == data["room_deck"]
    assert again.activation_track == list(data["activation_track"])
    assert sorted((f.id, f.space, f.health.current) for f in again.figures.values()) == \
        sorted((f.id, f.space, f.health.current) for f in state.figures.values())


# --- the documentation's examples load ----------------------------------------------------------------------------------
def _doc_blocks():
    import re

    from solver.spec import ROOT

    text = (ROOT / "rules_docs" / "state-files.md").read_text(encoding="utf-8")
    return [yaml.safe_load(b) for b in re.findall(r"```yaml\n(.*?)```", text, flags=re.S)]


def test_the_documented_state_files_load():
    states = [b for b in _doc_blocks() if "scenario" in b]
    assert len(states) >= 2
    for data in states:
        state = state_from_data(data, "state-files.md")
        assert state.outcome() is None
    full = state_from_data(states[-1], "state-files.md")
    assert full.options["hatch.blocks-movement"] == "closed-locked-sealed"
    assert sorted(f.id for f in full.figures.values() if f.kind == "monster") == ["Grudge#1", "Husk#1", "Husk#2"]


def test_the_documented_board_file_loads():
    from solver.boardfile import board_from_data

    boards = [b for b in _doc_blocks() if "rooms" in b]
    assert len(boards) == 1
    board = board_from_data(boards[0], "state-files.md")
    assert board.hatch_between("12b", "13a") == "locked"
    assert board.rooms[12].spawn_space == "12a" and board.objective_points == {"star": "5b"}


# --- the State files page lists every scenario's own keys, generated from its section ---------------------------------
def test_every_scenario_documents_its_own_keys():
    from solver.scenarios import SCENARIOS, scenario_class
    from solver.state import section_format

    for name in SCENARIOS:
        keys = [k for k, _ in section_format(scenario_class(name)).keys]
        assert keys and len(keys) == len(set(keys)), f"{name}: its ScenarioSection.keys"
        assert all(what.strip() for _, what in section_format(scenario_class(name)).keys)
    page = (ROOT / "rules_docs" / "state-files.md").read_text(encoding="utf-8")
    assert "```{dm-statefile-keys}" in page  # generated from those keys (rules_docs/_ext/dm_rulebook/statefile_keys.py)


def test_every_key_a_section_writes_is_documented():
    """What a section writes back (dump_state) is among the keys it documents: the page can't miss one."""
    import random

    from solver.scenarios import SCENARIOS, scenario_class
    from solver.state import section_format
    from tests.playout import NAMES, random_chooser

    for name in SCENARIOS:
        documented = {k for k, _ in section_format(scenario_class(name)).keys}
        rng = random.Random(0)
        started = scenario_class(name).with_shipped_board().new_game(NAMES[:3], rng, random_chooser(rng, []))
        own = dump_state(started).get(name, {})
        assert set(own) <= documented, f"{name} writes keys it doesn't document: {sorted(set(own) - documented)}"
