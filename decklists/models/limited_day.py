"""The Limited day's records (decklists.domain.swap has the rules).

- LimitedSetup: per event, how Sealed pools are handled (build from the opened pool, or register
  and swap) and the product per team (boosters, cards per booster, prerelease kits).
- OpenedPool: the pool a team registered from the boosters it opened (register and swap only).
- PoolSwap / PoolSwapEntry: the swap drawn from its seed, one row per opened pool and who
  received it. The receiver's TeamPool (what it builds from) is the opened pool's text.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

from tournament.models import Event, Team


class LimitedSetup(models.Model):
    class PoolProcedure(models.TextChoices):
        BUILD_OPENED = "build_opened", "build_opened"
        REGISTER_AND_SWAP = "register_and_swap", "register_and_swap"

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="limited_setup"
    )
    pool_procedure = models.CharField(
        max_length=20, choices=PoolProcedure.choices, default=PoolProcedure.BUILD_OPENED
    )
    product_name = models.CharField(max_length=120, blank=True, default="")
    boosters_per_team = models.PositiveSmallIntegerField(null=True, blank=True)  # None: MTR's
    cards_per_booster = models.PositiveSmallIntegerField(default=14)
    kits_per_team = models.PositiveSmallIntegerField(default=0)
    updated_at = models.DateTimeField(null=True, blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(cards_per_booster__gte=1), name="limited_setup_cards_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"Limited setup of {self.event_id}"


class OpenedPool(models.Model):
    team = models.OneToOneField(Team, on_delete=models.CASCADE, related_name="opened_pool")
    text = models.TextField(blank=True, default="")
    submitted_at = models.DateTimeField()
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    by_team = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"Opened pool of {self.team_id}"


class PoolSwap(models.Model):
    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="pool_swap"
    )
    seed = models.BigIntegerField()
    assigned_at = models.DateTimeField()
    assigned_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"Pool swap of {self.event_id} (seed {self.seed})"


class PoolSwapEntry(models.Model):
    swap = models.ForeignKey(PoolSwap, on_delete=models.CASCADE, related_name="entries")
    opener = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    receiver = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["swap_id", "id"]
        constraints = [
            models.UniqueConstraint(fields=["swap", "opener"], name="pool_swap_opener_once"),
            models.UniqueConstraint(fields=["swap", "receiver"], name="pool_swap_receiver_once"),
            models.CheckConstraint(
                condition=~Q(opener=models.F("receiver")), name="pool_swap_no_own_pool"
            ),
        ]

    def __str__(self) -> str:
        return f"Pool of {self.opener_id} to {self.receiver_id}"
