"""Visibility (RECORD_FORMAT.md): a Grab's random card and a Plus Two's black cards are
known to "the two seats concerned" — the target and the player of the card — from the
input event on, and to nobody else until the game ends."""

from __future__ import annotations

from arne_core.decide import decide
from arne_core.game import fold
from arne_core.record import adjudicate
from arne_core.views import redact_event

HANDS = [["R500.1", "GRAB.1", "PLUS2K.1", "R50.1", "R50.2", "R100.1", "R100.2", "R100.3"],
         ["STOP.1", "STOP.2", "REV.1", "B50.1", "B50.2", "B100.1", "B100.2", "B100.3"]]


def _record(white: dict) -> dict:
    return {"format": "arne-record/1", "ruleset": {"preset": "normal"},
            "seats": ["S0", "S1"], "colours": ["R", "B"], "first_player": 0,
            "inputs": [{"type": "deal", "hands": HANDS},
                       {"type": "draw", "seat": 0, "cards": ["R200.1"]}, white,
                       {"type": "pass_window", "seat": 1},
                       {"type": "pass_window", "seat": 0}]}


def _prefix(record: dict) -> list[dict]:
    try:
        return adjudicate(record)
    except Exception as e:  # noqa: BLE001 - the record stops where the chance/give is due
        return e.events  # type: ignore[attr-defined]


def test_a_grabs_random_card_is_shown_to_both_seats_and_nobody_else():
    log = _prefix(_record({"type": "white", "seat": 0, "card": "GRAB.1", "target": 1}))
    [ev] = [e for e in decide(fold(log), {"type": "random_card", "seat": 1,
                                          "card": "REV.1"}) if e["type"] == "random_card"]
    assert ev["to_seat"] == 0
    assert redact_event(ev, 0, finished=False)["card"] == "REV.1"
    assert redact_event(ev, 1, finished=False)["card"] == "REV.1"
    assert redact_event(ev, None, finished=False)["card"] is None


def test_a_plus_two_black_give_is_shown_to_both_seats_and_nobody_else():
    log = _prefix(_record({"type": "white", "seat": 0, "card": "PLUS2K.1", "target": 1}))
    new = decide(fold(log), {"type": "give", "seat": 1, "cards": ["STOP.1", "REV.1"]})
    give, gave = new[0], next(e for e in new if e["type"] == "gave")
    assert give["to_seat"] == 0 and gave["to_seat"] == 0
    for e in (give, gave):
        assert redact_event(e, 0, finished=False)["cards"] == ["STOP.1", "REV.1"]
        assert redact_event(e, 1, finished=False)["cards"] == ["STOP.1", "REV.1"]
        hidden = redact_event(e, None, finished=False)
        assert hidden["cards"] is None and hidden["count"] == 2
