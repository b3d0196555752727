"""Players who sign up alone, and the organizer's "form teams" (tournament.models.arrivals).

Every write takes the Event row lock first, as team registration and self-registration do, so
thirty solos signing up while the organizer forms teams run one after the other: a solo is
either in the draw or signed up after it, never half in. Bad input raises ServiceError with a
message per field and saves nothing. Rules: docs/rules.md "Solo players".
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.errors import Conflict, ServiceError
from core.i18n import exception_text
from tournament.domain.names import NameError_, clean_name, clean_wizards_id, name_key
from tournament.domain.partners import Solo, match_partners, team_name
from tournament.domain.signups import clean_join_code, reserved_name
from tournament.models import Event, Signup, SoloSignup, Team
from tournament.services.signups import _clean_player, is_open
from tournament.services.teams import PlayerIn, _player_clashes, team_register, team_rename


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def _require_open(event: Event) -> None:
    if not is_open(event):
        raise Conflict(gettext("Sign-ups are closed for this event."), code="signups_closed")


def _same_player(a_name: str, a_id: str | None, b_name: str, b_id: str | None) -> bool:
    if a_id and b_id:
        return a_id == b_id
    return name_key(a_name) == name_key(b_name)


def _check_not_signed_up(event: Event, player: PlayerIn) -> None:
    clashes = _player_clashes(event, [player])
    if clashes:
        raise ServiceError(errors={"name": clashes}, code="already_registered")
    for other in SoloSignup.objects.filter(event=event, status=SoloSignup.Status.WAITING):
        if _same_player(player.name, player.wizards_id, other.name, other.wizards_id):
            raise ServiceError(
                gettext("%(player)s is already waiting for a team in this event.")
                % {"player": player.name},
                field="name",
                code="already_registered",
            )
    open_signups = Signup.objects.filter(
        event=event, status__in=(Signup.Status.FORMING, Signup.Status.PENDING)
    )
    for signup in open_signups:
        for p in signup.players:
            if _same_player(player.name, player.wizards_id, p["name"], p.get("wizards_id")):
                raise ServiceError(
                    gettext("%(player)s has already signed up with %(where)s.")
                    % {"player": player.name, "where": signup.name},
                    field="name",
                    code="already_registered",
                )


def _clean_wants(event: Event, raw: object, *, own: str = "") -> tuple[str, Signup | None]:
    """(another waiting solo's code, "") or ("", the team still forming it names)."""
    if raw in (None, ""):
        return "", None
    code = clean_join_code(raw)
    other = SoloSignup.objects.filter(event=event, code=code).first() if code else None
    if other is not None and code != own:
        if other.status != SoloSignup.Status.WAITING:
            raise ServiceError(
                gettext("%(player)s is no longer waiting for a partner.") % {"player": other.name},
                field="with",
            )
        return code, None
    return "", _team_with_room(event, raw)


def _team_with_room(event: Event, raw: object) -> Signup:
    """The team still forming (its sign-up short of players) named by ``raw``; a team of that
    name with no room, or none at all, is refused with the reason."""
    key = name_key(" ".join(str(raw).split())[:80]) if isinstance(raw, str) else ""
    signups = Signup.objects.filter(event=event, name_key=key) if key else Signup.objects.none()
    forming = signups.filter(status=Signup.Status.FORMING).first()
    if forming is not None and len(forming.players) < event.team_size:
        return forming
    full = signups.filter(status__in=(Signup.Status.FORMING, Signup.Status.PENDING)).first()
    team = Team.objects.filter(event=event, name_key=key).first() if key else None
    if full is not None or team is not None:
        raise ServiceError(
            gettext("%(team)s has no room: all its players are there.")
            % {"team": (full or team).name},  # type: ignore[union-attr]  # one of them is set
            field="with",
        )
    raise ServiceError(
        gettext(
            "No player of this event waits with that code, and no team still looking for "
            "players has that name. Check it with your partner."
        ),
        field="with",
    )


def _clean_language(raw: object) -> str:
    if raw in (None, ""):
        return ""
    codes = [code for code, _ in settings.LANGUAGES]
    if raw not in codes:
        raise ServiceError(
            gettext("Choose one of: %(languages)s.") % {"languages": ", ".join(codes)},
            field="language",
        )
    return str(raw)


@transaction.atomic
def solo_signup(
    *,
    event: Event,
    name: object,
    wizards_id: object = None,
    language: object = None,
    with_: object = None,
) -> SoloSignup:
    """A player without a team signs up alone; ``with_`` is another waiting solo's code."""
    event = _locked(event)
    _require_open(event)
    errors: dict[str, list[str]] = {}
    player = PlayerIn("")
    wants = lang = ""
    wants_signup: Signup | None = None
    try:
        player = PlayerIn(
            clean_name(name, label=gettext("Your name")), clean_wizards_id(wizards_id)
        )
    except NameError_ as exc:
        field = "wizards_id" if "Wizards" in str(exc) else "name"
        errors[field] = [exception_text(exc)]
    for step in ("player", "with", "language"):
        try:
            if step == "player" and player.name:
                _check_not_signed_up(event, player)
            elif step == "with":
                wants, wants_signup = _clean_wants(event, with_)
            elif step == "language":
                lang = _clean_language(language)
        except ServiceError as exc:
            for field, msgs in (exc.errors or {step: [exc.message]}).items():
                errors.setdefault(field, []).extend(msgs)
    if errors:
        raise ServiceError(errors=errors)
    for _ in range(5):  # a code clash is unlikely (32^8); try another
        try:
            with transaction.atomic():
                return SoloSignup.objects.create(
                    event=event,
                    name=player.name,
                    name_key=name_key(player.name),
                    wizards_id=player.wizards_id,
                    language=lang,
                    wants=wants,
                    wants_signup=wants_signup,
                )
        except IntegrityError:
            continue
    raise Conflict(gettext("Could not make a code; try again."))


def solo_by_code(code: object) -> SoloSignup | None:
    code = clean_join_code(code)
    if not code:
        return None
    return (
        SoloSignup.objects.select_related("event", "team", "signup__team", "wants_signup")
        .filter(code=code)
        .first()
    )


@transaction.atomic
def solo_set_wants(*, solo: SoloSignup, with_: object) -> SoloSignup:
    """The solo names (or clears) the partner it asks for, while it waits."""
    _locked(solo.event)
    solo = SoloSignup.objects.select_for_update().get(pk=solo.pk)
    if solo.status != SoloSignup.Status.WAITING:
        raise Conflict(gettext("You are no longer waiting for a team."), code="not_waiting")
    solo.wants, solo.wants_signup = _clean_wants(solo.event, with_, own=solo.code)
    solo.save(update_fields=["wants", "wants_signup"])
    return solo


@transaction.atomic
def solo_withdraw(*, solo: SoloSignup) -> SoloSignup:
    """The solo withdraws while it waits (once teamed, its team drops instead)."""
    _locked(solo.event)
    solo = SoloSignup.objects.select_for_update().get(pk=solo.pk)
    if solo.status != SoloSignup.Status.WAITING:
        raise Conflict(gettext("You are no longer waiting for a team."), code="not_waiting")
    solo.status = SoloSignup.Status.WITHDRAWN
    solo.save(update_fields=["status"])
    return solo


@dataclass(frozen=True)
class Formed:
    teams: list[tuple[Team, list[SoloSignup]]]
    waiting: list[SoloSignup]
    seed: int
    # teams still forming that solos joined (their sign-ups), with those solos
    joined: list[tuple[Signup, list[SoloSignup]]] = field(default_factory=list)


def _free_name(event: Event, names: list[str]) -> str:
    base = team_name(names, limit=74)
    name, n = base, 1
    while (
        Team.objects.filter(event=event, name_key=name_key(name)).exists()
        or Signup.objects.filter(
            event=event,
            name_key=name_key(name),
            status__in=(Signup.Status.FORMING, Signup.Status.PENDING),
        ).exists()
    ):
        n += 1
        name = f"{base} ({n})"
    return name


@transaction.atomic
def solos_match(*, event: Event, seed: int | None = None) -> Formed:
    """The organizer forms teams of the waiting solos in one step (tournament.domain.partners):
    each team is registered as staff would register it, its players in sign-up order (the first
    in the primary seat until the team chooses, MTR 9.4), named "A & B"."""
    event = _locked(event)
    if event.status != Event.Status.REGISTRATION:
        raise Conflict(
            gettext("Registration is closed: round 1 has been paired."), code="registration_closed"
        )
    solos = list(
        SoloSignup.objects.select_for_update()
        .filter(event=event, status=SoloSignup.Status.WAITING)
        .order_by("created_at", "id")
    )
    seed = secrets.randbits(62) if seed is None else seed
    forming = {
        f"team:{signup.pk}": signup
        for signup in Signup.objects.select_for_update().filter(
            event=event,
            status=Signup.Status.FORMING,
            pk__in={s.wants_signup_id for s in solos if s.wants_signup_id},
        )
    }

    def request(solo: SoloSignup) -> str | None:
        return solo.wants or (f"team:{solo.wants_signup_id}" if solo.wants_signup_id else None)

    result = match_partners(
        [Solo(s.code, request(s)) for s in solos],
        event.team_size,
        seed,
        {key: len(signup.players) for key, signup in forming.items()},
    )
    by_code = {s.code: s for s in solos}
    now = timezone.now()
    teams: list[tuple[Team, list[SoloSignup]]] = []
    for codes in result.teams:
        members = [by_code[c] for c in codes]
        team = team_register(
            event=event,
            name=_free_name(event, [m.name for m in members]),
            players=[{"name": m.name, "wizards_id": m.wizards_id} for m in members],
        )
        for m in members:
            m.status = SoloSignup.Status.TEAMED
            m.team, m.team_key, m.teamed_at = team, team.access_key, now
            m.match_seed, m.by_request = seed, m.code in result.by_request
            m.save(
                update_fields=[
                    "status", "team", "team_key", "teamed_at", "match_seed", "by_request"
                ]
            )  # fmt: skip
        teams.append((team, members))
    joined = [
        (forming[key], _join_signup(event, forming[key], [by_code[c] for c in codes], seed))
        for key, codes in result.joined
    ]
    waiting = [s for s in solos if s.status == SoloSignup.Status.WAITING]
    return Formed(teams=teams, waiting=waiting, seed=seed, joined=joined)


def _join_signup(
    event: Event, signup: Signup, solos: list[SoloSignup], seed: int
) -> list[SoloSignup]:
    """The solos that asked for a team still forming join its sign-up, as a teammate with its
    join code would (tournament.services.signups.signup_join); complete, it waits for the
    organizer's approval. A solo who can no longer join (a player of that name signed up
    since) stays waiting."""
    now = timezone.now()
    joined = []
    for solo in solos:
        try:
            player = _clean_player(event, signup, solo.name, solo.wizards_id)
        except ServiceError:
            continue
        signup.players = [*signup.players, player]
        solo.status, solo.signup, solo.teamed_at = SoloSignup.Status.TEAMED, signup, now
        solo.match_seed, solo.by_request = seed, True
        solo.save(update_fields=["status", "signup", "teamed_at", "match_seed", "by_request"])
        joined.append(solo)
    if len(signup.players) >= event.team_size:
        signup.status = Signup.Status.PENDING
    signup.save(update_fields=["players", "status"])
    return joined


def waiting_solos(event: Event) -> list[SoloSignup]:
    return list(
        event.solo_signups.filter(status=SoloSignup.Status.WAITING)
        .select_related("wants_signup")
        .order_by("created_at")
    )


@transaction.atomic
def team_rename_formed(*, team: Team, name: object) -> Team:
    """A team formed from solo players renames itself ("A & B" by default) until round 1 is
    paired; other teams' names stay staff's to change (docs/api.md)."""
    event = _locked(team.event)
    if event.status != Event.Status.REGISTRATION:
        raise Conflict(
            gettext("Your team's name is fixed once round 1 is paired: ask staff."),
            code="registration_closed",
        )
    if not SoloSignup.objects.filter(team=team).exists():
        raise Conflict(gettext("Ask staff to rename your team."), code="not_formed")
    if reserved_name(str(name or "")):
        raise ServiceError(
            gettext("%(name)s would read as a bye on the pairings: choose another team name.")
            % {"name": repr(str(name))},
            field="name",
            code="reserved_name",
        )
    return team_rename(team=team, name=name)


def formed_from_solos(team: Team) -> bool:
    return SoloSignup.objects.filter(team=team).exists()
