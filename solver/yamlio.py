"""Safe YAML reading that turns every failure into one :class:`InputError` naming the file."""

from __future__ import annotations

from pathlib import Path

import yaml

from .errors import InputError

try:  # libyaml is several times faster; both loaders are the *safe* ones
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - PyYAML built without libyaml
    _Loader = yaml.SafeLoader


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
