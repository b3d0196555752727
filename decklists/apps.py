from django.apps import AppConfig


class DecklistsConfig(AppConfig):
    name = "decklists"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Register the decklists' parts of the shared pages: the dashboard's next step, the
        team page's block and the demo's lists."""
        from decklists import views
        from decklists.demo import demo_decklists
        from tournament import hooks

        hooks.NEXT_STEP.register(views.next_step)
        hooks.TEAM_PAGE.register(views.team_block)
        hooks.DEMO_STEPS.register(demo_decklists)
