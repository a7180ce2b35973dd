Feature: Fevered Dreams: winning and losing
  The investigators win once every Dimensional Portal has been removed from the board. The scenario has no losing
  condition of its own: the expansion's general ones apply.

  Background:
    Given a Fevered Dreams game on the shipped board
    And Lisbeth Gibson stands in the Fevered Dreams space 2a

  Rule: Winning: every portal removed

    @rule:fevered-outcome.win-portals-removed @rule:outcome.win-scenario
    Scenario Outline: The portals removed from the game: <removed>
      Given the Fevered Dreams portals removed from the game are <removed>
      Then the Fevered Dreams game is <state>

      Examples:
        | removed                                    | state                                                |
        | none                                       | not over                                             |
        | red, blue, green, yellow and purple        | not over                                             |
        | blue, green, yellow, purple and white      | not over                                             |
        | red, blue, green, yellow, purple and white | won under rule "fevered-outcome.win-portals-removed" |

  Rule: Only the general losing conditions

    @rule:fevered-outcome.general-losses-only
    Scenario: A board full of mist, a full Obscure card and an investigator at existence 1 lose nothing by themselves
      Given every Fevered Dreams space holds one flooded marker
      And the Obscure card holds 3 obscure markers
      And the existence dial of Lisbeth Gibson shows 1
      Then the Fevered Dreams game is not over

    @rule:fevered-outcome.general-losses-only @rule:outcome.loss-devouring-track
    Scenario: The devour marker reaches the last space of the track
      Given the Fevered Dreams devour marker stands on space 8
      When the Fevered Dreams devour phase is resolved
      Then the Fevered Dreams game is lost under rule "outcome.loss-devouring-track"

    @rule:fevered-outcome.general-losses-only @rule:outcome.loss-investigator-killed
    Scenario: An investigator devoured by the mist loses the game
      Given the Fevered Dreams space 2a holds 2 flooded markers
      And the existence dial of Lisbeth Gibson shows 2
      When the activation of Lisbeth Gibson ends
      Then the Fevered Dreams game is lost under rule "outcome.loss-investigator-killed"
