"""Answers to positional questions: every option the players may choose between, and why."""

from __future__ import annotations

from dataclasses import dataclass, field



from typing import Any


@dataclass(frozen=True, slots=True)
class Choice:
    """One option tied for best. ``value`` is what the players pick (a space, a target, an order …);
    ``why`` explains it (distances, paths)."""

    value: Any
    why: str = ""
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer to one question about one position.

    ``choices`` holds *every* option tied for best — the rules leave ties to the players — in a stable order;
    an empty tuple means nothing happens or nothing is possible (``summary`` says which). ``rules`` lists the
    rule and option IDs applied."""

    question: str
    summary: str
    choices: tuple[Choice, ...] = ()
    explanation: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    options: dict[str, str] = field(default_factory=dict)  # the non-default options in force

    def values(self) -> list[Any]:
        return [c.value for c in self.choices]

    def to_json(self) -> dict[str, Any]:
        from dataclasses import asdict

        return _plain(asdict(self))

    def to_text(self) -> str:
        lines = [self.summary]
        if len(self.choices) > 1:
            lines.append(f"The players choose one of {len(self.choices)} tied options:")
        for c in self.choices:
            lines.append(f"  - {_show(c.value)}" + (f": {c.why}" if c.why else ""))
        lines += [f"  {e}" for e in self.explanation]
        if self.rules:
            lines.append("Rules: " + ", ".join(self.rules))
        if self.options:
            lines.append("Options: " + ", ".join(f"{k}={v}" for k, v in self.options.items()))
        return "\n".join(lines)


def _show(v: Any) -> str:
    if isinstance(v, (list, tuple)):
        return " → ".join(_show(x) for x in v) if v and not isinstance(v[0], (list, tuple, dict)) else str(v)
    if isinstance(v, dict):
        return ", ".join(f"{k}: {_show(x)}" for k, x in v.items())
    return str(v)


def _plain(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple, set, frozenset)):
        items = [_plain(x) for x in v]
        return sorted(items, key=str) if isinstance(v, (set, frozenset)) else items
    return v
