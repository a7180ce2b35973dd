Feature: Lisbeth Gibson's stored die
  After a roll Lisbeth Gibson may store one of its dice: its result then counts 0 and its value waits on her card.
  In a later roll she may put the stored die in place of one result. The die she placed can't be stored again, and
  the die it replaced is out of the roll; the other dice of that roll may be stored as usual.

  Rule: The rulebook's example, step by step

    @rule:lisbeth.store-die @rule:lisbeth.replace-result @rule:lisbeth.no-store-placed-die
    @rule:lisbeth.no-store-replaced-die @rule:lisbeth.store-other-die
    Scenario: Lisbeth stores a 5 from a Grappler attack and puts it into her resistance roll
      Given Lisbeth Gibson has no die stored
      When Lisbeth rolls 2, 4 and 5 for "Grappler attack"
      And Lisbeth stores the die showing 5 of the "Grappler attack" roll
      Then the results of the "Grappler attack" roll are 2, 4 and 0
      And Lisbeth's stored die shows 5
      When Lisbeth rolls 1 and 3 for "resistance"
      And Lisbeth replaces the die showing 1 of the "resistance" roll with her stored die
      Then the results of the "resistance" roll are 5 and 3
      And Lisbeth has no die stored
      And Lisbeth may store only the dice showing 3 of the "resistance" roll
      When Lisbeth tries to store the die showing 5 of the "resistance" roll
      Then Lisbeth's attempt is refused by rule "lisbeth.no-store-placed-die"
      When Lisbeth tries to store the die showing 1 of the "resistance" roll
      Then Lisbeth's attempt is refused by rule "lisbeth.no-store-replaced-die"
      And the results of the "resistance" roll are 5 and 3
      When Lisbeth stores the die showing 3 of the "resistance" roll
      Then the results of the "resistance" roll are 5 and 0
      And Lisbeth's stored die shows 3

  Rule: A stored die's result counts 0, and its value waits on her card

    @rule:lisbeth.store-die
    Scenario Outline: Lisbeth rolls <faces> and stores the <stored>
      Given Lisbeth Gibson has no die stored
      When Lisbeth rolls <faces> for "attack"
      Then Lisbeth may store only the dice showing <faces> of the "attack" roll
      When Lisbeth stores the die showing <stored> of the "attack" roll
      Then the results of the "attack" roll are <results>
      And Lisbeth's stored die shows <stored>

      Examples:
        | faces      | stored | results    |
        | 2, 4 and 5 | 5      | 2, 4 and 0 |
        | 2, 4 and 5 | 2      | 0, 4 and 5 |
        | 1 and 6    | 1      | 0 and 6    |
        | 6          | 6      | 0          |

  Rule: Her card holds one stored die

    @rule:lisbeth.one-die-stored @rule:lisbeth.store-die
    Scenario Outline: With the 5 stored, Lisbeth tries to store the 6 of a later roll (lisbeth.store-while-full = <setting>)
      Given the general option "lisbeth.store-while-full" is set to "<setting>"
      And Lisbeth Gibson has no die stored
      When Lisbeth rolls 2, 4 and 5 for "Grappler attack"
      And Lisbeth stores the die showing 5 of the "Grappler attack" roll
      And Lisbeth rolls 1 and 6 for "resistance"
      Then Lisbeth may store only the dice showing <storable> of the "resistance" roll
      When Lisbeth tries to store the die showing 6 of the "resistance" roll
      Then Lisbeth's attempt <attempt>
      And Lisbeth's stored die shows <stored>
      And the results of the "resistance" roll are <results>
      And the results of the "Grappler attack" roll are 2, 4 and 0

      Examples:
        | setting | storable | attempt                                     | stored | results |
        | refuse  | none     | is refused by rule "lisbeth.one-die-stored" | 5      | 1 and 6 |
        | replace | 1 and 6  | succeeds                                    | 6      | 1 and 0 |

    @rule:lisbeth.one-die-stored
    Scenario Outline: With the 5 stored, Lisbeth tries to store the 4 of the same roll (lisbeth.store-while-full = <setting>)
      Given the general option "lisbeth.store-while-full" is set to "<setting>"
      And Lisbeth Gibson has no die stored
      When Lisbeth rolls 2, 4 and 5 for "Grappler attack"
      And Lisbeth stores the die showing 5 of the "Grappler attack" roll
      And Lisbeth tries to store the die showing 4 of the "Grappler attack" roll
      Then Lisbeth's attempt <attempt>
      And Lisbeth's stored die shows <stored>
      And the results of the "Grappler attack" roll are <results>

      Examples:
        | setting | attempt                                     | stored | results    |
        | refuse  | is refused by rule "lisbeth.one-die-stored" | 5      | 2, 4 and 0 |
        | replace | succeeds                                    | 4      | 2, 0 and 0 |

  Rule: The stored die replaces one result of a later roll

    @rule:lisbeth.replace-result
    Scenario Outline: With a <stored> stored, Lisbeth rolls <faces> and replaces the <replaced>
      Given Lisbeth Gibson has no die stored
      When Lisbeth rolls <stored> for "first roll"
      And Lisbeth stores the die showing <stored> of the "first roll" roll
      And Lisbeth rolls <faces> for "later roll"
      Then Lisbeth may replace only the dice showing <faces> of the "later roll" roll
      When Lisbeth replaces the die showing <replaced> of the "later roll" roll with her stored die
      Then the results of the "later roll" roll are <results>
      And Lisbeth has no die stored
      And Lisbeth may replace only the dice showing none of the "later roll" roll

      Examples:
        | stored | faces      | replaced | results    |
        | 5      | 1 and 3    | 1        | 5 and 3    |
        | 5      | 1 and 3    | 3        | 1 and 5    |
        | 6      | 2, 2 and 1 | 1        | 2, 2 and 6 |
        | 1      | 6          | 6        | 1          |

    @rule:lisbeth.replace-later-roll @option:lisbeth.roll-just-made
    Scenario: The stored die can't go back into the roll it came from
      Given the general option "lisbeth.roll-just-made" is set to "roll-just-made"
      And Lisbeth Gibson has no die stored
      When Lisbeth rolls 2, 4 and 5 for "Grappler attack"
      And Lisbeth stores the die showing 5 of the "Grappler attack" roll
      Then Lisbeth may replace only the dice showing none of the "Grappler attack" roll
      When Lisbeth tries to replace the die showing 2 of the "Grappler attack" roll with her stored die
      Then Lisbeth's attempt is refused by rule "lisbeth.replace-later-roll"
      And the results of the "Grappler attack" roll are 2, 4 and 0
      And Lisbeth's stored die shows 5

    @rule:lisbeth.replace-needs-stored-die
    Scenario Outline: Nothing stored, nothing to put in (roll <faces>)
      Given Lisbeth Gibson has no die stored
      When Lisbeth rolls <faces> for "resistance"
      Then Lisbeth may replace only the dice showing none of the "resistance" roll
      When Lisbeth tries to replace the die showing <target> of the "resistance" roll with her stored die
      Then Lisbeth's attempt is refused by rule "lisbeth.replace-needs-stored-die"
      And the results of the "resistance" roll are <faces>

      Examples:
        | faces   | target |
        | 1 and 3 | 1      |
        | 4       | 4      |

    @rule:lisbeth.replace-needs-stored-die
    Scenario: The stored die is used once
      Given Lisbeth Gibson has no die stored
      When Lisbeth rolls 5 for "first roll"
      And Lisbeth stores the die showing 5 of the "first roll" roll
      And Lisbeth rolls 1 and 3 for "second roll"
      And Lisbeth replaces the die showing 1 of the "second roll" roll with her stored die
      And Lisbeth rolls 2 and 2 for "third roll"
      Then Lisbeth may replace only the dice showing none of the "third roll" roll

  Rule: She stores from, and places into, only the roll she has just made (assumption lisbeth.roll-just-made)

    @rule:lisbeth.current-roll-only @option:lisbeth.roll-just-made
    Scenario: An earlier roll is settled: no die of it can be stored
      Given the general option "lisbeth.roll-just-made" is set to "roll-just-made"
      And Lisbeth Gibson has no die stored
      When Lisbeth rolls 2, 4 and 5 for "Grappler attack"
      And Lisbeth rolls 1 and 3 for "resistance"
      Then Lisbeth may store only the dice showing none of the "Grappler attack" roll
      When Lisbeth tries to store the die showing 5 of the "Grappler attack" roll
      Then Lisbeth's attempt is refused by rule "lisbeth.current-roll-only"
      And the results of the "Grappler attack" roll are 2, 4 and 5
      And Lisbeth has no die stored

    @rule:lisbeth.current-roll-only @option:lisbeth.roll-just-made
    Scenario: The stored die can't go into an earlier roll
      Given the general option "lisbeth.roll-just-made" is set to "roll-just-made"
      And Lisbeth Gibson has no die stored
      When Lisbeth rolls 1 and 3 for "resistance"
      And Lisbeth rolls 2 and 5 for "attack"
      And Lisbeth stores the die showing 5 of the "attack" roll
      And Lisbeth tries to replace the die showing 1 of the "resistance" roll with her stored die
      Then Lisbeth's attempt is refused by rule "lisbeth.current-roll-only"
      And the results of the "resistance" roll are 1 and 3
      And Lisbeth's stored die shows 5
