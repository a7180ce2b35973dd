"""Safe YAML reading that turns every failure into one :class:`InputError` naming the file."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import yaml

from .errors import CONTROL_CHARACTERS, InputError, printable

try:  # libyaml is several times faster; both loaders are the *safe* ones
    _SafeLoader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _SafeLoader = yaml.SafeLoader


#: Bounds on what a state or board file may hold once its aliases are expanded: every YAML node (a scalar, a list, a
#: mapping) counts one. A shipped board is about 600 nodes; a 10,000-space board of your own about 100,000.
MAX_NODES = 300_000
#: How deeply lists and mappings may nest (a state file needs about 5 levels).
MAX_DEPTH = 64
#: The longest whole number a file may hold (every count in the game is far shorter).
MAX_DIGITS = 9

_TAG = "tag:yaml.org,2002:"
_ALLOWED_TAGS = frozenset(_TAG + t for t in ("str", "int", "float", "bool", "null", "seq", "map"))
_INT = re.compile(r"[-+]?[0-9]+")
_DECIMAL = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")


class _Loader(_SafeLoader):
    """The safe loader, read strictly (YAML 1.2's core schema, not 1.1's surprises):

    * plain scalars are text, whole numbers in decimal, decimal fractions, ``true``/``false`` and ``null`` only —
      ``yes``/``no``/``on``/``off`` are text, ``0x1b`` and ``12:30`` are text (no hexadecimal, octal or
      sexagesimal numbers), and a whole number written with a leading zero (``027``, which YAML 1.1 reads as octal
      23) is refused;
    * a key written twice in one mapping is refused (YAML would silently keep the last one: two entries for one
      investigator would hide a mistake), and so is a merge key (``<<``), which would hide one too;
    * explicit tags other than the plain ones (``!!str`` …) are refused;
    * the document, its aliases expanded, holds at most :data:`MAX_NODES` nodes nested at most :data:`MAX_DEPTH`
      deep (a "billion laughs" file of a few hundred bytes is refused at once instead of expanded).
    """

    yaml_implicit_resolvers: dict = {}

    def construct_yaml_int(self, node):
        value = self.construct_scalar(node).replace("_", "") if node.style is None else self.construct_scalar(node)
        if not _INT.fullmatch(value):
            raise yaml.constructor.ConstructorError(None, None, f"{_short(value)} is not a whole number",
                                                    node.start_mark)
        if not _DECIMAL.fullmatch(value):
            raise yaml.constructor.ConstructorError(
                None, None, f"{value} has a leading zero (YAML 1.1 would read it as an octal number): write "
                            f"{int(value)}" if len(value) <= MAX_DIGITS + 1 else f"{_short(value)} has a leading zero",
                node.start_mark)
        if len(value.lstrip("+-")) > MAX_DIGITS:
            raise yaml.constructor.ConstructorError(
                None, None, f"the number {_short(value)} is too long (at most {MAX_DIGITS} digits)", node.start_mark)
        return int(value)

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            seen: dict = {}
            for key_node, _ in node.value:
                if key_node.tag == _TAG + "merge":
                    raise yaml.constructor.ConstructorError(
                        None, None, "merge keys (<<) are not allowed: write each key once", key_node.start_mark)
                key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.get(key)
                except TypeError:
                    continue  # an unhashable key: the base constructor reports it
                if first is not None:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"duplicate key {_short(key)} (first written on line {first})",
                        key_node.start_mark)
                seen[key] = key_node.start_mark.line + 1
        return super().construct_mapping(node, deep=deep)


_Loader.add_implicit_resolver(_TAG + "bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
_Loader.add_implicit_resolver(_TAG + "int", re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"))
_Loader.add_implicit_resolver(
    _TAG + "float", re.compile(r"^[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$"), list("-+0123456789."))
_Loader.add_implicit_resolver(_TAG + "null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])
_Loader.add_constructor(_TAG + "int", _Loader.construct_yaml_int)
_Loader.add_constructor(_TAG + "bool", lambda loader, node: loader.construct_scalar(node) in ("true", "True", "TRUE")
                        if loader.construct_scalar(node) in ("true", "True", "TRUE", "false", "False", "FALSE")
                        else _bad_scalar(node, "true or false"))


def _bad_scalar(node, what: str):
    raise yaml.constructor.ConstructorError(None, None, f"{_short(node.value)} is not {what}", node.start_mark)


def _short(value, limit: int = 40) -> str:
    """``repr(value)`` of a scalar cut to ``limit`` characters (a message never echoes a whole value)."""
    text = repr(value) if isinstance(value, str) else str(value) if isinstance(value, (int, float)) else "a value"
    return text if len(text) <= limit else text[:limit] + "…"


def _check_nodes(root) -> str | None:
    """Why the composed document ``root`` is refused (a tag not allowed, too many nodes once aliases are expanded,
    nested too deep), or ``None``. Walks each distinct node once, without recursion."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    stack = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if key in size and not done:
            continue
        children = ([n for pair in node.value for n in pair] if isinstance(node, yaml.MappingNode)
                    else list(node.value) if isinstance(node, yaml.SequenceNode) else [])
        if not done:
            if node.tag not in _ALLOWED_TAGS and node.tag != _TAG + "merge":
                line = node.start_mark.line + 1
                return f"line {line}: the YAML tag {_short(node.tag)} is not allowed here"
            size[key] = -1  # in progress: an alias cycle (recursive data) is refused below
            stack.append((node, True))
            for child in children:
                if size.get(id(child)) == -1:
                    return f"line {child.start_mark.line + 1}: an alias refers to the list or mapping that holds it"
                if id(child) not in size:
                    stack.append((child, False))
            continue
        size[key] = 1 + sum(size[id(c)] for c in children)
        depth[key] = 1 + max((depth[id(c)] for c in children), default=0)
        if size[key] > MAX_NODES:
            return (f"holds more than {MAX_NODES} values once its aliases are expanded: too big for a state or "
                    f"board file")
        if depth[key] > MAX_DEPTH:
            return f"nests lists and mappings more than {MAX_DEPTH} levels deep"
    return None


def load_yaml_text(text: str, file: str = "<text>"):
    """Parse YAML text with the strict safe loader (:class:`_Loader`); every failure becomes one InputError naming
    the file, with line and column where the parser gives them."""
    if text.count(",") + text.count("\n") > MAX_NODES:  # each value needs a separator: refuse before parsing
        raise InputError(f"refused: holds more than {MAX_NODES} values: too big for a state or board file",
                         file=file)
    try:
        loader = _Loader(text)
        try:
            root = loader.get_single_node()
            if root is None:
                return None
            problem = _check_nodes(root)
            if problem is not None:
                raise InputError(f"refused: {problem}", file=file)
            return loader.construct_document(root)
        finally:
            loader.dispose()
    except InputError:
        raise
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
    except (ValueError, TypeError, KeyError, OverflowError, RecursionError) as exc:  # a constructor's own failure
        raise InputError(f"not valid YAML: {_short(str(exc), 120)}", file=file) from None


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
        # opened without blocking and checked again on the open file: a file swapped for a pipe since it was
        # looked at is refused, never waited on
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise InputError("is not a regular file (a pipe or a device?), not a YAML file", file=file)
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
        if isinstance(key, int) and not isinstance(key, bool):
            return f"{self.path}[{key}]"
        shown = printable(str(key), 60)
        return f"{self.path}.{shown}" if self.path else shown

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
        control = CONTROL_CHARACTERS.search(v)
        if control:  # a name is shown in answers: a newline or an escape sequence could forge lines of a ruling
            raise self.error(f"{printable(v, 60)!r} holds the control character "
                             f"{printable(control.group())}: names are plain text on one line")
        return v

    def boolean(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.error(f"must be true or false, not {_kind(self.value)}")
        return self.value


def _kind(v) -> str:
    """What a value is, in a few words — never the whole of a long value (a list is "a list", text is cut)."""
    if v is _MISSING:
        return "nothing"
    if v is None:
        return "empty"
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, str):
        return f"text {_short(v)}"
    if isinstance(v, (int, float)):
        return f"the number {_short(v)}"
    return {dict: "a mapping", list: "a list"}.get(type(v), type(v).__name__)


