"""Writes of push subscriptions (docs/api.md "Push notifications"), one transaction each.

A subscription belongs to a team's key: made with it, deleted with the team's other ones when the
key is renewed (core.events.team_key_renewed, after the commit), never sent to once the key it
was made with is gone (notify.selectors). The push service's address is checked against
``PUSH_ALLOWED_HOSTS`` here and again before each send (notify.sender).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils.translation import gettext

from core import events
from core.errors import NotVisible, ServiceError
from core.i18n import localize
from notify import domain
from notify.models import TEAM_MAX, PushSubscription, key_digest, subscribed_flag
from tournament.models import Player, Team


def allowed_hosts() -> list[str]:
    return list(settings.PUSH_ALLOWED_HOSTS)


def check_endpoint(endpoint: object) -> str:
    """The endpoint, or a 400 ``{detail, code}``: ``push_host_not_allowed`` for a host outside
    ``PUSH_ALLOWED_HOSTS``, ``invalid`` for what is not an address."""
    try:
        return domain.check_endpoint(
            endpoint,  # type: ignore[arg-type]  # anything the client sent: refused if not a str
            allowed_hosts(),
            allow_http=settings.PUSH_ALLOW_HTTP,
        )
    except domain.EndpointRefused as refused:
        raise ServiceError(localize(refused.args[0]), code=refused.code) from None


@transaction.atomic
def subscription_save(
    *,
    team: Team,
    endpoint: object,
    p256dh: object,
    auth: object,
    player: int | None = None,
    language: str | None = None,
) -> PushSubscription:
    """A phone subscribes for its team (the same phone again: its keys, player and language are
    updated). Past ``TEAM_MAX`` subscriptions of the team, the oldest goes."""
    url = check_endpoint(endpoint)
    try:
        point, secret = domain.check_keys(p256dh, auth)
    except domain.EndpointRefused as refused:
        raise ServiceError(localize(refused.args[0]), code=refused.code) from None
    holder: Player | None = None
    if player is not None:
        holder = Player.objects.filter(pk=player, team_id=team.pk).first()
        if holder is None:
            raise ServiceError(field="player", message=gettext("Not a player of this team."))
    codes = {code for code, _name in settings.LANGUAGES}
    if language is not None and language not in codes:
        raise ServiceError(
            field="language",
            message=gettext("One of %(values)s.") % {"values": ", ".join(sorted(codes))},
        )
    Team.objects.select_for_update().filter(pk=team.pk).first()  # one team's saves in turn
    row, _created = PushSubscription.objects.update_or_create(
        team=team,
        endpoint=url,
        defaults={
            "event_id": team.event_id,
            "player": holder,
            "key_digest": key_digest(team.access_key),
            "p256dh": point,
            "auth": secret,
            "language": language or settings.LANGUAGE_CODE,
        },
    )
    transaction.on_commit(lambda: cache.set(subscribed_flag(team.event_id), True, 3600))
    kept = PushSubscription.objects.filter(team=team).order_by("-created_at", "-pk")
    extra = list(kept.values_list("pk", flat=True)[TEAM_MAX:])
    if extra:
        PushSubscription.objects.filter(pk__in=extra).delete()
    return row


@transaction.atomic
def subscription_delete(*, team: Team, subscription_id: int) -> None:
    """The phone unsubscribes; another team's subscription is not found (404)."""
    deleted, _ = PushSubscription.objects.filter(pk=subscription_id, team_id=team.pk).delete()
    if not deleted:
        raise NotVisible()
    _forget_flag(team.event_id)


def subscriptions_gone(ids: Iterable[int]) -> int:
    """The push service said these subscriptions are gone (404, 410): deleted."""
    ids = list(ids)
    if not ids:
        return 0
    with transaction.atomic():
        rows = PushSubscription.objects.filter(pk__in=ids)
        for event_id in set(rows.values_list("event_id", flat=True)):
            _forget_flag(event_id)
        return rows.delete()[0]


def forget_renewed_key(payload: events.TeamKeyRenewed) -> None:
    """core.events.team_key_renewed: the old key's phones are told nothing more."""
    with transaction.atomic():
        PushSubscription.objects.filter(team_id=payload.team_id).delete()
        _forget_flag(payload.event_id)


def _forget_flag(event_id: int) -> None:
    """After the commit: whether the event still has subscriptions is read again when needed."""
    transaction.on_commit(lambda: cache.delete(subscribed_flag(event_id)))
