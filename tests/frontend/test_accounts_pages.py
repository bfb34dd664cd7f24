"""The account pages in Chromium: a newcomer signs up on the site, enters an open
tournament from "My games", finds the game there with "Your turn" once the organiser
starts it, plays the whole game against a bot from the play page, and opens its replay
from "My games". The game is Korova 006 at a two-seat table with the penalty threshold at
1 head (the game ends after one hand: about ten cards and a few row takes to choose — the
shortest whole game of the registered games for a person's seat). The whole flow runs at
desktop size and at 390 × 844; every account page is checked by axe-core at both sizes.

The playing loop (``play_until_over``) knows nothing of Korova: it clicks the first
enabled button among the play page's offered choices (``#actions``) until the game is
over, so it keeps working when the play page's controls are redrawn."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from replays.models import Game
from replays.selectors import game_verify
from tests.humans.helpers import PASSWORD
from tournaments import services
from tournaments.models import Table, TableStatus

from .a11y import DESKTOP, PHONE, check_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True),
              pytest.mark.usefixtures("eager_celery")]
KOROVA_ONE_HAND = {"preset": "base", "options": {"threshold": 1}}


@pytest.fixture(autouse=True)
def _close_connections():
    yield
    # queries made while Playwright's loop ran used connections of that context: close
    # them, or the test database cannot be dropped at the end
    from django.db import connections

    connections.close_all()
    time.sleep(0.5)


def open_korova_tournament(name: str = "Korova open"):
    """An organiser's open tournament: Korova 006, two-seat tables, one round, two bots
    entered so far (a person who enters makes three: two tables, a house bot fills)."""
    stamp = time.time_ns()
    league = services.league_create(name=f"Korova {stamp}", slug=f"korova-{stamp}",
                                    game="korova", ruleset=KOROVA_ONE_HAND)
    bots = [services.player_bot_get_or_create(name=f"kv-bot-{stamp}-{i}", bot_name="random",
                                              game="korova") for i in range(2)]
    return services.tournament_create(season=league.seasons.get(), name=name, format="swiss",
                                      rounds=1, players=bots, ruleset=KOROVA_ONE_HAND,
                                      table_size=2, rated=False)


def sign_up(page, base: str, name: str, *, check: str | None = None) -> None:
    """From the front page: the navigation's "Sign up", the form, "My games"."""
    page.goto(f"{base}/")
    page.get_by_role("navigation", name="Account").get_by_role("link", name="Sign up").click()
    page.wait_for_url("**/accounts/signup/")
    if check:
        check_page(page, check)
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").click()
    page.wait_for_url("**/my-games/")
    expect(page.get_by_text(f"Welcome, {name}!")).to_be_visible()
    expect(page.get_by_role("navigation", name="Account")).to_contain_text(f"Signed in as {name}")


OVER = ("() => { const r = document.getElementById('result');"
        " if ((r && !r.hidden) || /Game over/.test(document.querySelector('main').innerText))"
        " return 'over';"
        " return document.querySelector('#actions button:not([disabled])') ? 'move' : false; }")
HEAD_MOVED = ("prev => { const h = document.querySelector('[data-head-seq]')?.dataset.headSeq;"
              " return h === undefined || h !== prev; }")


def play_until_over(page, limit: int = 80) -> int:
    """Play the seat from the play page until the game is over: each time the page
    offers choices, click the first enabled button in ``#actions`` (the server listed
    every one of them) and wait for the command's answer and the page to move on.
    Returns the number of decisions sent. A click that lost a race with the page's own
    refresh (409, the game moved on) is simply offered again."""
    sent = 0
    for _ in range(limit):
        state = page.wait_for_function(OVER, timeout=20_000).json_value()
        if state == "over":
            return sent
        head = page.evaluate("() => document.querySelector('[data-head-seq]')?.dataset.headSeq")
        with page.expect_response(lambda r: "/commands/" in r.url
                                  and r.request.method == "POST") as answer:
            page.locator("#actions button:not([disabled])").first.click()
        assert answer.value.status in (201, 409), answer.value.text()
        if answer.value.status == 201:
            sent += 1
            page.wait_for_function(HEAD_MOVED, arg=head)
    pytest.fail(f"the game was not over after {limit} decisions")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_sign_up_enter_play_a_whole_game_from_my_games_and_open_its_replay(page, live_server,
                                                                            size):
    page.set_viewport_size(size)
    base = live_server.url
    t = open_korova_tournament()
    sign_up(page, base, "nadia", check="account-signup")
    check_page(page, "account-my-games-new")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]

    # enter the open tournament from My games
    page.get_by_role("button", name=f"Enter {t.name}").click()
    page.wait_for_url("**/my-games/")
    expect(page.get_by_role("status")).to_contain_text(f"You are entered in {t.name}")
    expect(page.get_by_text("Entered", exact=True)).to_be_visible()

    # the organiser starts it: the person's game appears with "Your turn"
    services.tournament_start(tournament=t)
    table = Table.objects.select_related("game").get(round__tournament=t,
                                                     seats__player__name="nadia")
    gid = str(table.game.pk)
    page.reload()
    card = page.locator(f'.seat-card[data-game="{gid}"]')
    expect(card.locator(".your-turn")).to_have_text("Your turn")
    expect(card).to_contain_text("Korova 006")
    expect(page.locator("#turn-summary")).to_contain_text("1 game awaits your move")
    check_page(page, "account-my-games-your-turn")

    card.get_by_role("link", name=re.compile(r"^Play ")).click()
    page.wait_for_url(f"**/play/{gid}/")
    sent = play_until_over(page)
    assert sent >= 10  # a hand of ten cards, each chosen by the person

    game = Game.objects.get(pk=gid)
    assert game.status == "finished" and game_verify(game=game)["ok"]
    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
    assert game.events.filter(actor__startswith="seat:").count() >= sent

    # back to My games: the game is finished, with the place; its replay opens
    page.goto(f"{base}/my-games/")
    row = page.locator(f'tr[data-game="{gid}"]')
    expect(row).to_contain_text(re.compile(r"(1st|2nd)"))
    assert not page.locator(f'a[href="/play/{gid}/"]').count()
    check_page(page, "account-my-games-finished")
    # every column readable at either size: nothing cut off, no sideways scroll
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
    expect(row.get_by_role("link", name=re.compile("^Replay"))).to_be_in_viewport()
    row.get_by_role("link", name=re.compile("^Replay")).click()
    page.wait_for_url(f"**/games/{gid}/")
    page.wait_for_selector("[data-shell][data-renderer]")
    expect(page.locator("h1")).to_contain_text("Replay")


def test_account_pages_at_desktop_and_phone_size(page, live_server):
    """Sign-up and My games at 390 × 844; sign-in, password change and My games with a
    live game checked at both sizes."""
    base = live_server.url
    t = open_korova_tournament("Phone open")
    page.set_viewport_size(PHONE)
    sign_up(page, base, "pavla", check="account-signup")
    check_page(page, "account-my-games-new")
    page.get_by_role("button", name=f"Enter {t.name}").click()
    expect(page.get_by_role("status")).to_contain_text("You are entered")
    services.tournament_start(tournament=t)
    page.reload()
    expect(page.locator(".seat-card .your-turn")).to_be_visible()
    # nothing wider than the phone's screen
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    # the tournament page links the person's own table to its play page
    gid = Table.objects.get(round__tournament=t, seats__player__name="pavla").game_id
    page.goto(f"{base}/tournaments/{t.pk}/")
    expect(page.get_by_role("link", name=re.compile("^Play your seat"))).to_have_attribute(
        "href", f"/play/{gid}/")
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.goto(f"{base}/my-games/")
        check_page(page, "account-my-games")
        page.goto(f"{base}/accounts/password/")
        check_page(page, "account-password-change")
        page.goto(f"{base}/accounts/password/reset/")
        check_page(page, "account-password-reset")
    # sign-out is the navigation's button (a POST); then the sign-in page
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(f"{base}/")
    expect(page.get_by_role("navigation", name="Account")).to_contain_text("Sign in")
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.goto(f"{base}/accounts/login/")
        check_page(page, "account-sign-in")
        page.goto(f"{base}/accounts/signup/")
        check_page(page, "account-signup")
    # a refused sign-up: the form again, each error at its field, still accessible
    page.get_by_label("Name").fill("pavla")
    page.get_by_label("Password", exact=True).fill("12345678")
    page.get_by_label("Password again").fill("12345678")
    page.get_by_role("button", name="Create the account").click()
    expect(page.get_by_text("That name is taken")).to_be_visible()
    expect(page.get_by_label("Name")).to_have_attribute("aria-invalid", "true")
    check_page(page, "account-signup-errors")
    # signing in again from the form lands on My games
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Name").fill("pavla")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/my-games/")
    expect(page.locator("h1")).to_contain_text("My games")


def test_the_remaining_pages_pass_axe_at_both_sizes(page, live_server, mailoutbox, settings):
    """The pages no flow above stops on: password changed, reset sent / confirm /
    complete, a 404, the raise-a-dispute page as a visitor sees it, and the locked-out
    page — each at 390 × 844 and at desktop size."""
    from django.contrib.auth import get_user_model

    from tests.frontend.data import known_game

    base = live_server.url
    get_user_model().objects.create_user("olga", "olga@example.org", PASSWORD)
    game = known_game()
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        page.goto(f"{base}/games/no-such-game/")
        expect(page.locator("main")).to_contain_text("No such game")
        check_page(page, "page-not-found")
        page.goto(f"{base}/disputes/raise/{game.pk}/?step=3")
        expect(page.locator("main")).to_contain_text("Sign in")
        check_page(page, "disputes-raise-visitor")
    # a reset by mail: sent, the link's form, complete
    page.goto(f"{base}/accounts/password/reset/")
    page.get_by_label(re.compile("mail", re.I)).fill("olga@example.org")
    page.get_by_role("button", name="Send the link").click()
    page.wait_for_url("**/reset/**")
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        check_page(page, "account-password-reset-sent")
    link = re.search(r"https?://\S+/accounts/password/reset/\S+/", mailoutbox[-1].body).group(0)
    page.goto(link)
    page.wait_for_url("**/set-password/")
    check_page(page, "account-password-reset-confirm")
    new = PASSWORD + "-new"
    page.get_by_label("New password", exact=True).fill(new)
    page.get_by_label(re.compile("New password (again|confirmation)", re.I)).fill(new)
    page.get_by_role("button", name="Set the password").click()
    expect(page.locator("main")).to_contain_text(re.compile("sign in", re.I))
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        check_page(page, "account-password-reset-complete")
    # signed in: change the password, the "changed" page
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Name").fill("olga")
    page.get_by_label("Password").fill(new)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url("**/my-games/")
    page.goto(f"{base}/accounts/password/")
    page.get_by_label(re.compile("Old password|Current password", re.I)).fill(new)
    page.get_by_label("New password", exact=True).fill(PASSWORD)
    page.get_by_label(re.compile("New password (again|confirmation)", re.I)).fill(PASSWORD)
    page.get_by_role("button", name="Change the password").click()
    page.wait_for_url("**/done/")
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        check_page(page, "account-password-changed")
    # the lockout page, last (it locks this address out)
    page.get_by_role("button", name="Sign out").click()
    settings.AXES_ENABLED, settings.AXES_FAILURE_LIMIT = True, 3  # off in the test settings
    for _ in range(settings.AXES_FAILURE_LIMIT + 1):  # the next try after the limit
        page.goto(f"{base}/accounts/login/")
        page.get_by_label("Name").fill("olga")
        page.get_by_label("Password").fill("wrong-password")
        page.get_by_role("button", name="Sign in").click()
    expect(page.locator("main")).to_contain_text(re.compile("locked|too many", re.I))
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        check_page(page, "account-locked-out")
