"""Fevered Dreams, one folder: its rules (:mod:`.rules`; the purple hazard in :mod:`.purple_hazard`; the state and
its small values in :mod:`.state`), its state-file section (:mod:`.statefile`) and its questions
(:mod:`.questions`, registered on import)."""

from .purple_hazard import (HazardGroup, HazardOutcome, HazardPlan, hazard_candidates, purple_hazard_outcomes,
                            purple_hazard_plan)
from .rules import FeveredDreams, ObscureSpawnPlan, obscure_spawn_plan
from .state import (BLUE, CARD_LIMIT, OBSCURE, PURPLE, ROOMS, TRACK, ExistenceLoss, FeveredDreamsState,
                    InvestigateResult, MonsterCard, ObscureMarker, obscure_markers_in_box)
from . import questions  # noqa: F401  (registers purple-hazard, obscure-spawn and mist)

__all__ = ["BLUE", "CARD_LIMIT", "OBSCURE", "PURPLE", "ROOMS", "TRACK", "ExistenceLoss", "FeveredDreams",
           "FeveredDreamsState", "HazardGroup", "HazardOutcome", "HazardPlan", "InvestigateResult", "MonsterCard",
           "ObscureMarker", "ObscureSpawnPlan", "hazard_candidates", "obscure_markers_in_box", "obscure_spawn_plan",
           "purple_hazard_outcomes", "purple_hazard_plan"]
