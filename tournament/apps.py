from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournament import (
            demo,
            schema,  # noqa: F401  (registers the OpenAPI extension)
            selectors,
            views,
            views_decklists,
        )
        from tournament.demo_decklists import demo_decklists

        # Decklists: the dashboard's next step, the team page's block, the demo's lists.
        selectors.NEXT_STEP_HOOKS.append(views_decklists.next_step)
        views.TEAM_PAGE_HOOKS.append(views_decklists.team_block)
        demo.DEMO_STEPS.append(demo_decklists)
