Feature: Winning and losing
  In this expansion's scenarios the players win or lose together. They win when the scenario's winning conditions
  are met. They lose when a losing condition of the scenario is met, when an investigator is killed, when the
  devour marker reaches the last space of the devouring track, or when a monster must spawn and the reserve holds
  no monster (horror-0 monsters not counting).

  The test game has a winning and a losing condition that the scenarios switch on, a devouring track of 5 spaces
  with the devour marker on space 1, the investigators Lisbeth Gibson (health 7) and Sophie Brigman (health 8), and
  a reserve of 6 Husks (horror 1) and 6 Mind Eaters (horror 0).

  Rule: The investigators win when the scenario's winning conditions are met

    @rule:outcome.win-scenario @rule:outcome.together
    Scenario: The test scenario's winning condition is met
      Given a test game
      And the test scenario's winning condition is met
      Then the test game is won (outcome.win-scenario)
      And no investigator takes another action in the test game: it is over for Lisbeth Gibson and Sophie Brigman alike

  Rule: The game is lost when a losing condition of the scenario is met

    @rule:outcome.loss-scenario
    Scenario: The test scenario's losing condition is met
      Given a test game
      And the test scenario's losing condition is met
      Then the test game is lost (outcome.loss-scenario)

  Rule: The game is lost when an investigator is killed

    @rule:outcome.loss-investigator-killed
    Scenario Outline: Lisbeth Gibson, with <tokens> health +1 tokens, takes <wounds> wounds
      Given a test game
      And Lisbeth Gibson holds <tokens> health +1 tokens in the test game
      When Lisbeth Gibson takes <wounds> wounds in the test game
      Then the test game <outcome>

      Examples:
        | tokens | wounds | outcome                                    |
        | 0      | 6      | goes on                                    |
        | 0      | 7      | is lost (outcome.loss-investigator-killed) |
        | 0      | 9      | is lost (outcome.loss-investigator-killed) |
        | 1      | 7      | goes on                                    |
        | 1      | 8      | is lost (outcome.loss-investigator-killed) |

    @rule:outcome.loss-investigator-killed @rule:outcome.together
    Scenario: Sophie Brigman is killed instantly, whatever her health: Lisbeth Gibson, alive, loses with her
      Given a test game
      When Sophie Brigman is killed instantly in the test game
      Then the test game is lost (outcome.loss-investigator-killed)
      And Lisbeth Gibson is alive and unwounded in the test game
      And no investigator takes another action in the test game: it is over for Lisbeth Gibson and Sophie Brigman alike

  Rule: The game is lost when the devour marker reaches the last space of the devouring track

    @rule:outcome.loss-devouring-track
    Scenario Outline: The devour marker on space <space> of a devouring track of <length> spaces
      Given a test game
      And the test game's devouring track has <length> spaces
      And the test game's devour marker stands on space <space>
      Then the test game <outcome>

      Examples:
        | length | space | outcome                                |
        | 5      | 1     | goes on                                |
        | 5      | 4     | goes on                                |
        | 5      | 5     | is lost (outcome.loss-devouring-track) |
        | 9      | 8     | goes on                                |
        | 9      | 9     | is lost (outcome.loss-devouring-track) |
        | 8      | 8     | is lost (outcome.loss-devouring-track) |

  Rule: The game is lost when a monster must spawn and the reserve holds no monster, horror-0 monsters aside

    @rule:outcome.loss-empty-reserve
    Scenario Outline: A <monster> must spawn; the reserve holds <husks> Husk, <eaters> Mind Eater, <grudges> Grudge (reserve.empty = <setting>)
      Given the general option "reserve.empty" is set to "<setting>"
      And a test game
      And the test game's reserve holds <husks> Husk, <eaters> Mind Eater and <grudges> Grudge
      When a <monster> must spawn in the test game
      Then the test game's reserve gives <given> <monster> for the spawn
      And the test game <outcome>

      Examples: the whole reserve counts (the default)
        | setting       | husks | eaters | grudges | monster    | given | outcome                              |
        | whole-reserve | 1     | 6      | 0       | Husk       | 1     | goes on                              |
        | whole-reserve | 0     | 6      | 0       | Husk       | 0     | is lost (outcome.loss-empty-reserve) |
        | whole-reserve | 0     | 0      | 0       | Husk       | 0     | is lost (outcome.loss-empty-reserve) |
        | whole-reserve | 0     | 6      | 0       | Mind Eater | 0     | is lost (outcome.loss-empty-reserve) |
        | whole-reserve | 0     | 6      | 2       | Husk       | 0     | goes on                              |
        | whole-reserve | 3     | 0      | 0       | Mind Eater | 0     | goes on                              |

      Examples: the monster that must spawn counts
        | setting           | husks | eaters | grudges | monster    | given | outcome                              |
        | that-monster-type | 1     | 6      | 0       | Husk       | 1     | goes on                              |
        | that-monster-type | 0     | 6      | 2       | Husk       | 0     | is lost (outcome.loss-empty-reserve) |
        | that-monster-type | 0     | 6      | 0       | Husk       | 0     | is lost (outcome.loss-empty-reserve) |
        | that-monster-type | 3     | 0      | 0       | Mind Eater | 0     | goes on                              |
        | that-monster-type | 3     | 2      | 0       | Mind Eater | 1     | goes on                              |

    @rule:outcome.loss-empty-reserve
    Scenario Outline: Only Grudges, whose horror the engine lacks, are left (reserve.unknown-horror = <setting>)
      Given the general option "reserve.unknown-horror" is set to "<setting>"
      And a test game
      And the test game's reserve holds 0 Husk, 6 Mind Eater and 2 Grudge
      When a Husk must spawn in the test game
      Then the test game's reserve gives 0 Husk for the spawn
      And the test game <outcome>

      Examples:
        | setting | outcome                              |
        | counts  | goes on                              |
        | ignored | is lost (outcome.loss-empty-reserve) |

    @rule:outcome.loss-empty-reserve
    Scenario: The loss stands once met
      Given a test game
      And the test game's reserve holds 0 Husk, 6 Mind Eater and 0 Grudge
      When a Husk must spawn in the test game
      And a Mind Eater must spawn in the test game
      Then the test game is lost (outcome.loss-empty-reserve)

  Rule: A win and a loss at the same moment: the option "outcome.simultaneous" decides

    @rule:outcome.ends-together @rule:outcome.win-scenario
    Scenario Outline: The winning condition and <loss> (outcome.simultaneous = <setting>)
      Given the general option "outcome.simultaneous" is set to "<setting>"
      And a test game
      And the test scenario's winning condition is met
      And <loss>
      Then the test game <outcome>
      And the test game's outcome also names <also>

      Examples:
        | setting    | loss                                                | outcome                                    | also                         |
        | loss-first | the test scenario's losing condition is met         | is lost (outcome.loss-scenario)            | outcome.win-scenario         |
        | win-first  | the test scenario's losing condition is met         | is won (outcome.win-scenario)              | outcome.loss-scenario        |
        | loss-first | the test game's devour marker stands on space 5     | is lost (outcome.loss-devouring-track)     | outcome.win-scenario         |
        | win-first  | the test game's devour marker stands on space 5     | is won (outcome.win-scenario)              | outcome.loss-devouring-track |
        | loss-first | Sophie Brigman is killed instantly in the test game | is lost (outcome.loss-investigator-killed) | outcome.win-scenario         |

    @rule:outcome.ends-together
    Scenario: Two losses at once: the outcome names both
      Given a test game
      And the test scenario's losing condition is met
      And the test game's devour marker stands on space 5
      Then the test game is lost (outcome.loss-scenario)
      And the test game's outcome also names outcome.loss-devouring-track
