"""Gong Zhu behind the seam: ``GongzhuDefinition`` (gamekit.seam.GameDefinition).

The registry (``gamekit.registry``, id ``gongzhu``) finds this module by path and calls
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
from .errors import GongzhuError
from .game import ENGINE_VERSION, chance_input, evolve, fold, new_game, replay
from .record import FORMAT, adjudicate, chance_mismatch, to_record
from .rules import legal_inputs
from .ruleset import DEFAULTS, OPTIONS, PRESETS, build_ruleset
from .state import GameState

INPUT_TYPES = frozenset({"deal", "pass", "expose", "play"})


class GongzhuDefinition(GameDefinition):
    """Gong Zhu at engine 1.0.0: four seats, one seat to move, chance deals."""

    id = "gongzhu"
    name = "Gong Zhu"
    seats = (4, 4)
    record_format = FORMAT
    engine_version = ENGINE_VERSION
    rules_version = RULES_VERSION
    errors = (GongzhuError,)
    end_type = "game_end"
    state_type = GameState
    # the standings name the final totals "total" ("points" are the placement points)
    score_name = "total"

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
        """``setup``: ``{"first_dealer": 0..3 | None}`` (the platform's generic
        ``first_planner`` is read as the first dealer; None: drawn from the seed)."""
        first = setup.get("first_dealer", setup.get("first_planner"))
        return new_game(ruleset, list(seats), first_dealer=first, seed=seed)

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
        """Turn-based: the seat due to pass, expose or play (none while a deal is due)."""
        seat = None if state.finished else state.to_move()
        return frozenset() if seat is None else frozenset({seat})

    def legal_inputs(self, state: Any, seat: int) -> list[Event]:
        return legal_inputs(state) if seat in self.may_act(state) else []

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
        """From ``game_end``: places and final totals (higher is better, game.places)."""
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

    def play_bots(self, state: Any, bots: Sequence[Bot[Any] | None], seed: str, *,
                  max_decisions: int | None = None,
                  turns: dict[int, int] | None = None) -> tuple[Any, list[Event]]:
        """The seam's loop run in place by ``runner.play_on`` (same events, same
        generators: Gong Zhu is turn-based, so a seat's turn begins at its decision's
        own position and each bot draws from ``bot_rng("gongzhu", seed, seat, seq)``);
        bots see their view built lazily. ``state`` is advanced in place; ``turns`` is
        kept up to date as the seam's loop keeps it."""
        from .runner import play_on

        events = play_on(state, list(bots), seed, max_decisions=max_decisions)
        if turns is not None:
            turns.clear()
            turns.update({seat: state.seq for seat in self.may_act(state)})
        return state, events

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A full state consistent with ``seat``'s view: the other seats' hidden cards
        (everything ``seat`` has not seen) dealt at random among them, respecting the
        hand sizes and the cards each seat is known to hold (``determinize``)."""
        from .determinize import determinize

        return determinize(state, seat, rng)


_DEFINITION = GongzhuDefinition()


def versions() -> list[str]:
    """Every Gong Zhu engine version installed (one)."""
    return [ENGINE_VERSION]


def definition(version: str | None = None) -> GongzhuDefinition:
    """Gong Zhu at engine ``version`` (None: the current one). Raises LookupError for a
    version not installed."""
    if version not in (None, ENGINE_VERSION):
        raise LookupError(f"Gong Zhu engine {version!r} is not installed")
    return _DEFINITION
