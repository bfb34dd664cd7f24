from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    """Leagues, tournaments, tables played by Celery workers, standings and ratings."""

    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"
