"""No leaks in Korova (RECORD_FORMAT.md "Visibility"; turn.choose, tactical.open): for
every event type and every viewer — and above all with choices made and not yet
revealed — no route (events JSON and NDJSON, frames, state, game, explanations, legal
inputs, the stream) gives a viewer another seat's hand or face-down card, nor the seed,
before it may know it.

Given base and tactical bot games cut just after the first event of each type, and after
1 … n − 1 of a turn's choices / when each viewer reads every route / then no card still
hidden from that viewer appears (an oracle independent of the engine: a base-game card
dealt to another seat is hidden until revealed), no other seat's ``choose`` carries its
card, and what the API serves is exactly the engine's redaction.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from replays import engine
from replays.services import game_create
from tests.replays.test_leak import cards_in as _codes  # noqa: F401 - same idea, ints here

pytestmark = pytest.mark.django_db

GAME = "korova"
RULESETS = {"base-5": ({"preset": "base", "options": {"threshold": 20}}, 5),
            "tactical-3": ({"preset": "tactical", "options": {"threshold": 15}}, 3)}
SEED = "kv-leak"


@functools.cache
def _log(name: str) -> tuple[Any, ...]:
    spec, n = RULESETS[name]
    defn = engine.definition(None, GAME)
    events = defn.start(defn.ruleset(spec), [f"P{i}" for i in range(n)], {}, SEED)
    bots = [defn.bot("random") for _ in range(n)]
    state = defn.fold(events)
    while not defn.finished(state):
        state, new = defn.play_bots(state, bots, SEED)
        events.extend(new)
    return tuple(events)


def log_of(name: str) -> list[dict[str, Any]]:
    return json.loads(json.dumps(list(_log(name))))


def hidden_from(events: list[dict[str, Any]], viewer: int | None) -> set[int]:
    """Base game: cards dealt to another seat and not revealed since."""
    dealt: set[int] = set()
    public: set[int] = set()
    for e in events:
        if e["type"] == "deal":
            for seat, hand in enumerate(e["hands"]):
                if seat != viewer:
                    dealt |= set(hand)
        elif e["type"] == "reveal":
            public |= set(e["cards"])
    return dealt - public


def ints_in(obj: Any, key: str | None = None) -> set[int]:
    """Every integer anywhere in a JSON value except seq/round/turn/counts fields."""
    skip = {"seq", "round", "turn", "rounds", "threshold", "length", "penalty", "seat",
            "viewer", "row", "first", "head_seq", "picks", "next", "heads"}
    found: set[int] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k not in skip and k not in ("scores", "penalties", "places", "hand_counts",
                                           "row_heads", "history", "order", "may_act"):
                found |= ints_in(v, k)
    elif isinstance(obj, list):
        for v in obj:
            found |= ints_in(v, key)
    elif type(obj) is int:
        found.add(obj)
    return found


def other_choices_with_cards(obj: Any, viewer: int | None) -> list[Any]:
    """``choose`` events of another seat that carry their card."""
    out = []
    if isinstance(obj, dict):
        if obj.get("type") == "choose" and obj.get("seat") != viewer and "card" in obj:
            out.append(obj)
        for v in obj.values():
            out += other_choices_with_cards(v, viewer)
    elif isinstance(obj, list):
        for v in obj:
            out += other_choices_with_cards(v, viewer)
    return out


def cut_points(log: list[dict[str, Any]]) -> dict[str, int]:
    points: dict[str, int] = {}
    chooses = 0
    for i, e in enumerate(log):
        if e["type"] == "game_end":
            break
        points.setdefault(e["type"], i + 1)
        if e["type"] == "choose":
            chooses += 1
            points.setdefault(f"choose#{chooses}", i + 1)  # turn 1: 1 … n choices in
        elif e["type"] == "reveal":
            chooses = 10**6  # only the first turn's partial choices
    return points


def cases() -> list[tuple[str, str, int]]:
    return [(name, what, upto) for name in RULESETS
            for what, upto in cut_points(log_of(name)).items()]


def test_the_cases_cover_every_event_type_and_open_choices():
    kinds = {what.split("#")[0] for _, what, _ in cases()}
    assert {"game", "round", "deal", "rows", "turn", "choose", "reveal", "place",
            "draft", "pick", "round_end"} <= kinds
    assert any(w == "choose#2" for _, w, _ in cases())


def _read_all(api, gid: str, headers: dict[str, str]) -> list[tuple[str, Any]]:
    out = []
    for what, url in [("events", f"/api/games/{gid}/events/"),
                      ("frames", f"/api/games/{gid}/frames/"),
                      ("game", f"/api/games/{gid}/"), ("state", f"/api/games/{gid}/state/"),
                      ("explain", f"/api/games/{gid}/explain/"),
                      ("legal", f"/api/games/{gid}/legal/")]:
        r = api.get(url, **headers)
        if r.status_code == 200:
            out.append((what, r.json()))
    for url in (f"/api/games/{gid}/events/?format=ndjson", f"/api/games/{gid}/stream/?after=-1"):
        r = api.get(url, HTTP_ACCEPT="application/x-ndjson", **headers)
        if r.status_code == 200:
            body = b"".join(r.streaming_content) if r.streaming else r.content
            out.append((url, [json.loads(x) for x in body.decode().splitlines() if x.strip()]))
    return out


@pytest.mark.parametrize("name,what,upto", cases(), ids=[f"{n}-{w}" for n, w, _ in cases()])
def test_no_viewer_sees_a_hand_or_a_face_down_card_it_may_not(api, name, what, upto):
    log = log_of(name)[:upto]
    n = len(log[0]["seats"])
    created = game_create(events=log, seed=SEED, game=GAME)
    gid = str(created.game.pk)
    viewers: list[tuple[int | None, dict[str, str]]] = [(None, {})]
    viewers += [(s, {"HTTP_AUTHORIZATION": f"Bearer {t}"})
                for s, t in enumerate(created.seat_tokens)]
    tactical = RULESETS[name][0]["preset"] == "tactical"
    for viewer, headers in viewers:
        forbidden = set() if tactical else hidden_from(log, viewer)
        for route, body in _read_all(api, gid, headers):
            leaked = ints_in(body) & forbidden
            assert not leaked, f"{route} for viewer {viewer} after {what}: {sorted(leaked)}"
            assert not other_choices_with_cards(body, viewer), (route, viewer, what)
            assert SEED not in json.dumps(body), f"seed in {route}"
            if route == "state" and isinstance(body, dict):
                view = body.get("state", body)
                mine = view.get("my_choice") if isinstance(view, dict) else None
                chosen = {e["seat"]: e["card"] for e in log if e["type"] == "choose"}
                if mine is not None:
                    assert viewer is not None and chosen.get(viewer) == mine
        served = api.get(f"/api/games/{gid}/events/", **headers).json()["events"]
        assert served == engine.redact(log, viewer, finished=False, game=GAME)
    assert n >= 3


def test_the_oracle_catches_a_leaky_redaction(api, monkeypatch):
    log = log_of("base-5")
    upto = cut_points(log)["choose#2"]
    created = game_create(events=log[:upto], seed=SEED, game=GAME)
    monkeypatch.setattr(engine, "redact", lambda events, viewer, finished, **_: list(events))
    body = api.get(f"/api/games/{created.game.pk}/events/").json()
    assert ints_in(body) & hidden_from(log[:upto], None)
    assert other_choices_with_cards(body, None)
