"""Kolkhoz behind the seam: ``KolkhozDefinition`` (gamekit.seam.GameDefinition).

One definition wraps one engine module: the current engine (``kolkhoz_core``) or a frozen
release (``kolkhoz_core.releases``), so a stored game is handled by the engine it was
played under. The registry (``gamekit.registry``, id ``kolkhoz``) finds this module by
path and calls ``versions()`` and ``definition(version)``. The bots, determinization and
the year-at-a-time bot runner are the current package's for every version (a frozen
release holds no bots; views and choices keep their shape across releases).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import ModuleType
from typing import Any

from gamekit.bots import Bot
from gamekit.seam import Event, Explanation, GameDefinition, Option, Outcome, Viewer

from . import releases
from .game import ENGINE_VERSION

#: the input event types (decisions and chance outcomes), as opposed to consequences
INPUT_TYPES = frozenset({"deal", "trump", "swap", "play", "assign"})

#: the hours a field needs to be completed (farm.threshold)
FIELD_QUOTA = 40

_definitions: dict[str, KolkhozDefinition] = {}


class KolkhozDefinition(GameDefinition):
    """Kolkhoz at the engine version of ``eng`` (a ``kolkhoz_core``-shaped module)."""

    id = "kolkhoz"
    name = "Kolkhoz"
    seats = (4, 4)
    record_format = "kolkhoz-record/1"
    end_type = "game_end"
    # the standings' names: the cellar totals (higher better), then the medals
    score_name = "cellar"
    tiebreak_names = ("medals",)

    def __init__(self, eng: ModuleType) -> None:
        self.eng = eng
        self.engine_version = str(eng.ENGINE_VERSION)
        self.rules_version = str(eng.RULES_VERSION)
        self.errors = (eng.KolkhozError,)
        self.state_type: type = eng.GameState

    # -- rulesets ------------------------------------------------------------------
    def presets(self) -> dict[str, dict[str, Any]]:
        return {name: dict(opts) for name, opts in self.eng.PRESETS.items()}

    def options(self) -> list[Option]:
        return [Option(name, tuple(values), values[0])
                for name, values in self.eng.OPTIONS.items()]

    def ruleset(self, spec: Mapping[str, Any] | None) -> Any:
        """The engine's ruleset of ``spec``; anything but a mapping goes to the engine
        as it is, which refuses it (``invalid_option_value``) — ``dict(spec)`` of a
        string or a list was a TypeError / ValueError."""
        return self.eng.build_ruleset(dict(spec) if isinstance(spec, Mapping) else spec)

    # -- start, decide, evolve, fold -----------------------------------------------
    def start(self, ruleset: Any, seats: Sequence[str], setup: Mapping[str, Any],
              seed: str | None) -> list[Event]:
        """``setup``: ``{"first_planner": 0..3 | None}`` (None: drawn from the seed)."""
        return list(self.eng.new_game(ruleset, list(seats),
                                      first_planner=setup.get("first_planner"), seed=seed))

    def decide(self, state: Any, inp: Mapping[str, Any], *, seed: str | None) -> list[Event]:
        return list(self.eng.decide(state, dict(inp), seed=seed or None))

    def evolve(self, state: Any, event: Event) -> Any:
        return self.eng.evolve(state, event)

    def fold(self, events: Iterable[Event]) -> Any:
        return self.eng.fold(list(events))

    def replay(self, events: Iterable[Event]) -> Iterator[Any]:
        return iter(self.eng.replay(list(events)))

    def finished(self, state: Any) -> bool:
        return bool(state.finished)

    # -- who may act, legal inputs, chance -----------------------------------------
    def may_act(self, state: Any) -> frozenset[int]:
        """Kolkhoz is turn-based: at most one seat (none while chance deals)."""
        if state.finished:
            return frozenset()
        ch = self.eng.choices(state)
        return frozenset() if ch.chance or ch.seat is None else frozenset({ch.seat})

    def legal_inputs(self, state: Any, seat: int) -> list[Event]:
        if seat not in self.may_act(state):
            return []
        return list(self.eng.legal_inputs(state))

    def choices(self, state: Any, seat: int) -> Any:
        return self.eng.choices(state)

    def chance_input(self, state: Any, seed: str) -> Event | None:
        out: Event | None = self.eng.chance_input(state, seed)
        return out

    # -- views ---------------------------------------------------------------------
    def seat_view(self, state: Any, seat: int) -> dict[str, Any]:
        return dict(self.eng.seat_view(state, seat))

    def spectator_view(self, state: Any) -> dict[str, Any]:
        return dict(self.eng.spectator_view(state))

    def redact(self, event: Event, viewer: Viewer, *, finished: bool) -> Event:
        out: Event = self.eng.redact_event(event, viewer, finished=finished)
        return out

    def revealed_view(self, state: Any) -> dict[str, Any]:
        """Every hand and cellar: the spectator view with each seat's own hand and
        cellar (the engine shows everything itself only in the final state)."""
        if state.finished:
            return self.spectator_view(state)
        out = dict(self.eng.spectator_view(state))
        out["hands"] = list(out["hands"])
        out["cellars"] = list(out["cellars"])
        for seat in range(len(out["hands"])):
            own = self.eng.seat_view(state, seat)
            out["hands"][seat] = own["hands"][seat]
            out["cellars"][seat] = own["cellars"][seat]
        out["viewer"] = "all"
        return out

    # -- outcome, explanations -----------------------------------------------------
    def outcome(self, state: Any) -> Outcome | None:
        """From the ``game_end`` event: places, scores (cellar totals, plus medals when
        the ``medals`` option is on) and the tie-break ``medals``."""
        end = state.result if state.finished else None
        return None if end is None else outcome_of_end(end)

    def explain(self, event: Event, seats: Sequence[str],
                prev: Event | None = None) -> Explanation:
        text = str(self.eng.explain_event(event, list(seats), prev))
        rules = tuple(r for r in (event.get("rules") or []) if isinstance(r, str))
        return Explanation(text, rules)

    def explain_log(self, events: Sequence[Event], seats: Sequence[str]) -> list[str]:
        return list(self.eng.explain_log(list(events), list(seats)))

    def clause_anchor(self, rule: str) -> str | None:
        """The clause's anchor in the rulebook (``docs/rules.md#<clause id>``)."""
        return f"{self.eng.explain.RULES_DOC}#{rule}"

    def render_hints(self) -> dict[str, Any]:
        """``quota``: the hours a field needs to be completed (farm.threshold); the
        replay viewer draws each field's hours against it."""
        return {"quota": FIELD_QUOTA}

    def is_input(self, event: Event) -> bool:
        return event.get("type") in INPUT_TYPES

    def actor(self, event: Event) -> str:
        """A deal is chance; a trump without a seat is a random draw (chance)."""
        if event.get("type") == "deal":
            return "chance"
        return super().actor(event)

    # -- records -------------------------------------------------------------------
    def adjudicate(self, record: Mapping[str, Any]) -> list[Event]:
        return list(self.eng.adjudicate(record))

    def to_record(self, events: Sequence[Event], *, seed: str | None = None) -> dict[str, Any]:
        return dict(self.eng.to_record(list(events), seed=seed))

    # -- bots, determinize ---------------------------------------------------------
    def bot_names(self) -> list[str]:
        from .bots import bot_names

        return bot_names()

    def bot(self, name: str, **settings: Any) -> Bot[Any]:
        from .bots import get_bot

        return get_bot(name, **settings)

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A ``GameState`` whose view for ``seat`` is that of ``state``, every card the
        seat cannot see dealt anew (``bots.worlds.determinize_state``: voids, hidden
        cellar slots and the deck respected), which this definition's ``decide`` and
        ``evolve`` play on: what the search over the seam (``seam-ismcts``) samples.
        Kolkhoz's own ``ismcts`` samples ``bots.sim.YearSim`` worlds itself
        (``bots.determinize``)."""
        from .bots.worlds import determinize_state

        return determinize_state(state, seat, rng)

    def play_bots(self, state: Any, bots: Sequence[Bot[Any] | None], seed: str, *,
                  max_decisions: int | None = None,
                  turns: dict[int, int] | None = None) -> tuple[Any, list[Event]]:
        """The seam's loop (same events, same generators), run on the engine's in-place
        state and stopping at the end of the current year (``runner.play_year``), so a
        table appends a year at a time. Kolkhoz is turn-based: a seat's turn always
        begins at its decision's own position, so each bot draws from
        ``bot_rng(seed, seat, seq)``; ``turns`` is kept up to date as the seam's loop
        keeps it. ``state`` is advanced in place. Current engine only (a game pinned to
        a frozen release runs the seam's generic loop)."""
        if self.eng.ENGINE_VERSION != ENGINE_VERSION:
            return super().play_bots(state, bots, seed, max_decisions=max_decisions,
                                     turns=turns)
        from .runner import play_year

        events = play_year(state, list(bots), seed, max_decisions=max_decisions)
        if turns is not None:
            turns.clear()
            turns.update({seat: state.seq for seat in self.may_act(state)})
        return state, events

    # -- audits --------------------------------------------------------------------
    def whatif(self, record: Mapping[str, Any], *, options: Mapping[str, Any] | None,
               preset: str | None) -> dict[str, Any]:
        return dict(self.eng.whatif.whatif(dict(record), options=options, preset=preset))

    def regress(self, stored: Sequence[Event], record: Mapping[str, Any]) -> dict[str, Any]:
        return dict(self.eng.regress(list(stored), dict(record)))

    def evidence_bundle(self, events: Sequence[Event], *, hashes: Sequence[str],
                        game_id: str, seed: str | None) -> dict[str, Any]:
        return dict(self.eng.build_bundle(list(events), hashes=list(hashes),
                                          game_id=game_id, seed=seed))

    def verify_bundle(self, bundle: Any) -> dict[str, Any]:
        """The current engine's verifier (it hands a bundle pinned to a frozen release
        to that release)."""
        return dict(self.eng.verify_bundle(bundle))

    def chance_mismatch(self, events: Sequence[Event], seed: str) -> dict[str, Any] | None:
        choices_module = importlib.import_module(f"{self.eng.__name__}.choices")
        out: dict[str, Any] | None = choices_module.chance_mismatch(list(events), seed)
        return out

    def verify_note(self, stored: Event, derived: Event) -> str | None:
        """The key-order note (``releases.key_order_note``): a release that filed
        assignments in key order (0.1.0) and two events listing the same cards in
        another order."""
        return releases.key_order_note(self.engine_version, stored, derived)

    def rederive_stored(self, events: Sequence[Event], seed: str | None, *,
                        stored: Event | None, derived: Event | None) -> dict[str, Any] | None:
        """Each decision re-derived from the stored log before it with the code this
        version's fold ran before x.key_order (``releases.rederive_stored``): for 0.1.0
        and 0.2.0 games stored where keys came back reordered, and only when the first
        mismatch is of that kind (``verify_note``: the same cards in another order); None
        otherwise."""
        if self.verify_note(stored or {}, derived or {}) is None:
            return None
        return releases.rederive_stored(self.engine_version, list(events), seed)

    def legal_summary(self, state: Any, seat: int | None) -> dict[str, Any]:
        """``{kind, to_move, yours, options, inputs}`` (``choices`` in the form the play
        page renders): ``options`` (only when ``yours``): suits (trump), card codes
        (play), swap choices as ``{"pass": true}`` or ``{"hand", "cellar"}``, or per
        trick card its legal fields (assign), with ``hours``: ``{card: hours}``, what
        each trick card adds to the field it goes to (card.value; 0 for a drunkard), so
        the page shows running totals without knowing the rule; ``inputs``: every
        legal input (not for assign, whose inputs are the product of the fields)."""
        ch = self.eng.choices(state)
        mover = None if (ch.chance or state.finished) else ch.seat
        yours = seat is not None and mover == seat
        out: dict[str, Any] = {"kind": ch.kind, "to_move": mover, "yours": yours,
                               "options": [], "inputs": []}
        if not yours:
            return out
        if ch.kind == "swap":
            out["options"] = [{"pass": True} if o is None else {"hand": o[0], "cellar": o[1]}
                              for o in ch.options]
        elif ch.kind == "assign":
            out["options"] = {card: list(fields) for card, fields in ch.options.items()}
            out["hours"] = {self.eng.CODE[c]: state.hours_of(c) for c in state.trick}
        else:
            out["options"] = list(ch.options)
        if ch.kind != "assign":
            out["inputs"] = ch.to_inputs()
        return out


def outcome_of_end(end: Mapping[str, Any]) -> Outcome:
    """The ``Outcome`` a ``game_end`` event states."""
    medals = tuple(end.get("medals") or ())
    return Outcome(tuple(end["places"]), tuple(end["scores"]),
                   {"medals": medals} if medals else {})


def versions() -> list[str]:
    """Every Kolkhoz engine version this installation runs (frozen ones, then current)."""
    return releases.versions()


def definition(version: str | None = None) -> KolkhozDefinition:
    """Kolkhoz at engine ``version`` (None: the current engine). Raises
    ``releases.UnknownEngineVersion`` (a LookupError) for a version not installed."""
    key = ENGINE_VERSION if version is None else version
    if key not in _definitions:
        _definitions[key] = KolkhozDefinition(releases.engine(key))
    return _definitions[key]
