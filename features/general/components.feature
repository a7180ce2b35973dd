Feature: Using this expansion's components
  What the box holds, and where each component may be used. The expansion's investigator, activation, monster,
  spawn, search and madness cards may join any chapter of Deep Madness or the base game; the scenario-specific
  monster cards, the nest markers and the Husk standees serve only this expansion's three scenarios. A 3D hatch is
  a locked hatch standee. The section is silent on the other components: the option "components.unlisted" places
  them.

  Rule: The box holds the components of the component list

    @rule:components.contents
    Scenario Outline: The component list's line "<line>" counts <total> components
      When the components on the line "<line>" of the component list are counted
      Then the component count is <total>

      Examples: lines that group several kinds
        | line            | total |
        | Monster Cards   | 15    |
        | Monster Figures | 65    |

      Examples: lines of one kind
        | line                 | total |
        | Spawn Cards          | 42    |
        | Madness Cards        | 23    |
        | Search Cards         | 18    |
        | Investigator Figures | 6     |
        | 3D Hatches           | 6     |
        | Sonar Decoy Marker   | 1     |

    @rule:components.contents @option:components.figure-count
    Scenario Outline: A position with <count> Parasite figures in the reserve (the box holds 12)
      That a position can't hold more figures than the box is the assumption components.figure-count, not a rule of
      the expansion.
      Given the general option "components.figure-count" is set to "box-count"
      When a position whose reserve holds <count> Parasite figures is read
      Then the position is <verdict>

      Examples:
        | count | verdict                                       |
        | 12    | read                                          |
        | 13    | refused under "components.figure-count"       |

  Rule: The expansion's cards may join any chapter of Deep Madness or the base game

    @rule:components.any-chapter
    Scenario Outline: The expansion's <component> may join <where>
      When the players ask whether the <component> may be used in <where>
      Then the components may be used, by rule "components.any-chapter"

      Examples:
        | component            | where                 |
        | investigator cards   | a base-game chapter   |
        | activation cards     | a base-game chapter   |
        | normal monster cards | a base-game chapter   |
        | epic monster cards   | a base-game chapter   |
        | spawn cards          | a base-game chapter   |
        | search cards         | a base-game chapter   |
        | madness cards        | a base-game chapter   |
        | investigator cards   | an expansion scenario |

    @rule:components.any-chapter
    Scenario: A chapter may say otherwise: no epic monsters in this expansion's scenarios
      Given the chapter being played says not to use the epic monster cards
      When the players ask whether the epic monster cards may be used in an expansion scenario
      Then the components may not be used, by rule "components.any-chapter"

  Rule: Some components serve only this expansion's scenarios

    @rule:components.scenario-only
    Scenario Outline: The scenario-only <component> in <where>
      When the players ask whether the <component> may be used in <where>
      Then the components <verdict>, by rule "components.scenario-only"

      Examples:
        | component                       | where                 | verdict         |
        | scenario-specific monster cards | a base-game chapter   | may not be used |
        | nest markers                    | a base-game chapter   | may not be used |
        | Husk standees                   | a base-game chapter   | may not be used |
        | Husk standees                   | an expansion scenario | may be used     |
        | nest markers                    | an expansion scenario | may be used     |

  Rule: A 3D hatch is a locked hatch standee

    @rule:components.3d-hatch
    Scenario Outline: A <hatch> counts as a <kind> hatch
      When the players ask which hatch a <hatch> counts as
      Then it counts as a <kind> hatch

      Examples:
        | hatch                | kind   |
        | 3D hatch             | locked |
        | locked hatch standee | locked |
        | sealed hatch marker  | sealed |
        | broken hatch marker  | broken |

  Rule: The components the section does not name go where the option "components.unlisted" says

    @rule:components.unlisted
    Scenario Outline: The <component> in a base-game chapter (components.unlisted = <setting>)
      Given the general option "components.unlisted" is set to "<setting>"
      When the players ask whether the <component> may be used in a base-game chapter
      Then the components <verdict>, by rule "components.unlisted"

      Examples: each follows the card it serves
        | component          | setting           | verdict         |
        | unbound markers    | follow-their-card | may not be used |
        | obscure markers    | follow-their-card | may not be used |
        | infested tokens    | follow-their-card | may not be used |
        | Nest figure        | follow-their-card | may not be used |
        | scenario cards     | follow-their-card | may not be used |
        | parasite tokens    | follow-their-card | may be used     |
        | Grudge figures     | follow-their-card | may be used     |
        | Sonar Decoy marker | follow-their-card | may be used     |
        | health +1 tokens   | follow-their-card | may be used     |
        | 3D hatches         | follow-their-card | may be used     |

      Examples: only what the section names leaves the scenarios
        | component            | setting     | verdict         |
        | parasite tokens      | listed-only | may not be used |
        | 3D hatches           | listed-only | may not be used |
        | investigator figures | listed-only | may not be used |

    @rule:components.unlisted
    Scenario Outline: In an expansion scenario every component may be used (components.unlisted = <setting>)
      Given the general option "components.unlisted" is set to "<setting>"
      When the players ask whether the unbound markers may be used in an expansion scenario
      Then the components may be used, by rule "components.unlisted"

      Examples:
        | setting           |
        | follow-their-card |
        | listed-only       |
