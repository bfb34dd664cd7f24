"""A tournament's seed material and each table's secret game seed (docs/shuffle.md).

The organiser chooses ``Tournament.seed`` (it selects the deals); the server adds
``Tournament.secret`` (128 random bits, from ``replays.seeds.new_secret``) and
publishes ``Tournament.seed_commitment = sha256(seed + "#" + secret)`` when the
tournament is created. Each table's game seed is

    HMAC-SHA256(key = secret, message = "kolkhoz-table-seed/1:{seed}/r{round}/t{table}")

as 64 lowercase hex digits. In a duplicate tournament (docs/duplicate.md) every table of
a round shares one game seed,

    HMAC-SHA256(key = secret, message = "kolkhoz-table-seed/1:{seed}/r{round}/dup")

(:func:`duplicate_seed`), so that its tables are dealt the same cards. A game's
``game_end`` reveals its own seed, from which neither the secret nor the seed of any
other table (any other round, in a duplicate tournament, whose round's games are sealed
until all of them are over: ``replays.sealing``) can be computed; the tournament's seed
and secret are served only once the tournament is finished, and then anyone can
re-derive every table's seed (and so every deal) with :func:`table_seed`
(:func:`duplicate_seed` for a duplicate tournament's rounds).

Bot-only benchmark and demo runs may pass an explicit secret (reproducible runs); a
tournament with an explicit secret never seats a person.
"""

from __future__ import annotations

import hashlib
import hmac

SCHEME = "kolkhoz-table-seed/1"


def material(seed: str, secret: str) -> str:
    """The tournament's seed material: ``"{seed}#{secret}"``."""
    return f"{seed}#{secret}"


def commitment(seed: str, secret: str) -> str:
    """``sha256`` (hex) of the seed material, published at creation."""
    return hashlib.sha256(material(seed, secret).encode("utf-8")).hexdigest()


def table_seed(seed: str, secret: str, round_no: int, table_no: int) -> str:
    """The game seed of table ``table_no`` (1-based) in round ``round_no`` (1-based):
    64 hex digits. Raises ``ValueError`` without a secret."""
    if not secret:
        raise ValueError("a tournament's table seeds need its secret")
    message = f"{SCHEME}:{seed}/r{round_no}/t{table_no}".encode()
    return hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


def duplicate_seed(seed: str, secret: str, round_no: int) -> str:
    """The game seed every table (and every board) of round ``round_no`` (1-based) of a
    duplicate tournament shares: 64 hex digits, the HMAC of the secret over
    ``"kolkhoz-table-seed/1:{seed}/r{round}/dup"`` (never equal to a table seed's
    message, which ends in ``/t{table}``). Raises ``ValueError`` without a secret."""
    if not secret:
        raise ValueError("a tournament's table seeds need its secret")
    message = f"{SCHEME}:{seed}/r{round_no}/dup".encode()
    return hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()
