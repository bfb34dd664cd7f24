"""Run by ``test_hash_seed.py`` in fresh interpreters with different ``PYTHONHASHSEED``s:
plays games of every registered game with every bot kind and prints one digest of all
their logs. A bot whose choice follows the iteration order of a set (or a float sum
taken in that order) gives another digest in another process — and a table resumed by
another worker would diverge from its seed."""

from __future__ import annotations

import hashlib
import json
import sys

from gamekit import registry

SEATS = 4
# search bots at a tiny budget over the first decisions: the order of their own sets
# and dicts is what is probed, not their strength
SEARCH = {"ismcts": {"iterations": 3}, "seam-ismcts": {"iterations": 3}}
SEARCH_EVENTS = 120


def digest(games_per_bot: int) -> str:
    """sha256 over the logs of ``games_per_bot`` whole games per game and plain bot,
    and one game's first ``SEARCH_EVENTS`` events per search bot."""
    h = hashlib.sha256()
    for game_id in sorted(registry.ids()):
        defn = registry.get(game_id)
        seats = [f"S{i}" for i in range(SEATS)]
        for name in sorted(defn.bot_names()):
            search = name in SEARCH
            for g in range(1 if search else games_per_bot):
                seed = f"hash-seed-{game_id}-{name}-{g}"
                events = defn.start(defn.ruleset(None), seats, {}, seed)
                state = defn.fold(events)
                bots = [defn.bot(name, **SEARCH.get(name, {})) for _ in seats]
                while not defn.finished(state) and not (search
                                                        and len(events) > SEARCH_EVENTS):
                    state, new = defn.play_bots(state, bots, seed, max_decisions=4)
                    if not new:
                        break
                    events.extend(new)
                h.update(f"{game_id}/{name}/{g}:".encode())
                h.update(json.dumps(events, sort_keys=True).encode())
    return h.hexdigest()


if __name__ == "__main__":
    print(digest(int(sys.argv[1]) if len(sys.argv) > 1 else 1))
