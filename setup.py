"""The build's additions to pyproject.toml.

* The specification's feature files ship in the package. They stay in the repository's top-level ``features/``
  (pytest-bdd, the site and the spec read them there) and are the data-only subpackage ``solver.features`` of the
  wheel (and of an editable install), so an installed ``deepmadness rule``/``ask`` reads them with
  ``importlib.resources`` like the catalog (``solver/catalog/*.yaml``).
* The wheel carries the checked catalog and the parsed feature files as JSON (``solver/catalog/compiled.json``,
  ``solver/features/compiled.json``, made here of the very files the wheel ships, by the package's own code in the
  build folder): an installed command loads them instead of checking the YAML and importing the Cucumber parser.
  An editable install, and the repository, have none.
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
        sys.path.insert(0, str(Path(self.build_lib).resolve()))  # the package as the wheel will hold it
        from solver import catalog, spec

        folder = Path(self.build_lib) / "solver" / "catalog"
        (folder / catalog.COMPILED).write_text(json.dumps(catalog.to_data(catalog.load_catalog(folder)),
                                                          ensure_ascii=False), "utf-8")
        (spec.FEATURES_DIR / spec.COMPILED).write_text(json.dumps(spec.compile_features(), ensure_ascii=False),
                                                       "utf-8")


setup(
    packages=[*find_namespace_packages(include=["solver", "solver.*"], exclude=["*.__pycache__"]), *FEATURES],
    package_dir={"solver.features": "features"},
    package_data={"solver": ["**/*.yaml"], "solver.features": ["**/*.feature"]},
    cmdclass={"build_py": BuildWithCompiledCatalog},
)
