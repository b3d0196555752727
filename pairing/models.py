"""Rounds, matches and results: the stored facts of Swiss rounds and the top cut.

Notes on terminology
--------------------
round
    One Swiss round or one top-cut round of an event, numbered 1, 2, ... across both stages.
match
    Two teams at a table (MTR 9.1: one game decides it, drawn games are replayed while time
    allows). A *bye* is a match with no ``team_b`` and no table, final at once as a win
    (MTR App. C).
result
    Games won by each team and games drawn: 1-0-0, 0-1-0, 1-0-1, 0-0-1 (time ran out), 0-0-0
    (intentional draw, MTR 2.5). ``result`` is derived: ``a``, ``b`` or ``draw``.
status
    ``pending`` (nothing in), ``reported`` (one team reported), ``disputed`` (the two teams
    reported different results: staff decide), ``final`` (both teams agree, or staff entered it).
entry
    A team's place in a round (``MatchTeam``): which match, which side, and its seat order at
    pairing time (MTR 9.4: the primary player may change between matches). The unique
    (round, team) constraint is the database's guarantee that a team plays once per round.
notes
    Why a match or a round was paired as it was, as data (pairing.domain.notes, in words
    through pairing.presenters): ``Match.notes`` and ``Round.summary``'s ``bye_notes`` and
    ``warning_notes``. Rows paired before that hold words instead (``Match.note``, the
    summary's ``bye_note`` and ``warnings``), shown as they are.
seed, bracket slot
    In the top cut, ``MatchTeam.seed`` is the team's seed (MTR 10.4: its place in the final
    Swiss standings) and ``Match.bracket_slot`` the match's place in bracket order
    (pairing.domain.topcut): the winners of slots 2k - 1 and 2k meet in slot k next round.
version
    Bumped by every change to a round's pairings (swap, table, publish): the cache key of the
    rendered pairings pages.

Standings are never stored: pairing.selectors computes them from the final matches.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy, pgettext_lazy

from pairing.domain.match_format import games_bounds
from tournament.models import Event, Team


def _games_in_bounds() -> Q:
    bounds = games_bounds()
    won = bounds["games_a"]
    return Q(**{f"{name}__lte": high for name, high in bounds.items()}) & ~Q(
        games_a=won, games_b=won
    )


class PairingSettings(models.Model):
    """How the event is paired: its Swiss rounds, top cut and tiebreakers, and the draft pods
    (docs/rules.md "Swiss pairing", "Standings", "Top cut"). One row per event, made when a setting
    first differs from these defaults (``pairing.selectors.settings.of`` reads the defaults until
    then); written with the event's own settings (tournament.hooks.EVENT_SETTINGS), fixed once
    round 1 is paired except the tiebreakers (MTR 10.2)."""

    class TiebreakOrder(models.TextChoices):
        TEAM = "team", gettext_lazy("Team: match points, OMW%, random")
        INDIVIDUAL = "individual", gettext_lazy("Individual: match points, OMW%, GW%, OGW%, random")

    TOP_CUTS = (0, 2, 4, 8)

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, primary_key=True, related_name="pairing_settings"
    )
    swiss_rounds = models.PositiveSmallIntegerField(null=True, blank=True)  # None: MTR App. E
    top_cut = models.PositiveSmallIntegerField(default=0)
    # True: the top cut comes from MTR App. E for the team count (``top_cut`` is then unused);
    # False: ``top_cut`` is the organizer's (0: no top cut).
    top_cut_automatic = models.BooleanField(default=False)
    tiebreak_order = models.CharField(
        max_length=12, choices=TiebreakOrder.choices, default=TiebreakOrder.TEAM
    )
    # A local rule, not the MTR's: OOMW% breaks ties after OMW% in the team order.
    tiebreak_oomw = models.BooleanField(default=False)
    # MTR 7.6: in a Booster Draft event teams play only teams of their pod, unless the organizer
    # lifts this before the event at Regular REL (docs/rules.md "Swiss pairing").
    pods_lifted = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(top_cut__in=(0, 2, 4, 8)), name="pairingsettings_top_cut"
            ),
        ]

    def __str__(self) -> str:
        return f"Pairing settings of {self.event_id}"


class Round(models.Model):
    class Stage(models.TextChoices):
        SWISS = "swiss", gettext_lazy("Swiss")
        TOP_CUT = "top_cut", gettext_lazy("Top cut")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=8, choices=Stage.choices, default=Stage.SWISS)
    published = models.BooleanField(default=False)
    published_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=1)
    seed = models.BigIntegerField()  # of the RNG that paired it: the pairing can be replayed
    # counts (matches, rematches, pair-downs, max gap), the bye's team, the notes (as data)
    summary = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The id the pairing request carried: its retry (the answer was lost) finds this round.
    request_id = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["event_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.event_id}"

    @property
    def is_top_cut(self) -> bool:
        return self.stage == self.Stage.TOP_CUT


class Match(models.Model):
    """A team that played cannot be deleted (RESTRICT), unless its whole event is."""

    class Result(models.TextChoices):
        A = "a", gettext_lazy("Team A won")
        B = "b", gettext_lazy("Team B won")
        DRAW = "draw", gettext_lazy("Draw")

    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Pending")
        REPORTED = "reported", gettext_lazy("Reported by one team")
        DISPUTED = "disputed", gettext_lazy("Disputed")
        FINAL = "final", pgettext_lazy("match status", "Final")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveIntegerField(null=True, blank=True)  # None: a bye
    team_a = models.ForeignKey(Team, on_delete=models.RESTRICT, related_name="+")
    team_b = models.ForeignKey(Team, on_delete=models.RESTRICT, related_name="+", null=True)
    games_a = models.PositiveSmallIntegerField(default=0)
    games_b = models.PositiveSmallIntegerField(default=0)
    games_drawn = models.PositiveSmallIntegerField(default=0)
    result = models.CharField(max_length=4, choices=Result.choices, null=True, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    note = models.CharField(max_length=300, blank=True, default="")  # old rows: notes in words
    notes = models.JSONField(default=list, blank=True)  # PairingNote data: pair-down, rematch
    bracket_slot = models.PositiveSmallIntegerField(null=True, blank=True)  # top cut only
    # The side whose team chooses to play or draw (MTR 9.3, 2.2; pairing.domain.play_draw);
    # None for a bye and for matches paired before it was recorded.
    chooses_play_draw = models.CharField(
        max_length=1, choices=[("a", "Team A"), ("b", "Team B")], null=True, blank=True
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round_id", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "table"],
                condition=Q(table__isnull=False),
                name="match_table_unique_in_round",
            ),
            models.UniqueConstraint(
                fields=["round", "bracket_slot"],
                condition=Q(bracket_slot__isnull=False),
                name="match_bracket_slot_unique_in_round",
            ),
            models.CheckConstraint(condition=~Q(team_a=F("team_b")), name="match_two_teams"),
            # Within the bounds of every match format, and not won by both teams (MTR 9.1: a
            # 2HG match ends at its first won game); the event's own format is the service's.
            models.CheckConstraint(condition=_games_in_bounds(), name="match_games_range"),
            # The games and result are the decided result: set exactly when the match is final.
            models.CheckConstraint(
                condition=Q(result__isnull=True) & ~Q(status="final")
                | Q(result__isnull=False, status="final"),
                name="match_result_iff_final",
            ),
            # A bye has no table and is a final win.
            models.CheckConstraint(
                condition=Q(team_b__isnull=False, table__isnull=False)
                | Q(team_b__isnull=True, table__isnull=True, result="a", status="final"),
                name="match_bye_shape",
            ),
        ]

    def __str__(self) -> str:
        return f"Table {self.table} of round {self.round_id}"

    @property
    def is_bye(self) -> bool:
        return self.team_b_id is None

    @property
    def score(self) -> str:
        return f"{self.games_a}-{self.games_b}-{self.games_drawn}"

    @property
    def chooses_play_draw_team_id(self) -> int | None:
        """The id of the team that chooses to play or draw (None: a bye, or not recorded)."""
        if self.chooses_play_draw == "a":
            return self.team_a_id
        if self.chooses_play_draw == "b":
            return self.team_b_id
        return None


class MatchTeam(models.Model):
    """A team's entry in a round: one per team and round (the database enforces it)."""

    class Side(models.TextChoices):
        A = "a", "A"
        B = "b", "B"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="entries")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="entries")
    team = models.ForeignKey(Team, on_delete=models.RESTRICT, related_name="entries")
    side = models.CharField(max_length=1, choices=Side.choices)
    seats = models.JSONField(default=list)  # player ids in seat order at pairing (MTR 9.4)
    seed = models.PositiveSmallIntegerField(null=True, blank=True)  # top cut only (MTR 10.4)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="entry_team_once_per_round"),
            models.UniqueConstraint(fields=["match", "side"], name="entry_one_team_per_side"),
        ]

    def __str__(self) -> str:
        return f"{self.team_id} in match {self.match_id}"


class ResultReport(models.Model):
    """What one team says the result of its match was (docs/api.md: both teams report)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    games_a = models.PositiveSmallIntegerField()
    games_b = models.PositiveSmallIntegerField()
    games_drawn = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["match_id", "created_at"]
        constraints = [
            models.UniqueConstraint(fields=["match", "team"], name="report_once_per_team"),
        ]

    def __str__(self) -> str:
        return f"{self.team_id}: {self.score}"

    @property
    def score(self) -> str:
        return f"{self.games_a}-{self.games_b}-{self.games_drawn}"


class PairingChange(models.Model):
    """The log of what staff did to the pairings, with the warnings each change raised."""

    class Kind(models.TextChoices):
        PAIR = "pair", gettext_lazy("Paired")
        UNPAIR = "unpair", gettext_lazy("Unpaired")
        SWAP = "swap", gettext_lazy("Swapped teams")
        TABLE = "table", gettext_lazy("Moved a match")
        PUBLISH = "publish", gettext_lazy("Published")
        RESULT = "result", gettext_lazy("Result by staff")
        PLAY_DRAW = "playdraw", gettext_lazy("Play/draw chooser set")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pairing_changes")
    round_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    description = models.CharField(max_length=500)
    warnings = models.JSONField(default=list, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"Round {self.round_number}: {self.description}"
