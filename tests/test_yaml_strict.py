"""The strict YAML reader (solver.yamlio): YAML 1.2's plain scalars only, no hidden octal or merge, bounded aliases
and nesting, every failure one InputError naming the file — and a hostile file refused fast (issue 13)."""

from __future__ import annotations

import time

import pytest

from solver.errors import InputError
from solver.yamlio import MAX_DEPTH, MAX_NODES, load_yaml_text, printable


@pytest.mark.parametrize("text, expected", [
    ("a: 1", {"a": 1}),
    ("a: -3", {"a": -3}),
    ("a: 2.5", {"a": 2.5}),
    ("a: true", {"a": True}),
    ("a: null", {"a": None}),
    ("a: yes", {"a": "yes"}),  # YAML 1.1's yes/no/on/off are text
    ("a: 0x1b", {"a": "0x1b"}),  # no hexadecimal numbers
    ("a: 12:30", {"a": "12:30"}),  # no sexagesimal numbers
    ("a: '027'", {"a": "027"}),  # quoted, it is text
    ("a: !!str 3", {"a": "3"}),
    ("a: 0", {"a": 0}),
])
def test_plain_scalars_read_as_yaml_1_2(text, expected):
    assert load_yaml_text(text, "f.yaml") == expected


@pytest.mark.parametrize("text, words", [
    ("deck: [027, 05]", "leading zero"),  # YAML 1.1 would silently read room 23
    ("round: 1" + "0" * 5000, "too long"),
    ("round: !!int 'abc'", "not a whole number"),
    ("d: !!timestamp '2001-13-45'", "tag"),
    ("a: !!bool maybe", "not true or false"),
    ("a: !!python/object/apply:os.system ['true']", "tag"),
    ("a: 1\na: 2", "duplicate key"),
    ("s: " + "[" * 999 + "]" * 999, f"more than {MAX_DEPTH} levels"),
    ("s: " + "[" * 5000 + "]" * 5000, "nest"),
])
def test_surprises_and_bad_tags_are_one_clear_refusal(text, words):
    with pytest.raises(InputError) as info:
        load_yaml_text(text, "f.yaml")
    message = str(info.value)
    assert message.startswith("f.yaml")
    assert words in message
    assert len(message) < 300


def test_a_merge_key_is_not_applied():
    # '<<' is read as a plain key, which a state file refuses as unknown: it can't silently override an entry
    data = load_yaml_text("i: {<<: {L: 1}, L: 2}", "f.yaml")
    assert data == {"i": {"<<": {"L": 1}, "L": 2}}


def test_billion_laughs_is_refused_at_once():
    lines = ["a: &a [1,1,1,1,1,1,1,1,1]"]
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    start = time.process_time()
    with pytest.raises(InputError, match=f"more than {MAX_NODES} values"):
        load_yaml_text("\n".join(lines), "laughs.yaml")
    assert time.process_time() - start < 2  # a few hundred bytes never cost seconds (the old reader: minutes, GBs)


def test_an_alias_cycle_is_refused():
    with pytest.raises(InputError):
        load_yaml_text("a: &x [1, *x]", "f.yaml")


def test_a_huge_flat_list_is_refused_before_parsing():
    text = "[" + ",".join(["1"] * (MAX_NODES + 10)) + "]"
    start = time.process_time()
    with pytest.raises(InputError, match="too big"):
        load_yaml_text(text, "big.yaml")
    assert time.process_time() - start < 1


def test_printable_escapes_terminal_control_and_caps_length():
    assert printable("Lisbeth\x1b[2J\nRules: none") == "Lisbeth\\x1b[2J\\nRules: none"
    assert printable("a\u202eb") == "a\\u202eb"
    assert printable("x" * 100, 10) == "x" * 10 + "…"
