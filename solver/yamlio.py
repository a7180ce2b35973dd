"""Safe YAML reading that turns every failure into one :class:`InputError` naming the file."""

from __future__ import annotations

from pathlib import Path

import yaml

from .errors import InputError

try:  # libyaml is several times faster; both loaders are the *safe* ones
    _SafeLoader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _SafeLoader = yaml.SafeLoader


class _Loader(_SafeLoader):
    """The safe loader, refusing a key written twice in one mapping (YAML would silently keep the last one:
    two entries for one investigator would hide a mistake)."""

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            seen: dict = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.get(key)
                except TypeError:
                    continue  # an unhashable key: the base constructor reports it
                if first is not None:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"duplicate key {key!r} (first written on line {first})", key_node.start_mark)
                seen[key] = key_node.start_mark.line + 1
        return super().construct_mapping(node, deep=deep)


def load_yaml_text(text: str, file: str = "<text>"):
    """Parse YAML text with the safe loader; a syntax error becomes an InputError with line and column."""
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else None
        raise InputError(f"not valid YAML: {exc.problem or exc}", file=file, entry=where) from None
    except yaml.YAMLError as exc:
        raise InputError(f"not valid YAML: {exc}", file=file) from None


def load_yaml_file(path: str | Path):
    """Read a YAML file: a missing file, a directory, bad bytes or bad YAML each give one InputError."""
    path = Path(path)
    file = str(path)
    if not path.exists():
        raise InputError("no such file", file=file)
    if path.is_dir():
        raise InputError("is a directory, not a YAML file", file=file)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})", file=file) from None
    except OSError as exc:
        raise InputError(f"can't be read: {exc.strerror}", file=file) from None
    return load_yaml_text(text, file)


_MISSING = object()


class Entry:
    """A value read from a YAML file, with the path that leads to it, so every check can name file and entry.

    >>> e = Entry({"figures": {"Lisbeth Gibson": {"space": "5a"}}}, "s.yaml")
    >>> e.need("figures").need("Lisbeth Gibson").need("space").text()
    '5a'
    >>> e.need("round").text()
    Traceback (most recent call last):
    ...
    solver.errors.InputError: s.yaml: round: missing (required)
    """

    __slots__ = ("value", "file", "path")

    def __init__(self, value, file: str, path: str = "") -> None:
        self.value = value
        self.file = file
        self.path = path

    def error(self, message: str, rule_id: str | None = None) -> InputError:
        return InputError(message, file=self.file, entry=self.path or None, rule_id=rule_id)

    def _child(self, key) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else str(key)

    def mapping(self) -> dict:
        if not isinstance(self.value, dict):
            raise self.error(f"must be a mapping (key: value), not {_kind(self.value)}")
        return self.value

    def keys(self, allowed: tuple[str, ...] | None = None) -> list:
        m = self.mapping()
        if allowed is not None:
            unknown = [k for k in m if k not in allowed]
            if unknown:
                raise self.error(f"unknown key {unknown[0]!r}; allowed here: {', '.join(allowed)}")
        return list(m)

    def has(self, key) -> bool:
        return isinstance(self.value, dict) and key in self.value

    def need(self, key) -> "Entry":
        m = self.mapping()
        if key not in m:
            return Entry(_MISSING, self.file, self._child(key))._missing()
        return Entry(m[key], self.file, self._child(key))

    def _missing(self):
        raise self.error("missing (required)")

    def get(self, key, default=None) -> "Entry":
        m = self.mapping()
        return Entry(m.get(key, default), self.file, self._child(key))

    def items(self) -> list[tuple[object, "Entry"]]:
        return [(k, Entry(v, self.file, self._child(k))) for k, v in self.mapping().items()]

    def list(self) -> list["Entry"]:
        if self.value is None:
            return []
        if not isinstance(self.value, list):
            raise self.error(f"must be a list, not {_kind(self.value)}")
        return [Entry(v, self.file, self._child(i)) for i, v in enumerate(self.value)]

    def integer(self, minimum: int | None = None, maximum: int | None = None, rule_id: str | None = None) -> int:
        v = self.value
        if not isinstance(v, int) or isinstance(v, bool):
            raise self.error(f"must be a whole number, not {_kind(v)}")
        if minimum is not None and v < minimum:
            raise self.error(f"{v} is below the least allowed, {minimum}", rule_id)
        if maximum is not None and v > maximum:
            raise self.error(f"{v} is above the most allowed, {maximum}", rule_id)
        return v

    def text(self, choices=None, what: str = "value") -> str:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, (str, int)):
            raise self.error(f"must be text, not {_kind(v)}")
        v = str(v)
        if choices is not None and v not in choices:
            shown = ", ".join(str(c) for c in choices)
            raise self.error(f"unknown {what} {v!r}; known: {shown}")
        return v

    def boolean(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.error(f"must be true or false, not {_kind(self.value)}")
        return self.value


def _kind(v) -> str:
    if v is _MISSING:
        return "nothing"
    if v is None:
        return "empty"
    return {dict: "a mapping", list: "a list", str: f"text {v!r}", bool: f"{v!r}".lower(),
            int: f"the number {v}", float: f"the number {v}"}.get(type(v), type(v).__name__)
