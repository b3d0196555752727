from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from core import live
        from tournament import (
            arrival_views,
            hooks,
            schema,  # noqa: F401  (registers the OpenAPI extension)
        )

        hooks.TEAM_PAGE.register(arrival_views.team_block)  # check in, drop (MTR 2.10)
        hooks.EVENT_PAGE.register(arrival_views.dashboard_block)  # staff: teams checked in
        live.register_kind("checkin", arrival_views.may_follow_check_in)
