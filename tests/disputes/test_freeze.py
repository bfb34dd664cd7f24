"""A dispute under review (or decided) keeps what it is about: its game, steps, clause and
text. The API (PATCH /api/disputes/{id}/) answers 409 ``dispute_frozen``; the admin shows
them read-only and refuses a save that changes them. While open, its raiser may change
them (others: 403 ``not_raiser``)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from disputes.models import Dispute, DisputeStatus
from tests.disputes.helpers import client_of, dispute_on_known, user

pytestmark = pytest.mark.django_db


def _api(u) -> APIClient:
    c = APIClient()
    c.force_authenticate(u)
    return c


def test_api_edits_an_open_dispute_then_refuses_once_under_review():
    raiser = user("raiser")
    d = dispute_on_known(raiser)
    url = f"/api/disputes/{d.pk}/"
    r = _api(raiser).patch(url, {"text": "clearer", "seq_to": d.seq_from}, format="json")
    assert r.status_code == 200, r.content
    assert r.json()["text"] == "clearer" and r.json()["seq_to"] == d.seq_from
    other = _api(user("other")).patch(url, {"text": "mine now"}, format="json")
    assert other.status_code == 403 and other.json()["error"]["code"] == "not_raiser"
    assert APIClient().patch(url, {"text": "anon"}, format="json").status_code in (401, 403)
    game = _api(raiser).patch(url, {"game": "00000000-0000-0000-0000-000000000000"},
                              format="json")
    assert game.status_code == 400 and game.json()["error"]["code"] == "frozen_field"
    status = _api(raiser).patch(url, {"status": "upheld"}, format="json")
    assert status.status_code == 400 and status.json()["error"]["code"] == "frozen_field"
    assert _api(raiser).patch(url, [1, 2], format="json").status_code == 400
    bad = _api(raiser).patch(url, {"seq_from": 5, "seq_to": 1}, format="json")
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_seq_range"
    clause = _api(raiser).patch(url, {"clause": "no.such"}, format="json")
    assert clause.status_code == 400 and clause.json()["error"]["code"] == "unknown_clause"

    assert _api(user("org", "organisers")).post(f"{url}review/").status_code == 200
    for change in ({"text": "changed"}, {"clause": "req.take"}, {"seq_from": 0},
                   {"seq_to": 3}, {"game": str(d.game_id)}):
        r = _api(raiser).patch(url, change, format="json")
        assert r.status_code == 409 and r.json()["error"]["code"] == "dispute_frozen", change
    d.refresh_from_db()
    assert d.text == "clearer" and d.status == DisputeStatus.UNDER_REVIEW


def test_admin_makes_the_fields_read_only_and_refuses_a_stale_save():
    admin_user = user("boss")
    admin_user.is_staff = admin_user.is_superuser = True
    admin_user.save()
    c = client_of(admin_user)
    d = dispute_on_known(user("raiser"))
    url = f"/admin/disputes/dispute/{d.pk}/change/"
    open_form = c.get(url).content.decode()
    assert 'name="text"' in open_form and 'name="clause"' in open_form
    post = {"game": str(d.game_id), "seq_from": d.seq_from, "seq_to": d.seq_to,
            "clause": d.clause, "text": "edited while open", "raised_by": d.raised_by_id}
    assert c.post(url, post).status_code == 302
    d.refresh_from_db()
    assert d.text == "edited while open"

    d.status = DisputeStatus.UNDER_REVIEW
    d.save()
    frozen_form = c.get(url).content.decode()
    for name in ("game", "seq_from", "seq_to", "clause", "text"):
        assert f'name="{name}"' not in frozen_form, name
    assert "edited while open" in frozen_form  # shown, read-only
    c.post(url, {**post, "text": "sneaky", "clause": "req.take"})
    stored = Dispute.objects.get(pk=d.pk)
    assert stored.text == "edited while open" and stored.clause == post["clause"]


def test_admin_ruling_preview_is_a_table_with_names_not_json():
    boss = user("boss", "arbiters")
    boss.is_staff = True
    boss.save()
    d = dispute_on_known(user("raiser"), review_by=boss)
    r = client_of(boss).post(f"/admin/disputes/dispute/{d.pk}/rule/", {
        "action": "preview", "type": "result_adjusted", "places": "4,3,2,1", "ruling": "x"})
    body = r.content.decode()
    assert r.status_code == 200
    assert '<th scope="row">Anya' in body and "now → if upheld" in body
    assert "<pre>" not in body and '"standings"' not in body
    assert f"/disputes/{d.pk}/rule/" in body  # the site's ruling page
