Feature: Fathoms Dark — the game board
  Fathoms Dark is played on twelve rooms, with the Unbound space in room 5 and an Objective Point for each of the
  six scenario cards. The devoured rooms get a devoured effect marker on every space without a spawn marker.
  The shipped board is an approximation of the printed diagram, which the rulebook text does not reproduce.

  Rule: The board is made of exactly the rulebook's twelve rooms

    @rule:fathoms-board.rooms
    Scenario: The shipped board has the twelve rooms
      Given the Fathoms Dark board shipped with the solver
      Then the Fathoms Dark board has the rooms 5, 9, 12, 13, 17, 19, 23, 24, 25, 26, 27 and 29
      And every Fathoms Dark room has one spawn space

    @rule:fathoms-board.rooms
    Scenario Outline: A board whose rooms differ is refused (<change>)
      Given the Fathoms Dark board shipped with the solver, changed so that <change>
      When the Fathoms Dark scenario is set on that board
      Then the Fathoms Dark board is refused under rule "fathoms-board.rooms"

      Examples:
        | change             |
        | room 9 is left out |
        | a room 30 is added |

  Rule: The Unbound space is in room 5

    @rule:fathoms-board.unbound-space
    Scenario: The Unbound space of the shipped board
      Given the Fathoms Dark board shipped with the solver
      Then the Fathoms Dark Unbound space is 5b, in room 5

    @rule:fathoms-board.unbound-space
    Scenario: A board with the Unbound space outside room 5 is refused
      Given the Fathoms Dark board shipped with the solver, changed so that the Unbound space is 9b
      When the Fathoms Dark scenario is set on that board
      Then the Fathoms Dark board is refused under rule "fathoms-board.unbound-space"

  Rule: Each scenario card's symbol has its Objective Point

    @rule:fathoms-board.objective-points
    Scenario Outline: The <symbol> Objective Point
      Given the Fathoms Dark board shipped with the solver
      Then the Fathoms Dark board has the <symbol> Objective Point in <space>

      Examples:
        | symbol   | space |
        | circle   | 17b   |
        | cross    | 29b   |
        | square   | 25b   |
        | triangle | 9b    |
        | star     | 24b   |
        | hexagon  | 13b   |

    @rule:fathoms-board.objective-points
    Scenario: A board lacking an Objective Point is refused
      Given the Fathoms Dark board shipped with the solver, changed so that the hexagon Objective Point is left out
      When the Fathoms Dark scenario is set on that board
      Then the Fathoms Dark board is refused under rule "fathoms-board.objective-points"

  Rule: A devoured effect marker on every space of the devoured rooms but the spawn spaces

    @rule:fathoms-board.devoured-effects
    Scenario: The devoured effect markers at the start
      Given a new Fathoms Dark game
      Then a devoured effect marker lies on exactly the spaces 5b, 5c, 26b, 27b and 27c
      And no devoured effect marker lies on the spawn spaces 5a, 26a and 27a

    @rule:fathoms-board.devoured-effects
    Scenario: The markers are drawn from the shuffled pile
      Given a new Fathoms Dark game
      When the devoured effect markers Acid, Darkness, Madness, Rot, Silence and Whispers are shuffled with seed 7 and placed
      Then a devoured effect marker lies on exactly the spaces 5b, 5c, 26b, 27b and 27c
      And the five devoured effect markers placed are five different ones of that pile
