"""Every stored game stays verifiable under the engine it was played with (issue 12).

A game stored under the frozen release 0.1.0 is folded, shown, explained, exported and
verified by that release — so it still verifies after the current engine's behaviour
changes (simulated here by changing a rule of the current engine only). A game pinned
to a version no release provides is reported as ``engine_unavailable``, never as
tampered, and never crashes an endpoint.
"""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

import kolkhoz_core
from replays import engine, selectors
from replays.models import Game, GameStatus
from replays.services import game_advance_chance, game_bots_play, game_seats_assign

from .fixtures import change_current_rules, load_log, load_record, load_release_log
from .helpers import SEATS, store

pytestmark = pytest.mark.django_db

OLD = ("0.1.0", "play_kolkhoz_fx-1")


@pytest.fixture
def rules_change(monkeypatch):
    """The current engine's behaviour changes (lowest score wins) — in the current
    engine's code only: a frozen release has its own copy of every rule."""
    change_current_rules(monkeypatch)


def _store_log(log):
    game = store(log, seed=log[-1].get("seed")).game
    return Game.objects.get(pk=game.pk)


def test_a_game_played_under_a_frozen_older_engine_still_verifies_after_the_current_engine_changes(
        api, rules_change):
    # given a game played and stored under engine 0.1.0, and a current-engine game
    old_log = load_release_log(*OLD)
    old = _store_log(old_log)
    assert old.status == GameStatus.FINISHED and old.engine_version == "0.1.0"
    current = _store_log(load_log(OLD[1]))
    # when the current engine's rules change (no version bump for this simulation)
    # then the current-engine game no longer verifies (the change is real) ...
    report = api.get(f"/api/games/{current.pk}/verify/").json()
    assert not report["ok"]
    assert report["adjudication"]["first_divergence"]["seq"] == len(old_log) - 1
    # ... while the 0.1.0 game still verifies, by the frozen 0.1.0 engine
    report = api.get(f"/api/games/{old.pk}/verify/").json()
    assert report["ok"], report
    assert report["adjudication"]["engine_version"] == "0.1.0"
    out = io.StringIO()
    with pytest.raises(CommandError):  # verify_games agrees: only the current game fails
        call_command("verify_games", stdout=out)
    assert f"ok   {old.pk}" in out.getvalue() and f"FAIL {current.pk}" in out.getvalue()
    # and everything else about it is its own engine's: frames, explanations, record,
    # evidence (whose bundle verifies with the current package), what-if, regression
    frames = api.get(f"/api/games/{old.pk}/frames/").json()["frames"]
    assert len(frames) == len(old_log)
    assert frames[-1]["event"]["places"] == old_log[-1]["places"]
    assert api.get(f"/api/games/{old.pk}/explain/").status_code == 200
    assert api.get(f"/api/games/{old.pk}/record/").json()["inputs"] == load_record(
        OLD[1])["inputs"]
    bundle = api.get(f"/api/games/{old.pk}/evidence/").json()
    assert bundle["engine_version"] == "0.1.0"
    assert engine.verify_bundle(bundle)["ok"]
    assert api.post(f"/api/games/{old.pk}/whatif/", {"options": {}},
                    format="json").json()["same"]
    assert selectors.game_verify(game=old)["ok"]


def test_regress_games_uses_each_games_pinned_engine_and_current_shows_the_change(
        rules_change, capsys):
    old_log = load_release_log(*OLD)
    _store_log(old_log)
    call_command("regress_games")  # the 0.1.0 game reproduces under 0.1.0
    assert "0 result(s) changed" in capsys.readouterr().out
    with pytest.raises(CommandError):
        call_command("regress_games", "--current")  # the current engine would re-rank it
    assert "RESULT" in capsys.readouterr().out


def test_a_live_game_started_under_the_old_engine_goes_on_under_it(rules_change):
    # given a live game begun under 0.1.0 (before an upgrade), all four seats bots
    old = engine.definition("0.1.0")
    opening = old.start(old.ruleset({"preset": "kolkhoz"}), SEATS, {"first_planner": None},
                        seed="live-under-0.1.0")
    game = store(opening, seed="live-under-0.1.0").game
    game_seats_assign(game=game, bots=["random"] * 4)
    game_advance_chance(game=game)  # the first deal, as game_create_from_engine does
    # when it is played on after the current engine's rules changed
    game_bots_play(game_id=game.pk)
    game = Game.objects.get(pk=game.pk)
    assert game.status == GameStatus.FINISHED
    log = selectors.game_events(game=game)
    # then every event is 0.1.0's: it verifies, and the ranking is the old rules', not
    # the changed current engine's
    assert log[0]["engine_version"] == "0.1.0"
    assert selectors.game_verify(game=game)["ok"]
    record = old.to_record(log, seed="live-under-0.1.0")
    assert old.adjudicate(record) == log
    assert kolkhoz_core.adjudicate(record)[-1]["places"] != log[-1]["places"]


def _unknown_version_game():
    log = load_log(OLD[1])
    log[0] = dict(log[0], engine_version="9.9.9")
    return _store_log(log)


def test_a_game_pinned_to_an_unknown_engine_is_reported_as_such_not_as_tampered(api):
    game = _unknown_version_game()
    report = api.get(f"/api/games/{game.pk}/verify/").json()
    # the chain is intact: nobody tampered; the engine is what is missing
    assert report["chain"]["ok"] and not report["ok"]
    adjudication = report["adjudication"]
    assert adjudication["error"]["code"] == "engine_unavailable"
    assert adjudication["first_divergence"] is None
    assert "9.9.9" in adjudication["error"]["message"]
    assert report["failure"]["check"] == "engine_version"
    # whereas a tampered game (a changed ranking, even re-chained) is a divergence
    tampered = load_log(OLD[1])
    tampered[-1] = dict(tampered[-1], places=[5 - p for p in tampered[-1]["places"]])
    report = selectors.game_verify(game=_store_log(tampered))
    assert report["failure"]["check"] == "adjudication"
    assert report["adjudication"]["error"] is None
    assert report["adjudication"]["first_divergence"]["seq"] == len(tampered) - 1


@pytest.mark.parametrize("path", ["frames/", "record/", "evidence/", "explain/", "events/",
                                  "state/"])
def test_reads_of_a_game_with_an_unknown_engine_never_500(api, path):
    game = _unknown_version_game()
    detail = api.get(f"/api/games/{game.pk}/").json()  # what it is pinned to is known
    assert detail["engine_version"] == "9.9.9"
    # every read that needs the rules (redaction included) says which engine is missing
    r = api.get(f"/api/games/{game.pk}/{path}")
    assert r.status_code == 409, r.content
    error = r.json()["error"]
    assert error["code"] == "engine_unavailable" and error["version"] == "9.9.9"


def test_regress_games_fails_on_a_game_whose_engine_is_unavailable(capsys):
    _unknown_version_game()
    with pytest.raises(CommandError, match="unavailable engine"):
        call_command("regress_games")
    assert "ENGINE" in capsys.readouterr().out


def test_a_bot_table_begun_under_the_old_engine_finishes_under_it(monkeypatch, rules_change):
    from tests.leagues.league_helpers import make_tournament, play_inline
    from tournaments import services as tournaments
    from tournaments.models import Table

    # given a tournament table whose game was set up while 0.1.0 was the current engine
    old = engine.definition("0.1.0")
    current_new_game = engine.new_game

    def new_game_under_0_1_0(*, ruleset, seats, first_planner, seed, game="kolkhoz", setup=None):
        return old.start(old.ruleset(ruleset), list(seats), {"first_planner": first_planner},
                         seed)

    monkeypatch.setattr(engine, "new_game", new_game_under_0_1_0)
    t = make_tournament(n=4, fmt="series", rounds=1, seed="engine-upgrade")
    tournaments.tournament_start(tournament=t)
    monkeypatch.setattr(engine, "new_game", current_new_game)
    # when its bots play it out after the upgrade (and the current rules changed)
    play_inline(t)
    # then the game went on under 0.1.0 to the end: it verifies, and the table's result
    # is the 0.1.0 result
    table = Table.objects.select_related("game").get(round__tournament=t)
    assert table.game.engine_version == "0.1.0"
    log = selectors.game_events(game=table.game)
    assert {e.get("engine_version") for e in log if e["type"] == "game"} == {"0.1.0"}
    assert selectors.game_verify(game=table.game)["ok"]
    assert table.places == log[-1]["places"]
    record = old.to_record(log, seed=log[-1]["seed"])
    assert kolkhoz_core.adjudicate(record)[-1]["places"] != table.places
