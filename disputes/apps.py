from django.apps import AppConfig


class DisputesConfig(AppConfig):
    """Disputed rulings: raised on a game's seq range, ruled by an arbiter, settled by a
    compensating event appended after ``game_end``."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "disputes"
    verbose_name = "Disputes"
