Feature: Franklyn Christie's and Sophie Brigman's abilities that are weapons
  Franklyn Christie's second ability and Sophie Brigman's first ability count as weapon cards. Their special
  effects belong to an attack made with that ability: when Franklyn or Sophie attacks with a weapon card, those
  effects can't be used or triggered. The abilities' texts are not public, so the scenarios name their special
  effects.

  Rule: Franklyn Christie's second ability and Sophie Brigman's first ability count as weapon cards

    @rule:weapon-ability.franklyn-second @rule:weapon-ability.sophie-first
    Scenario Outline: <investigator> attacks with the ability number <number> on the investigator card
      Given <investigator> holds no weapon card and the special effect of the weapon ability is "ability effect"
      When <investigator> tries to attack with the ability number <number> on the investigator card
      Then the weapon attack <verdict>

      Examples:
        | investigator      | number | verdict                                             |
        | Franklyn Christie | 2      | is made with "Franklyn Christie's second ability"   |
        | Franklyn Christie | 1      | is refused by rule "weapon-ability.franklyn-second" |
        | Franklyn Christie | 3      | is refused by rule "weapon-ability.franklyn-second" |
        | Sophie Brigman    | 1      | is made with "Sophie Brigman's first ability"       |
        | Sophie Brigman    | 2      | is refused by rule "weapon-ability.sophie-first"    |

    @rule:weapon-ability.franklyn-second @rule:weapon-ability.sophie-first
    Scenario Outline: <attacker> can't attack with <owner>'s weapon ability
      When <attacker> tries to attack with <owner>'s weapon ability
      Then the weapon attack is refused by rule "<rule>"

      Examples:
        | attacker       | owner             | rule                           |
        | Sophie Brigman | Franklyn Christie | weapon-ability.franklyn-second |
        | Lisbeth Gibson | Sophie Brigman    | weapon-ability.sophie-first    |

  Rule: The abilities' special effects apply only to attacks made with them

    @rule:weapon-ability.effects-only-with-ability
    Scenario Outline: <investigator> makes a weapon attack with <weapon>
      Given <investigator> holds the weapon card "Grappler" with the special effect "Grappler's effect"
      And the special effect of <investigator>'s weapon ability is "<ability effect>"
      When <investigator> makes a weapon attack with "<weapon>"
      Then the special effects that apply to the weapon attack are <applying>
      And the special effect "<ability effect>" <ability verdict> in the weapon attack
      And the special effect "Grappler's effect" <card verdict> in the weapon attack

      Examples: Franklyn Christie
        | investigator      | ability effect    | weapon                             | applying            | ability verdict                                                   | card verdict             |
        | Franklyn Christie | Franklyn's effect | Franklyn Christie's second ability | "Franklyn's effect" | can be used                                                       | is not among its effects |
        | Franklyn Christie | Franklyn's effect | Grappler                           | "Grappler's effect" | can't be used, by rule "weapon-ability.effects-only-with-ability" | can be used              |

      Examples: Sophie Brigman
        | investigator   | ability effect  | weapon                         | applying            | ability verdict                                                   | card verdict             |
        | Sophie Brigman | Sophie's effect | Sophie Brigman's first ability | "Sophie's effect"   | can be used                                                       | is not among its effects |
        | Sophie Brigman | Sophie's effect | Grappler                       | "Grappler's effect" | can't be used, by rule "weapon-ability.effects-only-with-ability" | can be used              |
