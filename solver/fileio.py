"""Writing files so that a reader never sees half of one: :func:`write_atomic`.

The new content goes to a temporary file in the target's own folder, is flushed and synced to the disk, and only
then takes the target's name (``os.replace``, atomic on POSIX and Windows). Until that moment the target keeps its
previous content whole; a failure at any step (a full disk, an encoding error, an interrupted run) leaves it as it
was and removes the temporary file. Every place the project writes a file goes through here (the specification's
results file, the website's generated pages, ``rules.json`` and build stamps).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomic(folder / "a.txt", "first")
>>> write_atomic(folder / "a.txt", "second")
>>> (folder / "a.txt").read_text(), sorted(p.name for p in folder.iterdir())
('second', ['a.txt'])
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

__all__ = ["write_atomic"]


def write_atomic(path: str | os.PathLike, data: str | bytes, encoding: str = "utf-8") -> None:
    """Write ``data`` (text, encoded with ``encoding``, or bytes) to ``path`` atomically: readers see the old
    content or the new one, never a mixture or a truncated file. A file that existed keeps its permission bits; a
    new one gets the usual ``0o666`` less the umask."""
    path = Path(path)
    payload = data.encode(encoding) if isinstance(data, str) else bytes(data)  # an encoding error: nothing written
    folder = path.parent
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        mode = None
    fd, tmp = _create_temp(folder, path.name)
    try:
        try:
            view = memoryview(payload)
            while view:
                view = view[os.write(fd, view):]
            if mode is not None:
                os.chmod(tmp, mode)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _sync_folder(folder)


def _create_temp(folder: Path, name: str) -> tuple[int, str]:
    """A new, exclusively created temporary file beside the target (hidden, named after it)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = os.path.join(folder, f".{name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"could not create a temporary file beside {name} in {folder}")


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX: sync the folder); a no-op where folders can't be opened."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
