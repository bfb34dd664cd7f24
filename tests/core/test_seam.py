"""The seam (gamekit.seam, gamekit.registry, docs/seam.md): Kolkhoz — current and every
frozen release — behind one GameDefinition, found by id; a fake simultaneous game
registered only here goes through the same interface and the platform's adapter."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from gamekit import registry
from gamekit.canonical import canonical_json, hashes
from gamekit.seam import GameDefinition, Outcome

try:
    from .fake_game import OddOneOut
    from .props_helpers import ROOT
except ImportError:  # rootdir-relative import (tests/core is not a package)
    from fake_game import OddOneOut
    from props_helpers import ROOT

SEATS = ["Anya", "Boris", "Pyotr", "Vera"]


# -- the registry ------------------------------------------------------------------------
def test_kolkhoz_is_registered_with_every_engine_version():
    import kolkhoz_core
    from kolkhoz_core import releases

    current = registry.get("kolkhoz")
    assert isinstance(current, GameDefinition)
    assert (current.id, current.name, current.seats) == ("kolkhoz", "Kolkhoz", (4, 4))
    assert current.record_format == "kolkhoz-record/1"
    assert current.engine_version == kolkhoz_core.ENGINE_VERSION
    assert current.rules_version == kolkhoz_core.RULES_VERSION
    assert registry.versions("kolkhoz") == releases.versions()
    old = registry.get("kolkhoz", "0.1.0")
    assert old.engine_version == "0.1.0" and old.rules_version != current.rules_version
    assert registry.get("kolkhoz", current.engine_version) is current
    assert [d.id for d in registry.games()] == sorted(registry.BUILTIN)
    assert {"kolkhoz", "gongzhu"} <= set(registry.BUILTIN)


def test_an_unknown_game_or_version_is_a_typed_error():
    with pytest.raises(registry.UnknownGame) as e:
        registry.get("chess")
    assert e.value.game_id == "chess" and "kolkhoz" in e.value.available
    with pytest.raises(registry.EngineUnavailable) as u:
        registry.get("kolkhoz", "9.9.9")
    assert u.value.version == "9.9.9" and "0.1.0" in u.value.available
    assert "engine version '9.9.9' is not available" in str(u.value)


def test_a_game_registered_for_a_test_is_gone_afterwards():
    with registry.registered(OddOneOut()):
        assert registry.get("oddoneout").seats == (3, 3)
        assert registry.ids() == sorted([*registry.BUILTIN, "oddoneout"])
    with pytest.raises(registry.UnknownGame):
        registry.get("oddoneout")


def test_gamekit_imports_no_game_package_and_no_web_stack():
    # given a fresh interpreter that imports the registry and looks Kolkhoz up
    code = ("import json, sys\nfrom gamekit import registry\n"
            "before = sorted(m for m in sys.modules if m.startswith('kolkhoz_core'))\n"
            "d = registry.get('kolkhoz', '0.1.0')\n"
            "ev = d.start(d.ruleset(None), ['a', 'b', 'c', 'd'], {}, 's')\n"
            "print(json.dumps([before, sorted(sys.modules)]))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    before, loaded = json.loads(r.stdout)
    # then the game package was imported only when asked for, and no web stack at all
    assert before == []
    assert "kolkhoz_core.definition" in loaded
    assert [m for m in loaded if m.split(".")[0] in ("django", "rest_framework", "celery")] == []


# -- Kolkhoz behind the seam ---------------------------------------------------------------
@pytest.mark.parametrize("version", ["0.1.0", None])
def test_a_kolkhoz_game_through_the_definition_is_the_engines_game(version):
    import kolkhoz_core

    d = registry.get("kolkhoz", version)
    assert {"kolkhoz", "kolkhoznik", "zone"} <= set(d.presets())
    deck = next(o for o in d.options() if o.name == "deck")
    assert deck.values == (52, 36) and deck.default == 52
    with pytest.raises(d.errors) as e:
        d.ruleset({"preset": "nope"})
    assert e.value.code == "unknown_preset"  # type: ignore[attr-defined]
    # given a game played by random bots through the definition alone
    events = d.start(d.ruleset({"preset": "kolkhoz"}), SEATS, {"first_planner": None}, "seam")
    state = d.fold(events)
    rng = random.Random(1)
    seen_acting = set()
    while not d.finished(state):
        assert d.outcome(state) is None
        inp = d.chance_input(state, "seam")
        movers = d.may_act(state)
        if inp is None:
            assert len(movers) == 1  # Kolkhoz is turn-based: a set of one seat
            seat = next(iter(movers))
            seen_acting.add(seat)
            legal = d.legal_inputs(state, seat)
            assert legal == d.legal_inputs(state, seat) and legal  # deterministic
            assert all(d.legal_inputs(state, s) == [] for s in range(4) if s != seat)
            inp = rng.choice(legal)
        else:
            assert movers == frozenset()  # chance: nobody may act
        new = d.decide(state, inp, seed="seam")
        for e in new:
            state = d.evolve(state, e)
        events += new
    # then the log is the engine's own adjudication of its record, and the outcome the
    # game_end's
    assert seen_acting == {0, 1, 2, 3}
    assert d.adjudicate(d.to_record(events)) == events
    if version is None:
        assert events == kolkhoz_core.adjudicate(kolkhoz_core.to_record(events))
    out = d.outcome(state)
    assert isinstance(out, Outcome)
    assert list(out.places) == events[-1]["places"] and list(out.scores) == events[-1]["scores"]
    assert list(out.tiebreaks["medals"]) == events[-1]["medals"]
    assert d.actor(events[0]) == "engine" and d.actor(events[2]) == "chance"
    assert d.explain(events[-1], SEATS).rules == tuple(events[-1]["rules"])


def test_kolkhoz_bots_and_determinize_are_offered():
    d = registry.get("kolkhoz")
    assert {"random", "heuristic"} <= set(d.bot_names())
    events = d.start(d.ruleset(None), SEATS, {"first_planner": 0}, "det")
    state = d.fold(events)
    for e in d.decide(state, d.chance_input(state, "det"), seed="det"):  # type: ignore[arg-type]
        state = d.evolve(state, e)
    seat = next(iter(d.may_act(state)))
    world = d.determinize(state, seat, random.Random(3))
    # the seat's own hand is as it knows it; the others' hands are drawn
    assert sorted(world.hands[seat]) == sorted(state.hands[seat])
    bot = d.bot("heuristic")
    assert bot.choose(d.seat_view(state, seat), d.choices(state, seat), random.Random(0)) in \
        d.legal_inputs(state, seat)


def test_the_shuffle_and_hash_chain_have_one_implementation():
    from gamekit.shuffle import SeedStream
    from kolkhoz_core import record, shuffle
    from replays import chain

    # the Kolkhoz stream is gamekit's under its version prefix, word for word
    ours, shared = shuffle.SeedStream("s", "deal/1"), SeedStream("s", "deal/1",
                                                                 version="kolkhoz-shuffle/1")
    assert [ours.below(52) for _ in range(50)] == [shared.below(52) for _ in range(50)]
    assert record.canonical_json is canonical_json is chain.canonical_json
    assert chain.hashes is hashes


# -- a simultaneous game through the same interface and the platform's adapter ------------
def test_a_fake_simultaneous_game_runs_through_the_adapter():
    from replays import engine

    with registry.registered(OddOneOut()):
        d = engine.definition(game="oddoneout")
        events = d.start(d.ruleset(None), ["A", "B", "C"], {}, "odd")
        # chance first: nobody may act
        assert engine.may_act(events, game="oddoneout") == frozenset()
        bonus = engine.chance_input(events, "odd", game="oddoneout")
        events += engine.decide(events, bonus, seed="odd", game="oddoneout")  # type: ignore[arg-type]
        # then all three seats may act at once
        assert engine.may_act(events, game="oddoneout") == {0, 1, 2}
        assert engine.to_move(events, game="oddoneout") is None
        events += engine.decide(events, {"type": "choose", "seat": 1, "number": 2},
                                seed="odd", game="oddoneout")
        assert engine.may_act(events, game="oddoneout") == {0, 2}
        # a secret choice stays hidden from the others until the reveal
        assert engine.redact(events, 0, finished=False, game="oddoneout")[-1]["number"] is None
        assert engine.redact(events, 1, finished=False, game="oddoneout")[-1]["number"] == 2
        # bots play the rest: seeded by the seat and the position
        while not engine.finished(events, game="oddoneout"):
            inp = engine.chance_input(events, "odd", game="oddoneout") or engine.bot_decision(
                events, {0: "random", 1: "heuristic", 2: "random"}, seed="odd",
                game="oddoneout")
            assert inp is not None
            events += engine.decide(events, inp, seed="odd", game="oddoneout")
        out = engine.outcome(events, game="oddoneout")
        assert out is not None and len(out.places) == 3 and min(out.places) == 1
        assert engine.legal_for(events, 0, game="oddoneout")["yours"] is False
        # and the default all-bot runner gives the same kind of game
        state, played = d.play_bots(d.fold(events[:1]), [d.bot("random")] * 3, "odd")
        assert d.finished(state) and played[-1]["type"] == "game_end"


# -- the apps reach a game only through the registry ---------------------------------------
APPS = ("replays", "tournaments", "seasons", "disputes", "accounts", "frontend", "config")
GAME_PACKAGES = ("kolkhoz_core",)


def _game_imports(path) -> list[str]:
    """Every import of a game package in one source file (``import``/``from`` statements
    and ``importlib.import_module``/``__import__`` of a literal name)."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
        elif (isinstance(node, ast.Call) and node.args
              and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and getattr(node.func, "attr", getattr(node.func, "id", None))
              in ("import_module", "__import__")):
            names.append(node.args[0].value)
    return [n for n in names if n.split(".")[0] in GAME_PACKAGES]


def test_the_scan_sees_a_game_import(tmp_path):
    # (guard: the scan below would notice one)
    f = tmp_path / "x.py"
    f.write_text("import importlib\nfrom kolkhoz_core.bots import get_bot\n"
                 "importlib.import_module('kolkhoz_core.runner')\n")
    assert _game_imports(f) == ["kolkhoz_core.bots", "kolkhoz_core.runner"]


@pytest.mark.parametrize("app", APPS)
def test_no_app_imports_a_game_package(app):
    # given every source file of one app
    sources = sorted((ROOT / app).rglob("*.py"))
    assert sources
    # then none imports a game package: games are reached through gamekit.registry
    found = {str(p.relative_to(ROOT)): _game_imports(p) for p in sources}
    assert {k: v for k, v in found.items() if v} == {}


# -- the platform's compensating events belong to the store ---------------------------------
def test_compensating_events_are_the_stores_not_the_engines():
    import kolkhoz_core
    from replays import compensating, engine

    log = engine.play_bot_game(preset="kolkhoz", seats=SEATS, seed="adjusted")
    adj = {"seq": len(log), "type": "result_adjusted", "places": [4, 3, 2, 1], "rules": []}
    void = {"seq": len(log) + 1, "type": "game_voided", "rules": []}
    # the engine knows no such event (it would not fold it) ...
    with pytest.raises(KeyError):
        kolkhoz_core.fold([*log, adj])
    # ... the store keeps it out of the engine: folds, frames, redaction, explanations
    stored = [*log, adj, void]
    assert compensating.split(stored) == (log, [adj, void])
    assert engine.position(stored).finished
    assert len(list(engine.states(stored))) == len(stored)
    assert engine.redact(stored, 0, finished=True)[-2:] == [adj, void]
    texts = engine.explanations(stored, SEATS)
    assert "adjusts the result" in texts[-2] and "voids this game" in texts[-1]
    assert engine.event_actor(adj) == "engine" and engine.event_visibility(void) == "public"
    assert engine.to_record(stored) == engine.to_record(log)
