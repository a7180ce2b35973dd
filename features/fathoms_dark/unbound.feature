Feature: Fathoms Dark — the Unbound monster
  Unbound activates after the last monster of the activation track. The unbound markers on its card are its
  lives; how it loses one is the assumption fathoms-unbound.unbound-lives (its card is not public).

  Background:
    Given a Fathoms Dark position with these investigators:
      | investigator   | objective marker | space |
      | Lisbeth Gibson | circle           | 5b    |
      | Sophie Brigman | star             | 24b   |

  Rule: Unbound activates last

    @rule:fathoms-unbound.activates-last
    Scenario Outline: Monsters <monsters>
      Given the Fathoms Dark monster cards are <monsters>
      Then the Fathoms Dark activation phase runs <order>

      Examples:
        | monsters                   | order                                                               |
        | Husk, Mind Eater           | Lisbeth Gibson, Husk, Sophie Brigman, Mind Eater, Unbound           |
        | Husk                       | Lisbeth Gibson, Husk, Sophie Brigman, Unbound                       |
        | Husk, Mind Eater, Parasite | Lisbeth Gibson, Husk, Sophie Brigman, Mind Eater, Parasite, Unbound |

  Rule: The markers on its card are its lives

    @rule:fathoms-unbound.lives @option:fathoms-unbound.unbound-lives
    Scenario Outline: A life a kill: Unbound with health 3 takes <wounds> wounds
      Given the Fathoms Dark option "fathoms-unbound.unbound-lives" is set to "marker-per-kill"
      And Unbound has a health of 3
      When Lisbeth Gibson deals <wounds> wounds to Unbound
      Then Unbound lost <lost> lives
      And <card> unbound markers are on the Unbound card
      And <removed> unbound markers are out of the game

      Examples:
        | wounds | lost | card | removed |
        | 2      | 0    | 12   | 0       |
        | 3      | 1    | 11   | 1       |
        | 7      | 2    | 10   | 2       |

    @rule:fathoms-unbound.lives @option:fathoms-unbound.unbound-lives
    Scenario Outline: A life a wound: Unbound takes <wounds> wounds
      Given the Fathoms Dark option "fathoms-unbound.unbound-lives" is set to "marker-per-wound"
      And <before> unbound markers are on the Unbound card and <out> are removed from the game
      When Lisbeth Gibson deals <wounds> wounds to Unbound
      Then Unbound lost <lost> lives
      And <card> unbound markers are on the Unbound card

      Examples:
        | before | out | wounds | lost | card |
        | 12     | 0   | 2      | 2    | 10   |
        | 1      | 11  | 3      | 1    | 0    |
