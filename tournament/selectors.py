"""Reads of the tournament app that are more than a queryset."""

from collections.abc import Iterable
from typing import Any, cast

from django.db.models import Count, F, IntegerField, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce, TruncDate
from django.http import HttpRequest
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.domain.names import search_key
from tournament.domain.sanctioning import sanctioning
from tournament.hooks import (
    EVENT_FACTS,
    EVENT_PAGE,
    EVENT_PLAN,
    NEXT_STEP,
    TEAM_PAGE,
    EventPlan,
    NextStep,
    TeamBlock,
    event_settings,
    event_settings_related,
)
from tournament.models import Event, PlayerChange, Signup, Team
from tournament.presenters import SanctioningText, sanctioning_text

__all__ = [
    "EventPlan",
    "NextStep",
    "event_facts_blocks",
    "event_page_blocks",
    "event_plan",
    "events_home",
    "events_listed",
    "event_setting",
    "event_settings_read",
    "event_settings_shown",
    "next_step",
    "player_changes",
    "playing_teams",
    "remember_cookie",
    "remembered_signup",
    "remembered_team",
    "signup_cookie",
    "team_page_blocks",
]

REMEMBER_DAYS = 30  # how long a phone keeps a team one tap away ("remember me")


def remember_cookie(event_id: int) -> str:
    """The cookie holding the key of the team a phone remembers, one per event."""
    return f"tandem_team_{event_id}"


def remembered_team(cookies: dict[str, str], event: Event) -> Team | None:
    """The team this phone remembers for the event (set on the team's private page), if its
    key still opens a team of this event (a new key issued by staff forgets it)."""
    key = cookies.get(remember_cookie(event.pk), "")
    if not key or "\x00" in key or len(key) > 40:
        return None
    return Team.objects.filter(event=event, access_key=key).first()


def signup_cookie(event_id: int) -> str:
    """The cookie holding the key of the sign-up a phone started or joined, one per event."""
    return f"tandem_signup_{event_id}"


def remembered_signup(cookies: dict[str, str], event: Event) -> Signup | None:
    """The sign-up this phone opened for the event (its page sets the cookie), so the event's
    page links back to it once its tab is closed."""
    key = cookies.get(signup_cookie(event.pk), "")
    if not key or "\x00" in key or len(key) > 64:
        return None
    return Signup.objects.filter(event=event, key=key).first()


def events_listed(events: QuerySet[Event]) -> QuerySet[Event]:
    """Events as lists show them: the organizer, the apps' settings and the team count read with
    the rows."""
    return events.select_related("organizer", "capacity", *event_settings_related()).annotate(
        team_count=Count("teams", distinct=True)
    )


def events_home(events: QuerySet[Event]) -> QuerySet[Event]:
    """The home page's list: each event with its teams still playing, counted by a subquery (a
    count over a join would multiply by the staff rows the visibility filter joins), newest date
    first; an event without a date sorts by the day it was created."""
    active = (
        Team.objects.filter(event=OuterRef("pk"), dropped=False)
        .order_by()
        .values("event")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return events.annotate(
        team_count=Coalesce(Subquery(active, output_field=IntegerField()), 0),
        day=Coalesce(F("date"), TruncDate("created_at")),
    ).order_by("-day", "-id")


def next_step(event: Event) -> NextStep:
    """What the organizer should do next, shown at the top of the event dashboard."""
    teams = event.teams.filter(dropped=False).count()
    teams_url = reverse("event-teams", args=[event.pk])
    if teams == 0 and event.status == Event.Status.REGISTRATION:
        return NextStep(
            _("Register teams"),
            _("Add the teams one by one or import a CSV file."),
            teams_url,
            _("Register teams"),
        )
    if teams < 4 and event.status == Event.Status.REGISTRATION:  # once paired, rounds lead
        so_far = ngettext(
            "%(count)s team so far; a sanctioned event needs at least 4 (MTR 10.1).",
            "%(count)s teams so far; a sanctioned event needs at least 4 (MTR 10.1).",
            teams,
        )
        return NextStep(
            _("Register more teams"), so_far % {"count": teams}, teams_url, _("Register teams")
        )
    step = NEXT_STEP(event)
    if step is not None:
        return step
    ready = _(
        "%(count)s teams registered. Hand each team its private link: print the team slips "
        "(link, QR code and the code that finds the link again) or download the links as CSV."
    )
    slips_url = reverse("team-slips", args=[event.pk])
    return NextStep(_("Ready"), ready % {"count": teams}, slips_url, _("Print the team slips"))


def event_plan(event: Event) -> tuple[EventPlan | None, SanctioningText]:
    """The structure that will be paired (answered by the pairing app) and whether the event
    can be sanctioned (tournament.domain.sanctioning), in the reader's language."""
    plan = EVENT_PLAN(event)
    teams = plan.teams if plan else playing_teams(event).count()
    rounds = plan.rounds if plan else cast(int | None, event_setting(event, "swiss_rounds")) or 0
    check = sanctioning(
        structure=event.structure,
        format=event.format,
        team_size=event.team_size,
        round_minutes=cast(int, event_setting(event, "round_minutes")),
        teams=teams,
        rounds=rounds,
    )
    return plan, sanctioning_text(check)


def player_changes(team: Team, limit: int = 30) -> list[PlayerChange]:
    """The latest changes of the team's players' names and Wizards Account IDs."""
    return list(
        PlayerChange.objects.filter(player__team=team).select_related("player", "by")[:limit]
    )


def _blocks(answers: Iterable[TeamBlock | None]) -> dict[str, Any]:
    """The blocks' templates under ``blocks``, what they read, and under ``lasts`` how long the
    shortest-lived of them stays true (None: until something changes; TeamBlock.lasts)."""
    blocks = [block for block in answers if block is not None]
    context: dict[str, Any] = {}
    for block in blocks:
        context.update(block.context)
    context["blocks"] = [block.template for block in blocks]
    timed = [block.lasts for block in blocks if block.lasts is not None]
    context["lasts"] = min(timed) if timed else None
    return context


def team_page_blocks(request: HttpRequest, team: Team) -> dict[str, Any]:
    """What the apps above show on a team's private page (tournament.hooks.TEAM_PAGE): the
    templates under ``blocks`` and what they read. The one read of the page's changing part,
    so a cache can wrap it (renewed on the team's live changes)."""
    return _blocks(TEAM_PAGE(request, team))


def event_page_blocks(request: HttpRequest, event: Event) -> dict[str, Any]:
    """What the apps above show players on the event's public page (tournament.hooks.EVENT_PAGE)."""
    return _blocks(EVENT_PAGE(request, event))


def event_facts_blocks(request: HttpRequest, event: Event) -> dict[str, Any]:
    """What the apps above show below the event's facts (tournament.hooks.EVENT_FACTS)."""
    return _blocks(EVENT_FACTS(request, event))


def find_teams(event: Event, query: str) -> QuerySet[Team]:
    """Teams whose name or one of whose players' names contains ``query`` with case and
    accents ignored (tournament.domain.names.search_key, the same folding on every database):
    the event page's "find your table", the team list, the judges' player search."""
    key = search_key(query)
    match = Q(search_key__contains=key) | Q(players__search_key__contains=key)
    return Team.objects.filter(event=event).filter(match).distinct().order_by("name", "pk")


# A team's code: printed on its slip beside its private link, so a team that lost the link finds
# it again from the event's page with its name and this code (never the name alone). It is
# derived from the key with the site's secret, so a new link (a new key) makes a new code.
CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O, 1/I: read aloud, typed on a phone
CODE_LENGTH = 8  # 40 bits; the misses of an address are throttled with the team keys'


def team_code(team: Team) -> str:
    """The team's code (``CODE_LENGTH`` letters and digits of CODE_ALPHABET)."""
    digest = salted_hmac("tandem.team-code", team.access_key).digest()
    return "".join(CODE_ALPHABET[b % len(CODE_ALPHABET)] for b in digest[:CODE_LENGTH])


def clean_code(raw: str) -> str:
    """A code as typed: spaces and dashes dropped, in capitals."""
    return "".join(raw.split()).replace("-", "").upper()


def team_by_code(event: Event, name: str, code: str) -> Team | None:
    """The team of the event with this name (case and accents ignored) whose code this is."""
    typed = clean_code(code)
    if len(typed) != CODE_LENGTH:
        return None
    for team in Team.objects.filter(event=event, search_key=search_key(name)):
        if constant_time_compare(team_code(team), typed):
            return team
    return None


def playing_teams(event: Event) -> QuerySet[Team]:
    """The teams that take part: not dropped and not on the capped event's waiting list (a team
    promoted from it is in). What the dashboard, check-in and the structure count."""
    return Team.objects.filter(
        Q(waiting_entry__isnull=True) | Q(waiting_entry__promoted_at__isnull=False),
        event=event,
        dropped=False,
    )


def event_setting(event: Event, name: str) -> object:
    """One of the apps' own settings of the event (tournament.hooks.EVENT_SETTINGS) by the name
    the event's form gives it (``round_minutes``: judging.selectors.settings.of's), as the app
    reads it."""
    for entry in event_settings():
        if name in entry.names:
            return entry.read(event)[name]
    raise KeyError(name)


def event_settings_read(event: Event) -> dict[str, object]:
    """The apps' own settings of the event (tournament.hooks.EVENT_SETTINGS) by name, as the
    apps read them."""
    values: dict[str, object] = {}
    for entry in event_settings():
        values.update(entry.read(event))
    return values


def event_settings_shown(event: Event) -> dict[str, object]:
    """The apps' own settings of the event (tournament.hooks.EVENT_SETTINGS) as the event's page
    states them: a choice in its words, by the setting's name."""
    shown: dict[str, object] = {}
    for entry in event_settings():
        if entry.shown is not None:
            shown.update(entry.shown(event))
            continue
        values = entry.read(event)
        for name, field in entry.form_fields().items():
            words = dict(getattr(field, "choices", ()))
            shown[name] = words.get(values.get(name), values.get(name))
    return shown
