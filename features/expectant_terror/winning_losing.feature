Feature: Expectant Terror — losing and winning
  The game is lost when all six nest markers are on the board; it is won when the Nest has been killed. Under one
  reading of the hazard effect (expectant-nest-marker.no-room = game-lost), a nest marker with no free room loses too.

  Background:
    Given an Expectant Terror game with Lisbeth Gibson and Sophie Brigman

  Rule: Six nest markers on the board lose the game

    @rule:expectant-outcome.loss-six-nest-markers
    Scenario Outline: With nest markers in <count> rooms the game <verdict>
      Given nest markers lie in rooms <rooms>
      Then the Expectant Terror game <verdict>

      Examples:
        | count | rooms                  | verdict                                                                |
        | 0     | none                   | goes on                                                                |
        | 5     | 1, 2, 17, 19, 20       | goes on                                                                |
        | 6     | 1, 2, 17, 19, 20, 23   | is lost by rule "expectant-outcome.loss-six-nest-markers"              |

    @rule:expectant-outcome.loss-six-nest-markers @rule:expectant-nest-marker.supply
    Scenario: The spawn that places the sixth marker loses the game
      Given the Expectant Terror devoured deck is 17, 19, 20, 23, 24, 25, 26, 27, 28, 29, 1, 2
      And nest markers lie in rooms 1, 2, 24, 25
      And the Expectant Terror devour marker stands on track space 1
      When the Expectant Terror spawn phase is resolved
      Then the nest markers went to rooms 17 and 19
      And 1 nest markers were not placed
      And the Expectant Terror game is lost by rule "expectant-outcome.loss-six-nest-markers"

  Rule: A nest marker with nowhere to go (only under expectant-nest-marker.no-room = game-lost)

    @rule:expectant-outcome.loss-no-room-for-nest-marker
    Scenario Outline: Every room of the deck holds a marker, under expectant-nest-marker.no-room = <setting>
      Given the Expectant Terror option "expectant-nest-marker.no-room" is set to "<setting>"
      And the Expectant Terror devoured deck is 17, 19, 20
      And nest markers lie in rooms 17, 19
      When 2 nest markers are spawned in Expectant Terror
      Then the nest markers went to rooms 20
      And 1 nest markers were not placed
      And the Expectant Terror game <verdict>

      Examples:
        | setting    | verdict                                                               |
        | not-placed | goes on                                                               |
        | game-lost  | is lost by rule "expectant-outcome.loss-no-room-for-nest-marker"      |

  Rule: Killing the Nest wins the game

    @rule:expectant-outcome.win-nest-killed @rule:expectant-nest.activates-when-wounded
    Scenario Outline: The last wound, under expectant-nest.killing-wound = <setting>
      Given the Expectant Terror option "expectant-nest.killing-wound" is set to "<setting>"
      And the Nest has 4 wounds
      When the Nest is dealt 1 wounds
      Then the Nest has 5 wounds in all
      And the Expectant Terror game <verdict at the wound>
      When the Nest's additional activation ends
      Then the Expectant Terror game is won by rule "expectant-outcome.win-nest-killed"
      And the Nest is killed

      Examples:
        | setting         | verdict at the wound                                         |
        | activates-first | goes on                                                      |

    @rule:expectant-outcome.win-nest-killed
    Scenario: Under expectant-nest.killing-wound = no-activation the killing wound wins at once
      Given the Expectant Terror option "expectant-nest.killing-wound" is set to "no-activation"
      And the Nest has 4 wounds
      When the Nest is dealt 1 wounds
      Then the Expectant Terror game is won by rule "expectant-outcome.win-nest-killed"
      And the Nest takes no additional activation
      And the Nest is killed

    @rule:expectant-outcome.win-nest-killed
    Scenario Outline: With maximum health <health> (expectant-nest.maximum-health) the Nest survives <survives> wounds
      Given the Expectant Terror option "expectant-nest.maximum-health" is set to "<health>"
      And the Nest has <survives> wounds
      Then the Expectant Terror game goes on
      When the Nest is dealt 1 wounds
      Then the Expectant Terror game is won by rule "expectant-outcome.win-nest-killed"

      Examples:
        | health | survives |
        | 4      | 3        |
        | 5      | 4        |
        | 6      | 5        |
        | 7      | 6        |

    @rule:expectant-outcome.win-nest-killed
    Scenario: A killed Nest can't be wounded again
      Given the Nest has 4 wounds
      When the Nest is dealt 1 wounds
      And the Nest is dealt 1 wounds
      Then the Expectant Terror move is refused by rule "expectant-outcome.win-nest-killed"
