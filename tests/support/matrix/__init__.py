"""The permission matrix: every endpoint against every persona (docs/api.md "Who may call").

Each module in this package defines ROWS, a list of Row. Add a module (or rows) when an endpoint
is added; tests/permissions/test_matrix.py runs them all. Expectations are built with `expect`,
which turns "who is the least caller allowed" into a status per persona.

Personas (tests/conftest.py): anon; charlie, a logged-in outsider; green, a team of another event;
red, a team of the event (the one the row is about, unless the row says otherwise); sam
(scorekeeper), judy (judge), hank (head judge); alice (organizer). The event is private, so who
cannot see it gets 404.
"""

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field

PERSONAS = ("anon", "charlie", "green", "red", "sam", "judy", "hank", "alice")
STAFF = ("sam", "judy", "hank", "alice")
LEVEL = {"scorekeeper": 1, "judge": 2, "head_judge": 3, "organizer": 4}
RANK = {"sam": 1, "judy": 2, "hank": 3, "alice": 4}


def expect(least: str, ok: int = 200, *, team: bool = False) -> dict[str, int]:
    """Statuses per persona when `least` is the weakest caller allowed.

    least: "anyone", "user" (any logged-in user), "view" (whoever may see the private event:
    its teams and staff), or a staff level (scorekeeper, judge, head_judge, organizer).
    team: the event's team (red) is allowed too (its own team's resources).
    """
    if least == "anyone":
        return dict.fromkeys(PERSONAS, ok)
    if least == "user":
        return {"anon": 401, "charlie": ok, "green": 403, "red": 403} | dict.fromkeys(STAFF, ok)
    out = {"anon": 404, "charlie": 404, "green": 404}
    if least == "view":
        return out | {"red": ok} | dict.fromkeys(STAFF, ok)
    out["red"] = ok if team else 403
    for persona, rank in RANK.items():
        out[persona] = ok if rank >= LEVEL[least] else 403
    return out


@dataclass
class Row:
    id: str
    method: str
    path: Callable  # world -> str
    expect: dict[str, int]
    body: Callable | None = None  # world -> dict
    setup: Callable | None = None  # world -> None, run before each persona's call
    fmt: str = "json"
    extra: dict = field(default_factory=dict)


def all_rows() -> list[Row]:
    rows: list[Row] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        rows.extend(getattr(module, "ROWS", []))
    return rows
