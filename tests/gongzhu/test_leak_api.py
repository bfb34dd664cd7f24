"""No leaks in Gong Zhu: for every event type and every viewer, the API never returns a
card that viewer may not see, a pass it may not know, nor the seed before the end
(RECORD_FORMAT.md "Visibility": round.deal, pass.when, pass.exchange).

Given a bot game with passing and exposing cut just after the first event of each type
in round 1 and again in round 2 (a live game), when each viewer (spectator, each seat
by its token, another game's token) reads the events (JSON and NDJSON), the frames, the
game and the stream, then no card still hidden from that viewer appears anywhere.

The oracle is independent of the engine's redaction: a card is hidden from viewer ``v``
while it was dealt to another seat and has not since been played, exposed or passed to
``v``.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from replays import engine
from replays.services import game_create
from tests.replays.test_leak import cards_in

from .play import hidden_from

pytestmark = pytest.mark.django_db

GAME = "gongzhu"
SEATS = ["Ann", "Bo", "Chen", "Dai"]
RULESETS = {
    "pass-expose": {"preset": "exposing", "options": {"passing": True, "end_score": -150,
                                                      "pass_to": "cycle"}},
    "standard": {"options": {"end_score": -150}},
}
SEEDS = ["gz-leak-a", "gz-leak-b"]


@functools.cache
def _log(ruleset: str, seed: str) -> tuple[Any, ...]:
    defn = engine.definition(None, GAME)
    events = defn.start(defn.ruleset(RULESETS[ruleset]), SEATS, {"first_dealer": None}, seed)
    bots = [defn.bot("random") for _ in SEATS]
    state = defn.fold(events)
    while not defn.finished(state):
        state, new = defn.play_bots(state, bots, seed)
        events.extend(new)
    return tuple(events)


def log_of(ruleset: str, seed: str) -> list[dict[str, Any]]:
    return json.loads(json.dumps(list(_log(ruleset, seed))))


def cut_points(log: list[dict[str, Any]]) -> dict[str, int]:
    """For each event type and round (1, 2), the log length just after its first event."""
    points: dict[str, int] = {}
    rnd = 0
    for i, e in enumerate(log):
        if e["type"] == "round":
            rnd = e["round"]
        if e["type"] != "game_end" and rnd <= 2:
            points.setdefault(f"{e['type']}@{rnd}", i + 1)
    return points


def cases() -> list[tuple[str, str, str, int]]:
    return [(rs, seed, etype, upto) for rs in RULESETS for seed in SEEDS
            for etype, upto in cut_points(log_of(rs, seed)).items()]


def test_the_cases_cover_every_event_type():
    covered = {etype.split("@")[0] for _, _, etype, _ in cases()}
    assert covered == {"game", "round", "deal", "pass", "exchange", "expose", "play",
                       "trick", "round_end"}


def _read_all(api, game_id: str, headers: dict[str, str]) -> list[tuple[str, Any]]:
    out = []
    for what, url in [("events", f"/api/games/{game_id}/events/"),
                      ("frames", f"/api/games/{game_id}/frames/"),
                      ("game", f"/api/games/{game_id}/"),
                      ("explain", f"/api/games/{game_id}/explain/"),
                      ("legal", f"/api/games/{game_id}/legal/"),
                      ("state", f"/api/games/{game_id}/state/")]:
        r = api.get(url, **headers)
        if r.status_code == 200:
            out.append((what, r.json()))
    r = api.get(f"/api/games/{game_id}/events/?format=ndjson", **headers)
    assert r.status_code == 200
    out.append(("ndjson", [json.loads(line) for line in
                           b"".join(r.streaming_content).decode().splitlines()]))
    assert api.get(f"/api/games/{game_id}/record/", **headers).status_code == 409
    return out


@pytest.mark.parametrize("ruleset,seed,etype,upto", cases(),
                         ids=[f"{r}-{s}-{t}" for r, s, t, _ in cases()])
def test_no_viewer_ever_sees_a_hidden_card_or_pass(api, ruleset, seed, etype, upto):
    log = log_of(ruleset, seed)[:upto]
    created = game_create(events=log, seed=seed, game=GAME)
    other = game_create(events=log_of(ruleset, seed)[:2], seed="other", game=GAME)
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
        served = api.get(f"/api/games/{gid}/events/", **headers).json()["events"]
        assert served == engine.redact(log, viewer, finished=False, game=GAME)


def test_the_oracle_catches_a_leaky_redaction(api, monkeypatch):
    """The check is not vacuous: with redaction switched off it finds the leak."""
    log = log_of("pass-expose", SEEDS[0])
    upto = cut_points(log)["pass@1"]
    created = game_create(events=log[:upto], seed=SEEDS[0], game=GAME)
    monkeypatch.setattr(engine, "redact", lambda events, viewer, finished, **_: list(events))
    body = api.get(f"/api/games/{created.game.pk}/events/").json()
    assert cards_in(body) & hidden_from(log[:upto], None)
