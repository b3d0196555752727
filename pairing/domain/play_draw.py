"""Which team chooses to play or draw in a match (MTR 9.3, 2.2; docs/rules.md "Play/draw").

- Swiss: a team chosen at random (MTR 9.3), drawn from the round's seed when it is paired, so
  anyone holding the seed gets the same choice.
- Playoff: the higher seed, that is side A of a bracket match (MTR 2.2), unless the head judge
  sets otherwise.
- A bye has no game and so no choice.

The choice is stored by side (``"a"`` or ``"b"``): a staff swap of teams between matches keeps
each match's random side, so the team moved onto that side chooses.
"""

from __future__ import annotations

import random
from typing import Literal

Side = Literal["a", "b"]


def choosers(matches: int, *, playoff: bool, seed: int) -> list[Side]:
    """The choosing side of each of ``matches`` played matches, in the order given."""
    if playoff:
        return ["a"] * matches
    rng = random.Random(f"{seed}:play-draw")
    return [rng.choice(("a", "b")) for _ in range(matches)]
