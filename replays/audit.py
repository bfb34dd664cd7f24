"""Reads for auditing a game: explanations of its rulings, what-if re-adjudication,
the evidence bundle and the regression check with the installed engine.

Selectors (keyword-only, ``game_<action>``). What a viewer is explained is built from
that viewer's redacted events only, so an explanation never shows a hidden card.
"""

from __future__ import annotations

from typing import Any

from . import engine
from .errors import ConflictError, MalformedError, NotFoundError
from .models import Game, GameEvent, GameStatus
from .selectors import game_events, played_events

Event = dict[str, Any]


def game_explain(*, game: Game, viewer: int | None, seq: int | None = None) -> dict[str, Any]:
    """Explanations of a game's events for ``viewer``.

    ``seq`` given: ``{game, seq, type, text, rules, facts, anchors, event}`` (the
    event as the viewer sees it); otherwise ``{game, head_seq, finished,
    explanations: [{seq, type, text, rules, anchors}]}``. Raises NotFoundError
    (``not_found``) for a seq outside the log.
    """
    finished = game.status == GameStatus.FINISHED
    if seq is not None:
        if seq < 0 or seq >= game.head_seq:
            raise NotFoundError(f"no event {seq} in this game (0..{game.head_seq - 1})")
        rows = list(GameEvent.objects.filter(game=game, seq__lte=seq)
                    .order_by("seq").values_list("payload", flat=True))
        shown = engine.redact(rows, viewer, finished=finished, game=game.game)
        # the log up to seq gives the context (the requisition being resolved, the
        # readings in force), so one event reads exactly as it does in the whole log
        text = engine.explanations(shown, game.seats, game=game.game)[-1]
        out = engine.explanation(shown[-1], game.seats, text=text,
                                 engine_version=game.engine_version, game=game.game)
        out["game"] = str(game.pk)
        out["event"] = shown[-1]
        return out
    shown = engine.redact(game_events(game=game), viewer, finished=finished, game=game.game)
    texts = engine.explanations(shown, game.seats, game=game.game)
    return {
        "game": str(game.pk), "head_seq": game.head_seq, "finished": finished,
        "explanations": [{"seq": e.get("seq"), "type": e.get("type"), "text": t,
                          "rules": list(e.get("rules") or [])}
                         for e, t in zip(shown, texts, strict=True)],
    }


def _finished_record(game: Game) -> tuple[list[Event], dict[str, Any]]:
    if game.status != GameStatus.FINISHED:
        raise ConflictError("only a finished game can be audited this way",
                            code="game_not_finished")
    events = game_events(game=game)
    played = played_events(events, game=game.game)
    return events, engine.to_record(played, seed=game.seed_revealed or None, game=game.game)


def game_whatif(*, game: Game, options: dict[str, Any] | None = None,
                preset: str | None = None) -> dict[str, Any]:
    """Re-adjudicate a finished game's inputs under another ruleset: the engine's result
    (``{"illegal": {input, code, rule, message}}`` | ``{"divergence": {seq, original,
    alternative}, "scores": [before, after], "places": [before, after]}`` | ``{"same":
    true}``) plus ``game``, ``ruleset`` (the alternative spec asked for) and, for a
    divergence, ``explanation: {original, alternative}``.

    Raises ConflictError (409 ``game_not_finished``) for a live game (its inputs would
    show hidden cards) and the engine's errors (422 with the clause / 400) for an
    invalid alternative ruleset — a preset or an option the game does not have is 400
    in every game, with the game's own code and rule (``_unknown_names``).
    """
    if options is not None and not isinstance(options, dict):
        raise MalformedError("options must be an object {name: value}")
    _, record = _finished_record(game)
    try:
        result = engine.whatif(record, options=options or {}, preset=preset,
                               engine_version=game.engine_version, game=game.game)
    except Exception as exc:
        if engine.is_engine_error(exc) and _unknown_names(game, options or {}, preset):
            info = engine.error_info(exc)
            raise MalformedError(info["message"], code=info["code"],
                                 rule=info["rule"]) from exc
        raise
    div = result.get("divergence")
    out: dict[str, Any] = {"game": str(game.pk), "options": options or {}, "preset": preset,
                           **result}
    if div:
        out["explanation"] = {
            k: engine.explain(div[k], game.seats, engine_version=game.engine_version,
                              game=game.game)
            if div.get(k) else None
            for k in ("original", "alternative")
        }
    return out


def _unknown_names(game: Game, options: dict[str, Any], preset: str | None) -> bool:
    """True when the alternative names a preset or an option the game (its pinned
    engine) does not have: a bad request (400) in every game, whatever clause the game
    cites for it (Gong Zhu's ``invalid_ruleset`` names ``ruleset``, Kolkhoz's what-if
    ``unknown_preset`` names ``year.count``: both were 422, Korova's and Arne's 400)."""
    defn = engine.definition(game.engine_version, game.game)
    if preset is not None and preset not in defn.presets():
        return True
    return bool(set(options) - {o.name for o in defn.options()})


def game_evidence(*, game: Game) -> dict[str, Any]:
    """The ``kolkhoz-evidence/1`` bundle of a finished game: its record (inputs plus
    adjustments), every stored event with its stored hash, the seed and its commitment,
    the pinned engine and rules version and how to verify it with the CLI alone
    (``python -m kolkhoz_core verify``). Raises ConflictError (409
    ``game_not_finished``) before the end (the seed is still secret)."""
    if game.status != GameStatus.FINISHED:
        raise ConflictError("the evidence is available once the game has ended",
                            code="game_not_finished")
    rows = list(GameEvent.objects.filter(game=game).order_by("seq")
                .values_list("payload", "hash"))
    events = [p for p, _ in rows]
    hashes = [h for _, h in rows]
    return engine.evidence_bundle(events, hashes=hashes, game_id=str(game.pk),
                                  seed=game.seed_revealed or None, game=game.game)


def game_regress(*, game: Game, current: bool = False) -> dict[str, Any]:
    """The regression check: a finished game's inputs re-adjudicated with the engine it
    is pinned to (``current``: with the CURRENT engine instead, to see what a rules
    change would do to history), compared with the stored log: ``{game, pinned_engine,
    engine, ok, result_changed, first_divergence, scores, places, error}``. A live game
    is reported as ``{ok: true, skipped: "live"}``; a game whose engine is not available
    as ``{ok: false, result_changed: false, error: {code: "engine_unavailable"}}``. With
    its pinned engine, a log that re-derives only as its release's live platform derived
    it (docs/verify.md "Key order") is ok, with ``method: "stored_folds"`` and a
    ``note``."""
    version = engine.engine_version(game.game) if current else game.engine_version
    base = {"game": str(game.pk), "pinned_engine": game.engine_version, "engine": version}
    if game.status != GameStatus.FINISHED:
        return {**base, "ok": True, "result_changed": False, "skipped": "live"}
    try:
        events, record = _finished_record(game)
        played = played_events(events, game=game.game)
        report = engine.regress(played, record, engine_version=version, game=game.game)
        div = report.get("first_divergence")
        if div and version == game.engine_version:
            again = engine.stored_folds_report(played, seed=game.seed_revealed or None,
                                               engine_version=version, game=game.game,
                                               stored=div["original"],
                                               derived=div["alternative"])
            if again:  # reproduced as the live platform derived it: nothing changed
                report = {**report, "ok": True, "result_changed": False,
                          "first_divergence": None, "error": None,
                          "method": again["method"], "note": again["note"]}
        return {**base, **report}
    except engine.EngineUnavailable as exc:
        return {**base, "ok": False, "result_changed": False, "first_divergence": None,
                "scores": None, "places": None,
                "error": {"code": "engine_unavailable", "message": str(exc)}}
    except engine.NotSupported as exc:  # a game without the regression capability
        return {**base, "ok": False, "result_changed": False, "first_divergence": None,
                "scores": None, "places": None,
                "error": {"code": "not_supported", "message": str(exc)}}
