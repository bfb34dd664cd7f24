"""Engine release 0.1.0 (rules ``rulings@76e6588e517a``), frozen.

A verbatim copy of ``kolkhoz_core`` as released at 0.1.0 — the modules that fold,
view, redact, explain, adjudicate and verify a game — so that a game played under
0.1.0 is re-adjudicated by exactly the rules it was played with, whatever the current
engine does. Only relative imports: nothing here reaches the current engine. The bots,
the runner, the CLI and the benchmarks are not part of it (no stored game needs them).

Never edit these files: ``kolkhoz_core/releases/__init__.py`` registers the digest of
their sources and a test recomputes it (docs/engine-api.md, "Engine versions").
"""

from .bundle import build_bundle, verify_bundle
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
from .explain import explain_event, explain_log, explanation
from .game import ENGINE_VERSION, RULES_VERSION, input_of, new_game, start
from .record import adjudicate, canonical_json, chain_hash, hash_chain, to_record
from .ruleset import DEFAULTS, OPTIONS, PRESETS, Ruleset, build_ruleset
from .shuffle import seed_commitment
from .state import GameState, evolve, fold, register_event_type, replay
from .views import redact_event, redact_events, seat_view, spectator_view
from .whatif import WhatIfError, regress  # (the module stays .whatif)

__version__ = ENGINE_VERSION

__all__ = [
    "CARD_ID", "CODE", "VALUE", "WRECKER", "Choices", "chance_input", "choices",
    "legal_inputs", "decide", "AdjudicationError", "IllegalInputError", "KolkhozError",
    "MalformedInputError", "RulesetError", "ENGINE_VERSION", "RULES_VERSION", "input_of",
    "new_game", "start", "adjudicate", "canonical_json", "chain_hash", "hash_chain",
    "to_record", "DEFAULTS", "OPTIONS", "PRESETS", "Ruleset", "build_ruleset",
    "seed_commitment", "GameState", "evolve", "fold", "register_event_type", "replay",
    "redact_event", "redact_events", "seat_view", "spectator_view", "__version__",
    "explain_event", "explain_log", "explanation", "WhatIfError", "regress",
    "build_bundle", "verify_bundle",
]
