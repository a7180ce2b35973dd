Feature: Fathoms Dark — the unbound activation
  At the end of each round every investigator whose Objective Point is covered takes an unbound activation, in
  activation-track order: search cards are discarded until a weapon; then three actions, each an attack on the
  nearest other investigator the weapon reaches (ties: the attacker's choice) or, failing that, a move toward the
  nearest space to attack from. Trap, Slow, Weakened and Paralyzed are ignored; it is not a normal activation.
  The engine finds every course of three actions the rules allow; a tie the scenario does not list fails it.

  Rule: Every infected investigator, in activation-track order

    @rule:fathoms-activation.who @rule:fathoms-activation.order
    Scenario Outline: Covered: <covered>; activation track: <track>
      Given a Fathoms Dark position with these investigators:
        | investigator      | objective marker | space |
        | Lisbeth Gibson    | circle           | 17b   |
        | Sophie Brigman    | star             | 24b   |
        | Isaiah Wiesenthal | square           | 25b   |
      And the Fathoms Dark activation track is <track>
      And the unbound markers cover the Objective Points of <covered>
      When the Fathoms Dark round reaches its unbound activations
      Then the unbound activations come in the order <order>

      Examples:
        | track                                             | covered                           | order                             |
        | Lisbeth Gibson, Sophie Brigman, Isaiah Wiesenthal | Isaiah Wiesenthal, Sophie Brigman | Sophie Brigman, Isaiah Wiesenthal |
        | Isaiah Wiesenthal, Lisbeth Gibson, Sophie Brigman | Sophie Brigman, Isaiah Wiesenthal | Isaiah Wiesenthal, Sophie Brigman |
        | Lisbeth Gibson, Sophie Brigman, Isaiah Wiesenthal | nobody                            | nobody                            |

    @rule:fathoms-activation.who @rule:fathoms-cards.place-at-end-of-activation-phase
    Scenario: A marker placed this round brings an unbound activation this round
      Given a Fathoms Dark position with these investigators:
        | investigator   | objective marker | space |
        | Lisbeth Gibson | circle           | 17b   |
        | Sophie Brigman | star             | 24b   |
      And the scenario card deck is star, circle
      When the Fathoms Dark round begins
      And the Fathoms Dark activation phase ends
      And the Fathoms Dark round reaches its unbound activations
      Then the unbound activations come in the order Sophie Brigman

    @rule:fathoms-activation.who
    Scenario: An uncovered investigator has no unbound activation
      Given a Fathoms Dark position with these investigators:
        | investigator   | objective marker | space |
        | Lisbeth Gibson | circle           | 17b   |
        | Sophie Brigman | star             | 24b   |
      When the unbound activation of Lisbeth Gibson is worked out
      Then the Fathoms Dark step is refused under rule "fathoms-activation.who"

  Rule: Search cards are discarded until a weapon is discarded

    @rule:fathoms-activation.discard-until-weapon
    Scenario Outline: The search deck starts with <first>
      Given a Fathoms Dark position with these investigators:
        | investigator   | objective marker | space |
        | Lisbeth Gibson | circle           | 17b   |
        | Sophie Brigman | star             | 24a   |
      And the unbound markers cover the Objective Points of Sophie Brigman
      And the search deck holds, top first, <deck>
      When Sophie Brigman takes the unbound activation "attack Lisbeth Gibson; attack Lisbeth Gibson; attack Lisbeth Gibson" dealing 0, 0, 0 wounds
      Then the search cards discarded are <discarded>
      And the weapon found is <weapon>
      And the search deck left holds <left>

      Examples:
        | first   | deck                                            | discarded            | weapon  | left  |
        | Flare   | Flare, Rope, Harpoon (range 1), Knife (range 0) | Flare, Rope, Harpoon | Harpoon | Knife |
        | Harpoon | Harpoon (range 1), Flare                        | Harpoon              | Harpoon | Flare |
        | a rifle | Rifle (range 3)                                 | Rifle                | Rifle   | empty |

    @rule:fathoms-activation.discard-until-weapon @rule:fathoms-activation.no-attack-space
    @option:fathoms-activation.search-deck-exhausted
    Scenario Outline: The search deck runs out first (<setting>)
      Given the Fathoms Dark option "fathoms-activation.search-deck-exhausted" is set to "<setting>"
      And a Fathoms Dark position with these investigators:
        | investigator   | objective marker | space |
        | Lisbeth Gibson | circle           | 17b   |
        | Sophie Brigman | star             | 24b   |
      And the unbound markers cover the Objective Points of Sophie Brigman
      And the search deck holds, top first, Flare
      And the search discard pile holds Rope, Knife (range 0)
      When the unbound activation of Sophie Brigman is worked out with seed 11
      Then the weapon found is <weapon>
      And the allowed unbound action sequences are:
        | actions   |
        | <actions> |

      Examples:
        | setting            | weapon | actions                                           |
        | reshuffle-discards | Knife  | move 24b→24a; move 24a→17b; attack Lisbeth Gibson |
        | no-weapon          | none   | no action; no action; no action                   |

    @rule:fathoms-activation.discard-until-weapon
    Scenario: A position with no search deck: the weapon is asked for, never taken to be none
      Given a Fathoms Dark position with these investigators:
        | investigator   | objective marker | space |
        | Lisbeth Gibson | circle           | 17b   |
        | Sophie Brigman | star             | 24b   |
      And the unbound markers cover the Objective Points of Sophie Brigman
      When the Fathoms Dark round ends
      Then the Fathoms Dark round waits for a choice under rule "fathoms-activation.discard-until-weapon" among 0, 1, 2 and 3

  Rule: Attack the nearest other investigator the weapon reaches; ties are the attacker's choice

    @rule:fathoms-activation.three-actions @rule:fathoms-activation.must-attack @rule:fathoms-activation.attack-nearest
    Scenario: One investigator is nearer
      Given a Fathoms Dark position with these investigators:
        | investigator      | objective marker | space |
        | Lisbeth Gibson    | circle           | 17b   |
        | Sophie Brigman    | star             | 24a   |
        | Isaiah Wiesenthal | square           | 17a   |
      And the unbound markers cover the Objective Points of Sophie Brigman
      And the search deck holds, top first, Harpoon (range 2)
      When the unbound activation of Sophie Brigman is worked out
      Then the allowed unbound action sequences are:
        | actions                                                             |
        | attack Lisbeth Gibson; attack Lisbeth Gibson; attack Lisbeth Gibson |

    @rule:fathoms-activation.three-actions @rule:fathoms-activation.attack-nearest @rule:fathoms-activation.attacker-breaks-ties
    Scenario: Two investigators equally near: every choice, every action
      Given a Fathoms Dark position with these investigators:
        | investigator      | objective marker | space |
        | Lisbeth Gibson    | circle           | 17b   |
        | Sophie Brigman    | star             | 24a   |
        | Isaiah Wiesenthal | square           | 24b   |
      And the unbound markers cover the Objective Points of Sophie Brigman
      And the search deck holds, top first, Harpoon (range 1)
      When the unbound activation of Sophie Brigman is worked out
      Then the allowed unbound action sequences are:
        | actions                                                                      |
        | attack Lisbeth Gibson; attack Lisbeth Gibson; attack Lisbeth Gibson          |
        | attack Lisbeth Gibson; attack Lisbeth Gibson; attack Isaiah Wiesenthal       |
        | attack Lisbeth Gibson; attack Isaiah Wiesenthal; attack Lisbeth Gibson       |
        | attack Lisbeth Gibson; attack Isaiah Wiesenthal; attack Isaiah Wiesenthal    |
        | attack Isaiah Wiesenthal; attack Lisbeth Gibson; attack Lisbeth Gibson       |
        | attack Isaiah Wiesenthal; attack Lisbeth Gibson; attack Isaiah Wiesenthal    |
        | attack Isaiah Wiesenthal; attack Isaiah Wiesenthal; attack Lisbeth Gibson    |
        | attack Isaiah Wiesenthal; attack Isaiah Wiesenthal; attack Isaiah Wiesenthal |
      And each of the three actions is the attacking investigator's choice of attack Isaiah Wiesenthal or attack Lisbeth Gibson, 8 courses in all

    @rule:fathoms-activation.must-attack
    Scenario: A sequence the rules don't allow is refused and changes nothing
      Given a Fathoms Dark position with these investigators:
        | investigator      | objective marker | space |
        | Lisbeth Gibson    | circle           | 17b   |
        | Sophie Brigman    | star             | 24a   |
        | Isaiah Wiesenthal | square           | 17a   |
      And the unbound markers cover the Objective Points of Sophie Brigman
      And the search deck holds, top first, Flare, Harpoon (range 2)
      When Sophie Brigman takes the unbound activation "attack Isaiah Wiesenthal; attack Isaiah Wiesenthal; attack Isaiah Wiesenthal" dealing 1, 1, 1 wounds
      Then the Fathoms Dark step is refused under rule "fathoms-activation.must-attack"
      And the Fathoms Dark investigator Isaiah Wiesenthal has 0 wounds
      And the search deck left holds Flare, Harpoon

    @rule:fathoms-activation.attack-nearest @option:fathoms-activation.nearest-target
    Scenario Outline: Nearest by <setting>, past a closed hatch that blocks sight but not movement
      Given the Fathoms Dark option "fathoms-activation.nearest-target" is set to "<setting>"
      And a Fathoms Dark position with these investigators:
        | investigator      | objective marker | space |
        | Lisbeth Gibson    | circle           | 23b   |
        | Sophie Brigman    | star             | 5a    |
        | Isaiah Wiesenthal | square           | 27b   |
      And the unbound markers cover the Objective Points of Sophie Brigman
      And the search deck holds, top first, Rifle (range 6)
      When the unbound activation of Sophie Brigman is worked out
      Then the allowed unbound action sequences are:
        | actions   |
        | <actions> |

      Examples:
        | setting        | actions                                                                      |
        | fewest-moves   | attack Lisbeth Gibson; attack Lisbeth Gibson; attack Lisbeth Gibson          |
        | sight-distance | attack Isaiah Wiesenthal; attack Isaiah Wiesenthal; attack Isaiah Wiesenthal |

  Rule: Otherwise move toward the nearest space to attack from

    @rule:fathoms-activation.move-toward-attack-space @rule:fathoms-activation.three-actions
    Scenario: Two moves, then the attack
      Given a Fathoms Dark position with these investigators:
        | investigator      | objective marker | space |
        | Lisbeth Gibson    | circle           | 17b   |
        | Sophie Brigman    | star             | 24b   |
        | Isaiah Wiesenthal | square           | 25b   |
      And the unbound markers cover the Objective Points of Sophie Brigman
      And the search deck holds, top first, Knife (range 0)
      When the unbound activation of Sophie Brigman is worked out
      Then the allowed unbound action sequences are:
        | actions                                           |
        | move 24b→24a; move 24a→17b; attack Lisbeth Gibson |

    @rule:fathoms-activation.move-toward-attack-space @rule:fathoms-activation.attacker-breaks-ties
    @option:fathoms-activation.move-tie-chooser
    Scenario: Two spaces to attack from, equally near, in two directions
      Who chooses between the two ways is not in the text; the assumption fathoms-activation.move-tie-chooser
      gives the choice to the attacking investigator.
      Given the Fathoms Dark option "fathoms-activation.move-tie-chooser" is set to "attacking-investigator"
      And a Fathoms Dark position with these investigators:
        | investigator      | objective marker | space |
        | Lisbeth Gibson    | circle           | 27c   |
        | Sophie Brigman    | star             | 5b    |
        | Isaiah Wiesenthal | square           | 26a   |
      And the unbound markers cover the Objective Points of Sophie Brigman
      And the search deck holds, top first, Knife (range 0)
      When the unbound activation of Sophie Brigman is worked out
      Then the allowed unbound action sequences are:
        | actions                                           |
        | move 5b→5a; move 5a→27c; attack Lisbeth Gibson    |
        | move 5b→5c; move 5c→26a; attack Isaiah Wiesenthal |
      And the unbound-activation answer for Sophie Brigman gives the choice among 2 courses to the attacking investigator

    @rule:fathoms-activation.no-attack-space @option:fathoms-activation.nowhere-to-attack-from
    Scenario: Nobody else to attack
      The text always has a space to move toward; with none, the assumption
      fathoms-activation.nowhere-to-attack-from makes each action do nothing.
      Given the Fathoms Dark option "fathoms-activation.nowhere-to-attack-from" is set to "no-action"
      And a Fathoms Dark position with these investigators:
        | investigator   | objective marker | space |
        | Sophie Brigman | star             | 24b   |
      And the unbound markers cover the Objective Points of Sophie Brigman
      And the search deck holds, top first, Knife (range 0)
      When the unbound activation of Sophie Brigman is worked out
      Then the allowed unbound action sequences are:
        | actions                         |
        | no action; no action; no action |

  Rule: Trap and Slow are ignored when moving

    @rule:fathoms-activation.move-ignores-trap-and-slow
    Scenario: Slow and held by four Husks, Isaiah still walks out
      Given a Fathoms Dark position with these investigators:
        | investigator      | objective marker | space | tokens |
        | Lisbeth Gibson    | circle           | 17b   |        |
        | Isaiah Wiesenthal | square           | 24b   | slow   |
      And 4 Husks stand in 24b of the Fathoms Dark board
      And the unbound markers cover the Objective Points of Isaiah Wiesenthal
      And the search deck holds, top first, Knife (range 0)
      Then outside an unbound activation Isaiah Wiesenthal could not leave his or her space: slow, trap
      And in Isaiah Wiesenthal's unbound activation nothing stops him or her leaving the space
      When the unbound activation of Isaiah Wiesenthal is worked out
      Then the allowed unbound action sequences are:
        | actions                                           |
        | move 24b→24a; move 24a→17b; attack Lisbeth Gibson |
      When Isaiah Wiesenthal takes the unbound activation "move 24b→24a; move 24a→17b; attack Lisbeth Gibson" dealing 1 wounds
      Then Isaiah Wiesenthal stands in 17b on the Fathoms Dark board
      And Isaiah Wiesenthal still holds 1 slow token after the unbound activation

  Rule: Weakened is ignored when attacking; the target is a monster and takes every wound

    @rule:fathoms-activation.ignore-weakened
    Scenario: Weakened is not in force in an unbound activation
      Given a Fathoms Dark position with these investigators:
        | investigator   | objective marker | space | tokens   |
        | Lisbeth Gibson | circle           | 17b   |          |
        | Sophie Brigman | star             | 24a   | weakened |
      And the unbound markers cover the Objective Points of Sophie Brigman
      Then in a normal activation Sophie Brigman's conditions in force are weakened
      And in Sophie Brigman's unbound activation the conditions in force are none
      And in Sophie Brigman's unbound activation a token the rulebook does not name, "stand-in", stays in force

    @rule:fathoms-activation.target-as-monster @rule:fathoms-activation.all-damage-to-target
    Scenario Outline: Wounds <wounds> on Lisbeth, Isaiah in the same space
      Given a Fathoms Dark position with these investigators:
        | investigator      | objective marker | space |
        | Lisbeth Gibson    | circle           | 17b   |
        | Sophie Brigman    | star             | 24a   |
        | Isaiah Wiesenthal | square           | 17b   |
      And the unbound markers cover the Objective Points of Sophie Brigman
      And the search deck holds, top first, Harpoon (range 1)
      When Sophie Brigman takes the unbound activation "attack Lisbeth Gibson; attack Lisbeth Gibson; attack Lisbeth Gibson" dealing <wounds> wounds
      Then the Fathoms Dark investigator Lisbeth Gibson has <total> wounds
      And the Fathoms Dark investigator Isaiah Wiesenthal has 0 wounds

      Examples:
        | wounds  | total |
        | 1, 1, 1 | 3     |
        | 2, 0, 2 | 4     |
        | 0, 0, 0 | 0     |

  Rule: Paralyzed is ignored during the unbound activation and kept after it

    @rule:fathoms-activation.paralyzed-ignored @rule:fathoms-activation.paralyzed-kept
    Scenario: A Paralyzed investigator takes all three actions
      Given a Fathoms Dark position with these investigators:
        | investigator   | objective marker | space | tokens    |
        | Lisbeth Gibson | circle           | 17b   |           |
        | Sophie Brigman | star             | 24b   | paralyzed |
      And the unbound markers cover the Objective Points of Sophie Brigman
      And the search deck holds, top first, Knife (range 0)
      When Sophie Brigman takes the unbound activation "move 24b→24a; move 24a→17b; attack Lisbeth Gibson" dealing 2 wounds
      Then Sophie Brigman stands in 17b on the Fathoms Dark board
      And the Fathoms Dark investigator Lisbeth Gibson has 2 wounds
      And Sophie Brigman still holds 1 paralyzed token after the unbound activation

  Rule: It is not a normal activation

    @rule:fathoms-activation.not-normal
    Scenario: No ability usually available during an activation
      Given a Fathoms Dark position with these investigators:
        | investigator   | objective marker | space |
        | Lisbeth Gibson | circle           | 17b   |
        | Sophie Brigman | star             | 24b   |
      And the unbound markers cover the Objective Points of Sophie Brigman
      Then in Sophie Brigman's unbound activation any ability usually available during an activation is refused under rule "outside-activation.no-activation-abilities"
      And in a normal activation of Sophie Brigman such an ability may be used

    @rule:fathoms-activation.no-start-end-effects
    Scenario: Ending on a devoured effect marker triggers nothing
      Given a Fathoms Dark position with these investigators:
        | investigator   | objective marker | space |
        | Lisbeth Gibson | circle           | 5b    |
        | Sophie Brigman | star             | 5b    |
      And the unbound markers cover the Objective Points of Sophie Brigman
      And the search deck holds, top first, Knife (range 0)
      When Sophie Brigman takes the unbound activation "attack Lisbeth Gibson; attack Lisbeth Gibson; attack Lisbeth Gibson" dealing 0, 0, 0 wounds
      Then the end of Sophie Brigman's unbound activation triggers nothing
      And the end of a normal activation of Sophie Brigman would trigger the devoured effect marker in 5b
