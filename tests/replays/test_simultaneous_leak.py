"""Secret choices stay secret until the reveal, by every route (issue 13).

Given the fake simultaneous game cut after each secret choice (before its reveal) /
when every viewer — the spectator, each seat by its token, another game's token — reads
everything the API serves about it (events JSON and NDJSON, frames, the game, the live
state, the legal inputs, the stream, a refused command's error body, the ETag) / then no
viewer learns another seat's number: not in a payload, and not by testing the few
possible numbers against a hash the API serves.

The hash route is real for Kolkhoz too: a buried (``swap``) or pocketed card is hidden,
but the chain hash after it covers it whole; served while live, the card could be found
by trying each of the 36. So a live game's API shows only an opaque head tag
(``selectors.head_hash_public``); the chain hash is published at the end.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamekit import registry
from replays import chain, engine
from replays.models import Game
from replays.services import game_append, game_create
from tests.core.fake_game import OddOneOut

from .helpers import bot_log, store

pytestmark = pytest.mark.django_db
SEATS = ["Anya", "Boris", "Vera"]
CARDS = [f"{r}{s}" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
         for s in "HDCS"] + ["X"]


@pytest.fixture
def oddoneout():
    with registry.registered(OddOneOut()):
        yield


def _fake_log(seed: str) -> list[dict[str, Any]]:
    return engine.play_bot_game(preset=None, seats=SEATS, seed=seed, game="oddoneout")


def _secret_cuts(log: list[dict[str, Any]]) -> list[int]:
    """Log lengths just after each choose whose round is not yet revealed."""
    return [i + 1 for i, e in enumerate(log) if e["type"] == "choose"]


def _numbers_seen(body: Any, viewer: int | None) -> list[str]:
    """Every place a body shows another seat's chosen number (the leak oracle)."""
    found = []
    stack = [body]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if (item.get("type") == "choose" and item.get("seat") != viewer
                    and item.get("number") is not None):
                found.append(f"choose of seat {item.get('seat')}")
            if "mine" in item and item.get("viewer") != viewer:
                found.append(f"a view of seat {item.get('viewer')}")
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def _reads(api, gid: str, headers: dict[str, str], seat: int | None) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for what, url in (("events", f"/api/games/{gid}/events/"),
                      ("frames", f"/api/games/{gid}/frames/"),
                      ("game", f"/api/games/{gid}/"),
                      ("state", f"/api/games/{gid}/state/")):
        r = api.get(url, **headers)
        assert r.status_code == 200, (what, r.status_code)
        out.append((what, r.json()))
        out.append((f"{what} etag", r.headers.get("ETag")))
    r = api.get(f"/api/games/{gid}/events/?format=ndjson", **headers)
    out.append(("ndjson", [json.loads(x) for x in
                           b"".join(r.streaming_content).decode().splitlines()]))
    r = api.get(f"/api/games/{gid}/stream/?after=-1&wait=0", **headers)
    assert r.status_code == 200
    out.append(("stream", [json.loads(x) for x in r.content.decode().splitlines()]))
    if seat is not None:
        out.append(("legal", api.get(f"/api/games/{gid}/legal/", **headers).json()))
    return out


def _hash_guesses(prev_tag: str, redacted: dict[str, Any], field: str,
                  candidates: list[Any], served: str) -> list[Any]:
    """The candidates for a hidden ``field`` whose chain link gives the served hash."""
    return [c for c in candidates if chain.link(prev_tag, {**redacted, field: c}) == served]


@pytest.mark.usefixtures("oddoneout")
@pytest.mark.parametrize("seed", ["odd-leak-a", "odd-leak-b"])
def test_no_viewer_learns_another_seats_choice_before_the_reveal(api, seed):
    log = _fake_log(seed)
    cuts = _secret_cuts(log)
    assert len(cuts) == 6  # three choices a round, two rounds
    other = game_create(events=log[:1], seed="other", game="oddoneout")
    for upto in cuts:
        created = game_create(events=log[:upto - 1], seed=seed, game="oddoneout")
        gid = str(created.game.pk)
        before = api.get(f"/api/games/{gid}/").json()["head_hash"]
        game_append(game=created.game, expected_seq=upto - 1, events=[log[upto - 1]])
        secret = log[upto - 1]
        viewers: list[tuple[int | None, dict[str, str]]] = [(None, {})]
        viewers += [(s, {"HTTP_AUTHORIZATION": f"Bearer {t}"})
                    for s, t in enumerate(created.seat_tokens)]
        viewers.append((None, {"HTTP_AUTHORIZATION": f"Bearer {other.seat_tokens[0]}"}))
        for viewer, headers in viewers:
            for what, body in _reads(api, gid, headers, viewer):
                assert not _numbers_seen(body, viewer), (upto, viewer, what)
                assert seed not in json.dumps(body), (upto, viewer, what, "seed")
            # a refused command's error body tells nothing either
            if viewer is not None and viewer != secret["seat"]:
                r = api.post(f"/api/games/{gid}/commands/", {
                    "expected_seq": 0,
                    "input": {"type": "choose", "seat": viewer, "number": 9}},
                    format="json", **headers)
                assert r.status_code in (409, 422)
                assert not _numbers_seen(r.json(), viewer)
                assert "number" not in json.dumps(r.json())
        # and the numbers cannot be guessed against the served head
        served = api.get(f"/api/games/{gid}/").json()["head_hash"]
        redacted = engine.redact([secret], None, finished=False, game="oddoneout")[0]
        assert _hash_guesses(before, redacted, "number", [1, 2, 3], served) == []
        # the chosen seat itself sees its own number
        own = api.get(f"/api/games/{gid}/events/",
                      HTTP_AUTHORIZATION=f"Bearer {created.seat_tokens[secret['seat']]}").json()
        assert own["events"][-1]["number"] == secret["number"]


@pytest.mark.usefixtures("oddoneout")
def test_after_the_reveal_and_at_the_end_everyone_sees_the_choices(api):
    log = _fake_log("odd-open")
    reveal = next(i for i, e in enumerate(log) if e["type"] == "reveal")
    created = game_create(events=log[:reveal + 1], seed="odd-open", game="oddoneout")
    body = api.get(f"/api/games/{created.game.pk}/events/").json()
    assert body["events"][reveal]["numbers"] == log[reveal]["numbers"]
    done = game_create(events=log, seed="odd-open", game="oddoneout")
    assert api.get(f"/api/games/{done.game.pk}/events/").json()["events"] == log
    game = Game.objects.get(pk=done.game.pk)
    assert api.get(f"/api/games/{game.pk}/").json()["head_hash"] == game.head_hash


def test_a_kolkhoz_buried_or_pocketed_card_cannot_be_found_from_the_served_hash(api):
    """The attacker: watch a live game's head, then try each card for the hidden one."""
    log = bot_log("kolkhoz", "hash-attack")
    secret_at = [i for i, e in enumerate(log)
                 if (e["type"] == "swap" and not e.get("pass")) or e["type"] == "pocket"]
    assert secret_at, "the game has a hidden swap or pocket"
    for i in secret_at[:3]:
        created = store(log[:i], seed="hash-attack")
        gid = str(created.game.pk)
        before = api.get(f"/api/games/{gid}/").json()["head_hash"]
        game_append(game=created.game, expected_seq=i, events=[log[i]])
        served = api.get(f"/api/games/{gid}/").json()["head_hash"]
        redacted = engine.redact([log[i]], None, finished=False)[0]
        field = "card" if log[i]["type"] == "pocket" else "hand"
        assert redacted[field] is None  # it is hidden from the spectator
        assert _hash_guesses(before, redacted, field, CARDS, served) == []
        # the oracle is not vacuous: against the real chain hashes (what a live game's
        # API served before) the hidden card is found at once
        game = Game.objects.get(pk=created.game.pk)
        if {k for k in log[i] if redacted[k] != log[i][k]} == {field}:
            found = _hash_guesses(chain.hashes(log[:i])[-1], redacted, field, CARDS,
                                  game.head_hash)
            assert found == [log[i][field]]
