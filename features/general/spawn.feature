Feature: Spawning with no location given
  When an effect spawns a monster, an investigator, a marker or anything else without saying where, it is placed in
  the spawn space of the room named by the top card of the devoured deck; that card then goes to the bottom of the
  devoured deck, so the next such spawn uses the next room.

  The test game has four rooms: room 1 (spaces 1a, 1b; spawn space 1a), room 2 (2a, 2b; spawn space 2b), room 3
  (3a, 3b, 3c; spawn space 3c) and room 4 (4a, 4b; spawn space 4b).

  Rule: The spawn space of the top card's room; then the card goes to the bottom

    @rule:spawn.no-location @rule:spawn.card-to-bottom
    Scenario Outline: <item> spawns with the devoured deck <deck>
      Given a test game whose devoured deck is <deck>
      When an effect spawns <item> in the test game without saying where
      Then the test game's spawns went to <space>
      And the test game's devoured deck is <after>

      Examples:
        | item              | deck          | space | after         |
        | a Husk            | 3, 1 and 2    | 3c    | 1, 2 and 3    |
        | a Husk            | 1, 2 and 3    | 1a    | 2, 3 and 1    |
        | an investigator   | 2, 3 and 1    | 2b    | 3, 1 and 2    |
        | a nest marker     | 4, 2, 3 and 1 | 4b    | 2, 3, 1 and 4 |
        | an obscure marker | 2             | 2b    | 2             |

    @rule:spawn.no-location @rule:spawn.card-to-bottom
    Scenario Outline: Two spawns in a row with the devoured deck <deck>
      Given a test game whose devoured deck is <deck>
      When an effect spawns a Husk in the test game without saying where
      And an effect spawns a Mind Eater in the test game without saying where
      Then the test game's spawns went to <spaces>
      And the test game's devoured deck is <after>

      Examples: two cards or more: two rooms
        | deck       | spaces    | after      |
        | 3, 1 and 2 | 3c and 1a | 2, 3 and 1 |
        | 1 and 2    | 1a and 2b | 1 and 2    |

      Examples: a single card: the same room twice
        | deck | spaces    | after |
        | 3    | 3c and 3c | 3     |

    @rule:spawn.no-location @rule:spawn.card-to-bottom
    Scenario: A full round of the devoured deck comes back to the first room
      Given a test game whose devoured deck is 3, 1 and 2
      When an effect spawns a Husk in the test game without saying where
      And an effect spawns a Husk in the test game without saying where
      And an effect spawns a Husk in the test game without saying where
      And an effect spawns a Husk in the test game without saying where
      Then the test game's spawns went to 3c, 1a, 2b and 3c
      And the test game's devoured deck is 1, 2 and 3

  Rule: With no card in the devoured deck the rule names no room (assumption spawn.empty-devoured-deck)

    @rule:spawn.needs-devoured-card @option:spawn.empty-devoured-deck
    Scenario: The devoured deck is empty
      The rulebook never meets this case; the assumption spawn.empty-devoured-deck refuses the spawn.
      Given the general option "spawn.empty-devoured-deck" is set to "refused"
      And a test game whose devoured deck is empty
      When an effect tries to spawn a Husk in the test game without saying where
      Then the spawn is refused by rule "spawn.needs-devoured-card"
      And the test game's devoured deck is empty
