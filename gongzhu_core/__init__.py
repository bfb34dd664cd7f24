"""Gong Zhu (拱猪), a four-player Hearts-family trick-taking game: a pure engine.

Implements ``docs/design/gongzhu/RULINGS.md`` (clause ids cited by every consequence)
with the record format ``gongzhu-record/1`` (``docs/design/gongzhu/RECORD_FORMAT.md``).
Standard library only; the platform reaches it through ``gongzhu_core.definition``.
"""

from .cards import DECK, DOUBLER, PIG, SCORING, SHEEP
from .decide import RULES_VERSION, decide
from .errors import GongzhuError
from .game import ENGINE_VERSION, chance_input, evolve, fold, new_game, replay
from .record import FORMAT, adjudicate, chance_mismatch, to_record
from .rules import legal_inputs
from .ruleset import OPTIONS, PRESETS, Ruleset, build_ruleset
from .shuffle import SHUFFLE_VERSION
from .state import GameState

__all__ = [
    "DECK", "DOUBLER", "ENGINE_VERSION", "FORMAT", "OPTIONS", "PIG", "PRESETS",
    "RULES_VERSION", "SCORING", "SHEEP", "SHUFFLE_VERSION", "GameState", "GongzhuError",
    "Ruleset", "adjudicate", "build_ruleset", "chance_input", "chance_mismatch", "decide",
    "evolve", "fold", "legal_inputs", "new_game", "replay", "to_record",
]
