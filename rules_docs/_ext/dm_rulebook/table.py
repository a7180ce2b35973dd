"""The Table page's files, written at build time: the solver in the browser, served as static files.

:func:`build_table` writes, under ``<site>/_static/table/``:

* ``pyodide/`` — the Python runtime, copied from ``node_modules/pyodide`` (``npm ci`` installs it from the committed
  ``package.json`` and ``package-lock.json``); nothing is fetched from a CDN at run time;
* ``deepmadness.zip`` — our package ``solver`` (its Python files and data, the catalog compiled to JSON as the wheel
  has it; not the wheel's build step ``solver/_build.py``) with the pure-Python sources of PyYAML, taken from the
  environment that builds the site (it ships ``.py`` beside its compiled module); the page unpacks it with
  ``pyodide.unpackArchive``;
* ``examples.json`` — the shipped examples (text, question, arguments), ``rule-links.json`` — each rule ID's page
  and anchor on the site;
* the page's scripts and style, from ``rules_docs/_static/table/``.

The Sphinx extension calls it when the ``html`` build finishes (the page itself is ``rules_docs/table.md``); the
browser tests call it alone, with ``standalone=True``, to get a ``table.html`` without building the whole site.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from solver.fileio import write_atomic

ROOT = Path(__file__).resolve().parents[3]
ASSETS = ROOT / "rules_docs" / "_static" / "table"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "package.json")
STANDALONE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The table — Deep Madness rulebook</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="_static/table/table.css">
</head><body>
<main><h1>The table</h1>
{body}
</main></body></html>
"""
#: The page's body, the same on the site (``rules_docs/table.md``) and standalone.
BODY = ('<div id="dm-table" data-base="_static/table/"><p class="dm-t-loading">Loading the solver…</p></div>\n'
        '<script type="module" src="_static/table/table.js"></script>')


class TableBuildError(RuntimeError):
    """Something the Table page needs is missing (most often: ``npm ci`` was not run)."""


def pyodide_dir(root: Path = ROOT) -> Path:
    folder = root / "node_modules" / "pyodide"
    missing = [f for f in PYODIDE_FILES if not (folder / f).is_file()]
    if missing:
        raise TableBuildError(f"the Pyodide runtime is missing from {folder} ({', '.join(missing)}): run `npm ci` "
                              f"(make rulebook does)")
    return folder


def _module_dir(name: str) -> Path:
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise TableBuildError(f"the package {name!r} is not installed in this environment (make venv installs it)")
    return Path(next(iter(spec.submodule_search_locations)))


def write_zip(path: Path, root: Path = ROOT) -> list[str]:
    """The package and its pure-Python dependencies in one zip; returns the names written."""
    names: list[str] = []
    sources = [(root / "solver", "solver", ("*.py", "*.yaml", "*.json")),
               (_module_dir("yaml"), "yaml", ("*.py",))]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        for folder, prefix, patterns in sources:
            files = sorted({p for pattern in patterns for p in folder.rglob(pattern)})
            for p in files:
                rel = p.relative_to(folder).as_posix()
                if "__pycache__" in rel or not p.is_file() or f"{prefix}/{rel}" == "solver/_build.py":
                    continue
                name = f"{prefix}/{rel}"
                z.write(p, name)
                names.append(name)
        compiled = _compiled_catalog(root)
        if compiled is not None:
            name, text = compiled
            if name not in names:
                z.writestr(name, text)
                names.append(name)
    if "yaml/__init__.py" not in names:
        raise TableBuildError("PyYAML's Python sources are missing from the environment")
    return names


def _compiled_catalog(root: Path) -> tuple[str, str] | None:
    """The catalog compiled to JSON, as the wheel ships it (``solver.catalog.COMPILED``, made by ``solver._build``
    of the very YAML files beside it): the browser then reads one JSON file instead of parsing the YAML in pure Python
    (about a second at start-up). ``None`` when the catalog has no compiled form."""
    try:
        from solver.catalog import COMPILED, load_catalog, to_data
    except ImportError:
        return None
    folder = root / "solver" / "catalog"
    return f"solver/catalog/{COMPILED}", json.dumps(to_data(load_catalog(folder)), ensure_ascii=False)


def examples(root: Path = ROOT) -> list[dict]:
    """Every shipped example: file name, title, scenario, question, the command line's words after the state
    file, and the file's text."""
    from solver.cli import example_argv
    from solver.state import read_example
    from solver.yamlio import load_yaml_file

    out = []
    for path in sorted((root / "examples").glob("*.yaml")):
        try:
            spec = read_example(path)
            argv = example_argv(path)
            data = load_yaml_file(path)
        except Exception as exc:  # a broken example is the examples' tests' business; the page lists the rest
            print(f"table: example {path.name} left out ({exc})")
            continue
        out.append({"file": path.name, "title": spec.title if spec else "", "scenario": data.get("scenario"),
                    "question": argv[0], "args": argv[2:], "text": path.read_text(encoding="utf-8")})
    return out


def rule_links(root: Path = ROOT) -> dict[str, str]:
    """Rule ID → its page and anchor on the site, relative to the site's root (``rules/general.html#rule-…``):
    a scenario's rules are on the scenario's page, the others on their area's page; each assumption and
    interpretation option → its entry on the Assumptions page."""
    from docutils.nodes import make_id

    from solver.catalog import catalog
    from solver.scenarios import SCENARIOS

    links = {}
    for rule in catalog().rules.values():
        scen = rule.area.replace("_", "-")
        page = f"scenarios/{scen}" if scen in SCENARIOS else f"rules/{rule.area}"
        links[rule.id] = f"{page}.html#{make_id('rule-' + rule.id)}"
    for option in catalog().options.values():
        links[option.name] = f"assumptions.html#{make_id('option-' + option.name)}"
    return links


def build_table(outdir: Path, root: Path = ROOT, standalone: bool = False,
                links: dict[str, str] | None = None) -> Path:
    """Write the Table page's files into the site folder ``outdir``; returns the ``_static/table`` folder."""
    outdir = Path(outdir)
    target = outdir / "_static" / "table"
    runtime = pyodide_dir(root)
    (target / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        src, dst = runtime / name, target / "pyodide" / name
        if not dst.exists() or dst.stat().st_size != src.stat().st_size or dst.stat().st_mtime < src.stat().st_mtime:
            write_atomic(dst, src.read_bytes())
    for asset in sorted(ASSETS.iterdir()):
        if asset.is_file():
            write_atomic(target / asset.name, asset.read_bytes())
    write_zip(target / "deepmadness.zip", root)
    write_atomic(target / "examples.json", json.dumps(examples(root), ensure_ascii=False))
    write_atomic(target / "rule-links.json", json.dumps(links if links is not None else rule_links(root)))
    if standalone:
        write_atomic(outdir / "table.html", STANDALONE.format(body=BODY))
    return target


def sphinx_build_finished(app, exception) -> None:
    """Sphinx ``build-finished``: the Table page's files beside the ``html`` build (not the single page, which
    leaves the Table page out)."""
    if exception is not None or app.builder.name != "html":
        return
    links = None
    data = getattr(app, "dm_data", None)
    if data is not None:
        from .data import html_id, option_anchor, rule_anchor

        links = {r: app.builder.get_target_uri(data.page_of_rule(r)) + "#" + html_id(rule_anchor(r))
                 for r in data.catalog.rules}
        links.update({o: app.builder.get_target_uri("assumptions") + "#" + html_id(option_anchor(o))
                      for o in data.catalog.options})
    build_table(Path(app.outdir), links=links)


def setup(app):
    app.connect("build-finished", sphinx_build_finished)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":  # python rules_docs/_ext/dm_rulebook/table.py OUTDIR: the Table page alone
    import sys

    sys.path.insert(0, str(ROOT))
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "_build" / "table")
    build_table(out, standalone=True)
    print(f"The table: {out / 'table.html'}")
