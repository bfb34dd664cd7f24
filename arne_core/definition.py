"""Arne behind the seam: ``ArneDefinition`` (gamekit.seam.GameDefinition).

The registry (``gamekit.registry``, id ``arne``) finds this module by path and calls
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
from .errors import ArneError
from .game import ENGINE_VERSION, FORMAT, chance_input, evolve, fold, new_game, replay
from .record import adjudicate, chance_mismatch, to_record
from .ruleset import OPTIONS, PRESETS, build_ruleset
from .state import GameState

INPUT_TYPES = frozenset({"deal", "draw", "white", "black", "pass_window", "random_card",
                         "give"})
CHANCE_TYPES = frozenset({"deal", "draw", "random_card"})


class ArneDefinition(GameDefinition):
    """Arne Total at engine 1.0.0: 2–6 seats; black cards out of turn in response windows."""

    id = "arne"
    name = "Arne Total"
    seats = (2, 6)
    record_format = FORMAT
    engine_version = ENGINE_VERSION
    rules_version = RULES_VERSION
    errors = (ArneError,)
    end_type = "game_end"
    state_type = GameState
    # the standings show the final results as "score" (score.seat: the points of the
    # area a seat holds; "points" is the standings' placement points); a misère game
    # ranks them lowest first (``lower_wins``)

    # -- rulesets ------------------------------------------------------------------
    def presets(self) -> dict[str, dict[str, Any]]:
        return {name: dict(opts) for name, opts in PRESETS.items()}

    def options(self) -> list[Option]:
        """The option table (RULINGS.md "Options")."""
        return [Option(name, tuple(values), values[0]) for name, values in OPTIONS.items()]

    def ruleset(self, spec: Mapping[str, Any] | None) -> Any:
        return build_ruleset(spec)

    def lower_wins(self, ruleset: Mapping[str, Any] | None) -> bool:
        """True in the misère game (score.places: the lowest score wins)."""
        return build_ruleset(ruleset).misere

    # -- start, decide, evolve, fold -----------------------------------------------
    def start(self, ruleset: Any, seats: Sequence[str], setup: Mapping[str, Any],
              seed: str | None) -> list[Event]:
        """The ``game`` event. ``setup`` may name ``colours`` (one per seat, from the
        group's: setup.colours), ``first_player`` (else drawn from the seed: setup.first)
        and ``dummy_colour`` (dummy game; else the spare colour or the first free one);
        the platform's generic ``first_planner`` is read as the first player."""
        first = setup.get("first_player", setup.get("first_planner"))
        return new_game(ruleset, list(seats), setup.get("colours"), first_player=first,
                        dummy_colour=setup.get("dummy_colour"), seed=seed)

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
        """The seat holding priority: the active seat in its main window, the seat offered
        in a before- or after-window or a final turn, a Plus Two's target choosing what
        to give; none while chance (deal, draw, random card) is due."""
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
        """From ``game_end``: places (score.places: misère lowest first) and scores
        (score.seat)."""
        end = state.result if state.finished else None
        return None if end is None else Outcome(tuple(end["places"]), tuple(end["scores"]))

    def explain(self, event: Event, seats: Sequence[str],
                prev: Event | None = None) -> Explanation:
        rules = tuple(r for r in (event.get("rules") or []) if isinstance(r, str))
        return Explanation(_explain.explain_event(event, list(seats), prev), rules)

    def clause_anchor(self, rule: str) -> str | None:
        """``docs/arne/rules.md#<clause id>``."""
        return f"{_explain.RULES_DOC}#{rule}"

    def is_input(self, event: Event) -> bool:
        return event.get("type") in INPUT_TYPES

    def actor(self, event: Event) -> str:
        """A deal, a draw and a random card are chance."""
        if event.get("type") in CHANCE_TYPES:
            return "chance"
        return super().actor(event)

    # -- response windows (platform hooks) -------------------------------------------
    def window_open(self, state: Any) -> bool:
        """True while a before- or after-window or a final turn is offered (window.*,
        end.final_round): the platform's per-window time limit applies."""
        if state.finished:
            return False
        return state.final is not None or (state.window is not None
                                           and state.window["kind"] != "main")

    def timeout_input(self, state: Any, seat: int) -> Event | None:
        """What the autopilot plays for a person whose window time ran out: a pass
        (``pass_window``: window.priority, end.final_round); None outside a window."""
        if self.window_open(state) and seat in state.may_act():
            return {"type": "pass_window", "seat": seat}
        return None

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
        """A state consistent with ``seat``'s view: the other hands and the deck redrawn
        (``arne_core.determinize``)."""
        from .determinize import determinize

        return determinize(state, seat, rng)


_DEFINITION = ArneDefinition()


def versions() -> list[str]:
    """Every Arne engine version installed (one)."""
    return [ENGINE_VERSION]


def definition(version: str | None = None) -> ArneDefinition:
    """Arne at engine ``version`` (None: the current one). Raises LookupError for a
    version not installed."""
    if version not in (None, ENGINE_VERSION):
        raise LookupError(f"Arne engine {version!r} is not installed")
    return _DEFINITION
