Feature: Fevered Dreams: special setup
  No epic monster; the Obscure card ends the activation track and its spawn cards stay out of the spawn deck. Six
  objective markers of different colours lie face down beside the Obscure card; one, revealed at random, sends the
  Obscure figure to the Dimensional Portal of its colour.

  Background:
    Given a Fevered Dreams game on the shipped board

  Rule: No epic monsters

    @rule:fevered-setup.no-epic-monsters
    Scenario: Choosing an epic monster is refused
      When the Fevered Dreams monster cards are chosen:
        | name    | epic |
        | Grudge  | no   |
        | Leviath | yes  |
      Then the Fevered Dreams operation is refused under rule "fevered-setup.no-epic-monsters"
      And no Fevered Dreams monster card has been chosen

  Rule: The Obscure card ends the activation track

    @rule:fevered-setup.obscure-card-last
    Scenario: The Obscure card comes after the chosen monsters
      When the Fevered Dreams monster cards are chosen:
        | name    | epic |
        | Grudge  | no   |
        | Bloated | no   |
      Then the Fevered Dreams activation track's monster cards are Grudge, Bloated and Obscure

    @rule:fevered-setup.obscure-card-last
    Scenario: Obscure is not one of the chosen monsters
      When the Fevered Dreams monster cards are chosen:
        | name    | epic |
        | Obscure | no   |
      Then the Fevered Dreams operation is refused under rule "fevered-setup.obscure-card-last"

  Rule: Obscure's spawn cards stay out of the spawn deck

    @rule:fevered-setup.no-obscure-spawn-cards
    Scenario: Only the chosen monsters' spawn cards are shuffled in
      When the Fevered Dreams monster cards are chosen:
        | name    | epic |
        | Grudge  | no   |
        | Bloated | no   |
      Then the Fevered Dreams spawn deck holds the spawn cards of Grudge and Bloated, and none of Obscure's

  Rule: Six objective markers face down; one revealed at random places Obscure

    @rule:fevered-setup.objective-markers @rule:fevered-setup.obscure-on-portal
    Scenario Outline: The setup with the seed <seed>
      Given a Fevered Dreams game set up with the seed <seed>
      Then one Fevered Dreams objective marker is revealed and five lie face down, one of each colour
      And Obscure stands on the Dimensional Portal of the revealed objective marker's colour

      Examples:
        | seed |
        | 1    |
        | 2    |
        | 3    |

    @rule:fevered-setup.obscure-on-portal
    Scenario: The revealed colour is random: over many seeds, every colour comes up
      When Fevered Dreams is set up with each seed from 1 to 60
      Then every colour of objective marker is revealed for some seed

    @rule:fevered-setup.obscure-on-portal
    Scenario: The engine never picks the revealed colour: without a random draw it asks for the colour drawn
      When a new Fevered Dreams game is set up for Lisbeth Gibson without a random draw
      Then the colour drawn must be chosen among the Fevered Dreams objective markers red, blue, green, yellow, purple and white

  Rule: Every existence dial starts full

    @rule:fevered-existence.dial @option:fevered-existence.dial-start-level
    Scenario Outline: The existence dial starts at the level the assumption gives (<level>)
      Given the Fevered Dreams option "fevered-existence.dial-start-level" is set to "<level>"
      When Lisbeth Gibson and Sophie Brigman join the Fevered Dreams game
      Then the existence dial of Lisbeth Gibson shows <level>
      And the existence dial of Sophie Brigman shows <level>

      Examples: every setting of fevered-existence.dial-start-level (5 is the default)
        | level |
        | 4     |
        | 5     |
        | 6     |
        | 7     |
