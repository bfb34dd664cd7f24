"""Totals and the end of the game: score.total, game.end (end_score), game.places,
game.tie (top_tie share | play_on) (RULINGS.md "Scoring a round", "End of the game")."""

from __future__ import annotations

import pytest

from .records import Game, error_of, of, run, run_partial

# Scripts in play order from the round's first leader L (see each comment).
# L takes every heart but 2H (-200), the pig (-100) and the ten: -600; L+2 takes JD.
MINUS_600 = ["AH JH 8H 5H", "KH 10H 7H 4H", "QH 9H 6H 3H", "AS QS 2S 3S", "AC 10C 2C 3C",
             "2D 3D AD JD", "4C 5C 2H 6C"]
# Leader seat 1; seat 0 wins the first trick, then takes every heart but 2H and the ten:
# -400; seat 2 takes JD and QS (0), seat 1 takes 2H (0).
MINUS_400 = ["2C 3C 4C AC", "AH JH 8H 5H", "KH 10H 7H 4H", "QH 9H 6H 3H", "KC 10C 5C 6C",
             "2D 3D AD JD", "7C 8C 2H 9C", "2S QS 3S 4S"]
# Leader L: L takes eleven hearts (-190), L+1 QS + JD (0), L+2 nothing, L+3 KC over
# 10C and 5H (-20) and later 2H: -190, 0, 0, -20 from L on.
TIE = ["AH JH 8H 4H", "KH 10H 7H 3H", "QH 9H 6H 2C", "2D 3D 4D AD", "KC 3C 5H 10C",
       "3S 4S QS 2S", "KD JD 6D 7D", "5S 6S 7S 2H"]
# Leader seat 1; seat 0 wins the first trick, takes all 13 hearts and the pig (+300
# with moon_pig flips), seat 3 takes JD (+100), seat 1 the ten alone (+50).
MOON_FLIPS = ["2C 3C 4C AC", "AH 2H 3H 4H", "KH 5H 6H 7H", "QH 8H 9H 10H", "JH 5C 6C 7C",
              "AS 2S 3S QS", "2D JD 4D AD", "8C 9C JC 10C"]


def ends(events):
    return of(events, "round_end")


# ---------------------------------------------------------------------- score.total
def test_score_total_running_totals_and_history():
    """Given rounds scoring -600, 0, +100, 0 and then -400, 0, 0, 0 / when adjudicated /
    then the totals after each round are the running sums, game_end's history lists
    each round's points and its scores the final totals (score.total)."""
    g = Game(first_dealer=3)
    g.round(tricks=MINUS_600)
    g.round(tricks=MINUS_400)
    events = run(g.record())
    first, second = ends(events)
    assert first["points"] == [-600, 0, 100, 0] and first["totals"] == [-600, 0, 100, 0]
    assert second["points"] == [-400, 0, 0, 0] and second["totals"] == [-1000, 0, 100, 0]
    assert first["rules"][-1] == second["rules"][-1] == "score.total"
    end = events[-1]
    assert end["type"] == "game_end"
    assert end["history"] == [[-600, 0, 100, 0], [-400, 0, 0, 0]]
    assert (end["rounds"], end["scores"]) == (2, [-1000, 0, 100, 0])


# ---------------------------------------------------------------------- game.end
def test_game_end_exactly_minus_1000_ends():
    """Given the default end_score -1000 and seat 0 at -600 after round 1 / when round 2
    brings it to exactly -1000 / then the game ends after round 2 ("reaches"), with
    game_end right after the round_end, citing game.end and game.places (game.end)."""
    g = Game(first_dealer=3)
    g.round(tricks=MINUS_600)
    g.round(tricks=MINUS_400)
    events = run(g.record())
    assert [e["type"] for e in events[-2:]] == ["round_end", "game_end"]
    assert events[-1]["rules"] == ["game.end", "game.places"]
    assert events[-1]["seed"] is None


def test_game_end_above_the_end_score_goes_on():
    """Given end_score -1001 and the same two rounds (seat 0 at -1000) / when
    adjudicated / then the game is not over: round 3 starts and the record is
    incomplete (game.end)."""
    g = Game(first_dealer=3, end_score=-1001)
    g.round(tricks=MINUS_600)
    g.round(tricks=MINUS_400)
    events = run_partial(g.record())
    assert not of(events, "game_end")
    assert [e["round"] for e in of(events, "round")] == [1, 2, 3]
    err = error_of(g.record())
    assert (err.code, err.input, err.rule) == ("incomplete", len(g.inputs), None)


@pytest.mark.parametrize("end_score, over", [(-600, True), (-601, False), (-500, True),
                                             (-1, True)])
def test_game_end_any_end_score(end_score, over):
    """Given end_score e and a first round that leaves seat 0 at -600 / when adjudicated
    / then the game ends after round 1 exactly when -600 <= e (game.end)."""
    g = Game(first_dealer=3, end_score=end_score)
    g.round(tricks=MINUS_600)
    if over:
        assert run(g.record())[-1]["rounds"] == 1
    else:
        assert not of(run_partial(g.record()), "game_end")


def test_game_end_short_preset_is_minus_500():
    """Given the short preset / when seat 0 reaches -600 in round 1 / then the game ends
    after it (game.end, Presets)."""
    g = Game("short", first_dealer=3)
    g.round(tricks=MINUS_600)
    events = run(g.record())
    assert events[0]["ruleset"]["options"]["end_score"] == -500
    assert events[-1]["type"] == "game_end" and events[-1]["places"] == [4, 2, 1, 2]


def test_game_end_never_in_the_middle_of_a_round():
    """Given end_score -1 and the pig taken on trick 1 / when adjudicated / then all 13
    tricks are still played and the round is scored before game_end (game.end)."""
    g = Game(first_dealer=3, end_score=-1)
    g.round(tricks=["2D QS 3D 4D"])
    events = run(g.record())
    assert len(of(events, "trick")) == 13
    assert [e["type"] for e in events[-3:]] == ["trick", "round_end", "game_end"]


def test_game_end_input_after_the_end():
    """Given a game over after round 1 / when another input follows / then extra_input at
    its index, rule game.end, with the whole log through game_end kept (game.end)."""
    g = Game(first_dealer=3, end_score=-1)
    g.round(tricks=MINUS_600)
    index = g.raw({"type": "deal", "round": 2, "hands": g.rounds[0].dealt})
    err = error_of(g.record())
    assert (err.code, err.input, err.rule) == ("extra_input", index, "game.end")
    assert err.events[-1]["type"] == "game_end"


# ---------------------------------------------------------------------- game.places
@pytest.mark.parametrize("first_dealer, places", [
    (3, [4, 1, 1, 3]), (0, [3, 4, 1, 1]), (1, [1, 3, 4, 1]), (2, [1, 1, 3, 4]),
])
def test_game_places_ties_shared(first_dealer, places):
    """Given a round scoring -190, 0, 0, -20 from its leader on / when the game ends /
    then place = 1 + the number of strictly higher totals: the two on 0 share place 1,
    then 3 and 4 (game.places)."""
    g = Game(first_dealer=first_dealer, end_score=-1)
    g.round(tricks=TIE)
    end = run(g.record())[-1]
    assert end["places"] == places
    assert sorted(end["scores"]) == [-190, -20, 0, 0]


def test_game_places_higher_total_is_better():
    """Given totals -1000, 0, +100, 0 / when the game ends / then places 4, 2, 1, 2
    (game.places)."""
    g = Game(first_dealer=3)
    g.round(tricks=MINUS_600)
    g.round(tricks=MINUS_400)
    assert run(g.record())[-1]["places"] == [4, 2, 1, 2]


# ---------------------------------------------------------------------- game.tie
@pytest.mark.parametrize("options", [{}, {"top_tie": "share"}])
def test_game_tie_share_default(options):
    """Given top_tie share (the default) and two players level on the highest total when
    the end is reached / when adjudicated / then the game ends and they share place 1,
    without game.tie (game.tie)."""
    g = Game(first_dealer=3, end_score=-1, **options)
    g.round(tricks=TIE)
    end = run(g.record())[-1]
    assert (end["rounds"], end["places"]) == (1, [4, 1, 1, 3])
    assert end["rules"] == ["game.end", "game.places"]


def test_game_tie_play_on_goes_on_until_a_single_leader():
    """Given top_tie play_on, end_score -1, a first round leaving 0, 0 on top / when
    adjudicated / then the game goes on; a second round in which every total rises above
    the end score does not end it (checked afresh); it ends after the round that
    leaves some total at or below -1 and one player alone on top, citing game.tie;
    ties below the top stay shared (game.tie)."""
    g = Game(first_dealer=3, end_score=-1, top_tie="play_on", moon_pig="flips")
    g.round(tricks=TIE)
    g.round(tricks=MOON_FLIPS)
    partial = run_partial(g.record())
    assert [e["totals"] for e in ends(partial)] == [[-190, 0, 0, -20], [110, 50, 0, 80]]
    assert not of(partial, "game_end")
    g.round(shuffle=8)                      # a policy round: +90, -100, -50, -280
    events = run(g.record())
    end = events[-1]
    assert ends(events)[-1]["totals"] == [200, -50, -50, -200]
    assert (end["rounds"], end["scores"]) == (3, [200, -50, -50, -200])
    assert end["history"][2] == [90, -100, -50, -280]
    assert end["places"] == [1, 2, 2, 4]            # lower ties stay shared
    assert end["rules"] == ["game.end", "game.places", "game.tie"]


def test_game_tie_play_on_without_a_tie_ends_at_once():
    """Given top_tie play_on and a single leader when the end is reached / when
    adjudicated / then the game ends as usual and game_end does not cite game.tie
    (game.tie)."""
    g = Game(first_dealer=3, end_score=-1, top_tie="play_on")
    g.round(tricks=MINUS_600)
    end = run(g.record())[-1]
    assert end["places"] == [4, 2, 1, 2] and end["rules"] == ["game.end", "game.places"]
