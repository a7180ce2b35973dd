Feature: Fevered Dreams: flooded markers and mist spaces
  Flooded markers stack here, and a space holding one is a mist space, not a flooded space: no oxygen is spent.
  An investigator's line of sight can't get into, through or out of a mist space.

  Background:
    Given a Fevered Dreams game on the shipped board

  Rule: A space with one or more flooded markers is a mist space

    @rule:fevered-mist.mist-space
    Scenario Outline: The Fevered Dreams space 17a with <count> flooded markers
      Given the Fevered Dreams space 17a holds <count> flooded markers
      Then the Fevered Dreams space 17a <is or is not> a mist space

      Examples:
        | count | is or is not |
        | 0     | is not       |
        | 1     | is           |
        | 3     | is           |

  Rule: Flooded markers stack

    @rule:fevered-mist.markers-stack
    Scenario: An obscure marker replaced in a space with two flooded markers makes three
      Given the Fevered Dreams space 3a holds 2 flooded markers
      And an obscure marker stands in the Fevered Dreams space 3a
      When the Fevered Dreams round ends
      Then the Fevered Dreams flooded markers are 3a: 3

  Rule: No flooded-space or oxygen rules

    @rule:fevered-mist.no-flooded-rules
    Scenario: Actions in a mist space cost no oxygen, and a mist space is no flooded space
      Given the Fevered Dreams space 17a holds 2 flooded markers
      And Lisbeth Gibson stands in the Fevered Dreams space 17a
      And the existence dial of Lisbeth Gibson shows 5
      Then an action of Lisbeth Gibson costs 0 oxygen
      And the Fevered Dreams space 17a is a mist space
      And the Fevered Dreams space 17a is not a flooded space
      And the existence dial of Lisbeth Gibson shows 5

  Rule: An investigator's sight can't get into, through or out of a mist space

    @rule:fevered-mist.sight
    Scenario Outline: From <from> to <to> with mist in <mist>
      Given one flooded marker lies in each of the Fevered Dreams spaces <mist>
      Then an investigator in the Fevered Dreams space <from> sees <to> at <sight>

      Examples: sight goes around the mist, or not at all
        | from | to  | mist      | sight      |
        | 2a   | 3a  | none      | distance 2 |
        | 2a   | 3a  | 2b        | distance 4 |
        | 2a   | 2b  | 2b        | no distance |
        | 2b   | 2a  | 2b        | no distance |
        | 2b   | 3a  | 2b        | no distance |
        | 2a   | 3a  | 2b and 4a | distance 12 |

    @rule:fevered-mist.sight
    Scenario: The mist spaces are what blocks sight in this position
      Given one flooded marker lies in each of the Fevered Dreams spaces 2b, 17a and 24c
      Then the spaces that block sight in this Fevered Dreams position are 2b, 17a and 24c

  Rule: Sight inside one mist space (interpretation fevered-mist.same-space-sight)

    @rule:fevered-mist.sight
    Scenario Outline: An investigator and an obscure marker in the same mist space, under <setting>
      Given the Fevered Dreams option "fevered-mist.same-space-sight" is set to "<setting>"
      And the Fevered Dreams space 3a holds 1 flooded markers
      Then an investigator in the Fevered Dreams space 3a sees 3a at <sight>

      Examples:
        | setting        | sight       |
        | sees-own-space | distance 0  |
        | blind          | no distance |
