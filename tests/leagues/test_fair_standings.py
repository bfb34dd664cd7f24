"""Fair fills and transparent standings over the API, on PostgreSQL (played in-process).

Given a Swiss of 10 random bots over 5 rounds filled with house bots, and one of 6 over 3
rounds with byes / when they are played and the standings are read as JSON and CSV /
then every row counts the player's house bots and byes as the stored rounds have them
(within one of each other: the issue's field of 10 had 5 and 1), says the tie-break
order, and for each pair of adjacent rows on equal points names the criterion that
separated them with both values (or a shared rank) — the CSV the same, with the exact
fractions."""

from __future__ import annotations

import csv
import io
from collections import Counter

import pytest

from tournaments import services
from tournaments.models import Bye, TableSeat

from .league_helpers import make_tournament, play_inline

pytestmark = [pytest.mark.django_db, pytest.mark.postgres]
ORDER = ["cellar", "medals", "opponents_points"]
# Explicit secrets (bot-only runs may fix one) make the deals, and so the ties on points
# the tests below rely on, the same on every run; a random secret left them to chance.
BOTS_SECRET = "fair-bots-10-secret"
BYES_SECRET = "fair-byes-6-secret"


def stored_house_bots(t) -> Counter[str]:
    """House-bot seats at each entry's tables, from the TableSeat rows themselves."""
    entered = {e.player.name for e in t.entries.select_related("player")}
    seats: dict[int, list[str]] = {}
    for s in TableSeat.objects.filter(table__round__tournament=t).select_related("player"):
        seats.setdefault(s.table_id, []).append(s.player.name)
    out: Counter[str] = Counter()
    for names in seats.values():
        bots = [n for n in names if n not in entered]
        assert all(n.startswith("house-bot-") for n in bots)
        out.update({n: len(bots) for n in names if n in entered})
    return out


def check_separations(rows: list[dict]) -> int:
    """Every row's ``separated_from_next`` against the figures of the two rows; returns
    how many pairs of adjacent rows were equal on points."""
    ties = 0
    for row, nxt in zip(rows, rows[1:], strict=False):
        sep = row["separated_from_next"]
        if row["points_exact"] != nxt["points_exact"]:
            assert sep is None
            continue
        ties += 1
        mine = [row[c] for c in ORDER]
        theirs = [nxt[c] for c in ORDER]
        if sep["shared_rank"]:
            assert mine == theirs and row["rank"] == nxt["rank"]
            assert row["player"] < nxt["player"] and sep["tiebreak"] is None
        else:
            i = ORDER.index(sep["tiebreak"])
            assert mine[:i] == theirs[:i] and sep["values"] == [mine[i], theirs[i]]
            assert mine[i] > theirs[i] and nxt["rank"] > row["rank"]
    assert rows[-1]["separated_from_next"] is None
    return ties


def read_csv(api, t) -> list[dict[str, str]]:
    resp = api.get(f"/api/tournaments/{t.pk}/standings/?format=csv")
    assert resp.status_code == 200 and resp["Content-Type"].startswith("text/csv")
    return list(csv.DictReader(io.StringIO(resp.content.decode())))


def test_house_bots_are_spread_and_reported(api, postgres):
    t = make_tournament(n=10, fmt="swiss", rounds=5, seed="fair-bots-10", fill_policy="bots",
                        secret=BOTS_SECRET)
    services.tournament_start(tournament=t)
    play_inline(t)
    rows = api.get(f"/api/tournaments/{t.pk}/standings/").json()
    stored = stored_house_bots(t)
    # 2 bots a round at two of the three tables: 6 seats with a bot, 30 over 5 rounds
    assert sum(stored.values()) == 30
    assert {r["player"]: r["house_bots"] for r in rows} == {r["player"]: 3 for r in rows}
    assert dict(stored) == {r["player"]: r["house_bots"] for r in rows}
    assert all(r["byes"] == 0 and r["tiebreak_order"] == ORDER for r in rows)
    assert check_separations(rows) >= 1  # these secrets give at least one tie on points
    parsed = read_csv(api, t)
    assert [p["player"] for p in parsed] == [r["player"] for r in rows]
    for p, r in zip(parsed, rows, strict=True):
        sep = r["separated_from_next"]
        word = "" if sep is None else ("shared_rank" if sep["shared_rank"] else sep["tiebreak"])
        assert p["separated_from_next"] == word
        assert (p["house_bots"], p["byes"]) == (str(r["house_bots"]), "0")
        assert p["points_exact"] == r["points_exact"]
        assert p["opponents_points_exact"] == r["opponents_points_exact"]
        assert p["tiebreak_order"] == ", ".join(ORDER)


def test_byes_are_reported_and_ties_explained(api, postgres):
    t = make_tournament(n=6, fmt="swiss", rounds=3, seed="fair-byes-6", fill_policy="bye",
                        secret=BYES_SECRET)
    services.tournament_start(tournament=t)
    play_inline(t)
    rows = api.get(f"/api/tournaments/{t.pk}/standings/").json()
    byes = Counter(Bye.objects.filter(round__tournament=t).values_list("player__name",
                                                                       flat=True))
    assert {r["player"]: r["byes"] for r in rows} == dict(byes) == {r["player"]: 1
                                                                    for r in rows}
    assert all(r["house_bots"] == 0 for r in rows)
    assert check_separations(rows) >= 1  # these secrets give at least one tie on points
    parsed = read_csv(api, t)
    assert [p["byes"] for p in parsed] == ["1"] * 6
    for p, r in zip(parsed, rows, strict=True):
        sep = r["separated_from_next"]
        if sep is not None and not sep["shared_rank"]:
            assert float(p["separation_value"]) == pytest.approx(sep["values"][0])
            assert float(p["next_separation_value"]) == pytest.approx(sep["values"][1])
