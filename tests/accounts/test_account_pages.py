"""The account pages on the site (Django's test client): sign-up (the registration
service's checks), sign-in with a link to sign up, sign-out by POST only, password change
and reset, the navigation, "My games" (only the person's own seats, whose turn it is, the
deadline; nothing hidden), entering an open tournament from it, and the links to play a
seat from a live game's replay page and from the tournament API."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from accounts import pages
from tests.humans.helpers import (
    PASSWORD,
    make_mixed_tournament,
    make_person,
    person_seat,
    the_table,
)
from tournaments import services
from tournaments.clock import game_clock
from tournaments.models import Entry, Player, PlayerKind

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_celery")]
User = get_user_model()
NEW = "a-fresh-long-password-77"


def signed_in(client: Client) -> str | None:
    return client.session.get("_auth_user_id")


def test_sign_up_creates_the_account_and_its_player_and_signs_in():
    client = Client()
    page = client.get("/accounts/signup/")
    assert page.status_code == 200 and b'name="password2"' in page.content
    r = client.post("/accounts/signup/", {"username": "masha", "email": "m@example.org",
                                          "password1": PASSWORD, "password2": PASSWORD})
    assert r.status_code == 302 and r["Location"] == "/my-games/"
    user = User.objects.get(username="masha")
    assert user.email == "m@example.org" and user.check_password(PASSWORD)
    assert Player.objects.get(name="masha").kind == PlayerKind.HUMAN
    assert signed_in(client) == str(user.pk)
    page = client.get("/my-games/")
    assert b"Welcome, masha!" in page.content
    assert b"Signed in as <strong>masha</strong>" in page.content
    # a signed-in visitor is sent on; ``next`` on this site is honoured, elsewhere not
    assert client.get("/accounts/signup/")["Location"] == "/my-games/"
    other = Client()
    r = other.post("/accounts/signup/?next=/leagues/", {
        "username": "misha", "password1": PASSWORD, "password2": PASSWORD})
    assert r["Location"] == "/leagues/"
    r = Client().post("/accounts/signup/", {"username": "mila", "next": "https://evil.example/",
                                            "password1": PASSWORD, "password2": PASSWORD})
    assert r["Location"] == "/my-games/"


@pytest.mark.parametrize("data, field, words", [
    ({"username": "vasya", "password1": PASSWORD, "password2": PASSWORD + "x"},
     "password2", "The two passwords differ."),
    ({"username": "vasya", "password1": "12345678", "password2": "12345678"},
     "password1", "too common"),
    ({"username": "bad name!", "password1": PASSWORD, "password2": PASSWORD},
     "username", "no spaces"),
    ({"username": "robot", "password1": PASSWORD, "password2": PASSWORD},
     "username", "That name is taken"),
    ({"username": "ANYA", "password1": PASSWORD, "password2": PASSWORD},
     "username", "That name is taken"),
    ({"username": "", "password1": "", "password2": ""}, "username", "This field is required."),
    ({"username": "vasya", "email": "not-an-address", "password1": PASSWORD,
      "password2": PASSWORD}, "email", "valid email"),
])
def test_bad_sign_up_shows_the_form_again_with_its_errors(data, field, words):
    make_person("anya")
    services.player_bot_get_or_create(name="robot", bot_name="random")
    before = User.objects.count()
    client = Client()
    r = client.post("/accounts/signup/", data)
    assert r.status_code == 200
    form = r.context["form"]
    assert any(words in e for e in form.errors.get(field, [])), form.errors
    assert words.encode() in r.content
    assert b'aria-invalid="true"' in r.content
    assert User.objects.count() == before and signed_in(client) is None


def test_sign_in_page_is_a_form_with_a_link_to_sign_up():
    make_person("anya")
    client = Client()
    page = client.get("/accounts/login/?next=/leagues/")
    body = page.content.decode()
    assert page.status_code == 200 and "/api/accounts/register/" not in body
    assert 'href="/accounts/signup/?next=/leagues/"' in body
    assert 'href="/accounts/password/reset/"' in body
    r = client.post("/accounts/login/", {"username": "anya", "password": "wrong-password-1"})
    assert r.status_code == 200 and b"Wrong name or password" in r.content
    r = client.post("/accounts/login/", {"username": "anya", "password": PASSWORD})
    assert r.status_code == 302 and r["Location"] == "/my-games/"


def test_navigation_shows_who_is_signed_in_and_sign_out_is_a_post():
    person = make_person("anya")
    client = Client()
    nav = client.get("/").content.decode()
    assert 'href="/accounts/login/?next=/"' in nav and 'href="/accounts/signup/"' in nav
    assert "Sign out" not in nav
    client.force_login(person)
    nav = client.get("/leagues/").content.decode()
    assert "Signed in as <strong>anya</strong>" in nav and 'href="/my-games/"' in nav
    assert re.search(r'<form method="post" action="/accounts/logout/"[^>]*>'
                     r'<input type="hidden" name="csrfmiddlewaretoken"', nav)
    assert client.get("/accounts/logout/").status_code == 405
    assert signed_in(client) is not None
    r = client.post("/accounts/logout/")
    assert r.status_code == 302 and r["Location"] == "/" and signed_in(client) is None
    assert client.get("/my-games/")["Location"] == "/accounts/login/?next=/my-games/"


def test_password_change():
    person = make_person("anya")
    client = Client()
    assert client.get("/accounts/password/")["Location"].startswith("/accounts/login/")
    client.force_login(person)
    assert b'name="old_password"' in client.get("/accounts/password/").content
    r = client.post("/accounts/password/", {"old_password": "wrong-one-42",
                                            "new_password1": NEW, "new_password2": NEW})
    assert r.status_code == 200 and b"Your old password was entered incorrectly" in r.content
    r = client.post("/accounts/password/", {"old_password": PASSWORD,
                                            "new_password1": NEW, "new_password2": NEW})
    assert r.status_code == 302 and r["Location"] == "/accounts/password/done/"
    assert b"Your password is changed" in client.get(r["Location"]).content
    assert signed_in(client) is not None  # still signed in (the session hash was updated)
    person.refresh_from_db()
    assert person.check_password(NEW) and not person.check_password(PASSWORD)


def test_password_reset_by_mail():
    person = make_person("anya")
    User.objects.filter(pk=person.pk).update(email="anya@example.org")
    client = Client()
    r = client.post("/accounts/password/reset/", {"email": "anya@example.org"})
    assert r.status_code == 302 and r["Location"] == "/accounts/password/reset/sent/"
    assert len(mail.outbox) == 1 and "anya" in mail.outbox[0].body
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[0].body)
    assert link, mail.outbox[0].body
    r = client.get(link.group(1))  # Django swaps the token for a session-held one
    assert r.status_code == 302
    form_url = r["Location"]
    assert b'name="new_password1"' in client.get(form_url).content
    r = client.post(form_url, {"new_password1": NEW, "new_password2": NEW})
    assert r.status_code == 302 and r["Location"] == "/accounts/password/reset/done/"
    person.refresh_from_db()
    assert person.check_password(NEW)
    assert b"This link is not valid" in client.get(link.group(1), follow=True).content
    # an unknown address: the same answer, no mail (nothing tells who has an account)
    r = client.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert r.status_code == 302 and len(mail.outbox) == 1


def test_my_games_lists_only_the_persons_own_seats_and_nothing_hidden():
    anya, boris = make_person("anya"), make_person("boris")
    t_anya = make_mixed_tournament(person=anya, seed="mine-a", limit_s=600)
    t_boris = make_mixed_tournament(person=boris, seed="mine-b")
    services.tournament_start(tournament=t_anya)
    services.tournament_start(tournament=t_boris)
    mine, theirs = the_table(t_anya), the_table(t_boris)
    client = Client()
    client.force_login(anya)
    page = client.get("/my-games/")
    body = page.content.decode()
    assert page.status_code == 200
    assert str(mine.game.pk) in body and str(theirs.game.pk) not in body
    assert f'href="/play/{mine.game.pk}/"' in body and f'href="/games/{mine.game.pk}/"' in body
    [row] = page.context["live"]
    assert row["seat"] == person_seat(mine, anya) and row["your_turn"]
    assert 'class="your-turn">Your turn<' in body and "1 game awaits your move" in body
    assert row["opponents"] == [n for n in mine.game.seats if n != "anya"]
    assert row["tournament"]["name"] == "Mixed" and "time left: 9 min" in body
    # the deadline is the play page's clock (tournaments.clock), not a second reckoning:
    # the same moment, and none once the autopilot plays the seat
    [turn] = game_clock(game=mine.game)["turns"]
    assert turn["seat"] == row["seat"] and row["deadline"].isoformat() == turn["due_at"]
    mine.seats.filter(seat=row["seat"]).update(autopilot=True)
    [auto] = client.get("/my-games/").context["live"]
    assert auto["your_turn"] and auto["deadline"] is None and auto["time_left"] == ""
    mine.seats.filter(seat=row["seat"]).update(autopilot=False)
    # the rows hold names, public turn facts and links only: no hand, no seed
    assert set(row) == {"game", "game_name", "status", "seat", "you", "opponents",
                        "your_turn", "waiting_for", "deadline", "time_left", "tournament",
                        "place", "play_url", "replay_url", "created_at"}
    mine.game.refresh_from_db()
    assert mine.game.seed_secret and mine.game.seed_secret not in body
    # an account that holds no seat sees none
    client.force_login(make_person("clara"))
    body = client.get("/my-games/").content.decode()
    assert str(mine.game.pk) not in body and "You have no game in play." in body


def test_finished_games_show_the_place_and_a_replay_only():
    anya = make_person("anya")
    t = make_mixed_tournament(person=anya, seed="mine-done")
    services.tournament_start(tournament=t)
    table = the_table(t)
    api = APIClient()
    api.force_login(anya)
    from tests.humans.helpers import first_legal_input

    for _ in range(300):
        table.game.refresh_from_db()
        if table.game.status == "finished":
            break
        legal = api.get(f"/api/games/{table.game.pk}/legal/").json()
        r = api.post(f"/api/games/{table.game.pk}/commands/",
                     {"expected_seq": table.game.head_seq, "input": first_legal_input(legal)},
                     format="json")
        assert r.status_code == 201, r.content
    rows = pages.my_seats(user=anya)
    assert rows[0]["status"] == "finished" and rows[0]["place"] in {"1st", "2nd", "3rd", "4th"}
    client = Client()
    client.force_login(anya)
    body = client.get("/my-games/").content.decode()
    assert f"/play/{table.game.pk}/" not in body and f"/games/{table.game.pk}/" in body


def test_entering_an_open_tournament_from_my_games():
    anya = make_person("anya")
    league = services.league_create(name="Open", slug="open")
    bots = [services.player_bot_get_or_create(name=f"b{i}", bot_name="random") for i in range(4)]
    t = services.tournament_create(season=league.seasons.get(), name="Spring open",
                                   format="swiss", rounds=1, players=bots,
                                   ruleset={"preset": "kolkhoz", "options": {"years": 1}})
    bot_run = services.tournament_create(season=league.seasons.get(), name="Bots only",
                                         format="swiss", rounds=1, players=bots,
                                         secret="x" * 32)
    client = Client()
    assert client.post("/accounts/enter/", {"tournament": t.pk})["Location"] == (
        "/accounts/login/?next=/my-games/")  # back to My games once signed in
    client.force_login(anya)
    body = client.get("/my-games/").content.decode()
    assert "Spring open" in body and 'aria-label="Enter Spring open"' in body
    assert "Bots only" not in body
    assert client.get("/accounts/enter/").status_code == 405
    r = client.post("/accounts/enter/", {"tournament": t.pk}, follow=True)
    assert r.redirect_chain == [("/my-games/", 302)]
    assert b"You are entered in Spring open" in r.content and b">Entered<" in r.content
    assert Entry.objects.filter(tournament=t, player__user=anya).exists()
    for data, words in [({"tournament": t.pk}, b"Could not enter: already entered."),
                        ({"tournament": 999999}, b"Could not enter: no tournament 999999."),
                        ({"tournament": "x"}, b"Choose a tournament to enter."),
                        ({"tournament": "\u00b2"}, b"Choose a tournament to enter."),
                        ({"tournament": "-1"}, b"Choose a tournament to enter."),
                        ({"tournament": bot_run.pk}, b"is a bot-only run")]:
        r = client.post("/accounts/enter/", data, follow=True)
        assert r.status_code == 200 and words in r.content, (data, r.content[-2000:])
    services.tournament_start(tournament=t)
    body = client.get("/my-games/").content.decode()
    assert "Spring open" in body and ("Your turn" in body or "Waiting for" in body)
    assert len(client.get("/my-games/").context["live"]) == 1


def test_links_to_play_a_seat_from_the_replay_page_and_the_tournament_api():
    anya = make_person("anya")
    t = make_mixed_tournament(person=anya, seed="links")
    services.tournament_start(tournament=t)
    table = the_table(t)
    play = f'<a class="play-your-seat" href="/play/{table.game.pk}/">'
    client = Client()
    assert play not in client.get(f"/games/{table.game.pk}/").content.decode()
    client.force_login(make_person("boris"))
    assert play not in client.get(f"/games/{table.game.pk}/").content.decode()
    api = APIClient()
    rows = api.get(f"/api/tournaments/{t.pk}/").json()["rounds_detail"][0]["tables"]
    assert rows[0]["your_seat"] is None
    client.force_login(anya)
    assert play in client.get(f"/games/{table.game.pk}/").content.decode()
    api.force_login(anya)
    rows = api.get(f"/api/tournaments/{t.pk}/").json()["rounds_detail"][0]["tables"]
    assert rows[0]["your_seat"] == person_seat(table, anya)
