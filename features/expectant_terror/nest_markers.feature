Feature: Expectant Terror — spawning nest markers
  Before any spawn card, the round's nest markers are spawned one at a time, each in the spawn space of the room
  named by the devoured deck's top card. A room that already holds a nest marker is skipped: its card goes to the
  bottom and the next card decides. Each room holds at most one nest marker, so the markers of one spawn go into
  different rooms. There are six nest markers.

  Background:
    Given an Expectant Terror game with Lisbeth Gibson and Sophie Brigman

  Rule: Nest markers come before the spawn cards

    @rule:expectant-nest-marker.before-spawn-cards @rule:spawn.no-location @option:expectant-setup.spawn-card-placement
    Scenario: A spawn card's monster, spawned with no location given, meets the deck as the nest markers left it
      How a spawn card places its monster is a base-game rule that is not public: the assumption
      expectant-setup.spawn-card-placement spawns it like an item with no location given.
      Given the Expectant Terror option "expectant-setup.spawn-card-placement" is set to "no-location"
      And the Expectant Terror devoured deck is 17, 19, 20, 23, 24, 25, 26, 27, 28, 29, 1, 2
      And the Expectant Terror devour marker stands on track space 3
      And no nest marker lies on the board
      When the Expectant Terror spawn phase is resolved with spawn cards for Husk
      Then the nest markers went to rooms 17 and 19
      And the spawn card for the Husk spawned it on 20a
      And the Expectant Terror devoured deck is now 23, 24, 25, 26, 27, 28, 29, 1, 2, 17, 19, 20

  Rule: Each marker goes to the spawn space of the devoured deck's top room

    @rule:expectant-nest-marker.deck-order @rule:spawn.no-location @rule:spawn.card-to-bottom
    Scenario: Three nest markers follow the devoured deck
      Given the Expectant Terror devoured deck is 24, 17, 29, 1, 2, 19, 20, 23, 25, 26, 27, 28
      And no nest marker lies on the board
      When 3 nest markers are spawned in Expectant Terror
      Then the nest markers went to rooms 24, 17 and 29
      And the nest markers went to the spaces 24a, 17a and 29a
      And the Expectant Terror devoured deck is now 1, 2, 19, 20, 23, 25, 26, 27, 28, 24, 17, 29

  Rule: A room that already holds a nest marker is skipped

    @rule:expectant-nest-marker.skip-occupied @rule:expectant-nest-marker.one-per-room @rule:expectant-nest-marker.different-rooms
    Scenario Outline: With markers in rooms <held>, <count> markers go to rooms <placed>
      Given the Expectant Terror devoured deck is 17, 19, 20, 23, 24, 25, 26, 27, 28, 29, 1, 2
      And nest markers lie in rooms <held>
      When <count> nest markers are spawned in Expectant Terror
      Then the nest markers went to rooms <placed>
      And the Expectant Terror board holds nest markers in rooms <after>
      And the Expectant Terror devoured deck is now <deck>

      Examples: no marker in the way
        | held | count | placed     | after              | deck                                          |
        | none | 2     | 17, 19     | 17, 19             | 20, 23, 24, 25, 26, 27, 28, 29, 1, 2, 17, 19  |

      Examples: the top room holds one
        | held | count | placed     | after              | deck                                          |
        | 17   | 2     | 19, 20     | 17, 19, 20         | 23, 24, 25, 26, 27, 28, 29, 1, 2, 17, 19, 20  |

      Examples: several rooms in a row hold one
        | held           | count | placed     | after                          | deck                                          |
        | 17, 19, 20, 24 | 2     | 23, 25     | 17, 19, 20, 23, 24, 25         | 26, 27, 28, 29, 1, 2, 17, 19, 20, 23, 24, 25  |

      Examples: markers around a free room
        | held   | count | placed     | after              | deck                                          |
        | 17, 20 | 3     | 19, 23, 24 | 17, 19, 20, 23, 24 | 25, 26, 27, 28, 29, 1, 2, 17, 19, 20, 23, 24  |

    @rule:expectant-nest-marker.one-per-room @rule:expectant-nest-marker.different-rooms
    Scenario: On a two-room deck the second marker can't share the first one's room
      Given the Expectant Terror devoured deck is 17, 19
      And no nest marker lies on the board
      When 3 nest markers are spawned in Expectant Terror
      Then the nest markers went to rooms 17 and 19
      And 1 nest markers were not placed
      And the Expectant Terror board holds nest markers in rooms 17, 19

  Rule: The card of the room that received a marker (interpretation expectant-nest-marker.card-after-spawn)

    @rule:expectant-nest-marker.deck-order @rule:spawn.card-to-bottom
    Scenario Outline: Under expectant-nest-marker.card-after-spawn = <setting> the deck ends as <deck>
      Given the Expectant Terror option "expectant-nest-marker.card-after-spawn" is set to "<setting>"
      And the Expectant Terror devoured deck is 17, 19, 20, 23, 24, 25, 26, 27, 28, 29, 1, 2
      And no nest marker lies on the board
      When 2 nest markers are spawned in Expectant Terror
      Then the nest markers went to rooms 17 and 19
      And the Expectant Terror devoured deck is now <deck>

      Examples:
        | setting      | deck                                          |
        | to-bottom    | 20, 23, 24, 25, 26, 27, 28, 29, 1, 2, 17, 19  |
        | stays-on-top | 19, 20, 23, 24, 25, 26, 27, 28, 29, 1, 2, 17  |

  Rule: A nest marker with no free room (interpretation expectant-nest-marker.no-room)

    @rule:expectant-nest-marker.one-per-room @rule:expectant-nest-marker.skip-occupied
    Scenario: Under not-placed the marker stays in the supply and the game goes on
      Given the Expectant Terror option "expectant-nest-marker.no-room" is set to "not-placed"
      And the Expectant Terror devoured deck is 17, 19
      And nest markers lie in rooms 17, 19
      When 2 nest markers are spawned in Expectant Terror
      Then the nest markers went to rooms none
      And 2 nest markers were not placed
      And the Expectant Terror devoured deck is now 17, 19
      And the Expectant Terror game goes on

  Rule: Six nest markers

    @rule:expectant-nest-marker.supply @rule:expectant-outcome.loss-six-nest-markers
    Scenario: With five on the board, one more can be spawned, and then none: the sixth loses the game
      Given the Expectant Terror devoured deck is 17, 19, 20, 23, 24, 25, 26, 27, 28, 29, 1, 2
      And nest markers lie in rooms 1, 2, 24, 25, 26
      When 3 nest markers are spawned in Expectant Terror
      Then the nest markers went to rooms 17
      And 2 nest markers were not placed
      And the Expectant Terror game is lost by rule "expectant-outcome.loss-six-nest-markers"

    @rule:expectant-nest-marker.supply @option:expectant-nest-marker.discarded-to-supply
    Scenario: A discarded nest marker goes back to the supply and can spawn again (an assumption)
      The rules only say "discard the nest marker from the board"; the assumption
      expectant-nest-marker.discarded-to-supply returns it to the supply.
      Given the Expectant Terror option "expectant-nest-marker.discarded-to-supply" is set to "back-to-supply"
      And the Expectant Terror devoured deck is 17, 19, 20, 23, 24, 25, 26, 27, 28, 29, 1, 2
      And nest markers lie in rooms 17, 20, 24, 25, 26, 27
      When the nest marker in room 17 is discarded
      And 2 nest markers are spawned in Expectant Terror
      Then the nest markers went to rooms 17
      And 1 nest markers were not placed

    @rule:expectant-nest-marker.supply
    Scenario: Only a nest marker on the board can be discarded
      Given nest markers lie in rooms 24
      When the nest marker in room 17 is discarded
      Then the Expectant Terror move is refused by rule "expectant-nest-marker.supply"

  Rule: Nest markers as attack targets (interpretation expectant-nest-marker.attack)

    @rule:expectant-infested.discard-with-nest-marker @option:expectant-nest-marker.attack
    Scenario: By default a nest marker is no attack target: the discard removes it
      Given the Expectant Terror option "expectant-nest-marker.attack" is set to "discard-only"
      And nest markers lie in rooms 17
      And the Expectant Terror investigator Lisbeth Gibson is on 17a with 0 infested tokens
      Then the nest marker of room 17 is not an attack target of Lisbeth Gibson, by "expectant-nest-marker.attack"

    @rule:expectant-infested.discard-with-nest-marker @option:expectant-nest-marker.attack
    Scenario: Under expectant-nest-marker.attack = attackable a nest marker is an attack target
      Given the Expectant Terror option "expectant-nest-marker.attack" is set to "attackable"
      And nest markers lie in rooms 17
      And the Expectant Terror investigator Lisbeth Gibson is on 17a with 0 infested tokens
      Then the nest marker of room 17 is among the attack targets of Lisbeth Gibson
