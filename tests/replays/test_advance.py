"""One way to move a game forward (issue 13): ``replays.advance.game_advance`` applies
chance and bot decisions until a person must act or the game ends, with one seeding
scheme (the game's secret seed, the seat, the position).

Given the same seed / when a game is played by bots a stretch at a time, a decision at a
time, resumed after an interruption, or with a person at a seat who plays what the bot
would have played / then the logs are identical. The fake simultaneous game runs through
the same loop with a person and two bots.
"""

from __future__ import annotations

import time

import pytest

from gamekit import registry
from gamekit.seam import GameDefinition
from replays import engine
from replays.advance import SeatBot, game_advance, stored_events
from replays.models import Game, GameEvent
from replays.services import (
    game_append,
    game_create_from_engine,
    game_create_with_bots,
    game_submit_input,
)
from tests.core.fake_game import OddOneOut

pytestmark = pytest.mark.django_db
SEATS = ["A", "B", "C", "D"]
ONE_YEAR = {"preset": "kolkhoz", "options": {"years": 1}}


def _kolkhoz(secret: str = "adv-secret") -> Game:
    return game_create_from_engine(ruleset=ONE_YEAR, seats=SEATS, first_planner=0,
                                   seed="adv", secret=secret).game


def _bots(game: Game, seats: range | list[int] = range(4)) -> dict[int, SeatBot]:
    return {s: SeatBot(engine.bot("heuristic" if s % 2 else "random", game=game.game),
                       "bot:x") for s in seats}


def test_kolkhoz_stretches_are_the_seam_loop_event_for_event():
    """Kolkhoz's fast ``play_bots`` (a year, in place) makes exactly the events of the
    seam's generic loop — one seeding scheme, whatever the runner."""
    defn = engine.definition()
    events = defn.start(defn.ruleset(ONE_YEAR), SEATS, {"first_planner": 0}, "loop-seed")
    bots = [defn.bot("random"), defn.bot("heuristic"), defn.bot("random"), defn.bot("heuristic")]
    fast, generic = list(events), list(events)
    state = defn.fold(events)
    while not defn.finished(state):
        state, new = defn.play_bots(state, bots, "loop-seed")
        fast.extend(new)
    state = defn.fold(events)
    while not defn.finished(state):
        state, new = GameDefinition.play_bots(defn, state, bots, "loop-seed")
        generic.extend(new)
    assert fast == generic and fast[-1]["type"] == "game_end"


def test_batched_one_at_a_time_and_resumed_games_are_identical():
    batched, single, resumed = _kolkhoz(), _kolkhoz(), _kolkhoz()
    done = game_advance(game=batched, bots=_bots(batched))
    assert done.finished and done.outcome is not None
    game_advance(game=single, bots=_bots(single), live=True)
    # resumed: a few decisions appended by hand as an interrupted worker would have,
    # then the loop picks up from what is stored
    pos = engine.fold_log(stored_events(resumed))
    players = [b.bot for b in _bots(resumed).values()]
    state, new = pos.defn.play_bots(pos.state, players, resumed.seed_secret, max_decisions=7)
    game_append(game=resumed, expected_seq=pos.head, events=new)
    game_advance(game=resumed, bots=_bots(resumed))
    logs = [stored_events(g) for g in (batched, single, resumed)]
    assert logs[0] == logs[1] == logs[2]
    # batched appends: far fewer transactions than decisions, but the same hash chain
    heads = [Game.objects.get(pk=g.pk).head_hash for g in (batched, single, resumed)]
    assert heads[0] == heads[1] == heads[2]


def test_a_person_playing_what_the_bot_would_gives_the_same_game():
    """A seed gives the same game whoever sits at it: seat 2 held by a person who
    submits, at each of their turns, what the bot draws at that position."""
    all_bots, mixed = _kolkhoz(), _kolkhoz()
    game_advance(game=all_bots, bots=_bots(all_bots))
    person = _bots(mixed)[2].bot
    others = _bots(mixed, [0, 1, 3])
    for _ in range(500):
        done = game_advance(game=mixed, bots=others, live=True)
        if done.finished:
            break
        assert done.waiting == {2}
        pos = engine.fold_log(stored_events(mixed))
        inp = pos.bot_input(2, person, mixed.seed_secret)
        game_submit_input(game=mixed, expected_seq=pos.head, inp=inp, seat=2)
    assert stored_events(mixed) == stored_events(all_bots)
    actors = set(GameEvent.objects.filter(game=mixed).values_list("actor", flat=True))
    assert {"seat:2", "bot:x", "chance", "engine"} <= actors


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager_celery")
def test_the_fake_simultaneous_game_waits_for_its_person_and_ends():
    with registry.registered(OddOneOut()):
        created = game_create_with_bots(bots=["", "random", "heuristic"],
                                        seats=["Pat", "R", "H"], game="oddoneout",
                                        ruleset=None)
        game = created.game
        rounds = 0
        while True:
            events = stored_events(game)
            movers = engine.may_act(events, game="oddoneout")
            if not movers:
                break
            # the bots have chosen; only the person is awaited
            assert movers == {0}
            game_submit_input(game=game, expected_seq=len(events),
                              inp={"type": "choose", "seat": 0, "number": 3}, seat=0)
            rounds += 1
        game.refresh_from_db()
        assert game.status == "finished" and rounds == 2
        rows = list(GameEvent.objects.filter(game=game, type="choose")
                    .values_list("actor", flat=True))
        assert rows.count("seat:0") == 2
        assert rows.count("bot:random") == 2 and rows.count("bot:heuristic") == 2
        assert engine.outcome(stored_events(game), game="oddoneout") is not None


def _counting_appends(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the size of every append ``game_advance`` makes from now on."""
    from replays import advance

    sizes: list[int] = []
    real = advance.game_append

    def counted(**kwargs):  # type: ignore[no-untyped-def]
        sizes.append(len(kwargs["events"]))
        return real(**kwargs)

    monkeypatch.setattr(advance, "game_append", counted)
    return sizes


def _five_years(secret: str) -> Game:
    return game_create_from_engine(ruleset={"preset": "kolkhoz"}, seats=SEATS,
                                   first_planner=0, seed="adv", secret=secret).game


def test_cheap_bots_store_a_whole_game_in_one_append_with_the_same_log(monkeypatch,
                                                                       settings):
    """``KOLKHOZ_BOT_FLUSH_MS``: stretches played within the flush interval go into one
    transaction (a league's throughput), and the log is the one a stretch-at-a-time
    run (flush 0) stores, event for event and hash for hash."""
    whole, yearly = _five_years("flush"), _five_years("flush")
    sizes = _counting_appends(monkeypatch)
    settings.KOLKHOZ_BOT_FLUSH_MS = 60_000
    start = whole.head_seq
    assert game_advance(game=whole, bots=_bots(whole)).finished
    assert sizes == [len(stored_events(whole)) - start]
    sizes.clear()
    settings.KOLKHOZ_BOT_FLUSH_MS = 0
    assert game_advance(game=yearly, bots=_bots(yearly)).finished
    assert len(sizes) >= 5  # a year (Kolkhoz's checkpoint) at a time at least
    assert stored_events(whole) == stored_events(yearly)
    assert (Game.objects.get(pk=whole.pk).head_hash
            == Game.objects.get(pk=yearly.pk).head_hash)


class _Slow:
    """A bot that thinks for 2 ms a decision (slower than a 1 ms flush interval)."""

    def __init__(self, bot):  # type: ignore[no-untyped-def]
        self.bot = bot

    def __getattr__(self, name):  # type: ignore[no-untyped-def]
        return getattr(self.bot, name)

    def choose(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        time.sleep(0.002)
        return self.bot.choose(*args, **kwargs)


def test_a_slow_bot_still_checkpoints_and_a_person_gets_what_was_played(monkeypatch,
                                                                        settings):
    """A bot slower than the flush interval stores its play stretch by stretch (a killed
    worker loses at most that much), with the log of a one-append run; when a person
    must act, everything the bots played before is stored first."""
    slow, fast, mixed = _five_years("slow"), _five_years("slow"), _kolkhoz("slow-mixed")
    sizes = _counting_appends(monkeypatch)
    settings.KOLKHOZ_BOT_FLUSH_MS = 1
    bots = {s: SeatBot(_Slow(b.bot), b.actor) for s, b in _bots(slow).items()}
    assert game_advance(game=slow, bots=bots).finished
    assert len(sizes) >= 5  # at least one append per year (Kolkhoz's checkpoint)
    settings.KOLKHOZ_BOT_FLUSH_MS = 60_000
    game_advance(game=fast, bots=_bots(fast))
    assert stored_events(slow) == stored_events(fast)
    sizes.clear()
    start = mixed.head_seq
    done = game_advance(game=mixed, bots=_bots(mixed, [0, 1, 3]))
    assert not done.finished and done.waiting == {2}
    assert sizes == [done.appended] and done.appended == len(stored_events(mixed)) - start > 0
