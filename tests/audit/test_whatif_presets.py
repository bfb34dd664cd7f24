"""The what-if route takes any game's presets (issue 20 regression): it used to accept only
Kolkhoz's three preset names, so a finished Korova, Gong Zhu or Arne game could not be
replayed under its own presets from the API (400 "not a valid choice") although each
game's CLI ``whatif --preset`` can. A preset the game does not have is 400 with the
engine's ``invalid_ruleset`` (Kolkhoz's: 400 ``unknown_preset``, once 422;
``test_error_codes_every_game``), never a 500."""

from __future__ import annotations

import pytest

from replays.services import game_create
from tests.korova.test_leak_api import SEED, log_of

pytestmark = pytest.mark.django_db


def test_a_korova_game_is_replayed_under_its_other_preset(api):
    game = game_create(events=log_of("tactical-3"), seed=SEED, game="korova").game
    r = api.post(f"/api/games/{game.pk}/whatif/", {"preset": "base"}, format="json")
    assert r.status_code == 200, r.content[:300]
    body = r.json()
    assert body["preset"] == "base"
    assert {"illegal", "divergence", "same"} & set(body)


@pytest.mark.parametrize("preset", ["kolkhoz", "nope", "x" * 41])
def test_a_preset_the_game_does_not_have_is_a_clear_400(api, preset):
    game = game_create(events=log_of("tactical-3"), seed=SEED, game="korova").game
    r = api.post(f"/api/games/{game.pk}/whatif/", {"preset": preset}, format="json")
    assert r.status_code == 400, r.content[:300]
    assert r.json()["error"]["code"] == ("malformed" if len(preset) > 40 else "invalid_ruleset")
