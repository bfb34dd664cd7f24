"""No leaks: for every event type and every viewer, the API never returns a card that
viewer may not see, nor the seed before the end.

Given a bot game cut just after the first event of each type (a live game), when
each viewer (spectator, each seat by its token, another game's token) reads the
events (JSON and NDJSON), the frames and the game, then no card that is still
hidden from that viewer appears anywhere in the response.

The oracle is independent of the engine's redaction: a card is hidden from viewer
``v`` while it was dealt to another seat and has not since been played or revealed.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from replays import engine

from .helpers import PRESETS, bot_log, store

pytestmark = pytest.mark.django_db

CARD = re.compile(r"^(?:10|[A2-9JQK])[HDCS]$|^X$")
SEEDS = ["leak-seed-a", "leak-seed-b"]


def cards_in(obj: Any) -> set[str]:
    """Every card code anywhere in a JSON value (strings and object keys)."""
    found: set[str] = set()
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found.update(k for k in item if isinstance(k, str) and CARD.match(k))
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and CARD.match(item):
            found.add(item)
    return found


def hidden_from(events: list[dict[str, Any]], viewer: int | None) -> set[str]:
    """Cards dealt to a seat other than ``viewer`` and not yet played or revealed."""
    dealt: set[str] = set()
    public: set[str] = set()
    for event in events:
        t = event["type"]
        if t == "deal":
            for seat, hand in enumerate(event.get("hands") or []):
                if seat != viewer:
                    dealt.update(c for c in hand if isinstance(c, str))
        elif t in ("play", "revealed"):
            if isinstance(event.get("card"), str):
                public.add(event["card"])
        elif t == "trick":
            public.update(c for c in event.get("cards") or [] if isinstance(c, str))
    return dealt - public


def cut_points(log: list[dict[str, Any]]) -> dict[str, int]:
    """For each event type, the length of the log just after its first occurrence."""
    points: dict[str, int] = {}
    for i, event in enumerate(log):
        if event["type"] != engine.END_TYPE:
            points.setdefault(event["type"], i + 1)
    return points


def cases() -> list[tuple[str, str, str, int]]:
    out = []
    for preset in PRESETS:
        for seed in SEEDS:
            for etype, upto in cut_points(bot_log(preset, seed)).items():
                out.append((preset, seed, etype, upto))
    return out


def test_the_cases_cover_every_event_type_of_the_logs():
    covered = {etype for _, _, etype, _ in cases()}
    in_logs = {e["type"] for p in PRESETS for s in SEEDS for e in bot_log(p, s)}
    assert covered == in_logs - {engine.END_TYPE}
    assert {"game", "deal", "play"} <= covered


def _read_all(api, game_id: str, headers: dict[str, str]) -> list[tuple[str, Any]]:
    out = []
    r = api.get(f"/api/games/{game_id}/events/", **headers)
    assert r.status_code == 200
    out.append(("events", r.json()))
    r = api.get(f"/api/games/{game_id}/events/?format=ndjson", **headers)
    assert r.status_code == 200
    out.append(("ndjson", [json.loads(line) for line in
                           b"".join(r.streaming_content).decode().splitlines()]))
    r = api.get(f"/api/games/{game_id}/frames/", **headers)
    assert r.status_code == 200
    out.append(("frames", r.json()))
    r = api.get(f"/api/games/{game_id}/", **headers)
    out.append(("game", r.json()))
    r = api.get(f"/api/games/{game_id}/record/", **headers)
    assert r.status_code == 409  # no record of a live game
    return out


@pytest.mark.parametrize("preset,seed,etype,upto", cases(),
                         ids=[f"{p}-{s}-{t}" for p, s, t, _ in cases()])
def test_no_viewer_ever_sees_a_hidden_card(api, preset, seed, etype, upto):
    log = bot_log(preset, seed)[:upto]
    created = store(log, seed=seed)
    other = store(bot_log(preset, seed)[:2], seed="other")
    gid = str(created.game.pk)
    viewers: list[tuple[int | None, dict[str, str]]] = [(None, {})]
    viewers += [(s, {"HTTP_AUTHORIZATION": f"Bearer {t}"})
                for s, t in enumerate(created.seat_tokens)]
    viewers.append((None, {"HTTP_AUTHORIZATION": f"Bearer {other.seat_tokens[0]}"}))
    for viewer, headers in viewers:
        forbidden = hidden_from(log, viewer)
        for what, body in _read_all(api, gid, headers):
            leaked = cards_in(body) & forbidden
            assert not leaked, f"{what} for viewer {viewer} after {etype}: {sorted(leaked)}"
            assert seed not in json.dumps(body, ensure_ascii=False), f"seed leaked in {what}"
        # and what the API served is exactly the engine's redaction for that viewer
        served = api.get(f"/api/games/{gid}/events/", **headers).json()["events"]
        assert served == engine.redact(log, viewer, finished=False)


def test_a_finished_game_is_public_to_everyone(api):
    log = bot_log("kolkhoz", SEEDS[0])
    created = store(log, seed=SEEDS[0])
    gid = str(created.game.pk)
    spectator = api.get(f"/api/games/{gid}/events/").json()["events"]
    seat = api.get(f"/api/games/{gid}/events/",
                   HTTP_AUTHORIZATION=f"Bearer {created.seat_tokens[2]}").json()["events"]
    assert spectator == seat == log
    dealt = {c for e in log if e["type"] == "deal" for hand in e["hands"] for c in hand}
    assert dealt and dealt <= cards_in(spectator)


def test_the_oracle_catches_a_leaky_redaction(api, monkeypatch):
    """The leak check is not vacuous: with redaction switched off it finds the leak."""
    preset, seed = "kolkhoz", SEEDS[0]
    log = bot_log(preset, seed)
    upto = cut_points(log)["deal"]
    created = store(log[:upto], seed=seed)
    monkeypatch.setattr(engine, "redact", lambda events, viewer, finished, **_: list(events))
    body = api.get(f"/api/games/{created.game.pk}/events/").json()
    assert cards_in(body) & hidden_from(log[:upto], None)
