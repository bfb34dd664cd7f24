"""What each viewer sees of the cellars (RULINGS.md: pocket and swap.buried hidden,
farm.reward face-up, req.revealed face-up for the rest of the game, k36.orden: the
stack's top card face-up, the rest hidden)."""

from __future__ import annotations

from typing import Any

from .builders import Rec, base_b, core, year1_b3


def _card(entry: Any) -> str | None:
    if isinstance(entry, dict):
        return None if entry.get("hidden") and entry.get("card") is None else entry.get("card")
    return entry


def visible(view: dict, seat: int) -> list[str]:
    """The cellar cards of ``seat`` that ``view`` shows."""
    out = []
    for entry in view["cellars"][seat]:
        c = _card(entry)
        if c is not None and not (isinstance(entry, dict) and entry.get("hidden")
                                  and view.get("viewer") != seat):
            out.append(c)
    return sorted(out)


def count(view: dict, seat: int) -> int:
    return len(view["cellars"][seat])


def test_views_pocket_hidden_rewards_face_up() -> None:
    """Given the base game played through its last assignment / Then a spectator sees
    seat 2's rewards 2H, 5S but no pocketed card (each cellar's size only); seat 1
    sees its own 7D."""
    k = core()
    r = base_b(years=2)
    _events, state = r.step()  # year 2 awaits its deal: year 1 is over
    spec = k.spectator_view(state)
    assert visible(spec, 2) == ["2H", "5S"]
    assert visible(spec, 0) == [] and count(spec, 0) == 1
    assert visible(spec, 3) == [] and count(spec, 3) == 1
    assert "7D" in visible(k.seat_view(state, 1), 1)
    assert visible(k.seat_view(state, 0), 1) == []


def test_views_req_revealed_survivors_are_public() -> None:
    """Given year 1 B3 under the mice (8C and 7C revealed, not taken) / Then in year 2
    every viewer sees them face-up."""
    k = core()
    r = Rec(years=2, mice=True)
    year1_b3(r)
    _events, state = r.step()
    for view in [k.spectator_view(state)] + [k.seat_view(state, s) for s in range(4)]:
        assert visible(view, 1) == ["8C"]
        assert visible(view, 3) == ["7C"]


def test_views_k36_stack_top_face_up_rest_hidden() -> None:
    """Given the 36-card Orden game right after seat 2 takes the H and S stacks (trick 2)
    / Then a spectator sees only the tops 8H and 6S of its eight stack cards."""
    k = core()
    r = base_b(Rec(deck=36, orden=True))
    r.inputs = r.inputs[:2 + 10]  # deal, trump, two tricks (5 inputs each)
    _events, state = r.step()
    spec = k.spectator_view(state)
    assert count(spec, 2) == 8
    assert visible(spec, 2) == ["6S", "8H"]


def test_views_swap_buried_card_is_hidden() -> None:
    """Given seat 0 buries KH in place of its face-up reward 2H (year 2 after G2) / Then
    a spectator and the other seats see 5S still face-up but not KH; seat 0 sees it."""
    from .test_swap import _year2

    k = core()
    r = _year2().pass_(1).pass_(2).pass_(3).swap(0, "KH", "2H")
    _events, state = r.step()
    for view in [k.spectator_view(state)] + [k.seat_view(state, s) for s in (1, 2, 3)]:
        assert visible(view, 0) == ["5S"]
        assert count(view, 0) == 3
    assert "KH" in [_card(e) for e in k.seat_view(state, 0)["cellars"][0]]


def test_views_deal_hands_only_to_their_owner() -> None:
    """Given year 1's deal event / When redacted during the game / Then each seat sees
    only its own hand; a spectator sees none; the jobs are public; after the end all."""
    k = core()
    events = base_b().run()
    deal = next(e for e in events if e["type"] == "deal")
    for viewer in (0, 1, 2, 3):
        red = k.redact_event(deal, viewer, finished=False)
        for s in range(4):
            if s == viewer:
                assert red["hands"][s] == deal["hands"][s]
            else:
                assert all(c is None for c in red["hands"][s])
        assert red["jobs"] == deal["jobs"]
    spec = k.redact_event(deal, None, finished=False)
    assert all(c is None for h in spec["hands"] for c in h)
    assert k.redact_event(deal, 2, finished=True)["hands"] == deal["hands"]


def test_views_seed_hidden_until_the_end() -> None:
    """Given a seeded game / Then the game event publishes only the commitment
    (sha256 of the seed) and game_end reveals the seed itself."""
    from .builders import autoplay, run

    k = core()
    played, _ = autoplay({"options": {"years": 1}}, "secret-seed")
    record = k.to_record(played)
    record["seed"] = "secret-seed"
    events = run(record)
    assert events[0]["seed_commitment"] == k.seed_commitment("secret-seed")
    assert "secret-seed" not in str(events[:-1])
    assert events[-1]["seed"] == "secret-seed"
