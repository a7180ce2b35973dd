Feature: Fathoms Dark — scenario cards and infection
  At the beginning of each round the top scenario card is revealed and the holder of the matching objective marker
  acquires it. He or she places an unbound marker, taken from the Unbound card, on his or her Objective Point at
  the end of that round's activation phase — not at once.

  Background:
    Given a Fathoms Dark position with these investigators:
      | investigator      | objective marker | space |
      | Lisbeth Gibson    | circle           | 17b   |
      | Sophie Brigman    | star             | 24b   |
      | Isaiah Wiesenthal | square           | 25b   |

  Rule: At the beginning of each round the top card is revealed, and its marker's holder acquires it

    @rule:fathoms-cards.reveal-at-round-start @rule:fathoms-cards.holder-acquires
    Scenario Outline: The <card> card is on top
      Given the scenario card deck is <deck>
      When the Fathoms Dark round begins
      Then the scenario card revealed is <card>
      And <holder> holds his or her scenario card
      And the scenario card deck is <rest>

      Examples:
        | deck                 | card   | holder            | rest           |
        | star, circle, square | star   | Sophie Brigman    | circle, square |
        | square, star, circle | square | Isaiah Wiesenthal | star, circle   |

    @rule:fathoms-cards.reveal-at-round-start @rule:fathoms-cards.holder-acquires
    Scenario: The last card of the deck
      Given the unbound markers cover the Objective Points of Lisbeth Gibson and Sophie Brigman
      And the scenario card deck is square
      When the Fathoms Dark round begins
      Then the scenario card revealed is square
      And Isaiah Wiesenthal holds his or her scenario card
      And the scenario card deck is empty

    @rule:fathoms-cards.reveal-at-round-start @option:fathoms-cards.empty-deck
    Scenario: An empty deck reveals nothing
      The text does not mention an empty deck; the assumption fathoms-cards.empty-deck reveals nothing.
      Given the Fathoms Dark option "fathoms-cards.empty-deck" is set to "nothing-revealed"
      And the unbound markers cover the Objective Points of Lisbeth Gibson and Sophie Brigman
      And Isaiah Wiesenthal holds his or her scenario card with no marker placed
      And 0 unbound markers are on the Unbound card and 10 are removed from the game
      When the Fathoms Dark round begins
      Then no scenario card is revealed
      And Isaiah Wiesenthal's Objective Point is not covered

  Rule: The unbound marker comes at the end of the activation phase, not at once

    @rule:fathoms-cards.place-at-end-of-activation-phase
    Scenario: Uncovered until the end of the activation phase
      Given the scenario card deck is star, circle, square
      When the Fathoms Dark round begins
      Then Sophie Brigman's Objective Point is not covered
      And 12 unbound markers are on the Unbound card
      When the Fathoms Dark activation phase ends
      Then Sophie Brigman's Objective Point is covered
      And Lisbeth Gibson's Objective Point is not covered
      And Isaiah Wiesenthal's Objective Point is not covered

  Rule: The placed marker is taken from the Unbound card

    @rule:fathoms-cards.marker-from-unbound-card
    Scenario Outline: <before> markers on the card
      Given Sophie Brigman has acquired his or her scenario card this round
      And <before> unbound markers are on the Unbound card and <removed> are removed from the game
      When the Fathoms Dark activation phase ends
      Then Sophie Brigman's Objective Point is covered
      And <after> unbound markers are on the Unbound card

      Examples:
        | before | removed | after |
        | 12     | 0       | 11    |
        | 1      | 11      | 0     |

    @rule:fathoms-cards.marker-from-unbound-card @rule:fathoms-markers.card-shuffled-back
    @option:fathoms-cards.empty-unbound-card
    Scenario Outline: The Unbound card is empty (<setting>)
      Given the Fathoms Dark option "fathoms-cards.empty-unbound-card" is set to "<setting>"
      And the unbound markers cover the Objective Points of Lisbeth Gibson
      And Sophie Brigman has acquired his or her scenario card this round
      And 0 unbound markers are on the Unbound card and 11 are removed from the game
      When the Fathoms Dark activation phase ends
      Then Sophie Brigman's Objective Point is not covered
      And 0 unbound markers are on the Unbound card
      And Sophie Brigman <has card>
      And the scenario card deck holds <deck>, in some order

      Examples:
        | setting      | has card                               | deck         |
        | keep-card    | holds his or her scenario card         | square       |
        | shuffle-back | does not hold his or her scenario card | square, star |
