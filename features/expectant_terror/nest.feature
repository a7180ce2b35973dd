Feature: Expectant Terror — the Nest
  The Nest activates after the last monster. It takes at most 1 wound a game round, for any reason; that wound makes
  it activate once at once, and after that activation its figure leaves the board. At the start of the next round
  it returns to the spawn space of the devoured deck's top room, whose card then goes to the bottom.

  Background:
    Given an Expectant Terror game with Lisbeth Gibson, Sophie Brigman and Isaiah Wiesenthal
    And the Expectant Terror monster cards drawn are Parasite and Despair

  Rule: The Nest activates after the last monster of the activation track

    @rule:expectant-nest.activates-last
    Scenario: The Nest comes after the third monster space
      Then the Expectant Terror activation order is Mind Eater, Lisbeth Gibson, Husk, Sophie Brigman, Parasite, Isaiah Wiesenthal, Despair, Nest

  Rule: The Nest takes no more than 1 wound a game round

    @rule:expectant-nest.one-wound-per-round
    Scenario Outline: Dealt <dealt> wounds, the Nest takes <taken>
      When the Nest is dealt <dealt> wounds
      Then the Nest took <taken> wounds and ignored <ignored>
      And the Nest has <taken> wounds in all

      Examples:
        | dealt | taken | ignored |
        | 0     | 0     | 0       |
        | 1     | 1     | 0       |
        | 2     | 1     | 1       |
        | 4     | 1     | 3       |

    @rule:expectant-nest.one-wound-per-round
    Scenario: A second wound in the same round is ignored, even during its additional activation
      When the Nest is dealt 1 wounds
      And the Nest is dealt 1 wounds
      Then the Nest took 0 wounds and ignored 1
      And the Nest has 1 wounds in all

    @rule:expectant-nest.one-wound-per-round @rule:expectant-nest.returns-next-round
    Scenario: In the next round it can take a wound again
      Given the Nest has taken its wound this round and left the board
      When the next Expectant Terror round begins
      And the Nest is dealt 3 wounds
      Then the Nest took 1 wounds and ignored 2
      And the Nest has 2 wounds in all

  Rule: The wound makes it activate once, at once

    @rule:expectant-nest.activates-when-wounded
    Scenario: After its wound the Nest takes its additional activation, still on the board
      When the Nest is dealt 1 wounds
      Then the Nest takes its additional activation now
      And the Nest stands on 2b

    @rule:expectant-nest.activates-when-wounded
    Scenario: No wound taken, no additional activation
      Given the Nest has taken its wound this round and left the board
      When the next Expectant Terror round begins
      And the Nest is dealt 0 wounds
      Then the Nest takes no additional activation

    @rule:expectant-nest.activates-when-wounded
    Scenario: There is no additional activation to end without a wound
      When the Nest's additional activation ends
      Then the Expectant Terror move is refused by rule "expectant-nest.activates-when-wounded"

  Rule: After that activation its figure leaves the board

    @rule:expectant-nest.removed-after-activation
    Scenario: The Nest leaves the board when its additional activation ends
      When the Nest is dealt 1 wounds
      And the Nest's additional activation ends
      Then the Nest is off the board
      And the Nest is not killed
      And the Expectant Terror game goes on

  Rule: A Nest off the board does not activate and can't be wounded (assumption expectant-nest.removed-figure)

    @rule:expectant-nest.off-board-no-activation @option:expectant-nest.removed-figure
    Scenario: The activation order leaves out a removed Nest
      Given the Expectant Terror option "expectant-nest.removed-figure" is set to "inactive"
      And the Nest has taken its wound this round and left the board
      Then the Expectant Terror activation order is Mind Eater, Lisbeth Gibson, Husk, Sophie Brigman, Parasite, Isaiah Wiesenthal, Despair

    @rule:expectant-nest.off-board-no-activation @option:expectant-nest.removed-figure
    Scenario: A removed Nest can't be wounded
      Given the Expectant Terror option "expectant-nest.removed-figure" is set to "inactive"
      And the Nest has taken its wound this round and left the board
      When the Nest is dealt 1 wounds
      Then the Expectant Terror move is refused by rule "expectant-nest.off-board-no-activation"

  Rule: At the start of the next round it returns to the devoured deck's top room

    @rule:expectant-nest.returns-next-round @rule:expectant-nest.return-card-to-bottom
    Scenario Outline: With <top> on top of the devoured deck the Nest returns to <space>
      Given the Expectant Terror devoured deck is <deck>
      And the Nest has taken its wound this round and left the board
      When the next Expectant Terror round begins
      Then the Nest stands on <space>
      And the Expectant Terror devoured deck is now <after>

      Examples:
        | top | deck                   | space | after                  |
        | 26  | 26, 27, 28, 1, 2, 17   | 26a   | 27, 28, 1, 2, 17, 26   |
        | 2   | 2, 17, 19, 20          | 2a    | 17, 19, 20, 2          |

    @rule:expectant-nest.returns-next-round
    Scenario: A Nest on the board stays where it is when the round begins
      Given the Expectant Terror devoured deck is 26, 27, 28
      When the next Expectant Terror round begins
      Then the Nest stands on 2b
      And the Expectant Terror devoured deck is now 26, 27, 28

    @rule:expectant-nest.returns-next-round @rule:expectant-nest.removed-after-activation
    Scenario: A round can't begin while the Nest's additional activation is under way
      When the Nest is dealt 1 wounds
      And the next Expectant Terror round begins
      Then the Expectant Terror move is refused by rule "expectant-nest.removed-after-activation"

    @rule:expectant-nest.returns-next-round @rule:expectant-nest.one-wound-per-round
    Scenario: Round by round the Nest takes one wound each time
      When the Nest is dealt 2 wounds
      And the Nest's additional activation ends
      And the next Expectant Terror round begins
      And the Nest is dealt 2 wounds
      And the Nest's additional activation ends
      And the next Expectant Terror round begins
      Then the Nest has 2 wounds in all
      And the Expectant Terror game goes on
