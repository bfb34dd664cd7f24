"""The ismcts bot: single-observer information-set Monte Carlo tree search.

One search per decision, over the rest of the current year:

1. **Determinize** — each iteration deals the cards the seat cannot see, consistently
   with its view (``determinize.Determinizer``: the unseen pool, the voids others
   showed this year, the face-up cards they took into their hands by a swap, hidden
   cellar slots weighted towards the values cellars are seen to hide, hidden 36-card
   stacks).
2. **Select / expand** — one tree is shared by all determinizations (SO-ISMCTS,
   Cowling, Powley & Whitehouse 2012). A node's children are the actions taken from it
   by the seat to move; only those legal in the current determinization compete,
   with UCB1 using *availability* counts (how often a child was legal) in place of the
   parent's visits. Each node's value is from the point of view of the seat that made
   its move (every seat maximises its own share), so opponents are modelled as
   playing for themselves. Tree actions: cards to play, and the brigadier's
   assignment among a few candidate splits (complete a field, all on one field, each
   card to its own crop); the seat's own swap and trump decisions are searched at the
   root; other seats' swaps are played by the playout policy.
3. **Playout** — the lean ``YearSim`` plays to the end of the year's requisition with
   the ``heuristic`` playout policy (``rollout.rollout_*``: duck or win by exposure, keep
   the pocket card, greedy assignment, profitable swaps) or ``random``.
4. **Value** — the year's outcome in [0, 1] for each seat. ``value=plan`` (the
   default) looks past the year: the estimated chance of finishing first from the
   cellars the year leaves, for the years still to play (``plan_value``: cellar total
   and exposure against the others', fitted on games); ``linear``: its cellar total
   against the mean of the others'; ``margin``: its margin over the best other,
   squashed. In the last year, mostly the share of first place.

Settings (part of the bot's identity): ``iterations`` (the default budget, 1,000: 90 ms
of CPU a decision at p50 and 174 ms at p95 on the development machine, 1,600 panel
games under load, docs/bots.md; the search is then deterministic given the injected
generator), ``time_ms`` (a wall-clock budget
instead, not reproducible), ``policy`` (``heuristic`` | ``random`` playouts),
``exploration`` (the UCB constant), ``value`` (``plan``: the chance of finishing first
| ``linear``: cellar total against the others' mean | ``margin``: over the best other,
squashed), ``sampler`` (``seen``: hidden cards dealt from what the seat has seen |
``uniform``: the version-1 uniform deal of hidden cellar slots), ``prior`` (keep the heuristic
bot's choice unless the search rates another higher by this much, in the value's units:
default 0.02; 0 = off) and
``search`` (the decision kinds searched; the others are left to the heuristic).
The root's candidates for a swap or an assignment come from the
heuristic bot's scoring (its best few), so the search refines the heuristic rather
than wandering through hundreds of equivalent splits.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from itertools import product
from typing import Any

from ..cards import CARD_ID, CODE, SUIT, SUITS, WRECKER
from ..choices import Choices
from .assessment import Assessment
from .base import register
from .determinize import Determinizer
from .heuristic import (
    HeuristicBot,
    assignment_value,
    choose_play,
    choose_trump,
    swap_scores,
)
from .knowledge import Knowledge
from .rollout import greedy_assign, playout, rollout_step
from .sim import ASSIGN, DONE, PLAY, SWAP, TRUMP, YearSim

DEFAULT_ITERATIONS = 1000
DEFAULT_PRIOR = 0.02
VALUES = ("plan", "linear", "margin")
ROOT_ASSIGN_CANDIDATES = 6
ROOT_SWAP_CANDIDATES = 6

Action = Any  # a card (play), a tuple of fields (assign), (hand, cellar) | None (swap), suit


class Node:
    """A tree node: the move that led here, who made it, visits, value, availability."""

    __slots__ = ("player", "n", "w", "avail", "children")

    def __init__(self, player: int) -> None:
        self.player = player
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict[Action, Node] = {}


def assign_candidates(sim: YearSim) -> list[tuple[int, ...]]:
    """A few assignments of ``sim.trick`` from public information: the greedy one, all
    on one field, and each card to its own crop (where legal)."""
    trick = sim.trick
    targets = sim.targets()
    out = [greedy_assign(sim)]
    for f in targets:
        out.append(tuple(f for _ in trick))
    own = tuple(SUIT[c] if c != WRECKER and SUIT[c] in targets else out[0][i]
                for i, c in enumerate(trick))
    out.append(own)
    seen: set[tuple[int, ...]] = set()
    uniq = []
    for a in out:
        if a not in seen:
            seen.add(a)
            uniq.append(a)
    return uniq


def apply_action(sim: YearSim, a: Action) -> None:
    ph = sim.phase
    if ph == PLAY:
        sim.play(a)
    elif ph == ASSIGN:
        sim.assign(a)
    elif ph == SWAP:
        if a is None:
            sim.swap(None, None)
        else:
            sim.swap(a[0], a[1])
    elif ph == TRUMP:
        sim.choose_trump(a)


def search(det: Determinizer, root_actions: list[Action], me: int, rng: random.Random, *,
           iterations: int, time_ms: float | None, policy: str, exploration: float,
           value: str = "linear") -> dict[Action, Node]:
    """Run the search; returns the root's children (action -> node)."""
    root = Node(-1)
    deadline = None if time_ms is None else time.perf_counter() + time_ms / 1000.0
    it = 0
    log = math.log
    sqrt = math.sqrt
    while True:
        if deadline is not None:
            if time.perf_counter() >= deadline and it > 0:
                break
        elif it >= iterations:
            break
        it += 1
        sim = det.sample(rng)
        node = root
        path: list[Node] = []
        first = True
        actions: list[Action]
        while sim.phase != DONE:
            ph = sim.phase
            if first:
                actions = root_actions
                first = False
            elif ph == PLAY:
                actions = list(sim.legal_plays())
            elif ph == ASSIGN:
                actions = assign_candidates(sim)
            else:
                rollout_step(sim, rng, policy)  # other seats' swaps: the policy plays them
                continue
            player = sim.to_move
            children = node.children
            untried = [a for a in actions if a not in children]
            if untried:
                a = untried[rng.randrange(len(untried))]
                child = Node(player)
                children[a] = child
                for b in actions:
                    if b in children:
                        children[b].avail += 1
                apply_action(sim, a)
                path.append(child)
                break
            best_a = None
            best_u = -1.0
            for b in actions:
                ch = children[b]
                ch.avail += 1
                u = ch.w / ch.n + exploration * sqrt(log(ch.avail) / ch.n)
                if u > best_u:
                    best_u, best_a = u, b
            node = children[best_a]
            apply_action(sim, best_a)
            path.append(node)
        if sim.phase != DONE:
            playout(sim, rng, policy)
        r = (sim.rewards_plan() if value == "plan" else
             sim.rewards_linear() if value == "linear" else sim.rewards())
        for nd in path:
            nd.n += 1
            nd.w += r[nd.player]
    return root.children


@register("ismcts")
class IsmctsBot:
    """Information-set MCTS over the rest of the year (see the module docstring)."""

    name = "ismcts"
    #: 2: values a year's end for the rest of the Plan (value=plan) and deals hidden cards
    #: from what the seat has seen (sampler=seen: swaps, value odds of cellar cards)
    #: 3: a ``prior`` keeps the heuristic's choice when the search's favourite is a swap's
    #: pass too (version 2 let a pass overrule it at any margin); its defaults are 1,000
    #: iterations and prior 0.02 (version 2: 500 and 0), 0.400 against 3 × heuristic
    version = "3"

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, time_ms: float | None = None,
                 policy: str = "heuristic", exploration: float = 0.7,
                 search: str = "trump,swap,play,assign", value: str = "plan",
                 prior: float = DEFAULT_PRIOR, sampler: str = "seen") -> None:
        if policy not in ("heuristic", "random"):
            raise ValueError(f"policy must be 'heuristic' or 'random', not {policy!r}")
        if type(iterations) is not int or iterations < 1:
            raise ValueError("iterations must be a positive integer")
        if time_ms is not None and not (isinstance(time_ms, (int, float)) and time_ms > 0):
            raise ValueError("time_ms must be a positive number of milliseconds")
        self.iterations = iterations
        self.time_ms = time_ms
        self.policy = policy
        self.exploration = float(exploration)
        kinds = [x for x in search.split(",") if x]
        if any(x not in ("trump", "swap", "play", "assign") for x in kinds):
            raise ValueError("search lists decision kinds: trump, swap, play, assign")
        self.kinds = set(kinds)
        if value not in VALUES:
            raise ValueError(f"value must be one of {', '.join(VALUES)}, not {value!r}")
        if isinstance(prior, bool) or not isinstance(prior, (int, float)) or not prior >= 0:
            raise ValueError(f"prior must be a number >= 0 (0: off), not {prior!r}")
        if sampler not in ("seen", "uniform"):
            raise ValueError(f"sampler must be 'seen' or 'uniform', not {sampler!r}")
        self.sampler = sampler
        self._fallback = HeuristicBot()
        self.settings: dict[str, Any] = {"iterations": iterations, "time_ms": time_ms,
                                         "policy": policy, "exploration": self.exploration,
                                         "search": ",".join(kinds), "value": value,
                                         "prior": float(prior), "sampler": sampler}
        self.prior = float(prior)
        self.value = value

    def choose(self, view: Mapping[str, Any], choices: Choices,
               rng: random.Random) -> dict[str, Any]:
        kind, seat, opts = choices.kind, choices.seat, choices.options
        if kind == "trump" and choices.chance:
            raise ValueError("a random trump is drawn by chance, not by a bot")
        if kind == "play" and len(opts) == 1:
            return {"type": "play", "seat": seat, "card": opts[0]}
        if kind == "assign" and all(len(t) == 1 for t in opts.values()):
            return {"type": "assign", "seat": seat, "cards": {c: t[0] for c, t in opts.items()}}
        if kind == "swap" and len(opts) == 1:
            return {"type": "swap", "seat": seat, "pass": True}
        if kind not in self.kinds:
            out: dict[str, Any] = self._fallback.choose(view, choices, rng)
            return out
        k = Knowledge.from_view(view)
        root_actions, to_input, favourite = self._root(k, kind, seat, opts)
        if len(root_actions) == 1:
            first: dict[str, Any] = to_input(root_actions[0])
            return first
        det = Determinizer(k, cellar_prior=self.sampler == "seen")
        children = search(det, root_actions, k.seat, rng, iterations=self.iterations,
                          time_ms=self.time_ms, policy=self.policy,
                          exploration=self.exploration, value=self.value)
        # the most visited candidate (a swap's pass is the action None, so "searched"
        # is a flag of its own)
        best: Action = root_actions[0]
        searched = False
        best_key: tuple[int, float, int] = (-1, 0.0, 0)
        for i, a in enumerate(root_actions):
            ch = children.get(a)
            if ch is None:
                continue
            key = (ch.n, ch.w / ch.n, -i)
            if key > best_key:
                best_key, best, searched = key, a, True
        fav = children.get(favourite)
        if searched and fav is not None and self.prior > 0:
            bn = children[best]
            if bn.w / bn.n - fav.w / fav.n < self.prior:
                best = favourite  # the search is not sure enough to overrule the heuristic
        chosen: dict[str, Any] = to_input(best)
        return chosen

    def _root(self, k: Knowledge, kind: str | None, seat: int | None, opts: Any
              ) -> tuple[list[Action], Any, Action]:
        """The root's candidate actions, how to turn one back into an input, and the
        heuristic bot's choice among them."""
        a = Assessment(k)
        want_fav = self.prior > 0  # the heuristic's own choice matters only with a prior
        if kind == "play":
            cards = [CARD_ID[c] for c in opts]
            fav = CARD_ID[choose_play(k, a, opts)] if want_fav else None
            return cards, lambda x: {"type": "play", "seat": seat, "card": CODE[x]}, fav
        if kind == "trump":
            suits = [SUITS.index(s) for s in opts]
            fav = SUITS.index(choose_trump(k)) if want_fav else None
            return suits, lambda x: {"type": "trump", "seat": seat, "suit": SUITS[x]}, fav
        if kind == "assign":
            codes = list(opts)
            trick = [CARD_ID[c] for c in codes]
            targets = [[SUITS.index(t) for t in opts[c]] for c in codes]
            left = k.remaining_tricks() - 1
            scored = sorted(((assignment_value(k, a, trick, combo, left), combo)
                             for combo in product(*targets)), key=lambda x: -x[0])
            cands = [combo for _, combo in scored[:ROOT_ASSIGN_CANDIDATES]]

            def to_assign(x: tuple[int, ...]) -> dict[str, Any]:
                return {"type": "assign", "seat": seat,
                        "cards": {c: SUITS[f] for c, f in zip(codes, x, strict=True)}}
            return cands, to_assign, cands[0]
        if kind == "swap":
            scored_s = sorted(swap_scores(k, a, opts), key=lambda x: -x[0])
            cands_s: list[Action] = [None]
            top = scored_s[0] if scored_s else (0.0, None)
            fav_s = None if top[1] is None or top[0] <= 0.5 else (CARD_ID[top[1][0]],
                                                                   CARD_ID[top[1][1]])
            for _, o in scored_s:
                if o is not None and len(cands_s) < ROOT_SWAP_CANDIDATES:
                    cands_s.append((CARD_ID[o[0]], CARD_ID[o[1]]))

            def to_swap(x: tuple[int, int] | None) -> dict[str, Any]:
                if x is None:
                    return {"type": "swap", "seat": seat, "pass": True}
                return {"type": "swap", "seat": seat, "hand": CODE[x[0]], "cellar": CODE[x[1]]}
            if fav_s is not None and fav_s not in cands_s:
                cands_s.append(fav_s)
            return cands_s, to_swap, fav_s
        raise ValueError(f"nothing for a bot to decide ({kind!r})")
