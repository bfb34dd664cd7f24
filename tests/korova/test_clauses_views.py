"""What the platform shows (RECORD_FORMAT.md "Visibility"): turn.choose (choices secret
until the reveal), tactical.open (hands public, a chosen seat shown with its turn-start
hand), pile (takes public), the seed by its commitment only."""

from __future__ import annotations

import korova_core as k
from korova_core.views import seat_view, spectator_view

from .records import Game, error_of, run_partial


def state_of(g: Game):
    return k.fold(run_partial(g.record()))


def test_base_choice_secret_until_the_reveal():
    """Given seat 0 has chosen 50 in a base game / when viewed / then seat 0 sees its
    choice, seat 1 and spectators only that seat 0 has chosen; other hands are hidden."""
    g = Game(2)
    g.deal(given={0: [50], 1: [60]})
    g.raw({"type": "choose", "seat": 0, "card": 50})
    s = state_of(g)
    mine, theirs, spec = seat_view(s, 0), seat_view(s, 1), spectator_view(s)
    assert mine["my_choice"] == 50 and theirs["my_choice"] is None
    assert theirs["chosen"] == [True, False] and theirs["reveal"] is None
    assert theirs["hands"][0] is None and spec["hands"] == [None, None]
    assert "50" not in str({key: v for key, v in theirs.items() if key != "rows"})


def test_tactical_hands_public_but_the_choice_hidden():
    """Given a tactical game where seat 0 has chosen / when seat 1 views / then seat 0's
    hand is shown as it was when the turn began (its chosen card not taken out)."""
    g = Game(2, "tactical")
    g.draft()
    start = list(g.hands[0])
    g.raw({"type": "choose", "seat": 0, "card": start[3]})
    v = seat_view(state_of(g), 1)
    assert sorted(v["hands"][0]) == sorted(start) and v["hand_counts"][0] == 10
    assert v["my_choice"] is None and v["hands"][1] == sorted(g.hands[1])


def test_reveal_and_takes_public():
    """Given the source's low-card turn revealed / when a spectator views / then the
    reveal, the due row choice, and later the pile are public (turn.reveal, pile)."""
    g = Game(3)
    g.deal(rows=[30, 12, 47, 80], given={0: [33, 5], 1: [13, 35], 2: [81, 70]})
    g.turn({0: 33, 1: 13, 2: 81})
    g.turn({0: 5, 1: 35, 2: 70}, write_take=False)
    v = spectator_view(state_of(g))
    assert v["reveal"]["cards"] == [5, 35, 70] and v["low_card"] == {"seat": 0, "card": 5}
    g.raw({"type": "take_row", "seat": 0, "row": 2})
    v = spectator_view(state_of(g))
    assert v["piles"][0] == [47] and v["penalties"][0] == 1


def test_seed_only_by_commitment():
    """Given a seeded game under way / when viewed / then the seed itself appears nowhere."""
    g = Game(2, seed="secret-seed-xyz")
    g.raw({"type": "choose", "seat": 0, "card": 1})
    s = k.fold(error_of(g.record()).events)
    assert "secret-seed-xyz" not in str(seat_view(s, 0)) + str(spectator_view(s))
