from django.apps import AppConfig


class PairingConfig(AppConfig):
    name = "pairing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Register the rounds' parts of the shared pages: the dashboard's next step, the
        team's private page and the demo."""
        from pairing import hooks
        from tournament import demo, selectors, views
        from tournament.services import events

        selectors.NEXT_STEP_HOOKS.append(hooks.next_step)
        views.TEAM_PAGE_HOOKS.append(hooks.team_page)
        demo.DEMO_STEPS.append(hooks.demo_rounds)
        events.TEAM_CHANGED_HOOKS.append(hooks.team_changed)
