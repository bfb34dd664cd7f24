"""``manage.py run_league`` with ``--game`` and ``--table-size``: a Kolkhoz league at its
four seats runs as before (tables played in this process by eager Celery), its printout
naming Kolkhoz's figures."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db(transaction=True)


def test_run_league_plays_a_kolkhoz_league_at_four_seats(eager_celery) -> None:
    out = io.StringIO()
    call_command("run_league", "--no-worker", "--game", "kolkhoz", "--table-size", "4",
                 "--bots", "4", "--rounds", "1", "--secret", "run-league-test", "--json",
                 "--timeout", "120", stdout=out)
    result = json.loads(out.getvalue())
    assert result["status"] == "finished" and len(result["standings"]) == 4
    assert {"cellar", "medals", "fourths"} <= set(result["standings"][0])
    text = io.StringIO()
    call_command("run_league", "--no-worker", "--bots", "4", "--rounds", "1",
                 "--secret", "run-league-text", "--timeout", "120", stdout=text)
    header = next(line for line in text.getvalue().splitlines() if line.startswith("  #"))
    assert header.split() == ["#", "player", "pts", "cellar", "medals", "opp"]
