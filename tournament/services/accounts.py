"""Accounts of staff: invitations by one-time link, and signing up where the deployment allows it.

An invitation is a link the organizer hands to one person (a judge, a scorekeeper). Whoever opens
it sets a name and a password, or uses the account they are logged in with, and becomes staff of
the event with the invitation's role. The link works once and for INVITE_DAYS days; the organizer
may issue a new link (the old one stops working) or withdraw it. Only a hash of the link's secret
is stored.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.errors import Conflict, NotVisible, ServiceError
from tournament.models import Event, StaffInvite, StaffRole, invite_token_hash

INVITE_DAYS = 14
MAX_LABEL = 80
MAX_USERNAME = 150


@dataclass(frozen=True)
class IssuedInvite:
    invite: StaffInvite
    token: str  # the secret of the link: shown once, never stored


def _issue(invite: StaffInvite) -> IssuedInvite:
    token = secrets.token_urlsafe(24)
    invite.token_hash = invite_token_hash(token)
    invite.issued_at = timezone.now()
    return IssuedInvite(invite, token)


def _check_role(role: str) -> None:
    if role not in StaffRole.Role.values:
        raise ServiceError(
            gettext("Choose scorekeeper, judge or head judge."), field="role", code="invalid_role"
        )


@transaction.atomic
def invite_create(*, event: Event, label: str, role: str) -> IssuedInvite:
    label = " ".join(str(label or "").split())
    if not label:
        raise ServiceError(
            gettext("Say who the invitation is for."), field="label", code="required"
        )
    if len(label) > MAX_LABEL:
        raise ServiceError(
            gettext("At most %(max)s characters.") % {"max": MAX_LABEL},
            field="label",
            code="too_long",
        )
    _check_role(role)
    issued = _issue(StaffInvite(event=event, role=role, label=label))
    issued.invite.save()
    return issued


def _pending(event: Event, invite_id: int) -> StaffInvite:
    invite = (
        StaffInvite.objects.select_for_update()
        .filter(event=event, pk=invite_id, accepted_at__isnull=True)
        .first()
    )
    if invite is None:
        raise ServiceError(
            gettext("That invitation was accepted or withdrawn."), code="not_pending"
        )
    return invite


@transaction.atomic
def invite_reissue(*, event: Event, invite_id: int) -> IssuedInvite:
    """A new link for a pending invitation; the old link stops working."""
    issued = _issue(_pending(event, invite_id))
    issued.invite.save(update_fields=["token_hash", "issued_at"])
    return issued


@transaction.atomic
def invite_withdraw(*, event: Event, invite_id: int) -> None:
    _pending(event, invite_id).delete()


def invite_expired(invite: StaffInvite, now: datetime | None = None) -> bool:
    return (now or timezone.now()) > invite.issued_at + timedelta(days=INVITE_DAYS)


def invite_by_token(token: str, *, lock: bool = False) -> StaffInvite:
    """The pending, unexpired invitation of a link (NotVisible otherwise: a 404)."""
    rows = StaffInvite.objects.select_related("event", "event__organizer")
    if lock:
        rows = rows.select_for_update(of=("self",))
    invite = rows.filter(token_hash=invite_token_hash(str(token)), accepted_at__isnull=True).first()
    if invite is None or invite_expired(invite):
        raise NotVisible
    return invite


def _new_user(username: str, password: str, password_again: str) -> User:
    username = str(username or "").strip()
    errors: dict[str, list[str]] = {}
    if not username:
        errors["username"] = [gettext("Choose a user name.")]
    elif len(username) > MAX_USERNAME:
        errors["username"] = [gettext("At most %(max)s characters.") % {"max": MAX_USERNAME}]
    elif get_user_model().objects.filter(username__iexact=username).exists():
        errors["username"] = [
            gettext("The name %(username)s is taken: choose another, or log in.")
            % {"username": repr(username)}
        ]
    if password != password_again:
        errors["password_again"] = [gettext("The two passwords differ.")]
    else:
        try:
            password_validation.validate_password(password)
        except ValidationError as exc:
            errors["password"] = list(exc.messages)
    if errors:
        raise ServiceError(errors=errors, code="invalid")
    user = get_user_model()(username=username)
    try:  # the user model's own checks of the name (letters, digits and @.+-_)
        user.full_clean(exclude=["password", "last_login"])
    except ValidationError as exc:
        raise ServiceError(
            errors={k if k == "username" else "__all__": v for k, v in exc.message_dict.items()}
        ) from exc
    user.set_password(password)
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError as exc:
        raise Conflict(
            gettext("The name %(username)s is taken: choose another.")
            % {"username": repr(username)},
            field="username",
        ) from exc
    return user


@transaction.atomic
def invite_accept(
    *,
    token: str,
    user: User | None = None,
    username: str = "",
    password: str = "",
    password_again: str = "",
) -> StaffRole:
    """Accept an invitation: as the logged-in ``user``, or as a new account. Works once."""
    invite = invite_by_token(token, lock=True)
    event = invite.event
    if user is None:
        user = _new_user(username, password, password_again)
    elif user.pk == event.organizer_id:
        raise ServiceError(gettext("You organize this event: you already have every right in it."))
    staff, _ = StaffRole.objects.update_or_create(
        event=event, user=user, defaults={"role": invite.role}
    )
    invite.accepted_by = user
    invite.accepted_at = timezone.now()
    invite.save(update_fields=["accepted_by", "accepted_at"])
    return staff


@transaction.atomic
def signup(*, username: str, password: str, password_again: str) -> User:
    """A new organizer's account (only where settings.ALLOW_SIGNUP is on; the view checks)."""
    return _new_user(username, password, password_again)
