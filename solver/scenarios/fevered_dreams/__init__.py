"""Fevered Dreams, one folder: its rules (:mod:`.rules`, the purple hazard in :mod:`.purple_hazard`), its
state-file section (:mod:`.statefile`) and its questions (:mod:`.questions`, registered on import)."""

from .purple_hazard import (HazardGroup, HazardOutcome, HazardPlan, hazard_candidates, purple_hazard_outcomes,
                            purple_hazard_plan)
from .rules import (CARD_LIMIT, OBSCURE, PURPLE, BLUE, ROOMS, TRACK, ExistenceLoss, FeveredDreams,
                    FeveredDreamsState, InvestigateResult, MonsterCard, ObscureMarker, ObscureSpawnPlan, obscure_markers_in_box,
                    obscure_spawn_plan)
from . import questions  # noqa: F401  (registers purple-hazard, obscure-spawn and mist)

__all__ = ["BLUE", "CARD_LIMIT", "OBSCURE", "PURPLE", "ROOMS", "TRACK", "ExistenceLoss", "FeveredDreams",
           "FeveredDreamsState", "HazardGroup", "InvestigateResult", "HazardOutcome", "HazardPlan", "MonsterCard", "ObscureMarker",
           "ObscureSpawnPlan", "hazard_candidates", "obscure_markers_in_box", "obscure_spawn_plan",
           "purple_hazard_outcomes", "purple_hazard_plan"]
