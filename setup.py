"""The build's additions to pyproject.toml.

* The specification's feature files ship in the package. They stay in the repository's top-level ``features/``
  (pytest-bdd, the site and the spec read them there) and are the data-only subpackage ``solver.features`` of the
  wheel (and of an editable install), so an installed ``deepmadness rule``/``ask`` reads them with
  ``importlib.resources`` like the catalog (``solver/catalog/*.yaml``).
* The wheel carries the checked catalog compiled to JSON (``solver/catalog/compiled.json``, made here of the YAML
  files the wheel ships): an installed command loads it instead of checking the YAML. An editable install has none.
"""

import json
import sys
from pathlib import Path

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

FEATURES = ["solver.features", *("solver.features." + p for p in find_namespace_packages("features"))]


class BuildWithCompiledCatalog(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from solver.catalog import COMPILED, load_catalog, to_data

        folder = Path(self.build_lib) / "solver" / "catalog"
        (folder / COMPILED).write_text(json.dumps(to_data(load_catalog(folder)), ensure_ascii=False), "utf-8")


setup(
    packages=[*find_namespace_packages(include=["solver", "solver.*"], exclude=["*.__pycache__"]), *FEATURES],
    package_dir={"solver.features": "features"},
    package_data={"solver": ["**/*.yaml"], "solver.features": ["**/*.feature"]},
    cmdclass={"build_py": BuildWithCompiledCatalog},
)
