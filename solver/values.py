"""Value and record classes: what ``@dataclass`` gives this package, without its cost when a command starts.

A command line is a short process, and on Python 3.11 every ``@dataclass`` costs about a millisecond at import (it
compiles its methods from source), plus the import of :mod:`dataclasses` itself (which brings :mod:`inspect`): some
forty milliseconds for a command, a third of its run. These base classes give the same behaviour from methods
written once, here:

* :class:`Value` — a small frozen value (``@dataclass(frozen=True)``): equal when its fields are equal, hashable
  (``eq=False`` keeps identity instead), immutable (assigning raises :class:`dataclasses.FrozenInstanceError`);
* :class:`Record` — a mutable record (``@dataclass``): equal when its fields are equal, unhashable.

Fields are the class's annotations (``ClassVar`` ones aside) in order, a base class's first; a default is a class
attribute or :func:`field` (``default=``, ``default_factory=``, ``repr=``, ``compare=``). ``__init__`` takes them
positionally or by name and then calls ``__post_init__`` if the class has one; ``__repr__``, ``__eq__`` and
``__hash__`` are the dataclass ones (the hash of the tuple of the compared fields). A method the class defines
itself wins, as with ``@dataclass``. The classes are dataclasses to :mod:`dataclasses` too — ``fields``,
``replace``, ``asdict``, ``astuple``, ``is_dataclass`` — and :func:`inspect.signature` shows their fields: both are
made on first use, so a command that never asks pays nothing.

>>> class Point(Value):
...     '''A point.'''
...     x: int
...     y: int = 0
...     tags: list = field(default_factory=list, compare=False)
>>> p = Point(1, y=2)
>>> p, p == Point(1, 2, ["other"]), hash(p) == hash((1, 2))
(Point(x=1, y=2, tags=[]), True, True)
>>> import dataclasses
>>> dataclasses.replace(p, y=5), [f.name for f in dataclasses.fields(p)]
(Point(x=1, y=5, tags=[]), ['x', 'y', 'tags'])
>>> replace(p, x=4)
Point(x=4, y=2, tags=[])
>>> p.x = 3
Traceback (most recent call last):
dataclasses.FrozenInstanceError: cannot assign to field 'x'
"""

from __future__ import annotations

import sys
from _thread import get_ident as _thread_id  # threading's own, without importing threading
from operator import attrgetter

__all__ = ["Value", "Record", "field", "replace"]

_MISSING = object()
_ITEMS = "_value_fields"  # a class's own table of fields (a _Fields)


class _Spec:
    """What :func:`field` says of one field."""

    __slots__ = ("default", "factory", "repr", "compare")

    def __init__(self, default, factory, repr, compare):
        self.default, self.factory, self.repr, self.compare = default, factory, repr, compare


def replace(obj, /, **changes):
    """A copy of ``obj`` with ``changes`` (:func:`dataclasses.replace`, without importing :mod:`dataclasses`)."""
    items = type(obj)._value_fields
    for name in items.names:
        if name not in changes:
            changes[name] = getattr(obj, name)
    return type(obj)(**changes)


def field(*, default=_MISSING, default_factory=_MISSING, repr: bool = True, compare: bool = True):
    """A field's default (``default``, or ``default_factory()`` for each new object), and whether ``__repr__``
    shows it and ``__eq__``/``__hash__`` use it — :func:`dataclasses.field`'s arguments this package uses."""
    if default is not _MISSING and default_factory is not _MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return _Spec(default, default_factory, repr, compare)


class _Fields:
    """A class's fields, worked out once when the class is made."""

    __slots__ = ("names", "types", "specs", "defaults", "factories", "shown", "key", "post_init", "frozen", "eq",
                 "size")

    def __init__(self, names, types, specs, frozen, eq, post_init):
        self.names = tuple(names)
        self.size = len(self.names)
        self.types = types
        self.specs = specs
        self.defaults = {n: s.default for n, s in specs.items() if s.default is not _MISSING}
        self.factories = {n: s.factory for n, s in specs.items() if s.factory is not _MISSING}
        self.shown = tuple(n for n in self.names if specs[n].repr)
        compared = tuple(n for n in self.names if specs[n].compare)
        if len(compared) > 1:
            self.key = attrgetter(*compared)
        elif compared:
            one = attrgetter(compared[0])
            self.key = lambda obj: (one(obj),)
        else:
            self.key = lambda obj: ()
        self.frozen, self.eq, self.post_init = frozen, eq, post_init


def _is_classvar(annotation) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _make_fields(cls, frozen: bool, eq: bool) -> _Fields:
    specs: dict = {}
    types: dict = {}
    for base in cls.__mro__[-1:0:-1]:  # the bases' fields first, as dataclasses collects them
        inherited = base.__dict__.get(_ITEMS)
        if inherited is not None:
            specs.update(inherited.specs)
            types.update(inherited.types)
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        if _is_classvar(annotation):
            continue
        value = cls.__dict__.get(name, _MISSING)
        if isinstance(value, _Spec):  # field(): the class attribute becomes the default, if any, as with @dataclass
            spec = value
            if spec.default is _MISSING:
                type.__delattr__(cls, name)
            else:
                type.__setattr__(cls, name, spec.default)
        elif type(value).__name__ == "Field" and type(value).__module__ == "dataclasses":
            # dataclasses.field() in a subclass that @dataclass makes next: left for it to read
            missing = sys.modules["dataclasses"].MISSING
            spec = _Spec(_MISSING if value.default is missing else value.default,
                         _MISSING if value.default_factory is missing else value.default_factory, value.repr,
                         value.compare)
        else:
            spec = _Spec(value, _MISSING, True, True)
        if spec.default is not _MISSING and spec.default.__class__.__hash__ is None:
            raise ValueError(f"mutable default {type(spec.default)} for field {name} is not allowed: use "
                             f"default_factory")
        specs[name] = spec
        types[name] = annotation
    names = list(specs)
    seen_default = None
    for name in names:
        has = specs[name].default is not _MISSING or specs[name].factory is not _MISSING
        if has:
            seen_default = name
        elif seen_default is not None:
            raise TypeError(f"non-default argument {name!r} follows default argument")
    return _Fields(names, types, specs, frozen, eq, getattr(cls, "__post_init__", None))


class _Lazy:
    """A class attribute made on first use (``__dataclass_fields__``, ``__signature__``), then kept in the class."""

    def __init__(self, make, name):
        self.make, self.name = make, name

    def __get__(self, obj, cls):
        value = self.make(cls)
        type.__setattr__(cls, self.name, value)
        return value


def _twin(cls):
    """A real dataclass with the same fields as ``cls``, made once for what :mod:`dataclasses` reads of ``cls``."""
    twin = cls.__dict__.get("_dataclass_twin")
    if twin is not None:
        return twin
    import dataclasses

    items = cls.__dict__[_ITEMS]
    made = []
    for name in items.names:
        spec = items.specs[name]
        kw = {}
        if spec.default is not _MISSING:
            kw["default"] = spec.default
        if spec.factory is not _MISSING:
            kw["default_factory"] = spec.factory
        made.append((name, items.types[name], dataclasses.field(repr=spec.repr, compare=spec.compare, **kw)))
    twin = dataclasses.make_dataclass(cls.__name__, made, frozen=items.frozen, eq=items.eq)
    type.__setattr__(cls, "_dataclass_twin", twin)
    return twin


def _dataclass_fields(cls) -> dict:
    """The :class:`dataclasses.Field` objects of ``cls`` (what :func:`dataclasses.fields` reads)."""
    return dict(_twin(cls).__dataclass_fields__)


def _dataclass_params(cls):
    """The dataclass parameters of ``cls`` (frozen, eq …: what ``@dataclass`` reads of a base class)."""
    return _twin(cls).__dataclass_params__


class _Factory:
    def __repr__(self) -> str:
        return "<factory>"


def _signature(cls):
    """What :func:`inspect.signature` shows for ``cls``: its fields as parameters, as for a dataclass."""
    import inspect

    items = cls.__dict__[_ITEMS]
    params = []
    for name in items.names:
        if name in items.defaults:
            default = items.defaults[name]
        elif name in items.factories:
            default = _Factory()
        else:
            default = inspect.Parameter.empty
        params.append(inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=default,
                                        annotation=items.types[name]))
    return inspect.Signature(params, return_annotation=None)


_REPRS: set = set()  # (object id, thread id) being shown: a record that holds itself shows "..."


class _Base:
    __slots__ = ()
    _frozen = False

    def __init_subclass__(cls, eq: bool = True, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        items = _make_fields(cls, cls._frozen, eq)
        type.__setattr__(cls, _ITEMS, items)
        type.__setattr__(cls, "__match_args__", items.names)
        type.__setattr__(cls, "__dataclass_fields__", _Lazy(_dataclass_fields, "__dataclass_fields__"))
        type.__setattr__(cls, "__dataclass_params__", _Lazy(_dataclass_params, "__dataclass_params__"))
        type.__setattr__(cls, "__signature__", _Lazy(_signature, "__signature__"))
        own = cls.__dict__
        if not eq:
            if "__eq__" not in own:
                type.__setattr__(cls, "__eq__", object.__eq__)
            if "__hash__" not in own:
                type.__setattr__(cls, "__hash__", object.__hash__)
        elif "__eq__" in own and own.get("__hash__", _MISSING) is None:  # Python set __hash__ = None: redo
            type.__setattr__(cls, "__hash__", _Base.__dict__["_field_hash"] if cls._frozen else None)
        elif "__eq__" not in own and "__hash__" not in own:
            type.__setattr__(cls, "__hash__", _Base.__dict__["_field_hash"] if cls._frozen else None)

    def __init__(self, *args, **kwargs) -> None:
        items = type(self)._value_fields
        d = self.__dict__
        n = len(args)
        if n == items.size and not kwargs:
            d.update(zip(items.names, args))
        else:
            if n > items.size:
                raise TypeError(f"{type(self).__qualname__}() takes {items.size} positional arguments but {n} were "
                                f"given")
            d.update(zip(items.names, args))
            if kwargs:
                for name in items.names[:n]:
                    if name in kwargs:
                        raise TypeError(f"{type(self).__qualname__}() got multiple values for argument {name!r}")
            for name in items.names[n:]:
                if name in kwargs:
                    d[name] = kwargs.pop(name)
                elif name in items.defaults:
                    d[name] = items.defaults[name]
                elif name in items.factories:
                    d[name] = items.factories[name]()
                else:
                    raise TypeError(f"{type(self).__qualname__}() missing required argument: {name!r}")
            if kwargs:
                raise TypeError(f"{type(self).__qualname__}() got an unexpected keyword argument "
                                f"{next(iter(kwargs))!r}")
        if items.post_init is not None:
            self.__post_init__()

    def __repr__(self) -> str:
        mark = (id(self), _thread_id())
        if mark in _REPRS:
            return "..."
        _REPRS.add(mark)
        try:
            items = type(self)._value_fields
            return f"{self.__class__.__qualname__}(" + ", ".join(
                f"{n}={getattr(self, n)!r}" for n in items.shown) + ")"
        finally:
            _REPRS.discard(mark)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            key = type(self)._value_fields.key
            return key(self) == key(other)
        return NotImplemented

    def _field_hash(self) -> int:
        return hash(type(self)._value_fields.key(self))


class Record(_Base):
    """A mutable record: fields from the annotations; equal when of the same class with equal fields; not
    hashable (``@dataclass``)."""

    __slots__ = ()


class Value(_Base):
    """A small frozen value: fields from the annotations; equal when of the same class with equal fields, hashable,
    immutable (``@dataclass(frozen=True)``; ``class X(Value, eq=False)`` keeps identity for equality and hash)."""

    __slots__ = ()
    _frozen = True

    def __setattr__(self, name, value) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field {name!r}")
