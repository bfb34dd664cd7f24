"""The seam between the platform and a game: ``GameDefinition`` (docs/seam.md).

A game package exposes one ``GameDefinition`` per engine version it can run, and the
platform (event store, advance loop, tournaments, pages) reaches the game only through
it and ``gamekit.registry``. Events and inputs are plain JSON-able dicts; a *state* is
whatever the game folds its events into (opaque to the platform); a *viewer* is a seat
number or None (a spectator).

What a definition must offer (GAMES.md's table): identity, rulesets, start, decide /
evolve / fold, who may act (a set of seats), legal inputs, chance, views and
redaction, outcome, explanations, records, bots, determinize. A few audit
capabilities are optional: a game that lacks one raises ``NotSupported``.
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, bot_rng
from .turns import turn_start

Event = dict[str, Any]
Viewer = int | None
__all__ = ["Event", "Explanation", "GameDefinition", "NotSupported", "Option", "Outcome",
           "Viewer", "cite_missing", "has_windows", "turn_start"]


def cite_missing(text: str, rules: Sequence[Any]) -> str:
    """``text`` with every clause id of ``rules`` it does not yet cite (in parentheses,
    e.g. ``(req.take)``) appended as ``" (a, b)."``: an explanation names every clause
    its event applied."""
    ids = [r for r in rules if isinstance(r, str)]
    missing = [r for r in ids if not re.search(r"[(, ]" + re.escape(r) + r"[,)]", text)]
    if missing:
        text = text.rstrip(".") + " (" + ", ".join(r for r in missing if r) + ")."
    return text


class NotSupported(Exception):
    """The game does not offer this optional capability (``feature``)."""

    def __init__(self, game_id: str, feature: str) -> None:
        super().__init__(f"game {game_id!r} does not support {feature}")
        self.game_id = game_id
        self.feature = feature


@dataclass(frozen=True)
class Option:
    """One ruleset option: its ``name``, allowed ``values`` and ``default``."""

    name: str
    values: tuple[Any, ...]
    default: Any


@dataclass(frozen=True)
class Outcome:
    """A finished game's result in seat order: ``places`` (1 = best; ties share the best
    place they cover, competition ranking: ``1, 2, 2, 4``), ``scores`` (the game's own
    score), ``tiebreaks`` (name -> per-seat values the game used to break ties, e.g.
    Kolkhoz's ``medals``)."""

    places: tuple[int, ...]
    scores: tuple[int | float, ...]
    tiebreaks: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Explanation:
    """A plain sentence about one event and the clause ids it applied."""

    text: str
    rules: tuple[str, ...]


class GameDefinition(ABC):
    """One game at one engine version, as the platform sees it.

    Identity (class or instance attributes): ``id`` (registry key, e.g. ``kolkhoz``),
    ``name`` (display name), ``seats`` (``(min, max)`` seats at a table),
    ``record_format`` (e.g. ``kolkhoz-record/1``), ``engine_version``,
    ``rules_version``, ``errors``: the typed exception classes the game raises for
    a bad ruleset, input or record (each carries ``code``, ``message`` and ``rule``),
    and ``end_type``: the type of the event that ends a game (it reveals the seed).
    The opening event (seq 0) carries ``ruleset``, ``seats``, ``seed_commitment``,
    ``engine_version`` and ``rules_version``: a stored log names the engine it is pinned
    to. ``state_type`` (optional): the class of the game's states. ``score_name``,
    ``lower_score_wins`` and ``tiebreak_names`` (optional) tell tournaments how to
    name and order the outcome's scores and tie-break values in their standings.
    """

    id: str
    name: str
    seats: tuple[int, int]
    record_format: str
    engine_version: str
    rules_version: str
    errors: tuple[type[Exception], ...]
    end_type: str
    state_type: type | None = None
    #: How tournaments show and order ``outcome``'s figures (optional): what the game
    #: calls its score (Kolkhoz: ``cellar``), whether a lower total is better (a
    #: penalty-point game), and the names of its tie-break values in the order they
    #: break ties, each higher-better (Kolkhoz: ``medals``).
    score_name: str = "score"
    lower_score_wins: bool = False
    tiebreak_names: tuple[str, ...] = ()
    #: Whether the game's chance outcomes come from its seed alone (``chance_input``),
    #: so that two games of one ruleset and table size started from one seed are dealt
    #: the same first cards, seat for seat: what a duplicate tournament needs
    #: (docs/duplicate.md). A game with a chance outcome the seed does not fix sets it
    #: False, and tournaments refuse to play it duplicate (``duplicate_unsupported``).
    deals_from_seed: bool = True

    # -- rulesets ------------------------------------------------------------------
    @abstractmethod
    def presets(self) -> dict[str, dict[str, Any]]:
        """Preset name -> the options it sets (the rest take their defaults)."""

    @abstractmethod
    def options(self) -> list[Option]:
        """The option table: every option's name, allowed values and default."""

    @abstractmethod
    def ruleset(self, spec: Mapping[str, Any] | None) -> Any:
        """The ruleset of ``{preset, options}`` (None: the game's default). Raises the
        game's typed ruleset error (one of ``errors``) on an invalid one."""

    # -- start, decide, evolve, fold -----------------------------------------------
    @abstractmethod
    def start(self, ruleset: Any, seats: Sequence[str], setup: Mapping[str, Any],
              seed: str | None) -> list[Event]:
        """The opening events of a new game (the first publishes ``sha256(seed)``).
        ``setup``: game-specific choices fixed at creation (Kolkhoz: ``first_planner``)."""

    @abstractmethod
    def decide(self, state: Any, inp: Mapping[str, Any], *, seed: str | None) -> list[Event]:
        """Validate ``inp`` at ``state``: its event and every consequence. Raises one of
        ``errors`` (state unchanged) on a malformed or illegal input."""

    @abstractmethod
    def evolve(self, state: Any, event: Event) -> Any:
        """A new state with ``event`` applied (never validates; ``state`` unchanged)."""

    @abstractmethod
    def fold(self, events: Iterable[Event]) -> Any:
        """The state after ``events``."""

    @abstractmethod
    def replay(self, events: Iterable[Event]) -> Iterator[Any]:
        """An independent state after every event."""

    @abstractmethod
    def finished(self, state: Any) -> bool:
        """True once the game is over."""

    # -- who may act, legal inputs, chance -----------------------------------------
    @abstractmethod
    def may_act(self, state: Any) -> frozenset[int]:
        """The seats that may submit an input now: one seat in a turn-based moment,
        several during a simultaneous choice; empty while only chance (or nobody)
        can move."""

    @abstractmethod
    def legal_inputs(self, state: Any, seat: int) -> list[Event]:
        """Every legal input of ``seat`` now, in a deterministic order ([] if it may not
        act)."""

    @abstractmethod
    def choices(self, state: Any, seat: int) -> Any:
        """The compact form of ``seat``'s legal inputs that its bots receive."""

    @abstractmethod
    def chance_input(self, state: Any, seed: str) -> Event | None:
        """The chance input (deal, draw) the seed gives now, or None."""

    # -- views ---------------------------------------------------------------------
    @abstractmethod
    def seat_view(self, state: Any, seat: int) -> dict[str, Any]:
        """What ``seat`` may see of ``state``."""

    @abstractmethod
    def spectator_view(self, state: Any) -> dict[str, Any]:
        """What a spectator may see of ``state`` (everything once finished)."""

    @abstractmethod
    def redact(self, event: Event, viewer: Viewer, *, finished: bool) -> Event:
        """What ``viewer`` may see of one event (hidden facts become null); a secret
        choice stays hidden from the others until the game's own reveal."""

    def revealed_view(self, state: Any) -> dict[str, Any]:
        """Everything about ``state`` (a finished game's replay shows every step
        whole). Default: the spectator view."""
        return self.spectator_view(state)

    # -- outcome, explanations -----------------------------------------------------
    @abstractmethod
    def outcome(self, state: Any) -> Outcome | None:
        """The result once finished (None before)."""

    @abstractmethod
    def explain(self, event: Event, seats: Sequence[str],
                prev: Event | None = None) -> Explanation:
        """A plain sentence about one (possibly redacted) event, citing its clauses."""

    def explain_log(self, events: Sequence[Event], seats: Sequence[str]) -> list[str]:
        """One explanation text per event, in order (a game may carry context along
        the log; the default explains each event after the one before)."""
        return [self.explain(e, seats, events[i - 1] if i else None).text
                for i, e in enumerate(events)]

    def lower_wins(self, ruleset: Mapping[str, Any] | None) -> bool:
        """Whether a lower score is better under ``ruleset`` (a ``{preset, options}``
        spec; None: the default). Default: ``lower_score_wins`` whatever the ruleset; a
        game with a "lowest wins" variant (Arne's misère) overrides it."""
        return bool(self.lower_score_wins)

    def render_hints(self) -> dict[str, Any]:
        """Constants the game's table renderer needs beside the views (default none)."""
        return {}

    def clause_anchor(self, rule: str) -> str | None:
        """Where a clause id is explained (a path with an anchor), or None."""
        return None

    def actor(self, event: Event) -> str:
        """Who caused an event: ``seat:N`` (a decision), ``chance`` or ``engine``
        (a consequence). Default: ``seat:N`` if the event names a ``seat`` and is an
        input (``is_input``), ``chance`` for any other input, else ``engine``."""
        if not self.is_input(event):
            return "engine"
        seat = event.get("seat")
        return "chance" if seat is None else f"seat:{seat}"

    @abstractmethod
    def is_input(self, event: Event) -> bool:
        """True for an input event (a decision or a chance outcome), False for a
        consequence."""

    # -- records -------------------------------------------------------------------
    @abstractmethod
    def adjudicate(self, record: Mapping[str, Any]) -> list[Event]:
        """The full log of a record (``record_format``); raises one of ``errors``."""

    @abstractmethod
    def to_record(self, events: Sequence[Event], *, seed: str | None = None) -> dict[str, Any]:
        """The record of a log (the seed included once revealed, or when given)."""

    # -- bots, determinize ---------------------------------------------------------
    @abstractmethod
    def bot_names(self) -> list[str]:
        """The registered bot names (at least ``random`` and a ``heuristic``)."""

    @abstractmethod
    def bot(self, name: str, **settings: Any) -> Bot[Any]:
        """A bot by name (KeyError for an unknown name)."""

    @abstractmethod
    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A world consistent with ``seat``'s view of ``state``, the hidden facts drawn
        with ``rng`` (what a generic search bot needs)."""

    def position(self, state: Any) -> int:
        """The number of events folded into ``state`` (its log position: the seq the
        next event will carry). Default: ``state.seq``."""
        return int(state.seq)

    def play_bots(self, state: Any, bots: Sequence[Bot[Any] | None], seed: str, *,
                  max_decisions: int | None = None,
                  turns: dict[int, int] | None = None) -> tuple[Any, list[Event]]:
        """Move the game forward from ``state``: every chance outcome ``seed`` gives, and
        every decision of a seat that has a bot (``bots[seat]``; None: a person), the
        lowest such seat first when several may act at once. Stops when the game ends,
        when only seats without a bot may act (a person's turn), after
        ``max_decisions`` bot decisions (1: one at a time, for tables people watch), or
        at the game's own checkpoint (an override may stop at a natural boundary, e.g.
        Kolkhoz at the end of a year, so the caller appends a stretch at a time).

        Returns the state reached and the events applied (``[]``: nothing to do — a
        person must act, or the game is over). Each bot draws from
        ``gamekit.bots.bot_rng(self.id, seed, seat, turn)``, ``turn`` being the position
        at which that seat's current turn began (``turn_start``): in a turn-based game
        the position of the decision itself; in a simultaneous choice the phase's start,
        so the bots draw the same whatever order the seats' choices arrive in. This is
        the platform's one seeding scheme: an override must produce the same events as
        this loop. ``turns`` (seat → the position its current turn began, for the seats
        already in a turn at ``state``; from ``replays``' fold of the stored log) is read
        and kept up to date in place. ``state`` may be advanced in place by an override;
        the default folds with ``evolve``."""
        turns = {} if turns is None else turns
        events: list[Event] = []
        decisions = 0
        turn_start(self, state, turns, None)
        while not self.finished(state):
            inp = self.chance_input(state, seed)
            if inp is None:
                if max_decisions is not None and decisions >= max_decisions:
                    break
                movers = sorted(s for s in self.may_act(state) if bots[s] is not None)
                if not movers:
                    break
                seat = movers[0]
                player = bots[seat]
                assert player is not None
                rng = bot_rng(self.id, seed, seat, turns[seat])
                inp = player.choose(self.seat_view(state, seat), self.choices(state, seat), rng)
                decisions += 1
            new = self.decide(state, inp, seed=seed)
            for e in new:
                state = self.evolve(state, e)
                turn_start(self, state, turns, e)
            events.extend(new)
        return state, events

    # -- response windows (optional) ---------------------------------------------------
    def window_open(self, state: Any) -> bool:
        """True while the game offers a seat a short *response window* (Arne: a before-
        or after-window, a final turn: the right to answer out of turn, usually by
        passing) rather than a turn of its own. The platform then applies the table's
        per-window time limit instead of its move limit. Default: never."""
        return False

    def timeout_input(self, state: Any, seat: int) -> Event | None:
        """What the autopilot submits for ``seat`` when its time in a response window
        ran out (Arne: ``pass_window``), or None: the table's autopilot bot plays, as
        for any missed move. Default: None."""
        return None

    # -- optional audit capabilities ---------------------------------------------------
    def whatif(self, record: Mapping[str, Any], *, options: Mapping[str, Any] | None,
               preset: str | None) -> dict[str, Any]:
        """A record's inputs replayed under another ruleset (optional)."""
        raise NotSupported(self.id, "what-if replays")

    def regress(self, stored: Sequence[Event], record: Mapping[str, Any]) -> dict[str, Any]:
        """Re-adjudicate a stored log and compare (optional)."""
        raise NotSupported(self.id, "regression")

    def evidence_bundle(self, events: Sequence[Event], *, hashes: Sequence[str],
                        game_id: str, seed: str | None) -> dict[str, Any]:
        """A self-checking evidence bundle of a finished game (optional)."""
        raise NotSupported(self.id, "evidence bundles")

    def verify_bundle(self, bundle: Any) -> dict[str, Any]:
        """Check an evidence bundle (optional)."""
        raise NotSupported(self.id, "evidence bundles")

    def chance_mismatch(self, events: Sequence[Event], seed: str) -> dict[str, Any] | None:
        """The first chance outcome of ``events`` the seed does not give, or None
        (optional)."""
        raise NotSupported(self.id, "chance checks")

    def verify_note(self, stored: Event, derived: Event) -> str | None:
        """A note a verify report adds to a mismatch between a ``stored`` event and the
        one re-adjudication derives (a known kind of difference of this release), or
        None. It never makes a mismatch pass."""
        return None

    def rederive_stored(self, events: Sequence[Event], seed: str | None, *,
                        stored: Event | None, derived: Event | None) -> dict[str, Any] | None:
        """A second way to re-derive a stored log, for a release whose live platform
        derived its consequences from the stored log in a way its record re-adjudication
        does not reproduce (optional; Kolkhoz: releases that read key order), tried only
        for the kind of first mismatch (``stored`` event vs the ``derived`` one) that way
        explains. None when it does not apply; else ``{ok, first_divergence, error,
        note}``."""
        return None

    def legal_summary(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may do now, in the form the play page renders. Default:
        ``{"kind": None, "to_move": …, "yours": …, "options": [], "inputs": […]}`` with
        the seat's legal inputs."""
        movers = self.may_act(state) if not self.finished(state) else frozenset()
        yours = seat is not None and seat in movers
        return {"kind": None, "to_move": min(movers) if len(movers) == 1 else None,
                "may_act": sorted(movers), "yours": yours, "options": [],
                "inputs": self.legal_inputs(state, seat) if yours and seat is not None
                else []}

    def __repr__(self) -> str:
        return f"<GameDefinition {self.id} {self.engine_version}>"


def has_windows(defn: GameDefinition) -> bool:
    """True when the game has response windows (it overrides
    ``GameDefinition.window_open``): its tables have a per-window time limit."""
    return type(defn).window_open is not GameDefinition.window_open
