"""The specification's feature files: installed as the data-only package ``solver.features`` (see ``pyproject.toml``)."""
