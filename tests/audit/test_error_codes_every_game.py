"""The same bad input gets the same answer in every game (issue 20, "faults and hostile
input for the new shapes"; docs/engine-api.md "Command-line and what-if errors, every
game").

Each game's command line (``python -m <game>_core``), given the same bad input:

- a record file that does not exist, that is not JSON, or whose JSON is not an object, to
  ``adjudicate`` and ``whatif``: exit 2, one ``{"error": {"code", "message", "input",
  "rule"}}`` line on standard error (``input`` and ``rule`` null), nothing on standard
  output — the code the game's record format gives an unreadable record
  (``RECORD_CODE``), the same in both commands and for the three inputs;
- the same to ``verify``: ``{"error": {"check": "format", ...}}``, exit 2 when the file
  cannot be read, 1 (a failed check) when its JSON is not a record (docs/verify.md);
- an unknown ruleset option to ``whatif`` and ``play``, an ``--option`` without ``=`` to
  ``whatif``: exit 2 with the game's ruleset code (``RULESET_CODE``; Kolkhoz's
  ``bad_option`` for the pair), nothing on standard output;
- an unknown preset to ``whatif`` and ``play``, an unknown command-line flag: exit 2 with
  argparse's usage line naming it, nothing on standard output;

and no command writes a file. The codes differ between games where their record formats
(contracts: add, never rename) name different ones; every game's answer is its own
contract's, and the same status.

Over the API, ``POST /api/games/<id>/whatif/`` on a finished game with a preset or an
option the game does not have is 400 in every game (it was 422 for Kolkhoz's preset and
Gong Zhu's preset and option) with the game's code, and nothing is stored.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from replays import engine
from replays.models import Game, GameEvent

GAMES = ("kolkhoz", "gongzhu", "korova", "arne")
#: an unreadable record (no file, not JSON, not an object): RECORD_FORMAT.md of each game
#: (Gong Zhu ``bad_record``, Korova and Arne ``malformed``; Kolkhoz's engine and import
#: ``record_invalid``, docs/verify.md)
RECORD_CODE = {"kolkhoz": "record_invalid", "gongzhu": "bad_record", "korova": "malformed",
               "arne": "malformed"}
#: an unknown ruleset option (Kolkhoz docs/engine-api.md ``RulesetError``; the others'
#: RECORD_FORMAT.md ``invalid_ruleset``)
RULESET_CODE = {"kolkhoz": "unknown_option", "gongzhu": "invalid_ruleset",
                "korova": "invalid_ruleset", "arne": "invalid_ruleset"}
PRESET_CODE = {**RULESET_CODE, "kolkhoz": "unknown_preset"}
UNREADABLE = {"missing": None, "not JSON": "{not json", "an array": "[1, 2]",
              "a string": '"record"'}


def run(game: str, *argv: str) -> tuple[int, str, str]:
    """The game's CLI in this process: ``(exit status, stdout, stderr)`` (argparse's own
    refusals, a ``SystemExit``, included)."""
    cli = importlib.import_module(f"{game}_core.cli")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(list(argv), out, err)
        except SystemExit as e:
            status = e.code
    return int(status), out.getvalue(), err.getvalue()


@functools.cache
def record(game: str) -> str:
    """A finished game's record, from the game's own ``play``."""
    status, out, err = run(game, "play", "--seed", "codes-every-game")
    assert status == 0, err
    return out


def _error(err: str) -> dict[str, Any]:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    body = json.loads(lines[0])
    assert set(body) == {"error"}, body
    return dict(body["error"])


def _bad_file(tmp_path: Path, what: str) -> str:
    path = tmp_path / "record.json"
    if UNREADABLE[what] is not None:
        path.write_text(UNREADABLE[what])
    return str(path)


@pytest.mark.parametrize("what", list(UNREADABLE))
@pytest.mark.parametrize("command", ["adjudicate", "whatif"])
@pytest.mark.parametrize("game", GAMES)
def test_an_unreadable_record_is_the_games_record_code(tmp_path, game, command, what):
    path = _bad_file(tmp_path, what)
    before = sorted(tmp_path.iterdir())
    status, out, err = run(game, command, path)
    assert (status, out) == (2, ""), (status, out, err)
    error = _error(err)
    assert error["code"] == RECORD_CODE[game], error
    assert set(error) == {"code", "message", "input", "rule"}, error
    assert error["input"] is None and error["rule"] is None, error
    assert sorted(tmp_path.iterdir()) == before  # nothing written


@pytest.mark.parametrize("what", list(UNREADABLE))
@pytest.mark.parametrize("game", GAMES)
def test_verify_of_an_unreadable_record_fails_its_format_check(tmp_path, game, what):
    status, out, err = run(game, "verify", _bad_file(tmp_path, what))
    assert status == (2 if what in ("missing", "not JSON") else 1), (status, err)
    assert _error(err)["check"] == "format", err


@pytest.mark.parametrize("command,pair", [("whatif", "no_such_option=1"),
                                          ("play", "no_such_option=1"),
                                          ("whatif", "no_such_option")])
@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_option_is_the_games_ruleset_code(tmp_path, game, command, pair):
    path = tmp_path / "record.json"
    path.write_text(record(game))
    head = [str(path)] if command == "whatif" else ["--seed", "codes"]
    status, out, err = run(game, command, *head, "--option", pair)
    assert (status, out) == (2, ""), (status, out, err)
    error = _error(err)
    codes = RULESET_CODE if "=" in pair else {**RULESET_CODE, "kolkhoz": "bad_option"}
    assert error["code"] == codes[game], error
    assert set(error) == {"code", "message", "input", "rule"}, error
    assert "no_such_option" in error["message"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["record.json"]


@pytest.mark.parametrize("argv", [("--preset", "no_such_preset"), ("--no-such-flag",)],
                         ids=["unknown preset", "unknown flag"])
@pytest.mark.parametrize("command", ["whatif", "play"])
@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_preset_or_flag_is_a_usage_error(tmp_path, game, command, argv):
    path = tmp_path / "record.json"
    path.write_text(record(game))
    head = [str(path)] if command == "whatif" else ["--seed", "codes"]
    status, out, err = run(game, command, *head, *argv)
    assert (status, out) == (2, ""), (status, out, err)
    assert f"python -m {game}_core" in err and argv[-1].lstrip("-") in err, err
    assert "invalid choice" in err or "unrecognized arguments" in err, err


@functools.cache
def _finished_log(game: str) -> tuple[dict[str, Any], ...]:
    defn = engine.definition(None, game)
    seed = "codes-every-game"
    events = defn.start(defn.ruleset(None), [f"P{i}" for i in range(4)], {}, seed)
    state = defn.fold(events)
    bots = [defn.bot("random") for _ in range(4)]
    while not defn.finished(state):
        state, new = defn.play_bots(state, bots, seed)
        events.extend(new)
    return tuple(json.loads(json.dumps(events)))


@pytest.mark.django_db
@pytest.mark.parametrize("body,codes", [({"preset": "no_such_preset"}, PRESET_CODE),
                                        ({"options": {"no_such_option": 1}}, RULESET_CODE)],
                         ids=["unknown preset", "unknown option"])
@pytest.mark.parametrize("game", GAMES)
def test_the_api_what_if_of_an_unknown_name_is_400_in_every_game(api, game, body, codes):
    from replays.services import game_create

    stored = game_create(events=list(_finished_log(game)), seed="codes-every-game",
                         game=game).game
    assert stored.status == "finished"
    games, events = Game.objects.count(), GameEvent.objects.count()
    r = api.post(f"/api/games/{stored.pk}/whatif/", body, format="json")
    assert r.status_code == 400, r.content[:300]
    error = r.json()["error"]
    assert error["code"] == codes[game], error
    assert "no_such_" in error["message"], error
    assert (Game.objects.count(), GameEvent.objects.count()) == (games, events)
    # and a name the game has is answered (not every alternative is refused)
    ok = api.post(f"/api/games/{stored.pk}/whatif/", {"options": {}}, format="json")
    assert ok.status_code == 200, ok.content[:300]
