"""Korova behind the seam: ``KorovaDefinition`` (gamekit.seam.GameDefinition).

The registry (``gamekit.registry``, id ``korova``) finds this module by path and calls
``versions()`` and ``definition(version)``. One engine version is installed (1.0.0).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from gamekit.bots import Bot
from gamekit.seam import Event, Explanation, GameDefinition, Option, Outcome, Viewer

from . import choices as _choices
from . import explain as _explain
from . import views
from .decide import RULES_VERSION, decide
from .errors import KorovaError
from .game import ENGINE_VERSION, FORMAT, chance_input, evolve, fold, new_game, replay
from .record import adjudicate, chance_mismatch, to_record
from .ruleset import DEFAULTS, OPTIONS, PRESETS, build_ruleset
from .state import GameState

INPUT_TYPES = frozenset({"deal", "pick", "choose", "take_row"})


class KorovaDefinition(GameDefinition):
    """Korova 006 at engine 1.0.0: 2–10 seats, simultaneous secret choices, chance deals."""

    id = "korova"
    name = "Korova 006"
    seats = (2, 10)
    record_format = FORMAT
    engine_version = ENGINE_VERSION
    rules_version = RULES_VERSION
    errors = (KorovaError,)
    end_type = "game_end"
    state_type = GameState
    # the standings name the final totals "heads"; fewer is better (game.places)
    score_name = "heads"
    lower_score_wins = True

    # -- rulesets ------------------------------------------------------------------
    def presets(self) -> dict[str, dict[str, Any]]:
        return {name: dict(opts) for name, opts in PRESETS.items()}

    def options(self) -> list[Option]:
        """The option table; an integer option lists its range in words and its
        default (``end_score``: a negative integer, default −1000)."""
        out = []
        for name, values in OPTIONS.items():
            if isinstance(values[0], str) and values[0].startswith("int"):
                words = "negative integer" if values[0] == "int<0" else "positive integer"
                out.append(Option(name, (words,), DEFAULTS[name]))
            else:
                out.append(Option(name, tuple(values), values[0]))
        return out

    def ruleset(self, spec: Mapping[str, Any] | None) -> Any:
        return build_ruleset(spec)

    # -- start, decide, evolve, fold -----------------------------------------------
    def start(self, ruleset: Any, seats: Sequence[str], setup: Mapping[str, Any],
              seed: str | None) -> list[Event]:
        """No setup choices (seat order decides nothing in the base game)."""
        return new_game(ruleset, list(seats), seed=seed)

    def decide(self, state: Any, inp: Mapping[str, Any], *, seed: str | None) -> list[Event]:
        return decide(state, dict(inp) if isinstance(inp, Mapping) else inp, seed=seed)

    def evolve(self, state: Any, event: Event) -> Any:
        return evolve(state, event)

    def fold(self, events: Iterable[Event]) -> Any:
        return fold(events)

    def replay(self, events: Iterable[Event]) -> Iterator[Any]:
        return replay(events)

    def finished(self, state: Any) -> bool:
        return bool(state.finished)

    # -- who may act, legal inputs, chance -----------------------------------------
    def may_act(self, state: Any) -> frozenset[int]:
        """Every seat that has not chosen during a turn's choices (simultaneous); the low
        card's owner for a row choice; the drafter; none while a deal is due."""
        return frozenset() if state.finished else state.may_act()

    def legal_inputs(self, state: Any, seat: int) -> list[Event]:
        return _choices.legal_inputs(state, seat)

    def choices(self, state: Any, seat: int) -> Any:
        return _choices.choices(state, seat)

    def chance_input(self, state: Any, seed: str) -> Event | None:
        return chance_input(state, seed)

    # -- views ---------------------------------------------------------------------
    def seat_view(self, state: Any, seat: int) -> dict[str, Any]:
        return views.seat_view(state, seat)

    def spectator_view(self, state: Any) -> dict[str, Any]:
        return views.spectator_view(state)

    def revealed_view(self, state: Any) -> dict[str, Any]:
        return views.revealed_view(state)

    def redact(self, event: Event, viewer: Viewer, *, finished: bool) -> Event:
        return views.redact_event(event, viewer, finished=finished)

    def legal_summary(self, state: Any, seat: int | None) -> dict[str, Any]:
        return _choices.legal_summary(state, seat)

    # -- outcome, explanations -----------------------------------------------------
    def outcome(self, state: Any) -> Outcome | None:
        """From ``game_end``: places and final totals of heads (fewer is better,
        game.places)."""
        end = state.result if state.finished else None
        return None if end is None else Outcome(tuple(end["places"]), tuple(end["scores"]))

    def explain(self, event: Event, seats: Sequence[str],
                prev: Event | None = None) -> Explanation:
        rules = tuple(r for r in (event.get("rules") or []) if isinstance(r, str))
        return Explanation(_explain.explain_event(event, list(seats), prev), rules)

    def clause_anchor(self, rule: str) -> str | None:
        """``docs/gongzhu/rules.md#<clause id>``."""
        return f"{_explain.RULES_DOC}#{rule}"

    def is_input(self, event: Event) -> bool:
        return event.get("type") in INPUT_TYPES

    def actor(self, event: Event) -> str:
        """A deal is chance."""
        return "chance" if event.get("type") == "deal" else super().actor(event)

    # -- records -------------------------------------------------------------------
    def adjudicate(self, record: Mapping[str, Any]) -> list[Event]:
        return adjudicate(record)

    def to_record(self, events: Sequence[Event], *, seed: str | None = None) -> dict[str, Any]:
        return to_record(events, seed=seed)

    def chance_mismatch(self, events: Sequence[Event], seed: str) -> dict[str, Any] | None:
        return chance_mismatch(events, seed)

    def whatif(self, record: Mapping[str, Any], *, options: Mapping[str, Any] | None,
               preset: str | None) -> dict[str, Any]:
        from .whatif import whatif

        return whatif(record, options=options, preset=preset)

    def regress(self, stored: Sequence[Event], record: Mapping[str, Any]) -> dict[str, Any]:
        from .whatif import regress

        return regress(stored, record)

    # -- bots, determinize ---------------------------------------------------------
    def bot_names(self) -> list[str]:
        from .bots import bot_names

        return bot_names()

    def bot(self, name: str, **settings: Any) -> Bot[Any]:
        from .bots import get_bot

        return get_bot(name, **settings)

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A state consistent with ``seat``'s view: the other hands and unrevealed
        choices redrawn (``korova_core.determinize``)."""
        from .determinize import determinize

        return determinize(state, seat, rng)


_DEFINITION = KorovaDefinition()


def versions() -> list[str]:
    """Every Korova engine version installed (one)."""
    return [ENGINE_VERSION]


def definition(version: str | None = None) -> KorovaDefinition:
    """Korova at engine ``version`` (None: the current one). Raises LookupError for a
    version not installed."""
    if version not in (None, ENGINE_VERSION):
        raise LookupError(f"Korova engine {version!r} is not installed")
    return _DEFINITION
