from django.apps import AppConfig


class PairingConfig(AppConfig):
    name = "pairing"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Answer the tournament app's hooks (the dashboard's next step, the team's private
        page, the demo) and renew cached pages after commit (core.events)."""
        from core import events, live
        from decklists import hooks as decklists_hooks
        from pairing import demo, forms, receivers
        from tournament import hooks, snapshots

        hooks.NEXT_STEP.register(receivers.next_step)
        hooks.TEAM_PAGE.register(receivers.team_page)
        hooks.EVENT_PAGE.register(receivers.event_page)
        hooks.DEMO_STEPS.register(demo.demo_rounds)
        hooks.EVENT_PLAN.register(receivers.event_plan)
        hooks.PLAN_CHOICES.register(receivers.plan_choices)
        hooks.UNDROP_REFUSED.register(receivers.undrop_refused)
        hooks.EVENT_SETTINGS.register(forms.event_settings)
        decklists_hooks.TEAM_MATCH.register(receivers.team_match)
        events.team_changed.connect(receivers.team_changed)
        # Cached pages (pairing.rendering, core.pagecache): a new version after these commit.
        events.result_final.connect(receivers.bump_pages)
        events.round_published.connect(receivers.bump_pages)
        events.round_changed.connect(receivers.bump_pages)
        events.team_changed.connect(receivers.bump_pages)
        events.standings_changed.connect(receivers.bump_pages)
        events.event_changed.connect(receivers.bump_pages)
        events.result_reported.connect(receivers.renew_team_pages_of_match)
        # game_changed: tracker.receivers.table_changed bumps the team pages with its live publish.
        events.time_called.connect(receivers.renew_team_pages_of_match)
        events.decklists_changed.connect(receivers.renew_team_page)
        events.round_published.connect(receivers.warm_published)
        # The players' live pages (core.live): the event page and the team page.
        live.register_kind("event", receivers.may_follow_event)
        live.register_kind("team", receivers.may_follow_team)
        events.round_published.connect(receivers.live_round_published)
        events.round_changed.connect(receivers.live_round_changed)
        events.result_final.connect(receivers.live_result_final)
        events.result_reported.connect(receivers.live_result_reported)
        events.time_called.connect(receivers.live_time_called)
        events.team_changed.connect(receivers.live_team_changed)
        # The event's public page (tournament.event_views) shows the live version of the event:
        # renewed after the live publishes above, so a page rendered from then on carries it.
        for signal in (
            events.round_published,
            events.round_changed,
            events.result_final,
            events.time_called,
        ):
            signal.connect(snapshots.event_page_changed)
