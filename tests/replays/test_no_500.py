"""No 500 on any input a client can send: random JSON to the write endpoints, random
mutations of a valid record, odd query strings and headers."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from .fixtures import load_record, record_names
from .helpers import SEATS, stored_bot_game

pytestmark = pytest.mark.django_db

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 60)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=6)
    | st.sampled_from(["play", "deal", "KH", "X", "H", "trump", "10S"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["type", "seat", "card", "cards", "suit", "hands", "jobs", "year",
                         "pass", "hand", "cellar", "format", "inputs", "seats", "ruleset",
                         "preset", "options", "first_planner", "seed", "x"]), inner, max_size=6),
    max_leaves=20,
)
FAST = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@FAST
@given(body=JSON)
def test_import_never_500(body):
    r = APIClient().post("/api/games/import/", body, format="json")
    assert r.status_code in (201, 400, 422), (r.status_code, body)


BASE = load_record(next(n for n in record_names() if n.startswith("base_")))


@FAST
@given(index=st.integers(0, len(BASE["inputs"]) - 1), key=st.sampled_from(
    ["type", "seat", "card", "cards", "suit", "hands", "jobs", "year"]), value=JSON)
def test_mutated_record_never_500(index, key, value):
    record = copy.deepcopy(BASE)
    record["inputs"][index][key] = value
    r = APIClient().post("/api/games/import/", record, format="json")
    assert r.status_code in (201, 400, 422), (r.status_code, index, key, value, r.content)


@FAST
@given(field=st.sampled_from(["ruleset", "seats", "first_planner", "seed", "format"]),
       value=JSON)
def test_mutated_envelope_never_500(field, value):
    record = copy.deepcopy(BASE)
    record[field] = value
    r = APIClient().post("/api/games/import/", record, format="json")
    assert r.status_code in (201, 400, 422), (r.status_code, field, value, r.content)


def test_inputs_and_reads_never_500():
    created = stored_bot_game("kolkhoz", "no500", upto=9)
    gid = created.game.pk
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {created.seat_tokens[0]}")

    @FAST
    @given(body=JSON, seq=st.integers(-2, 12))
    def post_inputs(body, seq):
        r = client.post(f"/api/games/{gid}/inputs/", {"expected_seq": seq, "input": body},
                        format="json")
        assert r.status_code in (201, 400, 403, 409, 422), (r.status_code, body, r.content)
        r = client.post(f"/api/games/{gid}/inputs/", body, format="json")
        assert r.status_code < 500

    post_inputs()
    odd = ["?after=-5", "?after=1e9", "?after=99999999999999999999", "?format=ndjson&after=3",
           "?format=api", "?limit=-1", "?offset=x", "?status=", "?player=%00"]
    for path in ("events/", "frames/", "record/", "verify/", ""):
        for q in odd:
            assert client.get(f"/api/games/{gid}/{path}{q}").status_code < 500, (path, q)
    for header in ("Bearer", "Bearer a b", "Bearer \u00e9", "Basic xyz", "bearer " + "x" * 5000):
        r = APIClient().get(f"/api/games/{gid}/events/", HTTP_AUTHORIZATION=header)
        assert r.status_code < 500, header
    r = APIClient().post("/api/games/", {"seats": SEATS, "first_planner": 9}, format="json")
    assert r.status_code in (400, 422)
