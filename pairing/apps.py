from django.apps import AppConfig


class PairingConfig(AppConfig):
    name = "pairing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Answer the tournament app's hooks (the dashboard's next step, the team's private
        page, the demo) and renew cached pages after commit (core.events)."""
        from core import events
        from pairing import contrib
        from tournament import hooks

        hooks.NEXT_STEP.register(contrib.next_step)
        hooks.TEAM_PAGE.register(contrib.team_page)
        hooks.DEMO_STEPS.register(contrib.demo_rounds)
        hooks.EVENT_PLAN.register(contrib.event_plan)
        hooks.UNDROP_REFUSED.register(contrib.undrop_refused)
        events.team_changed.connect(contrib.team_changed)
        events.round_published.connect(contrib.warm_published)
