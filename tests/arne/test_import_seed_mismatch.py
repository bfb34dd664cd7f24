"""Importing a record whose stated chance inputs are not the ones its seed gives is
refused with a 4xx naming where (seq, event type, clause) — never a 500, never the cards
the seed would have dealt. Korova and Arne (every game whose ``chance_mismatch`` has the
``{seq, type, rule, expected, got}`` shape)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arne_core.game import chance_input, fold

pytestmark = pytest.mark.django_db

HERE = Path(__file__).resolve().parent
KOROVA = HERE.parent / "korova" / "examples" / "sixth_card_example.json"


@pytest.mark.parametrize("path", [HERE / "examples" / "first_game_lock_stop.json", KOROVA],
                         ids=["arne", "korova"])
def test_a_record_whose_chance_inputs_are_not_the_seeds_is_refused_with_a_4xx(client, path):
    record = json.loads(path.read_text(encoding="utf-8"))
    record["seed"] = "any seed"
    r = client.post("/api/games/import/", data=json.dumps(record),
                    content_type="application/json")
    assert 400 <= r.status_code < 500, (r.status_code, r.content[:300])
    body = r.json()
    text = json.dumps(body)
    assert "seq" in text and "seed gives" in text, body
    if "arne" in str(path):
        # the cards the seed would have dealt are named nowhere in the answer
        from arne_core.record import check_envelope

        opening, _, _ = check_envelope(record)
        seeded = chance_input(fold(opening), "any seed")
        assert seeded is not None
        stated = {c for h in record["inputs"][0]["hands"] for c in h}
        secret = {c for h in seeded["hands"] for c in h} - stated
        assert secret and not any(c in text for c in secret), body
