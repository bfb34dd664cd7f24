"""An arbiter on the site, in a real browser at desktop and phone size: raises a dispute
from a replay step ("Dispute this step" follows the replay's step), takes it under
review, previews the ruling as a before/after table with names, upholds it, then reads
the disputes list and asks a what-if in plain words. Every page is checked with axe-core
and screenshotted (artifacts/screenshots/disputes-*-<width>.png)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings

from disputes.models import Dispute, DisputeStatus
from tests.disputes.helpers import client_of, ruled_step, user

from . import data
from .a11y import _AXE, BLOCKING, DESKTOP, PHONE, check_page, describe, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_in(page, live_server, u) -> None:
    """The browser carries ``u``'s session (made by Django's test client)."""
    session = client_of(u).cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session,
                               "url": live_server.url}])


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_an_arbiter_raises_previews_and_rules_on_the_site(page, live_server, size):
    game = data.known_game()
    step = ruled_step(game)["seq"]
    arbiter = user("arbiter", "arbiters")
    sign_in(page, live_server, arbiter)
    page.set_viewport_size(size)

    page.goto(f"{live_server.url}/games/{game.pk}/#step={step}")
    page.wait_for_selector(".table-wrap *:not(p)")
    button = page.locator("#dispute-step")
    page.wait_for_function(f"document.getElementById('dispute-step').textContent"
                           f" === 'Dispute step {step}'")
    page.locator("#next").click()  # the control follows the replay's step
    page.wait_for_function(f"document.getElementById('dispute-step').textContent"
                           f" === 'Dispute step {step + 1}'")
    page.locator("#prev").click()
    page.wait_for_function(f"document.getElementById('dispute-step').textContent"
                           f" === 'Dispute step {step}'")
    # the replay page is another helper's; axe checks this control of ours on it
    screenshot(page, "disputes-replay-control")
    found = [v for v in _AXE.run(page, context="form.dispute-step",
                                 options={"resultTypes": ["violations"]}
                                 ).response["violations"] if v.get("impact") in BLOCKING]
    assert not found, describe(found)
    button.click()

    page.wait_for_url(re.compile(r"/disputes/raise/"))
    assert page.locator("#id_seq_from").input_value() == str(step)
    assert page.locator("#id_clause").input_value() == ruled_step(game)["rules"][0]
    assert page.locator(".step-quote").inner_text().startswith(f"Step {step}")
    check_page(page, "disputes-raise")
    page.locator("#id_text").fill("The planner named the wrong trump.")
    page.get_by_role("button", name="Raise the dispute").click()

    page.wait_for_url(re.compile(r"/disputes/\d+/$"))
    d = Dispute.objects.get()
    assert d.seq_from == step and d.raised_by == arbiter
    assert page.locator(f'a[href$="#step={step}"]').count() >= 1
    page.get_by_role("button", name="Take under review").click()
    page.wait_for_selector(".badge.dispute-under_review")
    check_page(page, "disputes-detail")
    page.get_by_role("link", name="Rule on this dispute…").click()

    page.wait_for_url(re.compile(r"/rule/$"))
    before = [int(page.locator(f"#id_place_{i}").input_value()) for i in range(4)]
    after = [before[1], before[0], *before[2:]] if before[0] != before[1] else [4, 3, 2, 1]
    for i, p in enumerate(after):
        page.locator(f"#id_place_{i}").select_option(str(p))
    page.locator("#id_ruling").fill("Upheld: the second and first places swap.")
    page.get_by_role("button", name="Preview upholding").click()
    preview = page.locator("section.preview")
    preview.wait_for()
    table = preview.locator("table").first.inner_text()
    for name in game.seats:
        assert name in table
    assert "Seat" not in table and "{" not in preview.inner_text()
    check_page(page, "disputes-rule-preview")
    page.get_by_role("button", name="Confirm: uphold").click()

    page.wait_for_selector(".badge.dispute-upheld")
    d.refresh_from_db()
    assert d.status == DisputeStatus.UPHELD and d.adjustment["places"] == after
    assert "Upheld: the second and first places swap." in page.locator(".ruling").inner_text()
    check_page(page, "disputes-detail-upheld")

    page.goto(f"{live_server.url}/disputes/")
    assert page.locator("table.disputes tbody tr").count() == 1
    check_page(page, "disputes-list")

    page.goto(f"{live_server.url}/disputes/whatif/{game.pk}/")
    page.get_by_label("Accumulation", exact=True).select_option(label="on")
    page.get_by_role("button", name="Run the what-if").click()
    result = page.locator(".whatif-result")
    result.wait_for()
    words = result.inner_text()
    assert "Anya would have scored 15 instead of 8 and finished 3rd instead of 4th." in words
    assert "{" not in words and "_" not in words
    check_page(page, "disputes-whatif")


def test_a_spectator_is_told_to_sign_in_and_may_not_rule(page, live_server):
    game = data.known_game()
    raiser = user("raiser")
    d = Dispute.objects.create(game=game, seq_from=3, seq_to=3, clause="plan.trump",
                               text="x", raised_by=raiser, status=DisputeStatus.UNDER_REVIEW)
    page.goto(f"{live_server.url}/disputes/raise/?game={game.pk}&step=3")
    assert "sign in to raise a dispute" in page.locator("main").inner_text().lower()
    page.goto(f"{live_server.url}/disputes/{d.pk}/rule/")
    assert "Only an arbiter may rule" in page.locator("[role=alert]").inner_text()
    assert page.locator("form.rule-form").count() == 0
    check_page(page, "disputes-rule-refused")
    assert user  # the raiser exists; nobody signed in here
