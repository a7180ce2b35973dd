Feature: Fathoms Dark — room deck and devoured deck
  Rooms 5, 26 and 27 start devoured; the nine others are in the room deck.

  Rule: The room deck holds nine rooms

    @rule:fathoms-decks.room-deck
    Scenario: The room deck of a new game
      Given a new Fathoms Dark game
      Then the Fathoms Dark room deck holds the rooms 9, 12, 13, 17, 19, 23, 24, 25 and 29, in some order

    @rule:fathoms-decks.room-deck
    Scenario: A seeded shuffle keeps the same nine cards
      Given a new Fathoms Dark game shuffled with seed 3
      Then the Fathoms Dark room deck holds the rooms 9, 12, 13, 17, 19, 23, 24, 25 and 29, in some order

  Rule: The devoured deck holds rooms 5, 26 and 27, which start devoured

    @rule:fathoms-decks.devoured-deck
    Scenario: The devoured deck of a new game
      Given a new Fathoms Dark game
      Then the Fathoms Dark devoured deck holds the rooms 5, 26 and 27, in some order
      And the devoured rooms of the Fathoms Dark game are 5, 26 and 27

    @rule:fathoms-decks.devoured-deck
    Scenario: A seeded shuffle keeps the same three cards
      Given a new Fathoms Dark game shuffled with seed 3
      Then the Fathoms Dark devoured deck holds the rooms 5, 26 and 27, in some order
