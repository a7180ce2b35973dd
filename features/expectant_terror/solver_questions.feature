Feature: Expectant Terror — the solver's questions
  nest-spawn says where this round's nest markers go; valid-placements gives the one placement the devoured deck
  dictates (or counts, and lists the first of, what the room rules alone allow) and checks one a player proposes,
  naming the rule it breaks; nest-return says where the Nest comes back; infested says what each investigator's
  infested tokens do at the start of his or her activation. Every answer says its result first: the game is lost,
  markers can't be placed, nothing happens. Where the rules leave a tie, every tied option is listed.

  Background:
    Given an Expectant Terror game with Sophie Brigman and Isaiah Wiesenthal
    And the Expectant Terror devoured deck is 17, 19, 20, 23, 24, 25, 26, 27, 28, 29, 1, 2

  Rule: nest-spawn follows the devoured deck for the current track space

    @rule:expectant-nest-marker.deck-order @rule:expectant-nest-marker.skip-occupied @rule:expectant-track.teal
    Scenario: Two markers skip the rooms that hold one
      Given the Expectant Terror devour marker stands on track space 3
      And nest markers lie in rooms 17, 20
      When the Expectant Terror question "nest-spawn" is asked
      Then the Expectant Terror answer's choices are exactly 19a, 23a
      And the Expectant Terror answer says "room 17 already holds a nest marker"
      And the Expectant Terror answer names rule "expectant-nest-marker.skip-occupied"
      And the Expectant Terror board holds nest markers in rooms 17, 20

    @rule:expectant-nest-marker.deck-order @rule:expectant-track.blue
    Scenario Outline: Asked about track space <space>, nest-spawn places <count> markers
      Given no nest marker lies on the board
      When the Expectant Terror question "nest-spawn" is asked with track-space=<space>
      Then the Expectant Terror answer's choices are exactly <spaces>

      Examples:
        | space | count | spaces             |
        | 1     | 3     | 17a, 19a, 20a      |
        | 6     | 2     | 17a, 19a           |

    @rule:expectant-outcome.loss-six-nest-markers
    Scenario: When the spawn fills the board, nest-spawn says first that the game is lost
      Given the Expectant Terror devour marker stands on track space 1
      And nest markers lie in rooms 1, 2, 29, 28
      When the Expectant Terror question "nest-spawn" is asked
      Then the Expectant Terror answer says the game is lost by rule "expectant-outcome.loss-six-nest-markers"
      And the Expectant Terror answer's result says "The game is lost: all 6 nest markers are on the board"
      And the Expectant Terror answer's choices are exactly 17a, 19a

  Rule: valid-placements lists every legal placement

    @rule:expectant-nest-marker.deck-order @rule:expectant-nest-marker.one-per-room
    Scenario: In the devoured deck's order there is exactly one
      Given the Expectant Terror devour marker stands on track space 1
      And nest markers lie in rooms 20
      When the Expectant Terror question "valid-placements" is asked
      Then the Expectant Terror answer's choices are exactly 17, 19, 23

    @rule:expectant-nest-marker.different-rooms @rule:expectant-nest-marker.one-per-room @rule:expectant-nest-marker.deck-order
    Scenario: A tool mode, not a choice: --order any counts the placements the room rules alone allow
      The players never choose the rooms: the devoured deck's order places the markers. The mode "any" shows
      what the two room rules alone would allow, and says that the deck leaves no choice.
      Given nest markers lie in rooms 1, 2, 17, 19
      When the Expectant Terror question "valid-placements" is asked with count=2; order=any
      Then the Expectant Terror answer counts 28 options
      And every pair of the rooms 20, 23, 24, 25, 26, 27, 28, 29 is among the Expectant Terror answer's choices
      And the Expectant Terror answer's result says "the devoured deck's order leaves no choice (rooms 20, 23)"

    @rule:expectant-nest-marker.supply
    Scenario: With four markers on the board only two of three can be placed
      Given nest markers lie in rooms 1, 2, 17, 19
      When the Expectant Terror question "valid-placements" is asked with count=3
      Then the Expectant Terror answer's choices are exactly 20, 23
      And the Expectant Terror answer names rule "expectant-nest-marker.supply"

  Rule: valid-placements checks a proposed placement and names the rule it breaks

    @rule:expectant-nest-marker.deck-order @rule:expectant-track.blue
    Scenario: The placement the devoured deck dictates is legal
      Given the Expectant Terror devour marker stands on track space 1
      And nest markers lie in rooms 20
      When the Expectant Terror question "valid-placements" is asked with check=17,19,23
      Then the Expectant Terror answer says "Rooms 17, 19, 23 are a legal placement"
      And the Expectant Terror answer does not say "break"

    @rule:expectant-nest-marker.one-per-room @rule:expectant-nest-marker.different-rooms @rule:expectant-nest-marker.deck-order @rule:expectant-track.blue
    Scenario Outline: The proposal <proposal> on a blue space breaks <rule>
      Given the Expectant Terror devour marker stands on track space 1
      And nest markers lie in rooms 20
      When the Expectant Terror question "valid-placements" is asked with check=<proposal>
      Then the Expectant Terror answer says "break <rule> (<why>"
      And the Expectant Terror answer does not say "break <not broken>"

      Examples:
        | proposal | rule                        | why                                      | not broken                  |
        | 17,19,20 | expectant-nest-marker.one-per-room    | a room that already holds a nest marker  | expectant-nest-marker.different-rooms |
        | 17,17,19 | expectant-nest-marker.different-rooms | two markers of one spawn in the same room | expectant-nest-marker.one-per-room   |
        | 17,19    | expectant-track.blue        | 2 marker(s) where 3 must be placed       | expectant-nest-marker.one-per-room    |
        | 19,17,23 | expectant-nest-marker.deck-order      | the markers go one at a time             | expectant-track.blue        |
        | 23,24,25 | expectant-nest-marker.deck-order      | the devoured deck sends them to rooms 17, 19, 23 | expectant-nest-marker.one-per-room |

    @rule:expectant-nest-marker.one-per-room @rule:expectant-nest-marker.different-rooms
    Scenario: A tool mode: under order "any" only the room rules are checked
      Given the Expectant Terror devour marker stands on track space 1
      And nest markers lie in rooms 20
      When the Expectant Terror question "valid-placements" is asked with check=23,24,25; order=any
      Then the Expectant Terror answer says "are a legal placement"

  Rule: nest-return says where the Nest comes back, and who is nearest to it

    @rule:expectant-nest.returns-next-round @rule:expectant-nest.return-card-to-bottom
    Scenario: Two investigators tie as the nearest to the returning Nest
      Given the Expectant Terror devoured deck is 26, 27, 28, 1, 2, 17
      And the Expectant Terror investigator Sophie Brigman is on 25b with 0 infested tokens
      And the Expectant Terror investigator Isaiah Wiesenthal is on 26b with 0 infested tokens
      And the Nest has taken its wound this round and left the board
      When the Expectant Terror question "nest-return" is asked
      Then the Expectant Terror answer's choices are exactly 26a
      And the Expectant Terror answer says "Nearest investigator(s) to 26a: Isaiah Wiesenthal, Sophie Brigman at 1"
      And the Expectant Terror answer says "after: 27, 28, 1, 2, 17, 26"

    @rule:expectant-nest.returns-next-round @rule:expectant-nest.activates-when-wounded
    Scenario: A Nest on the board would return to the top room if wounded this round
      Given the Expectant Terror devoured deck is 24, 25
      When the Expectant Terror question "nest-return" is asked
      Then the Expectant Terror answer's choices are exactly 24a
      And the Expectant Terror answer says "If it takes its wound this round"

    @rule:expectant-outcome.win-nest-killed
    Scenario: A killed Nest does not return
      Given the Nest has 4 wounds
      And the Expectant Terror option "expectant-nest.killing-wound" is set to "no-activation"
      When the Nest is dealt 1 wounds
      And the Expectant Terror question "nest-return" is asked
      Then the Expectant Terror answer's choices are exactly none
      And the Expectant Terror answer says "does not return"

  Rule: infested says what each investigator suffers at the start of the activation, the outcome first

    @rule:expectant-infested.start-damage @rule:expectant-infested.start-mind-eaters @rule:expectant-infested.discard-with-nest-marker @option:expectant-infested.damage
    Scenario: Two infested investigators roll resistance and share the last Mind Eaters
      Given the Expectant Terror reserve holds 4 Husks and 2 Mind Eaters
      And nest markers lie in rooms 17
      And the Expectant Terror investigator Sophie Brigman is on 17a with 2 infested tokens
      And the Expectant Terror investigator Isaiah Wiesenthal is on 24b with 1 infested tokens
      When the Expectant Terror question "infested" is asked
      Then the Expectant Terror answer's result says "each rolls resistance against X damage"
      And the Expectant Terror answer's effect on Sophie Brigman is 2 damage, 2 Mind Eaters spawned and 0 not
      And the Expectant Terror answer says Sophie Brigman rolls resistance against it
      And the Expectant Terror answer says Sophie Brigman may then discard at the nest marker of room 17
      And the Expectant Terror answer's effect on Isaiah Wiesenthal is 1 damage, 0 Mind Eaters spawned and 1 not
      And the Expectant Terror answer says Isaiah Wiesenthal rolls resistance against it
      And the Expectant Terror answer says "Sophie Brigman: 2 damage: Sophie Brigman rolls resistance and takes the wounds that get through (0 to 2"
      And the Expectant Terror space 17a holds 0 Mind Eater figures
      And the Expectant Terror reserve has 2 Mind Eater left

    @rule:expectant-infested.start-damage @option:expectant-infested.damage
    Scenario: Under expectant-infested.damage = wounds the answer says X wounds, no roll
      Given the Expectant Terror option "expectant-infested.damage" is set to "wounds"
      And the Expectant Terror investigator Sophie Brigman is on 17a with 2 infested tokens
      When the Expectant Terror question "infested" is asked
      Then the Expectant Terror answer's result says "each takes X wounds, no roll"
      And the Expectant Terror answer says "Sophie Brigman: 2 damage = 2 wound(s), no roll (expectant-infested.damage=wounds), health 6/8; 2 Mind Eater(s) in 17a"

    @rule:expectant-infested.killed-at-four @rule:outcome.loss-investigator-killed
    Scenario: An investigator with four tokens is killed: the game is lost, and the answer says so first
      Given an Expectant Terror game with Sophie Brigman, Isaiah Wiesenthal and Franklyn Christie
      And the Expectant Terror investigator Franklyn Christie is on 24b with 4 infested tokens
      When the Expectant Terror question "infested" is asked
      Then the Expectant Terror answer says the game is lost by rule "outcome.loss-investigator-killed"
      And the Expectant Terror answer says "Franklyn Christie: killed (four infested tokens)"
      And the Expectant Terror answer does not say "No investigator holds an infested token"
      And the Expectant Terror answer names rule "expectant-infested.killed-at-four"

    @rule:expectant-infested.start-mind-eaters @rule:outcome.loss-empty-reserve
    Scenario: A Mind Eater must spawn from a reserve of horror-0 monsters only: the answer says the game is lost
      Given the Expectant Terror reserve holds 0 Husks and 1 Mind Eaters
      And the Expectant Terror investigator Sophie Brigman is on 24b with 2 infested tokens
      When the Expectant Terror question "infested" is asked
      Then the Expectant Terror answer says the game is lost by rule "outcome.loss-empty-reserve"
      And the Expectant Terror answer's result says "The game is lost"

    @rule:outside-activation.no-start-end-effects @rule:expectant-infested.start-damage
    Scenario: An investigator acting outside an activation suffers nothing from the tokens
      Given the Expectant Terror investigator Sophie Brigman is on 24b with 2 infested tokens
      When the Expectant Terror investigator Sophie Brigman acts outside an activation
      And the Expectant Terror question "infested" is asked
      Then the Expectant Terror answer's result says "Nothing happens: Sophie Brigman acts outside an activation"
      And the Expectant Terror answer's effect on Sophie Brigman is 0 damage, 0 Mind Eaters spawned and 0 not
      And the Expectant Terror answer names rule "outside-activation.no-start-end-effects"

    @rule:outside-activation.no-start-end-effects @rule:expectant-infested.start-damage
    Scenario: One investigator outside an activation, another in hers: the result counts only the one struck
      Given the Expectant Terror investigator Isaiah Wiesenthal is on 17a with 1 infested tokens
      And the Expectant Terror investigator Sophie Brigman is on 24b with 2 infested tokens
      When the Expectant Terror investigator Sophie Brigman acts outside an activation
      And the Expectant Terror question "infested" is asked
      Then the Expectant Terror answer's result says "Sophie Brigman acts outside an activation and suffers nothing; 1 other investigator(s) hold infested tokens"
      And the Expectant Terror answer's effect on Sophie Brigman is 0 damage, 0 Mind Eaters spawned and 0 not
