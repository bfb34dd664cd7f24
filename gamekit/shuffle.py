"""The generic part of every game's seeded shuffle: a keyed-hash word stream per label,
unbiased ``below(n)`` and Fisher–Yates (docs/shuffle.md).

* Stream. For a label (an ASCII string naming the draw), block ``k`` (k = 0, 1, …) is
  ``HMAC-SHA256(key = UTF-8(seed), msg = UTF-8(version + ":" + label + ":" + str(k)))``
  where ``version`` names the game's shuffle (``kolkhoz-shuffle/1``). Each 32-byte
  block is read as eight big-endian unsigned 32-bit words, in order.
* ``below(n)``: ``limit = 2**32 - (2**32 % n)``; take the next word ``w`` until
  ``w < limit``; return ``w % n``.
* Fisher–Yates: for ``i`` from ``len(a) - 1`` down to 1: ``j = below(i + 1)``; swap
  ``a[i]`` and ``a[j]``.

What a game draws, under which labels and from which ordering of its cards is the
game's own (e.g. ``kolkhoz_core/shuffle.py``).
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Iterator
from typing import TypeVar

T = TypeVar("T")


def seed_commitment(seed: str) -> str:
    """``sha256(UTF-8(seed))`` in lowercase hex — the commitment a game publishes before
    its first chance outcome and checks when it reveals the seed."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


class SeedStream:
    """The keyed-hash counter-mode word stream for one (seed, label) of the shuffle
    named ``version`` (e.g. ``"kolkhoz-shuffle/1"``)."""

    def __init__(self, seed: str, label: str, *, version: str) -> None:
        self._key = seed.encode("utf-8")
        self._prefix = f"{version}:{label}:"
        self._words = self._gen()

    def _gen(self) -> Iterator[int]:
        k = 0
        while True:
            msg = (self._prefix + str(k)).encode("utf-8")
            block = hmac.digest(self._key, msg, "sha256")  # HMAC-SHA256, the one-shot form
            yield from struct.unpack(">8I", block)
            k += 1

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``; ``n`` from 1 to 2**32 (ValueError below 1)."""
        if n < 1:
            raise ValueError("below(n) needs n >= 1")
        limit = 2**32 - (2**32 % n)
        while True:
            w = next(self._words)
            if w < limit:
                return w % n

    def shuffle(self, items: list[T]) -> list[T]:
        """Fisher–Yates over a copy of ``items``; returns the shuffled copy."""
        a = list(items)
        words = self._words
        for i in range(len(a) - 1, 0, -1):  # j = below(i + 1), inlined
            n = i + 1
            limit = 4294967296 - (4294967296 % n)
            w = next(words)
            while w >= limit:
                w = next(words)
            j = w % n
            a[i], a[j] = a[j], a[i]
        return a
