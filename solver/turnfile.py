"""The moment of play a state file may describe besides the board (for ``deepmadness play``): whose activation it
is, the roll just made, and Lisbeth Gibson's stored die. Three optional top-level keys:

.. code-block:: yaml

   activation: {investigator: Lisbeth Gibson, kind: normal}   # normal, outside or unbound; actions_left: 2 too
                                                              # where the scenario counts them (Expectant Terror)
   roll: {by: Lisbeth Gibson, for: resistance, number: 2, dice: [1, 3]}
   stored_die: {face: 5, from_roll: 1}

A roll's ``dice`` are faces, or ``{face: 5, state: stored}`` for a die that is stored, placed from Lisbeth's
storage or replaced (``state: replaced`` dice are out of the roll). ``number`` counts Lisbeth's rolls (her stored
die goes only into a later roll than the one it came from); ``stored_die: 5`` is short for a die stored from an
earlier roll.
"""

from __future__ import annotations

from .activation import ActivationContext, ActivationKind
from .dice import Die, DieState, Roll, StoredDie
from .game import GameState
from .yamlio import Entry

KEYS = ("activation", "roll", "stored_die")
LISBETH = "Lisbeth Gibson"


def read_turn(root: Entry, state: GameState) -> None:
    """Read the three keys (each optional) into ``state``."""
    if root.has("activation") and root.need("activation").value is not None:
        read_activation(root.need("activation"), state)
    if root.has("stored_die") and root.need("stored_die").value is not None:
        entry = root.need("stored_die")
        if LISBETH not in state.figures:
            raise entry.error("only Lisbeth Gibson stores a die, and she is not in this position", "lisbeth.store-die")
        if isinstance(entry.value, dict):
            entry.keys(("face", "from_roll"))
            face = entry.need("face").integer(minimum=1, maximum=6)
            from_roll = entry.get("from_roll", 0).integer(minimum=0)
        else:
            face, from_roll = entry.integer(minimum=1, maximum=6), 0
        state.stored_die = StoredDie(face, from_roll, f"roll {from_roll}, stored")
    if root.has("roll") and root.need("roll").value is not None:
        entry = root.need("roll")
        entry.keys(("by", "for", "number", "dice"))
        who = _investigator(entry.need("by"), state)
        number = entry.get("number", 1 if who == LISBETH else 0).integer(minimum=0)
        purpose = entry.get("for", "roll").text()
        dice, out = [], []
        items = entry.need("dice").list()
        if not 1 <= len(items) <= 20:
            raise entry.need("dice").error("a roll has 1 to 20 dice")
        for i, item in enumerate(items, 1):
            if isinstance(item.value, dict):
                item.keys(("face", "state"))
                face = item.need("face").integer(minimum=0, maximum=6)
                die_state = DieState(item.get("state", "rolled").text(
                    choices=tuple(s.value for s in DieState), what="die state"))
            else:
                face, die_state = item.integer(minimum=0, maximum=6), DieState.ROLLED
            die = Die(f"roll {number}, die {i}", face, die_state)
            (out if die_state is DieState.REPLACED else dice).append(die)
        if not dice:
            raise entry.need("dice").error("a roll keeps at least one die that counts")
        state.roll = Roll(number, purpose, dice, out)
        state.roll_by = who
        if who == LISBETH:
            state.rolls_made = max(state.rolls_made, number)
    if state.stored_die is not None and state.roll is not None and state.stored_die.from_roll > state.roll.number:
        raise root.need("stored_die").error("the stored die came from a roll after the roll in progress")


def read_activation(entry: Entry, state: GameState, kinds: tuple[str, ...] | None = None) -> None:
    """An ``activation:`` entry (``investigator``, ``kind``, and ``actions_left`` where the scenario counts them)
    into ``state``, through the scenario's :meth:`~solver.game.Scenario.resume_activation`; ``kinds`` narrows the
    kinds allowed."""
    state.activation = None
    if entry.value is None:
        return
    entry.keys(("investigator", "kind", "actions_left"))
    who = _investigator(entry.need("investigator"), state)
    kind = entry.get("kind", "normal").text(choices=kinds or tuple(k.lower() for k in ActivationKind.__members__),
                                            what="kind")
    most = state.scenario.actions_per_activation
    actions = None
    if entry.has("actions_left"):
        if most is None:
            raise entry.need("actions_left").error(f"{state.scenario.title} doesn't count the actions an activation "
                                                   f"has left (Expectant Terror does, for its infested discard)")
        actions = entry.need("actions_left").integer(minimum=0, maximum=most)
    state.scenario.resume_activation(state, ActivationContext(who, ActivationKind[kind.upper()]), actions)


def dump_turn(state: GameState) -> dict:
    """The three keys as plain data (only those that say something), such that :func:`read_turn` reads them back."""
    data: dict = {}
    if state.activation is not None:
        data["activation"] = {"investigator": state.activation.investigator, "kind": state.activation.kind.name.lower()}
        if state.scenario.actions_per_activation is not None:
            data["activation"]["actions_left"] = state.actions_left
    if state.roll is not None:
        roll = state.roll
        dice = [d.face if d.state is DieState.ROLLED else {"face": d.face, "state": d.state.value}
                for d in roll.all_dice()]
        data["roll"] = {"by": state.roll_by, "for": roll.purpose, "number": roll.number, "dice": dice}
    if state.stored_die is not None:
        data["stored_die"] = {"face": state.stored_die.face, "from_roll": state.stored_die.from_roll}
    return data


def _investigator(entry: Entry, state: GameState) -> str:
    names = [f.id for f in state.investigators()]
    return entry.text(choices=tuple(names), what="investigator")
