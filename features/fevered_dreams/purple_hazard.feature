Feature: Fevered Dreams: where a purple hazard's flooded markers go
  For each Dimensional Portal on the board a flooded marker goes into the nearest space, counted from the portal,
  that holds no flooded marker yet; the players choose among equally near spaces. Whether the portals are resolved
  one after another (in the order the players like, a marker placed for one portal counting for the next) or all
  at once is the interpretation fevered-track.purple-order; one after another is the default. The engine gives every
  outcome some order and some choice allow — no more, no fewer. Outcomes are written "3a+17c" (the spaces that
  receive a marker), alternatives separated by ";"; "nothing" places no marker.

  Background:
    Given a Fevered Dreams game on the shipped board

  Rule: The nearest space without a flooded marker; equally near spaces are the players' choice

    @rule:fevered-track.purple-nearest-free-space
    Scenario Outline: The red portal alone, with mist around it: <flooded>
      Given only the Fevered Dreams portals red remain on the board
      And one flooded marker lies in each of the Fevered Dreams spaces <flooded>
      When the Fevered Dreams purple hazard outcomes are worked out
      Then the Fevered Dreams purple hazard outcomes are exactly "<outcomes>"

      Examples:
        | flooded        | outcomes       |
        | none           | 3b             |
        | 3b             | 3a; 17a        |
        | 3b and 3a      | 17a            |
        | 3b, 3a and 17a | 2b; 4a; 17b    |

    @rule:fevered-track.purple-nearest-free-space
    Scenario: Three equally near spaces around the yellow portal are three outcomes
      Given only the Fevered Dreams portals yellow remain on the board
      And one flooded marker lies in each of the Fevered Dreams spaces 20b
      When the Fevered Dreams purple hazard outcomes are worked out
      Then the Fevered Dreams purple hazard outcomes are exactly "19b; 20a; 25a"

  Rule: One portal after another, in any order, or all at once (interpretation fevered-track.purple-order)

    @rule:fevered-track.purple-one-portal-at-a-time @option:fevered-track.purple-order
    Scenario: Two portals sharing a neighbour never put two markers there, one after another (the default)
      Given the Fevered Dreams option "fevered-track.purple-order" is set to "one-after-another"
      And only the Fevered Dreams portals red and blue remain on the board
      And one flooded marker lies in each of the Fevered Dreams spaces 3b and 17b
      When the Fevered Dreams purple hazard outcomes are worked out
      Then the Fevered Dreams purple hazard outcomes are exactly "3a+17a; 3a+17c; 17a+17c"
      And the Fevered Dreams purple hazard outcome "3a+17a" comes from 2 resolutions

    @rule:fevered-track.purple-one-portal-at-a-time @rule:fevered-mist.markers-stack @option:fevered-track.purple-order
    Scenario: Resolved all at once, two portals sharing a neighbour may both flood it
      Given the Fevered Dreams option "fevered-track.purple-order" is set to "at-once"
      And only the Fevered Dreams portals red and blue remain on the board
      And one flooded marker lies in each of the Fevered Dreams spaces 3b and 17b
      When the Fevered Dreams purple hazard outcomes are worked out
      Then the Fevered Dreams purple hazard outcomes are exactly "3a+17a; 3a+17c; 17a+17a; 17a+17c"

    @rule:fevered-track.purple-one-portal-at-a-time @option:fevered-track.purple-order
    Scenario Outline: Yellow and purple with mist at 20b and 24c, under fevered-track.purple-order = <setting>
      Given the Fevered Dreams option "fevered-track.purple-order" is set to "<setting>"
      And only the Fevered Dreams portals yellow and purple remain on the board
      And one flooded marker lies in each of the Fevered Dreams spaces 20b and 24c
      When the Fevered Dreams purple hazard outcomes are worked out
      Then the Fevered Dreams purple hazard outcomes are exactly "<outcomes>"

      Examples:
        | setting           | outcomes                                         |
        | one-after-another | 19b+24b; 19b+25a; 20a+24b; 20a+25a; 24b+25a      |
        | at-once           | 19b+24b; 19b+25a; 20a+24b; 20a+25a; 24b+25a; 25a+25a |

    @rule:fevered-track.purple-one-portal-at-a-time @rule:fevered-track.purple-each-portal
    Scenario: Six portals with no mist: every order gives the same outcome
      When the Fevered Dreams purple hazard outcomes are worked out
      Then the Fevered Dreams purple hazard outcomes are exactly "3b+17b+18b+20b+24c+27b"
      And the Fevered Dreams purple hazard outcome "3b+17b+18b+20b+24c+27b" comes from 720 resolutions

    @rule:fevered-track.purple-one-portal-at-a-time
    Scenario: The engine does not pick: the players must say which outcome they choose
      Given only the Fevered Dreams portals red and blue remain on the board
      And one flooded marker lies in each of the Fevered Dreams spaces 3b and 17b
      And the Fevered Dreams devour marker stands on space 2
      When the Fevered Dreams devour phase is resolved
      Then the players must choose among the Fevered Dreams placements "3a+17a; 3a+17c; 17a+17c"
      And the Fevered Dreams devour marker stands on space 2
      And the Fevered Dreams flooded markers are 3b: 1 and 17b: 1

    @rule:fevered-track.purple-one-portal-at-a-time @rule:fevered-mist.markers-stack
    Scenario: The players' chosen outcome is placed
      Given only the Fevered Dreams portals red and blue remain on the board
      And one flooded marker lies in each of the Fevered Dreams spaces 3b and 17b
      And the Fevered Dreams devour marker stands on space 2
      When the Fevered Dreams devour phase is resolved with the placement "3a+17c"
      Then the Fevered Dreams flooded markers are 3a: 1, 3b: 1, 17b: 1 and 17c: 1

    @rule:fevered-track.purple-nearest-free-space
    Scenario: A placement no order allows is refused
      Given only the Fevered Dreams portals red and blue remain on the board
      And one flooded marker lies in each of the Fevered Dreams spaces 3b and 17b
      And the Fevered Dreams devour marker stands on space 2
      When the Fevered Dreams devour phase is resolved with the placement "17a+17a"
      Then the Fevered Dreams operation is refused under rule "fevered-track.purple-nearest-free-space"
      And the Fevered Dreams flooded markers are 3b: 1 and 17b: 1

  Rule: When the nearest spaces already hold flooded markers (interpretation fevered-track.purple-nearest-flooded)

    @rule:fevered-track.purple-nearest-free-space
    Scenario Outline: The red portal's own space is flooded, under <setting>
      Given the Fevered Dreams option "fevered-track.purple-nearest-flooded" is set to "<setting>"
      And only the Fevered Dreams portals red remain on the board
      And one flooded marker lies in each of the Fevered Dreams spaces 3b
      When the Fevered Dreams purple hazard outcomes are worked out
      Then the Fevered Dreams purple hazard outcomes are exactly "<outcomes>"

      Examples:
        | setting        | outcomes |
        | search-further | 3a; 17a  |
        | no-marker      | nothing  |
        | stack          | 3b       |

    @rule:fevered-track.purple-nearest-free-space
    Scenario Outline: The spaces next to the red portal are flooded and its own is left out, under <setting>
      Given the Fevered Dreams option "fevered-track.purple-portal-space" is set to "excluded"
      And the Fevered Dreams option "fevered-track.purple-nearest-flooded" is set to "<setting>"
      And only the Fevered Dreams portals red remain on the board
      And one flooded marker lies in each of the Fevered Dreams spaces 3a and 17a
      When the Fevered Dreams purple hazard outcomes are worked out
      Then the Fevered Dreams purple hazard outcomes are exactly "<outcomes>"

      Examples:
        | setting        | outcomes       |
        | search-further | 2b; 4a; 17b    |
        | no-marker      | nothing        |
        | stack          | 3a; 17a        |

    @rule:fevered-track.purple-nearest-free-space
    Scenario: Under search-further a board full of mist takes no more markers
      Given only the Fevered Dreams portals red remain on the board
      And every Fevered Dreams space holds one flooded marker
      When the Fevered Dreams purple hazard outcomes are worked out
      Then the Fevered Dreams purple hazard outcomes are exactly "nothing"

    @rule:fevered-track.purple-nearest-free-space @rule:fevered-mist.markers-stack
    Scenario: Under stack, two portals may stack onto the same space
      Given the Fevered Dreams option "fevered-track.purple-nearest-flooded" is set to "stack"
      And the Fevered Dreams option "fevered-track.purple-portal-space" is set to "excluded"
      And only the Fevered Dreams portals red and blue remain on the board
      And one flooded marker lies in each of the Fevered Dreams spaces 3a, 17a and 17c
      When the Fevered Dreams purple hazard outcomes are worked out
      Then the Fevered Dreams purple hazard outcomes are exactly "3a+17a; 3a+17c; 17a+17a; 17a+17c"

  Rule: Does the portal's own space count? (interpretation fevered-track.purple-portal-space)

    @rule:fevered-track.purple-nearest-free-space
    Scenario Outline: The red portal with no mist around it, under <setting>
      Given the Fevered Dreams option "fevered-track.purple-portal-space" is set to "<setting>"
      And only the Fevered Dreams portals red remain on the board
      When the Fevered Dreams purple hazard outcomes are worked out
      Then the Fevered Dreams purple hazard outcomes are exactly "<outcomes>"

      Examples:
        | setting  | outcomes |
        | counts   | 3b       |
        | excluded | 3a; 17a  |
