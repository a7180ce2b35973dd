Feature: Expectant Terror — infested tokens
  At the beginning of an investigator's activation his or her X infested tokens deal X damage and spawn X Mind
  Eaters in his or her space; damage is what the investigator's resistance roll reduces (the option
  expectant-infested.damage; "X wounds, no roll" is the other reading). Four infested tokens kill at once. During the activation, in the space of a nest
  marker, the investigator may discard all infested tokens and the nest marker, then must spawn as many Husks in
  that space. The discard costs no action.

  Background:
    Given an Expectant Terror game with Lisbeth Gibson and Sophie Brigman

  Rule: Infested tokens strike at the beginning of the activation

    @rule:expectant-infested.start-damage @rule:expectant-infested.start-mind-eaters @option:expectant-infested.damage
    Scenario Outline: With <tokens> infested tokens Lisbeth rolls resistance against <tokens> damage; <tokens> Mind Eaters
      Given the Expectant Terror option "expectant-infested.damage" is set to "after-resistance"
      And the Expectant Terror investigator Lisbeth Gibson is on 24b with <tokens> infested tokens
      When the Expectant Terror activation of Lisbeth Gibson begins and <through> wounds get through the resistance roll
      Then the Expectant Terror investigator Lisbeth Gibson has <through> wounds and <tokens> infested tokens
      And the Expectant Terror space 24b holds <tokens> Mind Eater figures
      And the Expectant Terror reserve has <left> Mind Eater left

      Examples:
        | tokens | through | left |
        | 1      | 0       | 5    |
        | 1      | 1       | 5    |
        | 3      | 2       | 3    |

    @rule:expectant-infested.start-damage @option:expectant-infested.damage
    Scenario: The engine asks for the resistance roll's result before anything happens
      Given the Expectant Terror investigator Lisbeth Gibson is on 24b with 2 infested tokens
      When the Expectant Terror activation of Lisbeth Gibson begins
      Then the players choose how many wounds get through among 0, 1, 2
      And the Expectant Terror investigator Lisbeth Gibson has 0 wounds and 2 infested tokens
      And the Expectant Terror space 24b holds 0 Mind Eater figures
      When the Expectant Terror activation of Lisbeth Gibson begins and 2 wounds get through the resistance roll
      Then the Expectant Terror investigator Lisbeth Gibson has 2 wounds and 2 infested tokens

    @rule:expectant-infested.start-damage @rule:expectant-infested.start-mind-eaters @option:expectant-infested.damage
    Scenario Outline: Under expectant-infested.damage = wounds, <tokens> infested tokens are <tokens> wounds, no roll
      Given the Expectant Terror option "expectant-infested.damage" is set to "wounds"
      And the Expectant Terror investigator Lisbeth Gibson is on 24b with <tokens> infested tokens
      When the Expectant Terror activation of Lisbeth Gibson begins
      Then the Expectant Terror investigator Lisbeth Gibson has <tokens> wounds and <tokens> infested tokens
      And the Expectant Terror space 24b holds <tokens> Mind Eater figures

      Examples:
        | tokens |
        | 0      |
        | 1      |
        | 3      |

    @rule:expectant-infested.start-damage
    Scenario: With no infested token nothing strikes and nothing is asked
      Given the Expectant Terror investigator Lisbeth Gibson is on 24b with 0 infested tokens
      When the Expectant Terror activation of Lisbeth Gibson begins
      Then the Expectant Terror move is allowed
      And the Expectant Terror investigator Lisbeth Gibson has 0 wounds and 0 infested tokens
      And the Expectant Terror space 24b holds 0 Mind Eater figures

    @rule:expectant-infested.start-damage @rule:outcome.loss-investigator-killed
    Scenario: Infested damage can kill
      Given the Expectant Terror investigator Lisbeth Gibson is on 24b with 3 infested tokens
      When the Expectant Terror activation of Lisbeth Gibson begins and 3 wounds get through the resistance roll
      And the Expectant Terror activation ends
      And the Expectant Terror activation of Lisbeth Gibson begins and 3 wounds get through the resistance roll
      And the Expectant Terror activation ends
      Then the Expectant Terror game goes on
      When the Expectant Terror activation of Lisbeth Gibson begins and 1 wounds get through the resistance roll
      Then the Expectant Terror investigator Lisbeth Gibson is killed
      And the Expectant Terror game is lost by rule "outcome.loss-investigator-killed"

    @rule:expectant-infested.start-damage @rule:outside-activation.no-start-end-effects
    Scenario: Acting outside an activation triggers nothing
      Given the Expectant Terror investigator Lisbeth Gibson is on 24b with 2 infested tokens
      When the Expectant Terror investigator Lisbeth Gibson acts outside an activation
      Then the Expectant Terror investigator Lisbeth Gibson has 0 wounds and 2 infested tokens
      And the Expectant Terror space 24b holds 0 Mind Eater figures

  Rule: Mind Eaters come from the reserve (interpretation expectant-infested.short-reserve)

    @rule:expectant-infested.start-mind-eaters @rule:outcome.loss-empty-reserve
    Scenario Outline: Two Mind Eaters must spawn and one is left, under expectant-infested.short-reserve = <setting>
      Given the Expectant Terror option "expectant-infested.short-reserve" is set to "<setting>"
      And the Expectant Terror reserve holds 3 Husks and 1 Mind Eaters
      And the Expectant Terror investigator Lisbeth Gibson is on 24b with 2 infested tokens
      When the Expectant Terror activation of Lisbeth Gibson begins and 0 wounds get through the resistance roll
      Then the Expectant Terror space 24b holds <spawned> Mind Eater figures
      And the Expectant Terror reserve has <left> Mind Eater left
      And the Expectant Terror game goes on

      Examples:
        | setting            | spawned | left |
        | spawn-what-remains | 1       | 0    |
        | all-or-nothing     | 0       | 1    |

    @rule:expectant-infested.start-mind-eaters @rule:outcome.loss-empty-reserve @option:expectant-infested.horror-0-spawn
    Scenario Outline: With only Mind Eaters (horror 0) left, a Mind Eater's spawn under expectant-infested.horror-0-spawn = <setting>
      Given the Expectant Terror option "expectant-infested.horror-0-spawn" is set to "<setting>"
      And the Expectant Terror reserve holds 0 Husks and 6 Mind Eaters
      And the Expectant Terror investigator Lisbeth Gibson is on 24b with 1 infested tokens
      When the Expectant Terror activation of Lisbeth Gibson begins and 0 wounds get through the resistance roll
      Then the Expectant Terror space 24b holds <spawned> Mind Eater figures
      And the Expectant Terror game <verdict>

      Examples:
        | setting     | spawned | verdict                                       |
        | as-written  | 0       | is lost by rule "outcome.loss-empty-reserve"  |
        | never-loses | 1       | goes on                                       |

  Rule: Four infested tokens kill

    @rule:expectant-infested.killed-at-four @rule:outcome.loss-investigator-killed
    Scenario Outline: An investigator with <before> tokens gets <more> more
      Given the Expectant Terror investigator Sophie Brigman is on 17b with <before> infested tokens
      When the Expectant Terror investigator Sophie Brigman gets <more> infested tokens
      Then the Expectant Terror game <verdict>

      Examples:
        | before | more | verdict                                                   |
        | 2      | 1    | goes on                                                   |
        | 3      | 1    | is lost by rule "outcome.loss-investigator-killed"        |
        | 0      | 4    | is lost by rule "outcome.loss-investigator-killed"        |

  Rule: Twelve infested tokens in the box (assumption expectant-infested.token-supply)

    @rule:expectant-infested.supply @option:expectant-infested.token-supply
    Scenario Outline: A thirteenth token when twelve are held, under expectant-infested.token-supply = <setting>
      Given an Expectant Terror game with Lisbeth Gibson, Sophie Brigman, Isaiah Wiesenthal, Franklyn Christie and Christopher Dalton
      And the Expectant Terror option "expectant-infested.token-supply" is set to "<setting>"
      And the Expectant Terror investigator Lisbeth Gibson is on 17b with 3 infested tokens
      And the Expectant Terror investigator Sophie Brigman is on 17b with 3 infested tokens
      And the Expectant Terror investigator Isaiah Wiesenthal is on 17b with 3 infested tokens
      And the Expectant Terror investigator Franklyn Christie is on 17b with 3 infested tokens
      When the Expectant Terror investigator Christopher Dalton gets 1 infested tokens
      Then the Expectant Terror move is <verdict>

      Examples:
        | setting   | verdict                              |
        | twelve    | refused by rule "expectant-infested.supply"    |
        | unlimited | allowed                              |

  Rule: At a nest marker the investigator may discard the infestation, and Husks burst out

    @rule:expectant-infested.discard-with-nest-marker @rule:expectant-infested.husks-spawn
    Scenario Outline: Lisbeth, with <tokens> infested tokens, discards at room 17's nest marker
      Given nest markers lie in rooms 17, 24
      And the Expectant Terror investigator Lisbeth Gibson is on 17a with <tokens> infested tokens
      And the Expectant Terror activation of Lisbeth Gibson is under way
      When the Expectant Terror investigator Lisbeth Gibson discards at the nest marker
      Then the Expectant Terror move is allowed
      And the Expectant Terror investigator Lisbeth Gibson has 0 wounds and 0 infested tokens
      And the Expectant Terror board holds nest markers in rooms 24
      And the Expectant Terror space 17a holds <tokens> Husk figures
      And the Expectant Terror reserve has <husks left> Husk left

      Examples:
        | tokens | husks left |
        | 1      | 5          |
        | 3      | 3          |

    @rule:expectant-infested.discard-with-nest-marker
    Scenario Outline: No nest marker in <space>: no discard
      Given nest markers lie in rooms 17
      And the Expectant Terror investigator Lisbeth Gibson is on <space> with 2 infested tokens
      And the Expectant Terror activation of Lisbeth Gibson is under way
      When the Expectant Terror investigator Lisbeth Gibson discards at the nest marker
      Then the Expectant Terror move is refused by rule "expectant-infested.discard-with-nest-marker"

      Examples: the room's other space
        | space |
        | 17b   |

      Examples: another room
        | space |
        | 19a   |

    @rule:expectant-infested.discard-with-nest-marker
    Scenario Outline: An uninfested investigator at a nest marker, under expectant-infested.discard-uninfested = <setting>
      Given the Expectant Terror option "expectant-infested.discard-uninfested" is set to "<setting>"
      And nest markers lie in rooms 17
      And the Expectant Terror investigator Lisbeth Gibson is on 17a with 0 infested tokens
      And the Expectant Terror activation of Lisbeth Gibson is under way
      When the Expectant Terror investigator Lisbeth Gibson discards at the nest marker
      Then the Expectant Terror move is <verdict>
      And the Expectant Terror board holds nest markers in rooms <markers left>
      And the Expectant Terror space 17a holds 0 Husk figures

      Examples:
        | setting              | verdict                                                 | markers left |
        | allowed              | allowed                                                 | none         |
        | needs-infested-token | refused by rule "expectant-infested.discard-with-nest-marker"     | 17           |

  Rule: Only during the investigator's own activation

    @rule:expectant-infested.discard-in-activation
    Scenario: Not while it is another investigator's activation
      Given nest markers lie in rooms 17
      And the Expectant Terror investigator Lisbeth Gibson is on 17a with 1 infested tokens
      And the Expectant Terror activation of Sophie Brigman is under way
      When the Expectant Terror investigator Lisbeth Gibson discards at the nest marker
      Then the Expectant Terror move is refused by rule "expectant-infested.discard-in-activation"

    @rule:expectant-infested.discard-in-activation
    Scenario: Not once the activation has ended
      Given nest markers lie in rooms 17
      And the Expectant Terror investigator Lisbeth Gibson is on 17a with 1 infested tokens
      And the Expectant Terror activation of Lisbeth Gibson is under way
      When the Expectant Terror activation ends
      And the Expectant Terror investigator Lisbeth Gibson discards at the nest marker
      Then the Expectant Terror move is refused by rule "expectant-infested.discard-in-activation"

    @rule:expectant-infested.discard-in-activation @rule:outside-activation.no-activation-abilities
    Scenario: Not in an action outside an activation
      Given nest markers lie in rooms 17
      And the Expectant Terror investigator Lisbeth Gibson is on 17a with 1 infested tokens
      When the Expectant Terror investigator Lisbeth Gibson acts outside an activation
      And the Expectant Terror investigator Lisbeth Gibson discards at the nest marker
      Then the Expectant Terror move is refused by rule "outside-activation.no-activation-abilities"

  Rule: Husks come from the reserve (interpretation expectant-infested.short-reserve)

    @rule:expectant-infested.husks-spawn @rule:outcome.loss-empty-reserve
    Scenario Outline: Three Husks must burst out and <husks> are left, under expectant-infested.short-reserve = <setting>
      Given the Expectant Terror option "expectant-infested.short-reserve" is set to "<setting>"
      And the Expectant Terror reserve holds <husks> Husks, 6 Mind Eaters and 2 Grudges
      And nest markers lie in rooms 17
      And the Expectant Terror investigator Lisbeth Gibson is on 17a with 3 infested tokens
      And the Expectant Terror activation of Lisbeth Gibson is under way
      When the Expectant Terror investigator Lisbeth Gibson discards at the nest marker
      Then the Expectant Terror space 17a holds <spawned> Husk figures
      And the Expectant Terror game goes on

      Examples:
        | setting            | husks | spawned |
        | spawn-what-remains | 2     | 2       |
        | all-or-nothing     | 2     | 0       |
        | spawn-what-remains | 0     | 0       |

    @rule:expectant-infested.husks-spawn @rule:outcome.loss-empty-reserve
    Scenario: With no Husk and only Mind Eaters left, the Husks' spawn loses the game
      Given the Expectant Terror reserve holds 0 Husks and 6 Mind Eaters
      And nest markers lie in rooms 17
      And the Expectant Terror investigator Lisbeth Gibson is on 17a with 0 infested tokens
      And the Expectant Terror activation of Lisbeth Gibson is under way
      When the Expectant Terror investigator Lisbeth Gibson gets 1 infested tokens
      Then the Expectant Terror game goes on
      When the Expectant Terror investigator Lisbeth Gibson discards at the nest marker
      Then the Expectant Terror space 17a holds 0 Husk figures
      And the Expectant Terror game is lost by rule "outcome.loss-empty-reserve"

  Rule: The discard costs no action

    @rule:expectant-infested.discard-free
    Scenario: After the discard all three actions are left
      Given nest markers lie in rooms 17
      And the Expectant Terror investigator Lisbeth Gibson is on 17a with 2 infested tokens
      And the Expectant Terror activation of Lisbeth Gibson is under way
      When the Expectant Terror investigator Lisbeth Gibson discards at the nest marker
      Then the Expectant Terror investigator Lisbeth Gibson has 3 actions left
      When the Expectant Terror investigator Lisbeth Gibson spends an action
      Then the Expectant Terror investigator Lisbeth Gibson has 2 actions left
