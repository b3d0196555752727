from django.apps import AppConfig


class JudgingConfig(AppConfig):
    name = "judging"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Answer the pairing app's hooks: Match Point penalties in the standings, disqualified
        teams out of them, losses issued between matches landing on the next round, each match's
        ``time`` block; and run the round clock's task and live pages."""
        from core import events, live
        from judging import forms as judging_forms
        from judging import receivers, services, simulation, tasks
        from judging.selectors import clock as clock_selectors
        from judging.team_page import team_penalties
        from pairing import hooks
        from tournament import hooks as tournament_hooks
        from tracker import hooks as tracker_hooks

        tournament_hooks.EVENT_SETTINGS.register(judging_forms.event_settings)

        hooks.PENALTY_POINTS.register(receivers.penalty_points)
        hooks.DISQUALIFIED.register(receivers.disqualified)
        hooks.ROUND_PAIRED.register(services.penalties_land_on_round)
        hooks.ROUND_UNPAIRING.register(services.penalties_leave_round)
        hooks.MATCH_TIMES.register(clock_selectors.match_times)
        tracker_hooks.NO_NEW_GAME.register(receivers.no_new_game)
        hooks.AFTER_SIMULATED_ROUND.register(simulation.after_simulated_round)
        tournament_hooks.EVENT_FACTS.register(receivers.event_page)
        tournament_hooks.EVENT_PAGE.register(receivers.clock_block)
        tournament_hooks.EVENT_PAGE.register(receivers.lists_to_fix_block)
        hooks.ROUND_PAGE.register(receivers.round_clock_block)
        tournament_hooks.TEAM_PAGE.register(receivers.team_page)
        tournament_hooks.TEAM_PAGE.register(team_penalties)
        services.clock_changed.connect(tasks.schedule)
        # The event's public page and the team pages show the round's clock in words
        # (tournament.event_views, team_views): cached pages renewed.
        services.clock_changed.connect(receivers.clock_pages_changed)
        events.time_called.connect(tasks.on_time_called)
        live.register_kind("clock", receivers.may_follow_clock)
        live.register_kind("timer", receivers.may_follow_timers)
        tournament_hooks.EVENT_PAGE.register(receivers.limited_day_block)
        live.register_kind("calls", receivers.may_follow_calls)
        live.register_kind("judges", receivers.may_follow_judges)
        tournament_hooks.TEAM_PAGE.register(receivers.call_team_page)
        tracker_hooks.TABLE_PAGE.register(receivers.call_table_page)
