from django.apps import AppConfig


class JudgingConfig(AppConfig):
    name = "judging"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Answer the pairing app's hooks: Match Point penalties in the standings, disqualified
        teams out of them, losses issued between matches landing on the next round, each match's
        ``time`` block; and run the round clock's task and live pages."""
        from core import events, live
        from judging import contrib, limited_contrib, services, simulation, tasks
        from judging.team_page import team_penalties
        from pairing import hooks
        from tournament import hooks as tournament_hooks
        from tracker import hooks as tracker_hooks

        hooks.PENALTY_POINTS.register(contrib.penalty_points)
        hooks.DISQUALIFIED.register(contrib.disqualified)
        hooks.ROUND_PAIRED.register(contrib.round_paired)
        hooks.ROUND_UNPAIRING.register(contrib.round_unpairing)
        hooks.MATCH_TIMES.register(contrib.match_times)
        tracker_hooks.NO_NEW_GAME.register(contrib.no_new_game)
        hooks.AFTER_SIMULATED_ROUND.register(simulation.after_simulated_round)
        tournament_hooks.EVENT_FACTS.register(contrib.event_page)
        tournament_hooks.EVENT_PAGE.register(contrib.clock_block)
        tournament_hooks.EVENT_PAGE.register(contrib.lists_to_fix_block)
        hooks.ROUND_PAGE.register(contrib.round_clock_block)
        tournament_hooks.TEAM_PAGE.register(contrib.team_page)
        tournament_hooks.TEAM_PAGE.register(team_penalties)
        services.clock_changed.connect(tasks.schedule)
        events.time_called.connect(tasks.on_time_called)
        live.register_kind("clock", contrib.may_follow_clock)
        live.register_kind("timer", limited_contrib.may_follow_timers)
        tournament_hooks.EVENT_PAGE.register(limited_contrib.limited_day_block)
