"""``python -m solver.ask OUT.json``: write ``ask``'s index as JSON, for the website's ask box
(:func:`solver.ask.use_index` loads it)."""

from .index import main

raise SystemExit(main())
