"""The bot protocol every game's bots follow, and a registry of bots by name.

A bot receives only its seat's view, the game's compact legal choices for that seat and
an injected ``random.Random``; it returns one input. It never sees the full state. Its
identity — name, version, settings — is recorded with the game. Each game keeps its own
``BotRegistry`` (bot names are per game).
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, Mapping
from hashlib import sha512
from typing import Any, Generic, Protocol, TypeVar

from .tools import name_values

C_contra = TypeVar("C_contra", contravariant=True)
C = TypeVar("C")


class Bot(Protocol[C_contra]):
    """``choose(view, choices, rng) -> input``: one legal input for the seat whose view
    and choices it is given (``C_contra``: the game's compact choices type)."""

    name: str
    version: str
    settings: dict[str, Any]

    def choose(self, view: Mapping[str, Any], choices: C_contra,
               rng: random.Random) -> dict[str, Any]: ...


class BotRegistry(Generic[C]):
    """One game's bots by name: ``register(name)`` decorates a factory (a class),
    ``get(name, **settings)`` builds one."""

    def __init__(self) -> None:
        self._factories: dict[str, Callable[..., Bot[C]]] = {}

    def register(self, name: str) -> Callable[[Callable[..., Bot[C]]], Callable[..., Bot[C]]]:
        """Class decorator: make a bot available to ``get(name)``."""
        def deco(factory: Callable[..., Bot[C]]) -> Callable[..., Bot[C]]:
            self._factories[name] = factory
            return factory
        return deco

    def get(self, name: str, **settings: Any) -> Bot[C]:
        """A bot by registered name with its settings. Raises KeyError (listing the
        names) for an unknown name; the factory's own error for bad settings."""
        try:
            factory = self._factories[name]
        except KeyError:
            raise KeyError(f"unknown bot {name!r}; bots: {', '.join(self.names())}") from None
        return factory(**settings)

    def names(self) -> list[str]:
        """Registered bot names, sorted."""
        return sorted(self._factories)


def identity(bot: Bot[Any]) -> dict[str, Any]:
    """``{"name", "version", "settings"}`` — how a bot is recorded with a game."""
    return {"name": bot.name, "version": bot.version, "settings": dict(bot.settings)}


def bot_rng(game_id: str, seed: str, seat: int, seq: int) -> random.Random:
    """The one seeding scheme of every bot decision on the platform: the bot (or the
    autopilot) deciding for ``seat`` at log position ``seq`` (the number of events before
    the decision) of a game of ``game_id`` seeded ``seed`` draws from
    ``random.Random(f"{game_id}-bot/seq:{seed}:{seat}:{seq}")``.

    Everything a bot does is therefore fixed by the game's secret seed, the seat and the
    position: a game interrupted and resumed (a worker killed, a task redelivered) plays
    on identically, and it does not matter whether the other seats are bots or people,
    nor whether the moves were batched or appended one at a time (docs/seam.md).

    The generator is seeded at its first use (``SeededOnUse``): seeding a Mersenne
    Twister costs ≈ 7 µs, and a decision with one legal input draws nothing."""
    return SeededOnUse(f"{game_id}-bot/seq:{seed}:{seat}:{seq}")


class SeededOnUse(random.Random):
    """``random.Random(seed_text)`` whose seeding waits for its first use: every draw,
    ``getstate``, ``setstate``, ``seed`` and pickling first seed it from ``seed_text``
    exactly as ``random.Random(seed_text)`` would and turn it into a plain
    ``random.Random`` — so it draws the same numbers, and afterwards costs nothing extra.
    (Every draw of ``random.Random`` goes through ``random()`` or ``getrandbits()``.)"""

    def __init__(self, seed_text: str = "") -> None:  # no super().__init__: not seeded yet
        self._seed_text = seed_text
        self.gauss_next = None  # as random.Random.__init__ leaves it (``gauss`` reads it first)

    def _seed_now(self) -> None:
        # a no-op once seeded: a method bound before the seeding (``shuffle`` binds
        # ``getrandbits`` once) still lands here afterwards
        text = self.__dict__.pop("_seed_text", None)
        if text is not None:
            self.__class__ = random.Random  # type: ignore[assignment]
            # what random.Random.seed(text) does (version 2: the text's bytes followed by
            # their SHA-512, as one big integer), without its Python-level dispatch
            a = text.encode()
            _random.Random.seed(self, int.from_bytes(a + sha512(a).digest(), "big"))
            self.gauss_next = None

    def random(self) -> float:
        SeededOnUse._seed_now(self)
        return random.Random.random(self)

    def getrandbits(self, k: int, /) -> int:
        SeededOnUse._seed_now(self)
        return random.Random.getrandbits(self, k)

    def getstate(self) -> Any:
        SeededOnUse._seed_now(self)
        return random.Random.getstate(self)

    def setstate(self, state: Any) -> None:
        SeededOnUse._seed_now(self)
        random.Random.setstate(self, state)

    def seed(self, a: Any = None, version: int = 2) -> None:
        if "_seed_text" not in self.__dict__:  # random.Random.__init__ of a subclass
            random.Random.seed(self, a, version)
            return
        SeededOnUse._seed_now(self)
        random.Random.seed(self, a, version)

    def __reduce__(self) -> Any:
        SeededOnUse._seed_now(self)
        return random.Random.__reduce__(self)


def parse_bot_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """A bot named with its settings in one word, ``NAME[:SETTING=VALUE]...`` (e.g.
    ``ismcts:iterations=300:policy=random``), as ``(name, settings)``; a value is JSON
    when it parses (``300``, ``0.7``, ``true``), else the string. The colon keeps a spec
    free of commas, so specs can be listed comma-separated (``run_league --bot-kinds``).
    Raises ValueError for an empty name or a setting without ``=`` or a name."""
    name, *pairs = spec.strip().split(":")
    if not name:
        raise ValueError(f"a bot is NAME[:SETTING=VALUE]..., not {spec!r}")
    for pair in pairs:
        key, sep, _ = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"a bot setting is SETTING=VALUE, not {pair!r} (in {spec!r})")
    return name, name_values(pairs)


def identity_label(ident: Mapping[str, Any]) -> str:
    """A short readable label of an identity: ``NAME v VERSION`` and the settings,
    ``ismcts v1 (iterations=300)`` — what tells two versions of a bot apart."""
    settings = ident.get("settings") or {}
    extra = ", ".join(f"{k}={v}" for k, v in sorted(settings.items()) if v is not None)
    return f"{ident['name']} v{ident['version']}" + (f" ({extra})" if extra else "")
