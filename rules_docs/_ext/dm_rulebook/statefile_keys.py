"""The ``dm-statefile-keys`` directive: every scenario's own state-file keys, generated from the ``keys`` of its
:class:`solver.state.ScenarioSection` (``solver/scenarios/<name>/statefile.py``), so the State files page lists
what the reader reads, never a copy of it.

In MyST::

    ```{dm-statefile-keys}
    ```
"""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective


class StateFileKeys(SphinxDirective):
    """One definition list a scenario: its section's name (``fathoms-dark:``), then each key and what it holds."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        import inspect

        from solver.scenarios import SCENARIOS, scenario_class
        from solver.state import section_format

        out: list[nodes.Node] = []
        for name in SCENARIOS:
            cls = scenario_class(name)
            section = section_format(cls)
            self.env.note_dependency(inspect.getfile(type(section)))
            out.append(nodes.rubric("", "", nodes.Text(f"{cls.title}: "), nodes.literal(text=f"{name}:")))
            if not section.keys:
                out.append(nodes.paragraph(text="This scenario has no section of its own."))
                continue
            listing = nodes.definition_list()
            for key, what in section.keys:
                item = nodes.definition_list_item()
                item += nodes.term("", "", nodes.literal(text=key))
                item += nodes.definition("", nodes.paragraph(text=what))
                listing += item
            out.append(listing)
        return out


def setup(app) -> None:
    """Registered by the dm_rulebook extension's own ``setup``."""
    app.add_directive("dm-statefile-keys", StateFileKeys)
