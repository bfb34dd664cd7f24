"""What the arbiters' pages show, in plain words and with player names: a dispute's
status history, its disputed steps (each step's sentence as a spectator may read it),
its clause links, a ruling preview as a before/after table and a what-if result.

Reads only: nothing here writes. Everything a page shows of a game's events goes
through ``replays.audit.game_explain`` with the spectator's eyes (``viewer=None``), so
no page of the arbiters ever shows a card the public may not see (a finished game is
public whole; a live game's hidden cards stay hidden).
"""

from __future__ import annotations

import re
from typing import Any

from django.urls import NoReverseMatch, reverse
from django.utils.dateparse import parse_datetime

from replays import engine
from replays.audit import game_explain
from replays.models import Game

from .models import Dispute, DisputeStatus

MAX_STEPS = 30  # disputed steps listed on a detail page (the rest: via the replay)
STATUS_WORDS = {DisputeStatus.OPEN: "raised", DisputeStatus.UNDER_REVIEW: "taken under review",
                DisputeStatus.UPHELD: "upheld", DisputeStatus.DISMISSED: "dismissed"}


def ordinal(n: Any) -> str:
    """1 → "1st", 2 → "2nd", 11 → "11th"; anything else as given."""
    if type(n) is not int:
        return "–" if n is None else str(n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def seat_names(game: Game) -> list[str]:
    """The players' names in seat order (``Seat 3`` for a seat without one)."""
    return [str(n) if n else f"Seat {i + 1}" for i, n in enumerate(game.seats or [])]


def game_name(game: Game) -> str:
    """The display name of the game's game, or its id when not hosted here."""
    try:
        return engine.definition(None, game.game).name
    except (engine.UnknownGame, LookupError):
        return game.game


def clause_link(game_type: str, clause: str) -> dict[str, Any]:
    """``{id, href}``: where the rulebook page of ``game_type`` explains ``clause``
    (``/rules/#req.take``), href None when this game names no rulebook page."""
    try:
        anchor = engine.definition(None, game_type).clause_anchor(clause) or ""
    except (engine.UnknownGame, LookupError):
        anchor = ""
    doc, _, fragment = anchor.partition("#")
    href = None
    try:
        if doc == "docs/rules.md":
            href = reverse("rules")
        elif doc.startswith("docs/") and doc.endswith("/rules.md"):
            href = reverse("game_rules", args=[doc.split("/")[1]])
    except NoReverseMatch:
        href = None
    return {"id": clause, "href": f"{href}#{fragment or clause}" if href else None}


def history(dispute: Dispute) -> list[dict[str, Any]]:
    """``[{status, words, at: datetime | None, by}]``, oldest first: the stored history,
    or, for a dispute raised before it was kept, what its own fields tell."""
    rows = list(dispute.history or [])
    if not rows:
        rows = [{"status": DisputeStatus.OPEN, "at": dispute.created_at,
                 "by": getattr(dispute.raised_by, "username", None)}]
        if dispute.status != DisputeStatus.OPEN:
            rows.append({"status": DisputeStatus.UNDER_REVIEW, "at": None, "by": None})
        if dispute.status in (DisputeStatus.UPHELD, DisputeStatus.DISMISSED):
            rows.append({"status": dispute.status, "at": dispute.decided_at,
                         "by": getattr(dispute.arbiter, "username", None)})
    out = []
    for r in rows:
        at = r.get("at")
        out.append({"status": r.get("status"),
                    "words": STATUS_WORDS.get(r.get("status"), str(r.get("status"))),
                    "at": parse_datetime(at) if isinstance(at, str) else at,
                    "by": r.get("by")})
    return out


def steps(game: Game, seq_from: int, seq_to: int) -> dict[str, Any]:
    """The disputed steps as a spectator reads them: ``{rows: [{seq, text, clauses:
    [{id, href}]}], more: int}`` (at most ``MAX_STEPS`` rows; ``more`` left out)."""
    last = min(seq_to, seq_from + MAX_STEPS - 1, game.head_seq - 1)
    explained = game_explain(game=game, viewer=None)["explanations"]
    rows = [{"seq": e["seq"], "text": e["text"],
             "clauses": [clause_link(game.game, c) for c in e["rules"]]}
            for e in explained if seq_from <= (e["seq"] or 0) <= last]
    return {"rows": rows, "more": max(0, seq_to - last)}


def step_of(game: Game, seq: int) -> dict[str, Any] | None:
    """One step as a spectator reads it: ``{seq, text, rules}``, None outside the log."""
    if not (0 <= seq < game.head_seq):
        return None
    e = game_explain(game=game, viewer=None, seq=seq)
    return {"seq": seq, "text": e.get("text", ""), "rules": list(e.get("rules") or [])}


def _result_rows(names: list[str], before_places: list[Any], after_places: list[Any],
                 before_scores: list[Any], after_scores: list[Any]) -> list[dict[str, Any]]:
    rows = []
    for i, name in enumerate(names):
        pb = before_places[i] if i < len(before_places) else None
        pa = after_places[i] if i < len(after_places) else None
        sb = before_scores[i] if i < len(before_scores) else None
        sa = after_scores[i] if i < len(after_scores) else None
        rows.append({"name": name, "place_before": ordinal(pb), "place_after": ordinal(pa),
                     "score_before": sb, "score_after": sa,
                     "changed": (pb, sb) != (pa, sa)})
    return rows


def preview_table(game: Game, preview: dict[str, Any]) -> dict[str, Any]:
    """A ruling preview (``services.dispute_preview``) as tables with names: ``{voided,
    result: [{name, place_before, place_after, score_before, score_after, changed}],
    standings: [{name, rank_before, rank_after, points_before, points_after, changed}],
    ratings: [{name, before, after}]}`` (standings/ratings empty outside a league)."""
    event = preview.get("event") or {}
    diff = preview.get("diff") or {}
    names = seat_names(game)
    voided = event.get("type") == "game_voided"
    if voided:
        table = diff.get("table") or {}
        before = table.get("before") or {}
        result = _result_rows(names, before.get("places") or [], [],
                              before.get("scores") or [], [])
        for r in result:
            r.update(place_after="void", changed=True)
    else:
        result = _result_rows(names, event.get("previous_places") or [],
                              event.get("places") or [], event.get("previous_scores") or [],
                              event.get("scores") or [])
    standings = []
    sd = diff.get("standings") or {}
    sb = {r["player"]: r for r in sd.get("before") or []}
    sa = {r["player"]: r for r in sd.get("after") or []}
    for player in sorted(set(sb) | set(sa), key=lambda p: (sa.get(p) or sb[p])["rank"]):
        b, a = sb.get(player) or {}, sa.get(player) or {}
        standings.append({"name": player, "rank_before": ordinal(b.get("rank")),
                          "rank_after": ordinal(a.get("rank")),
                          "points_before": b.get("points_exact", "–"),
                          "points_after": a.get("points_exact", "–"),
                          "changed": player in (sd.get("changed") or [])})
    ratings = [{"name": p, "before": _mu(v.get("before")), "after": _mu(v.get("after"))}
               for p, v in sorted((diff.get("ratings") or {}).items())]
    return {"voided": voided, "result": result, "standings": standings, "ratings": ratings,
            "in_league": bool(diff)}


def _named(message: str, names: list[str]) -> str:
    """An engine message with ``seat 2`` (seat indexes count from 0) as the player's name."""
    def name(m: re.Match[str]) -> str:
        i = int(m.group(1))
        return names[i] if 0 <= i < len(names) else m.group(0)
    return re.sub(r"\bseat (\d+)", name, message)


def _text(explained: Any) -> str | None:
    """An explanation's sentence (``engine.explain`` gives a string or ``{text}``)."""
    if isinstance(explained, dict):
        return explained.get("text")
    return explained if isinstance(explained, str) else None


def _mu(rating: Any) -> str:
    return f"{rating['mu']:.1f}" if isinstance(rating, dict) and "mu" in rating else "–"


def whatif_words(game: Game, result: dict[str, Any]) -> dict[str, Any]:
    """A what-if result (``replays.audit.game_whatif``) in plain words: ``{kind: same |
    illegal | divergence, summary, sentences: [str], rows: [{name, score_before,
    score_after, place_before, place_after, changed}], clauses: [{id, href}]}``."""
    names = seat_names(game)
    if result.get("same"):
        return {"kind": "same", "rows": [], "sentences": [], "clauses": [],
                "summary": "Nothing would change: under this reading every step is ruled "
                           "exactly as it was played."}
    if "illegal" in result:
        bad = result["illegal"] or {}
        where = (f"the {ordinal(bad['input'] + 1)} decision" if type(bad.get("input")) is int
                 else "one of its decisions")
        rule = bad.get("rule")
        return {"kind": "illegal", "rows": [], "clauses": [clause_link(game.game, rule)]
                if rule else [],
                "summary": "Under this reading the game could not have been played as it "
                           f"was: {where} would be against the rules.",
                "sentences": [_named(str(bad.get("message") or ""), names)]}
    div = result.get("divergence") or {}
    expl = result.get("explanation") or {}
    scores = result.get("scores") or [[], []]
    places = result.get("places") or [[], []]
    rows = _result_rows(names, places[0] or [], places[1] or [], scores[0] or [],
                        scores[1] or [])
    sentences = []
    for r in rows:
        if not r["changed"]:
            continue
        bits = []
        if r["score_before"] != r["score_after"]:
            bits.append(f"would have scored {r['score_after']} instead of {r['score_before']}")
        if r["place_before"] != r["place_after"]:
            bits.append(f"finished {r['place_after']} instead of {r['place_before']}")
        sentences.append(f"{r['name']} {' and '.join(bits)}.")
    if not sentences:
        sentences.append("The steps differ, but every player's score and place stay as "
                         "they were.")
    original, alternative = (_text(expl.get(k)) for k in ("original", "alternative"))
    rules = sorted({r for k in ("original", "alternative")
                    for r in ((div.get(k) or {}).get("rules") or [])
                    + list((expl.get(k) or {}).get("rules") or []
                           if isinstance(expl.get(k), dict) else [])})
    return {"kind": "divergence", "rows": rows, "seq": div.get("seq"),
            "original": original or "the game went on as recorded",
            "alternative": alternative or "the game would have ended there",
            "summary": f"The first step ruled differently is step {div.get('seq')}.",
            "sentences": sentences, "clauses": [clause_link(game.game, c) for c in rules]}


# Kolkhoz's options in the project's words (docs/rules.md "Options", each clause linked
# there): a plain label and one line saying what switching it does. Other games' options
# keep their generated names (``option_words`` falls back).
KOLKHOZ_OPTIONS: dict[str, tuple[str, str]] = {
    "deck": ("Deck size", "52 cards (5 years with a famine) or the 36-card game"),
    "years": ("Years in the Plan", "how many years are played (5 by default, the 5th a famine)"),
    "swap": ("Swap", "from year 2, each player may exchange a hand card for a cellar card"),
    "stakh": ("Stakhanovite hero",
              "a player who wins every trick of a year is spared that year's requisition"),
    "wrecker": ("The Wrecker (joker)",
                "a joker worth 14 that wins any trick and poisons the field he is put on"),
    "nomenklatura": ("Nomenklatura",
                     "the trump Jack, Queen and King each act on the field they are put on"),
    "orden": ("Medal to the boss, the work to us",
              "brigadiers claim rewards at once and alone answer for failed fields "
              "(36 cards: a completed field's workers go to its brigadier as a stack)"),
    "northern": ("Northern play",
                 "completed fields pay no reward; everyone answers for every failed field"),
    "mice": ("Conversations with the mice",
             "requisition is judged across the whole table, field by field"),
    "accum": ("Accumulation", "unclaimed rewards stay on their field and pile up year on year"),
    "medals": ("Half a cabinet of medals",
               "medals are kept all game and each adds 1 point to the final score"),
    "trump_selection": ("Who names trump", "the planner chooses, or trump is drawn at random"),
    "first_lead": ("First lead of the year", "the planner, or the player on the planner's left"),
    "swap_scope": ("Cellar cards a swap may take",
                   "any, workers only (never a reward card), or hidden cards only"),
    "reveal": ("Card sent North at requisition",
               "the highest matching cellar card, or the highest hidden one first"),
    "tiebreak_medals": ("Medals that break a tie", "medals of the whole game, or of the last year"),
    "k36_vulnerable": ("Who answers for failed fields (36 cards)",
                       "players who took a stack this year, or everyone who won a trick"),
    "wrecker_returns": ("The Wrecker comes back",
                        "a Wrecker sent North returns to the deck the next year"),
}


def option_words(game_type: str, name: str) -> tuple[str, str] | None:
    """``(label, description)`` of a game's option in plain words, or None when the game
    has none written (the form then shows the option's generated name)."""
    return KOLKHOZ_OPTIONS.get(name) if game_type == "kolkhoz" else None
