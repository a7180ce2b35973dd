Feature: Actions outside of activation
  Sometimes an investigator acts outside his or her normal activation. Such actions are not part of an activation:
  the effects and abilities usually available during the investigator's activation can't be used or triggered, and
  nothing that takes place at the beginning or end of an activation is triggered (devoured effects, the drowning
  check). The Fathoms Dark unbound activation "is not a normal investigator activation" and is bound the same way.

  The investigator cards' abilities and the base game's effects are not public, so these scenarios give Sophie
  Brigman two stand-in abilities, "ability A" and "ability B", and Lisbeth Gibson one stand-in effect at each
  moment. The rulebook does not say whether the drowning check and devoured effects come at the beginning or the
  end of an activation; the rule covers both moments, and the one effect whose moment the rulebook names is the
  infested tokens' ("at the beginning of an investigator's activation", Expectant Terror).

  Rule: Effects and abilities of an activation can't be used or triggered outside one

    @rule:outside-activation.no-activation-abilities
    Scenario Outline: Sophie Brigman uses an ability of her activation in <context>
      Given Sophie Brigman has the ability "ability A", usually available during her activation
      When Sophie Brigman tries to use "ability A" in <context>
      Then using the ability <verdict>

      Examples:
        | context                         | verdict                                                         |
        | a normal activation             | is allowed                                                      |
        | an action outside an activation | is refused by rule "outside-activation.no-activation-abilities" |
        | an unbound activation           | is refused by rule "outside-activation.no-activation-abilities" |

    @rule:outside-activation.no-activation-abilities
    Scenario Outline: Of her abilities, Sophie Brigman may use in <context> only <usable>
      Given Sophie Brigman has the ability "ability A", usually available during her activation
      And Sophie Brigman has the ability "ability B", not tied to her activation
      When Sophie Brigman acts in <context>
      Then the abilities Sophie Brigman may use are <usable>

      Examples:
        | context                         | usable                      |
        | a normal activation             | "ability A" and "ability B" |
        | an action outside an activation | "ability B"                 |
        | an unbound activation           | "ability B"                 |

  Rule: Nothing at the beginning or end of an activation is triggered outside one

    @rule:outside-activation.no-start-end-effects
    Scenario Outline: Lisbeth Gibson's <context> begins and ends
      Given these effects take place at Lisbeth Gibson's activation:
        | effect                 | moment    |
        | stand-in for beginning | beginning |
        | stand-in for end       | end       |
        | infested tokens        | beginning |
      When Lisbeth Gibson's turn in <context> begins
      Then the activation effects triggered are <at the beginning>
      When Lisbeth Gibson's turn in <context> ends
      Then the activation effects triggered are <at the end>

      Examples:
        | context                         | at the beginning                               | at the end         |
        | a normal activation             | "stand-in for beginning" and "infested tokens" | "stand-in for end" |
        | an action outside an activation | none                                           | none               |
        | an unbound activation           | none                                           | none               |
