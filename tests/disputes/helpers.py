"""Users, games and disputes for the arbiters' pages' tests."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import Group, User
from django.test import Client

from disputes import services
from disputes.models import Dispute
from replays.audit import game_explain
from tests.frontend.data import known_game


def user(name: str, group: str | None = None) -> User:
    u = User.objects.create_user(name, password="pw-" + name)
    if group:
        u.groups.add(Group.objects.get_or_create(name=group)[0])
    return u


def client_of(u: User | None) -> Client:
    c = Client()
    if u is not None:
        c.force_login(u)
    return c


def ruled_step(game: Any) -> dict[str, Any]:
    """The first step of ``game`` after its setup that applied a clause: ``{seq, text,
    rules}``."""
    for e in game_explain(game=game, viewer=None)["explanations"]:
        if e["rules"] and e["seq"] >= 3:
            return e
    raise AssertionError("no step applied a clause")


def dispute_on_known(raiser: User, *, review_by: User | None = None) -> Dispute:
    """A dispute on the known finished game's first ruled step (under review when
    ``review_by`` is given)."""
    game = known_game()
    step = ruled_step(game)
    d = services.dispute_raise(game=game, seq_from=step["seq"], seq_to=step["seq"] + 2,
                               clause=step["rules"][0], text="the planner was wrong",
                               user=raiser)
    if review_by is not None:
        d = services.dispute_review(dispute=d, user=review_by)
    return d
