"""The fixed evaluation panel and ``evaluate`` on it, for every game (gamekit.panels,
gamekit.evaluate, gamekit.evalcli, each game's ``python -m <game>_core evaluate``)."""

from __future__ import annotations

import io
import json
import math

import pytest

from arne_core.cli import main as arne_main
from gamekit.bots import identity_label, parse_bot_spec
from gamekit.evaluate import EvaluationError, evaluate_panel
from gamekit.panels import PanelError, panel_digest, panel_info, panel_seeds
from gamekit.stats import cluster_bootstrap, wilson
from gongzhu_core.cli import main as gongzhu_main
from kolkhoz_core.cli import main as kolkhoz_main
from korova_core.cli import main as korova_main

MAINS = {"kolkhoz": kolkhoz_main, "gongzhu": gongzhu_main, "korova": korova_main,
         "arne": arne_main}
# quick rulesets: short games keep the tests fast
QUICK: dict[str, dict[str, object] | None] = {
    "kolkhoz": {"preset": "kolkhoz", "options": {"years": 1}},
    "gongzhu": {"preset": "short"}, "korova": {"options": {"threshold": 30}}, "arne": None}

# panel/1 must never change: a new set of deals is a new panel id
PINNED = {
    ('arne', 2): "1ed870cdc91e34ad5c994f09961cc4ae285b3ac16b641d262af602b8d9cdd86e",
    ('arne', 3): "341498357b89f0d078ed27caa712ed6678ed198638aa84f426b356d9b753b261",
    ('arne', 4): "bca5c80e63a912ed8d0209c6a60fc22c416d256f2178e8c2f5f6991ae57e344b",
    ('arne', 5): "e4b755080b58f4675d31970b891f513eec7600bed0b111905e6539cfb51213fa",
    ('arne', 6): "a21c7859ae7705ef04fb5a7631e2d6962d20ecc4f2d76184a8900527c6f97c79",
    ('gongzhu', 4): "0fb8856951d8029fee2bae5ccf4ea4fbf0b06aac6b86d39555ccd2e02b94d017",
    ('kolkhoz', 4): "a1e7516b7f2e036bb41d82e3175b22498a120be9853de40d5299c786179bbbca",
    ('korova', 2): "9663ba716379e66d11cddfea5fd4fb1ee6d6987d8060017d59462eb756df8d68",
    ('korova', 3): "c178bb7ebab023f5582de555348f208e278f3b3b6a047f31b675d24741f41cba",
    ('korova', 4): "4ea152a088f3d43fdd04770ab2f15805c0c0777ea04774c7d0bde56b56998eee",
    ('korova', 5): "425df6bf4066de40c086a464111a5b5fb0fc62907cf49df00baccbae617607dc",
    ('korova', 6): "6aef677e0d353fd3db32b4caf324b2d559bb5c824532eab8ef2995521e88e85f",
    ('korova', 7): "71261bd6bd106a9b529f5741756c4c7166f4019e4a552187039c5a4d1efc1550",
    ('korova', 8): "a0b20dfa286c0f11eb7a9f145788fedc22b61528c6a48b429ecc2f4b7b9c36e8",
    ('korova', 9): "11cbe7877c74f994f9efbf0d7a20859a3fd5feb9d7dee8088248ad50da52d5f0",
    ('korova', 10): "1b565608d24d02221e4d603b34077dc8ad3bd6f3b20f8a7e07899dee9f0818f4",
}


def _cli(game: str, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = MAINS[game](list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def _figures(r: dict[str, object]) -> dict[str, object]:
    """A report without its timings (which vary run to run)."""
    return {k: v for k, v in r.items() if k not in ("decision_ms", "decision_cpu_ms",
                                                    "elapsed_s", "jobs")}


def test_panel_1_is_pinned_and_covers_every_table_size_of_every_game() -> None:
    info = panel_info("panel/1")
    assert info["id"] == "panel/1" and info["deals"] == 400
    assert info["tables"] == {"kolkhoz": [4], "gongzhu": [4], "korova": list(range(2, 11)),
                              "arne": list(range(2, 7))}
    for (game, seats), digest in PINNED.items():
        seeds = panel_seeds(game, seats)
        assert len(seeds) == 400 == len(set(seeds))
        assert panel_digest(game, seats) == digest, (game, seats)
    assert panel_seeds("korova", 5, 3) == panel_seeds("korova", 5)[:3]
    assert panel_seeds("korova", 5, 3) != panel_seeds("korova", 6, 3)


def test_panel_refuses_what_it_does_not_hold() -> None:
    with pytest.raises(PanelError) as e:
        panel_seeds("kolkhoz", 4, 0)
    assert e.value.code == "panel_too_small"
    with pytest.raises(PanelError) as e:
        panel_seeds("kolkhoz", 4, 401)
    assert e.value.code == "panel_too_small"
    with pytest.raises(PanelError) as e:
        panel_seeds("kolkhoz", 5)
    assert e.value.code == "no_panel_for_table"
    with pytest.raises(PanelError) as e:
        panel_seeds("kolkhoz", 4, 3, "panel/9")
    assert e.value.code == "unknown_panel"


@pytest.mark.parametrize("game", sorted(MAINS))
def test_every_candidate_meets_the_same_deals_from_every_seat(game: str) -> None:
    a = evaluate_panel(game, "heuristic", "random", deals=2, ruleset=QUICK[game])
    b = evaluate_panel(game, "random", "heuristic", deals=2, ruleset=QUICK[game])
    # the same deals whoever the candidate is, and every rotation of a deal deals alike
    assert a["panel"]["deals_fingerprint"] == b["panel"]["deals_fingerprint"]
    assert a["panel"]["rotations_same_deal"] and b["panel"]["rotations_same_deal"]
    assert a["panel"]["digest"] == panel_digest(game, 4)
    # the rotation puts the candidate in every seat once per deal
    assert [s["games"] for s in a["by_seat"]] == [2, 2, 2, 2]
    assert a["panel"]["games"] == 8 and a["panel"]["seats"] == 4
    # one deal more: the first two deals are the same ones (a prefix of the list)
    c = evaluate_panel(game, "random", "random", deals=3, ruleset=QUICK[game])
    assert c["panel"]["deals_fingerprint"] != a["panel"]["deals_fingerprint"]


@pytest.mark.parametrize(("game", "seats"), [("korova", 3), ("arne", 2), ("korova", 5)])
def test_a_bot_against_copies_of_itself_scores_exactly_parity(game: str, seats: int) -> None:
    # the k rotations of a deal are the same k games: the candidate takes each seat's
    # result once, so exactly one first place per deal (shared places split)
    r = evaluate_panel(game, "heuristic", "heuristic", deals=3, seats=seats,
                       ruleset=QUICK[game])
    assert r["win_share"] == pytest.approx(1 / seats, abs=1e-4)
    assert r["parity"] == pytest.approx(1 / seats, abs=1e-4)
    assert r["ci95"] == [pytest.approx(1 / seats, abs=1e-4)] * 2
    assert [s["games"] for s in r["by_seat"]] == [3] * seats
    assert r["panel"]["games"] == 3 * seats


def test_evaluation_is_reproducible_and_names_both_bots() -> None:
    a = evaluate_panel("kolkhoz", "ismcts:iterations=5", "heuristic", deals=2,
                       ruleset=QUICK["kolkhoz"])
    b = evaluate_panel("kolkhoz", ("ismcts", {"iterations": 5}), "heuristic", deals=2,
                       ruleset=QUICK["kolkhoz"])
    assert _figures(a) == _figures(b)
    assert a["candidate"]["name"] == "ismcts" and a["candidate"]["settings"]["iterations"] == 5
    assert a["baseline"] == {"name": "heuristic", "version": "1", "settings": {}}
    assert a["decision_ms"]["decisions"] > 0
    for times in (a["decision_ms"], a["decision_cpu_ms"]):  # quantiles in order
        assert 0 <= times["p50"] <= times["p90"] <= times["p95"] <= times["max"]


def test_wilson_interval_for_known_counts() -> None:
    lo, hi = wilson(0.5, 100)
    assert (lo, hi) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))
    lo, hi = wilson(0.0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson(0.25, 400)
    # by hand: centre (0.25 + z²/800) / (1 + z²/400) = 0.25238, half-width 0.04230
    assert (lo, hi) == (pytest.approx(0.2101, abs=1e-4), pytest.approx(0.2947, abs=1e-4))


def test_cluster_bootstrap_keeps_the_pairing_of_a_deal() -> None:
    # 10 deals whose 4 rotations all agree: really 10 observations, not 40
    clusters = [[1.0] * 4] * 5 + [[0.0] * 4] * 5
    lo, hi = cluster_bootstrap(clusters)
    assert lo <= 0.5 <= hi
    half = 1.96 * math.sqrt(0.25 / 10)  # the normal interval over 10 deal means
    assert (hi - lo) / 2 == pytest.approx(half, abs=0.05)
    w_lo, w_hi = wilson(0.5, 40)  # treating 40 games as independent is too narrow
    assert hi - lo > (w_hi - w_lo) * 1.5
    # reproducible; degenerate when every deal scores the same
    assert cluster_bootstrap(clusters) == (lo, hi)
    assert cluster_bootstrap([[0.25, 0.25]] * 7) == (0.25, 0.25)
    assert cluster_bootstrap([[0.5, 1.0]]) == (0.75, 0.75)
    assert all(math.isnan(x) for x in cluster_bootstrap([]))


def test_bot_specs_and_labels() -> None:
    assert parse_bot_spec("ismcts:iterations=300:policy=random:exploration=0.7") == (
        "ismcts", {"iterations": 300, "policy": "random", "exploration": 0.7})
    assert parse_bot_spec("heuristic") == ("heuristic", {})
    for bad in ("", ":x=1", "ismcts:iterations"):
        with pytest.raises(ValueError):
            parse_bot_spec(bad)
    assert identity_label({"name": "ismcts", "version": "1",
                           "settings": {"iterations": 300, "time_ms": None}}) == (
        "ismcts v1 (iterations=300)")


@pytest.mark.parametrize("game", sorted(MAINS))
def test_cli_json_shape(game: str) -> None:
    argv = ["evaluate", "heuristic", "--against", "random", "--panel", "1", "--json",
            "--quiet"]
    code, out, err = _cli(game, *argv)
    assert code == 0, err
    r = json.loads(out)
    assert set(r) >= {"format", "game", "engine_version", "panel", "candidate", "baseline",
                      "parity", "win_share", "ci95", "ci95_method", "ci95_wilson",
                      "ci95_normal", "mean_place", "mean_place_ci95", "mean_score",
                      "mean_score_ci95", "score_name", "lower_score_wins", "by_seat",
                      "decision_ms", "decision_cpu_ms"}
    assert r["format"] == "kolkhoz-evaluation/1" and r["game"] == game
    assert r["panel"]["id"] == "panel/1" and r["panel"]["deals"] == 1
    version = "2" if game == "arne" else "1"  # Arne's heuristic v2: the heads-up Swap Seats
    assert r["candidate"] == {"name": "heuristic", "version": version, "settings": {}}
    assert r["ci95"][0] <= r["win_share"] <= r["ci95"][1]
    assert r["ci95_wilson"][0] <= r["win_share"] <= r["ci95_wilson"][1]
    # without --json: readable lines naming the panel and the interval
    code, out, _ = _cli(game, *argv[:-2], "--quiet")
    assert code == 0 and "panel/1: 1 deals × 4 seat rotations = 4 games" in out
    assert "95% CI" in out and f"heuristic v{version} against 3 × random v1" in out


@pytest.mark.parametrize(("game", "argv", "code"), [
    ("kolkhoz", ["nobody", "--against", "random"], "unknown_bot"),
    ("gongzhu", ["heuristic", "--against", "nobody"], "unknown_bot"),
    ("korova", ["heuristic:bogus=1"], "bad_bot_settings"),
    ("kolkhoz", ["ismcts", "--against", "random", "--setting", "iterations=-3"],
     "bad_bot_settings"),
    ("arne", ["heuristic", "--setting", "noequals"], "bad_bot_settings"),
    ("arne", ["heuristic", "--seats", "9"], "bad_seats"),
    ("gongzhu", ["heuristic", "--seats", "3"], "bad_seats"),
    ("korova", ["heuristic", "--seats", "7", "--preset", "tactical"], "bad_seats"),
    ("kolkhoz", ["random", "--against", "random", "--panel", "401"], "panel_too_small"),
    ("korova", ["random", "--panel", "0"], "panel_too_small"),
    ("arne", ["random", "--panel-id", "panel/0"], "unknown_panel"),
    ("korova", ["random", "--option", "threshold=-5"], "invalid_ruleset"),
    ("kolkhoz", ["random", "--against", "random", "--panel", "2", "--seed", "x"],
     "mixed_forms"),
    ("gongzhu", ["random", "--panel", "2", "--matches", "8"], "mixed_forms"),
])
def test_cli_refuses_bad_input_with_exit_2(game: str, argv: list[str], code: str) -> None:
    status, out, err = _cli(game, "evaluate", *argv, "--quiet")
    assert status == 2 and out == ""
    assert json.loads(err)["error"]["code"] == code


def test_evaluation_error_carries_a_code() -> None:
    with pytest.raises(EvaluationError) as e:
        evaluate_panel("nogame", "random", "random", deals=1)
    assert e.value.code == "unknown_game"
    with pytest.raises(EvaluationError) as e:
        evaluate_panel("kolkhoz", "random", "random", deals=1, jobs=0)
    assert e.value.code == "bad_jobs"


def test_processes_give_the_same_figures() -> None:
    one = evaluate_panel("korova", "heuristic", "random", deals=2, seats=3,
                         ruleset=QUICK["korova"])
    two = evaluate_panel("korova", "heuristic", "random", deals=2, seats=3,
                         ruleset=QUICK["korova"], jobs=2)
    assert _figures(one) == _figures(two) and two["jobs"] == 2
