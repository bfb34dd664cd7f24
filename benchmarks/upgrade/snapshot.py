"""Snapshot what the API serves for every stored game, tournament and league, to compare
the same database before and after an upgrade (``compare.py``; docs/verify.md
"Checking an upgrade"). Runs under either release's code (only its HTTP API and models):

    cd TREE && PYTHONPATH=TREE DATABASE_URL=... python benchmarks/upgrade/snapshot.py \
        --fill fill.json --out snap.json

Every game: detail, spectator events, record (finished), verify. The heavy views — frames,
explain, evidence, as a spectator — for the first game of each kind ``fill.py`` stored
and the first table of each tournament; every seat token ``fill.py`` kept: that seat's
events, frames, legal and state. Tournaments: detail, standings, games; leagues, tables,
ladder, players, disputes; the pages' status codes. One JSON object {path: {status,
etag, body}}.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
for rate in ("VERIFY", "WHATIF", "EVIDENCE", "IMPORT", "CREATE"):
    os.environ.setdefault(f"THROTTLE_RATE_{rate}", "10000/minute")
sys.path.insert(0, os.getcwd())

import django  # noqa: E402

django.setup()

from rest_framework.test import APIClient  # noqa: E402

from replays.models import Game  # noqa: E402
from tournaments.models import League, Table, Tournament  # noqa: E402

API = APIClient()
OUT: dict[str, Any] = {}


def get(path: str, *, token: str | None = None, page: bool = False) -> None:
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    r = API.get(path, **headers)
    key = path + (f" [seat token {token[:6]}]" if token else "")
    entry: dict[str, Any] = {"status": r.status_code, "etag": r.get("ETag")}
    if not page:
        try:
            entry["body"] = r.json()
        except ValueError:
            entry["body"] = r.content.decode(errors="replace")[:200]
    OUT[key] = entry


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fill", help="fill.py's JSON output (sample ids, seat tokens)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    fill = json.load(open(args.fill)) if args.fill else {"ids": {}, "tokens": {}}

    games = list(Game.objects.order_by("created_at", "id").values_list("pk", "status"))
    get("/api/games/?limit=500")
    for pk, status in games:
        base = f"/api/games/{pk}/"
        get(base)
        get(base + "events/")
        get(base + "verify/")
        if status == "finished":
            get(base + "record/")
    sample = {ids[0] for ids in fill["ids"].values()}
    sample |= {str(t.game_id) for t in Table.objects.filter(round__number=1, number=1)
               if t.game_id}
    for pk in sorted(sample):
        get(f"/api/games/{pk}/frames/")
        get(f"/api/games/{pk}/explain/")
        if Game.objects.filter(pk=pk, status="finished").exists():
            get(f"/api/games/{pk}/evidence/")
        get(f"/games/{pk}/", page=True)
    for pk, seats in sorted(fill.get("tokens", {}).items()):
        for token in seats.values():
            for view in ("events/", "frames/", "legal/", "state/"):
                get(f"/api/games/{pk}/{view}", token=token)

    for t in Tournament.objects.order_by("pk"):
        get(f"/api/tournaments/{t.pk}/")
        get(f"/api/tournaments/{t.pk}/standings/")
        get(f"/api/tournaments/{t.pk}/games/")
        get(f"/tournaments/{t.pk}/", page=True)
    for league in League.objects.order_by("pk"):
        get(f"/api/leagues/{league.pk}/")
        get(f"/api/ratings/?league={league.pk}&limit=500")
        get(f"/leagues/{league.pk}/ladder/", page=True)
    for path in ("/api/leagues/", "/api/tournaments/?limit=500", "/api/tables/?limit=1000",
                 "/api/players/?limit=500", "/api/disputes/?limit=500"):
        get(path)
    for path in ("/", "/leagues/", "/rules/"):
        get(path, page=True)
    with open(args.out, "w") as fh:
        json.dump(OUT, fh, sort_keys=True)
    print(f"{len(OUT)} responses from {len(games)} games -> {args.out}")


if __name__ == "__main__":
    main()
