Feature: Fevered Dreams: Obscure
  Obscure lurks on a Dimensional Portal. It activates after the last monster of the activation track, and it can't
  take wounds or be killed.

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

  Rule: Obscure can't be wounded or killed

    @rule:fevered-obscure.no-wounds
    Scenario: Wounding Obscure is refused
      When Obscure is dealt 3 wounds
      Then the Fevered Dreams operation is refused under rule "fevered-obscure.no-wounds"

    @rule:fevered-obscure.no-wounds
    Scenario: Obscure is never an attack target, even in the investigator's own space
      Given Obscure stands on the red Dimensional Portal
      And Lisbeth Gibson stands in the Fevered Dreams space 3b
      Then the Fevered Dreams attack targets of Lisbeth Gibson are "nothing"
