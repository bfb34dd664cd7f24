"""A live game's refused commands, read whole, and the same command raced from threads,
for the stale-head and second-decision leak tests of the turn-based games (issue 20:
"faults and hostile input for the new shapes"; RECORD_FORMAT.md "Visibility").

``refuse`` posts one command through ``POST /api/games/<id>/commands/`` and asserts it
is refused as a client error with a machine code; ``assert_tells_nothing`` then asserts
that neither the body nor any header holds a card hidden from the submitter (each game
passes its own oracle: the codes a text names), the chain hash of the live game (which
could be tested against the candidates of a hidden card) or the seed. ``race`` sends
several commands at one barrier, each from its own thread, client and database
connection (a real PostgreSQL: the lock on the game row is what is tested).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, NamedTuple


class Refusal(NamedTuple):
    """A refused command: its status, machine code, JSON body and everything the client
    was sent as text (the body, then one ``name: value`` line per header)."""

    status: int
    code: str
    body: dict[str, Any]
    text: str


def _text(r: Any) -> str:
    return r.content.decode() + "\n" + "\n".join(f"{k}: {v}" for k, v in r.items())


def refuse(api: Any, gid: str, headers: dict[str, str], head: int,
           inp: dict[str, Any]) -> Refusal:
    """Submit ``inp`` at ``head`` with ``headers``: it must be a 4xx with a non-empty
    machine code (never a 500, never accepted)."""
    r = api.post(f"/api/games/{gid}/commands/", {"expected_seq": head, "input": inp},
                 format="json", **headers)
    assert 400 <= r.status_code < 500, (inp, head, r.status_code, r.content[:300])
    body = r.json()
    code = body["error"]["code"]
    assert isinstance(code, str) and code, body
    return Refusal(r.status_code, code, body, _text(r))


def assert_tells_nothing(refusal: Refusal, named: Callable[[str, set[str]], set[str]],
                         hidden: set[str], chain_hash: str, seed: str, who: str) -> None:
    """``named(text, cards)``: the cards of ``cards`` a text names (the game's oracle). No card of
    ``hidden`` (hidden from the submitter), nor the chain hash, nor the seed, is in the
    refusal's body or headers."""
    assert chain_hash and chain_hash != "0" * 64 and hidden
    probe = sorted(hidden)[0]  # not vacuous: the oracle sees a hidden card in such a text
    assert probe in named(f'{refusal.text}\n{{"card": "{probe}"}}', hidden), (who, probe)
    leaked = named(refusal.text, hidden) & hidden
    assert not leaked, (who, leaked, refusal.body)
    assert chain_hash not in refusal.text, (who, "chain hash", refusal.text)
    assert seed not in refusal.text, (who, "seed", refusal.text)


Job = tuple[dict[str, str], int, dict[str, Any]]  # (headers, expected_seq, input)


def race(gid: str, jobs: list[Job]) -> list[tuple[int, str]]:
    """Post every job at one barrier, each from its own thread (its own client and
    database connection): ``(status, code)`` each, code ``""`` when accepted."""
    from django.db import connections
    from rest_framework.test import APIClient

    barrier = threading.Barrier(len(jobs))
    out: list[tuple[int, str]] = [(0, "not run")] * len(jobs)

    def run(i: int) -> None:
        headers, head, inp = jobs[i]
        try:
            client = APIClient()
            barrier.wait(30)
            r = client.post(f"/api/games/{gid}/commands/",
                            {"expected_seq": head, "input": inp}, format="json", **headers)
            code = "" if r.status_code < 300 else r.json().get("error", {}).get("code", "?")
            out[i] = (r.status_code, code)
        except Exception as exc:  # noqa: BLE001 - reported by the caller's assertions
            out[i] = (-1, repr(exc))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return out
