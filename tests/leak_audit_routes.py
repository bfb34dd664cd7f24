"""The audit routes and pages of a live game as one viewer reads them, for the leak tests
of every game (issue 20: "the leak test over every game, every event type and every
viewer"; RECORD_FORMAT.md "Visibility").

``audit_bodies`` reads, with a viewer's headers, everything that audits a game or shows
it on a page: the record, the verification, the evidence bundle, the what-if (API and
page), the explanation of single events, a dispute raised on the game (its API body, its
page, the game's dispute list as API and page), the raise form at a step, the replay and
play pages, the live stream (NDJSON and server-sent events) and the head tag (the game's
``head_hash`` and the events' ETag). Each game's test then checks every body against its
own oracle of hidden cards.

Two checks that need no game's card syntax:

- ``leaky_sentences``: the explanation of an event written from the true log, where it
  differs from the one written from the viewer's redacted log, names something hidden
  from that viewer — no body may hold it (this sees cards named in words: "Red 500",
  "10♣", Korova's bare numbers);
- ``assert_no_chain_hash``: a live game's chain hash (which could be tested against the
  candidates of a hidden card) appears in no body nor header.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any, NamedTuple

from replays import engine


class Body(NamedTuple):
    """One route's answer: its address, status, parsed JSON (or None) and text (HTML
    unescaped, or the JSON text), and its ETag header (or "")."""

    route: str
    status: int
    data: Any
    text: str
    etag: str


class Viewer(NamedTuple):
    """Who reads: the seat (None: a spectator), its name, an API client and a page
    client (a signed-in spectator's carry its session) and its request headers."""

    seat: int | None
    who: str
    api: Any
    page: Any
    headers: dict[str, str]


def viewers(created: Any, other: Any, username: str = "leak-spectator", *,
            arbiter: bool = False) -> list[Viewer]:
    """Anonymous; a signed-in account holding no seat; each seat of ``created`` by its
    token; ``other``'s (another game's) first seat token; with ``arbiter``, last, an
    arbiter (a superuser, signed in)."""
    from django.contrib.auth import get_user_model
    from django.test import Client
    from rest_framework.test import APIClient

    person = get_user_model().objects.create_user(username)
    api, page = APIClient(), Client()
    api.force_login(person)
    page.force_login(person)
    out = [Viewer(None, "anonymous", APIClient(), Client(), {}),
           Viewer(None, "signed-in spectator", api, page, {})]
    out += [Viewer(s, f"seat {s}", APIClient(), Client(),
                   {"HTTP_AUTHORIZATION": f"Bearer {t}"})
            for s, t in enumerate(created.seat_tokens)]
    out.append(Viewer(None, "another game's token", APIClient(), Client(),
                      {"HTTP_AUTHORIZATION": f"Bearer {other.seat_tokens[0]}"}))
    if arbiter:
        judge = get_user_model().objects.create_superuser(f"{username}-arbiter")
        api, page = APIClient(), Client()
        api.force_login(judge)
        page.force_login(judge)
        out.append(Viewer(None, "arbiter", api, page, {}))
    return out


def raise_dispute(game: Any, seq_from: int, seq_to: int, clause: str) -> int:
    """A dispute on ``game`` over ``seq_from``…``seq_to`` (stored directly: the route
    that raises one is not what is tested here); its id."""
    from django.contrib.auth import get_user_model

    from disputes.models import Dispute

    user, _ = get_user_model().objects.get_or_create(username="leak-raiser")
    return int(Dispute.objects.create(game=game, seq_from=seq_from, seq_to=seq_to,
                                      clause=clause, text="hostile", raised_by=user).pk)


def _content(r: Any) -> bytes:
    return b"".join(r.streaming_content) if getattr(r, "streaming", False) else r.content


def _body(route: str, r: Any) -> Body:
    assert r.status_code < 500, (route, r.status_code)
    raw = _content(r).decode()
    data = None
    kind = r.get("Content-Type", "")
    if ("ndjson" in kind or "event-stream" in kind) and raw:  # one JSON value a line
        data = [json.loads(line.removeprefix("data:")) for line in raw.splitlines()
                if line.strip() and not line.startswith((":", "event:", "id:", "retry:"))]
        text = json.dumps(data, ensure_ascii=False)
    elif "json" in kind and raw:
        data = json.loads(raw)
        text = json.dumps(data, ensure_ascii=False)
    else:
        text = html.unescape(raw)
    return Body(route, r.status_code, data, text, r.get("ETag", ""))


def audit_bodies(api: Any, page: Any, gid: str, headers: dict[str, str], seqs: list[int],
                 dispute: int) -> list[Body]:
    """Every audit route and page of game ``gid`` read by one viewer (``headers``: its
    seat token, or none), with single-event explanations at ``seqs`` and ``dispute`` a
    dispute raised on the game: also the arbiter's routes (taking it under review, a
    ruling's preview, the ruling page), which refuse whoever is not one. No answer is a
    500."""
    base = f"/api/games/{gid}"
    out = []
    gets = [f"{base}/", f"{base}/events/", f"{base}/record/", f"{base}/verify/",
            f"{base}/evidence/", f"/api/disputes/{dispute}/", f"/api/disputes/?game={gid}"]
    gets += [f"{base}/explain/?seq={s}" for s in seqs]
    for url in gets:
        out.append(_body(url, api.get(url, **headers)))
    for url, accept in ((f"{base}/stream/?after=-1&wait=0", "application/x-ndjson"),
                        (f"{base}/stream/?after=-1&wait=0&format=sse", "text/event-stream")):
        out.append(_body(url, api.get(url, HTTP_ACCEPT=accept, **headers)))
    url = f"{base}/whatif/"
    out.append(_body(url, api.post(url, {"options": {}}, format="json", **headers)))
    url = f"/api/disputes/{dispute}/review/"
    out.append(_body(url, api.post(url, {}, format="json", **headers)))
    url = f"/api/disputes/{dispute}/preview/"
    out.append(_body(url, api.post(url, {"adjustment": {"type": "game_voided"}},
                                   format="json", **headers)))
    pages = [f"/games/{gid}/", f"/play/{gid}/", f"/disputes/{dispute}/",
             f"/disputes/{dispute}/rule/",
             f"/disputes/?game={gid}", f"/disputes/whatif/{gid}/?run=1",
             f"/disputes/whatif/{gid}/"]
    pages += [f"/disputes/raise/{gid}/?step={s}" for s in seqs]
    for url in pages:
        out.append(_body(url, page.get(url, **headers)))
    return out


def leaky_sentences(log: list[dict[str, Any]], viewer: int | None, game: str) -> set[str]:
    """The sentences explaining ``log`` (a live game's) from the true events that the
    events redacted for ``viewer`` do not say (differ, and are not a part of the redacted
    sentence, which may only add "hidden"): each names something hidden from it."""
    seats = log[0]["seats"]
    true = engine.explanations(log, seats, game=game)
    seen = engine.explanations(engine.redact(log, viewer, finished=False, game=game), seats,
                               game=game)
    return {t for t, s in zip(true, seen, strict=True) if t not in s}


def assert_no_leaky_sentence(bodies: list[Body], leaky: set[str], who: str) -> None:
    """No body holds a sentence that names what ``who`` may not know."""
    for b in bodies:
        found = [s for s in leaky if s in b.text]
        assert not found, (b.route, who, found[:2])


def assert_no_chain_hash(bodies: list[Body], chain_hash: str, who: str) -> None:
    """A live game's chain hash is served nowhere: its head is an opaque ``live-`` tag."""
    assert chain_hash and chain_hash != "0" * 64
    for b in bodies:
        assert chain_hash not in b.text and chain_hash not in b.etag, (b.route, who)
        if b.route.endswith(("/events/",)) or (b.data and "head_hash" in b.data):
            tag = b.data.get("head_hash") if isinstance(b.data, dict) else None
            assert tag is None or str(tag).startswith("live-"), (b.route, who, tag)


ARBITERS = ("/review/", "/preview/", "/rule/")


def assert_live_refusals(bodies: list[Body], who: str) -> None:
    """A live game's record, evidence and what-if (API and page run) are refused with
    409 — their bodies would hold the hidden cards — and every other route answers 200
    (the verification of a live game included: it says ok or where, never a card); the
    arbiters' routes refuse others (401/403), and a ruling's preview is refused even to
    an arbiter (409: the game is not finished)."""
    for b in bodies:
        if b.route.endswith(ARBITERS):
            if who != "arbiter":
                assert b.status in (401, 403), (b.route, b.status, who)
            else:
                assert b.status == (409 if b.route.endswith("/preview/") else 200), (
                    b.route, b.status, b.data)
            continue
        if "/stream/" in b.route:  # read, parsed, the game's events in it
            assert b.status == 200 and isinstance(b.data, list) and len(b.data) > 1, b.route
            continue
        refused = b.route.endswith(("/record/", "/evidence/", "/whatif/")) and (
            b.route.startswith("/api/")) or b.route.endswith("?run=1")
        assert b.status == (409 if refused else 200), (b.route, b.status, who)


def refusal_without(card: Any, body: dict[str, Any]) -> dict[str, Any]:
    """A refused command's error with the refused card blotted out of its message (its
    first whole mention: ``55`` not in ``155``, ``R500.1`` not in ``R500.12``) and of the
    echoed input — what must be the same whichever hidden place the card is in."""
    error = dict(body["error"])
    token = re.escape(str(card))
    error["message"] = re.sub(rf"(?<![\w.\-]){token}(?!\w|\.\d)", "#", error["message"],
                              count=1)
    if isinstance(error.get("input"), dict):
        error["input"] = {**error["input"], "card": "#"}
    return error


def assert_refusals_alike(api: Any, gid: str, headers: dict[str, str], head: int,
                          inputs: list[tuple[Any, dict[str, Any]]]) -> None:
    """Each ``(card, input)`` — the same command naming cards in different places
    hidden from the seat — is refused with the same status and error but for the card
    (an error that told them apart would say where a hidden card is)."""
    seen = []
    for card, inp in inputs:
        r = api.post(f"/api/games/{gid}/commands/", {"expected_seq": head, "input": inp},
                     format="json", **headers)
        assert 400 <= r.status_code < 500, (inp, r.status_code, r.content[:300])
        seen.append((r.status_code, refusal_without(card, r.json()), inp))
    assert len(seen) > 1 and all(x[:2] == seen[0][:2] for x in seen), seen
