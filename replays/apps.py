from django.apps import AppConfig


class ReplaysConfig(AppConfig):
    name = "replays"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import (
            schema,  # noqa: F401  (registers the OpenAPI auth extension)
            signals,
            tasks,  # noqa: F401  (registers the Celery tasks that replays.dispatch sends by name)
        )

        signals.input_accepted.connect(signals.enqueue_bot_seats,
                                       dispatch_uid="replays.enqueue_bot_seats")
