"""The expansion's components: how many of each, and where each may be used.

"Using This Expansion" sorts the components three ways: the cards that may join any chapter of Deep Madness or
the base game (``components.any-chapter``), the ones kept to this expansion's scenarios
(``components.scenario-only``), and the 3D hatches, which are locked hatch standees (``components.3d-hatch``).
It is silent on the rest; the interpretation option ``components.unlisted`` places them
(``components.unlisted``).

>>> may_use("Husk standee", "expansion scenario")
True
>>> may_use("Husk standees", "base-game chapter")
False
>>> hatch_kind("3D hatch")
'locked'
>>> total("Monster Figures")
65
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Collection

from .board import HATCHES
from .catalog import Options
from .errors import InputError, RuleViolation

#: Where a component may be wanted: one of this expansion's three scenarios, or a chapter of the base game (or of
#: any other Deep Madness box).
WHERE = ("expansion scenario", "base-game chapter")

#: The hatch kinds of the base game (as on a board file's connections).
HATCH_KINDS = HATCHES


class Use(enum.Enum):
    """What "Using This Expansion" says of a component."""

    ANY_CHAPTER = "any chapter"  # components.any-chapter
    SCENARIO_ONLY = "expansion scenarios only"  # components.scenario-only
    UNLISTED = "not named"  # components.unlisted: the option decides


@dataclass(frozen=True)
class Component:
    """One kind of component: its name (singular, the rulebook's words), how many the box holds, the line of the
    component list it is counted on, what "Using This Expansion" says of it, and — for a component the section
    does not name — what it serves: ``"scenario"`` (a component of the scenarios' own rules) or ``"card"`` (it
    serves cards that may go anywhere)."""

    name: str
    count: int
    group: str
    use: Use
    serves: str | None = None  # for Use.UNLISTED: "scenario" or "card"
    note: str = ""

    def __post_init__(self) -> None:
        if (self.use is Use.UNLISTED) != (self.serves in ("scenario", "card")):
            raise ValueError(f"{self.name}: an unlisted component says what it serves, a listed one doesn't")


_A, _S, _U = Use.ANY_CHAPTER, Use.SCENARIO_ONLY, Use.UNLISTED

COMPONENTS: tuple[Component, ...] = (
    Component("normal monster card", 9, "Monster Cards", _A),
    Component("epic monster card", 3, "Monster Cards", _A,
              note="the three scenarios themselves forbid epic monsters (a chapter may say otherwise)"),
    Component("scenario-specific monster card", 3, "Monster Cards", _S, note="Unbound, Obscure, Nest"),
    Component("investigator card", 6, "Investigator Cards", _A),
    Component("spawn card", 42, "Spawn Cards", _A),
    Component("activation card", 6, "Activation Cards", _A),
    Component("despair marker", 6, "Despair Markers", _U, "card", "serves the Despair monster card"),
    Component("Husk standee", 6, "Husk Standees", _S, note="Expectant Terror: treated as Husk figures"),
    Component("scenario card", 6, "Scenario Cards", _U, "scenario", "the Fathoms Dark scenario cards"),
    Component("search card", 18, "Search Cards", _A),
    Component("madness card", 23, "Madness Cards", _A),
    Component("unbound marker", 12, "Unbound Markers", _U, "scenario", "Fathoms Dark: Unbound's lives"),
    Component("obscure marker", 6, "Obscure Markers", _U, "scenario", "Fevered Dreams: the arcane knowledge"),
    Component("nest marker", 6, "Nest Markers", _S),
    Component("Sonar Decoy marker", 1, "Sonar Decoy Marker", _U, "card", "Christopher Dalton starts with it"),
    Component("infested token", 12, "Infested Tokens", _U, "scenario", "Expectant Terror: the Nest's infection"),
    Component("health +1 token", 12, "Health +1 Tokens", _U, "card", "Important Concepts › Gaining 1 Health"),
    Component("parasite token", 12, "Parasite Tokens", _U, "card", "serves the Parasite monster card"),
    Component("grudge token", 12, "Grudge Tokens", _U, "card", "serves the Grudge monster card"),
    Component("purge token", 12, "Purge Tokens", _U, "card", "serves the Purge monster card"),
    Component("immortal marker", 9, "Immortal Markers", _U, "card", "serves the Immortal monster card"),
    Component("ADS marker", 1, "ADS Marker", _U, "card", "its card is not public"),
    Component("Heavy Miner figure", 1, "Heavy Miner Figure", _U, "card", "its card is not public"),
    Component("trap mine marker", 3, "Trap Mine Markers", _U, "card", "its card is not public"),
    Component("3D hatch", 6, "3D Hatches", _U, "card", "a locked hatch standee of the base game"),
    Component("investigator figure", 6, "Investigator Figures", _U, "card", "follows the investigator cards"),
    Component("Unbound figure", 1, "Monster Figures", _U, "scenario", "Fathoms Dark"),
    Component("Obscure figure", 1, "Monster Figures", _U, "scenario", "Fevered Dreams"),
    Component("Nest figure", 1, "Monster Figures", _U, "scenario", "Expectant Terror"),
    Component("Immortal figure", 3, "Monster Figures", _U, "card"),
    Component("Wrecked figure", 3, "Monster Figures", _U, "card"),
    Component("Purge figure", 5, "Monster Figures", _U, "card"),
    Component("Despair figure", 5, "Monster Figures", _U, "card"),
    Component("Hallucination figure", 5, "Monster Figures", _U, "card"),
    Component("Drifter figure", 3, "Monster Figures", _U, "card"),
    Component("Grudge figure", 8, "Monster Figures", _U, "card"),
    Component("Parasite figure", 12, "Monster Figures", _U, "card"),
    Component("Bloated figure", 12, "Monster Figures", _U, "card"),
    Component("Mind Eater figure", 6, "Monster Figures", _U, "card", "more figures of a base-game monster"),
)

_BY_KEY = {c.name.lower(): c for c in COMPONENTS}


def component(name: str) -> Component:
    """The component called ``name`` (any case, singular or plural: "Husk standees", "3D hatches")."""
    key = " ".join(str(name).split()).lower()
    for candidate in (key, key[:-1], key[:-2]):
        if candidate in _BY_KEY:
            return _BY_KEY[candidate]
    raise InputError(f"no component {name!r} in the expansion; known: {', '.join(c.name for c in COMPONENTS)}",
                     rule_id="components.contents")


def total(group: str) -> int:
    """How many components a line of the component list counts ("Monster Cards" → 15)."""
    found = [c.count for c in COMPONENTS if c.group.lower() == group.lower()]
    if not found:
        raise InputError(f"no line {group!r} in the component list", rule_id="components.contents")
    return sum(found)


@dataclass(frozen=True)
class Ruling:
    """Whether a component may be used somewhere, and the rule (and option, if one decided) behind it."""

    component: str
    where: str
    allowed: bool
    rule_id: str
    reason: str
    option: str | None = None  # "components.unlisted=follow-their-card" when that option decided


def ruling(name: str, where: str, options: Options | None = None,
           chapter_excludes: Collection[str] = ()) -> Ruling:
    """Whether the component ``name`` may be used in ``where`` (one of :data:`WHERE`).

    ``chapter_excludes`` names the components the chapter being played says not to use ("Epic monsters cannot be
    used"): the any-chapter list holds "unless otherwise stated"."""
    comp = component(name)
    if where not in WHERE:
        raise InputError(f"where must be one of {', '.join(WHERE)}, not {where!r}")
    excluded = {component(x).name for x in chapter_excludes}
    if comp.name in excluded:
        return Ruling(comp.name, where, False, "components.any-chapter",
                      f"the chapter being played says not to use the {comp.name}s")
    if where == "expansion scenario":
        return Ruling(comp.name, where, True, "components.scenario-only" if comp.use is _S else
                      "components.any-chapter" if comp.use is _A else "components.unlisted",
                      "every component of the expansion serves its own scenarios")
    if comp.use is _A:
        return Ruling(comp.name, where, True, "components.any-chapter",
                      f"the {comp.name}s may join any chapter or the base game")
    if comp.use is _S:
        return Ruling(comp.name, where, False, "components.scenario-only",
                      f"the {comp.name}s are used only in this expansion's scenarios")
    setting = (options or Options())["components.unlisted"]
    option = f"components.unlisted={setting}"
    if setting == "listed-only":
        return Ruling(comp.name, where, False, "components.unlisted",
                      f"the section does not name the {comp.name}s among the components that may go anywhere",
                      option)
    if comp.serves == "scenario":
        return Ruling(comp.name, where, False, "components.unlisted",
                      f"the {comp.name}s serve only the scenarios' own rules ({comp.note})", option)
    return Ruling(comp.name, where, True, "components.unlisted",
                  f"the {comp.name}s serve cards that may go anywhere" + (f" ({comp.note})" if comp.note else ""),
                  option)


def may_use(name: str, where: str, options: Options | None = None, chapter_excludes: Collection[str] = ()) -> bool:
    """Whether the component may be used in ``where`` ("expansion scenario" or "base-game chapter")."""
    return ruling(name, where, options, chapter_excludes).allowed


def check_use(name: str, where: str, options: Options | None = None,
              chapter_excludes: Collection[str] = ()) -> Ruling:
    """Like :func:`may_use`, but a component that may not be used there raises :class:`RuleViolation`."""
    r = ruling(name, where, options, chapter_excludes)
    if not r.allowed:
        raise RuleViolation(r.rule_id, f"the {r.component} can't be used in a {where}: {r.reason}")
    return r


def hatch_kind(name: str) -> str:
    """The base-game hatch a hatch component counts as: a 3D hatch is a locked hatch (``components.3d-hatch``);
    a base-game hatch ("sealed hatch marker", "locked hatch standee") is its own kind."""
    key = " ".join(str(name).split()).lower()
    if key in ("3d", "3d hatch", "3d hatches"):  # "3d" as a board file writes it
        return "locked"
    first = key.split(" ", 1)[0]
    if first in HATCH_KINDS and " hatch" in f" {key}":
        return first
    raise InputError(f"{name!r} is not a hatch; a hatch is a 3D hatch or a base-game "
                     f"{'/'.join(HATCH_KINDS)} hatch", rule_id="components.3d-hatch")
