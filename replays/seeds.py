"""Secret seeds: every game's seed carries server-side randomness (docs/shuffle.md).

A game's engine seed (``Game.seed_secret``) is what ``kolkhoz-shuffle/1`` deals from;
its ``sha256`` is published in the ``game`` event and the seed itself is revealed by
``game_end``. So that nobody can recover it from that commitment while the game is
live, the server always mixes in at least :data:`SECRET_BITS` bits from
:mod:`secrets`:

* a stand-alone game: ``"{chosen}#{secret}"``, where ``chosen`` is the seed a client
  supplied (it still selects the deals, together with the secret) and ``secret`` is 32
  hex digits (128 bits); with no chosen seed, the secret alone;
* a tournament table: ``tournaments.seeds.table_seed`` (an HMAC of the tournament's
  own secret — 256 bits).

A secret is never logged, cached under a key, or written into an error body.
"""

from __future__ import annotations

import secrets

SECRET_BITS = 128
SEPARATOR = "#"


def new_secret() -> str:
    """A fresh secret: ``SECRET_BITS`` bits from the OS's CSPRNG as lowercase hex
    (32 characters)."""
    return secrets.token_hex(SECRET_BITS // 8)


def mix(chosen: str | None, secret: str) -> str:
    """The engine seed of a game from a client's ``chosen`` seed (or ``None``/``""``)
    and the server's ``secret``: ``"{chosen}#{secret}"``, or ``secret`` alone.

    Raises ``ValueError`` for an empty secret (a seed without server randomness could be
    recovered from its commitment)."""
    if not secret:
        raise ValueError("a game's seed needs a server-side secret")
    return f"{chosen}{SEPARATOR}{secret}" if chosen else secret
