Feature: Sight and weapon range
  The expansion text leans on the base game's line of sight and weapon range without stating them, so both are
  named assumptions with a default: sight.model (what a figure can see) and sight.range (how a weapon's range is
  counted). Each scenario below names the setting it uses. The mist rule of Fevered Dreams applies on top of
  either model (features/fevered_dreams/mist.feature).

  Rule: Sight follows connections by default, or stays inside a room under the same-room model

    @option:sight.model
    Scenario Outline: Looking from 1a to <target> with sight.model set to <setting>
      Given the board option "sight.model" is set to "<setting>"
      And a board whose connections are 1a-1b, 1b-2a, 2a-2b
      When the line of sight from 1a to <target> is traced
      Then the board sight is <sight>

      Examples: the default: sight goes along connections, from room to room
        | setting        | target | sight          |
        | connected-path | 1a     | at distance 0  |
        | connected-path | 1b     | at distance 1  |
        | connected-path | 2a     | at distance 2  |
        | connected-path | 2b     | at distance 3  |

      Examples: the other setting: a figure sees only its own room
        | setting        | target | sight          |
        | same-room      | 1a     | at distance 0  |
        | same-room      | 1b     | at distance 1  |
        | same-room      | 2a     | blocked        |
        | same-room      | 2b     | blocked        |

  Rule: Range is counted as sight distance by default, or in moves to a space in sight

    @option:sight.range
    Scenario Outline: A target in 2a behind a closed hatch, seen the long way round, with sight.range set to <setting>
      Given the board option "sight.range" is set to "<setting>"
      And a board where 1a and 2a are joined through a closed hatch, and the way round is 1a, 1b, 3a, 2b, 2a
      When the weapon range from 1a to 2a is measured
      Then the board range is <range>

      Examples:
        | setting         | range |
        | sight-distance  | 4     |
        | moves-and-sight | 1     |
