"""The two renderings of an :class:`~solver.answers.Answer`, written in one place: plain text for a terminal (its
first line is the result) and JSON-ready data (``to_data``) that the published JSON Schema describes
(``solver/schema/answer.schema.json``)."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from .answers import Answer, Choice, ResultKind

#: At most this many choices are listed one per line in the text; the rest are counted.
TEXT_CHOICES_SHOWN = 12


def to_data(answer: Answer) -> dict[str, Any]:
    """The answer as plain data (mappings, lists, strings, numbers, booleans, null), in field order."""
    data = plain(answer)
    data["summarised"] = answer.is_summarised
    return data


def to_text(answer: Answer) -> str:
    """The answer as text: the result first, then the outcome, the choices (or each step's options), the
    explanation, the rules and the options that decided it."""
    lines = [answer.result.text]
    if answer.outcome is not None:
        o = answer.outcome
        if answer.result.kind is ResultKind.OUTCOME:  # the result says it: add the rule that decided it
            lines[0] += f" [{o.rule}]"
        else:
            lines.append(f"The game is {'won' if o.result == 'win' else 'lost'}: {o.detail} [{o.rule}]")
        if o.also_met:
            lines.append("Also met at the same moment: " + ", ".join(o.also_met))
    if answer.steps:
        who = answer.chooser or "the players"
        lines.append(f"Each step is chosen on its own, by {who}:")
        for step in answer.steps:
            lines.append(f"  {step.label}: " + " | ".join(_choice_text(c) for c in step.options))
    if answer.choices and (answer.result.kind is not ResultKind.DETERMINED or answer.choices[0].why):
        if answer.result.kind is ResultKind.CHOICE and not answer.steps:
            who = answer.chooser or "the players"  # "the players choose", "the attacking investigator chooses"
            lines.append(f"{_cap(who)} choose{'' if who.endswith('players') else 's'} one of {answer.result.count}:")
        for c in answer.choices[:TEXT_CHOICES_SHOWN]:
            lines.append(f"  - {c.label}" + (f": {c.why}" if c.why else ""))
        more = answer.result.count - min(len(answer.choices), TEXT_CHOICES_SHOWN)
        if more > 0:
            lines.append(f"  … and {more} more (--json lists {len(answer.choices)})"
                         if len(answer.choices) > TEXT_CHOICES_SHOWN else f"  … and {more} more")
    for played in answer.events:
        lines.append(f"{played.event}:" + (" the play stops here" if played.stopped else ""))
        lines += [f"  fires {r.rule}: {r.what}" for r in played.fired]
        lines += [f"  {c.entry}: {value_text(c.before)} → {value_text(c.after)}" for c in played.changes]
        if not (played.fired or played.changes or played.stopped):
            lines.append("  nothing happens")
    lines += [f"  {e}" for e in answer.explanation]
    if answer.rules:
        lines.append("Rules: " + ", ".join(answer.rules))
    if answer.options:
        lines.append("Options: " + ", ".join(f"{k}={v}" for k, v in answer.options.items()))
    if answer.approximate_board:
        lines.append("Board: the shipped layout, an approximation of the printed board.")
    return "\n".join(lines)


def value_text(v: Any) -> str:
    """A value of an answer's data in a few words: ``none``, ``[2, 4, 5]``, ``{face: 5, state: stored}``."""
    if v is None:
        return "none"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {value_text(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(value_text(x) for x in v) + "]"
    return str(v)


def _choice_text(c: Choice) -> str:
    return c.label


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def plain(v: Any) -> Any:
    """JSON-ready data of a value: dataclasses as mappings, enums by value, sets in a stable order."""
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: plain(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, enum.Enum):
        return v.value
    if isinstance(v, dict):
        return {str(k): plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    if isinstance(v, (set, frozenset)):
        return sorted((plain(x) for x in v), key=str)
    return v


# --- the published JSON Schema -----------------------------------------------------------------------------------
SCHEMA_ID = "https://deepmadness.invalid/schema/answer.schema.json"


def answer_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :func:`to_data`, derived from the dataclasses of :mod:`solver.answers`:
    every field is written, so every field is required and no other is allowed. The package ships it as
    ``solver/schema/answer.schema.json`` (``python -m solver.golden --schema`` writes it; a test keeps the two
    equal)."""
    from . import answers

    defs: dict[str, Any] = {}
    _schema_of(answers.Answer, defs)
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID,
              "title": "A deepmadness answer",
              "description": "What `deepmadness QUESTION STATE.yaml --json` prints: one answer as data.",
              **defs.pop("Answer"), "$defs": dict(sorted(defs.items()))}
    schema["properties"]["summarised"] = {
        "type": "boolean", "description": "Whether only some of the options are listed (result.count says how many)."}
    schema["required"].append("summarised")
    return schema


def _schema_of(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    import types
    import typing

    if dataclasses.is_dataclass(tp):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # a placeholder while its fields are described
            hints = typing.get_type_hints(tp)
            fields = dataclasses.fields(tp)
            defs[name] = {"type": "object",
                          "description": " ".join((tp.__doc__ or "").split()),
                          "properties": {f.name: _schema_of(hints[f.name], defs) for f in fields},
                          "required": [f.name for f in fields], "additionalProperties": False}
        return {"$ref": f"#/$defs/{name}"}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        defs.setdefault(tp.__name__, {"enum": [m.value for m in tp],
                                      "description": " ".join((tp.__doc__ or "").split())})
        return {"$ref": f"#/$defs/{tp.__name__}"}
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_schema_of(a, defs) for a in args]}
    if origin is tuple or origin is list:
        return {"type": "array", "items": _schema_of(args[0], defs)}
    if origin is dict:
        return {"type": "object", "additionalProperties": _schema_of(args[1], defs)}
    simple = {str: "string", int: "integer", bool: "boolean", float: "number", type(None): "null"}
    if tp in simple:
        return {"type": simple[tp]}
    if tp is Any:
        return {}
    raise TypeError(f"no JSON Schema for {tp!r}")
