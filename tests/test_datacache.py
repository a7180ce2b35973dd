"""The project's one cache (solver.datacache): where it is, that it is never stale, that it can be turned off, that a
cache that can't be read or written changes nothing but the time taken — and that the tests run on an empty one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from solver import datacache
from solver.datacache import cache_dir, derived, parsed


@pytest.fixture
def sources(tmp_path) -> list[Path]:
    files = [tmp_path / "a.yaml", tmp_path / "b.feature"]
    for f in files:
        f.write_text("one", encoding="utf-8")
    return files


class Maker:
    """A value's maker that counts its calls."""

    def __init__(self, value=None) -> None:
        self.calls = 0
        self.value = value

    def __call__(self):
        self.calls += 1
        return self.value if self.value is not None else {"made": self.calls}


@pytest.mark.parametrize("env, expected", [({"DEEPMADNESS_CACHE": "/x/y"}, "/x/y"),
                                           ({"XDG_CACHE_HOME": "/xdg"}, "/xdg/deepmadness"),
                                           ({"HOME": "/home/p"}, "/home/p/.cache/deepmadness"),
                                           ({"DEEPMADNESS_CACHE": "off", "XDG_CACHE_HOME": "/xdg"}, None),
                                           ({"DEEPMADNESS_CACHE": "OFF"}, None), ({"DEEPMADNESS_CACHE": ""}, None)])
def test_where_the_cache_is(monkeypatch, env, expected):
    for name in ("DEEPMADNESS_CACHE", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert cache_dir() == (Path(expected) if expected else None)


def test_a_value_is_made_once_for_the_same_sources(tmp_path, sources):
    make = Maker()
    assert derived("k", sources, make, directory=tmp_path / "c") == {"made": 1}
    assert derived("k", sources, make, directory=tmp_path / "c") == {"made": 1}
    assert make.calls == 1
    assert [p.suffix for p in (tmp_path / "c").iterdir()] == [".marshal"]  # no temporary file left behind


@pytest.mark.parametrize("change", ["bytes", "kind", "another source", "order", "a source gone"])
def test_any_change_to_the_sources_makes_it_again(tmp_path, sources, change):
    make = Maker()
    derived("k", sources, make, directory=tmp_path / "c")
    kind = "k"
    if change == "bytes":
        sources[1].write_text("two", encoding="utf-8")
    elif change == "kind":
        kind = "k2"
    elif change == "another source":
        (tmp_path / "c.yaml").write_text("", encoding="utf-8")
        sources = [*sources, tmp_path / "c.yaml"]
    elif change == "order":
        sources = sources[::-1]
    else:
        sources[0].unlink()
    derived(kind, sources, make, directory=tmp_path / "c")
    assert make.calls == 2


def test_a_kept_value_the_check_refuses_is_made_again(tmp_path, sources):
    make = Maker()
    derived("k", sources, make, directory=tmp_path / "c")
    assert derived("k", sources, make, lambda v: v.get("made") == 2, directory=tmp_path / "c") == {"made": 2}
    assert derived("k", sources, make, lambda v: v.get("made") == 2, directory=tmp_path / "c") == {"made": 2}
    assert make.calls == 2


@pytest.mark.parametrize("content", [b"", b"\x00garbage", b"\xff" * 10])
def test_an_unreadable_entry_is_made_again_and_replaced(tmp_path, sources, content):
    make = Maker()
    derived("k", sources, make, directory=tmp_path / "c")
    (entry,) = (tmp_path / "c").iterdir()
    entry.write_bytes(content)
    assert derived("k", sources, make, directory=tmp_path / "c") == {"made": 2}
    assert derived("k", sources, make, directory=tmp_path / "c") == {"made": 2}


def test_a_value_that_is_not_plain_data_is_not_kept(tmp_path, sources):
    make = Maker(value={"when": object()})
    derived("k", sources, make, directory=tmp_path / "c")
    derived("k", sources, make, directory=tmp_path / "c")
    assert make.calls == 2 and not (tmp_path / "c").exists()


def test_a_cache_that_cant_be_written_is_no_error(tmp_path, sources, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("DEEPMADNESS_CACHE", str(blocker / "deepmadness"))
    make = Maker()
    assert derived("k", sources, make) == {"made": 1} and derived("k", sources, make) == {"made": 2}
    f = sources[0]
    assert parsed(f, lambda text, file: text.upper(), "upper") == "ONE"
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_off_writes_nothing_anywhere(tmp_path, sources, monkeypatch):
    monkeypatch.setenv("DEEPMADNESS_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    make = Maker()
    derived("k", sources, make)
    derived("k", sources, make)
    parsed(sources[0], lambda text, file: text, "same")
    assert make.calls == 2 and not (tmp_path / "xdg").exists()


def test_the_catalog_and_the_shipped_boards_are_parsed_once(tmp_path, monkeypatch):
    from solver.board import load_board
    from solver.catalog import load_catalog
    from solver.scenarios import board_file

    monkeypatch.setenv("DEEPMADNESS_CACHE", str(tmp_path / "c"))
    first = load_catalog()
    board = load_board(board_file("fathoms-dark"), cached=True)
    kept = sorted(p.name for p in (tmp_path / "c").iterdir())
    assert len(kept) == len(list(first.areas)) + 1 + 1 + 1  # each catalog file, the glossary, the checked
    # catalog, the board

    def refuse(*args, **kwargs):
        raise AssertionError("parsed again")

    monkeypatch.setattr(datacache, "_parse_yaml", refuse)
    assert load_catalog() == first
    again = load_board(board_file("fathoms-dark"), cached=True)
    assert (again.spaces, again.connections) == (board.spaces, board.connections)


def test_a_changed_or_broken_catalog_is_read_again(tmp_path, monkeypatch):
    import shutil

    from solver.catalog import catalog_dir, load_catalog
    from solver.errors import InputError

    monkeypatch.setenv("DEEPMADNESS_CACHE", str(tmp_path / "c"))
    folder = tmp_path / "catalog"
    shutil.copytree(catalog_dir(), folder)
    first = load_catalog(folder)
    general = folder / "general.yaml"
    text = general.read_text(encoding="utf-8")
    rule = next(r for r in first.rules.values() if r.area == "general")
    general.write_text(text.replace(f"id: {rule.id}\n", f"id: {rule.id}-renamed\n", 1), encoding="utf-8")
    changed = load_catalog(folder)
    assert rule.id not in changed.rules and f"{rule.id}-renamed" in changed.rules
    general.write_text(text + "\nrules: 3\n", encoding="utf-8")
    for _ in range(2):  # never kept: every read checks it again
        with pytest.raises(InputError):
            load_catalog(folder)
    general.write_text(text, encoding="utf-8")
    assert load_catalog(folder) == first


def test_the_tests_run_on_an_empty_cache_of_their_own():
    """tests/conftest.py points the cache at a new folder for each run, whatever the environment says."""
    assert Path(os.environ["DEEPMADNESS_CACHE"]).name.startswith("deepmadness-test-cache-")
    assert cache_dir() == Path(os.environ["DEEPMADNESS_CACHE"])
