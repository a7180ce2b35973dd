"""Fathoms Dark, one folder: its rules (:mod:`.rules`, the unbound activation in :mod:`.unbound_activation`), its
state-file section (:mod:`.statefile`) and its question (:mod:`.questions`, registered on import)."""

from .rules import (DEVOURED_EFFECT, MARKER_HEALTH, SCENARIO_CARDS, TIE_CHOOSER, UNBOUND, UNBOUND_MARKERS,
                    FathomsDark, FathomsDarkState, SearchCard, marker_id)
from .unbound_activation import (UNBOUND_ACTIONS, ActionTable, UnboundAction, UnboundActivationPlan, action_choices,
                                 attack_choices, attack_spaces, conditions_in_force, unbound_activation_sequences)
from . import questions  # noqa: F401  (registers unbound-activation)

__all__ = ["DEVOURED_EFFECT", "MARKER_HEALTH", "SCENARIO_CARDS", "TIE_CHOOSER", "UNBOUND", "UNBOUND_MARKERS",
           "UNBOUND_ACTIONS", "ActionTable", "FathomsDark", "FathomsDarkState", "SearchCard", "UnboundAction",
           "UnboundActivationPlan", "action_choices", "attack_choices", "attack_spaces", "conditions_in_force",
           "marker_id", "unbound_activation_sequences"]
