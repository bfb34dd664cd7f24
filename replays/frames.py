"""The replay frames: the state after every step of a game, rendered for one viewer,
with each step's explanation — what the page shell (the replay viewer and the play page)
draws and lists (``/api/games/{id}/frames/``).

One source of words: a step's ``explanation`` is the game's own
(``GameDefinition.explain_log``, through ``replays.engine.explanations``) and its short
``caption`` is that explanation's first sentence, never a second wording of the event.
Clause ids come with their place in the game's rulebook (``clauses``, from
``GameDefinition.clause_anchor``), so the page links them without knowing the game.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.core.cache import cache

from . import engine
from .errors import ForbiddenError, MalformedError
from .models import Game, GameStatus
from .selectors import game_events, head_hash_public

FRAMES_CACHE_SECONDS = 24 * 3600
# The end of the first sentence: . ! or ? followed by white space (or the end).
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


def caption_of(explanation: str) -> str:
    """The short caption of a step: the first sentence of its explanation (the whole
    text when it has one sentence; ``""`` for an empty one). Derived, never worded
    anew, so the log, the slider and the step detail say the same thing."""
    text = " ".join(str(explanation).split())
    match = _SENTENCE_END.search(text)
    return text[: match.end()] if match else text


def frames_perspective(*, game: Game, viewer: int | None, perspective: str | None
                       ) -> tuple[int | None, bool]:
    """Whose eyes the frames are for: ``(viewer, as_played)``.

    ``perspective`` is None (the default: everything once the game is over, else the
    requester's own view), ``"spectator"`` or a seat number (``"0"`` up to the game's
    seats). A finished game may be replayed as any seat or a spectator saw it during
    play (``as_played``); a live game as a spectator, or as a seat only by that seat
    (its token, or the signed-in account that holds it; else ``ForbiddenError``
    ``perspective_forbidden``). Anything else: ``MalformedError``."""
    if perspective in (None, ""):
        return viewer, False
    if perspective == "spectator":
        wanted = None
    elif perspective in {str(i) for i in range(len(game.seats) or 4)}:
        wanted = int(perspective)
    else:
        raise MalformedError("perspective must be 'spectator' or a seat number",
                             code="malformed")
    if game.status == GameStatus.FINISHED:
        return wanted, True
    if wanted is not None and wanted != viewer:
        raise ForbiddenError("a live game is seen as a seat only with that seat's token",
                             code="perspective_forbidden")
    return wanted, False


# Bump whenever the frames' shape or words change (a new field, other captions): cached
# frames of the previous format are then never served (the cache key carries it).
FRAMES_FORMAT = "4-arne-card-words"


def game_frames_json(*, game: Game, viewer: int | None, as_played: bool = False,
                     after: int | None = None) -> bytes:
    """``game_frames_for_viewer`` as JSON bytes, cached per (game, head hash, viewer —
    a finished game's spectator entry ``all`` is the public one — and
    ``FRAMES_FORMAT``): the head hash changes with every append, so a cached entry is
    never stale; ``FRAMES_FORMAT`` changes with what the platform renders, so a deploy
    that words or shapes frames differently never serves the old rendering.

    ``after``: only the frames of steps with seq > after (the rest of the body as is),
    for a page that already holds the earlier ones (a live game's earlier frames do not
    change until it ends)."""
    finished = game.status == GameStatus.FINISHED
    who = "spectator" if viewer is None else f"seat{viewer}"
    if finished:
        # everything is shown to all, but the body names its viewer (and the final
        # step's view is the viewer's): a seat's entry is its own
        who = f"as-{who}" if as_played else ("all" if viewer is None else f"all-{who}")
    key = f"frames:{FRAMES_FORMAT}:{game.pk}:{game.head_hash}:{who}"
    cached = cache.get(key)
    if cached is None:
        frames = game_frames_for_viewer(game=game, viewer=viewer, as_played=as_played)
        cached = json.dumps(frames, separators=(",", ":"), ensure_ascii=False).encode()
        cache.set(key, cached, FRAMES_CACHE_SECONDS)
    if after is None:
        return cached
    body = json.loads(cached)
    body["frames"] = [f for f in body["frames"] if int(f.get("seq") or 0) > after]
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()


def clause_anchors(rules: set[str], *, game: Game) -> dict[str, str]:
    """Each clause id's place in the game's rulebook (``{id: "docs/rules.md#id"}``, from
    ``GameDefinition.clause_anchor``); a clause the game places nowhere is left out."""
    defn = engine.definition(None, game.game)
    return {r: a for r in sorted(rules) if (a := defn.clause_anchor(r)) is not None}


def game_frames_for_viewer(*, game: Game, viewer: int | None,
                           as_played: bool = False) -> dict[str, Any]:
    """The replay frames: the state after every event, rendered for ``viewer``::

        {game, game_type, head_seq, head_hash, finished, viewer, as_played, seats,
         clauses: {clause id: rulebook anchor}, <render hints, Kolkhoz: quota>,
         frames: [{seq, type, caption, explanation, rules, event, state}]}

    ``game_type``: the registered game id (``Game.game``: which table renderer draws
    ``state``); ``explanation``: the plain-language ruling of the step, built from the
    viewer's events only; ``caption``: its first sentence (``caption_of``).

    A finished game shows everything at every step, unless ``as_played``: then each
    step is what ``viewer`` saw at that moment of play."""
    finished = game.status == GameStatus.FINISHED
    events = game_events(game=game)
    everything = finished and not as_played
    shown = engine.redact(events, viewer, finished=everything, game=game.game)
    frames = []
    # explanations from the viewer's events only
    texts = engine.explanations(shown, game.seats, game=game.game)
    states = engine.states(events, game=game.game)
    cited: set[str] = set()
    for event, state, text in zip(shown, states, texts, strict=True):
        rules = [r for r in (event.get("rules") or []) if isinstance(r, str)]
        cited.update(rules)
        frames.append({
            "seq": event.get("seq"),
            "type": event.get("type"),
            "caption": caption_of(text),
            "explanation": text,
            "rules": rules,
            "event": event,
            "state": engine.view(state, viewer, finished=everything, game=game.game),
        })
    return {"game": str(game.pk), "game_type": game.game, "head_seq": game.head_seq,
            "head_hash": head_hash_public(game=game), "finished": finished, "viewer": viewer,
            "as_played": as_played, "seats": list(game.seats),
            "clauses": clause_anchors(cited, game=game),
            **engine.render_hints(game=game.game), "frames": frames}
