"""Safe YAML reading that turns every failure into one :class:`InputError` naming the file."""

from __future__ import annotations

import stat
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
        raise InputError(f"not valid YAML: {_one_line(exc.problem or exc)}", file=file, entry=where) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow (a control character, NUL …)
        before = text[:exc.position]
        where = f"line {before.count(chr(10)) + 1}, column {exc.position - before.rfind(chr(10))}"
        what = f"#x{exc.character:04x}" if isinstance(exc.character, int) else repr(exc.character)
        raise InputError(f"not valid YAML: the character {what} is not allowed ({exc.reason})", file=file,
                         entry=where) from None
    except yaml.YAMLError as exc:
        raise InputError(f"not valid YAML: {_one_line(exc)}", file=file) from None


def _one_line(problem) -> str:
    """A parser's message on one line (some span several, with the position we report ourselves)."""
    return " ".join(str(problem).split())


#: The largest file read as a state or board file: those are a few kilobytes, so anything bigger is a mistake
#: (a log, an image, a device such as /dev/zero) and is refused before it is read.
MAX_FILE_BYTES = 4 * 1024 * 1024


def file_problem(path: str | Path) -> str | None:
    """Why ``path`` can't be read as a YAML file — missing, a directory, not a regular file (a pipe or a device,
    which would never end), too big, or a name the system refuses — or ``None`` when it can be."""
    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        return "no such file"
    except NotADirectoryError:
        return "no such file (a part of its path is not a folder)"
    except (OSError, ValueError) as exc:  # a name too long, a symbolic link loop, a NUL byte …
        return f"can't be opened: {getattr(exc, 'strerror', None) or exc}"
    if stat.S_ISDIR(info.st_mode):
        return "is a directory, not a YAML file"
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file (a pipe or a device?), not a YAML file"
    if info.st_size > MAX_FILE_BYTES:
        return f"is {info.st_size} bytes long: too big for a state or board file (at most {MAX_FILE_BYTES})"
    return None


def load_yaml_file(path: str | Path):
    """Read a YAML file: a missing file, a directory, a device, bad bytes or bad YAML each give one InputError."""
    path = Path(path)
    file = str(path)
    problem = file_problem(path)
    if problem is not None:
        raise InputError(problem, file=file)
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)  # the file may have grown since it was looked at
        if len(raw) > MAX_FILE_BYTES:
            raise InputError(f"too big for a state or board file (more than {MAX_FILE_BYTES} bytes)", file=file)
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise InputError(f"not UTF-8 text (line {line}, byte {exc.start})", file=file) from None
    except OSError as exc:
        raise InputError(f"can't be read: {exc.strerror or exc}", file=file) from None
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
