"""Rate limits: sign-in attempts (django-axes) and the endpoints that re-adjudicate or
export whole games (DRF throttles).

- After ``AXES_FAILURE_LIMIT`` failed sign-ins from one address, that address is locked
  out for the cool-off: the sign-in form answers a page (429), the sign-in API the JSON
  error envelope (429 ``locked_out``, ``Retry-After``) — even with the right password —
  while another address still signs in.
- ``verify``, ``whatif``, ``evidence`` and ``import`` answer 429 ``throttled`` with
  ``Retry-After`` once an anonymous caller has used its rate; another caller is not
  affected. The test suite runs with high rates (``config/settings_test.py``); these tests
  set low ones.
"""

from __future__ import annotations

import base64
import secrets

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client, override_settings
from rest_framework.test import APIClient

from replays.selectors import game_record
from tests.replays.helpers import stored_bot_game

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-password-77"


def address() -> str:
    """A fresh address per client (the limits count per address, and their counts outlive
    a run in a shared Redis cache): random, in IPv6's documentation range."""
    return f"2001:db8::{secrets.token_hex(2)}:{secrets.token_hex(2)}:{secrets.token_hex(2)}"


# -- sign-in attempts ----------------------------------------------------------------------

axes_on = override_settings(AXES_ENABLED=True, AXES_FAILURE_LIMIT=3)


@axes_on
def test_the_sign_in_form_locks_an_address_out_after_failed_attempts():
    User.objects.create_user("lockme", password=PASSWORD)
    browser = Client(REMOTE_ADDR=address())
    for _ in range(2):
        r = browser.post("/accounts/login/", {"username": "lockme", "password": "wrong"})
        assert r.status_code == 200 and b"Wrong name or password" in r.content
    r = browser.post("/accounts/login/", {"username": "lockme", "password": "wrong"})
    assert r.status_code == 429
    assert r["Content-Type"].startswith("text/html")
    assert b"Too many failed sign-in attempts" in r.content
    assert int(r["Retry-After"]) > 0
    # locked: the right password is refused too, and no session is opened
    r = browser.post("/accounts/login/", {"username": "lockme", "password": PASSWORD})
    assert r.status_code == 429 and "_auth_user_id" not in browser.session
    r = browser.post("/admin/login/", {"username": "lockme", "password": PASSWORD})
    assert r.status_code == 429 and b"Too many failed sign-in attempts" in r.content
    # another address is not locked out
    other = Client(REMOTE_ADDR=address())
    r = other.post("/accounts/login/", {"username": "lockme", "password": PASSWORD})
    assert r.status_code == 302 and "_auth_user_id" in other.session


@axes_on
def test_the_sign_in_api_locks_an_address_out_with_a_json_429():
    User.objects.create_user("lockapi", password=PASSWORD)
    api = APIClient(REMOTE_ADDR=address())
    wrong = {"username": "lockapi", "password": "wrong"}
    for _ in range(2):
        r = api.post("/api/accounts/login/", wrong, format="json")
        assert r.status_code == 401 and r.json()["error"]["code"] == "bad_credentials"
    r = api.post("/api/accounts/login/", wrong, format="json")
    assert r.status_code == 429 and r["Content-Type"] == "application/json"
    error = r.json()["error"]
    assert error["code"] == "locked_out" and "sign-in" in error["message"]
    assert int(r["Retry-After"]) == error["retry_after"] > 0
    r = api.post("/api/accounts/login/", {"username": "lockapi", "password": PASSWORD},
                 format="json")
    assert r.status_code == 429 and "sessionid" not in r.cookies
    r = APIClient(REMOTE_ADDR=address()).post(
        "/api/accounts/login/", {"username": "lockapi", "password": PASSWORD}, format="json")
    assert r.status_code == 200 and r.json()["user"]["username"] == "lockapi"


def _basic(name: str, password: str) -> dict[str, str]:
    raw = base64.b64encode(f"{name}:{password}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {raw}"}


@axes_on
def test_basic_authentication_is_locked_out_too_and_refuses_nul_characters():
    """The leagues and disputes API take HTTP Basic: failures count, a locked-out address
    gets the JSON 429; a name with a NUL character is refused (it was a 500 on PostgreSQL)."""
    User.objects.create_user("lockbasic", password=PASSWORD)
    api = APIClient(REMOTE_ADDR=address())
    # (DRF answers 403 here: the session authenticator, first, sends no challenge)
    r = api.get("/api/disputes/", **_basic("lock\x00basic", "wrong"))
    assert r.status_code == 403, r.content[:300]
    assert r.json()["error"]["code"] == "authentication_failed"
    assert api.get("/api/disputes/", **_basic("lockbasic", PASSWORD)).status_code == 200
    for _ in range(2):
        r = api.get("/api/disputes/", **_basic("lockbasic", "wrong"))
        assert r.json()["error"]["code"] == "authentication_failed"
    for password in ("wrong", PASSWORD):
        r = api.get("/api/disputes/", **_basic("lockbasic", password))
        assert r.status_code == 429 and r.json()["error"]["code"] == "locked_out"


def test_sign_in_attempts_are_limited_by_default():
    """The production settings enable axes with a finite limit and a cool-off (the test
    settings switch it off so that ``Client.login`` works: axes needs the request)."""
    from config import settings as production

    assert production.AXES_ENABLED is True
    assert 0 < production.AXES_FAILURE_LIMIT <= 10 and production.AXES_COOLOFF_TIME
    assert production.AUTHENTICATION_BACKENDS[0] == "axes.backends.AxesStandaloneBackend"
    assert "axes.middleware.AxesMiddleware" in production.MIDDLEWARE


# -- throttled whole-game endpoints --------------------------------------------------------

THROTTLED = ["verify", "whatif", "evidence", "import"]


def low_rates(rate: str = "2/minute"):
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]}
    rates.update({scope: rate for scope in THROTTLED})
    return override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK,
                                             "DEFAULT_THROTTLE_RATES": rates})


def _call(client: APIClient, what: str, game_id: str, record: dict):
    if what == "import":
        return client.post("/api/games/import/", record, format="json")
    if what == "whatif":
        return client.post(f"/api/games/{game_id}/whatif/", {"preset": "zone"}, format="json")
    return client.get(f"/api/games/{game_id}/{what}/")


@pytest.mark.parametrize("what", THROTTLED)
def test_whole_game_endpoints_answer_429_once_an_anonymous_caller_used_its_rate(what):
    created = stored_bot_game("kolkhoz", "throttle-seed")
    record = game_record(game=created.game)
    caller = APIClient(REMOTE_ADDR=address())
    with low_rates():
        for _ in range(2):
            r = _call(caller, what, str(created.game.pk), record)
            assert r.status_code in (200, 201), (what, r.status_code, r.content[:300])
        r = _call(caller, what, str(created.game.pk), record)
        assert r.status_code == 429, (what, r.status_code)
        error = r.json()["error"]
        assert error["code"] == "throttled" and error["message"]
        assert 0 < int(r["Retry-After"]) <= 60 and error["retry_after"] == int(r["Retry-After"])
        # another caller still gets an answer
        r = _call(APIClient(REMOTE_ADDR=address()), what, str(created.game.pk), record)
        assert r.status_code in (200, 201)


def test_a_forwarded_for_header_does_not_dodge_the_throttle():
    """Without a trusted proxy (NUM_PROXIES=0) the caller is its socket address, whatever
    X-Forwarded-For it sends."""
    created = stored_bot_game("kolkhoz", "throttle-seed")
    caller = APIClient(REMOTE_ADDR=address())
    with low_rates("1/minute"):
        assert caller.get(f"/api/games/{created.game.pk}/verify/").status_code == 200
        r = caller.get(f"/api/games/{created.game.pk}/verify/",
                       HTTP_X_FORWARDED_FOR=address())
        assert r.status_code == 429


def test_the_schema_documents_the_429():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    ops = {op["operationId"]: op for item in schema["paths"].values()
           for op in item.values() if isinstance(op, dict) and "operationId" in op}
    for op_id in ("games_verify", "games_whatif", "games_evidence", "games_import",
                  "accounts_login"):
        assert "429" in ops[op_id]["responses"], op_id
