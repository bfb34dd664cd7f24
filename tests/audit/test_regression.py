"""The regression check: every fixture record re-adjudicated with the CURRENT engine
must give the stored result, and every stored game with its pinned engine — a rules
change that alters an old result fails CI here (and ``manage.py regress_games`` exits
non-zero); test_engine_releases.py demands a new engine version for any log change."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from kolkhoz_core import whatif as core_whatif
from kolkhoz_core.whatif import regress
from replays import engine
from tests.replays.fixtures import is_refused, load_log, load_record, record_names

PLAYABLE = [n for n in record_names() if not is_refused(n)]
WITH_LOGS = [n for n in PLAYABLE if load_log(n) is not None]


def test_there_are_stored_fixture_logs():
    assert len(WITH_LOGS) >= 5


@pytest.mark.parametrize("name", WITH_LOGS)
def test_every_fixture_log_is_reproduced_by_the_current_engine(name):
    report = regress(load_log(name), load_record(name))
    assert report["ok"] and not report["result_changed"], report["first_divergence"]


def test_a_changed_result_is_reported_with_its_seq():
    name = WITH_LOGS[0]
    stored = load_log(name)
    stored[-1] = dict(stored[-1], places=[4, 3, 2, 1] if stored[-1]["places"] != [4, 3, 2, 1]
                      else [1, 2, 3, 4])
    report = regress(stored, load_record(name))
    assert report["result_changed"] and not report["ok"]
    assert report["first_divergence"]["seq"] == len(stored) - 1


@pytest.mark.django_db
def test_regress_games_passes_on_the_stored_fixtures_and_fails_on_a_rules_change(
        api, monkeypatch, capsys):
    for name in PLAYABLE:
        assert api.post("/api/games/import/", load_record(name), format="json").status_code == 201
    call_command("regress_games")
    out = capsys.readouterr().out
    assert f"{len(PLAYABLE)} finished games re-adjudicated" in out and "0 result(s)" in out

    real = core_whatif.adjudicate

    def changed_engine(record):  # a "rules change" that reverses every ranking
        events = real(record)
        end = events[-1]
        events[-1] = dict(end, places=[5 - p for p in end["places"]])
        return events

    monkeypatch.setattr(core_whatif, "adjudicate", changed_engine)
    with pytest.raises(CommandError):
        call_command("regress_games")
    assert "RESULT" in capsys.readouterr().out


@pytest.mark.django_db
def test_a_rules_change_that_only_touches_the_log_fails_only_in_strict_mode(monkeypatch):
    from tests.replays.helpers import stored_bot_game

    stored_bot_game("kolkhoz", "regress-log")
    real = core_whatif.adjudicate

    def new_facts(record):
        events = real(record)
        events[5] = dict(events[5], facts={"new": True})
        return events

    monkeypatch.setattr(core_whatif, "adjudicate", new_facts)
    call_command("regress_games")
    with pytest.raises(CommandError):
        call_command("regress_games", "--strict")
    assert engine.engine_version()
