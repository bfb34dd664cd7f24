"""One information-set search for every game, written against the seam (docs/bots.md
"The search bot over the seam").

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 4(2)): each iteration

1. samples a world consistent with the searching seat's view (the game's
   ``determinize``), so every hidden card is drawn afresh;
2. descends one tree shared by all worlds. A child is keyed by the input *as the
   searching seat sees it* (the game's ``redact`` of the input): the seat's own inputs
   are distinct children, another seat's hidden choice (a Gong Zhu pass, a Korova
   face-down card) is one child whatever it was, and the move actually applied in the
   world is drawn by the default policy among the legal inputs behind that key. Only
   children legal in the sampled world compete (UCB1 with availability counts: a
   child's exploration term uses how often it was *available*, not the parent's
   visits);
3. expands one untried child, then plays the rest out with the default policy (the
   game's ``heuristic`` bot or uniform ``random``) up to the game's horizon (its end,
   or a natural checkpoint such as the end of a round);
4. backs up every seat's reward in [0, 1] (each node credits the seat that chose it).

The search reads the state it is given only through ``determinize``: whatever it
decides is a function of the seat's view and the generator (a test scrambles the hidden
cards and checks the decision is the same). All randomness comes from the ``rng`` the
platform gives the bot (``gamekit.bots.bot_rng``); with an iteration budget the decision
is reproducible from the game's seed. ``cpu_ms`` (``time.process_time``) caps the
search too, but a decision cut by time is not reproducible.

Stdlib only; never imports a game package (a game passes its own ``SearchHooks``).
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import registry
from .rollout import Rollout
from .seam import Event, GameDefinition

VERSION = "2"
POLICIES = ("heuristic", "random")
MODES = ("tree", "rollout")


def place_reward(places: Sequence[int], seat: int) -> float:
    """A finished (or provisional) ranking mapped to [0, 1] for ``seat``: 1 for sole
    first, 0 for sole last, linear in between; ties share (competition ranking:
    ``places`` from ``Outcome.places``). One seat: 1."""
    n = len(places)
    if n <= 1:
        return 1.0
    mine = places[seat]
    better = sum(p < mine for p in places)
    tied = sum(p == mine for p in places) - 1
    return (n - 1 - better - tied / 2) / (n - 1)


def score_places(scores: Sequence[float], lower_wins: bool) -> list[int]:
    """Competition-ranking places of ``scores`` (1 = best; ``lower_wins``: a penalty
    score)."""
    sign = -1 if lower_wins else 1
    return [1 + sum(sign * o > sign * t for o in scores) for t in scores]


def margin_reward(scores: Sequence[float], seat: int, scale: float) -> float:
    """``seat``'s lead over the mean of the other seats' ``scores`` (higher better)
    mapped to (0, 1): ``0.5 + 0.5 * tanh(lead / scale)``; 0.5 for an even table. A
    smoother signal than the place: a world won by much counts more than one won by
    a point."""
    n = len(scores)
    if n <= 1:
        return 0.5
    lead = scores[seat] - (sum(scores) - scores[seat]) / (n - 1)
    return 0.5 + 0.5 * math.tanh(lead / scale)


def round_ended(root: Any, world: Any) -> bool:
    """A horizon for games played in rounds whose state keeps ``round`` (the number)
    and ``history`` (one entry per finished round): the playout stops once the round
    searched at ``root`` is over (Gong Zhu, Korova)."""
    return bool(world.round != root.round or len(world.history) > len(root.history))


@dataclass(frozen=True)
class SearchHooks:
    """What a game gives the search beyond its definition.

    ``world_from_view(view, seat) -> state``: a state the seat's view is a view of, the
    cards it cannot see placed anywhere (``determinize`` redraws them), or None when
    the search does not handle this moment (the bot then asks ``fallback``).
    ``horizon(root, world) -> bool``: stop the playout here (``root``: the state searched,
never changed; default: the game's end).
    ``value(world, seat) -> float`` in [0, 1] at the horizon (default: ``place_reward``
    of the outcome). ``apply(world, event)``: fold one event into ``world`` in place
    (a game's own ``apply``; what it returns is ignored unless it is a new state;
    default: ``defn.evolve``, which copies). ``max_branch``: a decision with more
    legal inputs than this is left to the default policy (passes of 3 cards from 13).
    ``score(world) -> [float]``: every seat's running score at the horizon, higher
    better (a penalty game negates), for the ``margin`` part of the reward
    (``margin_reward``, ``score_scale`` points for a clear lead; None: place only).
    ``defaults``: the game's default settings (``SearchBot``'s), overriding the
    platform's. ``unchoose(world, seat) -> state | None``: the other seats' hidden
    choices already made undone in a sampled world, for the ``rollout`` mode's policy
    to make again (``gamekit.rollout``; None: the world keeps them).
    ``rollout_value(world, seat) -> float``: the ``rollout`` mode's value of a world at
    the horizon, higher better, in ``score_scale`` units (None: the seat's ``score``
    lead over the others' mean)."""

    world_from_view: Callable[[Mapping[str, Any], int], Any]
    horizon: Callable[[Any, Any], bool] | None = None
    value: Callable[[Any, int], float] | None = None
    apply: Callable[[Any, Event], Any] | None = None
    max_branch: int = 24
    score: Callable[[Any], Sequence[float]] | None = None
    score_scale: float = 1.0
    defaults: Mapping[str, Any] = field(default_factory=dict)
    unchoose: Callable[[Any, int], Any] | None = None
    rollout_value: Callable[[Any, int], float] | None = None


class _Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[str, _Node] = {}


class Search:
    """One decision's search: ``run(state, seat, rng) -> input``. Settings: ``iterations``
    (worlds sampled), ``cpu_ms`` (CPU-time cap per decision, None: none), ``exploration``
    (the UCB1 constant), ``policy`` (``heuristic`` | ``random`` playouts)."""

    def __init__(self, defn: GameDefinition, hooks: SearchHooks, *, iterations: int,
                 cpu_ms: float | None, exploration: float, policy: str,
                 margin: float = 0.0) -> None:
        self.defn, self.hooks = defn, hooks
        self.iterations, self.cpu_ms = iterations, cpu_ms
        self.c, self.policy = exploration, policy
        self.margin = margin if hooks.score is not None else 0.0
        self._heuristic = defn.bot("heuristic") if policy == "heuristic" else None
        self._keys: dict[tuple[int, str], str] = {}

    # -- moving a world --------------------------------------------------------------
    def _step(self, world: Any, inp: Event, seed: str) -> Any:
        apply = self.hooks.apply
        for e in self.defn.decide(world, inp, seed=seed):
            world = self.defn.evolve(world, e) if apply is None else (apply(world, e) or world)
        return world

    def _chance(self, world: Any, seed: str) -> Any:
        while not self.defn.finished(world):
            inp = self.defn.chance_input(world, seed)
            if inp is None:
                return world
            world = self._step(world, inp, seed)
        return world

    def _mover(self, world: Any, seat: int) -> int | None:
        """Who moves next: the searching seat first when several choose at once (their
        choices are simultaneous, so the order changes nothing), else the lowest."""
        movers = self.defn.may_act(world)
        if not movers:
            return None
        return seat if seat in movers else min(movers)

    def _key(self, inp: Event, seat: int) -> str:
        """The input as ``seat`` sees it (canonical JSON of its redaction), memoised on
        the input's ``repr`` for the decision (an input's redaction depends on the
        input alone)."""
        raw = (seat, repr(inp))
        key = self._keys.get(raw)
        if key is None:
            seen = self.defn.redact({**inp, "rules": []}, seat, finished=False)
            key = json.dumps({k: v for k, v in seen.items() if k not in ("seq", "rules")},
                             sort_keys=True, separators=(",", ":"))
            self._keys[raw] = key
        return key

    def _policy(self, world: Any, mover: int, legal: list[Event],
                rng: random.Random) -> Event:
        if self._heuristic is not None and len(legal) > 1:
            return dict(self._heuristic.choose(self.defn.seat_view(world, mover),
                                               self.defn.choices(world, mover), rng))
        return legal[rng.randrange(len(legal))]

    def _done(self, root: Any, world: Any) -> bool:
        if self.defn.finished(world):
            return True
        return self.hooks.horizon is not None and self.hooks.horizon(root, world)

    def _values(self, world: Any) -> list[float]:
        """Every seat's reward at the end of a playout: the place part (the hooks'
        ``value`` before the game's end, the outcome's places after), blended with
        ``margin`` × ``margin_reward`` of the hooks' ``score``."""
        out = self.defn.outcome(world) if self.defn.finished(world) else None
        if out is None:
            assert self.hooks.value is not None
            place = [self.hooks.value(world, s) for s in range(self._n)]
        else:
            place = [place_reward(out.places, s) for s in range(self._n)]
        w = self.margin
        if not w:
            return place
        assert self.hooks.score is not None
        scores = self.hooks.score(world)
        scale = self.hooks.score_scale
        return [(1 - w) * place[s] + w * margin_reward(scores, s, scale)
                for s in range(self._n)]

    # -- the search ------------------------------------------------------------------
    def run(self, state: Any, seat: int, n_seats: int, rng: random.Random) -> Event:
        """The most visited of ``seat``'s legal inputs at ``state`` (read only through
        ``determinize``) after the budget."""
        self._n = n_seats
        self._keys.clear()
        root = _Node()
        start = time.process_time()
        first: dict[str, Event] = {}
        for it in range(self.iterations):
            if self.cpu_ms is not None and it and \
                    (time.process_time() - start) * 1000 >= self.cpu_ms:
                break
            seed = f"ismcts:{rng.getrandbits(64):016x}"
            world = self.defn.determinize(state, seat, rng)
            self._iterate(state, world, seat, root, rng, seed, first if it == 0 else None)
        if not root.children:
            raise ValueError("the search found no legal input")
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].total))[0]
        return first[best]

    def _iterate(self, start: Any, world: Any, seat: int, root: _Node, rng: random.Random,
                 seed: str, first: dict[str, Event] | None) -> None:
        node, path = root, []  # (node, the seat that chose it)
        expanded = False
        while not self._done(start, world):
            mover = self._mover(world, seat)
            if mover is None:
                world = self._chance(world, seed)
                continue
            legal = self.defn.legal_inputs(world, mover)
            if first is not None and node is root:
                first.update((self._key(i, seat), i) for i in legal)
            if expanded or len(legal) > self.hooks.max_branch and node is not root:
                break
            groups: dict[str, list[Event]] = {}
            for inp in legal:
                groups.setdefault(self._key(inp, seat), []).append(inp)
            for key in groups:
                child = node.children.get(key)
                if child is not None:
                    child.avail += 1
            untried = [k for k in groups if k not in node.children]
            if untried:
                key = untried[rng.randrange(len(untried))]
                node.children[key] = _Node()
                node.children[key].avail = 1
                expanded = True
            else:
                key = max(groups, key=lambda k: self._ucb(node.children[k]))
            options = groups[key]
            inp = options[0]
            if len(options) > 1:  # another seat's hidden choice: drawn by the policy
                inp = self._policy(world, mover, legal, rng)
                if self._key(inp, seat) != key:
                    inp = options[rng.randrange(len(options))]
            node = node.children[key]
            path.append((node, mover))
            world = self._step(world, inp, seed)
        world = self._playout(start, world, seat, rng, seed)
        values = self._values(world)
        root.visits += 1
        for n, mover in path:
            n.visits += 1
            n.total += values[mover]

    def _ucb(self, child: _Node) -> float:
        return (child.total / child.visits
                + self.c * math.sqrt(math.log(max(child.avail, 1)) / child.visits))

    def _playout(self, start: Any, world: Any, seat: int, rng: random.Random,
                 seed: str) -> Any:
        while not self._done(start, world):
            mover = self._mover(world, seat)
            if mover is None:
                world = self._chance(world, seed)
                continue
            legal = self.defn.legal_inputs(world, mover)
            world = self._step(world, self._policy(world, mover, legal, rng), seed)
        return world


#: The platform's default settings; a game's ``SearchHooks.defaults`` override them.
DEFAULTS: dict[str, Any] = {"iterations": 100, "cpu_ms": None, "exploration": 0.7,
                            "policy": "random", "margin": 0.0, "mode": "tree",
                            "confidence": 1.0}


class SearchBot:
    """The search as a bot (``gamekit.bots.Bot``): ``choose(view, choices, rng)``
    rebuilds a state from the view (``hooks.world_from_view``) and searches it; a moment
    the hooks do not handle, a single legal input, or more legal inputs than
    ``hooks.max_branch`` go to the game's ``heuristic`` bot with the same ``rng``.

    Settings (its identity, every one recorded): ``iterations`` (worlds per decision),
    ``cpu_ms`` (a CPU-time cap per decision in ms; None: the iteration budget alone,
    so the decision is reproducible from the seed), ``exploration`` (UCB1 constant),
    ``policy`` (playouts and other seats' hidden choices: ``random`` or ``heuristic``,
    the game's own bot), ``margin`` (0 to 1: the weight of the score margin in the
    reward, the rest being the place; 0 when the game gives no ``score``). Defaults:
    ``DEFAULTS`` overridden by the game's ``hooks.defaults``. Raises ValueError for an
    unknown setting or a bad value."""

    name = "ismcts"
    version = VERSION

    def __init__(self, defn: GameDefinition, hooks: SearchHooks, **given: Any) -> None:
        unknown = sorted(set(given) - set(DEFAULTS))
        if unknown:
            raise ValueError(f"the {self.name} bot takes {', '.join(DEFAULTS)}, "
                             f"not {unknown}")
        st = {**DEFAULTS, **hooks.defaults, **given}
        iterations, cpu_ms, exploration = st["iterations"], st["cpu_ms"], st["exploration"]
        policy, margin = st["policy"], st["margin"]
        mode, confidence = st["mode"], st["confidence"]
        if type(iterations) is not int or iterations < 1:
            raise ValueError(f"iterations must be a positive integer, not {iterations!r}")
        if cpu_ms is not None and not (isinstance(cpu_ms, int | float) and cpu_ms > 0):
            raise ValueError(f"cpu_ms must be a positive number or None, not {cpu_ms!r}")
        if not (isinstance(exploration, int | float) and exploration >= 0):
            raise ValueError(f"exploration must be a number >= 0, not {exploration!r}")
        if policy not in POLICIES:
            raise ValueError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}")
        if not (isinstance(margin, int | float) and 0 <= margin <= 1):
            raise ValueError(f"margin must be a number from 0 to 1, not {margin!r}")
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        if not (isinstance(confidence, int | float) and confidence >= 0):
            raise ValueError(f"confidence must be a number >= 0, not {confidence!r}")
        self.settings: dict[str, Any] = {"iterations": iterations, "cpu_ms": cpu_ms,
                                         "exploration": float(exploration),
                                         "policy": policy, "margin": float(margin)}
        if mode == "rollout":  # a tree search's identity stays what it was before modes
            self.settings.update(mode=mode, confidence=float(confidence))
        self.defn, self.hooks = defn, hooks
        self._search: Search | Rollout
        common = {"iterations": iterations, "cpu_ms": cpu_ms,
                  "exploration": float(exploration), "policy": policy,
                  "margin": float(margin)}
        self._search = Search(defn, hooks, **common)
        if mode == "rollout":
            self._search = Rollout(self._search, confidence=float(confidence))
        self._fallback = defn.bot("heuristic")

    def choose(self, view: Mapping[str, Any], choices: Any,
               rng: random.Random) -> dict[str, Any]:
        """One legal input for the seat whose ``view`` this is (``view["viewer"]``)."""
        seat = view["viewer"]
        state = self.hooks.world_from_view(view, seat)
        if state is not None:
            legal = self.defn.legal_inputs(state, seat)
            if 1 < len(legal) <= self.hooks.max_branch:
                return dict(self._search.run(state, seat, len(view["seats"]), rng))
        return dict(self._fallback.choose(view, choices, rng))


def search_bot(game: str, hooks: SearchHooks, doc: str,
               name: str = "ismcts", version: str = VERSION) -> type[SearchBot]:
    """The search bot class of ``game``, named ``name`` (its identity's name; a game's
    ``bots/search.py`` registers it under the same name: ``ismcts``, or Kolkhoz's
    ``seam-ismcts`` beside its own lean ``ismcts``). The definition is looked up in the
    registry when a bot is made, so a game's bots never import its definition module
    (which imports them): no import cycle. ``doc``: the class docstring; ``version``:
    the bot's version in its identity (a game whose defaults changed bumps its own)."""

    class GameSearchBot(SearchBot):
        def __init__(self, **settings: Any) -> None:
            super().__init__(registry.get(game), hooks, **settings)

    GameSearchBot.__name__ = GameSearchBot.__qualname__ = f"{game.title()}SearchBot"
    GameSearchBot.__doc__ = doc
    GameSearchBot.name = name
    GameSearchBot.version = version
    return GameSearchBot
