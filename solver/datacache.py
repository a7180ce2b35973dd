"""The project's one cache: what was made from data files (a parsed catalog file, ``ask``'s index), kept between runs
so that a cold command does not make it again.

Where: ``$XDG_CACHE_HOME/deepmadness``, else ``~/.cache/deepmadness``; ``DEEPMADNESS_CACHE`` names another folder,
or turns the cache off (``DEEPMADNESS_CACHE=off``: everything is made afresh every time). Nothing else in the
project keeps files between runs.

Two kinds of entries, each a ``marshal`` file named by a hash:

* :func:`parsed` — what a parser made of one file: the rules catalog (``rules_docs/catalog/*.yaml``, about 120 KB of
  YAML, read by every command) and the shipped boards (:func:`parsed_yaml`). The hash is of the file's bytes.
* :func:`derived` — what is made from many files at once: ``ask``'s tokenized index of the catalog and the feature
  files (:mod:`solver.ask`). The hash is of every source's name and bytes.

The hash also covers a name for what made the value (``kind``: change it when the maker's output changes), this
module's format and the Python version. A changed source has another hash, so a kept value is never stale.

A cache that can't be read is not used, and one that can't be written is no error (the value is made again next
time); a file is written atomically (:func:`solver.fileio.write_atomic`), so a reader never sees half of one. Only
plain data is kept (what ``marshal`` writes: dicts, lists, text, numbers …); a value with anything else in it is
made every time. Loading a cache file runs no code. The tests run on an empty cache folder of their own
(``tests/conftest.py``): no test depends on what an earlier run left.

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
>>> derived("count", [folder / "a.txt"], lambda: len(calls), directory=folder / "cache")
1
>>> calls.append("more"); derived("count", [folder / "a.txt"], lambda: len(calls), directory=folder / "cache")
1
"""

from __future__ import annotations

import marshal
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

try:  # the hash function's own C module: importing hashlib would load OpenSSL first
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

FORMAT = b"deepmadness-datacache/1"
MAX_BYTES = 4 * 1024 * 1024
OFF = ("", "0", "off", "no", "false")
_NOTHING = object()


def cache_dir() -> Path | None:
    """Where cached values go; ``None`` when caching is off."""
    env = os.environ.get("DEEPMADNESS_CACHE")
    if env is not None:
        return None if env.strip().lower() in OFF else Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "deepmadness"


def parsed(path: str | Path, parse: Callable[[str | None, str], object], kind: str,
           directory: Path | None = None):
    """What ``parse(text, file)`` makes of the UTF-8 file ``path``, from the cache when these bytes were parsed
    before by the parser named ``kind`` (change ``kind`` when the parser's output changes). For a file this can't
    read as UTF-8 text (missing, not a regular file, over 4 MiB, not UTF-8) ``text`` is ``None``: the parser then
    reads the file itself and reports the problem its own way."""
    path = Path(path)
    raw = _read(path)
    if raw is None:
        return parse(None, str(path))
    key = _hash(kind)
    key.update(raw)
    target = _target(directory, key)
    value = _load(target)
    if value is not _NOTHING:
        return value
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return parse(None, str(path))  # the parser's own reading names the problem
    value = parse(text, str(path))
    _store(target, value)
    return value


def parsed_yaml(path: str | Path):
    """The data of one of the package's own YAML files (a catalog file, a shipped board), parsed once for its
    bytes; a problem with the file is the :class:`solver.errors.InputError` that reading it gives."""
    return parsed(path, _parse_yaml, "yaml")


def derived(kind: str, sources: Iterable[str | Path], make: Callable[[], object],
            check: Callable[[object], bool] | None = None, directory: Path | None = None):
    """What ``make()`` builds from the files ``sources`` (read by ``make`` itself), from the cache when it was
    built before from the same files with the same bytes by the maker named ``kind``. ``check`` may refuse a kept
    value (one of another shape): it is then built again. A source that can't be read leaves the cache out."""
    folder = directory if directory is not None else cache_dir()
    if folder is None:
        return make()
    key = _hash(kind)
    for source in sources:
        raw = _read(Path(source))
        if raw is None:
            return make()
        name = str(source).encode("utf-8", "surrogateescape")
        key.update(b"%d:%s%d:" % (len(name), name, len(raw)))
        key.update(raw)
    target = _target(folder, key)
    value = _load(target)
    if value is not _NOTHING and (check is None or check(value)):
        return value
    value = make()
    _store(target, value)
    return value


# --- the files ---------------------------------------------------------------------------------------------------------
def _hash(kind: str):
    key = blake2b(digest_size=20, person=b"dm-cache")
    key.update(FORMAT + b"\0" + kind.encode() + b"\0" + sys.version.encode() + b"\0" +
               str(marshal.version).encode() + b"\0")
    return key


def _target(directory: Path | None, key) -> Path | None:
    folder = directory if directory is not None else cache_dir()
    return folder / f"{key.hexdigest()}.marshal" if folder is not None else None


def _load(target: Path | None):
    """The value kept in ``target``; :data:`_NOTHING` when there is none or it can't be read."""
    if target is None:
        return _NOTHING
    try:
        return marshal.loads(target.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return _NOTHING


def _store(target: Path | None, value) -> bool:
    """Keep ``value`` in ``target``, atomically; ``False`` when it is not plain data or can't be written."""
    if target is None:
        return False
    try:
        data = marshal.dumps(value)
    except ValueError:  # not plain data (a date, an object …): not cached
        return False
    try:
        from .fileio import write_atomic

        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, data)
        return True
    except OSError:
        return False


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
