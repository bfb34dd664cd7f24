"""``manage.py run_season``: two seasons of a bot league in two divisions, each table
played by the Celery task (eager, in this process), the second season made from the
first one's moves."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.models import League

pytestmark = pytest.mark.django_db(transaction=True)
ONE_YEAR = '{"preset": "kolkhoz", "options": {"years": 1}}'


def test_two_seasons_promote_and_relegate(eager_celery) -> None:
    out = io.StringIO()
    call_command("run_season", "--no-worker", "--bots", "8", "--divisions", "2",
                 "--promote", "1", "--relegate", "1", "--seasons", "2", "--rounds", "1",
                 "--ruleset", ONE_YEAR, "--secret", "run-season-test", "--json",
                 "--timeout", "120", stdout=out)
    result = json.loads(out.getvalue())
    first, second = result["seasons"]
    assert (first["status"], second["status"]) == ("closed", "closed")
    assert first["next"] == second["number"] == 2
    up = [m for m in first["movements"] if m["reason"] == "promoted"]
    down = [m for m in first["movements"] if m["reason"] == "relegated"]
    assert len(up) == len(down) == 1 and len(first["movements"]) == 8
    top = {m["player"] for m in second["divisions"][0]["members"]}
    bottom = {m["player"] for m in second["divisions"][1]["members"]}
    assert up[0]["player"] in top and down[0]["player"] in bottom
    before = {m["player"] for m in first["divisions"][0]["members"]}
    assert top == before - {down[0]["player"]} | {up[0]["player"]}
    assert all(d["tournament"]["status"] == "finished" for s in result["seasons"]
               for d in s["divisions"])

    text = io.StringIO()
    call_command("run_season", "--no-worker", "--bots", "8", "--seasons", "1",
                 "--rounds", "1", "--ruleset", ONE_YEAR, "--secret", "run-season-text",
                 stdout=text)
    assert "Season 1 (closed)" in text.getvalue() and "Division 2" in text.getvalue()
    leagues = League.objects.count()
    with pytest.raises(CommandError, match="division_too_small"):
        call_command("run_season", "--no-worker", "--bots", "6", "--divisions", "2",
                     "--ruleset", ONE_YEAR, stdout=io.StringIO())
    with pytest.raises(CommandError, match="not JSON"):
        call_command("run_season", "--no-worker", "--ruleset", "{years", stdout=io.StringIO())
    assert League.objects.count() == leagues  # a refused run stores nothing
