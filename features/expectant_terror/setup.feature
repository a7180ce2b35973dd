Feature: Expectant Terror — special setup
  The Husk card takes the first monster space before the other monsters are chosen at random (never an epic
  monster). The Nest card goes at the end of the activation track and its spawn cards stay out of the spawn deck;
  the Mind Eater card goes on the far left. The Nest figure starts in the Nest space, and the six Husk standees
  join the reserve as Husks.

  Rule: The Husk card is in the first monster space before the monsters are chosen

    @rule:expectant-setup.husk-first
    Scenario: Before the choice the monster activation track holds only the Husk
      Given an Expectant Terror game with Lisbeth Gibson, Sophie Brigman and Isaiah Wiesenthal
      Then the Expectant Terror monster activation track is Husk

    @rule:expectant-setup.husk-first @rule:expectant-setup.random-monsters
    Scenario: The cards drawn fill the spaces after the Husk
      Given an Expectant Terror game with Lisbeth Gibson, Sophie Brigman and Isaiah Wiesenthal
      When the Expectant Terror monster cards drawn are Bloated and Grudge
      Then the Expectant Terror monster activation track is Husk, Bloated, Grudge

  Rule: The other monster spaces are filled at random

    @rule:expectant-setup.random-monsters @option:expectant-setup.random-monster-pool
    Scenario Outline: With seed <seed>, <count> random cards join the Husk, drawn from the engine's pool
      Given an Expectant Terror game set up with seed <seed> for <investigators>
      Then the Expectant Terror monster activation track holds the Husk and then <count> different cards among Immortal, Wrecked, Purge, Despair, Hallucination, Drifter, Grudge, Parasite, Bloated

      Examples:
        | seed | investigators                                                      | count |
        | 1    | Lisbeth Gibson                                                     | 0     |
        | 2    | Lisbeth Gibson and Sophie Brigman                                  | 1     |
        | 3    | Lisbeth Gibson, Sophie Brigman, Isaiah Wiesenthal and Franklyn Christie | 3 |

    @rule:expectant-setup.random-monsters @rule:expectant-setup.husk-standees
    Scenario: The chosen monsters' figures join the reserve
      Given an Expectant Terror game with Lisbeth Gibson, Sophie Brigman and Isaiah Wiesenthal
      When the Expectant Terror monster cards drawn are Bloated and Grudge
      Then the Expectant Terror reserve has 12 Bloated left
      And the Expectant Terror reserve has 8 Grudge left
      And the Expectant Terror reserve has 6 Husk left

    @rule:expectant-setup.random-monsters
    Scenario Outline: Drawing <cards> for two free spaces is refused
      Given an Expectant Terror game with Lisbeth Gibson, Sophie Brigman and Isaiah Wiesenthal
      When the Expectant Terror monster cards drawn are <cards>
      Then the Expectant Terror move is refused by rule "expectant-setup.random-monsters"

      Examples:
        | cards                     |
        | Bloated                   |
        | Bloated, Grudge and Purge |
        | Bloated and Bloated       |

    @option:expectant-setup.random-monster-pool
    Scenario: The engine draws from the expansion's normal monsters (an assumption: "as usual" takes the base game's too)
      The base game's monster cards are not public; cards drawn from a bigger pool are given to the engine as
      drawn (the scenario "The cards drawn fill the spaces after the Husk").
      Given an Expectant Terror game with Lisbeth Gibson
      And the Expectant Terror option "expectant-setup.random-monster-pool" is set to "expansion-normal-monsters"
      Then the expansion's normal monsters are Immortal, Wrecked, Purge, Despair, Hallucination, Drifter, Grudge, Parasite, Bloated

  Rule: Epic monsters can't be used

    @rule:expectant-setup.no-epic
    Scenario Outline: A random draw with seed <seed> never takes the epic monster
      Given an Expectant Terror game with Lisbeth Gibson, Sophie Brigman and Isaiah Wiesenthal
      When the Expectant Terror monster cards are drawn with seed <seed> from Bloated, epic Leviathan and Grudge
      Then the Expectant Terror monster activation track holds the Husk and then 2 different cards among Bloated, Grudge

      Examples:
        | seed |
        | 1    |
        | 2    |
        | 3    |

    @rule:expectant-setup.no-epic
    Scenario: Only epic monsters left to draw: the spaces can't be filled
      Given an Expectant Terror game with Lisbeth Gibson and Sophie Brigman
      When the Expectant Terror monster cards are drawn with seed 1 from epic Leviathan
      Then the Expectant Terror move is refused by rule "expectant-setup.random-monsters"

  Rule: The Nest card goes at the end of the activation track

    @rule:expectant-setup.nest-card-last
    Scenario: The Nest activates last of all
      Given an Expectant Terror game with Lisbeth Gibson and Sophie Brigman
      And the Expectant Terror monster cards drawn are Purge
      Then the Expectant Terror activation order is Mind Eater, Lisbeth Gibson, Husk, Sophie Brigman, Purge, Nest

    @rule:expectant-setup.nest-card-last
    Scenario: The Nest card is never one of the monster spaces
      Given an Expectant Terror game with Lisbeth Gibson and Sophie Brigman
      When the Expectant Terror monster cards drawn are Nest
      Then the Expectant Terror move is refused by rule "expectant-setup.nest-card-last"

  Rule: The Nest's spawn cards stay out of the spawn deck

    @rule:expectant-setup.no-nest-spawn-cards
    Scenario Outline: The spawn deck under expectant-setup.mind-eater-spawn-cards = <setting>
      Given an Expectant Terror game with Lisbeth Gibson and Sophie Brigman
      And the Expectant Terror option "expectant-setup.mind-eater-spawn-cards" is set to "<setting>"
      And the Expectant Terror monster cards drawn are Despair
      Then the Expectant Terror spawn deck holds the spawn cards of <monsters>

      Examples:
        | setting      | monsters                      |
        | not-shuffled | Husk and Despair              |
        | shuffled-in  | Husk, Despair and Mind Eater  |

  Rule: The Mind Eater card goes on the far left of the activation track

    @rule:expectant-setup.mind-eater-far-left
    Scenario Outline: The Mind Eaters activate where expectant-setup.mind-eater-slot = <setting> says
      Given an Expectant Terror game with Lisbeth Gibson and Sophie Brigman
      And the Expectant Terror option "expectant-setup.mind-eater-slot" is set to "<setting>"
      And the Expectant Terror monster cards drawn are Wrecked
      Then the Expectant Terror activation order is <order>

      Examples:
        | setting                   | order                                                            |
        | before-first-investigator | Mind Eater, Lisbeth Gibson, Husk, Sophie Brigman, Wrecked, Nest  |
        | with-first-monster-space  | Lisbeth Gibson, Mind Eater, Husk, Sophie Brigman, Wrecked, Nest  |

    @rule:expectant-setup.mind-eater-far-left
    Scenario: The Mind Eater card is never one of the monster spaces
      Given an Expectant Terror game with Lisbeth Gibson and Sophie Brigman
      When the Expectant Terror monster cards drawn are Mind Eater
      Then the Expectant Terror move is refused by rule "expectant-setup.mind-eater-far-left"

  Rule: The Nest figure starts in the Nest space

    @rule:expectant-setup.nest-figure
    Scenario Outline: The Nest stands in the Nest space with the health expectant-nest.maximum-health = <health> gives
      Given an Expectant Terror game with Lisbeth Gibson
      And the Expectant Terror option "expectant-nest.maximum-health" is set to "<health>"
      Then the Nest stands on 2b
      And the Nest's maximum health is <health>

      Examples:
        | health |
        | 4      |
        | 5      |
        | 6      |
        | 7      |

  Rule: The six Husk standees are in the reserve, as Husk figures

    @rule:expectant-setup.husk-standees
    Scenario: The reserve starts with six Husks and six Mind Eaters
      Given an Expectant Terror game with Lisbeth Gibson
      Then the Expectant Terror reserve has 6 Husk left
      And the Expectant Terror reserve has 6 Mind Eater left

    @rule:expectant-setup.standees-are-husks
    Scenario: A Husk standee spawns as a Husk figure with the Husk's values
      Given an Expectant Terror game with Lisbeth Gibson
      And nest markers lie in rooms 1
      And the Expectant Terror investigator Lisbeth Gibson is on 1a with 2 infested tokens
      And the Expectant Terror activation of Lisbeth Gibson is under way
      When the Expectant Terror investigator Lisbeth Gibson discards at the nest marker
      Then the Expectant Terror space 1a holds 2 Husk figures
      And the Husk figures spawned have maximum health 4
      And the Expectant Terror reserve has 4 Husk left
