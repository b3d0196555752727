"""Reads of the Limited day: the pool registration board (each team's opened pool, its count
check, whose pool it received), the product per team and the organizer's product list."""

from __future__ import annotations

from dataclasses import dataclass

from decklists.domain.decklists import parse_count_lines
from decklists.domain.swap import Product, count_problem, product_totals, recommended_boosters
from decklists.models import LimitedSetup, OpenedPool, PoolSwap
from decklists.services.pool_swap import setup_of
from tournament.models import Event, Team


def product_of(event: Event, setup: LimitedSetup | None = None) -> Product:
    setup = setup or setup_of(event)
    boosters = setup.boosters_per_team or recommended_boosters(event.structure)
    return Product(boosters, setup.cards_per_booster, setup.kits_per_team, setup.product_name)


@dataclass(frozen=True)
class PoolRow:
    """One team on the registration board and its pool sheet."""

    team: Team
    opened: OpenedPool | None
    cards: int  # cards in the opened pool
    errors: int  # lines that could not be read
    problem: str | None  # the count check's words (decklists.domain.swap.count_problem)
    gives_to: Team | None  # who received this team's opened pool
    receives_from: Team | None  # whose opened pool this team builds from


@dataclass(frozen=True)
class Board:
    event: Event
    setup: LimitedSetup
    product: Product
    swap: PoolSwap | None
    rows: list[PoolRow]

    @property
    def registered(self) -> int:
        return sum(1 for r in self.rows if r.opened is not None and r.opened.text.strip())

    @property
    def swapping(self) -> bool:
        return self.setup.pool_procedure == "register_and_swap"


def board(event: Event, team: Team | None = None) -> Board:
    """The teams still playing (or one team) with their opened pools and the swap, in a fixed
    number of queries."""
    setup = setup_of(event)
    product = product_of(event, setup)
    teams = list(Team.objects.filter(event=event, dropped=False).order_by("name", "pk"))
    by_id = {t.pk: t for t in teams}
    opened = {p.team_id: p for p in OpenedPool.objects.filter(team__in=teams)}
    swap = PoolSwap.objects.filter(event=event).first()
    gives: dict[int, int] = {}
    if swap is not None:
        gives = {e.opener_id: e.receiver_id for e in swap.entries.all()}
    receives = {b: a for a, b in gives.items()}
    rows = []
    for t in teams if team is None else [team]:
        pool = opened.get(t.pk)
        cards, errors = 0, 0
        if pool is not None and pool.text.strip():
            entries, parse_errors = parse_count_lines(pool.text)
            cards, errors = sum(e.count for e in entries), len(parse_errors)
        problem = count_problem(cards, product) if pool is not None else None
        rows.append(
            PoolRow(
                t,
                pool,
                cards,
                errors,
                problem,
                by_id.get(gives.get(t.pk, 0)),
                by_id.get(receives.get(t.pk, 0)),
            )
        )
    return Board(event, setup, product, swap, rows)


def product_list(event: Event) -> dict:
    """The organizer's product list for the store: per team and for all teams still playing."""
    product = product_of(event)
    teams = Team.objects.filter(event=event, dropped=False).count()
    return {"product": product, "totals": product_totals(product, teams)}
