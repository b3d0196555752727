from django.apps import AppConfig


class DecklistsConfig(AppConfig):
    name = "decklists"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Register the decklists' parts of the shared pages (the dashboard's next step, the
        team page's block, the demo's lists) and the editor's live updates."""
        from core import events, live
        from decklists import forms, pool_views, views
        from decklists.demo import demo_decklists
        from tournament import hooks

        hooks.NEXT_STEP.register(views.next_step)
        hooks.TEAM_PAGE.register(views.team_block)
        hooks.TEAM_PAGE.register(pool_views.team_opened_block)
        hooks.DEMO_STEPS.register(demo_decklists)
        hooks.EVENT_SETTINGS.register(forms.event_settings)
        # The editor hears saves of a teammate or a judge at once (core.live).
        live.register_kind("decklists", views.may_follow_decklists)
        events.decklists_changed.connect(views.publish_decklists)
