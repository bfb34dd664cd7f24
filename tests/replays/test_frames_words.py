"""The frames the page shell draws: one source of words, clause anchors, the seat of a
signed-in account, and only the new frames (``?after=``).

Given a stored game, when its frames are read, then each step's ``caption`` is the first
sentence of the game's own ``explanation`` (no second wording), each cited clause id
comes with its rulebook anchor, a signed-in seat holder sees its own seat's frames of a
live game, and ``?after=N`` answers only the steps after N with the same ETag rules."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from gamekit import registry
from replays import engine
from replays.frames import caption_of
from replays.models import GameSeat
from replays.services import game_create
from tests.core.fake_game import OddOneOut
from tests.replays.helpers import stored_bot_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("text,first", [
    ("Seat 1 (b) leads 7♣.", "Seat 1 (b) leads 7♣."),
    ("Field Wheat is completed: 42 of 40 hours (farm.threshold). Seat 0 takes 4♥.",
     "Field Wheat is completed: 42 of 40 hours (farm.threshold)."),
    ("The seed is sha256 e8bc… and revealed (setup.seed). Engine 0.2.0.",
     "The seed is sha256 e8bc… and revealed (setup.seed)."),
    ("no full stop", "no full stop"),
    ("  spaced\n  out.  Next.", "spaced out."),
    ("", ""),
])
def test_a_caption_is_the_first_sentence_of_the_explanation(text, first):
    assert caption_of(text) == first


def test_each_frame_says_the_games_own_words_and_anchors_its_clauses(api):
    game = stored_bot_game("kolkhoz", "words").game
    body = api.get(f"/api/games/{game.pk}/frames/").json()
    events = list(game.events.order_by("seq").values_list("payload", flat=True))
    texts = engine.explanations(events, game.seats)
    assert [f["explanation"] for f in body["frames"]] == texts
    assert all(f["caption"] == caption_of(f["explanation"]) and f["caption"]
               for f in body["frames"])
    assert body["game_type"] == "kolkhoz" and body["seats"] == list(game.seats)
    cited = {r for f in body["frames"] for r in f["rules"]}
    assert cited and set(body["clauses"]) == cited
    assert body["clauses"]["req.take"] == "docs/rules.md#req.take"


def test_a_game_without_a_rulebook_has_no_anchors_and_still_its_words(api):
    with registry.registered(OddOneOut()):
        events = engine.play_bot_game(preset=None, seats=["A", "B", "C"], seed="fw",
                                      game="oddoneout")
        game = game_create(events=events, seed="fw", game="oddoneout").game
        body = api.get(f"/api/games/{game.pk}/frames/").json()
    assert body["game_type"] == "oddoneout" and body["clauses"] == {}
    assert body["seats"] == ["A", "B", "C"]
    assert [f["caption"] for f in body["frames"]][:1] == ["game ()."]


def test_a_signed_in_seat_holder_sees_its_seat_and_may_still_ask_as_a_spectator():
    created = stored_bot_game("kolkhoz", "words-live", upto=12)
    user = User.objects.create_user("holder", password="a-long-password-5")
    GameSeat.objects.filter(game=created.game, index=2).update(user=user)
    browser = Client()
    browser.force_login(user)
    url = f"/api/games/{created.game.pk}/frames/"
    mine = browser.get(url)
    assert mine.status_code == 200 and mine.json()["viewer"] == 2
    assert "Cookie" in mine["Vary"]
    deal = next(f for f in mine.json()["frames"] if f["type"] == "deal")
    assert all(deal["state"]["hands"][2]) and deal["state"]["hands"][0] == [None] * 5
    assert browser.get(url + "?perspective=2").json()["viewer"] == 2
    assert browser.get(url + "?perspective=spectator").json()["viewer"] is None
    r = browser.get(url + "?perspective=1")
    assert r.status_code == 403 and r.json()["error"]["code"] == "perspective_forbidden"
    assert Client().get(url).json()["viewer"] is None  # signed out: a spectator


def test_after_answers_only_the_new_frames(api):
    created = stored_bot_game("kolkhoz", "words-after", upto=20)
    url = f"/api/games/{created.game.pk}/frames/"
    whole = api.get(url)
    tail = api.get(url + "?after=15")
    assert tail.status_code == 200 and tail["ETag"] == whole["ETag"]
    body = tail.json()
    assert [f["seq"] for f in body["frames"]] == [16, 17, 18, 19]
    assert body["frames"] == whole.json()["frames"][16:]
    assert body["head_seq"] == 20 and body["clauses"] == whole.json()["clauses"]
    assert api.get(url + "?after=19").json()["frames"] == []
    assert api.get(url + "?after=15", HTTP_IF_NONE_MATCH=whole["ETag"]).status_code == 304
    bad = api.get(url + "?after=x")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "malformed"
