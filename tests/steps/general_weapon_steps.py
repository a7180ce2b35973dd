"""Steps for the abilities that are weapons (features/general/weapon_abilities.feature)."""

from dataclasses import dataclass, field

import pytest
from pytest_bdd import given, parsers, then, when

from solver.errors import RuleViolation
from solver.weapons import WEAPON_ABILITIES, Armoury, Attack, Weapon

from tests.general_helpers import words


@dataclass
class WeaponRack:
    """What the investigators of a scenario hold: weapon cards and the named effect of their weapon ability."""

    cards: dict[str, list[Weapon]] = field(default_factory=dict)
    ability_effects: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def armoury(self, investigator: str) -> Armoury:
        return Armoury(investigator, tuple(self.cards.get(investigator, ())),
                       self.ability_effects.get(investigator, ()))


@pytest.fixture
def weapon_rack() -> WeaponRack:
    return WeaponRack()


@given(parsers.parse('{investigator} holds the weapon card "{card}" with the special effect "{effect}"'))
def _holds_card(weapon_rack, investigator, card, effect):
    weapon_rack.cards.setdefault(investigator, []).append(Weapon.card(card, (effect,)))


@given(parsers.parse('{investigator} holds no weapon card and the special effect of the weapon ability is "{effect}"'))
def _holds_nothing(weapon_rack, investigator, effect):
    weapon_rack.cards[investigator] = []
    weapon_rack.ability_effects[investigator] = (effect,)


@given(parsers.parse("the special effect of {investigator}'s weapon ability is \"{effect}\""))
def _ability_effect(weapon_rack, investigator, effect):
    weapon_rack.ability_effects[investigator] = (effect,)


def _attempt(make):
    try:
        return make()
    except RuleViolation as refusal:
        return refusal


@when(parsers.parse("{investigator} tries to attack with the ability number {number:d} on the investigator card"),
      target_fixture="weapon_attack")
def _attack_with_ability(weapon_rack, investigator, number):
    return _attempt(lambda: weapon_rack.armoury(investigator).attack_with_ability(number))


@when(parsers.re(r"(?P<attacker>.+) tries to attack with (?P<owner>.+)'s weapon ability"),
      target_fixture="weapon_attack")
def _attack_with_someone_elses(attacker, owner):
    number = WEAPON_ABILITIES[owner][0]
    return _attempt(lambda: Attack(attacker, Weapon.ability(owner, number)))


@when(parsers.parse('{investigator} makes a weapon attack with "{weapon}"'), target_fixture="weapon_attack")
def _attack_with(weapon_rack, investigator, weapon):
    return weapon_rack.armoury(investigator).attack(weapon)


@then(parsers.parse('the weapon attack is made with "{weapon}"'))
def _made_with(weapon_attack, weapon):
    assert isinstance(weapon_attack, Attack), weapon_attack
    assert weapon_attack.weapon.name == weapon


@then(parsers.parse('the weapon attack is refused by rule "{rule}"'))
def _attack_refused(weapon_attack, rule):
    assert isinstance(weapon_attack, RuleViolation), f"the attack is made: {weapon_attack}"
    assert weapon_attack.rule_id == rule


@then(parsers.parse("the special effects that apply to the weapon attack are {effects}"))
def _effects(weapon_attack, effects):
    assert list(weapon_attack.special_effects) == words(effects)


@then(parsers.re(r'the special effect "(?P<effect>[^"]+)" (?P<verdict>can be used|can\'t be used, by rule "(?P<rule>[^"]+)"'
                 r'|is not among its effects) in the weapon attack'))
def _effect_verdict(weapon_attack, effect, verdict, rule):
    if verdict == "can be used":
        assert weapon_attack.may_use(effect)
        weapon_attack.use(effect)
    elif verdict == "is not among its effects":
        assert effect not in weapon_attack.special_effects
    else:
        assert not weapon_attack.may_use(effect)
        with pytest.raises(RuleViolation) as refusal:
            weapon_attack.use(effect)
        assert refusal.value.rule_id == rule
