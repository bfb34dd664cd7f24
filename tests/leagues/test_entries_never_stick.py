"""Entries that could leave a tournament stuck (issue 12, "tournaments never stick"),
played as a hostile signed-in person and a careless organiser.

- A person's entry made a scheduled round-robin unstartable: the organiser's start
  answered a 500 (``ValueError`` from the pairing) and the beat task that starts due
  tournaments raised on it every minute, leaving every due tournament after it unstarted.
- A match series is played by exactly four: a fifth entry can never start.
- Withdrawing a Swiss below four active players made the next round's pairing raise in
  the last table's task: the table went ``failed`` with an error no resume can fix.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.services import tournament_enter
from replays.errors import ConflictError
from tests.humans.helpers import make_person
from tournaments import services, tasks
from tournaments.models import TournamentStatus
from tournaments.services import LeagueError

from .league_helpers import make_tournament, play_inline

pytestmark = pytest.mark.django_db


def _due(**kw):
    return make_tournament(starts_at=timezone.now() - timedelta(minutes=1), **kw)


def test_a_persons_entry_never_makes_the_start_a_500_nor_blocks_other_due_tournaments():
    # given a scheduled 8-player round-robin that a person entered (9 entries) and
    # another tournament due at the same time
    broken = _due(n=8, fmt="round-robin", rounds=2, seed="rr-entered")
    tournament_enter(user=make_person("rr-intruder"), tournament_id=broken.pk)
    other = _due(n=4, fmt="swiss", rounds=1, seed="rr-bystander")
    # when the organiser starts it over the API: a 400 with a clear code, nothing started
    staff = User.objects.create_superuser("rr-organiser", password="a-long-password-9")
    api = APIClient()
    api.force_login(staff)
    r = api.post(f"/api/tournaments/{broken.pk}/start/")
    assert r.status_code == 400, r.content
    error = r.json()["error"]
    assert error["code"] == "bad_entries" and "9" in error["message"]
    broken.refresh_from_db()
    assert broken.status == TournamentStatus.SCHEDULED and not broken.round_set.exists()
    # when the beat task runs: the other due tournament starts all the same
    started = tasks.start_due_tournaments()
    other.refresh_from_db()
    assert started == [other.pk] and other.status == TournamentStatus.RUNNING


def test_a_full_match_series_takes_no_fifth_entry():
    t = make_tournament(n=4, fmt="series", rounds=2, seed="series-full")
    with pytest.raises(ConflictError) as err:
        tournament_enter(user=make_person("series-fifth"), tournament_id=t.pk)
    assert err.value.code == "full"
    assert t.entries.count() == 4


def test_a_swiss_is_never_withdrawn_below_four_players():
    # given a 4-player Swiss of two rounds, running
    t = make_tournament(n=4, fmt="swiss", rounds=2, seed="swiss-wd", fill_policy="bye")
    services.tournament_start(tournament=t)
    # when the organiser withdraws one: refused, the entry stays active
    victim = t.entries.first().player
    with pytest.raises(LeagueError) as err:
        services.entry_withdraw(tournament=t, player=victim)
    assert err.value.code == "too_few_entries"
    assert not t.entries.get(player=victim).withdrawn
    # then the tournament plays to its end
    play_inline(t)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED


def test_a_larger_swiss_still_withdraws_down_to_four():
    t = make_tournament(n=5, fmt="swiss", rounds=2, seed="swiss-wd5", fill_policy="bye")
    services.tournament_start(tournament=t)
    services.entry_withdraw(tournament=t, player=t.entries.first().player)
    play_inline(t)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
