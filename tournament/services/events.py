"""Events and their staff: the write side (an event's settings, its life from registration to
finished, its staff, the draft pods).

Every function here runs in one transaction. Teams and players are written in
tournament.services.teams, a CSV of teams in tournament.services.team_import.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from zoneinfo import available_timezones

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext, gettext_lazy

from core import events
from core.errors import Conflict, ServiceError
from core.i18n import exception_text
from tournament.domain.formats import CONSTRUCTED_FORMATS
from tournament.domain.names import NameError_, clean_name
from tournament.domain.pods import DEFAULT_POD_SIZE, seat_pods
from tournament.hooks import EventSettings, event_settings
from tournament.models import Event, StaffRole, Team

EVENT_FIELDS = (
    "name", "date", "structure", "format", "rel", "team_size", "public", "time_zone",
)  # fmt: skip
# The structure is announced by round 1 and then fixed (MTR 10.2): each locked setting, named as a
# refusal names it.
LOCKED_WORDS = {
    "structure": gettext_lazy("the structure"),
    "format": gettext_lazy("the format"),
    "team_size": gettext_lazy("the team size"),
}
# The settings fixed once round 1 is paired (MTR 10.2), in the order a refusal names them (the
# apps' own settings, tournament.hooks.EVENT_SETTINGS, after these).
LOCKED_AFTER_START = tuple(LOCKED_WORDS)


def _locked_words() -> dict[str, object]:
    words: dict[str, object] = dict(LOCKED_WORDS)
    for entry in event_settings():
        words.update(entry.locked)
    return words


# The apps' own settings a call gives (tournament.hooks.EVENT_SETTINGS): each entry with its
# values as they stand and the values the call sets.
Given = list[tuple[EventSettings, Mapping[str, object], dict[str, object]]]


def _given_settings(event: Event | None, values: Mapping[str, object]) -> Given:
    """Each app's settings that ``values`` set, beside the event's (a new event: the defaults,
    and each app's settings derived for a new event even when none is given)."""
    out: Given = []
    for entry in event_settings():
        if event is not None and not any(k in values for k in entry.names):
            continue
        now = entry.read(event if event is not None else Event())
        out.append((entry, now, entry.given(values, now if event is not None else None)))
    return out


def _settings_problems(
    event: Event | None, event_values: Mapping[str, object], given: Given
) -> dict[str, list[str]]:
    """The apps' checks of their settings, and of the event's own they depend on (a change of
    REL against the draft pods lifted): every app with a check, each with what the call sets."""
    setting = {entry.model: values for entry, _, values in given}
    errors: dict[str, list[str]] = {}
    for entry in event_settings():
        if entry.check is not None:
            errors.update(entry.check(event, event_values, setting.get(entry.model, {})))
    return errors


def _write_settings(event: Event, given: Given) -> None:
    """The apps' own settings the call sets: each app writes those that change."""
    for entry, now, values in given:
        changed = {k: v for k, v in values.items() if v != now.get(k)}
        if changed:
            entry.write(event, changed)


# --- events -------------------------------------------------------------------------------


def _check_event(
    values: Mapping[str, object], settings_errors: Mapping[str, list[str]]
) -> dict[str, object]:
    """Normalise and check an event's own settings; every field's problem, then the apps' with
    theirs (``settings_errors``), raised together as one ServiceError."""
    errors: dict[str, list[str]] = {}
    out = dict(values)
    try:
        out["name"] = clean_name(values.get("name"), label=gettext("Event name"), max_length=120)
    except NameError_ as exc:
        errors["name"] = [exception_text(exc)]
    fmt = str(values.get("format") or "").strip().lower()
    out["format"] = fmt
    if values.get("structure") == Event.Structure.CONSTRUCTED:
        if not fmt:
            errors["format"] = [gettext("A constructed event needs a format.")]
        elif fmt not in CONSTRUCTED_FORMATS:
            known = ", ".join(sorted(CONSTRUCTED_FORMATS))
            errors["format"] = [
                gettext("Unknown format %(format)s. Known formats: %(known)s.")
                % {"format": repr(fmt), "known": known}
            ]
    elif values.get("structure") in (Event.Structure.SEALED, Event.Structure.DRAFT):
        out["format"] = ""
    team_size = values.get("team_size", 2)
    if not isinstance(team_size, int) or not 2 <= team_size <= 4:
        errors["team_size"] = [gettext("Team size must be 2 (Two-Headed Giant), 3 or 4.")]
    zone = values.get("time_zone", "")
    if zone and (not isinstance(zone, str) or zone not in available_timezones()):
        errors["time_zone"] = [
            gettext("Unknown time zone %(zone)s: a name such as Europe/Madrid or America/Chicago.")
            % {"zone": repr(zone)[:80]}
        ]
    errors.update(settings_errors)
    if errors:
        raise ServiceError(errors=errors)
    return out


@transaction.atomic
def event_create(*, organizer: User, **values: object) -> Event:
    changes = {k: v for k, v in values.items() if k in EVENT_FIELDS}
    given = _given_settings(None, values)
    clean = _check_event(changes, _settings_problems(None, changes, given))
    event = Event(organizer=organizer, **clean)
    event.save()
    _write_settings(event, given)
    return event


# The event's life: registration until round 1 is paired (back when round 1 is unpaired),
# running until the last result of the last round is final.
STATUS_MOVES = {
    (Event.Status.REGISTRATION, Event.Status.RUNNING),
    (Event.Status.RUNNING, Event.Status.REGISTRATION),
    (Event.Status.RUNNING, Event.Status.FINISHED),
}


@transaction.atomic
def event_set_status(*, event: Event, status: str) -> Event:
    """Move the event to ``status`` (the pairing services call it as rounds are paired, unpaired
    and finished); a move the event's life does not have is a bug, not a user error."""
    current = Event.objects.filter(pk=event.pk).values_list("status", flat=True).get()
    if current == status:
        event.status = status
        return event
    if (current, status) not in STATUS_MOVES:
        raise ValueError(f"event {event.pk}: no move from {current} to {status}")
    Event.objects.filter(pk=event.pk).update(status=status)
    event.status = status
    return event


@transaction.atomic
def event_update(*, event: Event, **values: object) -> Event:
    event = Event.objects.select_for_update().get(pk=event.pk)
    changes = {k: v for k, v in values.items() if k in EVENT_FIELDS}
    given = _given_settings(event, values)  # the apps' settings the call sets, as they stand
    if event.status != Event.Status.REGISTRATION:
        now = {k: getattr(event, k) for k in LOCKED_AFTER_START}
        setting = dict(changes)
        for _, own_now, own_given in given:
            now.update(own_now)
            setting.update(own_given)
        all_words = _locked_words()
        locked = [k for k in all_words if k in setting and k in now and setting[k] != now[k]]
        if locked:
            words = gettext(" and ").join(str(all_words[k]) for k in locked)
            raise Conflict(
                gettext(
                    "%(settings)s cannot change once round 1 is paired (the structure is fixed "
                    "once announced, MTR 10.2)."
                )
                % {"settings": words[:1].upper() + words[1:]},
                code="event_started",
                errors={
                    k: [
                        gettext("%(setting)s cannot change once round 1 is paired.")
                        % {"setting": str(all_words[k]).capitalize()}
                    ]
                    for k in locked
                },
            )
    if "team_size" in changes and changes["team_size"] != event.team_size:
        if event.teams.exists():
            raise Conflict(
                gettext("Team size cannot change once teams are registered."),
                code="teams_registered",
            )
    merged = {**{k: getattr(event, k) for k in EVENT_FIELDS}, **changes}
    clean = _check_event(merged, _settings_problems(event, merged, given))
    for key in changes:
        setattr(event, key, clean[key])
    event.save(update_fields=list(changes) or None)
    _write_settings(event, given)
    events.event_changed.fire(events.EventChanged(event.pk))  # name, visibility: cached pages
    return event


# --- staff --------------------------------------------------------------------------------


@transaction.atomic
def staff_set(*, event: Event, username: str, role: str) -> StaffRole:
    if role not in StaffRole.Role.values:
        raise ServiceError(
            gettext("Role must be scorekeeper, judge or head_judge."),
            field="role",
            code="invalid_role",
        )
    user = get_user_model().objects.filter(username=str(username).strip()).first()
    if user is None:
        raise ServiceError(
            gettext("No user named %(username)s.") % {"username": repr(username)},
            field="username",
            code="unknown_user",
        )
    if user.pk == event.organizer_id:
        raise ServiceError(
            gettext("The organizer already has every right in the event."), field="username"
        )
    staff, _ = StaffRole.objects.update_or_create(event=event, user=user, defaults={"role": role})
    return staff


@transaction.atomic
def staff_remove(*, event: Event, user_id: int) -> None:
    # user__pk, not user_id: the primary key's lookup finds nothing for an id past the
    # database's integer range (from the URL), where the foreign key's overflows on SQLite.
    deleted, _ = StaffRole.objects.filter(event=event, user__pk=user_id).delete()
    if not deleted:
        raise ServiceError(gettext("That user is not staff of this event."), code="not_staff")


# --- draft pods ---------------------------------------------------------------------------


@transaction.atomic
def event_seat_pods(
    *, event: Event, size: object = DEFAULT_POD_SIZE, seed: int | None = None
) -> dict[int, int]:
    """Seat the active teams of a booster-draft event in pods at random (MTR 9.7), before round
    1; seating again replaces the pods. Returns team id -> pod."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.structure != Event.Structure.DRAFT:
        raise ServiceError(gettext("Only a booster-draft event drafts in pods."), code="not_draft")
    if event.status != Event.Status.REGISTRATION:
        raise Conflict(gettext("Pods are seated before round 1 is paired."), code="event_started")
    if isinstance(size, bool) or not isinstance(size, int) or not 2 <= size <= 8:
        raise ServiceError(gettext("A pod holds 2 to 8 teams."), field="size")
    rng = random.Random(secrets.randbits(62) if seed is None else seed)
    teams = list(Team.objects.filter(event=event, dropped=False).values_list("pk", flat=True))
    pods = seat_pods(teams, rng, size)
    Team.objects.filter(event=event).update(pod=None)
    for pod in set(pods.values()):
        Team.objects.filter(pk__in=[t for t, p in pods.items() if p == pod]).update(pod=pod)
    events.team_changed.fire(events.TeamChanged(event_id=event.pk, team_id=None))
    return pods


__all__ = [
    "EVENT_FIELDS", "LOCKED_AFTER_START", "LOCKED_WORDS", "STATUS_MOVES", "event_create",
    "event_seat_pods", "event_set_status", "event_update", "staff_remove", "staff_set",
]  # fmt: skip
