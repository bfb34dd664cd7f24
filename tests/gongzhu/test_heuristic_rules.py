"""The heuristic's rules of thumb, one table each (gongzhu_core/bots/heuristic.py;
docs/gongzhu/bots.md lists them). Seat 0 is the heuristic; ``table`` fills the rest."""

from __future__ import annotations

import pytest

from gongzhu_core.bots.heuristic import choose_expose, choose_pass

from .table import heuristic_input, plays, table

HEARTS = ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H"]


def test_pig_is_discarded_as_soon_as_void() -> None:
    assert plays(["QS", "AH", "5D", "3D"], trick=["9C"]) == "QS"


def test_highest_heart_is_discarded_when_the_pig_is_not_mine() -> None:
    assert plays(["AH", "KH", "5D", "3D"], trick=["9C"]) == "AH"


def test_pig_goes_under_a_higher_spade() -> None:
    assert plays(["QS", "5S", "3S", "2D"], trick=["AS"]) == "QS"


def test_no_spade_trick_won_with_ace_or_king_while_the_pig_is_out() -> None:
    assert plays(["AS", "KS", "4S", "2D"], trick=["9S"]) == "4S"


def test_ace_of_spades_goes_on_a_clean_trick_when_last() -> None:
    assert plays(["AS", "4S", "2D"], trick=["9S", "10S", "2S"]) == "AS"


def test_sheep_taken_when_safe() -> None:
    assert plays(["QD", "5D", "2C"], trick=["9D", "JD", "4D"]) == "QD"


def test_sheep_never_thrown_to_another_seat() -> None:
    assert plays(["JD", "5D", "3H", "2S"], trick=["9C"]) != "JD"


def test_spades_below_the_pig_are_led_while_it_is_out() -> None:
    assert plays(["9S", "4C", "8C", "KD", "7D", "2D"]) == "9S"


def test_top_diamond_led_while_the_sheep_is_out() -> None:
    assert plays(["AD", "5C", "9C", "6C", "3H"], taken={1: ["QS"]}) == "AD"


@pytest.mark.parametrize("taken, card", [({}, "2C"), ({0: ["JD"]}, "KC")])
def test_doubler_avoided_with_minus_cards_taken_with_plus(taken: dict[int, list[str]],
                                                          card: str) -> None:
    trick = ["10C", "QS", "3C"] if not taken else ["10C", "5C", "3C"]
    assert plays(["KC", "2C", "4D"], trick=trick, taken=taken) == card


def test_doubler_alone_taken_late() -> None:
    assert plays(["KC", "2C"], trick=["10C", "5C", "3C"]) == "KC"


def test_heart_tricks_ducked() -> None:
    assert plays(["KH", "3H", "4D"], trick=["5H"]) == "3H"


def test_moon_attempted_only_when_near_certain_and_dropped_after_a_heart_lost() -> None:
    assert plays(HEARTS + ["AC", "AD", "2S", "AS"]) == "AH"
    assert plays(HEARTS[:-1] + ["AC", "AD", "2S"], taken={2: ["6H"]}) != "AH"
    # with a weak rest of the hand there is no attempt: hearts are not led from the top
    assert plays(HEARTS[:5] + ["7C", "5C", "3D", "2S"]) != "AH"


def test_a_rivals_moon_is_stopped_with_a_heart() -> None:
    rival = {1: ["AH", "KH", "QH", "JH", "10H", "8H", "7H"]}
    assert plays(["9H", "2H", "4D"], trick=["5H", "3H", "4H"], taken=rival) == "9H"


def test_passing_keeps_a_guarded_pig_and_passes_danger() -> None:
    assert choose_pass(["QS", "5S", "3S", "AH", "KH", "2D", "3D", "4D", "5D", "6D", "7C",
                        "8C", "9C"]) == ["QS", "AH", "KH"]
    guarded = choose_pass(["QS", "5S", "3S", "4S", "2S", "AH", "KH", "2D", "3D", "4D", "5D",
                           "6D", "7C"])
    assert "QS" not in guarded and {"AH", "KH"} <= set(guarded)
    assert choose_pass(["AS", "KS", "3S", "4S", "2S", "AH", "10H", "2D", "3D", "4D", "5D",
                        "6D", "7C"]) == ["AS", "KS", "AH"]
    assert "JD" not in choose_pass(["JD", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C",
                                    "2S", "3S", "4S", "5S"])


def test_only_a_sure_sheep_is_exposed() -> None:
    assert choose_expose(["JD", "AD", "KD", "QD", "2C"], ["JD"]) == ["JD"]
    assert choose_expose(["JD", "AD", "2C"], ["JD"]) == []
    assert choose_expose(["QS", "AH", "10C"], ["QS", "AH", "10C"]) == []


def test_a_pass_and_an_expose_through_the_bot() -> None:
    s = table(["JD", "AD", "KD", "QD", "2C", "3C", "4C", "5C", "6C", "7C",
                "8C", "9C", "2S"], spec={"preset": "exposing"})
    s.phase, s.exposers, s.exposes_made = "expose", [0], 0
    assert heuristic_input(s) == {"type": "expose", "seat": 0, "cards": ["JD"]}
