"""Bots by name and settings for a league (``run_league`` / ``run_season --bot-kinds``),
and the player names that keep their versions apart on the ladder.

A bot kind is written ``NAME[:SETTING=VALUE]...`` (``gamekit.bots.parse_bot_spec``):
``heuristic``, ``ismcts:iterations=300``. Its *identity* — name, version and settings
as the bot reports them (``gamekit.bots.identity``) — is recorded on its player
(``Player.bot_name``, ``bot_version``, ``bot_settings``), and the player's name carries
the name, the version and the settings given, so a new version of a bot, or the same
bot with other settings, is another player with its own rating on the ladder
(docs/bots.md "League identity").
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from gamekit.bots import parse_bot_spec

from . import games
from .errors import LeagueError

__all__ = ["BotKind", "bot_kinds_check", "player_name"]

#: Player.name holds 100 characters; a longer label is shortened with a digest.
NAME_LIMIT = 100


@dataclass(frozen=True)
class BotKind:
    """One bot kind of a league: ``spec`` as written, ``name``, the ``settings`` given,
    and the bot's ``identity`` (``{"name", "version", "settings"}``)."""

    spec: str
    name: str
    settings: dict[str, Any]
    identity: dict[str, Any]


def bot_kinds_check(game: str, text: str) -> list[BotKind]:
    """The comma-separated bot kinds of ``text`` for ``game``, each built once to read
    its identity. Raises LeagueError: ``unknown_bot`` (no such bot, or settings it
    refuses), ``bad_bot_kinds`` (nothing named, or a malformed setting)."""
    out: list[BotKind] = []
    for spec in (s.strip() for s in text.split(",")):
        if not spec:
            continue
        try:
            name, settings = parse_bot_spec(spec)
        except ValueError as e:
            raise LeagueError(str(e), code="bad_bot_kinds") from None
        bot = games.bot_check(game, name, settings)
        ident = {"name": bot.name, "version": str(bot.version),
                 "settings": json.loads(json.dumps(bot.settings, default=str))}
        out.append(BotKind(spec, name, settings, ident))
    if not out:
        raise LeagueError("name at least one bot (NAME[:SETTING=VALUE]...)",
                          code="bad_bot_kinds")
    return out


def player_name(kind: BotKind, number: int) -> str:
    """The league player's name for the ``number``-th bot of ``kind``:
    ``NAME-vVERSION[-SETTING=VALUE,...]-NUMBER`` (``heuristic-v1-3``,
    ``ismcts-v1-iterations=300-2``); settings given are sorted, and a name longer than
    ``NAME_LIMIT`` carries a digest of them instead."""
    base = f"{kind.name}-v{kind.identity['version']}"
    if kind.settings:
        given = ",".join(f"{k}={kind.settings[k]}" for k in sorted(kind.settings))
        label = f"{base}-{given}-{number}"
        if len(label) <= NAME_LIMIT:
            return label
        digest = hashlib.sha256(json.dumps(kind.settings, sort_keys=True).encode())
        return f"{base}-{digest.hexdigest()[:10]}-{number}"
    return f"{base}-{number}"
