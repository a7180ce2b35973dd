"""The wheel's build step (``[tool.setuptools] cmdclass`` in pyproject.toml; not imported at run time).

The wheel carries the checked catalog and the parsed feature files as JSON (``solver/catalog/compiled.json``,
``solver/features/compiled.json``) and ``ask``'s index with its meanings and its ranking's tables
(``solver/ask/index.marshal``), made here of the very files the wheel ships, by the package's own code in the build
folder: an installed command loads them instead of checking the YAML and importing the Cucumber parser (and ``ask``
instead of building its index or keeping a cache). An editable install, and the repository, have none (they read the
YAML and the feature files themselves).
"""

from __future__ import annotations

import json
import marshal
import sys
from pathlib import Path

from setuptools.command.build_py import build_py


class BuildWithCompiledCatalog(build_py):
    """setuptools' ``build_py``, then the catalog and the feature files compiled to JSON in the build folder."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        sys.path.insert(0, str(Path(self.build_lib).resolve()))  # the package as the wheel will hold it
        from solver import catalog, spec
        from solver.fileio import write_atomic

        folder = Path(self.build_lib) / "solver" / "catalog"
        write_atomic(folder / catalog.COMPILED,
                     json.dumps(catalog.to_data(catalog.load_catalog(folder)), ensure_ascii=False))
        write_atomic(spec.FEATURES_DIR / spec.COMPILED, json.dumps(spec.compile_features(), ensure_ascii=False))
        from solver.ask import index

        write_atomic(Path(self.build_lib) / "solver" / "ask" / index.PACKAGED,  # made of the compiled files above
                     marshal.dumps(index.with_tables(index.with_meanings(index._build())), index.MARSHAL_VERSION))
