"""Every paginated list bounds ``?limit=`` and ``?offset=`` before the database (issue 20
regression): schemathesis found ``GET /api/disputes/?limit=1503136619615257871914979295232``
a 500 on PostgreSQL (``bigint out of range``) — DRF's paginator passes any integer on.
Now a limit over 500 is 500 and an offset past the end an empty page, on every list,
with rows in it (an empty table never reaches the slice)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from disputes.models import Dispute
from tests.leagues.league_helpers import make_tournament, play_inline
from tournaments import services
from tournaments.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]
HUGE = 10**30


@pytest.mark.usefixtures("postgres")
def test_huge_limits_and_offsets_are_bounded_on_every_list(api):
    t = make_tournament(n=4, fmt="series", rounds=1, seed="pg-bounds")
    services.tournament_start(tournament=t)
    play_inline(t)
    table = Table.objects.filter(round__tournament=t).first()
    user = User.objects.create_user("pg-bounds", password="pg-bounds-123")
    Dispute.objects.create(game=table.game, seq_from=1, seq_to=2, clause="x", text="h",
                           raised_by=user)
    lists = ["/api/disputes/", "/api/leagues/", "/api/tournaments/", "/api/players/",
             "/api/tables/", "/api/games/"]
    seasons = f"/api/leagues/{t.season.league_id}/seasons/"  # (no season in divisions)
    for query in (f"limit={HUGE}", f"offset={2**63 - 1}&limit=5"):
        assert api.get(f"{seasons}?{query}").status_code == 200
    for url in lists:
        for query in (f"limit={HUGE}", f"limit={2**63}", f"offset={HUGE}",
                      f"offset={2**63 - 1}&limit=5", f"limit={2**63 - 1}&offset={2**62}"):
            r = api.get(f"{url}?{query}")
            assert r.status_code == 200, (url, query, r.status_code)
            body = r.json()
            assert body["count"] >= 1, (url, body)
            if "offset" not in query:
                assert 1 <= len(body["results"]) <= 500, (url, query)
            else:
                assert body["results"] == [], (url, query)
