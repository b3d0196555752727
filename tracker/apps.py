from django.apps import AppConfig


class TrackerConfig(AppConfig):
    name = "tracker"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """The table's live topic and its publication after each stored event (core.live, with
        the bump of its teams' cached pages), and the link to the table on the team's private
        page."""
        from core import events, live
        from pairing import hooks as pairing_hooks
        from tournament import hooks
        from tracker import receivers

        hooks.TEAM_PAGE.register(receivers.team_page)
        pairing_hooks.MATCH_STARTED.register(receivers.match_started)
        live.register_kind("table", receivers.may_follow_table)
        events.game_changed.connect(receivers.table_changed)
