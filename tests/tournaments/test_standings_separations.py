"""The transparent standings' columns agree with the rows, in JSON and CSV, for a small
Swiss with house bots; players with formula-like names come out of the CSV as text
(a leading ' — tournaments.csvsafe), never as a formula a spreadsheet would run."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest

from tests.leagues.league_helpers import play_inline
from tournaments import services

pytestmark = pytest.mark.django_db
ONE_YEAR = {"preset": "kolkhoz", "options": {"years": 1}}


def test_separations_agree_with_rows_json_and_csv(api):
    league = services.league_create(name="probe", slug="probe-sep", ruleset=ONE_YEAR)
    players = [services.player_bot_get_or_create(name=n, bot_name="random")
               for n in ("=1+1", "+A1", "-2+3", "@SUM", "plain-1", "plain-2")]
    t = services.tournament_create(season=league.seasons.get(), name="T", format="swiss",
                                   rounds=3, players=players, ruleset=ONE_YEAR, seed="sep")
    services.tournament_start(tournament=t)
    play_inline(t)
    rows = api.get(f"/api/tournaments/{t.pk}/standings/").json()
    rows = rows.get("results", rows) if isinstance(rows, dict) else rows
    order = rows[0]["tiebreak_order"]
    for a, b in zip(rows, rows[1:], strict=False):
        sep = a["separated_from_next"]
        if a["points_exact"] != b["points_exact"]:
            assert sep is None, (a, b)
            continue
        assert sep is not None, (a, b)
        if sep["shared_rank"]:
            assert a["rank"] == b["rank"]
            assert all(a.get(k) == b.get(k) for k in order)
        else:
            assert a["rank"] < b["rank"]
            k = sep["tiebreak"]
            assert k in order
            earlier = order[:order.index(k)]
            assert all(Fraction(str(a[e])) == Fraction(str(b[e])) for e in earlier
                       if e != "opponents_points"), (a, b, sep)
            mine, theirs = (Fraction(v) for v in sep["values_exact"])
            assert (mine < theirs) if sep["lower_wins"] else (mine > theirs)
    assert rows[-1]["separated_from_next"] is None
    # house-bot seats at each player's tables, summed: 6 entrants at tables of 4 are two
    # tables of 3 and a house bot, every round (docs/tournaments-core.md)
    assert [r["house_bots"] for r in rows] == [3] * 6 and all(r["byes"] == 0 for r in rows)
    text = api.get(f"/api/tournaments/{t.pk}/standings/?format=csv").content.decode()
    got = list(csv.DictReader(io.StringIO(text)))
    safe = {"=1+1": "'=1+1", "+A1": "'+A1", "-2+3": "'-2+3", "@SUM": "'@SUM"}
    assert [g["player"] for g in got] == [safe.get(r["player"], r["player"]) for r in rows]
    assert not any(c.startswith(("=", "+", "@")) for g in got for c in g.values() if c)
    for g, r in zip(got, rows, strict=True):
        assert int(g["house_bots"]) == r["house_bots"] and int(g["byes"]) == r["byes"]
        assert g["tiebreak_order"] == ", ".join(order)
