from django.apps import AppConfig


class DecklistsConfig(AppConfig):
    name = "decklists"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Register the decklists' parts of the shared pages: the dashboard's next step, the
        team page's block and the demo's lists."""
        from decklists import views
        from decklists.demo import demo_decklists
        from tournament import demo, selectors
        from tournament import views as tournament_views

        selectors.NEXT_STEP_HOOKS.append(views.next_step)
        tournament_views.TEAM_PAGE_HOOKS.append(views.team_block)
        demo.DEMO_STEPS.append(demo_decklists)
