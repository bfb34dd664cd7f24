"""What a tournament archive holds and how its seeds derive (standard library only): the
names of its files, the seed commitment and each table's game seed, re-implemented from
docs/shuffle.md ("A tournament") so that a verifier needs nothing but this package.

``commitment(seed, secret) = sha256(UTF-8(seed + "#" + secret))`` (hex), published when
the tournament was created; a table's game seed, scheme ``kolkhoz-table-seed/1``::

    HMAC-SHA256(key = UTF-8(secret),
                msg = UTF-8("kolkhoz-table-seed/1:" + seed + "/r" + round + "/t" + table))

as 64 lowercase hex digits (round and table 1-based decimals); the rounds of a tournament
dealt before secrets existed (before ``secret_from_round``, or every round when it has no
secret: scheme ``legacy``) used ``seed + "/r" + round + "/t" + table``. Every table of a
round of a *duplicate* tournament (docs/duplicate.md; the manifest's ``tournament``
says ``duplicate: true``) shares one seed, the same HMAC over
``"kolkhoz-table-seed/1:" + seed + "/r" + round + "/dup"``.
"""

from __future__ import annotations

import hashlib
import hmac

#: the archive's own format (manifest.json's ``format``); a change of what is inside
#: gets a new version, a field added keeps it
FORMAT = "kolkhoz-tournament-archive/1"
TABLE_SEED_SCHEME = "kolkhoz-table-seed/1"
LEGACY_SCHEME = "legacy"

MANIFEST = "manifest.json"
README = "README.txt"
STANDINGS_JSON = "standings.json"
STANDINGS_CSV = "standings.csv"
GAMES_DIR = "games"

COMMITMENT_FORMULA = 'sha256(UTF-8(seed + "#" + secret)), lowercase hex'
TABLE_SEED_FORMULA = (f'HMAC-SHA256(key = UTF-8(secret), msg = UTF-8("{TABLE_SEED_SCHEME}:" '
                      f'+ seed + "/r" + round + "/t" + table)), 64 lowercase hex digits')
LEGACY_SEED_FORMULA = 'seed + "/r" + round + "/t" + table'
DUPLICATE_SEED_FORMULA = (f'HMAC-SHA256(key = UTF-8(secret), msg = UTF-8("{TABLE_SEED_SCHEME}:" '
                          f'+ seed + "/r" + round + "/dup")), 64 lowercase hex digits: every '
                          'table of a duplicate round')


def commitment(seed: str, secret: str) -> str:
    """The tournament's published commitment: ``sha256(UTF-8(seed#secret))`` in hex."""
    return hashlib.sha256(f"{seed}#{secret}".encode()).hexdigest()


def table_seed_message(seed: str, round_no: int, table_no: int) -> str:
    """The HMAC message of a table's seed: ``kolkhoz-table-seed/1:{seed}/r{round}/t{table}``."""
    return f"{TABLE_SEED_SCHEME}:{seed}/r{round_no}/t{table_no}"


def table_seed(seed: str, secret: str, round_no: int, table_no: int) -> str:
    """The game seed of table ``table_no`` of round ``round_no`` (both 1-based): 64 hex
    digits (``kolkhoz-table-seed/1``). Raises ValueError without a secret."""
    if not secret:
        raise ValueError("a tournament's table seeds need its secret")
    message = table_seed_message(seed, round_no, table_no).encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def duplicate_seed_message(seed: str, round_no: int) -> str:
    """The HMAC message of a duplicate round's seed:
    ``kolkhoz-table-seed/1:{seed}/r{round}/dup``."""
    return f"{TABLE_SEED_SCHEME}:{seed}/r{round_no}/dup"


def duplicate_seed(seed: str, secret: str, round_no: int) -> str:
    """The game seed every table of round ``round_no`` of a duplicate tournament shares: 64
    hex digits. Raises ValueError without a secret."""
    if not secret:
        raise ValueError("a tournament's table seeds need its secret")
    message = duplicate_seed_message(seed, round_no).encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def legacy_table_seed(seed: str, round_no: int, table_no: int) -> str:
    """A table's seed in a round dealt before secrets existed: ``{seed}/r{round}/t{table}``."""
    return f"{seed}/r{round_no}/t{table_no}"


def expected_table_seed(seed: str, secret: str | None, secret_from_round: int, round_no: int,
                        table_no: int, duplicate: bool = False) -> tuple[str, str]:
    """The seed a table must have been dealt from and its scheme: ``kolkhoz-table-seed/1``
    from ``secret_from_round`` on (a duplicate tournament's round seed,
    :func:`duplicate_seed`, when ``duplicate``), ``legacy`` before it or without a
    secret."""
    if secret and round_no >= secret_from_round:
        if duplicate:
            return duplicate_seed(seed, secret, round_no), TABLE_SEED_SCHEME
        return table_seed(seed, secret, round_no, table_no), TABLE_SEED_SCHEME
    return legacy_table_seed(seed, round_no, table_no), LEGACY_SCHEME


def game_stem(round_no: int, table_no: int, width: int = 2) -> str:
    """A game's file name stem in the archive: ``games/r01-t02`` (numbers zero-padded to
    ``width`` digits so that names sort in round and table order)."""
    return f"{GAMES_DIR}/r{round_no:0{width}d}-t{table_no:0{width}d}"


def sha256_hex(data: bytes) -> str:
    """``sha256`` of ``data``, lowercase hex."""
    return hashlib.sha256(data).hexdigest()
