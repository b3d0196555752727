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
from tournament.hooks import event_settings
from tournament.models import Event, StaffRole, Team

EVENT_FIELDS = (
    "name", "date", "structure", "format", "rel", "team_size", "swiss_rounds",
    "top_cut", "public", "tiebreak_order", "top_cut_automatic",
    "tiebreak_oomw", "time_zone", "pods_lifted",
)  # fmt: skip
# The structure is announced by round 1 and then fixed (MTR 10.2): each locked setting, named as a
# refusal names it.
LOCKED_WORDS = {
    "structure": gettext_lazy("the structure"),
    "format": gettext_lazy("the format"),
    "team_size": gettext_lazy("the team size"),
    "swiss_rounds": gettext_lazy("the number of Swiss rounds"),
    "top_cut": gettext_lazy("the top cut"),
    "top_cut_automatic": gettext_lazy("the automatic top cut"),
    "pods_lifted": gettext_lazy("whether the draft pods bind"),
}
# The settings fixed once round 1 is paired (MTR 10.2), in the order a refusal names them (the
# apps' own settings, tournament.hooks.EVENT_SETTINGS, after these).
LOCKED_AFTER_START = tuple(LOCKED_WORDS)


def _locked_words() -> dict[str, object]:
    words: dict[str, object] = dict(LOCKED_WORDS)
    for entry in event_settings():
        words.update(entry.locked)
    return words


def _write_settings(event: Event, values: Mapping[str, object], current: dict) -> None:
    """The apps' own settings among ``values``: each app writes those that change."""
    for entry in event_settings():
        names = entry.names
        if not any(k in values for k in names):
            continue
        now = current.get(entry.model)
        if now is None:
            now = entry.read(event)
        changed = {k: values[k] for k in names if k in values and values[k] != now.get(k)}
        if changed:
            entry.write(event, changed)


# --- events -------------------------------------------------------------------------------


def _check_event(values: Mapping[str, object]) -> dict[str, object]:
    """Normalise and check an event's settings; raise ServiceError with every field's problem."""
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
    rounds = values.get("swiss_rounds")
    if rounds is not None and (not isinstance(rounds, int) or not 0 <= rounds <= 30):
        errors["swiss_rounds"] = [
            gettext("Swiss rounds must be between 0 and 30, or empty for automatic.")
        ]
    if values.get("top_cut", 0) not in Event.TOP_CUTS:
        errors["top_cut"] = [gettext("Top cut must be 0, 2, 4 or 8 teams.")]
    zone = values.get("time_zone", "")
    if zone and (not isinstance(zone, str) or zone not in available_timezones()):
        errors["time_zone"] = [
            gettext("Unknown time zone %(zone)s: a name such as Europe/Madrid or America/Chicago.")
            % {"zone": repr(zone)[:80]}
        ]
    for flag in ("top_cut_automatic", "tiebreak_oomw", "pods_lifted"):
        if not isinstance(values.get(flag, False), bool):
            errors[flag] = [gettext("Must be true or false.")]
    if values.get("pods_lifted") is True and values.get("rel", Event.Rel.REGULAR) != "regular":
        errors["pods_lifted"] = [
            gettext("Only at Regular REL may the organizer lift the draft pods (MTR 7.6).")
        ]
    if errors:
        raise ServiceError(errors=errors)
    return out


def _derive_automatic_cut(changes: dict[str, object], current: Mapping[str, object]) -> None:
    """A change that sets ``swiss_rounds`` or ``top_cut`` without ``top_cut_automatic`` keeps the
    meaning those two fields had on their own: the top cut is automatic (MTR App. E) exactly when
    the Swiss rounds are automatic (None) and the top cut is 0."""
    if "top_cut_automatic" in changes:
        return
    if "swiss_rounds" not in changes and "top_cut" not in changes:
        return
    rounds = changes.get("swiss_rounds", current.get("swiss_rounds"))
    cut = changes.get("top_cut", current.get("top_cut", 0))
    changes["top_cut_automatic"] = rounds is None and cut == 0


@transaction.atomic
def event_create(*, organizer: User, **values: object) -> Event:
    changes = {k: v for k, v in values.items() if k in EVENT_FIELDS}
    if "top_cut_automatic" not in changes:
        changes.setdefault("swiss_rounds", None)
    _derive_automatic_cut(changes, {})
    clean = _check_event(changes)
    event = Event(organizer=organizer, **clean)
    event.save()
    _write_settings(event, values, {})
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
    _derive_automatic_cut(changes, {k: getattr(event, k) for k in EVENT_FIELDS})
    own_settings = {  # the apps' settings the call gives, as they stand
        entry.model: entry.read(event)
        for entry in event_settings()
        if any(k in values for k in entry.names)
    }
    if event.status != Event.Status.REGISTRATION:
        now = {k: getattr(event, k) for k in LOCKED_AFTER_START}
        for own in own_settings.values():
            now.update(own)
        given = {**{k: v for k, v in values.items() if k not in EVENT_FIELDS}, **changes}
        all_words = _locked_words()
        locked = [k for k in all_words if k in given and k in now and given[k] != now[k]]
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
    current = {k: getattr(event, k) for k in EVENT_FIELDS}
    clean = _check_event({**current, **changes})
    for key in changes:
        setattr(event, key, clean[key])
    event.save(update_fields=list(changes) or None)
    _write_settings(event, values, own_settings)
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
