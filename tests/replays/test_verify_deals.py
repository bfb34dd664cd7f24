"""Verification checks every chance outcome against the seed (issue 12, "Verification
checks everything it can"): a stored game whose deals are not the ones its own seed
gives fails ``verify`` (API, ``verify_games``, the evidence bundle) at the deal's seq; a
record like that is refused at import (422 ``seed_mismatch``, nothing stored); a live
game's deals are checked against the secret seed without the seed or a hidden card
appearing in the answer."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from kolkhoz_core import build_ruleset, play_game
from kolkhoz_core.bots import get_bot
from kolkhoz_core.bundle import verify_bundle
from replays import engine
from replays.models import Game, GameEvent
from replays.selectors import game_verify
from replays.services import game_append, game_create

from .helpers import SEATS, bot_log
from .test_leak import cards_in, hidden_from

pytestmark = pytest.mark.django_db

HONEST, OTHER = "honest-seed", "another-seed"


def _random_trump_log() -> list[dict]:
    """A finished bot game (seed HONEST) where each year's trump is drawn from the seed."""
    rules = build_ruleset({"preset": "kolkhoz", "options": {"trump_selection": "random"}})
    return play_game(rules, SEATS, [get_bot("random") for _ in SEATS], HONEST)


def _forged_record(preset: str = "kolkhoz") -> dict:
    """A finished game's record whose explicit deals come from HONEST but which names
    OTHER as its seed: it adjudicates (explicit deals are inputs), yet its own seed does
    not give its deals."""
    record = engine.to_record(bot_log(preset, HONEST))
    record["seed"] = OTHER
    return record


def _store_forged(record: dict) -> Game:
    """The forged game as a platform that did not check imports would have stored it."""
    events = engine.adjudicate(record)
    return game_create(events=events, seed=record["seed"]).game


def test_verify_api_fails_a_stored_record_whose_deals_are_not_its_seeds(api):
    game = _store_forged(_forged_record())
    report = api.get(f"/api/games/{game.pk}/verify/").json()
    assert report["chain"]["ok"] and report["adjudication"]["ok"]  # consistent otherwise
    assert report["ok"] is False
    assert report["deals"]["ok"] is False and report["deals"]["checked"] is True
    assert report["deals"]["first_bad_seq"] == 2
    assert report["failure"] == {"check": "deals", "seq": 2,
                                 "message": report["deals"]["message"]}
    assert "year 1" in report["deals"]["message"]


def test_verify_games_fails_on_it_and_names_the_check_and_seq():
    game = _store_forged(_forged_record())
    out = io.StringIO()
    with pytest.raises(CommandError, match="1 game"):
        call_command("verify_games", stdout=out)
    line = next(ln for ln in out.getvalue().splitlines() if str(game.pk) in ln)
    assert line.startswith("FAIL")
    detail = json.loads(line.split(" ", 2)[2])
    assert detail["failure"] == {"check": "deals", "seq": 2}


def test_the_evidence_bundle_of_it_fails_the_deals_check(api):
    game = _store_forged(_forged_record())
    bundle = json.loads(api.get(f"/api/games/{game.pk}/evidence/").content)
    failure = verify_bundle(bundle)["failure"]
    assert failure["check"] == "deals" and failure["seq"] == 2


def test_a_random_trump_not_from_the_seed_fails_verify():
    """A trump other than the seed's makes other trick winners, so no finished game with
    it adjudicates; a live game stopped just after it verifies its trump all the same."""
    log = _random_trump_log()
    trump_seq = next(e["seq"] for e in log if e["type"] == "trump")
    suits = ["H", "D", "C", "S"]
    other = suits[(suits.index(log[trump_seq]["suit"]) + 1) % 4]
    forged = engine.decide(log[:trump_seq], {"type": "trump", "seat": None, "suit": other},
                           seed=HONEST)
    game = game_create(events=log[:trump_seq] + forged, seed=HONEST).game
    report = game_verify(game=game)
    assert report["adjudication"]["ok"] and report["ok"] is False
    assert report["failure"]["check"] == "deals" and report["failure"]["seq"] == trump_seq
    assert "trump" in report["failure"]["message"]


# -- import ----------------------------------------------------------------------------


def test_import_refuses_a_record_whose_seed_does_not_give_its_deals(api):
    before = (Game.objects.count(), GameEvent.objects.count())
    r = api.post("/api/games/import/", _forged_record(), format="json")
    assert r.status_code == 422, r.content
    error = r.json()["error"]
    assert error["code"] == "seed_mismatch" and error["seq"] == 2
    assert error["check"] == "deals"
    assert (Game.objects.count(), GameEvent.objects.count()) == before


def test_import_refuses_a_random_trump_not_from_the_seed(api):
    log = _random_trump_log()
    record = engine.to_record(log)
    trump = next(i for i in record["inputs"] if i["type"] == "trump")
    trump["suit"] = "H" if trump["suit"] != "H" else "S"
    r = api.post("/api/games/import/", record, format="json")
    assert r.status_code == 422 and r.json()["error"]["code"] == "seed_mismatch"
    assert r.json()["error"]["seq"] == next(e["seq"] for e in log if e["type"] == "trump")
    assert not Game.objects.exists()


def test_import_record_command_refuses_it_and_stores_nothing(tmp_path):
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(_forged_record()), encoding="utf-8")
    with pytest.raises(CommandError, match="seed_mismatch") as info:
        call_command("import_record", str(path), stdout=io.StringIO())
    assert json.loads(str(info.value))["error"]["seq"] == 2
    assert not Game.objects.exists()


@pytest.mark.parametrize("preset", ["kolkhoz", "kolkhoznik", "zone"])
def test_an_honest_record_with_its_seed_imports_and_verifies(api, preset):
    record = engine.to_record(bot_log(preset, HONEST))
    r = api.post("/api/games/import/", record, format="json")
    assert r.status_code == 201, r.content
    report = api.get(f"/api/games/{r.json()['game']['id']}/verify/").json()
    assert report["ok"] is True and report["failure"] is None
    assert report["deals"] == {"ok": True, "checked": True, "first_bad_seq": None,
                               "message": None}


def test_a_record_without_a_seed_has_nothing_to_check_and_says_so(api):
    record = engine.to_record(bot_log("kolkhoz", HONEST))
    del record["seed"]
    r = api.post("/api/games/import/", record, format="json")
    assert r.status_code == 201, r.content
    report = api.get(f"/api/games/{r.json()['game']['id']}/verify/").json()
    assert report["ok"] is True and report["deals"]["checked"] is False


def test_an_empty_seed_is_a_seed_at_import_and_in_verify(api):
    """Finding (review): ``"seed": ""`` passed import with deals from elsewhere — the
    platform took the empty string for "no seed" — though the game committed to
    sha256("") at seq 0 and revealed "" at its end; ``verify`` said ok (deals
    unchecked) while the evidence bundle's own verifier failed its deals at seq 2."""
    record = _forged_record()
    record["seed"] = ""
    r = api.post("/api/games/import/", record, format="json")
    assert r.status_code == 422, r.content
    assert r.json()["error"]["code"] == "seed_mismatch" and r.json()["error"]["seq"] == 2
    assert not Game.objects.exists()
    game = _store_forged(record)  # as a platform that did not check imports stored it
    report = api.get(f"/api/games/{game.pk}/verify/").json()
    assert report["ok"] is False and report["deals"]["checked"] is True
    assert report["failure"]["check"] == "deals" and report["failure"]["seq"] == 2
    bundle = json.loads(api.get(f"/api/games/{game.pk}/evidence/").content)
    assert verify_bundle(bundle)["failure"]["seq"] == 2  # the two verifiers agree


# -- a live game: checked against the secret seed, nothing leaks -----------------------


def _live_game_with_a_foreign_deal() -> tuple[Game, list[dict], list[dict]]:
    """A live game seeded HONEST whose first deal (seq 2) is the one OTHER gives — what a
    tampering writer would store — and a few moves into year 1; also the deal HONEST
    gives there (what verify must not show)."""
    honest = bot_log("kolkhoz", HONEST)
    game = game_create(events=honest[:2], seed=HONEST).game
    foreign = engine.decide(honest[:2], engine.chance_input(honest[:2], OTHER), seed=OTHER)
    game_append(game=game, expected_seq=2, events=foreign)
    events = honest[:2] + foreign
    expected = engine.decide(honest[:2], engine.chance_input(honest[:2], HONEST), seed=HONEST)
    return Game.objects.get(pk=game.pk), events, expected


def test_a_live_games_deals_are_checked_against_the_secret_seed(api):
    game, _, _ = _live_game_with_a_foreign_deal()
    assert game.status == "live"
    report = api.get(f"/api/games/{game.pk}/verify/").json()
    assert report["ok"] is False
    assert report["failure"]["check"] == "deals" and report["failure"]["seq"] == 2


def test_a_live_games_verify_shows_neither_the_seed_nor_a_hidden_card(api):
    game, events, expected = _live_game_with_a_foreign_deal()
    r = api.get(f"/api/games/{game.pk}/verify/")
    text = r.content.decode()
    assert HONEST not in text and OTHER not in text
    hidden = hidden_from(events, None) | hidden_from(expected, None)
    assert hidden  # the stored deal and the one the seed gives are both face down
    assert not cards_in(r.json()) & hidden
    assert r.json()["deals"]["message"] == (
        "the deal of year 1 at seq 2 is not the one the seed gives (kolkhoz-shuffle/1)")


def test_a_damaged_live_games_verify_names_no_hidden_card_in_its_error(api):
    """Finding (review): a live game whose log does not re-adjudicate (a stored swap its
    seat could not make — a writer's bug or a rules change without a version bump)
    answered anonymous callers with the engine's error, input index and message
    included: "seat 3 does not hold 9S", a face-down card of another seat. For a live
    game the error keeps its code and clause only."""
    from tests.harness.test_security import leaked

    log = bot_log("kolkhoz", HONEST)
    at = next(i for i, e in enumerate(log) if e["type"] == "swap" and e.get("hand"))
    live = log[: at + 6]
    swap = live[at]
    other = next(c for s, h in enumerate(live[2]["hands"]) if s != swap["seat"] for c in h
                 if c != swap["hand"])
    live[at] = dict(swap, hand=other)  # stored as a buggy writer would have
    game = game_create(events=live, seed=HONEST).game
    report = api.get(f"/api/games/{game.pk}/verify/").json()
    assert report["ok"] is False and report["adjudication"]["first_divergence"]["seq"] == at
    hidden = hidden_from(log[: at + 6], None) | hidden_from(live, None) | {other}
    assert not leaked(report, hidden), report
    error = report["adjudication"]["error"]
    assert error["code"] and set(error) == {"code", "rule"}


def test_an_honest_live_game_verifies_with_its_deals_checked(api):
    from .helpers import stored_bot_game

    game = stored_bot_game("kolkhoz", HONEST, upto=60).game
    report = api.get(f"/api/games/{game.pk}/verify/").json()
    assert report["ok"] is True and report["deals"]["checked"] is True
    assert HONEST not in json.dumps(report)
