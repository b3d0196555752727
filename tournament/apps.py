from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournament import (
            arrival_views,
            hooks,
            schema,  # noqa: F401  (registers the OpenAPI extension)
        )

        hooks.TEAM_PAGE.register(arrival_views.team_block)  # check in, drop (MTR 2.10)
