from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Leagues, tournaments, tables played by Celery workers, standings and ratings."""

    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from replays.signals import input_accepted

        from . import tasks  # noqa: F401  (registers play_table, sent by name by .dispatch)
        from .humans import on_input_accepted

        # A person (or the autopilot) moved: let the table's bots move (Celery).
        input_accepted.connect(on_input_accepted, dispatch_uid="tournaments.table_enqueue")
