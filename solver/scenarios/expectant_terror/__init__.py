"""Expectant Terror, one folder: its rules (:mod:`.rules`; the Nest in :mod:`.nest`, nest markers in
:mod:`.nest_markers`, infested tokens in :mod:`.infested`), its state-file section (:mod:`.statefile`) and its
questions (:mod:`.questions`, registered on import)."""

from .infested import (HUSK, INFESTED_KILLS, INFESTED_TOKEN_SUPPLY, MIND_EATER, InfestationDiscard,
                       InfestedStrike)
from .nest_markers import (NEST_MARKER_SUPPLY, MarkerStep, NestMarkerSpawn, PlacementLimits,
                           broken_placement_rules, place_nest_markers, placement_count, placement_limits,
                           placements)
from .nest import NestWound
from .rules import MONSTER_POOL, NEST, SCENARIO_NAME, ExpectantTerror, ExpectantTerrorState, MonsterCard
from . import questions  # noqa: F401  (registers nest-spawn, valid-placements, nest-return, infested)

__all__ = ["HUSK", "INFESTED_KILLS", "INFESTED_TOKEN_SUPPLY", "MIND_EATER", "MONSTER_POOL", "NEST",
           "NEST_MARKER_SUPPLY", "SCENARIO_NAME", "ExpectantTerror", "ExpectantTerrorState", "InfestationDiscard",
           "InfestedStrike", "MarkerStep", "MonsterCard", "NestMarkerSpawn", "NestWound", "PlacementLimits",
           "broken_placement_rules", "place_nest_markers", "placement_count", "placement_limits", "placements"]
