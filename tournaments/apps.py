from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Leagues, tournaments, tables played by Celery workers, standings and ratings."""

    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from replays.signals import input_accepted

        from .humans import on_input_accepted

        # A person (or the autopilot) moved: let the table's bots move (Celery).
        input_accepted.connect(on_input_accepted, dispatch_uid="tournaments.table_enqueue")
