Feature: Fevered Dreams: obscure markers
  Three obscure markers spawn at the beginning of each spawn phase, before any spawn card, in three different rooms
  — with no space given, each in the spawn space of the devoured deck's top room, that card then going to the
  bottom. For the investigators an obscure marker is a monster of health 4 that never moves; killed, it goes onto
  the Obscure card, which holds three at most. At the end of the round every obscure marker left on the board turns
  into a flooded marker.

  Background:
    Given a Fevered Dreams game on the shipped board

  Rule: Three obscure markers at the beginning of each spawn phase, before any spawn card

    @rule:fevered-obscure-marker.spawn-three @rule:spawn.no-location @rule:spawn.card-to-bottom
    Scenario: The three top cards of the devoured deck
      Given the Fevered Dreams devoured deck is 25, 27, 2, 3, 4, 17, 18, 19, 20 and 24, top card first
      When the Fevered Dreams spawn phase begins
      Then obscure markers stand in the Fevered Dreams spaces 25a, 27a and 2b
      And the Fevered Dreams devoured deck is 3, 4, 17, 18, 19, 20, 24, 25, 27 and 2, top card first

    @rule:fevered-obscure-marker.spawn-three
    Scenario: A spawn card resolved afterwards finds the fourth card on top
      Given the Fevered Dreams devoured deck is 25, 27, 2, 3, 4, 17, 18, 19, 20 and 24, top card first
      When the Fevered Dreams spawn phase begins
      And a spawn card then spawns something with no location given
      Then that Fevered Dreams spawn went to the space 3a

    @rule:fevered-obscure-marker.spawn-three @option:fevered-obscure-marker.supply
    Scenario: Markers on the Obscure card stay there; the supply holds enough
      Given the Fevered Dreams option "fevered-obscure-marker.supply" is set to "six-returning"
      And the Obscure card holds 3 obscure markers
      When the Fevered Dreams spawn phase begins
      Then 3 obscure markers stand on the Fevered Dreams board
      And the Obscure card holds 3 obscure markers

    @rule:fevered-obscure-marker.spawn-three @option:fevered-obscure-marker.supply
    Scenario: With markers out of the game, the supply runs short
      Given the Fevered Dreams option "fevered-obscure-marker.supply" is set to "six-returning"
      And the Fevered Dreams option "fevered-obscure.kill-when-card-full" is set to "leave-game"
      And the Obscure card holds 3 obscure markers
      And 2 obscure markers have left the game
      When the Fevered Dreams spawn phase begins
      Then 1 obscure markers stand on the Fevered Dreams board

  Rule: Three different rooms (interpretation fevered-obscure-marker.spawn-repeated-room)

    @rule:fevered-obscure-marker.different-rooms
    Scenario: With all ten rooms in the deck, three cards in a row always differ
      When Fevered Dreams obscure markers spawn with each of the ten cards on top of the devoured deck
      Then every time they stand in three different rooms

    @rule:fevered-obscure-marker.different-rooms
    Scenario Outline: A devoured deck of <deck> only, under <setting>
      Given the Fevered Dreams option "fevered-obscure-marker.spawn-repeated-room" is set to "<setting>"
      And the Fevered Dreams devoured deck is <deck>, top card first
      When the Fevered Dreams spawn phase begins
      Then obscure markers stand in the Fevered Dreams spaces <spaces>

      Examples:
        | setting   | deck    | spaces         |
        | skip      | 3 and 4 | 3a and 4a      |
        | same-room | 3 and 4 | 3a, 4a and 3a  |
        | skip      | 17      | 17a            |
        | same-room | 17      | 17a, 17a and 17a |

  Rule: For the investigators, an obscure marker is a monster of health 4

    @rule:fevered-obscure-marker.treated-as-monster
    Scenario: Obscure markers are among what an investigator may attack
      Given an obscure marker stands in the Fevered Dreams space 3a
      And Lisbeth Gibson stands in the Fevered Dreams space 3a
      Then the Fevered Dreams attack targets of Lisbeth Gibson are "Obscure marker#1"

    @rule:fevered-obscure-marker.treated-as-monster @rule:fevered-obscure-marker.killed-to-card
    Scenario Outline: An obscure marker takes <wounds> wounds
      Given an obscure marker stands in the Fevered Dreams space 3a
      When the obscure marker "Obscure marker#1" takes <wounds> wounds
      Then the obscure marker "Obscure marker#1" is <result>
      And the Obscure card holds <card> obscure markers

      Examples:
        | wounds | result               | card |
        | 1      | still on the board   | 0    |
        | 3      | still on the board   | 0    |
        | 4      | gone from the board  | 1    |
        | 6      | gone from the board  | 1    |

    @rule:fevered-obscure-marker.treated-as-monster
    Scenario: Two blows of 2 kill it
      Given an obscure marker stands in the Fevered Dreams space 3a
      When the obscure marker "Obscure marker#1" takes 2 wounds
      And the obscure marker "Obscure marker#1" takes 2 wounds
      Then the obscure marker "Obscure marker#1" is gone from the board
      And the Obscure card holds 1 obscure markers

  Rule: Obscure markers never move

    @rule:fevered-obscure-marker.never-moves
    Scenario: Moving an obscure marker is refused
      Given an obscure marker stands in the Fevered Dreams space 3a
      When the obscure marker "Obscure marker#1" is moved to the Fevered Dreams space 3b
      Then the Fevered Dreams operation is refused under rule "fevered-obscure-marker.never-moves"
      And obscure markers stand in the Fevered Dreams spaces 3a

  Rule: A killed obscure marker goes onto the Obscure card, three at most (interpretation fevered-obscure.kill-when-card-full)

    @rule:fevered-obscure-marker.killed-to-card @rule:fevered-obscure-marker.card-limit
    Scenario Outline: Killing an obscure marker while the card holds <held>, under <setting>
      Given the Fevered Dreams option "fevered-obscure.kill-when-card-full" is set to "<setting>"
      And the Obscure card holds <held> obscure markers
      And an obscure marker stands in the Fevered Dreams space 3a
      When the obscure marker "Obscure marker#1" takes 4 wounds
      Then the obscure marker "Obscure marker#1" is gone from the board
      And the Obscure card holds <card> obscure markers
      And <out> obscure markers are out of the game

      Examples:
        | setting    | held | card | out |
        | to-supply  | 2    | 3    | 0   |
        | to-supply  | 3    | 3    | 0   |
        | leave-game | 2    | 3    | 0   |
        | leave-game | 3    | 3    | 1   |

    @rule:fevered-obscure-marker.card-limit
    Scenario Outline: Under no-attack, a full card shields the obscure markers (<held> held)
      Given the Fevered Dreams option "fevered-obscure.kill-when-card-full" is set to "no-attack"
      And the Obscure card holds <held> obscure markers
      And an obscure marker stands in the Fevered Dreams space 3a
      And Lisbeth Gibson stands in the Fevered Dreams space 3a
      Then the Fevered Dreams attack targets of Lisbeth Gibson are "<targets>"

      Examples:
        | held | targets          |
        | 2    | Obscure marker#1 |
        | 3    | nothing          |

    @rule:fevered-obscure-marker.card-limit
    Scenario: Under no-attack, attacking with the card full is refused
      Given the Fevered Dreams option "fevered-obscure.kill-when-card-full" is set to "no-attack"
      And the Obscure card holds 3 obscure markers
      And an obscure marker stands in the Fevered Dreams space 3a
      When the obscure marker "Obscure marker#1" takes 4 wounds
      Then the Fevered Dreams operation is refused under rule "fevered-obscure-marker.card-limit"
      And obscure markers stand in the Fevered Dreams spaces 3a

  Rule: At the end of the round, obscure markers turn into flooded markers

    @rule:fevered-obscure-marker.end-of-round-flooded
    Scenario: Three obscure markers become flooded markers; the card keeps its own
      Given the Obscure card holds 2 obscure markers
      And obscure markers stand in the Fevered Dreams spaces 3a, 4a and 17a
      And the Fevered Dreams space 3a holds 1 flooded markers
      When the Fevered Dreams round ends
      Then the Fevered Dreams flooded markers are 3a: 2, 4a: 1 and 17a: 1
      And 0 obscure markers stand on the Fevered Dreams board
      And the Obscure card holds 2 obscure markers
