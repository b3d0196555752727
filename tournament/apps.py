from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournament import schema  # noqa: F401  (registers the OpenAPI extension)
