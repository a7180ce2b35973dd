Feature: Fathoms Dark — unbound markers on the Objective Points
  An investigator whose Objective Point is covered can't attack Unbound. For the other investigators the marker on
  it is a monster with 4 health; its owner can't attack it; it never moves. Killed, it leaves the game and its
  owner shuffles his or her scenario card back into the deck.

  Background:
    Given a Fathoms Dark position with these investigators:
      | investigator      | objective marker | space |
      | Lisbeth Gibson    | circle           | 24a   |
      | Sophie Brigman    | star             | 24a   |
      | Isaiah Wiesenthal | square           | 25b   |
    And the unbound markers cover the Objective Points of Sophie Brigman

  Rule: A covered investigator can't attack Unbound

    @rule:fathoms-markers.covered-cannot-attack-unbound
    Scenario Outline: What <attacker> may attack
      Then the Fathoms Dark attack targets of <attacker> are <targets>

      Examples:
        | attacker          | targets                                  |
        | Sophie Brigman    | nothing                                  |
        | Lisbeth Gibson    | Unbound, unbound marker (Sophie Brigman) |
        | Isaiah Wiesenthal | Unbound, unbound marker (Sophie Brigman) |

    @rule:fathoms-markers.covered-cannot-attack-unbound @rule:fathoms-markers.owner-cannot-attack
    Scenario: What Sophie may not attack, and the rule that says so
      Then Sophie Brigman may not attack Unbound in 5b, under rule "fathoms-markers.covered-cannot-attack-unbound"
      And Sophie Brigman may not attack unbound marker (Sophie Brigman) in 24b, under rule "fathoms-markers.owner-cannot-attack"
      And Lisbeth Gibson may attack everything on the Fathoms Dark board the rules allow

    @rule:fathoms-markers.covered-cannot-attack-unbound
    Scenario: Sophie's attack on Unbound is refused
      When Sophie Brigman deals 1 wounds to Unbound
      Then the Fathoms Dark step is refused under rule "fathoms-markers.covered-cannot-attack-unbound"

    @rule:fathoms-markers.covered-cannot-attack-unbound @rule:fathoms-cards.place-at-end-of-activation-phase
    Scenario: Acquiring the card is not yet being covered
      Given Lisbeth Gibson has acquired his or her scenario card this round
      Then the Fathoms Dark attack targets of Lisbeth Gibson are Unbound, unbound marker (Sophie Brigman)

  Rule: For the others, the marker is a monster with maximum health 4

    @rule:fathoms-markers.monster-for-others
    Scenario: The marker shows its health to the others
      Given the unbound marker on Sophie Brigman's Objective Point has 1 wounds
      Then the Fathoms Dark attack targets of Lisbeth Gibson include unbound marker (Sophie Brigman) with health 3 of 4

    @rule:fathoms-markers.monster-for-others
    Scenario Outline: Lisbeth deals <wounds> wounds to it
      When Lisbeth Gibson deals <wounds> wounds to the unbound marker on Sophie Brigman's Objective Point
      Then Sophie Brigman's Objective Point <covered>
      And the unbound marker on Sophie Brigman's Objective Point has <left> health left

      Examples:
        | wounds | covered        | left |
        | 1      | is covered     | 3    |
        | 3      | is covered     | 1    |
        | 4      | is not covered | 0    |

    @rule:fathoms-markers.monster-for-others
    Scenario: Wounds add up over several attacks
      Given the unbound marker on Sophie Brigman's Objective Point has 2 wounds
      When Isaiah Wiesenthal deals 2 wounds to the unbound marker on Sophie Brigman's Objective Point
      Then Sophie Brigman's Objective Point is not covered

  Rule: An investigator can't attack the marker on his or her own Objective Point

    @rule:fathoms-markers.owner-cannot-attack
    Scenario: Sophie attacks her own marker
      When Sophie Brigman deals 4 wounds to the unbound marker on Sophie Brigman's Objective Point
      Then the Fathoms Dark step is refused under rule "fathoms-markers.owner-cannot-attack"
      And Sophie Brigman's Objective Point is covered

    @rule:fathoms-markers.owner-cannot-attack
    Scenario: Two covered investigators may attack each other's marker, never their own
      Given the unbound markers cover the Objective Points of Lisbeth Gibson
      Then the Fathoms Dark attack targets of Lisbeth Gibson are unbound marker (Sophie Brigman)
      And the Fathoms Dark attack targets of Sophie Brigman are unbound marker (Lisbeth Gibson)

  Rule: A marker never moves

    @rule:fathoms-markers.never-moves
    Scenario Outline: An effect would move the marker to <to>
      When an effect moves the unbound marker on Sophie Brigman's Objective Point to <to>
      Then the Fathoms Dark step is refused under rule "fathoms-markers.never-moves"
      And the Fathoms Dark attack targets of Lisbeth Gibson include unbound marker (Sophie Brigman) in 24b

      Examples:
        | to  |
        | 24a |
        | 5b  |

  Rule: At most one marker an Objective Point (assumption fathoms-markers.objective-point-capacity)

    @rule:fathoms-markers.one-per-objective-point @option:fathoms-markers.objective-point-capacity
    Scenario: A covered investigator's card can't be in the deck
      Given the Fathoms Dark option "fathoms-markers.objective-point-capacity" is set to "one-marker"
      And the scenario card deck is star, circle, square
      When the Fathoms Dark position is read
      Then the Fathoms Dark position is refused under rule "fathoms-markers.one-per-objective-point"

  Rule: A killed marker leaves the game, and its owner's card goes back into the deck

    @rule:fathoms-markers.killed-removed @rule:fathoms-markers.card-shuffled-back
    Scenario: Lisbeth kills the marker
      Given the scenario card deck is circle, square
      When Lisbeth Gibson deals 4 wounds to the unbound marker on Sophie Brigman's Objective Point
      Then Sophie Brigman's Objective Point is not covered
      And 1 unbound marker is out of the game
      And 11 unbound markers are on the Unbound card
      And Sophie Brigman does not hold his or her scenario card
      And the scenario card deck holds circle, square and star, in some order

    @rule:fathoms-markers.card-shuffled-back
    Scenario Outline: The card is shuffled to position <position>
      Given the scenario card deck is circle, square
      When Lisbeth Gibson deals 4 wounds to the unbound marker on Sophie Brigman's Objective Point, the card shuffled to position <position>
      Then the scenario card deck is <deck>

      Examples:
        | position | deck                 |
        | 1        | star, circle, square |
        | 3        | circle, square, star |
