"""The arbiters' pages (/disputes/): list, detail, raise, review, rule and what-if —
who may do what (clear 401/403/409 pages), bad input as 4xx or form errors (never a
500), names instead of seats, and no hidden card on any of them."""

from __future__ import annotations

import re
from html import unescape

import pytest

from disputes import services
from disputes.models import Dispute, DisputeStatus
from tests.disputes.helpers import client_of, dispute_on_known, ruled_step, user
from tests.frontend.data import known_game, live_game

pytestmark = pytest.mark.django_db
NAMES = ("Anya", "Boris", "Pyotr", "Vera")


def visible(html: str) -> str:
    """The words a person reads (tags, scripts and styles left out)."""
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_list_filters_pages_and_refuses_a_bad_status():
    raiser = user("raiser")
    first = dispute_on_known(raiser)
    game = first.game
    for i in range(22):
        Dispute.objects.create(game=game, seq_from=i, seq_to=i, clause="req.take",
                               text=f"n{i}", raised_by=raiser)
    services.dispute_review(dispute=first, user=user("org", "organisers"))
    c = client_of(None)
    r = c.get("/disputes/")
    assert r.status_code == 200
    body = r.content.decode()
    assert "Page 1 of 2" in body and "23 disputes" in body and "Anya, Boris" in body
    assert c.get("/disputes/?page=2").content.decode().count("/disputes/") >= 2
    only = c.get("/disputes/?status=under_review").content.decode()
    assert f'href="/disputes/{first.pk}/"' in only and "1 dispute" in only
    assert f"/games/{game.pk}/" in only
    bad = c.get("/disputes/?status=nonsense")
    assert bad.status_code == 400 and "There is no status" in bad.content.decode()
    assert c.get("/disputes/?game=not-a-game").status_code == 404
    assert c.get("/disputes/?page=zzz").status_code == 200


def test_detail_links_replay_steps_clause_and_history():
    d = dispute_on_known(user("raiser"), review_by=user("arb", "arbiters"))
    r = client_of(None).get(f"/disputes/{d.pk}/")
    assert r.status_code == 200
    body = r.content.decode()
    assert f'/games/{d.game_id}/#step={d.seq_from}"' in body
    assert f'/games/{d.game_id}/#step={d.seq_to}"' in body
    assert f'href="/rules/#{d.clause}"' in body
    assert "the planner was wrong" in body
    assert re.search(r"Raised</strong> by raiser", body)
    assert re.search(r"Taken under review</strong> by arb", body)
    assert "Only an arbiter may rule on it." in body  # anonymous: no rule link
    assert client_of(None).get("/disputes/999999/").status_code == 404


def test_raise_from_a_step_prefills_and_checks_who_and_what():
    game = known_game()
    step = ruled_step(game)
    url = f"/disputes/raise/?game={game.pk}&step={step['seq']}"
    anon = client_of(None).get(url)
    assert anon.status_code == 200 and "sign in</a> to raise a dispute" in anon.content.decode()
    c = client_of(user("player"))
    page = c.get(url).content.decode()
    assert step["text"].split(" (")[0][:40] in page
    assert f'name="clause" id="id_clause" value="{step["rules"][0]}"' in page
    assert f'name="seq_from" value="{step["seq"]}"' in page
    assert c.get(f"/disputes/raise/?game={game.pk}&step=99999").status_code == 400
    assert c.get(f"/disputes/raise/?game={game.pk}&step=x").status_code == 400
    assert c.get("/disputes/raise/?game=nope").status_code == 404
    post = {"game": str(game.pk), "seq_from": step["seq"], "seq_to": step["seq"],
            "clause": step["rules"][0], "text": "wrong"}
    assert client_of(None).post("/disputes/raise/", post).status_code == 403
    assert Dispute.objects.count() == 0
    bad = c.post("/disputes/raise/", {**post, "clause": "no.such.clause"})
    assert bad.status_code == 400 and "no clause" in bad.content.decode()
    backwards = c.post("/disputes/raise/", {**post, "seq_from": step["seq"] + 1})
    assert backwards.status_code == 400 and "cannot come before" in backwards.content.decode()
    assert c.post("/disputes/raise/", {**post, "seq_to": 99999}).status_code == 400
    assert c.post("/disputes/raise/", {**post, "text": ""}).status_code == 400
    assert Dispute.objects.count() == 0
    ok = c.post("/disputes/raise/", post)
    d = Dispute.objects.get()
    assert ok.status_code == 302 and ok["Location"] == f"/disputes/{d.pk}/"
    assert d.raised_by.username == "player" and d.history[0]["status"] == "open"


def test_review_needs_an_organiser_or_arbiter():
    d = dispute_on_known(user("raiser"))
    url = f"/disputes/{d.pk}/review/"
    assert client_of(None).post(url).status_code == 401
    r = client_of(user("player")).post(url)
    assert r.status_code == 403 and "only an organiser or an arbiter" in r.content.decode()
    assert client_of(None).get(url).status_code == 405
    assert client_of(user("org", "organisers")).post(url).status_code == 302
    d.refresh_from_db()
    assert d.status == DisputeStatus.UNDER_REVIEW
    again = client_of(user("arb", "arbiters")).post(url)
    assert again.status_code == 409


def test_rule_page_previews_with_names_then_upholds():
    arb = user("arb", "arbiters")
    d = dispute_on_known(user("raiser"), review_by=arb)
    url = f"/disputes/{d.pk}/rule/"
    r = client_of(user("player")).get(url)
    assert r.status_code == 403 and "Only an arbiter may rule" in r.content.decode()
    assert client_of(None).post(url, {"action": "preview"}).status_code == 401
    c = client_of(arb)
    form = c.get(url).content.decode()
    assert all(f'<span class="vh">{n}: </span>Place' in form for n in NAMES)
    current = services.effective_result(
        __import__("replays.selectors", fromlist=["x"]).game_events(game=d.game))
    places = current["places"]
    swapped = [places[1], places[0], *places[2:]]
    if swapped == places:
        swapped = [4, 3, 2, 1]
    data = {"outcome": "result_adjusted", "ruling": "upheld: swap 1 and 2",
            **{f"place_{i}": p for i, p in enumerate(swapped)}}
    assert c.post(url, {**data, "action": "bogus"}).status_code == 400
    bad = c.post(url, {**data, "place_0": 1, "place_1": 1, "place_2": 1, "place_3": 2,
                       "action": "preview"})
    assert bad.status_code == 400 and "not a ranking" in bad.content.decode()
    pre = c.post(url, {**data, "action": "preview"})
    body = pre.content.decode()
    assert pre.status_code == 200 and "nothing is written until you confirm" in body
    assert all(f'<th scope="row">{n}' in body for n in NAMES)
    assert "seat 0" not in body.lower() and '{"' not in body
    assert "not played in a league" in body
    token = re.search(r'name="confirm" value="([0-9a-f]+)"', body).group(1)
    stale = c.post(url, {**data, "action": "confirm", "confirm": "0" * 64})
    assert stale.status_code == 409
    done = c.post(url, {**data, "action": "confirm", "confirm": token})
    assert done.status_code == 302
    d.refresh_from_db()
    assert d.status == DisputeStatus.UPHELD and d.adjustment["places"] == swapped
    assert [h["status"] for h in d.history] == ["open", "under_review", "upheld"]
    page = client_of(None).get(f"/disputes/{d.pk}/").content.decode()
    assert "upheld: swap 1 and 2" in page and "before the ruling → after it" in page
    assert c.post(url, {**data, "action": "dismiss"}).status_code == 409
    boss = user("boss")
    boss.is_staff = boss.is_superuser = True
    boss.save()
    admin_page = client_of(boss).get(f"/admin/disputes/dispute/{d.pk}/change/")
    text = admin_page.content.decode()
    assert admin_page.status_code == 200 and "Upheld by arb" in text
    assert "becomes" in text and "before the ruling → after it" in text


def test_rule_page_dismisses():
    arb = user("arb", "arbiters")
    d = dispute_on_known(user("raiser"), review_by=arb)
    r = client_of(arb).post(f"/disputes/{d.pk}/rule/", {
        "outcome": "result_adjusted", "ruling": "the rules were applied",
        "action": "dismiss", **{f"place_{i}": i + 1 for i in range(4)}})
    assert r.status_code == 302
    d.refresh_from_db()
    assert d.status == DisputeStatus.DISMISSED and d.adjustment is None


def test_whatif_page_in_plain_words():
    game = known_game()
    c = client_of(None)
    form = visible(c.get(f"/disputes/whatif/{game.pk}/").content.decode())
    assert "Cellar cards a swap may take" in form and "hidden or revealed" in form
    assert "swap_scope" not in form and "_" not in form
    # each Kolkhoz option by a plain label and a line saying what it does, never by its
    # internal name ("Stakh", "K36 vulnerable", "Orden")
    assert "Stakhanovite hero" in form and "spared that year's requisition" in form
    assert "Who answers for failed fields (36 cards)" in form
    assert not re.search(r"\b(Stakh|K36 vulnerable|Orden|Accum|Swap scope)\b", form)
    r = c.get(f"/disputes/whatif/{game.pk}/?run=1&accum=true")
    body = r.content.decode()
    assert r.status_code == 200, body
    assert "The first step ruled differently is step 42." in body
    assert "Anya would have scored 15 instead of 8 and finished 3rd instead of 4th." in body
    assert "Vera finished 4th instead of 3rd." in body
    assert all(f'<th scope="row">{n}' in body for n in NAMES)
    assert '{"' not in body and "divergence" not in body and "alternative" not in body
    assert "_" not in visible(body)
    illegal = c.get(f"/disputes/whatif/{game.pk}/?run=1&first_lead=%22left_of_planner%22")
    text = visible(illegal.content.decode())
    assert illegal.status_code == 200 and "could not have been played" in text
    assert "it is Pyotr's turn to play, not Boris's" in text
    assert "same" not in visible(c.get(f"/disputes/whatif/{game.pk}/?run=1&reveal="
                                       "%22highest_hidden%22").content.decode()).split(
        "Nothing would change")[0].split("The result")[-1]
    assert c.get(f"/disputes/whatif/{game.pk}/?run=1&swap=maybe").status_code == 400
    assert c.get("/disputes/whatif/nope/").status_code == 404


def test_no_hidden_card_on_dispute_or_whatif_pages_of_a_live_game():
    """Steps 30-47 of this live game pocket and bury cards: the pages say that a card
    was pocketed, never which (the oracle: the sentences the seats themselves read)."""
    created, events = live_game()
    game = created.game
    raiser = user("raiser")
    d = services.dispute_raise(game=game, seq_from=30, seq_to=47, clause="swap",
                               text="a swap out of turn", user=raiser)
    secret = ["puts 9♠ into their cellar", "puts Q♠ into their cellar", "buries 10♣",
              "hidden cellar card 9♠"]
    pages = [client_of(u).get(url).content.decode()
             for u in (None, raiser, user("arb", "arbiters"))
             for url in (f"/disputes/{d.pk}/", f"/disputes/raise/?game={game.pk}&step=30",
                         f"/disputes/raise/?game={game.pk}&step=47", "/disputes/")]
    for body in pages:
        for s in secret:
            assert s not in body
    assert "puts their last hand card into their cellar" in pages[0]
    w = client_of(raiser).get(f"/disputes/whatif/{game.pk}/?run=1&swap=false")
    assert w.status_code == 409 and "finished game" in w.content.decode()
    assert "9♠" not in w.content.decode()


def test_rule_preview_of_a_league_game_names_the_standings_and_ratings():
    from tests.leagues.league_helpers import make_tournament, play_inline
    from tournaments import services as league_services
    from tournaments.models import Table

    t = make_tournament(n=4, fmt="swiss", rounds=1, seed="arb-web")
    league_services.tournament_start(tournament=t)
    play_inline(t)
    table = Table.objects.get(round__tournament=t)
    game = table.game
    arb = user("arb", "arbiters")
    d = services.dispute_raise(game=game, seq_from=3, seq_to=3, clause="plan.trump",
                               text="wrong trump", user=user("raiser"))
    services.dispute_review(dispute=d, user=arb)
    places = list(table.places)
    new = [4, 3, 2, 1] if places != [4, 3, 2, 1] else [1, 2, 3, 4]
    r = client_of(arb).post(f"/disputes/{d.pk}/rule/", {
        "outcome": "result_adjusted", "ruling": "x", "action": "preview",
        **{f"place_{i}": p for i, p in enumerate(new)}})
    body = r.content.decode()
    assert r.status_code == 200, body
    assert "Tournament standings" in body and "League ratings that change" in body
    for name in game.seats:
        assert body.count(f'<th scope="row">{name}</th>') >= 2  # result and standings
    assert "becomes" in body and "seat 0" not in body.lower()


@pytest.mark.parametrize("game_id", __import__("gamekit.registry", fromlist=["x"]).ids())
def test_every_games_whatif_form_offers_its_options_in_words(game_id):
    from types import SimpleNamespace

    from disputes.forms import WhatIfForm
    from gamekit import registry

    defn = registry.get(game_id)
    form = WhatIfForm(game=SimpleNamespace(game=game_id))
    assert set(form.fields) == {"preset", *(o.name for o in defn.options())}
    data, want = {}, {}
    for o in defn.options():
        field = form.fields[o.name]
        assert "_" not in str(field.label)
        if o.name in form.free:
            data[o.name], want[o.name] = "7", 7
        else:
            raw, label = field.choices[-1]
            assert "_" not in str(label)
            data[o.name], want[o.name] = raw, o.values[-1]
    bound = WhatIfForm(data, game=SimpleNamespace(game=game_id))
    assert bound.is_valid(), bound.errors
    assert bound.chosen() == (want, None)
    assert not WhatIfForm({"preset": "nonsense"}, game=SimpleNamespace(game=game_id)).is_valid()


@pytest.mark.django_db
def test_whatif_with_a_number_option_answers_in_words_not_a_500():
    """A number option (Korova's threshold) has no choices to name it by: the page shows
    the value as typed (it used to raise on ``field.choices``)."""
    from replays import engine
    from replays.services import game_create

    defn, seed = engine.definition(None, "korova"), "whatif-number"
    events = defn.start(defn.ruleset({"preset": "base", "options": {"threshold": 20}}),
                        ["Anya", "Boris", "Pyotr"], {}, seed)
    state = defn.fold(events)
    while not defn.finished(state):
        state, more = defn.play_bots(state, [defn.bot("random")] * 3, seed)
        events.extend(more)
    game = game_create(events=events, seed=seed, game="korova").game
    r = user_client().get(f"/disputes/whatif/{game.pk}/?run=1&threshold=40")
    assert r.status_code == 200, r.content[:400]
    assert "40" in visible(r.content.decode())
    assert user_client().get(f"/disputes/whatif/{game.pk}/?run=1&threshold=x").status_code == 400


def user_client():
    from django.test import Client

    return Client()
