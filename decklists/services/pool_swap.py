"""Writes of the Limited day (docs/api.md "Pool registration and swap"; docs/rules.md "Pool
registration and swap"): the organizer's setup (pool procedure and product), a team's opened pool,
and the swap. One transaction each; the event row is locked first, as for the decklists.

The swap copies each opened pool into its receiver's TeamPool: the pool the team builds from and
the one every deck check reads (decklists.selectors), so nothing else needs to know of the swap.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from core import events
from core.actors import By, recorded
from core.errors import Conflict, ServiceError
from decklists.domain.swap import SwapError, derangement
from decklists.models import LimitedSetup, OpenedPool, PoolSwap, PoolSwapEntry, TeamPool
from decklists.selectors import is_locked
from decklists.services.decklists import clean_text
from tournament.models import Event, Team

MAX_BOOSTERS = 36
MAX_CARDS_PER_BOOSTER = 30
MAX_KITS = 4
MAX_SEED = 2**63 - 1
SWAP_RELS = ("competitive", "professional")


def _user_id(by: By) -> int | None:
    user = recorded(by)
    return None if user is None else user.pk


def _lock(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def _number(value: object, low: int, high: int, field: str) -> int:
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        number = low - 1
    if not low <= number <= high:
        raise ServiceError(
            gettext("Enter a whole number from %(low)s to %(high)s.") % {"low": low, "high": high},
            code="out_of_range",
            field=field,
        )
    return number


def setup_of(event: Event) -> LimitedSetup:
    """The event's setup, or the defaults (build from opened pools, MTR App. D's product)."""
    return LimitedSetup.objects.filter(event=event).first() or LimitedSetup(event=event)


@transaction.atomic
def limited_setup_update(*, event: Event, data: dict, by: By = None) -> LimitedSetup:
    """The organizer's choices: ``pool_procedure`` (``register_and_swap`` only for Sealed at
    Competitive or Professional REL), ``product_name``, ``boosters_per_team`` (empty: MTR App. D),
    ``cards_per_booster`` and ``kits_per_team``."""
    event = _lock(event)
    if event.structure not in ("sealed", "draft"):
        raise ServiceError(
            gettext("Only Sealed and Booster Draft events hand out product."), code="not_limited"
        )
    setup = LimitedSetup.objects.select_for_update().filter(event=event).first()
    setup = setup or LimitedSetup(event=event)
    procedure = data.get("pool_procedure", setup.pool_procedure)
    if procedure not in LimitedSetup.PoolProcedure.values:
        raise ServiceError(gettext("Unknown pool procedure."), field="pool_procedure")
    if procedure == "register_and_swap" and (
        event.structure != "sealed" or event.rel not in SWAP_RELS
    ):
        raise ServiceError(
            gettext(
                "Register and swap is for Sealed events at Competitive or Professional REL; at"
                " Regular REL teams build from the pools they opened."
            ),
            code="swap_not_allowed",
            field="pool_procedure",
        )
    if procedure != setup.pool_procedure and PoolSwap.objects.filter(event=event).exists():
        raise Conflict(
            gettext("The swap has been drawn: the pool procedure can no longer change."),
            code="swap_drawn",
        )
    setup.pool_procedure = procedure
    name = str(data.get("product_name", setup.product_name) or "").strip()
    if len(name) > 120:
        raise ServiceError(gettext("The product's name is too long."), field="product_name")
    setup.product_name = name
    boosters = data.get("boosters_per_team", setup.boosters_per_team)
    setup.boosters_per_team = (
        None if boosters in (None, "") else _number(boosters, 1, MAX_BOOSTERS, "boosters_per_team")
    )
    setup.cards_per_booster = _number(
        data.get("cards_per_booster", setup.cards_per_booster),
        1,
        MAX_CARDS_PER_BOOSTER,
        "cards_per_booster",
    )
    setup.kits_per_team = _number(
        data.get("kits_per_team", setup.kits_per_team), 0, MAX_KITS, "kits_per_team"
    )
    setup.updated_at, setup.updated_by_id = timezone.now(), _user_id(by)
    setup.save()
    return setup


@transaction.atomic
def opened_pool_submit(
    *, team: Team, text: object, by: By = None, by_team: bool = False
) -> OpenedPool:
    """Register the pool a team opened (register and swap), until the swap is drawn."""
    pool_text = clean_text(text, "text")
    event = _lock(team.event)
    if setup_of(event).pool_procedure != "register_and_swap":  # the event's state: 409
        raise Conflict(gettext("This event does not register and swap pools."), code="no_swap")
    if PoolSwap.objects.filter(event=event).exists():
        raise Conflict(
            gettext("The swap has been drawn: the opened pools can no longer change."),
            code="swap_drawn",
        )
    pool = OpenedPool.objects.select_for_update().filter(team=team).first() or OpenedPool(team=team)
    pool.text, pool.submitted_at = pool_text, timezone.now()
    pool.submitted_by_id, pool.by_team = _user_id(by), by_team
    pool.save()
    return pool


@transaction.atomic
def pool_swap_draw(*, event: Event, seed: object = None, by: By = None) -> PoolSwap:
    """Draw the swap (a derangement from ``seed``; a random seed when none is given) and give
    each team the pool it received to build from. Every team still playing must have registered
    its opened pool, and the decklists must not be locked yet (round 1 not paired)."""
    event = _lock(event)
    if setup_of(event).pool_procedure != "register_and_swap":  # the event's state: 409
        raise Conflict(gettext("This event does not register and swap pools."), code="no_swap")
    if PoolSwap.objects.filter(event=event).exists():
        raise Conflict(gettext("The swap has already been drawn."), code="swap_drawn")
    if is_locked(event):
        raise Conflict(
            gettext("Round 1 is paired: the pools can no longer be swapped."), code="locked"
        )
    teams = list(Team.objects.filter(event=event, dropped=False).order_by("pk"))
    opened = {p.team_id: p for p in OpenedPool.objects.filter(team__in=teams)}
    missing = [t.name for t in teams if t.pk not in opened or not opened[t.pk].text.strip()]
    if missing:
        raise Conflict(
            gettext("Some teams have not registered the pool they opened: %(teams)s.")
            % {"teams": ", ".join(missing[:10]) + (" …" if len(missing) > 10 else "")},
            code="pools_missing",
        )
    value = (
        secrets.randbelow(MAX_SEED) if seed in (None, "") else _number(seed, 0, MAX_SEED, "seed")
    )
    try:
        receivers = derangement([t.pk for t in teams], value)
    except SwapError as exc:
        raise ServiceError(
            gettext("A swap needs at least two teams."), code="too_few_teams"
        ) from exc
    now = timezone.now()
    swap = PoolSwap.objects.create(
        event=event, seed=value, assigned_at=now, assigned_by_id=_user_id(by)
    )
    PoolSwapEntry.objects.bulk_create(
        PoolSwapEntry(swap=swap, opener_id=a, receiver_id=b) for a, b in receivers.items()
    )
    # Each receiver's TeamPool becomes the opened pool it received: a few statements for any
    # number of teams (700 teams at a Grand Prix).
    existing = {p.team_id: p for p in TeamPool.objects.filter(team__in=teams)}
    fresh: list[TeamPool] = []
    changed: list[TeamPool] = []
    for opener, receiver in receivers.items():
        pool = existing.get(receiver) or TeamPool(team_id=receiver)
        pool.text, pool.submitted_at = opened[opener].text, now
        pool.submitted_by_id, pool.by_team = _user_id(by), False
        (changed if pool.pk else fresh).append(pool)
    TeamPool.objects.bulk_create(fresh, batch_size=500)
    fields = ["text", "submitted_at", "submitted_by", "by_team"]
    TeamPool.objects.bulk_update(changed, fields, batch_size=500)
    for receiver in receivers.values():
        events.decklists_changed.fire(events.DecklistsChanged(event.pk, receiver))
    return swap
