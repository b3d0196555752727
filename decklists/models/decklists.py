"""Decklists, limited pools, the log of judges' changes, and an event's 2HG-only bans.

Lists are stored as the text the player submitted (main deck and sideboard boxes) and checked on
read (decklists/services/decklists.py): the check depends on the catalogue and the banlists,
which change, so its result is never stored. A list *locks* when round 1 is paired (the event's
status leaves "registration"); after that only a judge changes it, and each change is a
DecklistChange row with the text before and after.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy

from tournament.models.events import Event, Player, Team


class Decklist(models.Model):
    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="decklist")
    main_text = models.TextField(blank=True, default="")
    sideboard_text = models.TextField(blank=True, default="")
    submitted_at = models.DateTimeField()
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    by_team = models.BooleanField(default=False)  # through the team's private link or key

    class Meta:
        db_table = "tournament_decklist"  # kept from the tournament app

    def __str__(self) -> str:
        return f"Decklist of {self.player}"

    @property
    def submitted(self) -> bool:
        return bool(self.main_text.strip())


class TeamPool(models.Model):
    """A limited team's card pool (sealed boosters or draft picks), registered once per team."""

    team = models.OneToOneField(Team, on_delete=models.CASCADE, related_name="pool")
    text = models.TextField(blank=True, default="")
    submitted_at = models.DateTimeField()
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    by_team = models.BooleanField(default=False)

    class Meta:
        db_table = "tournament_teampool"  # kept from the tournament app

    def __str__(self) -> str:
        return f"Pool of {self.team}"


class DecklistChange(models.Model):
    """A change made after the lock (by a judge): who, when, why, before and after.

    ``player`` is null for a change of the team's pool; then ``main_*`` hold the pool's text.
    """

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="decklist_changes")
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, null=True, blank=True, related_name="decklist_changes"
    )
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    changed_by_name = models.CharField(max_length=150)
    changed_at = models.DateTimeField()
    reason = models.TextField(blank=True, default="")
    main_before = models.TextField(blank=True, default="")
    sideboard_before = models.TextField(blank=True, default="")
    main_after = models.TextField(blank=True, default="")
    sideboard_after = models.TextField(blank=True, default="")

    class Meta:
        db_table = "tournament_decklistchange"  # kept from the tournament app
        ordering = ["-changed_at", "-id"]

    def __str__(self) -> str:
        what = f"{self.player}'s decklist" if self.player_id else "pool"
        return f"{self.team}: {what} changed by {self.changed_by_name}"

    @property
    def is_pool(self) -> bool:
        return self.player_id is None


class EventDeckRules(models.Model):
    """Per-event deck rules the organizer may change: the Unified Deck Construction rule of a
    constructed event (MTR 8.4), the 2HG-only banned cards (MTR 9.5) and whether the event
    collects decklists (MTR 7.3). One row per event, made when first saved; until then the
    defaults hold (decklists.selectors.deck_rules.of).

    ``two_headed_giant_bans`` null means "as the loaded banlists say" (Erayo, Soratami
    Ascendant), so a newer banlists file reaches every event that has not chosen its own list.
    """

    class UdcRule(models.TextChoices):
        MTR = "mtr", gettext_lazy("No two decks share a card (MTR 8.4, since July 2016)")
        COMBINED_FOUR = (
            "combined_four",
            gettext_lazy("Combined decks hold at most four of a card (older rule)"),
        )

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="deck_rules")
    # How many copies of a card the team's decks may hold together (constructed, MTR 8.4).
    udc_rule = models.CharField(max_length=16, choices=UdcRule.choices, default=UdcRule.MTR)
    two_headed_giant_bans = models.JSONField(null=True, blank=True)
    # False: the event collects no decklists, so at Regular REL a limited team may change its
    # decks between matches from its pool (MTR 7.3; decklists.domain.rebuild). True (the
    # default, and the only reading at Competitive REL or in constructed): lists lock at round 1.
    decklists_required = models.BooleanField(default=True)
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        db_table = "tournament_eventdeckrules"  # kept from the tournament app

    def __str__(self) -> str:
        return f"Deck rules of {self.event}"
