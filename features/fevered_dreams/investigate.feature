Feature: Fevered Dreams: the Investigate action
  An investigator standing with Obscure may spend the three obscure markers on the Obscure card to remove that
  Dimensional Portal from the game; another face-down objective marker, revealed at random, sends Obscure to its
  portal.

  Background:
    Given a Fevered Dreams game on the shipped board
    And Obscure stands on the red Dimensional Portal
    And Lisbeth Gibson stands in the Fevered Dreams space 3b

  Rule: Investigating removes Obscure's portal and sends Obscure to another

    @rule:fevered-investigate.same-space @rule:fevered-investigate.three-markers @rule:fevered-investigate.remove-portal @rule:fevered-investigate.reveal-next-portal
    Scenario: Lisbeth investigates, and the blue objective marker is revealed
      Given the Obscure card holds 3 obscure markers
      When Lisbeth Gibson investigates and the blue objective marker is revealed
      Then the red Dimensional Portal has been removed from the game
      And the Obscure card holds 0 obscure markers
      And Obscure stands in the Fevered Dreams space 17b
      And the face-down Fevered Dreams objective markers are green, yellow, purple and white

    @rule:fevered-investigate.reveal-next-portal
    Scenario Outline: The next portal is drawn at random (seed <seed>)
      Given the Obscure card holds 3 obscure markers
      When Lisbeth Gibson investigates with the seed <seed>
      Then Obscure stands on the portal of an objective marker that was face down
      And 4 Fevered Dreams objective markers are still face down

      Examples:
        | seed |
        | 1    |
        | 9    |

    @rule:fevered-investigate.reveal-next-portal
    Scenario: A colour that is not face down can't be revealed
      Given the Obscure card holds 3 obscure markers
      When Lisbeth Gibson investigates and the red objective marker is revealed
      Then the Fevered Dreams operation is refused under rule "fevered-investigate.reveal-next-portal"
      And the Obscure card holds 3 obscure markers

  Rule: Only in Obscure's space

    @rule:fevered-investigate.same-space
    Scenario Outline: Lisbeth in <space> can't investigate
      Given the Obscure card holds 3 obscure markers
      And Lisbeth Gibson stands in the Fevered Dreams space <space>
      When Lisbeth Gibson investigates and the blue objective marker is revealed
      Then the Fevered Dreams operation is refused under rule "fevered-investigate.same-space"
      And the Obscure card holds 3 obscure markers
      And Obscure stands in the Fevered Dreams space 3b

      Examples:
        | space |
        | 3a    |
        | 17b   |

  Rule: It takes the three obscure markers of the Obscure card

    @rule:fevered-investigate.three-markers
    Scenario Outline: With <held> obscure markers on the card, Lisbeth can't investigate
      Given the Obscure card holds <held> obscure markers
      When Lisbeth Gibson investigates and the blue objective marker is revealed
      Then the Fevered Dreams operation is refused under rule "fevered-investigate.three-markers"
      And the red Dimensional Portal is still on the board

      Examples:
        | held |
        | 0    |
        | 2    |

  Rule: The last portal

    @rule:fevered-investigate.remove-portal @rule:fevered-investigate.reveal-next-portal @rule:fevered-outcome.win-portals-removed
    Scenario: Removing the last portal leaves nothing to reveal, and wins
      Given the Fevered Dreams portals blue, green, yellow, purple and white have been removed from the game
      And the Obscure card holds 3 obscure markers
      When Lisbeth Gibson investigates
      Then the red Dimensional Portal has been removed from the game
      And no Fevered Dreams objective marker is face down and Obscure stands on no portal
      And the Fevered Dreams game is won under rule "fevered-outcome.win-portals-removed"
