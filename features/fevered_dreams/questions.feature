Feature: Fevered Dreams: the positional questions
  The command line answers three Fevered Dreams questions about a position — purple-hazard, obscure-spawn and mist —
  and the general attack-targets question counts obscure markers and Obscure among the targets. Each answer says
  its result first (the outcome when the game ends), counts the options the players may choose between, lists them
  (portal by portal when the portals can't affect each other) and says which rules decided it.

  Rule: purple-hazard counts every outcome of a purple hazard now

    @rule:fevered-track.purple-one-portal-at-a-time @rule:fevered-track.purple-nearest-free-space
    Scenario: The shipped purple-hazard example position
      Given the Fevered Dreams example state "fevered-dreams-purple-hazard.yaml"
      When the Fevered Dreams question "purple-hazard" is asked
      Then the Fevered Dreams answer has 9 choices
      And every Fevered Dreams answer choice floods 18b and 24c
      And the Fevered Dreams answer's rules include "fevered-track.purple-one-portal-at-a-time"

    @rule:fevered-track.purple-one-portal-at-a-time
    Scenario: A symmetric position: the three spaces around the yellow portal all appear
      Given a Fevered Dreams game on the shipped board
      And only the Fevered Dreams portals yellow remain on the board
      And one flooded marker lies in each of the Fevered Dreams spaces 20b
      When the Fevered Dreams question "purple-hazard" is asked
      Then the Fevered Dreams answer's choices are the placements "19b; 20a; 25a"

    @rule:fevered-track.purple-nearest-free-space @rule:fevered-track.purple-each-portal
    Scenario: Portals whose searches can't meet: the choice portal by portal, and how many placements in all
      Given a Fevered Dreams game on the shipped board
      And only the Fevered Dreams portals red and yellow remain on the board
      And one flooded marker lies in each of the Fevered Dreams spaces 3b and 20b
      When the Fevered Dreams question "purple-hazard" is asked
      Then the Fevered Dreams answer's result is "choice"
      And the Fevered Dreams answer has 6 choices
      And the Fevered Dreams answer gives the choice portal by portal: red 3a or 17a; yellow 19b, 20a or 25a

  Rule: obscure-spawn says where the next three obscure markers go

    @rule:fevered-obscure-marker.spawn-three @rule:fevered-obscure-marker.different-rooms
    Scenario: The shipped obscure-spawn example position
      Given the Fevered Dreams example state "fevered-dreams-obscure-spawn.yaml"
      When the Fevered Dreams question "obscure-spawn" is asked
      Then the Fevered Dreams answer has 1 choices
      And the Fevered Dreams answer's only choice is the spaces 25a, 27a and 2b

  Rule: mist gives the mist spaces and what each investigator's existence would lose

    @rule:fevered-mist.mist-space @rule:fevered-existence.mist-at-end-of-activation @rule:fevered-existence.devoured-at-zero
    Scenario: The shipped mist example position
      Given the Fevered Dreams example state "fevered-dreams-mist.yaml"
      When the Fevered Dreams question "mist" is asked
      Then the Fevered Dreams answer shows the mist spaces 3a: 1, 17a: 1, 17b: 2 and 24c: 1
      And the Fevered Dreams answer shows that Lisbeth Gibson would lose 1 existence and not be devoured
      And the Fevered Dreams answer shows that Sophie Brigman would lose 2 existence and be devoured
      And the Fevered Dreams answer shows that Franklyn Christie would lose 0 existence and not be devoured
      And the Fevered Dreams answer's result is "outcome"
      And the Fevered Dreams answer's first line says "The game is lost if Sophie Brigman"
      And the Fevered Dreams answer's outcome is a loss under rule "outcome.loss-investigator-killed"

    @rule:fevered-existence.mist-at-end-of-activation
    Scenario: No dial would reach 0: mist gives what each would lose, and the game goes on
      Given a Fevered Dreams game on the shipped board
      And Lisbeth Gibson stands in the Fevered Dreams space 3a
      And the existence dial of Lisbeth Gibson shows 3
      And the Fevered Dreams space 3a holds 2 flooded markers
      When the Fevered Dreams question "mist" is asked
      Then the Fevered Dreams answer's result is "determined"
      And the Fevered Dreams answer shows that Lisbeth Gibson would lose 2 existence and not be devoured

  Rule: attack-targets counts obscure markers, and Obscure, whose wounds are ignored

    @rule:fevered-obscure.no-wounds
    Scenario: Lisbeth on Obscure's portal may attack Obscure
      Given a Fevered Dreams game on the shipped board
      And Obscure stands on the red Dimensional Portal
      And Lisbeth Gibson stands in the Fevered Dreams space 3b
      When the general question "attack-targets" is asked about Lisbeth Gibson with a range 0 weapon
      Then the Fevered Dreams answer's choices are the targets "Obscure"
      And the Fevered Dreams answer's target "Obscure" is there under rule "fevered-obscure.no-wounds"

    @rule:fevered-obscure-marker.treated-as-monster @rule:fevered-mist.sight
    Scenario Outline: Lisbeth in 2a with a range <range> weapon, obscure markers in 2b and 3a, mist in <mist>
      Given a Fevered Dreams game on the shipped board
      And Lisbeth Gibson stands in the Fevered Dreams space 2a
      And obscure markers stand in the Fevered Dreams spaces 2b and 3a
      And one flooded marker lies in each of the Fevered Dreams spaces <mist>
      When the general question "attack-targets" is asked about Lisbeth Gibson with a range <range> weapon
      Then the Fevered Dreams answer's choices are the targets "<targets>"

      Examples:
        | range | mist | targets                            |
        | 1     | none | Obscure marker#1                   |
        | 2     | none | Obscure marker#1; Obscure marker#2 |
        | 2     | 2b   | nothing                            |
        | 4     | 2b   | Obscure marker#2                   |
