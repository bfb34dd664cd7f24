"""Scoring a round: score.cards, score.moon (moon_pig), score.doubler (ten_alone),
score.sweep (all_at_once, sweep_score) and their combination with expose.effect
(expose_cards), through ``gongzhu_core.scoring.score_round`` and through whole records
(RULINGS.md "Scoring a round")."""

from __future__ import annotations

import pytest

from gongzhu_core import build_ruleset
from gongzhu_core.scoring import score_round

from .records import HEARTS, SCORING, Game, cards, of, run_partial

ALL_HEARTS = " ".join(HEARTS)
VALUES = {"AH": -50, "KH": -40, "QH": -30, "JH": -20, "10H": -10, "9H": -10, "8H": -10,
          "7H": -10, "6H": -10, "5H": -10, "4H": 0, "3H": 0, "2H": 0}


def score(taken0, others=(), exposed=None, **options):
    """score_round with seat 0 taking ``taken0`` and seats 1.. ``others``."""
    rs = build_ruleset({"options": options})
    taken = [cards(taken0)] + [cards(o) for o in others]
    taken += [[] for _ in range(4 - len(taken))]
    shown = [cards((exposed or {}).get(s, "")) for s in range(4)]
    return score_round(taken, shown, rs)


# ---------------------------------------------------------------------- score.cards
@pytest.mark.parametrize("heart", HEARTS)
def test_score_cards_each_heart(heart):
    """Given a seat took one heart / when scored / then AH -50, KH -40, QH -30, JH -20,
    10H..5H -10, 4H 3H 2H 0 (score.cards)."""
    assert score(heart).points == [VALUES[heart], 0, 0, 0]


@pytest.mark.parametrize("taken, points", [
    ("", 0), ("QS", -100), ("JD", 100), ("AS KD 9C QC JS", 0), ("AH KH", -90),
    ("QS JD", 0), ("AH QS 2S 3D", -150), (" ".join(HEARTS[1:]), -200),
])
def test_score_cards_sum(taken, points):
    """Given the scoring cards a seat took / when scored / then the sum of their values;
    other cards are worth nothing and a seat with no scoring card scores 0; all hearts
    but 2H are -200 and no moon (score.cards)."""
    result = score(taken)
    assert result.points == [points, 0, 0, 0]
    assert result.moon is None and result.sweep is None
    assert result.rules == ["score.cards", "score.total"]


def test_score_cards_a_whole_round():
    """Given the sixteen scoring cards spread over the four seats / when scored / then
    each seat gets its own sum (score.cards, score.doubler)."""
    result = score("AH KH QS", ["JD 2H 3H", "10C", "QH JH 10H 9H 8H 7H 6H 5H 4H"])
    assert result.points == [-190, 100, 50, -110]
    assert result.rules == ["score.cards", "score.doubler", "score.total"]


# ---------------------------------------------------------------------- score.doubler
@pytest.mark.parametrize("taken, options, points", [
    ("10C", {}, 50),
    ("10C AS KD", {}, 50),                                  # other cards are not scoring
    ("10C QS", {}, -200),
    ("10C JD 5H", {}, 180),
    ("10C QS JD", {}, 0),                                   # a sum of 0 stays 0
    ("10C AH KH", {}, -180),                                # a bigger loss
    ("10C 3H", {}, 0),                                      # strict (default)
    ("10C 3H", {"ten_alone": "strict"}, 0),
    ("10C 3H", {"ten_alone": "zero_hearts_ok"}, 50),
    ("10C 2H 3H 4H", {"ten_alone": "zero_hearts_ok"}, 50),
    ("10C 2H 3H 4H", {"ten_alone": "strict"}, 0),
    ("10C 3H 5H", {"ten_alone": "zero_hearts_ok"}, -20),
    ("10C QS", {"ten_alone": "zero_hearts_ok"}, -200),
    ("10C JD", {"ten_alone": "zero_hearts_ok"}, 200),
])
def test_score_doubler(taken, options, points):
    """Given a seat took 10C / when scored / then with another scoring card the sum of
    the others doubled (0 stays 0, a minus grows), alone +50; ten_alone strict counts
    the zero hearts as other cards, zero_hearts_ok does not (score.doubler)."""
    result = score(taken, **options)
    assert result.points == [points, 0, 0, 0]
    assert result.rules == ["score.cards", "score.doubler", "score.total"]


# ---------------------------------------------------------------------- score.moon
@pytest.mark.parametrize("extra, moon_pig, points", [
    ("", "stays", 200), ("", "cancelled", 200), ("", "flips", 200),
    ("QS", "stays", 100), ("QS", "cancelled", 200), ("QS", "flips", 300),
    ("JD", "stays", 300), ("JD", "flips", 300),
    ("10C", "stays", 400),
    ("QS 10C", "stays", 200), ("QS 10C", "cancelled", 400), ("QS 10C", "flips", 600),
    ("QS JD", "flips", 400), ("JD 10C", "stays", 600),
])
def test_score_moon(extra, moon_pig, points):
    """Given a seat took all 13 hearts (and maybe the pig, sheep, ten) / when scored /
    then the hearts count +200; the pig -100 (stays), 0 (cancelled) or +100 (flips);
    the sheep keeps +100; the ten doubles the result; round_end's moon is the seat
    (score.moon)."""
    result = score(ALL_HEARTS + " " + extra, moon_pig=moon_pig)
    assert result.points[0] == points and result.moon == 0 and result.sweep is None
    assert "score.moon" in result.rules


@pytest.mark.parametrize("moon_pig", ["stays", "cancelled", "flips"])
def test_score_moon_pig_elsewhere_keeps_minus_100(moon_pig):
    """Given seat 0 took all hearts and seat 1 the pig / when scored under any moon_pig /
    then seat 0 +200 and seat 1 -100: the reading concerns the mooner's pig only
    (score.moon)."""
    assert score(ALL_HEARTS, ["QS"], moon_pig=moon_pig).points == [200, -100, 0, 0]


@pytest.mark.parametrize("moon_pig, points", [("stays", 0), ("cancelled", 200),
                                              ("flips", 400)])
def test_score_moon_with_exposed_pig(moon_pig, points):
    """Given exposing, the pig exposed, and a seat that took all hearts and the pig /
    when scored / then the pig counts -200, 0 or +200: 0, +200, +400 (score.moon,
    expose.effect)."""
    result = score(ALL_HEARTS + " QS", exposed={2: "QS"}, exposing=True, moon_pig=moon_pig)
    assert result.points[0] == points
    assert result.rules == ["expose.effect", "score.cards", "score.moon", "score.total"]


@pytest.mark.parametrize("shown, expose_cards, points", [
    ("AH", "any", 250), ("AH", "four", 400), ("3H", "any", 200), ("KH QH", "any", 270),
])
def test_score_moon_with_exposed_hearts(shown, expose_cards, points):
    """Given exposed hearts and a seat that took all 13 / when scored / then the doubled
    hearts turn too: +250 with AH exposed under any, +400 under four (AH doubles every
    heart), a zero heart changes nothing (score.moon, expose.effect)."""
    result = score(ALL_HEARTS, exposed={1: shown}, exposing=True, expose_cards=expose_cards)
    assert result.points[0] == points and result.moon == 0
    assert "expose.effect" in result.rules and "score.moon" in result.rules


def test_score_moon_with_exposed_sheep_and_ten():
    """Given JD and 10C exposed / when a seat takes all hearts, JD and 10C / then
    (200 + 200) x 4 = +1600 (score.moon, expose.effect, score.doubler)."""
    result = score(ALL_HEARTS + " JD 10C", exposed={3: "JD 10C"}, exposing=True)
    assert result.points[0] == 1600


# ---------------------------------------------------------------------- score.sweep
@pytest.mark.parametrize("options, points, rules", [
    ({}, 400, ["score.cards", "score.doubler", "score.moon", "score.total"]),
    ({"moon_pig": "cancelled"}, 600, ["score.cards", "score.doubler", "score.moon",
                                      "score.total"]),
    ({"moon_pig": "flips"}, 800, ["score.cards", "score.doubler", "score.moon",
                                  "score.total"]),
    ({"sweep_score": 5}, 400, ["score.cards", "score.doubler", "score.moon", "score.total"]),
    ({"all_at_once": True}, 800, ["score.cards", "score.sweep", "score.total"]),
    ({"all_at_once": True, "moon_pig": "cancelled"}, 800,
     ["score.cards", "score.sweep", "score.total"]),
    ({"all_at_once": True, "sweep_score": 1000}, 1000,
     ["score.cards", "score.sweep", "score.total"]),
])
def test_score_sweep(options, points, rules):
    """Given a seat took all sixteen scoring cards / when scored / then without
    all_at_once it is counted like any round ((200 - 100 + 100) x 2 = 400 by default),
    with it the seat scores exactly sweep_score (800 by default) and cites score.sweep
    and nothing else; round_end's sweep names the seat either way (score.sweep)."""
    result = score(" ".join(sorted(SCORING)), **options)
    assert result.points == [points, 0, 0, 0]
    assert (result.sweep, result.moon) == (0, 0)
    assert result.rules == rules


@pytest.mark.parametrize("all_at_once, points, rules", [
    (True, 800, ["score.cards", "score.sweep", "score.total"]),
    (False, 400, ["expose.effect", "score.cards", "score.doubler", "score.moon",
                  "score.total"]),
])
def test_score_sweep_with_exposures(all_at_once, points, rules):
    """Given QS and 10C exposed and a seat that took all sixteen / when scored / then
    with all_at_once exposures do not change the bonus (800), without it the count is
    (200 - 200 + 100) x 4 = 400 (score.sweep, expose.effect)."""
    result = score(" ".join(sorted(SCORING)), exposed={1: "QS 10C"}, exposing=True,
                   all_at_once=all_at_once)
    assert result.points == [points, 0, 0, 0] and result.rules == rules


def test_score_sweep_needs_all_sixteen():
    """Given all_at_once and a seat that took fifteen scoring cards (not 2H) / when
    scored / then no sweep: (-200 - 100 + 100) x 2 = -400 (score.sweep)."""
    result = score(" ".join(sorted(SCORING - {"2H"})), ["2H"], all_at_once=True)
    assert result.points == [-400, 0, 0, 0] and result.sweep is None and result.moon is None


# ---------------------------------------------------------------------- expose.effect
@pytest.mark.parametrize("taken, shown, options, points", [
    ("AH", "AH", {}, -100), ("QS", "QS", {}, -200), ("JD", "JD", {}, 200),
    ("3H", "3H", {}, 0), ("10C", "10C", {}, 100), ("10C QS", "10C", {}, -400),
    ("10C KH JH", "10C", {}, -240), ("10C QS", "QS 10C", {}, -800),
    ("10C 3H", "10C", {"ten_alone": "zero_hearts_ok"}, 100),
    ("KH", "AH", {"expose_cards": "four"}, -80), ("AH KH", "AH", {"expose_cards": "four"}, -180),
    ("KH", "AH", {"expose_cards": "any"}, -40),
])
def test_score_expose_effect(taken, shown, options, points):
    """Given cards exposed by seat 1 / when seat 0 took ``taken`` / then exposed cards
    count double (AH -100, pig -200, sheep +200, zero heart 0), an exposed ten x4 or
    +100 alone, and under four an exposed AH doubles every heart; expose.effect is cited
    (expose.effect)."""
    result = score(taken, exposed={1: shown}, exposing=True, **options)
    assert result.points == [points, 0, 0, 0]
    if points != -40:
        assert "expose.effect" in result.rules
    else:
        assert "expose.effect" not in result.rules


def test_score_rules_alphabetical_then_total():
    """Given a round with an exposed card taken, the ten and a moon / when scored / then
    round_end cites expose.effect, score.cards, score.doubler, score.moon, score.total in
    that order (score.cards, score.total)."""
    result = score(ALL_HEARTS, ["10C QS", "JD"], exposed={2: "JD"}, exposing=True)
    assert result.points == [200, -200, 200, 0]
    assert result.rules == ["expose.effect", "score.cards", "score.doubler", "score.moon",
                            "score.total"]


# ---------------------------------------------------------------------- whole records
# Dealer 3, seat 0 leads: it takes all 13 hearts in four tricks, then the pig (its AS
# over seat 3's QS); seat 2 takes JD, seat 1 takes 10C alone (+50).
MOON = ["AH 2H 3H 4H", "KH 5H 6H 7H", "QH 8H 9H 10H", "JH 2C 3C 4C", "2D 3D AD JD",
        "2S QS AS 3S", "7C 10C 5C 6C"]


@pytest.mark.parametrize("moon_pig, exposed_pig, seat0", [
    ("stays", False, 100), ("cancelled", False, 200), ("flips", False, 300),
    ("stays", True, 0), ("cancelled", True, 200), ("flips", True, 400),
])
def test_score_moon_pig_through_a_record(moon_pig, exposed_pig, seat0):
    """Given seat 0 takes all hearts and the pig (exposed by seat 3 or not), seat 1 the
    ten alone, seat 2 the sheep / when the round is adjudicated / then round_end: moon 0,
    points seat0, +50, +100, 0 (score.moon, moon_pig)."""
    g = Game("exposing" if exposed_pig else None, first_dealer=3, moon_pig=moon_pig)
    g.round(tricks=MOON, exposes={3: "QS"} if exposed_pig else None)
    end = of(run_partial(g.record()), "round_end")[0]
    assert end["taken"][0][:13] == g.rounds[0].taken[0][:13]
    assert (end["moon"], end["sweep"]) == (0, None)
    assert end["points"] == [seat0, 50, 100, 0]
    assert "score.moon" in end["rules"] and "score.doubler" in end["rules"]


@pytest.mark.parametrize("preset, options, points", [
    (None, {}, 400), ("all_at_once", {}, 800), ("all_at_once", {"sweep_score": 999}, 999),
    ("exposing", {"all_at_once": True}, 800),
])
def test_score_sweep_through_a_record(preset, options, points):
    """Given seat 0 dealt every heart, leading AH while the others throw QS, JD, 10C /
    when the round is adjudicated / then it took all sixteen: sweep 0, 400 without the
    variant, sweep_score with it, exposures (QS and 10C by their holders) ignored
    (score.sweep)."""
    g = Game(preset, first_dealer=3, **options)
    exposes = {1: "QS", 3: "10C"} if preset == "exposing" else None
    g.round(given={0: ALL_HEARTS}, tricks=["AH QS JD 10C"], exposes=exposes)
    end = of(run_partial(g.record()), "round_end")[0]
    assert (end["sweep"], end["moon"], end["points"]) == (0, 0, [points, 0, 0, 0])
