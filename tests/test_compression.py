"""Compressed responses (config/middleware.py, README "Compressed responses").

Given a finished Kolkhoz game / when its frames, the game list and a page are asked for
with ``Accept-Encoding: gzip`` / then they come gzipped (the same JSON once unpacked, the
ETag still answering 304), and never a response that may carry a secret beside the
request's input (a POST's seat tokens, a page with a CSRF token) or a live stream. Static
files are collected with a gzipped copy that WhiteNoise serves."""

from __future__ import annotations

import gzip
import json

import pytest
from django.core.management import call_command
from django.http import HttpResponse, StreamingHttpResponse
from django.test import Client, RequestFactory, override_settings

from config.middleware import compressible
from tests.frontend import data
from tests.replays.helpers import SEATS

pytestmark = pytest.mark.django_db
GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}


def test_json_is_gzipped_for_a_client_that_accepts_it_and_unpacks_to_the_same():
    game = data.known_game()
    client = Client()
    url = f"/api/games/{game.pk}/frames/"
    plain = client.get(url)
    packed = client.get(url, **GZIP)
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"] and "Authorization" in packed["Vary"]
    assert json.loads(gzip.decompress(packed.content)) == json.loads(plain.content)
    assert len(packed.content) * 5 < len(plain.content)  # frames repeat a lot: ≥ 5×
    # the ETag (made weak by gzip) still answers 304
    again = client.get(url, HTTP_IF_NONE_MATCH=packed["ETag"], **GZIP)
    assert again.status_code == 304
    listed = client.get("/api/games/", **GZIP)
    assert listed["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(listed.content))["count"] == 1


def test_a_public_page_is_gzipped():
    r = Client().get("/rules/", **GZIP)
    assert r.status_code == 200 and r["Content-Encoding"] == "gzip"
    assert b"<article" in gzip.decompress(r.content)


def test_secrets_beside_the_requests_input_are_never_compressed(monkeypatch):
    client = Client()
    created = client.post("/api/games/", {"seats": SEATS, "seed": "x" * 300},
                          content_type="application/json", **GZIP)
    assert created.status_code == 201 and "seat_tokens" in created.json()
    assert "Content-Encoding" not in created
    monkeypatch.setattr("tournaments.dispatch.tables_enqueue", lambda ids: None)
    from tests.leagues.league_helpers import make_tournament

    t = make_tournament(n=4, fmt="round-robin", rounds=1, seed="gzip")
    page = client.get(f"/tournaments/{t.pk}/", **GZIP)  # its csrf-token meta tag
    assert page.status_code == 200 and b'name="csrf-token"' in page.content
    assert "Content-Encoding" not in page


def test_a_live_stream_is_never_compressed():
    request = RequestFactory().get("/api/games/x/stream/", **GZIP)
    stream = StreamingHttpResponse(iter([b"data: 1\n\n"]), content_type="text/event-stream")
    assert not compressible(request, stream)
    assert compressible(request, HttpResponse("x" * 500, content_type="application/json"))


def test_collected_static_files_are_served_gzipped(tmp_path):
    with override_settings(STATIC_ROOT=tmp_path, WHITENOISE_USE_FINDERS=False):
        call_command("collectstatic", interactive=False, verbosity=0,
                     ignore_patterns=["admin", "rest_framework", "drf_spectacular_sidecar"])
        assert (tmp_path / "frontend" / "site.css.gz").exists()
        client = Client()  # a new handler: WhiteNoise reads the collected files
        r = client.get("/static/frontend/site.css", **GZIP)
        assert r.status_code == 200 and r["Content-Encoding"] == "gzip"
        body = gzip.decompress(b"".join(r.streaming_content))
        assert body.startswith(b"/* The site's base")
        plain = client.get("/static/frontend/site.css")
        assert "Content-Encoding" not in plain and b"".join(plain.streaming_content) == body
