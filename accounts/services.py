"""Writes for people: creating an account (a Django user and its league ``Player``) and
entering a tournament. Keyword-only, named ``<entity>_<action>``."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from replays.errors import ConflictError, NotFoundError
from tournaments.models import Entry, Format, Player, PlayerKind, Tournament, TournamentStatus

from .errors import AccountError


@transaction.atomic
def user_register(*, username: str, password: str, email: str = "") -> Any:
    """A new account and the person's ``Player`` (same name, kind human). Raises
    ``AccountError``: ``name_taken`` (an account or a player — bots included — already
    has the name), ``weak_password`` (Django's password validators, with ``details``)."""
    User = get_user_model()
    if (User.objects.filter(username__iexact=username).exists()
            or Player.objects.filter(name__iexact=username).exists()):
        raise AccountError(f"the name {username!r} is taken", code="name_taken")
    user = User(username=username, email=email)
    try:
        password_validation.validate_password(password, user)
    except ValidationError as exc:
        raise AccountError("the password is too weak", code="weak_password",
                           details=list(exc.messages)) from exc
    user.set_password(password)
    try:
        user.save()
        Player.objects.create(name=username, kind=PlayerKind.HUMAN, user=user)
    except IntegrityError as exc:
        raise AccountError(f"the name {username!r} is taken", code="name_taken") from exc
    return user


def player_of(*, user: Any) -> Player:
    """The league player of an account (created on first use for accounts made in the
    admin). Raises ``AccountError(name_taken)`` if a bot already has that name."""
    player = Player.objects.filter(user=user).first()
    if player is not None:
        return player
    if Player.objects.filter(name__iexact=user.username).exists():
        raise AccountError(f"a player named {user.username!r} exists", code="name_taken")
    return Player.objects.create(name=user.username, kind=PlayerKind.HUMAN, user=user)


_NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
            9: "nine", 10: "ten"}


def tournament_enter(*, user: Any, tournament_id: int) -> Entry:
    """Enter the account's player in a tournament that has not started (draft or
    scheduled). Raises ``NotFoundError``, ``ConflictError(not_open)`` once it has
    started or when it is a bot-only run with an explicit seed secret
    (``bots_only``, docs/shuffle.md), ``ConflictError(already_entered)``,
    ``ConflictError(full)`` for a match series that already has its entries (one per
    seat of its table size: four for Kolkhoz)."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise NotFoundError(f"no tournament {tournament_id}")
    if tournament.status not in (TournamentStatus.DRAFT, TournamentStatus.SCHEDULED):
        raise ConflictError(f"tournament {tournament.name!r} is {tournament.status}",
                            code="not_open")
    if tournament.secret_explicit:
        raise ConflictError(f"tournament {tournament.name!r} is a bot-only run",
                            code="bots_only")
    player = player_of(user=user)
    if (tournament.format == Format.SERIES
            and not tournament.entries.filter(player=player).exists()
            and tournament.entries.count() >= tournament.table_size):
        size = _NUMBERS.get(tournament.table_size, str(tournament.table_size))
        raise ConflictError(f"tournament {tournament.name!r} is a match series of {size}, "
                            f"and it has {size} entries", code="full")
    entry, created = Entry.objects.get_or_create(tournament=tournament, player=player)
    if not created:
        if not entry.withdrawn:
            raise ConflictError("already entered", code="already_entered")
        entry.withdrawn = False
        entry.save(update_fields=["withdrawn"])
    return entry
