from django.apps import AppConfig


class CarryConfig(AppConfig):
    """Backups and event files; no models of its own."""

    name = "carry"

    def ready(self) -> None:
        from carry.services import backup
        from core import events

        def after_round(payload: events.RoundPublished) -> None:
            from pairing.models import Round

            if backup.database_path() is None:  # PostgreSQL: its own backups (no query here)
                return
            number = Round.objects.filter(pk=payload.round_id).values_list("number", flat=True)
            backup.backup_after_round(next(iter(number), 0))

        def after_write(payload: object) -> None:
            backup.backup_if_due()

        events.round_published.connect(after_round)
        for signal in (
            events.result_final,
            events.result_reported,
            events.game_changed,
            events.standings_changed,
            events.team_changed,
            events.decklists_changed,
            events.time_called,
        ):
            signal.connect(after_write)
