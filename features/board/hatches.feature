Feature: 3D hatches
  The expansion's 3D hatches are treated exactly like the base game's locked hatch standees. A board file writes
  one as `3d` on a connection, and the engine reads it as a locked hatch: it stops movement and sight exactly where
  a locked hatch does. Which hatches stop movement and which stop sight are base-game rules the expansion does not
  contain, so they are the named assumptions hatch.blocks-movement and hatch.blocks-sight; every row below names
  the setting it uses.

  Rule: A 3D hatch stops movement exactly where a locked hatch does

    @rule:components.3d-hatch @option:hatch.blocks-movement @option:board.distance
    Scenario Outline: Moving from 1a to 2a past a <hatch> hatch with hatch.blocks-movement set to <setting>
      Given the board option "hatch.blocks-movement" is set to "<setting>"
      And the board option "board.distance" is set to "fewest-moves"
      And a board where 1a and 2a are joined through a <hatch> hatch, and the way round is 1a, 1b, 3a, 2b, 2a
      When the moves from 1a to 2a are counted
      Then the board distance is <moves> moves

      Examples: the default setting: locked and sealed hatches stop movement
        | hatch  | setting           | moves |
        | 3D     | locked-and-sealed | 4     |
        | locked | locked-and-sealed | 4     |
        | closed | locked-and-sealed | 1     |

      Examples: the other settings
        | hatch  | setting              | moves |
        | 3D     | closed-locked-sealed | 4     |
        | locked | closed-locked-sealed | 4     |
        | 3D     | none                 | 1     |
        | locked | none                 | 1     |

  Rule: A 3D hatch stops sight exactly where a locked hatch does

    @rule:components.3d-hatch @option:hatch.blocks-sight
    Scenario Outline: Looking from 1a to 2a past a <hatch> hatch with hatch.blocks-sight set to <setting>
      Given the board option "hatch.blocks-sight" is set to "<setting>"
      And a board where 1a and 2a are joined through a <hatch> hatch, and the way round is 1a, 1b, 3a, 2b, 2a
      When the line of sight from 1a to 2a is traced
      Then the board sight distance is <distance>

      Examples: the default setting: closed, locked and sealed hatches stop sight
        | hatch  | setting              | distance |
        | 3D     | closed-locked-sealed | 4        |
        | locked | closed-locked-sealed | 4        |
        | open   | closed-locked-sealed | 1        |

      Examples: the other settings
        | hatch  | setting           | distance |
        | 3D     | locked-and-sealed | 4        |
        | locked | locked-and-sealed | 4        |
        | 3D     | none              | 1        |
        | locked | none              | 1        |

    @rule:components.3d-hatch @option:hatch.blocks-sight
    Scenario: With no way round, a 3D hatch hides what lies behind it
      Given the board option "hatch.blocks-sight" is set to "closed-locked-sealed"
      And a board where 1a and 2a are joined through a 3D hatch, and the way round is 1a, 1b
      When the line of sight from 1a to 2a is traced
      Then the board line of sight is blocked
