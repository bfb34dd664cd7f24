"""A tiny fake game behind the seam, registered only in tests: «Odd one out».

Three seats. Each round every seat secretly chooses a number 1..3 at the same time
(``choose`` — a simultaneous choice); once all three have chosen, a ``reveal`` event
shows the choices and a seat whose number nobody else chose scores it. Two rounds; the
opening ``game`` event publishes ``sha256(seed)``; ``game_end`` gives places (ties
shared) and scores, and reveals the seed. Chance: a ``bonus`` input at the start of
each round (drawn from the seed with gamekit's shuffle) adds 1 to one seat's score.

``OddOneOutRange`` is the same game for 2 to 6 seats (id ``oddrange``): a game with a seat
range, for tournaments that pick a table size and seat a remainder at smaller tables.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gamekit.bots import BotRegistry
from gamekit.seam import Event, Explanation, GameDefinition, Option, Outcome, Viewer
from gamekit.shuffle import SeedStream, seed_commitment

ROUNDS = 2


class FakeError(ValueError):
    """A refused input: ``code``, ``message``, ``rule``."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.rule = code, message, rule


@dataclass(frozen=True)
class State:
    seq: int = 0
    seats: tuple[str, ...] = ()
    round: int = 0
    bonus_due: bool = False
    chosen: tuple[int | None, ...] = (None, None, None)
    scores: tuple[int, ...] = (0, 0, 0)
    result: Event | None = None
    log: tuple[Event, ...] = field(default=())


class _Bot:
    def __init__(self, name: str, **settings: Any) -> None:
        self.name, self.version, self.settings = name, "1", dict(settings)

    def choose(self, view: Mapping[str, Any], choices: Any, rng: random.Random
               ) -> dict[str, Any]:
        options = list(choices)
        return options[0] if self.name == "heuristic" else rng.choice(options)


BOTS: BotRegistry[Any] = BotRegistry()
BOTS.register("random")(lambda **s: _Bot("random", **s))
BOTS.register("heuristic")(lambda **s: _Bot("heuristic", **s))


class OddOneOut(GameDefinition):
    id = "oddoneout"
    name = "Odd one out"
    seats = (3, 3)
    record_format = "oddoneout-record/1"
    engine_version = "1.0.0"
    rules_version = "fake@1"
    errors = (FakeError,)
    end_type = "game_end"
    state_type = State

    def presets(self) -> dict[str, dict[str, Any]]:
        return {"standard": {}}

    def options(self) -> list[Option]:
        return [Option("rounds", (ROUNDS,), ROUNDS)]

    def ruleset(self, spec: Mapping[str, Any] | None) -> Any:
        if spec is not None and not isinstance(spec, Mapping):
            raise FakeError("bad_ruleset", "the ruleset must be an object or null")
        if spec and spec.get("preset") not in (None, "standard"):
            raise FakeError("unknown_preset", f"unknown preset {spec.get('preset')!r}")
        return {"preset": "standard", "options": {"rounds": ROUNDS}}

    def start(self, ruleset: Any, seats: Sequence[str], setup: Mapping[str, Any],
              seed: str | None) -> list[Event]:
        return [{"seq": 0, "type": "game", "seats": list(seats), "ruleset": ruleset,
                 "seed_commitment": seed_commitment(seed) if seed else None,
                 "engine_version": self.engine_version, "rules_version": self.rules_version,
                 "rules": []}]

    def evolve(self, state: State, event: Event) -> State:
        if event["seq"] != state.seq:
            raise FakeError("bad_sequence", "out of sequence")
        t, s = event["type"], replace(state, seq=state.seq + 1, log=(*state.log, event))
        if t == "game":
            n = len(event["seats"])
            return replace(s, seats=tuple(event["seats"]), round=1, bonus_due=True,
                           chosen=(None,) * n, scores=(0,) * n)
        if t == "bonus":
            scores = list(s.scores)
            scores[event["seat"]] += 1
            return replace(s, scores=tuple(scores), bonus_due=False)
        if t == "choose":
            chosen = list(s.chosen)
            chosen[event["seat"]] = event["number"]
            return replace(s, chosen=tuple(chosen))
        if t == "reveal":
            return replace(s, scores=tuple(event["scores"]), chosen=(None,) * len(s.seats),
                           round=s.round + 1, bonus_due=s.round < ROUNDS)
        if t == "game_end":
            return replace(s, result=event)
        raise FakeError("unknown_event", f"unknown event {t!r}")

    def fold(self, events: Iterable[Event]) -> State:
        state = State()
        for e in events:
            state = self.evolve(state, e)
        return state

    def replay(self, events: Iterable[Event]) -> Iterator[State]:
        state = State()
        for e in events:
            state = self.evolve(state, e)
            yield state

    def finished(self, state: State) -> bool:
        return state.result is not None

    def may_act(self, state: State) -> frozenset[int]:
        if self.finished(state) or state.bonus_due or state.round == 0:
            return frozenset()
        return frozenset(i for i, c in enumerate(state.chosen) if c is None)

    def choices(self, state: State, seat: int) -> Any:
        return self.legal_inputs(state, seat)

    def legal_inputs(self, state: State, seat: int) -> list[Event]:
        if seat not in self.may_act(state):
            return []
        return [{"type": "choose", "seat": seat, "number": n} for n in (1, 2, 3)]

    def chance_input(self, state: State, seed: str) -> Event | None:
        if self.finished(state) or not state.bonus_due:
            return None
        stream = SeedStream(seed, f"bonus/{state.round}", version="oddoneout-shuffle/1")
        return {"type": "bonus", "seat": stream.below(len(state.seats))}

    def decide(self, state: State, inp: Mapping[str, Any], *, seed: str | None) -> list[Event]:
        t, seat = inp.get("type"), inp.get("seat")
        if t == "bonus":
            if not state.bonus_due:
                raise FakeError("not_chance", "no bonus is due")
            return [{"seq": state.seq, "type": "bonus", "seat": seat, "rules": ["bonus"]}]
        if t != "choose" or seat not in self.may_act(state):
            raise FakeError("not_your_turn", f"seat {seat} may not choose now", "choose")
        if inp.get("number") not in (1, 2, 3):
            raise FakeError("bad_number", "choose 1, 2 or 3", "choose")
        out: list[Event] = [{"seq": state.seq, "type": "choose", "seat": seat,
                             "number": inp["number"], "rules": []}]
        after = self.evolve(state, out[0])
        if all(c is not None for c in after.chosen):
            numbers = list(after.chosen)
            scores = [sc + (n if numbers.count(n) == 1 else 0)  # type: ignore[operator]
                      for sc, n in zip(after.scores, numbers, strict=True)]
            out.append({"seq": after.seq, "type": "reveal", "numbers": numbers,
                        "scores": scores, "rules": ["reveal"]})
            if after.round == ROUNDS:
                places = [1 + sum(1 for x in scores if x > sc) for sc in scores]
                out.append({"seq": after.seq + 1, "type": "game_end", "scores": scores,
                            "places": places, "seed": seed, "rules": ["end"]})
        return out

    def seat_view(self, state: State, seat: int) -> dict[str, Any]:
        return {"viewer": seat, "scores": list(state.scores), "round": state.round,
                "mine": state.chosen[seat],
                "chosen": [c is not None for c in state.chosen]}

    def spectator_view(self, state: State) -> dict[str, Any]:
        return {"viewer": None, "scores": list(state.scores), "round": state.round,
                "chosen": [c is not None for c in state.chosen]}

    def redact(self, event: Event, viewer: Viewer, *, finished: bool) -> Event:
        if event["type"] == "choose" and not finished and viewer != event["seat"]:
            return {**event, "number": None}  # secret until the reveal
        if event["type"] == "game_end" and not finished:
            return {**event, "seed": None}
        return event

    def outcome(self, state: State) -> Outcome | None:
        if state.result is None:
            return None
        return Outcome(tuple(state.result["places"]), tuple(state.result["scores"]))

    def explain(self, event: Event, seats: Sequence[str],
                prev: Event | None = None) -> Explanation:
        rules = tuple(event.get("rules") or ())
        return Explanation(f"{event['type']} ({', '.join(rules)}).", rules)

    def is_input(self, event: Event) -> bool:
        return event.get("type") in ("bonus", "choose")

    def actor(self, event: Event) -> str:
        """The bonus is chance (drawn from the seed) though it names the seat it favours:
        the seam's default would call it that seat's decision."""
        if event.get("type") == "bonus":
            return "chance"
        return super().actor(event)

    def adjudicate(self, record: Mapping[str, Any]) -> list[Event]:
        events = self.start(self.ruleset(None), record["seats"], {}, record.get("seed"))
        state = self.fold(events)
        for inp in record["inputs"]:
            new = self.decide(state, inp, seed=record.get("seed"))
            for e in new:
                state = self.evolve(state, e)
            events += new
        return events

    def to_record(self, events: Sequence[Event], *, seed: str | None = None) -> dict[str, Any]:
        inputs = [{k: v for k, v in e.items() if k not in ("seq", "rules")}
                  for e in events if self.is_input(e)]
        return {"format": self.record_format, "seats": events[0]["seats"], "seed": seed,
                "inputs": inputs}

    def bot_names(self) -> list[str]:
        return BOTS.names()

    def bot(self, name: str, **settings: Any) -> Any:
        return BOTS.get(name, **settings)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        chosen = tuple(c if i == seat or c is None else rng.randint(1, 3)
                       for i, c in enumerate(state.chosen))
        return replace(state, chosen=chosen)


class OddOneOutRange(OddOneOut):
    """«Odd one out» for 2 to 6 seats (a game with a seat range)."""

    id = "oddrange"
    name = "Odd one out (2-6)"
    seats = (2, 6)
    record_format = "oddrange-record/1"
