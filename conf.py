"""Sphinx configuration of the living rulebook (``make rulebook``).

The pages are MyST Markdown in ``rules_docs/``; this file sits at the repository root, so build with ``-c .``::

    sphinx-build -n -W --keep-going -c . -b html rules_docs _build/html
    sphinx-build -n -W --keep-going -c . -b singlehtml rules_docs _build/singlehtml

Everything that shows rules, scenarios, status, boards, examples or the command line is generated at build time
by the extension in ``rules_docs/_ext/dm_rulebook`` from the data (catalog, features, last run's results, boards,
examples, ``solver.cli.build_parser()``); nothing of it is pasted into the pages.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
for p in (ROOT, ROOT / "rules_docs" / "_ext"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

project = "Deep Madness: Endless Nightmares — living rulebook"
author = "the deepmadness contributors"
copyright = "the deepmadness contributors; Deep Madness is a game by Diemension Games"
release = version = "0.1"

extensions = ["myst_parser", "dm_rulebook", "dm_rulebook.table"]  # .table: the Table page's files
myst_enable_extensions = ["colon_fence", "deflist"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_ext", "catalog", "_build", "**/.*"]
nitpicky = True

html_theme = "furo"
html_title = "Deep Madness rulebook"
html_short_title = "Deep Madness rulebook"
html_copy_source = False
html_show_sourcelink = False
html_theme_options = {
    "navigation_with_keys": True,
    "light_css_variables": {"color-brand-primary": "#2c5d7c", "color-brand-content": "#2c5d7c"},
    "dark_css_variables": {"color-brand-primary": "#7fb8dc", "color-brand-content": "#7fb8dc"},
}
smartquotes = False
