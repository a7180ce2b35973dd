"""The build's one addition to pyproject.toml: the specification's feature files ship in the package.

They stay in the repository's top-level ``features/`` (pytest-bdd, the site and the spec read them there) and are
the data-only subpackage ``solver.features`` of the wheel (and of an editable install), so an installed
``deepmadness rule``/``ask`` reads them with ``importlib.resources`` like the catalog (``solver/catalog/*.yaml``).
"""

from setuptools import find_namespace_packages, setup

FEATURES = ["solver.features", *("solver.features." + p for p in find_namespace_packages("features"))]

setup(
    packages=[*find_namespace_packages(include=["solver", "solver.*"], exclude=["*.__pycache__"]), *FEATURES],
    package_dir={"solver.features": "features"},
    package_data={"solver": ["**/*.yaml", "schema/*.json"], "solver.features": ["**/*.feature"]},
)
