"""Attacks on the store's new judging of inputs (issue 13): odd seats and sequence
numbers, time used, and who a stored event is said to be by.

Given the fake simultaneous game and Kolkhoz through the API and the store / when a
client sends what a careless or hostile client would / then the answer is a clear 4xx
with nothing appended, and what is stored with an accepted decision is right.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from gamekit import registry
from replays import engine
from replays.advance import stored_events
from replays.models import Game, GameEvent
from replays.services import game_create_from_engine, game_submit_input
from tests.core.fake_game import OddOneOut

pytestmark = pytest.mark.django_db
SEATS = ["Anya", "Boris", "Vera"]


@pytest.fixture
def oddoneout():
    with registry.registered(OddOneOut()):
        yield


def _fake(seed: str = "attack") -> Any:
    return game_create_from_engine(ruleset=None, seats=SEATS, seed=seed, game="oddoneout")


def _bearer(token: str) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


@pytest.mark.usefixtures("oddoneout")
@pytest.mark.parametrize("odd_seat", [1.0, True])
def test_a_seat_number_that_only_equals_the_seat_is_refused(api, odd_seat):
    """``1.0`` and ``true`` compare equal to seat 1 in Python: the store must not take
    them for seat 1's number (a float reached the game's evolve and was a 500; ``true``
    was stored as the seat of a decision, with the actor ``seat:True``)."""
    created = _fake()
    gid, head = created.game.pk, created.game.head_seq
    r = api.post(f"/api/games/{gid}/commands/",
                 {"expected_seq": head, "input": {"type": "choose", "seat": odd_seat,
                                                  "number": 2}},
                 format="json", **_bearer(created.seat_tokens[1]))
    assert 400 <= r.status_code < 500, (r.status_code, r.content[:300])
    assert Game.objects.get(pk=gid).head_seq == head  # nothing appended


@pytest.mark.usefixtures("oddoneout")
@pytest.mark.parametrize("expected", [-1, 10**30, "7", None, 1.5, True])
def test_odd_expected_seqs_are_4xx(api, expected):
    created = _fake()
    gid, head = created.game.pk, created.game.head_seq
    r = api.post(f"/api/games/{gid}/commands/",
                 {"expected_seq": expected, "input": {"type": "choose", "seat": 0,
                                                      "number": 2}},
                 format="json", **_bearer(created.seat_tokens[0]))
    if expected == "7" or expected is True:
        # DRF reads "7" as 7 (stale), and true as 1 — stale either way
        assert r.status_code in (400, 409), r.content
    else:
        assert 400 <= r.status_code < 500, (r.status_code, r.content[:300])
    game = Game.objects.get(pk=gid)
    assert game.head_seq == head


@pytest.mark.usefixtures("oddoneout")
def test_a_chance_event_that_names_a_seat_is_not_stored_as_that_seats_decision():
    """The fake game's ``bonus`` is chance (drawn from the seed) but names the seat it
    favours. The seam's default ``actor`` calls any input with a ``seat`` that seat's
    decision, so the store recorded the bonus as ``seat:N`` — and, at a bot's seat, as
    that bot's move (``actors`` renames ``seat:N``)."""
    created = _fake("attack-bonus")
    rows = list(GameEvent.objects.filter(game=created.game, type="bonus"))
    assert rows, "the first round's bonus is drawn at creation"
    assert [r.actor for r in rows] == ["chance"] * len(rows)


def _kolkhoz_people() -> Game:
    return game_create_from_engine(ruleset={"preset": "kolkhoz", "options": {"years": 1}},
                                   seats=["A", "B", "C", "D"], first_planner=0,
                                   seed="attack-time").game


class _Clock:
    """``django.utils.timezone.now`` moved forward by hand (the log is append-only, so
    the time an event was recorded cannot be backdated)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.offset = timedelta(0)
        real = timezone.now
        monkeypatch.setattr(timezone, "now", lambda: real() + self.offset)

    def advance(self, seconds: float) -> None:
        self.offset += timedelta(seconds=seconds)


def test_time_used_of_a_seats_second_decision_in_a_row_starts_at_its_first(monkeypatch):
    """Kolkhoz's planner declares the trump, then leads the first trick: two decisions
    in a row by one seat. The lead's ``time_used_ms`` is the time since the trump was
    accepted (docs/humans.md: "from the previous event's recorded_at — the moment the
    seat's turn began"), not since the deal: the trump's thinking time must not count
    twice."""
    clock = _Clock(monkeypatch)
    game = _kolkhoz_people()
    events = stored_events(game)
    assert engine.may_act(events) == {0}
    clock.advance(100)  # the planner thinks 100 s about the trump
    trump = engine.legal_for(events, 0)["inputs"][0]
    assert trump["type"] == "trump"
    game_submit_input(game=game, expected_seq=len(events), inp=trump, seat=0)
    events = stored_events(game)
    assert engine.may_act(events) == {0}, "the planner leads after declaring the trump"
    clock.advance(2)  # and 2 s about the lead
    lead = engine.legal_for(events, 0)["inputs"][0]
    assert lead["type"] == "play"
    game_submit_input(game=game, expected_seq=len(events), inp=lead, seat=0)
    trump_row, lead_row = GameEvent.objects.filter(
        game=game, actor="seat:0").order_by("seq")[:2]
    assert trump_row.time_used_ms >= 99_000
    assert 1_500 <= lead_row.time_used_ms < 30_000, lead_row.time_used_ms


@pytest.mark.usefixtures("oddoneout")
@pytest.mark.parametrize("seats", [["a", "b", "c", "d"], ["a"], ["a", "b"]])
def test_a_game_is_created_only_with_a_seat_count_in_its_range(api, seats):
    """«Odd one out» has exactly three seats (``seats = (3, 3)``, as the catalog says): a
    4-seat game of it — and a 4th seat token — must not exist. The platform relied on
    the game's own ``start`` to refuse (Kolkhoz does; the fake game does not)."""
    before = Game.objects.count()
    r = api.post("/api/games/", {"game": "oddoneout", "seats": seats}, format="json")
    assert r.status_code == 400, (r.status_code, r.content[:200])
    assert r.json()["error"]["code"] == "bad_seats"
    assert Game.objects.count() == before


@pytest.mark.usefixtures("oddoneout")
def test_an_imported_record_with_a_seat_count_outside_the_range_is_refused(api):
    record = {"format": "oddoneout-record/1", "seats": ["a", "b", "c", "d"], "seed": "s",
              "inputs": []}
    before = Game.objects.count()
    r = api.post("/api/games/import/", record, format="json")
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_seats", r.content[:200]
    assert Game.objects.count() == before


@pytest.mark.parametrize("last_id", ["\u00b2", "\u00b9\u00b2"])
def test_a_last_event_id_of_unicode_digits_is_not_a_500(api, last_id):
    """``str.isdigit`` is true for superscript digits, which ``int`` refuses: the SSE
    resume header ``Last-Event-ID: ²`` was a 500."""
    game = _kolkhoz_people()
    r = api.get(f"/api/games/{game.pk}/stream/?wait=0", HTTP_LAST_EVENT_ID=last_id)
    assert r.status_code < 500


@pytest.mark.usefixtures("oddoneout")
@pytest.mark.parametrize("game", ["kolkhoz", "oddoneout"])
@pytest.mark.parametrize("ruleset", ["abc", [1], 5, True, {"preset": ["x"]}, {"preset": {}}])
def test_a_ruleset_that_is_not_an_object_is_400_not_500(api, game, ruleset):
    """``POST /api/games/`` with a ruleset that is not ``{preset, options}``: the seam's
    ``KolkhozDefinition.ruleset`` called ``dict(spec)`` before the engine's own check
    ("the ruleset must be a JSON object"), so a string, a list, a number or ``true``
    became a 500; an unhashable preset was one too."""
    seats = ["a", "b", "c", "d"] if game == "kolkhoz" else ["a", "b", "c"]
    before = Game.objects.count()
    r = api.post("/api/games/", {"game": game, "seats": seats, "ruleset": ruleset},
                 format="json")
    assert r.status_code == 400, (r.status_code, r.content[:200])
    assert Game.objects.count() == before


@pytest.mark.usefixtures("oddoneout")
def test_a_second_choice_sent_after_seeing_the_first_is_already_decided():
    """Seat 0 chose at ``h``; its client read the head after that (``h+1``) and sends
    another choice while seat 1 has chosen meanwhile (head ``h+2``). It is a second choice
    in the same phase — 409 ``already_decided`` (docs/seam.md), not ``stale_seq``, which
    tells the client to refresh and try again."""
    from replays.errors import ConflictError

    game = _fake("attack-twice").game
    h = game.head_seq
    game_submit_input(game=game, expected_seq=h, inp={"type": "choose", "seat": 0,
                                                      "number": 1}, seat=0)
    game_submit_input(game=game, expected_seq=h + 1, inp={"type": "choose", "seat": 1,
                                                          "number": 2}, seat=1)
    with pytest.raises(ConflictError) as err:
        game_submit_input(game=game, expected_seq=h + 1,
                          inp={"type": "choose", "seat": 0, "number": 3}, seat=0)
    assert err.value.code == "already_decided"
    assert err.value.extra["decided_seq"] == h
