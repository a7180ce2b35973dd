Feature: Fathoms Dark — special setup
  Each investigator draws a scenario card, takes the matching objective marker and starts on the matching
  Objective Point, which is linked to him or her. The drawn cards become a face-down deck; the others leave the
  game. No epic monsters; the Unbound card ends the activation track with the twelve unbound markers on it; the
  Unbound figure stands in the Unbound space; the Unbound spawn cards stay out of the spawn deck.

  Rule: Each investigator draws a scenario card at random

    @rule:fathoms-setup.draw-scenario-card
    Scenario Outline: <count> investigators draw with seed <seed>
      Given a new Fathoms Dark game for <investigators>, the cards drawn with seed <seed>
      Then each of the <count> Fathoms Dark investigators holds a different scenario card

      Examples:
        | count | investigators                                                                            | seed |
        | 1     | Lisbeth Gibson                                                                           | 1    |
        | 2     | Lisbeth Gibson, Sophie Brigman                                                           | 2    |
        | 5     | Lisbeth Gibson, Sophie Brigman, Franklyn Christie, Isaiah Wiesenthal, Christopher Dalton | 3    |

    @rule:fathoms-setup.draw-scenario-card
    Scenario: Two investigators can't draw the same card
      Given a Fathoms Dark game for Lisbeth Gibson and Sophie Brigman
      When Lisbeth Gibson draws the circle card and Sophie Brigman the circle card
      Then the Fathoms Dark step is refused under rule "fathoms-setup.draw-scenario-card"

  Rule: The objective marker, the start space and the link follow the card

    @rule:fathoms-setup.objective-marker @rule:fathoms-setup.start-on-objective-point @rule:fathoms-setup.linked-objective-point
    Scenario Outline: <investigator> draws the <card> card
      Given a Fathoms Dark game for Lisbeth Gibson and Sophie Brigman
      When Lisbeth Gibson draws the <lisbeth> card and Sophie Brigman the <sophie> card
      Then <investigator> holds the <card> objective marker
      And <investigator> stands in <space> on the Fathoms Dark board
      And <investigator>'s Objective Point is the one in <space>

      Examples:
        | lisbeth  | sophie  | investigator   | card     | space |
        | circle   | star    | Lisbeth Gibson | circle   | 17b   |
        | circle   | star    | Sophie Brigman | star     | 24b   |
        | triangle | hexagon | Lisbeth Gibson | triangle | 9b    |
        | triangle | hexagon | Sophie Brigman | hexagon  | 13b   |

  Rule: The drawn cards form the face-down deck; the others leave the game

    @rule:fathoms-setup.face-down-deck
    Scenario: The deck in the order the shuffle gives
      Given a Fathoms Dark game for Lisbeth Gibson and Sophie Brigman
      When Lisbeth Gibson draws the circle card and Sophie Brigman the star card, shuffled into the deck star, circle
      Then the scenario card deck is star, circle

    @rule:fathoms-setup.face-down-deck
    Scenario: A deck that is not the drawn cards is refused
      Given a Fathoms Dark game for Lisbeth Gibson and Sophie Brigman
      When Lisbeth Gibson draws the circle card and Sophie Brigman the star card, shuffled into the deck star, cross
      Then the Fathoms Dark step is refused as not the drawn cards, and nothing is dealt

    @rule:fathoms-setup.face-down-deck @rule:fathoms-setup.unused-cards-out
    Scenario Outline: With <count> investigators
      Given a new Fathoms Dark game for <investigators>, the cards drawn with seed <seed>
      Then the scenario card deck holds exactly the cards the investigators drew
      And <unused> scenario cards are out of the game, none of them in the deck

      Examples:
        | count | investigators                                                                            | seed | unused |
        | 1     | Lisbeth Gibson                                                                           | 4    | 5      |
        | 3     | Lisbeth Gibson, Sophie Brigman, Isaiah Wiesenthal                                        | 5    | 3      |
        | 5     | Lisbeth Gibson, Sophie Brigman, Franklyn Christie, Isaiah Wiesenthal, Christopher Dalton | 6    | 1      |

  Rule: No epic monsters
    The names of the expansion's three epic monsters are not public, so the examples call one "Epic monster A".

    @rule:fathoms-setup.no-epic-monsters
    Scenario Outline: Choosing <monsters> where <epic> is epic
      Given a new Fathoms Dark game
      When the monsters <monsters> are chosen for Fathoms Dark, of which <epic> is epic
      Then the Fathoms Dark monster choice is <verdict>

      Examples:
        | monsters             | epic           | verdict                                             |
        | Husk, Mind Eater     | none           | accepted                                            |
        | Husk, Epic monster A | Epic monster A | refused under rule "fathoms-setup.no-epic-monsters" |
        | Epic monster A       | Epic monster A | refused under rule "fathoms-setup.no-epic-monsters" |

  Rule: The Unbound card ends the activation track, with twelve unbound markers

    @rule:fathoms-setup.unbound-card-last @rule:fathoms-unbound.activates-last
    Scenario: The activation phase ends with Unbound
      Given a new Fathoms Dark game for Lisbeth Gibson, Sophie Brigman, the cards drawn with seed 1
      When the monsters Husk, Mind Eater, Parasite are chosen for Fathoms Dark, of which none is epic
      Then the Fathoms Dark activation phase runs Lisbeth Gibson, Husk, Sophie Brigman, Mind Eater, Parasite, Unbound

    @rule:fathoms-setup.unbound-card-last
    Scenario: The Unbound card is not one of the chosen monsters
      Given a new Fathoms Dark game
      When the monsters Husk, Unbound are chosen for Fathoms Dark, of which none is epic
      Then the Fathoms Dark monster choice is refused under rule "fathoms-setup.unbound-card-last"

    @rule:fathoms-setup.twelve-markers
    Scenario: Twelve markers on the card, none elsewhere
      Given a new Fathoms Dark game
      Then 12 unbound markers are on the Unbound card
      And no unbound marker is on the board or out of the game

  Rule: The Unbound figure starts in the Unbound space

    @rule:fathoms-setup.unbound-figure
    Scenario: Unbound in 5b
      Given a new Fathoms Dark game
      Then the Unbound figure stands in 5b, the Unbound space

  Rule: The Unbound spawn cards stay out of the spawn deck

    @rule:fathoms-setup.no-unbound-spawn-cards
    Scenario Outline: A spawn deck for <monsters>, with Unbound on the activation track
      Given a new Fathoms Dark game
      When the monsters <monsters> are chosen for Fathoms Dark, of which none is epic
      And the Fathoms Dark spawn deck is made
      Then the Fathoms Dark activation phase runs <monsters>, Unbound
      And the Fathoms Dark spawn deck holds the spawn cards of <monsters>, none of Unbound

      Examples:
        | monsters         |
        | Husk, Mind Eater |
        | Husk             |
