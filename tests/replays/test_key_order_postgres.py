"""Games played move by move through the store verify on PostgreSQL.

PostgreSQL's ``jsonb`` hands every stored object back with its keys reordered (shorter
keys first, then bytewise), e.g. an ``assign``'s ``cards`` ``{"9C": …, "QC": …, "10C": …}``.
The platform folds the stored log before each decision, so an engine that filed a
trick's cards in the key order of ``cards`` built a 36-card Orden stack (its ``farmed``
rewards, then the cellars and requisition) differently from re-adjudication of the same
inputs, and honest kolkhoznik games failed ``verify``. Here live games (every move
through ``game_submit_input``), a league table whose bots move a decision at a time,
and an all-bot league table (``table_play``) are played on PostgreSQL and must verify.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from django.core.management import CommandError, call_command

import kolkhoz_core
from replays import engine
from replays.models import Game
from replays.selectors import game_events, game_verify
from replays.services import game_append, game_create_from_engine, game_submit_input
from tournaments import services
from tournaments.models import Table, TableSeat

from .helpers import SEATS, store

pytestmark = [pytest.mark.postgres, pytest.mark.usefixtures("postgres"), pytest.mark.django_db]

BOTS = {seat: "random" for seat in range(4)}


def reordered_assigns(events: list[dict[str, Any]]) -> int:
    """How many stored assignments list their cards in another order than the trick
    before them (what jsonb does to most of them): the store really reorders keys."""
    return sum(1 for prev, ev in zip(events, events[1:], strict=False)
               if ev["type"] == "assign" and list(ev["cards"]) != prev["cards"])


def play_live(preset: str, seed: str) -> Game:
    """A live game whose every decision goes through ``game_submit_input`` (the store
    folds its stored log before each one), bots choosing for all four seats."""
    game = game_create_from_engine(ruleset={"preset": preset}, seats=SEATS, seed=seed,
                                   secret=f"secret-{seed}").game
    return play_moves(game)


def play_moves(game: Game) -> Game:
    """Play ``game`` to its end, one ``game_submit_input`` per decision."""
    for _ in range(2000):
        events = game_events(game=game)
        inp = engine.bot_decision(events, BOTS, seed=game.seed_secret)
        if inp is None:
            break
        game_submit_input(game=game, expected_seq=len(events), inp=inp, seat=inp["seat"])
    game.refresh_from_db()
    assert game.status == "finished"
    return game


@pytest.mark.parametrize(("preset", "seed"), [("kolkhoznik", "ko-1"), ("kolkhoznik", "ko-2"),
                                              ("zone", "ko-3")])
def test_a_live_game_played_move_by_move_verifies(preset: str, seed: str) -> None:
    game = play_live(preset, seed)
    events = game_events(game=game)
    assert reordered_assigns(events) > 0
    report = game_verify(game=game)
    assert report["ok"], report["failure"]


def test_a_league_table_played_a_decision_at_a_time_verifies() -> None:
    """A table with a person whose seat the autopilot holds: ``table_play`` moves every
    seat one decision at a time, folding the stored log before each."""
    from tests.humans.helpers import make_mixed_tournament, make_person, person_seat, the_table

    person = make_person("keyorder")
    t = make_mixed_tournament(person=person, seed="ko-table",
                              ruleset={"preset": "kolkhoznik"})
    services.tournament_start(tournament=t)
    table = the_table(t)
    TableSeat.objects.filter(table=table, seat=person_seat(table, person)).update(autopilot=True)
    services.table_play(table_id=table.pk)
    table = Table.objects.select_related("game").get(pk=table.pk)
    assert table.status == "finished"
    assert reordered_assigns(game_events(game=table.game)) > 0
    report = game_verify(game=table.game)
    assert report["ok"], report["failure"]


def test_an_all_bot_kolkhoznik_league_table_verifies() -> None:
    """``table_play``'s year-at-a-time runner folds the stored log only at a year's start
    (when no field holds a card), so all-bot tables verified before the fix too; kept as
    the guard for that path."""
    from tests.leagues.league_helpers import make_tournament, play_inline, reference_log

    t = make_tournament(n=4, fmt="swiss", rounds=1, seed="ko-league", preset="kolkhoznik")
    services.tournament_start(tournament=t)
    play_inline(t)
    for table in Table.objects.filter(round__tournament=t).select_related("game"):
        report = game_verify(game=table.game)
        assert report["ok"], report["failure"]
        assert game_events(game=table.game) == reference_log(table)


def play_as_released_before_the_fix(game: Game, seed: str) -> Game:
    """Play ``game`` to its end as the platform did before x.key_order (the 0.1.0 code,
    which 0.2.0 ran until 4837f7a): before each decision, fold the log as PostgreSQL
    hands it back and decide on that."""
    old = kolkhoz_core.releases.engine("0.1.0")  # the frozen release itself
    for _ in range(2000):
        events = game_events(game=game)
        state = old.fold(events)
        if state.finished:
            break
        inp = old.chance_input(state, seed) or engine.bot_decision(events, BOTS, seed=seed)
        game_append(game=game, expected_seq=len(events), events=old.decide(state, inp,
                                                                          seed=seed))
    game.refresh_from_db()
    assert game.status == "finished"
    return game


def pre_fix_game(version: str, seed: str) -> Game:
    """A live kolkhoznik game pinned to ``version`` and played move by move in
    PostgreSQL by the code that filed assignments in key order."""
    opening_engine = kolkhoz_core.releases.engine(version)
    opening = opening_engine.new_game(opening_engine.build_ruleset({"preset": "kolkhoznik"}),
                                      SEATS, seed=seed)
    game = play_as_released_before_the_fix(store(opening, seed=seed).game, seed)
    assert game.engine_version == version
    return game


@pytest.mark.parametrize("version", ["0.1.0", "0.2.0"])
def test_a_game_played_before_the_key_order_fix_verifies_as_played_live(api, version) -> None:
    """Engine 0.1.0 — and 0.2.0 as released before the fix (6fe9dc3) — filed assignments
    in key order: such live kolkhoznik games stored in PostgreSQL do not re-adjudicate
    from their record, but every decision re-derives from the stored log before it, as
    the platform derived it then. Verify, verify_games, regress_games and the evidence
    bundle pass them, saying how (docs/verify.md "Key order")."""
    game = pre_fix_game(version, f"ko-old-{version}")
    events = game_events(game=game)
    record_log = engine.adjudicate(engine.to_record(events), engine_version=version)
    assert record_log != events  # the record alone does not give this log

    report = api.get(f"/api/games/{game.pk}/verify/").json()
    assert report["ok"] and report["failure"] is None, report["failure"]
    assert report["adjudication"]["method"] == "stored_folds"
    assert "PostgreSQL" in report["adjudication"]["note"]

    out = io.StringIO()
    call_command("verify_games", stdout=out)
    assert "re-derived as played live" in next(line for line in out.getvalue().splitlines()
                                               if str(game.pk) in line)
    out = io.StringIO()
    call_command("regress_games", "--strict", stdout=out)
    assert "0 log(s) changed (1 re-derived as played live" in out.getvalue()

    bundle = api.get(f"/api/games/{game.pk}/evidence/").json()
    checked = kolkhoz_core.verify_bundle(bundle)
    assert checked["ok"] and checked["note"] and checked["passed"][-1] == "record"


def test_a_pre_fix_game_changed_after_the_fact_still_fails_and_says_why(api) -> None:
    """The same kind of game with one stored consequence's cards listed in another
    order (what a changed log could look like): neither its record nor its live
    derivation gives it, so it fails, with the key-order note and no card named."""
    game = pre_fix_game("0.2.0", "ko-old-changed")
    events = game_events(game=game)
    seq, farmed = next((i, e) for i, e in enumerate(events)
                       if e["type"] == "farmed" and len(e["rewards"]) > 1)
    changed = [*events[:seq], dict(farmed, rewards=farmed["rewards"][::-1]), *events[seq + 1:]]
    game = store(changed, seed="ko-old-changed").game

    report = api.get(f"/api/games/{game.pk}/verify/").json()
    assert not report["ok"] and report["chain"]["ok"] and report["deals"]["ok"]
    failure = report["failure"]
    assert failure["check"] == "adjudication" and failure["note"]
    assert "PostgreSQL" in failure["message"] and "0.2.0" in failure["message"]
    assert not re.search(r"\b(10|[2-9]|[JQKA])[HDCS]\b", failure["note"])
    assert "method" not in report["adjudication"]

    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("verify_games", stdout=out)
    assert "PostgreSQL" in next(line for line in out.getvalue().splitlines()
                                if str(game.pk) in line)
    bundle = api.get(f"/api/games/{game.pk}/evidence/").json()
    checked = kolkhoz_core.verify_bundle(bundle)
    assert not checked["ok"] and checked["failure"]["check"] == "consequences"
    assert checked["failure"]["note"]


def test_a_0_1_0_game_changed_in_substance_gets_no_key_order_note() -> None:
    """The note is only for a mismatch in order: a 0.1.0 game whose stored result was
    changed fails without it."""
    old = kolkhoz_core.releases.engine("0.1.0")  # the frozen release itself
    seed = "ko-old-2"
    # a frozen release carries no bots: 0.1.0 adjudicates a bot game's inputs
    record = kolkhoz_core.to_record(engine.play_bot_game(preset="kolkhoznik", seats=SEATS,
                                                         seed=seed))
    log = old.adjudicate(record)
    assert log[0]["engine_version"] == "0.1.0"
    end = dict(log[-1], scores=[s + 1 for s in log[-1]["scores"]])
    game = store(log[:-1] + [end], seed=seed).game
    report = game_verify(game=game)
    assert not report["ok"] and report["failure"]["check"] == "adjudication"
    assert "note" not in report["failure"]
    assert report["adjudication"]["first_divergence"]["note"] is None
