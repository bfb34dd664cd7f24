"""Tricks: trick.lead (first_lead left_of_dealer | pig_taker), trick.order, trick.play,
trick.follow, trick.hearts (hearts_broken), trick.winner, trick.taken (RULINGS.md
"Tricks")."""

from __future__ import annotations

import pytest

from .records import SCORING, Game, error_of, of, run, run_partial


def assert_error(err, code, input_, rule):
    assert (err.code, err.input, err.rule) == (code, input_, rule), err.message


def first_tricks(events):
    return [t for t in of(events, "trick") if t["trick"] == 1]


# ---------------------------------------------------------------------- trick.lead
def test_trick_lead_left_of_dealer_then_the_winner():
    """Given the default first_lead and dealer 2 / when a round is played / then seat 3
    leads trick 1, every later trick is led by the previous trick's winner, and only
    trick 1 cites trick.lead (trick.lead)."""
    g = Game(first_dealer=2, end_score=-1)
    g.round()
    tricks = of(run(g.record()), "trick")
    assert tricks[0]["leader"] == 3
    for before, after in zip(tricks, tricks[1:], strict=False):
        assert after["leader"] == before["winner"]
    assert tricks[0]["rules"] == ["trick.winner", "trick.taken", "trick.lead"]
    assert all(t["rules"] == ["trick.winner", "trick.taken"] for t in tricks[1:])


def test_trick_lead_wrong_seat_leads():
    """Given dealer 3 (seat 0 leads) / when seat 1 plays the first card / then
    wrong_seat at that input, rule trick.lead."""
    g = Game(first_dealer=3)
    g.round(play_out=False)
    g.raw({"type": "play", "seat": 1, "card": g.current.hands[1][0]})
    assert_error(error_of(g.record()), "wrong_seat", 1, "trick.lead")


def test_trick_lead_wrong_seat_leads_a_later_trick():
    """Given trick 1 won by seat 1 / when seat 0 leads trick 2 / then wrong_seat, rule
    trick.lead."""
    g = Game(first_dealer=3)
    g.round(tricks=["2D AD 3D 4D"], play_out=False)
    index = g.raw({"type": "play", "seat": 0, "card": g.current.hands[0][0]})
    assert_error(error_of(g.record()), "wrong_seat", index, "trick.lead")


@pytest.mark.parametrize("card", ["AH", "QS", "2H", "10C"])
def test_trick_lead_any_card(card):
    """Given the default rules / when the first leader leads a heart, the pig or the ten
    / then it is accepted (trick.lead: the leader may lead any card)."""
    g = Game(first_dealer=3)
    g.round(given={0: card}, play_out=False)
    g.play(card)
    assert run_partial(g.record())[-1]["card"] == card


@pytest.mark.parametrize("holder", [0, 1, 2, 3])
def test_trick_lead_pig_taker_round_one_2s_holder(holder):
    """Given first_lead pig_taker, dealer 0 and 2S dealt to seat h, no passing / when
    round 1 starts / then seat h leads trick 1, with any card (trick.lead)."""
    g = Game(first_dealer=0, end_score=-1, first_lead="pig_taker")
    g.round(given={holder: "2S 5D"}, play_out=False)
    assert g.to_play() == holder
    g.play("5D")
    while len(g.current.tricks) < 13:
        g.policy_play()
    tricks = of(run(g.record()), "trick")
    assert tricks[0]["leader"] == holder and tricks[0]["cards"][0] == "5D"
    assert "trick.lead" in tricks[0]["rules"]


def test_trick_lead_pig_taker_2s_holder_after_passing():
    """Given pig_taker and passing left, seat 2 dealt 2S passes it to seat 3 / when play
    starts / then seat 3 leads; seat 2 leading is wrong_seat, rule trick.lead
    (trick.lead: the 2S holder after passing)."""
    g = Game("passing", first_dealer=0, end_score=-1, first_lead="pig_taker")
    g.round(given={2: "2S AH KH"}, passes={2: "2S AH KH"}, play_out=False)
    assert g.to_play() == 3
    rec = g.record()
    rec["inputs"].append({"type": "play", "seat": 2, "card": g.current.hands[2][0]})
    assert_error(error_of(rec), "wrong_seat", 5, "trick.lead")
    while len(g.current.tricks) < 13:
        g.policy_play()
    assert first_tricks(run(g.record()))[0]["leader"] == 3


def test_trick_lead_pig_taker_later_rounds():
    """Given pig_taker, dealer 0, seat 1 holds 2S and leads round 1, seat 3 takes the pig
    (KS wins the 2S trick, then seat 3 leads QS under lower spades) / when round 2
    starts (dealer 1) / then seat 3, not seat 2 (the dealer's left), leads it, and
    seat 2 leading is wrong_seat, rule trick.lead (trick.lead)."""
    g = Game(first_dealer=0, first_lead="pig_taker")
    g.round(given={1: "2S"}, tricks=["2S 3S KS 4S", "QS 5S 6S 7S"])
    assert g.rounds[0].pig_taker() == 3
    rm2 = g.round(play_out=False)
    assert g.to_play() == 3 and rm2.dealer == 1
    rec = g.record()
    rec["inputs"].append({"type": "play", "seat": 2, "card": rm2.hands[2][0]})
    assert_error(error_of(rec), "wrong_seat", len(rec["inputs"]) - 1, "trick.lead")
    while len(rm2.tricks) < 13:
        g.policy_play()
    events = run_partial(g.record())
    assert "QS" in of(events, "round_end")[0]["taken"][3]
    assert [t["leader"] for t in first_tricks(events)[:2]] == [1, 3]


# ---------------------------------------------------------------------- trick.order
def test_trick_order_to_the_left():
    """Given seat 0 has led / when seat 2 plays next instead of seat 1 / then wrong_seat
    at that input, rule trick.order."""
    g = Game(first_dealer=3)
    g.round(given={0: "2D", 2: "3D"}, play_out=False)
    g.play("2D")
    index = g.raw({"type": "play", "seat": 2, "card": "3D"})
    assert_error(error_of(g.record()), "wrong_seat", index, "trick.order")


def test_trick_order_plays_in_turn():
    """Given dealer 3 / when a round is played / then every trick's plays come from the
    leader and then the next seats to the left (trick.order)."""
    g = Game(first_dealer=3, end_score=-1)
    g.round()
    events = run(g.record())
    plays = of(events, "play")
    for k, t in enumerate(of(events, "trick")):
        seats = [p["seat"] for p in plays[4 * k:4 * k + 4]]
        assert seats == [(t["leader"] + i) % 4 for i in range(4)]
        assert [p["card"] for p in plays[4 * k:4 * k + 4]] == t["cards"]


# ---------------------------------------------------------------------- trick.play
def test_trick_play_from_own_hand():
    """Given seat 1 holds AH / when seat 0 (to lead) plays AH / then not_in_hand, rule
    trick.play."""
    g = Game(first_dealer=3)
    g.round(given={1: "AH"}, play_out=False)
    g.raw({"type": "play", "seat": 0, "card": "AH"})
    assert_error(error_of(g.record()), "not_in_hand", 1, "trick.play")


def test_trick_play_a_card_already_played():
    """Given seat 0 led AD to trick 1 and won it / when it plays AD again / then
    not_in_hand, rule trick.play."""
    g = Game(first_dealer=3)
    g.round(tricks=["AD 2D 3D 4D"], play_out=False)
    index = g.raw({"type": "play", "seat": 0, "card": "AD"})
    assert_error(error_of(g.record()), "not_in_hand", index, "trick.play")


# ---------------------------------------------------------------------- trick.follow
def test_trick_follow_revoke():
    """Given seat 0 leads 2D and seat 1 holds 3D / when seat 1 plays 2C / then revoke at
    that input, rule trick.follow."""
    g = Game(first_dealer=3)
    g.round(given={0: "2D", 1: "3D 2C"}, play_out=False)
    g.play("2D")
    index = g.raw({"type": "play", "seat": 1, "card": "2C"})
    assert_error(error_of(g.record()), "revoke", index, "trick.follow")


def test_trick_follow_void_plays_anything_pig_and_hearts_included():
    """Given seat 0 holds all the diamonds and leads 2D / when the others, void, throw
    QS, AH and 10C / then it is accepted and seat 0 takes them (trick.follow)."""
    g = Game(first_dealer=3, end_score=-1)
    g.round(tricks=["2D QS AH 10C"])
    t = of(run_partial(g.record()), "trick")[0]
    assert (t["winner"], t["scoring"]) == (0, ["QS", "AH", "10C"])


# ---------------------------------------------------------------------- trick.hearts
def test_trick_hearts_default_hearts_led_at_once():
    """Given the default (hearts_broken false) / when seat 0 leads 5H on trick 1 while
    holding other suits / then it is accepted (trick.hearts)."""
    g = Game(first_dealer=3)
    g.round(given={0: "5H 2C"}, play_out=False)
    g.play("5H")
    assert run_partial(g.record())[-1]["card"] == "5H"


def test_trick_hearts_not_before_broken():
    """Given hearts_broken / when seat 0 leads 5H on trick 1 holding 2C / then
    hearts_not_broken at that input, rule trick.hearts."""
    g = Game(first_dealer=3, hearts_broken=True)
    g.round(given={0: "5H 2C"}, play_out=False)
    index = g.play("5H", check=False)
    assert_error(error_of(g.record()), "hearts_not_broken", index, "trick.hearts")


def test_trick_hearts_leader_with_nothing_but_hearts():
    """Given hearts_broken and seat 0 dealt all thirteen hearts / when it leads AH on
    trick 1 / then it is accepted (trick.hearts)."""
    g = Game(first_dealer=3, hearts_broken=True)
    g.round(given={0: [r + "H" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()]},
            play_out=False)
    g.play("AH")
    assert run_partial(g.record())[-1]["card"] == "AH"


def test_trick_hearts_broken_by_a_heart_discard():
    """Given hearts_broken; on trick 1 (2D led) seat 1, void in diamonds, discards 2H /
    when the winner leads a heart on trick 2 / then it is accepted (trick.hearts)."""
    g = Game(first_dealer=3, end_score=-1, hearts_broken=True)
    g.round(tricks=["2D 2H AD 3D", "9H"], play_out=False)
    events = run_partial(g.record())
    assert events[-1]["card"] == "9H" and of(events, "trick")[0]["winner"] == 2


def test_trick_hearts_not_broken_by_the_pig():
    """Given hearts_broken; on trick 1 (2D led) seat 1 discards QS / when the winner
    leads a heart on trick 2 holding other suits / then hearts_not_broken, rule
    trick.hearts (only a heart breaks hearts)."""
    g = Game(first_dealer=3, hearts_broken=True)
    g.round(given={2: "9H 2C"}, tricks=["2D QS AD 3D"], play_out=False)
    index = g.play("9H", check=False)
    assert_error(error_of(g.record()), "hearts_not_broken", index, "trick.hearts")


# ---------------------------------------------------------------------- trick.winner
def test_trick_winner_highest_of_the_led_suit():
    """Given seat 0 leads 3C, seat 1 plays KD (void in clubs), seat 2 2C, seat 3 4C /
    when the trick is complete / then seat 3 wins with 4C: a higher card of another
    suit does not win (trick.winner)."""
    g = Game(first_dealer=3, end_score=-1)
    g.round(tricks=["3C KD 2C 4C"])
    t = of(run(g.record()), "trick")[0]
    assert (t["leader"], t["winner"], t["lead_suit"], t["cards"]) == (0, 3, "C",
                                                                      ["3C", "KD", "2C", "4C"])


@pytest.mark.parametrize("shuffle", [1, 2, 3, 4, 5])
def test_trick_winner_and_taken_over_whole_rounds(shuffle):
    """Given a whole round played by the builder's policy / when adjudicated / then every
    trick event (round, number, leader, winner, cards, lead suit, scoring) and the
    round_end's taken agree with the builder's own reading of the rules (trick.winner,
    trick.taken)."""
    g = Game(first_dealer=shuffle % 4, end_score=-5000)
    rm = g.round(shuffle=shuffle)
    events = run_partial(g.record())
    tricks = of(events, "trick")
    assert len(tricks) == 13
    for k, (t, mine) in enumerate(zip(tricks, rm.tricks, strict=True), start=1):
        assert (t["round"], t["trick"]) == (1, k)
        for key in ("leader", "winner", "cards", "lead_suit", "scoring"):
            assert t[key] == mine[key], (k, key)
    assert of(events, "round_end")[0]["taken"] == rm.taken


# ---------------------------------------------------------------------- trick.taken
def test_trick_taken_scoring_cards_face_up_in_trick_order():
    """Given seat 0 wins a trick with 2D, QS, AH, 10C discarded on it and later a trick
    of KD 5H 6H 7H / when the round ends / then seat 0's taken lists the scoring cards
    trick by trick in play order and no other card (trick.taken)."""
    g = Game(first_dealer=3, end_score=-1)
    g.round(tricks=["2D QS AH 10C", "3D 5H 6H 7H"])
    events = run_partial(g.record())
    t1, t2 = of(events, "trick")[:2]
    assert t1["scoring"] == ["QS", "AH", "10C"] and t2["scoring"] == ["5H", "6H", "7H"]
    taken = of(events, "round_end")[0]["taken"]
    assert taken[0][:6] == ["QS", "AH", "10C", "5H", "6H", "7H"]
    assert all(c in SCORING for seat in taken for c in seat)
    assert sorted(c for seat in taken for c in seat) == sorted(SCORING)
