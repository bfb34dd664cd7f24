"""«Корова 006» (6 nimmt!): a pure engine for 2–10 players choosing cards at the same
time. Implements ``docs/design/korova/RULINGS.md`` with the record format
``korova-record/1``; standard library only; the platform reaches it through
``korova_core.definition``."""

from .cards import DECK, HEADS, heads
from .decide import RULES_VERSION, decide
from .errors import KorovaError
from .game import ENGINE_VERSION, FORMAT, chance_input, evolve, fold, new_game, replay
from .record import adjudicate, chance_mismatch, to_record
from .ruleset import OPTIONS, PRESETS, Ruleset, build_ruleset
from .state import GameState

__all__ = ["DECK", "ENGINE_VERSION", "FORMAT", "HEADS", "OPTIONS", "PRESETS",
           "RULES_VERSION", "GameState", "KorovaError", "Ruleset", "adjudicate",
           "build_ruleset", "chance_input", "chance_mismatch", "decide", "evolve", "fold",
           "heads", "new_game", "replay", "to_record"]
