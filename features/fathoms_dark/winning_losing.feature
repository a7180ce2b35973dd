Feature: Fathoms Dark — winning and losing
  The game is lost when every investigator's Objective Point is covered; it is won when all twelve unbound
  markers have been removed from the game. The twelve markers are always on the Unbound card, on the board or out
  of the game.

  Background:
    Given a Fathoms Dark position with these investigators:
      | investigator      | objective marker | space |
      | Lisbeth Gibson    | circle           | 17b   |
      | Sophie Brigman    | star             | 24b   |
      | Isaiah Wiesenthal | square           | 25b   |

  Rule: Lost when every investigator's Objective Point is covered

    @rule:fathoms-outcome.loss-all-covered @rule:outcome.loss-scenario
    Scenario Outline: Covered: <covered>
      Given the unbound markers cover the Objective Points of <covered>
      Then the Fathoms Dark game <result>

      Examples:
        | covered                                              | result                                                |
        | Lisbeth Gibson                                       | goes on                                               |
        | Lisbeth Gibson and Sophie Brigman                    | goes on                                               |
        | Lisbeth Gibson, Sophie Brigman and Isaiah Wiesenthal | is lost under rule "fathoms-outcome.loss-all-covered" |

    @rule:fathoms-outcome.loss-all-covered
    Scenario: The last marker placed loses the game
      Given the unbound markers cover the Objective Points of Lisbeth Gibson and Sophie Brigman
      And the scenario card deck is square
      When the Fathoms Dark round begins
      Then the Fathoms Dark game goes on
      When the Fathoms Dark activation phase ends
      Then the Fathoms Dark game is lost under rule "fathoms-outcome.loss-all-covered"

  Rule: Won when all the unbound markers are out of the game

    @rule:fathoms-outcome.win-all-removed @rule:outcome.win-scenario
    Scenario Outline: <card> on the card, <board> on the board, <removed> out of the game
      Given the unbound markers cover the Objective Points of <covered>
      And <card> unbound markers are on the Unbound card and <removed> are removed from the game
      Then the Fathoms Dark game <result>

      Examples:
        | card | board | covered        | removed | result                                              |
        | 0    | 0     | nobody         | 12      | is won under rule "fathoms-outcome.win-all-removed" |
        | 1    | 0     | nobody         | 11      | goes on                                             |
        | 0    | 1     | Lisbeth Gibson | 11      | goes on                                             |

    @rule:fathoms-outcome.win-all-removed @rule:fathoms-markers.killed-removed
    Scenario: Killing the last marker wins
      Given the unbound markers cover the Objective Points of Lisbeth Gibson
      And 0 unbound markers are on the Unbound card and 11 are removed from the game
      When Sophie Brigman deals 4 wounds to the unbound marker on Lisbeth Gibson's Objective Point
      Then the Fathoms Dark game is won under rule "fathoms-outcome.win-all-removed"

  Rule: Twelve unbound markers, always (assumption fathoms-outcome.marker-count)

    @rule:fathoms-outcome.twelve-markers @option:fathoms-outcome.marker-count
    Scenario Outline: <card> on the card, <covered> covered, <removed> out of the game
      Given the Fathoms Dark option "fathoms-outcome.marker-count" is set to "twelve"
      And the unbound markers cover the Objective Points of <covered>
      And <card> unbound markers are on the Unbound card and <removed> are removed from the game
      When the Fathoms Dark position is read
      Then the Fathoms Dark position is <verdict>

      Examples:
        | card | covered        | removed | verdict                                             |
        | 11   | Lisbeth Gibson | 0       | accepted                                            |
        | 12   | Lisbeth Gibson | 0       | refused under rule "fathoms-outcome.twelve-markers" |
        | 5    | nobody         | 5       | refused under rule "fathoms-outcome.twelve-markers" |
