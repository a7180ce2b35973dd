Feature: Fathoms Dark — the devouring track
  Nine spaces valued 3 and 2 by turns. Unlike the other two scenarios, the text gives this track no hazard icons.

  Rule: The track's values

    @rule:fathoms-track.values
    Scenario: Nine spaces
      Given a new Fathoms Dark game
      Then the Fathoms Dark devouring track has 9 spaces

    @rule:fathoms-track.values
    Scenario Outline: Space <space> is worth <value>
      Given a new Fathoms Dark game
      Then space <space> of the Fathoms Dark devouring track is worth <value>

      Examples:
        | space | value |
        | 1     | 3     |
        | 2     | 2     |
        | 3     | 3     |
        | 4     | 2     |
        | 5     | 3     |
        | 6     | 2     |
        | 7     | 3     |
        | 8     | 2     |
        | 9     | 3     |

  Rule: No hazard effect on this track (assumption fathoms-track.hazards)

    @rule:fathoms-track.no-hazards @option:fathoms-track.hazards
    Scenario Outline: The devour marker reaches space <space>
      The rulebook describes no hazard for this track; that none is resolved is the assumption fathoms-track.hazards.
      Given the Fathoms Dark option "fathoms-track.hazards" is set to "none"
      And a new Fathoms Dark game with the devour marker on space <from>
      When the Fathoms Dark devour marker advances
      Then the devour marker stands on space <space> of the Fathoms Dark devouring track
      And no hazard effect is resolved in Fathoms Dark

      Examples:
        | from | space |
        | 1    | 2     |
        | 2    | 3     |
        | 5    | 6     |
        | 8    | 9     |

  Rule: The last space ends the game

    @rule:fathoms-track.values @rule:outcome.loss-devouring-track
    Scenario Outline: The devour marker on space <space>
      Given a new Fathoms Dark game with the devour marker on space <space>
      Then the Fathoms Dark game <result>

      Examples:
        | space | result                                            |
        | 8     | goes on                                           |
        | 9     | is lost under rule "outcome.loss-devouring-track" |
