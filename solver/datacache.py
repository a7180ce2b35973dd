"""A cache of parsed data files, so that a cold command does not parse the same files again on every run.

The rules catalog (``rules_docs/catalog/*.yaml``, about 120 KB of YAML) is read by every command, and the feature
files by ``ask`` and ``rule``; parsing them is most of what a short command does. :func:`parsed` keeps what a parser
made of a file's bytes in a ``marshal`` file named by a hash of those bytes (and of the parser and Python version),
in ``$DEEPMADNESS_CACHE``, else ``$XDG_CACHE_HOME/deepmadness``, else ``~/.cache/deepmadness``. A changed file has
another hash, so a cached result is never stale; a cache that can't be read or written is simply not used
(``DEEPMADNESS_CACHE=off`` turns it off). Only plain data is cached (what ``marshal`` writes: dicts, lists, text,
numbers …); a result with anything else in it is parsed every time. Loading a cache file runs no code.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> (folder / "a.txt").write_text("1 2 3")
5
>>> calls = []
>>> def words(text, file):
...     calls.append(file)
...     return text.split()
>>> parsed(folder / "a.txt", words, "words", folder / "cache"), parsed(folder / "a.txt", words, "words", folder / "cache")
(['1', '2', '3'], ['1', '2', '3'])
>>> len(calls)
1
"""

from __future__ import annotations

import marshal
import os
import sys
from pathlib import Path
from collections.abc import Callable

try:  # the hash function's own C module: importing hashlib would load OpenSSL first
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

FORMAT = b"deepmadness-datacache/1"
MAX_BYTES = 4 * 1024 * 1024


def cache_dir() -> Path | None:
    """Where cached results go; ``None`` when caching is off."""
    env = os.environ.get("DEEPMADNESS_CACHE")
    if env is not None:
        return None if env.strip().lower() in ("", "0", "off", "no", "false") else Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "deepmadness"


def parsed(path: str | Path, parse: Callable[[str, str], object], kind: str, directory: Path | None = None):
    """What ``parse(text, file)`` makes of the UTF-8 file ``path``, from the cache when these bytes were parsed
    before by the parser named ``kind`` (change ``kind`` when the parser's output changes). For a file this can't
    read as UTF-8 text (missing, not a regular file, over 4 MiB, not UTF-8) ``text`` is ``None``: the parser then
    reads the file itself and reports the problem its own way."""
    path = Path(path)
    raw = _read(path)
    folder = directory if directory is not None else cache_dir()
    if raw is None:
        return parse(None, str(path))
    key = blake2b(raw, digest_size=20, person=b"dm-cache")
    key.update(FORMAT + b"\0" + kind.encode() + b"\0" + sys.version.encode() + b"\0" + str(marshal.version).encode())
    target = folder / f"{key.hexdigest()}.marshal" if folder is not None else None
    if target is not None:
        try:
            return marshal.loads(target.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            pass
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return parse(None, str(path))  # the parser's own reading names the problem
    value = parse(text, str(path))
    if target is not None:
        try:
            data = marshal.dumps(value)
        except ValueError:  # not plain data (a date, an object …): not cached
            return value
        try:
            from .fileio import write_atomic

            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, data)
        except OSError:
            pass
    return value


def parsed_yaml(path: str | Path):
    """The data of one of the package's own YAML files (a catalog file, a shipped board), parsed once for its
    bytes; a problem with the file is the :class:`solver.errors.InputError` that reading it gives."""
    return parsed(path, _parse_yaml, "yaml")


def _parse_yaml(text: str | None, file: str):
    from .yamlio import load_yaml_file, load_yaml_text

    return load_yaml_file(file) if text is None else load_yaml_text(text, file)


def _read(path: Path) -> bytes | None:
    """The bytes of a regular file of at most :data:`MAX_BYTES`, else ``None`` (the parser reports the problem)."""
    try:
        if not os.path.isfile(path):  # before opening: a pipe or a device would never end
            return None
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except (OSError, ValueError):
        return None
    return raw if len(raw) <= MAX_BYTES else None
