Feature: Fevered Dreams: positions in a state file
  A state file's "fevered-dreams:" section gives the flooded markers, the obscure markers on the board and on the
  Obscure card, where Obscure stands, the face-down objective markers, the removed portals and the existence dials.
  A position the rules can't produce is refused, naming the entry and the rule.

  Rule: What the section says is read, and written back unchanged

    @rule:fevered-mist.markers-stack @rule:fevered-investigate.remove-portal @rule:fevered-existence.dial
    Scenario: A position read, written and read again is the same position
      When a Fevered Dreams state file with "fevered-dreams: {obscure_portal: green, removed_portals: [white, red], obscure_card: 2, obscure_markers: [{space: 3a, wounds: 2}, 24a], flooded: {17b: 2, 3a: 1}, existence: {Lisbeth Gibson: 3}}" is read
      Then the Fevered Dreams state file is read
      And Obscure stands in the Fevered Dreams space 18b
      And the face-down Fevered Dreams objective markers are blue, yellow and purple
      And the Fevered Dreams flooded markers are 3a: 1 and 17b: 2
      And writing that Fevered Dreams position and reading it back gives the same position

  Rule: Impossible positions are refused

    @rule:fevered-investigate.reveal-next-portal @rule:fevered-investigate.remove-portal @rule:fevered-setup.obscure-on-portal @rule:fevered-obscure-marker.different-rooms @rule:fevered-mist.markers-stack
    Scenario Outline: <problem>
      When a Fevered Dreams state file with "<section>" is read
      Then the Fevered Dreams state file is refused at "<entry>" under rule "<rule>"

      Examples:
        | problem                                   | section                                                                  | entry                              | rule                                    |
        | a face-down marker of a removed portal    | fevered-dreams: {removed_portals: [white], face_down: [blue, green, yellow, purple, white]} | fevered-dreams.face_down | fevered-investigate.reveal-next-portal |
        | a face-down marker missing                | fevered-dreams: {face_down: [blue, green]}                               | fevered-dreams.face_down           | fevered-investigate.reveal-next-portal  |
        | Obscure on a removed portal               | fevered-dreams: {obscure_portal: white, removed_portals: [white]}        | fevered-dreams.obscure_portal      | fevered-investigate.remove-portal       |
        | Obscure nowhere while portals remain      | fevered-dreams: {obscure_portal: null}                                   | fevered-dreams.obscure_portal      | fevered-setup.obscure-on-portal         |
        | two obscure markers in one room           | fevered-dreams: {obscure_markers: [2b, 2b]}                              | fevered-dreams.obscure_markers[1]  | fevered-obscure-marker.different-rooms  |
        | a space with 0 flooded markers listed     | fevered-dreams: {flooded: {3a: 0}}                                       | fevered-dreams.flooded.3a          | fevered-mist.markers-stack              |

    @rule:fevered-obscure-marker.card-limit @rule:fevered-obscure-marker.spawn-three
    Scenario: More than six obscure markers in all is refused
      Given the Fevered Dreams state file options "obscure.kill-when-card-full: leave-game"
      When a Fevered Dreams state file with "fevered-dreams: {obscure_card: 3, obscure_markers_out: 2, obscure_markers: [3a, 4a]}" is read
      Then the Fevered Dreams state file is refused at "fevered-dreams" under rule "obscure-marker.supply"
