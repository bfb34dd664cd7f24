"""No leaks in Arne Total on the platform (RECORD_FORMAT.md "Visibility"): for every event
type and every viewer, no route a viewer can read gives it a card hidden from it, nor the
seed, before the game's end.

Given random games cut just after the first event of every event type and kind
(``cuts.LABELS``: Plus Two's give / gave for score cards and for black cards, a Grab with
a card and with an empty hand, Pass Hands, Swap Seats, a thief on the discard pile and
on a chameleon pile, …) — each label in the game that reaches it first, and the events
that move hidden cards in every game that reaches them — / when each viewer (a
spectator, each seat by its token, another game's token) reads every route (events as
JSON, NDJSON and after a seq; the stream as NDJSON and server-sent events; frames, also
from every perspective; the game; the state; the explanations, whole and of single
events; the legal inputs; the record, the verification and the evidence; the game list;
the replay and play pages) / then no card hidden from that viewer appears in any body —
hidden as an oracle independent of the engine's redaction works it out
(``tracker.Table.hidden_from``: a card in the deck or in another seat's hand that the
viewer never held and that never lay face up) — the seed never appears, the events
served are exactly the engine's redaction (``arne_core.views.redact_event``), and each
seat's state shows its own hand and, after Pass Hands, the hand it passed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from arne_core.views import redact_event
from replays import engine
from replays.services import game_create
from tests.leak_audit_routes import viewers

from .cuts import GAMES, LABELS, labels_of, log_of
from .engine_games import play
from .tracker import Table, codes_in

pytestmark = pytest.mark.django_db

GAME = "arne"
#: labels whose events move or show hidden cards: cut in every game that reaches them
HIDDEN_LABELS = ("draw:draw3", "random_card", "grabbed:card",
                 "grabbed:empty", "give:PLUS2C", "give:PLUS2K", "gave:PLUS2C", "gave:PLUS2K",
                 "hands_passed", "swapped", "stolen:discard", "stolen:pile",
                 "hands_discarded")
EXTRA_CUT_MAX = 250


def cases() -> list[tuple[str, str, int]]:
    """(game, labels, cut): every label where it comes first, and ``HIDDEN_LABELS`` in
    every game that reaches them within its first ``EXTRA_CUT_MAX`` events (a case costs
    in proportion to the length of its log); labels with the same cut share a case."""
    cuts = {name: labels_of(log_of(name)) for name in GAMES}
    chosen: dict[tuple[str, int], set[str]] = {}
    for label in LABELS:
        reached = [(cut[label], name) for name, cut in cuts.items() if label in cut]
        if reached:
            upto, name = min(reached)
            chosen.setdefault((name, upto), set()).add(label)
    for name, cut in cuts.items():
        for label in HIDDEN_LABELS:
            if cut.get(label, EXTRA_CUT_MAX + 1) <= EXTRA_CUT_MAX:
                chosen.setdefault((name, cut[label]), set()).add(label)
    return sorted((name, "+".join(sorted(labels)), upto)
                  for (name, upto), labels in chosen.items())


CASES = cases()


def table_after(log: list[dict[str, Any]]) -> Table:
    table = Table()
    for e in log:
        table.apply(e)
    return table


def test_the_cases_cover_every_event_type_and_kind():
    assert {lb for _, labels, _ in CASES for lb in labels.split("+")} == set(LABELS)
    assert {name for name, _, _ in CASES} == set(GAMES)


def _json_lines(body: bytes) -> list[Any]:
    return [json.loads(x) for x in body.decode().splitlines() if x.strip()]


def _sse_events(text: str) -> list[Any]:
    """Server-sent events: each ``data:`` line parsed, every other line kept as text."""
    return [json.loads(line[5:]) if line.startswith("data:") else line
            for line in text.splitlines() if line.strip()]


def _content(r: Any) -> bytes:
    return b"".join(r.streaming_content) if getattr(r, "streaming", False) else r.content


def read_all(api: Any, client: Any, gid: str, headers: dict[str, str], viewer: int | None,
             n: int, seqs: list[int], *, spectator_frames: bool) -> list[tuple[str, Any]]:
    """Every route a viewer can read, as (route, body) — JSON parsed, text as text."""
    base = f"/api/games/{gid}"
    out: list[tuple[str, Any]] = []
    json_routes = [f"{base}/", f"{base}/events/", f"{base}/events/?after={seqs[-1] - 1}",
                   f"{base}/frames/", f"{base}/state/", f"{base}/explain/", f"{base}/legal/",
                   f"{base}/record/", f"{base}/verify/", f"{base}/evidence/",
                   "/api/games/?game=arne"]
    # a live game's frames from another perspective: the spectator's (read once, by the
    # anonymous viewer) or another seat's (the next one; refused) — the own seat's is the
    # default
    json_routes.append(f"{base}/frames/?perspective={0 if viewer is None else (viewer + 1) % n}")
    if spectator_frames:
        json_routes.append(f"{base}/frames/?perspective=spectator")
    json_routes += [f"{base}/explain/?seq={s}" for s in seqs]
    for url in json_routes:
        r = api.get(url, **headers)
        assert r.status_code in (200, 401, 403, 404, 409, 422), (url, r.status_code)
        if "perspective=" in url and not url.endswith("spectator"):
            assert r.status_code == 403, "a live game's frames as another seat saw them"
        out.append((url, json.loads(_content(r) or b"null")))
    for url in (f"{base}/events/?format=ndjson", f"{base}/stream/?after=-1&wait=0"):
        r = api.get(url, HTTP_ACCEPT="application/x-ndjson", **headers)
        assert r.status_code == 200, url
        out.append((url, _json_lines(_content(r))))
    r = api.get(f"{base}/stream/?after=-1&wait=0&format=sse", HTTP_ACCEPT="text/event-stream",
                **headers)
    assert r.status_code == 200
    out.append(("sse", _sse_events(_content(r).decode())))
    for url in (f"/games/{gid}/", f"/play/{gid}/"):
        r = client.get(url, **headers)
        assert r.status_code == 200, url
        out.append((url, r.content.decode()))
    return out


def _probe_seqs(log: list[dict[str, Any]]) -> list[int]:
    """The cut event and the last event before it that hides cards."""
    hiding = [e["seq"] for e in log[:-1]
              if e["type"] in ("deal", "draw", "random_card", "grabbed", "give", "gave")]
    return [log[-1]["seq"], *hiding[-1:]]


@pytest.mark.parametrize("name,label,upto", CASES, ids=[f"{n}-{lb}" for n, lb, _ in CASES])
def test_no_viewer_sees_a_hidden_card_nor_the_seed_on_any_route(name, label, upto):
    seed = GAMES[name][3]
    log = log_of(name)[:upto]
    n = len(log[0]["seats"])
    created = game_create(events=log, seed=seed, game=GAME)
    other = game_create(events=log_of(name)[:2], seed="another-arne-game", game=GAME)
    gid = str(created.game.pk)
    table = table_after(log)
    for v in viewers(created, other):
        viewer, headers = v.seat, v.headers
        hidden = table.hidden_from(viewer)
        for route, body in read_all(v.api, v.page, gid, headers, viewer, n,
                                    _probe_seqs(log), spectator_frames=v.who == "anonymous"):
            leaked = codes_in(body) & hidden
            assert not leaked, f"{route} for {v.who} after {label}: {sorted(leaked)}"
            text = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
            assert seed not in text, f"the seed in {route} for {v.who}"
        served = v.api.get(f"/api/games/{gid}/events/", **headers).json()["events"]
        assert served == [redact_event(e, viewer, finished=False) for e in log]
        # Sentences name cards in words ("Red 500"), which the codes check above cannot
        # see: each must be the one written from this viewer's own redacted events
        # (explaining the true log would name its hidden cards).
        words = v.api.get(f"/api/games/{gid}/explain/", **headers).json()["explanations"]
        assert [w["text"] for w in words] == engine.explanations(served, log[0]["seats"],
                                                                 game=GAME)
        state = v.api.get(f"/api/games/{gid}/state/", **headers).json()["state"]
        for seat in range(n):
            shown = state["hands"][seat]
            assert (sorted(shown) == sorted(table.hands[seat])) if seat == viewer else (
                shown is None)
        if viewer is not None and table.passed is not None:
            assert sorted(state["passed_hand"]) == sorted(table.passed[viewer])


def test_pass_hands_on_the_api_each_seat_gets_its_new_hand_and_knows_the_one_it_passed(
        api):
    """hands, Visibility: just after a Pass Hands each seat's state shows the hand it now
    holds and the hand it passed; the others' hands stay hidden on every frame."""
    name = next(n for n in GAMES if "hands_passed" in labels_of(log_of(n)))
    log = log_of(name)[:labels_of(log_of(name))["hands_passed"]]
    created = game_create(events=log, seed=GAMES[name][3], game=GAME)
    before = table_after(log[:-1])
    after = table_after(log)
    n = after.n
    for seat, token in enumerate(created.seat_tokens):
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
        state = api.get(f"/api/games/{created.game.pk}/state/", **headers).json()["state"]
        assert sorted(state["hands"][seat]) == sorted(after.hands[seat])
        assert sorted(state["passed_hand"]) == sorted(before.hands[seat])
        frames = api.get(f"/api/games/{created.game.pk}/frames/", **headers).json()["frames"]
        assert frames[-1]["event"] == {k: v for k, v in log[-1].items()}
        mine = set(before.hands[seat]) | set(after.hands[seat])
        theirs = {c for s in range(n) for c in after.hands[s]} - mine - after.public
        assert not codes_in(frames) & theirs - after.known[seat]


def test_a_live_game_whose_chance_inputs_the_seed_does_not_give_shows_no_card(api):
    """A record may state its chance inputs (RECORD_FORMAT.md "seed"): when they are not
    the seed's, the verification says where (deals check), never which cards the seed
    would have dealt or drawn."""
    name = "normal-4"
    n, preset, options, seed, passive = GAMES[name]
    import random

    log = play(n, preset, options, "another seed", random.Random(seed), passiveness=passive)
    log = log[:labels_of(log)["grabbed"]]
    created = game_create(events=log, seed=seed, game=GAME)
    table = table_after(log)
    gid = str(created.game.pk)
    r = api.get(f"/api/games/{gid}/verify/")
    assert r.status_code == 200, f"verify answers {r.status_code} on a stated chance input"
    verify = r.json()
    assert verify["ok"] is False and verify["failure"]["check"] == "deals"
    other = game_create(events=log[:2], seed="another-arne-game", game=GAME)
    for v in viewers(created, other):
        hidden = table.hidden_from(v.seat)
        for route, body in read_all(v.api, v.page, gid, v.headers, v.seat, n,
                                    _probe_seqs(log), spectator_frames=True):
            assert not codes_in(body) & hidden, (route, v.who)


def test_the_oracle_catches_a_leaky_redaction(api, monkeypatch):
    """The check is not vacuous: with the platform's redaction switched off, the events a
    spectator reads hold cards the oracle says are hidden."""
    name = "normal-4-passive"
    log = log_of(name)[:labels_of(log_of(name))["grabbed:card"]]
    created = game_create(events=log, seed=GAMES[name][3], game=GAME)
    monkeypatch.setattr(engine, "redact", lambda events, viewer, finished, **_: list(events))
    body = api.get(f"/api/games/{created.game.pk}/events/").json()
    assert codes_in(body) & table_after(log).hidden_from(None)
