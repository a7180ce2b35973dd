"""Golden answers: every example state file ``examples/X.yaml`` keeps the answer the command line gives for it, as
data, in ``examples/X.answer.json`` (what ``--json`` prints); ``tests/test_examples.py`` compares the two and
validates both against the published JSON Schema, ``solver/schema/answer.schema.json``.

When an answer changes on purpose, write the new one and read the difference before committing it::

    .venv/bin/python -m solver.golden --update examples/fathoms-dark-unbound-activation.yaml
    .venv/bin/python -m solver.golden --update examples/*.yaml      # every example
    .venv/bin/python -m solver.golden --check                      # which examples differ (exit 1) or lack one
    .venv/bin/python -m solver.golden --schema                     # rewrite the schema from solver/answers.py
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .fileio import write_atomic

SCHEMA_FILE = Path(__file__).resolve().parent / "schema" / "answer.schema.json"


def golden_file(example: str | Path) -> Path:
    """Where the golden answer of ``examples/X.yaml`` is kept: ``examples/X.answer.json``."""
    example = Path(example)
    return example.with_name(example.name.removesuffix(".yaml") + ".answer.json")


def answer_data(example: str | Path) -> dict[str, Any]:
    """The answer to an example as data, exactly what ``deepmadness ... --json`` prints."""
    from .cli import example_answer
    from .render import to_data

    return json.loads(dumps(to_data(example_answer(example))))


def dumps(data: Any) -> str:
    """The one way a golden file or the schema is written: two-space indents, UTF-8, a final newline."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def schema_text() -> str:
    from .render import answer_schema

    return dumps(answer_schema())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m solver.golden", description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--update", nargs="+", metavar="EXAMPLE.yaml", help="write these examples' golden answers")
    parser.add_argument("--check", nargs="*", metavar="EXAMPLE.yaml",
                        help="compare these examples (default: every examples/*.yaml) with their golden answers")
    parser.add_argument("--schema", action="store_true", help="write solver/schema/answer.schema.json")
    ns = parser.parse_args(argv)
    status = 0
    if ns.schema:
        SCHEMA_FILE.parent.mkdir(exist_ok=True)
        write_atomic(SCHEMA_FILE, schema_text())
        print(f"wrote {SCHEMA_FILE}")
    for example in ns.update or ():
        write_atomic(golden_file(example), dumps(answer_data(example)))
        print(f"wrote {golden_file(example)}")
    if ns.check is not None:
        from .spec import ROOT

        for example in ns.check or sorted((ROOT / "examples").glob("*.yaml")):
            gold = golden_file(example)
            if not gold.exists():
                print(f"{example}: no golden answer ({gold.name}); write it with --update {example}")
                status = 1
            elif json.loads(gold.read_text(encoding="utf-8")) != answer_data(example):
                print(f"{example}: the answer differs from {gold.name}")
                status = 1
    if not (ns.schema or ns.update or ns.check is not None):
        parser.print_help()
    return status


if __name__ == "__main__":
    sys.exit(main())
