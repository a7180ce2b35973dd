Feature: Fevered Dreams: the existence dial
  The drowning dial counts existence instead of oxygen. Ending an activation in a mist space turns it down by the
  number of flooded markers there; at 0 the mist devours the investigator. Existence never comes back.

  Background:
    Given a Fevered Dreams game on the shipped board
    And Lisbeth Gibson stands in the Fevered Dreams space 17a

  Rule: The end of an activation in a mist space costs one level a flooded marker

    @rule:fevered-existence.mist-at-end-of-activation @rule:fevered-existence.dial
    Scenario Outline: Lisbeth ends her activation with <count> flooded markers in her space and existence <before>
      Given the Fevered Dreams space 17a holds <count> flooded markers
      And the existence dial of Lisbeth Gibson shows <before>
      When the activation of Lisbeth Gibson ends
      Then the existence dial of Lisbeth Gibson shows <after>
      And Lisbeth Gibson lost <lost> existence

      Examples:
        | count | before | after | lost |
        | 0     | 5      | 5     | 0    |
        | 1     | 5      | 4     | 1    |
        | 3     | 5      | 2     | 3    |
        | 2     | 3      | 1     | 2    |

    @rule:fevered-existence.mist-at-end-of-activation
    Scenario: Mist crossed during the activation costs nothing if it ends outside
      Given the Fevered Dreams space 17a holds 2 flooded markers
      And the existence dial of Lisbeth Gibson shows 4
      When Lisbeth Gibson moves to the Fevered Dreams space 17c
      And the activation of Lisbeth Gibson ends
      Then the existence dial of Lisbeth Gibson shows 4

  Rule: At 0 the mist devours the investigator

    @rule:fevered-existence.devoured-at-zero @rule:outcome.loss-investigator-killed @rule:fevered-outcome.general-losses-only
    Scenario Outline: Lisbeth with existence <before> ends her activation on <count> flooded markers
      Given the Fevered Dreams space 17a holds <count> flooded markers
      And the existence dial of Lisbeth Gibson shows <before>
      When the activation of Lisbeth Gibson ends
      Then the existence dial of Lisbeth Gibson shows 0
      And Lisbeth Gibson has been devoured by the mist
      And the Fevered Dreams game is lost under rule "outcome.loss-investigator-killed"

      Examples:
        | count | before |
        | 2     | 2      |
        | 3     | 1      |

    @rule:fevered-existence.devoured-at-zero
    Scenario: Her health does not matter
      Given the Fevered Dreams space 17a holds 1 flooded markers
      And the existence dial of Lisbeth Gibson shows 1
      When the activation of Lisbeth Gibson ends
      Then Lisbeth Gibson has been devoured by the mist
      And Lisbeth Gibson has taken no wound

  Rule: Existence is never recovered

    @rule:fevered-existence.no-recovery
    Scenario: Nothing raises the existence dial
      Given the existence dial of Lisbeth Gibson shows 2
      When Lisbeth Gibson tries to recover 1 existence
      Then the Fevered Dreams operation is refused under rule "fevered-existence.no-recovery"
      And the existence dial of Lisbeth Gibson shows 2
