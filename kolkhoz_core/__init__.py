"""kolkhoz_core — the Kolkhoz rules as a pure, event-sourced decider (standard library only).

The public API is listed in docs/engine-api.md; clause ids are RULINGS.md's (docs/rules.md).
"""

from .bundle import build_bundle, verify_bundle  # noqa: E402
from .cards import CARD_ID, CODE, VALUE, WRECKER
from .choices import Choices, chance_input, choices, legal_inputs
from .decide import decide
from .errors import (
    AdjudicationError,
    IllegalInputError,
    KolkhozError,
    MalformedInputError,
    RulesetError,
)
from .explain import explain_event, explain_log, explanation  # noqa: E402  (after views)
from .game import ENGINE_VERSION, RULES_VERSION, input_of, new_game, start
from .record import (
    Record,
    adjudicate,
    canonical_json,
    chain_hash,
    hash_chain,
    parse_record,
    to_record,
)
from .ruleset import DEFAULTS, OPTIONS, PRESETS, Ruleset, build_ruleset
from .runner import play_game
from .shuffle import seed_commitment
from .state import GameState, evolve, fold, register_event_type, replay
from .views import redact_event, redact_events, seat_view, spectator_view
from .whatif import WhatIfError, regress  # noqa: E402  (the module stays kolkhoz_core.whatif)

__version__ = ENGINE_VERSION

__all__ = [
    "CARD_ID", "CODE", "VALUE", "WRECKER", "Choices", "chance_input", "choices",
    "legal_inputs", "decide", "AdjudicationError", "IllegalInputError", "KolkhozError",
    "MalformedInputError", "RulesetError", "ENGINE_VERSION", "RULES_VERSION", "input_of",
    "new_game", "start", "Record", "parse_record", "adjudicate", "canonical_json",
    "chain_hash", "hash_chain", "to_record", "DEFAULTS", "OPTIONS", "PRESETS", "Ruleset",
    "build_ruleset", "play_game",
    "seed_commitment", "GameState", "evolve", "fold", "register_event_type", "replay",
    "redact_event", "redact_events", "seat_view", "spectator_view", "__version__",
    "explain_event", "explain_log", "explanation", "WhatIfError", "regress",
    "build_bundle", "verify_bundle",
]
