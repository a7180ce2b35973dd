"""Weapons, and the two investigator abilities that are weapons.

Franklyn Christie's second ability and Sophie Brigman's first ability count as weapon cards
(``weapon-ability.franklyn-second``, ``weapon-ability.sophie-first``). Their special effects belong to an attack
made with that ability and to no other attack (``weapon-ability.effects-only-with-ability``): when Franklyn or
Sophie attacks with a weapon card, the ability's effects can't be used or triggered.

The texts of the two abilities are not public, so their special effects are named by the caller.

>>> franklyn = Armoury("Franklyn Christie", cards=(Weapon.card("Grappler", ("Grappler's effect",)),),
...                    ability_effects=("Franklyn's ability effect",))
>>> franklyn.attack("Grappler").special_effects
("Grappler's effect",)
>>> franklyn.attack("Franklyn Christie's second ability").special_effects
("Franklyn's ability effect",)
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InputError, RuleViolation

ORDINALS = {1: "first", 2: "second", 3: "third"}

#: investigator → (the number of the ability that is a weapon, the rule that says so)
WEAPON_ABILITIES: dict[str, tuple[int, str]] = {
    "Franklyn Christie": (2, "weapon-ability.franklyn-second"),
    "Sophie Brigman": (1, "weapon-ability.sophie-first"),
}


def ability_name(investigator: str, number: int) -> str:
    """``"Franklyn Christie's second ability"``."""
    return f"{investigator}'s {ORDINALS.get(number, f'#{number}')} ability"


def is_weapon_ability(investigator: str, number: int) -> bool:
    """Whether ability ``number`` (1 = first) on ``investigator``'s card counts as a weapon card."""
    entry = WEAPON_ABILITIES.get(investigator)
    return entry is not None and entry[0] == number


@dataclass(frozen=True)
class Weapon:
    """Something an investigator attacks with: a weapon card, or an ability that counts as one
    (``ability_of`` names the investigator whose card it is on)."""

    name: str
    special_effects: tuple[str, ...] = ()
    ability_of: str | None = None
    ability_number: int | None = None

    @property
    def is_ability(self) -> bool:
        return self.ability_of is not None

    @classmethod
    def card(cls, name: str, special_effects: tuple[str, ...] = ()) -> "Weapon":
        return cls(name, tuple(special_effects))

    @classmethod
    def ability(cls, investigator: str, number: int, special_effects: tuple[str, ...] = ()) -> "Weapon":
        """The ability ``number`` of ``investigator``'s card as a weapon; an ability that is no weapon raises
        :class:`RuleViolation` naming the rule that says which one is."""
        if not is_weapon_ability(investigator, number):
            entry = WEAPON_ABILITIES.get(investigator)
            if entry is None:
                raise InputError(f"no ability on {investigator}'s card counts as a weapon; only Franklyn "
                                 f"Christie's second and Sophie Brigman's first do")
            raise RuleViolation(entry[1], f"{ability_name(investigator, number)} is not a weapon; "
                                          f"{ability_name(investigator, entry[0])} is")
        return cls(ability_name(investigator, number), tuple(special_effects), investigator, number)


@dataclass(frozen=True)
class Attack:
    """An attack by ``attacker`` with ``weapon``; only that weapon's special effects apply to it."""

    attacker: str
    weapon: Weapon
    others: tuple[Weapon, ...] = ()  # the attacker's other weapons, whose effects don't apply

    def __post_init__(self) -> None:
        if self.weapon.is_ability and self.weapon.ability_of != self.attacker:
            rule = WEAPON_ABILITIES[self.weapon.ability_of][1]
            raise RuleViolation(rule, f"{self.weapon.name} is on {self.weapon.ability_of}'s card; "
                                      f"{self.attacker} can't attack with it")

    @property
    def special_effects(self) -> tuple[str, ...]:
        """Every special effect that applies to this attack: the attack weapon's, and no other."""
        return self.weapon.special_effects

    def effect_refusal(self, effect: str) -> RuleViolation | None:
        """Why ``effect`` can't be used or triggered in this attack, or ``None`` when it can."""
        if effect in self.weapon.special_effects:
            return None
        for other in self.others:
            if effect in other.special_effects and other.is_ability:
                return RuleViolation("weapon-ability.effects-only-with-ability",
                                     f"{effect!r} belongs to {other.name}, which counts as a weapon: it applies "
                                     f"only when {self.attacker} attacks with it, not with {self.weapon.name}")
        raise InputError(f"{effect!r} is not a special effect of any of {self.attacker}'s weapons")

    def may_use(self, effect: str) -> bool:
        return self.effect_refusal(effect) is None

    def use(self, effect: str) -> None:
        """Use or trigger ``effect`` in this attack, or raise :class:`RuleViolation`."""
        refusal = self.effect_refusal(effect)
        if refusal:
            raise refusal


@dataclass(frozen=True)
class Armoury:
    """What one investigator can attack with: the weapon cards held, and the ability that counts as a weapon (if
    the investigator has one), whose special effects the caller names."""

    investigator: str
    cards: tuple[Weapon, ...] = ()
    ability_effects: tuple[str, ...] = ()

    def weapons(self) -> tuple[Weapon, ...]:
        entry = WEAPON_ABILITIES.get(self.investigator)
        ability = (Weapon.ability(self.investigator, entry[0], self.ability_effects),) if entry else ()
        return (*self.cards, *ability)

    def weapon(self, name: str) -> Weapon:
        for w in self.weapons():
            if w.name == name:
                return w
        raise InputError(f"{self.investigator} has no weapon {name!r}; "
                         f"weapons: {', '.join(w.name for w in self.weapons()) or 'none'}")

    def attack(self, weapon_name: str) -> Attack:
        """An attack with the named weapon (a card's name, or ``"Sophie Brigman's first ability"``)."""
        weapon = self.weapon(weapon_name)
        return Attack(self.investigator, weapon, tuple(w for w in self.weapons() if w != weapon))

    def attack_with_ability(self, number: int) -> Attack:
        """An attack with ability ``number`` (1 = first) of the investigator's card: only the ability that counts
        as a weapon can attack; any other raises :class:`RuleViolation` naming the rule that says which one is."""
        weapon = Weapon.ability(self.investigator, number, self.ability_effects)
        return Attack(self.investigator, weapon, tuple(w for w in self.weapons() if w != weapon))
