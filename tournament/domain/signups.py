"""Teams signing themselves up: the checks that need no database.

- Reserved team names: "BYE" (in any case, with or without spaces or dots) reads as the bye on
  pairings and standings (MTR App. C: a bye is a win, not an opponent), so it is refused at
  once; other names the organizer may refuse by hand (MTR 8.1: offensive names).
- Join codes are typed on a phone or read aloud: spaces and dashes are ignored, case too.
"""

from __future__ import annotations

RESERVED_NAMES = frozenset({"bye", "the bye", "tbd", "no opponent"})


def reserved_name(name: str) -> bool:
    """Whether a team name would be mistaken for a bye or a placeholder on the pairings."""
    squeezed = " ".join(name.casefold().replace(".", " ").replace("-", " ").split())
    return squeezed in RESERVED_NAMES or squeezed.replace(" ", "") in RESERVED_NAMES


def clean_join_code(raw: object) -> str:
    """The code as stored: upper case, without spaces or dashes; '' when not text."""
    if not isinstance(raw, str):
        return ""
    return "".join(ch for ch in raw.upper() if ch.isalnum())[:16]


def seats_with_primary(count: int, primary: int) -> list[int]:
    """The new order of ``count`` players' indexes with ``primary`` first (MTR 9.4)."""
    if not 0 <= primary < count:
        raise ValueError("Choose one of the team's players.")
    return [primary, *(i for i in range(count) if i != primary)]
