"""What the play page reads besides the table, through the API (no browser):

- "What just happened" is each step's caption and explanation from
  ``/api/games/{id}/frames/`` as the seat reads them during play: they never name a
  card hidden from that seat (another seat's hand, a card it buried or pocketed). The
  oracle is independent of the redaction — the cards dealt to the other seats and not
  yet played or revealed (``tests.replays.test_leak.hidden_from``), looked for as the
  explanations write them (``10♥``) — and it is shown not to be vacuous: the same
  explanations built from the unredacted log do name such cards.
- An assignment's running totals: ``legal.hours`` of an ``assign`` decision is what each
  card then adds to its field (checked against the fields after the server applies it).
- The deadline: ``/api/games/{id}/clock/`` names the person's running turn and the
  seconds left; none for a game at no table; 404 for an unknown game.
"""

from __future__ import annotations

import pytest

from replays import engine
from replays.models import Game
from replays.selectors import game_events
from tests.harness.test_security import leaked
from tests.replays.helpers import SEATS, bot_log, store
from tests.replays.test_leak import cut_points, hidden_from
from tournaments import services

from .helpers import (
    bearer,
    first_legal_input,
    make_mixed_tournament,
    make_person,
    person_seat,
    seat_token,
    the_table,
)

SEED = "play-words-seed"


def _cuts(log):
    """Live cut points: after the first of each event type, and after each of the first
    four swaps and pockets (another seat's buried and pocketed cards)."""
    points = set(cut_points(log).values())
    for kind in ("swap", "pocket"):
        points.update([i + 1 for i, e in enumerate(log) if e["type"] == kind][:4])
    return sorted(p for p in points if p < len(log))


@pytest.mark.django_db
def test_what_just_happened_never_names_a_card_hidden_from_the_seat(api):
    log = bot_log("kolkhoz", SEED)
    cuts = _cuts(log)
    assert any(log[p - 1]["type"] == "swap" for p in cuts)
    for upto in cuts:
        part = log[:upto]
        created = store(part, seed=SEED)
        for seat, token in enumerate(created.seat_tokens):
            body = api.get(f"/api/games/{created.game.pk}/frames/", **bearer(token)).json()
            assert body["viewer"] == seat and not body["finished"]
            words = [f["caption"] + " " + f["explanation"] for f in body["frames"]]
            found = leaked(" ".join(words), hidden_from(part, seat))
            assert not found, f"seat {seat} read {sorted(found)} after {part[-1]['type']}"


def test_the_oracle_finds_hidden_cards_in_unredacted_explanations():
    """Not vacuous: explained from the whole log, some step names a card another seat
    may not see yet (a swap's buried card, a pocketed card)."""
    log = bot_log("kolkhoz", SEED)
    caught = set()
    for upto in _cuts(log):
        part = log[:upto]
        text = " ".join(engine.explanations(part, SEATS, game="kolkhoz"))
        for seat in range(4):
            if leaked(text, hidden_from(part, seat)):
                caught.add(part[-1]["type"])
    assert caught & {"swap", "pocket"}, caught


def _to_assign(api, gid, token, seat):
    """Plays the person's first legal inputs until it must assign (or the game ends)."""
    for _ in range(80):
        state = api.get(f"/api/games/{gid}/state/", **bearer(token)).json()
        if state["finished"]:
            return None
        legal = state["legal"]
        if legal["yours"] and legal["kind"] == "assign":
            return state
        if legal["yours"]:
            r = api.post(f"/api/games/{gid}/commands/", {"expected_seq": state["head_seq"],
                         "input": first_legal_input(legal)}, format="json", **bearer(token))
            assert r.status_code == 201, r.content
    return None


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager_celery")
def test_assign_lists_what_each_card_adds_and_the_clock_counts_the_persons_turn(api):
    person = make_person("hours")
    found = None
    for attempt in range(6):  # a seed where the person wins a trick before the end
        t = make_mixed_tournament(person=person, seed=f"hours-{attempt}", limit_s=300)
        services.tournament_start(tournament=t)
        table = the_table(t)
        seat, token = person_seat(table, person), seat_token(table, person)
        gid = str(table.game.pk)
        found = _to_assign(api, gid, token, seat)
        if found:
            break
    assert found, "the person never won a trick"
    legal = found["legal"]
    assert set(legal["hours"]) == set(legal["options"])
    faces = {"A": 1, "J": 11, "Q": 12, "K": 13}
    for code, hours in legal["hours"].items():  # the rank's value; the Wrecker 14
        rank = code[:-1]
        assert hours == (14 if code == "X" else faces.get(rank) or int(rank)), code

    clock = api.get(f"/api/games/{gid}/clock/").json()
    assert clock["limit_s"] == 300 and clock["window"] is False
    assert [t["seat"] for t in clock["turns"]] == [seat]
    assert 0 < clock["turns"][0]["seconds_left"] <= 300

    field = {card: fields[-1] for card, fields in legal["options"].items()}
    before = {f["field"]: f["hours"] for f in found["state"]["fields"]}
    r = api.post(f"/api/games/{gid}/commands/", {"expected_seq": found["head_seq"], "input": {
        "type": "assign", "seat": seat, "cards": field}}, format="json", **bearer(token))
    assert r.status_code == 201, r.content
    events = game_events(game=Game.objects.get(pk=gid))
    state = engine.view(engine.position(events[: found["head_seq"] + 1], game="kolkhoz"), seat,
                        finished=False, game="kolkhoz")  # just after the assignment
    expected = dict(before)
    for code, f in field.items():
        expected[f] += legal["hours"][code]
    assert {f["field"]: f["hours"] for f in state["fields"]} == expected


@pytest.mark.django_db
def test_the_clock_of_a_game_at_no_table_and_of_no_game(api):
    created = store(bot_log("kolkhoz", SEED)[:5], seed=SEED)
    body = api.get(f"/api/games/{created.game.pk}/clock/").json()
    assert body["limit_s"] is None and body["turns"] == []
    r = api.get("/api/games/not-a-game/clock/")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
