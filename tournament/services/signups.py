"""Teams signing themselves up, and the organizer's decisions (tournament.models.signups).

Every function runs in one transaction and takes the Event row lock first, as team
registration does, so a signup, a join and an approval of the same event run one after the
other. Bad input raises ServiceError with a message per field and saves nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from core import events
from core.errors import Conflict, ServiceError
from core.i18n import exception_text
from tournament.domain.names import NameError_, clean_name, clean_wizards_id, name_key
from tournament.domain.signups import clean_join_code, reserved_name, seats_with_primary
from tournament.models import Event, SelfRegistration, Signup, Team
from tournament.services.teams import PlayerIn, _player_clashes, team_register

MAX_REASON = 300


def is_open(event: Event) -> bool:
    """Whether teams may sign up now: opened by the organizer and round 1 not yet paired."""
    if event.status != Event.Status.REGISTRATION:
        return False
    return SelfRegistration.objects.filter(event=event, open=True).exists()


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def _require_open(event: Event) -> None:
    if not is_open(event):
        raise Conflict(
            gettext("Self-registration is closed for this event."), code="signups_closed"
        )


@transaction.atomic
def signups_set_open(*, event: Event, open: bool) -> SelfRegistration:
    """The organizer opens or closes self-registration (it cannot open once round 1 is paired)."""
    event = _locked(event)
    if open and event.status != Event.Status.REGISTRATION:
        raise Conflict(
            gettext("Registration is over: round 1 has been paired."), code="registration_closed"
        )
    row, _ = SelfRegistration.objects.get_or_create(event=event)
    row.open = bool(open)
    row.save(update_fields=["open", "changed_at"])
    events.event_changed.fire(events.EventChanged(event.pk))  # the event page's "Sign up"
    return row


def _clean_team_name(event: Event, raw: object, *, exclude: int | None = None) -> str:
    try:
        name = clean_name(raw, label=gettext("Team name"))
    except NameError_ as exc:
        raise ServiceError(exception_text(exc), field="name") from exc
    if reserved_name(name):
        raise ServiceError(
            gettext("%(name)s would read as a bye on the pairings: choose another team name.")
            % {"name": repr(name)},
            field="name",
            code="reserved_name",
        )
    key = name_key(name)
    taken = Team.objects.filter(event=event, name_key=key).exists()
    others = Signup.objects.filter(event=event, name_key=key).exclude(
        status__in=(Signup.Status.REFUSED, Signup.Status.APPROVED)
    )
    if exclude is not None:
        others = others.exclude(pk=exclude)
    if taken or others.exists():
        raise ServiceError(
            gettext("A team named %(name)s is already signed up.") % {"name": repr(name)},
            field="name",
        )
    return name


def _clean_player(event: Event, signup: Signup | None, raw_name: object, raw_id: object) -> dict:
    try:
        player = PlayerIn(
            clean_name(raw_name, label=gettext("Your name")), clean_wizards_id(raw_id)
        )
    except NameError_ as exc:
        field = "wizards_id" if "Wizards" in str(exc) else "player"
        raise ServiceError(exception_text(exc), field=field) from exc
    clashes = _player_clashes(event, [player])
    if clashes:
        raise ServiceError(errors={"player": clashes}, code="already_registered")
    key = name_key(player.name)
    open_signups = Signup.objects.filter(
        event=event, status__in=(Signup.Status.FORMING, Signup.Status.PENDING)
    )
    for other in open_signups:
        for p in other.players:
            same = (
                p.get("wizards_id") == player.wizards_id
                if player.wizards_id and p.get("wizards_id")
                else name_key(p["name"]) == key
            )
            if same:
                where = (
                    gettext("this team")
                    if signup is not None and other.pk == signup.pk
                    else other.name
                )
                raise ServiceError(
                    gettext("%(player)s has already signed up with %(where)s.")
                    % {"player": player.name, "where": where},
                    field="player",
                )
    return {"name": player.name, "wizards_id": player.wizards_id}


@transaction.atomic
def signup_start(
    *, event: Event, name: object, player: object, wizards_id: object = None
) -> Signup:
    """A player starts the team's signup: the team's name and their own name; they sit in the
    primary seat until the team chooses otherwise."""
    event = _locked(event)
    _require_open(event)
    errors: dict[str, list[str]] = {}
    team_name = ""
    first: dict = {}
    for step in ("name", "player"):
        try:
            if step == "name":
                team_name = _clean_team_name(event, name)
            else:
                first = _clean_player(event, None, player, wizards_id)
        except ServiceError as exc:
            for field, msgs in (exc.errors or {step: [exc.message]}).items():
                errors.setdefault(field, []).extend(msgs)
    if errors:
        raise ServiceError(errors=errors)
    for _ in range(5):  # a join code clash is unlikely (32^8); try another
        try:
            with transaction.atomic():
                return Signup.objects.create(
                    event=event, name=team_name, name_key=name_key(team_name), players=[first]
                )
        except IntegrityError:
            continue
    raise Conflict(gettext("Could not make a join code; try again."))


def signup_by_code(code: object) -> Signup | None:
    """The signup a teammate joins with this code (only while it waits for teammates)."""
    code = clean_join_code(code)
    if not code:
        return None
    return (
        Signup.objects.select_related("event")
        .filter(join_code=code, status=Signup.Status.FORMING)
        .first()
    )


@transaction.atomic
def signup_join(*, code: object, player: object, wizards_id: object = None) -> Signup:
    """A teammate joins with the code; the signup is complete (pending) when the team is full."""
    found = signup_by_code(code)
    if found is None:
        raise ServiceError(
            gettext("No team is waiting for a player with that code. Check it with your teammate."),
            field="code",
        )
    event = _locked(found.event)
    _require_open(event)
    signup = Signup.objects.select_for_update().get(pk=found.pk)
    if signup.status != Signup.Status.FORMING:
        raise Conflict(gettext("This team is already complete."), code="team_full")
    signup.players = [*signup.players, _clean_player(event, signup, player, wizards_id)]
    if len(signup.players) >= event.team_size:
        signup.status = Signup.Status.PENDING
    signup.save(update_fields=["players", "status"])
    return signup


@transaction.atomic
def signup_set_primary(*, signup: Signup, primary: object) -> Signup:
    """The team chooses its primary player (MTR 9.4) while its signup is not decided."""
    signup = Signup.objects.select_for_update().get(pk=signup.pk)
    if not signup.is_open:
        raise Conflict(gettext("The organizer has decided on this signup: seats are set."))
    try:
        order = seats_with_primary(len(signup.players), int(primary))  # type: ignore[call-overload]  # any value from the request: int() refusing it is caught below
    except (TypeError, ValueError) as exc:
        raise ServiceError(gettext("Choose one of the team's players."), field="primary") from exc
    signup.players = [signup.players[i] for i in order]
    signup.save(update_fields=["players"])
    return signup


@transaction.atomic
def signup_rename(*, signup: Signup, name: object) -> Signup:
    """The organizer edits the team's name before deciding (a typo, a name that would offend)."""
    event = _locked(signup.event)
    signup = Signup.objects.select_for_update().get(pk=signup.pk)
    if not signup.is_open:
        raise Conflict(gettext("This signup has been decided."))
    signup.name = _clean_team_name(event, name, exclude=signup.pk)
    signup.name_key = name_key(signup.name)
    signup.save(update_fields=["name", "name_key"])
    return signup


@transaction.atomic
def signup_approve(*, signup: Signup) -> Team:
    """The organizer approves a complete signup: the team is registered with its seats, and
    the signup's page shows the team's private link to its players."""
    event = _locked(signup.event)
    signup = Signup.objects.select_for_update().get(pk=signup.pk)
    if signup.status != Signup.Status.PENDING:
        why = {
            Signup.Status.FORMING: gettext("The team is not complete yet: a teammate has to join."),
            Signup.Status.APPROVED: gettext("This team is already registered."),
            Signup.Status.REFUSED: gettext("This signup was refused."),
        }[Signup.Status(signup.status)]
        raise Conflict(why, code="not_pending")
    if reserved_name(signup.name):
        raise ServiceError(
            gettext("Rename the team first: its name would read as a bye."), field="name"
        )
    team = team_register(event=event, name=signup.name, players=signup.players)
    signup.team = team
    signup.team_key = team.access_key
    signup.status = Signup.Status.APPROVED
    signup.decided_at = timezone.now()
    signup.save(update_fields=["team", "team_key", "status", "decided_at"])
    return team


@transaction.atomic
def signup_refuse(*, signup: Signup, reason: object) -> Signup:
    """The organizer refuses a signup, saying why (shown on the team's signup page)."""
    signup = Signup.objects.select_for_update().get(pk=signup.pk)
    if signup.status in (Signup.Status.APPROVED, Signup.Status.REFUSED):
        raise Conflict(gettext("This signup has been decided."))
    text = " ".join(str(reason or "").split())
    if not text:
        raise ServiceError(gettext("Say why, for the team to read."), field="reason")
    if len(text) > MAX_REASON:
        raise ServiceError(
            gettext("At most %(max)s characters.") % {"max": MAX_REASON},
            field="reason",
        )
    signup.status = Signup.Status.REFUSED
    signup.refused_reason = text
    signup.decided_at = timezone.now()
    signup.save(update_fields=["status", "refused_reason", "decided_at"])
    return signup


def pending_first(signups: Sequence[Signup]) -> list[Signup]:
    order = {Signup.Status.PENDING: 0, Signup.Status.FORMING: 1}
    return sorted(signups, key=lambda s: (order.get(Signup.Status(s.status), 2), s.created_at))
