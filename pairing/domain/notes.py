"""Why a round was paired the way it was, as data: the domain's notes, rendered elsewhere.

The domain knows teams by id only, so it never writes a sentence: it returns ``PairingNote``
records, the service stores them as JSON (``as_data``), and ``pairing.presenters`` turns them
into words with the teams' names, the same words on the pages, in the API and in the log.

Notes on terminology
--------------------
kind
    What the note is about (docs/rules.md "Swiss rounds and playoffs", "Matches, results, byes"):

    ``pair_down``
        ``team_ids`` (higher, lower) on ``points`` (higher's, lower's) play across point
        groups; ``reason`` ``odd_group`` (an odd number of teams on the higher points) or
        ``avoid_rematch`` (pairing within the groups would have forced a rematch).
    ``rematch``
        ``team_ids`` meet again: no pairing of the round avoids every rematch.
    ``bye``
        ``team_ids[0]`` gets the round's bye (MTR App. C); ``reason`` ``random`` (round 1),
        ``no_bye_yet`` (lowest-ranked team without a bye) or ``fewest_byes`` (every team has
        had one); ``points`` and ``place`` (1 = best) are the team's; ``team_ids[1:]`` are the
        lower-ranked teams passed over because their bye would have forced a rematch.
    ``bye_match``
        The match itself is a bye.
    ``seeds``
        A playoff match: ``team_ids`` with their ``seeds`` (MTR 10.4).
    ``cut_bye``
        ``team_ids`` advance in the playoff with a bye (a bracket with missing seeds).
    ``cut_reduced``
        ``counts`` (wanted, size): the organizer's top cut shrank for lack of teams.
    ``cut_byes``
        ``counts`` (byes, size, teams): a bracket of ``size`` holds ``teams`` teams.
    ``cut_dropped``
        ``team_ids`` won their way on but dropped (MTR 2.10): nobody takes their place and the
        highest-ranked teams left get the bye(s) instead.
    ``table_lost``
        A team's fixed ``table`` could not be kept (another pair kept it).
    ``swap_rematch``, ``swap_points``, ``swap_bye_again``
        A staff swap put ``team_ids`` together again, on different ``points``, or gave
        ``team_ids[0]`` a bye again (``counts`` (byes with this one,)); ``table`` is the
        match's table (None: the bye).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, cast, get_args

NoteKind = Literal[
    "pair_down",
    "rematch",
    "bye",
    "bye_match",
    "seeds",
    "cut_bye",
    "cut_reduced",
    "cut_byes",
    "cut_dropped",
    "table_lost",
    "swap_rematch",
    "swap_points",
    "swap_bye_again",
]
KINDS: frozenset[str] = frozenset(get_args(NoteKind))

JSONValue = int | str | list[int] | None


@dataclass(frozen=True, slots=True)
class PairingNote:
    kind: NoteKind
    team_ids: tuple[int, ...] = ()
    points: tuple[int, ...] = ()  # match points of team_ids, in the same order
    reason: str = ""
    place: int | None = None  # bye: the team's place in the standings, 1 = best
    seeds: tuple[int, ...] = ()  # playoff seeds of team_ids
    table: int | None = None
    counts: tuple[int, ...] = ()  # numbers of the cut and swap kinds (module notes)

    def as_data(self) -> dict[str, JSONValue]:
        """The JSON stored for the note: the kind and every field that is set."""
        data: dict[str, JSONValue] = {"kind": self.kind}
        for name in ("team_ids", "points", "seeds", "counts"):
            values: tuple[int, ...] = getattr(self, name)
            if values:
                data[name] = list(values)
        if self.reason:
            data["reason"] = self.reason
        if self.place is not None:
            data["place"] = self.place
        if self.table is not None:
            data["table"] = self.table
        return data


def note_from_data(data: Mapping[str, object]) -> PairingNote:
    """The note back from its JSON (``PairingNote.as_data``)."""
    kind = data["kind"]
    if kind not in KINDS:
        raise ValueError(f"unknown pairing note kind {kind!r}")
    return PairingNote(
        kind=cast(NoteKind, kind),
        team_ids=_ints(data.get("team_ids")),
        points=_ints(data.get("points")),
        reason=str(data.get("reason", "")),
        place=_int_or_none(data.get("place")),
        seeds=_ints(data.get("seeds")),
        table=_int_or_none(data.get("table")),
        counts=_ints(data.get("counts")),
    )


def notes_as_data(notes: Sequence[PairingNote]) -> list[dict[str, JSONValue]]:
    return [note.as_data() for note in notes]


def _ints(value: object) -> tuple[int, ...]:
    if value is None:
        return ()
    if not isinstance(value, list | tuple):
        raise ValueError(f"expected a list of numbers, not {value!r}")
    return tuple(int(v) for v in value)


def _int_or_none(value: object) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int):
        raise ValueError(f"expected a number, not {value!r}")
    return value
