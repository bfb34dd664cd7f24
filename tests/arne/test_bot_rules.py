"""The Arne heuristic's rules (docs/arne/bots.md) on tables built by hand: a seat view
of three seats (Y, G, O; seat 0 viewing) and the legal black inputs the clauses allow
there. It crushes the leader's biggest card and keeps a small crush while the deck is
long, restores its own piles, lays a −200 on the leader, mirrors its aims in misère,
plays the black cards a Plus Two would take, takes the next turn with STOP only when
it is not its own, steals a chameleon pile, gives its cheapest cards, swaps seats with
the leader late, takes the dummy with REVERSE; and its area totals follow score.area.
"""

from __future__ import annotations

import random
from typing import Any

from arne_core.bots.heuristic import Evaluator, HeuristicBot
from arne_core.bots.table import Table, area_total


def seats(n: int) -> list[str]:
    return [f"S{i}" for i in range(n)]


def pile(card: str, **on: Any) -> dict[str, Any]:
    return {"card": card, "chameleon": on.get("chameleon"), "x3": on.get("x3"),
            "crush": on.get("crush"), "lock": on.get("lock")}


def table_view(areas: dict[str, list[dict[str, Any]]], hand: list[str], *,
               mode: str = "normal", phase: str = "window", deck: int = 40,
               pending: dict[str, Any] | None = None, claims: list[Any] | None = None,
               turn_position: int = 1, dummy: str | None = None,
               control: int | None = None, counts: list[int] | None = None,
               discard: list[str] | None = None) -> dict[str, Any]:
    """A seat view of three seats (Y, G, O; seat 0 viewing) with the given table."""
    n = 3
    return {"game": "arne", "viewer": 0, "seats": seats(n),
            "ruleset": {"preset": "normal", "options": {"mode": mode}},
            "colours": ["Y", "G", "O"], "dummy_colour": dummy, "positions": [0, 1, 2],
            "position_seats": [0, 1, 2], "direction": 1, "turn": 9, "active": 1,
            "turn_position": turn_position, "phase": phase,
            "window": {"kind": "after", "order": [2, 0, 1], "offered": 0, "passed": []},
            "pending": pending, "claims": claims or [], "dummy_control": control,
            "dummy_controller": None, "hands": [hand, None, None],
            "hand_counts": counts or [len(hand), 5, 5], "deck_count": deck,
            "discard": discard or [], "areas": areas, "totals": {}, "scores": [],
            "may_act": [0], "final": None, "result": None}


def legal_blacks(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every black input of seat 0 the hand-built table allows (the clauses crush,
    lock, minus200, stop, reverse, thief.combo), and a pass."""
    t = Table(view)
    out: list[dict[str, Any]] = []
    for card in view["hands"][0]:
        k = card.split(".")[0]
        if k == "CRUSH":
            out += [{"type": "black", "seat": 0, "card": card, "target": b}
                    for b, c in t.where.items() if "-200" not in b
                    and not t.pile(b)["crush"]]
        elif k == "LOCK":
            out += [{"type": "black", "seat": 0, "card": card, "target": b}
                    for b in t.where if not t.pile(b)["lock"]
                    and (t.pile(b)["crush"] or "-200" in b)]
        elif k.endswith("-200"):
            out.append({"type": "black", "seat": 0, "card": card, "area": k[0]})
        elif k in ("STOP", "REV"):
            out.append({"type": "black", "seat": 0, "card": card})
        elif k == "THIEF":
            out += [{"type": "black", "seat": 0, "card": card, "target": b}
                    for b, c in t.where.items() if c != "Y" and t.pile(b)["chameleon"]]
    return out + [{"type": "pass_window", "seat": 0}]


def decide_on(view: dict[str, Any], opts: list[dict[str, Any]] | None = None
              ) -> dict[str, Any]:
    bot = HeuristicBot()
    out = bot.choose(view, opts if opts is not None else legal_blacks(view), random.Random(0))
    assert bot.fallbacks == 0
    return out


AREAS = {"Y": [pile("Y200.1"), pile("Y100.1")],
         "G": [pile("G1000.1"), pile("G500.1"), pile("G100.2")],
         "O": [pile("O500.1"), pile("O200.1")]}


def test_the_heuristic_crushes_the_leaders_biggest_card_and_keeps_a_small_crush() -> None:
    assert decide_on(table_view(AREAS, ["CRUSH.1"]))["target"] == "G1000.1"
    small = {"Y": [pile("Y500.1")], "G": [pile("G100.1")], "O": []}
    assert decide_on(table_view(small, ["CRUSH.1"]))["type"] == "pass_window"
    # with the deck nearly out nothing is kept back
    assert decide_on(table_view(small, ["CRUSH.1"], deck=1))["target"] == "G100.1"


def test_the_heuristic_restores_its_own_piles_and_cancels_its_minus() -> None:
    areas = {"Y": [pile("Y500.1", crush="CRUSH.2"), pile("Y100.1")],
             "G": [pile("G200.1")], "O": [pile("O-200.1")]}
    assert decide_on(table_view(areas, ["LOCK.1"]))["target"] == "Y500.1"
    areas["Y"] = [pile("Y100.1"), pile("Y-200.1")]
    assert decide_on(table_view(areas, ["LOCK.1"]))["target"] == "Y-200.1"


def test_the_heuristic_lays_a_minus_on_the_leader() -> None:
    out = decide_on(table_view(AREAS, ["O-200.1", "G-200.1"]))
    assert out["card"] == "G-200.1" and out["area"] == "G"


def test_misere_mirrors_the_aims() -> None:
    # misère: the lowest score wins; O (700) is ahead of G (1600) and Y (300 is mine)
    view = table_view(AREAS, ["G500.2", "O500.2"], mode="misere", phase="main")
    whites = [{"type": "white", "seat": 0, "card": c, "area": a}
              for c, a in (("G500.2", "G"), ("O500.2", "O"), ("G500.2", "discard"),
                           ("O500.2", "discard"))]
    assert decide_on(view, whites) == whites[1]
    # the same table in the normal game: a crush goes on my own best card in misère
    crush = decide_on(table_view(AREAS, ["CRUSH.1"], mode="misere", deck=2))
    assert crush["target"] == "Y200.1"


def test_the_heuristic_plays_the_black_cards_a_plus_two_would_take() -> None:
    small = {"Y": [pile("Y500.1")], "G": [pile("G100.1")], "O": []}
    calm = table_view(small, ["CRUSH.1", "STOP.1"], turn_position=2)
    assert decide_on(calm)["type"] == "pass_window"
    threat = table_view(small, ["CRUSH.1", "STOP.1"], turn_position=2,
                        pending={"seat": 1, "card": "PLUS2K.1", "target": 0,
                                 "colour": None})
    assert decide_on(threat)["card"] == "CRUSH.1"


def test_stop_takes_the_next_turn_only_when_it_is_not_mine() -> None:
    hand = ["STOP.1", "Y1000.1"]
    assert decide_on(table_view(AREAS, hand, turn_position=1))["card"] == "STOP.1"
    mine = table_view(AREAS, hand, turn_position=2)  # position 0 is next anyway
    assert decide_on(mine)["type"] == "pass_window"
    final = table_view(AREAS, hand, phase="final", deck=0)  # end.final_claims
    assert decide_on(final)["type"] == "pass_window"


def test_the_heuristic_steals_a_chameleon_pile_and_gives_its_cheapest_cards() -> None:
    areas = dict(AREAS, O=[pile("Y1000.1", chameleon="CHAM.1"), pile("O50.1")])
    assert decide_on(table_view(areas, ["THIEF.1"]))["target"] == "Y1000.1"
    view = table_view(AREAS, ["CRUSH.1", "STOP.1", "REV.1", "LOCK.1"], phase="effect",
                      pending={"seat": 1, "card": "PLUS2K.1", "target": 0, "colour": None})
    hand = view["hands"][0]
    gives = [{"type": "give", "seat": 0, "cards": [a, b]}
             for i, a in enumerate(hand) for b in hand[i + 1:]]
    assert sorted(decide_on(view, gives)["cards"]) == ["REV.1", "STOP.1"]


def test_swap_seats_with_the_leader_late() -> None:
    view = table_view(AREAS, ["SWAP.1", "Y50.1"], phase="main", deck=3)
    whites = [{"type": "white", "seat": 0, "card": "SWAP.1", "target": s} for s in (1, 2)]
    whites += [{"type": "white", "seat": 0, "card": "Y50.1", "area": "Y"}]
    assert decide_on(view, whites) == whites[0]
    ev = Evaluator(view, HeuristicBot().weights)
    assert ev.base_scores == [300, 1600, 700]


def test_the_dummy_counts_for_its_controller() -> None:
    areas = dict(AREAS, P=[pile("P1000.1")])
    view = table_view(areas, ["REV.1"], dummy="P", control=1)
    t = Table(view)
    assert t.scores() == [300, 2600, 700]
    assert decide_on(view)["card"] == "REV.1"  # dummy.control: REVERSE takes it
    assert decide_on(table_view(areas, ["REV.1"], dummy="P", control=0))["type"] \
        == "pass_window"


def test_area_totals_follow_the_scoring_clauses() -> None:
    # score.area: (live score cards, tripled ×3) × live X2s (×6 with an X3) + live −200s
    assert area_total([pile("R500.1"), pile("RX2.1"), pile("R-200.1")]) == 800
    assert area_total([pile("R500.1", x3="X3.1"), pile("RX2.1", x3="X3.2")]) == 9000
    assert area_total([pile("R1000.1", crush="CRUSH.1"), pile("R-200.1", x3="X3.1")]) == -600
    assert area_total([pile("R1000.1", crush="CRUSH.1", lock="LOCK.1"),
                       pile("R-200.1", lock="LOCK.2")]) == 1000
    assert area_total([pile("RX2.1"), pile("BX2.1", chameleon="CHAM.1"),
                       pile("R50.1")]) == 200


