"""Fault: the web process restarted during a game played by people over HTTP.

Four seat clients play a live game against gunicorn on the loopback, as the play page
does: each posts its seat's commands (``POST /api/games/{id}/commands/``) and follows the
game on ``GET /api/games/{id}/stream/?after=SEQ`` with its seat token, keeping the events
it has seen; a spectator follows too, with a long-poll open. Twice the whole server
(master and workers) is SIGKILLed and started again on the same port: once between two
moves, once with a move in flight (sent, its answer never read) and the spectator's
long-poll waiting. The client that lost its answer resends the same move at the same
``expected_seq`` — it is applied once (201 if it never reached the store, 409
``stale_seq`` if it did) — and every client resumes from ``?after=`` its last seq. At the
end each client's log is gap-free and is exactly the live log as that seat may see it,
and the game verifies.
"""

from __future__ import annotations

import http.client
import json
import threading
import time
from typing import Any

import pytest

import kolkhoz_core
from replays import engine
from replays.models import Game
from replays.selectors import game_events, game_verify

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres]

SEATS = ["Anya", "Boris", "Pyotr", "Vera"]


class SeatClient:
    """A player's client: its token, the events it has seen, its last seq."""

    def __init__(self, server: Any, game_id: str, token: str | None) -> None:
        self.server, self.game_id, self.token = server, game_id, token
        self.events: list[dict[str, Any]] = []
        # index of the first event this client read once the game had finished: from there
        # on the server serves the finished game's view (every hand revealed), see redact
        self.finished_from: int | None = None

    def _conn(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)

    def _headers(self) -> dict[str, str]:
        h = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.token:
            h["Authorization"] = f"Bearer {self.token}"
        return h

    @property
    def last_seq(self) -> int:
        return self.events[-1]["seq"] if self.events else -1

    def sync(self, wait: float = 0) -> int:
        """Read the stream from the last seq seen (NDJSON long-poll); check the new events
        continue the log. Raises OSError / HTTPException if the server goes away."""
        conn = self._conn()
        try:
            conn.request("GET", f"/api/games/{self.game_id}/stream/?after={self.last_seq}"
                         f"&wait={wait}", headers={**self._headers(),
                                                    "Accept": "application/x-ndjson"})
            resp = conn.getresponse()
            raw = resp.read().decode()
        finally:
            conn.close()
        assert resp.status == 200, raw[:300]
        new = [json.loads(line) for line in raw.splitlines() if line.strip()]
        assert [e["seq"] for e in new] == list(range(self.last_seq + 1,
                                                     self.last_seq + 1 + len(new)))
        if self.finished_from is None and Game.objects.get(pk=self.game_id).status == "finished":
            self.finished_from = len(self.events)
        self.events.extend(new)
        return len(new)

    def send(self, inp: dict[str, Any], expected_seq: int) -> http.client.HTTPConnection:
        conn = self._conn()
        conn.request("POST", f"/api/games/{self.game_id}/commands/",
                     body=json.dumps({"expected_seq": expected_seq, "input": inp}),
                     headers=self._headers())
        return conn

    def submit(self, inp: dict[str, Any], expected_seq: int) -> tuple[int, dict[str, Any]]:
        conn = self.send(inp, expected_seq)
        resp = conn.getresponse()
        body = json.loads(resp.read())
        conn.close()
        return resp.status, body


def _next_input(game_id: str) -> tuple[dict[str, Any] | None, int]:
    """The player's decision: the first legal input at the head (read from the store)."""
    events = game_events(game=Game.objects.get(pk=game_id))
    state = kolkhoz_core.fold(events)
    if state.finished:
        return None, len(events)
    legal = kolkhoz_core.legal_inputs(state)
    assert legal, f"no decision awaited at seq {len(events)}"
    return legal[0], len(events)


def test_web_restarted_during_a_human_game_clients_resume_from_after(gunicorn):
    gunicorn.start()
    conn = http.client.HTTPConnection("127.0.0.1", gunicorn.port, timeout=30)
    conn.request("POST", "/api/games/", body=json.dumps({
        "seats": SEATS, "seed": "fault-web",
        "ruleset": {"preset": "kolkhoz", "options": {"years": 2}}}),
        headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    created = json.loads(resp.read())
    assert resp.status == 201, created
    game_id, tokens = created["game"]["id"], created["seat_tokens"]
    clients = [SeatClient(gunicorn, game_id, t) for t in tokens]
    spectator = SeatClient(gunicorn, game_id, None)

    moves = 0
    faults = {"between": False, "in_flight": False, "resent": None}
    while True:
        inp, seq = _next_input(game_id)
        if inp is None:
            break
        client = clients[inp["seat"]]
        client.sync()
        if moves == 15 and not faults["between"]:
            gunicorn.kill()  # between two moves
            gunicorn.start()
            faults["between"] = True
        if moves == 30 and not faults["in_flight"]:
            spectator.sync()
            def long_poll() -> None:  # the spectator waits for the next event...
                try:
                    spectator.sync(wait=20)
                except (OSError, http.client.HTTPException):
                    pass  # cut by the kill: resumed below from ?after=

            watcher = threading.Thread(target=long_poll)
            watcher.start()
            time.sleep(0.3)
            conn = client.send(inp, seq)  # the move is on its way...
            gunicorn.kill()  # ...and the server dies before its answer is read
            watcher.join(timeout=30)
            assert not watcher.is_alive()
            try:
                conn.getresponse().read()
            except (OSError, http.client.HTTPException):
                pass
            conn.close()
            gunicorn.start()
            faults["in_flight"] = True
            status, body = client.submit(inp, seq)  # the client resends the same move
            assert status in (201, 409), body
            if status == 409:
                assert body["error"]["code"] == "stale_seq"
            faults["resent"] = status
            moves += 1
            continue
        status, body = client.submit(inp, seq)
        assert status == 201, body
        moves += 1
        if moves % 7 == 0:
            spectator.sync()
    assert faults["between"] and faults["in_flight"]

    game = Game.objects.get(pk=game_id)
    assert game.status == "finished"
    log = game_events(game=game)
    assert [e["seq"] for e in log] == list(range(len(log)))
    assert game_verify(game=game)["ok"]
    for viewer, client in [*enumerate(clients), (None, spectator)]:
        # what each client pieced together across the restarts is exactly the live log as
        # that seat may see it: nothing missing, nothing twice, nothing of another hand
        seen = len(client.events)
        live = seen if client.finished_from is None else client.finished_from
        assert client.events[:live] == engine.redact(log[:live], viewer, finished=False)
        assert client.events[live:] == log[live:seen]  # read after the end: all revealed
        client.sync()
        assert [e["seq"] for e in client.events] == list(range(len(log)))
        assert client.events[seen:] == log[seen:]  # the rest, read after the end
