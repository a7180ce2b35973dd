Feature: Expectant Terror — the devouring track and its hazard icons
  Eight spaces, each with the number 2. Under them the hazard icons blue, blue, teal, blue, blue, teal, blue,
  blue: in the spawn phase of a round whose space shows teal, two nest markers spawn; blue, three.

  Background:
    Given an Expectant Terror game with Lisbeth Gibson and Sophie Brigman

  Rule: Eight spaces of value 2

    @rule:expectant-track.values
    Scenario: The devouring track's values
      Then the Expectant Terror devouring track's values are 2, 2, 2, 2, 2, 2, 2, 2

    @rule:expectant-track.values @rule:outcome.loss-devouring-track
    Scenario: The devour marker advancing onto the eighth space loses the game
      Given the Expectant Terror devour marker stands on track space 7
      When the Expectant Terror devour phase is resolved
      Then the Expectant Terror game is lost by rule "outcome.loss-devouring-track"

  Rule: The hazard icons, and how many nest markers each spawns

    @rule:expectant-track.hazards @rule:expectant-track.teal @rule:expectant-track.blue
    Scenario Outline: Track space <space> shows the <icon> icon: <count> nest markers
      Given the Expectant Terror devour marker stands on track space <space>
      Then the Expectant Terror hazard icon of track space <space> is <icon>
      And the hazard spawns <count> nest markers by rule "<rule>"

      Examples:
        | space | icon | count | rule                 |
        | 1     | blue | 3     | expectant-track.blue |
        | 2     | blue | 3     | expectant-track.blue |
        | 3     | teal | 2     | expectant-track.teal |
        | 4     | blue | 3     | expectant-track.blue |
        | 5     | blue | 3     | expectant-track.blue |
        | 6     | teal | 2     | expectant-track.teal |
        | 7     | blue | 3     | expectant-track.blue |
        | 8     | blue | 3     | expectant-track.blue |

    @rule:expectant-track.hazards @rule:expectant-track.blue @option:devouring-track.start
    Scenario: The first round's hazard is the second space's: the marker starts on the first space
      Where the devour marker stands at set-up is not in the expansion's text; the assumption devouring-track.start
      puts it on the first space, so the first devour phase moves it onto space 2 (blue, three nest markers) and the
      first space's icon is never resolved.
      Given the Expectant Terror option "devouring-track.start" is set to "first-space"
      And no nest marker lies on the board
      Then the Expectant Terror devour marker stands on track space 1 in round 1
      When the Expectant Terror devour phase is resolved
      And the Expectant Terror spawn phase is resolved
      Then the Expectant Terror devour marker stands on track space 2 in round 1
      And the nest markers went to rooms 1, 2 and 17

    @rule:expectant-track.teal
    Scenario: A round on a teal space spawns two nest markers
      Given the Expectant Terror devour marker stands on track space 2
      And no nest marker lies on the board
      When the Expectant Terror devour phase is resolved
      And the Expectant Terror spawn phase is resolved
      Then the nest markers went to rooms 1 and 2

    @rule:expectant-track.blue
    Scenario: A round on a blue space spawns three nest markers
      Given the Expectant Terror devour marker stands on track space 3
      And no nest marker lies on the board
      When the Expectant Terror devour phase is resolved
      And the Expectant Terror spawn phase is resolved
      Then the nest markers went to rooms 1, 2 and 17
