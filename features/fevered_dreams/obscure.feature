Feature: Fevered Dreams: Obscure
  Obscure lurks on a Dimensional Portal. It activates after the last monster of the activation track, and it can't
  take wounds or be killed: the rulebook does not say it can't be attacked, so it is a legal target whose wounds
  are ignored (whatever else an attack does still happens).

  Background:
    Given a Fevered Dreams game on the shipped board

  Rule: Obscure activates after the last monster

    @rule:fevered-obscure.activates-last @rule:fevered-setup.obscure-card-last
    Scenario Outline: <investigators> with the monster cards <monsters>
      Given the investigators <investigators> are on the Fevered Dreams activation track
      And the Fevered Dreams monster cards <monsters> have been chosen
      Then the Fevered Dreams activation order is <order>

      Examples:
        | investigators                     | monsters          | order                                                  |
        | Lisbeth Gibson and Sophie Brigman | Grudge and Bloated | Lisbeth Gibson, Grudge, Sophie Brigman, Bloated, Obscure |
        | Lisbeth Gibson                    | Grudge and Bloated | Lisbeth Gibson, Grudge, Bloated, Obscure                 |
        | Lisbeth Gibson and Sophie Brigman | Grudge             | Lisbeth Gibson, Grudge, Sophie Brigman, Obscure          |

  Rule: Obscure can't take wounds or be killed, yet it may be attacked

    @rule:fevered-obscure.no-wounds
    Scenario: An attack on Obscure deals it no wound
      Given Obscure stands on the red Dimensional Portal
      And Lisbeth Gibson stands in the Fevered Dreams space 3b
      When Lisbeth Gibson attacks "Obscure" and the dice deal 3 wounds
      Then Obscure took none of the 3 wounds, under rule "fevered-obscure.no-wounds"
      And Obscure stands in the Fevered Dreams space 3b
      And the Fevered Dreams game is not over

    @rule:fevered-obscure.no-wounds @rule:fevered-obscure-marker.treated-as-monster
    Scenario: Obscure is among the attack targets, like an obscure marker in its space
      Given Obscure stands on the red Dimensional Portal
      And an obscure marker stands in the Fevered Dreams space 3a
      Then the Fevered Dreams attack targets of Lisbeth Gibson are "Obscure; Obscure marker#1"
