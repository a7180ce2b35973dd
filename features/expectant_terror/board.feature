Feature: Expectant Terror — the game board and the devoured deck
  The board is built from twelve rooms: 1 (Start), 2 (Nest) and ten more. Every room starts devoured: all twelve
  cards form the devoured deck and there is no room deck. A devoured effect marker lies on every space of the
  devoured rooms but their spawn spaces. The shipped board is a plausible approximation of the printed diagram.

  Background:
    Given an Expectant Terror game with Lisbeth Gibson and Sophie Brigman

  Rule: The board is made of the rulebook's twelve rooms

    @rule:expectant-board.rooms
    Scenario: The shipped board holds exactly the twelve rooms
      Then the Expectant Terror board's rooms are 1, 2, 17, 19, 20, 23, 24, 25, 26, 27, 28, 29
      And each Expectant Terror room has exactly one spawn space
      And every space of the Expectant Terror board can be reached from 1b
      And the Expectant Terror board is marked as an approximation of the printed diagram

    @rule:expectant-board.rooms
    Scenario Outline: A board that lacks room <room> is refused
      When an Expectant Terror board without room <room> is used
      Then the Expectant Terror move is refused by rule "expectant-board.rooms"

      Examples:
        | room |
        | 1    |
        | 2    |
        | 29   |

  Rule: Room 1 is the Start room

    @rule:expectant-board.start-room
    Scenario: The investigators start on the start space
      Then the Expectant Terror investigator Lisbeth Gibson is on 1b
      And the Expectant Terror investigator Sophie Brigman is on 1b

    @rule:expectant-board.start-room
    Scenario: Where any space of the Start room will do, the players choose, among all of them
      Given the Expectant Terror option "expectant-setup.start-space" is set to "anywhere-in-start-room"
      When the Expectant Terror investigators Lisbeth Gibson are placed in the start room
      Then the players choose where Lisbeth Gibson starts among 1a, 1b, 1c

    @rule:expectant-board.start-room
    Scenario Outline: The players place an investigator on <space> of the Start room
      Given the Expectant Terror option "expectant-setup.start-space" is set to "<setting>"
      When the Expectant Terror investigator Lisbeth Gibson is placed on <space> in the start room
      Then the Expectant Terror move is <verdict>

      Examples:
        | setting                | space | verdict                                         |
        | anywhere-in-start-room | 1c    | allowed                                         |
        | anywhere-in-start-room | 17a   | refused by rule "expectant-board.start-room"    |
        | start-space            | 1b    | allowed                                         |
        | start-space            | 1a    | refused by rule "expectant-board.start-room"    |

  Rule: Room 2 holds the Nest space

    @rule:expectant-board.nest-space
    Scenario: The Nest space is in room 2
      Then the Expectant Terror Nest space is 2b

    @rule:expectant-board.nest-space
    Scenario: A board whose room 2 has no Nest space is refused
      When an Expectant Terror board with no Nest space is used
      Then the Expectant Terror move is refused by rule "expectant-board.nest-space"

  Rule: Every room starts devoured

    @rule:expectant-board.devoured-deck
    Scenario: All twelve cards form the devoured deck
      Then the Expectant Terror devoured deck is now 1, 2, 17, 19, 20, 23, 24, 25, 26, 27, 28, 29
      And the Expectant Terror room deck is empty and every room is devoured

  Rule: A devoured effect marker lies on every space of the devoured rooms but the spawn spaces

    @rule:expectant-board.devoured-effects @option:expectant-setup.devoured-effect-markers
    Scenario: Without a shuffle (no seed given), the engine numbers the markers in the listed order
      The order is the engine's convention when no seed is given; at the table the markers are placed at random
      (the next scenario).
      Then every Expectant Terror space but the spawn spaces holds one devoured effect marker
      And the Expectant Terror devoured effect markers lie in the listed order

    @rule:expectant-board.devoured-effects
    Scenario Outline: Shuffled with seed <seed>, the markers are placed at random
      Given an Expectant Terror game set up with seed <seed> for Lisbeth Gibson and Sophie Brigman
      Then every Expectant Terror space but the spawn spaces holds one devoured effect marker
      And the Expectant Terror devoured effect markers lie shuffled

      Examples:
        | seed |
        | 1    |
        | 2    |
