Feature: Gaining 1 health
  Gaining health first heals wounds; a figure with no wounds still gains the health, above its maximum, as a
  health +1 token. Wounds take health +1 tokens away before they are marked.
  These rules hold for every figure: investigators and monsters alike.

  Rule: Gaining health heals a wound first

    @rule:health.gain-heals-wound @rule:health.all-figures
    Scenario Outline: A wounded <figure> gains health
      Given a <figure> with maximum health <maximum>, <wounds> wounds and no health +1 token
      When it gains <gained> health
      Then it has <wounds left> wounds and <tokens> health +1 tokens
      And its health is <health>

      Examples:
        | figure       | maximum | wounds | gained | wounds left | tokens | health |
        | investigator | 7       | 3      | 1      | 2           | 0      | 5      |
        | investigator | 7       | 1      | 1      | 0           | 0      | 7      |
        | monster      | 4       | 2      | 1      | 1           | 0      | 3      |

  Rule: With no wounds, the health goes above the maximum as a health +1 token

    @rule:health.gain-over-max @rule:health.all-figures
    Scenario Outline: An unwounded <figure> gains health
      Given a <figure> with maximum health <maximum>, <wounds> wounds and <held> health +1 tokens
      When it gains <gained> health
      Then it has <wounds left> wounds and <tokens> health +1 tokens
      And its health is <health>

      Examples: no wounds, no tokens yet
        | figure       | maximum | wounds | held | gained | wounds left | tokens | health |
        | investigator | 7       | 0      | 0    | 1      | 0           | 1      | 8      |
        | monster      | 4       | 0      | 0    | 1      | 0           | 1      | 5      |

      Examples: several health +1 tokens
        | figure       | maximum | wounds | held | gained | wounds left | tokens | health |
        | investigator | 7       | 0      | 2    | 1      | 0           | 3      | 10     |

      Examples: healing the last wound, then going above the maximum
        | figure       | maximum | wounds | held | gained | wounds left | tokens | health |
        | investigator | 7       | 1      | 0    | 3      | 0           | 2      | 9      |

  Rule: Wounds discard health +1 tokens first

    @rule:health.tokens-absorb-wounds @rule:health.all-figures @option:health.tokens-per-wound
    Scenario Outline: A <figure> with <held> health +1 tokens takes <taken> wounds
      Given the general option "health.tokens-per-wound" is set to "one-a-wound"
      And a <figure> with maximum health <maximum>, 0 wounds and <held> health +1 tokens
      When it takes <taken> wounds
      Then it has <wounds left> wounds and <tokens> health +1 tokens
      And its health is <health>

      Examples:
        | figure       | maximum | held | taken | wounds left | tokens | health |
        | investigator | 7       | 1    | 1     | 0           | 0      | 7      |
        | investigator | 7       | 2    | 1     | 0           | 1      | 8      |
        | investigator | 7       | 1    | 3     | 2           | 0      | 5      |
        | monster      | 4       | 1    | 5     | 4           | 0      | 0      |

    @rule:health.tokens-absorb-wounds
    Scenario: A monster whose wounds outrun its tokens is killed
      Given a monster with maximum health 4, 0 wounds and 1 health +1 tokens
      When it takes 5 wounds
      Then it is killed
