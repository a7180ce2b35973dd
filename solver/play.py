"""What happens if: play events on a position, in order, and report every rule that fired, what changed, and the
outcome when the game ends (``deepmadness play STATE.yaml EVENT [EVENT ...]``).

An event is one command-line word group, ``NAME ARG ... key=value ...`` (quote it as one argument, names with
spaces quoted inside: ``"gain-health 'Lisbeth Gibson'"``). :data:`EVENTS` lists them with their parameters
(``deepmadness play --events``). Each event calls the engine — the scenario protocol for the round's phases and
activations (:class:`solver.game.Scenario`), the general rules for rolls, Lisbeth's stored die, health and wounds —
and nothing here decides a rule.

Where the rules leave a choice, the play stops and the answer lists every option; ``--choose OPTION`` (repeatable,
used in order) names the option to continue with. Dice are given as values.
"""

from __future__ import annotations

import random
import shlex
from pathlib import Path
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .activation import ActivationContext, ActivationKind
from .answers import Answer, Choice, OutcomeData, PlayedEvent, Result, ResultKind, RuleFired, Change
from .dice import DieState, DieStorage, Roll
from .errors import BadParameter, InputError, PlayerChoiceRequired, RuleViolation
from .game import Action, Decision, Fired, GameState

LISBETH = "Lisbeth Gibson"


@dataclass(frozen=True, slots=True)
class EventParam:
    """One parameter of an event: its name, what it is, whether it may be left out (its default)."""

    name: str
    help: str
    required: bool = True
    default: Any = None


@dataclass(frozen=True, slots=True)
class Event:
    """An event players can play: its name, what it does, its parameters (positional in this order, or
    ``name=value``) and the function that plays it."""

    name: str
    help: str
    params: tuple[EventParam, ...]
    play: Callable[["Play", dict[str, str]], list[Fired]]


EVENTS: dict[str, Event] = {}


def event(name: str, help: str, *params: EventParam):
    """Register an event under ``name``."""

    def deco(func):
        EVENTS[name] = Event(name, help, params, func)
        return func

    return deco


class ChoiceNeeded(Exception):
    """A choice the rules leave to the players that no ``--choose`` answered."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.question)
        self.decision = decision


@dataclass
class Play:
    """A position being played on: the state, and the ``--choose`` options still to use, in order."""

    state: GameState
    chosen: list[str] = field(default_factory=list)
    used: list[str] = field(default_factory=list)
    rng: random.Random | None = None  # shuffles and draws, from --seed; without it they are asked as choices

    def choose(self, decision: Decision) -> Any:
        """The chooser the engine calls: the next ``--choose`` option, which must be one of the decision's."""
        if not self.chosen:
            raise ChoiceNeeded(decision)
        wanted = self.chosen.pop(0)
        for option in decision.options:
            if _same(option, wanted):
                self.used.append(wanted)
                return option
        raise BadParameter("choose", f"{wanted!r} is not one of the options of '{decision.question}': "
                                     + "; ".join(_shown(o) for o in decision.options), rule_id=decision.rule_id)

    # --- what the events need -----------------------------------------------------------------------------------
    def figure_id(self, text: str, kinds: tuple[str, ...] = ("investigator", "monster")) -> str:
        text = text.strip()
        figure = self.state.figures.get(text)
        if figure is None or figure.kind not in kinds:
            known = ", ".join(f.id for f in self.state.figures.values() if f.kind in kinds) or "none"
            raise BadParameter("who", f"{text!r} is not a figure of this position (figures: {known})")
        return text

    def storage(self) -> DieStorage:
        """Lisbeth Gibson's storage, as the state holds it."""
        s = self.state
        return DieStorage(s.options, getattr(s, "stored_die", None), getattr(s, "rolls_made", 0))

    def keep(self, storage: DieStorage) -> None:
        self.state.stored_die = storage.stored
        self.state.rolls_made = storage.rolls_made


def _same(option: Any, wanted: str) -> bool:
    return _shown(option).casefold() == wanted.strip().casefold() or str(option).casefold() == wanted.casefold()


def _shown(option: Any) -> str:
    if isinstance(option, (list, tuple)):
        return ", ".join(_shown(o) for o in option)
    if isinstance(option, Mapping):
        return ", ".join(f"{k}={_shown(v)}" for k, v in option.items())
    return str(option)


def _whole(value: str, name: str, minimum: int = 0) -> int:
    try:
        n = int(str(value).strip())
    except ValueError:
        raise BadParameter(name, f"must be a whole number, not {value!r}") from None
    if n < minimum:
        raise BadParameter(name, f"must be at least {minimum}, not {n}")
    return n


def _faces(value: str) -> list[int]:
    faces = [f for f in str(value).replace(" ", ",").split(",") if f]
    if not faces or len(faces) > 20:
        raise BadParameter("faces", f"give 1 to 20 dice results, comma-separated (2,4,5), not {value!r}")
    return [_whole(f, "faces") for f in faces]


# --- the events -------------------------------------------------------------------------------------------------------
_WHO = EventParam("who", "a figure: an investigator's name or a monster's ID (Husk#1)")


@event("roll", "A roll is made with the given results; the roll in progress (Lisbeth may store from it or place "
               "her stored die into it).",
       EventParam("faces", "the dice results, comma-separated: 2,4,5"),
       EventParam("by", "who rolls", required=False, default=LISBETH),
       EventParam("for", "what the roll is for: attack, resistance …", required=False, default="roll"))
def _roll(play: Play, args: dict[str, str]) -> list[Fired]:
    who = play.figure_id(args["by"], ("investigator",))
    storage = play.storage()
    roll = storage.roll(_faces(args["faces"]), args["for"]) if who == LISBETH else \
        Roll.from_faces(0, _faces(args["faces"]), args["for"])
    play.keep(storage)
    play.state.roll = roll
    play.state.roll_by = who
    return []  # a roll is chance given as values: no rule fires, the roll in progress changes


def _current_roll(play: Play) -> Roll:
    roll = getattr(play.state, "roll", None)
    if roll is None or getattr(play.state, "roll_by", None) != LISBETH:
        raise RuleViolation("lisbeth.current-roll-only", "Lisbeth Gibson has no roll in progress: play "
                                                         "'roll FACES' first")
    return roll


def _die(play: Play, roll: Roll, face: str, rule: str, candidates) -> Any:
    face_n = _whole(face, "face")
    dice = [d for d in candidates if d.face == face_n]
    if not dice:
        shown = ", ".join(str(d.face) for d in candidates) or "none"
        raise RuleViolation(rule, f"no die showing {face_n} can be chosen here (the dice that can: {shown})")
    if len(dice) == 1:
        return dice[0]
    chosen = play.choose(Decision(rule, f"which die showing {face_n}", tuple(d.id for d in dice), "Lisbeth Gibson"))
    return roll.die(chosen)


@event("store", "Lisbeth Gibson stores a die of the roll she has just made: its result counts 0 and its value "
                "waits for a later roll.",
       EventParam("face", "the result of the die she stores"))
def _store(play: Play, args: dict[str, str]) -> list[Fired]:
    roll = _current_roll(play)
    storage = play.storage()
    die = _die(play, roll, args["face"], "lisbeth.store-die", [d for d in roll.all_dice()])
    refusal = storage.store_refusal(roll, die)
    if refusal:
        raise refusal
    lost = storage.store(roll, die)
    play.keep(storage)
    fired = [Fired("lisbeth.store-die", f"Lisbeth Gibson stores the die showing {die.face}; the roll now counts "
                                        f"{', '.join(map(str, roll.results))}", {"stored": die.face})]
    if any(d.state is DieState.PLACED for d in roll.dice):
        fired.append(Fired("lisbeth.store-other-die", "the roll holds the die she placed; another of its dice may "
                                                      "still be stored"))
    if lost is not None:
        fired.append(Fired("lisbeth.one-die-stored", f"the die showing {lost.face} she had stored is lost",
                           {"lost": lost.face}))
    return fired


@event("replace", "Lisbeth Gibson replaces one result of the roll she has just made with her stored die.",
       EventParam("face", "the result she replaces"))
def _replace(play: Play, args: dict[str, str]) -> list[Fired]:
    roll = _current_roll(play)
    storage = play.storage()
    stored = storage.stored
    die = _die(play, roll, args["face"], "lisbeth.replace-result", [d for d in roll.dice])
    refusal = storage.replace_refusal(roll, die)
    if refusal:
        raise refusal
    storage.replace(roll, die)
    play.keep(storage)
    return [Fired("lisbeth.replace-result", f"the stored {stored.face} takes the place of the {die.face}; the roll "
                                            f"now counts {', '.join(map(str, roll.results))}",
                  {"placed": stored.face, "replaced": die.face}),
            Fired("lisbeth.replace-later-roll", f"the stored die came from roll {stored.from_roll}, an earlier roll")]


@event("gain-health", "A figure gains health: each point heals a wound, or becomes a health +1 token.",
       _WHO, EventParam("amount", "how many points", required=False, default="1"))
def _gain_health(play: Play, args: dict[str, str]) -> list[Fired]:
    who = play.figure_id(args["who"])
    health = play.state.figures[who].health
    fired = []
    for _ in range(_whole(args["amount"], "amount", 1)):
        if health.wounds:
            health.gain(1)
            fired.append(Fired("health.gain-heals-wound", f"{who} heals a wound", {"figure": who}))
        else:
            health.gain(1)
            fired.append(Fired("health.gain-over-max", f"{who} takes a health +1 token", {"figure": who}))
    return fired


@event("wounds", "A figure takes wounds (after any resistance roll): health +1 tokens go first.",
       _WHO, EventParam("amount", "how many wounds"))
def _wounds(play: Play, args: dict[str, str]) -> list[Fired]:
    who = play.figure_id(args["who"])
    health = play.state.figures[who].health
    amount = _whole(args["amount"], "amount", 1)
    tokens = health.health_plus_tokens
    marked = health.take_wounds(amount)
    fired = []
    if tokens and amount:
        fired.append(Fired("health.tokens-absorb-wounds", f"{min(tokens, amount)} health +1 token(s) of {who} "
                                                          f"are discarded instead of wounds", {"figure": who}))
    if marked:
        fired.append(Fired("health.all-figures", f"{who} marks {marked} wound(s): health {health.current} left",
                           {"figure": who, "wounds": health.wounds}))
    return fired


@event("damage", "A figure takes damage; its resistance roll cancels some (given as the number it cancels); the "
                 "rest become wounds, health +1 tokens first.",
       _WHO, EventParam("amount", "how much damage"),
       EventParam("cancelled", "how much of it the resistance roll cancels (read from the dice)", required=False,
                  default="0"))
def _damage(play: Play, args: dict[str, str]) -> list[Fired]:
    amount = _whole(args["amount"], "amount", 1)
    cancelled = _whole(args["cancelled"], "cancelled")
    if cancelled > amount:
        raise BadParameter("cancelled", f"a resistance roll cancels at most the {amount} damage dealt, not "
                                        f"{cancelled}")
    if amount == cancelled:
        return []
    return _wounds(play, {"who": args["who"], "amount": str(amount - cancelled)})


@event("attack-with", "An investigator attacks with a weapon card or an ability: only Franklyn Christie's second and "
                      "Sophie Brigman's first ability count as weapons, and an ability's special effects apply only "
                      "to an attack made with it.",
       EventParam("who", "the investigator"),
       EventParam("weapon", "a weapon card's name, or ability=N for the card's Nth ability", required=False),
       EventParam("ability", "the number of the ability used as a weapon (1 = first)", required=False),
       EventParam("effect", "a special effect to use or trigger in this attack", required=False))
def _attack_with(play: Play, args: dict[str, str]) -> list[Fired]:
    from .weapons import WEAPON_ABILITIES, Armoury, Weapon, ability_name

    who = play.figure_id(args["who"], ("investigator",))
    own = WEAPON_ABILITIES.get(who)
    effect_of_ability = f"{ability_name(who, own[0])}'s effect" if own else None
    armoury = Armoury(who, (Weapon.card(args["weapon"]),) if args.get("weapon") else (),
                      (effect_of_ability,) if own else ())
    if args.get("ability"):
        attack = armoury.attack_with_ability(_whole(args["ability"], "ability", 1))
    elif args.get("weapon"):
        attack = armoury.attack(args["weapon"])
    else:
        raise BadParameter("weapon", "name the weapon card (weapon=NAME) or the ability (ability=N)")
    fired = [Fired(own[1], f"{attack.weapon.name} counts as a weapon card")] if attack.weapon.is_ability else []
    if args.get("effect"):
        effect = effect_of_ability if args["effect"] == "ability" else args["effect"]
        attack.use(effect)
        fired.append(Fired("weapon-ability.effects-only-with-ability", f"{effect} applies to this attack"))
    return fired


def _context(play: Play, who: str, kind: str) -> ActivationContext:
    found = ActivationKind.__members__.get(kind.strip().upper())
    if found is None:
        raise BadParameter("kind", "must be one of " + ", ".join(k.lower() for k in ActivationKind.__members__)
                           + f", not {kind!r}")
    return ActivationContext(who, found)


@event("begin-activation", "An investigator's activation begins (normal, outside an activation, or unbound): "
                           "what happens at its start.",
       _WHO, EventParam("kind", "normal, outside or unbound", required=False, default="normal"))
def _begin_activation(play: Play, args: dict[str, str]) -> list[Fired]:
    who = play.figure_id(args["who"], ("investigator",))
    context = _context(play, who, args["kind"])
    fired = play.state.scenario.begin_activation(play.state, context, play.rng, play.choose)
    play.state.activation = context
    return fired


@event("end-activation", "The activation in progress (or the named investigator's) ends: what happens at its end.",
       EventParam("who", "the investigator (default: whose activation it is)", required=False),
       EventParam("kind", "normal, outside or unbound (default: the activation in progress)", required=False))
def _end_activation(play: Play, args: dict[str, str]) -> list[Fired]:
    current = getattr(play.state, "activation", None)
    if args.get("who"):
        who = play.figure_id(args["who"], ("investigator",))
        kind = args.get("kind") or (current.kind.value if current and current.investigator == who else "normal")
        context = _context(play, who, kind)
    elif current is not None:
        context = current
    else:
        raise BadParameter("who", "no activation is in progress: name the investigator")
    fired = play.state.scenario.end_activation(play.state, context, play.rng, play.choose)
    play.state.activation = None
    return fired


def _phase(name: str, help: str, hook: str) -> None:
    def run(play: Play, args: dict[str, str]) -> list[Fired]:
        return getattr(play.state.scenario, hook)(play.state, play.rng, play.choose)

    EVENTS[name] = Event(name, help, (), run)


_phase("round-start", "The round starts.", "start_round")
_phase("devour", "The devour phase: the devour marker advances; the room devoured or the hazard under it resolved.",
       "devour_phase")
_phase("spawn", "The spawn phase: monsters and the scenario's markers appear.", "spawn_phase")
_phase("end-of-round", "The end of the round.", "end_of_round")


@event("action", "An investigator takes one of the actions the engine models (Investigate, discarding infested "
                 "tokens …); without a name, or with several matching, the answer lists the actions open to them.",
       EventParam("who", "the investigator"),
       EventParam("name", "the action's name (as a refusal lists them); key=value pairs pick among several",
                  required=False))
def _action(play: Play, args: dict[str, str]) -> list[Fired]:
    who = play.figure_id(args["who"], ("investigator",))
    state = play.state
    legal = state.scenario.legal_actions(state, who)
    name = (args.get("name") or "").strip().casefold()
    extra = {k: v for k, v in args.items() if k not in ("who", "name")}
    candidates = [a for a in legal if (not name or a.name.casefold() == name)
                  and all(_same(a.args.get(k), v) for k, v in extra.items())]
    if not candidates:
        open_ = "; ".join(_action_label(a) for a in legal) or "none the engine models"
        raise BadParameter("name", f"{who} can't take {args.get('name')!r} here; the actions open to {who}: {open_}")
    if len(candidates) == 1:
        action = candidates[0]
    else:
        labels = tuple(_action_label(a) for a in candidates)
        chosen = play.choose(Decision(candidates[0].rule_id or "", f"which action {who} takes", labels, who))
        action = candidates[labels.index(chosen)]
    return state.scenario.take_action(state, who, action, play.rng, play.choose)


def _action_label(action: Action) -> str:
    return action.name + "".join(f" {k}={_shown(v)}" for k, v in action.args.items())


# --- the scenarios' own events -----------------------------------------------------------------------------------------
def _needs(play: Play, method: str, scenario_title: str):
    found = getattr(play.state.scenario, method, None)
    if found is None:
        raise BadParameter("event", f"this event belongs to {scenario_title}, not to "
                                    f"{play.state.scenario.title}")
    return found


@event("unbound-activation", "Fathoms Dark: an infected investigator takes an unbound activation now (the course "
                             "and each attack's wounds asked where the rules leave a choice).",
       EventParam("who", "the infected investigator"))
def _unbound_activation(play: Play, args: dict[str, str]) -> list[Fired]:
    resolve = _needs(play, "resolve_unbound_activation", "Fathoms Dark")
    who = play.figure_id(args["who"], ("investigator",))
    if not play.state.is_covered(who):
        raise RuleViolation("fathoms-activation.who", f"{who}'s Objective Point is not covered by an unbound "
                                                      f"marker: {who} takes no unbound activation")
    return resolve(play.state, who, play.rng, play.choose)


@event("nest-wound", "Expectant Terror: the Nest takes wounds — at most one a game round, and the one it takes makes "
                     "it activate at once.",
       EventParam("wounds", "how many wounds are dealt", required=False, default="1"))
def _nest_wound(play: Play, args: dict[str, str]) -> list[Fired]:
    wound = _needs(play, "wound_nest", "Expectant Terror")
    done = wound(play.state, _whole(args["wounds"], "wounds", 1))
    fired = []
    if done.ignored:
        fired.append(Fired("expectant-nest.one-wound-per-round", f"{done.ignored} wound(s) ignored: the Nest takes at most "
                                                       f"one a game round", {"ignored": done.ignored}))
    if done.activates:
        fired.append(Fired("expectant-nest.activates-when-wounded", "the Nest takes its wound and activates at once"))
    return fired


@event("nest-activation-ends", "Expectant Terror: the Nest's additional activation ends: it leaves the board until "
                               "the next round (or, killed by its wound, is killed now).")
def _nest_activation_ends(play: Play, args: dict[str, str]) -> list[Fired]:
    done = _needs(play, "complete_nest_activation", "Expectant Terror")(play.state)
    if done == "killed":
        return [Fired("expectant-outcome.win-nest-killed", "the Nest is killed")]
    return [Fired("expectant-nest.removed-after-activation", "the Nest's figure leaves the board until the next round"),
            Fired("expectant-nest.returns-next-round", f"it returns next round in {play.state.scenario.nest_return_space(play.state)}"
                                             f" (the devoured deck as it is now)")]


@event("infested-token", "Expectant Terror: an investigator takes infested tokens (the fourth kills).",
       EventParam("who", "the investigator"), EventParam("count", "how many", required=False, default="1"))
def _infested_token(play: Play, args: dict[str, str]) -> list[Fired]:
    give = _needs(play, "give_infested_tokens", "Expectant Terror")
    who = play.figure_id(args["who"], ("investigator",))
    killed = give(play.state, who, _whole(args["count"], "count", 1))
    return [Fired("expectant-infested.killed-at-four", f"{who} holds four infested tokens and is killed")] if killed else []


# --- parsing and playing ------------------------------------------------------------------------------------------------
def parse_event(text: str) -> tuple[Event, dict[str, str]]:
    """``(event, arguments)`` for one event as written (``"store 5"``, ``"gain-health 'Lisbeth Gibson' amount=2"``);
    a bad one raises :class:`BadParameter` naming the event."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise BadParameter("event", f"{text!r}: {exc}") from None
    if not words:
        raise BadParameter("event", "an empty event")
    name, rest = words[0].lower(), words[1:]
    found = EVENTS.get(name)
    if found is None:
        raise BadParameter("event", f"unknown event {name!r}; events: {', '.join(EVENTS)} (play --events)")
    args: dict[str, str] = {}
    positional = [p for p in found.params]
    for word in rest:
        key, sep, value = word.partition("=")
        if sep and key in {p.name for p in found.params} | ({"die"} if name in ("store", "replace") else set()) \
                or (sep and name == "action"):
            args[key] = value
        elif positional:
            while positional and positional[0].name in args:
                positional.pop(0)
            if not positional:
                raise BadParameter("event", f"{text!r}: too many values for {name}")
            args[positional.pop(0).name] = word
        else:
            raise BadParameter("event", f"{text!r}: too many values for {name}")
    for p in found.params:
        if p.name not in args:
            if p.required:
                raise BadParameter("event", f"{text!r}: {name} needs {p.name} ({p.help})")
            if p.default is not None:
                args[p.name] = p.default
    return found, args


def play_events(state: GameState, events: list[str], chosen: list[str] = (), seed: int | None = None) -> Answer:
    """Play ``events`` on ``state`` (changed in place) in order; the answer reports each event's fired rules and
    changes, the outcome first when the game ends, or the choice that stopped the play."""
    from .state import dump_state

    parsed = [parse_event(e) for e in events]  # every event's syntax checked before any is played
    snapshot = state.copy()
    try:
        return _play(state, events, parsed, chosen, seed)
    except (BadParameter, InputError):  # a bad argument (a name that is no figure …): the position stays as it was
        vars(state).update(vars(snapshot))
        raise


def _play(state: GameState, events: list[str], parsed, chosen, seed: int | None) -> Answer:
    from .state import dump_state

    play = Play(state, list(chosen), rng=random.Random(seed) if seed is not None else None)
    played: list[PlayedEvent] = []
    stopped: Decision | None = None
    refused: RuleViolation | None = None
    for text, (ev, args) in zip(events, parsed):
        before = _flat(dump_state(state))
        try:
            fired = ev.play(play, args)
        except (ChoiceNeeded, PlayerChoiceRequired) as exc:
            stopped = exc.decision if isinstance(exc, ChoiceNeeded) else \
                Decision(exc.rule_id, exc.question, tuple(exc.options))
            played.append(PlayedEvent(text, (), (), stopped=True))
            break
        except RuleViolation as exc:  # the rules forbid the event: that is the ruling, and the play stops there
            refused = exc
            played.append(PlayedEvent(text, (RuleFired(exc.rule_id, f"refused: {exc.message}"),), (), stopped=True))
            break
        after = _flat(dump_state(state))
        played.append(PlayedEvent(text, tuple(RuleFired(f.rule_id, f.what) for f in fired), _changes(before, after)))
        if state.is_over():
            break
    if play.chosen:
        raise BadParameter("choose", f"not every --choose was used: {', '.join(play.chosen)} left over")
    outcome = state.outcome()
    rules = tuple(dict.fromkeys(r.rule for p in played for r in p.fired))
    if outcome is not None:
        result = Result(ResultKind.OUTCOME, f"The game is {'won' if outcome.is_win else 'lost'}: {outcome.detail}.")
    elif refused is not None:
        result = Result(ResultKind.NO, f"The rules don't allow '{played[-1].event}': {refused.message} "
                                       f"[{refused.rule_id}].")
    elif stopped is not None:
        result = Result(ResultKind.CHOICE, f"A choice is needed before '{played[-1].event}': {stopped.question} "
                                           f"[{stopped.rule_id}]; --choose one of the {len(stopped.options)} "
                                           f"options.", len(stopped.options))
    else:
        result = Result(ResultKind.DETERMINED, f"Played {len(played)} event(s); the game goes on.", 1)
    choices = tuple(Choice("option", _shown(o), o, rules=(stopped.rule_id,)) for o in stopped.options) \
        if stopped is not None else ()
    return Answer("play", result, choices=choices, outcome=OutcomeData.of(outcome),
                  chooser=stopped.chooser if stopped else None, rules=rules,
                  options=state.options.non_default(), approximate_board=bool(state.board.approximate),
                  events=tuple(played))


def _flat(data: Any, prefix: str = "") -> dict[str, Any]:
    """A state file's data as ``path → value`` (lists kept whole), for the changes an event made."""
    if isinstance(data, Mapping):
        out: dict[str, Any] = {}
        for k, v in data.items():
            out.update(_flat(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    return {prefix: data}


def _changes(before: dict[str, Any], after: dict[str, Any]) -> tuple[Change, ...]:
    keys = list(dict.fromkeys([*before, *after]))
    return tuple(Change(k, before.get(k), after.get(k)) for k in keys if before.get(k) != after.get(k))


def events_help() -> Iterator[str]:
    """One line an event: its syntax and what it does (``deepmadness play --events``)."""
    for ev in EVENTS.values():
        params = " ".join(p.name.upper() if p.required else f"[{p.name}={p.name.upper()}]" for p in ev.params)
        yield f"{ev.name} {params}".rstrip() + f"\n    {ev.help}"


# --- the command line: deepmadness play -------------------------------------------------------------------------------
def run_cli(ns, print_answer) -> int:
    """Run ``deepmadness play`` from parsed arguments; ``print_answer(ns, answer)`` prints the answer."""
    if ns.list_events:
        print("\n".join(events_help()))
        return 0
    if not ns.state:
        raise InputError("play: give the state file to play on (or --events to list the events)")
    if not ns.events:
        raise InputError("play: give at least one event to play (play --events lists them)")
    from .state import dump_state, load_state

    state = load_state(ns.state, dict(ns.option))
    answer = play_events(state, list(ns.events), list(ns.choose), ns.seed)
    if ns.out:
        if answer.events and answer.events[-1].stopped:
            raise BadParameter("out", "the play stopped before its last event (a choice to name with --choose, or "
                                      "an event the rules refuse): nothing written")
        data = dump_state(state, Path(ns.out).parent)
        if "board" in data and Path(data["board"]).is_absolute():
            raise BadParameter("out", "the position's board file is not inside the folder of the file to write, "
                                      "and a state file names its board by a path inside its own folder: write it "
                                      "beside the board file")
        _write_state(ns.out, data)
    print_answer(ns, answer)
    return 0


def _write_state(path: str, data: dict) -> None:
    import yaml

    from .fileio import write_atomic

    text = ("# written by deepmadness play\n"
            + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None, width=100))
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise InputError(f"can't be written: {exc.strerror or exc}", file=path) from None
