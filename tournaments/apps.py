from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Leagues, tournaments, tables played by Celery workers, standings and ratings."""

    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from replays.sealing import seal_rule_register
        from replays.signals import input_accepted

        from . import tasks  # noqa: F401  (registers play_table, sent by name by .dispatch)
        from .duplicate_rounds import sealed_games
        from .humans import on_input_accepted

        # A duplicate round's games are served only to their own seats until the round is
        # over: its tables share their deals (docs/duplicate.md).
        seal_rule_register(sealed_games)

        # A person (or the autopilot) moved: let the table's bots move (Celery).
        input_accepted.connect(on_input_accepted, dispatch_uid="tournaments.table_enqueue")
