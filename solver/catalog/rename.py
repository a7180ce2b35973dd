"""``python -m solver.catalog.rename [--check] [ROOT]``: rewrite the former catalog IDs of ``aliases.yaml`` across
the repository — the catalog itself, the code, the feature files and their ``@rule:``/``@option:`` tags, the tests,
the website's pages and the examples — and the renamed topics in the catalog files.

A former ID is replaced where it stands as a whole ID (not inside a longer one: ``nest.x`` in ``expectant-nest.x``
or ``state.nest.x`` is left alone). ``aliases.yaml`` itself is never rewritten: the former IDs stay there as aliases.
``--check`` rewrites nothing and exits 1 when a file still names a former ID. Prints each file it changed.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from ..fileio import write_atomic
from ..yamlio import load_yaml_file
from . import catalog_dir

#: Where the former IDs are rewritten, relative to the repository: folders (searched through) and single files.
PLACES = ("solver", "features", "tests", "rules_docs", "examples", "README.md")
SUFFIXES = {".py", ".yaml", ".yml", ".feature", ".md", ".txt", ".json", ".csv", ".html", ".js", ".css"}
SELF = {"aliases.yaml", "rename.py"}  # the former IDs stay in the aliases, and in this module's examples
SKIP_DIRS = {"__pycache__", "_build", "build", ".venv", ".git", "node_modules"}


def renames(directory: Path | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """(former ID → new ID, former topic → new topic), as ``aliases.yaml`` lists them."""
    data = load_yaml_file((directory or catalog_dir()) / "aliases.yaml")
    return dict(data.get("aliases") or {}), dict(data.get("topics") or {})


def id_pattern(former: list[str]) -> re.Pattern:
    """A pattern matching any of the ``former`` IDs as a whole ID."""
    alternatives = "|".join(re.escape(f) for f in sorted(former, key=len, reverse=True))
    return re.compile(rf"(?<![\w.-])(?:{alternatives})(?![\w-]|\.\w)")


def rewrite(text: str, ids: dict[str, str], pattern: re.Pattern) -> str:
    """``text`` with every former ID replaced by its new one.

    >>> ids = {"nest.activates-last": "expectant-nest.activates-last"}
    >>> rewrite("@rule:nest.activates-last, expectant-nest.activates-last, nest.activates-last-x, "
    ...         "state.nest.activates-last; see nest.activates-last.", ids, id_pattern(list(ids)))
    '@rule:expectant-nest.activates-last, expectant-nest.activates-last, nest.activates-last-x, state.nest.activates-last; see expectant-nest.activates-last.'
    """
    return pattern.sub(lambda m: ids[m.group(0)], text)


def rewrite_topics(text: str, topics: dict[str, str]) -> str:
    """A catalog file's ``id:``/``topic:`` entries naming a former topic, renamed.

    >>> rewrite_topics("topics:\\n  - {id: nest, title: The nest}\\nrules:\\n  - id: nest.a\\n    topic: nest\\n", {"nest": "expectant-nest"})
    'topics:\\n  - {id: expectant-nest, title: The nest}\\nrules:\\n  - id: nest.a\\n    topic: expectant-nest\\n'
    """
    for old, new in topics.items():
        text = re.sub(rf"((?:^[ \t]*-?[ \t]*|\{{[ \t]*)(?:id|topic):[ \t]*){re.escape(old)}(?=[ \t]*(?:$|,|\}}))",
                      rf"\g<1>{new}", text, flags=re.M)
    return text


def files(root: Path) -> list[Path]:
    """The text files of :data:`PLACES` under ``root``, but for :data:`SELF`."""
    out: list[Path] = []
    for place in PLACES:
        path = root / place
        candidates = [path] if path.is_file() else sorted(path.rglob("*")) if path.is_dir() else []
        out += [p for p in candidates if p.is_file() and p.suffix in SUFFIXES and p.name not in SELF
                and not SKIP_DIRS & set(p.relative_to(root).parts)]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m solver.catalog.rename", description=__doc__.split("\n\n")[0])
    parser.add_argument("root", nargs="?", type=Path, default=Path(__file__).resolve().parents[2],
                        help="the repository (default: the one this package is in)")
    parser.add_argument("--check", action="store_true", help="rewrite nothing; exit 1 if a former ID is still used")
    args = parser.parse_args(argv)
    catalog_folder = args.root / "solver" / "catalog"
    ids, topics = renames(catalog_folder)
    pattern = id_pattern(list(ids))
    catalog_files = {p.resolve() for p in catalog_folder.glob("*.yaml")}
    changed = 0
    for path in files(args.root):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        new = rewrite(text, ids, pattern)
        if path.resolve() in catalog_files:
            new = rewrite_topics(new, topics)
        if new != text:
            changed += 1
            count = len(pattern.findall(text))
            print(f"{path.relative_to(args.root)}: {count} former ID{'s' if count != 1 else ''}")
            if not args.check:
                write_atomic(path, new)
    if args.check:
        print(f"{changed} file{'s' if changed != 1 else ''} still name a former ID" if changed else
              "No file names a former ID.")
        return 1 if changed else 0
    print(f"Rewrote {changed} file{'s' if changed != 1 else ''}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
