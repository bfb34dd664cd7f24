from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    """Seasons in divisions: a league season splits its players into divisions by
    rating, plays one tournament per division, and promotes and relegates at its end
    (docs/seasons.md)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "seasons"
    verbose_name = "Seasons in divisions"
