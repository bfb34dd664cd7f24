"""The admin's season screens: seasons, divisions with their members and movements are
listed read-only, and the action closes a finished season and opens the next."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from seasons import services
from seasons.models import Division, SeasonPlan

from .helpers import FAST, bots, league, play_season

pytestmark = pytest.mark.django_db


def test_admin_lists_read_only_and_closes_by_action():
    lg = league("admin")
    season = services.season_open(league=lg, players=bots("admin", 8), divisions=2, **FAST)
    admin = User.objects.create_superuser("boss", password="a-long-password-9")
    browser = Client()
    browser.force_login(admin)
    plan = SeasonPlan.objects.get(season=season)
    division = Division.objects.filter(season=season).first()
    for url in ("/admin/seasons/seasonplan/", f"/admin/seasons/seasonplan/{plan.pk}/change/",
                "/admin/seasons/division/", f"/admin/seasons/division/{division.pk}/change/",
                "/admin/seasons/movement/"):
        r = browser.get(url)
        assert r.status_code == 200, url
    assert browser.get("/admin/seasons/seasonplan/add/").status_code == 403
    assert "admin-1" in browser.get(f"/admin/seasons/division/{division.pk}/change/")\
        .content.decode()

    action = {"action": "close_seasons", "_selected_action": [plan.pk]}
    r = browser.post("/admin/seasons/seasonplan/", action, follow=True)
    assert "season_unfinished" in r.content.decode()
    play_season(season)
    r = browser.post("/admin/seasons/seasonplan/", action, follow=True)
    assert "closed." in r.content.decode()
    plan.refresh_from_db()
    assert plan.status == "closed" and SeasonPlan.objects.filter(previous=plan).exists()
