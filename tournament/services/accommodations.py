"""Accommodations: a team asks on its sign-up for a fixed seat or a step-free table; staff grant
it as the team's fixed table (tournament.services.teams.team_set_fixed_table: one team per
table), and the printouts mark fixed tables. docs/rules.md "Sign-ups, solo players, check-in".
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.errors import Conflict, ServiceError
from tournament.models import Accommodation, Event, Signup, Team
from tournament.services.teams import team_set_fixed_table

MAX_NOTE = 200


@transaction.atomic
def ask_on_signup(*, signup: Signup, kind: object, note: object = "") -> Accommodation | None:
    """The team's players ask (or, with an empty kind, withdraw the request) while the sign-up
    is theirs."""
    signup = Signup.objects.select_for_update().get(pk=signup.pk)
    if not signup.is_open:
        raise Conflict(gettext("The organizer has decided on this signup: ask at the desk."))
    if kind in (None, ""):
        Accommodation.objects.filter(signup=signup).delete()
        return None
    if kind not in Accommodation.Kind.values:
        raise ServiceError(gettext("Choose what your team needs."), field="kind")
    text = " ".join(str(note or "").split())
    if len(text) > MAX_NOTE:
        raise ServiceError(gettext("At most %(max)s characters.") % {"max": MAX_NOTE}, field="note")
    row, _ = Accommodation.objects.update_or_create(
        signup=signup, defaults={"event_id": signup.event_id, "kind": kind, "note": text}
    )
    return row


def requests(event: Event) -> list[Accommodation]:
    return list(
        Accommodation.objects.filter(event=event)
        .select_related("signup__team", "team")
        .order_by("asked_at", "id")
    )


def team_of(row: Accommodation) -> Team | None:
    return row.team or (row.signup.team if row.signup is not None else None)


@transaction.atomic
def grant(*, accommodation: Accommodation, table: object) -> Accommodation:
    """Staff grant the request: the team keeps that table every round (its fixed table)."""
    row = (
        Accommodation.objects.select_for_update(of=("self",))
        .select_related("signup__team", "team")
        .get(pk=accommodation.pk)
    )
    team = team_of(row)
    if team is None:
        raise Conflict(
            gettext("Approve the team first: the table is granted to a registered team."),
            code="not_registered",
        )
    try:
        number = int(str(table))
    except ValueError as exc:
        raise ServiceError(gettext("Give a table number."), field="fixed_table") from exc
    team_set_fixed_table(team=team, table=number)
    row.team, row.granted_table, row.granted_at = team, number, timezone.now()
    row.save(update_fields=["team", "granted_table", "granted_at"])
    return row
