from django.apps import AppConfig


class JudgingConfig(AppConfig):
    name = "judging"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Answer the pairing app's hooks: Match Point penalties in the standings, disqualified
        teams out of them, losses issued between matches landing on the next round."""
        from judging import contrib
        from pairing import hooks

        hooks.PENALTY_POINTS.register(contrib.penalty_points)
        hooks.DISQUALIFIED.register(contrib.disqualified)
        hooks.ROUND_PAIRED.register(contrib.round_paired)
        hooks.ROUND_UNPAIRING.register(contrib.round_unpairing)
