"""Arne's response windows on the clock: a person offered in a before- or after-window or
a final turn has the table's per-window limit, and when it passes the autopilot passes
for them (``pass_window``, ``actor="autopilot"``, a ``MoveTimeout`` like any miss); the
person's own main window is an ordinary move — the move limit, the autopilot bot.

Given a 4-seat Arne table, one person and three bots, a 60 s move limit and no window
limit set (the default: 20 s) / when the person never acts and the clock moves past each
deadline / then at every window offer nothing happens at 19 s and the autopilot passes at
21 s, the game going on exactly as the engine continues it after that pass (the bots'
answers included); at every main-window turn nothing happens at 21 s and the autopilot
bot's move (the platform's seeding) is played at 61 s; the game ends and verifies, every
miss recorded with the limit that applied.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from gamekit.seam import turn_start
from replays import engine
from replays.advance import stored_events
from replays.models import GameEvent
from replays.selectors import game_verify
from tests.humans.helpers import make_person
from tests.humans.test_attack_deadlines import _Clock
from tournaments import humans, services
from tournaments.models import MoveTimeout, Player, Table, TableSeat, TableStatus, Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgres,
              pytest.mark.usefixtures("eager_celery", "postgres")]

GAME = "arne"
MOVE_LIMIT_S = 60
WINDOW_LIMIT_S = humans.DEFAULT_WINDOW_LIMIT_S


def _mixed_table(person: Any, seed: str) -> Table:
    """A one-game series: ``person`` and three random bots at a 4-seat Arne table."""
    stamp = time.time_ns()
    league = services.league_create(name=f"Arne people {stamp}", slug=f"arne-dl-{stamp}",
                                    game=GAME)
    bots = [services.player_bot_get_or_create(name=f"arne-dl-{seed}-{i}", bot_name="random",
                                              game=GAME) for i in range(3)]
    t = services.tournament_create(season=league.seasons.get(), name="Arne", format="series",
                                   rounds=1, players=[person.kolkhoz_player, *bots],
                                   seed=seed, rated=False, table_size=4)
    Tournament.objects.filter(pk=t.pk).update(move_time_limit_s=MOVE_LIMIT_S)
    t.refresh_from_db()
    services.tournament_start(tournament=t)
    return Table.objects.select_related("game", "round__tournament").get(round__tournament=t)


def _continuation(log: list[dict[str, Any]], inp: dict[str, Any], seed: str,
                  players: list[Any]) -> list[dict[str, Any]]:
    """The log the engine gives after ``inp`` at the head of ``log``: its events, then
    chance and the bots (``players``; None: the person) up to the person's next offer —
    each bot seeded where its turn began, as the platform seeds it."""
    defn = engine.definition(None, GAME)
    events = log + defn.decide(defn.fold(log), inp, seed=seed)
    folded = engine.fold_log(events, game=GAME)
    _, more = defn.play_bots(folded.state, players, seed, turns=folded.turns())
    return json.loads(json.dumps(events + more))


def _offer_kind(state: Any) -> str:
    if state.final is not None:
        return "final"
    return str(state.window["kind"]) if state.window is not None else str(state.due())


def test_the_window_limit_passes_for_the_person_and_the_move_limit_plays_the_bot(monkeypatch):
    clock = _Clock(monkeypatch)
    person = make_person("arne-dl")
    table = _mixed_table(person, "arne-dl-1")
    game = table.game
    seed = game.seed_secret
    defn = engine.definition(None, GAME)
    seats = list(table.seats.select_related("player").order_by("seat"))
    me = next(s.seat for s in seats if not s.player.is_bot)
    players = [None if s.seat == me else defn.bot(s.player.bot_name) for s in seats]
    assert humans.table_limits(table) == humans.Limits(MOVE_LIMIT_S, WINDOW_LIMIT_S,
                                                       "autopilot")
    seen: dict[str, int] = {}
    limits: dict[int, int] = {}
    for _ in range(600):
        table.refresh_from_db()
        if table.status == TableStatus.FINISHED:
            break
        log = stored_events(game)
        head = len(log)
        state = defn.fold(log)
        assert defn.may_act(state) == {me}, "the bots answered up to the person's offer"
        kind = _offer_kind(state)
        seen[kind] = seen.get(kind, 0) + 1
        if defn.window_open(state):
            inp = {"type": "pass_window", "seat": me}
            # the clock is real time plus an offset: leave room for a loaded machine's
            # seconds between the turn's start being recorded and this check
            clock.advance(WINDOW_LIMIT_S - 8)
            assert humans.deadlines_enforce() == []  # within the window limit
            clock.advance(9)
        else:  # the main window (or a Plus Two's give): an ordinary move
            pos = engine.fold_log(log, game=GAME)
            inp = pos.bot_input(me, engine.bot("random", game=GAME), seed)
            clock.advance(WINDOW_LIMIT_S + 1)
            assert humans.deadlines_enforce() == []  # the window limit is not a move's
            clock.advance(MOVE_LIMIT_S - WINDOW_LIMIT_S)
        expected = _continuation(log, inp, seed, players)
        assert humans.deadlines_enforce() == [(table.pk, head)]
        row = GameEvent.objects.get(game=game, seq=head)
        assert row.actor == "autopilot" and row.time_used_ms is not None
        # the event is the input plus what the engine adds (seq, rules; a Plus Two's
        # give names its ``to_seat``); the whole log is compared with ``expected`` below
        assert {k: row.payload.get(k) for k in inp} == inp
        limits[head] = WINDOW_LIMIT_S if defn.window_open(state) else MOVE_LIMIT_S
        after = stored_events(game)
        assert after == expected, f"the game went on otherwise after seq {head} ({kind})"
    else:
        pytest.fail("the game did not finish")
    assert seen.get("after", 0) >= 5 and seen.get("main", 0) >= 3, seen
    game.refresh_from_db()
    assert game.status == "finished" and game_verify(game=game)["ok"]
    rows = GameEvent.objects.filter(game=game, actor="autopilot").order_by("seq")
    passes = [r for r in rows if r.type == "pass_window"]
    assert len(passes) >= seen["after"]
    assert not GameEvent.objects.filter(game=game, actor=f"seat:{me}").exists()
    timeouts = {m.seq: m for m in MoveTimeout.objects.filter(table=table)}
    assert sorted(timeouts) == [r.seq for r in rows] == sorted(limits)
    assert all(m.limit_s == limits[seq] and m.seat == me and m.policy == "autopilot"
               for seq, m in timeouts.items())
    assert TableSeat.objects.get(table=table, seat=me).timeouts == len(timeouts)
    assert Player.objects.get(user=person).timeouts == len(timeouts)


def test_a_table_window_limit_overrides_and_a_game_without_windows_has_none():
    person = make_person("arne-dl-limits")
    table = _mixed_table(person, "arne-dl-2")
    Table.objects.filter(pk=table.pk).update(window_time_limit_s=7)
    table.refresh_from_db()
    assert humans.table_limits(table) == humans.Limits(MOVE_LIMIT_S, 7, "autopilot")
    Tournament.objects.filter(pk=table.round.tournament_id).update(move_time_limit_s=5)
    Table.objects.filter(pk=table.pk).update(window_time_limit_s=None)
    table = Table.objects.select_related("round__tournament").get(pk=table.pk)
    assert humans.table_limits(table).window == 5  # the default never exceeds the move's
    kolkhoz = Table(round=table.round)
    kolkhoz.round.tournament.game = "kolkhoz"
    assert humans.table_limits(kolkhoz).window is None


def test_each_window_offer_is_a_turn_of_its_own():
    """Every pass and black card is the offered seat's own decision, so a seat's turn
    begins at the input before it (``turn_start``, ``Folded.turn_started``): the clock
    and the bot's seed of one offer never reach back to the window's opening."""
    defn = engine.definition(None, GAME)

    class FirstOrRandom:
        name, version, settings = "probe", "1", {}

        def choose(self, view: Any, choices: Any, rng: random.Random) -> Any:
            return rng.choice(choices)

    for n in (2, 4, 6):
        seed = f"arne-turns-{n}"
        events = defn.start(defn.ruleset(None), [f"P{i}" for i in range(n)], {}, seed)
        state, new = defn.play_bots(defn.fold(events), [FirstOrRandom()] * n, seed)
        events += new
        state, turns = defn.fold(events[:1]), {}
        turn_start(defn, state, turns, None)
        offers = 0
        for p in range(1, len(events)):
            actor = defn.actor(events[p])
            if actor.startswith("seat:"):
                seat = int(actor[5:])
                assert turns.get(seat) == p, (n, p, events[p])
                if defn.window_open(state):
                    offers += 1
                    if p % 7 == 0:  # the stored log's fold agrees
                        assert engine.fold_log(events[:p], game=GAME).turn_started(seat) == p
            state = defn.evolve(state, events[p])
            turn_start(defn, state, turns, events[p])
        assert offers > 10 * n
