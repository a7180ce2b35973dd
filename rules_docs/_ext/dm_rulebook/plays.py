"""The page "What happens when…": every play example of ``examples/`` (``example: {question: play, events: …}``)
played at build time with ``deepmadness play`` — the situation, the command, the result first, then each event
with the rules that fired and what changed — and, for a rule page, the plays in which the rule fires."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from solver.answers import Answer
from solver.render import value_text

from .data import EXAMPLES_DIR, SiteData
from .md import code, esc, fence, ref

PLAY_LABEL = "play-{stem}"


@cache
def plays() -> tuple[tuple[Path, str, str, Answer], ...]:
    """``(path, title, situation, answer)`` for every play example, in file-name order."""
    from solver.cli import example_answer
    from solver.state import read_example

    found = []
    for path in sorted(EXAMPLES_DIR.glob("*.yaml")):
        spec = read_example(path)
        if spec is None or spec.question != "play":
            continue
        found.append((path, spec.title or path.stem, _situation(path), example_answer(path)))
    return tuple(found)


def _situation(path: Path) -> str:
    """The comment lines at the top of an example (the situation, in words), without the command line."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        text = line[1:].strip()
        if text.startswith("deepmadness "):
            continue
        lines.append(text)
    return " ".join(lines)


def _command(path: Path) -> str:
    from solver.cli import example_argv

    words = ["deepmadness", *example_argv(path.relative_to(EXAMPLES_DIR.parent))]
    return " ".join(w if w.replace("-", "").replace(".", "").replace("/", "").isalnum() else repr(w) for w in words)


def _rule(data: SiteData, rule_id: str) -> str:
    if rule_id in data.catalog.rules:
        return ref(f"rule-{rule_id}", rule_id)
    return code(rule_id)


def plays_page(data: SiteData) -> str:
    """The Markdown of the page: one section a play example."""
    out = []
    for path, title, situation, answer in plays():
        stem = path.stem
        out.append(f"({PLAY_LABEL.format(stem=stem)})=\n## {esc(title)}\n")
        if situation:
            out.append(esc(situation) + "\n")
        out.append(fence("$ " + _command(path), "console"))
        out.append(f"**{esc(answer.result.text)}**\n")
        for played in answer.events:  # a list, not a table: readable on a phone
            out.append(f"{code(played.event)}\n")
            lines = [f"- fires {_rule(data, r.rule)}: {esc(r.what)}" for r in played.fired]
            lines += [f"- {code(c.entry)}: {esc(value_text(c.before))} → {esc(value_text(c.after))}" for c in played.changes]
            if played.stopped:
                lines.append("- the play stops here")
            out.append("\n".join(lines or ["- nothing fires, nothing changes"]) + "\n")
        if answer.choices:
            out.append("The options: " + "; ".join(code(c.label) for c in answer.choices) + "\n")
        out.append(f"Golden answer: {code(f'examples/{stem}.answer.json')}.\n")
    if not out:
        return "No play example yet.\n"
    return "\n".join(out)


def plays_for_rule(rule_id: str) -> list[tuple[str, str]]:
    """``(label, title)`` of every play in which ``rule_id`` fires, for the rule's page."""
    return [(PLAY_LABEL.format(stem=path.stem), title) for path, title, _, answer in plays()
            if any(r.rule == rule_id for e in answer.events for r in e.fired)]
