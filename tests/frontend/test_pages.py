"""The pages without a browser: each renders its template (its ES module does the rest),
unknown ids are 404s, and the rulebook carries an anchor for every clause id."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from tests.replays.helpers import stored_bot_game

from . import data

pytestmark = pytest.mark.django_db


@pytest.fixture
def client() -> Client:
    return Client()


def test_rulebook_has_an_anchor_for_every_clause_the_engine_cites(client):
    r = client.get("/rules/")
    assert r.status_code == 200
    html = r.content.decode()
    ids = set(re.findall(r'id="([^"]+)"', html))
    cited = {rule for event in data.known_log() for rule in event.get("rules", [])}
    for preset in ("kolkhoznik", "zone"):
        cited |= {rule for e in stored_bot_game(preset, "rules-ids").game.events.values_list(
            "payload", flat=True) for rule in e.get("rules", [])}
    assert cited and cited <= ids, sorted(cited - ids)
    assert 'id="the-year"' in html  # headings keep their GitHub-style ids
    assert "<table>" in html


@pytest.mark.parametrize("game,name", [("gongzhu", "Gong Zhu"), ("korova", "Korova"),
                                       ("arne", "Arne Total")])
def test_each_games_rulebook_page_has_every_clause_of_its_rulings(client, game, name):
    """Given docs/<game>/rules.md / when /rules/<game>/ is read / then every clause id of
    that game's RULINGS.md has its anchor there, and a game without a rulebook (or a path
    that is no game id) is a 404."""
    from pathlib import Path

    rulings = (Path(__file__).resolve().parents[2] / "docs" / "design" / game
               / "RULINGS.md").read_text(encoding="utf-8")
    clauses = set(re.findall(r"^- `([a-z][a-z0-9]*(?:\.[a-z0-9_]+)?)` —", rulings, re.M))
    assert len(clauses) >= 20
    r = client.get(f"/rules/{game}/")
    assert r.status_code == 200
    html = r.content.decode()
    assert name in html
    ids = set(re.findall(r'id="([^"]+)"', html))
    assert clauses <= ids, sorted(clauses - ids)
    assert client.get("/rules/nosuchgame/").status_code == 404
    assert client.get("/rules/design/").status_code == 404


def test_replay_page_names_its_game_and_404s_for_an_unknown_one(client):
    game = data.known_game()
    r = client.get(f"/games/{game.pk}/")
    assert r.status_code == 200
    body = r.content.decode()
    assert f'data-game="{game.pk}"' in body and 'data-status="finished"' in body
    assert "frontend/replay.js" in body and "frontend/shell.css" in body
    assert 'data-game-type="kolkhoz"' in body
    books = json.loads(body.split('<script id="rulebooks" type="application/json">')[1]
                       .split("</script>")[0])
    assert books["docs/rules.md"] == "/rules/"
    assert books["docs/gongzhu/rules.md"] == "/rules/gongzhu/"
    missing = client.get("/games/not-a-game/")
    assert missing.status_code == 404 and b"No such game" in missing.content
    assert client.get("/games/00000000-0000-0000-0000-000000000000/").status_code == 404


def test_league_pages_render_and_404(client, monkeypatch):
    monkeypatch.setattr("tournaments.dispatch.tables_enqueue", lambda ids: None)
    from tests.leagues.league_helpers import make_tournament

    t = make_tournament(n=4, fmt="round-robin", rounds=1, seed="pages")
    assert client.get("/leagues/").status_code == 200
    assert client.get(f"/tournaments/{t.pk}/").status_code == 200
    assert client.get(f"/leagues/{t.season.league_id}/ladder/").status_code == 200
    assert client.get("/tournaments/99999/").status_code == 404
    assert client.get("/leagues/99999/ladder/").status_code == 404


def test_every_page_module_is_served(client):
    for name in ("replay.js", "play.js", "shell.js", "log.js", "clauses.js", "controls.js",
                 "deeplink.js", "renderers.js", "games/kolkhoz.js", "games/kolkhoz-cards.js",
                 "games/kolkhoz-controls.js", "games/kolkhoz.css", "games/generic.js",
                 "games/generic.css", "games/gongzhu.js", "games/gongzhu-cards.js",
                 "games/gongzhu-controls.js", "games/gongzhu.css", "replay-controller.js",
                 "perspective.js", "api.js", "dom.js", "tournament.js", "ladder.js",
                 "ratingchart.js", "sortable.js", "leagues.js", "index.js", "site.css",
                 "shell.css"):
        r = client.get(f"/static/frontend/{name}")
        assert r.status_code == 200, name


def test_play_page_is_the_shell_with_moves_and_404s_for_an_unknown_game(client):
    game = data.known_game()
    body = client.get(f"/play/{game.pk}/").content.decode()
    assert 'id="play"' in body and 'data-game-type="kolkhoz"' in body and 'id="actions"' in body
    assert "frontend/play.js" in body and 'id="log"' in body and 'id="perspective"' in body
    missing = client.get("/play/00000000-0000-0000-0000-000000000000/")
    assert missing.status_code == 404 and b"No such game" in missing.content


def test_the_favicon_is_linked_from_every_page_and_served_at_favicon_ico(client):
    """Given the site's SVG icon / when a page or /favicon.ico is asked for / then the page
    links it and /favicon.ico redirects (temporarily) to it, served as SVG."""
    page = client.get("/rules/").content.decode()
    link = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', page)
    assert link and link.group(1).endswith("frontend/favicon.svg")
    r = client.get("/favicon.ico")
    assert r.status_code == 302 and r["Location"] == link.group(1)
    icon = client.get(r["Location"])
    assert icon.status_code == 200 and icon["Content-Type"] == "image/svg+xml"
    assert b"<svg" in b"".join(icon.streaming_content)
