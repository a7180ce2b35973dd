"""solver.values: Value and Record behave as the dataclasses they replace (frozen and mutable), field for field —
checked against real dataclasses declared the same way."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import dataclass

import pytest

from solver.values import Record, Value, field


class Spot(Value):
    """A frozen value."""

    id: str
    room: int
    tags: frozenset[str] = frozenset()
    note: str | None = None


@dataclass(frozen=True)
class SpotDC:
    id: str
    room: int
    tags: frozenset[str] = frozenset()
    note: str | None = None


class Bag(Record):
    """A mutable record with factories and a field left out of comparisons and of repr."""

    name: str
    items: list[int] = field(default_factory=list)
    cache: dict = field(default_factory=dict, repr=False, compare=False)


@dataclass
class BagDC:
    name: str
    items: list[int] = dataclasses.field(default_factory=list)
    cache: dict = dataclasses.field(default_factory=dict, repr=False, compare=False)


class BigBag(Bag):
    """A subclass: the base's fields first, then its own."""

    extra: int = 0


class Checked(Value):
    """A value whose __post_init__ checks it."""

    n: int

    def __post_init__(self) -> None:
        if self.n < 0:
            raise ValueError("negative")


class Same(Value, eq=False):
    """Identity for equality and hash (``@dataclass(frozen=True, eq=False)``)."""

    name: str
    cache: dict = field(default_factory=dict, repr=False)


def _repr_as_dataclass(obj, twin_name: str) -> str:
    return repr(obj).replace(type(obj).__qualname__, twin_name, 1)


@pytest.mark.parametrize("args, kwargs", [(("5a", 5), {}), (("5a", 5, frozenset({"spawn"})), {"note": "x"}),
                                          (("5a",), {"room": 5, "note": None}), ((), {"id": "5a", "room": 7})])
def test_value_equals_hashes_and_shows_as_the_frozen_dataclass(args, kwargs):
    v, d = Spot(*args, **kwargs), SpotDC(*args, **kwargs)
    assert _repr_as_dataclass(v, "SpotDC") == repr(d)
    assert hash(v) == hash(d)
    assert v == Spot(*args, **kwargs) and not v != Spot(*args, **kwargs)
    assert v != Spot("other", 1) and v != d  # another class is never equal
    assert list(vars(v)) == list(vars(d))  # the same attributes, in field order


def test_value_is_immutable_like_a_frozen_dataclass():
    v = Spot("5a", 5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.room = 6
    with pytest.raises(dataclasses.FrozenInstanceError):
        del v.room
    assert v.room == 5


@pytest.mark.parametrize("call", [lambda c: c(), lambda c: c("5a"), lambda c: c("5a", 5, frozenset(), None, 1),
                                  lambda c: c("5a", 5, id="x"), lambda c: c("5a", 5, colour="red")])
def test_bad_arguments_are_refused_as_a_dataclass_refuses_them(call):
    with pytest.raises(TypeError):
        call(SpotDC)
    with pytest.raises(TypeError):
        call(Spot)


def test_record_is_mutable_unhashable_and_compares_its_compared_fields():
    r, d = Bag("b"), BagDC("b")
    r.items.append(1)
    d.items.append(1)
    assert _repr_as_dataclass(r, "BagDC") == repr(d) == "BagDC(name='b', items=[1])"
    assert Bag("b").items is not Bag("b").items  # a factory runs for each object
    assert Bag("b", [1], {"x": 1}) == Bag("b", [1])  # compare=False
    r.name = "c"
    assert r.name == "c"
    with pytest.raises(TypeError):
        hash(r)
    assert BagDC.__hash__ is None and Bag.__hash__ is None


def test_subclass_fields_follow_the_base_fields():
    b = BigBag("n", [2], extra=3)
    assert [f.name for f in dataclasses.fields(b)] == ["name", "items", "cache", "extra"]
    assert repr(b) == "BigBag(name='n', items=[2], extra=3)"
    assert b != Bag("n", [2])


def test_post_init_runs_after_the_fields_are_set():
    assert Checked(1).n == 1
    with pytest.raises(ValueError):
        Checked(-1)


def test_identity_values_keep_object_equality_and_hash():
    a, b = Same("x"), Same("x")
    assert a != b and a == a and hash(a) == object.__hash__(a)
    assert {a: 1}[a] == 1


def test_dataclasses_helpers_work_on_values_and_records():
    v = Spot("5a", 5, note="n")
    assert dataclasses.is_dataclass(v) and dataclasses.is_dataclass(Spot)
    assert [f.name for f in dataclasses.fields(Spot)] == ["id", "room", "tags", "note"]
    assert dataclasses.replace(v, room=6) == Spot("5a", 6, note="n")
    assert dataclasses.asdict(v) == {"id": "5a", "room": 5, "tags": frozenset(), "note": "n"}
    assert dataclasses.astuple(Bag("b", [1])) == ("b", [1], {})
    assert str(inspect.signature(Spot)) == str(inspect.signature(SpotDC))
    assert str(inspect.signature(Bag)) == str(inspect.signature(BagDC))


def test_a_dataclass_may_extend_a_record():
    @dataclass
    class Extended(Bag):
        flag: bool = False
        more: set = dataclasses.field(default_factory=set)

    e = Extended("e", flag=True)
    assert (e.name, e.items, e.flag, e.more) == ("e", [], True, set())
    assert [f.name for f in dataclasses.fields(e)] == ["name", "items", "cache", "flag", "more"]
    assert e == Extended("e", flag=True)


@pytest.mark.parametrize("obj", [Spot("5a", 5, frozenset({"spawn"})), Bag("b", [1, 2]), BigBag("x", extra=2)])
def test_copies_and_pickles_are_equal(obj):
    for dup in (copy.copy(obj), copy.deepcopy(obj), pickle.loads(pickle.dumps(obj))):
        assert dup == obj and type(dup) is type(obj)


def test_a_recursive_record_shows_dots():
    r = Bag("loop")
    r.items.append(r)
    assert repr(r) == "Bag(name='loop', items=[...])"


def test_declaration_errors_match_dataclasses():
    with pytest.raises(ValueError):
        class Bad(Record):  # noqa: F841
            items: list = []
    with pytest.raises(TypeError):
        class Order(Value):  # noqa: F841
            a: int = 0
            b: int
    with pytest.raises(ValueError):
        field(default=1, default_factory=int)


def test_replace_is_dataclasses_replace():
    from solver.values import replace

    v = Spot("5a", 5, note="n")
    assert replace(v, room=6) == dataclasses.replace(v, room=6) == Spot("5a", 6, note="n")
    assert replace(Bag("b", [1]), name="c") == Bag("c", [1])
    with pytest.raises(TypeError):
        replace(v, colour="red")
