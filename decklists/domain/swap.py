"""Sealed pool registration and the pool swap (MTR 7.2, 7.4, 7.5, 9.6, App. D; docs/rules.md
"Pool registration and swap"), and the product a Limited event hands out per team.

Notes on terminology
--------------------
opened pool
    The cards a team found in the boosters it opened, as the team registered them.
swap
    Who receives whose opened pool: a permutation of the teams with no fixed point (a
    derangement), so no team gets its own pool back. Each team builds from the pool it received.
seed
    The number the swap is drawn from: the same teams and seed give the same swap, so the swap
    printed on the pool sheets can be checked (and drawn again) by anyone.
product
    What each team receives: the same for every team (MTR 7.2). Boosters per team (8 for 2HG
    Sealed, 6 for 2HG Booster Draft: MTR 9.6, App. D), cards per booster (the organizer's product;
    play boosters hold 14 Magic cards), and prerelease kits per team where the event hands them
    out (a 2HG prerelease: two kits, one per player).
count check
    Tandem's card data has no rarity (its catalogue is one row per Oracle card, and rarity belongs
    to a printing), so a pool is checked by its card count only: boosters × cards per booster. A
    pool with another count is shown to the judges, not refused: MTR 7.4 leaves an unusual booster
    to the head judge.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from core.text import Text, gettext_noop

MAX_DRAWS = 1_000  # a random permutation has no fixed point with chance ~1/e: 1,000 never fail


class SwapError(ValueError):
    """A swap the rules do not allow (fewer than two teams, a team listed twice)."""


def derangement(teams: Sequence[int], seed: int) -> dict[int, int]:
    """Who receives whose pool: ``{opener: receiver}``, a permutation of ``teams`` with no
    fixed point, drawn from ``seed`` (the same teams in any order and the same seed give the same
    swap). Uniform over all derangements: random shuffles are drawn until one moves every team."""
    order = sorted(teams)
    if len(set(order)) != len(order):
        raise SwapError("a team is listed twice")
    if len(order) < 2:
        raise SwapError("a swap needs at least two teams")
    rng = random.Random(seed)
    for _ in range(MAX_DRAWS):
        receivers = order[:]
        rng.shuffle(receivers)
        if all(a != b for a, b in zip(order, receivers, strict=True)):
            return dict(zip(order, receivers, strict=True))
    raise AssertionError("no derangement in MAX_DRAWS shuffles")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class Product:
    """The product each team receives (MTR 7.2: the same for every team)."""

    boosters: int
    cards_per_booster: int = 14
    kits: int = 0  # prerelease kits per team
    name: str = ""

    @property
    def cards(self) -> int:
        return self.boosters * self.cards_per_booster


def recommended_boosters(structure: str) -> int:
    """MTR 9.6 and App. D: 8 boosters per team for 2HG Sealed, 6 for 2HG Booster Draft."""
    return 6 if structure == "draft" else 8


def count_problem(cards: int, product: Product) -> Text | None:
    """None when a registered pool holds the product's card count; otherwise the words for the
    judges (MTR 7.4: the head judge decides about unusual product)."""
    if cards == product.cards:
        return None
    return Text(
        gettext_noop(
            "%(cards)s cards registered; %(boosters)s boosters of %(per)s cards hold %(expected)s."
            " Call a judge (MTR 7.4)."
        ),
        cards=cards,
        boosters=product.boosters,
        per=product.cards_per_booster,
        expected=product.cards,
    )


def product_totals(product: Product, teams: int) -> dict[str, int]:
    """The organizer's product list for the store: boosters and kits for ``teams`` teams."""
    return {
        "teams": teams,
        "boosters": product.boosters * teams,
        "kits": product.kits * teams,
        "cards": product.cards * teams,
    }
