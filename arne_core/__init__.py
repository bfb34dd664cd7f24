"""«Arne Total»: a pure engine for 2–6 players — coloured score cards, white action cards
played in one's own turn and black cards played out of turn in response windows.
Implements ``docs/design/arne/RULINGS.md`` with the record format ``arne-record/1``;
standard library only; the platform reaches it through ``arne_core.definition``."""

from .decide import RULES_VERSION, decide
from .errors import ArneError
from .game import ENGINE_VERSION, FORMAT, chance_input, evolve, fold, new_game, replay
from .record import adjudicate, chance_mismatch, to_record
from .ruleset import OPTIONS, PRESETS, Ruleset, build_ruleset
from .state import GameState

__all__ = ["ENGINE_VERSION", "FORMAT", "OPTIONS", "PRESETS", "RULES_VERSION", "ArneError",
           "GameState", "Ruleset", "adjudicate", "build_ruleset", "chance_input",
           "chance_mismatch", "decide", "evolve", "fold", "new_game", "replay", "to_record"]
