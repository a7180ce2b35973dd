Feature: Fevered Dreams: the board and the devoured deck
  Ten rooms, every one of them devoured from the start, six Dimensional Portals, and a devoured effect marker on
  every space but the spawn spaces. The shipped board approximates the printed one, whose diagram is not in the
  text; a board of one's own must have the same rooms, a start space in room 2 and the six portals.

  Rule: The board is built from the rulebook's ten rooms

    @rule:fevered-board.rooms
    Scenario: The shipped board has exactly the ten rooms
      Given a Fevered Dreams game on the shipped board
      Then the Fevered Dreams board has the rooms 2, 3, 4, 17, 18, 19, 20, 24, 25 and 27
      And every Fevered Dreams room has exactly one spawn space

    @rule:fevered-board.rooms
    Scenario Outline: A board with other rooms is not a Fevered Dreams board
      When a Fevered Dreams board is built from the shipped board <change>
      Then that Fevered Dreams board is refused under rule "fevered-board.rooms"

      Examples:
        | change               |
        | without room 27      |
        | without room 2       |
        | with an extra room 5 |

  Rule: Room 2 is the Start room (on which of its spaces: assumption fevered-setup.start-space)

    @rule:fevered-board.start-room @option:fevered-setup.start-space
    Scenario: The investigators begin on the start space of room 2 (the default)
      Given a Fevered Dreams game on the shipped board
      And the Fevered Dreams option "fevered-setup.start-space" is set to "start-space"
      When Lisbeth Gibson and Sophie Brigman join the Fevered Dreams game
      Then Lisbeth Gibson stands in the Fevered Dreams space 2a
      And Sophie Brigman stands in the Fevered Dreams space 2a
      And the Fevered Dreams space 2a is the start space of room 2

    @rule:fevered-board.start-room @option:fevered-setup.start-space
    Scenario: Where any space of room 2 will do, the players choose among all of them
      Given a Fevered Dreams game on the shipped board
      And the Fevered Dreams option "fevered-setup.start-space" is set to "anywhere-in-start-room"
      When Lisbeth Gibson is placed in the Fevered Dreams Start room
      Then the players must choose where Lisbeth Gibson starts in Fevered Dreams among 2a, 2b and 2c
      And Lisbeth Gibson is not in the Fevered Dreams game

    @rule:fevered-board.start-room @option:fevered-setup.start-space
    Scenario Outline: The players place Lisbeth Gibson on <space>, under fevered-setup.start-space = <setting>
      Given a Fevered Dreams game on the shipped board
      And the Fevered Dreams option "fevered-setup.start-space" is set to "<setting>"
      When Lisbeth Gibson is placed on the Fevered Dreams space <space> at the start
      Then Lisbeth Gibson stands in the Fevered Dreams space <space>

      Examples:
        | setting                | space |
        | start-space            | 2a    |
        | anywhere-in-start-room | 2b    |
        | anywhere-in-start-room | 2c    |

    @rule:fevered-board.start-room @option:fevered-setup.start-space
    Scenario Outline: Lisbeth Gibson can't start on <space>, under fevered-setup.start-space = <setting>
      Given a Fevered Dreams game on the shipped board
      And the Fevered Dreams option "fevered-setup.start-space" is set to "<setting>"
      When Lisbeth Gibson is placed on the Fevered Dreams space <space> at the start
      Then the Fevered Dreams operation is refused under rule "fevered-board.start-room"
      And Lisbeth Gibson is not in the Fevered Dreams game

      Examples:
        | setting                | space |
        | start-space            | 2c    |
        | anywhere-in-start-room | 3a    |

    @rule:fevered-board.start-room
    Scenario: A board whose room 2 has no start space is refused
      When a Fevered Dreams board is built from the shipped board without its start space
      Then that Fevered Dreams board is refused under rule "fevered-board.start-room"

  Rule: Six Dimensional Portals, one of each colour

    @rule:fevered-board.six-portals
    Scenario: The shipped board shows one portal of each colour
      Given a Fevered Dreams game on the shipped board
      Then the Fevered Dreams Dimensional Portals are red 3b, blue 17b, green 18b, yellow 20b, purple 24c and white 27b

    @rule:fevered-board.six-portals
    Scenario Outline: A board missing a portal is refused
      When a Fevered Dreams board is built from the shipped board without the <colour> portal
      Then that Fevered Dreams board is refused under rule "fevered-board.six-portals"

      Examples:
        | colour |
        | white  |
        | red    |

  Rule: Every room starts devoured; there is no room deck

    @rule:fevered-board.devoured-deck
    Scenario: The devoured deck holds all ten rooms
      Given a Fevered Dreams game on the shipped board
      Then the Fevered Dreams devoured deck is 2, 3, 4, 17, 18, 19, 20, 24, 25 and 27, top card first
      And every Fevered Dreams room is devoured and the room deck is empty

    @rule:fevered-board.devoured-deck
    Scenario: A shuffled setup keeps all ten cards in the devoured deck
      Given a Fevered Dreams game set up with the seed 11
      Then the Fevered Dreams devoured deck holds each of the ten rooms once
      And every Fevered Dreams room is devoured and the room deck is empty

  Rule: A devoured effect marker on every space but the spawn spaces

    @rule:fevered-board.devoured-effects
    Scenario: Setup places the devoured effect markers
      Given a Fevered Dreams game on the shipped board
      Then every Fevered Dreams space but the ten spawn spaces holds a devoured effect marker
      And the Fevered Dreams spawn space 3a holds no devoured effect marker
