"""Security checks across the platform.

- A seat token never reads another seat's hand, and a spectator of a live game never
  reads a hidden card — anywhere: events (JSON and NDJSON), frames, the game, record,
  verify, explanations (whole and one event at a time), evidence, what-if, the tournament
  endpoints, and the error bodies (an illegal move naming a card, another seat's move,
  a guess at someone's card). The oracle is independent of the engine's redaction: the
  cards dealt to the other seats and not yet played or revealed, looked for both as card
  codes (``10H``) and as the explanations write them (``10♥``).
- People who are not signed in cannot create leagues or tournaments, start them, or
  review, preview or rule on disputes (nor can a seat token stand in for a user); a
  signed-in non-arbiter cannot rule.
- CSRF: a signed-in browser session cannot POST to the API or the admin's forms without
  the CSRF token.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

import kolkhoz_core
from replays.models import Game
from replays.selectors import game_events
from tests.replays.helpers import bot_log, store
from tests.replays.test_leak import cards_in, cut_points, hidden_from

pytestmark = pytest.mark.django_db

SUIT_SYMBOL = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}


def leaked(body: Any, forbidden: set[str]) -> set[str]:
    """Hidden cards present in a JSON body: as codes, or written out as rank+suit symbol."""
    found = cards_in(body) & forbidden
    text = json.dumps(body, ensure_ascii=False) if not isinstance(body, str) else body
    examples = re.sub(r"\(e\.g\. [^)]*\)", "", text)  # a message's sample codes
    for card in forbidden - found:
        if re.search(rf"(?<![0-9A-Za-z]){re.escape(card)}(?![0-9A-Za-z])", examples):
            found.add(card)  # a code inside a message ("seat 3 does not hold 9S")
            continue
        if card[-1] in SUIT_SYMBOL:
            written = re.escape(card[:-1] + SUIT_SYMBOL[card[-1]])
            if re.search(rf"(?<![0-9A-Za-z]){written}", text):
                found.add(card)
    return found


def test_the_oracle_finds_cards_as_codes_and_as_written():
    assert leaked({"event": {"card": "QH"}}, {"QH"}) == {"QH"}
    assert leaked({"text": "Seat 2 (C) plays 10♦."}, {"10D", "QS"}) == {"10D"}
    assert leaked({"text": "Seat 2 (C) plays 10♦."}, {"0D"}) == set()
    assert leaked({"hand": [None, None]}, {"QH"}) == set()
    assert leaked({"message": "seat 3 does not hold 9S"}, {"9S"}) == {"9S"}
    assert leaked({"message": "a card code (e.g. '10H', 'QS')"}, {"10H", "QS"}) == set()
    assert leaked({"token": "ab9Sx", "hash": "10hq"}, {"9S", "10H"}) == set()


def _json(r: Any) -> Any:
    raw = (b"".join(r.streaming_content) if getattr(r, "streaming", False)
           else r.content).decode(errors="replace")
    if r.get("Content-Type", "").startswith("text/event-stream"):
        return [json.loads(line[5:]) for line in raw.splitlines() if line.startswith("data:")]
    if r.get("Content-Type", "").startswith("application/x-ndjson"):
        return [json.loads(line) for line in raw.splitlines() if line.strip()]
    try:
        return json.loads(raw or "null")
    except ValueError:
        return raw


def _reads(api: Any, gid: str, headers: dict[str, str], head: int) -> list[tuple[str, Any]]:
    """Every read of a game a viewer can make, with their bodies (errors included)."""
    out = []
    for what, path in [
        ("events", f"/api/games/{gid}/events/"),
        ("events-after", f"/api/games/{gid}/events/?after={head // 2}"),
        ("ndjson", f"/api/games/{gid}/events/?format=ndjson"),
        ("frames", f"/api/games/{gid}/frames/"),
        ("game", f"/api/games/{gid}/"),
        ("record", f"/api/games/{gid}/record/"),
        ("verify", f"/api/games/{gid}/verify/"),
        ("explain", f"/api/games/{gid}/explain/"),
        ("evidence", f"/api/games/{gid}/evidence/"),
        ("list", "/api/games/?limit=500"),
        ("stream", f"/api/games/{gid}/stream/?after=-1&wait=0"),
        ("stream-after", f"/api/games/{gid}/stream/?after={head // 2}&wait=0"),
        ("stream-sse", f"/api/games/{gid}/stream/?format=sse&wait=0"),
        ("legal", f"/api/games/{gid}/legal/"),
        ("state", f"/api/games/{gid}/state/"),
        ("play-page", f"/play/{gid}/"),
        ("replay-page", f"/games/{gid}/"),
    ] + [(f"explain-seq-{s}", f"/api/games/{gid}/explain/?seq={s}")
         for s in sorted({*range(0, head, max(1, head // 10)), head - 1})]:
        r = api.get(path, **headers)
        assert r.status_code < 500, (what, r.status_code)
        out.append((what, _json(r)))
    r = api.post(f"/api/games/{gid}/whatif/", {"options": {"swap_scope": "hidden"}},
                 format="json", **headers)
    assert r.status_code < 500
    out.append(("whatif", _json(r)))
    return out


def _error_probes(api: Any, gid: str, tokens: list[str], log: list[dict[str, Any]],
                  forbidden_of: Any) -> None:
    """Bad moves answered with errors: none names a card the sender may not see, other
    than the one the sender itself wrote in the request."""
    state = kolkhoz_core.fold(log)
    legal = kolkhoz_core.legal_inputs(state)
    if not legal:
        return
    to_move = legal[0].get("seat")
    all_cards = sorted({c for e in log if e["type"] == "deal" for h in e["hands"] for c in h})
    for seat, token in enumerate(tokens):
        forbidden = forbidden_of(seat)
        hdr = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
        guesses = [c for c in all_cards if c in forbidden][:3] + ["1Z"]
        for card in guesses:
            for inp in ({"type": "play", "seat": seat, "card": card},
                        {"type": "play", "seat": to_move, "card": card},
                        {"type": "swap", "seat": seat, "card": card, "with": card},
                        {"type": "assign", "seat": seat, "cards": {card: "H"}}):
                for expected in (len(log), 10**6):
                    for endpoint in ("commands", "inputs"):
                        r = api.post(f"/api/games/{gid}/{endpoint}/",
                                     {"expected_seq": expected, "input": inp}, format="json",
                                     **hdr)
                        assert 400 <= r.status_code < 500, (inp, r.status_code,
                                                            r.content[:200])
                        bad = leaked(_json(r), forbidden - {card})
                        assert not bad, f"{endpoint} error to seat {seat}: {sorted(bad)}"
    # nothing was written by any of these
    assert len(game_events(game=Game.objects.get(pk=gid))) == len(log)


@pytest.mark.parametrize("preset,seed", [("kolkhoz", "sec-a"), ("zone", "sec-b")])
def test_no_seat_or_spectator_reads_a_hidden_card_anywhere(api, preset, seed):
    full = bot_log(preset, seed)
    points = cut_points(full)
    # a few moments of a live game: after the deal, a swap, mid-trick, an assignment
    cuts = {points[t] for t in ("deal", "swap", "play", "assign", "trick") if t in points}
    cuts.add(points["play"] + 2)  # mid-trick
    cuts = sorted(cuts)
    other = store(bot_log(preset, seed)[:2], seed="sec-other")
    for upto in cuts:
        log = full[:upto]
        created = store(log, seed=seed)
        gid = str(created.game.pk)
        viewers: list[tuple[int | None, dict[str, str]]] = [(None, {})]
        viewers += [(s, {"HTTP_AUTHORIZATION": f"Bearer {t}"})
                    for s, t in enumerate(created.seat_tokens)]
        viewers.append((None, {"HTTP_AUTHORIZATION": f"Bearer {other.seat_tokens[1]}"}))
        for viewer, headers in viewers:
            forbidden = hidden_from(log, viewer)
            assert viewer is not None or forbidden, "a live game hides cards from spectators"
            for what, body in _reads(api, gid, headers, len(log)):
                bad = leaked(body, forbidden)
                assert not bad, f"{what} to viewer {viewer} at {upto}: {sorted(bad)}"
                assert seed not in json.dumps(body, ensure_ascii=False), f"seed in {what}"
        if upto in (points["play"] + 2, cuts[-1]):
            _error_probes(api, gid, created.seat_tokens, log,
                          lambda s, lg=log: hidden_from(lg, s))


def test_a_signed_in_seat_sees_its_own_hand_only():
    """The web's way to a seat (the account that holds it, by session) sees that seat's
    view — never another seat's hand — and on another game, a spectator's."""
    full = bot_log("kolkhoz", "sec-session")
    log = full[:cut_points(full)["play"] + 2]
    created = store(log, seed="sec-session")
    elsewhere = store(full[:cut_points(full)["play"] + 1], seed="sec-session")
    user = User.objects.create_user("seat-holder", password="a-long-password-4")
    from replays.models import GameSeat

    GameSeat.objects.filter(game=created.game, index=1).update(user=user)
    browser = Client()
    browser.force_login(user)
    for game, viewer in ((created.game, 1), (elsewhere.game, None)):
        gid = str(game.pk)
        forbidden = hidden_from(game_events(game=game), viewer)
        for path in [f"/api/games/{gid}/state/", f"/api/games/{gid}/legal/",
                     f"/api/games/{gid}/stream/?wait=0", f"/api/games/{gid}/frames/",
                     f"/api/games/{gid}/events/", f"/api/games/{gid}/explain/"]:
            r = browser.get(path)
            assert r.status_code < 500, path
            assert not leaked(_json(r), forbidden), (path, viewer)
    own = {c for e in log if e["type"] == "deal" for c in e["hands"][1]} - hidden_from(log, 1)
    state = _json(browser.get(f"/api/games/{created.game.pk}/state/"))
    assert cards_in(state) & own, "the seat's holder sees its own cards"


def test_live_tournament_tables_show_no_hidden_card(api):
    """A league table being played: the tournament, table and games endpoints."""
    from tests.leagues.league_helpers import make_tournament
    from tournaments import services
    from tournaments.models import Table

    t = make_tournament(n=4, fmt="series", rounds=1, seed="sec-league")
    services.tournament_start(tournament=t)  # no worker: the table stays at its deal
    table = Table.objects.get(round__tournament=t)
    log = game_events(game=table.game)
    forbidden = hidden_from(log, None)
    assert forbidden
    for path in [f"/api/tournaments/{t.pk}/", f"/api/tournaments/{t.pk}/games/",
                 f"/api/tables/{table.pk}/", "/api/tables/", f"/api/tournaments/{t.pk}/standings/",
                 f"/api/games/{table.game_id}/frames/", f"/api/games/{table.game_id}/explain/"]:
        r = api.get(path)
        assert r.status_code == 200, path
        assert not leaked(_json(r), forbidden), path
        assert table.game.seed_secret not in r.content.decode()


# -- who may write --------------------------------------------------------------------------

def _finished_table_dispute():
    from disputes.models import Dispute
    from tests.leagues.league_helpers import make_tournament, play_inline
    from tournaments import services
    from tournaments.models import Table

    t = make_tournament(n=4, fmt="series", rounds=1, seed="sec-disputes")
    services.tournament_start(tournament=t)
    play_inline(t)
    table = Table.objects.get(round__tournament=t)
    raiser = User.objects.create_user("raiser", password="a-long-password-1")
    dispute = Dispute.objects.create(game=table.game, seq_from=3, seq_to=4, clause="req.take",
                                     text="?", raised_by=raiser)
    return t, table, dispute


def _as_seat_token() -> dict[str, str]:
    created = store(bot_log("kolkhoz", "sec-token")[:5], seed="sec-token")
    return {"HTTP_AUTHORIZATION": f"Bearer {created.seat_tokens[0]}"}


def test_anonymous_and_seat_tokens_cannot_create_leagues_or_rule_on_disputes(api):
    from disputes.models import Dispute
    from tournaments.models import League, Tournament

    t, table, dispute = _finished_table_dispute()
    leagues, tournaments = League.objects.count(), Tournament.objects.count()
    head = Game.objects.get(pk=table.game_id).head_seq
    adjustment = {"type": "game_voided"}
    writes = [
        ("/api/leagues/", {"name": "Hostile league", "slug": "hostile"}),
        ("/api/tournaments/", {"league": t.season.league_id, "name": "x", "format": "swiss",
                               "rounds": 1, "players": []}),
        (f"/api/tournaments/{t.pk}/start/", {}),
        (f"/api/tournaments/{t.pk}/withdraw/", {"player": "x"}),
        (f"/api/leagues/{t.season.league_id}/seasons/", {"players": ["x"], "divisions": 1}),
        (f"/api/leagues/{t.season.league_id}/seasons/1/close/", {}),
        (f"/api/leagues/{t.season.league_id}/seasons/1/next/", {}),
        ("/api/disputes/", {"game": str(table.game_id), "seq_from": 1, "seq_to": 2,
                            "clause": "req.take", "text": "anonymous"}),
        (f"/api/disputes/{dispute.pk}/review/", {}),
        (f"/api/disputes/{dispute.pk}/preview/", {"adjustment": adjustment}),
        (f"/api/disputes/{dispute.pk}/rule/", {"decision": "upheld", "ruling": "void",
                                               "adjustment": adjustment}),
        (f"/api/disputes/{dispute.pk}/rule/", {"decision": "dismissed", "ruling": "no"}),
    ]
    for headers in ({}, _as_seat_token(),
                    {"HTTP_AUTHORIZATION": "Basic bm9ib2R5Om5vdGhpbmc="}):  # nobody:nothing
        for path, body in writes:
            r = api.post(path, body, format="json", **headers)
            assert r.status_code in (401, 403), (path, headers, r.status_code, r.content[:200])
            assert r.json()["error"]["code"]
    assert League.objects.count() == leagues and Tournament.objects.count() == tournaments
    dispute.refresh_from_db()
    assert dispute.status == "open" and dispute.arbiter is None
    assert Dispute.objects.count() == 1
    assert Game.objects.get(pk=table.game_id).head_seq == head  # no compensating event


def test_a_signed_in_non_arbiter_cannot_preview_or_rule(api):
    _, table, dispute = _finished_table_dispute()
    user = User.objects.create_user("player", password="a-long-password-2")
    api.force_authenticate(user=user)
    for path, body in [
        (f"/api/disputes/{dispute.pk}/preview/", {"adjustment": {"type": "game_voided"}}),
        (f"/api/disputes/{dispute.pk}/rule/", {"decision": "dismissed", "ruling": "no"}),
        ("/api/leagues/", {"name": "Mine", "slug": "mine"}),
    ]:
        r = api.post(path, body, format="json")
        assert r.status_code == 403, (path, r.status_code, r.content[:200])
    dispute.refresh_from_db()
    assert dispute.status == "open"


# -- CSRF ------------------------------------------------------------------------------------

def test_session_posts_need_the_csrf_token():
    """A signed-in browser (session cookie) is refused without the CSRF token — on the
    API (disputes, leagues) and on the admin's forms — and accepted with it."""
    from tournaments.models import League

    _, table, _ = _finished_table_dispute()
    organiser = User.objects.create_user("org", password="a-long-password-3", is_staff=True,
                                         is_superuser=True)
    organiser.groups.add(Group.objects.get_or_create(name="organisers")[0])
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(organiser)
    browser.get("/admin/")  # the site has served a page: the CSRF cookie is set
    token = browser.cookies["csrftoken"].value
    dispute = {"game": str(table.game_id), "seq_from": 1, "seq_to": 2, "clause": "req.take",
               "text": "csrf"}
    for path, body in [("/api/disputes/", dispute),
                       ("/api/leagues/", {"name": "CSRF league", "slug": "csrf-league"})]:
        r = browser.post(path, body, content_type="application/json")
        assert r.status_code == 403, (path, r.status_code, r.content[:200])
        assert "CSRF" in r.content.decode()
    assert not League.objects.filter(slug="csrf-league").exists()
    r = browser.post("/admin/tournaments/league/add/", {"name": "Admin CSRF", "slug": "ac"})
    assert r.status_code == 403 and "CSRF" in r.content.decode()
    assert not League.objects.filter(slug="ac").exists()
    anonymous = Client(enforce_csrf_checks=True)
    r = anonymous.post("/admin/login/", {"username": "org", "password": "a-long-password-3"})
    assert r.status_code == 403

    # with the token (from the page the site served) the same request goes through
    r = browser.post("/api/disputes/", dispute, content_type="application/json",
                     HTTP_X_CSRFTOKEN=token)
    assert r.status_code == 201, r.content[:300]


def test_web_sign_in_and_seat_actions_need_the_csrf_token():
    """The sign-in form, sign-out, a seat's command and a new seat token by session: all
    refused without the CSRF token (nothing appended, the token unchanged); the JSON-only
    register/login APIs cannot be reached by a cross-site form at all (415, no session)."""
    from replays.models import GameSeat

    user = User.objects.create_user("csrf-seat", password="a-long-password-5")
    full = bot_log("kolkhoz", "sec-csrf")
    log = full[:cut_points(full)["play"]]
    created = store(log, seed="sec-csrf")
    state = kolkhoz_core.fold(log)
    inp = kolkhoz_core.legal_inputs(state)[0]
    GameSeat.objects.filter(game=created.game, index=inp["seat"]).update(user=user)
    token_hash = GameSeat.objects.get(game=created.game, index=inp["seat"]).token_hash

    anonymous = Client(enforce_csrf_checks=True)
    anonymous.get("/accounts/login/")  # the form's page sets the cookie
    r = anonymous.post("/accounts/login/", {"username": "csrf-seat",
                                            "password": "a-long-password-5"})
    assert r.status_code == 403 and "_auth_user_id" not in anonymous.session
    for path in ("/api/accounts/login/", "/api/accounts/register/"):
        for ctype, body in [("application/x-www-form-urlencoded",
                             "username=csrf-seat&password=a-long-password-5"),
                            ("text/plain", '{"username": "csrf-seat", '
                                           '"password": "a-long-password-5"}')]:
            r = anonymous.post(path, body, content_type=ctype)
            assert r.status_code == 415, (path, ctype, r.status_code)
            assert "sessionid" not in r.cookies

    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)
    browser.get("/accounts/login/")
    token = browser.cookies["csrftoken"].value
    gid = str(created.game.pk)
    command = {"expected_seq": len(log), "input": inp}
    for path, body in [(f"/api/games/{gid}/commands/", command),
                       (f"/api/games/{gid}/seat-token/", {})]:
        r = browser.post(path, body, content_type="application/json")
        assert r.status_code == 403, (path, r.status_code, r.content[:200])
    assert len(game_events(game=Game.objects.get(pk=gid))) == len(log)
    assert GameSeat.objects.get(game=created.game, index=inp["seat"]).token_hash == token_hash
    r = browser.post("/accounts/logout/")
    assert r.status_code == 403
    # the page's own requests carry the token and go through
    r = browser.post(f"/api/games/{gid}/commands/", command, content_type="application/json",
                     HTTP_X_CSRFTOKEN=token)
    assert r.status_code == 201, r.content[:300]
