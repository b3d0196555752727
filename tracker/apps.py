from django.apps import AppConfig


class TrackerConfig(AppConfig):
    name = "tracker"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """The table's live topic and its publication after each stored event (core.live)."""
        from core import events, live
        from tracker import contrib

        live.register_kind("table", contrib.may_follow_table)
        events.game_changed.connect(contrib.publish_table)
