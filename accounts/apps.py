from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Accounts (Django auth), sign-in for the web and the API, entry into tournaments."""

    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"
