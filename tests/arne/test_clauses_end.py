"""The end of the game: end.trigger, end.final_order, end.final_round (one_lap,
until_passes), end.final_no_white (final_chameleon), end.final_claims,
end.discard_hands, and game_end.turns."""

from __future__ import annotations

import pytest

from .records import (
    Game,
    after,
    assert_error,
    error_of,
    input_event,
    of,
    one,
    play,
    rules_at,
    rules_of,
)


def last_turn(g: Game, deal: dict | None = None, keep: tuple[str, ...] = ()) -> Game:
    """Deal, then quiet turns until a turn is due with one card left in the deck."""
    g.deal(deal or {}, keep=keep)
    while not (g.phase == "draw" and len(g.stock) == 1):
        assert g.phase == "draw" and len(g.stock) > 1, "script: missed the last turn"
        g.quiet_turn()
    return g


def to_final(g: Game, deal: dict | None = None, hold: tuple[str, ...] = ()) -> Game:
    """Deal, then quiet turns until the final round is due."""
    g.deal(deal or {}, hold=hold)
    while g.phase == "draw":
        g.quiet_turn()
    assert g.phase == "final"
    return g


def final_opened_by(seat: int, deal: dict, n: int = 2, hold: tuple[str, ...] = (),
                    **options) -> Game:
    """A game (first-game deck) at its final round, opened by ``seat``: the first player
    is chosen so that the quiet play leads there."""
    for first in range(n):
        g = to_final(Game(n, "first_game", first=first, **options), deal, hold)
        if g.final["order"][0] == seat:
            return g
    raise AssertionError("script: no first player leads to that final round")


def last_turn_claimable(card: str, n: int = 3) -> Game:
    """The last turn drawn, the seat before the active one holding ``card`` (the deal
    giving it to each seat in turn until the quiet play agrees)."""
    for holder in range(n):
        g = last_turn(Game(n, "first_game"), {holder: [card]})
        g.draw()
        if g.pos_seat[(g.seat_pos[g.active] - 1) % n] == holder and card in g.hands[holder]:
            return g
    raise AssertionError("script: no deal gives the claimer the card")


def test_the_last_card_ends_the_game_after_its_turn():
    """Given one card left / when the active seat draws it / then deck_empty (its seat)
    follows the draw, the turn goes on with its main and after windows, turn_end, then
    final_round — no more turn events (end.trigger, end.final_order)."""
    g = last_turn(Game(3, "first_game"))
    seat = g.active
    i = g.draw()
    g.settle()
    g.pass_all()
    events = play(g)
    empty, window = after(events, i)
    assert (empty["type"], empty["seat"]) == ("deck_empty", seat)
    assert "end.trigger" in rules_of(empty) and window["kind"] == "main"
    end = of(events, "turn_end")[-1]
    nxt = events[events.index(end) + 1]
    assert nxt["type"] == "final_round" and "end.final_order" in rules_of(nxt)
    assert nxt["order"][0] == end["next_seat"]
    assert of(events, "turn")[-1]["turn"] == end["turn"]
    assert events[-1]["turns"] == len(of(events, "turn")) == g.turn_no


@pytest.mark.parametrize("card, order_step", [("STOP.1", 1), ("REV.1", -1)])
def test_final_order_follows_the_last_turns_claim(card, order_step):
    """Given the last turn, and the seat before the active one plays STOP (REVERSE) in its
    after-window / when the final round begins / then it starts with that seat and goes
    round in the same (reversed) direction (end.final_order, claim.last)."""
    g = last_turn_claimable(card)
    active = g.active
    claimer = g.pos_seat[(g.seat_pos[active] - 1) % 3]
    c, f = g.quiet_white(active)
    g.white(c, **f)
    while g.offered() != claimer:
        g.pass_()
    g.black(claimer, card)
    g.pass_all()
    events = play(g)
    pos = g.seat_pos[claimer]
    want = [g.pos_seat[(pos + order_step * k) % 3] for k in range(3)]
    assert one(events, "final_round")["order"] == want
    assert of(events, "turn_end")[-1]["decided_by"] == card


def test_one_lap_one_offer_each_and_claims_do_nothing():
    """Given the final round (one_lap) / when the first seat plays STOP, the second passes,
    the third plays REVERSE / then STOP and REVERSE are only discarded — no claim — no
    window opens, and after the third offer come hands_discarded and game_end
    (end.final_round, end.final_claims, end.discard_hands)."""
    g = final_opened_by(0, {0: ["STOP.1"], 1: ["STOP.2"], 2: ["REV.1"]}, n=3)
    order = g.final["order"]
    assert order == [0, 1, 2]
    idx = [g.black(0, "STOP.1"), g.pass_(1), g.black(2, "REV.1")]
    events = play(g)
    tail = events[events.index(one(events, "final_round")) + 1:]
    assert not [e for e in tail if e["type"] in ("claim", "window", "turn", "turn_end")]
    for i in idx:
        ev = input_event(events, i)
        assert "end.final_round" in rules_of(ev)
        if ev["type"] == "black":
            assert [e["type"] for e in after(events, i)][0] == "discarded"
            assert "end.final_claims" in rules_at(events, i)
    assert [e["type"] for e in tail][-2:] == ["hands_discarded", "game_end"]


def test_one_lap_refuses_a_second_card_and_extra_inputs():
    """Given the final round (one_lap, two seats) opened by seat 0 / when seat 0 plays a
    second STOP in its one final turn / then out_of_turn, rule end.final_order; and after
    the lap (seat 1 passes) a further pass is extra_input, rule null (end.final_round)."""
    g = final_opened_by(0, {0: ["STOP.1", "STOP.2"]})
    g.black(0, "STOP.1")
    bad = g.raw({"type": "black", "seat": 0, "card": "STOP.2"})
    assert_error(error_of(g.record()), "out_of_turn", bad, "end.final_order")
    g.inputs.pop()
    g.pass_(1)
    assert g.over
    extra = g.raw({"type": "pass_window", "seat": 0})
    assert_error(error_of(g.record()), "extra_input", extra, None)


@pytest.mark.parametrize("mode", ["until_passes", "one_lap"])
def test_until_passes_goes_round_until_all_pass(mode):
    """Given two seats, the final round opened by seat 0 / when seat 0 plays STOP, seat 1
    passes, seat 0 plays STOP again, then both pass / then with until_passes all five
    final turns are accepted and the game ends after two passes in succession; with
    one_lap the third is extra_input (end.final_round)."""
    g = final_opened_by(0, {0: ["STOP.1", "STOP.2"]}, final_round=mode)
    g.black(0, "STOP.1")
    g.pass_(1)
    if mode == "one_lap":
        assert g.over
        extra = g.raw({"type": "black", "seat": 0, "card": "STOP.2"})
        assert_error(error_of(g.record()), "extra_input", extra, None)
        return
    g.black(0, "STOP.2")
    g.pass_(1)
    assert not g.over
    g.pass_(0)
    assert g.over
    events = play(g)
    finals = events[events.index(one(events, "final_round")) + 1:]
    assert [e["type"] for e in finals] == [
        "black", "discarded", "pass_window", "black", "discarded", "pass_window",
        "pass_window", "hands_discarded", "game_end"]


def test_no_white_card_in_the_final_round():
    """Given the final round / when its first seat plays a white score card / then
    white_in_final_round, rule end.final_no_white."""
    g = to_final(Game(2, "first_game"))
    seat = g.final["order"][0]
    white = next(c for c in g.hands[seat] if c[0] in "RB" and "-" not in c)
    bad = g.raw({"type": "white", "seat": seat, "card": white, "area": "discard"})
    assert_error(error_of(g.record()), "white_in_final_round", bad, "end.final_no_white")


@pytest.mark.parametrize("option", ["allowed", "forbidden"])
def test_final_chameleon_option(option):
    """Given the last turn's R1000 discarded and taken back by seat 0's THIEF / when seat 0
    plays CHAM with it into red in its final turn / then with final_chameleon "allowed"
    it is placed (a black action); with "forbidden", white_in_final_round, rule
    end.final_no_white (end.final_no_white, cham.with)."""
    g = last_turn(Game(2, "first_game", final_chameleon=option), {0: ["CHAM.1", "THIEF.1"]},
                  keep=("R1000.1",))
    g.draw("R1000.1")
    g.white("R1000.1", area="discard")
    while g.offered() != 0:
        g.pass_()
    g.black(0, "THIEF.1", target="discard")
    g.pass_all()
    assert g.phase == "final"
    if g.final["order"][0] != 0:
        g.pass_()
    if option == "forbidden":
        bad = g.raw({"type": "black", "seat": 0, "card": "CHAM.1", "with": "R1000.1",
                     "area": "R"})
        assert_error(error_of(g.record()), "white_in_final_round", bad, "end.final_no_white")
        return
    i = g.black(0, "CHAM.1", **{"with": "R1000.1", "area": "R"})
    if g.phase == "final":
        g.pass_all()
    events = play(g)
    placed = after(events, i)[0]
    assert (placed["card"], placed["chameleon"], placed["area"]) == ("R1000.1", "CHAM.1", "R")
    assert events[-1]["totals"]["R"] == g.totals()["R"]
    assert "cham.with" in rules_at(events, i) and "end.final_round" in rules_at(events, i)


def test_hands_discarded_in_deck_order():
    """Given the final round passed by everyone / when the game ends / then
    hands_discarded lists each seat's remaining cards in deck order and game_end.turns
    counts the ordinary turns only (end.discard_hands, end.final_round)."""
    g = to_final(Game(3, "first_game"))
    held = [g.sort(h) for h in g.hands]
    g.pass_all()
    events = play(g)
    discarded = one(events, "hands_discarded")
    assert discarded["hands"] == held and any(held)
    assert "end.discard_hands" in rules_of(discarded)
    assert events[-1]["turns"] == len(of(events, "turn"))
