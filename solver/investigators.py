"""The expansion's investigators and monsters, with the values fan data gives (see BASE-GAME-FACTS.md).

Values the public sources lack are ``None``: a state file must then give them (``health:`` for a figure).
"""

from __future__ import annotations

from dataclasses import dataclass



@dataclass(frozen=True, slots=True)
class InvestigatorCard:
    """An investigator's card: the values the rules read (``None`` where the public sources lack one)."""

    name: str
    health: int | None
    sanity: int | None
    escape: int | None
    note: str = ""


INVESTIGATORS: dict[str, InvestigatorCard] = {c.name: c for c in (
    InvestigatorCard("Lisbeth Gibson", 7, 4, 5, "first ability: stores one die"),
    InvestigatorCard("Franklyn Christie", 12, 3, 4, "second ability is a weapon"),
    InvestigatorCard("Sophie Brigman", 8, 4, 6, "first ability is a weapon"),
    InvestigatorCard("Isaiah Wiesenthal", 9, 5, 4),
    InvestigatorCard("Christopher Dalton", 7, 4, 5, "starts with the Sonar Decoy"),
    InvestigatorCard("Emma Kruger", None, None, None, "values not public: give them in the state file"),
)}

# The expansion's normal monsters (component list); their card values are not public.
NORMAL_MONSTERS = ("Immortal", "Wrecked", "Purge", "Despair", "Hallucination", "Drifter", "Grudge", "Parasite",
                   "Bloated")
