from django.apps import AppConfig


class NotifyConfig(AppConfig):
    """Web Push to the players' phones: subscriptions per team key, sent after commit by tasks."""

    name = "notify"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Queue a push task after the events the players are told of (notify.tasks), and
        forget a team's subscriptions when its key is renewed."""
        from core import events
        from judging.services import calls, clock
        from notify import services, tasks

        events.round_published.connect(tasks.round_published)
        events.time_called.connect(tasks.time_called)
        events.result_reported.connect(tasks.result_reported)
        clock.clock_started.connect(tasks.clock_started)
        calls.call_claimed.connect(tasks.call_claimed)
        events.team_promoted.connect(tasks.team_promoted)
        events.team_key_renewed.connect(services.forget_renewed_key)
