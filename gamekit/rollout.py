"""Flat determinized rollout over the seam: the search bot's ``rollout`` mode
(docs/bots.md "The search bot over the seam").

Bertsekas' rollout algorithm (Bertsekas, Tsitsiklis & Wu 1997, "Rollout algorithms for
combinatorial optimization", J. Heuristics 3(3); Tesauro & Galperin 1996 used it for
backgammon) with determinization for the hidden cards: for each of the seat's legal
inputs, play the same sampled worlds to the game's horizon with the game's
``heuristic`` bot at every seat (the searching seat included, after its first input),
and take the input with the best mean value. With exact values the rollout policy is
never worse than the base heuristic (the rollout improvement property); with sampled
worlds the estimate is noisy, so two safeguards keep it near that property:

* **common worlds**: every candidate input is played on the *same* worlds (the same
  determinized deal, chance seed and generator state), so the candidates are compared
  pairwise on equal footing and most of the deal's luck cancels;
* **the heuristic's input is the default**: another input replaces it only when its
  mean over the shared worlds is better by more than ``confidence`` standard errors of
  the paired differences (a one-sided paired test), so noise alone rarely overrides the
  base policy.

The budget (``iterations`` playouts in all) is spent by sequential halving (Karnin,
Koren & Somekh 2013, "Almost optimal exploration in multi-armed bandits", ICML): in
each of ⌈log2 k⌉ rounds every surviving input plays the round's new worlds, then the
worse half is dropped; the heuristic's input is never dropped.

A world's value for the seat (``value``): the game's ``hooks.rollout_value`` if it
gives one (Arne: its heuristic's aim), else its lead at the horizon — ``hooks.score`` of
the seat minus the mean of the other seats' (higher better), in units of
``hooks.score_scale`` — or, for a game without ``score``, the tree search's reward
(place and margin). Other seats' hidden choices already made (a Korova face-down card)
are undone in each world when the game gives ``hooks.unchoose``, so the policy makes
them again from what that seat knows, rather than the world keeping a card drawn at
random. Like the tree search, it reads the state
only through ``determinize``, and all randomness comes from the bot's ``rng``.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from .seam import Event, GameDefinition


class Rollout:
    """One decision's flat determinized rollout: ``run(state, seat, n_seats, rng) ->
    input``, moving worlds with ``search`` (a ``gamekit.ismcts.Search``: its definition,
    hooks, steps, playouts and budget). Settings as there (``iterations``: playouts in
    all; each surviving input plays at least two worlds a round — one when
    ``iterations`` is below the number of legal inputs; ``cpu_ms`` stops it after a
    whole world) plus
    ``confidence`` (z of the paired test that lets a searched input override the
    heuristic's; 0: the best mean wins)."""

    def __init__(self, search: Any, confidence: float = 1.0) -> None:
        self.s, self.confidence = search, confidence
        self.defn: GameDefinition = search.defn
        self.hooks: Any = search.hooks  # a gamekit.ismcts.SearchHooks (which imports us)
        self._base = self.defn.bot("heuristic")

    def value(self, world: Any, seat: int) -> float:
        """``seat``'s value of a world at the horizon (module docstring)."""
        if self.hooks.rollout_value is not None:
            return float(self.hooks.rollout_value(world, seat)) / float(self.hooks.score_scale)
        if self.hooks.score is not None:
            scores = self.hooks.score(world)
            n = len(scores)
            if n <= 1:
                return 0.0
            lead = scores[seat] - (sum(scores) - scores[seat]) / (n - 1)
            return float(lead) / float(self.hooks.score_scale)
        return float(self.s._values(world)[seat])  # the tree's reward: place, margin

    def _world(self, state: Any, seat: int, wseed: int) -> tuple[Any, random.Random, str]:
        """World number ``wseed``'s determinized state, playout generator and chance
        seed: the same for every candidate input."""
        world = self.defn.determinize(state, seat, random.Random(wseed))
        if self.hooks.unchoose is not None:
            world = self.hooks.unchoose(world, seat) or world
        return world, random.Random(wseed ^ 0x5EED), f"rollout:{wseed:016x}"

    def _play(self, state: Any, seat: int, inp: Event, wseed: int) -> float:
        world, prng, seed = self._world(state, seat, wseed)
        world = self.s._step(world, inp, seed)
        world = self.s._playout(state, world, seat, prng, seed)
        return self.value(world, seat)

    def _late(self, start: float) -> bool:
        cap = self.s.cpu_ms
        return cap is not None and (time.process_time() - start) * 1000 >= cap

    def run(self, state: Any, seat: int, n_seats: int, rng: random.Random) -> Event:
        """The heuristic's input at ``state`` unless another legal input is clearly
        better on the shared worlds (module docstring)."""
        self.s._n = n_seats
        self.s._keys.clear()
        legal: list[Event] = list(self.defn.legal_inputs(state, seat))
        if not legal:
            raise ValueError("the search found no legal input")
        base = dict(self._base.choose(self.defn.seat_view(state, seat),
                                      self.defn.choices(state, seat), rng))
        keys = [self.s._key(i, seat) for i in legal]
        bkey = self.s._key(base, seat)
        h = keys.index(bkey) if bkey in keys else 0
        alive = list(range(len(legal)))
        vals: list[list[float]] = [[] for _ in legal]
        rounds = max(1, math.ceil(math.log2(len(legal))))
        # two worlds a round (a paired test needs two); one under a budget below k
        floor = 2 if self.s.iterations >= len(legal) else 1
        spent, full, start, out_of_time = 0, 0, time.process_time(), False
        for _ in range(rounds):
            if len(alive) <= 1 or out_of_time:
                break
            per = max(floor, self.s.iterations // (rounds * len(alive)))
            for _ in range(per):
                wseed = rng.getrandbits(64)
                for i in alive:
                    if full and self._late(start):
                        out_of_time = True
                        break
                    vals[i].append(self._play(state, seat, legal[i], wseed))
                    spent += 1
                if out_of_time:  # a world played by some inputs only is dropped
                    done = min(len(vals[i]) for i in alive)
                    for i in alive:
                        del vals[i][done:]
                    break
                full += 1
            ranked = sorted(alive, key=lambda i: -sum(vals[i]) / len(vals[i]))
            keep = ranked[:max(1, len(alive) // 2)]
            alive = keep if h in keep else [*keep, h]
        self.last_playouts = spent
        best = max(alive, key=lambda i: sum(vals[i]))
        if best == h or not vals[h]:
            return legal[h]
        diffs = [a - b for a, b in zip(vals[best], vals[h], strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        if mean > 0 and mean > self.confidence * math.sqrt(var / n):
            return legal[best]
        return legal[h]
