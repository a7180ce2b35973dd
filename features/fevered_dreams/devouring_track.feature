Feature: Fevered Dreams: the devouring track and its hazard icons
  Nine spaces numbered 3, 2, 3, 2, 3, 2, 3, 2, 3; under them blue icons (no effect) and, every third space, a
  purple icon: a flooded marker near each Dimensional Portal still on the board.

  Background:
    Given a Fevered Dreams game on the shipped board

  Rule: The track's numbers and hazard icons

    @rule:fevered-track.values @rule:fevered-track.hazard-icons
    Scenario Outline: Space <space> of the devouring track
      Then space <space> of the Fevered Dreams devouring track shows <value> with a <icon> hazard icon

      Examples:
        | space | value | icon   |
        | 1     | 3     | blue   |
        | 2     | 2     | blue   |
        | 3     | 3     | purple |
        | 4     | 2     | blue   |
        | 5     | 3     | blue   |
        | 6     | 2     | purple |
        | 7     | 3     | blue   |
        | 8     | 2     | blue   |
        | 9     | 3     | purple |

    @rule:fevered-track.values @rule:fevered-track.hazard-icons
    Scenario: The track has nine spaces
      Then the Fevered Dreams devouring track has 9 spaces

  Rule: A blue icon has no effect

    @rule:fevered-track.blue-no-effect
    Scenario Outline: The devour marker moves from space <from> onto a blue space
      Given the Fevered Dreams devour marker stands on space <from>
      And one flooded marker lies in each of the Fevered Dreams spaces 3a and 17b
      When the Fevered Dreams devour phase is resolved
      Then the Fevered Dreams devour marker stands on space <to>
      And the Fevered Dreams flooded markers are 3a: 1 and 17b: 1

      Examples:
        | from | to |
        | 1    | 2  |
        | 3    | 4  |
        | 4    | 5  |
        | 7    | 8  |

  Rule: A purple icon: one flooded marker for each portal on the board

    @rule:fevered-track.purple-each-portal @rule:fevered-track.purple-nearest-free-space
    Scenario Outline: The devour marker moves from space <from> onto a purple space with no mist on the board
      Given the Fevered Dreams devour marker stands on space <from>
      When the Fevered Dreams devour phase is resolved
      Then the Fevered Dreams devour marker stands on space <to>
      And the Fevered Dreams flooded markers are 3b: 1, 17b: 1, 18b: 1, 20b: 1, 24c: 1 and 27b: 1

      Examples:
        | from | to |
        | 2    | 3  |
        | 5    | 6  |

    @rule:fevered-track.purple-each-portal
    Scenario: A portal removed from the game places no flooded marker
      Given the Fevered Dreams portals white and green have been removed from the game
      And the Fevered Dreams devour marker stands on space 2
      When the Fevered Dreams devour phase is resolved
      Then the Fevered Dreams flooded markers are 3b: 1, 17b: 1, 20b: 1 and 24c: 1

    @rule:fevered-track.purple-each-portal @rule:fevered-outcome.win-portals-removed
    Scenario: With every portal removed, a purple icon floods nothing
      Given the Fevered Dreams portals red, blue, green, yellow, purple and white have been removed from the game
      And the Fevered Dreams devour marker stands on space 5
      When the Fevered Dreams devour phase is resolved
      Then the Fevered Dreams flooded markers are none
