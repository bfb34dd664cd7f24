"""Writes for disputes: raise, take under review, preview a ruling, rule.

An upheld ruling is a compensating event appended after ``game_end`` through
``replays.services.game_append`` at the head seq — history is never edited; the head
hash (and so every ETag) changes. Its effect on a league:

- ``result_adjusted`` ``{places, scores, previous_places, ...}``: the table's
  effective result becomes the event's places/scores (``Table.places`` /
  ``Table.scores``, what standings and ratings read);
- ``game_voided``: the table stops counting (``tournaments.services.counted_tables``);

then the league's ladder is rebuilt from its games (``ratings_rebuild``), so every
later rating change is recomputed exactly as a from-scratch computation would give.
Both are the tournaments app's to make: ``tournaments.services.table_ruling_apply``
(and its read, ``tournaments.selectors.table_league_snapshot``, for the diff).
The arbiter first previews the ruling — the very same writes, made and rolled back —
and confirms it with the preview's ``confirm`` token; if anything moved in between
(another ruling, a new round rated) the token no longer matches: 409 ``stale_preview``.
A game of a duplicate round still being played (``replays.sealing``) is neither previewed
nor upheld (409 ``game_sealed``): the event and the diff name its result, which nobody
may see before the round is over (docs/duplicate.md), and a dispute's API body and page
show them to anyone.

Roles are Django groups: ``arbiters`` (or a superuser) preview and rule;
``organisers`` (or staff) and arbiters take a dispute under review.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from replays import compensating, engine, sealing
from replays.errors import ConflictError, ForbiddenError, MalformedError
from replays.models import Game, GameStatus
from replays.selectors import game_events
from replays.services import game_append
from tournaments.selectors import table_league_snapshot
from tournaments.services import table_ruling_apply

from .models import FROZEN_FIELDS, Dispute, DisputeStatus

Event = dict[str, Any]
ARBITERS = "arbiters"
ORGANISERS = "organisers"
ADJUSTMENT_TYPES = ("result_adjusted", "game_voided")


# -- roles ------------------------------------------------------------------------------
def is_arbiter(user: Any) -> bool:
    """A superuser or a member of the ``arbiters`` group."""
    return bool(user and user.is_authenticated and (
        user.is_superuser or user.groups.filter(name=ARBITERS).exists()))


def is_organiser(user: Any) -> bool:
    """Staff or a member of the ``organisers`` group."""
    return bool(user and user.is_authenticated and (
        user.is_staff or user.groups.filter(name=ORGANISERS).exists()))


def _require_arbiter(user: Any) -> None:
    if not is_arbiter(user):
        raise ForbiddenError("only an arbiter may rule on a dispute", code="not_arbiter")


# -- clauses ----------------------------------------------------------------------------
CLAUSE_RE = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_*]+)*$")


@functools.cache
def known_clauses(game: str = engine.DEFAULT_GAME) -> frozenset[str]:
    """The clause ids of ``game``'s rulebook page in the repository: the anchors of the
    document its definition's ``clause_anchor`` points at (Kolkhoz: docs/rules.md).
    Empty when the game names no rulebook (then any well-formed id is accepted)."""
    anchor = engine.definition(None, game).clause_anchor("x")
    if not anchor or "#" not in anchor:
        return frozenset()
    path = Path(settings.BASE_DIR) / anchor.split("#", 1)[0]
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return frozenset()
    return frozenset(re.findall(r'<a id="([^"]+)"></a>', text))


def _check_clause(clause: Any, game: str = engine.DEFAULT_GAME) -> str:
    if not isinstance(clause, str) or not CLAUSE_RE.match(clause):
        raise MalformedError("clause must be a clause id such as 'req.take'",
                             code="unknown_clause")
    known = known_clauses(game)
    if known and clause not in known:
        anchor = engine.definition(None, game).clause_anchor(clause) or ""
        raise MalformedError(f"no clause {clause!r} in the rulebook ({anchor.split('#')[0]})",
                             code="unknown_clause")
    return clause


# -- effective results --------------------------------------------------------------------
def effective_result(events: list[Event], *,
                     game: str = engine.DEFAULT_GAME) -> dict[str, Any] | None:
    """A finished log's result as it stands after every ruling: the game's outcome
    (``engine.outcome`` of ``game``: ``places``/``scores``, ``tiebreaks`` by name, and
    Kolkhoz's ``medals`` — zeros for a game without them), overridden by the latest
    ``result_adjusted``; ``voided`` once a ``game_voided`` follows. None before the
    game's end."""
    base = engine.outcome(events, game=game)
    if base is None:
        return None
    out: dict[str, Any] = {
        "places": list(base.places), "scores": list(base.scores),
        "medals": list(base.tiebreaks.get("medals") or [0] * len(base.places)),
        "tiebreaks": {str(k): list(v) for k, v in base.tiebreaks.items()},
        "voided": False, "adjusted_at": None}
    for ev in compensating.split(events)[1]:
        t = ev.get("type")
        if t == "result_adjusted":
            if ev.get("places"):
                out["places"] = list(ev["places"])
            if ev.get("scores"):
                out["scores"] = list(ev["scores"])
            out["adjusted_at"] = ev.get("seq")
        elif t == "game_voided":
            out["voided"] = True
    return out


def check_places(places: Any, seats: int = 4) -> list[int]:
    """One place per seat (``seats`` of them) in competition ranking (1,2,2,4): each
    place is 1 + the number of seats strictly ahead. Raises MalformedError
    (``bad_places``)."""
    if (not isinstance(places, list) or len(places) != seats
            or not all(type(p) is int and 1 <= p <= seats for p in places)):
        raise MalformedError(f"places must be {seats} places 1-{seats} in seat order",
                             code="bad_places")
    for p in places:
        if p != 1 + sum(1 for q in places if q < p):
            raise MalformedError(f"places {places} are not a ranking (tied seats share a "
                                 "place and the next place skips: 1,2,2,4)", code="bad_places")
    return places


# -- raise and review ---------------------------------------------------------------------
def dispute_raise(*, game: Game, seq_from: int, seq_to: int, clause: str, text: str,
                  user: Any) -> Dispute:
    """Raise a dispute on events ``seq_from``..``seq_to`` (inclusive) of ``game``, citing
    ``clause``. Raises MalformedError (``bad_seq_range``, ``unknown_clause``) or
    ForbiddenError for an anonymous user, or (``game_sealed``) for a sealed game — a
    duplicate round still being played — by anyone but its own seats."""
    if not (user and user.is_authenticated):
        raise ForbiddenError("sign in to raise a dispute")
    sealing.game_require_unsealed(game=game, user=user)
    if not (0 <= seq_from <= seq_to < game.head_seq):
        raise MalformedError(f"the seq range must lie within 0..{game.head_seq - 1}",
                             code="bad_seq_range")
    if not isinstance(text, str) or not text.strip():
        raise MalformedError("say what is disputed (text)")
    return Dispute.objects.create(game=game, seq_from=seq_from, seq_to=seq_to,
                                  clause=_check_clause(clause, game.game), text=text,
                                  raised_by=user, history=[_entry(DisputeStatus.OPEN, user)])


def _entry(status: str, user: Any) -> dict[str, Any]:
    """One status change for ``Dispute.history``: ``{status, at (ISO), by (username)}``."""
    return {"status": str(status), "at": timezone.now().isoformat(),
            "by": getattr(user, "username", None)}


def dispute_edit(*, dispute: Dispute, user: Any, **changes: Any) -> Dispute:
    """Change what an open dispute is about (``seq_from``, ``seq_to``, ``clause``,
    ``text``; the game never changes once raised): its raiser, an organiser or an
    arbiter. Once under review (or decided) these are frozen: ConflictError (409
    ``dispute_frozen``). Raises ForbiddenError (403 ``not_raiser``), MalformedError
    (``frozen_field`` for the game or an unknown field, ``bad_seq_range``,
    ``unknown_clause``)."""
    unknown = sorted(set(changes) - set(FROZEN_FIELDS))
    if unknown:
        raise MalformedError(f"a dispute has no editable field {unknown[0]!r}",
                             code="frozen_field")
    with transaction.atomic():
        d = Dispute.objects.select_for_update().select_related("game").get(pk=dispute.pk)
        if d.status != DisputeStatus.OPEN:
            raise ConflictError(f"the dispute is {d.get_status_display().lower()}: its game, "
                                "steps, clause and text can no longer change",
                                code="dispute_frozen")
        if not (user and user.is_authenticated and (
                user.pk == d.raised_by_id or is_organiser(user) or is_arbiter(user))):
            raise ForbiddenError("only the dispute's raiser (or an organiser or arbiter) may "
                                 "change it", code="not_raiser")
        if "game" in changes and str(changes["game"]) != str(d.game_id):
            raise MalformedError("a dispute's game cannot change: raise a new dispute",
                                 code="frozen_field")
        seq_from = changes.get("seq_from", d.seq_from)
        seq_to = changes.get("seq_to", d.seq_to)
        if not (type(seq_from) is int and type(seq_to) is int
                and 0 <= seq_from <= seq_to < d.game.head_seq):
            raise MalformedError(f"the seq range must lie within 0..{d.game.head_seq - 1}",
                                 code="bad_seq_range")
        d.seq_from, d.seq_to = seq_from, seq_to
        if "clause" in changes:
            d.clause = _check_clause(changes["clause"], d.game.game)
        if "text" in changes:
            if not isinstance(changes["text"], str) or not changes["text"].strip():
                raise MalformedError("say what is disputed (text)")
            d.text = changes["text"]
        d.save()
    return d


def frozen_changes(dispute: Dispute) -> list[str]:
    """The frozen fields (game, steps, clause, text) ``dispute`` changes in memory compared
    with the stored row, when the stored row is no longer open (else ``[]``): what a
    save must refuse (the admin checks it too)."""
    stored = Dispute.objects.filter(pk=dispute.pk).values("status", *[
        f"{f}_id" if f == "game" else f for f in FROZEN_FIELDS]).first()
    if stored is None or stored["status"] == DisputeStatus.OPEN:
        return []
    return [f for f in FROZEN_FIELDS
            if stored[f"{f}_id" if f == "game" else f] != getattr(
                dispute, f"{f}_id" if f == "game" else f)]


def dispute_review(*, dispute: Dispute, user: Any) -> Dispute:
    """open → under review (an organiser or an arbiter; an arbiter becomes its arbiter).
    Raises ForbiddenError, ConflictError (``bad_status``)."""
    if not (is_organiser(user) or is_arbiter(user)):
        raise ForbiddenError("only an organiser or an arbiter may take a dispute under review")
    with transaction.atomic():
        d = Dispute.objects.select_for_update().get(pk=dispute.pk)
        if d.status != DisputeStatus.OPEN:
            raise ConflictError(f"the dispute is {d.status}, not open", code="bad_status")
        d.status = DisputeStatus.UNDER_REVIEW
        if is_arbiter(user):
            d.arbiter = user
        d.history = [*(d.history or []), _entry(DisputeStatus.UNDER_REVIEW, user)]
        d.save(update_fields=["status", "arbiter", "history", "updated_at"])
    return d


# -- the ruling's effect on a league ------------------------------------------------------
# Only through the tournaments app's own read (``table_league_snapshot``) and write
# (``table_ruling_apply``): disputes never touch its tables, standings or ratings.
def _diff(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """``{table: {before, after}, standings: {before, after, changed: [players]},
    ratings: {player: {before, after}} (changed only), rating_changes: [{key, before,
    after}] (changed, added or removed only)}``; ``{}`` for a game outside any league."""
    if not before:
        return {}
    # a row has changed when its own figures did (not merely what parts it from the next)
    sb = {r["player"]: {k: v for k, v in r.items() if k != "separated_from_next"}
          for r in before["standings"]}
    sa = {r["player"]: {k: v for k, v in r.items() if k != "separated_from_next"}
          for r in after["standings"]}
    ratings = {p: {"before": before["ratings"].get(p), "after": after["ratings"].get(p)}
               for p in sorted(set(before["ratings"]) | set(after["ratings"]))
               if before["ratings"].get(p) != after["ratings"].get(p)}
    keys = sorted(set(before["rating_changes"]) | set(after["rating_changes"]))
    changes = [{"key": k, "before": before["rating_changes"].get(k),
                "after": after["rating_changes"].get(k)} for k in keys
               if before["rating_changes"].get(k) != after["rating_changes"].get(k)]
    return {
        "table": {"before": before["table"], "after": after["table"]},
        "standings": {"before": before["standings"], "after": after["standings"],
                      "changed": sorted(p for p in set(sb) | set(sa)
                                        if sb.get(p) != sa.get(p))},
        "ratings": ratings,
        "rating_changes": changes,
    }


def _compensating_event(dispute: Dispute, game: Game, adjustment: Any, user: Any,
                        ruling: str) -> Event:
    """The event an upheld ruling appends at the head (see the module docstring)."""
    if not isinstance(adjustment, dict) or adjustment.get("type") not in ADJUSTMENT_TYPES:
        raise MalformedError("adjustment must be {type: result_adjusted, places, scores?} "
                             "or {type: game_voided}", code="bad_adjustment")
    current = effective_result(game_events(game=game), game=game.game)
    seats = len(game.seats)
    if current is None:
        raise ConflictError("the game has not ended", code="game_not_finished")
    if current["voided"]:
        raise ConflictError("the game is already void", code="game_voided")
    ev: Event = {"seq": game.head_seq, "type": adjustment["type"], "dispute": dispute.pk,
                 "clause": dispute.clause, "seq_range": [dispute.seq_from, dispute.seq_to],
                 "by": getattr(user, "username", None) or str(user), "ruling": ruling,
                 "rules": [dispute.clause]}
    if adjustment["type"] == "result_adjusted":
        places = check_places(adjustment.get("places"), seats)
        scores = adjustment.get("scores", current["scores"])
        if (not isinstance(scores, list) or len(scores) != seats
                or not all(type(s) is int for s in scores)):
            raise MalformedError(f"scores must be {seats} integers, one per seat",
                                 code="bad_adjustment")
        ev.update({"previous_places": current["places"], "places": places,
                   "previous_scores": current["scores"], "scores": scores})
    return ev


def _token(dispute: Dispute, head_hash: str, adjustment: Any, diff: dict[str, Any]) -> str:
    body = {"dispute": dispute.pk, "head_hash": head_hash,
            "adjustment": {k: adjustment.get(k) for k in ("type", "places", "scores")},
            "diff": diff}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class _Rollback(Exception):
    pass


def _uphold(dispute: Dispute, adjustment: Any, user: Any, ruling: str
            ) -> tuple[Event, dict[str, Any], str]:
    """Append the compensating event and make its effect (inside the caller's
    transaction); returns (event, diff, confirm token)."""
    game = Game.objects.get(pk=dispute.game_id)
    if game.status != GameStatus.FINISHED:
        raise ConflictError("a ruling is appended after game_end: the game is still live",
                            code="game_not_finished")
    if sealing.game_sealed(game=game):  # its event and diff name the sealed result
        raise ConflictError("this game's duplicate round is still being played: its result "
                            "is shown to nobody until the round is over, so a ruling that "
                            "changes it waits until then", code="game_sealed")
    head_hash = game.head_hash
    event = _compensating_event(dispute, game, adjustment, user, ruling)
    before = table_league_snapshot(game_id=game.pk)
    game_append(game=game, expected_seq=event["seq"], events=[event])
    table_ruling_apply(game_id=game.pk, event=event)
    diff = _diff(before, table_league_snapshot(game_id=game.pk))
    return event, diff, _token(dispute, head_hash, adjustment, diff)


def _check_reviewable(dispute: Dispute) -> None:
    if dispute.status != DisputeStatus.UNDER_REVIEW:
        raise ConflictError(f"the dispute is {dispute.status}; only a dispute under review "
                            "can be ruled on", code="bad_status")


def dispute_preview(*, dispute: Dispute, user: Any, adjustment: Any) -> dict[str, Any]:
    """What upholding with ``adjustment`` would do, without doing it: ``{event, diff,
    confirm}`` — the compensating event, the before/after diff of the table, the
    standings and the ratings (see ``_diff``), and the token ``dispute_rule`` needs.
    Raises ForbiddenError (403 ``not_arbiter``), ConflictError (``bad_status``,
    ``game_not_finished``, ``game_voided``), MalformedError (``bad_adjustment``,
    ``bad_places``)."""
    _require_arbiter(user)
    _check_reviewable(dispute)
    try:
        with transaction.atomic():
            result = _uphold(dispute, adjustment, user, "")
            raise _Rollback(result)
    except _Rollback as r:
        event, diff, token = r.args[0]
    return {"dispute": dispute.pk, "event": event, "diff": diff, "confirm": token}


def dispute_rule(*, dispute: Dispute, user: Any, decision: str, ruling: str,
                 adjustment: Any = None, confirm: str | None = None) -> Dispute:
    """Rule on a dispute under review. ``dismissed``: nothing is appended. ``upheld``:
    the compensating event is appended and its effect made, provided ``confirm`` is the
    token of a preview of the very same outcome (else 409 ``stale_preview``, nothing
    written). Raises ForbiddenError (403 ``not_arbiter``), ConflictError
    (``bad_status``, ``stale_preview``, ``game_not_finished``), MalformedError."""
    _require_arbiter(user)
    if decision not in (DisputeStatus.UPHELD, DisputeStatus.DISMISSED):
        raise MalformedError("decision must be 'upheld' or 'dismissed'", code="bad_decision")
    if not isinstance(ruling, str) or not ruling.strip():
        raise MalformedError("the ruling must be given in words (ruling)")
    with transaction.atomic():
        d = Dispute.objects.select_for_update().get(pk=dispute.pk)
        _check_reviewable(d)
        if decision == DisputeStatus.UPHELD:
            event, diff, token = _uphold(d, adjustment, user, ruling)
            if confirm != token:
                raise ConflictError("preview the ruling and confirm it with the preview's "
                                    "'confirm' token (the outcome changed since, or no "
                                    "preview was confirmed)", code="stale_preview")
            d.adjustment, d.ruling_seq, d.diff = event, event["seq"], diff
        d.status = decision
        d.arbiter = user
        d.ruling = ruling
        d.decided_at = timezone.now()
        d.history = [*(d.history or []), _entry(decision, user)]
        d.save()
    return d
